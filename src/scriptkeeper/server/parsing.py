"""Reading an uploaded setup (a script's YAML text): strict YAML, the game's check, one-line reasons
(Texts, and the problems worded in the uploader's language).

Kept apart from the service (and light to import) because it runs in the parser processes
(service.ParserPool): `check_upload` returns plain data, never raises, so it crosses processes.
"""

from __future__ import annotations

from typing import Any

import yaml

from ..core import registry, strict_yaml
from ..core.game import Game
from ..core.text import T
from .limits import Limits, TextError, clean_text


def check_upload(game: Game, text: str, limits: Limits, lang: str = "en") -> tuple[Any, ...]:
    """("ok", setup) or ("refused", status, reason, extra): `reason` is a Text's JSON
    (`server.error.*`), and each problem of `extra["problems"]` names its rule, where it is, and
    says what to fix in `lang` (with the game's names in that language) as `message`."""
    try:
        clean_text(text, limits.script_bytes, what="script", multiline=True, strip=False)
    except TextError as exc:
        return ("refused", 422, exc.text.to_json(), {})
    try:
        data = strict_yaml.load(text or "", max_bytes=limits.script_bytes, max_depth=limits.script_depth)
        setup, problems = game.check_setup(data)
    except yaml.YAMLError as exc:
        return ("refused", 422, T("server.error.script_not_yaml", detail=strict_yaml.short(exc)).to_json(), {})
    except RecursionError:
        return ("refused", 422, T("server.error.script_too_deep").to_json(), {})
    if problems or setup is None:
        maker = getattr(game, "problem_renderer", None)  # a draft's own words (Tragedy Looper: its set's names)
        words = maker(data, lang) if maker is not None else game.renderer(None, lang)
        return ("refused", 422, T("server.error.script_breaks_rules", n=len(problems)).to_json(),
                {"problems": [{"rule": p.rule, "message": strict_yaml.short(p.render(words)), "where": p.where}
                              for p in problems[:50]]})
    return ("ok", setup)


def parse_job(game_id: str, text: str, limits: Limits, lang: str = "en") -> tuple[Any, ...]:
    """In a parser process: ("ok", the canonical text), ("refused", ...), or ("unknown",) for a game
    registered in the server's process only (tests), which the server then reads itself."""
    try:
        game = registry.get(game_id)
    except registry.UnknownGame:
        return ("unknown",)
    out = check_upload(game, text, limits, lang)
    return ("ok", game.setup_text(out[1])) if out[0] == "ok" else out


def ready() -> bool:
    """A parser process answers: it has started and read what a parse needs. Each game's rule data
    is loaded by checking one of its shipped setups, so that a process's first upload is timed by
    its own parse alone (on a busy machine, loading the rule books took more than `parse_seconds`)."""
    for game in registry.all_games().values():
        first_of_folder: dict[str, Any] = {}  # a game's setups in folders (Tragedy Looper: a folder a set)
        for name, path in sorted(game.shipped_setups().items()):
            first_of_folder.setdefault(name.split("/")[0], path)
        for path in first_of_folder.values():
            check_upload(game, path.read_text(encoding="utf-8"), Limits())
    return True
