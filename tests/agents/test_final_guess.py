"""The AI Protagonists' Final Guess follows the exact deduction (issue 14): in arena games that reach
it, no answer names a role the deduction (from the guessing seat's view) has excluded, and every
character whose role the deduction is certain of is named right."""

from __future__ import annotations

from typing import Any

import pytest

from scriptkeeper.agents import make_agent
from scriptkeeper.tragedy_looper.deduction import deduce
from scriptkeeper.tragedy_looper.game import GAME
from tests.properties.randomplay import scripts


def final_guess_checks(script: str, seed: int, mm: str = "rule", pr: str = "rule") -> list[tuple[str, str, list[str]]]:
    """Play one game; (character, role guessed, roles the deduction leaves) for every Final Guess answer."""
    state = GAME.new_game(scripts()[script], seed, {})
    agents: dict[str, Any] = {}
    out: list[tuple[str, str, list[str]]] = []
    while (d := GAME.pending(state)) is not None:
        agent = agents.setdefault(d.seat, make_agent(GAME, mm if d.seat == "mastermind" else pr, seed * 10 + len(agents)))
        view = GAME.view(state, d.seat)
        answer = agent.choose(view, d)
        if d.kind == "final_guess":
            ch = d.info["character"]
            out.append((ch, answer, deduce(view).possible_roles(ch)))
            series = d.info["series"]
            assert series["current"] == ch and ch in [i["key"] for i in series["items"]]
            proposal = agent.propose(view, d)  # what the agent would show human team-mates: the same answer
            assert proposal["answer"] == answer and proposal["series"][ch] == answer
        GAME.apply(state, answer, seat=d.seat)
    return out


@pytest.mark.parametrize("script,seed", [("basic_tragedy/the_boy_who_wasnt_enrolled", 1),
                                         ("basic_tragedy/borrowed_tomorrow", 2)])
def test_an_ai_final_guess_never_names_an_excluded_role_and_names_certain_ones_right(script: str, seed: int) -> None:
    for s in range(seed, seed + 30):
        checks = final_guess_checks(script, s)
        if checks:
            break
    else:
        pytest.skip("no game reached the Final Guess")
    for ch, guessed, possible in checks:
        assert guessed in possible, f"{ch}: guessed {guessed}, the deduction leaves {possible}"
        if len(possible) == 1:
            assert guessed == possible[0]
