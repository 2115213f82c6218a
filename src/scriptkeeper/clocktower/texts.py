"""The catalog (texts/en.yaml plus the core's words) and the names table: seats, characters,
reminder tokens, teams. English is the source; the other languages are its translation through the
gettext catalogs (core/i18n.py), characters' names and abilities included."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

import scriptkeeper.core

from ..core.i18n import localize
from ..core.text import Renderer, T
from .characters import TRAVELLER, characters
from .state import OBSERVER, STORYTELLER, seat_ids

HERE = Path(__file__).parent


@lru_cache(maxsize=None)
def english_messages() -> dict[str, Any]:
    """Every English message of the grimoire, characters' names and abilities included."""
    core = yaml.safe_load((Path(scriptkeeper.core.__file__).parent / "texts" / "en.yaml").read_text(encoding="utf-8"))
    own = yaml.safe_load((HERE / "texts" / "en.yaml").read_text(encoding="utf-8"))
    out = {**core, **own}
    for cid, c in characters().items():
        out[f"ct.name.{cid}"] = c.name
        out[f"ct.ability.{cid}"] = c.ability
    return out


@lru_cache(maxsize=None)
def catalog(lang: str = "en") -> dict[str, Any]:
    out = localize(lang, english_messages())
    # A seat's words are its number in the language's words ("player 3" at the screen): the 15
    # players of the table and up to 5 Travellers.
    plain = Renderer(out, {}, lang)
    for p in seat_ids(20):
        out[f"ui.seat_at_screen.{p}"] = plain.render(T("ct.seat.player_at_screen", n=int(p[1:])))
    return out


@lru_cache(maxsize=None)
def names(lang: str = "en") -> dict[str, dict[str, str]]:
    cat = catalog(lang)
    plain = Renderer(cat, {}, lang)
    seats = {p: plain.render(T("ct.seat.player", n=int(p[1:]))) for p in seat_ids(20)}
    seats.update({STORYTELLER: cat["ct.seat.storyteller"], OBSERVER: cat["ct.seat.observer"]})
    reminders = {k[len("ct.reminder."):]: v for k, v in cat.items() if k.startswith("ct.reminder.")}
    return {"seat": seats, "character": {**{cid: cat[f"ct.name.{cid}"] for cid in characters()}, TRAVELLER: cat["ct.name.traveller"]},
            "reminder": reminders,
            "team": {t: cat[f"ct.teamname.{t}"] for t in ("townsfolk", "outsider", "minion", "demon", "fabled", "traveller", "good", "evil")},
            "night": {k: cat[f"ct.night.{k}"] for k in ("dusk", "minioninfo", "demoninfo", "dawn")}}
