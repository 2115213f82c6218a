"""Roles only Basic Tragedy uses (seed 002 role table and footnotes 8-10; rules-notes section 7):
Time Traveler, Witch, Lover, Loved One, Factor; and two Serial Killers at once."""

from __future__ import annotations

from typing import Any

from tests.helpers import answer, died, make_script, options, pending, reasons, start

BT: dict[str, Any] = {"set": "basic_tragedy", "loops": 3, "days": 4, "incidents": []}

CHANGE_OF_FUTURE: dict[str, Any] = {
    **BT,
    "main_plot": "change_of_future",
    "subplots": ["a_love_affair", "an_unsettling_rumor"],
    "cast": {
        "office_worker": "time_traveler",
        "shrine_maiden": "cultist",
        "boy_student": "lover",
        "girl_student": "loved_one",
        "police_officer": "conspiracy_theorist",
        "doctor": "person",
        "nurse": "person",
    },
}

TIME_BOMB: dict[str, Any] = {**CHANGE_OF_FUTURE, "main_plot": "giant_time_bomb_x",
                             "cast": {**CHANGE_OF_FUTURE["cast"], "office_worker": "person", "shrine_maiden": "witch"}}

FACTOR: dict[str, Any] = {
    **BT,
    "main_plot": "murder_plan",
    "subplots": ["unknown_factor_chi", "an_unsettling_rumor"],
    "cast": {
        "girl_student": "key_person",
        "office_worker": "killer",
        "doctor": "brain",
        "police_officer": "conspiracy_theorist",
        "pop_idol": "factor",
        "boy_student": "person",
    },
}

VIRUS: dict[str, Any] = {
    **BT,
    "main_plot": "murder_plan",
    "subplots": ["the_hidden_freak", "paranoia_virus"],
    "cast": {
        "girl_student": "key_person",
        "office_worker": "killer",
        "doctor": "brain",
        "shrine_maiden": "serial_killer",
        "class_rep": "friend",
        "police_officer": "conspiracy_theorist",
        "boy_student": "person",
    },
}


# ---------------------------------------------------------------- Time Traveler
def test_time_traveler_cannot_die():
    """Seed 002 role table (Time Traveler, mandatory, always): this character cannot die."""
    s = make_script(CHANGE_OF_FUTURE, incidents=[{"day": 1, "incident": "suicide", "culprit": "office_worker"}])
    g = start(s, {"phase": "incident", "characters": {"office_worker": {"paranoia": 2}}})
    assert g.chars["office_worker"].alive and died(g) == []
    assert g.occurred == [0]  # the incident occurred, its death was prevented


def test_time_traveler_ignores_forbid_goodwill():
    """Seed 002 role table (Time Traveler, mandatory, card resolution); rules-notes section 3."""
    g = start(make_script(CHANGE_OF_FUTURE), {"phase": "resolution", "cards": [
        {"by": "mastermind", "card": "forbid_goodwill", "target": "office_worker"},
        {"by": "protagonist1", "card": "goodwill_plus_1", "target": "office_worker"}]})
    assert g.chars["office_worker"].counters["goodwill"] == 1


def test_forbid_goodwill_stops_goodwill_on_another_character():
    """Rules-notes section 3 (the contrast): without the Time Traveler's trait, Forbid Goodwill cancels Goodwill +1."""
    g = start(make_script(CHANGE_OF_FUTURE), {"phase": "resolution", "cards": [
        {"by": "mastermind", "card": "forbid_goodwill", "target": "police_officer"},
        {"by": "protagonist1", "card": "goodwill_plus_1", "target": "police_officer"}]})
    assert g.chars["police_officer"].counters["goodwill"] == 0


def test_time_traveler_may_end_the_last_day_with_a_loss_at_two_goodwill():
    """Seed 002 role table (Time Traveler, optional, end of the last day) and footnote 8: a day-end, not a loop-end, rule."""
    g = start(make_script(CHANGE_OF_FUTURE), {"day": 4, "phase": "day_end", "characters": {"office_worker": {"goodwill": 2}}})
    assert "office_worker:time_traveler:0" in options(g) and "done" in options(g)
    answer(g, "day_end_ability", "office_worker:time_traveler:0")
    assert g.loop_results[0].lost and any("Time Traveler" in r for r in reasons(g, 0))


def test_time_traveler_last_day_loss_is_optional():
    """Seed 002 role table marks it optional (rules-notes section 10): the Mastermind may pass."""
    g = start(make_script(CHANGE_OF_FUTURE), {"day": 4, "phase": "day_end", "characters": {"office_worker": {"goodwill": 0}}})
    answer(g, "day_end_ability", "done")
    assert g.result is not None and g.result.winner == "protagonists"


def test_time_traveler_with_three_goodwill_gives_no_loss():
    """Seed 002 role table (Time Traveler): only with 2 or fewer Goodwill."""
    g = start(make_script(CHANGE_OF_FUTURE), {"day": 4, "phase": "day_end", "characters": {"office_worker": {"goodwill": 3}}})
    assert "office_worker:time_traveler:0" not in options(g)


def test_time_traveler_loss_only_on_the_last_day():
    """Seed 002 footnote 8: the end of the last day only."""
    g = start(make_script(CHANGE_OF_FUTURE), {"day": 3, "phase": "day_end"})
    assert "office_worker:time_traveler:0" not in options(g)


def test_time_traveler_has_no_goodwill_refusal():
    """Rules-notes section 7: the Time Traveler has no Goodwill Refusal."""
    g = start(make_script(CHANGE_OF_FUTURE), {"phase": "goodwill_abilities", "characters": {"office_worker": {"goodwill": 3}}})
    answer(g, "goodwill_ability", "office_worker:gw:0")
    assert options(g) == ["allow"]


# ---------------------------------------------------------------- Witch
def test_witch_has_mandatory_goodwill_refusal():
    """Seed 002 role list (Witch, no ability) and rules-notes section 7: mandatory Goodwill Refusal."""
    g = start(make_script(TIME_BOMB), {"phase": "goodwill_abilities", "locations": {"shrine": {"intrigue": 1}},
                                       "characters": {"shrine_maiden": {"goodwill": 3}}})
    answer(g, "goodwill_ability", "shrine_maiden:gw:0")
    assert options(g) == ["refuse"]
    answer(g, "goodwill_refusal", "refuse")
    assert g.locations["shrine"]["intrigue"] == 1


# ---------------------------------------------------------------- Lover / Loved One
def test_lover_gets_six_paranoia_when_the_loved_one_dies():
    """Seed 002 role table (Lover, mandatory: when the Loved One dies, 6 Paranoia)."""
    s = make_script(CHANGE_OF_FUTURE, incidents=[{"day": 1, "incident": "suicide", "culprit": "girl_student"}])
    g = start(s, {"phase": "incident", "characters": {"girl_student": {"paranoia": 3}}})
    assert died(g) == ["girl_student"]
    assert g.chars["boy_student"].counters["paranoia"] == 6


def test_loved_one_gets_six_paranoia_when_the_lover_dies():
    """Seed 002 role table (Loved One, mandatory: when the Lover dies, 6 Paranoia)."""
    s = make_script(CHANGE_OF_FUTURE, incidents=[{"day": 1, "incident": "suicide", "culprit": "boy_student"}])
    g = start(s, {"phase": "incident", "characters": {"boy_student": {"paranoia": 2}, "girl_student": {"paranoia": 1}}})
    assert g.chars["girl_student"].counters["paranoia"] == 7


def test_dead_partner_gets_no_paranoia():
    """Ruling (Lover/Loved One +6 Paranoia only to a living partner): a corpse gets no counters."""
    s = make_script(CHANGE_OF_FUTURE, incidents=[{"day": 1, "incident": "suicide", "culprit": "boy_student"}])
    g = start(s, {"phase": "incident", "characters": {"boy_student": {"paranoia": 2}, "girl_student": {"dead": True}}})
    assert g.chars["girl_student"].counters["paranoia"] == 0


def test_lovers_seed002_hospital_incident_killing_both_partners_gives_no_corpse_paranoia():
    """Seed 002 role table (Lover, Loved One: +6 Paranoia when the partner dies) and incident list
    (Hospital Incident: everyone in the Hospital dies). Ruling simultaneous-deaths: the deaths of
    one effect happen together, so each partner's trigger finds the other already dead."""
    s = make_script(CHANGE_OF_FUTURE, incidents=[{"day": 1, "incident": "hospital_incident", "culprit": "doctor"}])
    g = start(s, {"phase": "incident", "locations": {"hospital": {"intrigue": 1}}, "characters": {
        "doctor": {"paranoia": 2}, "boy_student": {"at": "hospital"}, "girl_student": {"at": "hospital"}}})
    assert {"boy_student", "girl_student"} <= set(died(g))
    assert g.chars["girl_student"].counters["paranoia"] == 0
    assert g.chars["boy_student"].counters["paranoia"] == 0


def test_lovers_seed002_one_partner_killed_by_an_incident_gives_the_living_one_six_paranoia():
    """Seed 002 (Lover / Loved One), the contrast: the Loved One outside the Hospital lives and gets 6."""
    s = make_script(CHANGE_OF_FUTURE, incidents=[{"day": 1, "incident": "hospital_incident", "culprit": "doctor"}])
    g = start(s, {"phase": "incident", "locations": {"hospital": {"intrigue": 1}}, "characters": {
        "doctor": {"paranoia": 2}, "boy_student": {"at": "hospital"}}})
    assert "boy_student" in died(g) and g.chars["girl_student"].alive
    assert g.chars["girl_student"].counters["paranoia"] == 6


def test_two_serial_killers_seed002_killing_both_lovers_gives_no_corpse_paranoia():
    """Ruling simultaneous-deaths for role abilities: two Serial Killers (Persons with 3 Paranoia under
    Paranoia Virus) strike at day end, each alone with one partner; both partners die at once, so
    neither gets 6 Paranoia."""
    s = make_script(CHANGE_OF_FUTURE, subplots=["a_love_affair", "paranoia_virus"])
    g = start(s, {"phase": "day_end", "characters": {
        "doctor": {"at": "school", "paranoia": 3}, "nurse": {"paranoia": 3},
        "boy_student": {"at": "school"}, "girl_student": {"at": "hospital"},
        **{c: {"at": "city"} for c in ["office_worker", "police_officer"]}}})
    assert {"boy_student", "girl_student"} <= set(died(g))
    assert g.chars["girl_student"].counters["paranoia"] == 0 and g.chars["boy_student"].counters["paranoia"] == 0


def test_loved_one_may_kill_the_protagonists_with_three_paranoia_and_one_intrigue():
    """Seed 002 role table (Loved One, optional, day end): 3+ Paranoia and 1+ Intrigue, the Protagonists die."""
    g = start(make_script(CHANGE_OF_FUTURE), {"phase": "day_end", "characters": {"girl_student": {"paranoia": 3, "intrigue": 1}}})
    assert "girl_student:loved_one:1" in options(g) and "done" in options(g)
    answer(g, "day_end_ability", "girl_student:loved_one:1")
    assert any(e.type == "protagonists_die" for e in g.events)
    assert g.loop_results[0].lost


def test_loved_one_needs_intrigue_too():
    """Seed 002 role table (Loved One): 3 Paranoia without Intrigue is not enough."""
    g = start(make_script(CHANGE_OF_FUTURE), {"phase": "day_end", "characters": {"girl_student": {"paranoia": 5}}})
    assert "girl_student:loved_one:1" not in options(g)


def test_loved_one_needs_three_paranoia():
    """Seed 002 role table (Loved One): 2 Paranoia is not enough."""
    g = start(make_script(CHANGE_OF_FUTURE), {"phase": "day_end", "characters": {"girl_student": {"paranoia": 2, "intrigue": 3}}})
    assert "girl_student:loved_one:1" not in options(g)


def test_lover_has_no_protagonist_death_ability():
    """Seed 002 role table: only the Loved One has the day-end ability, not the Lover."""
    g = start(make_script(CHANGE_OF_FUTURE), {"phase": "day_end", "characters": {"boy_student": {"paranoia": 3, "intrigue": 1}}})
    assert options(g) == ["done"]


# ---------------------------------------------------------------- Factor
def test_factor_has_the_conspiracy_theorist_ability_with_two_intrigue_on_the_school():
    """Seed 002 role table (Factor): 2+ Intrigue on the School, the Conspiracy Theorist's ability."""
    g = start(make_script(FACTOR), {"phase": "mastermind_abilities", "locations": {"school": {"intrigue": 2}}})
    assert "pop_idol:conspiracy_theorist:0" in options(g)
    answer(g, "mastermind_ability", "pop_idol:conspiracy_theorist:0")
    answer(g, "choose_target", "office_worker")
    assert g.chars["office_worker"].counters["paranoia"] == 1


def test_factor_has_no_conspiracy_theorist_ability_with_one_intrigue_on_the_school():
    """Seed 002 role table (Factor): below 2 Intrigue on the School it has no such ability."""
    g = start(make_script(FACTOR), {"phase": "mastermind_abilities", "locations": {"school": {"intrigue": 1}}})
    assert not any(str(o).startswith("pop_idol:") for o in options(g))


def test_factor_death_with_two_intrigue_on_the_city_is_a_key_person_loss():
    """Seed 002 role table (Factor) and footnote 10: dying with 2+ Intrigue on the City, the Protagonists lose."""
    s = make_script(FACTOR, incidents=[{"day": 1, "incident": "suicide", "culprit": "pop_idol"}])
    g = start(s, {"phase": "incident", "locations": {"city": {"intrigue": 2}}, "characters": {"pop_idol": {"paranoia": 3}}})
    assert died(g) == ["pop_idol"]
    assert g.loop_results[0].lost and any("Key Person" in r for r in reasons(g, 0))
    assert pending(g).kind == "next_loop_or_final_guess"  # the loop ended at once


def test_factor_death_with_one_intrigue_on_the_city_is_no_loss():
    """Seed 002 role table (Factor): below 2 Intrigue on the City, its death changes nothing."""
    s = make_script(FACTOR, incidents=[{"day": 1, "incident": "suicide", "culprit": "pop_idol"}])
    g = start(s, {"phase": "incident", "locations": {"city": {"intrigue": 1}}, "characters": {"pop_idol": {"paranoia": 3}}})
    assert died(g) == ["pop_idol"] and not g.loop_results
    assert pending(g).kind == "day_end_ability"


def test_factor_is_not_the_key_person_for_the_killer():
    """Seed 002 role table (Factor gains the Key Person's ability, not the role): the Killer's ability names the Key Person."""
    g = start(make_script(FACTOR), {"phase": "day_end", "locations": {"city": {"intrigue": 2}},
                                    "characters": {"pop_idol": {"intrigue": 2}}})
    assert "office_worker:killer:0" not in options(g)


def test_factor_intrigue_does_not_count_for_sign_with_me():
    """Ruling factor-not-key-person (seed 002 role table: the Key Person's ability, not the role):
    Sign with me! looks at the Intrigue on the Key Person, and the Factor is not one."""
    sign = {**FACTOR, "main_plot": "sign_with_me", "cast": {**FACTOR["cast"], "office_worker": "person", "doctor": "person"}}
    g = start(make_script(sign), {"phase": "loop_end", "locations": {"city": {"intrigue": 2}},
                                  "characters": {"pop_idol": {"intrigue": 2}}})
    assert g.result.winner == "protagonists"
    g = start(make_script(sign), {"phase": "loop_end", "characters": {"girl_student": {"intrigue": 2}}})
    assert g.loop_results[0].lost


def test_factor_has_optional_goodwill_refusal():
    """Rules-notes section 7: Factor's Goodwill Refusal is optional."""
    g = start(make_script(FACTOR), {"phase": "goodwill_abilities", "characters": {"pop_idol": {"goodwill": 4}}})
    answer(g, "goodwill_ability", "pop_idol:gw:1")
    assert options(g) == ["refuse", "allow"]


# ---------------------------------------------------------------- two Serial Killers
def test_two_serial_killers_alone_kill_each_other():
    """Rules-notes section 7 (two Serial Killers alone kill each other; ruling): both abilities resolve together."""
    g = start(make_script(VIRUS), {"phase": "day_end", "characters": {"boy_student": {"at": "shrine", "paranoia": 3}}})
    assert sorted(died(g)) == ["boy_student", "shrine_maiden"]
