"""The store (issue 4, part 3), on SQLite and PostgreSQL: a table is its game, setup text, salt, seed,
seats, decision list and chat; a decision number is taken once; everything read back is what was
written; a database of release 0.1 is brought up to date when the server starts."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Boolean, Column, Float, Integer, MetaData, String, Table, insert
from sqlalchemy import Text as SAText

from scriptkeeper.core.fairness import verify_game
from scriptkeeper.server.app import create_app
from scriptkeeper.server.store import (Conflict, SeatRecord, Store, TableRecord, decisions_t, metadata, seats_t)


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_store_round_trip_and_unique_decision_numbers(database: tuple[str, str | None]) -> None:
    db, schema = database

    async def scenario() -> None:
        s = Store(db, schema=schema)
        await s.init()
        rec = TableRecord("t1", "Tuesday", 1.5, "title: x\n", "salt", "c" * 64, 42, 2, {"table_talk": False}, game="tinygame")
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


# ---------------------------------------------------------------- databases of release 0.1
LEGACY = Path(__file__).resolve().parents[1] / "fixtures" / "legacy" / "legacy-whispers_at_the_gate.json"

OLD = MetaData()
OLD_TABLES = Table(  # sk_tables as release 0.1 created it: no `game` column
    "sk_tables", OLD,
    Column("id", String(32), primary_key=True), Column("name", String(200), nullable=False),
    Column("created_at", Float, nullable=False), Column("script_text", SAText, nullable=False),
    Column("salt", String(64), nullable=False), Column("commitment", String(64), nullable=False),
    Column("seed", Integer, nullable=False), Column("players", Integer, nullable=False),
    Column("options", SAText, nullable=False), Column("finished", Boolean, nullable=False, default=False))
OLD_CHAT = Table(  # sk_chat before private chats: no `to_seat` column
    "sk_chat", OLD,
    Column("table_id", String(32), primary_key=True), Column("n", Integer, primary_key=True),
    Column("seat", String(32), nullable=False), Column("text", SAText, nullable=False), Column("at", Float, nullable=False))


async def write_a_database_of_release_0_1(db: str, schema: str | None, game: dict[str, Any]) -> None:
    """The tables of 0.1 holding one finished game: its record, four seats and its decisions."""
    s = Store(db, schema=schema)

    def build(conn: Any) -> None:
        OLD.create_all(conn)
        metadata.create_all(conn, tables=[seats_t, decisions_t])
        conn.execute(insert(OLD_CHAT).values(table_id="old1", n=0, seat="protagonist1", text="good luck", at=1.5))
        conn.execute(insert(OLD_TABLES).values(
            id="old1", name="From 0.1", created_at=1.0, script_text=game["script_text"], salt=game["salt"],
            commitment=game["commitment"], seed=game["seed"], players=game["players"],
            options=json.dumps({"table_talk": True, "open_seats": True}), finished=True))
        for seat in ("mastermind", "protagonist1", "protagonist2", "protagonist3"):
            conn.execute(insert(seats_t).values(table_id="old1", seat=seat, token=f"tok-{seat}", controller="human",
                                                claimed=True, player_name=""))
        for n, d in enumerate(game["decisions"]):
            conn.execute(insert(decisions_t).values(table_id="old1", n=n, seat=d["seat"], answer=json.dumps(d["answer"]), at=2.0))

    if s.sync is not None:
        with s.sync.begin() as conn:
            build(conn)
    else:
        assert s.engine is not None
        async with s.engine.begin() as aconn:
            await aconn.run_sync(build)
    await s.close()


def test_a_database_of_release_0_1_gets_its_game_column_and_its_games_still_verify(database: tuple[str, str | None]) -> None:
    """Every table of 0.1 was a Tragedy Looper table: init adds the `game` column with that default,
    and the server serves and verifies the old games (the player count read from `players`)."""
    db, schema = database
    legacy = json.loads(LEGACY.read_text())
    run(write_a_database_of_release_0_1(db, schema, legacy))

    async def migrated() -> TableRecord | None:
        s = Store(db, schema=schema)
        await s.init()
        await s.init()  # a second start finds the column and leaves it
        rec = await s.load_table("old1")
        assert await s.load_chat("old1") == [{"n": 0, "seat": "protagonist1", "text": "good luck", "at": 1.5}]
        await s.append_chat("old1", 1, "protagonist1", "psst", 1.6, "protagonist2")  # the column added for private chats
        assert (await s.load_chat("old1", start=1))[0]["to"] == "protagonist2"
        await s.close()
        return rec

    rec = run(migrated())
    assert rec is not None and rec.game == "tragedy_looper" and rec.players == 4 and rec.finished
    with TestClient(create_app(db, schema=schema)) as client:
        listed = client.get("/api/tables").json()
        assert [(t["id"], t["game"], t["public"]["set"]) for t in listed] == [("old1", "tragedy_looper", "First Steps")]
        info = client.get("/api/tables/old1").json()
        assert info["over"] and info["options"] == {"players": 4}
        game = client.get("/api/tables/old1/game").json()
    assert game["decisions"] == legacy["decisions"] and game["commitment"] == legacy["commitment"]
    v = verify_game(game)
    assert v.ok, v.problems
    assert game["outcome"]["winner"] == legacy["outcome"]["winner"] and rec.seed == legacy["seed"]


# ---------------------------------------------------------------- writes: order and durability (issue 13)
def test_decisions_written_at_once_are_stored_in_order_and_durable_when_acknowledged(database: tuple[str, str | None]) -> None:
    """Many decisions of many tables stored at once (SQLite: each committed in its caller's step;
    PostgreSQL: queued and committed together) are all stored, each under its number, and each is
    in the database, read by another connection, as soon as its write returns."""
    db, schema = database

    async def scenario() -> None:
        s = Store(db, schema=schema)
        await s.init()
        for t in ("a", "b"):
            await s.create_table(TableRecord(t, t, 1.0, "x", "salt", "c" * 64, 1, 2), [SeatRecord("mastermind", "tok")])
        other = Store(db, schema=schema)  # another connection: sees only what is committed

        async def write(t: str, n: int) -> None:
            await s.append_decision(t, n, "mastermind", {"n": n})
            assert n in [d["n"] for d in await other.load_decisions(t, start=n)]  # durable once acknowledged

        await asyncio.gather(*(write(t, n) for n in range(12) for t in ("a", "b")))
        with pytest.raises(Conflict):
            await s.append_decision("a", 5, "mastermind", "again")
        for t in ("a", "b"):
            assert [(d["n"], d["answer"]) for d in await other.load_decisions(t)] == [(n, {"n": n}) for n in range(12)]
        await other.close()
        await s.close()

    run(scenario())
