"""Trust without a moderator: the script commitment, the finished game file, and its verifier.

When a table is created the server fixes the script's text (canonical YAML) and a secret salt,
and shows every seat `commitment = sha256(script_text + salt)`. When the game is over the script
text and the salt are revealed in the game file; anyone can then run `scriptkeeper verify FILE`,
which (1) recomputes the commitment from the revealed text and salt, and (2) replays every
decision through the engine from the committed script, checking that each one was legal and
that the stored digest and outcome are what the rules give.

This module needs no server packages: the verifier runs anywhere the engine runs.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from ..core.errors import GameFileError, ScriptError
from ..tragedy_looper import record
from ..tragedy_looper.script import Script, script_from_dict
from ..tragedy_looper.state import GameState


def canonical_script_text(script: Script) -> str:
    """The committed text of a script: its parsed form dumped as YAML, cast kept in board order.

    The text itself is what is committed to and revealed, so the verifier never re-dumps it."""
    return yaml.dump(script.to_dict(), Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), sort_keys=False,
                     allow_unicode=True)


def new_salt() -> str:
    return secrets.token_hex(16)


def commitment(script_text: str, salt: str) -> str:
    """sha256 over the committed script text followed by the salt, as hex."""
    return hashlib.sha256((script_text + salt).encode("utf-8")).hexdigest()


_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@lru_cache(maxsize=128)
def script_from_text(text: str) -> Script:
    """Parse and check a committed script text (scripts are immutable: the same text, the same Script)."""
    try:
        data = yaml.load(text, Loader=_Loader)  # noqa: S506 - a safe loader
    except yaml.YAMLError as exc:
        raise GameFileError(f"the committed script is not valid YAML: {exc}") from exc
    try:
        return script_from_dict(data)
    except ScriptError as exc:
        raise GameFileError(f"the committed script is not legal: {exc}") from exc


def game_file_dict(script_text: str, salt: str, seed: int, players: int, state: GameState,
                   table: dict[str, Any] | None = None) -> dict[str, Any]:
    """The finished game as a game file (docs/game-file.md) plus the revealed text and salt."""
    script = script_from_text(script_text)
    gf = record.GameFile(script, script.to_dict(), seed, players)
    out = record.to_dict(gf, state)
    out["commitment"] = commitment(script_text, salt)
    out["script_text"] = script_text
    out["salt"] = salt
    if table:
        out["table"] = table
    return out


@dataclass
class Verification:
    ok: bool
    commitment: str = ""
    decisions: int = 0
    outcome: dict[str, Any] | None = None
    digest: str = ""
    problems: list[str] = field(default_factory=list)


def verify_game(data: Any) -> Verification:
    """Check a finished game file: commitment, script consistency, every decision, digest, outcome."""
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
    try:
        script = script_from_text(text)
    except GameFileError as exc:
        v.problems.append(str(exc))
        return v
    if "script" in data and data["script"] != script.to_dict():
        v.problems.append("the file's script differs from the committed script text")
    decisions = data.get("decisions") or []
    gf = record.GameFile(script, script.to_dict(), int(data.get("seed", 0)), int(data.get("players", 4)),
                         data.get("situation"), decisions)
    try:
        state = record.replay(gf)
    except (GameFileError, ValueError) as exc:
        v.problems.append(f"replay failed: {exc}")
        return v
    v.decisions = len(state.history)
    v.outcome = state.outcome
    v.digest = record.state_digest(state)
    if state.outcome is None:
        v.problems.append("after replaying every decision the game is not over")
    if data.get("outcome") != state.outcome:
        v.problems.append(f"the file claims outcome {data.get('outcome')}, the replay gives {state.outcome}")
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
