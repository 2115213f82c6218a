"""Golden playthroughs (tests/golden/transcript.py): every shipped script still plays the same
games, decision for decision, event for event and word for word, and ends on the same digests."""

from __future__ import annotations

import json

import pytest

from tests.golden.transcript import FILE, games, transcript

GOLDEN = {tuple(g["game"]): g for g in json.loads(FILE.read_text(encoding="utf-8"))}


def test_the_golden_file_covers_every_shipped_script_both_player_counts_and_styles():
    assert set(GOLDEN) == set(games())


@pytest.mark.parametrize("game", sorted(GOLDEN), ids=lambda g: f"{g[0]}-{g[1]}-p{g[2]}-{g[3]}")
def test_a_golden_game_plays_as_recorded(game):
    assert transcript(*game) == GOLDEN[game]
