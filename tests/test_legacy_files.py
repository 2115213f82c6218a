"""Finished server games saved by release 0.1 (file format 1) still verify (issue 11, "the game
file committed before the change verifies"): their digest covered the English of 0.1, which
tragedy_looper/legacy.py renders with a frozen copy of that wording, so no rewording since can
break them. Checked in-process and through `scriptkeeper verify`."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from scriptkeeper.cli import app as cli
from scriptkeeper.core.fairness import load_any, verify_game

LEGACY = sorted((Path(__file__).parent / "fixtures" / "legacy").glob("*.json"))


def test_there_are_legacy_files_to_check() -> None:
    assert len(LEGACY) >= 3
    assert all(load_any(p)["scriptkeeper"] == 1 for p in LEGACY)


@pytest.mark.parametrize("path", LEGACY, ids=lambda p: p.stem)
def test_a_finished_game_of_release_0_1_verifies(path: Path) -> None:
    data = load_any(path)
    v = verify_game(data)
    assert v.ok, v.problems
    assert v.digest == data["digest"] and v.outcome == data["outcome"] and v.decisions == len(data["decisions"])


@pytest.mark.parametrize("path", LEGACY, ids=lambda p: p.stem)
def test_scriptkeeper_verify_accepts_it(path: Path) -> None:
    r = CliRunner().invoke(cli, ["verify", str(path)])
    assert r.exit_code == 0, r.output
    assert "verified" in r.output and f"commitment {load_any(path)['commitment']}" in r.output


@pytest.mark.parametrize("path", LEGACY[:1], ids=lambda p: p.stem)
def test_the_same_game_cut_short_is_refused(path: Path) -> None:
    data = load_any(path)
    data["decisions"] = data["decisions"][:-1]
    v = verify_game(data)
    assert not v.ok and v.problems
