"""The command line's help in the reader's language (issue 19: every terminal string in the five
languages): `scriptkeeper --help` and `scriptkeeper <command> --help` follow `--lang`, else the
environment as gettext reads it (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English; typer's own
words in the help ("Usage:", "Options", "[default: ...]") too."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scriptkeeper.cli import app
from scriptkeeper.cli_help import HELP_PREFIX, english_help, help_language, help_words
from scriptkeeper.core.i18n import LANGUAGES

NO_LOCALE = {name: None for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
WIDE = {"COLUMNS": "250"}  # one line per help text: a phrase is not cut by the panel's border

# What stays as typed in every language: the program, the commands, option names and metavars, the
# values an option takes (tragedy_looper, mastermind, search:easy|normal|hard), file names, the
# names of the software and formats (JSON, SQLite, uvicorn), and the language list's "English".
TYPED = {"scriptkeeper", "scripts", "check", "replay", "play", "sets", "serve", "verify", "deduce", "arena",
         "analyze", "tragedy_looper", "mastermind", "protagonists", "random", "rule", "search", "easy", "normal",
         "hard", "docs", "yaml", "game", "script", "seed", "English", "quiet", "first_steps", "basic_tragedy",
         "midnight_zone", "protagonist", "observer", "name", "warning", "SQLite", "PostgreSQL", "uvicorn", "Markdown",
         "RoopeR"}  # RoopeR: the game's own name in ja and ko
WORD = re.compile(r"[A-Za-z][A-Za-z_]{2,}")


def _help(args: list[str], **env: str) -> str:
    result = CliRunner().invoke(app, args, env={**NO_LOCALE, **WIDE, **env}, prog_name="scriptkeeper")
    assert result.exit_code == 0, result.output
    return result.output


def _english_words(output: str) -> list[str]:
    """The English words left in a help: what is not typed as it is (option names, metavars in
    capitals, values, file names)."""
    words = re.sub(r"\w+://\S+|--?[\w-]+|<[^>]*>|(?<![A-Za-z])[A-Z]{2,}(?![A-Za-z])|[\w./-]*\.(md|yaml)\b", " ", output)
    return [w for w in WORD.findall(words) if w not in TYPED]


def _words(lang: str, *ids: str) -> list[str]:
    return [help_words(id, lang) for id in ids]


def test_the_help_language_comes_from_lang_then_the_environment_as_gettext_reads_it() -> None:
    assert help_language(["play", "--lang", "ko", "--help"], {"LANG": "ru_RU.UTF-8"}) == "ko"
    assert help_language(["--lang=ja", "--help"], {}) == "ja"
    assert help_language(["--help"], {"LANG": "ru_RU.UTF-8"}) == "ru"
    assert help_language([], {"LANGUAGE": "fr:zh_CN", "LANG": "ko_KR.UTF-8"}) == "zh"  # LANGUAGE first, a list
    assert help_language([], {"LC_ALL": "ja_JP.UTF-8", "LANG": "ko_KR.UTF-8"}) == "ja"
    assert help_language([], {"LC_MESSAGES": "ko_KR", "LANG": "ru_RU"}) == "ko"
    assert help_language([], {"LANG": "ko_KR.UTF-8@euro"}) == "ko"


def test_an_unknown_language_falls_back_to_english() -> None:
    assert help_language([], {"LANG": "fr_FR.UTF-8"}) == "en"
    assert help_language([], {"LC_ALL": "C", "LANG": "ko_KR.UTF-8"}) == "en"  # the first one set decides
    assert help_language(["--lang", "fr"], {"LANG": "ko_KR.UTF-8"}) == "en"  # the command says the error
    assert help_language(["--", "--lang", "ko"], {}) == "en"  # past `--` it is an argument
    assert help_language([], {}) == "en"
    out = _help(["play", "--help"], LANG="fr_FR.UTF-8")
    assert "Usage:" in out and help_words("cli.help.play", "en") in out


def test_the_app_help_in_korean_with_lang() -> None:
    out = _help(["--lang", "ko", "--help"])
    for words in _words("ko", "cli.help.app", "cli.help.play", "cli.help.deduce", "cli.help.version",
                        "cli.typer.options", "cli.typer.commands", "cli.typer.help_option"):
        assert words in out, words
    assert "사용법: " in out
    assert _english_words(out) == []


def test_play_help_in_korean_with_lang() -> None:
    out = _help(["play", "--lang", "ko", "--help"])
    for words in _words("ko", "cli.help.play", "cli.help.play.ai", "cli.help.play.seed", "cli.help.play.quiet",
                        "cli.typer.arguments", "cli.typer.options", "cli.typer.help_option"):
        assert words in out, words
    assert "[기본값: en]" in out
    assert _english_words(out) == []


def test_the_app_help_in_russian_from_lang_in_the_environment() -> None:
    out = _help(["--help"], LANG="ru_RU.UTF-8")
    for words in _words("ru", "cli.help.app", "cli.help.check", "cli.help.analyze", "cli.typer.commands"):
        assert words in out, words
    assert "Использование: " in out
    assert _english_words(out) == []


def test_play_help_in_russian_from_lang_in_the_environment() -> None:
    out = _help(["play", "--help"], LANG="ru_RU.UTF-8")
    for words in _words("ru", "cli.help.play", "cli.help.play.agent", "cli.help.play.resume", "cli.typer.arguments"):
        assert words in out, words
    assert "[по умолчанию: no-quiet]" in out
    assert _english_words(out) == []


def test_a_required_argument_is_marked_in_the_language() -> None:
    out = _help(["check", "--help"], LANG="ja_JP.UTF-8")
    assert help_words("cli.help.check.script", "ja") in out and "[必須]" in out
    assert _english_words(out) == []


@pytest.mark.parametrize("lang", [x for x in LANGUAGES if x != "en"])
def test_every_command_help_has_no_english_sentence(lang: str) -> None:
    """Each command's help, in each language: no English word outside what is typed as it is."""
    for command in ("scripts", "check", "replay", "play", "sets", "serve", "verify", "deduce", "arena", "analyze"):
        out = _help(["--lang", lang, command, "--help"])  # serve has no --lang of its own
        assert _english_words(out) == [], (command, _english_words(out))
        assert HELP_PREFIX not in out  # every id found its words
        assert help_words("cli.typer.usage", lang) + ("" if lang == "zh" else " ") + "scriptkeeper" in out  # 用法：scriptkeeper


def test_english_stays_the_default_with_typers_own_words() -> None:
    _help(["play", "--help", "--lang", "ko"])  # a Korean help first: its words must not stay behind
    out = _help(["play", "--help"])
    for words in ("Usage: ", "Arguments", "Options", "Show this message and exit.", "[default: en]",
                  english_help()["cli.help.play.seed"], english_help()["cli.help.play"]):
        assert words in out, words
    assert HELP_PREFIX not in out
    assert {"Play", "terminal", "seed", "Show"} - set(_english_words(out)) == {"seed"}  # the check sees English


def test_an_error_is_worded_in_the_help_language_its_usage_line_and_its_message_together() -> None:
    """A usage error's line and message are in one language (tests/i18n/test_cli_errors.py has the rest)."""
    result = CliRunner().invoke(app, ["check"], env={**NO_LOCALE, **WIDE, "LANG": "ko_KR.UTF-8"}, prog_name="scriptkeeper")
    assert result.exit_code == 2
    assert "사용법: scriptkeeper check" in result.output and "인수 'script'이(가) 없습니다." in result.output
    assert "Usage" not in result.output and "Missing argument" not in result.output and HELP_PREFIX not in result.output


def test_lang_before_the_command_is_the_commands_lang() -> None:
    """`scriptkeeper --lang ko scripts` is `scriptkeeper scripts --lang ko`."""
    from scriptkeeper.cli import say

    out = _help(["--lang", "ko", "scripts"])
    assert say("ko", "cli.scripts.facts") in out


def test_the_installed_command_reads_the_environment() -> None:
    """The real entry point (arguments from sys.argv, not a test runner's)."""
    env = {k: v for k, v in os.environ.items() if k not in NO_LOCALE}
    command = Path(sys.executable).with_name("scriptkeeper")  # installed next to the interpreter (pip install -e .)
    out = subprocess.run([str(command), "play", "--help"], capture_output=True, text=True,
                         env={**env, **WIDE, "LANG": "ru_RU.UTF-8"}, check=True).stdout
    assert help_words("cli.help.play.seed", "ru") in out and "Использование:" in out
    assert _english_words(out) == []
