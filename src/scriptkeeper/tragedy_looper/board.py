"""The board, and every rule about it, written once.

`Board` is the public board: where each character is, alive or not, the counters on characters
and locations, this loop's starting locations, the Boss's turf, the Extra cards lying on
characters, game-long tokens, and the public loop-long statuses (the freed Patient...). The
engine's state holds one; the deduction and the agents rebuild one from a seat's events with
`events.replay` (each event says which of these methods it ran), so the three boards are the
same object kind changed by the same code. Its methods are the only mutations of a board: a copy
shares every character's and location's entry with its original until one of them changes it
(copy on write, in those methods), so nothing may change an entry from outside.

The functions below are the board's rules (counting counters, who stands where, forbidden
locations, movement on the grid); the engine, the deduction and the agents all call them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from .rules import RuleBook


@dataclass(slots=True)
class CharacterState:
    id: str
    location: str | None  # None while the character is not on the board
    alive: bool = True
    counters: dict[str, int] = field(default_factory=dict)  # raw counters by kind (what lies on the card)

    @property
    def in_play(self) -> bool:
        """On the board and alive: the only state in which a character acts or is targeted."""
        return self.alive and self.location is not None

    def copy(self) -> "CharacterState":
        return CharacterState(self.id, self.location, self.alive, dict(self.counters))


@dataclass(slots=True)
class Board:
    chars: dict[str, CharacterState] = field(default_factory=dict)  # every character known, in cast order
    locations: dict[str, dict[str, int]] = field(default_factory=dict)  # raw counters on each location
    start: dict[str, str] = field(default_factory=dict)  # this loop's starting locations
    turf: dict[str, str] = field(default_factory=dict)  # fixed for the game (the Boss)
    entered: set[str] = field(default_factory=set)  # characters that entered on a loop the script fixes
    extra_cards: set[str] = field(default_factory=set)  # characters an Extra card lies on (this loop)
    statuses: set[tuple[str, str]] = field(default_factory=set)  # (status, character), this loop
    tokens: dict[str, set[str]] = field(default_factory=dict)  # character -> game-long tokens
    gauges: dict[str, int] = field(default_factory=dict)  # the set's gauges (Another Horizon's Extra Gauge)
    # Structural sharing: a copy shares every character's entry and every location's counters with
    # the board it was copied from, and each of them copies an entry the first time it changes it
    # (the entries it owns are listed here). A simulation copies the board at every step and
    # changes two or three entries. This is why the methods below are the only mutations of a board.
    _own_chars: set[str] = field(default_factory=set, compare=False, repr=False)
    _own_locations: set[str] = field(default_factory=set, compare=False, repr=False)

    @classmethod
    def empty(cls, rules: RuleBook, characters: Iterable[str] = ()) -> "Board":
        b = cls(locations={l: {k: 0 for k in rules.location_counter_kinds} for l in rules.locations},
                gauges={g: gauge.start for g, gauge in rules.set.gauges.items()})
        b._own_locations = set(b.locations)
        for ch in characters:
            b.ensure(rules, ch)
        return b

    def copy(self) -> "Board":
        # Neither board owns a shared entry any more: the first change on either side copies it.
        self._own_chars = set()
        self._own_locations = set()
        return Board(dict(self.chars), dict(self.locations), dict(self.start), dict(self.turf), set(self.entered),
                     set(self.extra_cards), set(self.statuses), {k: set(v) for k, v in self.tokens.items()} if self.tokens else {}, dict(self.gauges))

    def _char(self, ch: str) -> CharacterState:
        """The character's entry, to change: copied first if it is shared with another board."""
        if ch in self._own_chars:
            return self.chars[ch]
        c = self.chars[ch] = self.chars[ch].copy()
        self._own_chars.add(ch)
        return c

    def _bucket(self, target: str) -> dict[str, int]:
        """The counters of a character or a location, to change (copied first if shared)."""
        if target in self.locations:
            if target not in self._own_locations:
                self.locations[target] = dict(self.locations[target])
                self._own_locations.add(target)
            return self.locations[target]
        return self._char(target).counters

    def ensure(self, rules: RuleBook, ch: str) -> CharacterState:
        """The character's entry, made (off the board, no counters) the first time it is named."""
        c = self.chars.get(ch)
        if c is None:
            c = self.chars[ch] = CharacterState(ch, None, True, {k: 0 for k in rules.counter_kinds})
            self._own_chars.add(ch)
        return c

    # ------------------------------------------------------------ mutations
    def add(self, target: str, kind: str, delta: int) -> None:
        """Change the raw counters of `kind` on a character or location by `delta` (callers never go below 0)."""
        bucket = self._bucket(target)
        bucket[kind] = bucket.get(kind, 0) + delta

    def take(self, target: str, kind: str, n: int) -> int:
        """Remove up to `n` raw counters of `kind` (never below 0); returns how many were removed."""
        taken = min(n, raw(self, target, kind))
        self.add(target, kind, -taken)
        return taken

    def set_location(self, ch: str, location: str | None) -> None:
        self._char(ch).location = location

    def set_alive(self, ch: str, alive: bool) -> None:
        self._char(ch).alive = alive

    def set_start(self, ch: str, location: str) -> None:
        self._char(ch).location = location
        self.start[ch] = location

    def set_turf(self, ch: str, location: str) -> None:
        self.turf[ch] = location

    def add_status(self, status: str, ch: str) -> None:
        self.statuses.add((status, ch))

    def add_token(self, ch: str, token: str) -> bool:
        """Put a game-long token on a character; False when it already has one."""
        have = self.tokens.setdefault(ch, set())
        if token in have:
            return False
        have.add(token)
        return True

    def move_gauge(self, gauge: str, delta: int) -> None:
        """Change a gauge by `delta` (callers never go below its minimum)."""
        self.gauges[gauge] = self.gauges.get(gauge, 0) + delta

    def enter(self, rules: RuleBook, ch: str) -> None:
        """A character that enters on a loop (Godly Being) or a day (Transfer Student) the script fixes
        comes on the board at its start; one that enters on a loop stays for the later loops."""
        if not rules.characters[ch].has_trait("enters_on_script_day"):
            self.entered.add(ch)
        self.ensure(rules, ch)
        c = self._char(ch)
        c.location = rules.characters[ch].start
        if c.location:
            self.start[ch] = c.location

    def reset_for_loop(self, rules: RuleBook) -> None:
        """Loop start: every character present back at its start, alive and without counters; no
        counters on the locations, no Extra cards, no loop-long statuses (tokens stay)."""
        kinds = rules.counter_kinds
        for ch in self.chars:
            card = rules.characters[ch]
            # Off the board: a character still to enter on its loop, or one that enters on a day of every loop.
            present = (not card.has_trait("enters_on_script_loop") or ch in self.entered) and not card.has_trait("enters_on_script_day") \
                and not card.has_trait("never_in_a_script")  # the Part-Timer(?) enters only by the Part-Timer's trait
            self.chars[ch] = CharacterState(ch, card.start if present else None, True, {k: 0 for k in kinds})
        self._own_chars = set(self.chars)
        self.locations = {l: {k: 0 for k in rules.location_counter_kinds} for l in rules.locations}
        self._own_locations = set(self.locations)
        self.start = {ch: c.location for ch, c in self.chars.items() if c.location}
        self.extra_cards = set()
        self.statuses = set()
        for g, gauge in rules.set.gauges.items():
            if gauge.resets_each_loop:
                self.gauges[g] = gauge.start


# ================================================================ counting
def raw(board: Board, target: str, kind: str) -> int:
    """How many counters of `kind` physically lie on a character or location."""
    bucket = board.locations.get(target)
    if bucket is None:
        bucket = board.chars[target].counters
    return bucket.get(kind, 0)


def count(rules: RuleBook, board: Board, target: str, kind: str) -> int:
    """The number of `kind` counters a rule counts on a target: its own, plus the counters that
    count as that kind (never below 0)."""
    bucket = board.locations.get(target)  # raw(), written out: counting is asked all the time
    if bucket is None:
        bucket = board.chars[target].counters
    n = bucket.get(kind, 0)
    extra = rules.counts_as.get(kind)
    if extra:
        for other, w in extra:  # a loop, not sum() over a generator: counting is asked all the time
            n += w * bucket.get(other, 0)
        n = max(0, n)
    return n


def total_counters(board: Board, target: str) -> int:
    """Every counter on a target, each one counted once whatever it counts as."""
    bucket = board.locations.get(target)
    if bucket is None:
        bucket = board.chars[target].counters
    return sum(bucket.values())


def kinds_of_counters(board: Board, target: str) -> int:
    """How many kinds of counters lie on a character (Another Horizon's "kinds of counters"): each
    kind with at least one counter counts once, whatever it counts as (a Despair is one kind, not
    Paranoia and Intrigue); tokens are not counters and never count."""
    bucket = board.locations.get(target)
    if bucket is None:
        bucket = board.chars[target].counters
    return sum(1 for n in bucket.values() if n > 0)


LIGHT, DARK = "light", "dark"


def world(rules: RuleBook, board: Board) -> str | None:
    """Another Horizon's world: Light while the Warp gauge is even, Dark while it is odd; None in a
    set without Warps."""
    gauge = rules.set.warp_gauge
    if gauge is None:
        return None
    return DARK if board.gauges.get(gauge, 0) % 2 else LIGHT


def goodwill_refusal(board: Board, ch: str, role_refusal: str) -> str:
    """A character's Goodwill Refusal: its role's, changed by Rei's counters. A Hope counter removes
    every kind of refusal and a Despair counter gives Mandatory refusal; removal beats granting
    (seed 000 "Hope and Despair Counters": Hope does not succumb to Despair)."""
    counters = board.chars[ch].counters
    if counters.get(HOPE, 0) > 0:
        return "none"
    if counters.get(DESPAIR, 0) > 0:
        return "mandatory"
    return role_refusal


HOPE, DESPAIR = "hope", "despair"  # the counter kinds whose rules are not only counting


# ================================================================ who stands where
def in_play(board: Board, ch: str) -> bool:
    c = board.chars.get(ch)
    return c is not None and c.alive and c.location is not None


def on_board(board: Board, ch: str) -> bool:
    c = board.chars.get(ch)
    return c is not None and c.location is not None


def characters_at(board: Board, loc: str | None) -> list[str]:
    """Living characters on the board at `loc`, in cast order (corpses are not characters)."""
    if loc is None:
        return []
    return [c.id for c in board.chars.values() if c.alive and c.location == loc]


def corpses_at(board: Board, loc: str | None) -> list[str]:
    return [c.id for c in board.chars.values() if not c.alive and c.location == loc] if loc else []


def ability_locations(board: Board, ch: str) -> list[str]:
    """Where a character counts as being for its role's abilities (the Boss may use his turf)."""
    loc = board.chars[ch].location
    if loc is None:
        return []
    turf = board.turf.get(ch)
    return [loc] if turf is None or turf == loc else [loc, turf]


# ================================================================ loop-long statuses
INCIDENTS_STOPPED = "incidents_stopped"


PROTAGONISTS_SHIELDED = "protagonists_shielded"
LEFT_BOARD = "left_board"  # off the board for the rest of the loop, alive, keeping its counters (the Illusion)


def protagonists_shielded(board: Board) -> bool:
    """For the rest of the loop nothing kills the Protagonists (the Soldier's Goodwill 5; it holds if he dies)."""
    return any(status == PROTAGONISTS_SHIELDED for status, _ in board.statuses)


def incidents_stopped(board: Board, ch: str) -> bool:
    """For the rest of the loop, incidents with this character as culprit do not occur (the Henchman stood down)."""
    return (INCIDENTS_STOPPED, ch) in board.statuses


# ================================================================ movement
NO_FORBIDDEN = "no_forbidden_locations"


def forbidden_locations(rules: RuleBook, board: Board, ch: str) -> tuple[str, ...]:
    """Where a character may not go now: its card's forbidden locations, unless a rule lifted them
    for this loop (the Doctor frees the Patient)."""
    if (NO_FORBIDDEN, ch) in board.statuses:
        return ()
    return rules.characters[ch].forbidden


def destination(rules: RuleBook, loc: str, vector: tuple[int, int]) -> str:
    """Where a move by `vector` takes a character from `loc` on the grid (columns and rows flip)."""
    x, y = rules.board[loc].at
    dest = (x ^ vector[0], y ^ vector[1])
    return next(l for l in rules.locations if rules.board[l].at == dest)


def combine(vectors: Iterable[tuple[int, int]]) -> tuple[int, int]:
    """Movement cards on one character combine into one move; the same card twice moves once."""
    vx = vy = 0
    for x, y in set(vectors):
        vx ^= x
        vy ^= y
    return vx, vy


def adjacent(rules: RuleBook, loc: str) -> list[str]:
    """The locations one horizontal or one vertical step away (never diagonal)."""
    return [destination(rules, loc, (1, 0)), destination(rules, loc, (0, 1))]
