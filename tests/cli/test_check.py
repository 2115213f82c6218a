"""`scriptkeeper check`: every script-creation rule is reported by its rule id, never as a traceback.

The rule ids are the ones `script.check_script` uses (rules-notes.md sections 5-6 for the plots'
roles and maxima, seed 002 for the Basic Tragedy roles and characters, seed 004 for one incident
per culprit). Each fixture in tests/fixtures/illegal breaks one rule.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from scriptkeeper.cli import app
from scriptkeeper.tragedy_looper.catalog import shipped_scripts

ILLEGAL = Path(__file__).resolve().parents[1] / "fixtures" / "illegal"
runner = CliRunner()

# fixture file -> every rule id `check` must report for it (and nothing else).
EXPECTED: dict[str, set[str]] = {
    "unknown-set": {"unknown-set"},
    "unknown-plot": {"unknown-plot"},
    "main-plot-is-main": {"main-plot-is-main"},
    "subplot-is-sub": {"subplot-is-sub"},
    "subplot-count": {"subplot-count"},
    "subplot-duplicate": {"subplot-duplicate"},
    "loops-range": {"loops-range"},
    "days-range": {"days-range"},
    "unknown-character": {"unknown-character"},
    "role-not-in-set": {"role-not-in-set"},
    "plot-roles-too-few": {"plot-roles"},
    "plot-roles-too-many": {"plot-roles"},
    # Three Friends where Circle of Friends adds two: too many for the plots and above the maximum.
    "role-maximum": {"role-maximum", "plot-roles"},
    "mystery-boy-role": {"mystery-boy-role"},
    "key-person-must-be-a-girl": {"key-person-must-be-a-girl"},
    "enters-loop": {"enters-loop"},
    "boss-turf": {"boss-turf"},
    "incident-not-in-set": {"incident-not-in-set"},
    "incident-day": {"incident-day"},
    "culprit-in-cast": {"culprit-in-cast"},
    "one-incident-per-day": {"one-incident-per-day"},
    "culprit-one-incident": {"culprit-one-incident"},
    # A list where the cast mapping belongs: the plots' roles are then missing too.
    "cast-format": {"cast-format", "plot-roles"},
    "cast-format-option": {"cast-format"},
    "incident-format": {"incident-format"},
    "script-format-not-a-mapping": {"script-format"},
    "script-format-unknown-key": {"script-format"},
    "invalid-yaml": {"script-format"},
}


def run_check(target: str | Path):
    result = runner.invoke(app, ["check", str(target)])
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def reported_rules(output: str) -> set[str]:
    return set(re.findall(r"^  ([a-z][a-z-]+): ", output, flags=re.M))


def test_every_fixture_is_listed():
    """Each illegal fixture has an expectation, and each expectation a fixture."""
    assert {p.stem for p in ILLEGAL.glob("*.yaml")} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(shipped_scripts()))
def test_shipped_scripts_are_legal(name):
    """Every shipped script passes every script-creation rule."""
    result = run_check(name)
    assert result.exit_code == 0, result.output
    assert "legal" in result.output and "illegal" not in result.output


def test_shipped_script_by_path_is_legal():
    path = shipped_scripts()["first_steps/whispers_at_the_gate"]
    result = run_check(path)
    assert result.exit_code == 0, result.output
    assert f"{path}: legal" in result.output
    assert "First Steps, 2 loops x 3 days, 5 characters, 1 incident(s)" in result.output


@pytest.mark.parametrize("fixture", sorted(EXPECTED))
def test_illegal_fixture_is_reported_with_its_rule_id(fixture):
    """Exit code 1, `illegal script`, and exactly the broken rules by id."""
    result = run_check(ILLEGAL / f"{fixture}.yaml")
    assert result.exit_code == 1, result.output
    assert "illegal script" in result.output
    assert reported_rules(result.output) == EXPECTED[fixture], result.output


def test_problem_count_matches_the_listed_problems():
    result = run_check(ILLEGAL / "role-maximum.yaml")
    assert "(2 problems)" in result.output
    assert "at most 2 Friend(s) may be in a script; this one has 3" in result.output


def test_plot_roles_names_the_missing_and_the_extra_role():
    few = run_check(ILLEGAL / "plot-roles-too-few.yaml")
    assert "the plots add 1 Brain(s) but the cast has 0" in few.output
    many = run_check(ILLEGAL / "plot-roles-too-many.yaml")
    assert "the plots add 1 Killer(s) but the cast has 2" in many.output


def test_invalid_yaml_is_a_script_format_problem_with_the_line():
    result = run_check(ILLEGAL / "invalid-yaml.yaml")
    assert result.exit_code == 1
    assert "not valid YAML" in result.output
    assert "line 3" in result.output


def test_missing_file_exits_2():
    result = run_check("tests/fixtures/illegal/no_such_script.yaml")
    assert result.exit_code == 2
    assert "no script file or shipped script named" in result.output


def test_directory_and_binary_file_exit_2(tmp_path):
    """A path that is not a readable text file is an error, not a traceback."""
    assert run_check(tmp_path).exit_code == 2
    binary = tmp_path / "blob.yaml"
    binary.write_bytes(b"set: \xff\xfe\x00\x81")
    result = run_check(binary)
    assert result.exit_code == 2
    assert "cannot read" in result.output


def test_empty_file_is_a_script_format_problem(tmp_path):
    empty = tmp_path / "empty.yaml"
    empty.write_text("", encoding="utf-8")
    result = run_check(empty)
    assert result.exit_code == 1
    assert reported_rules(result.output) == {"script-format"}


@pytest.mark.parametrize("change,rule", [
    ({"main_plot": ["a_place_to_protect"]}, "unknown-plot"),
    ({"subplots": 7}, "unknown-plot"),
    ({"subplots": [{"an_unsettling_rumor": 1}]}, "unknown-plot"),
    ({"cast": {"girl_student": {"role": ["key_person"]}, "doctor": "cultist", "informer": "conspiracy_theorist"}},
     "role-not-in-set"),
    ({"incidents": [{"day": 2, "incident": ["murder"], "culprit": "doctor"}]}, "incident-not-in-set"),
    ({"incidents": [{"day": 2, "incident": "murder", "culprit": {"doctor": 1}}]}, "culprit-in-cast"),
    ({"cast": {"[/bold]": "person"}}, "unknown-character"),
])
def test_odd_values_are_problems_not_tracebacks(tmp_path, change, rule):
    """Lists or mappings where a name belongs, or markup-like names, are reported by rule id."""
    data = {"set": "first_steps", "main_plot": "a_place_to_protect", "subplots": ["an_unsettling_rumor"],
            "loops": 2, "days": 3,
            "cast": {"girl_student": "key_person", "doctor": "cultist", "informer": "conspiracy_theorist"},
            "incidents": []}
    data.update(change)
    path = tmp_path / "odd.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    result = run_check(path)
    assert result.exit_code == 1, result.output
    assert rule in reported_rules(result.output), result.output


def test_markup_like_name_is_an_error_message(tmp_path):
    """A name that looks like Rich markup is printed as text, not parsed (no MarkupError)."""
    result = run_check("[/red]no_such")
    assert result.exit_code == 2
    assert "[/red]no_such" in result.output


def test_x_prefixed_keys_are_annotations_check_lets_through(tmp_path):
    """Issue 12: tools annotate scripts with `x-` keys (top level and in a cast entry); check accepts
    them and still refuses any other unknown key (fixture script-format-unknown-key)."""
    data = yaml.safe_load(shipped_scripts()["first_steps/whispers_at_the_gate"].read_text(encoding="utf-8"))
    data["x-source"] = {"tool": "question-writer", "case": 17}
    first = next(iter(data["cast"]))
    data["cast"][first] = {"role": data["cast"][first], "x-note": "the Leader's suspect"}
    path = tmp_path / "annotated.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    result = run_check(path)
    assert result.exit_code == 0, result.output
    assert ": legal" in result.output


def test_partial_script_reports_the_creation_rules_it_breaks_as_warnings(tmp_path):
    """Issue 12: a partial script (`partial: true`) carries only what a rule question needs; the
    script-creation rules it breaks are warnings (exit 0), while an unknown name is still an error."""
    data = {"set": "basic_tragedy", "partial": True, "main_plot": "murder_plan", "subplots": ["paranoia_virus"],
            "loops": 1, "days": 1, "cast": {"nurse": "person", "doctor": "person"}, "incidents": []}
    path = tmp_path / "partial.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    result = run_check(path)
    assert result.exit_code == 0, result.output
    assert "partial script" in result.output and "(warning)" in result.output
    assert {"subplot-count", "plot-roles"} <= set(re.findall(r"^  ([a-z][a-z-]+) \(warning\): ", result.output, flags=re.M))
    data["cast"]["villain"] = "person"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    bad = run_check(path)
    assert bad.exit_code == 1 and "unknown-character" in reported_rules(bad.output)


def test_check_in_korean_names_each_problem_in_the_korean_catalog():
    """`check --lang ko` (issue 19): a culprit of two incidents (seed 004: at most one) is named in
    Korean, with the Korean catalog's words and the Korean name of the character; the rule id stays."""
    from scriptkeeper.core.text import Ref, T
    from scriptkeeper.tragedy_looper.texts import renderer

    result = runner.invoke(app, ["check", str(ILLEGAL / "culprit-one-incident.yaml"), "--lang", "ko"])
    assert result.exit_code == 1, result.output
    assert reported_rules(result.output) == {"culprit-one-incident"}
    problem = T("script.problem.culprit_one_incident", character=Ref("character", "boy_student"), count=2)
    korean, english = renderer("first_steps", "ko")(problem), renderer("first_steps", "en")(problem)
    assert korean != english  # the catalog translates it (tools/i18n.py missing lists it until then)
    assert f"  culprit-one-incident: {korean}" in result.output
    assert english not in result.output


def test_check_refuses_a_language_it_does_not_speak():
    result = runner.invoke(app, ["check", str(ILLEGAL / "culprit-one-incident.yaml"), "--lang", "xx"])
    assert result.exit_code == 2
