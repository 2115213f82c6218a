"""Last Liar's script-creation rules and its guide's loop values, as `scriptkeeper check` applies
them (seed 000, "Last Liar": Serial Killer Maximum, Roles, Plots, Script Creation Guide "Number of Loops")."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from scriptkeeper.cli import app
from scriptkeeper.tragedy_looper.catalog import shipped_scripts
from scriptkeeper.tragedy_looper.loop_value import loop_value, suggested_loops
from scriptkeeper.tragedy_looper.script import load_script

from .ll import DETECTIVE, DETECTIVE_CAST, DETECTIVE_INCIDENTS, MONSTER, MONSTER_CAST, WILDCARD_CULPRIT, ll, ll_data, problems

LL_SCRIPTS = sorted(n for n in shipped_scripts() if n.startswith("last_liar/"))
MYTH = ("giant_time_bomb_yet_again", ["social_media_paranoia", "the_mythomaniacs_secret"])
MYTH_CAST = {"nurse": "witch", "teacher": "brain", "boy_student": "serial_killer", "pop_idol": "influencer",
             "office_worker": "conspiracy_theorist", "girl_student": "person"}


def test_at_most_one_serial_killer_in_last_liar():
    """Seed 000, Serial Killer Maximum: at most 1 Serial Killer in this set."""
    cast = {**MONSTER_CAST, "teacher": "serial_killer"}
    assert "role-maximum" in problems(ll_data(*MONSTER, cast, [WILDCARD_CULPRIT]))


def test_two_subplots_adding_a_serial_killer_share_the_one_allowed():
    """The Real Monster and Social Media Paranoia both add a Serial Killer: capped at the maximum, one."""
    cast = {"shrine_maiden": "witch", "office_worker": "brain", "boy_student": "serial_killer", "class_rep": "secretkeeper",
            "girl_student": "wildcard", "pop_idol": "influencer", "police_officer": "conspiracy_theorist"}
    assert problems(ll_data("giant_time_bomb_yet_again", ["the_real_monster", "social_media_paranoia"], cast, [WILDCARD_CULPRIT])) == []


@pytest.mark.parametrize("role", ["watcher", "wildcard"])
def test_watcher_and_wildcard_have_a_maximum_of_one(role):
    """Seed 000, Roles: Watcher and Wildcard, max 1."""
    cast = {**DETECTIVE_CAST, "nurse": role}
    assert "role-maximum" in problems(ll_data(*DETECTIVE, cast, DETECTIVE_INCIDENTS))


def test_conspiracy_theorist_has_a_maximum_of_one():
    """Seed 000, Roles: Conspiracy Theorist, max 1 (Social Media Paranoia and The Mythomaniac's Secret share one)."""
    cast = {**MYTH_CAST, "police_officer": "killer"}
    assert problems(ll_data(*MYTH, cast)) == []
    assert "role-maximum" in problems(ll_data(*MYTH, {**cast, "doctor": "conspiracy_theorist"}))


def test_two_traitor_subplots_share_one_wildcard_and_bring_a_secretkeeper_each():
    """Seed 000, Plot Overview: the Traitor subplots always have a Secretkeeper and a Wildcard; the
    number of Secretkeepers is the number of Traitors (the Wildcard's maximum is 1)."""
    assert problems(ll_data(*DETECTIVE, DETECTIVE_CAST, DETECTIVE_INCIDENTS)) == []
    one_keeper = {**DETECTIVE_CAST, "office_worker": "person"}
    assert "plot-roles" in problems(ll_data(*DETECTIVE, one_keeper, DETECTIVE_INCIDENTS))


def test_the_wildcard_must_be_the_culprit_of_an_incident():
    """Seed 000, Wildcard: this character must be the culprit of an Incident."""
    assert "wildcard-must-be-a-culprit" in problems(ll_data(*MONSTER, MONSTER_CAST, []))
    assert problems(ll_data(*MONSTER, MONSTER_CAST, [WILDCARD_CULPRIT])) == []




@pytest.mark.parametrize("extra", ["killer", "brain"])
def test_the_mythomaniacs_secret_without_a_secretkeeper_adds_a_killer_or_a_brain(extra):
    """Seed 000, The Mythomaniac's Secret: with no Secretkeeper at script creation, add one more
    Killer, Brain or Fragment (not a role of this plot)."""
    assert problems(ll_data(*MYTH, {**MYTH_CAST, "police_officer": extra})) == []


def test_the_mythomaniacs_secret_without_a_secretkeeper_needs_exactly_one_more_role():
    assert "extra-role-if-missing" in problems(ll_data(*MYTH, MYTH_CAST))
    two = {**MYTH_CAST, "police_officer": "killer", "doctor": "brain"}
    assert "extra-role-if-missing" in problems(ll_data(*MYTH, two))


def test_the_mythomaniacs_secret_with_a_secretkeeper_adds_nothing():
    cast = {**MONSTER_CAST, "police_officer": "conspiracy_theorist"}
    assert problems(ll_data("giant_time_bomb_yet_again", ["the_real_monster", "the_mythomaniacs_secret"], cast, [WILDCARD_CULPRIT])) == []
    assert "plot-roles" in problems(ll_data("giant_time_bomb_yet_again", ["the_real_monster", "the_mythomaniacs_secret"],
                                            {**cast, "nurse": "killer"}, [WILDCARD_CULPRIT]))


def test_last_liar_scripts_have_one_main_plot_and_two_subplots():
    assert "subplot-count" in problems(ll_data(MONSTER[0], ["the_real_monster"], MONSTER_CAST, [WILDCARD_CULPRIT]))


# ---------------------------------------------------------------- loop values (Script Creation Guide, "Number of Loops")
def _value(main: str, subplots: list[str], cast: dict, incidents: list[dict], days: int = 7) -> float | None:
    return loop_value(ll(main, subplots, cast, incidents, days=days))


FOUR = [WILDCARD_CULPRIT, {"day": 1, "incident": "murder", "culprit": "nurse"},
        {"day": 2, "incident": "increasing_unease", "culprit": "teacher"}, {"day": 4, "incident": "missing_person", "culprit": "class_rep"}]


def test_loop_value_adds_the_plots_values():
    """Giant Time Bomb Yet Again +1.5, The Real Monster +1.0, Unsafe Trigger +1.0, 4 incidents +0.0, 7 days +0.0."""
    assert _value(*MONSTER, MONSTER_CAST, FOUR) == 3.5


@pytest.mark.parametrize("days,value", [(7, 3.5), (6, 3.3), (5, 2.9), (4, 2.9)])
def test_loop_value_of_short_loops(days, value):
    """6 days: -0.2; 5 or fewer days: -0.6."""
    four = [dict(i, day=min(i["day"], days)) for i in FOUR]
    assert _value(*MONSTER, MONSTER_CAST, four, days=days) == value


def test_loop_value_of_each_incident_above_or_below_four_and_of_the_hospital_incident_and_distortion():
    """±0.4 per incident above or below 4; Hospital Incident +0.4; Distortion +0.4."""
    assert _value(*MONSTER, MONSTER_CAST, FOUR[:2]) == 2.7
    five = FOUR + [{"day": 5, "incident": "hospital_incident", "culprit": "rich_mans_daughter"}]
    assert _value(*MONSTER, MONSTER_CAST, five) == 4.3
    six = five + [{"day": 6, "incident": "distortion", "culprit": "police_officer"}]
    assert _value(*MONSTER, MONSTER_CAST, six) == 5.1


def test_loop_value_of_the_mythomaniacs_secret_depends_on_the_secretkeeper():
    """The Mythomaniac's Secret: +0.0, or +0.8 when there is no Secretkeeper."""
    no_keeper = [{"day": d, "incident": "murder" if d == 1 else "spreading", "culprit": c}
                 for d, c in ((1, "nurse"), (2, "teacher"), (3, "girl_student"), (4, "pop_idol"))]
    assert _value(*MYTH, {**MYTH_CAST, "police_officer": "killer"}, no_keeper) == round(1.5 + 0.6 + 0.8, 2)
    cast = {**MONSTER_CAST, "police_officer": "conspiracy_theorist"}
    assert _value("giant_time_bomb_yet_again", ["the_real_monster", "the_mythomaniacs_secret"], cast, FOUR) == 2.5


def test_the_guide_suggests_half_a_loop_more_than_the_loop_value():
    """"aim for around 3.5 total loop value, and use 4 loops" (Table Talk off: about 0.5 more loops than the value)."""
    assert suggested_loops(ll(*MONSTER, MONSTER_CAST, FOUR, days=7)) == 4  # 3.5 + 0.5
    assert suggested_loops(ll(*MONSTER, MONSTER_CAST, FOUR[:2], days=7)) == 3  # 2.7 + 0.5 = 3.2


def test_other_sets_have_no_loop_value_table():
    assert loop_value(load_script(shipped_scripts()["basic_tragedy/borrowed_tomorrow"])) is None


@pytest.mark.parametrize("name", LL_SCRIPTS)
def test_scriptkeeper_check_passes_every_last_liar_script_and_prints_its_loop_value(name):
    result = CliRunner().invoke(app, ["check", name])
    assert result.exit_code == 0, result.output
    assert "legal" in result.output and "loop value" in result.output and "suggested loops: 4" in result.output


def test_at_least_three_last_liar_scripts_of_different_shapes_are_shipped():
    shapes = {(s.main_plot, s.subplots) for s in (load_script(shipped_scripts()[n]) for n in LL_SCRIPTS)}
    assert len(LL_SCRIPTS) >= 3 and len(shapes) == len(LL_SCRIPTS)
