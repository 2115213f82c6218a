"""Redis pub/sub between server processes that share one database.

A process that changed a table publishes `{"table": id, "kind": ..., "version": n}`; the others
read what changed from the database (the only shared truth) and push their own sockets. A notice
carries no game data, so nothing secret crosses Redis.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any, Awaitable, Callable

import redis.asyncio as aioredis

log = logging.getLogger("scriptkeeper.server")


class RedisBus:
    def __init__(self, url: str, channel: str, origin: str,
                 on_message: Callable[[dict[str, Any]], Awaitable[None]]) -> None:
        self.url = url
        self.channel = channel
        self.origin = origin
        self.on_message = on_message
        self.redis: Any = None
        self.pubsub: Any = None
        self.task: asyncio.Task[None] | None = None
        self._handlers: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self.redis = aioredis.from_url(self.url)
        self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self.pubsub.subscribe(self.channel)
        self.task = asyncio.create_task(self._listen())

    async def stop(self) -> None:
        if self.task:
            self.task.cancel()
        if self.pubsub is not None:
            try:
                await self.pubsub.aclose()
            except Exception:  # pragma: no cover - shutting down anyway
                pass
        if self.redis is not None:
            await self.redis.aclose()

    async def publish(self, msg: dict[str, Any]) -> None:
        await self.redis.publish(self.channel, json.dumps({**msg, "origin": self.origin}))

    async def _listen(self) -> None:
        while True:
            try:
                async for m in self.pubsub.listen():
                    if m.get("type") != "message":
                        continue
                    data = json.loads(m["data"])
                    if data.get("origin") == self.origin:
                        continue
                    task = asyncio.create_task(self._handle(data))
                    self._handlers.add(task)
                    task.add_done_callback(self._handlers.discard)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the Redis listener failed; resubscribing")
                await asyncio.sleep(0.5)
                try:
                    await self.pubsub.subscribe(self.channel)
                except Exception:
                    pass

    async def _handle(self, data: dict[str, Any]) -> None:
        try:
            await self.on_message(data)
        except Exception:
            log.exception("handling a bus notice failed: %s", data)
