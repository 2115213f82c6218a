"""Pushes send each seat only what changed (issue 13): the deltas a socket is sent, applied in
order to the first whole view, add up to the whole view and info at every step, for every seat
of every game, on random games of shipped scripts."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scriptkeeper.core import registry
from scriptkeeper.server.delta import BadPatch, diff, patch, read_view_message
from scriptkeeper.server.render import ViewRenderer
from scriptkeeper.server.service import Table, TableService, game_options, shipped_setup
from scriptkeeper.server.store import SeatRecord, TableRecord

JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
                    lambda kids: st.lists(kids, max_size=6) | st.dictionaries(st.text(max_size=2), kids, max_size=6),
                    max_leaves=30)


@given(JSON, JSON)
@settings(max_examples=100, deadline=None)
def test_a_patch_turns_the_old_value_into_the_new_one(old: Any, new: Any) -> None:
    """Exactly: the same JSON, types (1 is not True) and the order of a mapping's keys included."""
    p = diff(old, new)
    assert (p is None) == (json.dumps(old) == json.dumps(new))
    if p is not None:
        assert json.dumps(patch(json.loads(json.dumps(old)), json.loads(json.dumps(p)))) == json.dumps(new)


def test_a_patch_that_does_not_fit_what_is_held_is_refused() -> None:
    p = diff({"log": [1, 2, 3, 4, 5]}, {"log": [1, 2, 3, 4, 5, 6]})
    assert p == {"d": {"log": {"k": 5, "l": [], "a": [6]}}}
    try:
        patch({"log": [1]}, p)
    except BadPatch:
        pass
    else:
        raise AssertionError("a list's patch applied to a shorter list")


class _Conn:
    def __init__(self, seat: str) -> None:
        self.seat = seat
        self.sent: list[str] = []

    def send(self, message: str) -> None:
        self.sent.append(message)


def _table(game_id: str, script: str, seed: int) -> Table:
    game = registry.get(game_id)
    parsed = shipped_setup(game, script)
    text = game.setup_text(parsed)
    setup = game.setup_from_text(text)
    opts = game.check_options({})
    seats = game.seats(setup, opts)
    rec = TableRecord(id="t", name="deltas", created_at=0.0, script_text=text, salt="", commitment="", seed=seed,
                      players=len(seats), options={"game_options": opts}, game=game.id)
    state = game.new_game(setup, seed, game_options(game, rec))
    return Table(rec, {s: SeatRecord(s, "token") for s in seats}, game, setup, state, ViewRenderer(game.renderer(state)))


SCRIPTS = [("tragedy_looper", "first_steps/whispers_at_the_gate"), ("tragedy_looper", "basic_tragedy/borrowed_tomorrow"),
           ("tragedy_looper", "first_steps/sour_classmates")]


@given(st.sampled_from(SCRIPTS), st.integers(0, 10_000), st.integers(10, 40))
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_deltas_pushed_to_every_seat_add_up_to_its_whole_view(script: tuple[str, str], seed: int, steps: int) -> None:
    table = _table(*script, seed)
    service = TableService(store=None)  # type: ignore[arg-type]  # views only: nothing is stored
    seats = [*table.seats, table.game.observer_seat]
    conns = {s: _Conn(s) for s in seats}
    for s, c in conns.items():
        table.conns[s] = {c}
        service.resync(table, c)  # the first message: whole
    held = {s: read_view_message(None, json.loads(c.sent[-1])) for s, c in conns.items()}
    rng = random.Random(seed)
    sizes = [0, 0]  # characters pushed, characters of the whole messages
    for _ in range(steps):
        d = table.pending
        if d is None:
            break
        table.game.apply(table.state, rng.choice(d.options), seat=d.seat)
        service._push_all(table)
        for s, c in conns.items():
            m = json.loads(c.sent[-1])
            assert "delta" in m and m["version"] == table.version
            held[s] = read_view_message(held[s], m)
            whole, _ = service.view_message(table, s)
            # the same JSON, the order of every mapping's keys included (the page shows some in order)
            assert json.dumps(held[s]) == json.dumps(read_view_message(None, json.loads(whole))), s
            sizes[0] += len(c.sent[-1])
            sizes[1] += len(whole)
    assert sizes[0] < sizes[1]  # and the deltas are smaller than the views
