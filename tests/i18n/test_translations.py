"""Five languages: every message id and rules name has a translation in each, with the same
parameters; plural forms follow each language's rule; numbers are written by Babel; a seat's
language is chosen from what its browser asks for (issue 19)."""

from __future__ import annotations

import re

import pytest

from scriptkeeper.core import i18n
from scriptkeeper.core.catalogs import TRANSLATED, missing_report
from scriptkeeper.core.text import Ref, Renderer, T
from scriptkeeper.tragedy_looper import texts as tl_texts
from scriptkeeper.clocktower import texts as ct_texts


def test_every_message_and_name_is_translated_into_every_language_with_its_parameters():
    """Fails naming each message id (and language) without an up-to-date translation, or whose
    translation drops or adds a parameter. `python tools/i18n.py update` lists the same."""
    report = missing_report()
    gaps = {lang: problems for lang, problems in report.items() if problems}
    lines = []
    for lang, problems in gaps.items():
        lines.append(f"{lang}: {len(problems)} missing or wrong")
        lines.extend(f"  {key}: {why}" for key, why in problems)
    assert not gaps, "translations to fill (python tools/i18n.py update, docs/translations.md):\n" + "\n".join(lines)


def test_the_check_sees_a_dropped_parameter_and_a_missing_id(tmp_path, monkeypatch):
    """The completeness check itself: a translation that loses `{character}` and an id with no
    entry at all are both named."""
    from babel.messages.catalog import Catalog

    cat = Catalog(locale="ko")
    cat.add("{character} dies.", "죽는다.", context="event.death")
    english = {"event.death": "{character} dies.", "event.revive": "{character} comes back to life."}
    monkeypatch.setattr(i18n, "english_sources", lambda: english)
    monkeypatch.setattr("scriptkeeper.core.catalogs.read_language", lambda lang: cat)
    report = dict(missing_report(("ko",))["ko"])
    assert report == {"event.death": "drops parameter(s) character", "event.revive": "no translation"}


@pytest.mark.parametrize("lang,expected", [
    ("ru", {1: 0, 2: 1, 4: 1, 5: 2, 11: 2, 21: 0, 22: 1, 25: 2}),
    ("ja", {1: 0, 2: 0, 5: 0}), ("ko", {1: 0, 2: 0}), ("zh", {1: 0, 3: 0}), ("en", {1: 0, 2: 1, 0: 1})])
def test_plural_forms_follow_each_language_rule(lang, expected):
    nplurals, rule = i18n.plural_rule(lang)
    assert nplurals == {"ru": 3, "en": 2}.get(lang, 1)
    assert {n: rule(n) for n in expected} == expected


def test_a_russian_count_takes_the_form_its_number_asks_for():
    r = Renderer({"count.loops": ["{n} петля", "{n} петли", "{n} петель"]}, {}, "ru")
    assert [r.render(T("count.loops", n=n)) for n in (1, 3, 5, 21)] == ["1 петля", "3 петли", "5 петель", "21 петля"]


def test_numbers_are_written_by_babel_in_the_seat_language():
    r = Renderer({"rate": "{x}"}, {}, "ru")
    assert r.render(T("rate", x=0.5)) == "0,5"
    assert i18n.format_number(123456, "ru") == "123456"  # a seed or a count: no grouping
    assert Renderer({"rate": "{x}"}, {}, "en").render(T("rate", x=0.5)) == "0.5"


def test_dates_are_written_by_babel_in_the_seat_language():
    moment = 1764600000  # 2025-12-01 14:40 UTC
    assert i18n.format_datetime(moment, "ja") == "2025/12/01 14:40:00"
    assert i18n.format_datetime(moment, "zh") == "2025年12月1日 14:40:00"
    assert "дек." in i18n.format_datetime(moment, "ru")


@pytest.mark.parametrize("header,lang", [
    ("ko-KR,ko;q=0.9,en;q=0.5", "ko"), ("ru", "ru"), ("zh-CN,zh;q=0.9", "zh"), ("zh-Hant-TW", "zh"),
    ("de-DE,ja;q=0.8,en;q=0.5", "ja"), ("fr", "en"), ("", "en"), ("en;q=0.2,ko;q=0.9", "ko")])
def test_the_language_defaults_from_accept_language(header, lang):
    assert i18n.negotiate(header) == lang


@pytest.mark.parametrize("lang", TRANSLATED)
def test_names_of_the_rules_data_come_out_in_each_language(lang):
    """The names table a view carries is in the seat's language (characters, roles, sets...)."""
    english = tl_texts.names("basic_tragedy", "en")
    names = tl_texts.names("basic_tragedy", lang)
    assert set(names) == set(english)
    assert names["character"]["boy_student"] != english["character"]["boy_student"]
    assert names["role"]["killer"] != english["role"]["killer"]
    assert ct_texts.names(lang)["character"]["tea_lady"] != ct_texts.names("en")["character"]["tea_lady"]
    r = tl_texts.renderer("basic_tragedy", lang)
    assert re.search(r"[^\x00-\x7f]", r.render(T("event.death", character=Ref("character", "boy_student"))))


def test_every_language_has_a_catalog_file_with_its_plural_rule():
    from babel.messages.pofile import read_po

    for lang in TRANSLATED:
        with i18n.po_path(lang).open("rb") as f:
            cat = read_po(f, locale=lang)
        assert cat.num_plurals == i18n.plural_rule(lang)[0]
