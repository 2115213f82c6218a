"""Issue 21, item 5: the Mastermind could act as any Protagonist. The admin route returned every
seat's current token (a joined player's included) and the controller route handed a claimed
human seat to an AI at any moment. Now the admin route lists only unclaimed invitations, an
invitation's token rotates when it is first used (claimed), and a claimed seat changes
controller only with its own token, or once it has been away for the announced time."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from scriptkeeper.server.store import SeatRecord, Store, TableRecord

from .conftest import auth
from .test_live import hello
from .test_tables import create, view


def test_the_admin_route_shows_only_unclaimed_invitations(client: Any) -> None:
    t = create(client)
    gm = auth(t["tokens"]["mastermind"])
    assert set(client.get(f"/api/tables/{t['id']}/admin", headers=gm).json()["tokens"]) == {
        "protagonist1", "protagonist2", "protagonist3"}
    joined = client.post(f"/api/tables/{t['id']}/join", json={"seat": "protagonist2", "name": "Aki"}).json()
    claimed = client.post(f"/api/tables/{t['id']}/seats/protagonist1/claim", headers=auth(t["tokens"]["protagonist1"])).json()
    admin = client.get(f"/api/tables/{t['id']}/admin", headers=gm).json()
    assert set(admin["tokens"]) == {"protagonist3"}
    body = str(admin)
    assert joined["token"] not in body and claimed["token"] not in body


def test_an_invitation_rotates_when_it_is_first_used(client: Any) -> None:
    t = create(client)
    invitation = t["tokens"]["protagonist1"]
    url = f"/api/tables/{t['id']}/seats/protagonist1/claim"
    r = client.post(url, headers=auth(invitation))
    assert r.status_code == 200
    mine = r.json()["token"]
    assert mine != invitation
    # The game master's copy of the invitation opens the seat no more, over REST or a socket.
    assert view(client, t, "protagonist1").status_code == 403
    assert client.post(url, headers=auth(invitation)).status_code == 403
    ws = hello(client, t, "protagonist1")
    assert ws.receive_json()["status"] == 403
    ws.__exit__(None, None, None)
    assert view(client, t, "protagonist1", token=mine).status_code == 200
    assert client.post(url, headers=auth(mine)).json()["token"] == mine  # claiming again changes nothing
    assert client.get(f"/api/tables/{t['id']}").json()["seats"]["protagonist1"]["claimed"] is True
    # Found by Schemathesis: the observer's seat cannot be claimed (it was a 500).
    assert client.post(f"/api/tables/{t['id']}/seats/observer/claim").status_code == 403


def test_a_claimed_seat_changes_controller_only_with_its_own_token(make_client: Any) -> None:
    client = make_client(handover_seconds=0.5)
    t = create(client)
    gm = auth(t["tokens"]["mastermind"])
    mine = client.post(f"/api/tables/{t['id']}/seats/protagonist1/claim", headers=auth(t["tokens"]["protagonist1"])).json()["token"]
    url = f"/api/tables/{t['id']}/seats/protagonist1/controller"
    ws = hello(client, t, "protagonist1", token=mine)  # the player is here
    assert ws.receive_json()["type"] == "chat_history"
    r = client.put(url, json={"controller": "random"}, headers=gm)
    assert r.status_code == 403 and "claimed" in r.json()["error"]
    time.sleep(0.6)
    assert client.put(url, json={"controller": "random"}, headers=gm).status_code == 403  # still connected
    # The seat itself may hand its play to an agent and take it back.
    assert client.put(url, json={"controller": "random"}, headers=auth(mine)).status_code == 200
    assert client.put(url, json={"controller": "human"}, headers=auth(mine)).status_code == 200
    # Gone: the handover time is announced to everyone, and once it passes the game master may act.
    ws.__exit__(None, None, None)
    deadline = time.time() + 5
    while "handover_at" not in (seat := client.get(f"/api/tables/{t['id']}").json()["seats"]["protagonist1"]):
        assert time.time() < deadline
        time.sleep(0.02)
    assert client.put(url, json={"controller": "random"}, headers=gm).status_code in (200, 403)
    time.sleep(max(0.0, seat["handover_at"] - time.time()) + 0.05)
    assert client.put(url, json={"controller": "random"}, headers=gm).status_code == 200
    # An unclaimed seat is the game master's to give, at once.
    assert client.put(f"/api/tables/{t['id']}/seats/protagonist2/controller", json={"controller": "random"},
                      headers=gm).status_code == 200


def test_two_processes_claiming_one_seat_get_one_winner(database: tuple[str, str | None]) -> None:
    """A conditional update: the second claim of the same invitation finds it claimed (or rotated)."""

    async def run() -> list[bool]:
        a, b = Store(database[0], schema=database[1]), Store(database[0], schema=database[1])
        await a.init()
        await b.init()
        rec = TableRecord("t1", "T", 0.0, "x", "0" * 32, "c" * 64, 1, 2, {})
        await a.create_table(rec, [SeatRecord("mastermind", "tok-m", claimed=True), SeatRecord("protagonist1", "tok-1")])
        won = list(await asyncio.gather(a.claim_seat("t1", "protagonist1", "tok-1", "new-a"),
                                        b.claim_seat("t1", "protagonist1", "tok-1", "new-b")))
        seats = await a.load_seats("t1")
        assert seats["protagonist1"].token == ("new-a" if won[0] else "new-b")
        await a.close()
        await b.close()
        return won

    assert sorted(asyncio.run(run())) == [False, True]
