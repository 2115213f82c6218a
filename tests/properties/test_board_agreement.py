"""One copy of the board's rules (issue 11): the board a seat rebuilds from the events it saw is
the board its view shows, at every step of random games of every shipped script.

For each seat that is not the Mastermind's (the Protagonists and the observer) the seat's visible
events (`view["events"]`) are replayed with `events.replay` onto `Board.empty`, the same Board
methods the engine ran; after every decision that board must show what the view shows: each
character on the board (location, alive, counters, turf, Extra card, statuses, tokens) and each
location's counters. For the scripts the deduction models (First Steps, Basic Tragedy, Midnight
Zone and their augmented sets, minus the characters it refuses) the deduction's own board, after
`observe`, must show it too.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scriptkeeper.tragedy_looper.board import Board
from scriptkeeper.core.errors import UnmodelledRule
from scriptkeeper.tragedy_looper.deduction import observe
from scriptkeeper.tragedy_looper.deduction.observe import check_rules
from scriptkeeper.tragedy_looper.deduction.model import SUPPORTED_SETS
from scriptkeeper.tragedy_looper.events import replay
from scriptkeeper.tragedy_looper.game import GAME
from scriptkeeper.tragedy_looper.refs import MASTERMIND, OBSERVER
from scriptkeeper.tragedy_looper.rules import RuleBook
from scriptkeeper.tragedy_looper.views import build_view

from .randomplay import PLAYERS, STYLES, players_for, random_game, script_names, scripts

games = st.fixed_dictionaries({
    "name": st.sampled_from(script_names()),
    "seed": st.integers(0, 2**32 - 1),
    "players": st.sampled_from(PLAYERS),
    "style": st.sampled_from(STYLES),
})


def shown_in_view(view: dict[str, Any]) -> dict[str, Any]:
    """The board as a view shows it."""
    return {
        "characters": {c["id"]: {"location": c["location"], "alive": c["alive"], "counters": c["counters"],
                                 "turf": c.get("turf"), "extra_card": c.get("extra_card", False),
                                 "statuses": c.get("statuses", []), "tokens": c.get("tokens", [])}
                       for c in view["characters"]},
        "locations": view["locations"],
    }


def shown_by_board(board: Board) -> dict[str, Any]:
    """The same facts read from a Board."""
    return {
        "characters": {ch: {"location": c.location, "alive": c.alive, "counters": c.counters, "turf": board.turf.get(ch),
                            "extra_card": ch in board.extra_cards,
                            "statuses": sorted(s for s, who in board.statuses if who == ch),
                            "tokens": sorted(board.tokens.get(ch, ()))}
                       for ch, c in board.chars.items() if c.location is not None},
        "locations": board.locations,
    }


class SeatBoard:
    """A seat's board, rebuilt by replaying the events it sees as they come (a seat's events only grow)."""

    def __init__(self, rules: RuleBook) -> None:
        self.rules = rules
        self.board: Board | None = None
        self.seen: list[dict[str, Any]] = []

    def catch_up(self, view: dict[str, Any]) -> Board:
        events = view["events"]
        assert events[:len(self.seen)] == self.seen, "a seat's past events changed"
        if self.board is None:
            self.board = Board.empty(self.rules, [c["id"] for c in view["characters"]])
        for e in events[len(self.seen):]:
            replay(self.rules, self.board, e["type"], e.get("data") or {}, who="the board agreement test")
        self.seen = list(events)
        return self.board


def deduction_models(setup: Any) -> bool:
    """Does the deduction model this script's characters? It refuses the others loudly
    (tests/deduction/test_refusals.py); the seats' own boards are checked on every script."""
    try:
        check_rules(setup.rules, list(setup.cast))
    except UnmodelledRule:
        return False
    return True


# Every view of every seat at every step is built whole (its events and log): a few games suffice.
@settings(max_examples=max(4, settings().max_examples // 15))
@given(game=games)
def test_every_seat_rebuilds_from_its_events_the_board_its_view_shows(game):
    setup = scripts()[game["name"]]
    rules = setup.rules
    players = players_for(game["name"], game["players"])
    seats = [s for s in GAME.seats(setup, GAME.check_options({"players": players})) if s != MASTERMIND] + [OBSERVER]
    boards = {seat: SeatBoard(rules) for seat in seats}
    deduced = rules.set.id in SUPPORTED_SETS and deduction_models(setup)
    for step, (state, _) in enumerate(random_game(game["name"], game["seed"], game["players"], game["style"])):
        for k, seat in enumerate(seats):
            view = build_view(state, seat)
            shown = shown_in_view(view)
            assert shown_by_board(boards[seat].catch_up(view)) == shown, (seat, step)
            # The deduction walks the whole view: one seat per step, in turn, keeps the test fast.
            if deduced and k == step % len(seats):
                assert shown_by_board(observe(view).board) == shown, (seat, step, "the deduction's board")
