"""Incidents of First Steps and when an incident occurs (rules-notes sections 4 and 8; seed 002 phase 4;
seed 004 "Incidents"). The Mastermind makes every choice an incident asks for."""

from __future__ import annotations

from scriptkeeper.core.events import GM

from typing import Any

from tests.helpers import FS_BASE, answer, died, make_script, options, pending, start


def on_day1(incident: str, culprit: str, **changes: Any):
    return make_script(incidents=[{"day": 1, "incident": incident, "culprit": culprit}], **changes)


def at_incident(incident: str, culprit: str, characters: dict[str, Any] | None = None,
                locations: dict[str, Any] | None = None, **changes: Any):
    return start(on_day1(incident, culprit, **changes),
                 {"phase": "incident", "characters": characters or {}, "locations": locations or {}})


# ---------------------------------------------------------------- when an incident occurs
def test_incident_occurs_when_the_culprit_has_paranoia_at_its_limit():
    """Seed 002 phase 4 and character section: alive culprit with Paranoia at (or over) its limit."""
    g = at_incident("suicide", "boy_student", {"boy_student": {"paranoia": 2}})
    assert g.occurred == [0] and any(e.type == "incident" for e in g.events)


def test_incident_occurs_when_the_culprit_is_over_its_limit():
    """Seed 002 character section ("at or above the limit")."""
    g = at_incident("suicide", "boy_student", {"boy_student": {"paranoia": 5}})
    assert g.occurred == [0]


def test_incident_does_not_occur_below_the_paranoia_limit():
    """Seed 002 phase 4: not enough Paranoia, no incident."""
    g = at_incident("suicide", "boy_student", {"boy_student": {"paranoia": 1}})
    assert g.occurred == [] and g.chars["boy_student"].alive
    assert any(e.type == "incident_none" for e in g.events)


def test_incident_does_not_occur_when_the_culprit_is_dead():
    """Seed 002 phase 4: the culprit must be alive."""
    g = at_incident("murder", "office_worker", {"office_worker": {"paranoia": 3, "dead": True}})
    assert g.occurred == [] and died(g) == []


def test_incident_with_no_effect_still_occurs():
    """Seed 004 (Incidents): a Murder with nobody to kill still occurs and is announced."""
    g = at_incident("murder", "shrine_maiden", {"shrine_maiden": {"paranoia": 2}})
    assert g.occurred == [0] and died(g) == []
    assert any(e.type == "incident" for e in g.events)


def test_incident_culprit_is_not_announced_to_the_protagonists():
    """Seed 002 phase 4: the Mastermind must not say who the culprit is."""
    g = at_incident("suicide", "boy_student", {"boy_student": {"paranoia": 2}})
    culprit_events = [e for e in g.events if e.type == "incident_culprit"]
    assert culprit_events and all(e.visible_to == GM for e in culprit_events)


# ---------------------------------------------------------------- Murder
def test_murder_kills_another_character_in_the_culprits_location():
    """Rules-notes section 8 (Murder); the Mastermind picks the victim."""
    g = at_incident("murder", "office_worker", {"office_worker": {"paranoia": 2}, "boy_student": {"at": "city"}})
    assert pending(g).seat == "mastermind" and set(options(g)) == {"police_officer", "boy_student"}
    answer(g, "choose_target", "boy_student")
    assert died(g) == ["boy_student"] and g.chars["office_worker"].alive


# ---------------------------------------------------------------- Increasing Unease
def test_increasing_unease_places_two_paranoia_then_one_intrigue_on_another():
    """Rules-notes section 8 (Increasing Unease)."""
    g = at_incident("increasing_unease", "police_officer", {"police_officer": {"paranoia": 3}})
    assert "shrine_maiden" in options(g)  # any character, anywhere
    answer(g, "choose_target", "boy_student")
    assert g.chars["boy_student"].counters["paranoia"] == 2
    assert "boy_student" not in options(g)  # another character
    answer(g, "choose_target", "doctor")
    assert g.chars["doctor"].counters["intrigue"] == 1


# ---------------------------------------------------------------- Suicide
def test_suicide_kills_the_culprit():
    """Rules-notes section 8 (Suicide)."""
    g = at_incident("suicide", "boy_student", {"boy_student": {"paranoia": 2}})
    assert died(g) == ["boy_student"]


# ---------------------------------------------------------------- Hospital Incident
def test_hospital_incident_with_one_intrigue_kills_everyone_in_the_hospital():
    """Rules-notes section 8 (Hospital Incident): 1+ Intrigue on the Hospital."""
    g = at_incident("hospital_incident", "police_officer", {"police_officer": {"paranoia": 3}, "boy_student": {"at": "hospital"}},
                    {"hospital": {"intrigue": 1}})
    assert sorted(died(g)) == ["boy_student", "doctor"]
    assert not any(e.type == "protagonists_die" for e in g.events)
    assert pending(g).kind == "day_end_ability"  # the loop goes on


def test_hospital_incident_with_two_intrigue_also_kills_the_protagonists():
    """Rules-notes section 8 (Hospital Incident): 2+ Intrigue, the Protagonists die too."""
    g = at_incident("hospital_incident", "police_officer", {"police_officer": {"paranoia": 3}}, {"hospital": {"intrigue": 2}})
    assert died(g) == ["doctor"]
    assert any(e.type == "protagonists_die" for e in g.events)
    assert g.loop_results[0].lost and g.loop == 2


def test_hospital_incident_without_intrigue_does_nothing():
    """Rules-notes section 8 (Hospital Incident): no Intrigue on the Hospital, no effect (it still occurs)."""
    g = at_incident("hospital_incident", "police_officer", {"police_officer": {"paranoia": 3}})
    assert g.occurred == [0] and died(g) == []


# ---------------------------------------------------------------- Faraway Murder
def test_faraway_murder_kills_a_character_with_two_intrigue_anywhere():
    """Rules-notes section 8 (Faraway Murder)."""
    g = at_incident("faraway_murder", "police_officer", {"police_officer": {"paranoia": 3}, "shrine_maiden": {"intrigue": 2},
                                                         "doctor": {"intrigue": 3}, "boy_student": {"intrigue": 1}})
    assert set(options(g)) == {"shrine_maiden", "doctor"}
    answer(g, "choose_target", "shrine_maiden")
    assert died(g) == ["shrine_maiden"]


def test_faraway_murder_without_a_target_kills_nobody():
    """Rules-notes section 8 (Faraway Murder): nobody has 2 Intrigue, nobody dies."""
    g = at_incident("faraway_murder", "police_officer", {"police_officer": {"paranoia": 3}, "doctor": {"intrigue": 1}})
    assert g.occurred == [0] and died(g) == []


# ---------------------------------------------------------------- Missing Person
def test_missing_person_moves_the_culprit_and_places_intrigue_on_its_new_location():
    """Rules-notes section 8 (Missing Person): not to a forbidden location; +1 Intrigue where it ends up."""
    g = at_incident("missing_person", "office_worker", {"office_worker": {"paranoia": 2}})
    assert options(g) == ["hospital", "shrine", "city"]  # the School is forbidden to the Office Worker
    answer(g, "choose_location", "shrine")
    assert g.chars["office_worker"].location == "shrine"
    assert g.locations["shrine"]["intrigue"] == 1 and g.locations["city"]["intrigue"] == 0


def test_missing_person_seed002_may_leave_the_culprit_where_it_stands():
    """Missing Person moves the culprit "to any location" (seed 002 incident list, rules-notes section
    8; the designer's answer): the location where it stands is one of them. Ruling
    missing-person-may-stay: staying is no move, and the Intrigue goes on that location."""
    g = at_incident("missing_person", "office_worker", {"office_worker": {"paranoia": 2}})
    assert "city" in options(g)  # the Office Worker stands in the City
    answer(g, "choose_location", "city")
    assert g.chars["office_worker"].location == "city"
    assert g.locations["city"]["intrigue"] == 1
    assert not any(e.type == "move" for e in g.events)


def test_missing_person_culprit_with_nowhere_to_go_stays_and_gets_the_intrigue_where_it_is():
    """Ruling missing-person-may-stay (rules-notes section 8): the Patient may enter no other location, so
    he stays in the Hospital, and the Intrigue goes on the Hospital."""
    g = at_incident("missing_person", "patient", {"patient": {"paranoia": 2}}, cast={**FS_BASE["cast"], "patient": "person"})
    assert g.occurred == [0] and pending(g).kind == "day_end_ability"  # no location question
    assert g.chars["patient"].location == "hospital"
    assert g.locations["hospital"]["intrigue"] == 1


# ---------------------------------------------------------------- Spreading
def test_spreading_moves_two_goodwill_to_another_character():
    """Rules-notes section 8 (Spreading)."""
    g = at_incident("spreading", "police_officer", {"police_officer": {"paranoia": 3}, "doctor": {"goodwill": 3}})
    answer(g, "choose_target", "doctor")
    answer(g, "choose_target", "boy_student")
    assert g.chars["doctor"].counters["goodwill"] == 1 and g.chars["boy_student"].counters["goodwill"] == 2


def test_spreading_removes_only_as_many_as_the_character_has():
    """Rules-notes section 8 (Spreading): remove 2 Goodwill (as many as it has); the other still gets 2."""
    g = at_incident("spreading", "police_officer", {"police_officer": {"paranoia": 3}, "doctor": {"goodwill": 1}})
    answer(g, "choose_target", "doctor")
    assert "doctor" not in options(g)
    answer(g, "choose_target", "girl_student")
    assert g.chars["doctor"].counters["goodwill"] == 0 and g.chars["girl_student"].counters["goodwill"] == 2


def test_first_steps_has_no_foul_evil():
    """Rules-notes section 5: First Steps' seven incidents do not include Foul Evil or Butterfly Effect."""
    from scriptkeeper.tragedy_looper.script import check_script

    for inc in ("foul_evil", "butterfly_effect"):
        _, problems = check_script({**FS_BASE, "incidents": [{"day": 1, "incident": inc, "culprit": "boy_student"}]})
        assert [p.rule for p in problems] == ["incident-not-in-set"], inc
