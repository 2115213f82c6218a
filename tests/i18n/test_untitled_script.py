"""Issue 19: a script without a title stores no English sentence ("Untitled script" was one): its
title stays empty, and each front end words "untitled" in its reader's language (the page's
`page.script.untitled`, the command line's `script.untitled`). A committed text that release 0.1
or 0.2 wrote with the old default keeps it as written, so its commitment still opens
(docs/rulings.md untitled-script)."""

from __future__ import annotations

import yaml
from typer.testing import CliRunner

from scriptkeeper.cli import app
from scriptkeeper.core.fairness import commitment
from scriptkeeper.tragedy_looper.catalog import shipped_scripts
from scriptkeeper.tragedy_looper.game import GAME
from scriptkeeper.tragedy_looper.script import script_from_dict

SMALL = "first_steps/whispers_at_the_gate"


def _untitled() -> dict:
    data = yaml.safe_load(shipped_scripts()[SMALL].read_text(encoding="utf-8"))
    data.pop("title", None)
    return data


def test_a_script_without_a_title_stores_an_empty_one():
    script = script_from_dict(_untitled())
    assert script.title == "" and script.to_dict()["title"] == ""
    assert "Untitled" not in GAME.setup_text(script)


def test_a_committed_text_with_the_old_default_title_keeps_it_and_its_commitment():
    """A server game of an untitled script committed `title: Untitled script` (the old default,
    written into the text): read back, it is the same text, so the commitment opens as before."""
    old = GAME.setup_text(script_from_dict({**_untitled(), "title": "Untitled script"}))
    setup = GAME.setup_from_text(old)
    assert setup.title == "Untitled script" and GAME.setup_text(setup) == old
    assert commitment(GAME.setup_text(setup), "salt") == commitment(old, "salt")


def test_analyze_names_an_untitled_script_in_the_reader_language(tmp_path):
    path = tmp_path / "untitled.yaml"
    path.write_text(yaml.safe_dump(_untitled()), encoding="utf-8")
    ru = CliRunner().invoke(app, ["analyze", str(path), "--mastermind", "random", "--protagonists", "random", "--loops", "1",
                                  "-n", "1", "--workers", "1", "--lang", "ru"])
    assert ru.exit_code == 0, ru.output
    assert "Сценарий без названия: Мастер random против протагонистов random" in ru.output and "Untitled" not in ru.output
