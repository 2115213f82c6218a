"""Random agents for the property and soak tests: complete games chosen among the legal options.

Two styles: `uniform` picks every answer uniformly; `pressure` leans the Mastermind towards
Paranoia and Intrigue cards, using abilities and refusing Goodwill, so that games more often
run into later loops, deaths and the Final Guess. Both only ever answer with a legal option.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, Callable, Iterator

from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.catalog import shipped_scripts
from scriptkeeper.tragedy_looper.script import Script, load_script
from scriptkeeper.tragedy_looper.state import MASTERMIND, GameState

STYLES = ("uniform", "pressure")
PLAYERS = (4, 2)
# The longest random game seen over thousands of games is a few hundred decisions; a game that
# needs this many has a flow that does not terminate.
DECISION_CAP = 3000

_MM_PUSH = {"paranoia_plus_1": 4, "intrigue_plus_1": 4, "intrigue_plus_2": 5}


@lru_cache(maxsize=None)
def scripts() -> dict[str, Script]:
    return {name: load_script(path) for name, path in shipped_scripts().items()}


def script_names() -> list[str]:
    return sorted(scripts())


def choose(rng: random.Random, state: GameState, style: str = "uniform") -> Any:
    d = state.pending
    assert d is not None
    opts = d.options
    if style == "uniform" or d.seat != MASTERMIND:
        return opts[rng.randrange(len(opts))]
    if d.kind == "place_card":
        weights = [_MM_PUSH.get(o["card"], 1) for o in opts]
        return rng.choices(opts, weights=weights)[0]
    if d.kind in ("mastermind_ability", "day_end_ability") and len(opts) > 1 and rng.random() < 0.8:
        return rng.choice([o for o in opts if o != "done"])
    if d.kind == "goodwill_refusal" and "refuse" in opts:
        return "refuse"
    if d.kind == "cultist_ignore" and "ignore" in opts:
        return "ignore"
    return opts[rng.randrange(len(opts))]


def players_for(name: str, wanted: int) -> int:
    """`wanted`, or 4 for a set played by 4 players only (Last Liar)."""
    return wanted if wanted in scripts()[name].rules.set.players else 4


def new_game(name: str, seed: int, players: int) -> GameState:
    return engine.new_game(scripts()[name], seed=seed, players=players_for(name, players))


def random_game(name: str, seed: int, players: int, style: str = "uniform",
                step: Callable[[GameState, Any], GameState] | None = None) -> Iterator[tuple[GameState, Any]]:
    """Yield (state, answer) before every decision of one complete random game, then (final, None).

    `step(state, answer)` applies the answer and returns the next state (default: in place).
    """
    rng = random.Random(seed)
    state = new_game(name, seed, players)
    for _ in range(DECISION_CAP):
        if state.pending is None:
            yield state, None
            return
        ans = choose(rng, state, style)
        yield state, ans
        if step is None:
            engine.apply_in_place(state, ans)
        else:
            state = step(state, ans)
    raise AssertionError(f"{name} (seed {seed}, {players} players, {style}) did not end within {DECISION_CAP} decisions")
