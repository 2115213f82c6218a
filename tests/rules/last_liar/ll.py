"""Helpers for the Last Liar scenarios (seed 000, "Last Liar"): a script builder and shortcuts."""

from __future__ import annotations

from typing import Any, Iterable

from scriptkeeper.tragedy_looper.script import Script, check_script, script_from_dict

SEED = "000_9a3d036c061102d0"
# The Extra cards as a situation deals them: Protagonist 1 holds A, 2 holds B, 3 holds C.
DEALT = {"protagonist1": "a", "protagonist2": "b", "protagonist3": "c"}

# Giant Time Bomb Yet Again (Brain, Witch) + The Real Monster (Serial Killer, Secretkeeper, Wildcard)
# + Unsafe Trigger (Factor): a Traitor A.
MONSTER_CAST: dict[str, Any] = {"shrine_maiden": "witch", "office_worker": "brain", "boy_student": "serial_killer",
                                "class_rep": "secretkeeper", "girl_student": "wildcard", "police_officer": "factor",
                                "nurse": "person", "teacher": "person", "rich_mans_daughter": "person"}
MONSTER = ("giant_time_bomb_yet_again", ["the_real_monster", "unsafe_trigger"])
WILDCARD_CULPRIT = {"day": 3, "incident": "missing_person", "culprit": "girl_student"}

# The Final Plan (Key Person, Brain, Killer) + Keeper of Mythology (Influencer, Secretkeeper,
# Wildcard) + I Am the True Detective! (Watcher, Secretkeeper, Wildcard): Traitors B and C.
DETECTIVE_CAST: dict[str, Any] = {"girl_student": "key_person", "teacher": "brain", "police_officer": "killer",
                                  "pop_idol": "influencer", "class_rep": "secretkeeper", "office_worker": "secretkeeper",
                                  "boy_student": "wildcard", "patient": "watcher", "shrine_maiden": "person", "doctor": "person"}
DETECTIVE = ("the_final_plan", ["keeper_of_mythology", "i_am_the_true_detective"])
DETECTIVE_INCIDENTS = [{"day": 2, "incident": "increasing_unease", "culprit": "boy_student"},
                       {"day": 3, "incident": "murder", "culprit": "police_officer"}]


def ll_data(main: str, subplots: list[str], cast: dict[str, Any], incidents: Iterable[dict[str, Any]] = (),
            loops: int = 4, days: int = 4, **extra: Any) -> dict[str, Any]:
    return {"title": "LL scenario", "set": "last_liar", "main_plot": main, "subplots": subplots,
            "loops": loops, "days": days, "cast": cast, "incidents": list(incidents), **extra}


def ll(main: str, subplots: list[str], cast: dict[str, Any], incidents: Iterable[dict[str, Any]] = (), **kw: Any) -> Script:
    return script_from_dict(ll_data(main, subplots, cast, incidents, **kw))


def monster(incidents: Iterable[dict[str, Any]] = (WILDCARD_CULPRIT,), **kw: Any) -> Script:
    return ll(*MONSTER, MONSTER_CAST, incidents, **kw)


def detective(incidents: Iterable[dict[str, Any]] = tuple(DETECTIVE_INCIDENTS), **kw: Any) -> Script:
    return ll(*DETECTIVE, DETECTIVE_CAST, incidents, **kw)


def problems(data: dict[str, Any]) -> list[str]:
    """The rule ids check_script reports for a script mapping."""
    return [p.rule for p in check_script(data)[1]]


def perished(*chars: str) -> dict[str, Any]:
    """Situation characters each holding a Perished token."""
    return {ch: {"tokens": ["perished"]} for ch in chars}
