"""Agents: fill a seat by answering decisions from that seat's view."""

from .base import AGENTS, Agent, make_agent
from .random_agent import RandomAgent

__all__ = ["AGENTS", "Agent", "RandomAgent", "make_agent"]
