"""Issue 21, items 1 and 8: input that once broke a table, the lobby or a socket is refused with a
4xx, and nothing changes. A lone UTF-16 surrogate or a NUL byte in a player's name used to change
the seat in memory before the database refused it; from then on `GET /api/tables` answered 500
for everyone."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import auth
from .test_live import hello
from .test_tables import SCRIPT, create, view

LONE_SURROGATE = '{"seat": "protagonist1", "name": "Mio \\ud800"}'  # valid JSON; not valid Unicode


@pytest.mark.parametrize("body", [LONE_SURROGATE, '{"seat": "protagonist1", "name": "Mio\\u0000"}',
                                  '{"seat": "protagonist1", "name": "a\\u001b[31mred"}',
                                  json.dumps({"seat": "protagonist1", "name": "x" * 5000})])
def test_a_bad_player_name_is_refused_and_the_lobby_stays_up(client: Any, body: str) -> None:
    t = create(client)
    r = client.post(f"/api/tables/{t['id']}/join", content=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 422, r.text
    assert client.get("/api/tables").status_code == 200
    info = client.get(f"/api/tables/{t['id']}").json()
    assert info["seats"]["protagonist1"]["claimed"] is False and info["seats"]["protagonist1"]["player_name"] == ""
    ok = client.post(f"/api/tables/{t['id']}/join", json={"seat": "protagonist1", "name": "Mio"})
    assert ok.status_code == 200


def test_a_seat_changes_in_memory_only_after_the_store_accepted_it(client: Any) -> None:
    t = create(client)
    service = client.app.state.service

    async def broken(*args: Any, **kw: Any) -> bool:
        raise RuntimeError("the database refused the write")

    service.store.claim_seat = broken
    with pytest.raises(RuntimeError):
        client.post(f"/api/tables/{t['id']}/join", json={"seat": "protagonist1", "name": "Mio"})
    seat = service.tables[t["id"]].seats["protagonist1"]
    assert not seat.claimed and seat.player_name == "" and seat.token == t["tokens"]["protagonist1"]
    assert client.get("/api/tables").status_code == 200


def test_bad_chat_text_is_refused(client: Any) -> None:
    t = create(client)
    for text in ("hi\x00there", "\ud800", "\x07bell", " ", "x" * 1001):
        r = client.post(f"/api/tables/{t['id']}/seats/mastermind/chat", content=json.dumps({"text": text}),
                        headers={**auth(t["tokens"]["mastermind"]), "Content-Type": "application/json"})
        assert r.status_code == 422, text
    ok = client.post(f"/api/tables/{t['id']}/seats/mastermind/chat", json={"text": "line one\nline two"},
                     headers=auth(t["tokens"]["mastermind"]))
    assert ok.status_code == 200
    assert [m["text"] for m in view(client, t, "mastermind").json()["chat"]] == ["line one\nline two"]


@pytest.mark.parametrize("name", ["bad\x00table", "\udfff"])
def test_a_bad_table_name_is_refused(client: Any, name: str) -> None:
    r = client.post("/api/tables", content=json.dumps({"script": SCRIPT, "name": name}), headers={"Content-Type": "application/json"})
    assert r.status_code == 422
    assert client.get("/api/tables").status_code == 200


def test_odd_tokens_over_rest_are_refused_with_403(client: Any) -> None:
    t = create(client)
    for token in (b"Bearer \xc3\xa9\xc3\xa9", b"Bearer " + b"x" * 5000, b"Bearer \x01"):
        for path in (f"/api/tables/{t['id']}/seats/protagonist1/view", f"/api/tables/{t['id']}/admin", f"/api/tables/{t['id']}/game"):
            r = client.get(path, headers={"Authorization": token})
            assert r.status_code == 403, (path, r.status_code)
        r = client.post(f"/api/tables/{t['id']}/seats/protagonist1/claim", headers={"Authorization": token})
        assert r.status_code == 403


def test_odd_tokens_in_the_websocket_hello_are_refused(client: Any) -> None:
    t = create(client)
    for token in (123, ["x"], {"a": 1}, "é" * 10, True):
        ws = hello(client, t, "protagonist1", token=token)
        m = ws.receive_json()
        assert m["type"] == "error" and m["status"] == 403, token
        ws.__exit__(None, None, None)
    assert client.get("/api/tables").status_code == 200


def test_seeds_out_of_range_are_refused(client: Any) -> None:
    for seed in (2**31, 2**63, 10**30, -1, 1.5, "x"):
        r = client.post("/api/tables", json={"script": SCRIPT, "seed": seed})
        assert r.status_code == 422, seed
    assert client.post("/api/tables", json={"script": SCRIPT, "seed": 2**31 - 1}).status_code == 201


def test_a_binary_websocket_frame_gets_an_error_and_the_socket_lives_on(client: Any) -> None:
    t = create(client)
    ws = hello(client, t, "mastermind")
    assert ws.receive_json()["type"] == "chat_history"
    assert ws.receive_json()["type"] == "view"
    ws.send_bytes(b"\x00\x01binary")
    m = ws.receive_json()
    assert m["type"] == "error" and m["status"] == 400
    ws.send_text("[" * 100_000 + "]" * 100_000)
    assert ws.receive_json()["status"] in (400, 413)
    ws.send_json({"type": "ping", "id": 1})
    assert ws.receive_json() == {"type": "pong", "id": 1}
    ws.__exit__(None, None, None)


def test_a_binary_hello_closes_the_socket_without_a_server_error(client: Any) -> None:
    t = create(client)
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        ws.send_bytes(b"\xff\xfe")
        msg = ws.receive()
        assert msg["type"] == "websocket.close" and msg["code"] == 4400


def test_deeply_nested_json_and_huge_bodies_get_4xx(client: Any) -> None:
    t = create(client)
    deep = '{"answer": ' + "[" * 50_000 + "]" * 50_000 + "}"
    r = client.post(f"/api/tables/{t['id']}/seats/mastermind/decisions", content=deep,
                    headers={**auth(t["tokens"]["mastermind"]), "Content-Type": "application/json"})
    assert 400 <= r.status_code < 500
    big = json.dumps({"script": SCRIPT, "name": "x" * 300_000})
    r = client.post("/api/tables", content=big, headers={"Content-Type": "application/json"})
    assert r.status_code == 413
    assert client.get("/api/tables").status_code == 200


def test_nul_in_chat_on_postgresql_is_a_422(pg_schema: tuple[str, str], make_client: Any) -> None:
    url, schema = pg_schema
    from fastapi.testclient import TestClient

    from scriptkeeper.server.app import create_app

    with TestClient(create_app(url, schema=schema)) as c:
        t = create(c)
        r = c.post(f"/api/tables/{t['id']}/join", content='{"seat": "protagonist1", "name": "a\\u0000b"}',
                   headers={"Content-Type": "application/json"})
        assert r.status_code == 422
        r = c.post(f"/api/tables/{t['id']}/seats/mastermind/chat", content='{"text": "a\\u0000b"}',
                   headers={**auth(t["tokens"]["mastermind"]), "Content-Type": "application/json"})
        assert r.status_code == 422
        assert c.post("/api/tables", json={"script": SCRIPT, "seed": 2**31}).status_code == 422
        assert c.get("/api/tables").status_code == 200
