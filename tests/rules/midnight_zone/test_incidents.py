"""Midnight Zone incidents (seed 001, "Incidents")."""

from __future__ import annotations

from scriptkeeper.core.events import GM

import pytest

from scriptkeeper.tragedy_looper import views
from tests.helpers import answer, pending, seat_view, start

from .mz import HEART, SEALED, WITCHES, died, last_loop_lost, mz, mz_data, options, problems

# The Sealed Item + Witches Tea Time + Unanswered Heart, with five Persons.
CAST = {**SEALED, **WITCHES, **HEART, "boy_student": "person", "girl_student": "person", "police_officer": "person",
        "journalist": "person", "office_worker": "person"}
PLOTS = ("the_sealed_item", ["witches_tea_time", "unanswered_heart"])


def script(*incidents):
    return mz(*PLOTS, CAST, [dict(zip(("day", "incident", "culprit"), i)) for i in incidents])


# ---------------------------------------------------------------- Serial Murder
def test_serial_murder_kills_another_character_in_the_culprits_location():
    """Seed 001, Serial Murder: one other character in the culprit's location dies."""
    g = start(script((1, "serial_murder", "journalist")), {"phase": "incident", "characters": {"journalist": {"paranoia": 2}}})
    assert options(g) == ["informer", "pop_idol", "police_officer", "office_worker"]
    answer(g, "choose_target", "police_officer")
    assert died(g) == ["police_officer"]


def test_serial_murder_may_share_a_culprit_with_other_serial_murders():
    """Seed 001, Serial Murder: the same character may be the culprit of several Serial Murders."""
    s = script((1, "serial_murder", "journalist"), (3, "serial_murder", "journalist"))
    g = start(s, {"day": 3, "phase": "incident", "occurred": [1], "characters": {"journalist": {"paranoia": 2}}})
    answer(g, "choose_target", "informer")
    assert g.occurred == [0, 1] and died(g) == ["informer"]


def test_serial_murder_does_not_let_its_culprit_hold_another_kind_of_incident():
    """Ruling serial-murder-culprit: the exception covers Serial Murders only (seed 004: one incident per culprit)."""
    data = mz_data(*PLOTS, CAST, [{"day": 1, "incident": "serial_murder", "culprit": "journalist"},
                                  {"day": 3, "incident": "suicide", "culprit": "journalist"}])
    assert "culprit-one-incident" in problems(data)


# ---------------------------------------------------------------- Suicide
def test_suicide_kills_the_culprit():
    """Seed 001, Suicide: the culprit dies."""
    g = start(script((1, "suicide", "girl_student")), {"phase": "incident", "characters": {"girl_student": {"paranoia": 3}}})
    assert died(g) == ["girl_student"]


# ---------------------------------------------------------------- Increasing Unease
def test_increasing_unease_places_two_paranoia_then_one_intrigue_on_another_character():
    """Seed 001, Increasing Unease: 2 Paranoia on any character, then 1 Intrigue on any other."""
    g = start(script((1, "increasing_unease", "journalist")), {"phase": "incident", "characters": {"journalist": {"paranoia": 2}}})
    answer(g, "choose_target", "boy_student")
    assert "boy_student" not in options(g)
    answer(g, "choose_target", "girl_student")
    assert g.chars["boy_student"].counters["paranoia"] == 2 and g.chars["girl_student"].counters["intrigue"] == 1


# ---------------------------------------------------------------- Uproar
@pytest.mark.parametrize("school,city,dead", [
    (1, 0, ["class_rep", "boy_student", "girl_student"]),
    (0, 1, ["informer", "pop_idol", "police_officer", "journalist", "office_worker"]),
    (0, 0, []),
])
def test_uproar_kills_everyone_in_the_school_and_in_the_city_with_intrigue(school, city, dead):
    """Seed 001, Uproar: 1+ Intrigue on the School -> everyone there dies; the same for the City."""
    g = start(script((1, "uproar", "nurse")), {"phase": "incident", "characters": {"nurse": {"paranoia": 3}},
                                              "locations": {"school": {"intrigue": school}, "city": {"intrigue": city}}})
    assert g.occurred == [0]
    assert sorted(died(g)) == sorted(dead)


def test_uproar_kills_its_own_culprit_too():
    """Ruling uproar-culprit: "everyone in the School" includes the culprit standing there."""
    g = start(script((1, "uproar", "boy_student")), {"phase": "incident", "characters": {"boy_student": {"paranoia": 2}},
                                                    "locations": {"school": {"intrigue": 1}}})
    assert sorted(died(g)) == ["boy_student", "class_rep", "girl_student"]


# ---------------------------------------------------------------- Breakthrough
def test_breakthrough_lets_the_leader_remove_two_intrigue():
    """Seed 001, Breakthrough: the Protagonist Leader chooses a location or character and removes 2 Intrigue."""
    g = start(script((1, "breakthrough", "journalist")), {"leader": 2, "phase": "incident",
                                                          "characters": {"journalist": {"paranoia": 2}},
                                                          "locations": {"shrine": {"intrigue": 3}}})
    d = pending(g)
    assert (d.seat, d.kind) == ("protagonist2", "choose_target")
    assert {"hospital", "shrine", "city", "school", "doctor", "girl_student"} <= set(d.options)
    answer(g, "choose_target", "shrine")
    assert g.locations["shrine"]["intrigue"] == 1


# ---------------------------------------------------------------- Missing Person
def test_missing_person_moves_the_culprit_and_places_one_intrigue_there():
    """Seed 001, Missing Person: move the culprit to any location, then 1 Intrigue on that location."""
    g = start(script((1, "missing_person", "journalist")), {"phase": "incident", "characters": {"journalist": {"paranoia": 2}}})
    answer(g, "choose_location", "shrine")
    assert g.chars["journalist"].location == "shrine" and g.locations["shrine"]["intrigue"] == 1


# ---------------------------------------------------------------- Conspiracies
@pytest.mark.parametrize("paranoia,intrigue,occurs", [(0, 2, True), (2, 1, False)])
def test_conspiracies_triggers_on_intrigue_not_paranoia(paranoia, intrigue, occurs):
    """Seed 001, Conspiracies: whether it triggers looks at the culprit's Intrigue instead of its Paranoia."""
    g = start(script((1, "conspiracies", "journalist")), {"phase": "incident",
                                                          "characters": {"journalist": {"paranoia": paranoia, "intrigue": intrigue}}})
    assert (g.occurred == [0]) is occurs


def test_conspiracies_resolves_as_a_serial_murder():
    """Seed 001, Conspiracies: resolve either a Serial Murder or a Missing Person (the Mastermind chooses)."""
    g = start(script((1, "conspiracies", "journalist")), {"phase": "incident", "characters": {"journalist": {"intrigue": 2}}})
    d = pending(g)
    assert (d.seat, d.kind, list(d.options)) == ("mastermind", "choose_effect", ["serial_murder", "missing_person"])
    answer(g, "choose_effect", "serial_murder")
    answer(g, "choose_target", "pop_idol")
    assert died(g) == ["pop_idol"]


def test_conspiracies_resolves_as_a_missing_person():
    g = start(script((1, "conspiracies", "journalist")), {"phase": "incident", "characters": {"journalist": {"intrigue": 2}}})
    answer(g, "choose_effect", "missing_person")
    answer(g, "choose_location", "hospital")
    assert g.chars["journalist"].location == "hospital" and g.locations["hospital"]["intrigue"] == 1


# ---------------------------------------------------------------- Hospital Incident
@pytest.mark.parametrize("intrigue,dead,lost", [(1, ["doctor", "nurse"], False), (2, ["doctor", "nurse"], True), (0, [], False)])
def test_hospital_incident(intrigue, dead, lost):
    """Seed 001, Hospital Incident: 1+ Intrigue on the Hospital -> everyone there dies; 2+ -> the Protagonists die."""
    g = start(script((1, "hospital_incident", "journalist")), {"phase": "incident", "characters": {"journalist": {"paranoia": 2}},
                                                               "locations": {"hospital": {"intrigue": intrigue}}})
    assert sorted(died(g)) == dead
    assert g.this_loop.lost is lost


# ---------------------------------------------------------------- Fake Incident
def fake(**extra):
    return mz(*PLOTS, CAST, [{"day": 1, "incident": "fake_incident", "culprit": "girl_student", **extra}])


@pytest.mark.parametrize("intrigue,lost", [(2, True), (1, False)])
def test_fake_incident_kills_the_protagonists_with_two_intrigue_on_the_culprits_starting_location(intrigue, lost):
    """Seed 001, Fake Incident: 2+ Intrigue on the culprit's starting location -> the Protagonists die.
    The culprit stands in the City now; its starting location (the School) is what counts."""
    g = start(fake(public_name="suicide"), {"phase": "incident", "characters": {"girl_student": {"paranoia": 3, "at": "city"}},
                                            "locations": {"school": {"intrigue": intrigue}, "city": {"intrigue": 3}}})
    assert g.occurred == [0]
    assert any(e.type == "protagonists_die" for e in g.events) is lost
    if lost:
        assert last_loop_lost(g)


def test_fake_incident_shows_its_public_name_on_the_schedule_and_the_true_name_at_the_end():
    """Seed 001, Fake Incident: the open information may name a different incident; the secret
    information says Fake Incident."""
    g = start(fake(public_name="suicide"), {"phase": "incident", "characters": {"girl_student": {"paranoia": 3}},
                                            "locations": {"school": {"intrigue": 2}}})
    view = seat_view(g, "protagonist1")
    assert view["schedule"][0]["incident"] == "suicide" and view["names"]["incident"]["suicide"] == "Suicide"
    assert "Incident! Suicide occurs." in view["log"]
    assert not any("Fake Incident" in line for line in view["log"])
    assert views.build_view(g, "mastermind")["script"]["incidents"][0]["incident"] == "fake_incident"
    assert any(e.type == "incident_true_name" and e.visible_to == GM for e in g.events)


def test_fake_incident_without_a_public_name_shows_its_own_name():
    g = start(fake())
    assert views.build_view(g, "protagonist1")["schedule"][0]["incident"] == "fake_incident"


@pytest.mark.parametrize("incident,public,rule", [
    ("fake_incident", "suicide", None),
    ("fake_incident", "Hospital Incident", None),   # the name works as well as the id
    ("fake_incident", "fake_incident", "public-name"),  # a *different* incident
    ("fake_incident", "murder", "public-name"),     # not an incident of Midnight Zone
    ("suicide", "uproar", "incident-format"),       # only an incident whose data allows it
])
def test_fake_incident_public_name_rules(incident, public, rule):
    data = mz_data(*PLOTS, CAST, [{"day": 1, "incident": incident, "culprit": "girl_student", "public_name": public}])
    found = problems(data)
    assert (found == []) if rule is None else (rule in found), found


# ---------------------------------------------------------------- Faked Suicide
def test_faked_suicide_puts_an_extra_card_on_the_living_culprit_and_bars_protagonist_cards():
    """Seed 001, Faked Suicide: an Extra card on the culprit; for the rest of the loop the Protagonists
    may not play cards on characters with Extra cards (the Mastermind still may)."""
    g = start(mz(*PLOTS, CAST, [{"day": 1, "incident": "faked_suicide", "culprit": "girl_student"}], days=3),
              {"phase": "incident", "characters": {"girl_student": {"paranoia": 3}, "boy_student": {"extra_card": True}}})
    assert g.chars["girl_student"].alive and died(g) == []
    assert g.board.extra_cards == {"girl_student", "boy_student"}
    answer(g, "day_end_ability", "done")
    assert g.day == 2
    assert "girl_student" in {o["target"] for o in options(g)}  # Mastermind
    for card, target in [("paranoia_plus_1", "girl_student"), ("intrigue_plus_1", "city"), ("paranoia_minus_1", "school")]:
        answer(g, "place_card", {"card": card, "target": target})
    targets = {o["target"] for o in options(g)}
    assert pending(g).seat == "protagonist2"  # the day 2 Leader
    assert "girl_student" not in targets and "boy_student" not in targets  # every holder (ruling faked-suicide-holders)
    assert "class_rep" in targets


def test_faked_suicide_ban_ends_with_the_loop():
    g = start(mz(*PLOTS, CAST, [{"day": 1, "incident": "faked_suicide", "culprit": "girl_student"}]),
              {"phase": "loop_end", "loop_flags": {"no_protagonist_cards": ["girl_student"]},
               "characters": {"girl_student": {"extra_card": True}}, "locations": {"shrine": {"intrigue": 2}}})
    answer(g, "next_loop_or_final_guess", "next_loop")
    assert g.board.extra_cards == set()
    for card, target in [("paranoia_plus_1", "doctor"), ("intrigue_plus_1", "city"), ("paranoia_minus_1", "school")]:
        answer(g, "place_card", {"card": card, "target": target})
    assert "girl_student" in {o["target"] for o in options(g)}


# ---------------------------------------------------------------- Confession
def test_confession_reveals_the_culprit_and_its_role():
    """Seed 001, Confession: reveal the culprit and the culprit's role."""
    g = start(script((1, "confession", "class_rep")), {"phase": "incident", "characters": {"class_rep": {"paranoia": 2}}})
    assert g.revealed_culprits == {0: "class_rep"}
    d = pending(g)
    assert (d.seat, d.kind, list(d.options)) == ("mastermind", "reveal_role", ["friend"])
    answer(g, "reveal_role", "friend")
    assert g.revealed_roles == {"class_rep": "friend"}
    assert views.build_view(g, "protagonist2")["schedule"][0]["culprit"] == "class_rep"


def test_confession_of_a_ninja_may_announce_another_role():
    cast = {"girl_student": "key_person", "shrine_maiden": "cultist", "office_worker": "ninja", **WITCHES, **HEART}
    s = mz("the_devils_hand", ["witches_tea_time", "unanswered_heart"], cast,
           [{"day": 1, "incident": "confession", "culprit": "office_worker"}])
    g = start(s, {"phase": "incident", "characters": {"office_worker": {"paranoia": 2}}})
    answer(g, "reveal_role", "witch")
    assert g.revealed_roles == {"office_worker": "witch"} and g.revealed_culprits == {0: "office_worker"}
