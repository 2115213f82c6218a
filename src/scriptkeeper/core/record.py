"""Game files: a header (the game, its ruleset version, the setup, the seed, the options, maybe a
situation) and the ordered answered decisions. Any game, through the `Game` protocol.

`load_game`, `replay` and `save_game` are the only readers and writers; the CLI, the tests and the
server use them. Replay folds `apply` over the decisions: the same file always gives the same
final state (compare the digest).

File formats: 1 is what scriptkeeper 0.1 wrote (its digest covered wording); 2 adds `ruleset`
and takes the digest over a canonical, wording-free form of the state. Both are read; 2 is written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from . import registry
from .errors import GameFileError, IllegalDecisionError, ScriptError, ScriptkeeperError
from .game import Game

FORMAT = 2
FORMATS = (1, 2)


@dataclass
class GameFile:
    game: Game
    setup: Any
    setup_ref: str | dict[str, Any]  # what the file's `script` key holds: a path or the setup inline
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    situation: dict[str, Any] | None = None
    decisions: list[dict[str, Any]] = field(default_factory=list)
    file_format: int = FORMAT


def load_game(path: str | Path) -> GameFile:
    p = Path(path)
    try:
        raw = yaml.safe_load(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise GameFileError(f"cannot read game file {p}: {exc}") from exc
    return game_from_dict(raw, base=p.parent)


def game_from_dict(raw: Any, base: Path = Path(".")) -> GameFile:
    if not isinstance(raw, dict) or "script" not in raw:
        raise GameFileError("a game file is a mapping with at least `script:` (a path or an inline script)")
    fmt = raw.get("scriptkeeper", FORMAT)
    if fmt not in FORMATS:
        raise GameFileError(f"game file format {fmt!r} is not one this release reads ({', '.join(map(str, FORMATS))})")
    try:
        game = registry.get(raw.get("game"))
    except ScriptkeeperError as exc:
        raise GameFileError(str(exc)) from exc
    try:
        setup = game.load_setup(raw["script"], base)
    except ScriptError as exc:
        raise GameFileError(f"the game's script is not legal: {exc}") from exc
    decisions = raw.get("decisions") or []
    if not isinstance(decisions, list):
        raise GameFileError("decisions is a list of {seat, answer}")
    try:
        seed = int(raw.get("seed", 0))
        options = game.check_options({k: raw[k] for k in game.option_names if k in raw})
    except (TypeError, ValueError) as exc:
        raise GameFileError(f"bad game file header: {exc}") from exc
    situation = raw.get("situation")
    return GameFile(game, setup, raw["script"], seed, options, situation, decisions, int(fmt))


def start(gf: GameFile) -> Any:
    try:
        return gf.game.new_game(gf.setup, gf.seed, gf.options, gf.situation)
    except ValueError as exc:
        raise GameFileError(str(exc)) from exc


def replay(gf: GameFile, upto: int | None = None) -> Any:
    """Replay the decisions (all, or the first `upto`); GameFileError names the first bad one."""
    state = start(gf)
    for n, d in enumerate(gf.decisions[:upto], 1):
        if not isinstance(d, dict) or "answer" not in d:
            raise GameFileError(f"decision #{n}: give {{seat, answer}}")
        try:
            gf.game.apply(state, d["answer"], seat=d.get("seat"))
        except IllegalDecisionError as exc:
            raise GameFileError(f"decision #{n} cannot be applied: {exc}") from exc
    return state


def to_dict(gf: GameFile, state: Any) -> dict[str, Any]:
    """The game file of `state` (format 2)."""
    game = gf.game
    out: dict[str, Any] = {"scriptkeeper": FORMAT, "game": game.id, "ruleset": game.ruleset, "script": gf.setup_ref,
                           "seed": gf.seed, **{k: gf.options[k] for k in game.option_names if k in gf.options}}
    if gf.situation:
        out["situation"] = gf.situation
    out["decisions"] = [{"seat": h["seat"], "answer": h["answer"]} for h in game.history(state)]
    outcome = game.outcome(state)
    if outcome is not None:
        out["outcome"] = game.outcome_record(state, FORMAT)
    out["digest"] = game.digest(state, FORMAT)
    return out


def save_game(path: str | Path, gf: GameFile, state: Any) -> None:
    Path(path).write_text(yaml.safe_dump(to_dict(gf, state), sort_keys=False, allow_unicode=True), encoding="utf-8")
