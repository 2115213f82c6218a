"""The ASGI application: REST endpoints, one WebSocket per connected seat, and the web page.

Seat tokens travel in the `Authorization: Bearer TOKEN` header (REST) or in the first WebSocket
message (`{"type": "hello", "seat": ..., "token": ...}`), never in a URL the server logs; the web
page keeps them in the URL fragment. Every refusal is a JSON body `{"error": reason, ...}` with a
4xx status; the game is unchanged by a refused request.

WebSocket protocol (JSON text messages):
  client -> server: hello {seat, token} (no seat: watch as the game's observer); decide {id, answer,
                    version?}; chat {id, text}; resync; ping
  server -> client: view {version, view, info, append?, keep?}; ack {id, version}; chat {message};
                    chat_history {messages}; error {id, status, reason}; pong
  A view right after hello (or resync) is whole. Later views may carry `append: {"log": [start,
  entries], "events": [start, entries]}` instead of those two lists: the client keeps its lists up
  to `start` and adds the entries (the lists only grow during play); and `keep: [keys]` for the
  parts of the view that did not change (the names table, the board's layout...): the client keeps
  its own.

Views and table facts arrive rendered in English: every Text of a game's view is a sentence,
every Ref a name; the page shows them and never makes a name from an id.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from pathlib import Path
from typing import Any, AsyncIterator

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from ..agents.base import agent_menu
from ..core.registry import DEFAULT_GAME
from . import learn
from .render import ViewRenderer
from .service import ServiceError, TableService, dumps, games_menu, get_game, shipped_setup
from .store import Store

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("scriptkeeper.server")
QUEUE_LIMIT = 500  # a client this far behind is dropped; it reconnects and gets the current view


class CreateTable(BaseModel):
    game: str = Field(DEFAULT_GAME, description="The game's id (GET /api/games)")
    script: str | None = Field(None, description="A shipped script's name, e.g. first_steps/whispers_at_the_gate")
    script_yaml: str | None = Field(None, description="A script's YAML text (docs/game-file.md)")
    name: str = ""
    seed: int | None = None
    options: dict[str, Any] = Field(default_factory=dict, description="The game's table options (Tragedy Looper: players)")
    players: int | None = Field(None, description="The game's option `players` (kept from release 0.1)")
    table_talk: bool = True
    open_seats: bool = True
    agents: dict[str, str] = Field(default_factory=dict, description="seat -> agent name (e.g. random)")
    creator: list[str] | None = Field(None, description="The seats the creator takes (default: the game master's); "
                                      "only their tokens are returned. [] watches.")


class Join(BaseModel):
    seat: str
    name: str = ""


class Decide(BaseModel):
    answer: Any
    version: int | None = None


class Say(BaseModel):
    text: str


class Controller(BaseModel):
    controller: str


def bearer(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return request.headers.get("x-seat-token")


class WSConnection:
    """One seat's socket: messages are queued and written by one task, so a slow client blocks nobody."""

    def __init__(self, ws: WebSocket, seat: str) -> None:
        self.ws = ws
        self.seat = seat
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
               schema: str | None = None) -> FastAPI:
    store = Store(db, schema=schema)
    service = TableService(store, agent_delay=agent_delay, bus_url=redis, channel=f"scriptkeeper:{schema or 'public'}")

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await service.start()
        yield
        await service.stop()

    app = FastAPI(title="scriptkeeper", lifespan=lifespan)
    app.state.service = service

    @app.exception_handler(ServiceError)
    async def _refused(request: Request, exc: ServiceError) -> JSONResponse:
        return JSONResponse({"error": exc.reason, **exc.extra}, status_code=exc.status)

    # ------------------------------------------------------------ pages
    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # ------------------------------------------------------------ REST
    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"ok": True, "tables": len(service.tables)}

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        """The games this server plays: id, title, seats (per table size), agents."""
        return games_menu()

    @app.get("/api/scripts")
    async def scripts(game: str = DEFAULT_GAME) -> list[dict[str, Any]]:
        """A game's shipped setups, by name, with what anyone may know of them (never a secret)."""
        g = get_game(game)
        render = ViewRenderer(g.renderer(None))
        return [{"name": name, "game": g.id, "public": render(g.public_info(shipped_setup(g, name)))}
                for name in g.shipped_setups()]

    @app.get("/api/agents")
    async def agents(game: str = DEFAULT_GAME) -> list[dict[str, str]]:
        """The agents a seat of this game can be given, weakest first ("human" is not listed)."""
        return agent_menu(get_game(game))

    @app.post("/api/tables", status_code=201)
    async def create(body: CreateTable) -> dict[str, Any]:
        return await service.create_table(game=body.game, script=body.script, script_yaml=body.script_yaml, name=body.name,
                                          seed=body.seed, options=body.options, players=body.players,
                                          table_talk=body.table_talk, open_seats=body.open_seats, agents=body.agents,
                                          creator=body.creator)

    @app.get("/api/tables")
    async def list_tables() -> list[dict[str, Any]]:
        return await service.list_tables()

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str) -> dict[str, Any]:
        return service.info(await service.get_table(table_id))

    @app.delete("/api/tables/{table_id}")
    async def delete_table(table_id: str, request: Request) -> dict[str, Any]:
        """The creator deletes a table (the `owner_token` the creation returned, as the bearer token)."""
        return await service.delete_table(table_id, bearer(request))

    @app.get("/api/tables/{table_id}/admin")
    async def admin(table_id: str, request: Request) -> dict[str, Any]:
        return await service.admin(table_id, bearer(request))

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, body: Join) -> dict[str, Any]:
        return await service.join(table_id, body.seat, body.name)

    @app.get("/api/tables/{table_id}/seats/{seat}/view")
    async def view(table_id: str, seat: str, request: Request) -> Response:
        # Written by the service's writer, as pushes are (faster, and refuses a Text left unrendered).
        return Response(dumps(await service.get_view(table_id, seat, bearer(request))), media_type="application/json")

    @app.post("/api/tables/{table_id}/seats/{seat}/decisions")
    async def decide(table_id: str, seat: str, body: Decide, request: Request) -> dict[str, Any]:
        return await service.decide(table_id, seat, bearer(request), body.answer, body.version)

    @app.post("/api/tables/{table_id}/seats/{seat}/chat")
    async def say(table_id: str, seat: str, body: Say, request: Request) -> dict[str, Any]:
        return await service.say(table_id, seat, bearer(request), body.text)

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
    async def reference(table_id: str) -> Response:
        """The game's reference sheet for this table (Tragedy Looper: the Tragedy Set sheet), public."""
        return Response(dumps(await learn.reference(service, table_id)), media_type="application/json")

    @app.get("/api/tables/{table_id}/seats/{seat}/assistant")
    async def assistant(table_id: str, seat: str, request: Request) -> Response:
        """The deduction assistant from this seat's view only (seat token required)."""
        return Response(dumps(await learn.assistant(service, table_id, seat, bearer(request))), media_type="application/json")

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, step: int = 0, seat: str = "") -> Response:
        """A finished game after `step` decisions, as `seat` saw it (the observer's view when none is named)."""
        table = await service.get_table(table_id)
        return Response(dumps(await learn.replay(service, table_id, seat or table.game.observer_seat, step)),
                        media_type="application/json")

    # ------------------------------------------------------------ WebSocket
    @app.websocket("/ws/tables/{table_id}")
    async def socket(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        try:
            hello = await asyncio.wait_for(ws.receive_json(), timeout=15)
        except (asyncio.TimeoutError, WebSocketDisconnect, ValueError, KeyError):
            with contextlib.suppress(Exception):
                await ws.close(code=4400)
            return
        seat = str(hello.get("seat") or "") if isinstance(hello, dict) else ""  # none: the table's observer seat
        token = hello.get("token") if isinstance(hello, dict) else None
        conn = WSConnection(ws, seat)
        try:
            table = await service.connect(table_id, conn, token)
        except ServiceError as exc:
            await ws.send_text(json.dumps({"type": "error", "id": None, **exc.to_dict()}))
            await ws.close(code=4000 + exc.status)
            return
        seat = conn.seat  # the observer's seat when the hello named none
        writer = asyncio.create_task(conn.writer())
        try:
            while True:
                reader = asyncio.ensure_future(ws.receive_text())
                done, _ = await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
                if writer in done:
                    reader.cancel()
                    break
                raw = reader.result()
                try:
                    msg = json.loads(raw)
                    if not isinstance(msg, dict):
                        raise ValueError
                except ValueError:
                    conn.send(json.dumps({"type": "error", "id": None, "status": 400, "reason": "send JSON objects"}))
                    continue
                kind, mid = msg.get("type"), msg.get("id")
                try:
                    if kind == "decide":
                        await service.decide(table_id, seat, token, msg.get("answer"), msg.get("version"),
                                             origin=conn, ack_id=mid)
                    elif kind == "chat":
                        await service.say(table_id, seat, token, str(msg.get("text", "")))
                    elif kind == "resync":
                        service.resync(table, conn)
                    elif kind == "ping":
                        conn.send(json.dumps({"type": "pong", "id": mid}))
                    else:
                        raise ServiceError(400, f"unknown message type {kind!r}: decide, chat, resync or ping")
                except ServiceError as exc:
                    conn.send(json.dumps({"type": "error", "id": mid, **exc.to_dict()}))
        except WebSocketDisconnect:
            pass
        except Exception:  # pragma: no cover - a broken socket ends this connection only
            log.exception("socket for %s at %s failed", seat, table_id)
        finally:
            service.disconnect(table, conn)
            writer.cancel()

    return app
