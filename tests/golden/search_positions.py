"""Golden search answers: what the search agents choose on a few fixed positions, for a fixed seed.

A position is reached by the rule-based agents playing both sides of a seeded game on a shipped
script, up to the n-th decision of a kind a search agent searches (a Mastermind card or ability, a
Protagonist card or Goodwill ability); a fresh `SearchAgent(seed)` then answers it. The answers
are in `tests/golden/search_positions.json`, recorded with the code before the search speed work
of issue 13 (main at 415c549): `test_golden_search_positions.py` checks that the faster search
still chooses exactly these (same candidates, same rollouts, same scores). A change meant to
change the search's play records them anew, and says why in its commit:

    .venv/bin/python -m tests.golden.search_positions
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scriptkeeper.tragedy_looper.agents.rule import RuleAgent
from scriptkeeper.tragedy_looper.agents.search import SearchAgent
from scriptkeeper.tragedy_looper.game import GAME
from tests.properties.randomplay import scripts

FILE = Path(__file__).parent / "search_positions.json"
SEED = 5
SEARCHED = {"mastermind": ("place_card", "mastermind_ability"), "protagonists": ("place_card", "goodwill_ability")}
# (script, side, the how-manieth searched decision of that side the position stops at)
POSITIONS: list[tuple[str, str, int]] = [
    ("basic_tragedy/ink_on_the_shrine_steps", "mastermind", 1),
    ("basic_tragedy/ink_on_the_shrine_steps", "mastermind", 7),
    ("basic_tragedy/ink_on_the_shrine_steps", "mastermind", 14),
    ("basic_tragedy/ink_on_the_shrine_steps", "protagonists", 2),
    ("basic_tragedy/ink_on_the_shrine_steps", "protagonists", 9),
    ("basic_tragedy/ink_on_the_shrine_steps", "protagonists", 16),
    ("first_steps/chalk_dust", "mastermind", 5),
    ("first_steps/chalk_dust", "protagonists", 6),
    ("midnight_zone/tea_under_a_red_moon", "mastermind", 4),
    ("midnight_zone/tea_under_a_red_moon", "protagonists", 5),
    ("basic_tragedy/borrowed_tomorrow", "mastermind", 9),
    ("basic_tragedy/borrowed_tomorrow", "protagonists", 4),
    ("last_liar/the_last_bell", "protagonists", 3),
    ("basic_tragedy/ink_on_the_shrine_steps", "protagonists", 14),
    ("basic_tragedy/borrowed_tomorrow", "protagonists", 19),
    ("first_steps/chalk_dust", "protagonists", 13),
]


def position_answer(name: str, side: str, nth: int) -> dict[str, Any]:
    """The search agent's answer at the `nth` searched decision of `side`, the rule-based agents
    having played every decision before it."""
    state = GAME.new_game(scripts()[name], SEED, GAME.check_options({}))
    rule = RuleAgent(SEED * 10 + 2)
    seen = 0
    while (d := GAME.pending(state)) is not None:
        view = GAME.view(state, d.seat)
        ours = (d.seat == "mastermind") == (side == "mastermind")
        if ours and d.kind in SEARCHED[side] and len(d.options) > 1:
            seen += 1
            if seen == nth:
                answer = SearchAgent(SEED * 10 + 1).choose(view, d)
                return {"position": [name, side, nth], "kind": d.kind, "loop": state.loop, "day": state.day,
                        "answer": json.loads(json.dumps(answer, sort_keys=True, default=str))}
        GAME.apply(state, rule.choose(view, d), seat=d.seat)
    raise AssertionError(f"{name}: the game ended before the {nth}th searched decision of the {side}")


def regenerate() -> None:
    out = [position_answer(*p) for p in POSITIONS]
    FILE.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(out)} golden search answers written to {FILE}")


if __name__ == "__main__":
    regenerate()
