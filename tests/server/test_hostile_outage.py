"""Issue 21, item 7: AI tables stopped for good after a PostgreSQL outage (the agent driver died
on the error and was never restarted), and a Redis blip lost cross-process updates until the next
change. Now the driver retries with backoff, a process resyncs its tables from the store after
the bus reconnects, and the page dims a possibly stale table while it reconnects."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from .test_tables import create

SEATS = ("mastermind", "protagonist1", "protagonist2", "protagonist3")


def test_the_agent_driver_survives_a_database_outage(make_client: Any, caplog: pytest.LogCaptureFixture) -> None:
    client = make_client(driver_backoff=0.05)
    service = client.app.state.service
    real = service.store.append_decision
    failures = {"left": 3}

    async def flaky(*args: Any, **kw: Any) -> None:
        if failures["left"] > 0:
            failures["left"] -= 1
            raise ConnectionError("the database went away")
        await real(*args, **kw)

    service.store.append_decision = flaky
    t = create(client, agents={s: "random" for s in SEATS})
    deadline = time.time() + 60
    while not client.get(f"/api/tables/{t['id']}").json()["over"]:
        assert time.time() < deadline, "the agents stopped after the outage"
        time.sleep(0.05)
    assert failures["left"] == 0
    assert any("retrying" in r.getMessage() for r in caplog.records)


def test_a_process_resyncs_its_tables_from_the_store(make_client: Any, tmp_path: Path) -> None:
    """Two processes share one database, no bus: B's copy is stale until it resyncs (what it does
    after every bus reconnect)."""
    db = str(tmp_path / "shared.db")
    a, b = make_client(db), make_client(db)
    t = create(a)
    gm = {"Authorization": f"Bearer {t['tokens']['mastermind']}"}
    assert b.get(f"/api/tables/{t['id']}").json()["version"] == 0  # B loads the table
    opts = a.get(f"/api/tables/{t['id']}/seats/mastermind/view", headers=gm).json()["view"]["decision"]["options"]
    assert a.post(f"/api/tables/{t['id']}/seats/mastermind/decisions", json={"answer": opts[0]["value"]},
                  headers=gm).status_code == 200
    assert b.get(f"/api/tables/{t['id']}").json()["version"] == 0  # the notice was lost
    b.portal.call(b.app.state.service.resync_all)
    assert b.get(f"/api/tables/{t['id']}").json()["version"] == 1


def test_a_redis_blip_triggers_a_resync(redis_url: str) -> None:
    import redis.asyncio as aioredis

    from scriptkeeper.server.bus import RedisBus

    async def run() -> int:
        resyncs = asyncio.Event()

        async def on_message(msg: dict[str, Any]) -> None:
            pass

        async def on_reconnect() -> None:
            resyncs.set()

        bus = RedisBus(redis_url, "sk-test-blip", "me", on_message, on_reconnect=on_reconnect)
        await bus.start()
        admin = aioredis.from_url(redis_url)
        try:
            await asyncio.sleep(0.1)
            await admin.execute_command("CLIENT", "KILL", "TYPE", "pubsub")
            for _ in range(3):  # a publish makes the listener notice the dropped connection at once
                await admin.publish("sk-test-blip", "{}")
                try:
                    await asyncio.wait_for(resyncs.wait(), 2)
                    break
                except asyncio.TimeoutError:
                    continue
            return bus.connects
        finally:
            await admin.aclose()
            await bus.stop()

    assert asyncio.run(run()) >= 2


def test_the_page_marks_a_stale_table_while_it_reconnects() -> None:
    static = Path(__file__).resolve().parents[2] / "src" / "scriptkeeper" / "server" / "static"
    js, css = (static / "table.js").read_text(), (static / "style.css").read_text()
    assert 'document.body.classList.add("reconnecting")' in js and 'document.body.classList.remove("reconnecting")' in js
    assert "body.reconnecting" in css
