"""A second server on the same database without --redis warns (issue 14): seats connected to one
would not see moves made through the other."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from scriptkeeper.server.presence import Presence
from scriptkeeper.server.store import Store


def test_a_second_server_without_a_bus_warns(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async def run() -> tuple[list[str], list[str], list[str]]:
        a_store, b_store = Store(str(tmp_path / "two.db")), Store(str(tmp_path / "two.db"))
        await a_store.init()
        await b_store.init()
        a = Presence(a_store, "a", bus=False)
        await a.start()
        b = Presence(b_store, "b", bus=False)
        with caplog.at_level(logging.WARNING, logger="scriptkeeper.server"):
            await b.start()
        seen_by_a = await a.check()
        await b.stop()
        c = Presence(b_store, "c", bus=True)  # with a bus, but the other has none: still a warning
        await c.start()
        both = [o for o, _ in await a_store.other_servers("a", 0)]
        await c.stop()
        await a.stop()
        await a_store.close()
        await b_store.close()
        return seen_by_a, sorted(b.warned), both

    seen_by_a, warned_by_b, others = asyncio.run(run())
    assert seen_by_a == ["b"] and warned_by_b == ["a"] and others == ["c"]
    assert any("--redis" in r.getMessage() and "will not see" in r.getMessage() for r in caplog.records)


def test_servers_that_share_a_bus_do_not_warn(tmp_path: Path) -> None:
    async def run() -> list[str]:
        store = Store(str(tmp_path / "bus.db"))
        await store.init()
        a, b = Presence(store, "a", bus=True), Presence(store, "b", bus=True)
        await a.start()
        await b.start()
        got = await a.check() + await b.check()
        await a.stop()
        await b.stop()
        await store.close()
        return got

    assert asyncio.run(run()) == []
