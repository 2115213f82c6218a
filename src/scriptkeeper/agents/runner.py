"""Play one complete game between agents, for any game: the loop arenas, `analyze` and the tests share."""

from __future__ import annotations

import time
from typing import Any, Mapping

from ..core.game import Game
from .base import Agent, make_agent

DECISION_CAP = 5000


def seat_agents(game: Game, names: Mapping[str, str], seed: int, seats: list[str]) -> dict[str, Agent]:
    """An agent for each seat (seat -> agent name), each seeded from the game's seed and its seat's place."""
    return {seat: make_agent(game, names[seat], seed * 10 + 1 + i) for i, seat in enumerate(seats) if seat in names}


def play(game: Game, setup: Any, seed: int, agents: Mapping[str, Agent], options: Mapping[str, Any] | None = None,
         keep_state: bool = False) -> dict[str, Any]:
    """Play a whole game; the result is the game's summary plus the seed, decisions and seconds."""
    t0 = time.perf_counter()
    state = game.new_game(setup, seed, game.check_options(options or {}))
    n = 0
    while (d := game.pending(state)) is not None:
        answer = agents[d.seat].choose(game.view(state, d.seat), d)
        game.apply(state, answer, seat=d.seat)
        n += 1
        if n > DECISION_CAP:
            raise RuntimeError(f"game did not end within {DECISION_CAP} decisions")
    out = game.summary(state)
    out.update(seed=seed, decisions=n, seconds=time.perf_counter() - t0)
    if keep_state:
        out["state"] = state
    return out
