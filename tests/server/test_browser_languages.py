"""Five languages at one table, in real browsers (issue 19).

A Russian Mastermind and a Korean Protagonist play a First Steps game to its end in Chromium; the
two other Protagonists are the built-in AI, their seats watched by a Japanese and a Chinese browser
(the Chinese one by its Accept-Language alone, never having touched the menu), and an English
browser watches as the observer. Each page and each of its messages is in its own language, a
screenshot per language is saved (tmp/artifacts/), and no English word of any catalog is left on a
non-English page.
"""

from __future__ import annotations

import os
import random
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from scriptkeeper.core.i18n import english_sources

from .test_browser import turns, wait_answer_arrived

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "tmp" / "artifacts"
SCRIPT = "first_steps/whispers_at_the_gate"

playwright_sync = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason=f"{CHROMIUM} is missing: apt-get install -y chromium (.ci/run does)")

# seat -> (language, how the browser asks for it): the menu's remembered choice or Accept-Language only.
BROWSERS = {
    "mastermind": ("ru", "menu"),
    "protagonist1": ("ko", "menu"),
    "protagonist2": ("ja", "menu"),
    "protagonist3": ("zh", "accept-language"),
    "observer": ("en", "accept-language"),
}
HUMANS = ("mastermind", "protagonist1")
# Words a non-English page may show that are not ours to translate: the command line in the
# commitment panel, and the product's name.
NOT_WORDS = {"scriptkeeper"}


def english_words() -> set[str]:
    """Every word of four letters or more in the English catalogs (placeholders left out)."""
    out: set[str] = set()
    for template in english_sources().values():
        for form in [template] if isinstance(template, str) else template:
            out.update(w.lower() for w in re.findall(r"[A-Za-z]{4,}", re.sub(r"\{[^}]*\}", " ", str(form))))
    return out


# The text a reader sees, without what is not the page's words: the language menu (each language
# named in its own words), code samples, the commitment's hex digits and the script's own title.
VISIBLE_TEXT = """() => {
  const body = document.body.cloneNode(true);
  body.querySelectorAll('#lang-menu, code, #commitment, script, [hidden]').forEach(e => e.remove());
  return body.innerText;
}"""


def wait_version(page: Any, version: int) -> None:
    page.wait_for_function(f"Number(document.body.dataset.version) >= {version}", timeout=20000)


def answer(page: Any, rng: random.Random) -> None:
    """Pick a random legal option by its key, both steps of a two-step choice included."""
    for _ in range(2):
        page.wait_for_selector("#options button.option[data-key]:not([data-key=''])")
        buttons = page.locator("#options button.option[data-key]:not([data-key=''])")
        two_steps = page.locator("#decision p.step").count() > 0 and page.locator("#options button.back").count() == 0
        key = buttons.nth(rng.randrange(buttons.count())).get_attribute("data-key")
        page.keyboard.press(key)
        if not two_steps:
            return
        page.wait_for_selector("#options button.back")  # step two of the same decision


def test_a_table_with_five_languages_plays_to_its_end(server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(db=str(tmp_path / "languages.db")).start()
    http = httpx.Client(base_url=server.url, timeout=10)
    t = http.post("/api/tables", json={"script": SCRIPT, "seed": 3, "name": "T-19",
                                       "agents": {"protagonist2": "rule", "protagonist3": "rule"}}).json()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    rng = random.Random(19)
    vocabulary = english_words()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                    args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        pages: dict[str, Any] = {}
        for seat, (lang, how) in BROWSERS.items():
            locale = {"zh": "zh-CN", "en": "en-US"}.get(lang, "en-US") if how == "accept-language" else "en-US"
            ctx = browser.new_context(bypass_csp=True, viewport={"width": 1500, "height": 1000}, locale=locale)
            ctx.add_init_script("localStorage.setItem('sk.autoAnswer', 'off')")
            if how == "menu":
                ctx.add_init_script(f"localStorage.setItem('sk.lang', '{lang}')")  # as the menu leaves it
            page = ctx.new_page()
            link = f"#seat={seat}&token={t['tokens'][seat]}" if seat in t["tokens"] else "#watch"
            page.goto(f"{server.url}/t/{t['id']}{link}")
            wait_version(page, 0)
            assert page.evaluate("document.documentElement.lang") == lang, seat
            pages[seat] = page

        # The menu is remembered per browser: choosing Korean in the English observer's browser
        # reloads its page in Korean; choosing English again brings it back.
        observer = pages["observer"]
        observer.select_option("#lang-menu", "ko")
        observer.wait_for_function("document.documentElement && document.documentElement.lang === 'ko'")
        wait_version(observer, 0)
        assert observer.evaluate("localStorage.getItem('sk.lang')") == "ko"
        observer.select_option("#lang-menu", "en")
        observer.wait_for_function("document.documentElement && document.documentElement.lang === 'en'")
        wait_version(observer, 0)

        for info, seat, version in turns(http, t['id'], 240):
            if seat not in HUMANS:
                time.sleep(0.05)  # an AI Protagonist is moving
                continue
            wait_version(pages[seat], version)
            answer(pages[seat], rng)
            wait_answer_arrived(http, t["id"], seat, version)

        final = http.get(f"/api/tables/{t['id']}").json()
        checks = {"ru": "Игра окончена", "ko": "게임 종료", "ja": "ゲーム終了", "zh": "游戏结束", "en": "Game over"}
        left: dict[str, list[str]] = {}
        for seat, (lang, _how) in BROWSERS.items():
            page = pages[seat]
            wait_version(page, final["version"])
            page.wait_for_selector(f"#banner >> text={checks[lang]}")
            page.screenshot(path=str(ARTIFACTS / f"table-{lang}.png"), full_page=True)
            text = page.evaluate(VISIBLE_TEXT)
            log = page.inner_text("#log")
            assert len(log) > 200, f"{seat}'s log is nearly empty"
            if lang == "en":
                assert "Loop 1 of" in log
                continue
            assert not re.search(r"Loop \d|Game over|Protagonist|Mastermind", text), f"{lang} page has English"
            words = {w.lower() for w in re.findall(r"[A-Za-z]{4,}", text)} - NOT_WORDS
            if page.is_visible("#script"):  # the script's own title, as its author wrote it
                words -= {w.lower() for w in re.findall(r"[A-Za-z]{4,}", page.locator("#script p b").first.inner_text())}
            found = sorted(words & vocabulary)
            if found:
                left[lang] = found
        assert not left, f"English words left on non-English pages: {left}"
        browser.close()
    http.close()
