"""Tragedy Looper's agents: rule-based and search players for either side (docs/ai.md).

`agent_infos()` is what the game offers through `Game.agents()`: random (every game's), rule and
search, weakest first, then the search agent's difficulty levels (search:easy, search:normal, the
same as search, and search:hard). The modules are imported when an agent is first made.
"""

from __future__ import annotations

from typing import Any

from ...core.game import AgentInfo
from ...core.text import T


def _random(seed: int) -> Any:
    from ...agents.random_agent import RandomAgent

    return RandomAgent(seed)


def _rule(seed: int) -> Any:
    from .rule import RuleAgent

    return RuleAgent(seed)


def _search(seed: int) -> Any:
    from .search import SearchAgent

    return SearchAgent(seed)


def _search_at(level: str) -> Any:
    def make(seed: int) -> Any:
        from .search import SearchAgent

        return SearchAgent(seed, level=level)

    return make


def agent_infos() -> dict[str, AgentInfo]:
    return {
        "random": AgentInfo("random", T("agent.random"), _random),
        "rule": AgentInfo("rule", T("agent.rule"), _rule),
        "search": AgentInfo("search", T("agent.search"), _search),
        # Difficulty levels of the search agent (search.LEVELS); "search" is "search:normal".
        "search:easy": AgentInfo("search:easy", T("agent.search_easy"), _search_at("easy")),
        "search:normal": AgentInfo("search:normal", T("agent.search_normal"), _search_at("normal")),
        "search:hard": AgentInfo("search:hard", T("agent.search_hard"), _search_at("hard")),
    }
