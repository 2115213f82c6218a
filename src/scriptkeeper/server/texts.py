"""The web pages' own words in one language (server/texts/en.yaml, translated by core/i18n.py).

The page asks for them once (`/api/texts`) and fills in its placeholders itself (`SK.t`); nothing
in them names a game's thing: those come rendered in the views."""

from __future__ import annotations

from functools import lru_cache

from ..core.i18n import localize, page_messages
from ..core.text import Renderer


@lru_cache(maxsize=None)
def page_catalog(lang: str) -> dict[str, str]:
    """What the page reads (`/api/texts`): one string per id (the page's own words have no plural forms)."""
    return {k: str(v) for k, v in localize(lang, page_messages()).items()}


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
