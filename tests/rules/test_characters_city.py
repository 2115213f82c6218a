"""Characters starting in the City: Police Officer, Office Worker, Informer, Pop Idol, Journalist,
Boss (seed 002 character table and footnote 11; rules-notes section 9; characters.yaml)."""

from __future__ import annotations

from typing import Any

from tests.helpers import FS_BASE, answer, died, gw_options, make_script, options, pending, start, texts, use


def script(cast_changes: dict[str, Any] | None = None, **changes: Any):
    return make_script(cast={**FS_BASE["cast"], **(cast_changes or {})}, **changes)


BT_INFORMER: dict[str, Any] = {
    "set": "basic_tragedy", "loops": 3, "days": 4, "incidents": [],
    "main_plot": "murder_plan", "subplots": ["a_love_affair", "an_unsettling_rumor"],
    "cast": {"girl_student": "key_person", "office_worker": "killer", "doctor": "brain", "boy_student": "lover",
             "class_rep": "loved_one", "police_officer": "conspiracy_theorist", "informer": "person"},
}


# ---------------------------------------------------------------- Police Officer
def test_police_officer_reveals_the_culprit_of_an_incident_that_occurred_this_loop():
    """Seed 002 character table (Police Officer, Goodwill 4, once per loop)."""
    s = script(incidents=[{"day": 1, "incident": "murder", "culprit": "office_worker"},
                          {"day": 3, "incident": "suicide", "culprit": "boy_student"}])
    g = start(s, {"day": 2, "phase": "goodwill_abilities", "occurred": [1], "characters": {"police_officer": {"goodwill": 4}}})
    use(g, "police_officer:gw:0")  # only the day 1 incident occurred: no choice
    assert g.revealed_culprits == {0: "office_worker"}


def test_police_officer_culprit_ability_needs_an_incident_that_occurred():
    """Seed 002 character table (Police Officer): an incident that occurred this loop; none, no ability."""
    s = script(incidents=[{"day": 1, "incident": "murder", "culprit": "office_worker"}])
    g = start(s, {"day": 2, "phase": "goodwill_abilities", "characters": {"police_officer": {"goodwill": 4}}})
    assert "police_officer:gw:0" not in gw_options(g)


def test_police_officer_guard_counter_stops_the_next_death():
    """Seed 004 (the Police Officer's counter survives one death); ruling police-guard (rules-notes section 9)."""
    s = script(incidents=[{"day": 1, "incident": "murder", "culprit": "office_worker"}])
    g = start(s, {"phase": "goodwill_abilities", "characters": {"police_officer": {"goodwill": 5},
                                                                "office_worker": {"paranoia": 2},
                                                                "boy_student": {"at": "city"}}})
    use(g, "police_officer:gw:1")
    answer(g, "choose_target", "boy_student")
    assert g.chars["boy_student"].counters["guard"] == 1
    answer(g, "choose_target", "boy_student")  # the Murder's victim
    assert g.chars["boy_student"].alive and g.chars["boy_student"].counters["guard"] == 0
    assert died(g) == []


def test_police_officer_guard_counter_is_used_up_by_one_death():
    """Seed 004: the counter lets the character survive one death, then it is gone and the next death kills."""
    s = script(incidents=[{"day": 1, "incident": "murder", "culprit": "shrine_maiden"}])
    g = start(s, {"phase": "incident", "characters": {"shrine_maiden": {"paranoia": 2},
                                                      "boy_student": {"at": "shrine", "guard": 1}}})
    # The Murder takes the Guard counter; at day end the Serial Killer (Shrine Maiden) kills him.
    assert died(g) == ["boy_student"] and g.chars["boy_student"].counters["guard"] == 0
    assert any(e.type == "guard" for e in g.events)


def test_police_officer_guard_only_on_a_character_here():
    """Seed 002 character table (Police Officer, Goodwill 5): in this location."""
    g = start(situation={"phase": "goodwill_abilities", "characters": {"police_officer": {"goodwill": 5}}})
    use(g, "police_officer:gw:1")
    assert set(options(g)) == {"office_worker", "police_officer"}


# ---------------------------------------------------------------- Office Worker
def test_office_worker_reveals_his_own_role():
    """Seed 002 character table (Office Worker, Goodwill 3)."""
    g = start(situation={"phase": "goodwill_abilities", "characters": {"office_worker": {"goodwill": 3}}})
    use(g, "office_worker:gw:0")
    assert g.revealed_roles == {"office_worker": "killer"}


def test_office_worker_needs_three_goodwill():
    """Seed 002 character table (Office Worker): threshold 3."""
    g = start(situation={"phase": "goodwill_abilities", "characters": {"office_worker": {"goodwill": 2}}})
    assert "office_worker:gw:0" not in gw_options(g)


# ---------------------------------------------------------------- Informer
def test_informer_seed002_leader_chooses_subplot_1_or_2_and_that_one_is_revealed():
    """Seed 002 character table (Informer, Goodwill 5, once per loop: choose subplot 1 or subplot 2
    and reveal it). The Leader chooses by position; the Mastermind has no choice to make
    (ruling informer-subplot-by-position; the notes' "name one, another is revealed" is not followed)."""
    g = start(make_script(BT_INFORMER), {"phase": "goodwill_abilities", "characters": {"informer": {"goodwill": 5}}})
    use(g, "informer:gw:0")
    d = pending(g)
    assert (d.kind, d.seat, list(d.options)) == ("choose_subplot", "protagonist1", [1, 2])
    answer(g, "choose_subplot", 2)
    assert g.revealed_subplots == ["an_unsettling_rumor"]
    assert "A subplot of this script is An Unsettling Rumor." in texts(g)
    assert "reveal_subplot" not in [h["kind"] for h in g.history]  # the Mastermind chooses nothing


def test_informer_seed002_subplot_1_is_the_first_subplot_of_the_script():
    """Seed 002 (Informer): subplot 1 is the script's first subplot."""
    g = start(make_script(BT_INFORMER), {"phase": "goodwill_abilities", "characters": {"informer": {"goodwill": 5}}})
    use(g, "informer:gw:0")
    answer(g, "choose_subplot", 1)
    assert g.revealed_subplots == ["a_love_affair"]


def test_informer_seed002_in_first_steps_reveals_the_only_subplot_without_a_question():
    """Seed 002 (Informer) with a First Steps script: only subplot 1 exists, so it is revealed."""
    g = start(script({"informer": "person"}), {"phase": "goodwill_abilities", "characters": {"informer": {"goodwill": 5}}})
    use(g, "informer:gw:0")
    assert g.revealed_subplots == ["shadow_of_the_ripper"]
    assert "choose_subplot" not in [h["kind"] for h in g.history]


# ---------------------------------------------------------------- Pop Idol
def test_pop_idol_paranoia_limit_is_three():
    """Seed 002 character table (Pop Idol: paranoia limit 3; rules-notes says 2, the seed wins)."""
    s = script({"pop_idol": "person"}, incidents=[{"day": 1, "incident": "suicide", "culprit": "pop_idol"}])
    g = start(s, {"phase": "incident", "characters": {"pop_idol": {"paranoia": 2}}})
    assert g.occurred == [] and g.chars["pop_idol"].alive
    g = start(s, {"phase": "incident", "characters": {"pop_idol": {"paranoia": 3}}})
    assert g.occurred == [0] and not g.chars["pop_idol"].alive


def test_pop_idol_removes_paranoia_from_another_character_here():
    """Seed 002 character table (Pop Idol, Goodwill 3)."""
    g = start(script({"pop_idol": "person"}), {"phase": "goodwill_abilities", "characters": {
        "pop_idol": {"goodwill": 3, "paranoia": 1}, "office_worker": {"paranoia": 1}}})
    use(g, "pop_idol:gw:0")
    assert set(options(g)) == {"office_worker", "police_officer"}
    answer(g, "choose_target", "office_worker")
    assert g.chars["office_worker"].counters["paranoia"] == 0


def test_pop_idol_places_goodwill_on_another_character_here():
    """Seed 002 character table (Pop Idol, Goodwill 4)."""
    g = start(script({"pop_idol": "person"}), {"phase": "goodwill_abilities", "characters": {"pop_idol": {"goodwill": 4}}})
    use(g, "pop_idol:gw:1")
    answer(g, "choose_target", "police_officer")
    assert g.chars["police_officer"].counters["goodwill"] == 1 and g.chars["pop_idol"].counters["goodwill"] == 4


# ---------------------------------------------------------------- Journalist
def test_journalist_places_paranoia_on_any_other_character():
    """Seed 002 character table (Journalist, Goodwill 2): any other character, anywhere."""
    g = start(script({"journalist": "person"}), {"phase": "goodwill_abilities", "characters": {"journalist": {"goodwill": 2}}})
    use(g, "journalist:gw:0")
    assert "journalist" not in options(g) and "shrine_maiden" in options(g)
    answer(g, "choose_target", "shrine_maiden")
    assert g.chars["shrine_maiden"].counters["paranoia"] == 1


def test_journalist_places_intrigue_on_his_location_or_a_character_there():
    """Seed 002 character table (Journalist, second Goodwill 2 ability)."""
    g = start(script({"journalist": "person"}), {"phase": "goodwill_abilities", "characters": {"journalist": {"goodwill": 2}}})
    use(g, "journalist:gw:1")
    assert set(options(g)) == {"city", "journalist", "office_worker", "police_officer"}
    answer(g, "choose_target", "city")
    assert g.locations["city"]["intrigue"] == 1


# ---------------------------------------------------------------- Boss
def boss(role: str = "person", turf: str = "school", **changes: Any):
    return script({"boss": {"role": role, "turf": turf}}, **changes)


def test_boss_reveals_the_role_of_another_character_in_his_turf():
    """Seed 002 character table (Boss, Goodwill 3, once per loop; rules-notes says 5, the seed wins)."""
    g = start(boss(), {"phase": "goodwill_abilities", "characters": {"boss": {"goodwill": 3}}})
    use(g, "boss:gw:0")
    assert set(options(g)) == {"girl_student", "boy_student"}  # the School, not the City where he stands
    answer(g, "choose_target", "girl_student")
    assert g.revealed_roles == {"girl_student": "key_person"}


def test_boss_needs_three_goodwill():
    """Seed 002 character table (Boss): threshold 3."""
    g = start(boss(), {"phase": "goodwill_abilities", "characters": {"boss": {"goodwill": 2}}})
    assert "boss:gw:0" not in gw_options(g)


def test_boss_serial_killer_may_strike_from_his_turf():
    """Seed 002 footnote 11: the Boss, a Serial Killer in the City with his turf at the Hospital, kills the one character there."""
    s = make_script(cast={**FS_BASE["cast"], "shrine_maiden": "person", "boss": {"role": "serial_killer", "turf": "hospital"}})
    g = start(s, {"phase": "day_end"})
    assert pending(g).kind == "turf_location" and options(g) == ["city", "hospital"]
    answer(g, "turf_location", "hospital")
    assert died(g) == ["doctor"]


def test_boss_serial_killer_may_strike_where_he_stands():
    """Seed 002 footnote 11: treating him as in his turf is the Mastermind's option."""
    s = make_script(cast={**FS_BASE["cast"], "shrine_maiden": "person", "boss": {"role": "serial_killer", "turf": "hospital"}})
    g = start(s, {"phase": "day_end", "characters": {"police_officer": {"at": "shrine"}}})
    answer(g, "turf_location", "city")
    assert died(g) == ["office_worker"]
