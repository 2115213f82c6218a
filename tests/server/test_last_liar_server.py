"""Last Liar over the server (seed 000, "Extra Cards", "Table Talk and Player Count"): four seats
play a game to its end through the REST API; before the end no seat's view, the Mastermind's
included, holds another seat's Extra card; the table refuses 2 players and keeps Table Talk off;
at the end every seat sees every card and its own result."""

from __future__ import annotations

import json
import random
from typing import Any

from .conftest import auth

SCRIPT = "last_liar/two_faces_at_the_table"
SEATS = ("mastermind", "protagonist1", "protagonist2", "protagonist3")


def seat_view(client: Any, t: dict[str, Any], seat: str) -> dict[str, Any]:
    r = client.get(f"/api/tables/{t['id']}/seats/{seat}/view", headers=auth(t["tokens"][seat]))
    assert r.status_code == 200, r.text
    return r.json()


def cards_named(view: dict[str, Any]) -> set[str]:
    """Every Extra card a view's JSON names, outside the names table (which names all three, as the rule book does)."""
    text = json.dumps({k: v for k, v in view.items() if k != "names"})
    return {letter for letter in "abc" if f'"Extra Card {letter.upper()}"' in text or f'Extra Card {letter.upper()}' in text}


def test_a_last_liar_table_refuses_two_players_and_table_talk(client: Any) -> None:
    assert client.post("/api/tables", json={"script": SCRIPT, "players": 2}).status_code == 422
    t = client.post("/api/tables", json={"script": SCRIPT, "seed": 3, "table_talk": True}).json()
    assert client.get(f"/api/tables/{t['id']}").json()["table_talk"] is False


def test_four_seats_play_last_liar_to_its_end_each_protagonist_seeing_only_its_own_extra_card(client: Any) -> None:
    t = client.post("/api/tables", json={"script": SCRIPT, "seed": 11}).json()
    rng = random.Random(4)
    own: dict[str, str] = {}
    for seat in SEATS[1:]:
        v = seat_view(client, t, seat)["view"]
        assert list(v["extra_cards"]) == [seat]
        own[seat] = v["extra_cards"][seat]
    assert sorted(own.values()) == ["a", "b", "c"]
    for step in range(2000):
        info = client.get(f"/api/tables/{t['id']}").json()
        if info["over"]:
            break
        announced: set[str] = set()
        # Every fifth decision: a view holds the whole log, so an Extra card named once stays in every later view.
        for seat in SEATS if step % 5 == 0 else ():
            body = seat_view(client, t, seat)
            v = body["view"]
            announced |= {c for e in v["events"] if e["type"] == "traitors_revealed" for c in e["data"]["cards"]}
            if seat == "mastermind":
                assert "extra_cards" not in v and not (cards_named(v) - announced), f"step {step}: the Mastermind sees an Extra card"
            else:
                assert v["extra_cards"] == {seat: own[seat]}
                assert cards_named(v) <= {own[seat]} | announced, f"step {step}: {seat} sees another Extra card"
        seat = info["waiting_for"]
        d = seat_view(client, t, seat)["view"]["decision"]
        answer = d["options"][rng.randrange(len(d["options"]))]["value"]
        r = client.post(f"/api/tables/{t['id']}/seats/{seat}/decisions", json={"answer": answer, "version": info["version"]},
                        headers=auth(t["tokens"][seat]))
        assert r.status_code == 200, r.text
    info = client.get(f"/api/tables/{t['id']}").json()
    assert info["over"]
    results = info["outcome"]["results"]
    assert set(results) == set(SEATS) and "win" in results.values()
    for seat in SEATS:
        v = seat_view(client, t, seat)["view"]
        assert v["extra_cards"] == own
        assert v["outcome"]["results"] == results
