"""Tables over REST: create, list, join, watch, and every refusal (issue 4, part 1).

A seat token opens only its own seat; a decision that is not the asker's to make, not legal, or
answers a stale version is refused with a 4xx and a reason, and the game does not change.
"""

from __future__ import annotations

import json
import time
from typing import Any

from scriptkeeper.core import registry

from .conftest import auth

SCRIPT = "first_steps/whispers_at_the_gate"
SECRET_WORDS = ("key_person", "cultist", "conspiracy_theorist", "a_place_to_protect", "an_unsettling_rumor")


def what_the_game_says(message: dict[str, Any]) -> str:
    """A message or body as text, without the view's names table: the names of every role and plot
    of the set, the same for every seat (the rule book is public; which role is whose is not)."""
    view = message.get("view")
    if isinstance(view, dict) and "names" in view:
        message = {**message, "view": {k: v for k, v in view.items() if k != "names"}}
    return json.dumps(message)


def create(client: Any, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"script": SCRIPT, "seed": 7, **body})
    assert r.status_code == 201, r.text
    return r.json()


def view(client: Any, t: dict[str, Any], seat: str, token: str | None = None) -> Any:
    headers = auth(token if token is not None else t["tokens"][seat]) if seat != "observer" or token else {}
    return client.get(f"/api/tables/{t['id']}/seats/{seat}/view", headers=headers)


def decide(client: Any, t: dict[str, Any], seat: str, answer: Any, token: str | None = None, **extra: Any) -> Any:
    return client.post(f"/api/tables/{t['id']}/seats/{seat}/decisions", json={"answer": answer, **extra},
                       headers=auth(token if token is not None else t["tokens"][seat]))


def test_create_from_shipped_script_lists_public_facts_only(client: Any) -> None:
    t = create(client, name="Friday game")
    assert set(t["tokens"]) == {"mastermind", "protagonist1", "protagonist2", "protagonist3"}
    assert len(set(t["tokens"].values())) == 4 and all(len(tok) >= 32 for tok in t["tokens"].values())
    listed = client.get("/api/tables").json()
    assert [x["id"] for x in listed] == [t["id"]]
    text = json.dumps(listed) + json.dumps(client.get(f"/api/tables/{t['id']}").json())
    for secret in (*SECRET_WORDS, *t["tokens"].values(), "salt", "script_text", "whispers"):
        assert secret not in text
    assert listed[0]["name"] == "Friday game" and listed[0]["game"] == "tragedy_looper"
    assert listed[0]["public"] == {"set": "First Steps", "loops": 2, "days": 3, "incidents": 1}
    assert listed[0]["commitment"] == t["commitment"] and len(t["commitment"]) == 64


def test_create_from_script_text_and_refuse_an_illegal_one(client: Any) -> None:
    text = registry.get("tragedy_looper").shipped_setups()[SCRIPT].read_text()
    r = client.post("/api/tables", json={"script_yaml": text})
    assert r.status_code == 201
    bad = text.replace("doctor: cultist", "doctor: key_person")
    r = client.post("/api/tables", json={"script_yaml": bad})
    assert r.status_code == 422
    assert r.json()["error"] == "the script breaks script-creation rules (2 problems)" and len(r.json()["problems"]) == 2
    assert r.json()["code"] == "server.error.script_breaks_rules"
    # The server opens shipped scripts by name, never a path a client sends.
    r = client.post("/api/tables", json={"script": "/etc/passwd"})
    assert r.status_code == 404


def test_a_seat_token_opens_only_its_own_seat(client: Any) -> None:
    t = create(client)
    assert view(client, t, "protagonist1").status_code == 200
    names = {"mastermind": "Mastermind", "protagonist1": "Protagonist 1", "protagonist2": "Protagonist 2"}  # as the refusal names them
    for seat, other in [("mastermind", "protagonist1"), ("protagonist2", "protagonist1"), ("protagonist1", "mastermind")]:
        r = view(client, t, seat, token=t["tokens"][other])
        assert r.status_code == 403 and names[seat] in r.json()["error"] and r.json()["code"] == "server.error.wrong_token"
    assert view(client, t, "protagonist1", token="").status_code == 403
    assert client.get(f"/api/tables/{t['id']}/seats/mastermind/view").status_code == 403


def test_protagonist_and_observer_views_hold_no_secret(client: Any) -> None:
    t = create(client)
    for seat in ("protagonist1", "observer"):
        body = view(client, t, seat).json()
        text = what_the_game_says(body)
        assert "script" not in body["view"] and "roles" not in body["view"]
        for secret in SECRET_WORDS:
            assert secret not in text, (seat, secret)
    mm = view(client, t, "mastermind").json()
    assert mm["view"]["script"]["main_plot"] == "a_place_to_protect"
    # The names table is the set's, the same for every seat: it cannot tell a secret.
    assert body["view"]["names"] == mm["view"]["names"] and mm["view"]["names"]["role"]["key_person"] == "Key Person"


def wait_turn(client: Any, t: dict[str, Any], seat: str, timeout: float = 10.0) -> dict[str, Any]:
    """Poll `seat`'s view until it has a decision or the game is over (agents move in the background)."""
    deadline = time.time() + timeout
    while True:
        b = view(client, t, seat).json()
        if b["view"].get("decision") or b["view"]["outcome"]:
            return b
        assert time.time() < deadline, f"{seat} still waits for {b['view'].get('waiting_for')}"
        time.sleep(0.01)


def game_key(client: Any, t: dict[str, Any]) -> tuple[int, str]:
    b = view(client, t, "mastermind").json()
    return b["version"], json.dumps(b["view"], sort_keys=True)


def test_refused_decisions_leave_the_game_unchanged(client: Any) -> None:
    t = create(client)
    before = game_key(client, t)
    mm = view(client, t, "mastermind").json()["view"]["decision"]
    legal = mm["options"][0]["value"]
    # Another seat's decision with one's own token: 403.
    r = decide(client, t, "mastermind", legal, token=t["tokens"]["protagonist1"])
    assert r.status_code == 403
    # Not the asker's decision to make: 409 naming whose it is.
    r = decide(client, t, "protagonist1", legal)
    assert r.status_code == 409 and r.json()["waiting_for"] == "mastermind"
    # Not among the legal options: 422 with the legal list.
    r = decide(client, t, "mastermind", {"card": "no_such_card", "target": "school"})
    assert r.status_code == 422 and legal in r.json()["legal"]
    # A stale version: 409.
    r = decide(client, t, "mastermind", legal, version=5)
    assert r.status_code == 409 and r.json()["version"] == 0
    # Observers never act.
    r = client.post(f"/api/tables/{t['id']}/seats/observer/decisions", json={"answer": legal})
    assert r.status_code == 403
    assert game_key(client, t) == before
    r = decide(client, t, "mastermind", legal, version=0)
    assert r.status_code == 200 and r.json()["version"] == 1


def test_join_a_free_seat_from_the_lobby(client: Any) -> None:
    t = create(client)
    r = client.post(f"/api/tables/{t['id']}/join", json={"seat": "protagonist2", "name": "Aki"})
    assert r.status_code == 200
    token = r.json()["token"]
    assert token != t["tokens"]["protagonist2"]  # the unused invitation link dies
    assert view(client, t, "protagonist2", token=token).status_code == 200
    assert view(client, t, "protagonist2").status_code == 403
    assert client.post(f"/api/tables/{t['id']}/join", json={"seat": "protagonist2"}).status_code == 409
    assert client.post(f"/api/tables/{t['id']}/join", json={"seat": "mastermind"}).status_code == 403
    info = client.get(f"/api/tables/{t['id']}").json()
    seat = info["seats"]["protagonist2"]
    assert {k: seat[k] for k in ("controller", "claimed", "player_name", "connected")} == {
        "controller": "human", "claimed": True, "player_name": "Aki", "connected": 0}
    assert seat["handover_at"] > time.time()  # announced: from then on the Mastermind may give the seat away
    closed = create(client, open_seats=False)
    assert client.post(f"/api/tables/{closed['id']}/join", json={"seat": "protagonist1"}).status_code == 403


def test_only_the_mastermind_gives_seats_to_the_agent(client: Any) -> None:
    t = create(client)
    url = f"/api/tables/{t['id']}/seats/protagonist1/controller"
    assert client.put(url, json={"controller": "random"}, headers=auth(t["tokens"]["protagonist1"])).status_code == 403
    assert client.put(url, json={"controller": "genius"}, headers=auth(t["tokens"]["mastermind"])).status_code == 422
    for seat in ("protagonist1", "protagonist2", "protagonist3"):
        r = client.put(f"/api/tables/{t['id']}/seats/{seat}/controller", json={"controller": "random"},
                       headers=auth(t["tokens"]["mastermind"]))
        assert r.status_code == 200
    # Now the Mastermind plays against three agents: each time the Mastermind answers, the agents
    # answer until it is the Mastermind's turn again (or the game ends).
    for _ in range(400):
        b = wait_turn(client, t, "mastermind")
        if b["view"]["outcome"]:
            break
        assert decide(client, t, "mastermind", b["view"]["decision"]["options"][0]["value"]).status_code == 200
    assert view(client, t, "mastermind").json()["view"]["outcome"]["winner"] in ("protagonists", "mastermind")
    # A seat played by the agent refuses a human's answer.
    t2 = create(client, agents={"mastermind": "random"})
    b = view(client, t2, "protagonist1").json()
    assert b["info"]["seats"]["mastermind"]["controller"] == "random"


def test_unknown_tables_and_seats(client: Any) -> None:
    t = create(client)
    assert client.get("/api/tables/nope").status_code == 404
    assert client.get(f"/api/tables/{t['id']}/seats/protagonist9/view", headers=auth("x")).status_code == 404
    two = create(client, players=2)
    assert set(two["tokens"]) == {"mastermind", "protagonist1"}
    assert client.post("/api/tables", json={"script": SCRIPT, "players": 3}).status_code == 422


def test_the_agents_are_listed_and_each_can_fill_any_seat(client: Any) -> None:
    """Issue 5: agents are chosen by name wherever a seat is filled; the page's menus come from /api/agents."""
    listed = client.get("/api/agents").json()
    assert [a["name"] for a in listed][:3] == ["random", "rule", "search"]  # weakest first
    assert all(a["description"] for a in listed)
    assert client.get("/api/agents?game=no_such_game").status_code == 404
    agents = {"mastermind": "search", "protagonist1": "rule", "protagonist2": "search", "protagonist3": "random"}
    t = create(client, agents=agents)
    deadline = time.time() + 120
    while True:
        b = view(client, t, "mastermind").json()
        if b["view"]["outcome"]:
            break
        assert time.time() < deadline, "the agents did not finish the game"
        time.sleep(0.05)
    assert b["view"]["outcome"]["winner"] in ("mastermind", "protagonists")
    assert {s: r["controller"] for s, r in b["info"]["seats"].items()} == agents
    # While an agent thinks in its worker thread, the server still answers.
    assert client.get("/api/health").status_code == 200


def test_a_refusal_and_the_default_table_name_are_worded_in_the_readers_language(client: Any) -> None:
    """Issue 19: what a player reads of the server is in their language (the request's `?lang=` or
    Accept-Language): a refused seat token, and the name of a table its creator did not name.
    English keeps its words; the status code is the same in every language."""
    from scriptkeeper.core.text import Ref, T
    from scriptkeeper.server.service import seat_names_of
    from scriptkeeper.server.texts import server_words

    t = create(client)
    wrong = {"Authorization": f"Bearer {t['tokens']['protagonist1']}"}
    english = client.get(f"/api/tables/{t['id']}/seats/mastermind/view", headers=wrong)
    korean = client.get(f"/api/tables/{t['id']}/seats/mastermind/view", headers={**wrong, "Accept-Language": "ko-KR,ko;q=0.9"})
    assert english.status_code == korean.status_code == 403
    assert english.json()["error"] == "this token is not the seat token of Mastermind: a seat sees and decides only for itself"
    ko_seats = seat_names_of(registry.get("tragedy_looper"), "ko")
    assert korean.json()["error"] == server_words("ko", ko_seats)(T("server.error.wrong_token", seat=Ref("seat", "mastermind")))
    assert dict(ko_seats)["mastermind"] in korean.json()["error"]  # the seat as the Korean catalog names it
    assert english.json()["code"] == korean.json()["code"] == "server.error.wrong_token"
    info_en = client.get(f"/api/tables/{t['id']}").json()
    info_ja = client.get(f"/api/tables/{t['id']}?lang=ja").json()
    assert info_en["name"] == f"{info_en['game_title']} table"
    assert info_ja["name"] == server_words("ja")(T("server.table.default_name", title=info_ja["game_title"]))
    assert [x["name"] for x in client.get("/api/tables?lang=ja").json()] == [info_ja["name"]]
    assert create(client, name="Friday game")["id"] and "Friday game" in [x["name"] for x in client.get("/api/tables?lang=ru").json()]
