"""Trust without a moderator: the setup commitment, the finished game file, and its verifier.

When a table is created the server fixes the setup's text (the game's canonical form) and a
secret salt, and shows every seat `commitment = sha256(text + salt)`. When the game is over the
text and the salt are revealed in the game file; anyone can then run `scriptkeeper verify FILE`,
which (1) recomputes the commitment from the revealed text and salt, and (2) replays every
decision through the game's rules from the committed setup, checking that each one was legal and
that the stored digest and outcome are what the rules give. Any game, through the protocol.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from . import record, registry
from .errors import GameFileError, ScriptkeeperError
from .game import Game


def new_salt() -> str:
    return secrets.token_hex(16)


def commitment(setup_text: str, salt: str) -> str:
    """sha256 over the committed setup text followed by the salt, as hex."""
    return hashlib.sha256((setup_text + salt).encode("utf-8")).hexdigest()


def game_file_dict(game: Game, setup_text: str, salt: str, seed: int, options: dict[str, Any], state: Any,
                   table: dict[str, Any] | None = None) -> dict[str, Any]:
    """The finished game as a game file (docs/game-file.md) plus the revealed text and salt."""
    setup = game.setup_from_text(setup_text)
    gf = record.GameFile(game, setup, game.setup_json(setup), seed, dict(options))
    out = record.to_dict(gf, state)
    out["commitment"] = commitment(setup_text, salt)
    out["script_text"] = setup_text
    out["salt"] = salt
    if table:
        out["table"] = table
    return out


@dataclass
class Verification:
    ok: bool
    commitment: str = ""
    decisions: int = 0
    outcome: Any = None
    winner: str | None = None
    digest: str = ""
    problems: list[str] = field(default_factory=list)


def verify_game(data: Any) -> Verification:
    """Check a finished game file: commitment, setup consistency, every decision, digest, outcome."""
    v = Verification(ok=False)
    if not isinstance(data, dict):
        v.problems.append("a game file is a mapping")
        return v
    text, salt, claimed = data.get("script_text"), data.get("salt"), data.get("commitment")
    if not isinstance(text, str) or not isinstance(salt, str) or not isinstance(claimed, str):
        v.problems.append("the file does not reveal script_text, salt and commitment: it is not a finished server game")
        return v
    v.commitment = commitment(text, salt)
    if v.commitment != claimed:
        v.problems.append(f"commitment mismatch: sha256(script_text + salt) is {v.commitment}, the file claims {claimed}")
    fmt = data.get("scriptkeeper", record.FORMAT)
    if fmt not in record.FORMATS:
        v.problems.append(f"game file format {fmt!r} is not one this release reads")
        return v
    try:
        game = registry.get(data.get("game"))
        setup = game.setup_from_text(text)
    except (GameFileError, ScriptkeeperError) as exc:
        v.problems.append(str(exc))
        return v
    if "script" in data and not game.same_setup(data["script"], setup):
        v.problems.append("the file's script differs from the committed script text")
    try:
        options = game.check_options({k: data[k] for k in game.option_names if k in data})
        gf = record.GameFile(game, setup, game.setup_json(setup), int(data.get("seed", 0)), options,
                             data.get("situation"), data.get("decisions") or [], int(fmt))
        state = record.replay(gf)
    except (GameFileError, ValueError, TypeError) as exc:
        v.problems.append(f"replay failed: {exc}")
        return v
    v.decisions = len(game.history(state))
    outcome = game.outcome(state)
    if outcome is None:
        v.problems.append("after replaying every decision the game is not over")
    else:
        v.winner = outcome.winner
        v.outcome = game.outcome_record(state, int(fmt))
        if data.get("outcome") != v.outcome:
            v.problems.append(f"the file claims outcome {data.get('outcome')}, the replay gives {v.outcome}")
    v.digest = game.digest(state, int(fmt))
    if data.get("digest") != v.digest:
        v.problems.append(f"the file claims digest {data.get('digest')}, the replay gives {v.digest}")
    v.ok = not v.problems
    return v


def load_any(path: str | Path) -> Any:
    """Read a game file written as JSON or YAML."""
    text = Path(path).read_text(encoding="utf-8")
    try:
        return json.loads(text)
    except ValueError:
        return yaml.safe_load(text)
