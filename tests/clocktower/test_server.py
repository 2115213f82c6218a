"""Clocktower tables on the generic server (it knows the game only through the protocol):
listed with their setups and agents, created with random players and a person at the
Storyteller's seat (played here over REST), finished, downloaded and verified; a player's view
over the wire never holds the grimoire."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from scriptkeeper.core.fairness import verify_game
from tests.server.conftest import ROOT, auth, client  # noqa: F401  (the fixture)

PLAYERS = [f"p{i}" for i in range(1, 8)]


def view(http: Any, t: dict[str, Any], seat: str) -> dict[str, Any]:
    r = http.get(f"/api/tables/{t['id']}/seats/{seat}/view", headers=auth(t["tokens"][seat]))
    assert r.status_code == 200, r.text
    return r.json()


def test_the_server_lists_clocktower_its_setups_and_its_player_agent(client: Any) -> None:  # noqa: F811
    games = {g["id"]: g for g in client.get("/api/games").json()}
    ct = games["clocktower"]
    assert ct["title"] == "Blood on the Clocktower" and ct["gm_seat"] == "storyteller"
    assert [a["name"] for a in ct["agents"]] == ["random"]
    scripts = {s["name"]: s["public"] for s in client.get("/api/scripts?game=clocktower").json()}
    assert set(scripts) == {"carousel_sample", "manor_seven", "twenty_four"}
    assert scripts["manor_seven"]["players"] == 7


def test_a_broken_setup_or_an_unknown_character_is_refused_with_its_named_problems(client: Any) -> None:  # noqa: F811
    r = client.post("/api/tables", json={"game": "clocktower", "script_yaml": json.dumps(["washerwoman", "slayer", {"id": "imp"}])})
    assert r.status_code == 422
    [p] = r.json()["problems"]
    assert p["rule"] == "script-unknown" and "washerwoman, imp" in p["message"]
    r = client.post("/api/tables", json={"game": "clocktower", "script_yaml": "characters: [slayer, slayer, fool, mayor, goblin]\n"})
    assert r.status_code == 422 and "duplicate-character" in [p["rule"] for p in r.json()["problems"]]


def test_a_table_plays_to_its_end_with_a_person_as_storyteller_and_verifies(client: Any, tmp_path: Path) -> None:  # noqa: F811
    r = client.post("/api/tables", json={"game": "clocktower", "script": "manor_seven", "seed": 5,
                                          "agents": {p: "random" for p in PLAYERS}})
    assert r.status_code == 201, r.text
    t = r.json()
    assert set(t["tokens"]) == {"storyteller", *PLAYERS}
    deadline = time.time() + 60
    checked = 0
    while True:
        assert time.time() < deadline, "the game did not end"
        b = view(client, t, "storyteller")
        v = b["view"]
        if v["outcome"]:
            break
        if checked < 6:
            p = view(client, t, "p1")["view"]
            assert "grimoire" not in p and "night_script" not in p and p["you"]["character"] == "slayer"
            assert "bluffs" not in p["you"]
            checked += 1
        d = v.get("decision")
        if d:
            r = client.post(f"/api/tables/{t['id']}/seats/storyteller/decisions",
                            json={"answer": d["options"][0]["value"], "version": b["version"]}, headers=auth(t["tokens"]["storyteller"]))
            assert r.status_code in (200, 409), r.text
        else:
            time.sleep(0.01)
    end = view(client, t, "p1")["view"]
    assert len(end["grimoire"]) == 7  # revealed at the end
    game = client.get(f"/api/tables/{t['id']}/game").json()
    assert game["game"] == "clocktower" and verify_game(game).ok
    path = tmp_path / "ct.json"
    path.write_text(json.dumps(game))
    run = subprocess.run([sys.executable, "-m", "scriptkeeper.cli", "verify", str(path)], capture_output=True, text=True, cwd=ROOT,
                         env=dict(os.environ), timeout=120)
    assert run.returncode == 0 and "verified" in run.stdout, run.stdout + run.stderr


def test_at_night_the_table_tells_nobody_who_is_awake(client: Any) -> None:  # noqa: F811
    r = client.post("/api/tables", json={"game": "clocktower", "script": "manor_seven", "seed": 1})
    t = r.json()
    b = view(client, t, "storyteller")
    assert b["view"]["decision"]["kind"] == "bluff"  # the first night: the Storyteller's
    while (d := (b := view(client, t, "storyteller"))["view"].get("decision")) is not None:
        client.post(f"/api/tables/{t['id']}/seats/storyteller/decisions", json={"answer": d["options"][0]["value"], "version": b["version"]},
                    headers=auth(t["tokens"]["storyteller"]))
    lleech = view(client, t, "p7")["view"]
    assert lleech["decision"]["kind"] == "lleech_host" and lleech["phase"] == "night"
    info = client.get(f"/api/tables/{t['id']}").json()
    assert info["waiting_for"] == "storyteller"  # not the Lleech's seat
    assert view(client, t, "p1")["view"]["waiting_for"] == "storyteller"
    r = client.post(f"/api/tables/{t['id']}/seats/p1/decisions", json={"answer": "p2"}, headers=auth(t["tokens"]["p1"]))
    assert r.status_code == 409 and "p7" not in r.text


def test_a_private_chat_reaches_its_recipient_alone(client: Any) -> None:  # noqa: F811
    # Issue 18, days: private chats. The Storyteller does not overhear them either (as around a real circle).
    t = client.post("/api/tables", json={"game": "clocktower", "script": "manor_seven", "seed": 2}).json()
    say = lambda seat, body: client.post(f"/api/tables/{t['id']}/seats/{seat}/chat", json=body,  # noqa: E731
                                         headers=auth(t["tokens"][seat]))
    assert say("p1", {"text": "I am the Slayer", "to": "p2"}).status_code == 200
    assert say("p3", {"text": "hello all"}).status_code == 200
    assert say("p1", {"text": "to myself", "to": "p1"}).status_code == 422
    assert say("p1", {"text": "to nobody", "to": "p99"}).status_code == 422
    for seat, texts in (("p1", ["I am the Slayer", "hello all"]), ("p2", ["I am the Slayer", "hello all"]),
                        ("p3", ["hello all"]), ("storyteller", ["hello all"])):
        b = view(client, t, seat)
        assert [m["text"] for m in b["chat"]] == texts, seat
        assert b["info"]["private_chats"] is True
    [m] = [m for m in view(client, t, "p2")["chat"] if m.get("to")]
    assert m["seat"] == "p1" and m["to"] == "p2"
    # Over the sockets: the Storyteller's gets the next public message, never the private one before it.
    from tests.server.test_live import hello
    st, p2 = hello(client, t, "storyteller"), hello(client, t, "p2")
    try:
        assert say("p1", {"text": "meet me later", "to": "p2"}).status_code == 200
        assert say("p4", {"text": "good morning"}).status_code == 200
        for ws, want in ((st, ["good morning"]), (p2, ["meet me later", "good morning"])):
            got: list[str] = []
            while len(got) < len(want):
                msg = ws.receive_json()
                if msg["type"] == "chat":
                    got.append(msg["message"]["text"])
            assert got == want
    finally:
        st.__exit__(None, None, None)
        p2.__exit__(None, None, None)


def test_tragedy_looper_has_no_private_chats(client: Any) -> None:  # noqa: F811
    t = client.post("/api/tables", json={"script": "first_steps/whispers_at_the_gate"}).json()
    r = client.post(f"/api/tables/{t['id']}/seats/protagonist1/chat", json={"text": "psst", "to": "protagonist2"},
                    headers=auth(t["tokens"]["protagonist1"]))
    assert r.status_code == 422 and "no private chats" in r.text


def test_the_page_offers_the_deduction_assistant_only_for_a_game_that_has_one(client: Any) -> None:  # noqa: F811
    """Clocktower has no deduction assistant (the Storyteller's judgements are not a closed rule
    set): its table says so, and the page hides the panel instead of offering an empty checkbox."""
    ct = client.post("/api/tables", json={"game": "clocktower", "script": "manor_seven", "seed": 3}).json()
    tl = client.post("/api/tables", json={"script": "first_steps/whispers_at_the_gate"}).json()
    assert client.get(f"/api/tables/{ct['id']}").json()["assistant"] is False
    assert client.get(f"/api/tables/{tl['id']}").json()["assistant"] is True
    r = client.get(f"/api/tables/{ct['id']}/seats/p1/assistant", headers=auth(ct["tokens"]["p1"]))
    assert r.status_code == 404
