"""Server processes sharing one database: each writes a heartbeat (`sk_servers`), and a process
that sees another one while either has no bus (Redis) warns, since seats connected to one would
not see moves made through the other until they reload (the database stays the truth)."""

from __future__ import annotations

import asyncio
import logging
import time

from .store import Store

log = logging.getLogger("scriptkeeper.server")
BEAT = 10.0  # seconds between heartbeats
FRESH = 3 * BEAT  # a process not seen for this long is gone
WARNING = ("another scriptkeeper server uses this database and %s: seats connected to one will not see "
           "moves made through the other. Start every server with the same --redis redis://HOST:6379.")


class Presence:
    def __init__(self, store: Store, origin: str, bus: bool) -> None:
        self.store, self.origin, self.bus = store, origin, bus
        self.warned: set[str] = set()
        self.task: asyncio.Task[None] | None = None

    async def check(self) -> list[str]:
        """Warn once about each other process when either side has no bus; the warnings given."""
        out = []
        for other, other_bus in await self.store.other_servers(self.origin, time.time() - FRESH):
            if other in self.warned or (self.bus and other_bus):
                continue
            self.warned.add(other)
            who = "this one has no --redis" if not self.bus else "that one has no --redis"
            log.warning(WARNING, who)
            out.append(other)
        return out

    async def start(self) -> None:
        await self.store.heartbeat(self.origin, self.bus, time.time())
        await self.check()
        self.task = asyncio.ensure_future(self._beat())

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(BEAT)
            try:
                await self.store.heartbeat(self.origin, self.bus, time.time())
                await self.check()
            except Exception:  # a lost heartbeat only delays a warning
                log.debug("heartbeat failed", exc_info=True)

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
        try:
            await self.store.leave(self.origin)
        except Exception:  # pragma: no cover - the database is going away
            log.debug("leaving the servers table failed", exc_info=True)
