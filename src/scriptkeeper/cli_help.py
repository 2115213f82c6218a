"""The command line's help (`scriptkeeper --help`, `scriptkeeper play --help`) in the reader's language.

Typer builds the help from the `help=` of every option and command when the app runs, before
`--lang` is parsed; so the language is chosen from the command line and the environment first
(`help_language`), and every help text is a message id (`cli.help.*`, written `help=h(...)`)
that `HelpGroup.main` replaces in the click command tree by its words in that language.

Typer's own words in the help ("Usage:", "Arguments", "Options", "Commands", "[default: ...]",
"[required]", "Show this message and exit.") are module constants and literals of typer; they are
replaced from the `cli.typer.*` messages when a help is shown (`use_typer_words`), and put back as
typer wrote them otherwise. A mistyped command's error (click's and typer's sentences, the usage
line's placeholders) is worded in the same language when it is raised (`HelpGroup.make_context`
and `invoke`, through cli_errors.py).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import typer
from typer import rich_utils
from typer.core import TyperGroup

from typer._click.exceptions import ClickException
from typer.exceptions import Abort

from .cli_errors import localize_error, use_usage_words
from .core import registry
from .core.i18n import SOURCE_LANGUAGE, check_language, core_messages, translate

HELP_PREFIX = "cli.help."
TYPER_PREFIX = "cli.typer."
# The click classes typer builds with (its own copy of click from typer 0.2x on, click before).
Context: Any = TyperGroup.context_class
HelpFormatter: Any = Context.formatter_class
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # gettext's order: the first one set wins


def h(id: str) -> str:
    """A help text of the command line: its message id, replaced by its words when the app runs."""
    assert id.startswith(HELP_PREFIX), id
    return id


# ---------------------------------------------------------------- which language
def help_language(argv: Sequence[str], environ: Mapping[str, str]) -> str:
    """The help's language: the last `--lang X` / `--lang=X` of the command line when it names one of
    ours; else the environment as gettext reads it (LANGUAGE, a list `ko:en`, then LC_ALL,
    LC_MESSAGES, LANG: `ko_KR.UTF-8` is Korean); else English."""
    given = _lang_argument(argv)
    if given is not None:
        return _ours(given) or SOURCE_LANGUAGE
    for name in ENVIRONMENT:
        value = environ.get(name)
        if value:
            for locale in value.split(":"):
                lang = _ours(locale)
                if lang is not None:
                    return lang
            return SOURCE_LANGUAGE  # set but none of ours (fr_FR, C, POSIX): gettext reads no further
    return SOURCE_LANGUAGE


def _lang_argument(argv: Sequence[str]) -> str | None:
    found = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif arg.startswith("--lang="):
            found = arg[len("--lang="):]
    return found


def _ours(locale: str) -> str | None:
    """One of our languages for a locale name (`ru_RU.UTF-8`, `zh_CN`, `ja`), or None."""
    code = locale.split(".")[0].split("@")[0]
    if not code or code in ("C", "POSIX"):
        return None
    try:
        return check_language(code)
    except ValueError:
        return None


# ---------------------------------------------------------------- the words
@lru_cache(maxsize=None)
def english_help() -> dict[str, str]:
    """Every help message in English: the core's (`cli.help.*`, `cli.typer.*`) and each game's own
    commands' (a game's optional `help_messages()`)."""
    out = {k: v for k, v in core_messages().items() if k.startswith((HELP_PREFIX, TYPER_PREFIX))}
    for g in registry.all_games().values():
        messages: Any = getattr(g, "help_messages", None)
        if messages is not None:
            out.update(messages())
    return out


def help_words(id: str, lang: str) -> str:
    """A help message in `lang` (KeyError for an id no catalogue has); the core's are found without
    reading the games' catalogues."""
    core = core_messages()
    return translate(lang, id, core[id] if id in core else english_help()[id])


def localize_help(command: Any, lang: str, parent: Any = None) -> None:
    """Replace every help message id of a click command tree (its help, its parameters', its help
    option's) by its words in `lang`. The id is kept on the object, so a second call re-translates."""
    ctx = Context(command, parent=parent, info_name=command.name)
    _translate(command, "help", lang)
    _translate(command, "short_help", lang)
    params = list(command.params)
    help_option = command.get_help_option(ctx)  # made once and kept by click: its text is ours too
    if help_option is not None:
        help_option.__dict__.setdefault("help_id", TYPER_PREFIX + "help_option")
        params.append(help_option)
    for param in params:
        _translate(param, "help", lang)
    if isinstance(command, TyperGroup):
        for sub in command.commands.values():
            localize_help(sub, lang, ctx)
    if parent is None:
        use_usage_words(command, lang)


def _translate(obj: Any, attr: str, lang: str) -> None:
    key = f"{attr}_id"
    id = obj.__dict__.get(key)
    if id is None:
        value = getattr(obj, attr, None)
        if not isinstance(value, str) or not value.startswith((HELP_PREFIX, TYPER_PREFIX)):
            return
        id = obj.__dict__[key] = value
    setattr(obj, attr, help_words(id, lang))


# ---------------------------------------------------------------- typer's own words
_TYPER_CONSTANTS = {  # typer.rich_utils constant -> our message
    "ARGUMENTS_PANEL_TITLE": "cli.typer.arguments",
    "OPTIONS_PANEL_TITLE": "cli.typer.options",
    "COMMANDS_PANEL_TITLE": "cli.typer.commands",
    "DEFAULT_STRING": "cli.typer.default",
    "REQUIRED_LONG_STRING": "cli.typer.required",
    "ERRORS_PANEL_TITLE": "cli.click.error_title",
    "ABORTED_TEXT": "cli.click.aborted",
    "RICH_HELP": "cli.click.try_help",
}
# "Try '{command} {option}' for help." is click's; typer's copy colours the command (rich markup)
_TRY_COMMAND = re.compile(r"(\S?)\{command\} \{option\}(\S?)")
_TYPER_ORIGINAL = {name: getattr(rich_utils, name) for name in _TYPER_CONSTANTS}
_WRITE_USAGE = HelpFormatter.write_usage
_HIGHLIGHTS = list(rich_utils.OptionHighlighter.highlights)
_USAGE_PATTERN = r"(?P<usage>Usage: )"


def use_typer_words(lang: str) -> None:
    """Typer's words in the help in `lang`: its rich_utils constants, the usage line's prefix (a
    literal of its HelpFormatter.write_usage) and the highlighter that colours it. English puts
    back typer's own."""
    for name, id in _TYPER_CONSTANTS.items():
        # "[default: {default}]" is ours (a named parameter, as every message has); typer formats "{}"
        value = _TYPER_ORIGINAL[name] if lang == SOURCE_LANGUAGE else help_words(id, lang).replace("{default}", "{}")
        if name == "RICH_HELP" and lang != SOURCE_LANGUAGE:
            value = _TRY_COMMAND.sub(r"[blue]\1{command_path} {help_option}\2[/]", value)
        setattr(rich_utils, name, value)
    word = "Usage:" if lang == SOURCE_LANGUAGE else help_words(TYPER_PREFIX + "usage", lang)
    usage = word if word.endswith("：") else word + " "  # a full-width colon holds its own space (用法：)

    def write_usage(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        _WRITE_USAGE(self, prog, args, usage if prefix is None else prefix)

    HelpFormatter.write_usage = write_usage
    pattern = f"(?P<usage>{re.escape(usage)})"
    rich_utils.OptionHighlighter.highlights = [pattern if p == _USAGE_PATTERN else p for p in _HIGHLIGHTS]


class HelpGroup(TyperGroup):
    """The app's click group: before parsing, it puts its help (and typer's words) in the language
    `help_language` chooses from the arguments it is given and the environment."""

    _given: Sequence[str] = ()

    def main(self, args: Sequence[str] | None = None, *rest: Any, **extra: Any) -> Any:
        given = self._given = sys.argv[1:] if args is None else list(args)
        # Only when a help is shown (none is, otherwise, so no catalogue is read); an error chooses
        # its language when it is raised.
        showing = not given or "--help" in given
        lang = help_language(given, os.environ) if showing else SOURCE_LANGUAGE
        use_typer_words(lang)
        if showing:
            localize_help(self, lang)
        return super().main(args, *rest, **extra)

    def make_context(self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any) -> Any:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except ClickException as error:
            self._in_language(error)
            raise

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)  # a command's own parsing (its options, its arguments) too
        except ClickException as error:
            self._in_language(error)
            raise
        except (EOFError, Abort):  # typer says "Aborted." (ABORTED_TEXT) for both
            use_typer_words(help_language(self._given, os.environ))
            raise

    def _in_language(self, error: ClickException) -> None:
        """A mistyped command's error, its usage line and its panel in the language of the help
        (`--lang` of the command line, else the environment); English as typer writes it."""
        lang = help_language(self._given, os.environ)
        use_typer_words(lang)
        use_usage_words(self, lang)
        localize_error(error, lang)


def help_typer(**settings: Any) -> typer.Typer:
    """A Typer app whose help is worded in the reader's language."""
    return typer.Typer(cls=HelpGroup, **settings)
