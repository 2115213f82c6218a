"""The script editor's server side (issue 20): the catalog comes from the rules data of every set,
the live check is `scriptkeeper check`'s with each problem placed, files of ours and of the
community's data collection open, and the balance test plays in the background."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from scriptkeeper.cli import app as cli_app
from scriptkeeper.tragedy_looper.catalog import shipped_scripts
from scriptkeeper.tragedy_looper.game import GAME
from scriptkeeper.tragedy_looper.rules import available_sets, load_rulebook
from scriptkeeper.tragedy_looper.script import check_script
from scriptkeeper.tragedy_looper.script import SCRIPT_SETTINGS as SETTINGS
from scriptkeeper.tragedy_looper.workshop import from_community

API = "/api/games/tragedy_looper/workshop"
INK = "basic_tragedy/ink_on_the_shrine_steps"


def ink() -> dict[str, Any]:
    return yaml.safe_load(shipped_scripts()[INK].read_text(encoding="utf-8"))


def test_the_catalog_offers_every_set_plot_role_character_and_incident_of_the_rules_data(client: Any) -> None:
    cat = client.get(API).json()
    assert [s["id"] for s in cat["sets"]] == list(available_sets())
    for s in cat["sets"]:
        rb = load_rulebook(s["id"])
        assert {p["id"] for p in s["plots"]} == set(rb.set.plots)
        assert [r["id"] for r in s["roles"]] == list(rb.set.roles)
        assert [i["id"] for i in s["incidents"]] == list(rb.set.incidents)
        # every character a script may name (the Part-Timer(?) enters only by the Part-Timer's trait)
        assert {c["id"] for c in s["characters"]} == {c for c, card in rb.characters.items() if not card.has_trait("never_in_a_script")}
        assert s["subplots"] == rb.set.subplots
        # words, never ids: names and rules texts come rendered
        sign = next((p for p in s["plots"] if p["id"] == "sign_with_me"), None)
        if sign:
            assert sign["name"] == "Sign with me!" and sign["creation"] == ["The Key Person must be a Girl."]
    # a character cast without a role gets the one the check gives it
    assert all(check_script({**ink(), "cast": {**ink()["cast"], "nurse": None}})[0].cast["nurse"] == s["default_role"]
               for s in cat["sets"] if s["id"] == "basic_tragedy")
    godly = next(c for c in cat["sets"][0]["characters"] if c["id"] == "godly_being")
    assert godly["settings"] == [{"key": "enters_loop", "kind": "loop", "label": "enters on loop"}]


@pytest.mark.parametrize("trait,key", [(t, k) for t, (k, _) in SETTINGS.items()])
def test_every_setting_the_editor_asks_for_is_one_the_check_takes(trait: str, key: str) -> None:
    """The editor's table of settings and check_script agree: with the setting the script is legal,
    without it the check names the character."""
    rb = load_rulebook("basic_tragedy")
    ch = next(c for c, card in rb.characters.items() if card.has_trait(trait))
    data = ink()
    data["cast"].pop("godly_being", None)
    data["special_rules"] = ""
    value = "city" if key == "turf" else 2  # a location, or a loop or a day of this script
    data["cast"][ch] = {"role": "person", key: value}
    assert check_script(data)[1] == []
    data["cast"][ch] = "person"
    assert [p.where for p in check_script(data)[1]] == [f"cast.{ch}"]


def test_the_live_check_places_each_problem_where_it_breaks_the_script(client: Any) -> None:
    data = ink()
    data["cast"]["doctor"] = "key_person"
    data["incidents"][1]["culprit"] = "boss"
    data["loops"] = 9
    r = client.post(f"{API}/check", json={"setup": data}).json()
    assert not r["legal"] and r["text"] is None
    where = {(p["rule"], p["where"]) for p in r["problems"]}
    assert ("key-person-must-be-a-girl", "cast.doctor") in where
    assert ("culprit-in-cast", "incidents.1") in where
    assert ("loops-range", "loops") in where
    assert ("plot-roles", "cast") in where
    # the same problems `scriptkeeper check` names, from the same check
    assert {p["rule"] for p in r["problems"]} == {p.rule for p in check_script(data)[1]}


@pytest.mark.parametrize("how", ["query", "accept-language"])
def test_the_live_check_words_each_problem_in_the_pages_language(client: Any, how: str) -> None:
    """Issue 19: the editor shows the problems in the page's language (its `?lang=` or the
    Accept-Language the page sends): the Russian catalog's words, the rule ids and places unchanged."""
    from scriptkeeper.tragedy_looper.script import draft_renderer

    data = ink()
    data["loops"] = 9
    data["incidents"][1]["culprit"] = "boss"
    url, headers = (f"{API}/check?lang=ru", {}) if how == "query" else (f"{API}/check", {"Accept-Language": "ru-RU,ru;q=0.9"})
    russian = client.post(url, json={"setup": data}, headers=headers).json()["problems"]
    english = client.post(f"{API}/check", json={"setup": data}).json()["problems"]
    words = draft_renderer(data, "ru")
    assert [(p["rule"], p["where"], p["message"]) for p in russian] == [(p.rule, p.where, words(p.text)) for p in check_script(data)[1]]
    assert [(p["rule"], p["where"]) for p in russian] == [(p["rule"], p["where"]) for p in english]
    # the incident is named in Russian; the English answer keeps today's words
    culprit_ru, culprit_en = (next(p["message"] for p in ps if p["rule"] == "culprit-in-cast") for ps in (russian, english))
    assert culprit_ru != culprit_en
    assert next(p["message"] for p in english if p["rule"] == "loops-range") == "loops must be a whole number from 1 to 8, not 9"


def test_a_legal_draft_gets_its_canonical_text_which_check_accepts_unchanged(client: Any, tmp_path: Any) -> None:
    r = client.post(f"{API}/check", json={"setup": ink()}).json()
    assert r["legal"] and r["problems"] == []
    assert r["text"] == GAME.setup_text(GAME.check_setup(ink())[0]) == r["yaml"]
    assert r["summary"].startswith("Basic Tragedy, 5 loops")
    path = tmp_path / "saved.yaml"
    path.write_text(r["text"], encoding="utf-8")
    result = CliRunner().invoke(cli_app, ["check", str(path)])
    assert result.exit_code == 0, result.output


def test_a_draft_that_is_no_script_at_all_is_answered_with_problems_not_an_error(client: Any) -> None:
    for junk in (None, [], "text", {"set": "basic_tragedy", "cast": ["doctor"], "incidents": "x", "subplots": 3}):
        r = client.post(f"{API}/check", json={"setup": junk})
        assert r.status_code == 200 and r.json()["problems"], junk


def test_a_shipped_script_and_our_yaml_open_as_they_are(client: Any) -> None:
    got = client.get(f"{API}/shipped/{INK}").json()
    assert got["setup"] == ink()
    opened = client.post(f"{API}/open", json={"text": shipped_scripts()[INK].read_text(encoding="utf-8")}).json()
    assert opened["setup"] == ink() and opened["format"] == "scriptkeeper"
    assert client.get(f"{API}/shipped/no/such").status_code == 404


COMMUNITY = """[
  // two scripts, as the data collection's files hold them
  {
    "title": "A Borrowed Hour",
    "creator": "someone",
    "set": {"name": "Tragedy Looper", "number": 1},
    "tragedySet": "Basic Tragedy",
    "daysPerLoop": 4,
    "difficultySets": [{"numberOfLoops": 4, "difficulty": 3}, {"numberOfLoops": 3, "difficulty": 5}],
    "mainPlot": ["Sign with me!"],
    "subPlots": ["The hidden Freak", "An Unsettling Rumor"],
    "cast": {
      "Shrine Maiden": "Key Person",
      "Doctor": "Serial Killer",
      "Patient": "Frind",
      "Journalist": "Conspiracy Theorist",
      "Nurse": "Person",
      "Girl Student": "Person",
      "Godly Being": ["Person", {"enters on loop": 3}]
    },
    "incidents": [
      {"day": 2, "incident": "Increasing Unease", "culprit": "Girl Student"},
      {"day": 3, "incident": "Hospital Incident", "culprit": "Nurse"},
      {"day": 4, "incident": "Suicide", "culprit": "Shrine Maiden"}
    ],
    "specifics": "The Godly Being enters play at the start of loop 3.",
    "story": "/* not a comment */ a quiet town"
  },
  {"title": "Another", "tragedySet": "First Steps"}
]"""


def test_a_community_script_file_opens_after_choosing_which_of_its_scripts(client: Any) -> None:
    first = client.post(f"{API}/open", json={"text": COMMUNITY}).json()
    assert first == {"choose": ["A Borrowed Hour", "Another"]}
    got = client.post(f"{API}/open", json={"text": COMMUNITY, "name": "A Borrowed Hour"}).json()
    assert got["format"] == "community"
    s = got["setup"]
    assert (s["set"], s["main_plot"], s["subplots"], s["loops"], s["days"]) == (
        "basic_tragedy", "sign_with_me", ["the_hidden_freak", "an_unsettling_rumor"], 4, 4)
    assert s["cast"]["patient"] == "friend"  # the data's misspelling "Frind" is read as Friend
    assert s["cast"]["godly_being"] == {"role": "person", "enters_loop": 3}
    assert "difficulty 3 with 4 loops" in got["notes"] and "story: /* not a comment */ a quiet town" in got["notes"]
    ru = client.post(f"{API}/open?lang=ru", json={"text": COMMUNITY, "name": "A Borrowed Hour"}).json()
    assert ru["setup"] == s  # issue 19: the notes in the page's language, the file's own words as written
    assert "сложность 3, петель: 4" in ru["notes"] and "история: /* not a comment */ a quiet town" in ru["notes"]
    assert check_script(s)[1] == []


def test_a_fake_incident_shown_under_another_name_is_read_as_our_public_name() -> None:
    setup, _ = from_community({"title": "x", "tragedySet": "Midnight Zone", "mainPlot": ["Secret Record"], "subPlots": [],
                               "cast": {"Boy Student": "Obstinate"},
                               "incidents": [{"day": 2, "incident": ["Fake Incident", "Hospital Incident"], "culprit": "Boy Student"}]})
    assert setup["incidents"] == [{"day": 2, "incident": "fake_incident", "public_name": "hospital_incident", "culprit": "boy_student"}]


def test_what_a_community_script_names_that_we_do_not_know_is_named_in_one_clear_error(client: Any) -> None:
    entry = json.loads(COMMUNITY.split("\n", 2)[2].rsplit(",\n  {\"title\": \"Another\"", 1)[0])
    entry["cast"]["Sacred Oak"] = "Person"
    entry["incidents"][0]["incident"] = "Rain of Frogs"
    entry["colour"] = "red"
    r = client.post(f"{API}/open", json={"text": json.dumps(entry)})
    assert r.status_code == 400
    msg = r.json()["error"]
    assert "character 'Sacred Oak'" in msg and "incident 'Rain of Frogs'" in msg and "key 'colour'" in msg
    r = client.post(f"{API}/open", json={"text": json.dumps({**entry, "tragedySet": "Mystery Circle"})})
    assert r.status_code == 400 and "Mystery Circle" in r.json()["error"]
    assert client.post(f"{API}/open", json={"text": "{ not json"}).status_code == 400


def test_the_balance_test_plays_around_the_scripts_loop_count_in_the_background(client: Any) -> None:
    data = yaml.safe_load(shipped_scripts()["first_steps/whispers_at_the_gate"].read_text(encoding="utf-8"))
    r = client.post(f"{API}/balance", json={"setup": data, "games": 1, "mastermind": "rule", "protagonists": "rule"})
    assert r.status_code == 202
    job = r.json()["job"]
    deadline = time.time() + 120
    while True:
        state = client.get(f"{API}/balance/{job}").json()
        if state["state"] in ("finished", "failed"):
            break
        assert time.time() < deadline
        time.sleep(0.1)
    assert state["state"] == "finished", state["error"]
    rows = state["result"]["rows"]
    assert [row["loops"] for row in rows] == [data["loops"] - 1, data["loops"], data["loops"] + 1]
    assert [row["the_scripts"] for row in rows] == [False, True, False]
    assert all(row["games"] == 1 and 0 <= row["ci95"][0] <= row["protagonists_win_rate"] <= row["ci95"][1] <= 1 for row in rows)
    assert state["done"] == state["total"] == 3
    bad = client.post(f"{API}/balance", json={"setup": {**data, "loops": 0}, "games": 1, "mastermind": "rule"}).json()
    while (s := client.get(f"{API}/balance/{bad['job']}").json())["state"] not in ("finished", "failed"):
        time.sleep(0.05)
    assert s["state"] == "failed" and "legal" in s["error"]
    assert client.post(f"{API}/balance", json={"setup": data, "mastermind": "nobody"}).status_code == 400


def test_a_game_without_a_workshop_says_so_and_the_editor_page_is_served(client: Any) -> None:
    from scriptkeeper.core import registry
    from tests.tinygame import GAME as TINY

    registry.register(TINY)
    r = client.get("/api/games/tinygame/workshop")
    assert r.status_code == 404 and r.json()["error"] == "tinygame has no setup editor"
    assert client.get("/api/games/no_such_game/workshop").status_code == 404
    assert client.get("/editor").status_code == 200


def test_a_file_opened_in_the_editor_is_read_as_strictly_as_an_upload(client: Any) -> None:
    """Issue 21's rules for uploads hold for the editor too: no alias or anchor, no key given
    twice (in YAML or JSON), size and depth bounded; each a 400 with a short message."""
    bomb = "a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n"
    deep = "[" * 5000 + "]" * 5000
    for text, words in ((bomb, "anchors"), ("b: *a\n", "aliases"), ("title: a\ntitle: b\n", "twice"), ('{"title": "a", "title": "b"}', "twice"),
                        (deep, "deep"), ("x: " + "y" * 70_000, "bytes")):
        r = client.post(f"{API}/open", json={"text": text})
        assert r.status_code == 400, (text[:30], r.text[:200])
        assert words in r.json()["error"] and len(r.json()["error"]) < 400
