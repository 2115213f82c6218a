"""Agents: fill a seat by answering decisions from that seat's view (never the engine's state).

This package is game-agnostic: the agent interface, the random agent every game offers, and the
runner that plays a whole game between agents. Each game offers its own agents through its
`Game.agents()` (Tragedy Looper's rule-based and search agents live in tragedy_looper/agents/).
"""

from .base import Agent, agent_menu, default_agent, make_agent
from .random_agent import RandomAgent

__all__ = ["Agent", "RandomAgent", "agent_menu", "default_agent", "make_agent"]
