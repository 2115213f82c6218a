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
from tests.server.conftest import client  # noqa: F401  (the server's test client, for the last test)

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


def test_every_shipped_title_and_special_rule_is_a_message():
    """Every shipped script's title, and its special rule if it states one, is a message (so the
    catalogues hold it, and the missing-translation test asks for it in every language)."""
    for name, path in shipped_scripts().items():
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        words = shipped_script_words(data["set"])
        key = f"script.{name.replace('/', '.')}"
        assert words[f"{key}.title"] == data["title"]
        assert words.get(f"{key}.special_rules") == data.get("special_rules")


def test_an_authors_own_special_rule_is_shown_as_written():
    data = yaml.safe_load(shipped_scripts()[INK].read_text(encoding="utf-8"))
    mine = script_from_dict({**data, "special_rules": "Le Dieu arrive à la boucle 3."})
    state = GAME.new_game(mine, 1, {})
    assert GAME.view(state, "protagonist1")["special_rules"] == "Le Dieu arrive à la boucle 3."


def test_a_shipped_scripts_title_is_read_in_each_seats_language():
    """The Mastermind's script panel (and everyone's once the script is revealed) names a shipped
    script by its title in the reader's language; the script's own data keeps it as written."""
    state = GAME.new_game(scripts()[INK], 1, {})
    view = GAME.view(state, "mastermind")
    assert view["script"]["title"] == "Ink on the Shrine Steps"
    assert renderer("basic_tragedy", "en").render(view["script_title"]) == "Ink on the Shrine Steps"
    assert renderer("basic_tragedy", "ja").render(view["script_title"]) == "神社の石段のインク"
    data = yaml.safe_load(shipped_scripts()[INK].read_text(encoding="utf-8"))
    mine = GAME.new_game(script_from_dict({**data, "title": "Mon script"}), 1, {})
    assert GAME.view(mine, "mastermind")["script_title"] == "Mon script"
    assert "script_title" not in GAME.view(state, "protagonist1")


def test_the_server_sends_the_special_rule_and_title_in_the_seats_language(client):
    """Over the server: the words of the view itself (not only its parts) are rendered for the seat."""
    from tests.server.conftest import auth

    t = client.post("/api/tables", json={"script": INK, "seed": 1}).json()
    r = client.get(f"/api/tables/{t['id']}/seats/protagonist1/view", headers={**auth(t["tokens"]["protagonist1"]), "Accept-Language": "ru"})
    assert r.json()["view"]["special_rules"] == "Божество появляется в начале петли 3."
    r = client.get(f"/api/tables/{t['id']}/seats/mastermind/view", headers={**auth(t["tokens"]["mastermind"]), "Accept-Language": "ko"})
    assert r.json()["view"]["script_title"] == "신사 돌계단의 잉크"
