"""Trust without a moderator: the setup commitment, the finished game file, and its verifier.

When a table is created the server fixes the setup's text (the game's canonical form) and a
secret salt, and shows every seat the commitment. When the game is over the text and the salt are
revealed in the game file; anyone can then run `scriptkeeper verify FILE`, which (1) recomputes
the commitment from the revealed text and salt, and (2) replays every decision through the game's
rules from the committed setup, checking that each one was legal and that the stored digest and
outcome are what the rules give. Any game, through the protocol.

The commitment opens one way only (issue 21). Scheme 2 (`commitment_scheme: 2` in the game
file) is `sha256("scriptkeeper-commitment/2" NUL, len(salt) as 8 bytes, salt, sha256(text))`:
the salt's length is fixed in the hash, so no split of the bytes between text and salt gives the
same value. And `verify` requires the salt's exact form (32 lowercase hex digits), refuses a text
with a duplicate key, an alias or an anchor (YAML would read it two ways), and requires the text
to be the canonical dump of the setup it parses to. Scheme 1, `sha256(text + salt)`, is what
release 0.1 wrote (a file without `commitment_scheme`): its files keep verifying, with the salt's
exact form required (a fixed-length salt at the end marks the boundary).
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from . import record, registry, strict_yaml
from .errors import GameFileError, ScriptkeeperError
from .game import Game


SCHEME = 2  # the commitment scheme of new tables
SCHEMES = (1, 2)
SALT_FORM = re.compile(r"[0-9a-f]{32}\Z")
COMMITMENT_FORM = re.compile(r"[0-9a-f]{64}\Z")
GAME_FILE_BYTES = 32 * 1024 * 1024  # a game file `verify` reads (a long game is a few hundred KB)


def new_salt() -> str:
    return secrets.token_hex(16)


def commitment(setup_text: str, salt: str, scheme: int = SCHEME) -> str:
    """The commitment to `setup_text` with `salt`, as hex (see the module docstring for the schemes)."""
    if scheme == 1:
        return hashlib.sha256((setup_text + salt).encode("utf-8")).hexdigest()
    if scheme != 2:
        raise ValueError(f"unknown commitment scheme {scheme!r}")
    salt_bytes = salt.encode("utf-8")
    h = hashlib.sha256(b"scriptkeeper-commitment/2\0")
    h.update(len(salt_bytes).to_bytes(8, "big"))
    h.update(salt_bytes)
    h.update(hashlib.sha256(setup_text.encode("utf-8")).digest())
    return h.hexdigest()


def game_file_dict(game: Game, setup_text: str, salt: str, seed: int, options: dict[str, Any], state: Any,
                   table: dict[str, Any] | None = None, scheme: int = SCHEME) -> dict[str, Any]:
    """The finished game as a game file (docs/game-file.md) plus the revealed text and salt."""
    setup = game.setup_from_text(setup_text)
    gf = record.GameFile(game, setup, game.setup_json(setup), seed, dict(options))
    out = record.to_dict(gf, state)
    out["commitment"] = commitment(setup_text, salt, scheme)
    if scheme != 1:  # files of scheme 1 (release 0.1) have no such key
        out["commitment_scheme"] = scheme
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


def verify_game(data: Any, expected: str | None = None) -> Verification:
    """Check a finished game file: commitment, setup consistency, every decision, digest, outcome.

    `expected` is the commitment a player wrote down when the table started: the file's must be it."""
    try:
        return _verify(data, expected)
    except RecursionError:
        return Verification(ok=False, problems=["the file is nested too deeply"])


def _verify(data: Any, expected: str | None) -> Verification:
    v = Verification(ok=False)
    if not isinstance(data, dict):
        v.problems.append("a game file is a mapping")
        return v
    text, salt, claimed = data.get("script_text"), data.get("salt"), data.get("commitment")
    if not isinstance(text, str) or not isinstance(salt, str) or not isinstance(claimed, str):
        v.problems.append("the file does not reveal script_text, salt and commitment: it is not a finished server game")
        return v
    scheme = data.get("commitment_scheme", 1)
    if type(scheme) is not int or scheme not in SCHEMES:
        v.problems.append(f"commitment scheme {scheme!r} is not one this release knows ({', '.join(map(str, SCHEMES))})")
        return v
    if not SALT_FORM.match(salt):
        v.problems.append("the salt is not 32 lowercase hexadecimal digits (the only form the server makes)")
        return v
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        v.problems.append("the script text is not valid Unicode")
        return v
    v.commitment = commitment(text, salt, scheme)
    if v.commitment != claimed:
        v.problems.append(f"commitment mismatch: the revealed script_text and salt give {v.commitment}, the file claims {claimed}")
    if expected is not None:
        want = expected.strip().lower()
        if not COMMITMENT_FORM.match(want):
            v.problems.append("the expected commitment is not 64 hexadecimal digits")
        elif want != v.commitment:
            v.problems.append(f"commitment mismatch: the revealed script_text and salt give {v.commitment}, "
                              f"the commitment you were shown is {want}")
    fmt = data.get("scriptkeeper", record.FORMAT)
    if fmt not in record.FORMATS:
        v.problems.append(f"game file format {fmt!r} is not one this release reads")
        return v
    try:
        strict_yaml.load(text)  # one reading only: no duplicate key, alias or anchor
    except yaml.YAMLError as exc:
        v.problems.append(f"the committed script text is refused: {strict_yaml.short(exc)}")
        return v
    try:
        game = registry.get(data.get("game"))
        setup = game.setup_from_text(text)
    except (GameFileError, ScriptkeeperError) as exc:
        v.problems.append(strict_yaml.short(exc))
        return v
    if scheme >= 2 and game.setup_text(setup) != text:
        v.problems.append("the committed script text is not the canonical form of the script it describes")
        return v
    if "script" in data and not game.same_setup(data["script"], setup):
        v.problems.append("the file's script differs from the committed script text")
    try:
        options = game.check_options({k: data[k] for k in game.option_names if k in data})
        gf = record.GameFile(game, setup, game.setup_json(setup), int(data.get("seed", 0)), options,
                             data.get("situation"), data.get("decisions") or [], int(fmt))
        state = record.replay(gf)
    except (GameFileError, ScriptkeeperError, ValueError, TypeError, KeyError, AttributeError) as exc:
        v.problems.append(f"replay failed: {strict_yaml.short(exc)}")
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


def no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """`json.loads` object hook: an object that names a key twice could be read two ways, refused."""
    out: dict[str, Any] = {}
    for k, val in pairs:
        if k in out:
            raise GameFileError(f"the key {k[:60]!r} is given twice")
        out[k] = val
    return out


def load_any(path: str | Path) -> Any:
    """Read a game file written as JSON or YAML (a key given twice, an alias or an anchor is
    refused: GameFileError, with a one-line reason, for any file that cannot be read)."""
    p = Path(path)
    try:
        if p.stat().st_size > GAME_FILE_BYTES:
            raise GameFileError(f"{p} is larger than {GAME_FILE_BYTES} bytes: not a game file")
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise GameFileError(f"cannot read {p}: {strict_yaml.short(exc)}") from None
    try:
        return json.loads(text, object_pairs_hook=no_duplicate_keys)
    except GameFileError:
        raise
    except RecursionError:
        raise GameFileError(f"{p} is nested too deeply") from None
    except ValueError:
        pass
    try:
        return strict_yaml.load(text, max_bytes=GAME_FILE_BYTES, max_depth=64)
    except yaml.YAMLError as exc:
        raise GameFileError(f"{p} is neither JSON nor YAML of the accepted form: {strict_yaml.short(exc)}") from None
