"""The table service: the referee between seats, the engine and the store.

Every change to a table goes through that table's lock, one at a time. A decision is checked
(seat token, whose decision it is, the table's version, legality), then **stored**, then applied
to the in-memory engine state, then acknowledged, and then every connected seat is pushed its
own view (`views.build_view`; nothing else about the game is ever sent). The state is rebuilt
from the store by replaying the decisions when a table is loaded, so a restarted server finds
every table where it was.

Seats played by an agent are driven here, right after each change; a human seat is never
decided for, however long it takes. With a bus (Redis), a process that changes a table tells
the others, which read the new decisions from the database and push their own sockets.

What this module does not do: HTTP or WebSocket details (app.py), storage SQL (store.py).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Awaitable, Protocol

import yaml

from ..agents import AGENTS, make_agent
from ..core.decision import Decision, canonical
from ..core.errors import ScriptError
from ..tragedy_looper import engine
from ..tragedy_looper.catalog import shipped_scripts
from ..tragedy_looper.script import Script, script_from_dict
from ..tragedy_looper.state import MASTERMIND, OBSERVER, PROTAGONIST_SEATS, GameState
from ..tragedy_looper.views import build_view
from . import fairness
from .store import Conflict, SeatRecord, Store, TableRecord

log = logging.getLogger("scriptkeeper.server")

try:  # orjson writes a view about ten times faster than json; json is the fallback
    import orjson

    def dumps(obj: Any) -> str:
        return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS).decode()
except ImportError:  # pragma: no cover - orjson is a dependency
    def dumps(obj: Any) -> str:
        return json.dumps(obj, separators=(",", ":"))

# The lists of a view that only grow during play: pushes send what is new in them.
APPENDING = ("log", "events")

CHAT_MAX = 1000
HUMAN = "human"


class ServiceError(Exception):
    """A refused request: `status` is the HTTP status, `reason` says why in words."""

    def __init__(self, status: int, reason: str, **extra: Any) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.extra = extra

    def to_dict(self) -> dict[str, Any]:
        return {"status": self.status, "reason": self.reason, **self.extra}


class Connection(Protocol):
    seat: str

    def send(self, message: str) -> None:
        """Queue a text message for this client (never blocks)."""


@dataclass(eq=False)
class Table:
    rec: TableRecord
    seats: dict[str, SeatRecord]
    script: Script
    state: GameState
    chat: list[dict[str, Any]] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: dict[str, set[Connection]] = field(default_factory=dict)
    sent: dict[str, dict[str, Any]] = field(default_factory=dict)  # what each connected seat's lists hold
    driver: asyncio.Task[None] | None = None

    @property
    def id(self) -> str:
        return self.rec.id

    @property
    def version(self) -> int:
        return len(self.state.history)

    @property
    def table_talk(self) -> bool:
        return bool(self.rec.options.get("table_talk", True))


def table_talk_window(state: GameState) -> bool:
    """With Table Talk off, may the Protagonists talk now?

    Seed 004: during a loop the Protagonists may not talk to each other; they talk between loops,
    where the Mastermind sees it. "Between loops" here is: before the first loop, at a loop's end
    (including the choice of next loop or Final Guess), the Final Guess, after the game, and the
    start of a loop until the Mastermind places the loop's first card.
    """
    if state.outcome is not None:
        return True
    if state.phase in ("setup", "loop_start", "loop_end", "final_guess"):
        return True
    return state.day <= 1 and state.phase in ("morning", "mastermind_cards") and not state.placed


def legal_index(d: Decision, answer: Any) -> int:
    """Position of `answer` among the options, or -1: `Decision.index_of`'s result, comparing the
    canonical JSON only where plain equality already matches (a card decision has ~100 options)."""
    key = None
    for i, opt in enumerate(d.options):
        if opt == answer:
            key = key if key is not None else canonical(answer)
            if canonical(opt) == key:
                return i
    return -1


def seats_for(players: int) -> list[str]:
    return [MASTERMIND, *PROTAGONIST_SEATS] if players == 4 else [MASTERMIND, PROTAGONIST_SEATS[0]]


def shipped_script(name: str) -> Script:
    """A shipped script by name only (never a path: the server does not open files for clients)."""
    shipped = _shipped()
    key = name.removesuffix(".yaml")
    path = shipped.get(key)
    if path is None:
        matches = [v for k, v in shipped.items() if k.endswith("/" + key)]
        if len(matches) != 1:
            raise ServiceError(404, f"no shipped script named {name!r}; shipped: {', '.join(shipped)}")
        path = matches[0]
    return fairness.script_from_text(path.read_text(encoding="utf-8"))


_shipped_cache: dict[str, Any] = {}


def _shipped() -> dict[str, Any]:
    if not _shipped_cache:
        _shipped_cache.update(shipped_scripts())
    return _shipped_cache


class TableService:
    def __init__(self, store: Store, *, agent_delay: float = 0.0, bus_url: str | None = None,
                 channel: str = "scriptkeeper") -> None:
        self.store = store
        self.agent_delay = agent_delay
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Future[Table]] = {}
        self.origin = uuid.uuid4().hex
        self.bus: Any = None
        self.bus_url = bus_url
        self.channel = channel
        self._tasks: set[asyncio.Task[Any]] = set()
        self._stopping = False

    # ================================================================ life cycle
    async def start(self) -> None:
        await self.store.init()
        for rec in await self.store.load_tables(finished=False):
            try:
                table = await self._build(rec)
            except Exception:  # a broken table must not keep the others down
                log.exception("table %s could not be loaded", rec.id)
                continue
            self.tables[rec.id] = table
            self._kick(table)
        if self.bus_url:
            from .bus import RedisBus

            self.bus = RedisBus(self.bus_url, self.channel, self.origin, self._on_bus)
            await self.bus.start()

    async def stop(self) -> None:
        # Let agent moves and seat claims under way finish (a cancelled write could strand a
        # database connection); agents stop at their next move.
        self._stopping = True
        pending = [t.driver for t in self.tables.values() if t.driver and not t.driver.done()] + list(self._tasks)
        if pending:
            _, late = await asyncio.wait(pending, timeout=5)
            for task in late:
                task.cancel()
        if self.bus:
            await self.bus.stop()
        await self.store.close()

    def _spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _build(self, rec: TableRecord) -> Table:
        script = fairness.script_from_text(rec.script_text)
        state = engine.new_game(script, rec.seed, rec.players)
        for d in await self.store.load_decisions(rec.id):
            engine.apply_in_place(state, d["answer"], seat=d["seat"])
        seats = await self.store.load_seats(rec.id)
        chat = await self.store.load_chat(rec.id)
        return Table(rec, seats, script, state, chat)

    async def get_table(self, table_id: str) -> Table:
        t = self.tables.get(table_id)
        if t is not None:
            return t
        fut = self._loading.get(table_id)
        if fut is not None:
            return await asyncio.shield(fut)
        fut = asyncio.get_running_loop().create_future()
        self._loading[table_id] = fut
        try:
            rec = await self.store.load_table(table_id)
            if rec is None:
                raise ServiceError(404, f"no table {table_id!r}")
            t = await self._build(rec)
            self.tables[table_id] = t
            fut.set_result(t)
            return t
        except BaseException as exc:
            fut.set_exception(exc)
            fut.exception()  # mark retrieved
            raise
        finally:
            del self._loading[table_id]

    # ================================================================ creating and listing
    async def create_table(self, *, script: str | None = None, script_yaml: str | None = None, name: str = "",
                           seed: int | None = None, players: int = 4, table_talk: bool = True,
                           open_seats: bool = True, agents: dict[str, str] | None = None) -> dict[str, Any]:
        if (script is None) == (script_yaml is None):
            raise ServiceError(422, "give either `script` (a shipped script's name) or `script_yaml` (a script's text)")
        if players not in (2, 4):
            raise ServiceError(422, "players must be 4 (three Protagonists) or 2 (one Protagonist holds all three hands)")
        if script is not None:
            parsed = shipped_script(script)
        else:
            try:
                data = yaml.safe_load(script_yaml or "")
            except yaml.YAMLError as exc:
                raise ServiceError(422, f"the script is not valid YAML: {exc}") from exc
            try:
                parsed = script_from_dict(data)
            except ScriptError as exc:
                raise ServiceError(422, "the script breaks script-creation rules",
                                   problems=[{"rule": p.rule, "message": p.message} for p in exc.problems]) from exc
        seat_ids = seats_for(players)
        agents = dict(agents or {})
        for seat, agent in agents.items():
            if seat not in seat_ids:
                raise ServiceError(422, f"no seat {seat!r} at a {players}-player table")
            if agent != HUMAN and agent not in AGENTS:
                raise ServiceError(422, f"unknown agent {agent!r}; known: {sorted(AGENTS)}")
        text = fairness.canonical_script_text(parsed)
        salt = fairness.new_salt()
        rec = TableRecord(
            id=secrets.token_hex(5), name=(name or "").strip()[:200] or f"{parsed.rules.set.name} table",
            created_at=time.time(), script_text=text, salt=salt, commitment=fairness.commitment(text, salt),
            seed=secrets.randbelow(2**31) if seed is None else int(seed), players=players,
            options={"table_talk": bool(table_talk), "open_seats": bool(open_seats)})
        seats = [SeatRecord(s, secrets.token_urlsafe(24), agents.get(s, HUMAN), claimed=(s == MASTERMIND)) for s in seat_ids]
        state = engine.new_game(fairness.script_from_text(text), rec.seed, players)
        await self.store.create_table(rec, seats)
        table = Table(rec, {s.seat: s for s in seats}, parsed, state)
        self.tables[rec.id] = table
        await self._publish(table, "created")
        self._kick(table)
        return {**self.info(table), "tokens": {s.seat: s.token for s in seats}}

    def info(self, table: Table, seat: str | None = None) -> dict[str, Any]:
        """Public facts about a table: never the script, the salt or a token."""
        s = table.script
        out: dict[str, Any] = {
            "id": table.id, "name": table.rec.name, "set": s.rules.set.name, "loops": s.loops, "days": s.days,
            "players": table.rec.players, "commitment": table.rec.commitment, "table_talk": table.table_talk,
            "open_seats": bool(table.rec.options.get("open_seats", True)), "version": table.version,
            "over": table.state.outcome is not None, "created_at": table.rec.created_at,
            "waiting_for": table.state.pending.seat if table.state.pending else None,
            "seats": {k: {"controller": v.controller, "claimed": v.claimed, "player_name": v.player_name,
                          "connected": len(table.conns.get(k, ()))} for k, v in table.seats.items()},
        }
        if seat is not None:
            out["chat_open"] = self.chat_open(table, seat)
        return out

    async def list_tables(self) -> list[dict[str, Any]]:
        out = []
        for rec in await self.store.load_tables():
            t = self.tables.get(rec.id)
            if t is None and not rec.finished:
                try:
                    t = await self.get_table(rec.id)  # created by another server process
                except ServiceError:
                    continue
            if t is not None:
                out.append(self.info(t))
            else:
                out.append({"id": rec.id, "name": rec.name, "players": rec.players, "over": True,
                            "commitment": rec.commitment, "created_at": rec.created_at})
        return out

    # ================================================================ seats
    def authorize(self, table: Table, seat: str, token: str | None, *, act: bool = False) -> None:
        """403 unless `token` is `seat`'s token. Observers may watch without a token, never act."""
        if seat == OBSERVER:
            if act:
                raise ServiceError(403, "observers watch; they cannot act")
            return
        rec = table.seats.get(seat)
        if rec is None:
            raise ServiceError(404, f"this table has no seat {seat!r}; seats: {', '.join(table.seats)}")
        if not token or not secrets.compare_digest(token, rec.token):
            raise ServiceError(403, f"this token is not the seat token of {seat}: a seat sees and decides only for itself")
        if not rec.claimed:
            rec.claimed = True
            self._spawn(self._claim(table, seat))

    async def _claim(self, table: Table, seat: str) -> None:
        await self.store.update_seat(table.id, seat, claimed=True)
        await self._publish(table, "seats")
        self._push_all(table)

    async def join(self, table_id: str, seat: str, player_name: str = "") -> dict[str, Any]:
        """Claim a free seat from the lobby: the seat gets a fresh token (an unused invitation link dies)."""
        table = await self.get_table(table_id)
        async with table.lock:
            rec = table.seats.get(seat)
            if rec is None or seat == MASTERMIND:
                raise ServiceError(404 if rec is None else 403,
                                   f"no free seat {seat!r}" if rec is None else "the Mastermind's seat belongs to the table's creator")
            if not table.rec.options.get("open_seats", True):
                raise ServiceError(403, "this table's seats are by invitation only: ask the Mastermind for your seat link")
            if rec.claimed:
                raise ServiceError(409, f"{seat} is already taken")
            if rec.controller != HUMAN:
                raise ServiceError(409, f"{seat} is played by the {rec.controller} agent")
            rec.token = secrets.token_urlsafe(24)
            rec.claimed = True
            rec.player_name = player_name.strip()[:100]
            await self.store.update_seat(table.id, seat, token=rec.token, claimed=True, player_name=rec.player_name)
        await self._publish(table, "seats")
        self._push_all(table)
        return {"table": table.id, "seat": seat, "token": rec.token}

    async def set_controller(self, table_id: str, token: str | None, seat: str, controller: str) -> dict[str, Any]:
        """The Mastermind gives a seat to an agent, or back to a human."""
        table = await self.get_table(table_id)
        self.authorize(table, MASTERMIND, token, act=True)
        if seat not in table.seats:
            raise ServiceError(404, f"this table has no seat {seat!r}")
        if controller != HUMAN and controller not in AGENTS:
            raise ServiceError(422, f"unknown agent {controller!r}; known: human, {', '.join(sorted(AGENTS))}")
        async with table.lock:
            table.seats[seat].controller = controller
            await self.store.update_seat(table.id, seat, controller=controller)
        await self._publish(table, "seats")
        self._push_all(table)
        self._kick(table)
        return self.info(table)

    async def admin(self, table_id: str, token: str | None) -> dict[str, Any]:
        """The Mastermind's table page data: seat tokens for the invitation links."""
        table = await self.get_table(table_id)
        self.authorize(table, MASTERMIND, token)
        return {**self.info(table), "tokens": {k: v.token for k, v in table.seats.items()}}

    # ================================================================ views
    def view(self, table: Table, seat: str) -> dict[str, Any]:
        return build_view(table.state, seat)

    def view_message(self, table: Table, seat: str, full: bool = False) -> str:
        """A `view` message for `seat`: its whole view, or (pushes) the view with only the new
        entries of its log and events, as `append: {key: [start, entries]}`. The client keeps
        the lists; a change that is not an append (the end of the game reveals the log) is sent whole.
        """
        view = build_view(table.state, seat)
        msg: dict[str, Any] = {"type": "view", "table": table.id, "version": table.version, "view": view,
                               "info": self.info(table, seat)}
        # What the seat's clients hold: the lists' lengths and last entries, and whether the game was over.
        mark = {"over": view.get("outcome") is not None,
                **{k: (len(view[k]), view[k][-1] if view[k] else None) for k in APPENDING if isinstance(view.get(k), list)}}
        prev = table.sent.get(seat)
        table.sent[seat] = mark
        if full or prev is None or prev["over"] != mark["over"]:
            return dumps(msg)
        append: dict[str, Any] = {}
        for key in APPENDING:
            new = view.get(key)
            if key not in prev or not isinstance(new, list):
                return dumps(msg)
            held, last = prev[key]
            if len(new) < held or (held and new[held - 1] != last):
                return dumps(msg)
            append[key] = [held, new[held:]]
        msg["view"] = {k: v for k, v in view.items() if k not in append}
        msg["append"] = append
        return dumps(msg)

    async def get_view(self, table_id: str, seat: str, token: str | None) -> dict[str, Any]:
        table = await self.get_table(table_id)
        self.authorize(table, seat, token)
        return {"table": table.id, "version": table.version, "view": self.view(table, seat),
                "info": self.info(table, seat), "chat": table.chat}

    def _push_all(self, table: Table) -> None:
        for seat, conns in table.conns.items():
            if conns:
                msg = self.view_message(table, seat)
                for c in conns:
                    c.send(msg)

    async def connect(self, table_id: str, conn: Connection, token: str | None) -> Table:
        table = await self.get_table(table_id)
        self.authorize(table, conn.seat, token)
        table.conns.setdefault(conn.seat, set()).add(conn)
        conn.send(dumps({"type": "chat_history", "messages": table.chat}))
        conn.send(self.view_message(table, conn.seat, full=True))
        return table

    def resync(self, table: Table, conn: Connection) -> None:
        """A client that lost track of its lists asks for its whole view."""
        conn.send(self.view_message(table, conn.seat, full=True))

    def disconnect(self, table: Table, conn: Connection) -> None:
        conns = table.conns.get(conn.seat, set())
        conns.discard(conn)
        if not conns:
            table.sent.pop(conn.seat, None)
        if table.state.outcome is not None and not any(table.conns.values()) and self.tables.get(table.id) is table:
            # A finished game nobody watches leaves memory; it is read back from the store when asked for.
            del self.tables[table.id]

    # ================================================================ decisions
    async def decide(self, table_id: str, seat: str, token: str | None, answer: Any, version: int | None = None,
                     origin: Connection | None = None, ack_id: Any = None) -> dict[str, Any]:
        table = await self.get_table(table_id)
        self.authorize(table, seat, token, act=True)
        async with table.lock:
            d = table.state.pending
            if d is None:
                raise ServiceError(409, "the game is over: no decision is pending")
            if d.seat != seat:
                raise ServiceError(409, f"it is {d.seat}'s decision, not {seat}'s", waiting_for=d.seat)
            if table.seats[seat].controller != HUMAN:
                raise ServiceError(409, f"{seat} is played by the {table.seats[seat].controller} agent; "
                                        "the Mastermind can give it back to a human")
            if version is not None and version != table.version:
                raise ServiceError(409, f"stale view: the table is at version {table.version}, you answered version {version}",
                                   version=table.version)
            i = legal_index(d, answer)
            if i < 0:
                raise ServiceError(422, f"not a legal answer to {d.kind}", legal=[o for o in d.options])
            await self._commit(table, seat, d.options[i], origin, ack_id)
            result = {"table": table.id, "version": table.version}
            if origin is None:  # REST: answer with the seat's new view (a socket was pushed it already)
                result["view"] = self.view(table, seat)
        self._kick(table)
        return result

    async def _commit(self, table: Table, seat: str, value: Any, origin: Connection | None = None,
                      ack_id: Any = None) -> None:
        """Under the table lock: store, apply, acknowledge, push, tell other processes."""
        n = table.version
        try:
            await self.store.append_decision(table.id, n, seat, value)
        except Conflict:
            await self._catch_up(table)  # another process stored decision n first
            raise ServiceError(409, "the game moved on (another server stored a decision first); your view is refreshed",
                               version=table.version)
        try:
            engine.apply_in_place(table.state, value, seat=seat)
        except Exception as exc:  # an engine bug: the stored list is the truth, rebuild from it
            log.exception("applying a checked decision failed at table %s", table.id)
            fresh = await self._build(table.rec)
            table.state, table.chat = fresh.state, fresh.chat
            self._push_all(table)
            raise ServiceError(500, f"the engine failed on this decision: {exc}") from exc
        if table.state.outcome is not None:
            table.rec.finished = True
            await self.store.mark_finished(table.id)
        if origin is not None:
            origin.send(dumps({"type": "ack", "id": ack_id, "version": table.version}))
        self._push_all(table)
        await self._publish(table, "decision")

    async def _catch_up(self, table: Table) -> bool:
        """Apply decisions and chat stored by another process; push if anything changed."""
        changed = False
        for d in await self.store.load_decisions(table.id, start=table.version):
            if d["n"] != table.version:
                break
            engine.apply_in_place(table.state, d["answer"], seat=d["seat"])
            changed = True
        for m in await self.store.load_chat(table.id, start=len(table.chat)):
            if m["n"] == len(table.chat):
                table.chat.append(m)
                msg = dumps({"type": "chat", "message": m})
                for conns in table.conns.values():
                    for c in conns:
                        c.send(msg)
        if changed:
            if table.state.outcome is not None:
                table.rec.finished = True
            self._push_all(table)
        return changed

    # ================================================================ agents
    def _agent_turn(self, table: Table) -> bool:
        d = table.state.pending
        return d is not None and d.seat in table.seats and table.seats[d.seat].controller != HUMAN

    def _kick(self, table: Table) -> None:
        if not self._stopping and self._agent_turn(table) and (table.driver is None or table.driver.done()):
            table.driver = asyncio.ensure_future(self._drive(table))

    async def _drive(self, table: Table) -> None:
        while True:
            await asyncio.sleep(self.agent_delay)  # also yields to other tables between agent moves
            async with table.lock:
                if self._stopping or not self._agent_turn(table):
                    return
                d = table.state.pending
                assert d is not None
                # Seeded by table and decision number: the same game gives the same agent moves after a restart.
                agent = make_agent(table.seats[d.seat].controller, table.rec.seed * 7919 + table.version)
                view = build_view(table.state, d.seat)
                # A thinking agent (search, or a deduction at loop start) must not hold up other tables:
                # it answers from its plain-data view in a worker thread while this table stays locked.
                answer = await asyncio.to_thread(agent.choose, view, d)
                try:
                    await self._commit(table, d.seat, answer)
                except ServiceError as exc:
                    if exc.status >= 500:
                        return
                    continue

    # ================================================================ chat
    def chat_open(self, table: Table, seat: str) -> bool:
        if seat == OBSERVER:
            return False
        if seat == MASTERMIND or table.table_talk:
            return True
        return table_talk_window(table.state)

    async def say(self, table_id: str, seat: str, token: str | None, text: str) -> dict[str, Any]:
        table = await self.get_table(table_id)
        self.authorize(table, seat, token, act=True)
        text = (text or "").strip()
        if not text:
            raise ServiceError(422, "an empty message")
        if len(text) > CHAT_MAX:
            raise ServiceError(422, f"a message holds at most {CHAT_MAX} characters")
        async with table.lock:
            if not self.chat_open(table, seat):
                raise ServiceError(409, "Table Talk is off: the Protagonists talk only between loops")
            for _ in range(3):
                n, at = len(table.chat), time.time()
                m: dict[str, Any] = {"n": n, "seat": seat, "text": text, "at": at}
                try:
                    await self.store.append_chat(table.id, n, seat, text, at)
                    break
                except Conflict:
                    await self._catch_up(table)
            else:
                raise ServiceError(409, "the chat is busy; try again")
            table.chat.append(m)
            msg = dumps({"type": "chat", "message": m})
            for conns in table.conns.values():
                for c in conns:
                    c.send(msg)
        await self._publish(table, "chat")
        return m

    # ================================================================ finished games
    async def game_file(self, table_id: str, token: str | None = None) -> dict[str, Any]:
        """The finished game with the script and salt revealed (while it runs: the Mastermind only)."""
        table = await self.get_table(table_id)
        if table.state.outcome is None:
            if not token or not secrets.compare_digest(token, table.seats[MASTERMIND].token):
                raise ServiceError(403, "the game is not over: the script and salt are revealed at its end")
        return fairness.game_file_dict(table.rec.script_text, table.rec.salt, table.rec.seed, table.rec.players,
                                       table.state, {"id": table.id, "name": table.rec.name, "table_talk": table.table_talk})

    # ================================================================ other processes
    async def _publish(self, table: Table, kind: str) -> None:
        if self.bus is not None:
            try:
                await self.bus.publish({"table": table.id, "kind": kind, "version": table.version})
            except Exception:  # the database stays the truth; a lost notice is caught up on the next change
                log.exception("publishing to the bus failed")

    async def _on_bus(self, msg: dict[str, Any]) -> None:
        table = self.tables.get(msg.get("table", ""))
        if table is None:
            return  # loaded from the database when first asked for
        kind = msg.get("kind")
        async with table.lock:
            if kind == "seats":
                table.seats = await self.store.load_seats(table.id)
                self._push_all(table)
            elif kind in ("decision", "chat"):
                await self._catch_up(table)
