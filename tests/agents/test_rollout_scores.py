"""The Protagonists' rollout scores a decision's cards with what they read looked up once
(policies.card_scorer): the same score as card_score, option for option, on every shipped script."""

from __future__ import annotations

import pytest

from scriptkeeper.tragedy_looper.agents.policies import card_score, card_scorer
from scriptkeeper.tragedy_looper.refs import MASTERMIND
from tests.properties.randomplay import random_game, script_names


@pytest.mark.parametrize("name", script_names())
def test_a_decisions_card_scores_are_card_scores(name):
    checked = 0
    for st, _ in random_game(name, seed=1, players=4, style="pressure"):
        d = st.pending
        if d is None or d.kind != "place_card" or d.seat == MASTERMIND:
            continue
        mm_targets = {p.target for p in st.placed if p.by == MASTERMIND}
        first = not [p for p in st.placed if p.by != MASTERMIND]
        score = card_scorer(st, mm_targets, first)
        for o in d.options:
            assert score(o["card"], o["target"]) == card_score(st, o), o
            checked += 1
    assert checked > 0
