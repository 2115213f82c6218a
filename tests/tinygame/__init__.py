"""Guess the Number, a tiny second game for the tests (see game.py): `tests.tinygame:GAME`."""

from .game import GAME, GUESSER, HOST, OBSERVER

__all__ = ["GAME", "GUESSER", "HOST", "OBSERVER"]
