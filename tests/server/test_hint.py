"""Issue 22: a hint for learners on the page: what the AI would play in this seat now, and why, from
the seat's own view only (GET /api/tables/ID/seats/SEAT/hint, the seat's token required)."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import auth
from tests.server.test_tables import create, view


def test_a_seat_asks_what_the_ai_would_play_and_why(client: Any) -> None:
    t = create(client)
    v = view(client, t, "mastermind").json()["view"]
    seat = "mastermind" if v["decision"] else next(s for s in t["tokens"] if view(client, t, s).json()["view"]["decision"])
    r = client.get(f"/api/tables/{t['id']}/seats/{seat}/hint", headers=auth(t["tokens"][seat]))
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["hint"].startswith("The AI would play ") and "because" in body["hint"]
    assert body["answer"] in [o["value"] for o in view(client, t, seat).json()["view"]["decision"]["options"]]
    other = next(s for s in t["tokens"] if s != seat)
    assert client.get(f"/api/tables/{t['id']}/seats/{other}/hint", headers=auth(t["tokens"][other])).status_code == 409
    assert client.get(f"/api/tables/{t['id']}/seats/{seat}/hint").status_code in (401, 403)
