"""Issue 21, item 4: the commitment opened two ways. `sha256(text + salt)` marked no boundary,
`verify` took any salt, and a later duplicate key overrode an earlier one: the host could reveal
(text, salt) = (T, D) or (T + D, "") with D = "\\nloops: 1\\n...", two scripts with one
commitment. Now new tables commit with scheme 2 (a length-prefixed salt and the hash of the
canonical text), `verify` requires the salt's exact form, refuses duplicate keys and any text
that is not the canonical dump, and checks against the commitment a player wrote down."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from scriptkeeper.cli import app as cli
from scriptkeeper.core.fairness import commitment, verify_game

from .test_fairness import finished_game


def test_the_two_way_opening_of_scheme_1_is_refused() -> None:
    text, tail = "title: A\nloops: 3\n", "loops: 1\n"
    # The weakness: one commitment, two readings.
    assert commitment(text, tail, 1) == commitment(text + tail, "", 1)
    # Scheme 2 fixes the boundary: moving bytes between text and salt changes the commitment.
    salt = "0" * 32
    assert commitment(text, salt, 2) != commitment(text + salt[:16], salt[16:], 2)
    assert commitment(text, salt, 2) != commitment(text, salt, 1)


def test_verify_refuses_a_bad_salt_a_duplicate_key_and_a_non_canonical_text(client: Any, tmp_path: Path) -> None:
    t, game = finished_game(client)
    assert game["commitment_scheme"] == 2 and game["commitment"] == t["commitment"]
    assert verify_game(game, expected=t["commitment"]).ok

    # The attack on scheme 1: the "salt" is script text that overrides keys; refused by the salt's form.
    forged = {**game, "commitment_scheme": 1, "salt": "loops: 1\n"}
    forged["commitment"] = commitment(game["script_text"], forged["salt"], 1)
    v = verify_game(forged)
    assert not v.ok and any("salt" in p for p in v.problems)

    # A duplicate key (which YAML would let override the first) is refused even with a good salt.
    dup = copy.deepcopy(game)
    dup["script_text"] = game["script_text"] + "loops: 1\n"
    dup["commitment"] = commitment(dup["script_text"], dup["salt"], 2)
    v = verify_game(dup)
    assert not v.ok and any("given twice" in p for p in v.problems)

    # The same script written another way (a comment) is not the canonical text: refused under scheme 2.
    other = copy.deepcopy(game)
    other["script_text"] = "# the same script\n" + game["script_text"]
    other["commitment"] = commitment(other["script_text"], other["salt"], 2)
    v = verify_game(other)
    assert not v.ok and any("canonical" in p for p in v.problems)

    # A file rewritten to the old scheme no longer matches the commitment the players were shown.
    downgraded = {k: v for k, v in game.items() if k != "commitment_scheme"}
    downgraded["commitment"] = commitment(game["script_text"], game["salt"], 1)
    assert verify_game(downgraded).ok  # self-consistent...
    v = verify_game(downgraded, expected=t["commitment"])  # ...but not what the players wrote down
    assert not v.ok and any("you were shown" in p for p in v.problems)

    # `verify --commitment HEX` on the command line.
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(game))
    bad.write_text(json.dumps(downgraded))
    r = CliRunner().invoke(cli, ["verify", str(good), "--commitment", t["commitment"].upper()])
    assert r.exit_code == 0 and "verified" in r.output, r.output
    r = CliRunner().invoke(cli, ["verify", str(bad), "--commitment", t["commitment"]])
    assert r.exit_code == 1 and "you were shown" in r.output
    r = CliRunner().invoke(cli, ["verify", str(good), "--commitment", "zz"])
    assert r.exit_code == 1 and "64 hexadecimal digits" in r.output


def test_a_game_file_with_duplicate_keys_is_refused(tmp_path: Path) -> None:
    p = tmp_path / "dup.json"
    p.write_text('{"outcome": 1, "outcome": 2}')
    r = CliRunner().invoke(cli, ["verify", str(p)])
    assert r.exit_code == 2 and "given twice" in r.output and "Traceback" not in r.output


def test_the_page_keeps_the_first_commitment_it_saw() -> None:
    """The page pins a table's first commitment in localStorage and warns when it changes (drawn from
    the view's info; the browser test plays the page itself)."""
    static = Path(__file__).resolve().parents[2] / "src" / "scriptkeeper" / "server" / "static"
    common, table = (static / "common.js").read_text(), (static / "table.js").read_text()
    assert "pinCommitment(tableId, commitment)" in common and "sk.commitments" in common
    assert "SK.pinCommitment(tableId, info.commitment)" in table and 'id="commitment-changed"' in (static / "table.html").read_text()
