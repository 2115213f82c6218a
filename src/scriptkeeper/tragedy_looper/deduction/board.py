"""The public board, rebuilt from a seat's structured events.

Everything a Protagonist sees happen is an event (a counter placed, a move, a death), so the
board at any moment of the game can be rebuilt by replaying the events a seat may see. The
deduction needs the board at precise moments: when an incident is checked, when a character dies,
at the start of a day's end, at loop end.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..tragedy_looper.rules import COUNTERS, LOCATIONS, RuleBook


def _zero() -> dict[str, int]:
    return {k: 0 for k in COUNTERS}


@dataclass
class Board:
    order: list[str]  # characters known to be in the cast, in board (cast) order
    loc: dict[str, str | None] = field(default_factory=dict)
    alive: dict[str, bool] = field(default_factory=dict)
    ctr: dict[str, dict[str, int]] = field(default_factory=dict)
    lctr: dict[str, dict[str, int]] = field(default_factory=lambda: {l: _zero() for l in LOCATIONS})
    start: dict[str, str] = field(default_factory=dict)  # starting location of this loop
    patient_free: bool = False
    no_incidents: set[str] = field(default_factory=set)

    def copy(self) -> "Board":
        return Board(list(self.order), dict(self.loc), dict(self.alive), {k: dict(v) for k, v in self.ctr.items()},
                     {k: dict(v) for k, v in self.lctr.items()}, dict(self.start), self.patient_free, set(self.no_incidents))

    def ensure(self, ch: str) -> None:
        if ch not in self.ctr:
            self.order.append(ch)
            self.ctr[ch] = _zero()
            self.loc.setdefault(ch, None)
            self.alive.setdefault(ch, True)

    def in_play(self, ch: str) -> bool:
        return self.alive.get(ch, False) and self.loc.get(ch) is not None

    def on_board(self, ch: str) -> bool:
        return self.loc.get(ch) is not None

    def at(self, loc: str | None) -> list[str]:
        return [c for c in self.order if self.in_play(c) and self.loc[c] == loc] if loc else []

    def count(self, target: str, kind: str) -> int:
        if target in LOCATIONS:
            return self.lctr[target].get(kind, 0)
        return self.ctr.get(target, {}).get(kind, 0)

    def counter(self, target: str, kind: str, delta: int) -> None:
        bucket = self.lctr[target] if target in LOCATIONS else self.ctr[target]
        bucket[kind] = bucket.get(kind, 0) + delta

    def reset(self, rb: RuleBook, present: set[str]) -> None:
        """Loop start: every character back at its start, alive, without counters."""
        for ch in self.order:
            self.ctr[ch] = _zero()
            self.alive[ch] = True
            self.loc[ch] = rb.characters[ch].start if ch in present else None
        self.lctr = {l: _zero() for l in LOCATIONS}
        self.start = {ch: l for ch, l in self.loc.items() if l}
        self.patient_free = False
        self.no_incidents = set()

    def snapshot(self) -> dict[str, Any]:
        return {"characters": {ch: {"location": self.loc[ch], "alive": self.alive[ch], "counters": dict(self.ctr[ch])}
                               for ch in self.order if self.loc.get(ch) is not None},
                "locations": {l: dict(v) for l, v in self.lctr.items()}}
