"""Fixtures for the server tests: in-process clients on a fresh SQLite file, PostgreSQL by env var,
and real server processes (for kill-and-restart, scale-out and the browser test)."""

from __future__ import annotations

import asyncio
import os
import re
import secrets
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from scriptkeeper.server.app import create_app

PG_ENV = "SCRIPTKEEPER_TEST_PG"
REDIS_ENV = "SCRIPTKEEPER_TEST_REDIS"
ROOT = Path(__file__).resolve().parents[2]


def _pg_reachable(url: str) -> str | None:
    import asyncpg

    async def probe() -> None:
        conn = await asyncpg.connect(url, timeout=3)
        await conn.close()

    try:
        asyncio.run(probe())
        return None
    except Exception as exc:  # noqa: BLE001 - any failure means: skip with the reason
        return f"{type(exc).__name__}: {exc}"


def _pg_exec(url: str, sql: str) -> None:
    import asyncpg

    async def run() -> None:
        conn = await asyncpg.connect(url, timeout=5)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    asyncio.run(run())


@pytest.fixture
def pg_schema() -> Iterator[tuple[str, str]]:
    """(PostgreSQL URL, a fresh schema dropped afterwards); skipped with the reason when unavailable."""
    url = os.environ.get(PG_ENV)
    if not url:
        pytest.skip(f"PostgreSQL tests need {PG_ENV}=postgresql://postgres@127.0.0.1:5432/test")
    problem = _pg_reachable(url)
    if problem:
        pytest.skip(f"PostgreSQL at {PG_ENV} is unreachable ({problem})")
    schema = "sk_test_" + secrets.token_hex(4)
    _pg_exec(url, f"CREATE SCHEMA {schema}")
    try:
        yield url, schema
    finally:
        _pg_exec(url, f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture
def redis_url() -> str:
    url = os.environ.get(REDIS_ENV)
    if not url:
        pytest.skip(f"scale-out tests need {REDIS_ENV}=redis://127.0.0.1:6379")
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except Exception as exc:  # noqa: BLE001
        pytest.skip(f"Redis at {REDIS_ENV} is unreachable ({type(exc).__name__}: {exc})")
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, str | None]:
    """(db URL or path, schema) for SQLite and for PostgreSQL."""
    if request.param == "sqlite":
        return str(tmp_path / "tables.db"), None
    url, schema = request.getfixturevalue("pg_schema")
    return url, schema


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    with TestClient(create_app(str(tmp_path / "tables.db"))) as c:
        yield c


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class ServerProcess:
    """`scriptkeeper serve` in a child process; `kill()` is SIGKILL: no clean shutdown."""

    def __init__(self, db: str, schema: str | None = None, redis: str | None = None, port: int = 0,
                 agent_delay: float = 0.0, env: dict[str, str] | None = None) -> None:
        self.args = [sys.executable, "-m", "scriptkeeper.cli", "serve", "--db", db, "--port", str(port),
                     "--agent-delay", str(agent_delay)]
        if schema:
            self.args += ["--db-schema", schema]
        if redis:
            self.args += ["--redis", redis]
        self.env = {**os.environ, **(env or {})}
        self.proc: subprocess.Popen[str] | None = None
        self.port = port
        self.banner = ""
        self.output: list[str] = []

    def start(self) -> "ServerProcess":
        args = list(self.args)
        if self.port:
            args[args.index("--port") + 1] = str(self.port)
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT, env=self.env)
        assert self.proc.stdout is not None
        deadline = time.time() + 30
        while time.time() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"the server exited: {self.proc.wait()}")
            m = re.search(r"serving on http://([\d.]+):(\d+)/", line)
            if m:
                self.banner = line.strip()
                self.port = int(m.group(2))
                threading.Thread(target=self._drain, daemon=True).start()
                return self
        raise RuntimeError("the server did not start in 30 s")

    def _drain(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        for line in self.proc.stdout:  # keep the pipe empty; keep the lines for failure messages
            self.output.append(line)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def server_factory() -> Iterator[Any]:
    started: list[ServerProcess] = []

    def make(**kw: Any) -> ServerProcess:
        s = ServerProcess(**kw)
        started.append(s)
        return s

    yield make
    for s in started:
        s.stop()


@pytest.fixture
def make_client(tmp_path: Path) -> Iterator[Any]:
    """In-process clients of apps with chosen limits (server/limits.py): `make_client(chat_history=5)`."""
    from fastapi.testclient import TestClient

    from scriptkeeper.server.limits import Limits

    opened: list[Any] = []

    def make(db: str | None = None, **limits: Any) -> Any:
        c = TestClient(create_app(db or str(tmp_path / f"tables{len(opened)}.db"), limits=Limits(**limits)))
        c.__enter__()
        opened.append(c)
        return c

    yield make
    for c in opened:
        c.__exit__(None, None, None)
