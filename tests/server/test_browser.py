"""The web page in a real browser (issue 4, parts 5 and 6).

Playwright drives Debian's Chromium (/usr/bin/chromium): four browser contexts, the Mastermind and
three Protagonists, play a short game to its end with mouse and keyboard; each seat's page is
photographed (tests/server/screenshots/). Every WebSocket frame and HTTP body a Protagonist's page
receives before the game ends is checked for the script's secrets.
"""

from __future__ import annotations

import json
import os
import random
import re
import time
from pathlib import Path
from typing import Any, Iterator

import httpx
import pytest

from scriptkeeper.server.delta import read_view_message

CHROMIUM = "/usr/bin/chromium"
SHOTS = Path(__file__).parent / "screenshots"
SCRIPT = "first_steps/whispers_at_the_gate"
SEATS = ("mastermind", "protagonist1", "protagonist2", "protagonist3")

playwright_sync = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason=f"{CHROMIUM} is missing: apt-get install -y chromium (.ci/run does)")


# The test answers every decision itself, the Mastermind's single-answer questions too (the page
# would answer those by itself after a random delay).
NO_AUTO_ANSWER = "localStorage.setItem('sk.autoAnswer', 'off')"


class Traffic:
    """Everything one page received: WebSocket frames (in order) and HTTP responses."""

    def __init__(self, page: Any) -> None:
        self.frames: list[str] = []
        self.responses: list[Any] = []
        page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: self.frames.append(
            payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))))
        page.on("response", lambda r: self.responses.append(r))

    def events(self) -> list[dict[str, Any]]:
        """Every event of every view the page held, its pushes' deltas applied as the page applies
        them (server.delta.read_view_message), to the end of the game and after."""
        out: list[dict[str, Any]] = []
        held = None
        for f in self.frames:
            m = json.loads(f)
            if m.get("type") == "view":
                held = read_view_message(held, m)
                out += held["view"].get("events", [])
        return out

    def frames_before_the_end(self) -> list[str]:
        """The frames up to the end of the game, each without its view's names table (the names of
        every role and plot of the set, the same for every seat: public, and no secret)."""
        out = []
        held = None
        for f in self.frames:
            m = json.loads(f)
            if m.get("type") == "view":  # a push's delta applied to what the page held: its whole view
                held = read_view_message(held, m)
                m = {**m, "view": dict(held["view"])}
                if m["view"]["outcome"]:
                    break  # at the end everything is revealed to everyone
                m["view"].pop("names", None)
                patched = m.get("delta", {}).get("d", {}).get("view", {})  # the names table sent again, if it is
                for part in (patched.get("d"), patched.get("v")):
                    if isinstance(part, dict):
                        part.pop("names", None)
            out.append(json.dumps(m))
        return out


def secrets_of(script_text: str, salt: str, tokens: dict[str, str], seat: str) -> list[str]:
    import yaml

    sc = yaml.safe_load(script_text)
    roles = {r if isinstance(r, str) else r["role"] for r in sc["cast"].values()} - {"person"}
    words = [*roles, sc["main_plot"], *sc["subplots"], salt]
    words += [tok for s, tok in tokens.items() if s != seat]
    return words


def wait_version(page: Any, version: int) -> None:
    page.wait_for_function(f"Number(document.body.dataset.version) >= {version}", timeout=15000)


def turns(http: httpx.Client, table_id: str, seconds: float) -> Iterator[tuple[dict[str, Any], str, int]]:
    """The table's turns, read over REST until its game is over: (its info, the seat it waits for,
    its version); the game must end within `seconds`."""
    deadline = time.time() + seconds
    while True:
        info = http.get(f"/api/tables/{table_id}").json()
        if info["over"]:
            return
        assert time.time() < deadline, "the game did not end in time"
        yield info, info["waiting_for"], info["version"]


def launch(p: Any) -> Any:
    """Debian's Chromium, headless, as every browser test drives it (`p`: sync_playwright's handle)."""
    return p.chromium.launch(executable_path=CHROMIUM, headless=True,
                             args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])


def start_table(server_factory: Any, db: Path, body: dict[str, Any]) -> tuple[Any, httpx.Client, dict[str, Any]]:
    """A server on its own SQLite file, a REST client on it, and a table made from `body`
    (POST /api/tables); the screenshots' folder made."""
    server = server_factory(db=str(db)).start()
    http = httpx.Client(base_url=server.url, timeout=10)
    t = http.post("/api/tables", json=body).json()
    SHOTS.mkdir(exist_ok=True)
    return server, http, t


def open_seat_pages(browser: Any, url: str, table: dict[str, Any], seats: Any,
                    viewport: dict[str, int]) -> tuple[dict[str, Any], dict[str, "Traffic"]]:
    """One browser context per seat on the table page, with its traffic recorded, each at the
    table's first view."""
    pages: dict[str, Any] = {}
    traffic: dict[str, Traffic] = {}
    for seat in seats:
        ctx = browser.new_context(bypass_csp=True, viewport=viewport)
        ctx.add_init_script(NO_AUTO_ANSWER)
        page = ctx.new_page()
        traffic[seat] = Traffic(page)
        page.goto(f"{url}/t/{table['id']}#seat={seat}&token={table['tokens'][seat]}")
        wait_version(page, 0)
        pages[seat] = page
    return pages, traffic


def wait_answer_arrived(http: Any, table_id: str, seat: str, version: int, why: Any = lambda: "") -> None:
    """Wait until the table has moved past `version` (the seat's answer arrived)."""
    for _ in range(300):
        if http.get(f"/api/tables/{table_id}").json()["version"] > version:
            return
        time.sleep(0.02)
    raise AssertionError(f"{seat}'s answer did not arrive{why()}")


def act(page: Any, rng: random.Random, use_keyboard: bool, step_two_shot: Path | None = None) -> bool:
    """Answer the decision on `page` with a random legal option, by key or by click (two steps for
    cards); photograph step two to `step_two_shot` if given. True when the decision had two steps."""
    two_steps = False
    for _ in range(2):
        buttons = page.locator("#options button.option[data-key]:not([data-key=''])")
        n = buttons.count()
        assert n > 0, page.inner_text("#decision")
        i = rng.randrange(n)
        step_one = "Step 1" in page.inner_text("#decision")
        hints = page.locator(".board .target-hint")
        if not step_one and hints.count() and rng.random() < 0.5:
            # A click on the board answers (step two, or a choice of a character or location): a
            # highlighted location's or character's name.
            hint = hints.nth(rng.randrange(hints.count()))
            hint.locator(":scope > .loc-head h3, :scope > .ch-head .ch-name").first.click()
        elif use_keyboard:
            page.keyboard.press(buttons.nth(i).get_attribute("data-key"))
        else:
            buttons.nth(i).click()
        if not step_one:
            return two_steps
        two_steps = True
        page.wait_for_selector("text=Step 2")
        if step_two_shot is not None:
            page.screenshot(path=str(step_two_shot), full_page=True)
    return two_steps


def test_four_browsers_play_a_game_to_its_end(server_factory: Any, tmp_path: Path) -> None:
    server, http, t = start_table(server_factory, tmp_path / "browser.db", {"script": SCRIPT, "seed": 2, "name": "Browser table"})
    rng = random.Random(5)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch(p)
        pages, traffic = open_seat_pages(browser, server.url, t, SEATS, {"width": 1600, "height": 1100})
        # Every seat is shown the same commitment when the table starts.
        for seat in SEATS:
            assert pages[seat].inner_text("#commitment") == t["commitment"]
        assert pages["mastermind"].is_visible("#script-panel")
        assert not pages["protagonist1"].is_visible("#script-panel")
        # Chat through the page: a Protagonist speaks, the Mastermind reads it.
        pages["protagonist2"].fill("#chat-input", "watch the Doctor")
        pages["protagonist2"].press("#chat-input", "Enter")
        pages["mastermind"].wait_for_selector("#chat >> text=watch the Doctor")
        pages["protagonist2"].press("#chat-input", "Escape")

        decisions = 0
        shot_taken = step_two_shot = False
        for info, seat, version in turns(http, t['id'], 240):
            page = pages[seat]
            wait_version(page, version)
            assert page.is_visible("#prompt"), f"{seat}'s page shows no decision"
            for other in SEATS:
                if other != seat:
                    wait_version(pages[other], version)
                    assert SEATS_NAME[seat] in pages[other].inner_text("#waiting")
            two_steps = act(page, rng, use_keyboard=decisions % 2 == 0,
                            step_two_shot=None if step_two_shot else SHOTS / f"{seat}-step-two.png")
            step_two_shot = step_two_shot or two_steps
            decisions += 1
            # Wait until the server has the decision, so the next loop reads the next one.
            wait_answer_arrived(http, t["id"], seat, version, lambda: f": {page.inner_text('#toast')}")
            if decisions == 14 and not shot_taken:
                for s in SEATS:
                    wait_version(pages[s], version + 1)
                    pages[s].screenshot(path=str(SHOTS / f"{s}-midgame.png"), full_page=True)
                    # Every word on the page is rendered text: no raw object, no id made into a name.
                    body = pages[s].inner_text("body")
                    assert "[object Object]" not in body and "$text" not in body, f"{s}'s page shows raw data"
                    assert "Loop 1 of" in pages[s].inner_text("#log")  # the log is in English
                shot_taken = True

        final = http.get(f"/api/tables/{t['id']}").json()
        for seat in SEATS:
            wait_version(pages[seat], final["version"])
            pages[seat].wait_for_selector("#banner >> text=Game over")
            pages[seat].screenshot(path=str(SHOTS / f"{seat}-end.png"), full_page=True)
        assert pages["protagonist1"].is_visible("#download-link")

        # The secret-leak check: nothing a Protagonist's page received before the end names a secret.
        game = http.get(f"/api/tables/{t['id']}/game").json()
        for seat in SEATS:
            words = secrets_of(game["script_text"], game["salt"], t["tokens"], seat)
            received = traffic[seat].frames_before_the_end()
            assert len(received) > decisions  # a view after every change, at least
            bodies: list[str] = []
            api: list[str] = []
            for r in traffic[seat].responses:
                if "/api/tables/" in r.url and r.url.endswith("/game"):
                    continue
                try:
                    (api if "/api/" in r.url else bodies).append(r.text())
                except Exception:  # noqa: BLE001 - redirects and aborted requests have no body
                    pass
            data = "\n".join(received + api)  # what the server said about the game
            if seat == "mastermind":
                assert game["script"]["main_plot"] in data  # the check can see a secret when one is sent
                continue
            leaked = [w for w in words if w in data + "\n".join(bodies)]
            # No secret-bearing field either (a revealed role or culprit would show as revealed_role / culprit).
            leaked += [k for k in ('"script"', '"roles"', '"salt"', '"script_text"', '"loss_reasons"', '"tokens"') if k in data]
            assert not leaked, f"{seat}'s page received secrets: {leaked}"
        browser.close()
    assert decisions >= 10
    http.close()


SEATS_NAME = {"mastermind": "Mastermind", "protagonist1": "Protagonist 1", "protagonist2": "Protagonist 2",
              "protagonist3": "Protagonist 3"}


def test_a_newcomer_creates_a_table_in_the_lobby_and_beats_or_loses_to_three_ai_protagonists(
        server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(db=str(tmp_path / "lobby.db")).start()
    SHOTS.mkdir(exist_ok=True)
    rng = random.Random(9)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                    args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        lobby_ctx = browser.new_context(bypass_csp=True, viewport={"width": 1500, "height": 1000})
        lobby_ctx.add_init_script(NO_AUTO_ANSWER)
        page = lobby_ctx.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector("#f-script option", state="attached")
        page.select_option("#f-script", "first_steps/sour_classmates")
        page.fill("#f-name", "My first loop")
        page.wait_for_selector("#f-agent option[value=search]", state="attached")  # the menu comes from /api/agents
        page.select_option("#f-agent", "rule")
        for seat in ("protagonist1", "protagonist2", "protagonist3"):
            page.check(f"#f-agents input[data-seat={seat}]")
        page.click("#create-btn")
        page.wait_for_url(re.compile(r"/t/\w+#seat=mastermind&token="))
        wait_version(page, 0)
        assert page.inner_text("#t-seat") == "Mastermind"
        assert page.locator("#seats .tag.ai").all_inner_texts() == ["AI (rule)"] * 3
        page.wait_for_selector("#seats select[data-seat=protagonist1] option[value=search]", state="attached")
        found = re.search(r"/t/(\w+)#", page.url)
        assert found is not None
        table_id = found.group(1)
        http = httpx.Client(base_url=server.url, timeout=10)
        moves = 0
        deadline = time.time() + 120
        while True:
            info = http.get(f"/api/tables/{table_id}").json()
            if info["over"]:
                break
            assert time.time() < deadline
            if info["waiting_for"] != "mastermind":
                time.sleep(0.02)  # the AI Protagonists are moving
                continue
            wait_version(page, info["version"])
            act(page, rng, use_keyboard=moves % 3 != 0)
            moves += 1
            for _ in range(300):
                if http.get(f"/api/tables/{table_id}").json()["version"] > info["version"]:
                    break
                time.sleep(0.02)
        http.close()
        page.wait_for_selector("#banner >> text=Game over")
        page.screenshot(path=str(SHOTS / "lobby-game-end.png"), full_page=True)
        # The table is listed in the lobby, with the way back to one's seat.
        page.goto(server.url + "/")
        page.wait_for_selector("text=My first loop")
        assert page.is_visible("text=Back to my seat (Mastermind)")
        page.screenshot(path=str(SHOTS / "lobby.png"), full_page=True)
        browser.close()
    assert moves > 5


def test_the_page_plays_a_second_game_from_its_views_alone(server_factory: Any, tmp_path: Path) -> None:
    """The tiny test game (tests/tinygame) on the same page: no board, its own names and words,
    the guesser's two steps from option info; the guesser's page never receives the secret."""
    from .test_second_game import TINY_ENV, holds_the_secret

    server = server_factory(db=str(tmp_path / "tiny.db"), env=TINY_ENV).start()
    http = httpx.Client(base_url=server.url, timeout=10)
    t = http.post("/api/tables", json={"game": "tinygame", "script": "one_to_ten", "seed": 11, "name": "Tiny table"}).json()
    SHOTS.mkdir(exist_ok=True)
    rng = random.Random(3)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                    args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        pages, traffic = {}, {}
        for seat in ("host", "guesser"):
            page = browser.new_context(bypass_csp=True, viewport={"width": 1400, "height": 900}).new_page()
            traffic[seat] = Traffic(page)
            page.goto(f"{server.url}/t/{t['id']}#seat={seat}&token={t['tokens'][seat]}")
            wait_version(page, 0)
            pages[seat] = page
        assert pages["guesser"].inner_text("#t-seat") == "Guesser"
        assert not pages["guesser"].is_visible("#board-panel") and not pages["guesser"].is_visible("#schedule-panel")
        assert pages["guesser"].inner_text("#table-facts") == "Guess the Number: One to Ten, 1 to 10, 3 guesses"
        moves = 0
        while True:
            info = http.get(f"/api/tables/{t['id']}").json()
            if info["over"]:
                break
            seat = info["waiting_for"]
            page = pages[seat]
            wait_version(page, info["version"])
            other = pages["host" if seat == "guesser" else "guesser"]
            wait_version(other, info["version"])
            assert ("Host" if seat == "host" else "Guesser") in other.inner_text("#waiting")
            two = act(page, rng, use_keyboard=moves % 2 == 0)
            assert two == (seat == "guesser")  # guesses in two steps (a block, then a number); answers in one
            moves += 1
            if moves == 3:
                pages["guesser"].screenshot(path=str(SHOTS / "tiny-guesser-midgame.png"), full_page=True)
            for _ in range(300):
                if http.get(f"/api/tables/{t['id']}").json()["version"] > info["version"]:
                    break
                time.sleep(0.02)
        for seat, page in pages.items():
            page.wait_for_selector("#banner >> text=Game over")
            page.screenshot(path=str(SHOTS / f"tiny-{seat}-end.png"), full_page=True)
        assert "the number was 4" in pages["guesser"].inner_text("#banner") or "found 4" in pages["guesser"].inner_text("#banner")
        received = [json.loads(f) for f in traffic["guesser"].frames_before_the_end()]
        assert len(received) > moves
        assert not [found for m in received for found in holds_the_secret(m)]
        assert any(holds_the_secret(json.loads(f)) for f in traffic["host"].frames_before_the_end())  # the check sees it
        browser.close()
    http.close()
