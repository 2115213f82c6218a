"""The store (issue 4, part 3), on SQLite and PostgreSQL: a table is its script, salt, seed, seats,
decision list and chat; a decision number is taken once; everything read back is what was written."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from scriptkeeper.server.store import Conflict, SeatRecord, Store, TableRecord


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_store_round_trip_and_unique_decision_numbers(database: tuple[str, str | None]) -> None:
    db, schema = database

    async def scenario() -> None:
        s = Store(db, schema=schema)
        await s.init()
        rec = TableRecord("t1", "Tuesday", 1.5, "title: x\n", "salt", "c" * 64, 42, 4, {"table_talk": False})
        await s.create_table(rec, [SeatRecord("mastermind", "tok-m", claimed=True), SeatRecord("protagonist1", "tok-1")])
        assert await s.load_table("t1") == rec
        assert await s.load_table("nope") is None
        assert [r.id for r in await s.load_tables(finished=False)] == ["t1"]
        await s.append_decision("t1", 0, "mastermind", {"card": "paranoia_plus_1", "target": "school"})
        await s.append_decision("t1", 1, "protagonist1", "done")
        with pytest.raises(Conflict):
            await s.append_decision("t1", 1, "mastermind", "other")
        # Two writers racing for the same number: exactly one stores it.
        results = await asyncio.gather(s.append_decision("t1", 2, "mastermind", "a"),
                                       s.append_decision("t1", 2, "mastermind", "b"), return_exceptions=True)
        assert sorted(type(r).__name__ for r in results) == ["Conflict", "NoneType"]
        got = await s.load_decisions("t1")
        assert [d["n"] for d in got] == [0, 1, 2]
        assert got[0]["answer"] == {"card": "paranoia_plus_1", "target": "school"} and got[1]["answer"] == "done"
        assert [d["n"] for d in await s.load_decisions("t1", start=2)] == [2]
        await s.append_chat("t1", 0, "protagonist1", "hello", 3.0)
        with pytest.raises(Conflict):
            await s.append_chat("t1", 0, "mastermind", "me too", 4.0)
        assert await s.load_chat("t1") == [{"n": 0, "seat": "protagonist1", "text": "hello", "at": 3.0}]
        await s.update_seat("t1", "protagonist1", controller="random", claimed=True, player_name="Mio")
        seats = await s.load_seats("t1")
        assert seats["protagonist1"] == SeatRecord("protagonist1", "tok-1", "random", True, "Mio")
        await s.mark_finished("t1")
        assert (await s.load_table("t1")).finished is True  # type: ignore[union-attr]
        assert await s.load_tables(finished=False) == []
        await s.close()

    run(scenario())
