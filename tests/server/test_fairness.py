"""Trust without a moderator (issue 4, part 4): every seat is shown a commitment to the script at
the start; at the end the script and salt are revealed, and `scriptkeeper verify` replays the
game to check the rules were followed and the script never changed."""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from scriptkeeper.cli import app as cli
from scriptkeeper.core.fairness import commitment, verify_game

from .conftest import auth
from .test_tables import create, view

SEATS = ("mastermind", "protagonist1", "protagonist2", "protagonist3")


def finished_game(client: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    t = create(client, agents={s: "random" for s in SEATS})
    deadline = time.time() + 30
    while not client.get(f"/api/tables/{t['id']}").json()["over"]:
        assert time.time() < deadline
        time.sleep(0.02)
    r = client.get(f"/api/tables/{t['id']}/game")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    return t, r.json()


def test_every_seat_sees_the_commitment_and_the_secrets_stay_until_the_end(client: Any) -> None:
    t = create(client)
    for seat in (*SEATS, "observer"):
        assert view(client, t, seat).json()["info"]["commitment"] == t["commitment"]
    # Before the end only the Mastermind may download the game (it holds the script anyway).
    assert client.get(f"/api/tables/{t['id']}/game").status_code == 403
    assert client.get(f"/api/tables/{t['id']}/game", headers=auth(t["tokens"]["protagonist1"])).status_code == 403
    assert client.get(f"/api/tables/{t['id']}/game", headers=auth(t["tokens"]["mastermind"])).status_code == 200


def test_the_finished_game_reveals_script_and_salt_and_verifies(client: Any) -> None:
    t, game = finished_game(client)
    assert game["commitment"] == t["commitment"]
    assert game["commitment_scheme"] == 2 and commitment(game["script_text"], game["salt"], 2) == t["commitment"]
    v = verify_game(game)
    assert v.ok, v.problems
    assert v.outcome == game["outcome"] and v.decisions == len(game["decisions"])


def test_verify_catches_a_changed_script_a_changed_decision_and_a_false_outcome(client: Any) -> None:
    _, game = finished_game(client)
    changed_script = copy.deepcopy(game)
    changed_script["script_text"] = game["script_text"].replace("doctor: cultist", "doctor: person").replace(
        "informer: conspiracy_theorist", "informer: cultist")
    assert changed_script["script_text"] != game["script_text"]
    v = verify_game(changed_script)
    assert not v.ok and any("commitment mismatch" in p for p in v.problems)

    changed_salt = {**game, "salt": "0" * 32}
    assert not verify_game(changed_salt).ok

    changed_decision = copy.deepcopy(game)
    first = changed_decision["decisions"][0]
    first["answer"] = {"card": "no_such_card", "target": "school"}
    v = verify_game(changed_decision)
    assert not v.ok and any("decision #1 cannot be applied" in p for p in v.problems)

    false_winner = copy.deepcopy(game)
    other = "mastermind" if game["outcome"]["winner"] == "protagonists" else "protagonists"
    false_winner["outcome"] = {**game["outcome"], "winner": other}
    v = verify_game(false_winner)
    assert not v.ok and any("outcome" in p for p in v.problems)

    cut_short = copy.deepcopy(game)
    cut_short["decisions"] = cut_short["decisions"][:-1]
    assert not verify_game(cut_short).ok


def test_scriptkeeper_verify_command(client: Any, tmp_path: Path) -> None:
    t, game = finished_game(client)
    good = tmp_path / "game.json"
    good.write_text(json.dumps(game))
    r = CliRunner().invoke(cli, ["verify", str(good)])
    assert r.exit_code == 0, r.output
    assert f"commitment {t['commitment']}" in r.output and "verified" in r.output
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**game, "salt": "tampered"}))
    r = CliRunner().invoke(cli, ["verify", str(bad)])
    assert r.exit_code == 1 and "salt is not 32 lowercase hexadecimal digits" in r.output
    bad.write_text(json.dumps({**game, "salt": "0" * 32}))
    r = CliRunner().invoke(cli, ["verify", str(bad)])
    assert r.exit_code == 1 and "commitment mismatch" in r.output
