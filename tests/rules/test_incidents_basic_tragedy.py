"""The two incidents only Basic Tragedy adds: Foul Evil and Butterfly Effect (rules-notes sections 6 and 8)."""

from __future__ import annotations

from typing import Any

from tests.helpers import answer, make_script, pending, start

BT: dict[str, Any] = {
    "set": "basic_tragedy", "loops": 3, "days": 4,
    "main_plot": "murder_plan", "subplots": ["a_love_affair", "an_unsettling_rumor"],
    "cast": {"girl_student": "key_person", "office_worker": "killer", "doctor": "brain", "boy_student": "lover",
             "class_rep": "loved_one", "police_officer": "conspiracy_theorist", "nurse": "person"},
    "incidents": [],
}


def at_incident(incident: str, culprit: str, characters: dict[str, Any] | None = None):
    s = make_script(BT, incidents=[{"day": 1, "incident": incident, "culprit": culprit}])
    return start(s, {"phase": "incident", "characters": characters or {}})


def test_foul_evil_places_two_intrigue_on_the_shrine():
    """Rules-notes section 8 (Foul Evil)."""
    g = at_incident("foul_evil", "nurse", {"nurse": {"paranoia": 3}})
    assert g.locations["shrine"]["intrigue"] == 2
    assert g.locations["hospital"]["intrigue"] == 0


def test_butterfly_effect_places_a_counter_of_any_kind_on_a_character_in_the_culprits_location():
    """Rules-notes section 8 (Butterfly Effect): the culprit included; the Mastermind picks the kind."""
    g = at_incident("butterfly_effect", "nurse", {"nurse": {"paranoia": 3}})
    assert set(pending(g).options) == {"nurse", "doctor"}  # the Hospital, the culprit included
    answer(g, "choose_target", "nurse")
    assert len(pending(g).options) == 3  # Paranoia, Goodwill or Intrigue
    answer(g, "choose_effect", 2)
    assert g.chars["nurse"].counters["intrigue"] == 1


def test_butterfly_effect_can_place_goodwill():
    """Rules-notes section 8 (Butterfly Effect): Goodwill is one of the three kinds."""
    g = at_incident("butterfly_effect", "nurse", {"nurse": {"paranoia": 3}})
    answer(g, "choose_target", "doctor")
    answer(g, "choose_effect", 1)
    assert g.chars["doctor"].counters["goodwill"] == 1


def test_butterfly_effect_does_not_reach_another_location():
    """Rules-notes section 8 (Butterfly Effect): only the culprit's location."""
    g = at_incident("butterfly_effect", "nurse", {"nurse": {"paranoia": 3}, "doctor": {"at": "city"}})
    # The Nurse alone in the Hospital: no choice of target, straight to the kind of counter.
    assert pending(g).kind == "choose_effect"
    answer(g, "choose_effect", 0)
    assert g.chars["nurse"].counters["paranoia"] == 4
