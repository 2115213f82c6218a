"""Golden agent games (tests/golden/agent_games.py): on every shipped script the search and the
rule-based agents still answer exactly as they did, for a fixed seed, and reach the same state."""

from __future__ import annotations

import json

import pytest

from tests.golden.agent_games import FILE, stretch, stretches

GOLDEN = {tuple(g["game"]): g for g in json.loads(FILE.read_text(encoding="utf-8"))}


def test_the_golden_file_covers_every_shipped_script():
    assert set(GOLDEN) == set(stretches())


@pytest.mark.parametrize("game", sorted(GOLDEN), ids=lambda g: f"{g[0]}-{g[1]}")
def test_a_golden_agent_stretch_plays_as_recorded(game):
    assert stretch(*game) == GOLDEN[game]
