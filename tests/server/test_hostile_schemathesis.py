"""Issue 21, item 8: Schemathesis over the OpenAPI spec once got 8 5xx in 43,092 requests
(non-ASCII tokens, NUL bytes on PostgreSQL, seeds of 2^31 and more, deep YAML...). Here a
bounded run (Schemathesis' coverage phase of boundary and invalid values, then 3 fuzzed examples
per operation: about 350 requests) against a real HTTP server (uvicorn in a thread), on SQLite
and on PostgreSQL: 0 5xx allowed, and no error logged. Path parameters are pointed at a real table
and its seats half of the time, with the game master's token, a seat's token or an odd one."""

from __future__ import annotations

import logging
import random
import threading
import time
from typing import Any, Iterator

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from scriptkeeper.server.app import create_app

SCHEMA = schemathesis.openapi.from_dict(create_app(":memory:").openapi())
SEATS = ("mastermind", "protagonist1", "protagonist2", "observer")
ODD_TOKENS = ["", "x", "\u00e9\u00e9", "a" * 300, "Bearer", "\x00"]


class ThreadServer:
    """The app under uvicorn in a thread of this process (a real HTTP server, started in well under a
    second; a child process costs seconds of imports)."""

    def __init__(self, db: str, schema: str | None = None) -> None:
        import uvicorn

        from scriptkeeper.server.limits import Limits

        app = create_app(db, schema=schema, limits=Limits.unlimited_rates())
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="critical", lifespan="on"))
        self.errors: list[str] = []
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> "ThreadServer":
        self.thread.start()
        deadline = time.time() + 30
        while not self.server.started:
            assert time.time() < deadline and self.thread.is_alive(), "the server did not start"
            time.sleep(0.02)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


class _Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(self.format(record))


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    cleanup = None
    if request.param == "sqlite":
        server = ThreadServer(str(tmp_path_factory.mktemp("st") / "st.db"))
    else:
        import os
        import secrets

        from .conftest import PG_ENV, _pg_exec, _pg_reachable

        url = os.environ.get(PG_ENV)
        if not url or _pg_reachable(url):
            pytest.skip(f"PostgreSQL tests need {PG_ENV}")
        schema = "sk_st_" + secrets.token_hex(4)
        _pg_exec(url, f"CREATE SCHEMA {schema}")
        server = ThreadServer(url, schema=schema)
        cleanup = (url, schema)
    errors = _Errors()
    for name in ("uvicorn.error", "scriptkeeper"):
        logging.getLogger(name).addHandler(errors)
    server.start()
    t = httpx.post(f"{server.url}/api/tables", json={"script": "first_steps/whispers_at_the_gate", "seed": 1}).json()
    try:
        yield {"server": server, "table": t}
    finally:
        server.stop()
        for name in ("uvicorn.error", "scriptkeeper"):
            logging.getLogger(name).removeHandler(errors)
        if cleanup:
            from .conftest import _pg_exec

            _pg_exec(cleanup[0], f"DROP SCHEMA {cleanup[1]} CASCADE")
    assert not errors.records, errors.records[:3]


@SCHEMA.parametrize()
@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True, database=None)
def test_no_input_gets_a_server_error(case: Any, target: dict[str, Any]) -> None:
    rng = random.Random(repr(case.path_parameters) + repr(case.body)[:200])
    t = target["table"]
    params = case.path_parameters or {}
    if "table_id" in params and rng.random() < 0.7:
        params["table_id"] = t["id"]
    if "seat" in params and rng.random() < 0.7:
        params["seat"] = rng.choice(SEATS)
    token = rng.choice([t["tokens"]["mastermind"], t["tokens"]["protagonist1"], *ODD_TOKENS])
    headers = {"Authorization": f"Bearer {token}"} if token.isascii() and "\x00" not in token else {}
    response = case.call(base_url=target["server"].url, headers=headers, timeout=10)
    assert response.status_code < 500, f"{case.method} {case.formatted_path}: {response.status_code} {response.text[:300]}"
