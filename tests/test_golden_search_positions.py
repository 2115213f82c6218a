"""Golden search answers (tests/golden/search_positions.py): on fixed positions of fixed-seed
games, the search agents of both sides choose exactly what the code before the search speed work
chose (the faster scoring and copying must not change a single answer)."""

from __future__ import annotations

import json

import pytest

from tests.golden.search_positions import FILE, POSITIONS, position_answer

GOLDEN = {tuple(g["position"]): g for g in json.loads(FILE.read_text(encoding="utf-8"))}


def test_the_golden_file_holds_every_position():
    assert set(GOLDEN) == set(POSITIONS)


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: f"{p[0]}-{p[1]}-{p[2]}")
def test_the_search_answers_a_golden_position_as_recorded(position):
    assert position_answer(*position) == GOLDEN[position]
