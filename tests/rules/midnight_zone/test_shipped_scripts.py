"""The Midnight Zone scripts shipped with scriptkeeper: at least three, of varied shape, all legal,
and every one plays to the end in random games (the soak tests also pick them up)."""

from __future__ import annotations

import pytest

from scriptkeeper.tragedy_looper.catalog import shipped_scripts
from scriptkeeper.tragedy_looper.script import check_script, load_script
from tests.properties.randomplay import random_game

import yaml

MZ = sorted(n for n in shipped_scripts() if n.startswith("midnight_zone/"))


def test_at_least_three_midnight_zone_scripts_of_varied_shape():
    assert len(MZ) >= 3
    scripts = [load_script(shipped_scripts()[n]) for n in MZ]
    assert len({s.main_plot for s in scripts}) == len(scripts)  # a different main plot each
    assert len({(s.loops, s.days) for s in scripts}) == len(scripts)  # and a different length
    assert len({len(s.cast) for s in scripts}) >= 3


@pytest.mark.parametrize("name", MZ)
def test_midnight_zone_script_passes_check(name):
    data = yaml.safe_load(shipped_scripts()[name].read_text(encoding="utf-8"))
    script, problems = check_script(data)
    assert problems == [] and script is not None and script.set_id == "midnight_zone"


@pytest.mark.parametrize("name", MZ)
@pytest.mark.parametrize("players", [4, 2])
def test_midnight_zone_script_plays_to_the_end_in_random_games(name, players):
    for seed in range(6):
        for style in ("uniform", "pressure"):
            for state, _ in random_game(name, seed, players, style):
                pass
            assert state.result is not None and state.result.winner in ("protagonists", "mastermind")
