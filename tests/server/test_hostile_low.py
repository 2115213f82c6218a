"""Issue 21, the Low items: secrets (plots, salts, tokens) appeared in the server log on database
errors; malformed game files made `verify` print tracebacks; pages had no security headers."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from scriptkeeper.cli import app as cli
from scriptkeeper.server.store import SeatRecord, Store, TableRecord

from .test_tables import create

SEATS = ("mastermind", "protagonist1", "protagonist2", "protagonist3")


def test_a_database_error_carries_no_script_salt_or_token(database: tuple[str, str | None]) -> None:
    secret = "SECRET-SCRIPT culprit: the_doctor"

    async def run() -> str:
        s = Store(database[0], schema=database[1])
        await s.init()
        rec = TableRecord("t1", "T", 0.0, secret, "5a17" * 8, "c" * 64, 1, 2, {})
        seats = [SeatRecord("mastermind", "TOKEN-OF-THE-GM", claimed=True)]
        await s.create_table(rec, seats)
        try:
            await s.create_table(rec, seats)  # the same id again: an integrity error
        except Exception as exc:  # noqa: BLE001
            return f"{exc!r} {exc}"
        finally:
            await s.close()
        raise AssertionError("no error")

    message = asyncio.run(run())
    for leak in (secret, "5a17" * 8, "TOKEN-OF-THE-GM"):
        assert leak not in message


def test_the_service_logs_no_secret_when_the_store_fails(make_client: Any, caplog: pytest.LogCaptureFixture) -> None:
    client = make_client(driver_backoff=0.05)
    service = client.app.state.service
    real = service.store.append_decision
    calls = {"n": 0}

    async def failing(table_id: str, n: int, seat: str, answer: Any, finished: bool = False) -> None:
        calls["n"] += 1
        if calls["n"] <= 2:
            table = service.tables[table_id]
            raise RuntimeError(f"INSERT failed: script={table.rec.script_text} salt={table.rec.salt} "
                               f"token={table.seats['mastermind'].token}")
        await real(table_id, n, seat, answer, finished)

    service.store.append_decision = failing
    caplog.set_level(logging.DEBUG, logger="scriptkeeper")
    t = create(client, agents={s: "random" for s in SEATS})
    import time

    deadline = time.time() + 30
    while calls["n"] <= 2:
        assert time.time() < deadline
        time.sleep(0.02)
    table = service.tables[t["id"]]
    logged = "\n".join(r.getMessage() + (str(r.exc_info) if r.exc_info else "") for r in caplog.records)
    assert "retrying" in logged
    for leak in (table.rec.salt, table.seats["mastermind"].token, table.rec.script_text[:40]):
        assert leak not in logged


@pytest.mark.parametrize("content", [b"\x00\x01\x02binary", b"- just\n- a list\n", b"{not json", b"a: [\n", b"\t\tx: 1",
                                     b"[" * 100_000, json.dumps({"script_text": 1, "salt": [], "commitment": {}}).encode(),
                                     json.dumps({"script_text": "x: 1\n", "salt": "0" * 32, "commitment": "0" * 64,
                                                 "commitment_scheme": 2, "decisions": "oops"}).encode(),
                                     b"\xff\xfe\xfd"])
def test_verify_prints_one_line_for_a_malformed_file(tmp_path: Path, content: bytes) -> None:
    p = tmp_path / "game.json"
    p.write_bytes(content)
    r = CliRunner().invoke(cli, ["verify", str(p)])
    assert r.exit_code in (1, 2), r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)
    assert "Traceback" not in r.output
    lines = [line for line in r.output.splitlines() if line.strip()]
    assert 1 <= len(lines) <= 3, r.output


def test_every_page_carries_security_headers(client: Any) -> None:
    t = create(client)
    for path in ("/", f"/t/{t['id']}", "/static/table.js", "/api/tables", "/api/nope"):
        r = client.get(path)
        h = r.headers
        assert h["x-frame-options"] == "DENY" and h["referrer-policy"] == "no-referrer", path
        assert h["x-content-type-options"] == "nosniff"
        csp = h["content-security-policy"]
        assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp
    page = client.get(f"/t/{t['id']}").text
    assert "<script>" not in page and " style=" not in page and "onclick=" not in page  # the CSP allows no inline code
