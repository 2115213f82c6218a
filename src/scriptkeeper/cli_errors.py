"""A mistyped command's error in the reader's language: click's and typer's own words.

Typer 0.2x runs on its own copy of click (`typer._click`), whose error sentences are f-strings
built where the error is raised ("No such option: --x", "Missing argument 'script'."); none goes
through gettext, so no translation can be installed for them. Instead the error's finished
message is read back through the `cli.click.error.*` messages, whose English is click's (and
pydantic's, for a value typer's coercion refuses) exactly, with the varying parts as named
parameters: a message that matches one is worded again in the reader's language with the same
parameters (a nested reason, "Invalid value for '--seed': <reason>", is read back in its turn); a
message that matches none (one of ours, already worded) is left as it is. English is never
touched, so its output stays byte for byte typer's.

The words around the message (the panel's title "Error", "Try '... --help' for help.",
"Aborted.") are typer.rich_utils constants, set with the help's (`cli_help.use_typer_words`); the
usage line's placeholders "[OPTIONS]" and "COMMAND [ARGS]..." are attributes of each click
command (`use_usage_words`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from typer._click.exceptions import ClickException

from .core.i18n import SOURCE_LANGUAGE, core_messages, translate

CLICK_PREFIX = "cli.click."
ERROR_PREFIX = CLICK_PREFIX + "error."
_PARAMETER = re.compile(r"\{(\w+)\}")
_NESTED = "reason"  # a parameter that is itself one of click's sentences


def click_words(id: str, lang: str) -> str:
    """One of click's words (`cli.click.*`) in `lang`."""
    return translate(lang, id, core_messages()[id])


@lru_cache(maxsize=None)
def _sentences() -> list[tuple[str, re.Pattern[str]]]:
    """Each error sentence's id and the pattern its English matches, the most literal first (so that
    "No such option: {name} (Possible options: {options})" is tried before "No such option: {name}")."""
    english = {id: text for id, text in core_messages().items() if id.startswith(ERROR_PREFIX)}
    ordered = sorted(english, key=lambda id: -len(_PARAMETER.sub("", english[id])))
    return [(id, _pattern(english[id])) for id in ordered]


def _pattern(english: str) -> re.Pattern[str]:
    parts = _PARAMETER.split(english)  # literal, name, literal, name, ..., literal
    regex = "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts))
    return re.compile(regex, re.DOTALL)


def error_words(message: str, lang: str) -> str:
    """Click's error message in `lang`: read back through the sentence whose English it is, worded
    again with its parameters; the message itself when it is English or no sentence of click's."""
    if lang == SOURCE_LANGUAGE:
        return message
    for id, pattern in _sentences():
        match = pattern.fullmatch(message)
        if match is not None:
            params = match.groupdict()
            if _NESTED in params:
                params[_NESTED] = error_words(params[_NESTED], lang)
            return _PARAMETER.sub(lambda m: params[m.group(1)], click_words(id, lang))
    return message


def localize_error(error: ClickException, lang: str) -> None:
    """Word a click error in `lang`, in place, for typer's error panel (which prints
    `format_message()`). Its message is finished only there (NoSuchOption adds its possible
    options, MissingParameter its parameter's name), so the finished one is read back."""
    if lang == SOURCE_LANGUAGE:
        return
    words = error_words(error.format_message(), lang)
    setattr(error, "format_message", lambda: words)  # this error only: the class keeps click's


# ---------------------------------------------------------------- the usage line's placeholders
_PLACEHOLDERS = {  # a click command's attribute -> its English (click's default) and our message
    "options_metavar": ("[OPTIONS]", CLICK_PREFIX + "options_metavar"),
    "subcommand_metavar": ("COMMAND [ARGS]...", CLICK_PREFIX + "command_metavar"),
}


def use_usage_words(command: Any, lang: str) -> None:
    """The usage line's placeholders of every command of a click tree in `lang`; English (or a
    placeholder a command set itself) as click writes it."""
    for cmd in _tree(command):
        for attr, (english, id) in _PLACEHOLDERS.items():
            key = f"{attr}_english"
            if key not in cmd.__dict__:
                if getattr(cmd, attr, None) != english:
                    continue  # none, or the command's own
                cmd.__dict__[key] = english
            setattr(cmd, attr, english if lang == SOURCE_LANGUAGE else click_words(id, lang))


def _tree(command: Any) -> Iterator[Any]:
    yield command
    for sub in getattr(command, "commands", {}).values():
        yield from _tree(sub)
