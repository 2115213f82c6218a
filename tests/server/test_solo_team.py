"""Several human Protagonists at one table (issue 14): the one who takes the Final Guess form shares
it as it changes, and the other human Protagonists follow it live; every seat's page is given each
loop's summary (what the loop revealed, from that seat's view)."""

from __future__ import annotations

import time

import pytest
from typing import Any

from scriptkeeper.server import team

from .conftest import auth
from .test_live import hello, next_view

SOLO = "basic_tragedy/ink_on_the_shrine_steps"
# With these two humans (seed 1), the Leader at the Final Guess (Protagonist 2) is an AI, so the first
# human after it takes it; with the other two, the Leader is human and takes it. (Which seat leads at
# the Final Guess depends on how long the AI Mastermind's game lasts: the pairs were swapped when the
# Mastermind agents changed, issue 22's Mastermind side.)
PAIRS = [("protagonist1", "protagonist3"), ("protagonist1", "protagonist2")]


def get_view(client: Any, t: dict[str, Any], seat: str) -> dict[str, Any]:
    r = client.get(f"/api/tables/{t['id']}/seats/{seat}/view", headers=auth(t["tokens"][seat]))
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def play_to_the_final_guess(client: Any, t: dict[str, Any], humans: tuple[str, ...]) -> tuple[str, dict[str, Any]]:
    """Both humans answer whatever is theirs (first option; the Final Guess at the loop's end) until
    the Final Guess is asked; returns the seat that takes it and its view."""
    deadline = time.time() + 60
    while True:
        assert time.time() < deadline, "no Final Guess in time"
        for seat in humans:
            b = get_view(client, t, seat)
            assert not b["view"]["outcome"], "the game ended before the Final Guess"
            d = b["view"].get("decision")
            if d is None:
                continue
            if d["kind"] == "final_guess":
                return seat, b
            answer = "final_guess" if d["kind"] == "next_loop_or_final_guess" else d["options"][0]["value"]
            client.post(f"/api/tables/{t['id']}/seats/{seat}/decisions", json={"answer": answer, "version": b["version"]},
                        headers=auth(t["tokens"][seat]))
        time.sleep(0.01)


@pytest.mark.parametrize("humans", PAIRS)
def test_the_other_human_protagonists_follow_the_final_guess_form_live(client: Any, humans: tuple[str, str]) -> None:
    ai = next(s for s in ("protagonist1", "protagonist2", "protagonist3") if s not in humans)
    t = client.post("/api/tables", json={"script": SOLO, "seed": 1, "creator": list(humans),
                                         "agents": {"mastermind": "rule", ai: "rule"}}).json()
    assert set(t["tokens"]) == set(humans)
    drafter, b = play_to_the_final_guess(client, t, humans)
    mate = next(s for s in humans if s != drafter)
    assert bool(b["view"]["decision"].get("for_seat")) == (humans == PAIRS[0])  # both cases are met
    assert get_view(client, t, mate)["view"].get("decision") is None  # one form only: the other follows it
    check_the_loop_summary(get_view(client, t, mate)["view"])
    d = b["view"]["decision"]
    keys = [i["key"] for i in d["info"]["series"]["items"]]
    roles = [o["value"] for o in d["options"]]
    assert "team_drafts" not in get_view(client, t, mate)["view"]  # nothing drafted yet
    ws = hello(client, t, drafter)
    try:
        next_view(ws, b["version"])
        # The form as it is: one real answer, one that is no role, one that is no character.
        ws.send_json({"type": "draft", "answers": {keys[0]: roles[-1], keys[1]: "no_such_role", "nobody": roles[0]}})
        deadline = time.time() + 10
        while "team_drafts" not in (mine := get_view(client, t, mate)["view"]):
            assert time.time() < deadline, "the draft never reached the team-mate"
            time.sleep(0.02)
    finally:
        ws.__exit__(None, None, None)
    [draft] = mine["team_drafts"]
    assert draft["seat"] == drafter and [r["key"] for r in draft["rows"]] == keys
    by_key = {r["key"]: r for r in draft["rows"]}
    label = next(o["label"] for o in d["options"] if o["value"] == roles[-1])
    assert by_key[keys[0]]["answer"] == label  # rendered, as the page shows it
    assert by_key[keys[1]]["answer"] is None and "nobody" not in by_key  # only legal answers are shared
    # The drafter does not see its own form twice; a seat that takes no part is refused.
    assert "team_drafts" not in get_view(client, t, drafter)["view"]
    service = client.app.state.service
    table = service.tables[t["id"]]
    pending = table.pending
    assert team.drafts_for(table, "mastermind", pending, lambda s: False) == []  # beyond the team: only aloud
    assert team.drafts_for(table, mate, pending, lambda s: False)  # within the team: always
    ws = hello(client, t, mate)
    try:
        next_view(ws, b["version"])
        ws.send_json({"type": "draft", "id": 7, "answers": {keys[0]: roles[0]}})
        # Only one human drafts (and confirms) the form: the Leader, or when the Leader is an AI the
        # first human after it; the other follows.
        m = next(m for m in iter(ws.receive_json, None) if m["type"] == "error")
        assert m["id"] == 7 and m["status"] == 409
    finally:
        ws.__exit__(None, None, None)
    # Once the form is sent, the drafts go.
    for k in keys:
        v = get_view(client, t, drafter)
        if v["view"]["outcome"]:
            break
        client.post(f"/api/tables/{t['id']}/seats/{drafter}/decisions",
                    json={"answer": roles[0], "version": v["version"]}, headers=auth(t["tokens"][drafter]))
    end = get_view(client, t, mate)["view"]
    assert end["outcome"] and "team_drafts" not in end and table.drafts == {}


def check_the_loop_summary(v: dict[str, Any]) -> None:
    """Every seat is given each loop's summary, from its own view (here: loop 1, lost)."""
    [loop1] = v["loop_summaries"]
    assert loop1["loop"] == 1 and loop1["lost"] is True and loop1["title"] == "What loop 1 showed"
    assert v["log"][loop1["at"]].startswith("Loop 1 ") and all(v["log"][at].startswith(f"Loop 1, day {d} ") for d, at in loop1["days"])
    # What the loop showed is what this seat's log says of it, never a Mastermind-only line.
    said = set(v["log"])
    assert any(line.endswith("the Protagonists have lost this loop.") for line in loop1["lines"])
    assert all(line.split(": ", 1)[-1] in said for line in loop1["lines"])
    assert not any(line.split(": ", 1)[-1].startswith(("Culprit of", "Loss condition")) for line in loop1["lines"])
