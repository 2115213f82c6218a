"""Rei's rules beyond the engine (issue 16, item 7): the deduction reads tokens, deduces the augmented
sets and Rei's characters, and refuses what it does not model with UnmodelledRule; the agents'
threat score knows the Rei scripts; the terminal and every view show Hope, Despair and the tokens."""

import random

import pytest

from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.agents.threat import Threat
from scriptkeeper.tragedy_looper.catalog import shipped_scripts
from scriptkeeper.tragedy_looper.deduction import UnsupportedSet, deduce, observe
from scriptkeeper.tragedy_looper.script import load_script
from scriptkeeper.tragedy_looper.views import build_view
from tests.helpers import FS_BASE, make_script
from tests.properties.randomplay import choose

REI = sorted(k for k in shipped_scripts() if "_plus/" in k)


@pytest.mark.parametrize("name", ["basic_tragedy_plus/two_lines_cross", "midnight_zone_plus/the_murk_at_midnight"])
def test_rei_augmented_set_views_are_deduced(name):
    """First Steps+, Basic Tragedy+ and Midnight Zone+ (the Fragment, Crossing World Lines, Hope and
    Despair; Midnight Zone's rules, issue 13): tests/deduction/test_rei.py and test_midnight_zone.py
    ask each rule, test_soundness.py plays their scripts."""
    view = build_view(engine.new_game(load_script(shipped_scripts()[name]), 0, 4), "protagonist1")
    assert deduce(view).count > 0


@pytest.mark.parametrize("name", ["last_liar/the_last_bell"])
def test_rei_last_liar_views_are_deduced(name):
    """Last Liar (its roles, plots, incidents and Traitors): tests/deduction/test_last_liar.py asks each
    rule, test_soundness.py plays its scripts."""
    view = build_view(engine.new_game(load_script(shipped_scripts()[name]), 0, 4), "protagonist1")
    assert deduce(view).count > 0


@pytest.mark.parametrize("name,set_id", [("another_horizon/" + k.split("/")[1], "another_horizon")
                                         for k in sorted(shipped_scripts()) if k.startswith("another_horizon/")][:1])
def test_rei_sets_it_does_not_model_are_refused_by_the_deduction_naming_the_set(name, set_id):
    view = build_view(engine.new_game(load_script(shipped_scripts()[name]), 0, 4), "protagonist1")
    with pytest.raises(UnsupportedSet, match=set_id):
        deduce(view)


@pytest.mark.parametrize("ch", ["part_timer", "servant", "metaworld_denizen"])
def test_rei_characters_are_deduced(ch):
    cast = {**FS_BASE["cast"], ch: {"role": "person", "start": "city"} if ch == "servant" else "person"}
    view = build_view(engine.new_game(make_script(cast=cast), 0, 4), "protagonist1")
    assert deduce(view).count > 0


def test_rei_tokens_are_read_by_the_deduction_and_its_board_shows_them():
    """A First Steps game with tokens: the deduction walks every event, tokens included, to the same board as the view."""
    script = make_script(tokens=True)
    for seed in range(40):
        rng = random.Random(seed)
        g = engine.new_game(script, seed, 4)
        while g.pending is not None and not any(e.type == "token" for e in g.events):
            engine.apply_in_place(g, choose(rng, g, "pressure"))
        if g.pending is not None and g.board.tokens:
            break
    view = build_view(g, "protagonist1")
    obs = observe(view)
    assert obs.board.tokens == g.board.tokens and g.board.tokens
    assert deduce(view).count > 0


@pytest.mark.parametrize("name", REI)
def test_rei_shipped_scripts_have_a_threat_score(name):
    assert Threat(load_script(shipped_scripts()[name])).s is not None
