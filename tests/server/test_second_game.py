"""A second game through the real server and CLI (issue 11: "the tiny test game plays through the
server and verify"): Guess the Number (tests/tinygame) knows nothing of Tragedy Looper and the
server knows it only through the `Game` protocol and the registry. Its table is created, played
by both seats over REST and WebSocket, stored, restarted (SQLite and PostgreSQL), finished,
downloaded and checked by `scriptkeeper verify` and `scriptkeeper replay` in child processes.

The one secret is the number the host keeps: the guesser's every frame is checked for it.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import httpx
import pytest

from scriptkeeper.core import registry
from scriptkeeper.core.fairness import verify_game
from scriptkeeper.server.delta import read_view_message
from tests.tinygame import GAME, GUESSER, HOST

from .conftest import ROOT, auth
from .test_restart import read_view, reconnect

TINY_ENV = {"SCRIPTKEEPER_GAMES": "tests.tinygame:GAME"}  # how a server or CLI process finds the game
SETUP = "one_to_ten"
SECRET_SENTENCE = "The secret number is"  # the host's own log line of the deal


@pytest.fixture(autouse=True)
def tiny_registered() -> Iterator[None]:
    registry.register(GAME)
    yield


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """`scriptkeeper ARGS` in a child process that finds the tiny game as a server would."""
    return subprocess.run([sys.executable, "-m", "scriptkeeper.cli", *args], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, **TINY_ENV}, timeout=120)


def holds_the_secret(message: dict[str, Any]) -> list[str]:
    """What in a pushed or fetched message would tell the secret number (empty: nothing)."""
    view = message.get("view")
    if not isinstance(view, dict):
        return []
    found = []
    if "secret" in view:
        found.append("the view's secret")
    found += [f"a {e['type']} event" for e in view.get("events", []) if e["type"] == "dealt"]
    found += [f"the log line {line!r}" for line in view.get("log", []) if SECRET_SENTENCE in line]
    decision = view.get("decision")
    if decision and decision["kind"] == "answer":
        found.append("the host's question (its one option is the true answer)")
    return found


def create(http: Any, **body: Any) -> dict[str, Any]:
    r = http.post("/api/tables", json={"game": "tinygame", "script": SETUP, **body})
    assert r.status_code == 201, r.text
    return r.json()


def seat_view(http: Any, t: dict[str, Any], seat: str) -> dict[str, Any]:
    r = http.get(f"/api/tables/{t['id']}/seats/{seat}/view", headers=auth(t["tokens"][seat]))
    assert r.status_code == 200, r.text
    return r.json()


def halving_guess(view: dict[str, Any]) -> int:
    """The guesser's strategy: the middle of what the host's answers still allow."""
    low, high = view["low"], view["high"]
    for g in view["guesses"]:
        if g["answer"] == "higher":
            low = max(low, g["n"] + 1)
        elif g["answer"] == "lower":
            high = min(high, g["n"] - 1)
    allowed = [o["value"] for o in view["decision"]["options"] if low <= o["value"] <= high]
    return allowed[len(allowed) // 2]


def host_answers(http: Any, t: dict[str, Any]) -> None:
    """The host answers the pending question over REST with its one (true) option."""
    b = seat_view(http, t, HOST)
    d = b["view"]["decision"]
    assert d["kind"] == "answer" and len(d["options"]) == 1
    r = http.post(f"/api/tables/{t['id']}/seats/{HOST}/decisions", json={"answer": d["options"][0]["value"], "version": b["version"]},
                  headers=auth(t["tokens"][HOST]))
    assert r.status_code == 200, r.text


def test_the_server_offers_the_tiny_game_its_setups_and_agents(client: Any) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert set(games) >= {"tragedy_looper", "tinygame"}
    tiny = games["tinygame"]
    assert tiny["title"] == "Guess the Number" and tiny["gm_seat"] == HOST and tiny["seats"] == [HOST, GUESSER]
    assert tiny["seat_names"] == {"host": "Host", "guesser": "Guesser", "observer": "Observer"}
    assert [a["name"] for a in tiny["agents"]] == ["random", "halving"] and all(a["description"] for a in tiny["agents"])
    scripts = client.get("/api/scripts?game=tinygame").json()
    assert {s["name"]: s["public"] for s in scripts} == {
        "coin": {"title": "Coin", "range": "1 to 2", "guesses": "1 guess"},
        "one_to_ten": {"title": "One to Ten", "range": "1 to 10", "guesses": "3 guesses"}}
    assert [a["name"] for a in client.get("/api/agents?game=tinygame").json()] == ["random", "halving"]
    # The game's own checks and options, reached through the protocol.
    r = client.post("/api/tables", json={"game": "tinygame", "script_yaml": "title: x\nlow: 5\nhigh: 5\nguesses: 11\n"})
    assert r.status_code == 422 and [p["rule"] for p in r.json()["problems"]] == ["range", "guesses"]
    r = client.post("/api/tables", json={"game": "tinygame", "script": SETUP, "options": {"hints": "maybe"}})
    assert r.status_code == 422 and "hints" in r.json()["error"]
    assert client.post("/api/tables", json={"game": "tinygame", "script": SETUP, "players": 4}).status_code == 422
    assert client.post("/api/tables", json={"game": "no_such_game", "script": SETUP}).status_code == 404
    t = create(client, options={"hints": False}, name="Quiet one")
    info = client.get(f"/api/tables/{t['id']}").json()
    assert info["game"] == "tinygame" and info["options"] == {"hints": False} and info["players"] == 2
    assert info["public"] == {"title": "One to Ten", "range": "1 to 10", "guesses": "3 guesses"}
    assert set(t["tokens"]) == {HOST, GUESSER} and info["waiting_for"] == GUESSER


def test_both_seats_play_over_rest_and_websocket_and_the_guesser_never_sees_the_secret(client: Any, tmp_path: Path) -> None:
    t = create(client, seed=11)
    secret = seat_view(client, t, HOST)["view"]["secret"]
    ws = client.websocket_connect(f"/ws/tables/{t['id']}")
    ws.__enter__()
    frames: list[dict[str, Any]] = []
    try:
        ws.send_json({"type": "hello", "seat": GUESSER, "token": t["tokens"][GUESSER]})
        held = None
        body: dict[str, Any] | None = None
        while True:
            m = ws.receive_json()
            frames.append(m)
            if m["type"] != "view":
                continue
            body = read_view_message(body, m)  # a push carries only the change of what the client holds
            held = body["view"]
            frames[-1] = {**m, "view": held}
            if held["outcome"]:
                break
            d = held.get("decision")
            if d:  # the guesser's turn: a guess over the socket
                assert d["kind"] == "guess" and all("group" in o["info"] and "member" in o["info"] for o in d["options"])
                ws.send_json({"type": "decide", "id": m["version"], "answer": halving_guess(held), "version": m["version"]})
            elif held["waiting_for"] == HOST:
                host_answers(client, t)
    finally:
        ws.__exit__(None, None, None)
    assert held is not None and held["outcome"]["winner"] in (HOST, GUESSER)
    before_the_end = [f for f in frames if not (f["type"] == "view" and f["view"]["outcome"])]
    assert len(before_the_end) >= 4
    for f in before_the_end:
        assert not holds_the_secret(f), holds_the_secret(f)
    # At the end the number is everyone's (the check sees it where it is).
    assert held["secret"] == secret and holds_the_secret({"view": held})
    assert seat_view(client, t, HOST)["view"]["secret"] == secret
    info = client.get(f"/api/tables/{t['id']}").json()
    assert info["over"] and info["outcome"]["headline"] in ("The host wins", "The guesser wins")
    assert str(secret) in info["outcome"]["reason"]

    game = client.get(f"/api/tables/{t['id']}/game").json()
    assert game["game"] == "tinygame" and game["hints"] is True and game["seed"] == 11
    assert [d["seat"] for d in game["decisions"]][:3] == [GUESSER, HOST, GUESSER]  # both seats played, in turn
    assert verify_game(game).ok
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(game))
    r = cli("verify", str(path))
    assert r.returncode == 0 and "verified" in r.stdout and f"commitment {t['commitment']}" in r.stdout, r.stdout + r.stderr


def test_agents_play_the_tiny_game_and_verify_catches_a_changed_seed(client: Any, tmp_path: Path) -> None:
    t = create(client, seed=3, agents={HOST: "random", GUESSER: "halving"})
    deadline = time.time() + 20
    while not client.get(f"/api/tables/{t['id']}").json()["over"]:
        assert time.time() < deadline, "the agents did not finish the game"
        time.sleep(0.02)
    game = client.get(f"/api/tables/{t['id']}/game").json()
    assert verify_game(game).ok
    # Another seed deals another number: the same answers no longer follow the rules, or no longer
    # end the game the file says.
    other = copy.deepcopy(game)
    other["seed"] = next(s for s in range(100) if s != game["seed"] and
                         GAME.new_game(GAME.setup_from_text(game["script_text"]), s, {}).secret !=
                         GAME.new_game(GAME.setup_from_text(game["script_text"]), game["seed"], {}).secret)
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(other))
    r = cli("verify", str(path))
    assert r.returncode == 1 and "FAILED" in r.stdout, r.stdout + r.stderr


def test_a_tiny_game_survives_a_kill_and_restart_then_verifies_and_replays(
        server_factory: Any, database: tuple[str, str | None], tmp_path: Path) -> None:
    db, schema = database
    server = server_factory(db=db, schema=schema, env=TINY_ENV).start()
    with httpx.Client(base_url=server.url, timeout=10) as http:
        t = create(http, seed=11, name="kill me")
        ws = reconnect(server.ws, t, GUESSER)
        first = read_view(ws)
        assert not holds_the_secret(first)
        r = http.post(f"/api/tables/{t['id']}/seats/{GUESSER}/decisions", json={"answer": halving_guess(first["view"])},
                      headers=auth(t["tokens"][GUESSER]))
        assert r.status_code == 200
        pushed = read_view(ws, at_least=1)
        assert not holds_the_secret(pushed) and pushed["view"]["waiting_for"] == HOST
        before = {seat: seat_view(http, t, seat) for seat in (HOST, GUESSER)}
    server.kill()
    ws.close()

    server.start()  # same port, same database
    with httpx.Client(base_url=server.url, timeout=10) as http:
        for seat in (HOST, GUESSER):
            after = seat_view(http, t, seat)
            assert after["version"] == 1 and after["view"] == before[seat]["view"], seat
        ws = reconnect(server.ws, t, GUESSER)
        seen = [read_view(ws)]
        while True:
            info = http.get(f"/api/tables/{t['id']}").json()
            if info["over"]:
                break
            if info["waiting_for"] == HOST:
                host_answers(http, t)
            else:
                v = seat_view(http, t, GUESSER)
                r = http.post(f"/api/tables/{t['id']}/seats/{GUESSER}/decisions", headers=auth(t["tokens"][GUESSER]),
                              json={"answer": halving_guess(v["view"]), "version": v["version"]})
                assert r.status_code == 200, r.text
            seen.append(read_view(ws, at_least=info["version"] + 1))
        ws.close()
        assert all(not holds_the_secret(m) for m in seen if not m["view"]["outcome"])
        game = http.get(f"/api/tables/{t['id']}/game").json()
    assert game["decisions"][0] == {"seat": GUESSER, "answer": halving_guess(first["view"])}
    path = tmp_path / "tiny-game.json"
    path.write_text(json.dumps(game, indent=1))
    done = cli("verify", str(path))
    assert done.returncode == 0 and "verified" in done.stdout, done.stdout + done.stderr
    done = cli("replay", str(path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "The guesser says" in done.stdout and f"digest {game['digest']}" in done.stdout
    done = cli("replay", "--json", str(path))
    assert done.returncode == 0 and json.loads(done.stdout)["digest"] == game["digest"]
