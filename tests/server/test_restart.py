"""Nothing lost (issue 4, part 3): every acknowledged decision is stored; after the server process
is killed (SIGKILL, no clean shutdown) and started again, every table is exactly where it was,
and a client reconnects to it. Run against SQLite and PostgreSQL."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from scriptkeeper.core.fairness import verify_game
from scriptkeeper.server.delta import read_view_message

SCRIPT = "first_steps/whispers_at_the_gate"


def h(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def play_some(http: httpx.Client, t: dict[str, Any], n: int, rng: random.Random) -> int:
    """Answer `n` decisions (or until the game ends) with random legal options, each by its seat over REST."""
    done = 0
    while done < n:
        info = http.get(f"/api/tables/{t['id']}").json()
        seat = info["waiting_for"]
        if seat is None:
            break
        v = http.get(f"/api/tables/{t['id']}/seats/{seat}/view", headers=h(t["tokens"][seat])).json()
        opts = v["view"]["decision"]["options"]
        r = http.post(f"/api/tables/{t['id']}/seats/{seat}/decisions", headers=h(t["tokens"][seat]),
                      json={"answer": rng.choice(opts)["value"], "version": v["version"]})
        assert r.status_code == 200, r.text
        done += 1
    return done


def snapshot(http: httpx.Client, t: dict[str, Any]) -> dict[str, Any]:
    return {seat: http.get(f"/api/tables/{t['id']}/seats/{seat}/view", headers=h(tok)).json() for seat, tok in t["tokens"].items()}


def read_view(ws: Any, at_least: int = 0, timeout: float = 10) -> dict[str, Any]:
    deadline = time.time() + timeout
    while True:
        m = json.loads(ws.recv(timeout=max(0.01, deadline - time.time())))
        if m["type"] == "view":  # a push's delta applied to what this socket held: a whole view
            ws.sk_held = read_view_message(getattr(ws, "sk_held", None), m)
            m = {**m, **ws.sk_held}
        if m["type"] == "view" and m["version"] >= at_least:
            return m


def reconnect(ws_url: str, t: dict[str, Any], seat: str, timeout: float = 20) -> Any:
    """What a client does after losing its server: retry until it is back, then say hello again."""
    deadline = time.time() + timeout
    while True:
        try:
            ws = connect(f"{ws_url}/ws/tables/{t['id']}", open_timeout=2)
            ws.__enter__()  # closed by the caller's ws.close()
            ws.send(json.dumps({"type": "hello", "seat": seat, "token": t["tokens"].get(seat)}))
            return ws
        except (OSError, TimeoutError):
            if time.time() > deadline:
                raise
            time.sleep(0.1)


def test_kill_and_restart_keeps_every_table(server_factory: Any, database: tuple[str, str | None]) -> None:
    db, schema = database
    server = server_factory(db=db, schema=schema).start()
    assert "serving on http://127.0.0.1:" in server.banner
    rng = random.Random(4)
    with httpx.Client(base_url=server.url, timeout=10) as http:
        t = http.post("/api/tables", json={"script": SCRIPT, "seed": 21, "name": "kill me"}).json()
        other = http.post("/api/tables", json={"script": "basic_tragedy/borrowed_tomorrow", "seed": 5}).json()
        assert play_some(http, t, 12, rng) == 12
        play_some(http, other, 5, rng)
        ws = reconnect(server.ws, t, "protagonist1")
        assert read_view(ws)["version"] == 12
        before = {t["id"]: snapshot(http, t), other["id"]: snapshot(http, other)}
        chat = http.post(f"/api/tables/{t['id']}/seats/mastermind/chat", headers=h(t["tokens"]["mastermind"]),
                         json={"text": "still here after the crash?"})
        assert chat.status_code == 200
        mid_game = http.get(f"/api/tables/{t['id']}/game", headers=h(t["tokens"]["mastermind"])).json()

    server.kill()
    with pytest.raises((ConnectionClosed, TimeoutError, OSError)):
        for _ in range(100):
            ws.recv(timeout=0.2)
    ws.close()

    server.start()  # same port, same database
    with httpx.Client(base_url=server.url, timeout=10) as http:
        ws = reconnect(server.ws, t, "protagonist1")
        back = read_view(ws)
        assert back["version"] == 12
        assert back["view"] == before[t["id"]]["protagonist1"]["view"]
        for table in (t, other):
            after = snapshot(http, table)
            for seat in table["tokens"]:
                assert after[seat]["version"] == before[table["id"]][seat]["version"]
                assert after[seat]["view"] == before[table["id"]][seat]["view"], seat
        assert [m["text"] for m in snapshot(http, t)["mastermind"]["chat"]] == ["still here after the crash?"]
        again = http.get(f"/api/tables/{t['id']}/game", headers=h(t["tokens"]["mastermind"])).json()
        assert again["digest"] == mid_game["digest"] and again["decisions"] == mid_game["decisions"]
        # The reconnected client goes on receiving: play to the end.
        play_some(http, t, 10_000, rng)
        last = read_view(ws, at_least=http.get(f"/api/tables/{t['id']}").json()["version"])
        assert last["view"]["outcome"] is not None
        ws.close()
        final = http.get(f"/api/tables/{t['id']}/game").json()
        assert final["decisions"][:12] == mid_game["decisions"]
        assert verify_game(final).ok


def test_agents_resume_after_a_kill(server_factory: Any, tmp_path: Any) -> None:
    """A table of agents killed mid-game goes on from its last stored decision after the restart."""
    server = server_factory(db=str(tmp_path / "t.db"), agent_delay=0.02).start()
    with httpx.Client(base_url=server.url, timeout=10) as http:
        t = http.post("/api/tables", json={"script": "basic_tragedy/borrowed_tomorrow", "seed": 3,
                                           "agents": {s: "random" for s in ("mastermind", "protagonist1", "protagonist2", "protagonist3")}}).json()
        ws = reconnect(server.ws, t, "observer")
        seen = read_view(ws, at_least=8)["version"]
    server.kill()
    ws.close()
    server.start()
    with httpx.Client(base_url=server.url, timeout=10) as http:
        deadline = time.time() + 30
        while not http.get(f"/api/tables/{t['id']}").json()["over"]:
            assert time.time() < deadline
            time.sleep(0.05)
        final = http.get(f"/api/tables/{t['id']}/game").json()
    assert len(final["decisions"]) > seen  # nothing pushed before the kill was lost, and play went on
    assert verify_game(final).ok
