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
from .errors import GameFileError, IllegalDecisionError, Refusal, ScriptError, ScriptkeeperError
from .game import Game
from .text import T

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
        raise GameFileError(T("file.cannot_read", path=str(p), detail=" ".join(str(exc).split())[:300])) from exc
    return game_from_dict(raw, base=p.parent)


def game_from_dict(raw: Any, base: Path = Path(".")) -> GameFile:
    if not isinstance(raw, dict) or "script" not in raw:
        raise GameFileError(T("file.not_a_mapping"))
    fmt = raw.get("scriptkeeper", FORMAT)
    if fmt not in FORMATS:
        raise GameFileError(T("file.unknown_format", format=repr(fmt)[:40], formats=", ".join(map(str, FORMATS))))
    try:
        game = registry.get(raw.get("game"))
    except ScriptkeeperError as exc:
        raise GameFileError(T("file.unknown_game", game=repr(raw.get("game"))[:80],
                              installed=", ".join(sorted(registry.all_games())))) from exc
    try:
        setup = game.load_setup(raw["script"], base)
    except ScriptError as exc:
        raise GameFileError(T("file.script_illegal"), script_error=exc, game=game) from exc
    decisions = raw.get("decisions") or []
    if not isinstance(decisions, list):
        raise GameFileError(T("file.decisions_not_list"))
    try:
        seed = int(raw.get("seed", 0))
        options = game.check_options({k: raw[k] for k in game.option_names if k in raw})
    except (TypeError, ValueError) as exc:
        raise GameFileError(T("file.bad_header", detail=_detail(exc)), game=_speaker(exc, game)) from exc
    situation = raw.get("situation")
    return GameFile(game, setup, raw["script"], seed, options, situation, decisions, int(fmt))


def start(gf: GameFile) -> Any:
    try:
        return gf.game.new_game(gf.setup, gf.seed, gf.options, gf.situation)
    except ValueError as exc:
        raise GameFileError(T("file.cannot_start", detail=_detail(exc)), game=_speaker(exc, gf.game)) from exc


def _detail(exc: Exception) -> Any:
    """What a game said when it refused: its Text (a Refusal, worded in the reader's language with
    the game's words), else its own words, shortened."""
    return exc.text if isinstance(exc, Refusal) else str(exc)[:300]


def _speaker(exc: Exception, game: Game) -> Game | None:
    """The game whose catalog words a refusal's Text (the core's words the rest)."""
    return game if isinstance(exc, Refusal) else None


def replay(gf: GameFile, upto: int | None = None) -> Any:
    """Replay the decisions (all, or the first `upto`); GameFileError names the first bad one."""
    state = start(gf)
    for n, d in enumerate(gf.decisions[:upto], 1):
        if not isinstance(d, dict) or "answer" not in d:
            raise GameFileError(T("file.decision_form", n=n))
        pending = gf.game.pending(state)
        if pending is None:
            raise GameFileError(T("file.decision_after_end", n=n))
        seat = d.get("seat")
        if seat is not None and seat != pending.seat:
            raise GameFileError(T("file.decision_wrong_seat", n=n, seat=str(seat)[:40], waiting=str(pending.seat)))
        try:
            gf.game.apply(state, d["answer"], seat=seat)
        except IllegalDecisionError as exc:
            raise GameFileError(T("file.decision_not_legal", n=n, answer=repr(d["answer"])[:120], kind=str(pending.kind),
                                  legal=repr(list(pending.options))[:300])) from exc
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
