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

# What each agent is, in a line, for menus (CLI help, the web page's seat selectors); strongest last.
AGENT_INFO: dict[str, str] = {
    "random": "picks uniformly among the legal options (to learn the controls)",
    "rule": "rule-based: pursues the script's loss conditions, or protects and deduces (fast)",
    "search": "simulates its candidates to the end of the day; the strongest (a few seconds per game)",
}
DEFAULT_AGENT = "rule"


def agent_menu() -> list[dict[str, str]]:
    """Every registered agent with its line, known ones in AGENT_INFO's order."""
    names = [n for n in AGENT_INFO if n in AGENTS] + sorted(n for n in AGENTS if n not in AGENT_INFO)
    return [{"name": n, "description": AGENT_INFO.get(n, "")} for n in names]


def make_agent(name: str, seed: int = 0) -> Agent:
    try:
        return AGENTS[name](seed)
    except KeyError:
        raise KeyError(f"unknown agent {name!r}; known: {sorted(AGENTS)}") from None
