"""Issue 21, item 8: Schemathesis over the OpenAPI spec once got 8 5xx in 43,092 requests
(non-ASCII tokens, NUL bytes on PostgreSQL, seeds of 2^31 and more, deep YAML...). Here a
bounded run (a few examples per operation, valid and invalid input) against a real server
process, on SQLite and on PostgreSQL: 0 5xx allowed. Path parameters are pointed at a real table
and its seats half of the time, with the game master's token, a seat's token or an odd one."""

from __future__ import annotations

import random
from typing import Any, Iterator

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from scriptkeeper.server.app import create_app

from .conftest import ServerProcess

SCHEMA = schemathesis.openapi.from_dict(create_app(":memory:").openapi())
SEATS = ("mastermind", "protagonist1", "protagonist2", "observer")
ODD_TOKENS = ["", "x", "\u00e9\u00e9", "a" * 300, "Bearer", "\x00"]


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    if request.param == "sqlite":
        server = ServerProcess(db=str(tmp_path_factory.mktemp("st") / "st.db"),
                               env={"SCRIPTKEEPER_CREATE_PER_MINUTE": "0", "SCRIPTKEEPER_JOIN_PER_MINUTE": "0"})
        cleanup = None
    else:
        import os
        import secrets

        from .conftest import PG_ENV, _pg_exec, _pg_reachable

        url = os.environ.get(PG_ENV)
        if not url or _pg_reachable(url):
            pytest.skip(f"PostgreSQL tests need {PG_ENV}")
        schema = "sk_st_" + secrets.token_hex(4)
        _pg_exec(url, f"CREATE SCHEMA {schema}")
        server = ServerProcess(db=url, schema=schema,
                               env={"SCRIPTKEEPER_CREATE_PER_MINUTE": "0", "SCRIPTKEEPER_JOIN_PER_MINUTE": "0"})
        cleanup = (url, schema)
    server.start()
    t = httpx.post(f"{server.url}/api/tables", json={"script": "first_steps/whispers_at_the_gate", "seed": 1}).json()
    try:
        yield {"server": server, "table": t}
    finally:
        server.stop()
        if cleanup:
            from .conftest import _pg_exec

            _pg_exec(cleanup[0], f"DROP SCHEMA {cleanup[1]} CASCADE")
    assert not [line for line in server.output if "Traceback" in line], "".join(server.output[-40:])


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
