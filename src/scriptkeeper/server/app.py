"""The ASGI application: REST endpoints, one WebSocket per connected seat, and the web page.

Seat tokens travel in the `Authorization: Bearer TOKEN` header (REST) or in the first WebSocket
message (`{"type": "hello", "seat": ..., "token": ...}`), never in a URL the server logs; the web
page keeps them in the URL fragment. `POST .../seats/{seat}/claim` with an invitation's token
claims the seat and answers its new token (the invitation then opens it no more). Every refusal is a JSON body
`{"error": reason, "code": id, ...}` with a 4xx status: `error` in the request's language (`?lang=`, else
Accept-Language), `code` the reason's message id (`server.error.*`), the same in every language; the game
is unchanged by a refused request.

WebSocket protocol (JSON text messages):
  client -> server: hello {seat, token, lang} (no seat: watch as the game's observer; lang: the language this client
                    reads, else its Accept-Language); decide {id, answer, version?}; chat {id, text, to?};
                    draft {id, answers} (the Final Guess form as it changes, shown to the team-mates: server/team.py);
                    resync; ping (text frames only: a binary frame is refused)
  server -> client: view {version, view (team_drafts?: the team-mates' forms), info, append?, keep?}; ack {id, version}; chat {message};
                    chat_history {messages}; error {id, status, reason, code}; pong
  A view right after hello (or resync) is whole. Later views may carry `append: {"log": [start,
  entries], "events": [start, entries]}` instead of those two lists: the client keeps its lists up
  to `start` and adds the entries (the lists only grow during play); and `keep: [keys]` for the
  parts of the view that did not change (the names table, the board's layout...): the client keeps
  its own.

Views and table facts arrive rendered in English: every Text of a game's view is a sentence,
every Ref a name; the page shows them and never makes a name from an id.

What a client may send is bounded (server/limits.py, docs/security.md): request bodies, texts
(valid Unicode, no control character, a length cap), seeds, tokens, WebSocket messages, and per
client address the rate of table creation, joins and chat. Anything else is a 4xx, never a 5xx.
Every response carries security headers (a Content-Security-Policy, X-Frame-Options,
Referrer-Policy, X-Content-Type-Options).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from pathlib import Path
from typing import Any, AsyncIterator

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..agents.base import agent_menu
from ..core.i18n import check_language, languages_menu, negotiate
from ..core.registry import DEFAULT_GAME
from ..core.text import T, Text
from . import learn
from .limits import Limits, RateLimiter
from .render import ViewRenderer
from .texts import page_catalog, plural_categories
from .service import SEED_MAX, ServiceError, TableService, dumps, games_menu, get_game, shipped_setup
from .store import Store
from .workshop import add_workshop_routes

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("scriptkeeper.server")
QUEUE_LIMIT = 500  # a client this far behind is dropped; it reconnects and gets the current view


class CreateTable(BaseModel):
    game: str = Field(DEFAULT_GAME, max_length=64, description="The game's id (GET /api/games)")
    script: str | None = Field(None, max_length=200, description="A shipped script's name, e.g. first_steps/whispers_at_the_gate")
    script_yaml: str | None = Field(None, max_length=Limits.script_bytes,
                                    description="A script's YAML text (docs/game-file.md): no anchors, aliases or duplicate keys")
    name: str = Field("", max_length=Limits.table_name_chars)
    seed: int | None = Field(None, ge=0, lt=SEED_MAX)
    options: dict[str, Any] = Field(default_factory=dict, description="The game's table options (Tragedy Looper: players)")
    players: int | None = Field(None, description="The game's option `players` (kept from release 0.1)")
    table_talk: bool = True
    open_seats: bool = True
    agents: dict[str, str] = Field(default_factory=dict, description="seat -> agent name (e.g. random)")
    creator: list[str] | None = Field(None, description="The seats the creator takes (default: the game master's); "
                                      "only their tokens are returned. [] watches.")


class Join(BaseModel):
    seat: str = Field(max_length=64)
    name: str = Field("", max_length=Limits.name_chars, description="The player's name: no control characters")


class Decide(BaseModel):
    answer: Any
    version: int | None = None


class Say(BaseModel):
    text: str = Field(max_length=Limits.chat_chars)
    to: str | None = Field(default=None, max_length=32)  # a private message's recipient seat (games with private chats)


class Controller(BaseModel):
    controller: str = Field(max_length=64)


def bearer(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return request.headers.get("x-seat-token")


class SafeJSON(JSONResponse):
    """JSON with non-ASCII escaped: a reply quoting a client's text (a lone surrogate included) is
    always writable."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, allow_nan=False, separators=(",", ":")).encode("ascii")


# The page loads its scripts and styles from /static only, talks to this host only, and may not be framed.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ws: wss:; "
       "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'")
HEADERS = [(b"x-frame-options", b"DENY"), (b"referrer-policy", b"no-referrer"), (b"x-content-type-options", b"nosniff")]


class Guard:
    """ASGI middleware: refuse a request body larger than `max_body` (413, counted as it arrives,
    whatever Content-Length says) and add the security headers to every response."""

    def __init__(self, app: ASGIApp, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        headers = list(HEADERS)
        if not path.startswith(("/docs", "/redoc")):  # the API's own docs page loads its scripts from a CDN
            headers.append((b"content-security-policy", CSP.encode()))
        length = next((v for k, v in scope.get("headers", []) if k == b"content-length"), None)
        lang = scope_lang(scope)
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await self._refuse(send, headers, lang)
            return
        seen = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    raise _TooLarge()
            return message

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message = {**message, "headers": [*message.get("headers", []), *headers]}
            await send(message)

        try:
            await self.app(scope, limited_receive, send_with_headers)
        except _TooLarge:
            if not started:
                await self._refuse(send, headers, lang)

    async def _refuse(self, send: Send, headers: list[tuple[bytes, bytes]], lang: str = "en") -> None:
        refusal = ServiceError(413, T("server.error.body_too_large", bytes=self.max_body))
        body = json.dumps(refusal.body(lang), ensure_ascii=True).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()), *headers]})
        await send({"type": "http.response.body", "body": body})


class _TooLarge(Exception):
    pass


def scope_lang(scope: Scope) -> str:
    """The language of a raw ASGI request (the middleware's refusals): `?lang=`, else Accept-Language."""
    from urllib.parse import parse_qs

    asked = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", [""])[0]
    if asked:
        try:
            return check_language(asked)
        except ValueError:
            pass
    accept = next((v for k, v in scope.get("headers", []) if k == b"accept-language"), b"")
    return negotiate(accept.decode("latin-1"))


def request_lang(conn: Request | WebSocket, asked: Any = None) -> str:
    """The language a client reads: the one it names (`?lang=`, a hello's `lang`), else the first of
    ours its `Accept-Language` asks for (the page sends its menu's choice there), else English."""
    if isinstance(asked, str) and asked:
        try:
            return check_language(asked)
        except ValueError:
            pass
    q = conn.query_params.get("lang")
    if q:
        try:
            return check_language(q)
        except ValueError:
            pass
    return negotiate(conn.headers.get("accept-language"))


def client_address(conn: Request | WebSocket) -> str:
    return conn.client.host if conn.client else "-"


class WSConnection:
    """One seat's socket: messages are queued and written by one task, so a slow client blocks nobody."""

    def __init__(self, ws: WebSocket, seat: str, lang: str = "en") -> None:
        self.ws = ws
        self.seat = seat
        self.lang = lang
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.dropped = False

    def send(self, message: str) -> None:
        if self.queue.qsize() > QUEUE_LIMIT:
            self.dropped = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(message)

    async def writer(self) -> None:
        while True:
            m = await self.queue.get()
            if m is None:
                with contextlib.suppress(Exception):
                    await self.ws.close(code=4008)
                return
            await self.ws.send_text(m)


def create_app(db: str = "scriptkeeper.db", redis: str | None = None, *, agent_delay: float = 0.0,
               schema: str | None = None, limits: Limits | None = None) -> FastAPI:
    limits = limits or Limits.from_env()
    store = Store(db, schema=schema)
    service = TableService(store, agent_delay=agent_delay, bus_url=redis, channel=f"scriptkeeper:{schema or 'public'}",
                           limits=limits)
    rates = {"create": RateLimiter(limits.create_per_minute, limits.create_burst),
             "join": RateLimiter(limits.join_per_minute, limits.join_burst),
             "chat": RateLimiter(limits.chat_per_minute, limits.chat_burst)}

    exempt = frozenset(limits.rate_exempt)

    def rate(kind: str, address: str) -> None:
        if address in exempt:
            return
        wait = rates[kind].allow(address)
        if wait:
            raise ServiceError(429, T("server.error.rate_limited", kind=T(f"server.rate.{kind}"), seconds=max(1, round(wait))),
                               retry_after=round(wait, 1))

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await service.start()
        yield
        await service.stop()

    app = FastAPI(title="scriptkeeper", lifespan=lifespan, default_response_class=SafeJSON)
    app.state.service = service
    app.state.limits = limits
    app.add_middleware(Guard, max_body=limits.body_bytes)

    @app.exception_handler(ServiceError)
    async def _refused(request: Request, exc: ServiceError) -> JSONResponse:
        headers = {"Retry-After": str(max(1, round(exc.extra["retry_after"])))} if "retry_after" in exc.extra else None
        return SafeJSON(exc.body(request_lang(request)), status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        # The default reply quotes the whole input back: name the fields and the problems only.
        problems = [{"loc": [str(x)[:64] for x in e.get("loc", ())], "msg": str(e.get("msg", ""))[:200]}
                    for e in exc.errors()[:20]]
        return SafeJSON(ServiceError(422, T("server.error.invalid_request"), detail=problems).body(request_lang(request)),
                        status_code=422)

    @app.exception_handler(RecursionError)
    async def _too_deep(request: Request, exc: RecursionError) -> JSONResponse:
        return SafeJSON(ServiceError(400, T("server.error.request_too_deep")).body(request_lang(request)), status_code=400)

    # ------------------------------------------------------------ pages
    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @app.get("/g/{table_id}", include_in_schema=False)
    async def grimoire_page(table_id: str) -> FileResponse:
        """The Storyteller's grimoire page of a Clocktower table (the table page plus the grimoire;
        the server sends each seat only its own view, so another seat sees no grimoire here)."""
        return FileResponse(STATIC / "table.html")  # table.js shows the grimoire on /g/ paths

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    add_workshop_routes(app, STATIC)  # the setup editor: /editor and /api/games/{game}/workshop/...

    # ------------------------------------------------------------ REST
    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"ok": True, "tables": len(service.tables)}

    @app.get("/api/texts")
    async def texts(request: Request) -> dict[str, Any]:
        """The pages' own words in the client's language (`?lang=` or Accept-Language), with the
        languages there are (the page's language menu) and the order of its plural forms (`plural`:
        Intl.PluralRules' categories; a message with plural forms is a list)."""
        lang = request_lang(request)
        return {"lang": lang, "languages": languages_menu(), "messages": page_catalog(lang), "plural": plural_categories(lang)}

    @app.get("/api/games")
    async def games(request: Request) -> list[dict[str, Any]]:
        """The games this server plays: id, title, seats (per table size), agents."""
        return games_menu(request_lang(request))

    @app.get("/api/scripts")
    async def scripts(request: Request, game: str = DEFAULT_GAME) -> list[dict[str, Any]]:
        """A game's shipped setups, by name, with what anyone may know of them (never a secret)."""
        g = get_game(game)
        render = ViewRenderer(g.renderer(None, request_lang(request)))
        return [{"name": name, "game": g.id, "public": render(g.public_info(shipped_setup(g, name)))}
                for name in g.shipped_setups()]

    @app.get("/api/agents")
    async def agents(request: Request, game: str = DEFAULT_GAME) -> list[dict[str, str]]:
        """The agents a seat of this game can be given, weakest first ("human" is not listed)."""
        return agent_menu(get_game(game), request_lang(request))

    @app.post("/api/tables", status_code=201)
    async def create(body: CreateTable, request: Request) -> dict[str, Any]:
        rate("create", client_address(request))
        return await service.create_table(game=body.game, script=body.script, script_yaml=body.script_yaml, name=body.name,
                                          seed=body.seed, options=body.options, players=body.players,
                                          table_talk=body.table_talk, open_seats=body.open_seats, agents=body.agents,
                                          creator=body.creator, lang=request_lang(request))

    @app.get("/api/tables")
    async def list_tables(request: Request) -> list[dict[str, Any]]:
        return await service.list_tables(request_lang(request))

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str, request: Request) -> dict[str, Any]:
        return service.info(await service.get_table(table_id), lang=request_lang(request))

    @app.delete("/api/tables/{table_id}")
    async def delete_table(table_id: str, request: Request) -> dict[str, Any]:
        """The creator deletes a table (the `owner_token` the creation returned, as the bearer token)."""
        return await service.delete_table(table_id, bearer(request))

    @app.get("/api/tables/{table_id}/admin")
    async def admin(table_id: str, request: Request) -> dict[str, Any]:
        return await service.admin(table_id, bearer(request))

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, body: Join, request: Request) -> dict[str, Any]:
        rate("join", client_address(request))
        return await service.join(table_id, body.seat, body.name)

    @app.post("/api/tables/{table_id}/seats/{seat}/claim")
    async def claim(table_id: str, seat: str, request: Request) -> dict[str, Any]:
        """Open an invitation link: the seat is claimed and its token rotates (the reply holds the
        seat's new token; the invitation, which the game master also holds, opens it no more)."""
        rate("join", client_address(request))
        return await service.claim(table_id, seat, bearer(request))

    @app.get("/api/tables/{table_id}/seats/{seat}/view")
    async def view(table_id: str, seat: str, request: Request) -> Response:
        # Written by the service's writer, as pushes are (faster, and refuses a Text left unrendered).
        return Response(dumps(await service.get_view(table_id, seat, bearer(request), request_lang(request))),
                        media_type="application/json")

    @app.post("/api/tables/{table_id}/seats/{seat}/decisions")
    async def decide(table_id: str, seat: str, body: Decide, request: Request) -> dict[str, Any]:
        return await service.decide(table_id, seat, bearer(request), body.answer, body.version)

    @app.post("/api/tables/{table_id}/seats/{seat}/chat")
    async def say(table_id: str, seat: str, body: Say, request: Request) -> dict[str, Any]:
        rate("chat", client_address(request))
        return await service.say(table_id, seat, bearer(request), body.text, body.to)

    @app.put("/api/tables/{table_id}/seats/{seat}/controller")
    async def controller(table_id: str, seat: str, body: Controller, request: Request) -> dict[str, Any]:
        return await service.set_controller(table_id, bearer(request), seat, body.controller)

    @app.get("/api/tables/{table_id}/game")
    async def game(table_id: str, request: Request) -> Response:
        data = await service.game_file(table_id, bearer(request))
        return Response(json.dumps(data, indent=1), media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="game-{table_id}.json"'})

    # ------------------------------------------------------------ learning the game (learn.py)
    @app.get("/api/tables/{table_id}/reference")
    async def reference(table_id: str, request: Request) -> Response:
        """The game's reference sheet for this table (Tragedy Looper: the Tragedy Set sheet), public."""
        return Response(dumps(await learn.reference(service, table_id, request_lang(request))), media_type="application/json")

    @app.get("/api/tables/{table_id}/seats/{seat}/assistant")
    async def assistant(table_id: str, seat: str, request: Request) -> Response:
        """The deduction assistant from this seat's view only (seat token required)."""
        return Response(dumps(await learn.assistant(service, table_id, seat, bearer(request), request_lang(request))),
                        media_type="application/json")

    @app.get("/api/tables/{table_id}/seats/{seat}/hint")
    async def hint(table_id: str, seat: str, request: Request) -> Response:
        """What the AI would play in this seat's pending decision, and why (seat token required)."""
        return Response(dumps(await learn.hint(service, table_id, seat, bearer(request), request_lang(request))),
                        media_type="application/json")

    @app.get("/api/tables/{table_id}/replay")
    async def replay(request: Request, table_id: str, step: int = 0, seat: str = "") -> Response:
        """A finished game after `step` decisions, as `seat` saw it (the observer's view when none is named)."""
        table = await service.get_table(table_id)
        return Response(dumps(await learn.replay(service, table_id, seat or table.game.observer_seat, step, request_lang(request))),
                        media_type="application/json")

    # ------------------------------------------------------------ WebSocket
    @app.websocket("/ws/tables/{table_id}")
    async def socket(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        address = client_address(ws)
        try:
            first = await asyncio.wait_for(ws.receive(), timeout=15)
            raw = first.get("text")
            if first["type"] != "websocket.receive" or not isinstance(raw, str) or len(raw) > limits.ws_message_bytes:
                raise ValueError
            hello = json.loads(raw)
        except (asyncio.TimeoutError, WebSocketDisconnect, ValueError, KeyError, RecursionError, RuntimeError):
            with contextlib.suppress(Exception):
                await ws.close(code=4400)
            return
        seat = hello.get("seat") if isinstance(hello, dict) else None  # none: the table's observer seat
        seat = seat if isinstance(seat, str) and len(seat) <= 64 else ("?" if seat else "")
        token = hello.get("token") if isinstance(hello, dict) else None
        conn = WSConnection(ws, seat, request_lang(ws, hello.get("lang") if isinstance(hello, dict) else None))
        try:
            table = await service.connect(table_id, conn, token)
        except ServiceError as exc:
            await ws.send_text(json.dumps({"type": "error", "id": None, **exc.to_dict(conn.lang)}))
            await ws.close(code=4000 + exc.status)
            return
        seat = conn.seat  # the observer's seat when the hello named none
        writer = asyncio.create_task(conn.writer())

        def refuse(mid: Any, status: int, reason: Text) -> None:
            conn.send(json.dumps({"type": "error", "id": mid, **ServiceError(status, reason).to_dict(conn.lang)}))

        try:
            while True:
                reader = asyncio.ensure_future(ws.receive())
                done, _ = await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
                if writer in done:
                    reader.cancel()
                    break
                message = reader.result()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text")
                if not isinstance(raw, str):
                    refuse(None, 400, T("server.error.binary_frame"))
                    continue
                if len(raw) > limits.ws_message_bytes:
                    refuse(None, 413, T("server.error.message_too_long", chars=limits.ws_message_bytes))
                    continue
                try:
                    msg = json.loads(raw)
                    if not isinstance(msg, dict):
                        raise ValueError
                except (ValueError, RecursionError):
                    refuse(None, 400, T("server.error.not_json_object"))
                    continue
                kind, mid = msg.get("type"), msg.get("id")
                if not (mid is None or isinstance(mid, (int, str)) and len(str(mid)) <= 64):
                    mid = None
                try:
                    if kind == "decide":
                        version = msg.get("version")
                        if version is not None and type(version) is not int:
                            raise ServiceError(422, T("server.error.version_not_whole"))
                        await service.decide(table_id, seat, token, msg.get("answer"), version,
                                             origin=conn, ack_id=mid)
                    elif kind == "chat":
                        rate("chat", address)
                        await service.say(table_id, seat, token, msg.get("text", ""), msg.get("to"))
                    elif kind == "draft":
                        rate("chat", address)  # a draft is the team talking: bounded like the chat
                        await service.draft(table_id, seat, token, msg.get("answers"))
                    elif kind == "resync":
                        service.resync(table, conn)
                    elif kind == "ping":
                        conn.send(json.dumps({"type": "pong", "id": mid}))
                    else:
                        raise ServiceError(400, T("server.error.unknown_message", kind=repr(str(kind)[:40]),
                                                  kinds="decide, chat, draft, resync, ping"))
                except ServiceError as exc:
                    conn.send(json.dumps({"type": "error", "id": mid, **exc.to_dict(conn.lang)}))
                except RecursionError:
                    refuse(mid, 400, T("server.error.message_too_deep"))
        except WebSocketDisconnect:
            pass
        except Exception as exc:  # pragma: no cover - a broken socket ends this connection only
            log.error("socket for %s at %s failed (%s)", seat, table_id, type(exc).__name__)
        finally:
            service.disconnect(table, conn)
            writer.cancel()

    return app
