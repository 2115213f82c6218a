"""The catalog (texts/en.yaml plus the core's words) and the names table: seats, characters,
reminder tokens, teams."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

import scriptkeeper.core

from .characters import TRAVELLER, characters
from .state import OBSERVER, STORYTELLER, seat_ids

HERE = Path(__file__).parent


@lru_cache(maxsize=None)
def catalog(lang: str = "en") -> dict[str, Any]:
    core = yaml.safe_load((Path(scriptkeeper.core.__file__).parent / "texts" / f"{lang}.yaml").read_text(encoding="utf-8"))
    own = yaml.safe_load((HERE / "texts" / f"{lang}.yaml").read_text(encoding="utf-8"))
    out = {**core, **own}
    for cid, c in characters().items():
        out[f"ct.name.{cid}"] = c.name
        out[f"ct.ability.{cid}"] = c.ability
    for p in seat_ids(20):  # the 15 players of the table and up to 5 Travellers
        out[f"ui.seat_at_screen.{p}"] = f"player {p[1:]}"
    return out


@lru_cache(maxsize=None)
def names(lang: str = "en") -> dict[str, dict[str, str]]:
    cat = catalog(lang)
    seats = {p: f"Player {p[1:]}" for p in seat_ids(20)}
    seats.update({STORYTELLER: cat["ct.seat.storyteller"], OBSERVER: cat["ct.seat.observer"]})
    reminders = {k[len("ct.reminder."):]: v for k, v in cat.items() if k.startswith("ct.reminder.")}
    return {"seat": seats, "character": {**{cid: c.name for cid, c in characters().items()}, TRAVELLER: cat["ct.name.traveller"]},
            "reminder": reminders,
            "team": {t: cat[f"ct.teamname.{t}"] for t in ("townsfolk", "outsider", "minion", "demon", "fabled", "traveller", "good", "evil")},
            "night": {k: cat[f"ct.night.{k}"] for k in ("dusk", "minioninfo", "demoninfo", "dawn")}}
