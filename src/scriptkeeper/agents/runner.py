"""Play one complete game between agents: the loop the arena, `analyze` and the tests share."""

from __future__ import annotations

import re
import time
from typing import Any

from ..tragedy_looper import engine
from ..tragedy_looper.script import Script
from ..tragedy_looper.state import MASTERMIND, PROTAGONIST_SEATS, GameState
from ..tragedy_looper.views import build_view
from .base import make_agent

DECISION_CAP = 5000


def seat_agents(mastermind: str, protagonists: str, seed: int) -> dict[str, Any]:
    agents = {MASTERMIND: make_agent(mastermind, seed * 10 + 1)}
    for i, seat in enumerate(PROTAGONIST_SEATS):
        agents[seat] = make_agent(protagonists, seed * 10 + 2 + i)
    return agents


def play(script: Script, seed: int, mastermind: str, protagonists: str, players: int = 4,
         keep_state: bool = False) -> dict[str, Any]:
    """Play a whole game; the result says who won, how many loops, and why each lost loop was lost."""
    t0 = time.perf_counter()
    state = engine.new_game(script, seed, players)
    agents = seat_agents(mastermind, protagonists, seed)
    n = 0
    while state.pending is not None:
        d = state.pending
        view = build_view(state, d.seat)
        answer = agents[d.seat].choose(view, d)
        engine.apply_in_place(state, answer, seat=d.seat)
        n += 1
        if n > DECISION_CAP:
            raise RuntimeError(f"game did not end within {DECISION_CAP} decisions")
    out = result_of(state)
    out.update(seed=seed, decisions=n, seconds=time.perf_counter() - t0)
    if keep_state:
        out["state"] = state
    return out


def result_of(state: GameState) -> dict[str, Any]:
    assert state.outcome is not None
    lost = [{"loop": r["loop"], "reasons": [loss_category(x) for x in r["reasons"]]} for r in state.loop_results if r["lost"]]
    return {"winner": state.outcome["winner"], "loops_played": state.outcome["loops_played"],
            "final_guess": bool(state.final_guess), "lost_loops": lost, "reason": state.outcome.get("reason", "")}


def loss_category(reason: str) -> str:
    """A loss reason without the character's name: 'Class Rep (Key Person) died' -> 'Key Person died'."""
    m = re.search(r"\(([^)]+)\) (died|is dead at loop end)", reason)
    if m:
        return f"{m.group(1)} {'died' if m.group(2) == 'died' else 'dead at loop end'}"
    if ":" in reason:
        return reason.split(":")[0].strip()  # a plot's loss condition: 'Sign with me!: ...'
    return re.sub(r"\s*\([^)]*\)", "", reason).strip()
