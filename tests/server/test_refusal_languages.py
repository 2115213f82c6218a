"""Issue 19: every refusal of the server reaches its reader in their language (the request's `?lang=`
or Accept-Language, the socket's hello `lang`), with the same status and the same machine-readable
`code` (the message id) in every language: an uploaded script's problems, the limits on what a
client sends, a game's table options, the socket's refusals, the learning and workshop endpoints,
and the tiny test game's page facts. Each test asks once in English and once in another language."""

from __future__ import annotations

import json
import re
from typing import Any, Iterator

import pytest
import yaml
from typer.testing import CliRunner

from scriptkeeper.cli import app as cli
from scriptkeeper.core import registry
from scriptkeeper.core.text import T
from scriptkeeper.server.texts import server_words
from tests.tinygame import GAME as TINY

from .test_fairness import finished_game
from .test_tables import SCRIPT, create

CYRILLIC = re.compile("[\u0400-\u04ff]")
KANA_OR_KANJI = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")
HANGUL = re.compile("[\uac00-\ud7a3]")
HAN = re.compile("[\u4e00-\u9fff]")


@pytest.fixture(autouse=True)
def tiny_registered() -> Iterator[None]:
    registry.register(TINY)
    yield


def _illegal_script() -> tuple[str, Any]:
    text = registry.get("tragedy_looper").shipped_setups()[SCRIPT].read_text(encoding="utf-8")
    bad = text.replace("doctor: cultist", "doctor: key_person")
    assert bad != text
    return bad, yaml.safe_load(bad)


def test_an_uploaded_scripts_problems_come_in_the_uploaders_language(client: Any) -> None:
    """The problems `POST /api/tables` lists for an illegal upload: the same rules and parts in
    every language, each said in the uploader's words with the set's names of that language."""
    bad, data = _illegal_script()
    en = client.post("/api/tables", json={"script_yaml": bad})
    ru = client.post("/api/tables", json={"script_yaml": bad}, headers={"Accept-Language": "ru-RU,ru;q=0.9"})
    assert en.status_code == ru.status_code == 422
    assert en.json()["code"] == ru.json()["code"] == "server.error.script_breaks_rules"
    n = len(en.json()["problems"])
    assert ru.json()["error"] == server_words("ru")(T("server.error.script_breaks_rules", n=n)) and CYRILLIC.search(ru.json()["error"])
    assert [(p["rule"], p["where"]) for p in ru.json()["problems"]] == [(p["rule"], p["where"]) for p in en.json()["problems"]]
    words = registry.get("tragedy_looper").problem_renderer(data, "ru")
    _, problems = registry.get("tragedy_looper").check_setup(data)
    assert [p["message"] for p in ru.json()["problems"]] == [p.render(words) for p in problems]
    assert all(CYRILLIC.search(p["message"]) for p in ru.json()["problems"])
    assert [p["message"] for p in en.json()["problems"]] == [p.message for p in problems]


def test_a_limit_on_what_a_client_sends_is_refused_in_its_language(client: Any) -> None:
    """A table name holding a control character: the field and the character named in Japanese;
    a malformed request (a name past its length) is refused in Japanese too."""
    name = "Friday\x07game"
    en = client.post("/api/tables", json={"script": SCRIPT, "name": name})
    ja = client.post("/api/tables?lang=ja", json={"script": SCRIPT, "name": name})
    assert en.status_code == ja.status_code == 422
    assert en.json()["code"] == ja.json()["code"] == "server.error.text_control"
    assert en.json()["error"] == "the table's name holds a control character (U+0007)"
    assert "U+0007" in ja.json()["error"] and "テーブル名" in ja.json()["error"]
    long = client.post("/api/tables", json={"script": SCRIPT, "name": "x" * 500}, headers={"Accept-Language": "ja"})
    assert long.status_code == 422 and long.json()["code"] == "server.error.invalid_request"
    assert KANA_OR_KANJI.search(long.json()["error"]) and long.json()["detail"]


def test_a_request_body_over_the_limit_is_refused_in_its_language(client: Any) -> None:
    body = json.dumps({"script": SCRIPT, "name": "x" * 300_000})
    ru = client.post("/api/tables", content=body, headers={"content-type": "application/json", "Accept-Language": "ru"})
    assert ru.status_code == 413 and ru.json()["code"] == "server.error.body_too_large"
    assert CYRILLIC.search(ru.json()["error"]) and "262144" in ru.json()["error"]


def test_a_games_table_option_is_refused_in_the_readers_language(client: Any) -> None:
    """Tragedy Looper's `players` option: the game's own words (core.errors.Refusal) in Korean."""
    en = client.post("/api/tables", json={"script": SCRIPT, "options": {"players": 3}})
    ko = client.post("/api/tables", json={"script": SCRIPT, "options": {"players": 3}}, headers={"Accept-Language": "ko"})
    assert en.status_code == ko.status_code == 422
    assert en.json()["code"] == ko.json()["code"] == "table.refusal.players"
    assert en.json()["error"].startswith("players must be 4")
    assert HANGUL.search(ko.json()["error"]) and "주인공" in ko.json()["error"]


def test_a_socket_refusal_is_worded_in_the_connections_language(client: Any) -> None:
    """An unknown message type on a socket whose hello asked for Chinese."""
    t = create(client)
    for lang, check in (("en", lambda s: s.startswith("unknown message type 'shout'")), ("zh", HAN.search)):
        with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
            ws.send_json({"type": "hello", "seat": "mastermind", "token": t["tokens"]["mastermind"], "lang": lang})
            ws.send_json({"type": "shout", "id": 1})
            while True:
                m = ws.receive_json()
                if m["type"] == "error":
                    break
            assert m["status"] == 400 and m["id"] == 1 and m["code"] == "server.error.unknown_message"
            assert check(m["reason"]), m["reason"]


def test_the_learning_endpoints_refuse_in_the_readers_language(client: Any) -> None:
    """The replay of a game still running, and the assistant asked by the game master."""
    t = create(client)
    en = client.get(f"/api/tables/{t['id']}/replay")
    ko = client.get(f"/api/tables/{t['id']}/replay", headers={"Accept-Language": "ko-KR"})
    assert en.status_code == ko.status_code == 409
    assert en.json()["code"] == ko.json()["code"] == "server.error.replay_not_over"
    assert en.json()["error"] == "the game is not over: its replay opens at the end" and HANGUL.search(ko.json()["error"])
    gm = {"Authorization": f"Bearer {t['tokens']['mastermind']}"}
    ru = client.get(f"/api/tables/{t['id']}/seats/mastermind/assistant?lang=ru", headers=gm)
    assert ru.status_code == 409 and ru.json()["code"] == "server.error.assistant_for_players" and CYRILLIC.search(ru.json()["error"])


def test_the_workshop_refuses_in_the_readers_language(client: Any) -> None:
    """A game without an editor, and a file the Tragedy Looper editor cannot read (its own Refusal)."""
    en = client.get("/api/games/tinygame/workshop")
    ru = client.get("/api/games/tinygame/workshop", headers={"Accept-Language": "ru"})
    assert en.status_code == ru.status_code == 404
    assert en.json()["error"] == "tinygame has no setup editor" and "tinygame" in ru.json()["error"] and CYRILLIC.search(ru.json()["error"])
    bad = {"text": "{not json"}
    en = client.post("/api/games/tragedy_looper/workshop/open", json=bad)
    ja = client.post("/api/games/tragedy_looper/workshop/open?lang=ja", json=bad)
    assert en.status_code == ja.status_code == 400
    assert en.json()["code"] == ja.json()["code"] == "workshop.refusal.not_json"
    assert en.json()["error"].startswith("not a JSON file we can read") and KANA_OR_KANJI.search(ja.json()["error"])


def test_the_tiny_games_page_facts_are_words_in_the_readers_language(client: Any) -> None:
    """A game's public facts reach the page as words (no bare number the page would have to name)."""
    en = {s["name"]: s["public"] for s in client.get("/api/scripts?game=tinygame").json()}
    ru = {s["name"]: s["public"] for s in client.get("/api/scripts?game=tinygame&lang=ru").json()}
    assert en["one_to_ten"] == {"title": "One to Ten", "range": "1 to 10", "guesses": "3 guesses"}
    assert en["coin"]["guesses"] == "1 guess"
    assert ru["one_to_ten"] == {"title": "One to Ten", "range": "от 1 до 10", "guesses": "3 попытки"}
    assert ru["coin"]["guesses"] == "1 попытка"


def test_verify_says_a_tampered_game_file_in_the_terminals_language(client: Any, tmp_path: Any) -> None:
    """`scriptkeeper verify --lang`: the same problem in Chinese, with its specifics."""
    t, game = finished_game(client)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**game, "salt": "0" * 32}))
    en = CliRunner().invoke(cli, ["verify", str(bad)])
    zh = CliRunner().invoke(cli, ["verify", str(bad), "--lang", "zh"])
    assert en.exit_code == zh.exit_code == 1
    assert "FAILED: commitment mismatch" in en.output and t["commitment"] in en.output
    assert "失败：承诺值不一致" in zh.output and t["commitment"] in zh.output and "FAILED" not in zh.output
    good = tmp_path / "good.json"
    good.write_text(json.dumps(game))
    ru = CliRunner().invoke(cli, ["verify", str(good), "--lang", "ru"])
    assert ru.exit_code == 0 and "проверено" in ru.output and t["commitment"] in ru.output


def test_the_pages_counted_words_carry_each_languages_plural_forms(client: Any) -> None:
    """A page word with a count (the lobby's "2 loops", the editor's "1 problem") comes as the
    language's plural forms, with the order of its plural categories for the page to pick from."""
    en = client.get("/api/texts?lang=en").json()
    ru = client.get("/api/texts?lang=ru").json()
    ja = client.get("/api/texts?lang=ja").json()
    assert en["messages"]["page.fact.loops"] == ["1 loop", "{n} loops"] and en["plural"] == ["one", "other"]
    assert ru["messages"]["page.fact.loops"] == ["{n} петля", "{n} петли", "{n} петель"] and ru["plural"] == ["one", "few", "many"]
    assert len(ja["messages"]["page.fact.loops"]) == 1 and ja["plural"] == ["other"]
    assert isinstance(ru["messages"]["page.lang_menu"], str)


def test_what_the_editor_does_not_know_in_a_community_file_is_listed_in_the_readers_language() -> None:
    from scriptkeeper.core.errors import Refusal
    from scriptkeeper.tragedy_looper.workshop import from_community

    entry = {"title": "x", "tragedySet": "First Steps", "mainPlot": ["Murder Plan"], "subPlots": [], "cast": {"Nobody": "Person"},
             "incidents": [], "colour": "red"}
    with pytest.raises(Refusal) as refused:
        from_community(entry)
    assert str(refused.value) == "this script names what we do not know: key 'colour'; character 'Nobody'"
    ru = registry.get("tragedy_looper").renderer(None, "ru")(refused.value.text)
    assert ru == "в сценарии названо то, чего мы не знаем: ключ 'colour'; персонаж 'Nobody'"
