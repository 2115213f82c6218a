"""The registry of games: how game-agnostic code finds a game by its id.

Games register themselves; the kernel imports none of them. Three ways in, looked at in order:
`register(game)` from Python; the environment variable SCRIPTKEEPER_GAMES, a comma-separated list
of `module:attribute` (tests use it to add a game to a server or CLI they start); and the entry
points of group `scriptkeeper.games` that installed packages declare (scriptkeeper's own games are
declared in its pyproject.toml).
"""

from __future__ import annotations

import importlib
import os
from importlib import metadata
from typing import Any

from .errors import ScriptkeeperError
from .game import Game

DEFAULT_GAME = "tragedy_looper"
_GAMES: dict[str, Game] = {}
_loaded = False


class UnknownGame(ScriptkeeperError):
    """A game id no installed or registered game answers to."""


def register(game: Game) -> Game:
    _GAMES[game.id] = game
    return game


def _load(spec: str) -> Any:
    module, _, attr = spec.partition(":")
    obj = importlib.import_module(module.strip())
    return getattr(obj, attr.strip()) if attr else obj


def _discover() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for ep in metadata.entry_points(group="scriptkeeper.games"):
        if ep.name not in _GAMES:
            try:
                register(ep.load())
            except ImportError:  # pragma: no cover - a broken third-party game must not stop ours
                continue
    for spec in filter(None, (s.strip() for s in os.environ.get("SCRIPTKEEPER_GAMES", "").split(","))):
        game = _load(spec)
        if game.id not in _GAMES:
            register(game)


def get(game_id: str | None = None) -> Game:
    """The game with this id (the default game when None)."""
    _discover()
    gid = game_id or DEFAULT_GAME
    try:
        return _GAMES[gid]
    except KeyError:
        raise UnknownGame(f"no game {gid!r}; installed: {', '.join(sorted(_GAMES)) or 'none'}") from None


def all_games() -> dict[str, Game]:
    _discover()
    return dict(_GAMES)
