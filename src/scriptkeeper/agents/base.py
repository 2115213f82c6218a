"""The agent interface: an agent sees its seat's view and the pending decision, never the state.

Agents are offered per game (`Game.agents()`, name -> AgentInfo with a one-line description and a
factory taking a seed); `make_agent` and `agent_menu` read that list, so the server and the CLI
never name an agent of their own.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..core.decision import Decision
from ..core.game import Game
from ..core.text import Renderer, T


class Agent(Protocol):
    name: str

    def choose(self, view: dict[str, Any], decision: Decision) -> Any:
        """Return one of `decision.options`."""
        ...


def agent_menu(game: Game, lang: str = "en") -> list[dict[str, str]]:
    """Every agent the game offers, weakest first, with its line (rendered in `lang`)."""
    render = game.renderer(None, lang)
    return [{"name": name, "label": _label(render, name), "description": render(info.description)}
            for name, info in game.agents().items()]


def _label(render: Renderer, name: str) -> str:
    """The agent's name in words (`agent.name.<id>`), its id where the catalog has none."""
    key = f"agent.name.{name}"
    return render(T(key)) if key in render.catalog else name


def default_agent(game: Game) -> str:
    """The agent a seat gets when none is named: the game's second weakest (its first after random), else the weakest."""
    names = list(game.agents())
    return names[1] if len(names) > 1 else names[0]


def make_agent(game: Game, name: str, seed: int = 0) -> Agent:
    agents = game.agents()
    try:
        return agents[name].make(seed)
    except KeyError:
        raise KeyError(f"unknown agent {name!r}; known: {', '.join(agents)}") from None
