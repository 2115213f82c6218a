"""Rule-based agents, one for each side, offered as "rule".

The Mastermind knows the script and plays greedily on `Threat`: each card, ability and choice is
the one that most advances the script's loss conditions on the board it sees (Key Person's
Intrigue, the main plot's counters, killers next to their victims, culprits' Paranoia before their
day). Its cards of the day are judged as the Protagonists will answer them, their one Forbid
Intrigue on the Intrigue that hurts them most (blocked_value), and priced by what their reveal
tells the Final Guess (hiding.py). Choices whose effect it cannot predict from the board alone (targets of incidents, where a
missing person goes) are tried one step ahead on the game it rebuilds from its view.

The Protagonists know only their view. They protect what is threatened (Forbid Intrigue where the
Mastermind put a card, Paranoia -1 on characters about to reach their limit), build Goodwill on
characters whose abilities inform or protect, use information abilities (reveal roles, culprits,
subplots) as soon as they can, and name revealed roles in the Final Guess. A card is judged by
running the engine's own card resolution in worlds drawn from the deduction.

Every decision is read from its structured data (`info`, `option_info`): no label, prompt or
option key is parsed. A decision kind the Protagonists have no rule for is refused (UnmodelledRule).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import product
from typing import Any, Callable

from ...core import flow
from ...core.decision import Decision
from ...core.errors import UnmodelledRule
from ...core.text import T, Text
from .. import board as B
from ..actions import kill
from ..board import Board
from ..effects import candidates, spec_for, start_ctx
from ..refs import GOODWILL, MASTERMIND, ROLE, AbilityRef
from ..rules import RuleBook
from ..state import GameState, PlacedCard
from ..texts import rules_text_of_ability
from ..unmodelled import q, refuse
from .beliefs import Beliefs, World, beliefs, view_at_loop_start
from .habits import with_habits
from .hiding import TableReading
from .common import (GW_WORTH, WHO, Mind, ViewFacts, apply_card, board_key, gw_kind, option_ability, read_view, refuse_unmodelled_set, rules_of,
                     sandbox_copy, state_from_view)
from .threat import Threat, threat_for
from .suspicion import forbid_already_played, suspicion, traitor_letters
from .traitor import (CONDITION_WORTH, TRAITOR_WIN_COST, Betrayal, best_declaration_gain, betrayal, declaration_gain, guard_danger,
                      guard_near, guard_progress, guarded_worlds, mastermind_steer, others_traitors, own_card, prospect_value, prospects,
                      rest_of_day, seat_judge, traitor_value)
from ..traitors import TRAITOR_PREFIX, active_traitors
from .worlds import build, same_decision


# ================================================================ Mastermind
class RuleMastermindPolicy:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.mind = Mind()
        self._threat: Threat | None = None
        self._threat_key: Any = None
        self.reading = TableReading()

    def threat(self, view: dict[str, Any]) -> Threat:
        key = repr(view["script"])
        if self._threat is None or self._threat_key != key:
            self._threat = threat_for(view["script"])
            self._threat_key = key
        return self._threat

    def position(self, view: dict[str, Any]) -> GameState:
        """The game as the view shows it, with the true script (what the Mastermind's what-ifs change)."""
        return state_from_view(view, self.threat(view).s)

    def choose(self, view: dict[str, Any], d: Decision) -> Any:
        self.mind.sync(view)
        opts = d.options
        k = d.kind
        if len(opts) == 1:
            return opts[0]
        if k == "place_card":
            return self.card(view, opts)
        if k == "mastermind_ability":
            return self.ability(view, d)
        if k == "day_end_ability":
            using = [o for o in self.not_for_traitors(d) if o != "done"]
            return using[0] if using else "done"
        if k == "cultist_ignore":
            return "ignore" if "ignore" in opts else opts[0]
        if k == "goodwill_refusal":
            return self.refusal(view, d)
        if k == "starting_location":
            return self.start_location(view, d)
        if k == "choose_protagonist":
            return self.executor_chooser(view, d)
        return self.lookahead(view, d)

    # ------------------------------------------------------------ cards
    def card(self, view: dict[str, Any], opts: tuple[Any, ...]) -> Any:
        return near_best(self.rng, opts, self.not_the_traitors_day(view, opts, self.card_values(view, opts)))

    def not_the_traitors_day(self, view: dict[str, Any], opts: tuple[Any, ...], values: list[float]) -> list[float]:
        """Last Liar: while an active Traitor's condition is near (traitor.guard_near), the best cards
        (STEER_CHECKS of them, best first) are each tried on the Mastermind's game through the rest
        of the day (its cards of the day resolved by the engine, traitor.rest_of_day; the
        Protagonists' cards unknown, none): one after which the Traitor has won, or holds its
        condition, is never played (a Traitor's win is the Mastermind's loss). The values as they
        are when no active Traitor is near, or when every card tried hands it the win."""
        st = self.position(view)
        active = active_traitors(st)
        if not active or not any(guard_near(st, t) for t in others_traitors(st, None) if t.wins_if is not None):
            return values
        th = self.threat(view)
        mine = [PlacedCard(MASTERMIND, p["card"], p["target"]) for p in view["cards_on_board"] if p["by"] == MASTERMIND and p["card"]]
        sandbox = sandbox_copy(st)
        sandbox.hands.placed = mine
        out = list(values)
        for i in sorted(range(len(opts)), key=lambda k: -values[k])[:STEER_CHECKS]:
            after = rest_of_day(resolve_cards(sandbox, PlacedCard(MASTERMIND, opts[i]["card"], opts[i]["target"])), th)
            if mastermind_steer(after) > -TRAITOR_WIN_COST:
                return out  # the best card that does not hand the Traitor its day
            out[i] = -TRAITOR_WIN_COST
        return values

    def card_values(self, view: dict[str, Any], opts: tuple[Any, ...]) -> list[float]:
        """What each card option is worth to the Mastermind, the measure it plays by (and the
        learner's hint quotes): the board's change priced against the Protagonists' likely Forbid
        (blocked_value, odds BLOCK_SURE), less what the card's reveal tells the table."""
        th = self.threat(view)
        st = self.position(view)
        rb = st.rules
        b = st.board.copy()
        for p in view["cards_on_board"]:
            if p["by"] == MASTERMIND and p["card"]:
                apply_card(rb, b, p["card"], p["target"])
        base = th.value_with(st, b)
        placed = [(p["card"], p["target"]) for p in view["cards_on_board"] if p["by"] == MASTERMIND and p["card"]]
        sure = self.block_sure(view, st)
        robust_base = blocked_value(th, st, placed, sure)
        values = []
        for o in opts:
            _, plain, gain = card_scores(th, st, b, base, o["card"], o["target"])
            # the board's change judged as the Protagonists will answer it: their one Forbid Intrigue
            # of the day on the Intrigue that hurts them most (blocked_value)
            v = plain - gain + blocked_value(th, st, [*placed, (o["card"], o["target"])], sure) - robust_base
            if rb.cards[o["card"]].kind == "movement" and v < MOVE_WORTH:
                v = min(v, 0.0)  # it plays counters; a move only when it brings a threat into place
            values.append(v)
        return [v - h for v, h in zip(values, self.hide_costs(view, opts))]

    def block_sure(self, view: dict[str, Any], st: GameState) -> float:
        """How sure the Mastermind is that the Protagonists forbid its worst Intrigue today. Last
        Liar: the Leader places first and forbids; the Mastermind knows which letters make Traitors
        (active_traitors on its game) but not who holds them, and reads that from the public record
        as the Protagonists do (suspicion.py). A Traitor Leader wants the loop lost and does not
        forbid; a later loyal placer covers it only sometimes (LOYAL_COVER)."""
        active = active_traitors(st)
        if not active:
            return BLOCK_SURE
        susp = suspicion(view, [frozenset(active)])
        if susp is None:
            return BLOCK_SURE
        return BLOCK_SURE * (1 - susp.traitor.get(view["leader"], 0.0) * (1 - LOYAL_COVER))

    def not_for_traitors(self, d: Decision) -> list[Any]:
        """The options that do not hand a Traitor the win (a Traitor's win is the Mastermind's loss):
        each tried on the game the Mastermind knows, up to the next decision (Last Liar FAQ Q1: a
        Traitor's condition wins the moment it holds in its phase). All of them when each does, or
        when the game cannot be rebuilt."""
        st = self.mind.state
        if st is None or not active_traitors(st):
            return list(d.options)
        keep = []
        for i, o in enumerate(d.options):
            sim = sandbox_copy(st)
            flow.answer_index(sim, i)
            if mastermind_steer(sim) > -TRAITOR_WIN_COST:
                keep.append(o)
        return keep or list(d.options)

    def hide_costs(self, view: dict[str, Any], opts: Any) -> list[float]:
        """What each card's reveal tells the table towards the Final Guess (hiding.py), 0 without the game."""
        st = self.mind.state
        return self.reading.costs(st, view, opts) if st is not None else [0.0] * len(opts)

    # ------------------------------------------------------------ abilities
    def ability(self, view: dict[str, Any], d: Decision) -> Any:
        th = self.threat(view)
        st = self.position(view)
        base = th.value_with(st, st.board)  # its terms kept: each ability's change made on them
        best, best_v = "done", 0.3
        allowed = self.not_for_traitors(d)  # none that hands a Traitor the win (Last Liar)
        for i, o in enumerate(d.options):
            ref = option_ability(d, i)
            if ref is None or o not in allowed:
                continue
            v = ability_gain(th, st, st.board, base, ref)
            if v > best_v:
                best, best_v = o, v
        return best

    def refusal(self, view: dict[str, Any], d: Decision) -> Any:
        """Refuse only when refusing is worth what it reveals: a refusal tells the table that this
        character's role has Goodwill Refusal, so it is kept for abilities that would cost the
        Mastermind more than that (a revealed role or culprit, a calmed culprit...); a harmless one
        (the Rich Man's Daughter's 1 Goodwill) is allowed. Once the table knows the role refuses
        (the role revealed, or a refusal already seen), refusing reveals nothing and any harm is refused."""
        opts = d.options
        if "refuse" not in opts:
            return opts[0]
        info = d.info.get("ability")
        if not info or info.get("kind") != GOODWILL:
            return "refuse"
        ch = info["character"]
        harm = refusal_harm(gw_kind(rules_of(view).characters[ch].goodwill[int(info["index"])]))
        if harm <= 0:
            return "allow"
        return "refuse" if harm >= self.refusal_cost(view, d) else "allow"

    def refusal_cost(self, view: dict[str, Any], d: Decision) -> float:
        """What refusing gives away beyond what allowing does, measured with the same deduction from
        the table's view (the observer's: what every Protagonist sees): a refusal tells that the
        character's role is one with Goodwill Refusal, log2(1 / its share of the consistent set)
        bits, priced like the Protagonists price information (`INFO_WORTH` per bit). Allowing an
        ability that reveals (a role, a culprit, a subplot) tells at least as much, so refusing it
        costs nothing more. The fixed REVEAL_COST where the deduction does not cover the game (a set
        or character it refuses) or the game cannot be rebuilt; nothing once the table knows."""
        info = d.info.get("ability") or {}
        ch = info.get("character")
        if ch is None or refusal_known(view, ch):
            return 0.0
        rb = rules_of(view)
        if gw_kind(rb.characters[ch].goodwill[int(info["index"])]) in REVEALING:
            return 0.0
        share = self.refusal_share(rb, ch)
        if share is None:
            return REVEAL_COST
        return INFO_WORTH * -math.log2(max(share, 1e-9))

    def refusal_share(self, rb: RuleBook, ch: str) -> float | None:
        """The share of the table's consistent set in which `ch` holds a role with Goodwill Refusal
        (None when the deduction cannot tell)."""
        st = self.mind.state
        if st is None:
            return None
        from ..deduction import deduce
        from ..views import build_view

        try:
            ded = deduce(build_view(st, "observer"))
        except (UnmodelledRule, ValueError):
            return None
        if not ded.count:
            return None
        return sum(ded.role_probability(ch, r) for r, role in rb.roles.items() if role.refusal != "none")

    def start_location(self, view: dict[str, Any], d: Decision) -> Any:
        th = self.threat(view)
        st = self.position(view)
        ch = d.info.get("character")
        best, best_v = d.options[0], -1e18
        for o in d.options:
            bb = st.board.copy()
            if ch:
                bb.ensure(th.rb, ch)
                bb.set_start(ch, o)
            v = th.value_with(st, bb) + self.rng.random()
            if v > best_v:
                best, best_v = o, v
        return best

    def executor_chooser(self, view: dict[str, Any], d: Decision) -> Any:
        """The Executor (Last Liar): the Protagonist who will choose the victim. The Mastermind does
        not see the Extra cards (FAQ Q14, docs/rulings.md) and reads who may be a Traitor from the
        public record (suspicion.py). Each living character's death is tried on its game (the
        engine's own: the Perished token, what it triggers, a Key Person's loss) and scored as
        lookahead does; a hand that holds an
        active Traitor's card picks what serves that Traitor (its condition first, then the loop
        lost), a loyal hand what hurts the team least, another's Traitor's win included
        (traitor.guard_danger). Each hand is worth its picks weighed by those odds: the Mastermind
        never leaves the pick to a likely Traitor A when the death would give it its fifth token."""
        st = self.position(view)
        active = active_traitors(st)
        if not active:
            return self.lookahead(view, d)
        susp = suspicion(view, [frozenset(active)])
        th = self.threat(view)
        picks = []  # per victim: (the Mastermind's score, the team's, each active Traitor's)
        plots = traitor_letters(st.rules)
        for ch in [c for c in st.script.cast if st.in_play(c)]:
            sim = sandbox_copy(st)
            kill(sim, ch, None)
            flow.run(sim)
            mine = state_value(th, sim) + mastermind_steer(sim)
            team = state_value(th, sim) + guard_danger(sim, None)
            theirs = {l: state_value(th, sim) + CONDITION_WORTH * guard_progress(sim, plots[l])
                      + (TRAITOR_WIN_COST if sim.result is not None and sim.result.winner == TRAITOR_PREFIX + l else 0.0) for l in active}
            picks.append((mine, team, theirs))
        loyal = min(picks, key=lambda p: p[1])[0]
        by_traitor = {l: max(picks, key=lambda p: p[2][l])[0] for l in active}
        best, best_v = d.options[0], -math.inf
        for o, info in zip(d.options, d.option_info):
            hand = (info or {}).get("hand", o)
            odds = susp.holds.get(hand, {}) if susp is not None else {}
            p_loyal = 1.0 - sum(odds.get(l, 0.0) for l in active)
            v = p_loyal * loyal + sum(odds.get(l, 0.0) * by_traitor[l] for l in active) + self.rng.random() * 0.1
            if v > best_v:
                best, best_v = o, v
        return best

    def lookahead(self, view: dict[str, Any], d: Decision) -> Any:
        st = self.mind.state
        if st is None:
            return d.options[self.rng.randrange(len(d.options))]
        th = self.threat(view)
        base = sandbox_copy(st)
        best, best_v = d.options[0], -1e18
        for i, o in enumerate(d.options):
            sim = base.clone()
            flow.answer_index(sim, i)
            v = state_value(th, sim) + mastermind_steer(sim) + self.rng.random() * 0.1
            if v > best_v:
                best, best_v = o, v
        return best


# A movement card is played only when the move alone is worth this much (a Killer brought beside the
# Key Person, a Cultist onto a place a loss condition wants Intrigue on): small moves are noise.
MOVE_WORTH = 30.0
# What a refusal gives away (that this role has Goodwill Refusal), in the units of GW_WORTH (the
# Protagonists' own worth of an ability): a refusal is worth it against abilities worth more.
REVEAL_COST = 3.0
# Goodwill abilities whose use tells the table at least what a refusal would.
REVEALING = frozenset({"reveal_self", "reveal_role", "reveal_culprit", "informer"})


def refusal_harm(kind: str) -> float:
    """What allowing a Goodwill ability of this kind costs the Mastermind (GW_WORTH: what it is
    worth to the Protagonists); more Paranoia or Intrigue only helps the Mastermind."""
    if kind in ("place_paranoia", "place_intrigue"):
        return 0.0
    return float(GW_WORTH[kind])


def refusal_known(view: dict[str, Any], ch: str) -> bool:
    """Does the table already know that this character's role may refuse (its role revealed, or a
    refusal of its abilities seen)?"""
    if any(c["id"] == ch and "revealed_role" in c for c in view["characters"]):
        return True
    return any(e["type"] == "goodwill_refused" and e["data"].get("character") == ch for e in view["events"])


# Plays within this much of the best are "about as good": the Mastermind picks one of them at
# random (its seeded generator, so a game still replays exactly), so that it does not repeat
# itself loop after loop where nothing prefers one play, and its habits tell less.
NEAR = 1.0


def near_best(rng: random.Random, options: Any, values: list[float], near: float = NEAR) -> Any:
    """One of the options whose value is within `near` of the best, uniformly."""
    top = max(values)
    close = [o for o, v in zip(options, values) if v >= top - near]
    return close[rng.randrange(len(close))]


# How sure the Mastermind is that the Protagonists forbid the Intrigue that hurts them most: they see
# where its cards lie, not which cards they are, and good Protagonists read the obvious target (the
# rule-based ones forbid it nearly always). Below 1, a lone Intrigue card still has some worth (weaker
# Protagonists miss it; a Mastermind that never plays one is beaten by random play).
BLOCK_SURE = 0.9
# Last Liar: the chance that a loyal later placer forbids what a Traitor Leader left open.
LOYAL_COVER = 0.5
# Last Liar: how many of its best cards the Mastermind tries through the rest of the day while an
# active Traitor is near its win (RuleMastermindPolicy.not_the_traitors_day).
STEER_CHECKS = 6


def blocked_value(th: Threat, st: GameState, cards: list[tuple[str, str]], sure: float = BLOCK_SURE) -> float:
    """The score of `st`'s board after the Mastermind's `cards` of the day, expected as the
    Protagonists answer it: with odds `sure` they forbid the Intrigue that hurts them most (they can
    stop one Intrigue card a day: two Forbid Intrigue void each other), else none. An Intrigue card
    where a Cultist stands gets through. A competent Mastermind plays so that the one Forbid
    cannot stop every threat."""
    rb = th.rb
    b = st.board.copy()
    intrigue = []
    for card, t in cards:
        c = rb.cards[card]
        if c.kind == "counter" and c.counter == "intrigue" and c.amount > 0:
            intrigue.append((card, t))
        else:
            apply_card(rb, b, card, t)
    if not intrigue:
        return th.value_with(st, b)
    proof = th.cultist_places(st, b) if th.may_ignore_forbid else set()

    def where(t: str) -> str | None:
        return t if rb.is_location(t) else b.chars[t].location if t in b.chars else None

    worst = None
    free = b.copy()
    for card, t in intrigue:
        apply_card(rb, free, card, t)
    full = th.value_with(st, free)
    for forbidden in dict.fromkeys(t for _, t in intrigue):
        if where(forbidden) in proof:
            continue
        bb = b.copy()
        for card, t in intrigue:
            if t != forbidden:
                apply_card(rb, bb, card, t)
        v = th.value_with(st, bb)
        worst = v if worst is None else min(worst, v)
    if worst is None:
        return full
    return sure * worst + (1 - sure) * full


def state_value(th: Threat, st: GameState) -> float:
    v = th.value(st)
    if st.this_loop.lost or (st.loop_results and st.loop_results[-1].loop == st.loop and st.loop_results[-1].lost):
        v += 3000
    return v


def card_value(th: Threat, st: GameState, b: Board, base: float, card: str, target: str, defensive: bool = True) -> float:
    """How much a Mastermind card advances the script on board `b` (of the game `st`). `defensive`
    adds the worth of forbidding the Protagonists' likely answers (Forbid Goodwill where they build
    Goodwill, Forbid Paranoia on a culprit they will calm): the rule-based Mastermind plays without it."""
    with_defence, without, _ = card_scores(th, st, b, base, card, target)
    return with_defence if defensive else without


def change_of(rb: RuleBook, b: Board, card: str, target: str) -> Callable[[], None] | None:
    """What puts `b` back as it is after `card` on `target` (common.apply_card) changed it: the
    counter or the position it may change, restored; None when the card cannot change the board."""
    c = rb.cards[card]
    if c.kind == "counter" and c.counter:
        kind = c.counter
        before = B.raw(b, target, kind)
        return lambda: b.add(target, kind, before - B.raw(b, target, kind))
    if c.kind == "movement" and target in b.chars:
        here = b.chars[target].location
        return lambda: b.set_location(target, here)
    return None


def card_scores(th: Threat, st: GameState, b: Board, base: float, card: str, target: str) -> tuple[float, float, float]:
    """card_value with and without the defensive worth, and the change of the board's score alone."""
    rb = th.rb
    c = rb.cards[card]
    # The change one card makes, scored on `b` itself and then undone (no copy of the board): a
    # card changes one counter of its target or where its target stands. A card that changes
    # nothing leaves the score as it is (no need to score it again).
    undo = change_of(rb, b, card, target)
    if undo is not None and apply_card(rb, b, card, target):
        try:
            # only the score's terms that read the changed counter or position made anew (a `base`
            # from Threat.value_with keeps its terms)
            moved = c.kind == "movement"
            gain = th.changed_value(st, b, base, target, moved, None if moved else c.counter) - base
        finally:
            undo()
    else:
        gain = 0.0
    return card_terms(th, st, b, card, target, gain)


def card_terms(th: Threat, st: GameState, b: Board, card: str, target: str, gain: float) -> tuple[float, float, float]:
    """card_scores from the change of the board's score a card makes (`gain`): the worth of its
    Forbid against the Protagonists' likely answers, and what playing it costs the Mastermind."""
    rb = th.rb
    c = rb.cards[card]
    v = gain
    on_board = B.on_board(b, target)
    if c.kind == "forbid" and on_board:
        if c.forbids == "goodwill" and target in th.useful_gw and target not in th.tts:
            g = B.count(rb, b, target, "goodwill")
            need = min((x.goodwill for x in rb.characters[target].goodwill if x.goodwill > g), default=None)
            v += 6 if need is not None and need - g <= 2 else 1
        if c.forbids == "paranoia":
            p = B.count(rb, b, target, "paranoia")
            for inc in th.s.incidents:
                if inc.culprit == target and inc.day >= st.day and p >= th.limit[target] - 1:
                    v += 8 * th.incident_weight_with(inc.incident, target, st, b)
    plain = gain
    if c.amount < 0 and on_board:
        v -= 2
        plain -= 2
    if card in rb.mastermind_once_per_loop:
        v -= 3  # keep once-per-loop cards for when they matter
        plain -= 3
    return v, plain, gain


_GUESSES: dict[tuple[Any, ...], list[str]] = {}


def guess_mm_cards(th: Threat, st: GameState, b: Board, targets: list[str], hand: list[str], k: int = 4) -> list[str]:
    """The Mastermind's face-down cards on `targets` as the most harmful set its hand allows, the cards
    judged together (two moves that bring a killer to its victim only work as a pair)."""
    key = (th.uid, st.loop, st.day, tuple(targets), tuple(sorted(hand)), board_key(b))
    got = _GUESSES.get(key)
    if got is None:
        got = _guess_mm_cards(th, st, b, targets, hand, k)
        if len(_GUESSES) > 512:
            _GUESSES.clear()
        _GUESSES[key] = got
    return list(got)


def _guess_mm_cards(th: Threat, st: GameState, b: Board, targets: list[str], hand: list[str], k: int) -> list[str]:
    rb = th.rb
    base = th.value_with(st, b)
    per: list[list[str]] = []
    extra: dict[tuple[str, str], float] = {}
    for t in targets:
        vals = {}
        for c in sorted(set(hand)):
            cv, _, gain = card_scores(th, st, b, base, c, t)
            vals[c] = cv
            extra[(c, t)] = cv - gain
        per.append(sorted(vals, key=lambda c: -vals[c])[:k])
    have = Counter(hand)
    best, best_v = None, -1e18
    for combo in product(*per):
        if any(n > have[c] for c, n in Counter(combo).items()):
            continue
        bb = b.copy()
        for c, t in zip(combo, targets):
            apply_card(rb, bb, c, t)
        v = th.value_with(st, bb) + sum(extra[(c, t)] for c, t in zip(combo, targets))
        if v > best_v:
            best, best_v = list(combo), v
    return best if best is not None else [hand[0] for _ in targets]


def ability_gain(th: Threat, st: GameState, b: Board, base: float, ref: AbilityRef) -> float:
    """How much a Mastermind ability advances the script: its best target (the engine's candidates)
    under its effect, when the effect places or removes counters; other effects are not scored."""
    rb = th.rb
    source = ref.character
    if source is not None and not B.in_play(b, source):
        return 0.0
    spec = spec_for(st, ref)
    ctx = start_ctx(st, ref, source, MASTERMIND, role_ability=ref.kind == ROLE)
    _, targets = candidates(st, spec.target, ctx)
    changes = counter_changes(spec.effect, rules_text_of_ability(ref) or q(spec.text))
    if not changes or not targets:
        return 0.0
    return max(_gain(th, st, b, base, t, kind, n) for t in targets for kind, n in changes)


# Effects of Mastermind abilities the rule-based Mastermind does not score (it uses them only when
# another rule says so): moving a character one step.
UNSCORED_EFFECTS = frozenset({"move_adjacent"})


def counter_changes(effect: Any, what: Text | str) -> list[tuple[str, int]]:
    """The counter changes an ability's effect offers: [(kind, +n or -n)]; [] for an effect not scored."""
    if isinstance(effect, dict) and len(effect) == 1:
        (word, arg), = effect.items()
        if word == "place":
            return [(arg["counter"], int(arg["n"]))]
        if word == "remove" and arg["n"] != "all":
            return [(arg["counter"], -int(arg["n"]))]
        if word == "one_of":
            return [change for e in arg for change in counter_changes(e, what)]
    if isinstance(effect, str) and effect in UNSCORED_EFFECTS:
        return []
    raise refuse(WHO, T("unmodelled.what.mastermind_ability", ability=what), T("unmodelled.why.mastermind_effect", effect=q(effect)))


def _gain(th: Threat, st: GameState, b: Board, base: float, target: str, kind: str, n: int) -> float:
    bb = b.copy()
    if n > 0:
        bb.add(target, kind, n)
    else:
        bb.take(target, kind, -n)
    return th.changed_value(st, bb, base, target, False, kind) - base


# ================================================================ Protagonists
# Decision kinds the Protagonists answer at random on purpose (nothing they see prefers one).
AT_RANDOM = frozenset({"choose_subplot", "choose_location", "choose_incident", "choose_ability"})


def is_forbid(rb: RuleBook, card: str, what: str) -> bool:
    c = rb.cards[card]
    return c.kind == "forbid" and c.forbids == what


def is_counter(rb: RuleBook, card: str, kind: str, sign: int) -> bool:
    c = rb.cards[card]
    return c.kind == "counter" and c.counter == kind and c.amount * sign > 0


# Goodwill worth of one bit of expected shrinking of the consistent set (a character whose role is
# one of six equally likely is worth about 2.6 bits, 8 in GW_WORTH's units: about a role revealed).
INFO_WORTH = 3.0


def entropy(shares: dict[str, float]) -> float:
    total = sum(shares.values())
    if total <= 0:
        return 0.0
    return -sum(p / total * math.log2(p / total) for p in shares.values() if p > 0)


class RuleProtagonistPolicy:
    n_worlds = 6

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: dict[str, Any], d: Decision) -> Any:
        opts = d.options
        if len(opts) == 1:
            return opts[0]
        k = d.kind
        if k == "place_card":
            return self.card(view, d)
        if k == "goodwill_ability":
            return self.goodwill(view, d)
        if k == "choose_target":
            return self.target(view, d)
        if k == "choose_card":
            return self.card_back(view, d)
        if k == "choose_effect":
            for o, info in zip(opts, d.option_info):
                if info and info.get("effect") == "remove":
                    return o
            return opts[0]
        if k == "next_loop_or_final_guess":
            return "next_loop" if "next_loop" in opts else opts[0]
        if k == "final_guess":
            return self.final_guess(view, d)
        if k == "culprit_guess":
            return self.culprit_guess(view, d)
        if k == "follow_way":
            return follow_way(rules_of(view), read_view(view).board, d)
        if k in AT_RANDOM:
            return opts[self.rng.randrange(len(opts))]
        raise refuse(WHO, T("unmodelled.what.protagonists_decision", decision=q(k)), T("unmodelled.why.no_protagonist_rule"))

    # ------------------------------------------------------------ helpers
    def usefulness(self, rb: RuleBook, view: dict[str, Any], ch: str, g_now: int, add: int) -> float:
        revealed = {c["id"] for c in view["characters"] if "revealed_role" in c}
        v = 0.0
        for gw in rb.characters[ch].goodwill:
            if gw.goodwill <= g_now:
                continue
            kind = gw_kind(gw)
            worth: float = GW_WORTH[kind]
            if kind == "reveal_self":
                worth = 0 if ch in revealed else min(worth, INFO_WORTH * self.role_bits(view, ch))
            if g_now + add >= gw.goodwill:
                v += worth
            elif g_now + add + 2 >= gw.goodwill:
                v += worth * 0.4
        return v

    def soon_incident(self, view: dict[str, Any]) -> int:
        """Days until the next incident still to come this loop (99 if none)."""
        days = [s["day"] - view["day"] for s in view["schedule"] if s["day"] >= view["day"] and not s["occurred_this_loop"]]
        return min(days) if days else 99

    def card(self, view: dict[str, Any], d: Decision) -> Any:
        """The card that leaves the least threatening board on average over worlds drawn from the
        deduction, each world guessing the Mastermind's face-down cards as its most harmful ones."""
        return self.score_cards(view, d)[0][1]

    def score_cards(self, view: dict[str, Any], d: Decision) -> list[tuple[float, Any]]:
        """Sensible cards, best (lowest expected threat) first."""
        rb = rules_of(view)
        facts = read_view(view)
        b = facts.board
        limits = {c["id"]: c["paranoia_limit"] for c in view["characters"]}
        mm_targets = [p["target"] for p in view["cards_on_board"] if p["by"] == MASTERMIND]
        known = [PlacedCard(p["by"], p["card"], p["target"]) for p in view["cards_on_board"] if p["by"] != MASTERMIND and p["card"]]
        first = not [p for p in view["cards_on_board"] if p["by"] != MASTERMIND]
        soon = self.soon_incident(view)
        worlds = self.worlds(view)
        hand = d.info.get("hand", view["seat"])
        sandboxes = [self.card_sandbox(view, facts, w, mm_targets, known) for w in worlds]
        # Last Liar: in the worlds where this seat's Extra card makes it a Traitor, it plays for
        # its own goal (agents/traitor.py); `share` is the share of those worlds.
        bet = betrayal(view)
        share = traitor_share(bet, sandboxes)
        # Last Liar: what the seat suspects of the others (suspicion.py), from its view and the worlds
        susp = suspicion(view, [frozenset(active_traitors(sb)) for sb in sandboxes]) if sandboxes else None
        cands = self.candidates(rb, view, b, d.options, mm_targets, limits, first, open_to_all=share > 0,
                                cover=susp is not None and not first)
        # per world where the seat is a Traitor: what each character's declaration would bring it
        hopes = {id(sb): world_prospects(sb, bet) for sb in sandboxes} if bet is not None and share > 0 else {}
        # Last Liar: the worlds where another's Traitor is near its win, by the posterior's weights
        # (the guards: its deaths, declarations or incidents of the rest of the day, traitor.rest_of_day)
        guarded = guarded_worlds(sandboxes, susp.weights, own_card(view), GUARD_LEAST) if susp is not None else {}
        out = []
        for o in cands:
            card, t = o["card"], o["target"]
            v = 0.0
            for w, sandbox in zip(worlds, sandboxes):
                resolved = resolve_cards(sandbox, PlacedCard(hand, card, t))
                if bet is not None and bet.traitor_in(resolved):
                    v += traitor_card_value(resolved, w.threat, bet, hopes[id(sandbox)])
                else:
                    v += w.threat.value(resolved)
            v /= max(1, len(worlds))
            if is_counter(rb, card, "goodwill", +1) and B.on_board(b, t):
                v -= (1 - share) * 1.5 * self.usefulness(rb, view, t, B.count(rb, b, t, "goodwill"), rb.cards[card].amount)
            if card in rb.protagonist_once_per_loop:
                v += 4 if not (is_counter(rb, card, "paranoia", -1) and soon <= 1) else 0  # keep once-per-loop cards for need
            if is_forbid(rb, card, "intrigue") and not first and susp is None:
                v += 50  # two Forbid Intrigue void each other: only the first placer plays one
            v += self.rng.random() * 0.5
            out.append((v, o))
        if guarded:
            out = guard_cards(out, worlds, sandboxes, guarded, hand, own_card(view))
        if susp is not None and not first:
            out = cover_forbid(rb, out, forbid_already_played(view, susp))
        out.sort(key=lambda x: x[0])
        return out

    def worlds(self, view: dict[str, Any]) -> list[World]:
        try:
            bel = beliefs(view_at_loop_start(view))
        except ValueError:
            return []
        return bel.worlds(view, self.n_worlds)

    def card_sandbox(self, view: dict[str, Any], facts: ViewFacts, w: World, targets: list[str], known: list[PlacedCard]) -> GameState:
        """World w's game at card resolution: the view's board, the Mastermind's face-down cards on
        `targets` as world w's Mastermind most likely played them (judged together; a card it put
        on the same target on this day of an earlier loop is taken to be played again: habits.py),
        then the Protagonists' cards the seat can see."""
        st = state_from_view(view, w.script, facts)
        hand = list(st.rules.mastermind_deck)
        for c in view["set_aside"].get(MASTERMIND, []):
            if c in hand:
                hand.remove(c)
        guessed = with_habits(view, targets, hand, guess_mm_cards(w.threat, st, st.board, targets, hand)) if targets else []
        mm = [PlacedCard(MASTERMIND, c, t) for c, t in zip(guessed, targets)]
        st.hands.placed = [*mm, *[p.copy() for p in known]]
        return st

    def candidates(self, rb: RuleBook, view: dict[str, Any], b: Board, opts: tuple[Any, ...], mm_targets: list[str],
                   limits: dict[str, int], first: bool, open_to_all: bool = False, cover: bool = False) -> list[Any]:
        """The cards worth judging; `open_to_all` (a seat that may be a Traitor) adds what a Traitor
        may want that an ordinary Protagonist would not play: Paranoia on any character on the
        board, and Goodwill on any character with a Goodwill ability. `cover` (Last Liar, a later
        placer): a Forbid Intrigue on the Mastermind's cards too, for when the first placer may not
        have forbidden them (cover_forbid weighs it)."""
        out = []
        for o in opts:
            card, t = o["card"], o["target"]
            c = rb.cards[card]
            on_board = B.on_board(b, t)
            if open_to_all and on_board and not rb.is_location(t) and (
                    is_counter(rb, card, "paranoia", +1) or (is_counter(rb, card, "goodwill", +1) and rb.characters[t].goodwill)):
                ok = True
            elif is_forbid(rb, card, "intrigue"):
                ok = (first or cover) and t in mm_targets
            elif is_counter(rb, card, "paranoia", -1):
                ok = on_board and B.count(rb, b, t, "paranoia") >= limits[t] - 2
            elif c.kind == "counter" and c.counter == "goodwill":
                ok = on_board and self.usefulness(rb, view, t, B.count(rb, b, t, "goodwill"), c.amount) > 0
            elif c.kind == "forbid":
                ok = t in mm_targets
            elif c.kind == "movement":
                ok = on_board
            else:
                ok = False
            if ok:
                out.append(o)
        return out or list(opts)

    def goodwill(self, view: dict[str, Any], d: Decision) -> Any:
        """The most useful Goodwill ability to declare (or done). A seat that may be a Traitor also
        weighs, in the share of its worlds where it is one, what each declaration brings its own
        condition (traitor.declaration_gain: the engine's declaration in that world's game)."""
        bet = betrayal(view)
        own = self.traitor_gains(view, d, bet) if bet is not None else None
        values = self.goodwill_values(view, d)
        guard = self.guard_costs(view, d)
        if guard is not None:  # Last Liar: what each declaration would give another's Traitor
            values = [v - c for v, c in zip(values, guard)]
        if own is not None:
            share, gains = own
            values = [(1 - share) * v + share * g for v, g in zip(values, gains)]
        best, best_v = "done", 1.0
        for o, v in zip(d.options, values):
            if o != "done" and v > best_v:
                best, best_v = o, v
        return best

    def traitor_gains(self, view: dict[str, Any], d: Decision, bet: Betrayal) -> tuple[float, list[float]] | None:
        """(share of the worlds where the seat is a Traitor, each option's worth to it there), in
        GW_WORTH's units; None when no world can be rebuilt at this decision."""
        worlds = self.worlds(view)
        facts = read_view(view)
        gains = [0.0] * len(d.options)
        n = traitors = 0
        for w in worlds:
            st = build(view, w.script, random.Random(0), facts=facts)
            if st is None or not same_decision(st, d):
                continue
            n += 1
            t = bet.traitor(st) if bet.traitor_in(st) else None
            if t is None:
                continue
            traitors += 1
            for i in range(len(d.options)):
                ref = option_ability(d, i)
                if ref is None:
                    continue
                gain, won = declaration_gain(st, t, ref)
                gains[i] += TRAITOR_WIN_WORTH if won else TOKEN_WORTH * gain
                kind = gw_kind(st.rules.characters[ref.owner].goodwill[ref.index])
                if t.guesses_culprits and kind == "reveal_culprit":
                    gains[i] += GW_WORTH[kind]  # a culprit named is its Final Guess
        if not n:
            return None
        return traitors / n, [g / max(1, traitors) for g in gains]

    def guard_costs(self, view: dict[str, Any], d: Decision) -> list[float] | None:
        """Last Liar: what each declaration would give a Traitor among the other Protagonists, in
        GW_WORTH's units (GUARD_TOKEN_WORTH per whole condition, TRAITOR_WIN_WORTH for a win at once),
        judged in the worlds where another card's Traitor is active (the engine's active_traitors
        and declaration step: traitor.declaration_gain, measured by traitor.guard_progress), each
        world weighted by the seat's suspicion (suspicion.py: the others' public acts); a Traitor who
        names the culprits only in the last loop (traitor.guard_near: a culprit revealed is its
        clue). None outside Last Liar."""
        rb = rules_of(view)
        plots = traitor_letters(rb)
        own_letter = own_card(view)
        if not plots or own_letter is None:
            return None
        facts = read_view(view)
        games = []
        for w in self.worlds(view):
            st = build(view, w.script, random.Random(0), facts=facts)
            if st is not None and same_decision(st, d):
                games.append(st)
        susp = suspicion(view, [frozenset(active_traitors(g)) for g in games]) if games else None
        if susp is None:
            return None
        costs = [0.0] * len(d.options)
        for g, weight in zip(games, susp.weights):
            for letter in active_traitors(g):
                if letter == own_letter:
                    continue  # the seat's own card: its own share is traitor_gains'
                t = plots[letter]
                if t.wins_if is None and not guard_near(g, t):
                    continue  # a Traitor who names the culprits: guarded in the last loop (its clues)
                for i in range(len(d.options)):
                    ref = option_ability(d, i)
                    if ref is None:
                        continue
                    gain, won = declaration_gain(g, t, ref, guard_progress)
                    costs[i] += weight * (TRAITOR_WIN_WORTH if won else GUARD_TOKEN_WORTH * gain)
        return costs

    def goodwill_values(self, view: dict[str, Any], d: Decision) -> list[float]:
        """What each option is worth to an ordinary Protagonist (GW_WORTH's units; done: 0)."""
        rb = rules_of(view)
        b = read_view(view).board
        refused_now = self.refused_this_loop(view)
        limits = {c["id"]: c["paranoia_limit"] for c in view["characters"]}
        revealed = {c["id"] for c in view["characters"] if "revealed_role" in c}
        culprits_known = {i for i, s in enumerate(view["schedule"]) if "culprit" in s}
        values = [0.0] * len(d.options)
        for i, o in enumerate(d.options):
            ref = option_ability(d, i)
            if ref is None:
                continue
            ch = ref.owner
            if ch in refused_now:
                continue
            kind = gw_kind(rb.characters[ch].goodwill[ref.index])
            v = float(GW_WORTH[kind])
            here = B.characters_at(b, b.chars[ch].location) if ch in b.chars else []
            # Information is worth the expected shrinking of the consistent set (in bits: the entropy
            # of what it reveals under the weighted beliefs), the threats it blocks aside.
            if kind == "reveal_self":
                v = 0 if ch in revealed else INFO_WORTH * self.role_bits(view, ch)
            elif kind == "reveal_role":
                # a character with a turf reveals there, where the Protagonists cannot see who stands
                if ch in b.turf:
                    v = 9
                else:
                    v = INFO_WORTH * max((self.role_bits(view, c) for c in here if c not in revealed and c != ch), default=0.0)
            elif kind == "reveal_culprit":
                v = INFO_WORTH * max((self.culprit_bits(view, i) for i in range(len(view["schedule"])) if i not in culprits_known),
                                     default=0.0)
            elif kind == "informer":
                v = 6 if len(view.get("revealed_subplots", [])) < 2 else 0
            elif kind in ("remove_paranoia", "doctor_paranoia"):
                worst = max((B.count(rb, b, c, "paranoia") - limits[c] for c in here if c != ch), default=-9)
                v = 9 if worst >= 0 else 5 if worst == -1 else 0
            elif kind == "remove_intrigue":
                loc = b.chars[ch].location
                v = 6 if (loc is not None and B.count(rb, b, loc, "intrigue") > 0) or any(B.count(rb, b, c, "intrigue") > 0 for c in here) else 0
            elif kind == "stand_down":
                v = 5 if self.soon_incident(view) <= 2 else 0
            elif kind == "revive":
                v = 7 if B.corpses_at(b, b.chars[ch].location) else 0
            values[i] = v
        return values

    def role_bits(self, view: dict[str, Any], ch: str) -> float:
        """How much learning this character's role would shrink the consistent set, expected: the
        entropy (bits) of its role under the weighted beliefs (0 when certain)."""
        try:
            bel = beliefs(view_at_loop_start(view))
        except ValueError:
            return 0.0
        shares = bel.weighted_roles().get(ch, {}) if isinstance(bel, Beliefs) else bel.roles.get(ch, {})
        return entropy(shares)

    def culprit_bits(self, view: dict[str, Any], idx: int) -> float:
        """The same for an incident's culprit (the deduction's shares)."""
        try:
            bel = beliefs(view_at_loop_start(view))
        except ValueError:
            return 0.0
        shares = bel.culprits.get(idx)
        return entropy(shares) if shares else 1.0  # not covered by the beliefs: worth one bit

    def victim(self, view: dict[str, Any], d: Decision) -> Any:
        """The Executor's victim (Last Liar: the Mastermind's chosen Protagonist names who dies).
        Each character is tried in every world by the engine's own death (actions.kill: the Perished
        token first, then what the death triggers) and the game scored with this seat's goal there
        (traitor.seat_judge: the team's threat, or a Traitor's own condition), plus what it gives
        another's Traitor (traitor.guard_danger, the worlds weighted by the posterior): a loyal
        seat names a character already Perished when a fifth token would win for a likely Traitor A."""
        facts = read_view(view)
        worlds = self.worlds(view)
        games = [state_from_view(view, w.script, facts) for w in worlds]
        if not games:
            return d.options[self.rng.randrange(len(d.options))]
        bet, own = betrayal(view), own_card(view)
        susp = suspicion(view, [frozenset(active_traitors(g)) for g in games])
        weights = susp.weights if susp is not None else tuple(1.0 / len(games) for _ in games)
        scored = []
        for o in d.options:
            v = 0.0
            for w, g, weight in zip(worlds, games, weights):
                sim = sandbox_copy(g)
                kill(sim, o, None)
                flow.run(sim)
                v += seat_judge(sim, w.threat, view["loop"], bet, lambda x: state_value(w.threat, x)) / len(games)
                v += weight * guard_danger(sim, own)
            scored.append((v, self.rng.random(), o))
        return min(scored)[2]

    def refused_this_loop(self, view: dict[str, Any]) -> set[str]:
        out: set[str] = set()
        for e in reversed(view["events"]):
            if e["type"] == "loop_start":
                break
            if e["type"] == "goodwill_refused":
                out.add(e["data"]["character"])
        return out

    def target(self, view: dict[str, Any], d: Decision) -> Any:
        if view["events"] and view["events"][-1]["type"] == "executor_chooser":
            return self.victim(view, d)
        rb = rules_of(view)
        b = read_view(view).board
        # The ability being resolved: the last one the Leader declared (its event names it by key).
        declared = next((e["data"] for e in reversed(view["events"]) if e["type"] == "goodwill_declared"), None)
        kind = "other"
        if declared:
            ref = AbilityRef.parse(declared["key"])
            kind = gw_kind(rb.characters[ref.owner].goodwill[ref.index])
        limits = {c["id"]: c["paranoia_limit"] for c in view["characters"]}
        revealed = {c["id"] for c in view["characters"] if "revealed_role" in c}

        def score(info: dict[str, Any]) -> float:
            if "incident" in info:
                s = view["schedule"][info["incident"]]
                return (0 if "culprit" in s else 10) - abs(s["day"] - view["day"]) * 0.1
            if "location" in info:
                return B.count(rb, b, info["location"], "intrigue") * (2 if kind == "remove_intrigue" else -1)
            o = info["character"]
            if not B.on_board(b, o):
                return 0
            if kind in ("remove_paranoia", "doctor_paranoia"):
                return B.count(rb, b, o, "paranoia") - limits[o]
            if kind == "reveal_role":
                return self.role_bits(view, o) if o not in revealed else -5
            if kind == "place_goodwill":
                return self.usefulness(rb, view, o, B.count(rb, b, o, "goodwill"), 1)
            if kind == "place_guard":
                return B.count(rb, b, o, "intrigue") - B.count(rb, b, o, "guard") * 3
            if kind == "remove_intrigue":
                return B.count(rb, b, o, "intrigue") * 2
            if kind == "kill":
                return -B.count(rb, b, o, "goodwill")  # never used on purpose; the least liked
            return 0

        scored = [(score(info), self.rng.random(), i) for i, info in enumerate(d.option_info)]
        return d.options[max(scored)[2]]

    def card_back(self, view: dict[str, Any], d: Decision) -> Any:
        """Class Rep: take back the most useful used card."""
        rb = rules_of(view)
        prefs = [lambda c: is_counter(rb, c, "paranoia", -1), lambda c: is_forbid(rb, c, "movement"),
                 lambda c: is_counter(rb, c, "goodwill", +1) and rb.cards[c].amount >= 2]
        for pref in prefs:
            for o, info in zip(d.options, d.option_info):
                if pref(info["card"]):
                    return o
        return d.options[0]

    def culprit_guess(self, view: dict[str, Any], d: Decision) -> Any:
        """A Traitor Protagonist C (Last Liar) names each culprit: the revealed one, else the likeliest
        under this seat's beliefs."""
        idx = int(d.info["incident"])
        known = view["schedule"][idx].get("culprit")
        if known in d.options:
            return known
        # the beliefs of the moment the guesses began (its own guesses change no deduction): one
        # deduction for every incident's guess
        ev = view["events"]
        cut = next((k for k, e in enumerate(ev) if e["type"] == "culprit_guessed"), len(ev))
        bel = beliefs({**view, "events": ev[:cut]})
        return max(d.options, key=lambda c: (bel.culprits.get(idx, {}).get(str(c), 0.0), -d.options.index(c)))

    def final_guess(self, view: dict[str, Any], d: Decision) -> Any:
        """The exact deduction's best whole guess (agents/guess.py), one character at a time."""
        from .guess import guess_one

        return guess_one(view, d)


# A Traitor's worth of a declaration, in GW_WORTH's units: one step of its condition (a token of
# six) is worth more than any ability (10 per sixth), its condition met outright more than all.
TOKEN_WORTH = 60.0
TRAITOR_WIN_WORTH = 100.0
# What a step of another's Traitor condition costs a loyal Leader (per whole condition): a token of
# six (5) is less than an ability that protects the team (6 to 9), so it is given away only for
# little; the win at once (TRAITOR_WIN_WORTH) never.
GUARD_TOKEN_WORTH = 30.0


def cover_forbid(rb: RuleBook, scored: list[tuple[float, Any]], p: float) -> list[tuple[float, Any]]:
    """A later placer's Forbid Intrigue, weighed against the face-down cards placed before it
    (Last Liar: one may be a Traitor's). Its simulated score blocks the Mastermind's Intrigue; if
    an earlier card is a Forbid Intrigue too (odds `p`), both are void and the Intrigue lands, while
    any other card would have left that one to block. So against the best other card (score
    `alt`), a forbid's true advantage is (1 - 2p) times the simulated one: worth playing only when
    the earlier placers more likely did not forbid."""
    others = [v for v, o in scored if not is_forbid(rb, o["card"], "intrigue")]
    if not others:
        return scored
    alt = min(others)

    def weighed(v: float) -> float:
        if v >= alt:  # it blocks nothing worth more than the best other card: only its risk counts
            return v + VOID_COST * p
        return alt + (1 - 2 * p) * (v - alt)

    return [(weighed(v) if is_forbid(rb, o["card"], "intrigue") else v, o) for v, o in scored]


# A Forbid Intrigue that blocks nothing in the seat's worlds still risks voiding an earlier one.
VOID_COST = 50.0
# Last Liar: a loyal Protagonist guards against another's Traitor (traitor.guarded_worlds) once the
# worlds where one is near its win weigh this much of its posterior: below, the card play is the team's.
GUARD_LEAST = 0.1


def guard_cards(scored: list[tuple[float, Any]], worlds: list[World], sandboxes: list[GameState], guarded: dict[int, float],
                hand: str, own: str | None) -> list[tuple[float, Any]]:
    """Last Liar, a loyal Protagonist's guard: each card's score plus what the rest of the day
    after it gives another's Traitor in the worlds where one is near its win (traitor.guard_danger
    after traitor.rest_of_day: its deaths, tokens and incidents played by the engine), weighted by
    the posterior (`guarded`). A world is watched only if the day moves that Traitor on without the
    seat's card or after the card the team would play: elsewhere no card of the seat's changes it."""
    seen: dict[tuple[int, Any], float] = {}

    def danger(i: int, o: Any) -> float:
        key = (i, None if o is None else (o["card"], o["target"]))
        if key not in seen:
            extra = PlacedCard(hand, o["card"], o["target"]) if o is not None else None
            seen[key] = guard_danger(rest_of_day(resolve_cards(sandboxes[i], extra), worlds[i].threat), own)
        return seen[key]

    top = min(scored, key=lambda x: x[0])[1]
    now = {i: guard_danger(sandboxes[i], own) for i in guarded}
    watched = {i: w for i, w in guarded.items() if max(danger(i, None), danger(i, top)) > now[i]}
    if not watched:
        return scored
    # The danger never falls below today's (tokens stay; clues only grow): a card whose score plus
    # that floor is no better than the best guarded score so far cannot be the best, and keeps the floor.
    floor = sum(w * now[i] for i, w in watched.items())
    out = []
    best = math.inf
    for v, o in sorted(scored, key=lambda x: x[0]):
        if v + floor >= best:
            out.append((v + floor, o))
            continue
        g = v + sum(w * danger(i, o) for i, w in watched.items())
        best = min(best, g)
        out.append((g, o))
    return out


def traitor_share(bet: Betrayal | None, games: list[GameState]) -> float:
    """The share of these world games in which the seat is a Traitor right now (0 without a card)."""
    if bet is None or not games:
        return 0.0
    return sum(1 for g in games if bet.traitor_in(g)) / len(games)


def world_prospects(st: GameState, bet: Betrayal) -> dict[str, tuple[int, float]]:
    t = bet.traitor(st) if bet.traitor_in(st) else None
    return prospects(st, t) if t is not None else {}


def traitor_card_value(resolved: GameState, threat: Threat, bet: Betrayal, hope: dict[str, tuple[int, float]]) -> float:
    """A card's worth to the seat in a world where it is a Traitor, after the day's cards: its own
    score of that game (traitor.traitor_value), what the best declaration the cards leave open
    today would bring its condition (a Goodwill ability made declarable: a token on the way), and
    what the Goodwill on the board promises for the days after (traitor.prospect_value)."""
    t = bet.traitor(resolved)
    assert t is not None
    own = best_declaration_gain(resolved, t) + prospect_value(resolved, hope)
    return traitor_value(resolved, threat, bet, resolved.loop) - CONDITION_WORTH * own


def resolve_cards(sandbox: GameState, extra: PlacedCard | None) -> GameState:
    """A copy of `sandbox` after the engine's own card resolution (movement, forbids, counters) of
    its placed cards plus `extra` (None: none more); the Cultist question is answered as the world's
    Mastermind would: ignore Forbid Intrigue whenever it may."""
    st = sandbox.clone()
    st.hands.placed = [*st.hands.placed, *([extra] if extra is not None else [])]
    flow.then(st, flow.Frame("cards.copies"), flow.Frame("cards.movement"), flow.Frame("cards.forbids"), flow.Frame("cards.counters"))
    flow.run(st)
    while st.pending is not None:
        d = st.pending
        if d.kind == "follow_way":  # the Leader's, as the rule-based Leader answers it
            flow.answer_index(st, d.index_of(follow_way(st.rules, st.board, d)))
            continue
        if d.kind != "cultist_ignore":
            raise refuse(WHO, T("unmodelled.what.card_question", question=q(d.kind)))
        flow.answer_index(st, d.index_of("ignore") if "ignore" in d.options else 0)
    return st


def follow_way(rb: RuleBook, b: Board, d: Decision) -> Any:
    """Where the Servant goes when her charges leave in several directions (the Leader's choice):
    with the charges in most danger (the most Intrigue and Paranoia), since she dies in the place
    of a charge at her location; the first way on a tie."""
    def danger(i: int) -> tuple[int, int]:
        chars = d.option_info[i].get("characters", [])
        return sum(B.count(rb, b, c, "intrigue") + B.count(rb, b, c, "paranoia") for c in chars), -i

    return d.options[max(range(len(d.options)), key=danger)]


# ================================================================ the agent
class RuleAgent:
    """Plays either side: the Mastermind's rules when seated there, the Protagonists' elsewhere."""

    name = "rule"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.mm = RuleMastermindPolicy(self.rng)
        self.pr = RuleProtagonistPolicy(self.rng)

    def choose(self, view: dict[str, Any], decision: Decision) -> Any:
        refuse_unmodelled_set(view)
        if view["seat"] == MASTERMIND:
            return self.mm.choose(view, decision)
        return self.pr.choose(view, decision)

    def propose(self, view: dict[str, Any], decision: Decision) -> dict[str, Any] | None:
        """A proposal for a team decision human team-mates take (the Final Guess, whole)."""
        from .guess import propose

        return propose(view, decision)


__all__ = ["RuleAgent", "card_scores", "card_value", "guess_mm_cards", "ability_gain", "resolve_cards", "state_value"]
