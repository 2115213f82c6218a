"""A test-only Storyteller agent: picks any legal judgement at random. Never offered to users
(the game's agents refuse the Storyteller's seat): the Storyteller stays a person."""

from __future__ import annotations

import random
from typing import Any

from scriptkeeper.core.decision import Decision


class RandomStoryteller:
    name = "test-storyteller"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], decision: Decision) -> Any:
        # On the day's floor the first option moves the day on: taken half the time, so a random
        # day gives the floor, speaks and moves tokens a few times and still ends.
        if decision.kind == "day_floor" and self.rng.random() < 0.5:
            return decision.options[0]
        return decision.options[self.rng.randrange(len(decision.options))]
