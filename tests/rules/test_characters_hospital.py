"""Characters starting in the Hospital, and the Henchman: Doctor, Patient, Nurse, Henchman
(seed 002 character table and footnote 12; rules-notes section 9; characters.yaml)."""

from __future__ import annotations

from typing import Any

from tests.helpers import FS_BASE, answer, gw_options, make_script, options, pending, place_cards, start, use


def script(cast_changes: dict[str, Any] | None = None, base: dict[str, Any] | None = None, **changes: Any):
    base = base or FS_BASE
    return make_script(base, cast={**base["cast"], **(cast_changes or {})}, **changes)


HIDEOUS: dict[str, Any] = {
    **FS_BASE,
    "subplots": ["a_hideous_script"],
    "cast": {"girl_student": "key_person", "office_worker": "killer", "doctor": "brain", "police_officer": "conspiracy_theorist",
             "boy_student": "friend", "nurse": "curmudgeon"},
}


# ---------------------------------------------------------------- Doctor
def test_doctor_places_one_paranoia_on_another_character_here():
    """Seed 002 character table (Doctor, Goodwill 2: +1 or -1 Paranoia)."""
    g = start(situation={"phase": "goodwill_abilities", "characters": {"doctor": {"goodwill": 2}, "boy_student": {"at": "hospital"}}})
    use(g, "doctor:gw:0")
    answer(g, "choose_effect", 0)
    assert g.chars["boy_student"].counters["paranoia"] == 1


def test_doctor_removes_one_paranoia_from_another_character_here():
    """Seed 002 character table (Doctor, Goodwill 2: +1 or -1 Paranoia)."""
    g = start(situation={"phase": "goodwill_abilities", "characters": {"doctor": {"goodwill": 2},
                                                                       "boy_student": {"at": "hospital", "paranoia": 2}}})
    use(g, "doctor:gw:0")
    answer(g, "choose_effect", 1)
    assert g.chars["boy_student"].counters["paranoia"] == 1


def test_mastermind_may_use_the_doctors_ability_when_his_role_has_goodwill_refusal():
    """Seed 002 character table (Doctor): with Goodwill Refusal (here the Brain's), the Mastermind may use it as a Mastermind ability."""
    g = start(situation={"phase": "mastermind_abilities", "characters": {"doctor": {"goodwill": 2}, "boy_student": {"at": "hospital"}}})
    assert "doctor:gw:0" in options(g)
    answer(g, "mastermind_ability", "doctor:gw:0")
    assert pending(g).seat == "mastermind"
    answer(g, "choose_effect", 0)
    assert g.chars["boy_student"].counters["paranoia"] == 1


def test_mastermind_cannot_use_the_doctors_ability_without_goodwill_refusal():
    """Seed 002 character table (Doctor): only if his role has Goodwill Refusal."""
    s = script({"doctor": "person", "boy_student": "brain"})
    g = start(s, {"phase": "mastermind_abilities", "characters": {"doctor": {"goodwill": 2}}})
    assert "doctor:gw:0" not in options(g)


def test_mastermind_cannot_use_the_doctors_ability_below_two_goodwill():
    """Rules-notes section 9 (Doctor): the Mastermind's use also needs 2 Goodwill on him."""
    g = start(situation={"phase": "mastermind_abilities", "characters": {"doctor": {"goodwill": 1}, "boy_student": {"at": "hospital"}}})
    assert "doctor:gw:0" not in options(g)


def test_doctor_frees_the_patient_for_the_rest_of_the_loop():
    """Seed 002 character table (Doctor, Goodwill 3) and footnote 12: the Patient may then leave the Hospital."""
    g = start(script({"patient": "person"}), {"phase": "goodwill_abilities", "characters": {"doctor": {"goodwill": 3}}})
    use(g, "doctor:gw:1")
    answer(g, "goodwill_ability", "done")
    answer(g, "day_end_ability", "done")
    place_cards(g, [("movement_vertical", "patient"), ("paranoia_plus_1", "shrine"), ("paranoia_minus_1", "city")],
                [("paranoia_plus_1", "hospital"), ("paranoia_plus_1", "shrine"), ("paranoia_plus_1", "school")])
    assert g.day == 2 and g.chars["patient"].location == "city"


# ---------------------------------------------------------------- Patient
def test_patient_cannot_leave_the_hospital():
    """Seed 002 character table (Patient: Shrine, City and School forbidden) and footnote 12."""
    g = start(script({"patient": "person"}), {"phase": "resolution", "cards": [
        {"by": "mastermind", "card": "movement_vertical", "target": "patient"}]})
    assert g.chars["patient"].location == "hospital"


def test_patient_confinement_returns_with_the_next_loop():
    """Seed 002 character table (Doctor, Goodwill 3): for this loop only."""
    s = script({"patient": "person"}, incidents=[{"day": 1, "incident": "suicide", "culprit": "girl_student"}])
    g = start(s, {"phase": "incident", "loop_flags": {"patient_free": True}, "characters": {"girl_student": {"paranoia": 3}}})
    assert g.loop == 2
    place_cards(g, [("movement_vertical", "patient"), ("paranoia_plus_1", "shrine"), ("paranoia_minus_1", "city")],
                [("paranoia_plus_1", "hospital"), ("paranoia_plus_1", "shrine"), ("paranoia_plus_1", "school")])
    assert g.chars["patient"].location == "hospital"


def test_patient_has_no_goodwill_ability():
    """Seed 002 character table (Patient: none)."""
    g = start(script({"patient": "person"}), {"phase": "goodwill_abilities", "characters": {"patient": {"goodwill": 8}}})
    assert not any(str(o).startswith("patient:") for o in gw_options(g))


# ---------------------------------------------------------------- Nurse
def test_nurse_removes_paranoia_from_a_character_at_its_limit_without_refusal():
    """Seed 002 character table (Nurse, Goodwill 2): a character here at its paranoia limit; Goodwill Refusal cannot stop it."""
    g = start(script(base=HIDEOUS), {"phase": "goodwill_abilities", "characters": {
        "nurse": {"goodwill": 2}, "doctor": {"paranoia": 2}, "boy_student": {"at": "hospital", "paranoia": 1}}})
    use(g, "nurse:gw:0", refusal=None)  # the Nurse is a Curmudgeon, still no refusal is asked
    assert "goodwill_refusal" not in [h["kind"] for h in g.history]
    assert g.chars["doctor"].counters["paranoia"] == 1  # the only one at its limit (2)
    assert g.chars["boy_student"].counters["paranoia"] == 1


def test_nurse_not_offered_when_nobody_here_is_at_the_limit():
    """Seed 002 character table (Nurse): only a character whose Paranoia has reached its limit."""
    g = start(script(base=HIDEOUS), {"phase": "goodwill_abilities", "characters": {"nurse": {"goodwill": 2}, "doctor": {"paranoia": 1}}})
    assert "nurse:gw:0" not in gw_options(g)


def test_nurse_reaches_a_character_over_its_limit():
    """Rules-notes section 9 (Nurse): at or over its paranoia limit."""
    g = start(script(base=HIDEOUS), {"phase": "goodwill_abilities", "characters": {"nurse": {"goodwill": 2}, "doctor": {"paranoia": 4}}})
    use(g, "nurse:gw:0", refusal=None)
    assert g.chars["doctor"].counters["paranoia"] == 3


# ---------------------------------------------------------------- Henchman
def test_mastermind_chooses_the_henchmans_start():
    """Seed 002 character table (Henchman: the Mastermind picks his start at every loop set-up)."""
    g = start(script({"henchman": "person"}))
    assert pending(g).kind == "starting_location" and pending(g).seat == "mastermind"
    assert options(g) == ["hospital", "shrine", "city", "school"]
    answer(g, "starting_location", "shrine")
    assert g.chars["henchman"].location == "shrine"


def test_henchmans_start_is_chosen_again_each_loop():
    """Seed 002 character table (Henchman): chosen at every loop start."""
    s = script({"henchman": "person"}, incidents=[{"day": 1, "incident": "suicide", "culprit": "girl_student"}])
    g = start(s, {"phase": "incident", "characters": {"girl_student": {"paranoia": 3}, "henchman": {"at": "school"}}})
    assert g.loop == 2 and pending(g).kind == "starting_location"
    answer(g, "starting_location", "hospital")
    assert g.chars["henchman"].location == "hospital"


def test_henchman_stops_his_incidents_for_the_rest_of_the_loop():
    """Seed 002 character table (Henchman, Goodwill 3: this loop he causes no incident)."""
    s = script({"henchman": "person"}, incidents=[{"day": 1, "incident": "suicide", "culprit": "henchman"}])
    g = start(s, {"phase": "goodwill_abilities", "characters": {"henchman": {"at": "city", "goodwill": 3, "paranoia": 1}}})
    use(g, "henchman:gw:0")
    assert g.occurred == [] and g.chars["henchman"].alive
    assert any(e.type == "incident_none" for e in g.events)


def test_henchmans_incident_occurs_without_his_ability():
    """Seed 002 phase 4: with Paranoia at his limit (1) his incident occurs."""
    s = script({"henchman": "person"}, incidents=[{"day": 1, "incident": "suicide", "culprit": "henchman"}])
    g = start(s, {"phase": "goodwill_abilities", "characters": {"henchman": {"at": "city", "goodwill": 3, "paranoia": 1}}})
    answer(g, "goodwill_ability", "done")
    assert g.occurred == [0] and not g.chars["henchman"].alive
