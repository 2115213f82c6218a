"""Playing alone (issue 14): a table created for a human Protagonist against the AI Mastermind, or
to watch AI against AI. The creator is never given the Mastermind's token, and no view the human
receives holds a secret; team decisions (skipping to the Final Guess, the Final Guess) are the
human's when an AI team-mate is asked them, with the AI team-mates' proposals shown beside them."""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

from .conftest import auth
from .test_tables import what_the_game_says

SOLO = "basic_tragedy/ink_on_the_shrine_steps"
AI = {"mastermind": "rule", "protagonist2": "rule", "protagonist3": "rule"}


def secret_words(game_file: dict[str, Any]) -> list[str]:
    sc = game_file["script"]
    roles = {r if isinstance(r, str) else r["role"] for r in sc["cast"].values()} - {"person"}
    return [*roles, sc["main_plot"], *sc["subplots"], game_file["salt"]]


def test_a_creator_who_plays_a_protagonist_gets_only_that_seat(client: Any) -> None:
    r = client.post("/api/tables", json={"script": SOLO, "seed": 1, "agents": AI, "creator": ["protagonist1"]})
    assert r.status_code == 201, r.text
    t = r.json()
    assert set(t["tokens"]) == {"protagonist1"}
    assert client.get(f"/api/tables/{t['id']}/admin", headers=auth(t["tokens"]["protagonist1"])).status_code == 403
    # Watching AI against AI: no seat at all.
    every = {**AI, "protagonist1": "rule"}
    w = client.post("/api/tables", json={"script": SOLO, "seed": 1, "agents": every, "creator": []}).json()
    assert w["tokens"] == {}
    # The Mastermind's seat needs a player.
    bad = client.post("/api/tables", json={"script": SOLO, "agents": {"protagonist2": "rule"}, "creator": ["protagonist1"]})
    assert bad.status_code == 422 and "Mastermind" in bad.json()["error"] and bad.json()["code"] == "server.error.gm_needs_player"


def play_solo(client: Any, seed: int, rng: random.Random) -> tuple[dict[str, Any], list[dict[str, Any]], list[Any]]:
    t = client.post("/api/tables", json={"script": SOLO, "seed": seed, "agents": AI, "creator": ["protagonist1"]}).json()
    tok = t["tokens"]["protagonist1"]
    seen: list[dict[str, Any]] = []
    team: list[Any] = []
    deadline = time.time() + 60
    while True:
        b = client.get(f"/api/tables/{t['id']}/seats/protagonist1/view", headers=auth(tok)).json()
        seen.append(b)
        v = b["view"]
        if v["outcome"]:
            return t, seen, team
        assert time.time() < deadline
        d = v.get("decision")
        if d is None:
            time.sleep(0.01)
            continue
        if d["kind"] in ("next_loop_or_final_guess", "final_guess"):
            if d["seat"] != "protagonist1" or d.get("for_seat"):
                assert d["for_seat"] == d["seat"] != "protagonist1"
            if not d["proposals"]:
                time.sleep(0.02)  # the AI team-mates are thinking
                continue
            team.append(d)
        answer = (d["options"][rng.randrange(len(d["options"]))]["value"] if d["kind"] != "next_loop_or_final_guess"
                  else "final_guess")
        if d["kind"] == "final_guess":
            answer = d["proposals"][0]["series"][d["info"]["series"]["current"]]["answer"]
        r = client.post(f"/api/tables/{t['id']}/seats/protagonist1/decisions", json={"answer": answer, "version": b["version"]},
                        headers=auth(tok))
        assert r.status_code in (200, 409), r.text


def test_a_solo_protagonist_takes_the_team_decisions_and_never_sees_a_secret(client: Any) -> None:
    rng = random.Random(4)
    for seed in range(1, 8):
        t, seen, team = play_solo(client, seed, rng)
        if any(d["kind"] == "final_guess" for d in team):
            break
    else:
        raise AssertionError("no solo game reached the Final Guess")
    game = client.get(f"/api/tables/{t['id']}/game").json()
    words = secret_words(game)
    for b in seen:
        if b["view"]["outcome"]:
            continue
        said = what_the_game_says(b)
        # During the Final Guess every role of the set is an option, and the answers are the human's own.
        # A role the rules reveal to everyone (the Friend's once dead, at the loop's end) is no longer a secret.
        revealed = set(re.findall(r'"revealed_role": "(\w+)"', said))
        leaked = [w for w in words if w in said and w not in revealed] if b["view"]["phase"] != "final_guess" else []
        leaked += [k for k in ('"script"', '"roles"', '"salt"', '"loss_reasons"', '"final_guess": {') if k in said]
        assert not leaked, leaked
    guesses = [d for d in team if d["kind"] == "final_guess"]
    proposals = guesses[0]["proposals"]
    assert {p["seat"] for p in proposals} == {"protagonist2", "protagonist3"}
    keys = [i["key"] for i in guesses[0]["info"]["series"]["items"]]
    assert set(proposals[0]["series"]) == set(keys) and all(x["label"] for x in proposals[0]["series"].values())
    # Every answer was stored as the seat the game asked (the Leader's), and the game file verifies.
    asked = [d for d in game["decisions"] if d["kind"] == "final_guess"] if "kind" in game["decisions"][0] else []
    assert all(d["seat"] == guesses[0]["seat"] for d in asked)
    final = seen[-1]["view"]
    assert final["outcome"] and json.dumps(final).count("final_guess") >= 1


def test_a_finished_table_replays_step_by_step_for_any_seat_and_its_creator_deletes_it(client: Any) -> None:
    every = {**AI, "protagonist1": "rule"}
    t = client.post("/api/tables", json={"script": "first_steps/whispers_at_the_gate", "seed": 3, "agents": every,
                                         "creator": []}).json()
    assert t["tokens"] == {} and t["owner_token"]
    assert client.get(f"/api/tables/{t['id']}/replay?step=1").status_code in (200, 409)
    deadline = time.time() + 60
    while not client.get(f"/api/tables/{t['id']}").json()["over"]:
        assert time.time() < deadline
        time.sleep(0.05)
    r = client.get(f"/api/tables/{t['id']}/replay?step=0&seat=protagonist1").json()
    assert r["step"] == 0 and r["steps"] > 5 and r["view"]["loop"] == 1 and "script" not in r["view"]
    assert r["next"]["seat"] and r["next"]["answer"]
    gm = client.get(f"/api/tables/{t['id']}/replay?step=3&seat=mastermind").json()
    assert gm["step"] == 3 and "script" in gm["view"]  # the full view, once the game is over
    end = client.get(f"/api/tables/{t['id']}/replay?step=100000").json()
    assert end["step"] == end["steps"] and end["view"]["outcome"]
    # The lobby names the winner; only the creator may delete the table.
    line = next(x for x in client.get("/api/tables").json() if x["id"] == t["id"])
    assert line["over"] and line["outcome"]["headline"] in ("The Mastermind wins", "The Protagonists win")
    assert client.delete(f"/api/tables/{t['id']}", headers=auth("not-the-owner")).status_code == 403
    assert client.delete(f"/api/tables/{t['id']}", headers=auth(t["owner_token"])).json()["deleted"]
    assert t["id"] not in [x["id"] for x in client.get("/api/tables").json()]
    assert client.get(f"/api/tables/{t['id']}").status_code == 404
