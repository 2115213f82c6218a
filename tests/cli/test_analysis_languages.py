"""Issue 19: Tragedy Looper's analysis commands (`deduce`, `arena`, `analyze`) and a game file's
broken situation speak the reader's language with `--lang`: their lines, headings and table cells
are the catalogs' words (`analysis.*`, `situation.*`), with the set's names, percentages and
counts written by Babel; what the file's author wrote (keys, ids) is quoted as written."""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from typer.testing import CliRunner

from scriptkeeper.cli import app
from scriptkeeper.core import record
from scriptkeeper.core.errors import GameFileError
from scriptkeeper.core.registry import get

BENCH_GAME = Path(__file__).resolve().parents[2] / "bench" / "games" / "basic_tragedy_4_loops.yaml"
SMALL = "first_steps/whispers_at_the_gate"
CYRILLIC = re.compile("[\u0400-\u04ff]")
HANGUL = re.compile("[\uac00-\ud7a3]")
runner = CliRunner()


def _flat(output: str) -> str:
    """The output with the terminal's line folds undone (spaces and newlines; Babel's no-break spaces kept)."""
    return re.sub(r"[ \n]+", " ", output)


def test_deduce_prints_its_count_and_tables_in_russian():
    """`deduce --lang ru`: the summary with the Russian plural of its count and Babel's grouping,
    the tables' titles and headings, the set's plot and role names and the percentages in Russian."""
    en = runner.invoke(app, ["deduce", str(BENCH_GAME), "--upto", "30"])
    ru = runner.invoke(app, ["deduce", str(BENCH_GAME), "--upto", "30", "--lang", "ru"])
    assert en.exit_code == ru.exit_code == 0, ru.output
    assert "Basic Tragedy, after loop 1: 150,671,304 consistent scripts from 4 facts." in _flat(en.output)
    assert "Базовая трагедия, после петли 1: 150\xa0671\xa0304 сценария согласуются с фактами (4 факта)." in _flat(ru.output)
    for heading in ("Сюжеты", "доля сценариев", "Роли", "возможные роли", "Виновники", "План убийства", "основной", "72\xa0%"):
        assert heading in ru.output, heading
    for english in ("consistent", "Plots", "share of scripts", "Murder Plan", "subplot", "Culprits"):
        assert english not in ru.output, english
    wrong_seat = runner.invoke(app, ["deduce", str(BENCH_GAME), "--seat", "mastermind", "--lang", "ru"])
    assert wrong_seat.exit_code == 2 and "'mastermind'" in wrong_seat.output and "Мастер знает сценарий" in wrong_seat.output


def test_arena_prints_its_tables_and_writes_its_markdown_in_japanese(tmp_path):
    md = tmp_path / "table.md"
    ja = runner.invoke(app, ["arena", "--mastermind", "random", "--protagonists", "random,rule", "--scripts", SMALL, "-n", "2",
                             "--workers", "1", "--markdown", str(md), "--lang", "ja"])
    assert ja.exit_code == 0, ja.output
    for words in ("脚本家の勝率 (95%信頼区間)", "主人公の勝率", "ゲーム数", "同じ相手に対する各側のエージェント", "強い方がより勝つ"):
        assert words in ja.output, words
    assert "Mastermind wins" not in ja.output and "stronger wins more" not in ja.output
    text = md.read_text(encoding="utf-8")
    assert text.startswith("`scriptkeeper arena") and "--lang ja` で作成。" in text.splitlines()[0]
    assert "| 脚本 | 脚本家 | 主人公 | ゲーム数 |" in text and "Mastermind wins" not in text
    unknown = runner.invoke(app, ["arena", "--mastermind", "nobody", "--scripts", SMALL, "-n", "1", "--lang", "ja"])
    assert unknown.exit_code == 2 and "不明なエージェント 'nobody'" in unknown.output


def test_analyze_prints_its_table_in_korean_and_refuses_a_loop_count_in_words():
    ko = runner.invoke(app, ["analyze", SMALL, "--mastermind", "random", "--protagonists", "random", "--loops", "1,2", "-n", "2",
                             "--workers", "1", "--lang", "ko"])
    assert ko.exit_code == 0, ko.output
    for words in ("각본가 random 대 주인공 random", "주인공 승률 (95% 신뢰구간)", "루프로 / 마지막 추리로", "2 (각본의 값)", "1.00"):
        assert words in ko.output, words
    assert "Protagonists win" not in ko.output and "the script's" not in ko.output
    bad = runner.invoke(app, ["analyze", SMALL, "--loops", "one,two", "--lang", "ko"])
    assert bad.exit_code == 2 and "'one,two'" in bad.output and HANGUL.search(bad.output) and "Traceback" not in bad.output


def _situation_file(tmp_path: Path, situation: dict[str, object]) -> Path:
    shipped = get("tragedy_looper").shipped_setups()[SMALL]
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump({"scriptkeeper": 2, "game": "tragedy_looper", "script": str(shipped), "seed": 3,
                                    "situation": situation, "decisions": []}), encoding="utf-8")
    return path


def test_a_broken_situation_is_named_in_the_terminals_language(tmp_path):
    """A situation outside the script's loops, in Chinese: the prefix and the detail, the script's
    loops and days with the catalog's counted words; the unknown loop flag's list of the known ones
    with what each means, in Russian; the keys the author wrote quoted as written."""
    outside = _situation_file(tmp_path, {"loop": 9})
    en = runner.invoke(app, ["replay", str(outside)])
    zh = runner.invoke(app, ["replay", str(outside), "--lang", "zh"])
    assert en.exit_code == zh.exit_code == 1
    assert "situation: loop 9 / day 1 is outside the script's 2 loops x 3 days" in en.output
    assert "第9轮回 / 第1天超出了剧本的 2轮回 × 3天" in zh.output and "outside" not in zh.output
    flags = _situation_file(tmp_path, {"loop_flags": {"nobody_moves": True}})
    try:
        record.replay(record.load_game(flags))
    except GameFileError as exc:
        error = exc
    assert error.text is not None and error.text.id == "file.situation"
    ru = error.words("ru")
    assert "['nobody_moves']" in ru and "patient_free: у персонажей" in ru and "(Приспешник)" in ru
    assert "Henchman" not in ru and "whose" not in ru and CYRILLIC.search(ru)
    key = _situation_file(tmp_path, {"abilities_used_this_loop": ["x:y:z"]})
    ko = runner.invoke(app, ["replay", str(key), "--lang", "ko"])
    assert ko.exit_code == 1 and "'x:y:z'" in ko.output and "능력을 가리키지 않습니다" in ko.output


def test_check_gives_the_guides_loop_value_and_its_note_in_russian():
    """`check --lang ru` on a Last Liar script: the loop value written as Russian writes a decimal,
    and the rules data's note on it (rules.loop_value_note.<plot>) translated like a rules text."""
    ru = runner.invoke(app, ["check", "last_liar/a_girl_who_was_not_there", "--lang", "ru"])
    en = runner.invoke(app, ["check", "last_liar/a_girl_who_was_not_there"])
    assert ru.exit_code == en.exit_code == 0, ru.output
    assert "World of Rebellion: +1.6 is the guide's value for 3 or 4 Girls in the cast" in _flat(en.output)
    assert "Мир бунта: +1,6 — значение руководства, когда в составе 3 или 4 Девочки" in _flat(ru.output)
    assert "guide's value" not in ru.output
