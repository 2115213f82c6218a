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
from .text import T, Text


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
    problems: list[str] = field(default_factory=list)  # in English (`texts` in words, `words(lang)` in a language)
    texts: list[Text] = field(default_factory=list)
    errors: list[GameFileError | None] = field(default_factory=list)  # the error a problem quotes, rendered in turn

    def fail(self, text: Text, error: GameFileError | None = None) -> None:
        """One more problem: a Text (`verify.*` of core/texts/en.yaml); `error` fills its `detail`
        in the reader's language (a game file's own error)."""
        self.texts.append(text)
        self.errors.append(error)
        self.problems.append(self._word(text, error, "en"))

    def words(self, lang: str = "en") -> list[str]:
        """The problems in `lang`."""
        return [self._word(t, e, lang) for t, e in zip(self.texts, self.errors)]

    @staticmethod
    def _word(text: Text, error: GameFileError | None, lang: str) -> str:
        from .i18n import core_renderer

        if error is not None:
            text = T(text.id, **{**text.kwargs, "detail": strict_yaml.short(error.words(lang))})
        return str(core_renderer(lang)(text))


def verify_game(data: Any, expected: str | None = None) -> Verification:
    """Check a finished game file: commitment, setup consistency, every decision, digest, outcome.

    `expected` is the commitment a player wrote down when the table started: the file's must be it."""
    try:
        return _verify(data, expected)
    except RecursionError:
        v = Verification(ok=False)
        v.fail(T("verify.too_deep"))
        return v


def _verify(data: Any, expected: str | None) -> Verification:
    v = Verification(ok=False)
    if not isinstance(data, dict):
        v.fail(T("verify.not_a_mapping"))
        return v
    text, salt, claimed = data.get("script_text"), data.get("salt"), data.get("commitment")
    if not isinstance(text, str) or not isinstance(salt, str) or not isinstance(claimed, str):
        v.fail(T("verify.not_revealed"))
        return v
    scheme = data.get("commitment_scheme", 1)
    if type(scheme) is not int or scheme not in SCHEMES:
        v.fail(T("verify.unknown_scheme", scheme=repr(scheme)[:40], schemes=", ".join(map(str, SCHEMES))))
        return v
    if not SALT_FORM.match(salt):
        v.fail(T("verify.salt_form"))
        return v
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        v.fail(T("verify.not_unicode"))
        return v
    v.commitment = commitment(text, salt, scheme)
    if v.commitment != claimed:
        v.fail(T("verify.commitment_mismatch", computed=v.commitment, claimed=claimed[:80]))
    if expected is not None:
        want = expected.strip().lower()
        if not COMMITMENT_FORM.match(want):
            v.fail(T("verify.expected_form"))
        elif want != v.commitment:
            v.fail(T("verify.commitment_not_shown", computed=v.commitment, shown=want))
    fmt = data.get("scriptkeeper", record.FORMAT)
    if fmt not in record.FORMATS:
        v.fail(T("verify.unknown_format", format=repr(fmt)[:40], formats=", ".join(map(str, record.FORMATS))))
        return v
    try:
        strict_yaml.load(text)  # one reading only: no duplicate key, alias or anchor
    except yaml.YAMLError as exc:
        v.fail(T("verify.text_refused", detail=strict_yaml.short(exc)))
        return v
    try:
        game = registry.get(data.get("game"))
        setup = game.setup_from_text(text)
    except GameFileError as exc:
        v.fail(T("verify.setup_refused", detail=""), exc)
        return v
    except ScriptkeeperError as exc:  # no such game here (registry.UnknownGame)
        v.fail(T("verify.unknown_game", game=repr(data.get("game"))[:80], installed=", ".join(sorted(registry.all_games()))))
        return v
    if scheme >= 2 and game.setup_text(setup) != text:
        v.fail(T("verify.not_canonical"))
        return v
    if "script" in data and not game.same_setup(data["script"], setup):
        v.fail(T("verify.script_differs"))
    try:
        options = game.check_options({k: data[k] for k in game.option_names if k in data})
        gf = record.GameFile(game, setup, game.setup_json(setup), int(data.get("seed", 0)), options,
                             data.get("situation"), data.get("decisions") or [], int(fmt))
        state = record.replay(gf)
    except GameFileError as exc:
        v.fail(T("verify.replay_failed", detail=""), exc)
        return v
    except (ScriptkeeperError, ValueError, TypeError, KeyError, AttributeError) as exc:
        v.fail(T("verify.replay_failed", detail=strict_yaml.short(exc)))
        return v
    v.decisions = len(game.history(state))
    outcome = game.outcome(state)
    if outcome is None:
        v.fail(T("verify.not_over"))
    else:
        v.winner = outcome.winner
        v.outcome = game.outcome_record(state, int(fmt))
        if data.get("outcome") != v.outcome:
            v.fail(T("verify.outcome_differs", claimed=str(data.get("outcome"))[:300], replayed=str(v.outcome)[:300]))
    v.digest = game.digest(state, int(fmt))
    if data.get("digest") != v.digest:
        v.fail(T("verify.digest_differs", claimed=str(data.get("digest"))[:80], replayed=v.digest))
    v.ok = not v.problems
    return v


def no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """`json.loads` object hook: an object that names a key twice could be read two ways, refused."""
    out: dict[str, Any] = {}
    for k, val in pairs:
        if k in out:
            raise GameFileError(T("file.key_twice", key=repr(k[:60])))
        out[k] = val
    return out


def load_any(path: str | Path) -> Any:
    """Read a game file written as JSON or YAML (a key given twice, an alias or an anchor is
    refused: GameFileError, with a one-line reason, for any file that cannot be read)."""
    p = Path(path)
    try:
        if p.stat().st_size > GAME_FILE_BYTES:
            raise GameFileError(T("file.too_large", path=str(p), bytes=GAME_FILE_BYTES))
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise GameFileError(T("file.cannot_read", path=str(p), detail=strict_yaml.short(exc))) from None
    try:
        return json.loads(text, object_pairs_hook=no_duplicate_keys)
    except GameFileError:
        raise
    except RecursionError:
        raise GameFileError(T("file.too_deep", path=str(p))) from None
    except ValueError:
        pass
    try:
        return strict_yaml.load(text, max_bytes=GAME_FILE_BYTES, max_depth=64)
    except yaml.YAMLError as exc:
        raise GameFileError(T("file.not_json_or_yaml", path=str(p), detail=strict_yaml.short(exc))) from None
