"""Last Liar in four real browsers (seed 000, "Extra Cards"): the Mastermind and three Protagonists
play a game to its end on the page; each Protagonist's page shows its own Extra card and never
another's (nor does the Mastermind's), in what it shows and in every frame it receives before the
end; at the end every page shows the three cards and the seat's own result."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any


from .test_browser import CHROMIUM, launch, start_table, turns, SEATS, SHOTS, act, open_seat_pages, pytestmark, wait_answer_arrived, wait_version  # noqa: F401

SCRIPT = "last_liar/the_last_bell"
LETTER = re.compile(r"Extra Card ([ABC])")
PAGE_DECISIONS = 40  # answered on the pages by click or key; the rest of the game over REST


def test_four_browsers_play_last_liar_each_protagonist_seeing_only_its_own_extra_card(server_factory: Any, tmp_path: Path) -> None:
    server, http, t = start_table(server_factory, tmp_path / "ll.db", {"script": SCRIPT, "seed": 6, "name": "Last Liar table"})
    rng = random.Random(3)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch(p)
        pages, traffic = open_seat_pages(browser, server.url, t, SEATS, {"width": 1500, "height": 1000})
        own: dict[str, str] = {}
        for seat in SEATS[1:]:
            shown = pages[seat].locator("#t-tracker .extra-card").all_inner_texts()
            assert len(shown) == 1 and shown[0].startswith("Your card: Extra Card"), shown
            own[seat] = shown[0][-1].lower()
        assert sorted(own.values()) == ["a", "b", "c"]
        assert pages["mastermind"].locator("#t-tracker .extra-card").count() == 0
        pages["protagonist1"].screenshot(path=str(SHOTS / "last-liar-protagonist1.png"), full_page=True)

        decisions = 0
        for info, seat, version in turns(http, t['id'], 300):
            wait_version(pages[seat], version)
            if decisions < PAGE_DECISIONS:
                act(pages[seat], rng, use_keyboard=decisions % 2 == 0)
            else:  # the rest over REST, quicker: every page still receives (and is checked on) every push
                # The page claimed its seat and holds the seat's new token (in its address).
                token = pages[seat].url.split("token=")[1]
                b = http.get(f"/api/tables/{t['id']}/seats/{seat}/view", headers={"Authorization": f"Bearer {token}"}).json()
                option = rng.choice(b["view"]["decision"]["options"])
                r = http.post(f"/api/tables/{t['id']}/seats/{seat}/decisions", json={"answer": option["value"], "version": version},
                              headers={"Authorization": f"Bearer {token}"})
                assert r.status_code == 200, r.text
            decisions += 1
            wait_answer_arrived(http, t["id"], seat, version)
        final = http.get(f"/api/tables/{t['id']}").json()
        for seat in SEATS:
            wait_version(pages[seat], final["version"])
            pages[seat].wait_for_selector("#banner >> text=Game over")
            banner = pages[seat].inner_text("#banner")
            mine = final["outcome"]["results"][seat]
            assert ("You win." if mine == "win" else "You lose.") in banner
            assert pages[seat].locator("#t-tracker .extra-card").count() == 3  # every card, once it is over
        pages["protagonist2"].screenshot(path=str(SHOTS / "last-liar-end.png"), full_page=True)

        # Before the end, nothing any page received names another seat's Extra card (the names
        # table, which names all three cards as the rule book does, is left out; the Traitors'
        # letters are public once the Mastermind announces them before the Final Guess).
        for seat in SEATS:
            received = traffic[seat].frames_before_the_end()
            announced = {c for f in received for e in (json.loads(f).get("view") or {}).get("events", [])
                         if e["type"] == "traitors_revealed" for c in e["data"]["cards"]}
            named = {m.lower() for f in received for m in LETTER.findall(f)}
            allowed = ({own[seat]} if seat in own else set()) | announced
            assert named <= allowed, f"{seat}'s page received {sorted(named - allowed)}"
            if seat in own:
                assert own[seat] in named
        browser.close()
    assert decisions >= 10
    http.close()
