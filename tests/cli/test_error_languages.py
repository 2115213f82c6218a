"""Issue 19: what the command line says of an illegal script, a broken or tampered game file, or a
wrong command, in the language of `--lang` (its own lines `cli.*`, the game-file errors `file.*`),
with the specifics (paths, counts, decision numbers, the answer given) kept as they are."""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from typer.testing import CliRunner

from scriptkeeper.cli import app
from scriptkeeper.core import record
from scriptkeeper.core.errors import GameFileError
from scriptkeeper.core.registry import get

ILLEGAL = Path(__file__).resolve().parents[1] / "fixtures" / "illegal"
CYRILLIC = re.compile("[\u0400-\u04ff]")
HANGUL = re.compile("[\uac00-\ud7a3]")
runner = CliRunner()


def _game_file(tmp_path: Path, decisions: list[dict[str, object]], script: object = None) -> Path:
    shipped = get("tragedy_looper").shipped_setups()["first_steps/whispers_at_the_gate"]
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump({"scriptkeeper": 2, "game": "tragedy_looper", "script": script or str(shipped),
                                    "seed": 3, "decisions": decisions}), encoding="utf-8")
    return path


def test_check_header_counts_the_problems_with_each_languages_plural():
    """`check`'s header line: "(2 problems)" in English, the Russian few-form «2 проблемы»."""
    target = str(ILLEGAL / "role-maximum.yaml")
    en = runner.invoke(app, ["check", target])
    ru = runner.invoke(app, ["check", target, "--lang", "ru"])
    assert en.exit_code == ru.exit_code == 1
    assert f"{target}: illegal script (2 problems)" in en.output
    assert f"{target}: недопустимый сценарий (2 проблемы)" in ru.output and "illegal script" not in ru.output
    legal = runner.invoke(app, ["check", "first_steps/whispers_at_the_gate", "--lang", "ru"])
    assert legal.exit_code == 0 and "допустимый сценарий" in legal.output


def test_replay_says_which_decision_of_a_broken_file_cannot_be_applied_in_the_terminals_language(tmp_path):
    path = _game_file(tmp_path, [{"seat": "mastermind", "answer": "no_such_answer"}])
    en = runner.invoke(app, ["replay", str(path)])
    ja = runner.invoke(app, ["replay", str(path), "--lang", "ja"])
    assert en.exit_code == ja.exit_code == 1
    assert "decision #1 cannot be applied: 'no_such_answer' is not a legal answer" in en.output
    assert "決定 #1 を適用できません" in ja.output and "'no_such_answer'" in ja.output and "cannot" not in ja.output


def test_a_decision_given_for_the_wrong_seat_is_named_with_both_seats(tmp_path):
    path = _game_file(tmp_path, [{"seat": "protagonist2", "answer": "x"}])
    with_error = None
    try:
        record.replay(record.load_game(path))
    except GameFileError as exc:
        with_error = exc
    assert with_error is not None and with_error.text is not None and with_error.text.id == "file.decision_wrong_seat"
    assert str(with_error) == "decision #1 is given for protagonist2, but the decision is mastermind's"
    assert CYRILLIC.search(with_error.words("ru")) and "protagonist2" in with_error.words("ru")


def test_a_game_file_with_an_illegal_script_names_its_problems_in_the_terminals_language(tmp_path):
    """The file's inline script breaks a rule: the error and the problems, names included, in Korean."""
    script = yaml.safe_load((ILLEGAL / "role-maximum.yaml").read_text(encoding="utf-8"))
    path = _game_file(tmp_path, [], script=script)
    en = runner.invoke(app, ["replay", str(path)])
    ko = runner.invoke(app, ["replay", str(path), "--lang", "ko"])
    assert en.exit_code == ko.exit_code == 1
    assert "the game's script is not legal" in en.output and "[role-maximum]" in en.output
    assert "[role-maximum]" in ko.output and HANGUL.search(ko.output) and "not legal" not in ko.output
    assert "Friend" not in ko.output  # the role's name as the Korean catalog gives it


def test_an_unreadable_game_file_and_a_wrong_command_in_the_terminals_language(tmp_path):
    missing = tmp_path / "nowhere.yaml"
    ru = runner.invoke(app, ["replay", str(missing), "--lang", "ru"])
    assert ru.exit_code == 1 and CYRILLIC.search(ru.output) and "nowhere.yaml" in ru.output
    no_script = runner.invoke(app, ["play", "--lang", "ru"])
    assert no_script.exit_code == 2 and "--resume GAME" in no_script.output and CYRILLIC.search(no_script.output)
    unknown = runner.invoke(app, ["check", "no_such_script", "--lang", "ko"])
    assert unknown.exit_code == 2 and "'no_such_script'" in unknown.output and HANGUL.search(unknown.output)


def test_a_games_refusal_and_the_scripts_list_in_the_terminals_language():
    """`play --players 3` is refused with Tragedy Looper's own words in Russian; `scripts --lang ja`
    lists the public facts as the lobby page writes them, in Japanese."""
    ru = runner.invoke(app, ["play", "first_steps/whispers_at_the_gate", "--players", "3", "--lang", "ru"])
    assert ru.exit_code == 1 and "протагонист" in ru.output and "must be" not in ru.output
    en = runner.invoke(app, ["scripts"])
    ja = runner.invoke(app, ["scripts", "--lang", "ja"])
    assert en.exit_code == ja.exit_code == 0
    assert "First Steps, 2 loops, 3 days, 1 incident" in en.output
    assert "first_steps/whispers_at_the_gate" in ja.output and "2ループ" in ja.output and "loops" not in ja.output


def test_the_storyteller_given_to_the_agent_is_refused_in_one_line_in_the_terminals_language(tmp_path):
    """Clocktower's Storyteller stays a person: `--ai storyteller` is refused at its first decision
    in --lang (ct.refusal.storyteller_person), without a traceback."""
    ru = runner.invoke(app, ["play", "manor_seven", "--game", "clocktower", "--ai", "storyteller", "--ai", "players",
                             "--seed", "2", "--lang", "ru", "--save", str(tmp_path / "g.yaml")])
    assert ru.exit_code == 2 and "Traceback" not in ru.output
    assert "место Рассказчика занимает человек" in re.sub(r"\s+", " ", ru.output) and "needs a person" not in ru.output


def test_a_games_refusal_of_a_files_header_or_start_is_in_the_terminals_language(tmp_path):
    """A game file the game itself refuses (Clocktower's players option out of range, a situation it
    cannot start from): the game's Refusal worded in --lang inside the file's line (file.bad_header,
    file.cannot_start), no English detail left."""
    shipped = str(get("clocktower").shipped_setups()["manor_seven"])
    path = tmp_path / "ct.yaml"
    path.write_text(yaml.safe_dump({"scriptkeeper": 2, "game": "clocktower", "script": shipped, "seed": 1,
                                    "situation": {"day": 2}, "decisions": []}), encoding="utf-8")
    ru = runner.invoke(app, ["replay", str(path), "--lang", "ru"])
    assert ru.exit_code == 1 and "«Кровь на Часовой башне» не начинается с заданной ситуации" in _flat(ru.output)
    en = runner.invoke(app, ["replay", str(path)])
    assert "the game cannot start from this file: Clocktower starts from no situation" in _flat(en.output)
    path.write_text(yaml.safe_dump({"scriptkeeper": 2, "game": "clocktower", "script": shipped, "seed": 1, "players": 99,
                                    "decisions": []}), encoding="utf-8")
    ja = runner.invoke(app, ["replay", str(path), "--lang", "ja"])
    assert ja.exit_code == 1 and "players は 5 から 15 までの整数です" in _flat(ja.output) and "whole number" not in ja.output


def _flat(output: str) -> str:
    return re.sub(r"\s+", " ", output)
