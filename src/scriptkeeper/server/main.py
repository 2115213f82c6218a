"""Start the server: `scriptkeeper serve` calls `run`."""

from __future__ import annotations

import gc
import sys
from typing import Any

import uvicorn

from .store import normalize_url


class _Server(uvicorn.Server):
    """A uvicorn server that prints its real address once it listens (port 0 picks a free one)."""

    def __init__(self, config: uvicorn.Config, db_label: str) -> None:
        super().__init__(config)
        self.db_label = db_label

    async def startup(self, sockets: Any = None) -> None:
        await super().startup(sockets)
        if self.started:
            for srv in self.servers:
                for sock in srv.sockets:
                    host, port = sock.getsockname()[:2]
                    print(f"scriptkeeper: serving on http://{host}:{port}/ (database: {self.db_label})", flush=True)
                    break
                break


def tune_gc() -> None:
    """Fewer, cheaper garbage collections: a full collection walks every game state in memory and
    took 300 ms with 200 tables (bench/server_load.py); game states are freed by reference
    counting, so collecting rarely costs little memory."""
    gc.collect()
    gc.freeze()  # modules, rules data: never garbage, never scanned again
    gc.set_threshold(50_000, 50, 1000)


def run(host: str = "127.0.0.1", port: int = 8000, db: str = "scriptkeeper.db", redis: str | None = None,
        agent_delay: float = 0.0, schema: str | None = None, log_level: str = "warning") -> None:
    from .app import create_app

    app = create_app(db, redis, agent_delay=agent_delay, schema=schema)
    url = normalize_url(db)
    label = url.split("@")[-1] if "@" in url else url  # never print a password
    # No per-message deflate: views are small deltas after the first, and compressing every push
    # cost more CPU than building the views (measured with bench/server_load.py).
    config = uvicorn.Config(app, host=host, port=port, log_level=log_level, access_log=False, ws_ping_interval=20,
                            ws_ping_timeout=20, ws_per_message_deflate=False,
                            ws_max_size=app.state.limits.ws_message_bytes * 4)  # a bigger frame closes the socket
    server = _Server(config, label + (f", Redis {redis.split('@')[-1]}" if redis else ""))
    tune_gc()
    server.run()
    if not server.started:
        sys.exit(1)
