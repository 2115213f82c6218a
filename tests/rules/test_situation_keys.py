"""The situation keys added so that a game file can ask any rule question (issue 12, docs/game-file.md
"The situation"): a partial script, the Final Guess as a starting phase, an incident that occurred
off the schedule, an ability already declared today, a changed starting location, and the loop's
facts in `replay --json`."""

from __future__ import annotations

from typing import Any

import pytest

from scriptkeeper.core.errors import GameFileError
from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.game import canonical_state, state_to_dict
from scriptkeeper.tragedy_looper.script import check_script, script_from_dict
from tests.helpers import answer, gw_options, make_script, pending, reasons, start

PARTIAL: dict[str, Any] = {"set": "basic_tragedy", "partial": True, "main_plot": "murder_plan", "subplots": ["paranoia_virus"],
                           "loops": 2, "days": 2, "cast": {"nurse": "person", "doctor": "person"}, "incidents": []}
CHANGE_OF_FUTURE: dict[str, Any] = {
    "set": "basic_tragedy", "loops": 3, "days": 4, "incidents": [],
    "main_plot": "change_of_future", "subplots": ["a_love_affair", "an_unsettling_rumor"],
    "cast": {"office_worker": "time_traveler", "shrine_maiden": "cultist", "boy_student": "lover",
             "girl_student": "loved_one", "police_officer": "conspiracy_theorist", "doctor": "person", "nurse": "person"},
}


# ---------------------------------------------------------------- partial scripts
def test_partial_script_keeps_the_broken_creation_rules_as_warnings():
    script, problems = check_script(PARTIAL)
    assert problems == [] and script is not None and script.partial
    assert {w.rule for w in script.warnings} >= {"subplot-count", "plot-roles"}


def test_partial_script_plays_a_rule_question_from_a_situation():
    """Paranoia Virus (rules-notes section 6) asked with only the two characters it needs: the Nurse
    with 3 Paranoia is a Serial Killer alone with the Doctor in the Hospital."""
    g = start(script_from_dict(PARTIAL), {"phase": "day_end", "characters": {"nurse": {"paranoia": 3}}})
    assert [e.data["character"] for e in g.events if e.type == "death"] == ["doctor"]


def test_partial_script_does_not_start_without_a_situation():
    with pytest.raises(ValueError, match="partial"):
        engine.new_game(script_from_dict(PARTIAL))


def test_partial_script_still_refuses_what_the_engine_cannot_play():
    _, problems = check_script({**PARTIAL, "cast": {"nurse": "villain"}})
    assert [p.rule for p in problems] == ["role-not-in-set"]


# ---------------------------------------------------------------- the Final Guess
def test_situation_may_start_at_the_final_guess():
    """Seed 002 section 3.1: the Final Guess names every character's role; the loops up to `loop` were lost."""
    s = make_script(CHANGE_OF_FUTURE)
    g = start(s, {"loop": 3, "phase": "final_guess", "leader": 2})
    d = pending(g)
    assert (d.kind, d.seat) == ("final_guess", "protagonist2")
    assert [r.loop for r in g.loop_results] == [1, 2, 3]
    for ch, role in s.cast.items():
        answer(g, "final_guess", role)
    assert g.result is not None and g.result.winner == "protagonists" and g.result.loops_played == 3


def test_final_guess_phase_is_refused_in_first_steps():
    with pytest.raises(GameFileError, match="no Final Guess"):
        start(situation={"phase": "final_guess"})


# ---------------------------------------------------------------- an incident that occurred off the schedule
def test_occurred_names_an_incident_that_is_not_on_the_schedule():
    """Change of Future (rules-notes section 6): the loop is lost if Butterfly Effect occurred this loop;
    the situation says it did, with no Butterfly Effect on the schedule."""
    g = start(make_script(CHANGE_OF_FUTURE), {"phase": "loop_end", "occurred": ["butterfly_effect"]})
    assert g.loop_results[0].lost and any("Change of Future" in r for r in reasons(g, 0))
    g = start(make_script(CHANGE_OF_FUTURE), {"phase": "loop_end"})
    assert g.result is not None and g.result.winner == "protagonists"


def test_occurred_refuses_an_unknown_incident():
    with pytest.raises(GameFileError, match="occurred"):
        start(make_script(CHANGE_OF_FUTURE), {"occurred": ["earthquake"]})


# ---------------------------------------------------------------- declared earlier today
def test_declared_today_keeps_an_ability_from_being_declared_again_today():
    """Seed 002 phase 3 (an ability once a day) and ruling refused-once-per-loop: an ability declared
    earlier in the phase, refused or not, is not offered again today."""
    sit: dict[str, Any] = {"phase": "goodwill_abilities", "characters": {"office_worker": {"goodwill": 3}}}
    assert "office_worker:gw:0" in gw_options(start(situation=sit))
    g = start(situation={**sit, "declared_today": ["office_worker.1"]})
    assert "office_worker:gw:0" not in gw_options(g)
    assert state_to_dict(g)["loop_facts"]["abilities_used_today"] == ["office_worker:gw:0"]


# ---------------------------------------------------------------- starting locations
def test_start_changes_a_printed_starting_location_for_the_loop():
    """Light of the Avenger (rules-notes section 5) reads the Brain's starting location: the Doctor's
    printed start is the Hospital; stated as the School, the Intrigue on the School counts."""
    base = {"set": "first_steps", "main_plot": "light_of_the_avenger", "subplots": ["an_unsettling_rumor"],
            "loops": 2, "days": 1, "cast": {"doctor": "brain", "girl_student": "person", "police_officer": "conspiracy_theorist"},
            "incidents": []}
    g = start(make_script(base), {"phase": "loop_end", "characters": {"doctor": {"start": "school"}},
                                  "locations": {"school": {"intrigue": 2}}})
    assert g.loop_results[0].lost
    g = start(make_script(base), {"phase": "loop_end", "locations": {"school": {"intrigue": 2}}})
    assert not g.loop_results[0].lost


def test_start_without_at_also_puts_the_character_there():
    g = start(situation={"phase": "goodwill_abilities", "characters": {"doctor": {"start": "school"}}})
    assert g.chars["doctor"].location == "school" and state_to_dict(g)["starting_locations"]["doctor"] == "school"


# ---------------------------------------------------------------- replay --json shows what the engine remembers
def test_replay_json_shows_every_loop_fact_the_engine_remembers():
    """Everything of the current loop in the digest's canonical state is in replay --json's final state."""
    g = start(make_script(CHANGE_OF_FUTURE), {"phase": "goodwill_abilities", "occurred": ["butterfly_effect"],
                                               "abilities_used_this_loop": ["police_officer.1"],
                                               "loop_flags": {"no_incidents": ["doctor"], "died_this_loop": ["nurse"]}})
    facts = state_to_dict(g)["loop_facts"]
    canon = canonical_state(g)["this_loop"]
    named = {"used": "abilities_used", "occurred": None, "loss_reasons": None}
    for key in canon:
        shown = named.get(key, key)
        if shown is not None:
            assert shown in facts, key
    assert facts["abilities_used"] == ["police_officer:gw:0"]
    assert facts["occurred_unscheduled"] == ["butterfly_effect"]
    assert ["incidents_stopped", "doctor"] in facts["statuses"] or any(s[1] == "doctor" for s in facts["statuses"])
    assert {"starting_locations", "turf", "entered", "previous_loop"} <= set(state_to_dict(g))
