"""What the server accepts from a client, and how often: every limit in one place, configurable.

`Limits()` holds sane defaults; `Limits.from_env()` reads `SCRIPTKEEPER_<FIELD>` overrides
(e.g. `SCRIPTKEEPER_CREATE_PER_MINUTE=0` turns the table-creation rate limit off), which is what
`scriptkeeper serve` uses. Texts are checked by `clean_text`: valid Unicode (no lone surrogate),
no control character (a chat message may hold line breaks and tabs), a length cap.
"""

from __future__ import annotations

import dataclasses
import os
import time
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from ..core.text import T, Text


@dataclass
class Limits:
    # sizes
    body_bytes: int = 256 * 1024          # a request body (a script is a few KB)
    script_bytes: int = 16 * 1024         # an uploaded script's YAML text (the shipped ones: under 1 KB)
    script_depth: int = 32                # nested collections in an uploaded script
    parse_seconds: float = 5.0            # an upload's parse and check, in a parser process
    parse_workers: int = 1                # parser processes: uploads parsed at once (the others wait)
    name_chars: int = 100                 # a player's name
    table_name_chars: int = 200           # a table's name
    chat_chars: int = 1000                # a chat message
    chat_history: int = 200               # chat messages a view or a hello carries (the newest)
    chat_max: int = 5000                  # chat messages a table keeps; then the chat is full
    token_chars: int = 128                # a seat token
    ws_message_bytes: int = 64 * 1024     # one WebSocket message
    sockets_per_seat: int = 8             # sockets one seat may hold open at one table
    # rates per client address: a burst, then this many per minute (0: no limit)
    create_per_minute: float = 20.0
    create_burst: int = 20
    join_per_minute: float = 60.0
    join_burst: int = 30
    chat_per_minute: float = 60.0
    chat_burst: int = 20
    rate_exempt: tuple[str, ...] = ()     # addresses no rate limit applies to (the host's own tools)
    # agents
    ai_tables: int = 4                    # tables whose agents think at once; the others queue
    driver_backoff: float = 0.5           # first wait after an agent driver's error (doubles, to 30 s)
    secret_delay: tuple[float, float] = (0.25, 0.5)  # an agent's answer to a question asked only to hide a secret
    # seats
    handover_seconds: float = 120.0       # a claimed seat disconnected this long may be given to an agent

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None, **overrides: Any) -> "Limits":
        env = dict(os.environ if env is None else env)
        values: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            raw = env.get(f"SCRIPTKEEPER_{f.name.upper()}")
            if raw is None:
                continue
            if f.name == "secret_delay":
                lo, _, hi = raw.partition(",")
                values[f.name] = (float(lo), float(hi or lo))
            elif f.name == "rate_exempt":
                values[f.name] = tuple(a.strip() for a in raw.split(",") if a.strip())
            elif f.type in ("int", int):
                values[f.name] = int(raw)
            else:
                values[f.name] = float(raw)
        values.update(overrides)
        return cls(**values)

    @classmethod
    def unlimited_rates(cls, **overrides: Any) -> "Limits":
        """No per-address rate limit (benchmarks from one address; tests of other things)."""
        return cls(**{"create_per_minute": 0, "join_per_minute": 0, "chat_per_minute": 0, **overrides})


class TextError(ValueError):
    """A text field a client sent that the server does not accept: `text` says why as a Text
    (`server.error.text_*`), `str()` in English."""

    def __init__(self, text: Text) -> None:
        from .texts import server_words

        self.text = text
        super().__init__(server_words("en")(text))


_ALLOWED_CONTROLS = {"\n", "\t"}
# What a text field is, in words (`server.what.<what>`), as clean_text's `what` names it.
WHATS = ("text", "script", "table_name", "player_name", "chat_message")


def clean_text(value: Any, max_chars: int, *, what: str = "text", multiline: bool = False, strip: bool = True) -> str:
    """`value` as a string the store and every page accept, or TextError saying why not; `what`
    is one of WHATS (the field, named in the reason)."""
    field = T(f"server.what.{what}")
    if not isinstance(value, str):
        raise TextError(T("server.error.text_not_string", what=field))
    if strip:
        value = value.strip()
    if len(value) > max_chars:
        raise TextError(T("server.error.text_too_long", what=field, n=max_chars))
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise TextError(T("server.error.text_not_unicode", what=field)) from None
    for ch in value:
        if multiline and ch in _ALLOWED_CONTROLS:
            continue
        if unicodedata.category(ch) == "Cc":  # C0 and C1 controls, NUL included
            raise TextError(T("server.error.text_control", what=field, code=f"U+{ord(ch):04X}"))
    return value


def token_text(value: Any, max_chars: int = 128) -> str | None:
    """A seat token as sent, or None when it cannot be one (not a string, not ASCII, too long)."""
    if not isinstance(value, str) or not value or len(value) > max_chars or not value.isascii():
        return None
    return value


@dataclass
class RateLimiter:
    """Token buckets per client address: `burst` at once, then `per_minute` (0: unlimited)."""

    per_minute: float
    burst: int
    buckets: dict[str, tuple[float, float]] = field(default_factory=dict)
    max_addresses: int = 100_000

    def allow(self, address: str, now: float | None = None) -> float:
        """0.0 when allowed (and counted); else the seconds until the next request may pass."""
        if self.per_minute <= 0:
            return 0.0
        now = time.monotonic() if now is None else now
        rate = self.per_minute / 60.0
        level, at = self.buckets.get(address, (float(self.burst), now))
        level = min(float(self.burst), level + (now - at) * rate)
        if level < 1.0:
            self.buckets[address] = (level, now)
            return (1.0 - level) / rate
        if len(self.buckets) >= self.max_addresses and address not in self.buckets:
            self._forget(now)
        self.buckets[address] = (level - 1.0, now)
        return 0.0

    def _forget(self, now: float) -> None:
        """Drop the addresses whose bucket is full again (they are as good as new)."""
        rate = self.per_minute / 60.0
        for k, (level, at) in list(self.buckets.items()):
            if level + (now - at) * rate >= self.burst:
                del self.buckets[k]
