"""The setup editor's routes (the page /editor, and /api/games/{game}/workshop/...).

They use only a game's workshop (core/workshop.py): the catalog the forms are drawn from, the live
check, opening files, shipped setups, and a balance test the server plays in the background, one
at a time (a queue after it), with its progress polled by the page. Nothing here is secret: a
setup being edited belongs to whoever edits it, and the server keeps no draft.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field

from ..core.workshop import Workshop, workshop_of
from ..core.text import T, localize
from .service import ServiceError, get_game

JOBS_KEPT = 20  # finished balance tests kept for their pages to read
JOBS_WAITING = 4  # balance tests running or queued at once; more are refused (429)


class Draft(BaseModel):
    setup: Any = Field(None, description="The draft setup, as the game's script data (JSON)")


class OpenFile(BaseModel):
    text: str = Field(..., description="The file's text: the game's own format or another tool's it reads")
    name: str = Field("", description="With a file of several setups: the title of the one to open")


class BalanceRequest(BaseModel):
    setup: Any
    games: int = Field(10, ge=1, le=60, description="Games per loop count")
    mastermind: str | None = Field(None, description="The Mastermind's agent (default: the strongest)")
    protagonists: str | None = Field(None, description="The Protagonists' agent (default: the strongest)")


class BalanceJobs:
    """Balance tests: each runs in a worker thread, one at a time, the others wait their turn."""

    def __init__(self) -> None:
        self.jobs: dict[str, dict[str, Any]] = {}
        self._ids = itertools.count(1)
        self._turn = asyncio.Lock()
        self._lock = threading.Lock()  # the worker thread writes progress while the loop reads it

    def start(self, workshop: Workshop, req: BalanceRequest, agents: list[str], game: Any = None, lang: str = "en") -> str:
        """A new balance test, its results and its failure in `lang` (the page's language)."""
        job_id = str(next(self._ids))
        mm = req.mastermind or agents[-1]
        pr = req.protagonists or agents[-1]
        for name in (mm, pr):
            if name not in agents:
                raise ServiceError(400, T("server.error.unknown_agent", agent=repr(name)[:60], known=", ".join(agents)))
        if sum(j["state"] in ("queued", "running") for j in self.jobs.values()) >= JOBS_WAITING:
            raise ServiceError(429, T("server.error.balance_busy"))
        ended = [k for k, j in self.jobs.items() if j["state"] in ("finished", "failed")]
        for k in ended[: max(0, len(ended) - JOBS_KEPT)]:
            del self.jobs[k]
        self.jobs[job_id] = {"job": job_id, "state": "queued", "done": 0, "total": 0, "result": None, "error": None}
        asyncio.get_running_loop().create_task(self._run(job_id, workshop, req, mm, pr, game, lang))
        return job_id

    async def _run(self, job_id: str, workshop: Workshop, req: BalanceRequest, mm: str, pr: str, game: Any = None,
                   lang: str = "en") -> None:
        job = self.jobs[job_id]

        def progress(done: int, total: int) -> None:
            with self._lock:
                job["done"], job["total"] = done, total

        async with self._turn:
            job["state"] = "running"
            try:
                job["result"] = await asyncio.to_thread(workshop.balance, req.setup, req.games, mm, pr, progress, lang)
                job["state"] = "finished"
            except ValueError as exc:  # a game's Refusal in the page's language, else its English
                job["state"], job["error"] = "failed", ServiceError.refused(422, exc, game).localized(lang)
            except Exception as exc:  # noqa: BLE001 - a failed test is reported to its page, the server goes on
                job["state"], job["error"] = "failed", f"{type(exc).__name__}: {exc}"

    def get(self, job_id: str) -> dict[str, Any]:
        job = self.jobs.get(job_id)
        if job is None:
            raise ServiceError(404, T("server.error.no_balance_test", job=repr(job_id)[:40]))
        with self._lock:
            return dict(job)


def _workshop(game_id: str) -> tuple[Any, Workshop]:
    game = get_game(game_id)
    w = workshop_of(game)
    if w is None:
        raise ServiceError(404, T("server.error.no_editor", game=str(game_id)[:64]))
    return game, w


def _lang(request: Request) -> str:
    from .app import request_lang

    return request_lang(request)


def add_workshop_routes(app: FastAPI, static: Path) -> None:
    jobs = BalanceJobs()

    @app.get("/editor", include_in_schema=False)
    async def editor_page() -> FileResponse:
        return FileResponse(static / "editor.html")

    @app.get("/api/games/{game_id}/workshop")
    async def workshop_catalog(game_id: str, request: Request) -> dict[str, Any]:
        """What the editor's forms offer: the game's sets and their rules data, in words (the client's language)."""
        return _workshop(game_id)[1].catalog(_lang(request))

    @app.post("/api/games/{game_id}/workshop/check")
    async def workshop_check(game_id: str, body: Draft, request: Request) -> dict[str, Any]:
        """The script-creation check of a draft (the one `scriptkeeper check` runs), each problem
        with the part it is about (`where`), and the canonical text when the draft is legal."""
        return _workshop(game_id)[1].check(body.setup, _lang(request))

    @app.post("/api/games/{game_id}/workshop/open")
    async def workshop_open(game_id: str, body: OpenFile, request: Request) -> dict[str, Any]:
        """A draft read from a file's text (ours, or the community's JSON scripts); the notes on what
        was read (and a title given to an untitled file) in the page's language."""
        game, w = _workshop(game_id)
        try:
            return localize(w.open(body.text, body.name), game.renderer(None, _lang(request)))
        except ValueError as exc:  # the file's problem, in the game's words when it has them (Refusal)
            raise ServiceError.refused(400, exc, game) from None

    @app.get("/api/games/{game_id}/workshop/shipped/{name:path}")
    async def workshop_shipped(game_id: str, name: str) -> dict[str, Any]:
        game, w = _workshop(game_id)
        try:
            return w.shipped(name)
        except ValueError:
            raise ServiceError(404, T("server.error.no_shipped_script", name=repr(name[:200]), shipped=", ".join(game.shipped_setups()))) from None

    @app.post("/api/games/{game_id}/workshop/balance", status_code=202)
    async def workshop_balance(game_id: str, body: BalanceRequest, request: Request) -> dict[str, Any]:
        """Start a balance test: games played by the agents, in the background (its words in the page's language)."""
        game, w = _workshop(game_id)
        return {"job": jobs.start(w, body, list(game.agents()), game, _lang(request))}

    @app.get("/api/games/{game_id}/workshop/balance/{job_id}")
    async def workshop_balance_state(game_id: str, job_id: str) -> dict[str, Any]:
        """A balance test's state: queued, running (done of total games), finished (result) or failed (error)."""
        _workshop(game_id)
        return jobs.get(job_id)
