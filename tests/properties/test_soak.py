"""Soak: 1,000 random complete games over every shipped script, with 4 and 2 players.

No game may raise, loop forever (each is capped at DECISION_CAP decisions) or end without an
outcome. The win counts per script are printed as information only (run with -s to see them):
random agents say nothing about a script's balance.
"""

from __future__ import annotations

import random
import time
from collections import Counter, defaultdict

from scriptkeeper.tragedy_looper import engine

from .randomplay import DECISION_CAP, PLAYERS, STYLES, choose, players_for, script_names, scripts

GAMES = 1000
SEED = 20240601


def test_a_thousand_random_games_all_end_with_an_outcome():
    names = script_names()
    wins: dict[str, Counter] = defaultdict(Counter)
    decisions = 0
    final_guesses = 0
    started, cpu = time.perf_counter(), time.process_time()
    for i in range(GAMES):
        name = names[i % len(names)]
        players = players_for(name, PLAYERS[(i // len(names)) % 2])
        style = STYLES[(i // (2 * len(names))) % 2]
        seed = SEED + i
        rng = random.Random(seed)
        state = engine.new_game(scripts()[name], seed=seed, players=players)
        n = 0
        while state.pending is not None:
            assert n < DECISION_CAP, f"game {i} ({name}, seed {seed}, {players} players, {style}) exceeds {DECISION_CAP} decisions"
            d = state.pending
            assert d.options, f"game {i}: {d.kind} with no options"
            engine.apply_in_place(state, choose(rng, state, style))
            n += 1
        decisions += n
        assert state.result is not None and state.result.winner in ("protagonists", "mastermind", "traitor_a", "traitor_b", "traitor_c"), \
            f"game {i} ({name}, seed {seed}) stopped without an outcome"
        # A Traitor may win during a loop (Last Liar): that loop counts as played.
        assert state.result.loops_played == max(len(state.loop_results), state.loop) >= 1
        wins[name][state.result.winner] += 1
        final_guesses += bool(state.final_guess)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    assert sum(sum(c.values()) for c in wins.values()) == GAMES
    print(f"\n{GAMES} games, {decisions} decisions, {final_guesses} Final Guesses in {elapsed:.1f} s ({cpu:.1f} s CPU)")
    for name in names:
        print(f"  {name:45} protagonists {wins[name]['protagonists']:4}  mastermind {wins[name]['mastermind']:4}")
