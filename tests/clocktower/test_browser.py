"""7-player Clocktower games played to their end in the browser: the Storyteller on the grimoire
page (/g/<table>) and seven players on the table page, each in their own browser context, answering
by clicking their page's options. Screenshots of a player's and the Storyteller's pages go to
tests/clocktower/screenshots/. Every frame a player's page received before the end is checked
for the grimoire and another player's private events.

The lean game runs in the normal suite: a short scripted day (nominations opened, a nomination
whose vote the town watches go round the circle, the floor given by clicking a seat, the Slayer's
shot at the Lleech's host). The long random game is opt-in (about a minute): CLOCKTOWER_BROWSER=1.
"""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.conftest import server_factory  # noqa: F401  (the fixture)
from tests.server.test_browser import CHROMIUM, Traffic, wait_version

SHOTS = Path(__file__).parent / "screenshots"
PLAYERS = [f"p{i}" for i in range(1, 8)]
GRIMOIRE = ["slayer", "virgin", "tea_lady", "fool", "mayor", "goblin", "lleech"]  # setups/manor_seven.yaml

pytestmark = [pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is missing")]
LONG = pytest.mark.skipif(not os.environ.get("CLOCKTOWER_BROWSER"), reason="opt-in: CLOCKTOWER_BROWSER=1")
LAUNCH = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def _gm_view(http: httpx.Client, t: dict[str, Any]) -> dict[str, Any]:
    return dict(http.get(f"/api/tables/{t['id']}/seats/storyteller/view",
                         headers={"Authorization": f"Bearer {t['tokens']['storyteller']}"}).json()["view"])


def _next_version(http: httpx.Client, t: dict[str, Any], version: int) -> int:
    for _ in range(500):
        v = int(http.get(f"/api/tables/{t['id']}").json()["version"])
        if v > version:
            return v
        time.sleep(0.01)
    raise AssertionError("the table did not move on")


def _click(page: Any, text: str | None = None) -> None:
    """Click the option whose label is `text` exactly (the first option when None)."""
    buttons = page.locator("#options button.option")
    if text is None:
        buttons.first.click()
        return
    labels = [b.split(" ", 1)[1] if " " in b else b for b in buttons.all_inner_texts()]
    assert text in labels, (text, labels)
    buttons.nth(labels.index(text)).click()


def _check_player_frames(traffic: dict[str, Traffic]) -> None:
    for i, seat in enumerate(PLAYERS):
        for f in traffic[seat].frames_before_the_end():
            m = json.loads(f)
            v = m.get("view") or {}
            assert "grimoire" not in v and "night_script" not in v
            for e in v.get("events", []):
                assert e["visible_to"] in ("public", [seat]), (seat, e)
            you = v.get("you")
            assert you is None or you["character"] == GRIMOIRE[i]


def test_a_lean_seven_player_game_ends_in_the_browser_with_the_grimoire_page_and_a_live_vote(server_factory: Any, tmp_path: Path) -> None:  # noqa: F811
    """The lean game: the Storyteller on the grimoire page and Players 1 and 2 in browsers; the other
    five players answer through the HTTP API (the same decisions; eight renderers would be too
    heavy for the CI budget)."""
    from playwright.sync_api import sync_playwright

    server = server_factory(db=str(tmp_path / "ct.db")).start()
    http = httpx.Client(base_url=server.url, timeout=10)
    t = http.post("/api/tables", json={"game": "clocktower", "script": "manor_seven", "seed": 7, "name": "Manor"}).json()
    SHOTS.mkdir(exist_ok=True)
    in_browser = ("storyteller", "p1", "p2")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH)
        pages, traffic = {}, {}
        for seat in in_browser:
            page = browser.new_context(viewport={"width": 1300, "height": 900}, bypass_csp=True).new_page()
            traffic[seat] = Traffic(page)
            where = "g" if seat == "storyteller" else "t"
            page.goto(f"{server.url}/{where}/{t['id']}#seat={seat}&token={t['tokens'][seat]}", wait_until="commit")
            pages[seat] = page
        for page in pages.values():
            wait_version(page, 0)
        version = int(http.get(f"/api/tables/{t['id']}").json()["version"])

        def answer(seat: str, *labels: Any) -> None:
            """In a browser: click the options labelled `labels` in turn; else answer labels[0] by the API."""
            nonlocal version
            if seat in pages:
                wait_version(pages[seat], version)
                for label in labels:
                    _click(pages[seat], label)
            else:
                r = http.post(f"/api/tables/{t['id']}/seats/{seat}/decisions", json={"answer": labels[0], "version": version},
                              headers={"Authorization": f"Bearer {t['tokens'][seat]}"})
                assert r.status_code == 200, r.text
            version = _next_version(http, t, version)

        # The first night: the Lleech (p7) takes Player 5 as its host; the Storyteller's choices are the first offered.
        while (gm := _gm_view(http, t))["phase"] != "day":
            d = gm.get("decision")
            if d is None:
                assert gm["waiting_for"] == "p7"
                answer("p7", "p5")
            else:
                answer("storyteller", None)
        grimoire = pages["storyteller"]
        wait_version(grimoire, version)
        assert grimoire.locator("#grimoire-table tr").count() == 7
        assert "Poisoned" in grimoire.inner_text("#grimoire-table tr[data-seat=p5]")
        # The town sees that the Storyteller is running the day, and no grimoire.
        wait_version(pages["p1"], version)
        assert "Storyteller" in pages["p1"].inner_text("#waiting")
        assert pages["p1"].locator("#grimoire-panel").is_hidden()  # the table page shows no grimoire
        answer("storyteller", "The day", "Open nominations")
        # The floor is given by clicking the seat in the circle once the group is chosen.
        wait_version(grimoire, version)
        _click(grimoire, "Give the floor")
        grimoire.locator(".square [data-seat=p2]").click()
        version = _next_version(http, t, version)
        answer("p2", "Nominate Player 3")
        answer("p3", "no")
        for voter in ["p4", "p5", "p6", "p7", "p1", "p2", "p3"]:
            if voter in pages:
                answer(voter, "No")
            else:
                answer(voter, "yes" if voter in ("p4", "p5") else "no")
            if voter == "p5":  # the vote goes round the circle as it happens, on every page
                wait_version(pages["p1"], version)
                assert "2 of 4" in pages["p1"].inner_text("#voting")
                assert pages["p1"].locator(".square [data-vote=yes]").count() == 2
                assert pages["p1"].locator(".square .sq-seat.voting[data-seat=p6]").count() == 1
                pages["p1"].screenshot(path=str(SHOTS / "lean-vote-p1.png"))
        answer("storyteller", "Give the floor", "Player 1")
        grimoire.screenshot(path=str(SHOTS / "lean-grimoire.png"))
        answer("p1", "Use the Slayer's ability on Player 5")  # the Lleech and Slayer jinx: the host dies, so does the Lleech
        for seat in in_browser:
            pages[seat].wait_for_selector("#banner >> text=Game over")
        assert "Good wins" in pages["p1"].inner_text("#banner")
        # A player who opens the grimoire page sees the town square only.
        other = browser.new_context().new_page()
        other.goto(f"{server.url}/g/{t['id']}#seat=p2&token={t['tokens']['p2']}")
        other.wait_for_selector("#grimoire-not-yours", state="attached")
        assert other.locator("#grimoire-table").count() == 0
        for seat in ("p1", "p2"):
            for f in traffic[seat].frames_before_the_end():
                v = json.loads(f).get("view") or {}
                assert "grimoire" not in v and "night_script" not in v
                assert all(e["visible_to"] in ("public", [seat]) for e in v.get("events", []))
        browser.close()
    http.close()


@LONG
def test_a_seven_player_game_plays_to_its_end_in_eight_browsers(server_factory: Any, tmp_path: Path) -> None:  # noqa: F811
    from playwright.sync_api import sync_playwright

    server = server_factory(db=str(tmp_path / "ct.db")).start()
    http = httpx.Client(base_url=server.url, timeout=10)
    t = http.post("/api/tables", json={"game": "clocktower", "script": "manor_seven", "seed": 7, "name": "Manor"}).json()
    SHOTS.mkdir(exist_ok=True)
    rng = random.Random(7)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                    args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        pages, traffic = {}, {}
        for seat in ("storyteller", *PLAYERS):
            page = browser.new_context(viewport={"width": 1400, "height": 900}, bypass_csp=True).new_page()
            traffic[seat] = Traffic(page)
            where = "g" if seat == "storyteller" else "t"  # the Storyteller on the grimoire page
            page.goto(f"{server.url}/{where}/{t['id']}#seat={seat}&token={t['tokens'][seat]}")
            wait_version(page, 0)
            pages[seat] = page
        moves = 0
        while True:
            info = http.get(f"/api/tables/{t['id']}").json()
            if info["over"]:
                break
            assert moves < 600, "the game did not end"
            # The table tells everyone "the Storyteller" at night: the Storyteller's own view says who is awake.
            gm = http.get(f"/api/tables/{t['id']}/seats/storyteller/view",
                          headers={"Authorization": f"Bearer {t['tokens']['storyteller']}"}).json()["view"]
            seat = "storyteller" if gm.get("decision") else gm["waiting_for"]
            page = pages[seat]
            wait_version(page, info["version"])
            buttons = page.locator("#options button.option")
            n = buttons.count()
            assert n > 0, page.inner_text("#decision")
            # Players mostly pass and vote no (so the game lasts some days); the Storyteller picks any legal option.
            i = rng.randrange(n) if seat == "storyteller" or rng.random() < 0.15 else 0
            buttons.nth(i).click()
            if page.locator("#decision .step").count() and "Step 2" in page.inner_text("#decision .step"):
                members = page.locator("#options button.option:not(.back)")
                members.nth(rng.randrange(members.count())).click()  # a two-step choice: its member
            moves += 1
            if moves in (4, 15):
                pages["p1"].screenshot(path=str(SHOTS / f"town-square-p1-{moves}.png"), full_page=True)
                pages["storyteller"].screenshot(path=str(SHOTS / f"grimoire-storyteller-{moves}.png"), full_page=True)
            for _ in range(300):
                if http.get(f"/api/tables/{t['id']}").json()["version"] > info["version"]:
                    break
                time.sleep(0.02)
        for seat in ("storyteller", "p1"):
            pages[seat].wait_for_selector("#banner >> text=Game over")
            pages[seat].screenshot(path=str(SHOTS / f"end-{seat}.png"), full_page=True)
        _check_player_frames(traffic)
        browser.close()
    http.close()
    assert moves > 10  # a whole first night and a day at least
