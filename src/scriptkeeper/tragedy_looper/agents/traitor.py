"""A Protagonist who may be a Traitor (Last Liar, seed 000 "Traitors"): what the agents do with
their own Extra card.

A Protagonist sees its own Extra card (`view["extra_cards"]`) and nothing else of the deal; it
does not know which subplots are in play, so it does not know whether it is a Traitor. The worlds
it imagines do say: in each world (a whole script drawn from its beliefs) the engine's own
`traitors.active_traitors` tells whether the holder of this card is a Traitor right now (the
subplot is in the world, and no plot rule makes the Traitors ordinary: The Final Plan's Hope on
the Key Person). A choice is judged world by world with the goal the seat has in that world:

- where it is no Traitor, the Protagonists' goal (less threat; a Traitor's win is a loss);
- where it is one, its own: its victory condition (the subplot's `wins_if`, measured by the
  engine's own condition function, PROGRESS) and, until it holds, loops lost rather than won, since
  a loop the Protagonists survive ends the game with the Traitor's loss, and so does a Mastermind
  who wins at the end. A Traitor who guesses culprits (Protagonist C) needs every loop lost and
  the culprits known (traitors._culprit_judge judges its guess).

Averaged over the worlds, a seat that is a Traitor in a share p of them weighs the two goals p to
1 - p: it plays as an ordinary Protagonist while its betrayal is unlikely, which is what the
seed advises ("Protagonists can generally just play as normal until there's a moderate
possibility that they are a Traitor"), and turns as the evidence grows.

Nothing here reads what the seat cannot see: the card is the view's, the rest is the world's.
A Traitor condition word without a progress function is refused (UnmodelledRule).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from ...core import flow
from ...core.text import T
from .. import board as B
from ..actions import frame
from ..engine import goodwill_options
from ..query import about, holds
from ..refs import AbilityRef
from ..rules import RuleBook, Traitor
from ..state import GameState
from ..traitors import TRAITOR_PREFIX, active_traitors, traitor_plots
from ..unmodelled import q, refuse
from .common import WHO, play_option, rules_of, sandbox_copy

LOST, WON = 3000.0, -3000.0
# A Traitor's victory condition met in full is worth this much in Threat's units (lower is better
# for the seat, as in search.judge): each step towards it (a token of five) a fifth of it.
CONDITION_WORTH = 1000.0
# A loop the Protagonists lose while the Traitor's condition is still open: the game goes on.
LOOP_LOST_WORTH = 800.0


@dataclass(frozen=True)
class Betrayal:
    """What a seat's Extra card may make of it: its letter and the set's plots that make its holder
    a Traitor (Last Liar: one each)."""

    letter: str
    plots: tuple[tuple[str, Traitor], ...]

    def traitor_in(self, st: GameState) -> bool:
        """Is this seat a Traitor in that game, right now (the engine's own test)?"""
        return self.letter in active_traitors(st)

    def traitor(self, st: GameState) -> Traitor | None:
        """The Traitor this seat is in that game (the plot of the world that makes it one)."""
        plots = set(st.script.plots)
        return next((t for p, t in self.plots if p in plots), None)


def own_card(view: Mapping[str, Any]) -> str | None:
    """The seat's own Extra card (Last Liar), as its view shows it; None before the deal or elsewhere."""
    return (view.get("extra_cards") or {}).get(view["seat"])


def betrayal(view: Mapping[str, Any]) -> Betrayal | None:
    """The seat's possible betrayal: None if no plot of the set could make it a Traitor."""
    letter = own_card(view)
    if letter is None:
        return None
    rb: RuleBook = rules_of(view)
    plots = tuple((p, x.traitor) for p, x in rb.set.plots.items() if x.traitor is not None and x.traitor.extra_card == letter)
    for _, t in plots:
        check_modelled(t)
    return Betrayal(letter, plots) if plots else None


# ================================================================ how far the condition is
def _tokens_progress(st: GameState, arg: Any) -> float:
    """[TOKEN, N]: the share of N that the engine's own `tokens_at_least` says holds."""
    token, n = arg
    k = 0
    while k < n and holds(st, {"tokens_at_least": [token, k + 1]}, about(None)):
        k += 1
    return k / n


# How far a Traitor's victory condition is from holding (0 to 1), per condition word.
PROGRESS: dict[str, Callable[[GameState, Any], float]] = {"tokens_at_least": _tokens_progress}


def check_modelled(t: Traitor) -> None:
    if t.wins_if is None:
        if not t.guesses_culprits:
            raise refuse(WHO, T("unmodelled.what.traitor", card=q(t.extra_card)), T("unmodelled.why.traitor_nothing"))
        return
    for word in t.wins_if:
        if word not in PROGRESS:
            raise refuse(WHO, T("unmodelled.what.traitor_condition", condition=q(word)), T("unmodelled.why.no_progress"))


def progress(st: GameState, t: Traitor) -> float:
    """How far the Traitor's own condition is in that game (0 to 1; 0 for a Traitor who guesses)."""
    if t.wins_if is None:
        return 0.0
    (word, arg), = t.wins_if.items()
    return PROGRESS[word](st, arg)


# ================================================================ judging for the seat
def seat_judge(sim: GameState, threat: Any, loop0: int, bet: Betrayal | None, base: Callable[[GameState], float],
               culprit_odds: float = 0.0) -> float:
    """Where a simulation stopped, scored for this seat (lower is better; `base` is the
    Protagonists' score, search.judge): a Traitor's win is the seat's win if it holds that card and
    a loss otherwise; where the seat is a Traitor in the world, its own goal (traitor_value)."""
    r = sim.result
    if r is not None and r.winner.startswith(TRAITOR_PREFIX):
        return WON if bet is not None and r.winner == TRAITOR_PREFIX + bet.letter else LOST
    if bet is None or not bet.traitor_in(sim):
        return base(sim)
    return traitor_value(sim, threat, bet, loop0, culprit_odds)


def traitor_value(sim: GameState, threat: Any, bet: Betrayal, loop0: int, culprit_odds: float = 0.0) -> float:
    """A Traitor's score of a game (lower is better): a loop won or a game the Mastermind ends is
    its loss; a loop lost is good while the game goes on; within the loop, its condition's progress
    and the Mastermind's threat (`threat`, the world's: the loop lost) count for it. `culprit_odds`:
    the chance that the seat names every culprit right (its beliefs), for a Traitor who guesses."""
    t = bet.traitor(sim)
    assert t is not None
    done = progress(sim, t)
    if sim.result is not None:
        return LOST  # the Protagonists or the Mastermind won: the Traitor lost (its own win is seat_judge's)
    for lr in sim.loop_results:
        if lr.loop == loop0:
            if not lr.lost:
                return LOST  # a loop survived: the Protagonists win, the Traitor loses
            if lr.loop >= sim.script.loops:
                # the last loop lost: only a Traitor who guesses still may win, at the Final Guess
                return WON * culprit_odds if t.guesses_culprits else LOST
            return -LOOP_LOST_WORTH - CONDITION_WORTH * done
    v = -float(threat.value(sim))
    if sim.this_loop.lost:
        v -= LOOP_LOST_WORTH
    return v - CONDITION_WORTH * done


# ================================================================ what a declaration brings
def declaration_gain(st: GameState, t: Traitor, ref: AbilityRef,
                     measure: Callable[[GameState, Traitor], float] | None = None) -> tuple[float, bool]:
    """What declaring this Goodwill ability brings the Traitor in that game, by the engine's own
    declaration step (a token placed at the declaration, refused or not, counts at once): the
    progress gained (`measure`: its condition's progress, or the guards' guard_progress), and
    whether its condition then wins the game for it."""
    measure = measure or progress
    sim = sandbox_copy(st)
    before = measure(sim, t)
    d = sim.pending
    if d is not None and d.kind == "goodwill_ability":
        play_option(sim, ref.key)  # the world's own question: answered as the Leader would
    else:  # a game between steps (after the day's cards): the declaration step itself
        flow.then(sim, frame("goodwill.declare", answer=ref))
        flow.run(sim)
    after = measure(sim, t)
    won = after >= 1.0 or (sim.result is not None and sim.result.winner == TRAITOR_PREFIX + t.extra_card)
    return after - before, won


def prospects(st: GameState, t: Traitor) -> dict[str, tuple[int, float]]:
    """For each character on the board with a Goodwill ability: (the Goodwill its cheapest ability
    needs, what declaring that ability would bring the Traitor's condition), measured by the
    engine's own declaration on a copy of that game where it has that Goodwill. What Goodwill
    cards are worth to a Traitor whose condition counts declarations (Keeper of Mythology)."""
    out: dict[str, tuple[int, float]] = {}
    rb = st.rules
    for ch in st.script.cast:
        abilities = rb.characters[ch].goodwill
        if not abilities or not st.in_play(ch):
            continue
        i = min(range(len(abilities)), key=lambda k: abilities[k].goodwill)
        sim = sandbox_copy(st)
        sim.pending = None
        sim.stack = []
        need = abilities[i].goodwill
        have = B.count(rb, sim.board, ch, "goodwill")
        if have < need:
            sim.board.add(ch, "goodwill", need - have)
        gain, won = declaration_gain(sim, t, AbilityRef.goodwill(ch, i))
        out[ch] = (need, 1.0 if won else gain)
    return out


def prospect_value(st: GameState, prospect: dict[str, tuple[int, float]]) -> float:
    """What the board's Goodwill promises the Traitor: each character within two Goodwill of its
    cheapest ability counts for part of what declaring it would bring (its gain, PROSPECT_SHARE)."""
    rb = st.rules
    v = 0.0
    for ch, (need, gain) in prospect.items():
        gap = need - B.count(rb, st.board, ch, "goodwill")
        if 0 < gap <= 2 and st.in_play(ch):
            v += gain * PROSPECT_SHARE
    return v


# A character two Goodwill or less from an ability is worth this share of what declaring it brings.
PROSPECT_SHARE = 0.4


def best_declaration_gain(st: GameState, t: Traitor) -> float:
    """The most a declaration open in that game right now would bring the Traitor (goodwill_options:
    the engine's list of what the Leader may declare, on that board)."""
    best = 0.0
    for ref, _ in goodwill_options(st):
        gain, won = declaration_gain(st, t, ref)
        best = max(best, 1.0 if won else gain)
    return best


def culprit_odds(view: Mapping[str, Any], bel: Any) -> float:
    """The chance, under the seat's beliefs, that naming each incident's likeliest culprit (the
    revealed one where it is known) names them all right: what a Traitor who guesses hopes for."""
    odds = 1.0
    for i, s in enumerate(view["schedule"]):
        if "culprit" in s:
            continue
        shares = bel.culprits.get(i) or {}
        odds *= max(shares.values(), default=0.0)
    return odds


# ================================================================ the Mastermind and the Traitors
# A Traitor who wins alone is the Mastermind's loss too (seed 000 "Traitors": "the other players
# lose"); one whose condition already holds outside its phase wins at its next check.
TRAITOR_WIN_COST = 3000.0
# What a step of an active Traitor's condition is worth to the Mastermind while it does not hold:
# the seed's creation guide ("Encouraging the Traitor") wants the Traitor kept hoping, so that it
# keeps playing for itself against the team; small beside the script's own threats (a tie-breaker).
STEER_WORTH = 20.0


def mastermind_steer(st: GameState) -> float:
    """The Traitors' part of the Mastermind's score of a game it knows (higher is better for it):
    a Traitor's win, or a condition that holds and will win at its next check, is its loss; each
    active Traitor's progress towards its condition short of it is a small gain. Read with the
    engine's own functions (active_traitors, the condition's progress)."""
    r = st.result
    if r is not None:
        return -TRAITOR_WIN_COST if r.winner.startswith(TRAITOR_PREFIX) else 0.0
    active = active_traitors(st)
    if not active:
        return 0.0
    v = 0.0
    for p in st.script.plots:
        t = st.rules.plot(p).traitor
        if t is None or t.extra_card not in active or t.wins_if is None:
            continue
        check_modelled(t)
        done = progress(st, t)
        v += -TRAITOR_WIN_COST if done >= 1.0 else STEER_WORTH * done
    return v



# ================================================================ the loyal Protagonists' guards
# What another seat's Traitor winning costs a loyal Protagonist, in Threat's units: the game is lost
# at once (a lost loop costs as much, and after it the game may still go on).
GUARD_WIN_COST = 3000.0
# What another's Traitor's whole condition is worth to a loyal Protagonist short of the win (a
# Perished token of five: 100): each step brings its holder's lone win nearer.
GUARD_CONDITION_WORTH = 500.0
# A condition is guarded once this share of it holds (3 of 5 Perished tokens, 4 of 6 Acquainted):
# further off, one day's play cannot hand the Traitor its win (the seed's creation guide: with 2 of 5
# at the last loop's start Protagonist A "is likely to give up").
GUARD_NEAR = 0.6
# A Traitor who names the culprits (Protagonist C) learns them from what the table sees: a culprit
# revealed is a whole clue, an incident that occurred this loop (its culprit was at its limit) half.
OCCURRED_CLUE = 0.5


def others_traitors(st: GameState, own: str | None) -> list[Traitor]:
    """The Traitors active in that game (the engine's active_traitors) whose card is not `own`."""
    active = active_traitors(st)
    if not active:
        return []
    return [t for _, t in traitor_plots(st) if t.extra_card in active and t.extra_card != own]


def clue_share(st: GameState) -> float:
    """How much of the culprits a Traitor who names them has been shown in that game: revealed
    culprits (the engine's record, kept between loops) and this loop's incidents that occurred."""
    n = len(st.script.incidents)
    if not n:
        return 0.0
    known = set(st.revealed_culprits)
    seen = len(known) + OCCURRED_CLUE * len(set(st.this_loop.occurred) - known)
    return seen / n


def guard_progress(st: GameState, t: Traitor) -> float:
    """How far another's Traitor is from its win in that game (0 to 1): its condition's progress
    (the engine's own condition function), or for a Traitor who names the culprits, its clues."""
    if t.wins_if is not None:
        return progress(st, t)
    return clue_share(st) if t.guesses_culprits else 0.0


def guard_near(st: GameState, t: Traitor) -> bool:
    """Is another's Traitor near enough its win for a loyal Protagonist to guard against it? A
    condition once GUARD_NEAR of it holds; a Traitor who names the culprits in the last loop (it
    guesses only when that loop is lost too, seed 000 "The Final Guess")."""
    if t.wins_if is not None:
        return progress(st, t) >= GUARD_NEAR
    return t.guesses_culprits and st.loop >= st.script.loops


def guard_danger(st: GameState, own: str | None) -> float:
    """What the other seats' Traitors have of their win in that game, for a loyal Protagonist
    holding `own` (Threat's units, higher is worse): a Traitor's win, or a condition that already
    holds and wins at its next check (Last Liar FAQ Q1, A4), costs GUARD_WIN_COST; short of it, its
    progress GUARD_CONDITION_WORTH per whole condition."""
    r = st.result
    if r is not None and r.winner.startswith(TRAITOR_PREFIX):
        return 0.0 if own is not None and r.winner == TRAITOR_PREFIX + own else GUARD_WIN_COST
    v = 0.0
    for t in others_traitors(st, own):
        done = guard_progress(st, t)
        v += GUARD_WIN_COST if t.wins_if is not None and done >= 1.0 else GUARD_CONDITION_WORTH * done
    return v


def guarded_worlds(games: list[GameState], weights: tuple[float, ...], own: str | None, least: float) -> dict[int, float]:
    """The world games (by index) in which another's Traitor is near its win, with their posterior
    weights (suspicion.py's `weights`, the public record read); none when together they weigh less
    than `least` (the Traitor unlikely: the team plays as it would without)."""
    out = {i: w for i, (g, w) in enumerate(zip(games, weights)) if w > 0 and any(guard_near(g, t) for t in others_traitors(g, own))}
    return out if sum(out.values()) >= least else {}


def rest_of_day(resolved: GameState, threat: Any) -> GameState:
    """A copy of a world game after the day's card resolution (rule.resolve_cards), played by the
    engine through the rest of the day (Mastermind abilities, Goodwill abilities, incidents, day
    end; a loss that ends the loop at once ends it, FAQ A2), its questions answered by the cheap
    rollout policies (the world's Mastermind greedy on `threat`, no draw at random): where the day's
    deaths, incidents and tokens come from, with no copy of their rules."""
    from ..engine import day_phases
    from ..refs import HANDS, MASTERMIND
    from .policies import MastermindRollout, ProtagonistRollout

    sim = resolved.clone()
    loop0, day0 = sim.loop, sim.day
    # every hand (the next morning takes the day's cards back into them; the sandbox deals none)
    sim.hands.held = {h: list(sim.hands.held.get(h, [])) for h in HANDS}
    flow.then(sim, frame("loop.end"))
    flow.then(sim, *day_phases("phase.mastermind_abilities"))
    flow.run(sim)
    rng = random.Random(0)
    mm, pr = MastermindRollout(threat, rng, eps=0.0), ProtagonistRollout(rng, eps=0.0)
    n = 0
    while sim.pending is not None and sim.result is None and sim.loop == loop0 and sim.day == day0 and n < REST_OF_DAY_CAP:
        if sim.pending.kind in ("place_card", "next_loop_or_final_guess", "final_guess", "culprit_guess"):
            break
        play_option(sim, mm(sim) if sim.pending.seat == MASTERMIND else pr(sim))
        n += 1
    return sim


# Questions a day's rest may ask at most (a safety net; a day asks a handful).
REST_OF_DAY_CAP = 200
