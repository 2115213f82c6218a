"""Specific exception classes: callers catch these, never a bare Exception."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from .text import Text


class ScriptkeeperError(Exception):
    """Base class of every error this package raises on purpose."""


class IllegalDecisionError(ScriptkeeperError):
    """An answer that is not the pending decision's to give, or not among its options."""


@dataclass(frozen=True)
class ScriptProblem:
    """One broken script-creation rule: `rule` is a stable id, `message` says what to fix, `where`
    the part of the setup that breaks it, as a path of its keys ("cast.doctor", "incidents.2" for
    the third incident, "subplots"; empty when the whole setup is at fault), so that an editor can
    show the problem next to that part. `text` is the same words as a Text (an id with parameters,
    names as Refs), rendered at the edge in the reader's language; `message` is its English."""

    rule: str
    message: str
    where: str = ""
    text: "Text | None" = field(default=None, compare=False)

    def render(self, render: "Callable[[Text], str] | None") -> str:
        """The message in a renderer's language (its English when it has no Text, or a name or an
        id is missing from the renderer: a problem is never lost for want of a translation)."""
        if self.text is None or render is None:
            return self.message
        from .text import MissingText

        try:
            return render(self.text)
        except MissingText:
            return self.message


class ScriptError(ScriptkeeperError):
    """A script breaks one or more script-creation rules; `problems` names each rule."""

    def __init__(self, problems: list[ScriptProblem]) -> None:
        self.problems = problems
        super().__init__("; ".join(f"[{p.rule}] {p.message}" for p in problems))

    def render(self, render: "Callable[[Text], str] | None") -> str:
        """The same list in a renderer's language (`str` is its English)."""
        return "; ".join(f"[{p.rule}] {p.render(render)}" for p in self.problems)


class Refusal(ScriptkeeperError, ValueError):
    """A game refuses what it was asked (a table option, a player count): `text` says why as a
    Text of the game's catalog, so that a front end words it in its reader's language with the
    game's renderer; `str()` is its English (rendered with `english`, the game's English renderer)."""

    def __init__(self, text: "Text", english: "Callable[[Text], str]") -> None:
        self.text = text
        super().__init__(english(text))


class GameFileError(ScriptkeeperError):
    """A game file (script + decisions, or a situation) that cannot be read or replayed.

    `text` says why as a Text (`file.*` of core/texts/en.yaml, the specifics as parameters),
    rendered in the reader's language by `words(lang)`; `str()` is its English. When the file's
    script breaks script-creation rules, `script_error` holds them and `game` renders them (its
    names in the reader's language) into the parameter `problems`. A `game` given renders the
    whole reason with its own catalog (which holds the core's): a game's part of a file (Tragedy
    Looper's situation) names its things and words its details in that catalog's ids."""

    def __init__(self, reason: "str | Text", *, script_error: "ScriptError | None" = None, game: Any = None) -> None:
        from .text import Text

        self.text = reason if isinstance(reason, Text) else None
        self.script_error, self.game = script_error, game
        super().__init__(self.words("en") if self.text is not None else reason)

    def words(self, lang: str = "en") -> str:
        """The reason in `lang` (its English where a word is missing: never lost for a translation)."""
        if self.text is None:
            return str(self)
        from .text import MissingText, Text

        text = self.text
        if self.script_error is not None:
            problems = str(self.script_error)
            maker = getattr(self.game, "problem_renderer", None)
            if lang != "en" and self.game is not None:
                words = maker(None, lang) if maker is not None else self.game.renderer(None, lang)
                problems = self.script_error.render(words)
            text = Text.of(text.id, **{**text.kwargs, "problems": problems})
        try:
            return str(self._renderer(lang)(text))
        except MissingText:
            if lang == "en":
                return text.id
            try:
                return str(self._renderer("en")(text))
            except MissingText:
                return text.id

    def _renderer(self, lang: str) -> Any:
        from .i18n import core_renderer

        make = getattr(self.game, "renderer", None)
        return make(None, lang) if make is not None else core_renderer(lang)


class RulesDataError(ScriptkeeperError):
    """The shipped rules data failed its schema: a bug in the data files, not in user input."""


class UnmodelledRule(ScriptkeeperError):
    """A program that reasons about the rules (the deduction, an agent) met a rule it does not
    model: a character, role, trait, counter, condition or event it was not written for. It stops
    here instead of reasoning on as if the rule did not exist.

    `who`, `what` and `detail` are Texts of the game's catalog (the rules' ids quoted as written in
    their parameters), and `text` the whole refusal (`unmodelled.refusal`), so that a front end words
    it in its reader's language (`words`); `str()` is its English, rendered with `english` (the
    game's English renderer) when first asked for. Plain strings are taken as they are (English)."""

    def __init__(self, who: "str | Text", what: "str | Text", detail: "str | Text | None" = "", *,
                 english: "Callable[[Text], str] | None" = None) -> None:
        from .text import Text

        self.who, self.what, self.detail = who, what, detail or None
        self._english = english
        self.text: Text | None = None
        if isinstance(who, Text) and isinstance(what, Text) and (detail is None or isinstance(detail, (str, Text))):
            params: dict[str, Any] = {"who": who, "what": what}
            if detail:
                params["detail"] = detail
            self.text = Text.of("unmodelled.refusal_detail" if detail else "unmodelled.refusal", **params)
        super().__init__(who, what, detail)

    def __str__(self) -> str:
        if self.text is not None and self._english is not None:
            return str(self._english(self.text))
        what = f"{self.who} does not model {self.what}"
        return what + (f": {self.detail}" if self.detail else "")

    def words(self, render: "Callable[[Text], str] | None") -> str:
        """The refusal in a renderer's language (its English without a Text, or when a word is missing)."""
        if self.text is None or render is None:
            return str(self)
        from .text import MissingText

        try:
            return str(render(self.text))
        except MissingText:
            return str(self)
