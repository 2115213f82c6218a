"""Helpers for the Another Horizon scenarios (seed 000, "Another Horizon"): script builders and shortcuts."""

from __future__ import annotations

from typing import Any, Iterable

from scriptkeeper.tragedy_looper.script import Script, check_script, script_from_dict
from tests.helpers import answer, pending

SEED = "000_9a3d036c061102d0"

# The Forbidden Future (L: Obstinate / D: Key Person, Marionette, Storyteller) + Jekyll and Hyde
# (L: Key Person / D: Brain, Marionette) + Through the Looking-Glass (L: Conspiracy Theorist /
# D: Serial Killer, Alice): three Dual Roles.
MIRRORS = ("the_forbidden_future", ["jekyll_and_hyde", "through_the_looking_glass"])
MIRRORS_CAST: dict[str, Any] = {"girl_student": "l_obstinate_d_key_person", "rich_mans_daughter": "marionette",
                                "office_worker": "marionette", "teacher": "storyteller", "little_sister": "l_key_person_d_brain",
                                "boy_student": "l_conspiracy_theorist_d_serial_killer", "shrine_maiden": "alice",
                                "class_rep": "person", "soldier": "person", "police_officer": "person"}
MIRRORS_INCIDENTS = [{"day": 2, "incident": "dimensional_distortion", "culprit": "boy_student"},
                     {"day": 3, "incident": "crime_of_passion", "culprit": "girl_student"}]


def ah_data(main: str, subplots: list[str], cast: dict[str, Any], incidents: Iterable[dict[str, Any]] = (),
            loops: int = 4, days: int = 6, **extra: Any) -> dict[str, Any]:
    return {"title": "AH scenario", "set": "another_horizon", "main_plot": main, "subplots": subplots,
            "loops": loops, "days": days, "cast": cast, "incidents": list(incidents), **extra}


def ah(main: str, subplots: list[str], cast: dict[str, Any], incidents: Iterable[dict[str, Any]] = (), **kw: Any) -> Script:
    return script_from_dict(ah_data(main, subplots, cast, incidents, **kw))


def rule_script(cast: dict[str, Any], incidents: Iterable[dict[str, Any]] = (), main: str = "fairy_tale_murderer",
                subplots: tuple[str, ...] = ("jekyll_and_hyde", "the_plaguebringer"), **kw: Any) -> Script:
    """A partial script for one rule question: only the cast and incidents the question needs
    (the plots' role counts become warnings)."""
    return ah(main, list(subplots), cast, incidents, partial=True, **kw)


def mirrors(incidents: Iterable[dict[str, Any]] = tuple(MIRRORS_INCIDENTS), **kw: Any) -> Script:
    return ah(*MIRRORS, MIRRORS_CAST, incidents, **kw)


def problems(data: dict[str, Any]) -> list[str]:
    return [p.rule for p in check_script(data)[1]]


def finish_day(g: Any) -> None:
    """Play the rest of the day quietly: no more abilities, each question its first option."""
    day, loop = g.day, g.loop
    while g.pending is not None and (g.day, g.loop) == (day, loop):
        d = pending(g)
        answer(g, d.kind, "done" if "done" in d.options else ("no_warp" if "no_warp" in d.options else d.options[0]))


def warps(g: Any) -> list[dict[str, Any]]:
    return [dict(e.data) for e in g.events if e.type == "warp"]


def gauge_moves(g: Any) -> list[int]:
    return [e.data["delta"] for e in g.events if e.type == "gauge"]
