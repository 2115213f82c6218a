"""Replays (engine contract, docs of core/record.py): `engine.apply` is pure and gives the same game as
`engine.apply_in_place`; a game file replays to the same state digest.

The rules behind it: seed 004 ends every game by opening the script so that everyone can check the
rules were followed, which needs a game that replays the same way from its decisions.
"""

import random

import pytest

from scriptkeeper.core.errors import IllegalDecisionError
from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.catalog import shipped_scripts
from scriptkeeper.core.record import GameFile, replay
from scriptkeeper.tragedy_looper.game import GAME, state_digest, state_to_dict
from scriptkeeper.tragedy_looper.script import load_script
from tests.helpers import make_script

SCRIPTS = ["first_steps/whispers_at_the_gate", "first_steps/embers_in_the_ward", "basic_tragedy/borrowed_tomorrow",
           "basic_tragedy/ink_on_the_shrine_steps"]


def _answers(script, seed: int, players: int = 4, limit: int = 400) -> list:
    """The answers of a game played with seeded random choices (apply_in_place)."""
    rng = random.Random(seed)
    g = engine.new_game(script, seed=seed, players=players)
    out = []
    while g.pending is not None and len(out) < limit:
        value = g.pending.options[rng.randrange(len(g.pending.options))]
        out.append(value)
        engine.apply_in_place(g, value)
    return out


@pytest.mark.parametrize("name", SCRIPTS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_pure_apply_gives_the_same_game_as_apply_in_place(name, seed):
    """engine.apply (pure) and engine.apply_in_place reach the same state digest, step by step."""
    script = load_script(shipped_scripts()[name])
    answers = _answers(script, seed)
    fast = engine.new_game(script, seed=seed)
    pure = engine.new_game(script, seed=seed)
    for value in answers:
        fast_events = engine.apply_in_place(fast, value)
        pure, pure_events = engine.apply(pure, value)
        assert [e.to_json() for e in pure_events] == [e.to_json() for e in fast_events]
        assert state_digest(pure) == state_digest(fast)
    assert pure.result == fast.result


@pytest.mark.parametrize("name", SCRIPTS[:2])
def test_pure_apply_leaves_the_original_state_unchanged(name):
    """engine.apply returns a new state; the state it was given is untouched."""
    script = load_script(shipped_scripts()[name])
    answers = _answers(script, 7)
    g = engine.new_game(script, seed=7)
    for value in answers:
        before = (state_digest(g), state_to_dict(g), len(g.events), len(g.stack), list(g.history))
        new, _ = engine.apply(g, value)
        assert (state_digest(g), state_to_dict(g), len(g.events), len(g.stack), list(g.history)) == before
        assert new is not g and len(new.history) == len(g.history) + 1
        g = new


def test_game_file_replays_to_the_same_digest():
    """record.replay folds the saved decisions into the same final state."""
    name = "basic_tragedy/borrowed_tomorrow"
    script = load_script(shipped_scripts()[name])
    g = engine.new_game(script, seed=5)
    rng = random.Random(5)
    while g.pending is not None:
        engine.apply_in_place(g, g.pending.options[rng.randrange(len(g.pending.options))])
    gf = GameFile(GAME, script, name, seed=5, options={"players": 4},
                  decisions=[{"seat": h["seat"], "answer": h["answer"]} for h in g.history])
    assert state_digest(replay(gf)) == state_digest(g)
    assert replay(gf).result == g.result


def test_situation_game_replays_to_the_same_digest():
    """A game started from a situation replays the same way (situation is part of the game file)."""
    script = make_script(incidents=[{"day": 2, "incident": "murder", "culprit": "office_worker"}])
    sit = {"phase": "mastermind_cards", "day": 2, "leader": 2, "characters": {"office_worker": {"paranoia": 1}}}
    g = engine.new_game(script, seed=0, situation=sit)
    rng = random.Random(11)
    while g.pending is not None and len(g.history) < 200:
        engine.apply_in_place(g, g.pending.options[rng.randrange(len(g.pending.options))])
    gf = GameFile(GAME, script, script.to_dict(), seed=0, options={"players": 4}, situation=sit,
                  decisions=[{"seat": h["seat"], "answer": h["answer"]} for h in g.history])
    assert state_digest(replay(gf)) == state_digest(g)


def test_illegal_answer_is_refused_and_changes_nothing():
    """An answer that is not among the options is an error; the state stays as it was."""
    g = engine.new_game(make_script(), seed=0)
    before = state_digest(g)
    with pytest.raises(IllegalDecisionError):
        engine.apply(g, {"card": "intrigue_plus_2", "target": "nowhere"})
    with pytest.raises(IllegalDecisionError):
        engine.apply_in_place(g, "done")
    with pytest.raises(IllegalDecisionError):
        engine.apply_in_place(g, g.pending.options[0], seat="protagonist1")  # not this seat's decision
    assert state_digest(g) == before
