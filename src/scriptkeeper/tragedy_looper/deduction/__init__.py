"""Deduction: the hidden scripts consistent with what one seat has seen, computed exactly.

`deduce(view)` takes a seat's view (views.build_view) and returns a `Deduction`: the number of
consistent scripts (plots, role of every character, culprit of every incident), and per
character the possible roles, per incident the possible culprits, per plot combination the
count. It supports First Steps, Basic Tragedy and their augmented sets (model.SUPPORTED_SETS);
anything else it meets (a set, a rule, a character, an event it does not model: scope.py) raises
core.errors.UnmodelledRule. See docs/ai.md.
"""

from __future__ import annotations

import gc
from typing import Any

from ..rules import RuleBook
from .model import UnsupportedSet
from .observe import Observation, observe
from .solver import Deduction, solve


def deduce(view: dict[str, Any], rules: RuleBook | None = None) -> Deduction:
    """Every hidden script consistent with `view` (a Protagonist's, or the observer's, view);
    `rules` is the view's rule book (default: the shipped one of its set)."""
    # The count makes many short-lived tuples and no reference cycle: the cyclic collector, which
    # would walk every long-lived object (the solver's memos) several times during one deduction
    # (2-3x its time when it does), is held off until it ends; what it frees is freed by counting.
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        return solve(observe(view, rules))
    finally:
        if paused:
            gc.enable()


__all__ = ["Deduction", "Observation", "UnsupportedSet", "deduce", "observe", "solve"]
