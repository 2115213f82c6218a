"""Pushes after a decision (issue 13): the seat that decided is pushed first, the other seats right
after, each socket its views in order and never an older one; what one push shares between the
seats (the parts they see alike) changes no seat's view."""

from __future__ import annotations

import asyncio
import json
import random

from scriptkeeper.server.delta import read_view_message
from scriptkeeper.server.service import TableService

from .test_deltas import _Conn, _table


def _sockets(service: TableService, table: object) -> dict[str, _Conn]:
    conns = {s: _Conn(s) for s in [*table.seats, table.game.observer_seat]}  # type: ignore[attr-defined]
    for s, c in conns.items():
        table.conns[s] = {c}  # type: ignore[attr-defined]
        service.resync(table, c)  # type: ignore[arg-type]
    return conns


def test_the_deciding_seat_is_pushed_first_and_every_socket_gets_the_newest_view_in_order() -> None:
    table = _table("tragedy_looper", "first_steps/whispers_at_the_gate", 5)
    service = TableService(store=None)  # type: ignore[arg-type]  # views only
    conns = _sockets(service, table)
    held = {s: read_view_message(None, json.loads(c.sent[-1])) for s, c in conns.items()}
    rng = random.Random(5)

    def decide() -> str:
        d = table.pending
        assert d is not None
        table.game.apply(table.state, rng.choice(d.options), seat=d.seat)
        service._push_all(table, first=d.seat)
        return d.seat

    async def scenario() -> None:
        for step in range(12):
            counts = {s: len(c.sent) for s, c in conns.items()}
            first = {decide()}
            if step % 3 == 2:  # a second change before the round is over
                first.add(decide())
            # Now: the deciding seats only; the others once the loop goes round, the newest view once.
            assert {s for s, c in conns.items() if len(c.sent) > counts[s]} == first
            await asyncio.sleep(0)
            for s, c in conns.items():
                versions = [json.loads(m)["version"] for m in c.sent[counts[s]:]]
                assert versions == sorted(versions) and versions[-1] == table.version, (s, versions)
                assert s in first or len(versions) == 1, (s, versions)
                for m in c.sent[counts[s]:]:
                    held[s] = read_view_message(held[s], json.loads(m))
                whole, _ = service.view_message(table, s)
                assert json.dumps(held[s]) == json.dumps(read_view_message(None, json.loads(whole))), s

    asyncio.run(scenario())


def test_views_built_in_one_push_are_the_views_built_alone() -> None:
    """Tragedy Looper's views_alike shares the parts every seat sees alike: the same views, seat by seat."""
    table = _table("tragedy_looper", "basic_tragedy/borrowed_tomorrow", 3)
    game, state = table.game, table.state
    seats = [*table.seats, game.observer_seat]
    rng = random.Random(3)
    for _ in range(25):
        alone = {s: json.dumps(game.view(state, s), default=repr) for s in seats}
        with game.views_alike(state):
            together = {s: json.dumps(game.view(state, s), default=repr) for s in seats}
        assert together == alone
        d = game.pending(state)
        if d is None:
            break
        game.apply(state, rng.choice(d.options), seat=d.seat)
    assert "alike" not in state.view_cache  # outside a push, every view is built whole
