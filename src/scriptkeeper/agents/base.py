"""The agent interface: an agent sees its seat's view and the pending decision, never the state."""

from __future__ import annotations

from typing import Any, Callable, Protocol

from ..core.decision import Decision


class Agent(Protocol):
    name: str

    def choose(self, view: dict[str, Any], decision: Decision) -> Any:
        """Return one of `decision.options`."""
        ...


AGENTS: dict[str, Callable[[int], Agent]] = {}


def make_agent(name: str, seed: int = 0) -> Agent:
    try:
        return AGENTS[name](seed)
    except KeyError:
        raise KeyError(f"unknown agent {name!r}; known: {sorted(AGENTS)}") from None
