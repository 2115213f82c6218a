"""Redis pub/sub between server processes that share one database.

A process that changed a table publishes `{"table": id, "kind": ..., "version": n}`; the others
read what changed from the database (the only shared truth) and push their own sockets. A notice
carries no game data, so nothing secret crosses Redis.

Notices published while a process was cut off from Redis are lost to it: each time the
subscription is made again after a drop, `on_reconnect` runs (the service resyncs every table
it holds from the database).
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any, Awaitable, Callable, Optional

import redis.asyncio as aioredis

log = logging.getLogger("scriptkeeper.server")


class _TellingPubSub(aioredis.client.PubSub):
    """redis-py's PubSub resubscribes by itself after a dropped connection: this one also tells the bus."""

    bus: "RedisBus | None" = None

    async def on_connect(self, connection: Any) -> None:
        await super().on_connect(connection)
        if self.bus is not None:
            self.bus._connected()


class RedisBus:
    def __init__(self, url: str, channel: str, origin: str,
                 on_message: Callable[[dict[str, Any]], Awaitable[None]],
                 on_reconnect: Optional[Callable[[], Awaitable[None]]] = None) -> None:
        self.url = url
        self.channel = channel
        self.origin = origin
        self.on_message = on_message
        self.on_reconnect = on_reconnect
        self.connects = 0  # subscriptions made: more than one means a reconnect
        self.redis: Any = None
        self.pubsub: Any = None
        self.task: asyncio.Task[None] | None = None
        self._handlers: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self.redis = aioredis.from_url(self.url)
        self.pubsub = _TellingPubSub(self.redis.connection_pool, ignore_subscribe_messages=True)
        self.pubsub.bus = self
        await self.pubsub.subscribe(self.channel)
        self.task = asyncio.create_task(self._listen())

    def _connected(self) -> None:
        self.connects += 1
        if self.connects > 1 and self.on_reconnect is not None:
            log.warning("the Redis bus reconnected; resyncing the tables from the database")
            self._run(self.on_reconnect())

    def _run(self, coro: Awaitable[None]) -> None:
        async def guarded() -> None:
            try:
                await coro
            except Exception:
                log.exception("handling a bus event failed")

        task = asyncio.create_task(guarded())
        self._handlers.add(task)
        task.add_done_callback(self._handlers.discard)

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
                    try:
                        data = json.loads(m["data"])
                    except ValueError:
                        continue
                    if not isinstance(data, dict) or data.get("origin") == self.origin:
                        continue
                    task = asyncio.create_task(self._handle(data))
                    self._handlers.add(task)
                    task.add_done_callback(self._handlers.discard)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.error("the Redis listener failed (%s); resubscribing", type(exc).__name__)
                await asyncio.sleep(0.5)
                try:
                    await self.pubsub.subscribe(self.channel)
                except Exception:
                    continue
                self._connected()  # subscribed again: what was published meanwhile is lost to us

    async def _handle(self, data: dict[str, Any]) -> None:
        try:
            await self.on_message(data)
        except Exception:
            log.exception("handling a bus notice failed: %s", {k: data.get(k) for k in ("table", "kind", "version")})
