"""Live play over WebSockets (issue 4, part 2): each connected seat is pushed its own view after
every change; decisions travel over the same socket; agents play the seats given to them; a
human seat is never decided for."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from scriptkeeper.server.delta import read_view_message

from .conftest import auth
from .test_tables import SECRET_WORDS, create, view, what_the_game_says

SEATS = ("mastermind", "protagonist1", "protagonist2", "protagonist3")


def hello(client: Any, t: dict[str, Any], seat: str, token: str | None = None) -> Any:
    ws = client.websocket_connect(f"/ws/tables/{t['id']}")
    ws.__enter__()
    ws.send_json({"type": "hello", "seat": seat, "token": token if token is not None else t["tokens"].get(seat)})
    return ws


def held_view(ws: Any, m: dict[str, Any]) -> dict[str, Any]:
    """A view message as the page reads it: a push's delta applied to what this socket held, so
    that `view` and `info` are whole (the raw delta stays under `delta`)."""
    ws.sk_held = read_view_message(getattr(ws, "sk_held", None), m)
    return {**m, **ws.sk_held}


def next_view(ws: Any, version: int, seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Read messages until a view of at least `version` (earlier ones are for claims and the like)."""
    for _ in range(50):
        m = ws.receive_json()
        if m["type"] == "view":
            m = held_view(ws, m)
        if seen is not None:
            seen.append(m)
        if m["type"] == "view" and m["version"] >= version:
            return m
    raise AssertionError("no view arrived")


def next_error(ws: Any) -> dict[str, Any]:
    for _ in range(50):
        m = ws.receive_json()
        if m["type"] == "error":
            return m
    raise AssertionError("no error arrived")


def test_every_seat_is_pushed_its_own_view_after_a_change(client: Any) -> None:
    t = create(client)
    socks = {s: hello(client, t, s) for s in (*SEATS, "observer")}
    try:
        first = {s: next_view(ws, 0) for s, ws in socks.items()}
        d = first["mastermind"]["view"]["decision"]
        socks["mastermind"].send_json({"type": "decide", "id": 1, "answer": d["options"][0]["value"], "version": 0})
        seen: list[dict[str, Any]] = []
        mm = next_view(socks["mastermind"], 1, seen)
        assert [m["type"] for m in seen if m["type"] in ("ack", "view") and m.get("version") == 1][:2] == ["ack", "view"]
        # The script did not change: the push does not send it again (the client keeps its copy).
        assert mm["view"]["seat"] == "mastermind" and "script" in mm["view"] and "script" not in mm["delta"]["d"]["view"]["d"]
        pushed = {}
        for seat in ("protagonist1", "protagonist2", "protagonist3", "observer"):
            m = pushed[seat] = next_view(socks[seat], 1)
            assert m["view"]["seat"] == seat
            assert m["view"]["waiting_for"] == "mastermind" and "decision" not in m["view"]
            assert "script" not in m["view"] and "script" not in json.dumps(m["delta"])
            text = what_the_game_says(m)
            for secret in SECRET_WORDS:
                assert secret not in text
        # The Mastermind's placed card is face down for the Protagonists, face up for the Mastermind.
        p1 = pushed["protagonist1"]
        assert all(c["card"] is None for c in p1["view"]["cards_on_board"] if c["by"] == "mastermind")
        assert any(c["card"] for c in mm["view"]["cards_on_board"])
    finally:
        for ws in socks.values():
            ws.__exit__(None, None, None)


def test_socket_refusals_leave_the_game_unchanged(client: Any) -> None:
    t = create(client)
    bad = hello(client, t, "mastermind", token=t["tokens"]["protagonist1"])
    m = bad.receive_json()
    assert m["type"] == "error" and m["status"] == 403
    bad.__exit__(None, None, None)
    p1 = hello(client, t, "protagonist1")
    mm = hello(client, t, "mastermind")
    try:
        d = next_view(mm, 0)["view"]["decision"]
        legal = d["options"][0]["value"]
        p1.send_json({"type": "decide", "id": "a", "answer": legal})
        err = next_error(p1)
        assert err == {"type": "error", "id": "a", "status": 409, "reason": "it is Mastermind's decision, not Protagonist 1's",
                       "code": "server.error.not_your_decision", "waiting_for": "mastermind"}
        mm.send_json({"type": "decide", "id": "b", "answer": "hospital"})
        m = next_error(mm)
        assert m["status"] == 422 and m["id"] == "b"
        assert view(client, t, "mastermind").json()["version"] == 0
        mm.send_json({"type": "decide", "id": "c", "answer": legal})
        assert next_view(mm, 1)["version"] == 1
    finally:
        p1.__exit__(None, None, None)
        mm.__exit__(None, None, None)


def test_agents_play_a_whole_game_and_the_observer_watches(client: Any) -> None:
    t = create(client, agents={s: "random" for s in SEATS})
    obs = hello(client, t, "observer")
    try:
        deadline = time.time() + 30
        while True:
            m = obs.receive_json()
            if m["type"] == "view":
                m = held_view(obs, m)
                if m["view"]["outcome"]:
                    break
            assert time.time() < deadline
        # Game over: everything is revealed to everyone, the observer included.
        assert m["view"]["script"]["main_plot"] == "a_place_to_protect"
        assert m["info"]["over"] is True and m["version"] > 10
    finally:
        obs.__exit__(None, None, None)


def test_a_human_seat_is_never_decided_for(client: Any) -> None:
    t = create(client, agents={"protagonist1": "random", "protagonist2": "random", "protagonist3": "random"})
    time.sleep(0.5)
    b = view(client, t, "mastermind").json()
    assert b["version"] == 0 and b["view"]["decision"]["seat"] == "mastermind"


@pytest.mark.parametrize("bad", ["not json", "[1, 2]", json.dumps({"type": "dance"})])
def test_malformed_socket_messages_get_an_error(client: Any, bad: str) -> None:
    t = create(client)
    ws = hello(client, t, "protagonist1")
    try:
        ws.send_text(bad)
        assert next_error(ws)["status"] == 400
    finally:
        ws.__exit__(None, None, None)
    assert client.get(f"/api/tables/{t['id']}/seats/protagonist1/view", headers=auth(t["tokens"]["protagonist1"])).json()["version"] == 0


def test_pushed_views_send_only_what_changed_and_add_up_to_the_whole_view(client: Any) -> None:
    """After the first (whole) view, a push carries only `delta`: the new log and event entries
    appended, the parts that changed patched, nothing that stayed as it was; a client that applies
    them holds exactly the view and info the server would send whole."""
    t = create(client)
    p1 = hello(client, t, "protagonist1")
    try:
        first = p1.receive_json()
        while first["type"] != "view":
            first = p1.receive_json()
        held = read_view_message(None, first)
        assert "delta" not in first and isinstance(held["view"]["log"], list)
        for n in range(1, 7):
            b = view(client, t, "mastermind").json()
            seat = b["view"].get("decision", {}).get("seat") or b["view"]["waiting_for"]
            v = view(client, t, seat).json()
            answer = v["view"]["decision"]["options"][0]["value"]
            assert client.post(f"/api/tables/{t['id']}/seats/{seat}/decisions", json={"answer": answer},
                               headers=auth(t["tokens"][seat])).status_code == 200
            m = p1.receive_json()
            while m["type"] != "view":
                m = p1.receive_json()
            assert m["version"] == n and set(m) == {"type", "table", "version", "lang", "delta"}
            changed = m["delta"]["d"]["view"]["d"]
            for key in ("log", "events"):
                if key in changed:  # a list that grows: only its new entries
                    assert changed[key]["k"] == len(held["view"][key]) and not changed[key]["l"]
            assert "names" not in changed and "script" not in changed  # what never changes is never resent
            held = read_view_message(held, m)
            whole = client.get(f"/api/tables/{t['id']}/seats/protagonist1/view", headers=auth(t["tokens"]["protagonist1"])).json()
            assert held == {"view": whole["view"], "info": whole["info"]} and held["info"]["version"] == n
    finally:
        p1.__exit__(None, None, None)


def test_a_hello_without_a_seat_watches_as_the_games_observer(client: Any) -> None:
    t = create(client)
    ws = client.websocket_connect(f"/ws/tables/{t['id']}")
    ws.__enter__()
    try:
        ws.send_json({"type": "hello"})
        m = next_view(ws, 0)
        assert m["view"]["seat"] == "observer" and m["info"]["observer_seat"] == "observer"
        assert "decision" not in m["view"] and m["info"]["chat_open"] is False
        ws.send_json({"type": "chat", "id": 1, "text": "hi"})
        assert next_error(ws)["status"] == 403
    finally:
        ws.__exit__(None, None, None)
