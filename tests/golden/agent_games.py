"""Golden agent games: a fixed-seed stretch of a search agent's game on every shipped script.

On each shipped script, the search agent plays one side (the Mastermind on every other script, the
Protagonists on the others) against the rule-based agent, from a fixed seed, until the search
agent has answered `SEARCH_DECISIONS` decisions (or the game ends). Each stretch is reduced to a
hash of every answer of every seat and the digest of the state it stops on.
`tests/golden/agent_games.json` holds them; `test_golden_agent_games.py` checks that the agents
still make exactly these choices (speed work on the engine, the deduction and the search must not
change a single answer). They were made with the code before issue 13 (commit 1492110). A change
meant to change the agents' play regenerates the file, and says why in its commit:

    .venv/bin/python -m tests.golden.agent_games            # every stretch anew
    .venv/bin/python -m tests.golden.agent_games --missing  # only new shipped scripts' stretches
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from scriptkeeper.tragedy_looper.agents.rule import RuleAgent
from scriptkeeper.tragedy_looper.agents.search import SearchAgent
from scriptkeeper.tragedy_looper.game import GAME, state_digest
from tests.properties.randomplay import script_names, scripts

FILE = Path(__file__).parent / "agent_games.json"
SEED = 11
SEARCH_DECISIONS = 6


def _recorded() -> list[dict[str, Any]]:
    return json.loads(FILE.read_text(encoding="utf-8")) if FILE.exists() else []


def stretches() -> list[tuple[str, str]]:
    """(script, the search agent's side) of every golden stretch: a script keeps the side it was
    recorded with (a shipped script added later does not move the others); a new one takes the
    Mastermind or the Protagonists in turn."""
    from scriptkeeper.tragedy_looper.agents.common import UNMODELLED_SETS

    recorded = {g["game"][0]: g["game"][1] for g in _recorded()}
    played = [n for n in script_names() if scripts()[n].set_id not in UNMODELLED_SETS]  # the agents refuse Another Horizon
    return [(name, recorded.get(name, "mastermind" if k % 2 == 0 else "protagonists")) for k, name in enumerate(played)]


def stretch(name: str, side: str) -> dict[str, Any]:
    state = GAME.new_game(scripts()[name], SEED, GAME.check_options({}))
    searcher, rule = SearchAgent(SEED * 10 + 1), RuleAgent(SEED * 10 + 2)
    h = hashlib.sha256()
    mine = n = 0
    while (d := GAME.pending(state)) is not None and mine < SEARCH_DECISIONS:
        ours = (d.seat == "mastermind") == (side == "mastermind")
        answer = (searcher if ours else rule).choose(GAME.view(state, d.seat), d)
        mine += ours
        h.update(json.dumps([d.seat, d.kind, answer], sort_keys=True, default=str).encode())
        GAME.apply(state, answer, seat=d.seat)
        n += 1
    return {"game": [name, side], "decisions": n, "answers": h.hexdigest(), "digest": state_digest(state)}


def regenerate(missing_only: bool = False) -> None:
    """Record every stretch anew, or (`--missing`) only those of scripts not recorded yet."""
    kept = {tuple(g["game"]): g for g in _recorded()} if missing_only else {}
    out = [kept.get(g) or stretch(*g) for g in stretches()]
    FILE.write_text(json.dumps(out, indent=0) + "\n", encoding="utf-8")
    print(f"{len(out)} golden agent stretches written to {FILE} ({len(out) - len(kept)} recorded now)")


if __name__ == "__main__":
    regenerate(missing_only="--missing" in sys.argv)
    sys.exit(0)
