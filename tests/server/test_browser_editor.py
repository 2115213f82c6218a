"""The script editor in a real browser (issue 20): a Mastermind builds a legal Basic Tragedy script
from nothing, sees the named error an illegal change causes beside what causes it, tests the script
with the agents, downloads the YAML (which `scriptkeeper check` accepts unchanged) and creates a
table from it in one click."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from scriptkeeper.cli import app as cli_app

CHROMIUM = "/usr/bin/chromium"
SHOTS = Path(__file__).parent / "screenshots"

pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason=f"{CHROMIUM} is missing: apt-get install -y chromium (.ci/run does)")


def test_a_mastermind_writes_a_legal_script_on_the_editor_tests_it_and_opens_a_table(server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(db=str(tmp_path / "editor.db")).start()
    SHOTS.mkdir(exist_ok=True)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1500, "height": 1100}, accept_downloads=True)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/")
        page.click("#editor-link")
        page.wait_for_selector("#verdict:not(:empty)")
        page.click("#e-new")
        page.select_option("#e-set", label="Basic Tragedy")
        page.fill("#e-title", "The Sealed Cellar")
        page.fill("#e-loops", "3")
        page.fill("#e-days", "4")
        page.select_option("#e-main", label="The Sealed Item")
        page.select_option('[aria-label="Subplot 1"]', label="An Unsettling Rumor")
        page.select_option('[aria-label="Subplot 2"]', label="Threads of Fate")
        for character, role in (("Doctor", "Brain"), ("Shrine Maiden", "Cultist"), ("Journalist", "Conspiracy Theorist"),
                                ("Boy Student", "Person")):
            page.select_option("#e-add-character", label=character)
            page.click("#e-add-character-btn")
            page.select_option(f'[aria-label="{character}: role"]', label=role)
        page.click("#e-add-incident")
        page.select_option('[aria-label="Incident 1: day"]', "2")
        page.select_option('[aria-label="Incident 1: incident"]', label="Murder")
        page.select_option('[aria-label="Incident 1: culprit"]', label="Boy Student")
        page.wait_for_selector("#verdict.ok")
        assert page.inner_text("#e-summary").startswith("Basic Tragedy, 3 loops x 4 days")

        # An illegal change: a second Conspiracy Theorist. The problem is named beside the cast.
        page.select_option('[aria-label="Boy Student: role"]', label="Conspiracy Theorist")
        page.wait_for_selector("#verdict.bad")
        cast_problems = page.inner_text('#cast-panel [data-problems="cast"]')
        assert "at most 1 Conspiracy Theorist" in cast_problems, cast_problems
        assert page.is_disabled("#e-create")
        page.screenshot(path=str(SHOTS / "editor-illegal.png"), full_page=True)
        page.select_option('[aria-label="Boy Student: role"]', label="Person")
        page.wait_for_selector("#verdict.ok")

        # Test this script: one game per loop count with the random agents (the page's default is
        # the strongest; the test checks the page's path, which any agent walks, and keeps it short).
        page.fill("#b-games", "1")
        page.select_option("#b-mm", "random")
        page.select_option("#b-pr", "random")
        page.click("#b-run")
        page.wait_for_selector("#b-results:not([hidden])", timeout=120_000)
        rows = page.locator("#b-results tbody tr")
        assert rows.count() == 3 and "(the script's)" in rows.nth(1).inner_text()
        page.screenshot(path=str(SHOTS / "editor-tested.png"), full_page=True)

        with page.expect_download() as dl:
            page.click("#e-download")
        saved = tmp_path / "saved.yaml"
        dl.value.save_as(saved)
        result = CliRunner().invoke(cli_app, ["check", str(saved)])
        assert result.exit_code == 0, result.output

        page.click("#e-create")
        page.wait_for_url("**/t/**")
        page.wait_for_selector("#script-panel:not([hidden])")
        assert "The Sealed Cellar" in page.inner_text("#script-panel")
        assert errors == []
        browser.close()
