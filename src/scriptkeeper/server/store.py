"""Where tables live: a small async storage interface on SQLAlchemy 2 (SQLite or PostgreSQL).

A table is stored as what defines its game: which game it is (`game`, an id of the registry of
games), the committed setup text, salt, seed, the number of seats that play (`players`) and the
options (the server's and, under `game_options`, the game's), its seats (token, who controls
them) and the ordered list of applied decisions, plus its chat. The game state is never stored:
it is rebuilt by replaying the decisions. Decision
`n` of a table has the primary key (table_id, n), so two server processes can never both store
a decision with the same number: the loser gets `Conflict` and catches up.

SQLite (the default, a file, nothing to set up) is opened in WAL mode; a killed process loses
no committed decision. PostgreSQL is chosen by a `postgresql://` URL.

Databases written by release 0.1 have no `game` column: `init` adds it (every table of theirs
is a Tragedy Looper table, the column's default).
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from concurrent.futures import ThreadPoolExecutor
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (Boolean, Column, Connection, Engine, Float, Integer, MetaData, String, Table, Text, create_engine,
                        delete, event, insert, inspect, select, update)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

log = logging.getLogger("scriptkeeper.server")
metadata = MetaData()
DEFAULT_GAME = "tragedy_looper"  # the game of every table stored before tables had a game

tables_t = Table(
    "sk_tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(200), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("script_text", Text, nullable=False),
    Column("salt", String(64), nullable=False),
    Column("commitment", String(64), nullable=False),
    Column("seed", Integer, nullable=False),
    Column("players", Integer, nullable=False),  # the number of seats that play
    Column("options", Text, nullable=False),  # JSON: table_talk, open_seats, game_options
    Column("finished", Boolean, nullable=False, default=False),
    Column("game", String(64), nullable=False, default=DEFAULT_GAME, server_default=DEFAULT_GAME),
)

seats_t = Table(
    "sk_seats", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", String(32), primary_key=True),
    Column("token", String(64), nullable=False),
    Column("controller", String(32), nullable=False),  # "human" or an agent name
    Column("claimed", Boolean, nullable=False, default=False),
    Column("player_name", String(100), nullable=False, default=""),
)

decisions_t = Table(
    "sk_decisions", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", String(32), nullable=False),
    Column("answer", Text, nullable=False),  # JSON
    Column("at", Float, nullable=False),
)

servers_t = Table(  # the server processes using this database, and whether each has a bus (presence.py)
    "sk_servers", metadata,
    Column("origin", String(64), primary_key=True),
    Column("seen", Float, nullable=False),
    Column("bus", Boolean, nullable=False, default=False),
)

chat_t = Table(
    "sk_chat", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", String(32), nullable=False),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
    Column("to_seat", String(32), nullable=True),  # a private message's one recipient (None: the whole table)
)


def _args(st: Any) -> tuple[Any, ...]:
    """A statement, or (statement, parameters)."""
    return st if isinstance(st, tuple) else (st,)


def _unique(st: Any) -> bool:
    return bool(getattr(_args(st)[0], "_sk_unique", False))


class Conflict(Exception):
    """Another writer already stored this decision or chat message number."""


@dataclass
class TableRecord:
    id: str
    name: str
    created_at: float
    script_text: str
    salt: str
    commitment: str
    seed: int
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    finished: bool = False
    game: str = DEFAULT_GAME


@dataclass
class SeatRecord:
    seat: str
    token: str
    controller: str = "human"
    claimed: bool = False
    player_name: str = ""


def normalize_url(db: str) -> str:
    """`postgresql://...` -> asyncpg; `sqlite:///x` or a plain path -> SQLite (pysqlite)."""
    if db.startswith(("postgresql://", "postgres://")):
        return "postgresql+asyncpg://" + db.split("://", 1)[1]
    if db.startswith(("sqlite://", "sqlite+aiosqlite://")):
        return "sqlite://" + db.split("://", 1)[1]
    if "://" in db:
        return db
    return f"sqlite:///{Path(db).expanduser().resolve()}"


class Store:
    """The async storage interface used by the table service.

    Writes use group commit: one writer commits whatever is queued in one transaction.
    PostgreSQL goes through SQLAlchemy's asyncio engine (asyncpg). SQLite goes through
    SQLAlchemy's ordinary engine, reads and commits alike on the event loop: no thread hop at all;
    a write with nothing queued is committed in the caller's own step (no wait for the loop's
    next rounds), and a decision's or chat message's insert goes to the driver as plain SQL.
    A commit in WAL mode with synchronous=NORMAL only appends to the WAL file (no fsync), a few
    hundred microseconds; the fsyncs are in the checkpoints, which run in a thread of their own
    with their own connection (a passive checkpoint never blocks a writer) every
    `checkpoint_pages` pages written. (Commits in a writer thread waited for the interpreter lock
    until the busy event loop released it: that wait was the server's tail at 200 tables; an
    asyncio SQLite driver hops threads for every statement, 1.5-3 ms per decision.)
    """

    def __init__(self, url: str, schema: str | None = None) -> None:
        self.url = normalize_url(url)
        self.sqlite = self.url.startswith("sqlite")
        self.schema = schema
        self._queue: list[tuple[tuple[Any, ...], asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        self.batch_max = 256
        self._unique_inserts: dict[str, Any] = {}
        self._raw_inserts: dict[tuple[str, tuple[str, ...]], str] = {}
        self.checkpoint_pages = 1000  # SQLite's own default interval
        self._since_checkpoint = 0  # statements committed since the last checkpoint began (a page or so each)
        self._checkpointing: asyncio.Future[None] | None = None
        if self.sqlite:
            # hide_parameters: a database error's message never carries a script, salt or token to the log.
            sync = create_engine(self.url, connect_args={"timeout": 10, "check_same_thread": False}, hide_parameters=True)

            @event.listens_for(sync, "connect")
            def _pragmas(dbapi_conn: Any, _rec: Any) -> None:  # pragma: no cover - trivial
                cur = dbapi_conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: a killed process loses nothing committed
                cur.execute("PRAGMA wal_autocheckpoint=0")  # checkpoints run in the store's thread (_checkpoint)
                cur.close()

            self.sync: Engine | None = sync
            self.engine: AsyncEngine | None = None
            self._executor: ThreadPoolExecutor | None = ThreadPoolExecutor(1, thread_name_prefix="sqlite-checkpoint")
        else:
            engine = create_async_engine(self.url, pool_size=10, max_overflow=20, hide_parameters=True)
            if schema:
                engine = engine.execution_options(schema_translate_map={None: schema})
            self.engine = engine
            self.sync = None
            self._executor = None

    async def init(self) -> None:
        if self.sync is not None:
            with self.sync.begin() as conn:
                self._create_and_migrate(conn)
            return
        assert self.engine is not None
        async with self.engine.begin() as conn:
            await conn.run_sync(self._create_and_migrate)

    def _create_and_migrate(self, conn: Connection) -> None:
        """Create the tables that are missing; add the columns a database of an older release lacks."""
        metadata.create_all(conn)
        have = {c["name"] for c in inspect(conn).get_columns(tables_t.name, schema=self.schema)}
        if "game" not in have:
            prep = conn.dialect.identifier_preparer
            name = prep.quote(tables_t.name) if not self.schema else f"{prep.quote_schema(self.schema)}.{prep.quote(tables_t.name)}"
            conn.exec_driver_sql(f"ALTER TABLE {name} ADD COLUMN game VARCHAR(64) NOT NULL DEFAULT '{DEFAULT_GAME}'")
        have = {c["name"] for c in inspect(conn).get_columns(chat_t.name, schema=self.schema)}
        if "to_seat" not in have:
            prep = conn.dialect.identifier_preparer
            name = prep.quote(chat_t.name) if not self.schema else f"{prep.quote_schema(self.schema)}.{prep.quote(chat_t.name)}"
            conn.exec_driver_sql(f"ALTER TABLE {name} ADD COLUMN to_seat VARCHAR(32)")

    async def close(self) -> None:
        if self._writer is not None and not self._writer.done():
            await asyncio.wait([self._writer], timeout=10)
        if self._checkpointing is not None:
            await asyncio.wait([self._checkpointing], timeout=10)
        if self.sync is not None:
            try:
                self._checkpoint_sync("TRUNCATE")  # leave a small WAL behind
            except Exception:  # noqa: BLE001 - another process holds the database: its checkpoint will do
                pass
        if self._executor is not None:
            self._executor.shutdown(wait=True)
        if self.sync is not None:
            self.sync.dispose()
        if self.engine is not None:
            await self.engine.dispose()

    async def _read(self, stmt: Any) -> list[Any]:
        if self.sync is not None:
            with self.sync.connect() as conn:
                return list(conn.execute(stmt).all())
        assert self.engine is not None
        async with self.engine.connect() as conn:
            return list((await conn.execute(stmt)).all())

    async def _write(self, *stmts: Any) -> None:
        """Run `stmts` in one transaction; Conflict if the first is a unique insert whose key is taken.

        Writes are queued and one writer commits whatever is queued in one transaction (group
        commit); on SQLite a write with nothing queued is committed at once. Nothing is
        acknowledged (this returns) before its transaction is committed.
        """
        if self.sync is not None and not self._queue and (self._writer is None or self._writer.done()):
            # SQLite with nothing queued: committed here, in the caller's own step (a few hundred
            # microseconds, no fsync: see the class). Committed before this returns, as ever, and
            # the caller never waits for the event loop's next rounds (two rounds of every other
            # table's work, under load) to be told so.
            outcome = self._commit_now(stmts)
            if outcome is not None:
                raise outcome
            return
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.append((stmts, fut))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.ensure_future(self._write_loop())
        await fut

    async def _write_loop(self) -> None:
        loop = asyncio.get_running_loop()
        while self._queue:
            batch, self._queue = self._queue[: self.batch_max], self._queue[self.batch_max:]
            items = [stmts for stmts, _ in batch]
            try:
                outcomes = await self._commit(loop, items)
            except Exception:
                # One bad item must not fail the others: commit them one by one.
                outcomes = []
                for stmts in items:
                    try:
                        outcomes.extend(await self._commit(loop, [stmts]))
                    except (IntegrityError, sqlite3.IntegrityError) as exc:
                        outcomes.append(Conflict(str(getattr(exc, "orig", exc))))
                    except Exception as exc:  # noqa: BLE001 - handed to the waiting caller
                        outcomes.append(exc)
            for (_, fut), outcome in zip(batch, outcomes):
                if fut.done():
                    continue
                if outcome is None:
                    fut.set_result(None)
                else:
                    fut.set_exception(outcome)

    def _commit_now(self, stmts: tuple[Any, ...]) -> BaseException | None:
        """SQLite: one write committed at once, on the event loop; its Conflict, or None."""
        try:
            [outcome] = self._commit_sync([stmts])
        except (IntegrityError, sqlite3.IntegrityError) as exc:
            outcome = Conflict(str(getattr(exc, "orig", exc)))
        self._committed(asyncio.get_running_loop(), len(stmts))
        return outcome

    def _committed(self, loop: asyncio.AbstractEventLoop, statements: int) -> None:
        """Count what was committed; every `checkpoint_pages` a passive checkpoint in the store's thread."""
        self._since_checkpoint += statements
        if self._since_checkpoint >= self.checkpoint_pages and self._checkpointing is None:
            self._since_checkpoint = 0
            self._checkpointing = loop.run_in_executor(self._executor, self._checkpoint_sync, "PASSIVE")
            self._checkpointing.add_done_callback(self._checkpointed)

    async def _commit(self, loop: asyncio.AbstractEventLoop, items: list[tuple[Any, ...]]) -> list[BaseException | None]:
        if self.sync is not None:
            # SQLite: on the event loop (no fsync here, see the class); the checkpoint off it.
            done = self._commit_sync(items)
            self._committed(loop, sum(len(stmts) for stmts in items))
            return done
        assert self.engine is not None
        outcomes: list[BaseException | None] = []
        async with self.engine.begin() as conn:
            for stmts in items:
                first = await conn.execute(*_args(stmts[0]))
                if first.rowcount == 0 and _unique(stmts[0]):
                    outcomes.append(Conflict("that number is taken"))
                    continue
                for st in stmts[1:]:
                    await conn.execute(*_args(st))
                outcomes.append(None)
        return outcomes

    def _checkpoint_sync(self, mode: str) -> None:
        assert self.sync is not None
        with self.sync.connect() as conn:
            conn.exec_driver_sql(f"PRAGMA wal_checkpoint({mode})")

    def _checkpointed(self, fut: asyncio.Future[None]) -> None:
        self._checkpointing = None
        if not fut.cancelled() and fut.exception() is not None:  # a busy database: the next one catches up
            log.warning("SQLite checkpoint failed (%s)", type(fut.exception()).__name__)

    def _commit_sync(self, items: list[tuple[Any, ...]]) -> list[BaseException | None]:
        assert self.sync is not None
        outcomes: list[BaseException | None] = []
        with self.sync.begin() as conn:
            for stmts in items:
                if self._execute_sync(conn, stmts[0]) == 0 and _unique(stmts[0]):
                    outcomes.append(Conflict("that number is taken"))
                    continue
                for st in stmts[1:]:
                    self._execute_sync(conn, st)
                outcomes.append(None)
        return outcomes

    def _execute_sync(self, conn: Connection, st: Any) -> int:
        """Run one statement in `conn`'s transaction; its row count. A unique insert (a decision, a
        chat message: the hot path) goes to the driver as plain SQL with its parameters, a tenth
        of what SQLAlchemy's execution costs; the rest through SQLAlchemy."""
        table = getattr(_args(st)[0], "_sk_table", None)
        if table is None:
            return int(conn.execute(*_args(st)).rowcount)
        values: dict[str, Any] = st[1]
        key = (table, tuple(values))
        sql = self._raw_inserts.get(key)
        if sql is None:
            sql = self._raw_inserts[key] = (f'INSERT INTO "{table}" ({", ".join(f"{c!s}" for c in values)}) '
                                            f'VALUES ({", ".join("?" for _ in values)}) ON CONFLICT DO NOTHING')
        cur = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        try:
            cur.execute(sql, tuple(values.values()))
            return int(cur.rowcount)
        finally:
            cur.close()

    def _insert_unique(self, table: Table, **values: Any) -> tuple[Any, dict[str, Any]]:
        """INSERT ... ON CONFLICT DO NOTHING (SQLite and PostgreSQL): a taken key shows as rowcount 0.

        The statement is built once per table and executed with parameters (building a statement
        per call costs more than the SQLite commit)."""
        stmt = self._unique_inserts.get(table.name)
        if stmt is None:
            if self.sqlite:
                from sqlalchemy.dialects import sqlite as dialect
            else:
                from sqlalchemy.dialects import postgresql as dialect  # type: ignore[no-redef]
            stmt = self._unique_inserts[table.name] = dialect.insert(table).on_conflict_do_nothing()
            stmt._sk_unique = True  # type: ignore[attr-defined]
            if self.sqlite:
                stmt._sk_table = table.name  # type: ignore[attr-defined]  # written as plain SQL (_execute_sync)
        return stmt, values

    # ---------------------------------------------------------------- tables
    async def create_table(self, rec: TableRecord, seats: list[SeatRecord]) -> None:
        stmts = [insert(tables_t).values(
            id=rec.id, name=rec.name, created_at=rec.created_at, script_text=rec.script_text, salt=rec.salt,
            commitment=rec.commitment, seed=rec.seed, players=rec.players, options=json.dumps(rec.options),
            finished=rec.finished, game=rec.game)]
        for s in seats:
            stmts.append(insert(seats_t).values(table_id=rec.id, seat=s.seat, token=s.token, controller=s.controller,
                                                claimed=s.claimed, player_name=s.player_name))
        await self._write(*stmts)

    @staticmethod
    def _table(row: Any) -> TableRecord:
        return TableRecord(row.id, row.name, row.created_at, row.script_text, row.salt, row.commitment, row.seed,
                           row.players, json.loads(row.options), bool(row.finished), row.game)

    async def load_table(self, table_id: str) -> TableRecord | None:
        rows = await self._read(select(tables_t).where(tables_t.c.id == table_id))
        return self._table(rows[0]) if rows else None

    async def load_tables(self, finished: bool | None = None) -> list[TableRecord]:
        q = select(tables_t).order_by(tables_t.c.created_at)
        if finished is not None:
            q = q.where(tables_t.c.finished == finished)
        return [self._table(r) for r in await self._read(q)]

    async def mark_finished(self, table_id: str) -> None:
        await self._write(update(tables_t).where(tables_t.c.id == table_id).values(finished=True))

    # ---------------------------------------------------------------- seats
    async def load_seats(self, table_id: str) -> dict[str, SeatRecord]:
        rows = await self._read(select(seats_t).where(seats_t.c.table_id == table_id))
        return {r.seat: SeatRecord(r.seat, r.token, r.controller, bool(r.claimed), r.player_name) for r in rows}

    async def update_seat(self, table_id: str, seat: str, **values: Any) -> None:
        await self._write(update(seats_t).where(seats_t.c.table_id == table_id, seats_t.c.seat == seat).values(**values))

    async def claim_seat(self, table_id: str, seat: str, token: str, new_token: str, **values: Any) -> bool:
        """Claim a free seat with a conditional update (still unclaimed, still this token): of two
        processes claiming one seat, only one wins; False for the other."""
        stmt = (update(seats_t)
                .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat, seats_t.c.claimed == False,  # noqa: E712
                       seats_t.c.token == token)
                .values(token=new_token, claimed=True, **values))
        stmt._sk_unique = True  # type: ignore[attr-defined]  # rowcount 0 is a Conflict
        try:
            await self._write(stmt)
        except Conflict:
            return False
        return True

    # ---------------------------------------------------------------- decisions and chat
    async def append_decision(self, table_id: str, n: int, seat: str, answer: Any, finished: bool = False) -> None:
        """Store decision number `n` (0-based); Conflict if that number is taken."""
        stmts: list[Any] = [self._insert_unique(decisions_t, table_id=table_id, n=n, seat=seat,
                                                answer=json.dumps(answer), at=time.time())]
        if finished:
            stmts.append(update(tables_t).where(tables_t.c.id == table_id).values(finished=True))
        await self._write(*stmts)

    async def load_decisions(self, table_id: str, start: int = 0) -> list[dict[str, Any]]:
        q = (select(decisions_t.c.n, decisions_t.c.seat, decisions_t.c.answer)
             .where(decisions_t.c.table_id == table_id, decisions_t.c.n >= start).order_by(decisions_t.c.n))
        rows = await self._read(q)
        return [{"n": r.n, "seat": r.seat, "answer": json.loads(r.answer)} for r in rows]

    async def append_chat(self, table_id: str, n: int, seat: str, text: str, at: float, to: str | None = None) -> None:
        await self._write(self._insert_unique(chat_t, table_id=table_id, n=n, seat=seat, text=text, at=at, to_seat=to))

    async def heartbeat(self, origin: str, bus: bool, at: float) -> None:
        """This server process is alive (and has a bus or not)."""
        await self._write(delete(servers_t).where(servers_t.c.origin == origin),
                          insert(servers_t).values(origin=origin, seen=at, bus=bool(bus)))

    async def other_servers(self, origin: str, since: float) -> list[tuple[str, bool]]:
        """The other server processes seen since `since`: (origin, has a bus)."""
        rows = await self._read(select(servers_t.c.origin, servers_t.c.bus)
                                .where(servers_t.c.origin != origin, servers_t.c.seen >= since))
        return [(r.origin, bool(r.bus)) for r in rows]

    async def leave(self, origin: str) -> None:
        await self._write(delete(servers_t).where(servers_t.c.origin == origin))

    async def delete_table(self, table_id: str) -> None:
        """A table and everything stored with it (its creator deleted it from the lobby)."""
        await self._write(*[delete(t).where(t.c.table_id == table_id) for t in (seats_t, decisions_t, chat_t)],
                          delete(tables_t).where(tables_t.c.id == table_id))

    async def load_chat(self, table_id: str, start: int = 0) -> list[dict[str, Any]]:
        q = (select(chat_t).where(chat_t.c.table_id == table_id, chat_t.c.n >= start).order_by(chat_t.c.n))
        rows = await self._read(q)
        return [{"n": r.n, "seat": r.seat, "text": r.text, "at": r.at, **({"to": r.to_seat} if r.to_seat else {})} for r in rows]
