"""The characters as data: `data/characters.yaml`, validated by a pydantic schema.

What a character does lives in small registered functions (night.py, day.py, rules.py); this
module only says who the characters are: team, night places, reminder tokens, setup change.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..core.errors import RulesDataError

HERE = Path(__file__).parent
Team = Literal["townsfolk", "outsider", "minion", "demon", "traveller", "fabled"]
PLAYER_TEAMS = ("townsfolk", "outsider", "minion", "demon")
GOOD_TEAMS = ("townsfolk", "outsider")


class Character(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = ""
    name: str
    team: Team
    edition: str
    ability: str
    first_night: int = Field(0, ge=0)
    other_night: int = Field(0, ge=0)
    reminders: tuple[str, ...] = ()
    reminders_global: tuple[str, ...] = ()
    setup: bool = False

    @property
    def good(self) -> bool:
        return self.team in GOOD_TEAMS

    @property
    def official_id(self) -> str:
        """The id the official script tool writes: ours without underscores (`devilsadvocate`)."""
        return self.id.replace("_", "")


class NightPlace(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    first_night: int = Field(0, ge=0)
    other_night: int = Field(0, ge=0)


class CharacterData(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    night_specials: dict[str, NightPlace]
    characters: dict[str, Character]


@lru_cache(maxsize=None)
def data() -> CharacterData:
    raw = yaml.safe_load((HERE / "data" / "characters.yaml").read_text(encoding="utf-8"))
    try:
        parsed = CharacterData.model_validate(raw)
    except ValidationError as exc:
        raise RulesDataError(f"clocktower characters.yaml: {exc}") from exc
    chars = {k: c.model_copy(update={"id": k}) for k, c in parsed.characters.items()}
    missing = {"dusk", "minioninfo", "demoninfo", "dawn"} - set(parsed.night_specials)
    if missing:
        raise RulesDataError(f"clocktower characters.yaml: night_specials lacks {sorted(missing)}")
    return CharacterData(night_specials=parsed.night_specials, characters=chars)


def characters() -> dict[str, Character]:
    return data().characters


# A Traveller (clocktower-notes: extra players above the table, counted in vote majorities; the
# seed: not made drunk by the Minstrel, counted for the Mayor, exiled rather than executed). None
# of the 24 is a Traveller character, so a Traveller seat holds this one, with no ability; it is
# not on any script (the built-in script stays the 24).
TRAVELLER = "traveller"
TRAVELLER_CHARACTER = Character(id=TRAVELLER, name="Traveller", team="traveller", edition="", first_night=0, other_night=0,
                                ability="You joined as a Traveller: you have no ability, and you may be exiled.")


def character(cid: str) -> Character:
    if cid == TRAVELLER:
        return TRAVELLER_CHARACTER
    return data().characters[cid]


def team(cid: str) -> str:
    if cid == TRAVELLER:
        return "traveller"
    return data().characters[cid].team


def by_official_id() -> dict[str, str]:
    """Official script-tool id (and our own id) -> our id."""
    out: dict[str, str] = {}
    for cid, c in characters().items():
        out[c.official_id] = cid
        out[cid] = cid
    return out


def night_order(first: bool, in_play: set[str]) -> list[str]:
    """The night's script: the special entries and every character in `in_play` that wakes, in
    night-sheet order (`dusk`, `minioninfo`, `demoninfo`, `dawn` and the characters' places)."""
    d = data()
    entries: list[tuple[int, str]] = []
    for name, place in d.night_specials.items():
        n = place.first_night if first else place.other_night
        if n:
            entries.append((n, name))
    for cid in sorted(in_play):
        c = character(cid)  # a Traveller never wakes
        n = c.first_night if first else c.other_night
        if n:
            entries.append((n, cid))
    return [name for _, name in sorted(entries)]
