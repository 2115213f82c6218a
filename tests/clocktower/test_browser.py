"""A 7-player Clocktower game played to its end in the browser, on the generic table page: the
Storyteller and seven players, each in their own browser context, answering by clicking their
page's options. Screenshots of a player's and the Storyteller's pages go to
tests/clocktower/screenshots/. Every frame a player's page received before the end is checked
for another player's character.

Opt-in (about a minute of wall time, too much for the CI budget): CLOCKTOWER_BROWSER=1.
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

pytestmark = [pytest.mark.skipif(not os.environ.get("CLOCKTOWER_BROWSER"), reason="opt-in: CLOCKTOWER_BROWSER=1"),
              pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is missing")]


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
            page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
            traffic[seat] = Traffic(page)
            page.goto(f"{server.url}/t/{t['id']}#seat={seat}&token={t['tokens'][seat]}")
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
        for i, seat in enumerate(PLAYERS):
            for f in traffic[seat].frames_before_the_end():
                m = json.loads(f)
                v = m.get("view") or {}
                assert "grimoire" not in v
                for e in v.get("events", []):
                    assert e["visible_to"] in ("public", [seat]), (seat, e)
                you = v.get("you")
                assert you is None or you["character"] == GRIMOIRE[i]
        browser.close()
    http.close()
    assert moves > 20
