"""Helpers for the Midnight Zone scenarios (seed 001): a script builder and a few shortcuts."""

from __future__ import annotations

from typing import Any, Iterable

from scriptkeeper.tragedy_looper.script import Script, check_script, script_from_dict
from scriptkeeper.tragedy_looper.state import GameState
from tests.helpers import answer, pending, reasons

# Roles for the plots that the scenarios combine, on characters that start apart where it matters.
SEALED: dict[str, str] = {"doctor": "brain", "shrine_maiden": "cultist"}  # The Sealed Item
WITCHES: dict[str, str] = {"nurse": "witch", "alien": "witch", "class_rep": "friend", "informer": "conspiracy_theorist"}
HEART: dict[str, str] = {"pop_idol": "magician", "informer": "conspiracy_theorist"}  # Unanswered Heart
SHOWTIME: dict[str, str] = {"pop_idol": "magician", "godly_being": "immortal"}


def mz_data(main: str, subplots: list[str], cast: dict[str, Any], incidents: Iterable[dict[str, Any]] = (),
            loops: int = 3, days: int = 4, **extra: Any) -> dict[str, Any]:
    data = {"title": "MZ scenario", "set": "midnight_zone", "main_plot": main, "subplots": subplots,
            "loops": loops, "days": days, "cast": cast, "incidents": list(incidents), **extra}
    if "godly_being" in cast and isinstance(cast["godly_being"], str):
        data["cast"] = {**cast, "godly_being": {"role": cast["godly_being"], "enters_loop": 1}}
    return data


def mz(main: str, subplots: list[str], cast: dict[str, Any], incidents: Iterable[dict[str, Any]] = (), **kw: Any) -> Script:
    return script_from_dict(mz_data(main, subplots, cast, incidents, **kw))


def problems(data: dict[str, Any]) -> list[str]:
    """The rule ids check_script reports for a script mapping."""
    return [p.rule for p in check_script(data)[1]]


def options(g: GameState) -> list[Any]:
    return list(pending(g).options)


def died(g: GameState) -> list[str]:
    return [e.data["character"] for e in g.events if e.type == "death"]


def last_loop_lost(g: GameState) -> bool:
    return g.loop_results[-1].lost


def last_reasons(g: GameState) -> list[str]:
    return reasons(g, -1)


def finish_day(g: GameState) -> GameState:
    """From the Goodwill abilities phase on: no Goodwill ability, no day-end ability."""
    if pending(g).kind == "goodwill_ability":
        answer(g, "goodwill_ability", "done")
    answer(g, "day_end_ability", "done")
    return g
