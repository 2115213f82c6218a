"""Used once-per-loop cards are public (rules-notes section 3: they are set aside face up until the
loop resets; seed 002: every card is turned face up once all are placed). Every seat's view, the
observer's included, lists every hand's used once-per-loop cards; a card still face down is in none."""

from __future__ import annotations

from scriptkeeper.tragedy_looper.refs import MASTERMIND, OBSERVER, PROTAGONIST_SEATS
from scriptkeeper.tragedy_looper.views import build_view

from tests.properties.randomplay import random_game


def test_every_seat_sees_every_hands_used_once_per_loop_cards() -> None:
    for state, _ in random_game("basic_tragedy/ink_on_the_shrine_steps", 7, 4):
        aside = state.hands.set_aside
        if aside.get(MASTERMIND) and any(aside.get(p) for p in PROTAGONIST_SEATS) and state.hands.placed:
            break
    else:
        raise AssertionError("no used cards of both sides in this game")
    expected = {h: sorted(c) for h, c in aside.items()}
    for seat in (MASTERMIND, OBSERVER, *PROTAGONIST_SEATS):
        view = build_view(state, seat)
        assert view["set_aside"] == expected, seat
    # The cards placed today are face down: they are set aside only once turned face up and resolved.
    placed_now = [p.card for p in state.hands.placed if p.by == MASTERMIND]
    assert placed_now and all(c is None for c in (x["card"] for x in build_view(state, "protagonist1")["cards_on_board"]
                                                    if x["by"] == MASTERMIND))
