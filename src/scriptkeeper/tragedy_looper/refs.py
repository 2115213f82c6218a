"""Typed references: which ability a rule, an option or a once-per-loop mark is about, and whose hand.

An `AbilityRef` names one ability of the rules data: a character's Goodwill ability, a role
ability of a character, a plot rule, a step of a scheduled incident or of an incident kind. The
engine passes refs around; the text form (`key`, e.g. `police_officer:gw:1`) exists only at the
edges: the JSON options of a decision, game files and situations, events' data. `parse` reads it
back, in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.errors import GameFileError

MASTERMIND = "mastermind"
OBSERVER = "observer"
PROTAGONIST_SEATS = ("protagonist1", "protagonist2", "protagonist3")
SEATS = (MASTERMIND, *PROTAGONIST_SEATS, OBSERVER)
HANDS = (MASTERMIND, *PROTAGONIST_SEATS)  # one hand per side of the table: the Mastermind's and one per Protagonist


def hand_of(index: int) -> str:
    """The hand id of Protagonist `index` (0..2): protagonist1..3."""
    return PROTAGONIST_SEATS[index]


def hand_index(hand: str) -> int:
    """0..2 for protagonist1..3."""
    return PROTAGONIST_SEATS.index(hand)


GOODWILL, ROLE, PLOT, INCIDENT, INCIDENT_KIND, ROLE_SHARED = "goodwill", "role", "plot", "incident", "incident_kind", "role_shared"


@dataclass(frozen=True, slots=True)
class AbilityRef:
    """One ability of the rules data.

    kind: goodwill (owner = character), role (owner = character, role = its role), plot (owner =
    plot id), incident (owner = index of the scheduled incident), incident_kind (owner = incident
    id, run on behalf of another incident), role_shared (owner = role: the once-per-loop mark the
    holders of a role share).
    """

    kind: str
    owner: str
    index: int
    role: str | None = None

    @property
    def key(self) -> str:
        k = self.kind
        if k == GOODWILL:
            return f"{self.owner}:gw:{self.index}"
        if k == ROLE:
            return f"{self.owner}:{self.role}:{self.index}"
        if k == PLOT:
            return f"plot:{self.owner}:{self.index}"
        if k == INCIDENT:
            return f"incident:{self.owner}:{self.index}"
        if k == INCIDENT_KIND:
            return f"incdef:{self.owner}:{self.index}"
        return f"role:{self.owner}:{self.index}"

    @property
    def character(self) -> str | None:
        """The character whose ability it is (None for plot rules and incidents)."""
        return self.owner if self.kind in (GOODWILL, ROLE) else None

    @property
    def shared(self) -> "AbilityRef":
        """The mark shared by every holder of this role ability's role (Midnight Zone's Magicians)."""
        assert self.kind == ROLE and self.role is not None
        return AbilityRef(ROLE_SHARED, self.role, self.index)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "index": self.index}
        if self.kind in (GOODWILL, ROLE):
            out["character"] = self.owner
        if self.role is not None:
            out["role"] = self.role
        if self.kind == PLOT:
            out["plot"] = self.owner
        if self.kind == INCIDENT:
            out["incident"] = int(self.owner)
        if self.kind in (INCIDENT_KIND, ROLE_SHARED):
            out["of"] = self.owner
        return out

    @staticmethod
    def goodwill(ch: str, i: int) -> "AbilityRef":
        return AbilityRef(GOODWILL, ch, i)

    @staticmethod
    def of_role(ch: str, role: str, i: int) -> "AbilityRef":
        return AbilityRef(ROLE, ch, i, role)

    @staticmethod
    def plot(plot: str, i: int) -> "AbilityRef":
        return AbilityRef(PLOT, plot, i)

    @staticmethod
    def incident(idx: int, step: int) -> "AbilityRef":
        return AbilityRef(INCIDENT, str(idx), step)

    @staticmethod
    def incident_kind(incident: str, step: int) -> "AbilityRef":
        return AbilityRef(INCIDENT_KIND, incident, step)

    @staticmethod
    def parse(key: str) -> "AbilityRef":
        """The ref a text key names (GameFileError when it is not one)."""
        parts = str(key).split(":")
        if len(parts) != 3 or not parts[2].isdigit():
            from ..core.text import T
            from .game import GAME  # the game's catalog words it (`situation.ability_key`)

            raise GameFileError(T("situation.ability_key", key=repr(key)), game=GAME)
        a, b, i = parts[0], parts[1], int(parts[2])
        if a == "plot":
            return AbilityRef(PLOT, b, i)
        if a == "incident":
            return AbilityRef(INCIDENT, b, i)
        if a == "incdef":
            return AbilityRef(INCIDENT_KIND, b, i)
        if a == "role":
            return AbilityRef(ROLE_SHARED, b, i)
        if b == "gw":
            return AbilityRef(GOODWILL, a, i)
        return AbilityRef(ROLE, a, i, b)
