"""The web pages' own words in one language (server/texts/en.yaml, translated by core/i18n.py).

The page asks for them once (`/api/texts`) and fills in its placeholders itself (`SK.t`); nothing
in them names a game's thing: those come rendered in the views."""

from __future__ import annotations

from functools import lru_cache

from ..core.i18n import localize, page_messages
from ..core.text import Renderer


@lru_cache(maxsize=None)
def page_catalog(lang: str) -> dict[str, str | list[str]]:
    """What the page reads (`/api/texts`): a string per id, or the language's plural forms (a list,
    chosen by the page with `plural_categories`)."""
    return {k: [str(f) for f in v] if isinstance(v, (list, tuple)) else str(v) for k, v in localize(lang, page_messages()).items()}


CLDR_ORDER = ("zero", "one", "two", "few", "many", "other")


@lru_cache(maxsize=None)
def plural_categories(lang: str) -> list[str]:
    """The language's plural categories (CLDR, as the browser's Intl.PluralRules names them) in the
    order of its gettext forms: the page picks form i for the i-th category (the last form for any
    category past the language's number of forms: Russian's "other", the fractions, is "many")."""
    from babel import Locale

    from ..core.i18n import plural_rule

    tags = Locale.parse(lang).plural_form.tags | {"other"}
    nplurals = plural_rule(lang)[0]
    return [t for t in CLDR_ORDER if t in tags][:max(nplurals, 1)]


class _Echo(dict):
    """A names table that names what it does not know by its id (a seat id a refusal quotes)."""

    def __missing__(self, key: str) -> str:
        return key


class _Names(dict):
    def __missing__(self, kind: str) -> _Echo:
        return _Echo()


@lru_cache(maxsize=None)
def server_words(lang: str, seats: tuple[tuple[str, str], ...] = ()) -> Renderer:
    """Renders the server's own Texts (`server.error.*`: a refused request's reason, the default
    table name) in `lang`; they name no game's thing but its seats (`seats`: id -> name in `lang`,
    from the game; a seat without a name reads as its id)."""
    names = _Names(seat=_Echo(seats))
    return Renderer(localize(lang, page_messages()), names, lang)  # plural forms kept as lists
