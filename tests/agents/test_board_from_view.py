"""The agents' board is the engine's: rebuilt from a seat's view by replaying its events
(agents/common.board_from_view, with events.replay), it equals the board that view shows and the
engine's public board, at every step of random games of every shipped script, for every seat but
the Mastermind's (who knows everything anyway)."""

from __future__ import annotations

from typing import Any

import pytest

from scriptkeeper.core.errors import UnmodelledRule
from scriptkeeper.tragedy_looper.agents.common import board_from_view
from scriptkeeper.tragedy_looper.board import Board
from scriptkeeper.tragedy_looper.refs import OBSERVER, PROTAGONIST_SEATS
from scriptkeeper.tragedy_looper.views import build_view
from tests.properties.randomplay import random_game, script_names


def public_part(board: Board) -> dict[str, Any]:
    """What anyone at the table sees of a board: the characters on it (not those still to enter or
    to be placed), the locations, this loop's starts, turfs, Extra cards, statuses and tokens."""
    on_board = {ch: c for ch, c in board.chars.items() if c.location is not None}
    return {
        "characters": {ch: (c.location, c.alive, {k: v for k, v in c.counters.items() if v}) for ch, c in on_board.items()},
        "locations": {l: {k: v for k, v in cs.items() if v} for l, cs in board.locations.items()},
        "start": {ch: l for ch, l in board.start.items() if ch in on_board},
        "turf": dict(board.turf),
        "entered": set(board.entered),
        "extra_cards": set(board.extra_cards),
        "statuses": set(board.statuses),
        "tokens": {ch: t for ch, t in board.tokens.items() if t},
    }


def shown_by(view: dict[str, Any]) -> dict[str, Any]:
    """The board a view's own data shows (its characters and locations)."""
    return {
        "characters": {c["id"]: (c["location"], c["alive"], {k: v for k, v in c["counters"].items() if v}) for c in view["characters"]},
        "locations": {l: {k: v for k, v in cs.items() if v} for l, cs in view["locations"].items()},
        "turf": {c["id"]: c["turf"] for c in view["characters"] if "turf" in c},
        "extra_cards": {c["id"] for c in view["characters"] if c.get("extra_card")},
        "statuses": {(s, c["id"]) for c in view["characters"] for s in c.get("statuses", ())},
        "tokens": {c["id"]: set(c["tokens"]) for c in view["characters"] if c.get("tokens")},
    }


@pytest.mark.parametrize("name", script_names())
@pytest.mark.parametrize("players,style", [(4, "pressure"), (2, "uniform")])
def test_the_board_rebuilt_from_a_view_is_the_board_the_view_and_the_engine_show(name: str, players: int, style: str) -> None:
    seats = [*PROTAGONIST_SEATS[: 3 if players == 4 else 1], OBSERVER]
    steps = 0
    for state, _ in random_game(name, 7, players, style):
        for seat in seats:
            view = build_view(state, seat)
            rebuilt = public_part(board_from_view(view))
            assert {k: rebuilt[k] for k in shown_by(view)} == shown_by(view), (name, seat, len(state.history))
            assert rebuilt == public_part(state.board), (name, seat, len(state.history))
        steps += 1
    assert steps > 10


def test_an_event_the_reference_does_not_know_is_refused() -> None:
    """A board is never rebuilt past an event nobody modelled (events.replay raises UnmodelledRule)."""
    state = next(random_game(script_names()[0], 0, 4))[0]
    view = build_view(state, "protagonist1")
    view["events"] = [*view["events"], {"type": "moon_rises", "text": {"$text": "x", "params": {}}, "visible_to": "public"}]
    with pytest.raises(UnmodelledRule, match="moon_rises"):
        board_from_view(view)
