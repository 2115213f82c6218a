"""Chat and Table Talk (issue 4, part 4; seed 004 "during a loop the Protagonists may not talk to
each other; talk before loops must be visible to the Mastermind"; seed 000, Last Liar: Table Talk
off during loops). The Mastermind sees all chat; with Table Talk off the Protagonists talk only
between loops."""

from __future__ import annotations

import random
from typing import Any

from .conftest import auth
from .test_live import hello
from .test_tables import create, decide, view, wait_turn


def say(client: Any, t: dict[str, Any], seat: str, text: str) -> Any:
    return client.post(f"/api/tables/{t['id']}/seats/{seat}/chat", json={"text": text},
                       headers=auth(t["tokens"][seat]) if seat in t["tokens"] else {})


def first_mastermind_card(client: Any, t: dict[str, Any]) -> None:
    d = view(client, t, "mastermind").json()["view"]["decision"]
    assert d["kind"] == "place_card"
    assert decide(client, t, "mastermind", d["options"][0]["value"]).status_code == 200


def test_with_table_talk_on_protagonists_talk_during_the_loop_and_the_mastermind_reads_it(client: Any) -> None:
    t = create(client)
    mm = hello(client, t, "mastermind")
    try:
        first_mastermind_card(client, t)
        r = say(client, t, "protagonist2", "I think the Doctor is up to something")
        assert r.status_code == 200
        for _ in range(20):
            m = mm.receive_json()
            if m["type"] == "chat":
                break
        assert m["message"]["seat"] == "protagonist2" and m["message"]["text"] == "I think the Doctor is up to something"
    finally:
        mm.__exit__(None, None, None)
    assert [c["text"] for c in view(client, t, "protagonist1").json()["chat"]] == ["I think the Doctor is up to something"]


def test_with_table_talk_off_protagonists_are_silent_during_a_loop(client: Any) -> None:
    t = create(client, table_talk=False)
    # Before the loop's first card: still between loops.
    assert view(client, t, "protagonist1").json()["info"]["chat_open"] is True
    assert say(client, t, "protagonist1", "plan: guard the school").status_code == 200
    first_mastermind_card(client, t)
    assert view(client, t, "protagonist1").json()["info"]["chat_open"] is False
    r = say(client, t, "protagonist1", "psst")
    assert r.status_code == 409 and "Table Talk is off" in r.json()["error"]
    # The Mastermind may always speak, and sees everything said.
    assert view(client, t, "mastermind").json()["info"]["chat_open"] is True
    assert say(client, t, "mastermind", "the clock is ticking").status_code == 200
    assert [c["text"] for c in view(client, t, "mastermind").json()["chat"]] == ["plan: guard the school", "the clock is ticking"]
    # Observers never talk.
    assert client.post(f"/api/tables/{t['id']}/seats/observer/chat", json={"text": "hi"}).status_code == 403


def test_with_table_talk_off_protagonists_talk_again_between_loops(client: Any) -> None:
    """Basic Tragedy asks the Leader at a lost loop's end: next loop or Final Guess. Chat is open there."""
    seats = ("protagonist1", "protagonist2", "protagonist3")
    for seed in range(40):
        t = create(client, script="basic_tragedy/borrowed_tomorrow", seed=seed, table_talk=False,
                    agents={s: "random" for s in seats})
        rng = random.Random(seed)
        closed_seen = False
        for _ in range(300):
            b = wait_turn(client, t, "mastermind", timeout=10)
            if b["view"]["outcome"] or b["view"]["loop"] == 2:
                break
            p = view(client, t, "protagonist1").json()
            if p["view"]["phase"] not in ("loop_start", "loop_end", "final_guess") and p["view"]["cards_on_board"]:
                assert p["info"]["chat_open"] is False
                closed_seen = True
            d = b["view"]["decision"]
            decide(client, t, "mastermind", rng.choice(d["options"])["value"])
        if closed_seen and view(client, t, "mastermind").json()["view"]["loop"] == 2:
            break
    else:
        raise AssertionError("no seed reached loop 2")
    # Loop 1 was lost and loop 2 has begun: before the Mastermind's first card, the Protagonists
    # talk (the Leader chose "next loop" at loop end, which is between loops too).
    p = wait_turn(client, t, "mastermind")
    pv = view(client, t, "protagonist3").json()
    assert pv["view"]["loop"] == 2 and not pv["view"]["cards_on_board"]
    assert pv["info"]["chat_open"] is True
    assert say(client, t, "protagonist3", "the Boy must be the Key Person").status_code == 200
