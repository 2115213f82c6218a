"""Every rules value of the base incidents pinned (rules-notes section 8; seed 002 incident list;
issue 12, tools/mutate_rules.py): amounts, thresholds and targets, written from the sources."""

from __future__ import annotations

from typing import Any

import pytest

from scriptkeeper.tragedy_looper.script import script_from_dict
from tests.helpers import answer, options, pending, start

CAST = {"doctor": "person", "nurse": "person", "girl_student": "person", "boy_student": "person", "office_worker": "person"}


def at(incident: str, culprit: str = "doctor", set_id: str = "basic_tragedy", **sit: Any):
    s = script_from_dict({"set": set_id, "partial": True, "main_plot": "murder_plan", "subplots": [], "loops": 2, "days": 2,
                          "cast": CAST, "incidents": [{"day": 1, "incident": incident, "culprit": culprit}]})
    chars = {culprit: {"paranoia": 3}, **sit.pop("characters", {})}
    return start(s, {"phase": "incident", "characters": chars, **sit})


def test_murder_rules_notes_8_kills_another_character_in_the_culprits_location():
    g = at("murder", characters={"girl_student": {"at": "hospital"}})
    assert set(options(g)) == {"nurse", "girl_student"}  # the Doctor's location: the Hospital, the culprit excluded
    answer(g, "choose_target", "nurse")
    assert not g.chars["nurse"].alive


def test_increasing_unease_rules_notes_8_two_paranoia_then_one_intrigue_on_another():
    g = at("increasing_unease")
    answer(g, "choose_target", "nurse")
    assert g.chars["nurse"].counters["paranoia"] == 2
    assert "nurse" not in options(g)  # the second character is another one
    answer(g, "choose_target", "girl_student")
    assert g.chars["girl_student"].counters["intrigue"] == 1


@pytest.mark.parametrize("intrigue,dead,protagonists", [(0, False, False), (1, True, False), (2, True, True)])
def test_hospital_incident_rules_notes_8_one_intrigue_kills_the_hospital_two_the_protagonists(intrigue, dead, protagonists):
    g = at("hospital_incident", culprit="office_worker", locations={"hospital": {"intrigue": intrigue}})
    died = {e.data["character"] for e in g.events if e.type == "death"}
    assert ({"doctor", "nurse"} <= died) is dead and not died - {"doctor", "nurse"}
    assert any(e.type == "protagonists_die" for e in g.events) is protagonists


@pytest.mark.parametrize("intrigue,offered", [(2, True), (1, False)])
def test_faraway_murder_rules_notes_8_kills_a_character_with_two_intrigue(intrigue, offered):
    g = at("faraway_murder", characters={"girl_student": {"intrigue": intrigue}, "office_worker": {"intrigue": 2}})
    if offered:
        assert set(options(g)) == {"girl_student", "office_worker"}
    else:
        assert [e.data["character"] for e in g.events if e.type == "death"] == ["office_worker"]  # the one left


def test_spreading_rules_notes_8_moves_two_goodwill_to_another_character():
    g = at("spreading", characters={"nurse": {"goodwill": 3}})
    answer(g, "choose_target", "nurse")
    assert g.chars["nurse"].counters["goodwill"] == 1
    assert "nurse" not in options(g)
    answer(g, "choose_target", "girl_student")
    assert g.chars["girl_student"].counters["goodwill"] == 2


def test_foul_evil_rules_notes_8_two_intrigue_on_the_shrine():
    g = at("foul_evil")
    assert g.locations["shrine"]["intrigue"] == 2


@pytest.mark.parametrize("choice,counter", [(0, "paranoia"), (1, "goodwill"), (2, "intrigue")])
def test_butterfly_effect_rules_notes_8_one_counter_of_a_chosen_kind_on_a_character_here(choice, counter):
    g = at("butterfly_effect")
    assert set(options(g)) == {"doctor", "nurse"}  # the culprit's location, the culprit included
    answer(g, "choose_target", "nurse")
    answer(g, "choose_effect", choice)
    assert g.chars["nurse"].counters[counter] == 1


def test_missing_person_rules_notes_8_one_intrigue_where_the_culprit_ends():
    g = at("missing_person")
    answer(g, "choose_location", "school")
    assert g.locations["school"]["intrigue"] == 1 and g.chars["doctor"].location == "school"


def test_suicide_rules_notes_8_the_culprit_dies():
    g = at("suicide", culprit="nurse")
    assert [e.data["character"] for e in g.events if e.type == "death"] == ["nurse"]
