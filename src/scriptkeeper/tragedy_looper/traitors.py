"""Last Liar's secrets of the Protagonists: the Extra cards A, B and C, the Traitors and their own
victory conditions, and the order of the Final Guess (seed 000, "Last Liar").

- Before the first loop each Protagonist is dealt one Extra card at random: a recorded chance draw
  from the game's seed (so a game replays exactly). Only its holder ever sees it during play, not
  even the Mastermind (`core.events.only`); everyone sees them once the game is over.
- A subplot with a `traitor:` entry makes the holder of that card a Traitor. A Traitor whose
  condition holds during its phase (checked after every step of that phase, so it wins the moment
  it holds: Last Liar FAQ Q1) wins alone; every other seat loses. While a plot's
  `traitors_normal_if` holds (The Final Plan: Hope on the Key Person), there are no Traitors.
- The Final Guess: the Traitors are announced; a Traitor who guesses culprits (Protagonist C)
  names every incident's culprit and wins if all are right; then the other Protagonists guess the
  roles. A set with `skip_to_final_guess: false` never offers the skip between loops (engine.py).

What this module deliberately does not do: place the Perished and Acquainted tokens the
conditions count (the general Rei rules do, in actions.py), or decide what an agent does with a
Traitor's card.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from ..core.events import only
from ..core.flow import draw
from ..core.text import Ref, T
from .actions import ask, emit, frame, op, then
from .query import about, holds
from .refs import PROTAGONIST_SEATS
from .rules import Traitor
from .state import GameState
from .texts import character

TRAITOR_PREFIX = "traitor_"


# ================================================================ the Extra cards
def deal_extra_cards(state: GameState, dealt: dict[str, str] | None = None) -> None:
    """Deal the set's Extra cards to the Protagonist hands at random (one recorded draw), or as a
    stated situation deals them (`dealt`)."""
    if dealt is None:
        orders = list(permutations(state.rules.set.extra_cards))
        dealt = dict(zip(PROTAGONIST_SEATS, orders[draw(state, len(orders))]))
    state.dealt_extra_cards = dict(dealt)
    emit(state, "extra_cards_dealt", T("event.extra_cards_dealt"))
    for hand, letter in state.dealt_extra_cards.items():
        emit(state, "extra_card_dealt", T("event.extra_card_dealt", card=Ref("extra_card", letter)), only(hand), card=letter)


def holder(state: GameState, letter: str) -> str | None:
    """The Protagonist hand holding the Extra card `letter`."""
    return next((h for h, l in state.dealt_extra_cards.items() if l == letter), None)


# ================================================================ the Traitors
def traitor_plots(state: GameState) -> tuple[tuple[str, Traitor], ...]:
    """(plot id, its Traitor) for every plot of the script that makes a Traitor (once per script)."""
    d = state.script.__dict__
    held = d.get("_traitor_plots")
    if held is None or held[0] is not state.rules:
        rb = state.rules
        found = tuple((p, t) for p in state.script.plots if (t := rb.plot(p).traitor) is not None)
        held = d["_traitor_plots"] = (rb, found)
    out: tuple[tuple[str, Traitor], ...] = held[1]
    return out


def traitors_normal(state: GameState) -> bool:
    """Does a plot rule make every Traitor an ordinary Protagonist right now (The Final Plan)?"""
    rb = state.rules
    return any(holds(state, rb.plot(p).traitors_normal_if, about(None)) for p in state.script.plots
               if rb.plot(p).traitors_normal_if is not None)


def active_traitors(state: GameState) -> tuple[str, ...]:
    """The letters of the Extra cards whose holders are Traitors right now."""
    plots = traitor_plots(state)
    if not plots or traitors_normal(state):
        return ()
    return tuple(t.extra_card for _, t in plots)


def watches(state: GameState) -> bool:
    """Is a Traitor's condition to be checked after the current step?"""
    if state.result is not None:
        return False
    return any(t.phase == state.phase and t.wins_if is not None for _, t in traitor_plots(state))


def check_traitor_conditions(state: GameState) -> None:
    """A Traitor whose condition holds in its phase wins alone, at once (Last Liar FAQ Q1)."""
    for plot, t in traitor_plots(state):
        if t.phase == state.phase and t.wins_if is not None and holds(state, t.wins_if, about(None)) \
                and t.extra_card in active_traitors(state):
            traitor_wins(state, t.extra_card, T("outcome.traitor_condition", plot=Ref("plot", plot),
                                                card=Ref("extra_card", t.extra_card)))
            return


def traitor_wins(state: GameState, letter: str, reason: Any) -> None:
    from .engine import finish

    finish(state, TRAITOR_PREFIX + letter, reason)


def guessing_seat(state: GameState) -> str:
    """Who is asked the Protagonists' Final Guess: the Leader, or the first Protagonist after the
    Leader who is not a Traitor (Traitors take no part in it)."""
    traitors = {holder(state, l) for l in active_traitors(state)}
    for k in range(3):
        hand = PROTAGONIST_SEATS[(state.leader + k) % 3]
        if hand not in traitors:
            return state.hand_seat(hand)
    return state.leader_seat  # pragma: no cover - at most two subplots, so at most two Traitors


# ================================================================ the Final Guess
@op("final.traitors")
def _final_traitors(state: GameState, args: dict[str, Any]) -> None:
    """Announce the Traitors; a Traitor who guesses culprits does so before the others guess roles."""
    letters = active_traitors(state)
    text = T("event.traitors_revealed", cards=[Ref("extra_card", l) for l in letters]) if letters else T("event.no_traitors")
    emit(state, "traitors_revealed", text, cards=list(letters))
    frames = []
    for _, t in traitor_plots(state):
        if t.guesses_culprits and t.extra_card in letters and state.script.incidents:
            frames += [frame("final.culprit_ask", card=t.extra_card, incident=i) for i in range(len(state.script.incidents))]
            frames.append(frame("final.culprit_judge", card=t.extra_card))
    then(state, *frames, frame("final.roles"))


@op("final.culprit_ask")
def _culprit_ask(state: GameState, args: dict[str, Any]) -> None:
    letter, idx = args["card"], args["incident"]
    hand = holder(state, letter)
    assert hand is not None
    cast = list(state.script.cast)
    inc = state.script.incidents[idx]
    name = Ref("incident", inc.public_name or inc.incident)
    series = {"current": str(idx), "answered": {str(i): c for i, c in state.culprit_guess.items()},
              "items": [{"key": str(i), "label": T("label.incident_on_day", incident=Ref("incident", x.public_name or x.incident), day=x.day)}
                        for i, x in enumerate(state.script.incidents)]}
    ask(state, state.hand_seat(hand), "culprit_guess", T("prompt.culprit_guess", incident=name, day=inc.day), cast,
        lambda: [character(c) for c in cast], "final.culprit_record", {"incident": idx}, force=True,
        info={"incident": idx, "card": letter, "series": series}, option_info=[{"character": c} for c in cast])


@op("final.culprit_record")
def _culprit_record(state: GameState, args: dict[str, Any]) -> None:
    idx, ch = args["incident"], args["answer"]
    state.culprit_guess[idx] = ch
    inc = state.script.incidents[idx]
    emit(state, "culprit_guessed", T("event.culprit_guessed", incident=Ref("incident", inc.public_name or inc.incident), day=inc.day,
                                     character=character(ch)), incident=idx, character=ch)


@op("final.culprit_judge")
def _culprit_judge(state: GameState, args: dict[str, Any]) -> None:
    letter = args["card"]
    right = all(state.culprit_guess.get(i) == inc.culprit for i, inc in enumerate(state.script.incidents))
    if right:
        traitor_wins(state, letter, T("outcome.culprits_right", card=Ref("extra_card", letter)))
    else:
        emit(state, "culprit_guess_wrong", T("event.culprit_guess_wrong", card=Ref("extra_card", letter)), card=letter)


@op("final.roles")
def _final_roles(state: GameState, args: dict[str, Any]) -> None:
    then(state, *[frame("final.ask", character=ch) for ch in state.script.cast], frame("final.judge"))
