"""Issue 21, item 9: limits. 1,000 anonymous tables in 16 s, a chat of 2,000 messages that made
every view 1.8 MB, 8 all-AI search tables that slowed a human's decision from 15 to 488 ms. Now
table creation, joins and chat are rate-limited per address, the chat history a view carries is
capped (and a table's chat has a maximum), agents think at a bounded number of tables at once
(the others queue), and a seat holds a bounded number of sockets: all configurable."""

from __future__ import annotations

import time
from typing import Any

from scriptkeeper.server.limits import Limits, RateLimiter

from .conftest import auth
from .test_live import hello
from .test_tables import SCRIPT, create, view

SEATS = ("mastermind", "protagonist1", "protagonist2", "protagonist3")


def test_table_creation_is_rate_limited_per_address(make_client: Any) -> None:
    client = make_client(create_burst=3, create_per_minute=6)
    for _ in range(3):
        create(client)
    r = client.post("/api/tables", json={"script": SCRIPT})
    assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1 and r.json()["retry_after"] > 0
    assert len(client.get("/api/tables").json()) == 3
    exempt = make_client(create_burst=1, create_per_minute=1, rate_exempt=("testclient",))  # the host's own tools
    for _ in range(3):
        create(exempt)


def test_joins_and_chat_are_rate_limited_per_address(make_client: Any) -> None:
    client = make_client(join_burst=1, join_per_minute=1, chat_burst=2, chat_per_minute=1)
    t = create(client)
    assert client.post(f"/api/tables/{t['id']}/join", json={"seat": "protagonist1"}).status_code == 200
    assert client.post(f"/api/tables/{t['id']}/join", json={"seat": "protagonist2"}).status_code == 429
    gm = auth(t["tokens"]["mastermind"])
    said = [client.post(f"/api/tables/{t['id']}/seats/mastermind/chat", json={"text": f"m{i}"}, headers=gm).status_code
            for i in range(3)]
    assert said == [200, 200, 429]
    ws = hello(client, t, "mastermind")
    ws.receive_json(), ws.receive_json()
    ws.send_json({"type": "chat", "id": 9, "text": "over the socket"})
    m = ws.receive_json()
    assert m["type"] == "error" and m["status"] == 429 and m["id"] == 9
    ws.__exit__(None, None, None)


def test_the_rate_limiter_refills_and_forgets() -> None:
    rl = RateLimiter(per_minute=60, burst=2, max_addresses=2)
    assert [rl.allow("a", now=0.0), rl.allow("a", now=0.0)] == [0.0, 0.0]
    assert rl.allow("a", now=0.0) > 0
    assert rl.allow("a", now=1.0) == 0.0  # one a second
    assert RateLimiter(per_minute=0, burst=0).allow("a") == 0.0  # 0: no limit
    rl.allow("b", now=1.0)
    rl.allow("c", now=100.0)  # full: the addresses whose bucket refilled are forgotten
    assert len(rl.buckets) <= 2
    assert Limits.from_env({"SCRIPTKEEPER_CHAT_HISTORY": "7", "SCRIPTKEEPER_SECRET_DELAY": "0.1,0.2"}).chat_history == 7
    assert Limits.from_env({"SCRIPTKEEPER_SECRET_DELAY": "0.1,0.2"}).secret_delay == (0.1, 0.2)
    assert Limits.from_env({"SCRIPTKEEPER_RATE_EXEMPT": "127.0.0.1, ::1"}).rate_exempt == ("127.0.0.1", "::1")


def test_views_carry_a_capped_chat_history_and_a_table_chat_has_a_maximum(make_client: Any) -> None:
    client = make_client(chat_history=5, chat_max=12, chat_per_minute=0)
    t = create(client)
    gm = auth(t["tokens"]["mastermind"])
    for i in range(12):
        assert client.post(f"/api/tables/{t['id']}/seats/mastermind/chat", json={"text": f"m{i}"}, headers=gm).status_code == 200
    r = client.post(f"/api/tables/{t['id']}/seats/mastermind/chat", json={"text": "one too many"}, headers=gm)
    assert r.status_code == 409 and "full" in r.json()["error"]
    assert [m["text"] for m in view(client, t, "mastermind").json()["chat"]] == [f"m{i}" for i in range(7, 12)]
    ws = hello(client, t, "observer")
    history = ws.receive_json()
    assert history["type"] == "chat_history" and [m["n"] for m in history["messages"]] == [7, 8, 9, 10, 11]
    ws.__exit__(None, None, None)


def test_a_seat_holds_a_bounded_number_of_sockets(make_client: Any) -> None:
    client = make_client(sockets_per_seat=2)
    t = create(client)
    socks = [hello(client, t, "mastermind") for _ in range(2)]
    for ws in socks:
        assert ws.receive_json()["type"] == "chat_history"
    third = hello(client, t, "mastermind")
    m = third.receive_json()
    assert m["type"] == "error" and m["status"] == 429
    for ws in (*socks, third):
        ws.__exit__(None, None, None)


def test_agents_think_at_a_bounded_number_of_tables_and_the_others_queue(make_client: Any) -> None:
    client = make_client(ai_tables=1)
    service = client.app.state.service
    busy, most = 0, 0
    real = service._agent_commit

    async def counting(table: Any, d: Any, answer: Any) -> bool:
        nonlocal busy, most
        busy += 1
        most = max(most, busy)
        try:
            return await real(table, d, answer)
        finally:
            busy -= 1

    service._agent_commit = counting
    tables = [create(client, agents={s: "random" for s in SEATS}, seed=i) for i in range(3)]
    deadline = time.time() + 60
    while not all(client.get(f"/api/tables/{t['id']}").json()["over"] for t in tables):
        assert time.time() < deadline, "the queued tables did not finish"
        time.sleep(0.05)
    assert most == 1
