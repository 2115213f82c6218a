"""Agents: fill a seat by answering decisions from that seat's view (never the engine's state).

Registered by name (see `make_agent`): "random" (uniform among legal options), "rule" (rule-based,
either side) and "search" (simulation-based search, either side). docs/ai.md describes them.
"""

from .base import AGENT_INFO, AGENTS, DEFAULT_AGENT, Agent, agent_menu, make_agent
from .random_agent import RandomAgent
from .rule import RuleAgent
from .search import SearchAgent

__all__ = ["AGENTS", "AGENT_INFO", "DEFAULT_AGENT", "Agent", "agent_menu", "RandomAgent", "RuleAgent", "SearchAgent", "make_agent"]
