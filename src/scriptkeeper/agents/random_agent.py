"""The agent every game offers: picks uniformly among the legal options, with its own seeded RNG."""

from __future__ import annotations

import random
from typing import Any

from ..core.decision import Decision


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], decision: Decision) -> Any:
        return decision.options[self.rng.randrange(len(decision.options))]
