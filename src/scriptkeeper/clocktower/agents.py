"""A random player agent: legal choices only, for the players' seats (and to fill a table). It
refuses the Storyteller's decisions: the Storyteller stays a person (the tests have their own
Storyteller agent, tests/clocktower/storyteller.py, never offered to users)."""

from __future__ import annotations

import random
from typing import Any

from ..core.decision import Decision
from ..core.errors import ScriptkeeperError
from .state import STORYTELLER

PASS_WEIGHT = {"day_action": 0.75, "nominate": 0.6}  # how often a random player passes


class StorytellerIsAPerson(ScriptkeeperError):
    """An agent was asked to make the Storyteller's judgement."""


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], decision: Decision) -> Any:
        if decision.seat == STORYTELLER:
            raise StorytellerIsAPerson("scriptkeeper does not play the Storyteller: the Storyteller's seat needs a person")
        opts = decision.options
        w = PASS_WEIGHT.get(decision.kind)
        if w is not None and "pass" in opts and self.rng.random() < w:
            return "pass"
        if decision.kind == "goblin_claim":
            return "claim" if self.rng.random() < 0.15 else "no"
        if decision.kind == "vote":
            return "yes" if self.rng.random() < 0.55 else "no"
        return opts[self.rng.randrange(len(opts))]
