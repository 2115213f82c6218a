"""The grimoire: every player's character, alignment, life, ghost vote and reminder tokens, plus
the facts of the day being played. The state is plain data (ids and numbers): the canonical
state and the digest are built from it (game.py)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from ..core.flow import FlowState, Steps
from .script import Setup, builtin_script

STORYTELLER, OBSERVER = "storyteller", "observer"
GOOD, EVIL = "good", "evil"
MAX_TRAVELLERS = 5  # Travellers beside the 5 to 15 players of the table (seats up to p20)
STEPS = Steps("clocktower")


def seat_ids(n: int) -> list[str]:
    return [f"p{i}" for i in range(1, n + 1)]


@dataclass(frozen=True)
class Reminder:
    """A reminder token: whose (the character it belongs to), which, and where it lies (a seat,
    or None for the centre of the grimoire)."""

    source: str
    token: str
    seat: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"source": self.source, "token": self.token, "seat": self.seat}


@dataclass
class Today:
    """What lasts one day (cleared at dawn)."""

    nominators: list[str] = field(default_factory=list)
    nominees: list[str] = field(default_factory=list)
    nominations: list[dict[str, Any]] = field(default_factory=list)  # {nominator, nominee, votes: [seats], count}
    block: str | None = None  # the player about to die
    high: int = 0  # the most votes today
    executed: bool = False  # an execution happened today (even if the executee lived)
    psychopath_used: bool = False
    gossip_true: bool = False
    goblin_claims: list[str] = field(default_factory=list)
    exile_calls: list[str] = field(default_factory=list)  # Travellers called for exile today (once a day each)
    over: bool = False  # no more nominations today (Virgin, Psychopath's execution, Boomdandy)


@dataclass
class ClockState(FlowState):
    STEPS = STEPS

    setup: Setup = field(default_factory=lambda: Setup("", builtin_script(), 5))
    seats: list[str] = field(default_factory=list)
    travellers: list[str] = field(default_factory=list)  # the Travellers' seats (after the others, in seat order)
    outsider_change: int = 0
    bag: list[str] = field(default_factory=list)  # the characters chosen, before they are seated
    character: dict[str, str] = field(default_factory=dict)
    alignment: dict[str, str] = field(default_factory=dict)
    alive: dict[str, bool] = field(default_factory=dict)
    shown_alive: dict[str, bool] = field(default_factory=dict)  # what the town knows: night deaths are told at dawn
    ghost_vote: dict[str, bool] = field(default_factory=dict)  # a dead player's one vote, still unused
    reminders: list[Reminder] = field(default_factory=list)
    bluffs: list[str] = field(default_factory=list)  # the Demon's three
    minion_bluffs: dict[str, list[str]] = field(default_factory=dict)  # the Snitch's
    alchemist_ability: str | None = None
    cannibal_ability: str | None = None  # the character of the last player to die by execution
    da_last: dict[str, str] = field(default_factory=dict)  # each Devil's Advocate's choice last night
    minstrel_until: int | None = None  # everyone drunk until the dusk after this day
    phase: str = "setup"  # setup, night, day, over
    day: int = 0
    night: int = 0
    night_deaths: list[str] = field(default_factory=list)
    today: Today = field(default_factory=Today)
    winner: str | None = None  # good or evil (before the Heretic)
    win_reason: str = ""
    heretic_flip: bool = False

    def is_over(self) -> bool:
        return self.winner is not None

    def clone(self) -> "ClockState":
        new = copy.copy(self)
        new.stack = list(self.stack)
        new.events = list(self.events)
        new.history = list(self.history)
        new.draws = list(self.draws)
        for name in ("bag", "character", "alignment", "alive", "shown_alive", "ghost_vote", "reminders", "bluffs", "minion_bluffs",
                     "night_deaths", "seats", "da_last", "travellers"):
            setattr(new, name, copy.deepcopy(getattr(self, name)))
        new.today = copy.deepcopy(self.today)
        return new

    # ------------------------------------------------------------ reading the grimoire
    def living(self) -> list[str]:
        return [s for s in self.seats if self.alive.get(s)]

    def townspeople(self) -> list[str]:
        """The seats the character table counts: every player but the Travellers."""
        return [s for s in self.seats if s not in self.travellers]

    def holders(self, cid: str) -> list[str]:
        """Every seat that holds the ability of `cid`: its character, the Alchemist's Minion
        ability, the Cannibal's meal."""
        out = []
        for s in self.seats:
            c = self.character.get(s)
            if c == cid or (c == "alchemist" and self.alchemist_ability == cid) or (c == "cannibal" and self.cannibal_ability == cid):
                out.append(s)
        return out

    def has(self, seat: str, token: str, source: str | None = None) -> bool:
        return any(r.seat == seat and r.token == token and (source is None or r.source == source) for r in self.reminders)

    def poisoned(self, seat: str) -> bool:
        return any(r.seat == seat and r.token == "poisoned" for r in self.reminders)

    def drunk(self, seat: str) -> bool:
        # The Minstrel's token lies by the Minstrel who made everyone else drunk; the
        # Storyteller's own Drunk mark (placed by hand) lies by the drunk player.
        # Travellers are not made drunk by the Minstrel (the seed).
        minstrel = seat not in self.travellers
        return any((minstrel and r.token == "everyone_drunk" and r.seat != seat) or (r.token == "drunk" and r.seat == seat)
                   for r in self.reminders)

    def sober(self, seat: str) -> bool:
        return not self.poisoned(seat) and not self.drunk(seat)

    def works(self, seat: str, cid: str, *, even_dead: bool = False) -> bool:
        """Does `seat` hold `cid`'s ability, alive (unless `even_dead`), sober and healthy?"""
        return seat in self.holders(cid) and (even_dead or bool(self.alive.get(seat))) and self.sober(seat)

    def team_of(self, seat: str) -> str:
        from .characters import team
        return team(self.character[seat])

    def demons(self) -> list[str]:
        return [s for s in self.seats if self.team_of(s) == "demon"]

    def minions(self) -> list[str]:
        return [s for s in self.seats if self.team_of(s) == "minion"]

    def in_play(self) -> set[str]:
        return set(self.character.values())

    def neighbours(self, seat: str) -> list[str]:
        """The nearest living players on each side (one player when only two live)."""
        n = len(self.seats)
        i = self.seats.index(seat)
        out: list[str] = []
        for step in (1, -1):
            for k in range(1, n):
                s = self.seats[(i + step * k) % n]
                if self.alive.get(s) and s != seat:
                    if s not in out:
                        out.append(s)
                    break
        return out
