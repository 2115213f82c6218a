"""The table service: the referee between seats, the game and the store, for any game.

Every change to a table goes through that table's lock, one at a time. A decision is checked
(seat token, whose decision it is, the table's version, legality), then **stored**, then applied
to the in-memory game state, then acknowledged, and then every connected seat is pushed its own
view (`Game.view`, rendered in English here; nothing else about the game is ever sent). The
state is rebuilt from the store by replaying the decisions when a table is loaded, so a
restarted server finds every table where it was.

A table's game is named by its record (`TableRecord.game`) and found in the registry of games;
this module reaches it only through the `Game` protocol (core/game.py): setups and their
committed text, seats and the game master's seat, pending decisions, apply, views, outcomes and
when a seat may talk.

Seats played by an agent are driven here, right after each change; a human seat is never
decided for, however long it takes. With a bus (Redis), a process that changes a table tells
the others, which read the new decisions from the database and push their own sockets.

What this module does not do: HTTP or WebSocket details (app.py), storage SQL (store.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import random
import secrets
import time
import uuid
import atexit
import multiprocessing
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Awaitable, Callable, Mapping, Protocol

from ..agents.base import make_agent
from ..core import fairness, registry
from ..core.decision import Decision, canonical
from ..core.errors import GameFileError, Refusal, ScriptkeeperError, UnmodelledRule
from ..core.game import Game, public_waiting_for
from ..core.i18n import format_datetime
from ..core.text import MissingText, Ref, T, Text, from_json
from .texts import server_words
from .limits import Limits, TextError, clean_text, token_text
from .parsing import check_upload, parse_job, ready
from . import delta
from .render import ViewRenderer
from . import team
from .store import Conflict, SeatRecord, Store, TableRecord

log = logging.getLogger("scriptkeeper.server")

try:  # orjson writes a view about ten times faster than json; json is the fallback
    import orjson

    def _unrendered(obj: Any) -> Any:
        # orjson would write a Text (a dataclass) field by field: a Text that reaches the wire is a bug.
        raise TypeError(f"not rendered before sending: {obj!r}")

    def dumps(obj: Any) -> str:
        return orjson.dumps(obj, default=_unrendered, option=orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS).decode()
except ImportError:  # pragma: no cover - orjson is a dependency
    def dumps(obj: Any) -> str:
        return json.dumps(obj, separators=(",", ":"))

# The lists of a view that only grow during play: pushes send what is new in them.
APPENDING = ("log", "events", "history")  # lists that only grow during play (history: the Mastermind's)

HUMAN = "human"
SEED_MAX = 2**31  # seeds are stored as 32-bit integers


class ServiceError(Exception):
    """A refused request: `status` is the HTTP status, `reason` says why in words (English), `code`
    names it for programs (the Text's id, e.g. `server.error.no_table`; stable, whatever the
    language). The reason is a Text (`server.error.*` of server/texts/en.yaml), which the edge
    (app.py) words in the request's or the connection's language (`localized`); `words` renders a
    Text of a game's own catalog (a game's refusal: `core.errors.Refusal`) in a language instead
    of the server's words. A plain string (a game's English) stays as it is."""

    def __init__(self, status: int, reason: str | Text, *, words: Callable[[str], Callable[[Text], str]] | None = None,
                 **extra: Any) -> None:
        self.text = reason if isinstance(reason, Text) else None
        self.code = reason.id if isinstance(reason, Text) else None
        self.words = words
        self.status = status
        self.extra = extra
        self.reason = self.localized("en") if isinstance(reason, Text) else str(reason)
        super().__init__(self.reason)

    def localized(self, lang: str = "en") -> str:
        if self.text is None:
            return self.reason
        try:
            return str((self.words or server_words)(lang)(self.text))
        except MissingText:  # a word missing in `lang`: its English, never no reason at all
            return str((self.words or server_words)("en")(self.text)) if lang != "en" else self.text.id

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {"status": self.status, "reason": self.localized(lang), **({"code": self.code} if self.code else {}),
                **self.extra}

    def body(self, lang: str = "en") -> dict[str, Any]:
        """The JSON body of a refused REST request: `error` in words, `code` for programs."""
        return {"error": self.localized(lang), **({"code": self.code} if self.code else {}), **self.extra}

    @classmethod
    def seated(cls, game: Game, status: int, reason: Text, **extra: Any) -> "ServiceError":
        """A refusal that names the table's seats (Refs): they are worded as the game names them."""
        return cls(status, reason, words=seat_words(game), **extra)

    @classmethod
    def refused(cls, status: int, exc: Exception, game: Game | None = None) -> "ServiceError":
        """A game's or a checker's refusal (a Refusal, an UnmodelledRule of its AI) as a ServiceError:
        its Text when it has one (worded by the game in the reader's language), else its English."""
        text = getattr(exc, "text", None)
        if isinstance(exc, Refusal) and game is not None:
            return cls(status, exc.text, words=_game_words(game))
        if isinstance(exc, UnmodelledRule) and exc.text is not None and game is not None:  # what the AI does not model
            return cls(status, exc.text, words=_game_words(game))
        if isinstance(exc, TextError) and isinstance(text, Text):
            return cls(status, text)
        return cls(status, str(exc))


def seat_words(game: Game) -> Callable[[str], Callable[[Text], str]]:
    """The server's words with the game's seat names, in a language."""
    return lambda lang: server_words(lang, seat_names_of(game, lang))


@lru_cache(maxsize=64)
def _seat_names(game_id: str, lang: str) -> tuple[tuple[str, str], ...]:
    names = registry.get(game_id).renderer(None, lang).names.get("seat", {})
    return tuple((str(k), str(v)) for k, v in names.items())


def seat_names_of(game: Game, lang: str) -> tuple[tuple[str, str], ...]:
    try:
        return _seat_names(game.id, lang)
    except (ScriptkeeperError, KeyError):  # a game registered in this process only (tests): ask it directly
        return tuple((str(k), str(v)) for k, v in game.renderer(None, lang).names.get("seat", {}).items())


def _game_words(game: Game) -> Callable[[str], Callable[[Text], str]]:
    return lambda lang: game.renderer(None, lang)


def _e(id: str, **params: Any) -> Text:
    return T(f"server.error.{id}", **params)


def table_name(rec: "TableRecord", game: Game, lang: str = "en") -> str:
    """The table's name: the one its creator gave, else "<game> table" in the reader's language
    (stored empty, so that each reader reads it in their own)."""
    if rec.name:
        return rec.name
    title = ViewRenderer(game.renderer(None, lang))(game.title.to_json())
    return server_words(lang)(T("server.table.default_name", title=title))


def _default_name(game_id: str, lang: str) -> str:
    try:
        game = get_game(game_id)
    except ServiceError:
        return ""
    return server_words(lang)(T("server.table.default_name", title=ViewRenderer(game.renderer(None, lang))(game.title.to_json())))


class Connection(Protocol):
    seat: str
    lang: str  # the language this client reads (its hello's `lang`, else its Accept-Language)

    def send(self, message: str) -> None:
        """Queue a text message for this client (never blocks)."""


@dataclass(eq=False)
class Table:
    rec: TableRecord
    seats: dict[str, SeatRecord]
    game: Game
    setup: Any
    state: Any
    render: ViewRenderer
    chat: list[dict[str, Any]] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: dict[str, set[Connection]] = field(default_factory=dict)
    sent: dict[Any, dict[str, Any]] = field(default_factory=dict)  # each socket's view and info as last sent
    changes: int = 0  # pushes asked for so far (each change of what a seat may be shown)
    pushed: dict[Any, int] = field(default_factory=dict)  # each socket -> `changes` when it was last sent its view
    flush: asyncio.Handle | None = None  # the pending push of the seats a decision's seat went before
    driver: asyncio.Task[None] | None = None
    fixed_info: dict[str, Any] | None = None  # the table facts that never change (see TableService.info)
    # When each claimed seat's last socket closed (or the table was loaded in this process): after
    # Limits.handover_seconds the game master may give the seat to an agent (announced in the info).
    away_since: dict[str, float] = field(default_factory=dict)
    proposals: dict[int, list[dict[str, Any]]] = field(default_factory=dict)  # version -> agents' proposals (team.py)
    drafts: dict[str, dict[str, Any]] = field(default_factory=dict)  # seat -> its draft of a team series form (team.py)
    drafts_kind: str | None = None  # the kind of decision the drafts are for
    renders: dict[str, ViewRenderer] = field(default_factory=dict)  # language -> renderer (English: `render`)
    fixed_infos: dict[str, dict[str, Any]] = field(default_factory=dict)  # `fixed_info` in the other languages

    def in_lang(self, lang: str) -> ViewRenderer:
        """The table's renderer in `lang` (each seat, each watcher reads its own language)."""
        if lang == "en":
            return self.render
        r = self.renders.get(lang)
        if r is None:
            r = self.renders[lang] = ViewRenderer(self.game.renderer(self.state, lang))
        return r

    @property
    def id(self) -> str:
        return self.rec.id

    @property
    def version(self) -> int:
        return len(self.game.history(self.state))

    @property
    def pending(self) -> Decision | None:
        return self.game.pending(self.state)

    @property
    def over(self) -> bool:
        return self.game.outcome(self.state) is not None

    @property
    def table_talk(self) -> bool:
        return bool(self.rec.options.get("table_talk", True))

    @property
    def game_options(self) -> dict[str, Any]:
        return game_options(self.game, self.rec)


def game_options(game: Game, rec: TableRecord) -> dict[str, Any]:
    """The game's options of a stored table. Tables stored before games had options of their own
    (release 0.1, Tragedy Looper only) kept the player count in the `players` column alone."""
    stored = rec.options.get("game_options")
    if stored is None:
        stored = {"players": rec.players} if "players" in game.option_names else {}
    return game.check_options(stored)


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


def get_game(game_id: str | None) -> Game:
    try:
        return registry.get(game_id)
    except registry.UnknownGame as exc:
        raise ServiceError(404, _e("unknown_game", game=repr(game_id), installed=", ".join(sorted(registry.all_games())))) from None


def shipped_setup_path(game: Game, name: str) -> Path:
    """A shipped setup by name only (never a path: the server does not open files for clients)."""
    shipped = game.shipped_setups()
    key = name.removesuffix(".yaml")
    path = shipped.get(key)
    if path is None:
        matches = [v for k, v in shipped.items() if k.endswith("/" + key)]
        if len(matches) != 1:
            raise ServiceError(404, _e("no_shipped_script", name=repr(name[:200]), shipped=", ".join(shipped)))
        path = matches[0]
    return path


def shipped_setup(game: Game, name: str) -> Any:
    return _shipped_setup(game.id, str(shipped_setup_path(game, name)))


@lru_cache(maxsize=256)
def _shipped_setup(game_id: str, path: str) -> Any:
    return registry.get(game_id).load_setup(path, Path(path).parent)


def setup_from_yaml(game: Game, text: str, limits: Limits | None = None, lang: str = "en") -> Any:
    """A setup a client sent as text, checked: 422 with the named problems when it breaks a rule.

    The text is read as strict YAML (core/strict_yaml.py: no alias, anchor or duplicate key, its
    size and depth bounded); every message quoted back is cut short."""
    out = check_upload(game, text, limits or Limits(), lang)
    if out[0] != "ok":
        raise ServiceError(out[1], from_json(out[2]), **out[3])
    return out[1]


class ParserPool:
    """Uploaded scripts are parsed in other processes: a parse never holds this process's
    interpreter (threads would share its lock with the event loop), and one that takes longer
    than its bound is ended by killing its process. One pool per server process, started at the
    first upload; its workers are spawned (never forked from a process with threads)."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._ready: list[Any] = []
        self._lock = threading.Lock()
        atexit.register(self.close)

    async def get(self, workers: int) -> ProcessPoolExecutor:
        """The pool, its workers started (spawning takes seconds: not counted in a parse's time)."""
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(max(1, workers), mp_context=multiprocessing.get_context("spawn"))
                self._ready = [self._pool.submit(ready) for _ in range(max(1, workers))]
            pool, waiting = self._pool, list(self._ready)
        await asyncio.wait_for(asyncio.gather(*(asyncio.wrap_future(f) for f in waiting)), timeout=120)
        return pool

    def kill(self, pool: ProcessPoolExecutor) -> None:
        """End every worker of `pool` (a parse overran its time); the next upload starts a new pool."""
        with self._lock:
            if self._pool is pool:
                self._pool = None
        for proc in list(getattr(pool, "_processes", {}).values()):
            proc.kill()
        pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


PARSERS = ParserPool()


def seat_names(game: Game, render: ViewRenderer, seats: list[str]) -> dict[str, str]:
    """The seats' names in the game's words (the page never makes a name from a seat id)."""
    return {s: render(Ref("seat", s).to_json()) for s in [*seats, game.observer_seat]}


def _agent_names(game: Game) -> list[str]:
    return list(game.agents())


class TableService:
    def __init__(self, store: Store, *, agent_delay: float = 0.0, bus_url: str | None = None,
                 channel: str = "scriptkeeper", limits: Limits | None = None) -> None:
        self.store = store
        self.agent_delay = agent_delay
        self.limits = limits or Limits()
        # Tables whose agents think at once: the others wait their turn (a human's decision never waits).
        self._thinking = asyncio.Semaphore(max(1, self.limits.ai_tables))
        self._random = random.SystemRandom()
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Future[Table]] = {}
        self.origin = uuid.uuid4().hex
        self.bus: Any = None
        self.bus_url = bus_url
        self.channel = channel
        self._tasks: set[asyncio.Task[Any]] = set()
        self._stopping = False
        self._finished: dict[str, dict[str, Any]] = {}  # lobby lines of finished tables (they never change)
        self.presence: Any = None  # the other server processes on this database (presence.py)

    # ================================================================ life cycle
    async def start(self) -> None:
        await self.store.init()
        for rec in await self.store.load_tables(finished=False):
            try:
                table = await self._build(rec)
            except Exception as exc:  # a broken table (or a game no longer installed) must not keep the others down
                # Never the message: it may quote the script. The traceback only at debug level.
                log.error("table %s could not be loaded (%s)", rec.id, type(exc).__name__)
                log.debug("table %s could not be loaded", rec.id, exc_info=True)
                continue
            self.tables[rec.id] = table
            self._kick(table)
        if self.bus_url:
            from .bus import RedisBus

            self.bus = RedisBus(self.bus_url, self.channel, self.origin, self._on_bus, on_reconnect=self.resync_all)
            await self.bus.start()
        from .presence import Presence

        self.presence = Presence(self.store, self.origin, bool(self.bus_url))
        await self.presence.start()

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
        if self.presence is not None:
            await self.presence.stop()
        await self.store.close()

    def _spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _build(self, rec: TableRecord) -> Table:
        game = get_game(rec.game)
        setup = game.setup_from_text(rec.script_text)
        state = game.new_game(setup, rec.seed, game_options(game, rec))
        for d in await self.store.load_decisions(rec.id):
            game.apply(state, d["answer"], seat=d["seat"])
        seats = await self.store.load_seats(rec.id)
        chat = await self.store.load_chat(rec.id)
        table = Table(rec, seats, game, setup, state, ViewRenderer(game.renderer(state)), chat)
        now = time.time()
        table.away_since = {k: now for k in seats if self._guarded(table, k)}  # away, as far as this process knows
        return table

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
                raise ServiceError(404, _e("no_table", table=repr(table_id)))
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
    async def create_table(self, *, game: str | None = None, script: str | None = None, script_yaml: str | None = None,
                           name: str = "", seed: int | None = None, options: Mapping[str, Any] | None = None,
                           players: int | None = None, table_talk: bool = True, open_seats: bool = True,
                           agents: dict[str, str] | None = None, creator: list[str] | None = None,
                           lang: str = "en") -> dict[str, Any]:
        """A new table. `creator`: the seats the creator takes (default: the game master's, with
        every seat's token to hand out). A creator who does not take the game master's seat (a
        Protagonist against the AI, or a watcher: no seat) is given only its own seats' tokens,
        so nothing of the setup reaches them."""
        g = get_game(game)
        if (script is None) == (script_yaml is None):
            raise ServiceError(422, _e("script_or_yaml"))
        table_name = self._text(name or "", self.limits.table_name_chars, "table_name")
        if seed is not None and (type(seed) is not int or not 0 <= seed < SEED_MAX):
            raise ServiceError(422, _e("seed_range", max=SEED_MAX - 1))
        wanted = dict(options or {})
        if players is not None:  # the field of release 0.1, kept: the game's option of that name
            if "players" not in g.option_names:
                raise ServiceError(422, _e("no_players_option", game=g.id, options=", ".join(g.option_names) or "-"))
            wanted.setdefault("players", players)
        try:
            opts = g.check_options(wanted)
        except (ValueError, TypeError) as exc:
            raise ServiceError.refused(422, exc, g) from exc
        parsed = shipped_setup(g, script) if script is not None else await self._parse_upload(g, script_yaml or "", lang)
        try:
            seat_ids = g.seats(parsed, opts)
        except ValueError as exc:  # a setup played by other player counts only (Last Liar: exactly 4)
            raise ServiceError.refused(422, exc, g) from exc
        talk_allowed = getattr(g, "table_talk_allowed", None)
        if talk_allowed is not None and not talk_allowed(parsed):
            table_talk = False  # the rules say Table Talk is off (Last Liar), whatever was asked
        agents = dict(agents or {})
        known = _agent_names(g)
        for seat, agent in agents.items():
            if seat not in seat_ids:
                raise ServiceError(422, _e("no_such_seat", seat=repr(seat)[:60], seats=", ".join(seat_ids)))
            if agent != HUMAN and agent not in known:
                raise ServiceError(422, _e("unknown_agent", agent=repr(agent)[:60], known=", ".join(known)))
            refuses = getattr(g, "agent_refuses", None)
            why = refuses(parsed, agent) if refuses is not None and agent != HUMAN else None
            if why:  # an agent that would stop at its first decision (Another Horizon): said before the table exists
                raise ServiceError.refused(422, why, g)
        mine = [g.gm_seat] if creator is None else list(creator)
        for seat in (mine if creator is not None else []):
            if seat not in seat_ids:
                raise ServiceError(422, _e("no_such_seat", seat=repr(seat)[:60], seats=", ".join(seat_ids)))
            if agents.get(seat, HUMAN) != HUMAN:
                raise ServiceError.seated(g, 422, _e("seat_yours_and_agent", seat=Ref("seat", seat), agent=str(agents[seat])))
        if creator is not None and g.gm_seat not in mine and agents.get(g.gm_seat, HUMAN) == HUMAN:
            raise ServiceError.seated(g, 422, _e("gm_needs_player", seat=Ref("seat", g.gm_seat)))
        text = g.setup_text(parsed)
        salt = fairness.new_salt()
        owner = secrets.token_urlsafe(24)  # lets the creator delete the table from the lobby (only its hash is kept)
        setup = g.setup_from_text(text)  # the game is played from the committed text, as every replay will
        rec = TableRecord(
            id=secrets.token_hex(5), name=table_name,  # none given: worded per reader (table_name)
            created_at=time.time(), script_text=text, salt=salt, commitment=fairness.commitment(text, salt, fairness.SCHEME),
            seed=secrets.randbelow(SEED_MAX) if seed is None else int(seed), players=len(seat_ids),
            options={"table_talk": bool(table_talk), "open_seats": bool(open_seats), "game_options": opts,
                     "commitment_scheme": fairness.SCHEME, "owner": hashlib.sha256(owner.encode()).hexdigest()}, game=g.id)
        seats = [SeatRecord(s, secrets.token_urlsafe(24), agents.get(s, HUMAN), claimed=(s in mine)) for s in seat_ids]
        state = g.new_game(setup, rec.seed, opts)
        await self.store.create_table(rec, seats)
        table = Table(rec, {s.seat: s for s in seats}, g, setup, state, ViewRenderer(g.renderer(state)))
        self.tables[rec.id] = table
        await self._publish(table, "created")
        self._kick(table)
        if g.gm_seat in mine:  # the game master's creator may hand out every seat link
            return {**self.info(table), "tokens": {s.seat: s.token for s in seats}, "owner_token": owner}
        return {**self.info(table), "tokens": {s.seat: s.token for s in seats if s.seat in mine}, "owner_token": owner}

    async def delete_table(self, table_id: str, owner_token: str | None) -> dict[str, Any]:
        """The table's creator (its owner token, given when it was created) deletes it and all it stored."""
        table = await self.get_table(table_id)
        kept = table.rec.options.get("owner")
        given = hashlib.sha256((owner_token or "").encode()).hexdigest()
        if not kept or not owner_token or not secrets.compare_digest(kept, given):
            raise ServiceError(403, _e("delete_by_creator"))
        async with table.lock:
            await self.store.delete_table(table_id)
            self.tables.pop(table_id, None)
            for key in [k for k in self._finished if k == table_id or k.startswith(table_id + "|")]:
                self._finished.pop(key, None)
            table.rec.finished = True
            for conns in table.conns.values():
                for c in conns:
                    gone = ServiceError(410, _e("table_deleted"))
                    c.send(dumps({"type": "error", "id": None, **gone.to_dict(getattr(c, "lang", "en"))}))
        return {"table": table_id, "deleted": True}

    @staticmethod
    def _text(value: Any, max_chars: int, what: str, multiline: bool = False) -> str:
        try:
            return clean_text(value, max_chars, what=what, multiline=multiline)
        except TextError as exc:
            raise ServiceError(422, exc.text) from None

    async def _parse_upload(self, game: Game, text: str, lang: str = "en") -> Any:
        """An uploaded script, parsed and checked in a parser process within `parse_seconds`."""
        if not isinstance(text, str):
            raise ServiceError(422, _e("script_yaml_not_text"))
        if len(text) > self.limits.script_bytes:
            raise ServiceError(413, _e("script_too_large", bytes=self.limits.script_bytes))
        # Parsed and checked in the parser processes (at most `parse_workers` at once, the others
        # queue), never on the event loop, each bounded by `parse_seconds`.
        loop = asyncio.get_running_loop()
        try:
            pool = await PARSERS.get(self.limits.parse_workers)
        except (asyncio.TimeoutError, BrokenProcessPool, RuntimeError):
            raise ServiceError(429, _e("parsers_starting"), retry_after=2.0) from None
        try:
            job = loop.run_in_executor(pool, parse_job, game.id, text, self.limits, lang)
            result = await asyncio.wait_for(job, timeout=self.limits.parse_seconds)
        except asyncio.TimeoutError:
            PARSERS.kill(pool)
            raise ServiceError(422, _e("parse_too_slow", seconds=self.limits.parse_seconds)) from None
        except (BrokenProcessPool, RuntimeError):  # the pool was ended under this upload: another overran
            raise ServiceError(429, _e("parsers_busy"), retry_after=1.0) from None
        if result[0] == "unknown":
            return await asyncio.wait_for(asyncio.to_thread(setup_from_yaml, game, text, self.limits, lang),
                                          timeout=self.limits.parse_seconds)
        if result[0] != "ok":
            raise ServiceError(result[1], from_json(result[2]), **result[3])
        return game.setup_from_text(result[1])

    def info(self, table: Table, seat: str | None = None, lang: str = "en",
             shared: dict[Any, dict[str, Any]] | None = None) -> dict[str, Any]:
        """Public facts about a table: never the setup's secrets, the salt or a token.

        `shared`: a push's own memo (one push, one state): the facts are worked out once per
        language and the same object is handed to every seat that reads them alike."""
        if shared is None:
            return self._info(table, seat, lang)
        key = (lang, None if seat is None else self.chat_open(table, seat))
        out = shared.get(key)
        if out is None:
            out = shared[key] = self._info(table, seat, lang)
        return out

    def _info(self, table: Table, seat: str | None = None, lang: str = "en") -> dict[str, Any]:
        g, render = table.game, table.in_lang(lang)
        d = table.pending
        outcome = g.outcome(table.state)
        fixed = table.fixed_info if lang == "en" else table.fixed_infos.get(lang)
        if fixed is None:  # what never changes at a table, worked out once (per language)
            fixed = {
                "id": table.id, "name": table_name(table.rec, g, lang), "game": g.id, "game_title": render(g.title.to_json()),
                "public": render(g.public_info(table.setup)), "players": table.rec.players, "options": table.game_options,
                "gm_seat": g.gm_seat, "observer_seat": g.observer_seat,
                "assistant": callable(getattr(g, "assistant", None)),  # the page offers the panel only then
                "seat_names": seat_names(g, render, list(table.seats)),
                "commitment": table.rec.commitment, "created_at": table.rec.created_at,
                "created": format_datetime(table.rec.created_at, lang)}  # the date in the reader's words (Babel)
            if lang == "en":
                table.fixed_info = fixed
            else:
                table.fixed_infos[lang] = fixed
        out: dict[str, Any] = {
            **fixed, "table_talk": table.table_talk,
            "open_seats": bool(table.rec.options.get("open_seats", True)), "version": table.version,
            "over": outcome is not None,
            "waiting_for": public_waiting_for(g, table.state) if d else None,
            "seats": {k: self._seat_info(table, k, v) for k, v in table.seats.items()},
        }
        if outcome is not None:
            out["outcome"] = {**render(outcome.to_json()), "headline": self._headline(table, outcome.winner, lang)}
        if seat is not None:
            out["chat_open"] = self.chat_open(table, seat)
        if getattr(g, "private_chats", False):
            out["private_chats"] = True  # the page offers a message to one seat
        return out

    def _seat_info(self, table: Table, seat: str, rec: SeatRecord) -> dict[str, Any]:
        out: dict[str, Any] = {"controller": rec.controller, "claimed": rec.claimed, "player_name": rec.player_name,
                               "connected": len(table.conns.get(seat, ()))}
        away = table.away_since.get(seat)
        if away is not None and self._guarded(table, seat):
            # Announced to everyone: from this time the game master may give the seat to an agent.
            out["handover_at"] = away + self.limits.handover_seconds
        return out

    def _guarded(self, table: Table, seat: str) -> bool:
        """A seat only its own token may give away: claimed by a player, played by a human."""
        rec = table.seats[seat]
        return rec.claimed and rec.controller == HUMAN and seat != table.game.gm_seat

    @staticmethod
    def _headline(table: Table, winner: str, lang: str = "en") -> str:
        """"The Mastermind wins": the game's `ui.headline.<winner>` (what the terminal shows too),
        else the winning seat's name."""
        key = f"ui.headline.{winner}"
        render = table.in_lang(lang)
        if key in render.renderer.catalog:
            return str(render(T(key).to_json()))
        return str(render(Ref("seat", winner).to_json()))

    async def list_tables(self, lang: str = "en") -> list[dict[str, Any]]:
        out = []
        for rec in await self.store.load_tables():
            t = self.tables.get(rec.id)
            if t is None and not rec.finished:
                try:
                    t = await self.get_table(rec.id)  # created by another server process
                except (ServiceError, ScriptkeeperError):
                    continue
            if t is not None:
                out.append(self.info(t, lang=lang))
            else:
                key = rec.id if lang == "en" else f"{rec.id}|{lang}"
                if key not in self._finished:  # its winner: replayed once, then remembered (per language)
                    try:
                        self._finished[key] = self.info(await self._build(rec), lang=lang)
                    except Exception:  # a game no longer installed: the line says what the record holds
                        log.debug("finished table %s could not be replayed for the lobby", rec.id)
                out.append(self._finished_info(rec, lang))
        return out

    def _finished_info(self, rec: TableRecord, lang: str = "en") -> dict[str, Any]:
        """The lobby line of a finished game no one watches: what its record says, without a replay."""
        key = rec.id if lang == "en" else f"{rec.id}|{lang}"
        summary = self._finished.get(key)
        if summary is None:
            summary = {"id": rec.id, "name": rec.name or _default_name(rec.game, lang), "game": rec.game, "players": rec.players, "over": True,
                       "commitment": rec.commitment, "created_at": rec.created_at,
                       "created": format_datetime(rec.created_at, lang)}
            try:
                g = get_game(rec.game)
                setup = g.setup_from_text(rec.script_text)
                render = ViewRenderer(g.renderer(None, lang))
                summary.update(game_title=render(g.title.to_json()), public=render(g.public_info(setup)), gm_seat=g.gm_seat,
                               observer_seat=g.observer_seat,
                               seat_names=seat_names(g, render, g.seats(setup, game_options(g, rec))))
            except (ServiceError, ScriptkeeperError, ValueError):
                pass  # a game no longer installed: the line says what the record holds
            self._finished[key] = summary
        return summary

    # ================================================================ seats
    def authorize(self, table: Table, seat: str, token: Any, *, act: bool = False) -> None:
        """403 unless `token` is `seat`'s token. Observers may watch without a token, never act."""
        if seat == table.game.observer_seat:
            if act:
                raise ServiceError(403, _e("observers_watch"))
            return
        rec = table.seats.get(seat)
        if rec is None:
            raise ServiceError(404, _e("no_such_seat", seat=repr(seat), seats=", ".join(table.seats)))
        if not self._token_ok(token, rec):
            raise ServiceError.seated(table.game, 403, _e("wrong_token", seat=Ref("seat", seat)))

    def _token_ok(self, token: Any, rec: SeatRecord) -> bool:
        tok = token_text(token, self.limits.token_chars)
        return tok is not None and secrets.compare_digest(tok.encode(), rec.token.encode())

    async def claim(self, table_id: str, seat: str, token: Any) -> dict[str, Any]:
        """A player opens their invitation link: the seat is theirs and its token rotates, so the
        invitation (which the game master also holds) no longer opens it. Claiming again with the
        new token changes nothing."""
        table = await self.get_table(table_id)
        self.authorize(table, seat, token, act=True)
        if seat == table.game.gm_seat:
            raise ServiceError(409, _e("gm_seat_is_creators"))
        async with table.lock:
            rec = table.seats[seat]
            if rec.claimed:
                return {"table": table.id, "seat": seat, "token": rec.token}
            if rec.controller != HUMAN:
                raise ServiceError.seated(table.game, 409, _e("seat_of_agent", seat=Ref("seat", seat), agent=str(rec.controller)))
            fresh = secrets.token_urlsafe(24)
            if not await self.store.claim_seat(table.id, seat, rec.token, fresh):
                raise ServiceError.seated(table.game, 409, _e("claimed_elsewhere", seat=Ref("seat", seat)))
            rec.token, rec.claimed = fresh, True
            table.away_since[seat] = time.time()
        await self._publish(table, "seats")
        self._push_all(table)
        return {"table": table.id, "seat": seat, "token": fresh}

    async def join(self, table_id: str, seat: Any, player_name: Any = "") -> dict[str, Any]:
        """Claim a free seat from the lobby: the seat gets a fresh token (an unused invitation link dies).

        The seat changes in memory only once the store has accepted the change."""
        name = self._text(player_name or "", self.limits.name_chars, "player_name")
        if not isinstance(seat, str):
            raise ServiceError(422, _e("seat_not_id"))
        table = await self.get_table(table_id)
        async with table.lock:
            rec = table.seats.get(seat)
            if rec is None:
                raise ServiceError(404, _e("no_free_seat", seat=repr(seat[:40])))
            if seat == table.game.gm_seat:
                raise ServiceError(403, _e("gm_seat_belongs_to_creator"))
            if not table.rec.options.get("open_seats", True):
                raise ServiceError(403, _e("invitation_only"))
            if rec.claimed:
                raise ServiceError.seated(table.game, 409, _e("seat_taken", seat=Ref("seat", seat)))
            if rec.controller != HUMAN:
                raise ServiceError.seated(table.game, 409, _e("seat_of_agent", seat=Ref("seat", seat), agent=str(rec.controller)))
            fresh = secrets.token_urlsafe(24)
            if not await self.store.claim_seat(table.id, seat, rec.token, fresh, player_name=name):
                table.seats = await self.store.load_seats(table.id)
                raise ServiceError.seated(table.game, 409, _e("seat_taken", seat=Ref("seat", seat)))
            rec.token, rec.claimed, rec.player_name = fresh, True, name
            table.away_since[seat] = time.time()
        await self._publish(table, "seats")
        self._push_all(table)
        return {"table": table.id, "seat": seat, "token": fresh}

    async def set_controller(self, table_id: str, token: Any, seat: str, controller: Any) -> dict[str, Any]:
        """Who plays a seat: a human or an agent. The game master decides for its own seat and for
        seats no player has claimed; a claimed seat changes only with its own token, or once it has
        been disconnected for `handover_seconds` (the time is announced in every seat's info)."""
        table = await self.get_table(table_id)
        if seat not in table.seats:
            raise ServiceError(404, _e("no_such_seat", seat=repr(seat[:40]), seats=", ".join(table.seats)))
        if not isinstance(controller, str):
            raise ServiceError(422, _e("controller_not_name"))
        known = _agent_names(table.game)
        if controller != HUMAN and controller not in known:
            raise ServiceError(422, _e("unknown_agent", agent=repr(controller[:40]), known=", ".join([HUMAN, *known])))
        own = self._token_ok(token, table.seats[seat]) and table.seats[seat].claimed
        if not own:
            self.authorize(table, table.game.gm_seat, token, act=True)
        async with table.lock:
            if not own and self._guarded(table, seat):
                at = table.away_since.get(seat)
                if at is None or time.time() < at + self.limits.handover_seconds:
                    raise ServiceError.seated(table.game, 403, _e("seat_guarded", seat=Ref("seat", seat), seconds=self.limits.handover_seconds),
                                       handover_at=at and at + self.limits.handover_seconds)
            await self.store.update_seat(table.id, seat, controller=controller)
            table.seats[seat].controller = controller
        await self._publish(table, "seats")
        self._push_all(table)
        self._kick(table)
        return self.info(table)

    async def admin(self, table_id: str, token: Any) -> dict[str, Any]:
        """The game master's table page data: the invitation links of the seats no player has
        claimed yet (a claimed seat's token is its player's alone)."""
        table = await self.get_table(table_id)
        self.authorize(table, table.game.gm_seat, token)
        return {**self.info(table), "tokens": {k: v.token for k, v in table.seats.items()
                                               if not v.claimed and k != table.game.gm_seat}}

    # ================================================================ views
    def view(self, table: Table, seat: str, lang: str = "en") -> dict[str, Any]:
        """`seat`'s view with every Text and name rendered in `lang` (what the page shows); a team
        decision a human seat takes for an agent of its team is shown as that seat's (team.py)."""
        render = table.in_lang(lang)
        view = render.view(seat, table.game.view(table.state, seat), APPENDING)
        d = table.pending
        if d is not None and d.info.get("team") and seat in table.seats and table.seats[seat].controller == HUMAN:
            entry = None
            if seat in team.takers(table, d):
                entry = team.decision_for(table, seat, d)
                view = {k: v for k, v in view.items() if k != "waiting_for"}
            elif d.seat == seat and isinstance(view.get("decision"), dict):
                entry = {**view["decision"], "proposals": table.proposals.get(table.version, [])}
            if entry is not None:
                view = {**view, "decision": render(entry)}
        if table.drafts:
            drafts = team.drafts_for(table, seat, d, lambda s: self.chat_open(table, s))
            if drafts:
                view = {**view, "team_drafts": render(drafts)}
        return view

    async def draft(self, table_id: str, seat: str, token: str | None, answers: Any) -> None:
        """A human who takes a team series decision (the Final Guess form) shares its form as it
        changes: the legal part of it is shown to the team-mates who follow it (team.py)."""
        table = await self.get_table(table_id)
        self.authorize(table, seat, token, act=True)
        async with table.lock:
            d = table.pending
            if seat not in team.drafters(table, d):
                raise ServiceError.seated(table.game, 409, _e("no_team_form", seat=Ref("seat", seat)))
            assert d is not None
            if table.drafts_kind != d.kind:
                table.drafts, table.drafts_kind = {}, d.kind
            clean = team.clean_draft(d, answers)
            if table.drafts.get(seat) == clean:
                return
            table.drafts[seat] = clean
            self._push_all(table)

    def _propose(self, table: Table) -> None:
        """Ask the team's agents for their proposals on a team decision humans take (in a worker
        thread), then push them to every seat."""
        d = table.pending
        v = table.version
        if d is None or not d.info.get("team") or v in table.proposals or self._stopping:
            return
        humans = [s for s in team.team_of(table, d.seat) if s in table.seats and table.seats[s].controller == HUMAN]
        agents = [s for s in team.team_of(table, d.seat) if s in table.seats and table.seats[s].controller != HUMAN]
        if not humans or not agents:
            return
        table.proposals = {v: []}

        async def work() -> None:
            got = await asyncio.to_thread(team.proposals, table, d)
            if table.version == v:
                table.proposals[v] = got
                self._push_all(table)

        self._spawn(work())

    def view_message(self, table: Table, seat: str, held: dict[str, Any] | None = None,
                     lang: str = "en", shared: dict[Any, Any] | None = None) -> tuple[str, dict[str, Any]]:
        """A `view` message for `seat` in `lang` and what a client holds once it has read it (`{"view", "info"}`).

        Without `held` (a new socket, a resync) the message carries the whole view and the table's
        info. With `held` (a push: what that socket holds), it carries only `delta`, the patch that
        turns `held` into the new view and info (delta.py): a new log entry, the counters that
        moved, the decision that changed; what did not change is not sent. The view itself is
        always built whole and positively; only what travels is the difference.
        """
        info = self.info(table, seat, lang, shared)
        body = {"view": self.view(table, seat, lang), "info": info}
        head = {"type": "view", "table": table.id, "version": table.version, "lang": lang}
        if held is None:
            return dumps({**head, **body}), body
        # The view's patch and the info's, put together as delta.diff(held, body) would: the
        # seats that held the same info and read the same now share one patch of it.
        changed: dict[str, Any] = {}
        p = delta.diff(held["view"], body["view"], shared)
        if p is not None:
            changed["view"] = p
        if shared is None:
            p = delta.diff(held["info"], info)
        else:
            pair = (id(held["info"]), id(info))
            if pair not in shared:
                shared[pair] = (held["info"], info, delta.diff(held["info"], info))  # both held: their ids stay theirs
            p = shared[pair][2]
        if p is not None:
            changed["info"] = p
        return dumps({**head, "delta": {"d": changed}}), body

    def _send_whole(self, table: Table, conn: Connection) -> None:
        msg, body = self.view_message(table, conn.seat, lang=getattr(conn, "lang", "en"))
        table.sent[conn] = body
        table.pushed[conn] = table.changes
        conn.send(msg)

    async def get_view(self, table_id: str, seat: str, token: str | None, lang: str = "en") -> dict[str, Any]:
        table = await self.get_table(table_id)
        self.authorize(table, seat, token)
        return {"table": table.id, "version": table.version, "view": self.view(table, seat, lang),
                "info": self.info(table, seat, lang), "chat": self.chat_tail(table, seat)}

    def chat_tail(self, table: Table, seat: str) -> list[dict[str, Any]]:
        """The newest `chat_history` messages `seat` may read: what a view or a hello carries (each
        has its number `n`). A private message reaches its sender and its one recipient only."""
        mine = [m for m in table.chat if may_read(m, seat)]
        return mine[-self.limits.chat_history:] if self.limits.chat_history > 0 else []

    def _push_all(self, table: Table, first: str | None = None) -> None:
        """Push every connected socket the change of its seat's view since what it holds; sockets of a
        seat that hold the same view (the usual case) share one delta.

        `first` (the seat whose decision it was): that seat's sockets are pushed now and the
        others' right after, in the event loop's next round (`_flush`), so the one who acted is
        not kept waiting while three other views are built. Each socket is still sent its views
        in order; a change made before the flush is in the view it pushes (never an older one)."""
        table.changes += 1
        loop = _running_loop()
        if first is None or loop is None:
            if table.flush is not None:
                table.flush.cancel()
                table.flush = None
            self._push(table, table.conns.items())
            return
        self._push(table, [(first, table.conns.get(first, set()))])
        if table.flush is None:
            table.flush = loop.call_soon(self._flush, table)

    def _flush(self, table: Table) -> None:
        table.flush = None
        try:
            self._push(table, table.conns.items())
        except Exception:  # noqa: BLE001 - a bug in a view must not stop the loop; the next push tries again
            log.exception("pushing the views of table %s failed", table.id)

    def _push(self, table: Table, groups: Any) -> None:
        alike = getattr(table.game, "views_alike", None)  # optional: the game builds what seats see alike once
        with alike(table.state) if alike is not None else contextlib.nullcontext():
            self._push_round(table, groups)

    def _push_round(self, table: Table, groups: Any) -> None:
        shared: dict[Any, Any] = {}  # one push, one state: the table's facts worked out once per language
        now = table.changes
        for seat, conns in list(groups):
            # Sockets that hold the very same copy read the same language (the copy was rendered in it).
            by_held: dict[int, tuple[str, dict[str, Any]]] = {}
            for c in list(conns):
                if table.pushed.get(c) == now:
                    continue  # sent this very state already (the deciding seat, before the flush)
                held = table.sent.get(c)
                if held is None:
                    self._send_whole(table, c)
                    continue
                done = by_held.get(id(held))
                if done is None:
                    done = by_held[id(held)] = self.view_message(table, seat, held, getattr(c, "lang", "en"), shared)
                table.sent[c] = done[1]
                table.pushed[c] = now
                c.send(done[0])

    async def connect(self, table_id: str, conn: Connection, token: str | None) -> Table:
        """A socket says hello; a hello that names no seat watches (the game's observer seat)."""
        table = await self.get_table(table_id)
        if not conn.seat:
            conn.seat = table.game.observer_seat
        self.authorize(table, conn.seat, token)
        conns = table.conns.setdefault(conn.seat, set())
        if conn.seat != table.game.observer_seat and len(conns) >= self.limits.sockets_per_seat:
            raise ServiceError(429, _e("too_many_connections", count=len(conns)))
        conns.add(conn)
        returned = table.away_since.pop(conn.seat, None) is not None
        conn.send(dumps({"type": "chat_history", "messages": self.chat_tail(table, conn.seat)}))
        self._send_whole(table, conn)
        if returned:
            self._push_all(table)  # the handover time is no longer announced
        return table

    def resync(self, table: Table, conn: Connection) -> None:
        """A client that lost track of its view (a patch that did not fit) asks for it whole."""
        self._send_whole(table, conn)

    def disconnect(self, table: Table, conn: Connection) -> None:
        conns = table.conns.get(conn.seat, set())
        if conn not in conns:
            return
        conns.discard(conn)
        table.sent.pop(conn, None)
        table.pushed.pop(conn, None)
        if not conns:
            if conn.seat in table.seats and self._guarded(table, conn.seat) and not table.over:
                table.away_since[conn.seat] = time.time()
                self._push_all(table)  # announce when the game master may give the seat to an agent
        if table.over and not any(table.conns.values()) and self.tables.get(table.id) is table:
            # A finished game nobody watches leaves memory; it is read back from the store when asked for.
            del self.tables[table.id]

    # ================================================================ decisions
    async def decide(self, table_id: str, seat: str, token: str | None, answer: Any, version: int | None = None,
                     origin: Connection | None = None, ack_id: Any = None) -> dict[str, Any]:
        table = await self.get_table(table_id)
        self.authorize(table, seat, token, act=True)
        asker = seat
        async with table.lock:
            d = table.pending
            if d is None:
                raise ServiceError(409, _e("game_over"))
            if d.seat != seat and seat in team.takers(table, d):
                seat = d.seat  # a team decision a human takes for an agent of the team: stored as asked
            elif d.seat != seat:
                w = public_waiting_for(table.game, table.state)
                raise ServiceError.seated(table.game, 409, _e("not_your_decision", waiting=Ref("seat", w), seat=Ref("seat", seat)) if w == d.seat else _e("not_a_decision_of", seat=Ref("seat", seat)),
                                   waiting_for=w)
            elif table.seats[seat].controller != HUMAN:
                raise ServiceError.seated(table.game, 409, _e("seat_of_agent_gm", seat=Ref("seat", seat), agent=str(table.seats[seat].controller)))
            if version is not None and version != table.version:
                raise ServiceError(409, _e("stale_view", version=str(table.version), answered=str(version)),
                                   version=table.version)
            i = legal_index(d, answer)
            if i < 0:
                raise ServiceError(422, _e("not_legal_answer", kind=str(d.kind)), legal=[o for o in d.options])
            await self._commit(table, seat, d.options[i], origin, ack_id)
            result = {"table": table.id, "version": table.version}
            if origin is None:  # REST: answer with the seat's new view (a socket was pushed it already)
                result["view"] = self.view(table, asker)
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
            raise ServiceError(409, _e("moved_on"),
                               version=table.version)
        try:
            table.game.apply(table.state, value, seat=seat)
        except Exception as exc:  # a rules bug: the stored list is the truth, rebuild from it
            log.error("applying a checked decision failed at table %s (%s)", table.id, type(exc).__name__)
            log.debug("applying a checked decision failed at table %s", table.id, exc_info=True)
            fresh = await self._build(table.rec)
            table.state, table.chat = fresh.state, fresh.chat
            self._push_all(table)
            raise ServiceError(500, _e("game_failed", detail=" ".join(str(exc).split())[:300])) from exc
        if table.over:
            table.rec.finished = True
            await self.store.mark_finished(table.id)
        if origin is not None:
            origin.send(dumps({"type": "ack", "id": ack_id, "version": table.version}))
        nxt = table.pending
        if table.drafts and (nxt is None or nxt.kind != table.drafts_kind):
            table.drafts, table.drafts_kind = {}, None  # the form is done: its drafts go
        self._propose(table)
        self._push_all(table, first=origin.seat if origin is not None else seat)
        await self._publish(table, "decision")

    async def _catch_up(self, table: Table) -> bool:
        """Apply decisions and chat stored by another process; push if anything changed."""
        changed = False
        for d in await self.store.load_decisions(table.id, start=table.version):
            if d["n"] != table.version:
                break
            table.game.apply(table.state, d["answer"], seat=d["seat"])
            changed = True
        for m in await self.store.load_chat(table.id, start=len(table.chat)):
            if m["n"] == len(table.chat):
                table.chat.append(m)
                self._send_chat(table, m)
        if changed:
            if table.over:
                table.rec.finished = True
            self._push_all(table)
        return changed

    # ================================================================ agents
    def _agent_turn(self, table: Table) -> bool:
        d = table.pending
        return (d is not None and d.seat in table.seats and table.seats[d.seat].controller != HUMAN
                and not team.takers(table, d))

    def _kick(self, table: Table) -> None:
        self._propose(table)
        if not self._stopping and self._agent_turn(table) and (table.driver is None or table.driver.done()):
            table.driver = asyncio.ensure_future(self._drive(table))

    async def _drive(self, table: Table) -> None:
        """Play the agents' seats of `table` until a human is to decide. A failure of the store (a
        database outage) does not stop the table for good: the driver waits (doubling from
        `driver_backoff` to 30 s), reloads what the store holds and goes on."""
        backoff = self.limits.driver_backoff
        while not self._stopping:
            try:
                await self._drive_once(table)
                return
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - logged without its arguments (they may hold secrets)
                log.error("the agent driver of table %s stopped on %s; retrying in %.1f s", table.id,
                          type(exc).__name__, backoff)
                await asyncio.sleep(backoff)
                backoff = min(30.0, backoff * 2)
                try:
                    async with table.lock:
                        await self._catch_up(table)
                except Exception:  # noqa: BLE001 - still down: wait again
                    continue

    async def _drive_once(self, table: Table) -> None:
        while True:
            await asyncio.sleep(self.agent_delay)  # also yields to other tables between agent moves
            await self._thinking.acquire()  # at most `ai_tables` tables' agents think at once; the others queue
            try:
                async with table.lock:
                    if self._stopping or not self._agent_turn(table):
                        return
                    d = table.pending
                    assert d is not None
                    version = table.version
                    # Seeded by table and decision number: the same game gives the same agent moves after a restart.
                    agent = make_agent(table.game, table.seats[d.seat].controller, table.rec.seed * 7919 + table.version)
                    # Agents read the unrendered view (ids and data), as in every other front end.
                    view = table.game.view(table.state, d.seat)
                    started = time.monotonic()
                    # A thinking agent (search, or a deduction at loop start) must not hold up other tables:
                    # it answers from its plain-data view in a worker thread while this table stays locked.
                    try:
                        answer = await asyncio.to_thread(agent.choose, view, d)
                    except Exception as exc:  # noqa: BLE001 - an agent's bug stops that seat's agent, never the server
                        log.error("the %s agent failed at table %s (%s)", table.seats[d.seat].controller, table.id,
                                  type(exc).__name__)
                        return
                    if not (d.forced and self._watched_by_people(table)):
                        if await self._agent_commit(table, d, answer):
                            return
                        continue
            finally:
                self._thinking.release()
            # A question asked only so that its existence betrays nothing: the answer goes out after the
            # same delay distribution whatever the agent held (the table is not locked meanwhile).
            lo, hi = self.limits.secret_delay
            await asyncio.sleep(max(0.0, self._random.uniform(lo, hi) - (time.monotonic() - started)))
            async with table.lock:
                if self._stopping or table.version != version or not self._agent_turn(table):
                    continue
                if await self._agent_commit(table, d, answer):
                    return

    async def _agent_commit(self, table: Table, d: Decision, answer: Any) -> bool:
        """Under the table lock: store an agent's answer; True when the driver should stop."""
        try:
            await self._commit(table, d.seat, answer)
        except ServiceError as exc:
            return exc.status >= 500
        return False

    def _watched_by_people(self, table: Table) -> bool:
        """Someone other than an agent plays or watches: a human seat, or any open socket."""
        return any(s.controller == HUMAN for s in table.seats.values()) or any(table.conns.values())

    # ================================================================ chat
    def chat_open(self, table: Table, seat: str) -> bool:
        if seat == table.game.observer_seat:
            return False
        return table.game.may_talk(table.state, seat, table_talk=table.table_talk)

    def _send_chat(self, table: Table, m: dict[str, Any]) -> None:
        msg = dumps({"type": "chat", "message": m})
        for s, conns in table.conns.items():
            if may_read(m, s):
                for c in conns:
                    c.send(msg)

    async def say(self, table_id: str, seat: str, token: Any, text: Any, to: Any = None) -> dict[str, Any]:
        """A chat message to the table, or (`to`, where the game has private chats) to one seat."""
        table = await self.get_table(table_id)
        self.authorize(table, seat, token, act=True)
        text = self._text(text, self.limits.chat_chars, "chat_message", multiline=True)
        if not text:
            raise ServiceError(422, _e("empty_message"))
        if to is not None:
            if not getattr(table.game, "private_chats", False):
                raise ServiceError(422, _e("no_private_chats"))
            if not isinstance(to, str) or to not in table.seats or to in (seat, table.game.observer_seat):
                raise ServiceError(422, _e("private_to_another_seat"))
        async with table.lock:
            if not self.chat_open(table, seat):
                raise ServiceError(409, _e("table_talk_off"))
            if len(table.chat) >= self.limits.chat_max:
                raise ServiceError(409, _e("chat_full", count=self.limits.chat_max))
            for _ in range(3):
                n, at = len(table.chat), time.time()
                m: dict[str, Any] = {"n": n, "seat": seat, "text": text, "at": at, **({"to": to} if to else {})}
                try:
                    await self.store.append_chat(table.id, n, seat, text, at, to)
                    break
                except Conflict:
                    await self._catch_up(table)
            else:
                raise ServiceError(409, _e("chat_busy"))
            table.chat.append(m)
            self._send_chat(table, m)
        await self._publish(table, "chat")
        return m

    # ================================================================ finished games
    async def game_file(self, table_id: str, token: str | None = None) -> dict[str, Any]:
        """The finished game with the setup and salt revealed (while it runs: the game master only)."""
        table = await self.get_table(table_id)
        if not table.over:
            gm = table.seats[table.game.gm_seat]
            if not self._token_ok(token, gm):
                raise ServiceError(403, _e("not_over_reveal"))
        try:
            return fairness.game_file_dict(table.game, table.rec.script_text, table.rec.salt, table.rec.seed,
                                           table.game_options, table.state,
                                           {"id": table.id, "name": table_name(table.rec, table.game), "table_talk": table.table_talk},
                                           scheme=int(table.rec.options.get("commitment_scheme", 1)))
        except GameFileError as exc:  # pragma: no cover - the text was checked when the table was made
            raise ServiceError(500, _e("game_file_failed", detail=str(exc)[:300])) from exc

    # ================================================================ other processes
    async def _publish(self, table: Table, kind: str) -> None:
        if self.bus is not None:
            try:
                await self.bus.publish({"table": table.id, "kind": kind, "version": table.version})
            except Exception as exc:  # the database stays the truth; a lost notice is caught up on the next change
                log.error("publishing to the bus failed (%s)", type(exc).__name__)

    async def resync_all(self) -> None:
        """After the bus reconnects: notices sent while it was down are lost, so every table in
        memory is caught up from the store (the only shared truth) and its seats pushed."""
        for table in list(self.tables.values()):
            try:
                async with table.lock:
                    table.seats = await self.store.load_seats(table.id)
                    await self._catch_up(table)
                    self._push_all(table)
                self._kick(table)
            except Exception as exc:  # noqa: BLE001 - one table must not stop the others' resync
                log.error("resyncing table %s failed (%s)", table.id, type(exc).__name__)

    async def _on_bus(self, msg: dict[str, Any]) -> None:
        table = self.tables.get(str(msg.get("table", "")))
        if table is None:
            return  # loaded from the database when first asked for
        kind = msg.get("kind")
        async with table.lock:
            if kind == "seats":
                table.seats = await self.store.load_seats(table.id)
                self._push_all(table)
                self._kick(table)
            elif kind in ("decision", "chat"):
                await self._catch_up(table)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:  # called outside a loop (a test pushing by hand): everything now
        return None


def may_read(message: dict[str, Any], seat: str) -> bool:
    """A chat message for the whole table, or a private one that `seat` sent or receives."""
    to = message.get("to")
    return to is None or seat in (to, message["seat"])


# ================================================================ the games on offer
def games_menu(lang: str = "en") -> list[dict[str, Any]]:
    """Every installed game, for the lobby: its title, seats (per table size) and agents (in `lang`)."""
    games = sorted(registry.all_games().values(), key=lambda g: (g.id != registry.DEFAULT_GAME, g.id))
    return [game_entry(g, lang) for g in games]


def game_entry(game: Game, lang: str = "en") -> dict[str, Any]:
    from ..agents.base import agent_menu, default_agent

    render = ViewRenderer(game.renderer(None, lang))
    shipped = game.shipped_setups()
    sample = _shipped_setup(game.id, str(next(iter(shipped.values())))) if shipped else None
    seatings = []
    for opts in _table_sizes(game):
        seats = game.seats(sample, opts) if sample is not None else []
        seatings.append({"options": opts, "seats": seats})
    default = seatings[0]["seats"] if seatings else []
    all_seats = sorted({s for x in seatings for s in x["seats"]}, key=lambda s: (s != game.gm_seat, s))
    agents = agent_menu(game, lang)
    return {"id": game.id, "title": render(game.title.to_json()), "gm_seat": game.gm_seat,
            "observer_seat": game.observer_seat, "seats": default, "seatings": seatings,
            "seat_names": seat_names(game, render, all_seats), "agents": agents,
            "default_agent": default_agent(game) if agents else None}


def _table_sizes(game: Game) -> list[dict[str, Any]]:
    """The game's default options, and for a game with a `players` option every count it accepts."""
    default = game.check_options({})
    if "players" not in game.option_names:
        return [default]
    out = [default]
    for n in range(1, 21):
        try:
            opts = game.check_options({"players": n})
        except (ValueError, TypeError):
            continue
        if opts != default:
            out.append(opts)
    return out
