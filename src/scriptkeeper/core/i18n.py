"""Languages: gettext catalogs (Babel) that turn the English messages into the four others.

English is the source language. Its words stay where they are written: the core's and each game's
`texts/en.yaml`, the rules data (names, rules texts) and the page's `server/texts/en.yaml`. Every
English message is a gettext entry whose context (`msgctxt`) is the message id and whose `msgid`
is the English template (`msgid_plural` the English plural form): a translator sees the English,
and when the English of an id changes, its old translation no longer matches and counts as missing
until it is brought up to date (`tools/i18n.py update` marks it fuzzy).

The catalogs are `locale/<lang>/LC_MESSAGES/scriptkeeper.po`, compiled to `.mo` by the package
build (setup.py) or `python tools/i18n.py compile`; a checkout whose `.mo` is missing or older
than its `.po` reads the `.po` itself, so an edited translation is seen at once. Plural forms come
from each catalog's `Plural-Forms` header (Babel writes the language's rule: one form in Japanese,
Korean and Chinese, three in Russian); numbers are written by Babel in the seat's language.

What this module deliberately does not do: know a game. Games hand their English catalogs to
`localize`; the extraction tool gathers them through the registry of games (`english_sources`).
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

LANGUAGES = ("en", "ja", "ko", "ru", "zh")
SOURCE_LANGUAGE = "en"
DOMAIN = "scriptkeeper"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
# The names of the languages in their own words (the page's language menu, `--lang` help).
LANGUAGE_NAMES = {"en": "English", "ja": "日本語", "ko": "한국어", "ru": "Русский", "zh": "中文"}


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def pot_path() -> Path:
    return LOCALE_DIR / f"{DOMAIN}.pot"


def check_language(lang: str | None) -> str:
    """A language code of ours (ValueError naming the ones there are otherwise); None is English."""
    if lang is None:
        return SOURCE_LANGUAGE
    code = lang.strip().lower().replace("_", "-").split("-")[0]
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: one of {', '.join(LANGUAGES)}")
    return code


def negotiate(accept_language: str | None) -> str:
    """The language a browser asks for first among ours (its `Accept-Language` header), else English."""
    if not accept_language:
        return SOURCE_LANGUAGE
    from babel import Locale, UnknownLocaleError

    wanted: list[tuple[float, str]] = []
    for i, part in enumerate(accept_language.split(",")):
        tag, _, q = part.strip().partition(";q=")
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            continue
        wanted.append((-weight, f"{i:04d}{tag.strip()}"))
    for _w, tagged in sorted(wanted):
        tag = tagged[4:]
        if not tag or tag == "*":
            continue
        try:
            code = Locale.parse(tag.replace("-", "_")).language
        except (ValueError, UnknownLocaleError):
            continue
        if code in LANGUAGES:
            return code
    return SOURCE_LANGUAGE


# ---------------------------------------------------------------- the compiled catalogs
@dataclass(frozen=True)
class Entry:
    """One translated message: the English it translates (`msgid`) and its forms (one per plural form)."""

    msgid: str
    forms: tuple[str, ...]


@dataclass(frozen=True)
class Translations:
    lang: str
    entries: Mapping[str, Entry]  # message id (the gettext context) -> entry
    plural: Callable[[int], int]  # n -> index of the plural form
    nplurals: int


@lru_cache(maxsize=None)
def plural_rule(lang: str) -> tuple[int, Callable[[int], int]]:
    """The number of plural forms of a language and the function that picks one (gettext's rule, from Babel)."""
    from babel.messages.catalog import Catalog

    cat = Catalog(locale=lang)
    return cat.num_plurals, gettext.c2py(cat.plural_expr)


def _read_catalog(lang: str) -> Any:
    """The Babel catalog of a language: the compiled `.mo` when it is up to date, else the `.po`."""
    from babel.messages.mofile import read_mo
    from babel.messages.pofile import read_po

    po, mo = po_path(lang), mo_path(lang)
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as f:
            return read_mo(f)
    if po.exists():
        with po.open("rb") as f:
            return read_po(f, locale=lang)
    return None


@lru_cache(maxsize=None)
def translations(lang: str) -> Translations:
    nplurals, plural = plural_rule(lang)
    entries: dict[str, Entry] = {}
    cat = _read_catalog(lang) if lang != SOURCE_LANGUAGE else None
    if cat is not None:
        for m in cat:
            if not m.id or not m.context or m.fuzzy:
                continue
            msgid = m.id[0] if isinstance(m.id, (list, tuple)) else m.id
            forms = tuple(m.string) if isinstance(m.string, (list, tuple)) else (m.string,)
            if all(forms):
                entries[m.context] = Entry(msgid, forms)
    return Translations(lang, entries, plural, nplurals)


def english_msgid(template: Any) -> str:
    return template if isinstance(template, str) else str(template[0])


def localize(lang: str, english: Mapping[str, Any]) -> dict[str, Any]:
    """An English catalog (id -> template, or [one, other]) in `lang`: each message whose
    translation is there and translates the current English; the English otherwise (the
    missing-translation test names every such message)."""
    if lang == SOURCE_LANGUAGE:
        return dict(english)
    tr = translations(lang)
    out: dict[str, Any] = {}
    for key, template in english.items():
        e = tr.entries.get(key)
        if e is None or e.msgid != english_msgid(template):
            out[key] = template
        elif isinstance(template, str):
            out[key] = e.forms[0]
        else:
            out[key] = list(e.forms)
    return out


def translate(lang: str, key: str, english: str) -> str:
    """One message in `lang` (the English when it has no up-to-date translation)."""
    if lang == SOURCE_LANGUAGE:
        return english
    e = translations(lang).entries.get(key)
    return e.forms[0] if e is not None and e.msgid == english else english


# ---------------------------------------------------------------- numbers and dates
def format_number(value: int | float, lang: str) -> str:
    """A number as the language writes it (Babel); integers without grouping (loop 12, seed 123456)."""
    if lang == SOURCE_LANGUAGE and isinstance(value, int):
        return str(value)
    from babel.numbers import format_decimal

    if isinstance(value, int):
        return str(format_decimal(value, locale=lang, group_separator=False))
    return str(format_decimal(value, locale=lang))


def format_count(value: int, lang: str) -> str:
    """A count that may run into thousands (of consistent scripts) with the language's grouping."""
    from babel.numbers import format_decimal

    return str(format_decimal(value, locale=lang))


def format_percent(value: float, lang: str, digits: int = 0) -> str:
    """A share (0.5) as a percentage the language writes (Babel: 50% in English, 50 % in Russian),
    with `digits` decimals."""
    from babel import Locale
    from babel.numbers import format_percent as babel_percent

    pattern = Locale.parse(lang).percent_formats[None].pattern  # the language's own ("#,##0 %" in Russian)
    if digits and "." not in pattern:
        pattern = pattern.replace("0", "0." + "0" * digits, 1)  # "#,##0%" -> "#,##0.0%"
    return str(babel_percent(value, format=pattern, locale=lang))


def format_datetime(timestamp: float, lang: str) -> str:
    """A moment (seconds since the epoch, UTC) as the language writes it (Babel's medium format)."""
    from datetime import datetime, timezone

    from babel.dates import format_datetime as babel_datetime

    return str(babel_datetime(datetime.fromtimestamp(timestamp, tz=timezone.utc), format="medium", locale=lang))


# ---------------------------------------------------------------- what there is to translate
def english_sources() -> dict[str, Any]:
    """Every English message of every installed game and of the front ends: id -> template.
    An id two sources define must say the same thing in both (ValueError otherwise)."""
    from . import registry

    out: dict[str, Any] = {}
    sources: list[tuple[str, Mapping[str, Any]]] = [("core", core_messages()), ("page", page_messages())]
    for g in registry.all_games().values():
        messages = getattr(g, "english_messages", None)
        if messages is not None:
            sources.append((g.id, messages()))
    for where, catalog in sources:
        for key, template in catalog.items():
            if template == "":
                continue  # nothing to translate (an empty word stays empty in every language)
            if key in out and _norm(out[key]) != _norm(template):
                raise ValueError(f"message {key!r} says {out[key]!r} in one source and {template!r} in {where}")
            out[key] = template
    return out


def _norm(template: Any) -> Any:
    return template if isinstance(template, str) else tuple(template)


@lru_cache(maxsize=None)
def core_messages() -> dict[str, Any]:
    import yaml

    return dict(yaml.safe_load((Path(__file__).parent / "texts" / "en.yaml").read_text(encoding="utf-8")))


@lru_cache(maxsize=None)
def page_messages() -> dict[str, Any]:
    """The web pages' own words (server/texts/en.yaml), read without importing the server."""
    import yaml

    path = Path(__file__).resolve().parent.parent / "server" / "texts" / "en.yaml"
    return dict(yaml.safe_load(path.read_text(encoding="utf-8"))) if path.exists() else {}


@lru_cache(maxsize=None)
def core_renderer(lang: str) -> Any:
    """A Renderer of the core's own messages in `lang` (the front ends' words, the game-file
    errors): they name no game's thing."""
    from .text import Renderer

    return Renderer(localize(lang, core_messages()), {}, lang)


def languages_menu() -> list[dict[str, str]]:
    return [{"id": k, "name": LANGUAGE_NAMES[k]} for k in LANGUAGES]


def all_languages() -> Iterable[str]:
    return LANGUAGES
