"""Another Horizon on the page (issue 17): a game plays to its end with the Mastermind's and a
Protagonist's pages open; the tracker shows the Extra Gauge and the world the table is in, as the
seat's view says; the Protagonist's page never receives a Warp (an unannounced Warp is the
Mastermind's: docs/rulings.md ah-warp-secret). Most decisions are answered over REST, as in the
Last Liar browser test; every page still receives (and is checked on) every push."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any


from .test_browser import CHROMIUM, launch, start_table, turns, SHOTS, open_seat_pages, pytestmark, wait_answer_arrived, wait_version  # noqa: F401

SCRIPT = "another_horizon/the_endless_dusk"
PAGES = ("mastermind", "protagonist1")
WORLD = {"light": "Light World", "dark": "Dark World"}


def test_an_another_horizon_game_plays_to_its_end_in_the_browser(server_factory: Any, tmp_path: Path) -> None:
    server, http, t = start_table(server_factory, tmp_path / "ah.db", {"script": SCRIPT, "seed": 4, "name": "Another Horizon table"})
    rng = random.Random(5)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch(p)
        pages, traffic = open_seat_pages(browser, server.url, t, PAGES, {"width": 1400, "height": 950})
        tokens = {**t["tokens"], **{s: pages[s].url.split("token=")[1] for s in PAGES}}  # the pages claimed their seats
        page = pages["protagonist1"]
        assert page.inner_text("#trk-gauge-extra") == "Extra Gauge: 0" and page.inner_text("#trk-world") == "Light World"

        decisions, worlds_seen = 0, set()
        for info, seat, version in turns(http, t['id'], 120):
            auth = {"Authorization": f"Bearer {tokens[seat]}"}
            view = http.get(f"/api/tables/{t['id']}/seats/{seat}/view", headers=auth).json()["view"]
            if decisions % 20 == 0 or view.get("world") not in worlds_seen:
                # The page shows the gauge and the world its seat's view has.
                wait_version(page, version)
                mine = view if seat == "protagonist1" else http.get(
                    f"/api/tables/{t['id']}/seats/protagonist1/view", headers={"Authorization": f"Bearer {tokens['protagonist1']}"}).json()["view"]
                assert page.inner_text("#trk-gauge-extra") == f"Extra Gauge: {mine['gauges']['extra']}"
                assert page.inner_text("#trk-world") == WORLD[mine["world"]]
                if mine["world"] == "dark" and "dark" not in worlds_seen:
                    page.screenshot(path=str(SHOTS / "another-horizon-dark-world.png"), full_page=True)
                worlds_seen.add(mine["world"])
            option = rng.choice(view["decision"]["options"])
            r = http.post(f"/api/tables/{t['id']}/seats/{seat}/decisions", json={"answer": option["value"], "version": version},
                          headers=auth)
            assert r.status_code == 200, r.text
            decisions += 1
            wait_answer_arrived(http, t["id"], seat, version)
        final = http.get(f"/api/tables/{t['id']}").json()
        for s in PAGES:
            wait_version(pages[s], final["version"])
            pages[s].wait_for_selector("#banner >> text=Game over")
        page.screenshot(path=str(SHOTS / "another-horizon-end.png"), full_page=True)
        # No frame the Protagonist's page received holds a Warp, not even once the game is over.
        assert not any(e.get("type") == "warp" for e in traffic["protagonist1"].events())
        assert '"warp"' not in "".join(traffic["protagonist1"].frames).replace('"trigger_warp"', "")
        browser.close()
    assert decisions >= 30
    http.close()
