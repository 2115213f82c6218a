"""Script-creation rules (rules-notes sections 5-7 and 9; seed 002 sections 4-6; seed 004 "Incidents"):
each broken rule is reported by check_script under its stable rule id."""

from __future__ import annotations

from typing import Any

from scriptkeeper.tragedy_looper.script import check_script
from tests.helpers import FS_BASE

BT: dict[str, Any] = {
    "set": "basic_tragedy", "loops": 3, "days": 4, "incidents": [],
    "main_plot": "murder_plan", "subplots": ["a_love_affair", "an_unsettling_rumor"],
    "cast": {"girl_student": "key_person", "office_worker": "killer", "doctor": "brain", "boy_student": "lover",
             "class_rep": "loved_one", "police_officer": "conspiracy_theorist", "nurse": "person"},
}


def rules_broken(data: dict[str, Any]) -> list[str]:
    script, problems = check_script(data)
    assert (script is None) == bool(problems)
    return sorted({p.rule for p in problems})


def fs(**changes: Any) -> dict[str, Any]:
    return {**FS_BASE, **changes}


def bt(**changes: Any) -> dict[str, Any]:
    return {**BT, **changes}


def test_first_script_and_basic_tragedy_base_are_legal():
    """Rules-notes section 9 (The First Script) and section 6: the reference scripts pass every check."""
    assert rules_broken(fs()) == []
    assert rules_broken(bt()) == []


# ---------------------------------------------------------------- plots and their roles
def test_plot_roles_missing_role():
    """Rules-notes section 5 (Murder Plan adds Key Person, Killer, Brain): a missing Brain breaks plot-roles."""
    assert rules_broken(fs(cast={**FS_BASE["cast"], "doctor": "person"})) == ["plot-roles"]


def test_plot_roles_extra_role():
    """Rules-notes section 5: a role no chosen plot adds (a second Killer) breaks plot-roles."""
    assert rules_broken(fs(cast={**FS_BASE["cast"], "boy_student": "killer"})) == ["plot-roles"]


def test_plot_roles_sum_over_plots():
    """Rules-notes section 6: roles added by the main plot and both subplots are summed (Circle of Friends + The Hidden Freak)."""
    cast = {"girl_student": "key_person", "office_worker": "killer", "doctor": "brain", "boy_student": "friend",
            "class_rep": "friend", "police_officer": "conspiracy_theorist", "shrine_maiden": "serial_killer"}
    assert rules_broken(bt(subplots=["circle_of_friends", "the_hidden_freak"], cast=cast)) == []


def test_role_maximum_caps_the_sum_of_plot_roles():
    """Rules-notes section 6 (sum plot roles, then cap: Friend 2): three Friends are too many."""
    cast = {"girl_student": "key_person", "office_worker": "killer", "doctor": "brain", "boy_student": "friend",
            "class_rep": "friend", "nurse": "friend", "police_officer": "conspiracy_theorist", "shrine_maiden": "serial_killer"}
    assert "role-maximum" in rules_broken(bt(subplots=["circle_of_friends", "the_hidden_freak"], cast=cast))


def test_conspiracy_theorist_maximum_is_one():
    """Seed 002 role notes (Conspiracy Theorist limit 1): two subplots adding one each still give one."""
    cast = {"girl_student": "key_person", "office_worker": "killer", "doctor": "brain", "boy_student": "friend",
            "class_rep": "friend", "police_officer": "conspiracy_theorist"}
    assert rules_broken(bt(subplots=["circle_of_friends", "an_unsettling_rumor"], cast=cast)) == []
    two = {**cast, "nurse": "conspiracy_theorist"}
    assert "role-maximum" in rules_broken(bt(subplots=["circle_of_friends", "an_unsettling_rumor"], cast=two))


def test_hideous_script_allows_zero_to_two_curmudgeons():
    """Seed 002 role notes (A Hideous Script: 0-2 Curmudgeons)."""
    base = {"girl_student": "key_person", "office_worker": "killer", "doctor": "brain", "police_officer": "conspiracy_theorist",
            "boy_student": "friend"}
    for n in range(3):
        extra = dict(zip(["shrine_maiden", "pop_idol"], ["curmudgeon"] * n))
        assert rules_broken(fs(subplots=["a_hideous_script"], cast={**base, **extra, "nurse": "person"})) == [], n
    three = {**base, "shrine_maiden": "curmudgeon", "pop_idol": "curmudgeon", "nurse": "curmudgeon"}
    assert rules_broken(fs(subplots=["a_hideous_script"], cast=three)) == ["plot-roles"]


def test_curmudgeon_only_where_a_plot_adds_it():
    """Seed 002 role notes: the Curmudgeon comes only from A Hideous Script."""
    assert rules_broken(fs(cast={**FS_BASE["cast"], "pop_idol": "curmudgeon"})) == ["plot-roles"]


def test_role_not_in_set():
    """Seed 002 role notes: Witch, Time Traveler, Lover, Loved One, Factor are Basic Tragedy only; Curmudgeon First Steps only."""
    assert rules_broken(fs(cast={**FS_BASE["cast"], "pop_idol": "witch"})) == ["role-not-in-set"]
    assert rules_broken(bt(cast={**BT["cast"], "pop_idol": "curmudgeon"})) == ["role-not-in-set"]


def test_mystery_boy_role_must_come_from_outside_the_plots():
    """Seed 002 character table (Mystery Boy: a role none of the chosen plots adds, never a Person)."""
    assert rules_broken(fs(cast={**FS_BASE["cast"], "mystery_boy": "cultist"})) == []
    assert rules_broken(fs(cast={**FS_BASE["cast"], "mystery_boy": "person"})) == ["mystery-boy-role"]
    cast = {**FS_BASE["cast"], "boy_student": "person", "mystery_boy": "killer"}
    assert "mystery-boy-role" in rules_broken(fs(cast=cast))


def test_key_person_must_be_a_girl_in_sign_with_me():
    """Rules-notes section 6 (Sign with me!: the Key Person must be a Girl)."""
    cast = {"boy_student": "key_person", "girl_student": "person", "mystery_boy": "witch", "office_worker": "lover",
            "class_rep": "loved_one", "police_officer": "conspiracy_theorist"}
    assert rules_broken(bt(main_plot="sign_with_me", cast=cast)) == ["key-person-must-be-a-girl"]
    cast_ok = {**cast, "boy_student": "person", "girl_student": "key_person"}
    assert rules_broken(bt(main_plot="sign_with_me", cast=cast_ok)) == []


def test_key_person_may_be_a_boy_in_murder_plan():
    """Rules-notes section 5: only Sign with me! restricts the Key Person's sex."""
    cast = {**FS_BASE["cast"], "girl_student": "person", "boy_student": "key_person"}
    assert rules_broken(fs(cast=cast)) == []


def test_main_plot_must_be_a_main_plot():
    """Rules-notes sections 5-6: the main plot slot takes a main plot."""
    assert "main-plot-is-main" in rules_broken(fs(main_plot="shadow_of_the_ripper"))


def test_subplot_must_be_a_subplot():
    """Rules-notes sections 5-6: the subplot slots take subplots."""
    assert "subplot-is-sub" in rules_broken(fs(subplots=["light_of_the_avenger"]))


def test_subplot_count_first_steps_one():
    """Rules-notes section 5 (First Steps: 1 main plot + 1 subplot)."""
    assert "subplot-count" in rules_broken(fs(subplots=["shadow_of_the_ripper", "an_unsettling_rumor"]))
    assert "subplot-count" in rules_broken(fs(subplots=[]))


def test_subplot_count_basic_tragedy_two():
    """Rules-notes section 6 (Basic Tragedy: 1 main plot + 2 subplots)."""
    assert "subplot-count" in rules_broken(bt(subplots=["a_love_affair"]))


def test_subplot_duplicate():
    """Rules-notes section 6: two different subplots."""
    assert "subplot-duplicate" in rules_broken(bt(subplots=["an_unsettling_rumor", "an_unsettling_rumor"]))


def test_plot_of_another_set():
    """Rules-notes sections 5-6: a Basic Tragedy plot is not a First Steps plot."""
    assert "unknown-plot" in rules_broken(fs(subplots=["paranoia_virus"]))


# ---------------------------------------------------------------- incidents
def test_one_incident_per_day():
    """Seed 004 (Incidents: at most one incident a day)."""
    incs = [{"day": 2, "incident": "murder", "culprit": "office_worker"}, {"day": 2, "incident": "suicide", "culprit": "boy_student"}]
    assert rules_broken(fs(incidents=incs)) == ["one-incident-per-day"]


def test_culprit_of_one_incident_only():
    """Seed 004 (Incidents: a character is the culprit of at most one incident)."""
    incs = [{"day": 2, "incident": "murder", "culprit": "office_worker"}, {"day": 3, "incident": "spreading", "culprit": "office_worker"}]
    assert rules_broken(fs(incidents=incs)) == ["culprit-one-incident"]


def test_incident_not_in_set():
    """Rules-notes section 5: First Steps has seven incidents; Foul Evil is Basic Tragedy's."""
    assert rules_broken(fs(incidents=[{"day": 1, "incident": "foul_evil", "culprit": "boy_student"}])) == ["incident-not-in-set"]


def test_incident_day_within_the_loop():
    """Seed 002 section 4 (the script fixes the days): an incident after the last day is not allowed."""
    assert rules_broken(fs(incidents=[{"day": 5, "incident": "murder", "culprit": "office_worker"}])) == ["incident-day"]


def test_culprit_in_cast():
    """Seed 004 (the culprit is one of the characters in the script)."""
    assert rules_broken(fs(incidents=[{"day": 1, "incident": "murder", "culprit": "alien"}])) == ["culprit-in-cast"]


# ---------------------------------------------------------------- characters with script options
def test_godly_being_needs_its_entry_loop():
    """Seed 002 character table (Godly Being enters on a loop fixed at script creation)."""
    assert rules_broken(fs(cast={**FS_BASE["cast"], "godly_being": "person"})) == ["enters-loop"]
    assert rules_broken(fs(cast={**FS_BASE["cast"], "godly_being": {"role": "person", "enters_loop": 4}})) == ["enters-loop"]
    assert rules_broken(fs(cast={**FS_BASE["cast"], "godly_being": {"role": "person", "enters_loop": 2}})) == []


def test_boss_needs_a_turf():
    """Seed 002 character table (Boss: a location is fixed as his turf)."""
    assert rules_broken(fs(cast={**FS_BASE["cast"], "boss": "person"})) == ["boss-turf"]
    assert rules_broken(fs(cast={**FS_BASE["cast"], "boss": {"role": "person", "turf": "moon"}})) == ["boss-turf"]
    assert rules_broken(fs(cast={**FS_BASE["cast"], "boss": {"role": "person", "turf": "shrine"}})) == []


def test_script_options_only_for_characters_that_have_them():
    """Seed 002 character table: only the Godly Being has an entry loop, only the Boss a turf."""
    assert rules_broken(fs(cast={**FS_BASE["cast"], "boy_student": {"role": "person", "turf": "shrine"}})) == ["cast-format"]


def test_unknown_character():
    """Seed 002 section 6 (the 18 characters): a name that is no character is refused."""
    assert rules_broken(fs(cast={**FS_BASE["cast"], "dragon": "person"})) == ["unknown-character"]


# ---------------------------------------------------------------- set, loops, days
def test_unknown_set():
    """Rules-notes sections 5-6: the Tragedy Set must be one we know."""
    assert rules_broken(fs(set="no_such_set")) == ["unknown-set"]


def test_loops_and_days_ranges():
    """Seed 002 section 4 (the script fixes loops and days): whole numbers from 1 to 8."""
    assert rules_broken(fs(loops=0)) == ["loops-range"]
    assert rules_broken(fs(days=9)) == ["days-range"]
    assert rules_broken(fs(loops="three")) == ["loops-range"]
