"""Scenario helpers: a game from a written grimoire, answered decision by decision.

`auto` answers what a test does not care about: players pass, vote no, claim nothing and choose
to live; the Storyteller takes the first legal option. A test names the decisions it cares
about with `until` (run the defaults until that decision is pending) and `answer`.
"""

from __future__ import annotations

from typing import Any

from scriptkeeper.clocktower.game import GAME
from scriptkeeper.clocktower.script import setup_from_data
from scriptkeeper.clocktower.state import STORYTELLER, ClockState
from scriptkeeper.core.decision import Decision

PLAYER_DEFAULTS = {"day_action": "pass", "nominate": "pass", "vote": "no", "goblin_claim": "no", "live_or_die": "live"}


def new(characters: list[str], seed: int = 0, script: Any = "builtin", travellers: int = 0, **extra: Any) -> ClockState:
    setup = setup_from_data({"title": "test", "script": script, "characters": characters, **extra})
    return GAME.new_game(setup, seed, {"travellers": travellers} if travellers else {})


def default(d: Decision) -> Any:
    if d.seat != STORYTELLER and d.kind in PLAYER_DEFAULTS and PLAYER_DEFAULTS[d.kind] in d.options:
        return PLAYER_DEFAULTS[d.kind]
    return d.options[0]


def pending(state: ClockState) -> Decision:
    d = GAME.pending(state)
    assert d is not None, "the game is over"
    return d


def until(state: ClockState, kind: str, seat: str | None = None, limit: int = 2000) -> Decision:
    """Answer with the defaults until a decision of `kind` (for `seat`) is pending."""
    for _ in range(limit):
        d = pending(state)
        if d.kind == kind and (seat is None or d.seat == seat):
            return d
        GAME.apply(state, default(d), seat=d.seat)
    raise AssertionError(f"no {kind} decision within {limit} answers")


def answer(state: ClockState, kind: str, value: Any, seat: str | None = None) -> Decision:
    d = until(state, kind, seat)
    GAME.apply(state, value, seat=d.seat)
    return d


def first_night(state: ClockState, **choices: Any) -> None:
    """Run the first night with the defaults, except the named answers per decision kind."""
    while state.phase != "day":
        d = pending(state)
        GAME.apply(state, choices.get(d.kind, default(d)), seat=d.seat)


def to_day(state: ClockState, n: int) -> None:
    """Run with the defaults until day `n` begins (its first decision pending)."""
    while not (state.phase == "day" and state.day == n) and state.winner is None:
        d = pending(state)
        GAME.apply(state, default(d), seat=d.seat)


def to_night(state: ClockState, n: int) -> None:
    while not (state.phase == "night" and state.night == n) and state.winner is None:
        d = pending(state)
        GAME.apply(state, default(d), seat=d.seat)


def act(state: ClockState, seat: str, action: Any) -> None:
    """`seat`'s morning action (players before it pass)."""
    answer(state, "day_action", action, seat)


def nominate(state: ClockState, nominator: str, nominee: str, yes: list[str] | None = None, claim: bool = False) -> None:
    """`nominator` nominates `nominee`; the players in `yes` vote yes, the others no."""
    until(state, "nominate", nominator)
    GAME.apply(state, nominee, seat=nominator)
    while True:
        d = GAME.pending(state)
        if d is None or d.kind not in ("goblin_claim", "vote", "day_action"):
            return
        if d.kind == "goblin_claim":
            GAME.apply(state, "claim" if claim else "no", seat=d.seat)
        elif d.kind == "vote":
            if d.info.get("nominee") != nominee:
                return
            GAME.apply(state, "yes" if yes and d.seat in yes else "no", seat=d.seat)
        else:
            return


def events(state: ClockState, type: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in state.events if e.type == type]


def seats_of(state: ClockState, cid: str) -> str:
    return next(s for s, c in state.character.items() if c == cid)
