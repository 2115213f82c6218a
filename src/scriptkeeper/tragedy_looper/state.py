"""The full state of one Tragedy Looper game: everything, secrets included.

Only the engine and the Mastermind's view read it whole; every other seat gets a view built
from it (views.py). The state is plain data so that it can be copied (pure `apply`), compared
(replays) and dumped as JSON (`replay --json`).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from ..core.decision import Decision
from ..core.events import Event
from .rules import COUNTERS, LOCATIONS, RuleBook
from .script import Script

MASTERMIND = "mastermind"
OBSERVER = "observer"
PROTAGONIST_SEATS = ("protagonist1", "protagonist2", "protagonist3")
SEATS = (MASTERMIND, *PROTAGONIST_SEATS, OBSERVER)


def zero_counters() -> dict[str, int]:
    return {k: 0 for k in COUNTERS}


@dataclass
class CharacterState:
    id: str
    location: str | None  # None while the character is not on the board
    alive: bool = True
    counters: dict[str, int] = field(default_factory=zero_counters)

    @property
    def in_play(self) -> bool:
        """On the board and alive: the only state in which a character acts or is targeted."""
        return self.alive and self.location is not None


Frame = tuple[str, dict[str, Any]]


@dataclass
class GameState:
    script: Script
    players: int = 4
    seed: int = 0
    loop: int = 0
    day: int = 0
    leader: int = 0  # index of the Leader's hand, 0..2 (Protagonist 1..3)
    phase: str = "setup"
    chars: dict[str, CharacterState] = field(default_factory=dict)
    locations: dict[str, dict[str, int]] = field(default_factory=lambda: {l: zero_counters() for l in LOCATIONS})
    start_locations: dict[str, str] = field(default_factory=dict)
    set_aside: dict[str, list[str]] = field(default_factory=dict)  # hand key -> used once-per-loop cards
    placed: list[dict[str, Any]] = field(default_factory=list)  # {"by", "card", "target", "revealed"}
    stack: list[Frame] = field(default_factory=list)
    pending: Decision | None = None
    pending_then: Frame | None = None
    events: list[Event] = field(default_factory=list)
    revealed_roles: dict[str, str] = field(default_factory=dict)
    revealed_culprits: dict[int, str] = field(default_factory=dict)
    revealed_subplots: list[str] = field(default_factory=list)
    occurred: list[int] = field(default_factory=list)  # incidents (index) that occurred this loop
    used_today: list[str] = field(default_factory=list)  # ability keys used or declared today
    used_loop: list[str] = field(default_factory=list)  # once-per-loop ability keys used this loop
    loop_flags: dict[str, Any] = field(default_factory=dict)
    # Extra cards on characters (Midnight Zone): character -> what put it there (secret; the
    # views show only that a character holds one). Removed at every loop start.
    extra_cards: dict[str, str] = field(default_factory=dict)
    previous_loop: dict[str, Any] = field(default_factory=dict)  # facts about the end of the last loop
    loop_lost: bool = False
    loss_reasons: list[str] = field(default_factory=list)
    end_loop_now: bool = False
    loop_results: list[dict[str, Any]] = field(default_factory=list)
    final_guess: dict[str, str] = field(default_factory=dict)
    outcome: dict[str, Any] | None = None
    history: list[dict[str, Any]] = field(default_factory=list)  # answered decisions, in order

    @property
    def rules(self) -> RuleBook:
        return self.script.rules

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def clone(self) -> "GameState":
        # The script, the rule book and the (frozen, append-only) events are shared between copies.
        memo: dict[int, Any] = {id(self.script): self.script}
        for e in self.events:
            memo[id(e)] = e
        return copy.deepcopy(self, memo)

    def hand_seat(self, hand: int) -> str:
        """The seat that plays hand `hand` (two-player mode: one Protagonist holds all three)."""
        return PROTAGONIST_SEATS[0] if self.players == 2 else PROTAGONIST_SEATS[hand]

    @property
    def leader_seat(self) -> str:
        return self.hand_seat(self.leader)

    def in_play(self, ch: str) -> bool:
        c = self.chars.get(ch)
        return c is not None and c.in_play

    def characters_at(self, loc: str) -> list[str]:
        """Living characters on the board at `loc` (corpses are not characters)."""
        return [c.id for c in self.chars.values() if c.in_play and c.location == loc]

    def corpses_at(self, loc: str) -> list[str]:
        return [c.id for c in self.chars.values() if not c.alive and c.location == loc]

    def name(self, target: Any) -> str:
        if isinstance(target, str):
            if target in self.rules.characters:
                return self.rules.characters[target].name
            if target in LOCATIONS:
                return target.capitalize()
        if isinstance(target, int) and 0 <= target < len(self.script.incidents):
            inc = self.script.incidents[target]
            return f"{self.rules.incidents[inc.incident].name} (day {inc.day})"
        return str(target)
