"""Issue 19: what the deduction read from a seat's view (each fact `deduce --facts` lists and the
assistant panel gives as the reason a role was ruled out) is a Text (`deduction.fact.*`, names as
Refs), never an English sentence: it is worded at the edge in the reader's language.

The source check reads deduction/observe.py and fails naming each fact whose text is built from an
English string; the games check plays random games and renders every fact they gave in the four
other languages; the command line and the panel are checked in Russian and Korean."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scriptkeeper.cli import app
from scriptkeeper.core.catalogs import TRANSLATED
from scriptkeeper.core.text import Text, localize, template_fields
from scriptkeeper.tragedy_looper import texts as tl_texts
from scriptkeeper.tragedy_looper.deduction import observe
from scriptkeeper.tragedy_looper.deduction.panel import assistant
from scriptkeeper.tragedy_looper.views import build_view
from tests.i18n.test_no_english_refusals import _literal_words
from tests.deduction.test_soundness import NAMES
from tests.properties.randomplay import random_game

DEDUCTION = Path(__file__).resolve().parents[2] / "src" / "scriptkeeper" / "tragedy_looper" / "deduction"
BENCH_GAME = Path(__file__).resolve().parents[2] / "bench" / "games" / "basic_tragedy_4_loops.yaml"
# The calls that note a fact, and the position of the argument that says what it is.
FACT_CALLS = {"fact": 1, "fact_culprit": 2, "fact_culprit_immortal": 1, "fact_invisible_kill": 2, "Fact": 1}
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
PLACEHOLDER = re.compile(r"\{[^}]*\}")
CYRILLIC = re.compile("[\u0400-\u04ff]")
HANGUL = re.compile("[\uac00-\ud7a3]")
runner = CliRunner()


def _english_facts(path: Path) -> list[str]:
    """Each fact of `path` whose text holds English words, and each `text = "..."` a fact is then given."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        text: ast.expr | None = None
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id if isinstance(node.func, ast.Name) else ""
            pos = FACT_CALLS.get(name)
            if pos is not None and len(node.args) > pos:
                text = node.args[pos]
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in ("text", "desc") for t in node.targets):
            text = node.value
        if text is None:
            continue
        # Any string in it that is words rather than a message id (an f-string, a literal, a join of
        # them); a Ref's kind ("character") names a names table and a key (`s["day"]`) a field, not words.
        kinds = {id(sub.args[0]) for sub in ast.walk(text) if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name)
                 and sub.func.id == "Ref" and sub.args}
        kinds |= {id(sub.slice) for sub in ast.walk(text) if isinstance(sub, ast.Subscript)}
        words = [w for sub in ast.walk(text) if isinstance(sub, (ast.Constant, ast.JoinedStr)) and id(sub) not in kinds
                 for w in _literal_words(sub)]
        if words:
            found.append(f"{path.name}:{node.lineno}: {' '.join(words)}")
    return found


def test_no_fact_of_the_deduction_is_an_english_sentence():
    assert [f for p in sorted(DEDUCTION.glob("*.py")) for f in _english_facts(p)] == []


def test_the_check_sees_an_english_fact(tmp_path):
    sample = tmp_path / "observe.py"
    sample.write_text('self.fact("death", f"{self.name(ch)} died", bind)\n'
                      'self.fact("death", T("deduction.fact.died", character=Ref("character", ch)), bind)\n'
                      'text = f"loop {L} start: cards added: " + ", ".join(x)\n'
                      'self.fact_culprit(idx, set(), "no target")\n'
                      'self.fact_culprit(idx, set(), T("deduction.fact.no_target"))\n')
    assert sorted(line.split(":")[1] for line in _english_facts(sample)) == ["1", "3", "4"]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_fact_message_is_in_the_language_with_no_english_word(lang):
    """The translations of `deduction.*` hold no English word outside their placeholders (the
    completeness test checks that each exists and keeps its parameters)."""
    english = tl_texts.catalog("basic_tragedy", "en")
    ours = tl_texts.catalog("basic_tragedy", lang)
    ids = sorted(k for k in english if k.startswith("deduction."))
    assert len(ids) >= 50
    left = {k: ours[k] for k in ids if LATIN_WORD.search(PLACEHOLDER.sub("", str(ours[k])))}
    assert left == {}


def _facts_of_random_games(games: int) -> list[tuple[str, Text, str]]:
    out = []
    for k in range(games):
        name = NAMES[k % len(NAMES)]  # the First Steps and Basic Tragedy scripts the deduction models
        for state, _ in random_game(name, 4100 + k, 4, "pressure" if k % 2 else "uniform"):
            pass
        obs = observe(build_view(state, "protagonist1"))
        out += [(state.script.set_id, f.text, f.kind) for f in obs.facts]
    return out


def test_the_facts_of_random_games_are_texts_worded_in_every_language():
    """Random finished games give facts of many kinds: each is a `deduction.fact.*` Text, and renders
    in Japanese, Korean, Russian and Chinese with no English word (names in the language's names)."""
    facts = _facts_of_random_games(24)
    ids = {t.id for _, t, _ in facts}
    assert all(isinstance(t, Text) and t.id.startswith("deduction.fact.") for _, t, _ in facts)
    assert len(ids) >= 12, sorted(ids)  # many kinds of fact, not one
    for lang in TRANSLATED:
        for set_id, text, kind in facts:
            say = tl_texts.renderer(set_id, lang)
            line = say(Text.of("deduction.fact.line", kind=Text.of(f"deduction.kind.{kind}"), fact=text))
            assert not LATIN_WORD.search(line), (lang, text.id, line)


def _flat(output: str) -> str:
    return re.sub(r"[ \n]+", " ", output)


def test_deduce_facts_in_russian_prints_no_english_fact():
    """`deduce --facts --lang ru`: the heading and every listed fact in Russian, as many as in English."""
    en = runner.invoke(app, ["deduce", str(BENCH_GAME), "--facts"])
    ru = runner.invoke(app, ["deduce", str(BENCH_GAME), "--facts", "--lang", "ru"])
    assert en.exit_code == ru.exit_code == 0, ru.output
    en_facts = _flat(en.output).split("Facts used")[1].split(" [")[1:]
    heading = tl_texts.renderer("basic_tragedy", "ru")(Text.of("analysis.deduce.facts_used"))
    ru_facts = _flat(ru.output).split(heading)[1].split(" [")[1:]
    assert len(ru_facts) == len(en_facts) > 20
    assert "[incident] loop 1: the Increasing Unease (day 2) occurred" in _flat(en.output)
    assert "[инцидент] петля 1: инцидент «Растущая тревога» (день 2) произошёл" in _flat(ru.output)
    for fact in ru_facts:
        assert CYRILLIC.search(fact) and not LATIN_WORD.search(fact), fact


def test_the_assistant_panel_gives_its_reasons_in_the_seat_language():
    """The panel's reasons (the facts that ruled roles out) are Texts in its JSON, worded in Korean
    for a Korean seat."""
    name = next(n for n in NAMES if n.startswith("basic_tragedy"))
    for state, _ in random_game(name, 4101, 4, "pressure"):
        pass
    panel = assistant(build_view(state, "protagonist1"))
    reasons = [w for c in panel["characters"] for w in c["why"]]
    assert reasons and all(isinstance(w, dict) and w["$text"].startswith("deduction.fact.") for w in reasons)
    ko = localize(panel, tl_texts.renderer(state.script.set_id, "ko"))
    words = [w for c in ko["characters"] for w in c["why"]]
    assert all(HANGUL.search(w) and not LATIN_WORD.search(w) for w in words), words[:5]


def test_a_fact_message_names_what_its_english_names():
    """Each fact's English template uses only parameters the observer gives (a typo would fail at
    render time): the parameters of the games' facts are those their templates ask for."""
    english = tl_texts.catalog("basic_tragedy", "en")
    for _, text, _ in _facts_of_random_games(6):
        assert template_fields(english[text.id]) == {k for k, _ in text.params}, text.id


def test_the_assistant_panel_writes_its_numbers_as_the_seat_language_does():
    """The count of scripts and the shares are numbers in the panel's JSON, written by Babel in
    the seat's language: "72 %" in Russian, "72%" in English."""
    name = next(n for n in NAMES if n.startswith("basic_tragedy"))
    for state, _ in random_game(name, 4101, 4, "pressure"):
        pass
    panel = assistant(build_view(state, "protagonist1"))
    assert panel["summary"]["params"]["count"]["params"]["value"] > 999  # a number, not words
    en, ru = (localize(panel, tl_texts.renderer(state.script.set_id, lang)) for lang in ("en", "ru"))
    shares_en = [s for c in en["characters"] for s in c["possible"]]
    shares_ru = [s for c in ru["characters"] for s in c["possible"]]
    assert any(re.search(r"\d%$", s) for s in shares_en) and any(re.search("\\d\xa0%$", s) for s in shares_ru)
    assert re.search("\\d\xa0\\d{3}", ru["summary"]) and re.search(r"\d,\d{3}", en["summary"])
