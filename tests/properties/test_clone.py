"""A clone shares with its original what a step never changes, and the board's entries until one
side changes them (state.py, Board.copy): playing on a clone never changes the original.

Random games over every shipped script: at a random decision the state is cloned, the clone is
played to the end with other random answers, and the original must still have the same digest,
the same events and history, and go on to play the same game as one never cloned.
"""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given
from hypothesis import strategies as st

from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.game import state_digest
from scriptkeeper.tragedy_looper.state import GameState

from .randomplay import PLAYERS, STYLES, choose, new_game, script_names

games = st.fixed_dictionaries({
    "name": st.sampled_from(script_names()),
    "seed": st.integers(0, 2**32 - 1),
    "players": st.sampled_from(PLAYERS),
    "style": st.sampled_from(STYLES),
    "at": st.floats(0, 1),  # where in the game the clone is taken, as a fraction of its decisions
    "clones": st.integers(1, 3),  # clones taken one after the other at that point (sharing compounds)
})


def fingerprint(state: GameState) -> tuple[object, ...]:
    """What a clone must never change in its original: the digest (board, hands, facts, pending
    decision...), the events and the answered decisions."""
    return (state_digest(state), len(state.events), [e.to_json() for e in state.events[-5:]], list(state.history),
            {ch: (c.location, c.alive, dict(c.counters)) for ch, c in state.board.chars.items()},
            {l: dict(v) for l, v in state.board.locations.items()})


def play_out(state: GameState, rng: random.Random, style: str) -> None:
    while state.pending is not None:
        engine.apply_in_place(state, choose(rng, state, style))


@given(games)
def test_playing_on_a_clone_never_changes_the_original(g):
    rng = random.Random(g["seed"])
    state = new_game(g["name"], g["seed"], g["players"])
    answers = []
    # Play the whole game once to know its length and its answers.
    probe = new_game(g["name"], g["seed"], g["players"])
    while probe.pending is not None:
        a = choose(rng, probe, g["style"])
        answers.append(a)
        engine.apply_in_place(probe, a)
    cut = int(g["at"] * len(answers))
    for a in answers[:cut]:
        engine.apply_in_place(state, a)
    before = fingerprint(state)
    for k in range(g["clones"]):
        clone = state.clone()
        assert state_digest(clone) == before[0]
        play_out(clone, random.Random(g["seed"] + k + 1), "uniform")
        assert fingerprint(state) == before, "playing on a clone changed its original"
    # The original goes on exactly as the game that was never cloned, and so does a clone of it.
    twin = state.clone()
    for a in answers[cut:]:
        engine.apply_in_place(state, a)
    assert state_digest(state) == state_digest(probe)
    assert [e.to_json() for e in state.events] == [e.to_json() for e in probe.events]
    for a in answers[cut:]:
        engine.apply_in_place(twin, a)
    assert state_digest(twin) == state_digest(probe)


def test_a_clone_fills_in_every_field_of_the_state():
    state = new_game(script_names()[0], 1, 4)
    clone = state.clone()
    assert set(vars(clone)) == {f.name for f in dataclasses.fields(GameState)}
