"""A mistyped command's error in the reader's language (issue 19: every terminal string in the five
languages): click's and typer's own sentences ("No such option: --x", "Missing argument 'script'."),
the "Error" panel, "Try '... --help' for help." and the usage line's "[OPTIONS]" follow `--lang`,
else the environment, as the help does; English stays as typer writes it; the exit code stays 2."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from scriptkeeper.cli import app
from scriptkeeper.cli_errors import ERROR_PREFIX, click_words, error_words
from scriptkeeper.core.i18n import LANGUAGES, core_messages

from .test_cli_help import NO_LOCALE, WIDE, _english_words

OTHER_LANGUAGES = [lang for lang in LANGUAGES if lang != "en"]
# click's English words around an error, none of which may be left in another language
ENGLISH = ("Usage:", "[OPTIONS]", "COMMAND [ARGS]", "Try '", "for help", "─ Error ─", "No such", "Missing",
           "Invalid value", "Did you mean", "unexpected extra", "requires an argument")


def _error(args: list[str], **env: str) -> str:
    result = CliRunner().invoke(app, args, env={**NO_LOCALE, **WIDE, **env}, prog_name="scriptkeeper")
    assert result.exit_code == 2, result.output  # a usage error's code, in every language
    return result.output


def _assert_no_english(out: str, *typed: str) -> None:
    """No English word of click's, nor any other outside what was typed (the command, its values)."""
    assert [word for word in ENGLISH if word in out] == [], out
    assert [word for word in _english_words(out) if word not in typed] == [], out


def _expect(out: str, lang: str, *lines: str) -> None:
    for line in lines:
        assert line in out, (line, out)
    assert click_words("cli.click.error_title", lang) in out


def test_a_mistyped_option_in_korean_with_lang() -> None:
    out = _error(["play", "--x", "--lang", "ko"])
    _expect(out, "ko", "사용법: scriptkeeper play [옵션] [script]", "도움말은 'scriptkeeper play --help'을(를) 실행하세요.",
            "그런 옵션은 없습니다: --x")
    _assert_no_english(out)


def test_a_missing_argument_in_korean_with_lang() -> None:
    out = _error(["check", "--lang", "ko"])
    _expect(out, "ko", "사용법: scriptkeeper check [옵션] {script}", "인수 'script'이(가) 없습니다.")
    _assert_no_english(out)


def test_a_mistyped_option_in_russian_from_lang_in_the_environment() -> None:
    out = _error(["play", "--x"], LANG="ru_RU.UTF-8")
    _expect(out, "ru", "Использование: scriptkeeper play [ПАРАМЕТРЫ] [script]", "Справка: 'scriptkeeper play --help'.",
            "Нет такого параметра: --x")
    _assert_no_english(out)


def test_a_missing_argument_in_russian_from_lang_in_the_environment() -> None:
    out = _error(["check"], LANG="ru_RU.UTF-8")
    _expect(out, "ru", "Не указан аргумент 'script'.")
    _assert_no_english(out)


def test_a_mistyped_command_a_bad_number_and_extra_arguments_in_the_other_languages() -> None:
    out = _error(["--lang", "ja", "plya"])
    _expect(out, "ja", "使い方: scriptkeeper [オプション] コマンド [引数]...",
            "そのようなコマンドはありません: 'plya'。もしかして 'play', 'replay'？")
    _assert_no_english(out, "plya")
    out = _error(["play", "x", "--seed", "abc"], LANG="zh_CN.UTF-8")
    _expect(out, "zh", "'--seed' 的值无效：应为整数，无法把字符串读作整数")  # pydantic's reason inside click's sentence
    _assert_no_english(out, "abc")
    out = _error(["play", "a", "b", "c", "--lang", "ru"])
    _expect(out, "ru", "Лишние аргументы (b c)")
    _assert_no_english(out)


def test_english_is_as_typer_writes_it_before_and_after_another_language() -> None:
    first = _error(["play", "--x"])
    for line in ("Usage: scriptkeeper play [OPTIONS] [script]", "Try 'scriptkeeper play --help' for help.",
                 "─ Error ─", "No such option: --x"):
        assert line in first, line
    _error(["play", "--x", "--lang", "ko"])
    assert _error(["play", "--x"]) == first  # the Korean words are put back
    assert _error(["play", "--x"], LANG="fr_FR.UTF-8") == first  # none of ours: English
    missing = _error(["--lang", "ko", "check"]) and _error(["check"])
    assert "Missing argument 'script'." in missing and "Usage: scriptkeeper check [OPTIONS] {script}" in missing
    assert "Usage: scriptkeeper [OPTIONS] COMMAND [ARGS]..." in _error(["plya"])


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_every_click_sentence_is_read_back_with_its_parameters(lang: str) -> None:
    """Each of click's sentences, as click writes it with sample values, is worded again in the
    language with the same values (the most literal sentence wins: a possible option is not taken for
    part of an option's name)."""
    samples = {"name": "'--seed'", "options": "--help", "suggestions": "'play'", "arguments": "b c",
               "value": "'x'", "type": "int", "reason": "Missing command."}
    for id, english in core_messages().items():
        if not id.startswith(ERROR_PREFIX):
            continue
        params = {name: samples[name] for name in re.findall(r"\{(\w+)\}", english)}
        expected = dict(params, reason=error_words(samples["reason"], lang)) if "reason" in params else params
        assert error_words(english.format(**params), lang) == click_words(id, lang).format(**expected), id
    assert error_words("give a script (file or shipped name) or --resume GAME", lang).startswith("give")  # not click's
    assert error_words("No such option: --x", "en") == "No such option: --x"


def test_end_of_input_at_a_prompt_is_aborted_in_the_language() -> None:
    """Typer's "Aborted." (a command that meets the end of its input at a prompt of typer's)."""
    from scriptkeeper.cli_help import help_typer

    tiny = help_typer()

    @tiny.command()
    def ask(lang: str = "en") -> None:
        raise EOFError

    @tiny.command()
    def other() -> None:
        """A second command, so that `ask` is a command of the group."""

    result = CliRunner().invoke(tiny, ["ask", "--lang", "ja"], env=NO_LOCALE)
    assert result.exit_code == 1 and click_words("cli.click.aborted", "ja") in result.output
    assert "Aborted" not in result.output
    assert "Aborted." in CliRunner().invoke(tiny, ["ask"], env=NO_LOCALE).output
