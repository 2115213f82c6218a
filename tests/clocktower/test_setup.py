"""Setup: the player-count table, the Sentinel's change, the Storyteller's choices checked with
named problems, the built-in script of the 24 and the official custom-script JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scriptkeeper.clocktower.characters import characters, night_order
from scriptkeeper.clocktower.game import GAME
from scriptkeeper.clocktower.script import COUNTS, builtin_script, check_setup, counts, import_script
from scriptkeeper.clocktower.state import STORYTELLER

from .helpers import pending

NOTES_TABLE = {5: (3, 0, 1, 1), 6: (3, 1, 1, 1), 7: (5, 0, 1, 1), 8: (5, 1, 1, 1), 9: (5, 2, 1, 1), 10: (7, 0, 2, 1),
               11: (7, 1, 2, 1), 12: (7, 2, 2, 1), 13: (9, 0, 3, 1), 14: (9, 1, 3, 1), 15: (9, 2, 3, 1)}
SEVEN = ["slayer", "virgin", "tea_lady", "fool", "mayor", "goblin", "lleech"]


def rules(data: dict) -> list[str]:
    return [p.rule for p in check_setup(data)[1]]


def test_the_count_table_is_the_standard_one_for_5_to_15_players() -> None:
    assert COUNTS == NOTES_TABLE
    assert counts(9, 1) == {"townsfolk": 4, "outsider": 3, "minion": 1, "demon": 1}
    assert counts(8, -1) == {"townsfolk": 6, "outsider": 0, "minion": 1, "demon": 1}


def test_the_builtin_script_is_the_24_seed_characters() -> None:
    s = builtin_script()
    assert len(s.characters) == 24 and set(s.characters) == set(characters())
    assert [len(s.of_team(t)) for t in ("townsfolk", "outsider", "minion", "demon", "fabled")] == [13, 4, 4, 2, 1]
    assert [c for c in s.characters if characters()[c].setup] == ["sentinel"]


def test_a_written_grimoire_is_checked_and_broken_rules_are_named() -> None:
    assert rules({"characters": SEVEN}) == []
    assert set(rules({"characters": SEVEN[:-1] + ["goblin"]})) == {"duplicate-character"}
    assert set(rules({"characters": ["washerwoman", *SEVEN[1:]]})) == {"unknown-character"}
    bad = rules({"characters": ["slayer", "virgin", "tea_lady", "damsel", "golem", "goblin", "lleech"]})
    assert set(bad) == {"count-townsfolk", "count-outsider"}
    assert rules({"characters": SEVEN[:4]}) == ["player-count"]
    assert rules({"players": 16}) == ["player-count"] and rules({"players": 4}) == ["player-count"]
    assert rules({"characters": SEVEN, "players": 8}) == ["player-count"]
    assert rules({"characters": [*SEVEN[:4], "sentinel", "goblin", "lleech"]}) == ["not-a-player-character"]
    assert rules({"cast": []}) == ["setup-format"]


def test_the_sentinel_allows_one_outsider_more_or_fewer() -> None:
    plus = ["slayer", "virgin", "tea_lady", "fool", "golem", "goblin", "lleech"]  # 7 players: 4 + 1 Outsider
    assert rules({"characters": plus}) == []  # the built-in script has the Sentinel
    no_sentinel = [c for c in builtin_script().to_json()[1:] if c != "sentinel"]
    assert set(rules({"script": no_sentinel, "characters": plus})) == {"count-townsfolk", "count-outsider"}
    assert rules({"script": no_sentinel, "outsider_change": 1}) == ["outsider-change"]
    assert rules({"players": 7, "outsider_change": -1}) == ["outsider-change"]  # 7 players have no Outsider to remove


def test_the_official_script_json_is_imported_with_meta_ids_and_objects() -> None:
    data = [{"id": "_meta", "name": "Tiny", "author": "me"}, "slayer", {"id": "tealady"}, "devilsadvocate", "al_hadikhia", "Lleech"]
    script, problems = import_script(json.dumps(data))
    assert problems == [] and script is not None
    assert script.name == "Tiny" and script.author == "me"
    assert script.characters == ("slayer", "tea_lady", "devils_advocate", "al_hadikhia", "lleech")
    assert script.to_json()[0] == {"id": "_meta", "name": "Tiny", "author": "me"}
    assert import_script(script.to_json())[0] == script


def test_unknown_script_ids_are_named_in_one_clear_error() -> None:
    data = ["washerwoman", "slayer", {"id": "imp"}, {"id": "mychar", "name": "Mine", "team": "townsfolk", "ability": "x"}]
    script, problems = import_script(data)
    assert script is None
    [p] = [p for p in problems if p.rule == "script-unknown"]
    assert "washerwoman" in p.message and "imp" in p.message and "mychar (a homebrew character)" in p.message
    assert [p.rule for p in import_script({"id": "x"})[1]] == ["script-format"]
    assert [p.rule for p in import_script("[not json")[1]] == ["script-format"]


def test_the_shipped_custom_script_loads_from_its_json_file() -> None:
    setup = GAME.load_setup(str(GAME.shipped_setups()["carousel_sample"]), Path("."))
    assert setup.script.name == "Carousel Sampler" and len(setup.script.characters) == 24 and setup.grimoire is None


def test_a_script_too_small_for_the_players_is_refused() -> None:
    small = ["slayer", "virgin", "tea_lady", "goblin", "lleech"]
    assert rules({"script": small, "players": 7}) == ["script-too-small-townsfolk"]


def test_the_storyteller_fills_the_bag_team_by_team_with_legal_choices_and_seats_by_chance() -> None:
    setup = GAME.load_setup(str(GAME.shipped_setups()["twenty_four"]), Path("."))
    state = GAME.new_game(setup, 5, {"players": 8})
    d = pending(state)
    assert d.seat == STORYTELLER and d.kind == "sentinel" and list(d.options) == [-1, 0, 1]
    GAME.apply(state, 1, seat=STORYTELLER)  # 8 players: 4 Townsfolk, 2 Outsiders
    picked = {"townsfolk": 0, "outsider": 0, "minion": 0, "demon": 0}
    while (d := pending(state)).kind == "bag":
        team = d.info["team"]
        assert all(characters()[c].team == team for c in d.options)
        picked[team] += 1
        GAME.apply(state, d.options[-1], seat=STORYTELLER)
    assert {t: sum(1 for c in state.bag if characters()[c].team == t) for t in picked} == {"townsfolk": 4, "outsider": 2, "minion": 1, "demon": 1}
    assert d.kind == "seating"
    GAME.apply(state, "deal", seat=STORYTELLER)
    assert len(state.draws) == 8 and sorted(state.character) == [f"p{i}" for i in range(1, 9)]
    again = GAME.new_game(setup, 5, {"players": 8})
    for h in state.history:
        if GAME.pending(again) is None or again.phase != "setup":
            break
        GAME.apply(again, h["answer"], seat=h["seat"])
    assert again.character == state.character  # the deal is the seed's


def test_the_storyteller_may_seat_each_player_by_hand() -> None:
    setup = GAME.load_setup(str(GAME.shipped_setups()["twenty_four"]), Path("."))
    state = GAME.new_game(setup, 1, {"players": 5})
    GAME.apply(state, 0, seat=STORYTELLER)
    while (d := pending(state)).kind == "bag":
        GAME.apply(state, d.options[0], seat=STORYTELLER)
    bag = list(state.bag)
    GAME.apply(state, "choose", seat=STORYTELLER)
    for seat in ("p1", "p2", "p3", "p4"):
        d = pending(state)
        assert d.kind == "seat" and d.info["seat"] == seat
        GAME.apply(state, d.options[-1], seat=STORYTELLER)
    assert sorted(state.character.values()) == sorted(bag) and state.draws == []


def test_the_night_order_comes_from_the_data() -> None:
    every = set(characters())
    assert night_order(True, every) == ["dusk", "alchemist", "minioninfo", "snitch", "demoninfo", "lleech", "devils_advocate", "damsel", "dawn"]
    assert night_order(False, every) == ["dusk", "devils_advocate", "al_hadikhia", "lleech", "gossip", "damsel", "dawn"]


@pytest.mark.parametrize("n", [5, 10, 15])
def test_every_player_count_can_be_set_up(n: int) -> None:
    setup = GAME.load_setup(str(GAME.shipped_setups()["twenty_four"]), Path("."))
    state = GAME.new_game(setup, n, {"players": n})
    while state.phase == "setup":
        d = pending(state)
        GAME.apply(state, d.options[0], seat=d.seat)
    assert len(state.character) == n and len(set(state.character.values())) == n


def test_the_heretic_and_lleech_jinx_allows_only_one_of_them_in_play() -> None:
    both = ["slayer", "virgin", "tea_lady", "fool", "heretic", "goblin", "lleech"]
    assert "jinx" in rules({"characters": both})
    setup = GAME.load_setup(str(GAME.shipped_setups()["twenty_four"]), Path("."))
    state = GAME.new_game(setup, 2, {"players": 6})
    GAME.apply(state, 0, seat=STORYTELLER)
    while (d := pending(state)).kind == "bag":
        GAME.apply(state, "heretic" if "heretic" in d.options else d.options[-1], seat=STORYTELLER)
        assert "lleech" not in d.options or "heretic" not in state.bag
    assert "heretic" in state.bag and "lleech" not in state.bag
