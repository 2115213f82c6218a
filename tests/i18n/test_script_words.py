"""Issue 19: the special rules of our shipped scripts are our words, so every seat reads them in its
own language (the view, the log's event, the set's sheet); a script's author's own words are shown
as written, in the one language the author wrote them in."""

from __future__ import annotations

import yaml

from scriptkeeper.core.text import Text
from scriptkeeper.tragedy_looper.game import GAME
from scriptkeeper.tragedy_looper.catalog import shipped_scripts
from scriptkeeper.tragedy_looper.script import script_from_dict
from scriptkeeper.tragedy_looper.sheet import sheet
from scriptkeeper.tragedy_looper.texts import renderer, shipped_script_words
from tests.properties.randomplay import scripts

INK = "basic_tragedy/ink_on_the_shrine_steps"


def test_a_shipped_scripts_special_rule_is_read_in_each_seats_language():
    state = GAME.new_game(scripts()[INK], 1, {})
    words = GAME.view(state, "protagonist1")["special_rules"]
    assert isinstance(words, Text)
    assert renderer("basic_tragedy", "en").render(words) == "The Godly Being enters play at the start of loop 3."
    assert renderer("basic_tragedy", "ru").render(words) == "Божество появляется в начале петли 3."
    assert "神格" in renderer("basic_tragedy", "ja").render(words)
    event = next(e for e in state.events if e.type == "special_rules")
    assert "신성한 존재" in renderer("basic_tragedy", "ko").render(event.text)


def test_the_sheet_gives_the_special_rule_in_the_readers_language():
    out = sheet("basic_tragedy", scripts()[INK])
    facts = out["sections"][0]["entries"][0]["lines"]
    assert any(f.get("params", {}).get("text", {}).get("$text") == "script.basic_tragedy.ink_on_the_shrine_steps.special_rules"
               for f in facts if isinstance(f, dict))


def test_every_shipped_special_rule_is_a_message():
    """Every shipped script that states a special rule has it as a message (so the catalogues hold it)."""
    stated = {name for name, path in shipped_scripts().items() if "special_rules:" in path.read_text(encoding="utf-8")}
    found = {key.split(".", 1)[1].rsplit(".", 1)[0] for sid in {n.split("/")[0] for n in stated} for key in shipped_script_words(sid)}
    assert {n.replace("/", ".") for n in stated} == found and found


def test_an_authors_own_special_rule_is_shown_as_written():
    data = yaml.safe_load(shipped_scripts()[INK].read_text(encoding="utf-8"))
    mine = script_from_dict({**data, "special_rules": "Le Dieu arrive à la boucle 3."})
    state = GAME.new_game(mine, 1, {})
    assert GAME.view(state, "protagonist1")["special_rules"] == "Le Dieu arrive à la boucle 3."
