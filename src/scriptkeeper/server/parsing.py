"""Reading an uploaded setup (a script's YAML text): strict YAML, the game's check, one-line reasons.

Kept apart from the service (and light to import) because it runs in the parser processes
(service.ParserPool): `check_upload` returns plain data, never raises, so it crosses processes.
"""

from __future__ import annotations

from typing import Any

import yaml

from ..core import registry, strict_yaml
from ..core.game import Game
from .limits import Limits, TextError, clean_text


def check_upload(game: Game, text: str, limits: Limits) -> tuple[Any, ...]:
    """("ok", setup) or ("refused", status, reason, extra)."""
    try:
        clean_text(text, limits.script_bytes, what="the script", multiline=True, strip=False)
    except TextError as exc:
        return ("refused", 422, str(exc), {})
    try:
        data = strict_yaml.load(text or "", max_bytes=limits.script_bytes, max_depth=limits.script_depth)
        setup, problems = game.check_setup(data)
    except yaml.YAMLError as exc:
        return ("refused", 422, f"the script is not accepted YAML: {strict_yaml.short(exc)}", {})
    except RecursionError:
        return ("refused", 422, "the script is nested too deeply", {})
    if problems or setup is None:
        return ("refused", 422, "the script breaks script-creation rules",
                {"problems": [{"rule": p.rule, "message": strict_yaml.short(p.message)} for p in problems[:50]]})
    return ("ok", setup)


def parse_job(game_id: str, text: str, limits: Limits) -> tuple[Any, ...]:
    """In a parser process: ("ok", the canonical text), ("refused", ...), or ("unknown",) for a game
    registered in the server's process only (tests), which the server then reads itself."""
    try:
        game = registry.get(game_id)
    except registry.UnknownGame:
        return ("unknown",)
    out = check_upload(game, text, limits)
    return ("ok", game.setup_text(out[1])) if out[0] == "ok" else out


def ready() -> bool:
    """A parser process answers: it has started and imported what it needs."""
    registry.all_games()
    return True
