"""Clocktower through the `Game` protocol, the registry and the real CLI: `scriptkeeper play`
with the Storyteller at the screen and bots for the players, replay to the saved digest, check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from scriptkeeper.agents.runner import play
from scriptkeeper.cli import app
from scriptkeeper.clocktower.agents import RandomPlayer, StorytellerIsAPerson
from scriptkeeper.clocktower.game import GAME
from scriptkeeper.clocktower.state import STORYTELLER
from scriptkeeper.core import record, registry
from scriptkeeper.core.game import Game
from scriptkeeper.core.text import localize

from .storyteller import RandomStoryteller

runner = CliRunner()
MANOR = GAME.load_setup(str(GAME.shipped_setups()["manor_seven"]), Path("."))


def invoke(args: list[str], input: str | None = None):
    result = runner.invoke(app, args, input=input)
    assert "Traceback" not in result.output, result.output[-3000:]
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def test_it_is_a_whole_game_of_the_protocol_found_by_its_entry_point() -> None:
    assert isinstance(GAME, Game)
    assert registry.get("clocktower").id == "clocktower"
    assert GAME.seats(MANOR, {}) == [STORYTELLER, *[f"p{i}" for i in range(1, 8)]]
    assert GAME.seat_groups(MANOR, {}) == {"players": [f"p{i}" for i in range(1, 8)]}  # never the Storyteller
    with pytest.raises(ValueError):
        GAME.seats(MANOR, {"players": 8})
    with pytest.raises(ValueError):
        GAME.check_options({"players": 16})


def test_the_random_player_refuses_to_be_the_storyteller() -> None:
    state = GAME.new_game(MANOR, 0, {})
    d = GAME.pending(state)
    assert d is not None and d.seat == STORYTELLER
    with pytest.raises(StorytellerIsAPerson):
        RandomPlayer(0).choose(GAME.view(state, STORYTELLER), d)


def test_a_clone_goes_its_own_way_and_every_text_renders() -> None:
    state = GAME.new_game(MANOR, 4, {})
    copy = GAME.clone(state)
    GAME.apply(copy, GAME.pending(copy).options[0], seat=STORYTELLER)  # type: ignore[union-attr]
    assert len(GAME.history(copy)) == 1 and GAME.history(state) == []
    render = GAME.renderer(state)
    for seat in ("p1", STORYTELLER):
        assert isinstance(localize(GAME.view(copy, seat), render)["log"][0], str)


def test_a_saved_game_replays_to_its_digest(tmp_path: Path) -> None:
    agents = {STORYTELLER: RandomStoryteller(2), **{f"p{i}": RandomPlayer(i) for i in range(1, 8)}}
    result = play(GAME, MANOR, 2, agents, keep_state=True)
    state = result["state"]
    assert GAME.outcome(state) is not None
    gf = record.GameFile(GAME, MANOR, GAME.setup_json(MANOR), 2, GAME.check_options({}))
    path = tmp_path / "ct.yaml"
    record.save_game(path, gf, state)
    again = record.replay(record.load_game(path))
    assert GAME.digest(again, record.FORMAT) == GAME.digest(state, record.FORMAT)
    assert GAME.setup_from_text(GAME.setup_text(MANOR)) == MANOR


def test_play_in_the_terminal_with_the_storyteller_at_the_screen_and_bots_for_the_players(tmp_path: Path) -> None:
    save = tmp_path / "game.yaml"
    result = invoke(["play", "manor_seven", "--game", "clocktower", "--ai", "players", "--seed", "3", "--save", str(save), "--quiet"],
                    input="1\n" * 400)
    assert result.exit_code == 0, result.output[-2000:]
    assert "wins" in result.output
    data = yaml.safe_load(save.read_text(encoding="utf-8"))
    assert data["game"] == "clocktower" and data["outcome"]["winner"] in ("good", "evil")
    assert {d["seat"] for d in data["decisions"]} >= {STORYTELLER, "p1"}
    replayed = invoke(["replay", str(save), "--json"])
    assert replayed.exit_code == 0
    assert json.loads(replayed.stdout)["digest"] == data["digest"]


def test_play_a_game_the_storyteller_sets_up_at_the_screen(tmp_path: Path) -> None:
    save = tmp_path / "g.yaml"
    result = invoke(["play", "twenty_four", "--game", "clocktower", "--players", "5", "--ai", "players", "--seed", "1",
                     "--save", str(save), "--quiet"], input="1\n" * 600)
    assert result.exit_code == 0, result.output[-2000:]
    data = yaml.safe_load(save.read_text(encoding="utf-8"))
    assert data["players"] == 5 and data["outcome"] is not None


def test_check_names_the_ids_we_do_not_implement(tmp_path: Path) -> None:
    path = tmp_path / "script.json"
    path.write_text(json.dumps([{"id": "_meta", "name": "Mixed"}, "washerwoman", "slayer", {"id": "imp"}]), encoding="utf-8")
    result = invoke(["check", str(path), "--game", "clocktower"])
    assert result.exit_code != 0 and "washerwoman, imp" in result.output
    ok = invoke(["check", "manor_seven", "--game", "clocktower"])
    assert ok.exit_code == 0 and "legal" in ok.output
