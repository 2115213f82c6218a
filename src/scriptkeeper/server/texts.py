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


@lru_cache(maxsize=None)
def server_words(lang: str) -> Renderer:
    """Renders the server's own Texts (`server.error.*`: a refused request's reason, the default
    table name) in `lang`; they name no game's thing (a game's names come in its own Texts)."""
    return Renderer(localize(lang, page_messages()), {}, lang)  # plural forms kept as lists
