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
        return decision.options[self.rng.randrange(len(decision.options))]
