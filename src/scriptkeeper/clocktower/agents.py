"""A random player agent: legal choices only, for the players' seats (and to fill a table). It
refuses the Storyteller's decisions: the Storyteller stays a person (the tests have their own
Storyteller agent, tests/clocktower/storyteller.py, never offered to users)."""

from __future__ import annotations

import random
from typing import Any

from ..core.decision import Decision
from ..core.errors import Refusal
from ..core.text import Renderer, T
from .state import STORYTELLER

PASS_WEIGHT = {"day_action": 0.75, "nominate": 0.6}  # how often a random player passes


class StorytellerIsAPerson(Refusal):
    """An agent was asked to make the Storyteller's judgement: a Refusal of the game
    (`ct.refusal.storyteller_person`), worded by the front end in its reader's language."""

    def __init__(self) -> None:
        from .texts import catalog, names

        super().__init__(T("ct.refusal.storyteller_person"), Renderer(catalog("en"), names("en")))


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], decision: Decision) -> Any:
        if decision.seat == STORYTELLER:
            raise StorytellerIsAPerson()
        opts = decision.options
        w = PASS_WEIGHT.get(decision.kind)
        if w is not None and "pass" in opts and self.rng.random() < w:
            return "pass"
        if decision.kind == "goblin_claim":
            return "claim" if self.rng.random() < 0.15 else "no"
        if decision.kind == "vote":
            return "yes" if self.rng.random() < 0.55 else "no"
        return opts[self.rng.randrange(len(opts))]
