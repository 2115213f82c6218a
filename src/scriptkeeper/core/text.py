"""Texts as ids with parameters: what states, events, decisions and views hold instead of sentences.

A `Text` names a message (`id`) and its parameters; a `Ref` names a thing of a game (a character,
a card, a location...) by kind and id. Neither holds wording. A front end renders them in a seat's
language with a `Renderer`: a catalog (message id -> template) and a names table (kind -> id ->
name). Changing a sentence changes a catalog file, never a state, a digest or a game file.

Templates use `{param}` placeholders, optionally with filters: `{reason|strip_period}`; a list
parameter is joined with ", " unless a filter says otherwise (`{cards|semicolons}`); a number is
written by Babel in the renderer's language with `{n|count}` (grouped) or `{share|percent}`. A catalog
entry may be a list of plural forms (`[one, other]` in English), chosen by the integer parameter
`n` with the language's plural rule (core/i18n.py: gettext's rule from Babel; one form in Japanese,
Korean and Chinese, three in Russian). Numbers are written by Babel in the renderer's language.

In JSON (views, game files, `replay --json`) a Text is `{"$text": id, "params": {...}}` and a Ref
`{"$ref": kind, "id": id}`; `localize` replaces every Text of a JSON value by its rendering.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Union

Param = Union[str, int, float, bool, None, "Ref", "Text", tuple[Any, ...]]


@dataclass(frozen=True, slots=True)
class Ref:
    """A thing of the game named by kind and id: rendered as its name, never stored as one."""

    kind: str
    id: str | int

    def to_json(self) -> dict[str, Any]:
        return {"$ref": self.kind, "id": self.id}


@dataclass(frozen=True, slots=True)
class Text:
    """A message id and its parameters (kept as sorted pairs, so Texts compare and hash).

    The hash is computed once, when first asked for: renderers look Texts up in their memos, and a
    Text nests others (a label names a location), which a generated hash would walk on every
    lookup; but most Texts the engine makes (an event's words in a simulation) are never hashed."""

    id: str
    params: tuple[tuple[str, Any], ...] = ()
    _hash: int | None = field(default=None, init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            try:
                h = hash((self.id, self.params))
            except TypeError:  # a parameter that cannot be hashed (a list): the Text cannot be either
                raise TypeError(f"unhashable parameters in Text {self.id!r}") from None
            object.__setattr__(self, "_hash", h)
        return h

    def __reduce__(self) -> Any:
        # Pickled and copied as id and parameters: a string's hash differs from process to process.
        return (Text, (self.id, self.params))

    @staticmethod
    def of(id: str, **params: Any) -> "Text":
        if not params:  # a bare message ("Done"): one object per id, asked for again and again
            bare = _BARE.get(id)
            if bare is None:
                bare = _BARE[id] = Text(id)
            return bare
        return Text(id, tuple(sorted(params.items())))

    def param(self, name: str, default: Any = None) -> Any:
        for k, v in self.params:
            if k == name:
                return v
        return default

    @property
    def kwargs(self) -> dict[str, Any]:
        return dict(self.params)

    def to_json(self) -> dict[str, Any]:
        return {"$text": self.id, "params": {k: to_json(v) for k, v in self.params}}


_BARE: dict[str, Text] = {}
T = Text.of


def to_json(value: Any) -> Any:
    """A JSON value with every Text and Ref in it encoded (lists for tuples)."""
    if isinstance(value, (Text, Ref)):
        return value.to_json()
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {k: to_json(v) for k, v in value.items()}
    return value


def from_json(value: Any) -> Any:
    """The inverse of `to_json`: Texts and Refs back from their JSON form (lists stay lists)."""
    if isinstance(value, dict):
        if "$text" in value:
            return Text(value["$text"], tuple(sorted((k, from_json(v)) for k, v in (value.get("params") or {}).items())))
        if "$ref" in value:
            return Ref(value["$ref"], value["id"])
        return {k: from_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [from_json(v) for v in value]
    return value


class MissingText(KeyError):
    """A message id or a name the catalog does not have (a bug in the catalog, found by the tests)."""


Template = Union[str, list[str], tuple[str, str]]
Names = Mapping[str, Mapping[str, str]]

FILTERS: dict[str, Callable[[str], str]] = {
    "strip_period": lambda s: s.rstrip("."),
    "capitalize": lambda s: s[:1].upper() + s[1:],
    "lower": str.lower,
}

# Filters that say how a list parameter is joined (the default is ", ").
JOINERS: dict[str, str] = {"semicolons": "; ", "spaces": " ", "lines": "\n"}
# Filters that write a number as the renderer's language does (Babel): a count with its grouping
# ("150 671 304" in Russian), a share (0.72) as a percentage ("72 %").
NUMBERS = ("count", "percent")

_FORMATTER = string.Formatter()


class Renderer:
    """Renders Texts with one language's catalog and the names of one game's things."""

    MEMO_SIZE = 100_000  # rendered Texts kept (a game's messages repeat; the memo is dropped when full)

    def __init__(self, catalog: Mapping[str, Template], names: Names, lang: str = "en") -> None:
        from .i18n import plural_rule

        self.catalog = catalog
        self.names = names
        self.lang = lang
        self._plural = plural_rule(lang)[1]
        sep = catalog.get("word.list_separator", ", ")
        self._separator = sep if isinstance(sep, str) else ", "
        self._memo: dict[Text, str] = {}

    def name(self, ref: Ref) -> str:
        try:
            return self.names[ref.kind][str(ref.id)]
        except KeyError:
            raise MissingText(f"no name for {ref.kind} {ref.id!r}") from None

    def template(self, text: Text) -> str:
        try:
            entry = self.catalog[text.id]
        except KeyError:
            raise MissingText(f"no message {text.id!r} in the catalog") from None
        if isinstance(entry, str):
            return entry
        n = text.param("n")
        if len(entry) == 1 or not isinstance(n, int):
            return entry[0] if n == 1 or len(entry) == 1 else entry[-1]
        return entry[min(self._plural(n), len(entry) - 1)]

    def value(self, v: Any) -> str:
        if isinstance(v, Text):
            return self.render(v)
        if isinstance(v, Ref):
            return self.name(v)
        if isinstance(v, (list, tuple)):
            return self._separator.join(self.value(x) for x in v)
        if isinstance(v, (int, float)) and not isinstance(v, bool) and self.lang != "en":
            from .i18n import format_number

            return format_number(v, self.lang)
        return str(v)

    def render(self, text: Text) -> str:
        try:
            return self._memo[text]
        except KeyError:
            pass
        except TypeError:  # a parameter that cannot be hashed: render without the memo
            return self._render(text)
        out = self._render(text)
        if len(self._memo) >= self.MEMO_SIZE:
            self._memo.clear()
        self._memo[text] = out
        return out

    def _render(self, text: Text) -> str:
        params = dict(text.params)
        out: list[str] = []
        for literal, field, spec, _conv in _FORMATTER.parse(self.template(text)):
            out.append(literal)
            if field is None:
                continue
            name, *filters = field.split("|")
            if name not in params:
                raise MissingText(f"message {text.id!r} has no parameter {name!r}")
            raw = params[name]
            joiner = next((JOINERS[f] for f in filters if f in JOINERS), None)
            number = next((f for f in filters if f in NUMBERS), None)
            if number is not None and isinstance(raw, (int, float)) and not isinstance(raw, bool):
                s = self._number(number, raw)
            elif joiner is not None and isinstance(raw, (list, tuple)):
                s = joiner.join(self.value(x) for x in raw)
            else:
                s = self.value(raw)
            for f in filters:
                if f not in JOINERS and f not in NUMBERS:
                    s = FILTERS[f](s)
            out.append(format(s, spec) if spec else s)
        return "".join(out)

    def _number(self, how: str, value: int | float) -> str:
        from .i18n import format_count, format_percent

        return format_count(int(value), self.lang) if how == "count" else format_percent(float(value), self.lang)

    def __call__(self, value: Any) -> str:
        return self.value(value)


def localized_names(names: Mapping[str, Mapping[str, str]], renderer: "Renderer") -> dict[str, dict[str, str]]:
    """A view's names table (kind -> id -> name, built in English by the game) in the renderer's
    language: each name the renderer's own table has, the others (a script's own words) as they are."""
    own = renderer.names
    return {kind: {k: own.get(kind, {}).get(str(k), v) for k, v in table.items()} for kind, table in names.items()}


def localize(value: Any, render: Callable[[Text], str]) -> Any:
    """A JSON value (as `to_json` makes it) with every Text replaced by its rendering; a names
    table (the `names` of a view) is put in the renderer's language too."""
    if isinstance(value, dict):
        if "$text" in value:
            return render(from_json(value))
        if isinstance(render, Renderer) and render.lang != "en" and isinstance(value.get("names"), dict):
            return {k: localized_names(v, render) if k == "names" else localize(v, render) for k, v in value.items()}
        return {k: localize(v, render) for k, v in value.items()}
    if isinstance(value, list):
        return [localize(v, render) for v in value]
    if isinstance(value, Text):
        return render(value)
    return value


def template_fields(template: Template) -> set[str]:
    """The parameter names a template uses (for the catalog's completeness tests)."""
    forms = [template] if isinstance(template, str) else list(template)
    out: set[str] = set()
    for form in forms:
        for _lit, field, _spec, _conv in _FORMATTER.parse(form):
            if field is not None:
                out.add(field.split("|")[0])
    return out
