"""Secrecy of Last Liar's Extra cards and Traitors (seed 000, "Extra Cards": "no one else may look at
that card, including the Mastermind"): after every decision of random Last Liar games, no seat's
view, the Mastermind's and the observer's included, names an Extra card other than its own, until
the Mastermind announces the Traitors' letters before the Final Guess (who holds them stays
unsaid); once the game is over, everyone sees every card. tests/server/test_last_liar_server.py
checks the same over the server."""

from __future__ import annotations

from typing import Any, Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from scriptkeeper.core.text import to_json
from scriptkeeper.tragedy_looper import views
from scriptkeeper.tragedy_looper.state import MASTERMIND, OBSERVER, PROTAGONIST_SEATS, GameState

from .randomplay import STYLES, random_game, script_names

LAST_LIAR = [n for n in script_names() if n.startswith("last_liar/")]
SEATS = (MASTERMIND, *PROTAGONIST_SEATS, OBSERVER)


def extra_card_mentions(node: Any) -> Iterator[tuple[str, Any]]:
    """(where, letter) for every Extra card a JSON value names: a ref to one, or an `extra_cards` table."""
    if isinstance(node, dict):
        if node.get("$ref") == "extra_card":
            yield "ref", node.get("id")
        for k, v in node.items():
            if k == "extra_cards" and isinstance(v, dict):
                for hand, letter in v.items():
                    yield f"extra_cards.{hand}", letter
            else:
                yield from extra_card_mentions(v)
    elif isinstance(node, list):
        for v in node:
            yield from extra_card_mentions(v)


class SeatCheck:
    """One seat's view after every decision; its log and events are walked as they grow (only the new entries)."""

    def __init__(self, seat: str) -> None:
        self.seat = seat
        self.log_seen = 0
        self.events_seen = 0

    def check(self, state: GameState) -> None:
        seat = self.seat
        view = views.build_view(state, seat)
        own = {h: state.dealt_extra_cards[h] for h in views.own_hands(state, seat) if h in state.dealt_extra_cards}
        announced = {l for e in state.events if e.type == "traitors_revealed" for l in e.data["cards"]}
        log, events = view["log"], view["events"]
        fresh = {"log": to_json(log[self.log_seen:]), "events": events[self.events_seen:]}
        self.log_seen, self.events_seen = len(log), len(events)
        rest = to_json({k: v for k, v in view.items() if k not in ("log", "events", "names")})
        for where, letter in extra_card_mentions({**rest, **fresh}):
            if where.startswith("extra_cards."):
                hand = where.split(".", 1)[1]
                assert own.get(hand) == letter, f"{seat} sees {hand}'s Extra card"
            else:
                assert letter in own.values() or letter in announced, f"{seat} sees Extra card {letter!r} named"
        assert view.get("extra_cards", {}) == own
        assert [e["data"]["card"] for e in events if e["type"] == "extra_card_dealt"] == list(own.values())


@settings(max_examples=max(4, settings().max_examples // 10))
@given(name=st.sampled_from(LAST_LIAR), seed=st.integers(0, 2**32 - 1), style=st.sampled_from(STYLES))
def test_no_seat_but_the_holder_ever_sees_an_extra_card_before_the_end(name, seed, style):
    checks = [SeatCheck(seat) for seat in SEATS]
    for state, _ in random_game(name, seed, 4, style):
        if state.result is not None:
            break
        assert len(state.dealt_extra_cards) == 3
        for c in checks:
            c.check(state)
    assert state.result is not None
    for seat in SEATS:
        assert views.build_view(state, seat)["extra_cards"] == state.dealt_extra_cards


def test_the_mastermind_never_sees_an_extra_card_during_a_game():
    """The Mastermind's own view, the one place every other secret is, holds no Extra card."""
    for state, _ in random_game(LAST_LIAR[0], 7, 4):
        if state.result is not None:
            break
        view = to_json(views.build_view(state, MASTERMIND))
        assert not list(extra_card_mentions({k: v for k, v in view.items()}))
