"""`scriptkeeper play` and `replay` through the real CLI (typer's CliRunner).

Agent games finish and write a game file whose digest `replay` reproduces; a human at the
prompts (fed through stdin) can type anything without crashing the game; end of input or `q`
saves the game, and `play --resume` finishes it with the saved decisions kept.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from scriptkeeper.cli import app
from scriptkeeper.core.text import localize
from scriptkeeper.tragedy_looper.game import GAME
from scriptkeeper.tragedy_looper.catalog import shipped_scripts
from scriptkeeper.tragedy_looper.script import load_script

runner = CliRunner()
WHISPERS = "first_steps/whispers_at_the_gate"
BAD_INPUTS = ["", "abc", "999", "0", "b", "[/red]"]  # none of these is a choice at a card prompt


def invoke(args: list[str], input: str | None = None):
    result = runner.invoke(app, args, input=input)
    assert "Traceback" not in result.output, result.output[-3000:]
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def load(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def replay_json(path: Path) -> dict:
    result = invoke(["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def lines(*answers: str, then: int = 0) -> str:
    return "".join(f"{a}\n" for a in answers) + "1\n" * then


# --- agents in every seat --------------------------------------------------------------------

# One shipped script of each Tragedy Set, 4 and 2 players in turn, played to its end by agents
# through the CLI: the rule-based agent on the base sets and Last Liar, the random agent on the
# others. (The soak plays every shipped script to its end with random agents, the golden stretches
# play the rule-based and search agents on every shipped script, and the deduction's long soundness
# games play the rule-based agents to the end on every script, so the suite's time grows with the
# sets, not with every script; what this test adds is the terminal's path, which any agent walks.)
# A set played by 4 players only (Last Liar) is played by 4.
def _players(name: str, k: int) -> int:
    wanted = 4 if k % 2 == 0 else 2
    return wanted if wanted in load_script(shipped_scripts()[name]).rules.set.players else 4


def _one_per_set() -> list[str]:
    """The shortest shipped script of each set (fewest loops x days, then by name): one whole agent
    game a set, as cheap as the set allows."""
    def length(name: str) -> tuple[int, str]:
        s = load_script(shipped_scripts()[name])
        return s.loops * s.days, name

    shortest: dict[str, str] = {}
    for name in sorted(shipped_scripts(), key=length):
        shortest.setdefault(name.split("/")[0], name)
    return sorted(shortest.values())


# Another Horizon is refused by the agents (test_another_horizon_is_refused_by_the_agents_in_one_line).
RULE_AGENT_SETS = ("first_steps", "basic_tragedy", "last_liar")
AGENT_GAMES = [(name, _players(name, k), "rule" if name.split("/")[0] in RULE_AGENT_SETS else "random")
               for k, name in enumerate(_one_per_set()) if not name.startswith("another_horizon/")]


@pytest.mark.parametrize("name,players,agent", AGENT_GAMES)
def test_agent_game_finishes_and_replays_to_the_saved_digest(tmp_path, name, players, agent):
    """One shipped script of each set, with an agent in every seat: the game ends with a winner, the
    file holds the decisions, outcome and digest, and replay reproduces the digest."""
    save = tmp_path / "game.yaml"
    result = invoke(["play", name, "--ai", "mastermind", "--ai", "protagonists", "--agent", agent, "--seed", "5",
                     "--players", str(players), "--save", str(save)])
    assert result.exit_code == 0, result.output[-3000:]
    assert re.search(r"(Protagonists|Mastermind) win|Protagonist [ABC] wins alone", result.output)
    game = load(save)
    assert game["players"] == players and game["seed"] == 5
    assert game["outcome"]["winner"] in ("protagonists", "mastermind", "traitor_a", "traitor_b", "traitor_c")
    if name.startswith("last_liar/"):
        # Last Liar in the terminal: the last screen shows each Protagonist's Extra card, and who won, seat by seat.
        for n in (1, 2, 3):
            assert re.search(rf"Protagonist {n} holds Extra Card [ABC]", result.output), result.output[-2000:]
        assert set(game["outcome"]["results"]) == {"mastermind", "protagonist1", "protagonist2", "protagonist3"}
    assert game["decisions"], "a finished game has decisions"

    first = replay_json(save)
    second = replay_json(save)
    assert first == second
    assert first["digest"] == game["digest"]
    # The file keeps the reason as a message id; replay prints it in English.
    assert first["outcome"] == localize(game["outcome"], GAME.renderer(None, set_id=load_script(shipped_scripts()[name]).set_id))
    assert isinstance(first["outcome"]["reason"], str) and isinstance(game["outcome"]["reason"]["$text"], str)
    assert first["final_state"]["pending"] is None
    assert first["final_state"]["decisions_applied"] == len(game["decisions"])


def test_another_horizon_is_refused_by_the_agents_in_one_line(tmp_path):
    """The rule agents do not model Another Horizon (agents/common.UNMODELLED_SETS): the terminal says so
    at the first agent decision, without a traceback; the random agent plays it to its end."""
    result = runner.invoke(app, ["play", "another_horizon/the_endless_dusk", "--ai", "mastermind", "--ai", "protagonists",
                                 "--save", str(tmp_path / "g.yaml")])
    assert result.exit_code == 2 and "does not model the Tragedy Set 'another_horizon'" in result.output
    assert "Traceback" not in result.output
    result = invoke(["play", "another_horizon/the_endless_dusk", "--ai", "mastermind", "--ai", "protagonists", "--agent", "random",
                     "--seed", "3", "--save", str(tmp_path / "r.yaml")])
    assert result.exit_code == 0 and re.search(r"(Protagonists|Mastermind) win", result.output)
    assert re.search(r"Extra Gauge: \d", result.output) and re.search(r"(Light|Dark) World", result.output)  # the gauge and the world
    first = replay_json(tmp_path / "r.yaml")
    assert first["digest"] == load(tmp_path / "r.yaml")["digest"]


def test_replay_json_output_is_byte_identical_twice(tmp_path):
    save = tmp_path / "g.yaml"
    invoke(["play", WHISPERS, "--ai", "mastermind", "--ai", "protagonists", "--seed", "3", "--save", str(save)])
    a = invoke(["replay", str(save), "--json"]).stdout
    b = invoke(["replay", str(save), "--json"]).stdout
    assert a == b


def test_same_seed_same_game(tmp_path):
    """The seed fixes the game and the agents: two runs write the same decisions and digest."""
    files = []
    for n in range(2):
        save = tmp_path / f"g{n}.yaml"
        invoke(["play", WHISPERS, "--ai", "mastermind", "--ai", "protagonists", "--seed", "11", "--save", str(save)])
        files.append(load(save))
    assert files[0]["decisions"] == files[1]["decisions"]
    assert files[0]["digest"] == files[1]["digest"]


def test_replay_text_prints_the_digest(tmp_path):
    save = tmp_path / "g.yaml"
    invoke(["play", WHISPERS, "--ai", "mastermind", "--ai", "protagonists", "--seed", "4", "--save", str(save)])
    result = invoke(["replay", str(save), "--seat", "protagonist1"])
    assert result.exit_code == 0
    assert f"digest {load(save)['digest']}" in result.output


# --- replay of bad game files ----------------------------------------------------------------

def test_replay_with_an_illegal_decision_is_a_clear_error(tmp_path):
    save = tmp_path / "g.yaml"
    invoke(["play", WHISPERS, "--ai", "mastermind", "--ai", "protagonists", "--seed", "1", "--save", str(save)])
    game = load(save)
    game["decisions"][3]["answer"] = {"card": "no_such_card", "target": "the_moon"}
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(game), encoding="utf-8")
    for args in (["replay", str(bad)], ["replay", str(bad), "--json"], ["play", "--resume", str(bad)]):
        result = invoke(args)
        assert result.exit_code == 1, args
        assert "decision #4 cannot be applied" in result.output


def test_replay_of_a_decision_without_an_answer(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump({"script": str(shipped_scripts()[WHISPERS]), "seed": 0,
                                   "decisions": [{"seat": "mastermind"}]}), encoding="utf-8")
    result = invoke(["replay", str(bad)])
    assert result.exit_code == 1
    assert "decision #1" in result.output


@pytest.mark.parametrize("text", ["- just\n- a list\n", "script: [unclosed\n", "script: no/such/script.yaml\n"])
def test_replay_of_a_file_that_is_not_a_game(tmp_path, text):
    bad = tmp_path / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    result = invoke(["replay", str(bad)])
    assert result.exit_code == 1
    assert result.output.strip()


def test_replay_of_a_missing_file(tmp_path):
    result = invoke(["replay", str(tmp_path / "nothing.yaml")])
    assert result.exit_code == 1
    assert "cannot read game file" in result.output


def test_play_argument_errors_are_messages_not_tracebacks(tmp_path):
    assert invoke(["play", "no_such_script"]).exit_code == 1
    assert invoke(["play"]).exit_code == 2
    assert invoke(["play", WHISPERS, "--ai", "nobody"]).exit_code == 2
    assert invoke(["play", WHISPERS, "--players", "3", "--ai", "mastermind", "--ai", "protagonists",
                   "--save", str(tmp_path / "g.yaml")]).exit_code == 1
    unknown_agent = invoke(["play", WHISPERS, "--ai", "mastermind", "--agent", "oracle", "--save", str(tmp_path / "g.yaml")])
    assert unknown_agent.exit_code == 2 and "unknown agent 'oracle'" in unknown_agent.output
    no_folder = invoke(["play", WHISPERS, "--ai", "mastermind", "--save", str(tmp_path / "missing" / "g.yaml")])
    assert no_folder.exit_code == 2 and "does not exist" in no_folder.output


# --- a human at the prompts ------------------------------------------------------------------

def _first_card_prompt_block(output: str) -> str:
    """Everything up to the first target prompt: the card prompt and its repeats."""
    return output.split("Target [", 1)[0]


@pytest.mark.parametrize("human,ai", [("protagonists", "mastermind"), ("mastermind", "protagonists")])
def test_human_against_the_agent_with_bad_inputs(tmp_path, human, ai):
    """Bad inputs at the card prompt and the target prompt get a message and the same prompt again;
    `b` at the target prompt goes back to the card. The game ends exactly as the clean game does."""
    clean_save, messy_save = tmp_path / "clean.yaml", tmp_path / "messy.yaml"
    common = ["play", WHISPERS, "--ai", ai, "--seed", "7", "--players", "2"]
    clean = invoke(common + ["--save", str(clean_save)], input=lines(then=600))
    messy_input = lines(*BAD_INPUTS, "1",            # card prompt: five bad inputs, then card 1
                        "", "abc", "999", "0", "b",  # target prompt: four bad inputs, then back
                        *BAD_INPUTS, "1", "1",       # card prompt again: bad inputs, card 1, target 1
                        "v", "h", then=600)          # show the board and help at the next prompt
    messy = invoke(common + ["--save", str(messy_save)], input=messy_input)
    assert clean.exit_code == messy.exit_code == 0

    block = _first_card_prompt_block(messy.output)
    for bad in BAD_INPUTS:
        assert f"'{bad}' is not a choice here." in block
    assert block.count("Card [1-") == len(BAD_INPUTS) + 1
    between = messy.output.split("Target [", 1)[1].split("Target [1-")
    assert len(between) > 5  # the target prompt was asked again after each bad input
    assert "Type the number of your choice" in messy.output

    assert "win" in messy.output
    a, b = load(clean_save), load(messy_save)
    assert a["outcome"] and a["decisions"] == b["decisions"] and a["digest"] == b["digest"]
    human_seats = {"mastermind"} if human == "mastermind" else {"protagonist1"}
    assert human_seats <= {d["seat"] for d in b["decisions"]}


@pytest.mark.parametrize("players", [4, 2])
def test_fully_human_game_to_the_end(tmp_path, players):
    """Every seat human (hot seat): the screen is passed between seats and the game ends."""
    save = tmp_path / "g.yaml"
    result = invoke(["play", WHISPERS, "--seed", "3", "--players", str(players), "--save", str(save)],
                    input=lines(then=3000))
    assert result.exit_code == 0
    assert "win" in result.output
    game = load(save)
    assert game["outcome"]["winner"] in ("protagonists", "mastermind")
    if players == 4:
        assert "Pass the screen to Protagonist 2" in result.output
        assert {"mastermind", "protagonist1", "protagonist2", "protagonist3"} <= {d["seat"] for d in game["decisions"]}
    else:
        assert "Pass the screen to the Protagonists" in result.output
        assert {d["seat"] for d in game["decisions"]} == {"mastermind", "protagonist1"}


def _interrupt_and_resume(tmp_path, stop: str, script: str, ai: str, seed: str) -> tuple[dict, dict, str, str]:
    """Play a few answers, stop (EOF or q), then resume; also play the same answers uninterrupted."""
    whole, part = tmp_path / "whole.yaml", tmp_path / "part.yaml"
    base = ["play", script, "--ai", ai, "--seed", seed, "--players", "2"]
    invoke(base + ["--save", str(whole)], input=lines(then=2000))
    first = invoke(base + ["--save", str(part)], input=lines(then=9) + ("q\n" if stop == "q" else ""))
    assert first.exit_code == 0
    assert f"Game saved to {part}" in first.output
    assert f"scriptkeeper play --resume {part} --ai {ai}" in first.output
    saved = load(part)
    assert "outcome" not in saved and saved["decisions"]
    resumed = invoke(["play", "--resume", str(part), "--ai", ai], input=lines(then=2000))
    assert resumed.exit_code == 0
    return saved, load(part), first.output, resumed.output


@pytest.mark.parametrize("stop", ["eof", "q"])
@pytest.mark.parametrize("script,ai,seed", [(WHISPERS, "mastermind", "2"),
                                            ("basic_tragedy/ink_on_the_shrine_steps", "protagonists", "6")])
def test_end_of_input_or_q_saves_and_resume_finishes(tmp_path, stop, script, ai, seed):
    """The interrupted game keeps its decisions; resumed, it ends exactly as the uninterrupted game."""
    saved, final, _, resumed_output = _interrupt_and_resume(tmp_path, stop, script, ai, seed)
    assert final["decisions"][:len(saved["decisions"])] == saved["decisions"]
    assert final["outcome"]["winner"] in ("protagonists", "mastermind")
    assert "win" in resumed_output
    whole = load(tmp_path / "whole.yaml")
    assert final["decisions"] == whole["decisions"]
    assert final["digest"] == whole["digest"]
    assert replay_json(tmp_path / "part.yaml")["digest"] == final["digest"]


def test_q_at_the_pass_the_screen_prompt_saves(tmp_path):
    save = tmp_path / "g.yaml"
    result = invoke(["play", WHISPERS, "--save", str(save)], input="q\n")
    assert result.exit_code == 0
    assert "Resume with" in result.output
    assert load(save)["decisions"] == []


def test_resume_of_a_finished_game_shows_the_outcome(tmp_path):
    save = tmp_path / "g.yaml"
    invoke(["play", WHISPERS, "--ai", "mastermind", "--ai", "protagonists", "--seed", "8", "--save", str(save)])
    before = load(save)
    result = invoke(["play", "--resume", str(save)])
    assert result.exit_code == 0
    assert f"{before['outcome']['winner'].capitalize()} win" in result.output
    assert load(save) == before


def test_markup_like_arguments_are_printed_as_text(tmp_path):
    """Arguments that look like Rich markup end in a message, never a MarkupError."""
    assert invoke(["play", "[/red]x"]).exit_code == 1
    bad_side = invoke(["play", WHISPERS, "--ai", "[/red]"])
    assert bad_side.exit_code == 2 and "'[/red]'" in bad_side.output
    assert invoke(["replay", str(tmp_path / "[/red].yaml")]).exit_code == 1
    folder = invoke(["play", WHISPERS, "--ai", "mastermind", "--save", str(tmp_path / "[/b]" / "g.yaml")])
    assert folder.exit_code == 2 and "[/b]" in folder.output


# --- languages (issue 19) ------------------------------------------------------------------------

def test_play_in_korean_plays_a_whole_game_in_korean(tmp_path):
    """`scriptkeeper play ... --lang ko`: a human plays the Protagonists against the agent, every
    prompt, option, log line and the board in Korean; `replay --lang ko` reads it back in Korean."""
    from scriptkeeper.core.i18n import english_sources
    from scriptkeeper.tragedy_looper.texts import catalog

    save = tmp_path / "ko.yaml"
    result = invoke(["play", WHISPERS, "--ai", "mastermind", "--seed", "7", "--save", str(save), "--lang", "ko"],
                    input=lines(then=400))
    out = result.output
    assert result.exit_code == 0, out[-3000:]
    assert load(save)["outcome"] is not None, "the game was played to its end"
    korean = catalog("first_steps", "ko")
    assert korean["ui.game_over"] in out and korean["ui.headline.mastermind"] in out or korean["ui.headline.protagonists"] in out
    assert korean["prompt.place_card_protagonist"].replace("{who}: ", "") in out  # the human's own prompts
    assert len(re.findall(r"[\uac00-\ud7a3]", out)) > 1000  # Hangul throughout
    # No English sentence of the catalogs is left: every English template without parameters
    # that the Korean catalog words differently is absent from what the terminal printed.
    english = english_sources()
    left = [k for k, v in english.items() if isinstance(v, str) and "{" not in v and len(v) > 12
            and k in korean and korean[k] != v and v in out]
    assert not left, left
    replayed = invoke(["replay", str(save), "--lang", "ko"])
    assert replayed.exit_code == 0 and re.search(r"[\uac00-\ud7a3]", replayed.output)
    assert invoke(["play", WHISPERS, "--lang", "xx"]).exit_code == 2


def test_last_liar_refuses_the_two_player_game_in_the_terminal(tmp_path):
    result = runner.invoke(app, ["play", "last_liar/the_last_bell", "--ai", "mastermind", "--ai", "protagonists",
                                 "--players", "2", "--save", str(tmp_path / "x.yaml")])
    assert result.exit_code != 0 and "exactly 4 players" in result.output
