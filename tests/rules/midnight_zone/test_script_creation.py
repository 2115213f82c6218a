"""Midnight Zone script-creation rules, reported by `scriptkeeper check` with named rule ids (seed 001:
plots' roles, role maxima, Male Confrontation's Ninja, Worshippers' Suicide, the Obstinate, Serial
Murder's shared culprit, the Fake Incident's public name)."""

from __future__ import annotations

import re

import pytest
import yaml
from typer.testing import CliRunner

from scriptkeeper.cli import app
from scriptkeeper.tragedy_looper.script import script_from_dict
from tests.helpers import answer, pending, start

from .mz import HEART, SEALED, WITCHES, mz_data, problems

runner = CliRunner()


def check_cli(tmp_path, data) -> tuple[int, set[str]]:
    path = tmp_path / "script.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert "Traceback" not in result.output
    return result.exit_code, set(re.findall(r"^  ([a-z][a-z-]+): ", result.output, flags=re.M))


FATED = {"boy_student": "friend", "office_worker": "serial_killer", "informer": "conspiracy_theorist"}
LEGAL = mz_data("fated_connections", ["love_hate_spiral", "witches_tea_time"],
                {**FATED, "girl_student": "obstinate", "nurse": "witch", "alien": "witch", "class_rep": "friend"},
                [{"day": 2, "incident": "serial_murder", "culprit": "girl_student"},
                 {"day": 4, "incident": "serial_murder", "culprit": "girl_student"}])


def test_a_legal_midnight_zone_script_passes_check(tmp_path):
    """Three plots adding a Friend each, capped by the Friend maximum of 2; three Conspiracy Theorists
    capped at 1; one Obstinate culprit of two Serial Murders."""
    assert problems(LEGAL) == []
    assert check_cli(tmp_path, LEGAL) == (0, set())


@pytest.mark.parametrize("change,rule", [
    # Friend: max 2.
    ({"cast": {**LEGAL["cast"], "police_officer": "friend"}}, "role-maximum"),
    # Conspiracy Theorist: max 1.
    ({"cast": {**LEGAL["cast"], "police_officer": "conspiracy_theorist"}}, "role-maximum"),
    # Witches Tea Time adds 2 Witches.
    ({"cast": {**LEGAL["cast"], "alien": "person"}}, "plot-roles"),
    # Obstinate: the culprit of at least one incident.
    ({"incidents": [{"day": 2, "incident": "serial_murder", "culprit": "office_worker"}]}, "obstinate-must-be-a-culprit"),
    # Serial Murder may share a culprit only with other Serial Murders.
    ({"incidents": [{"day": 2, "incident": "serial_murder", "culprit": "girl_student"},
                    {"day": 4, "incident": "suicide", "culprit": "girl_student"}]}, "culprit-one-incident"),
    # Only a Fake Incident may show another name.
    ({"incidents": [{"day": 2, "incident": "serial_murder", "culprit": "girl_student", "public_name": "suicide"}]},
     "incident-format"),
])
def test_midnight_zone_creation_rule_is_reported_by_id(tmp_path, change, rule):
    data = {**LEGAL, **change}
    assert rule in problems(data)
    code, rules = check_cli(tmp_path, data)
    assert code == 1 and rule in rules


def test_male_confrontation_ninja_must_be_a_man_is_reported_by_check(tmp_path):
    data = mz_data("male_confrontation", ["witches_tea_time", "unanswered_heart"], {"boy_student": "ninja", **WITCHES, **HEART})
    assert check_cli(tmp_path, data) == (1, {"ninja-must-be-a-man"})


def test_worshippers_need_a_suicide_is_reported_by_check(tmp_path):
    data = mz_data("the_sealed_item", ["worshippers_of_the_apocalypse", "witches_tea_time"],
                   {**SEALED, **WITCHES, "police_officer": "prophet"},
                   [{"day": 2, "incident": "uproar", "culprit": "nurse"}])
    assert check_cli(tmp_path, data) == (1, {"worshippers-need-a-suicide"})


def test_fake_incident_public_name_must_name_another_incident_of_the_set(tmp_path):
    data = mz_data("the_sealed_item", ["witches_tea_time", "unanswered_heart"], {**SEALED, **WITCHES, **HEART},
                   [{"day": 2, "incident": "fake_incident", "culprit": "nurse", "public_name": "faraway_murder"}])
    assert check_cli(tmp_path, data) == (1, {"public-name"})


def test_midnight_zone_scripts_have_two_subplots_and_end_with_a_final_guess():
    """Ruling midnight-zone-shape (seed 001 gives no shape; Basic Tragedy's is used): exactly two
    subplots, and after the last lost loop the Protagonists make the Final Guess."""
    assert "subplot-count" in problems({**LEGAL, "subplots": ["love_hate_spiral"]})
    assert "subplot-count" in problems({**LEGAL, "subplots": ["love_hate_spiral", "witches_tea_time", "showtime_of_death"]})
    g = start(script_from_dict({**LEGAL, "loops": 1}), {"phase": "loop_end", "characters": {"boy_student": {"dead": True}}})
    assert g.loop_results[-1].lost  # the dead Friend
    assert pending(g).kind == "final_guess"
    for role in LEGAL["cast"].values():
        answer(g, "final_guess", role)
    assert g.result.winner == "protagonists"
