"""Building and checking the gettext catalogs (what `tools/i18n.py` and the translation test use).

The template (`locale/scriptkeeper.pot`) holds every English message of the installed games and of
the pages (`i18n.english_sources`): context = message id, msgid = the English (msgid_plural its
plural). Each language's `.po` is updated from it with Babel (a message whose English changed is
marked fuzzy; one that is gone becomes obsolete) and compiled to `.mo`.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import yaml
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from . import i18n
from .text import template_fields

TRANSLATED = tuple(lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE_LANGUAGE)
HEADER = "Translations of scriptkeeper (docs/translations.md says where each term list comes from)."


# A fixed creation date: an update that changes no message changes no file (no merge conflicts on a date).
CREATION_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)


def template_catalog() -> Catalog:
    cat = Catalog(project="scriptkeeper", header_comment=f"# {HEADER}", fuzzy=False, creation_date=CREATION_DATE)
    for key, template in sorted(i18n.english_sources().items()):
        msgid: Any = template if isinstance(template, str) else (str(template[0]), str(template[-1]))
        cat.add(msgid, context=key)
    return cat


def write_pot(cat: Catalog) -> Path:
    path = i18n.pot_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, cat, width=0, omit_header=False, sort_output=True)
    return path


def read_language(lang: str) -> Catalog:
    path = i18n.po_path(lang)
    if not path.exists():
        return Catalog(locale=lang, project="scriptkeeper", header_comment=f"# {HEADER}", fuzzy=False)
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def write_language(lang: str, cat: Catalog) -> Path:
    path = i18n.po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, cat, width=0, sort_output=True, ignore_obsolete=True)
    return path


def update_all() -> None:
    pot = template_catalog()
    write_pot(pot)
    for lang in TRANSLATED:
        cat = read_language(lang)
        cat.update(pot, no_fuzzy_matching=False, update_header_comment=False)
        write_language(lang, cat)


def compile_all() -> list[Path]:
    out = []
    for lang in TRANSLATED:
        po = i18n.po_path(lang)
        if not po.exists():
            continue
        with po.open("rb") as f:
            cat = read_po(f, locale=lang)
        mo = i18n.mo_path(lang)
        with mo.open("wb") as f:
            write_mo(f, cat, use_fuzzy=False)
        out.append(mo)
    return out


def _forms(template: Any) -> list[str]:
    return [template] if isinstance(template, str) else [str(t) for t in template]


def missing_report(langs: tuple[str, ...] = TRANSLATED) -> dict[str, list[tuple[str, str]]]:
    """For each language, every message id without an up-to-date translation, or whose translation
    drops or adds a parameter, with the reason."""
    english = i18n.english_sources()
    out: dict[str, list[tuple[str, str]]] = {}
    for lang in langs:
        cat = read_language(lang)
        nplurals = i18n.plural_rule(lang)[0]
        by_ctx = {m.context: m for m in cat if m.id and m.context}
        problems: list[tuple[str, str]] = []
        for key, template in sorted(english.items()):
            want = set().union(*(template_fields(f) for f in _forms(template)))
            m = by_ctx.get(key)
            if m is None:
                problems.append((key, "no translation"))
                continue
            msgid = m.id[0] if isinstance(m.id, (list, tuple)) else m.id
            forms = list(m.string) if isinstance(m.string, (list, tuple)) else [m.string]
            if msgid != i18n.english_msgid(template):
                problems.append((key, "translates an older English text"))
            elif m.fuzzy:
                problems.append((key, "fuzzy (check it, then remove the fuzzy flag)"))
            elif not all(forms):
                problems.append((key, "no translation"))
            elif not isinstance(template, str) and len(forms) != nplurals:
                problems.append((key, f"{len(forms)} plural forms, the language has {nplurals}"))
            else:
                for form in forms:
                    got = template_fields(str(form))
                    # A plural form may leave out n (Japanese says the number once, in the one form it has).
                    if got - want:
                        problems.append((key, f"adds parameter(s) {', '.join(sorted(got - want))}"))
                        break
                    lost = want - got - ({"n"} if not isinstance(template, str) else set())
                    if lost:
                        problems.append((key, f"drops parameter(s) {', '.join(sorted(lost))}"))
                        break
        out[lang] = problems
    return out


def import_translations(lang: str, path: Path) -> int:
    """Fill a language's catalog from a YAML map id -> translation (a list for plural forms): the
    entries are created or replaced, marked not fuzzy, for the current English."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    english = i18n.english_sources()
    cat = read_language(lang)
    n = 0
    for key, text in data.items():
        if key not in english:
            continue
        template = english[key]
        msgid: Any = template if isinstance(template, str) else (str(template[0]), str(template[-1]))
        old = [m for m in cat if m.context == key]
        for m in old:
            cat.delete(m.id, context=key)
        if isinstance(template, str) and not isinstance(text, str):
            raise ValueError(f"{key}: the English has no plural forms, so its translation is one text")
        string: Any = text if isinstance(text, str) else tuple(str(t) for t in text)
        if not isinstance(template, str) and isinstance(string, str):
            string = tuple([string] * i18n.plural_rule(lang)[0])
        cat.add(msgid, string, context=key)
        n += 1
    write_language(lang, cat)
    return n
