"""Search agents, one for each side, registered as "search".

Both judge a few candidate answers (the rule-based agent's favourites plus a random one) by
simulating the rest of the day with cheap policies (policies.py) and scoring the board the day
ends on with `Threat` (and a loop lost or won outright).

- The Mastermind knows the script: it rebuilds the true game from its view (common.Mind) and
  simulates from it, the Protagonists' unknown answers played by the rollout policy.
- The Protagonists do not: they draw worlds (whole scripts) from the deduction's consistent set,
  build a game per world from their view (worlds.py, the Mastermind's face-down cards guessed as
  that world's Mastermind would play them) and average over worlds. The Final Guess names the
  role assignment shared by the most consistent scripts.

Budgets (candidates, rollouts, worlds) are class attributes, sized so that a game takes seconds.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from ...core.decision import Decision
from ..refs import MASTERMIND
from ..state import GameState
from .beliefs import World, beliefs, view_at_loop_start
from .common import ViewFacts, apply_card, play_option, read_view, refuse_unmodelled_set, rules_of, sandbox_copy, state_from_view
from .policies import MastermindRollout, ProtagonistRollout
from .rule import RuleAgent, card_scores, guess_mm_cards, near_best
from .threat import Threat
from .habits import with_habits
from .worlds import build, same_decision
from .traitor import betrayal, culprit_odds, seat_judge

LOST, WON = 3000.0, -3000.0


def rollout_day(sim: GameState, mm: Any, pr: Any, cap: int = 900, to_loop_end_within: int = 1, days: int = 1) -> None:
    """Play on until `days` days are over (or the loop, or the game); within the loop's last
    `to_loop_end_within` days, play on to the loop's end."""
    loop0, day0 = sim.loop, sim.day
    whole_loop = sim.script.days - day0 < to_loop_end_within
    n = 0
    while sim.pending is not None and sim.loop == loop0 and (whole_loop or sim.day < day0 + days) and n < cap:
        if sim.pending.kind in ("next_loop_or_final_guess", "final_guess"):
            break
        play_option(sim, mm(sim) if sim.pending.seat == MASTERMIND else pr(sim))
        n += 1


def judge(sim: GameState, threat: Threat, loop0: int) -> float:
    """The Mastermind's score of where a simulation stopped."""
    for r in sim.loop_results:
        if r.loop == loop0:
            return LOST if r.lost else WON
    if sim.result is not None:
        return LOST if sim.result.winner == "mastermind" else WON
    v = threat.value(sim)
    if sim.this_loop.lost:
        v += LOST
    return v


# Difficulty levels (`--agent search:easy|normal|hard`): budgets, and how far from the best a play
# may be and still be picked (the easy Mastermind is loose with its plays and does not hide what its
# cards tell the Final Guess; its Protagonists imagine fewer worlds). "normal" is the class's own budget, the plain "search".
LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"mm_candidates": 3, "mm_rollouts": 2, "mm_near": 40.0, "mm_hide": 0.0, "p_candidates": 2, "p_extra": 0, "p_worlds": 2},
    "normal": {},
    "hard": {"mm_candidates": 7, "mm_rollouts": 12, "mm_near": 0.5, "p_candidates": 4, "p_extra": 2, "p_worlds": 8},
}


class SearchAgent:
    name = "search"
    mm_candidates = 5
    # Measured on Ink on the Shrine Steps against rule-based Protagonists, tuning seeds 200-299
    # (docs/ai.md): 8 rollouts won 84 games against 78 with 3; judging two days ahead with the
    # cheap policies made it much weaker (47), so the rollout stops at day end.
    mm_rollouts = 8
    mm_days = 1
    # Candidates whose mean rollout score is within this of the best are about as good: one of them
    # at random (rule.near_best), so that the Mastermind varies its plays.
    mm_near = 1.0
    # The weight of what a card tells the table towards the Final Guess (hiding.py).
    mm_hide = 1.0
    mm_to_loop_end_within = 1
    # What using an optional ability costs the Mastermind, in Threat units: its effect tells the
    # table who holds a role (a Conspiracy Theorist's Paranoia, a plot's Intrigue), which the
    # Protagonists' Final Guess reads. Without it, an ability that changed little was used about
    # half the time (its rollouts within mm_near of "done"). Measured on Ink on the Shrine Steps
    # against rule-based Protagonists, seeds 9000-9019: 20 made the Mastermind win 17 of 20, against
    # 2 of 20 with none; Borrowed Tomorrow, seeds 9100-9119: 5 of 20 either way (docs/ai.md).
    mm_ability_cost = 20.0
    p_candidates = 3
    p_extra = 2
    p_worlds = 5
    p_days = 2

    def __init__(self, seed: int = 0, level: str | None = None) -> None:
        if level is not None:
            if level not in LEVELS:
                raise KeyError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
            self.name = f"search:{level}"
            for k, v in LEVELS[level].items():
                setattr(self, k, v)
        self.rng = random.Random(seed)
        self.rule = RuleAgent(seed)
        self._guess: dict[str, str] | None = None

    def choose(self, view: dict[str, Any], decision: Decision) -> Any:
        refuse_unmodelled_set(view)
        if len(decision.options) == 1:
            return decision.options[0]
        if view["seat"] == MASTERMIND:
            return self.mm_choose(view, decision)
        return self.p_choose(view, decision)

    # ================================================================ Mastermind
    def mm_choose(self, view: dict[str, Any], d: Decision) -> Any:
        pol = self.rule.mm
        st = pol.mind.sync(view)
        # A refusal is the rule-based Mastermind's: refused only when the harm outweighs what it tells
        # the table, priced with the deduction (rule.refusal_cost). The rollouts priced it at a fixed
        # few points against day scores in the hundreds, so the search refused nearly every ability and
        # the Final Guess read the roles from it (docs/ai.md, 2026-12-01 evening: 1 of 10 won on Borrowed
        # Tomorrow's tuning seeds with rollouts, 7 of 10 with the rule-based refusal).
        if st is None or d.kind not in ("place_card", "mastermind_ability"):
            return pol.choose(view, d)
        th = pol.threat(view)
        if d.kind == "place_card":
            pos = pol.position(view)
            rb = pos.rules
            b = pos.board.copy()
            for p in view["cards_on_board"]:
                if p["by"] == MASTERMIND and p["card"]:
                    apply_card(rb, b, p["card"], p["target"])
            base = th.value_with(pos, b)
            scores = [card_scores(th, pos, b, base, o["card"], o["target"]) for o in d.options]
            defensive = [d.options[i] for i in sorted(range(len(scores)), key=lambda i: -scores[i][0])]
            offensive = [d.options[i] for i in sorted(range(len(scores)), key=lambda i: -scores[i][1])]
            # the rule-based Mastermind's pick first: its board judged against the Protagonists' Forbid
            cands = [pol.card(view, d.options)]
            for o in defensive[:3] + offensive[:3] + defensive[3: self.mm_candidates]:
                if o not in cands:
                    cands.append(o)
            # and the card that tells the table least towards the Final Guess (a decoy: hiding.py)
            hides = pol.hide_costs(view, d.options)
            if min(hides) < 0:
                decoy = d.options[min(range(len(hides)), key=lambda i: (hides[i], -scores[i][1]))]
                if decoy not in cands:
                    cands.append(decoy)
            rest = [o for o in d.options if o not in cands]
            if rest:
                cands.append(rest[self.rng.randrange(len(rest))])
        else:
            cands = list(d.options)
        hide = pol.hide_costs(view, cands) if d.kind == "place_card" else [0.0] * len(cands)
        seeds = [self.rng.randrange(1 << 30) for _ in range(self.mm_rollouts)]
        base_sim = sandbox_copy(st)
        memo: dict[tuple[Any, ...], float] = {}  # card values shared by the rollouts from base_sim
        values: list[float] = []
        for o in cands:
            tot = 0.0
            # the candidate played once: the steps up to the next decision are the same for every seed
            played = base_sim.clone()
            play_option(played, o)
            for s in seeds:
                sim = played.clone()
                r = random.Random(s)
                rollout_day(sim, MastermindRollout(th, r, memo=memo), ProtagonistRollout(r),
                            to_loop_end_within=self.mm_to_loop_end_within, days=self.mm_days)
                tot += judge(sim, th, st.loop)
            values.append(tot / len(seeds) - hide[len(values)] * self.mm_hide - self.ability_cost(d, o))
        return near_best(self.rng, cands, values, self.mm_near)

    def ability_cost(self, d: Decision, option: Any) -> float:
        """What using an optional Mastermind ability gives away (mm_ability_cost): it must win its
        rollouts by more than that."""
        return self.mm_ability_cost if d.kind == "mastermind_ability" and option != "done" else 0.0

    # ================================================================ Protagonists
    def p_choose(self, view: dict[str, Any], d: Decision) -> Any:
        if d.kind == "final_guess":
            return self.final_guess(view, d)
        if d.kind == "next_loop_or_final_guess":
            return "next_loop" if "next_loop" in d.options else d.options[0]
        if d.kind not in ("place_card", "goodwill_ability"):
            self._guess = None
            return self.rule.pr.choose(view, d)
        try:
            bel = beliefs(view_at_loop_start(view))
        except ValueError:
            return self.rule.pr.choose(view, d)
        worlds = bel.worlds(view, self.p_worlds)
        if not worlds:
            return self.rule.pr.choose(view, d)
        rb = rules_of(view)
        pr = self.rule.pr
        first: Any = None
        # candidates: the rule-based agent's favourites
        if d.kind == "place_card":
            ranked = pr.score_cards(view, d)
            cands = []
            for _, o in ranked:
                if o not in cands:
                    cands.append(o)
                if len(cands) >= self.p_candidates:
                    break
            # and the best card of each other kind, so that every kind of answer is tried
            kinds = {rb.cards[o["card"]].kind + str(rb.cards[o["card"]].forbids) for o in cands}
            for _, o in ranked:
                kind = rb.cards[o["card"]].kind + str(rb.cards[o["card"]].forbids)
                if kind not in kinds and len(cands) < self.p_candidates + self.p_extra:
                    kinds.add(kind)
                    cands.append(o)
            first = cands[0]
        else:
            first = pr.choose(view, d)
            cands = [first] + [o for o in d.options if o != first][: self.p_candidates - 1]
        if len(cands) == 1:
            return first
        scores = [0.0] * len(cands)
        used = 0
        facts = read_view(view)
        # Last Liar: each world judged with this seat's goal there (a Traitor's own, or the team's;
        # a Traitor's win is a loss to everyone else: traitor.seat_judge).
        bet = betrayal(view)
        odds = culprit_odds(view, bel) if bet is not None else 0.0
        for w in worlds:
            r = random.Random(self.rng.randrange(1 << 30))
            st = build(view, w.script, r, guess_mm=self.mm_guesser(view, w, facts), facts=facts)
            if st is None or not same_decision(st, d):
                continue
            used += 1
            base = sandbox_copy(st)
            seed = r.randrange(1 << 30)
            memo: dict[tuple[Any, ...], float] = {}  # card values shared by the rollouts from base
            for k, o in enumerate(cands):
                sim = base.clone()
                play_option(sim, o)
                rr = random.Random(seed)
                rollout_day(sim, MastermindRollout(w.threat, rr, memo=memo), ProtagonistRollout(rr), to_loop_end_within=2,
                            days=self.p_days)
                scores[k] += seat_judge(sim, w.threat, view["loop"], bet, lambda g: judge(g, w.threat, view["loop"]), odds)
        if not used:
            return first
        best = min(range(len(cands)), key=lambda i: (scores[i], i))
        return cands[best]

    def mm_guesser(self, view: dict[str, Any], w: World, facts: ViewFacts) -> Callable[[list[str], list[str]], list[str]]:
        """Guess the face-down Mastermind cards as world w's most harmful set, its habits kept
        (habits.py); sometimes at random."""
        st = state_from_view(view, w.script, facts)

        def guess(targets: list[str], hand: list[str]) -> list[str]:
            if self.rng.random() < 0.2:
                return self.rng.sample(hand, len(targets))
            return with_habits(view, targets, hand, guess_mm_cards(w.threat, st, st.board, targets, hand))

        return guess

    def final_guess(self, view: dict[str, Any], d: Decision) -> Any:
        """The exact deduction's best whole guess (agents/guess.py), one character at a time."""
        from .guess import guess_one

        return guess_one(view, d)

    def propose(self, view: dict[str, Any], decision: Decision) -> dict[str, Any] | None:
        """A proposal for a team decision human team-mates take (the Final Guess, whole)."""
        from .guess import propose

        return propose(view, decision)


__all__ = ["SearchAgent", "judge", "rollout_day"]
