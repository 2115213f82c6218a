"""The command line for a newcomer (issue 14): --version, the Tragedy Set sheet, `scripts` never
cuts a name, a saved game is never overwritten without asking, a fresh seed unless --seed, hints
name the command as run, `verify` on a broken file is one clear line."""

from __future__ import annotations

from pathlib import Path

import yaml
from typer.testing import CliRunner

from scriptkeeper.cli import app

runner = CliRunner()
WHISPERS = "first_steps/whispers_at_the_gate"


def test_version() -> None:
    r = runner.invoke(app, ["--version"])
    assert r.exit_code == 0 and r.output.startswith("scriptkeeper ")


def test_the_set_sheet_and_a_scripts_sheet_headed_by_its_public_facts() -> None:
    r = runner.invoke(app, ["sets", "basic_tragedy"])
    assert r.exit_code == 0, r.output
    for words in ("Tragedy Set sheet: Basic Tragedy", "Main plots", "Subplots (2 per script)", "Roles", "Incidents",
                  "Goodwill Refusal (mandatory)", "At most 2 per script", "Murder Plan", "Butterfly Effect"):
        assert words in r.output, words
    assert "$ref" not in r.output and "rules." not in r.output
    s = runner.invoke(app, ["sets", WHISPERS])
    assert s.exit_code == 0 and "This script" in s.output and "2 loops of 3 days" in s.output and "Day 3: Murder" in s.output
    assert runner.invoke(app, ["sets", "no_such_set"]).exit_code == 2


def test_scripts_never_cuts_a_name() -> None:
    r = runner.invoke(app, ["scripts"], env={"COLUMNS": "40"})
    assert "basic_tragedy/the_boy_who_wasnt_enrolled" in r.output and "…" not in r.output


def test_a_saved_game_is_never_overwritten_and_seeds_are_fresh(tmp_path: Path) -> None:
    save = tmp_path / "g.yaml"
    args = ["play", WHISPERS, "--ai", "mastermind", "--ai", "protagonists", "--save", str(save), "--quiet"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    before = save.read_text()
    second = runner.invoke(app, args)
    assert second.exit_code == 0
    assert save.read_text() == before  # not overwritten: no one was asked
    other = tmp_path / "g-2.yaml"
    assert other.exists() and "g-2.yaml" in second.output
    seeds = {yaml.safe_load(p.read_text())["seed"] for p in (save, other)}
    assert len(seeds) == 2  # a fresh random seed each time (--seed not given)
    assert "replay" in first.output


def test_verify_on_a_broken_file_is_one_clear_line(tmp_path: Path) -> None:
    bad = tmp_path / "cut.json"
    bad.write_text('{"scriptkeeper": 2, "game": "tragedy_looper", "scr')
    r = runner.invoke(app, ["verify", str(bad)])
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert len(r.output.strip().splitlines()) <= 2 and "not a whole game file" in r.output
