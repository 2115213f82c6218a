"""The threat score of one card's change (Threat.changed_value, only the groups of terms that read
the changed counter or position made anew) is the whole board's score, to the last bit, on every
modelled shipped script: the search's answers rest on these floats (tests/golden)."""

from __future__ import annotations

import random

import pytest

from scriptkeeper.core.errors import UnmodelledRule
from scriptkeeper.tragedy_looper.agents.common import UNMODELLED_SETS, apply_card
from scriptkeeper.tragedy_looper.agents.rule import change_of
from scriptkeeper.tragedy_looper.agents.threat import Threat
from tests.properties.randomplay import random_game, script_names, scripts

MODELLED = [n for n in script_names() if scripts()[n].set_id not in UNMODELLED_SETS]


def _threat(name: str) -> Threat:
    try:
        return Threat(scripts()[name])
    except UnmodelledRule:
        pytest.skip(f"the threat score refuses {name}")


@pytest.mark.parametrize("name", MODELLED)
def test_the_score_of_a_cards_change_is_the_whole_boards_score(name):
    th = _threat(name)
    rb = th.rb
    rng = random.Random(name)
    cards = sorted(rb.cards)
    tried = 0
    # the game is played in place: each state is checked before the next answer changes it
    states = (st for seed in (7, 8, 9) for st, _ in random_game(name, seed=seed, players=4, style="pressure"))
    for k, st in enumerate(states):
        if k % 3:
            continue
        b = st.board.copy()
        base = th.value_with(st, b)
        assert float(base) == th.value(st)
        targets = [c for c in b.chars if b.chars[c].location is not None] + list(b.locations)
        for _ in range(10):
            card, target = rng.choice(cards), rng.choice(targets)
            undo = change_of(rb, b, card, target)
            if undo is None or not apply_card(rb, b, card, target):
                continue
            try:
                moved = rb.cards[card].kind == "movement"
                kind = None if moved else rb.cards[card].counter
                assert th.changed_value(st, b, base, target, moved, kind) == th.value_with(st, b), (card, target)
                tried += 1
            finally:
                undo()
        # an ability's counters (rule._gain): any kind on a character
        ch = rng.choice([c for c in b.chars if b.chars[c].location is not None])
        kind = rng.choice(sorted(rb.counter_kinds))
        bb = b.copy()
        bb.add(ch, kind, 1)
        assert th.changed_value(st, bb, base, ch, False, kind) == th.value_with(st, bb)
    assert tried > 0
