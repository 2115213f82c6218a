"""Issue 19: what the deduction and the agents refuse to reason about (UnmodelledRule) reaches a
user in the user's language: who refuses, what it met and why are Texts (`unmodelled.*`, the
rules' ids quoted as written in their parameters), worded at the edge (the assistant panel, `deduce
--lang`, `play --lang`, the server's hint); the exception's `str()` stays its English.

The source check reads the deduction's and the agents' modules and fails naming each refusal, or
each place named in one, still built from an English string."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scriptkeeper.cli import app
from scriptkeeper.core.catalogs import TRANSLATED
from scriptkeeper.core.errors import UnmodelledRule
from scriptkeeper.core.text import T, localize
from scriptkeeper.tragedy_looper import engine, texts as tl_texts
from scriptkeeper.tragedy_looper.catalog import shipped_scripts
from scriptkeeper.tragedy_looper.deduction import UnsupportedSet, deduce
from scriptkeeper.tragedy_looper.deduction.panel import assistant
from scriptkeeper.tragedy_looper.deduction.scope import SCOPE
from scriptkeeper.tragedy_looper.script import load_script
from scriptkeeper.tragedy_looper.unmodelled import kind
from scriptkeeper.tragedy_looper.views import build_view
from tests.i18n.test_no_english_refusals import _literal_words

TL = Path(__file__).resolve().parents[2] / "src" / "scriptkeeper" / "tragedy_looper"
SOURCES = sorted([*(TL / "deduction").glob("*.py"), *(TL / "agents").glob("*.py"), TL / "events.py"])
# The calls that make a refusal (every argument) or name where one was met (the argument at that position).
WHERE_ARG = {"require": 2, "check_fields": 2, "check_condition": 2, "check_ability": 4, "check_places": 2, "check_role": 2,
             "attempt": 0, "_check_loss_condition": 1, "_check_role_change": 2}
REFUSING = {"refuse", "UnmodelledRule", "UnsupportedSet"}
CYRILLIC = re.compile("[\u0400-\u04ff]")
HANGUL = re.compile("[\uac00-\ud7a3]")
# What a translated refusal may keep in Latin letters: the code it names (a function, a constant, a
# module path), the words of the rules data a message quotes as ids, and the game's own title.
CODE_WORDS = {"check_rules", "LOSS_CONDITIONS", "walk_incident", "fact_mm_abilities", "loss", "role_change", "start_of_role",
              "ROLE", "deduction", "model", "context", "observe", "tragedy_looper", "events", "RoopeR"}
runner = CliRunner()


def _call_name(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _english_refusals(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        parts: list[ast.expr] = []
        if isinstance(node, ast.Call):
            name = _call_name(node.func)
            if name in REFUSING:
                parts = list(node.args)
            elif name in WHERE_ARG and len(node.args) > WHERE_ARG[name]:
                parts = [node.args[WHERE_ARG[name]]]
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in ("where", "what", "why") for t in node.targets):
            parts = [node.value]
        # A message id, a rules word's kind ("character trait") given to `kind`, a key (`d["set"]`,
        # `view.get("set")`): not words.
        keys = [a.args[0] for p in parts for a in ast.walk(p) if isinstance(a, ast.Call) and _call_name(a.func) in ("T", "kind", "get") and a.args]
        keys += [a.slice for p in parts for a in ast.walk(p) if isinstance(a, ast.Subscript)]
        skip = {id(n) for k in keys for n in ast.walk(k)}
        words = [w for p in parts for sub in ast.walk(p) if isinstance(sub, (ast.Constant, ast.JoinedStr)) and id(sub) not in skip
                 for w in _literal_words(sub)]
        if words:
            found.append(f"{path.name}:{node.lineno}: {' '.join(words)}")
    return found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(TL)))
def test_no_refusal_of_the_deduction_or_the_agents_is_an_english_sentence(path):
    assert _english_refusals(path) == []


def test_the_check_sees_an_english_refusal_and_an_english_place(tmp_path):
    sample = tmp_path / "observe.py"
    sample.write_text('raise UnmodelledRule(WHO, f"the character {ch!r}", "she is new")\n'
                      'raise refuse(WHO, T("unmodelled.what.character", character=q(ch)))\n'
                      'SCOPE.require("character trait", t.name, f"the character {ch!r}")\n'
                      'SCOPE.require("character trait", t.name, T("unmodelled.what.character", character=q(ch)))\n'
                      'where = f"rule {i} of the plot {plot!r}"\n')
    assert sorted(line.split(":")[1] for line in _english_refusals(sample)) == ["1", "3", "5"]


def test_every_kind_of_rules_word_the_deduction_reads_has_its_words():
    english = tl_texts.catalog("basic_tragedy", "en")
    kinds = set(SCOPE.words) | {"incident coded call"}  # required where it is read, never declared
    assert {k for k in kinds if kind(k).id not in english} == set()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_refusal_message_is_in_the_language(lang):
    """`unmodelled.*` in each language keeps no English word outside its placeholders but the code
    it names (a function, a module path) and the ids of the rules data."""
    english = tl_texts.catalog("basic_tragedy", "en")
    ours = tl_texts.catalog("basic_tragedy", lang)
    ids = sorted(k for k in english if k.startswith("unmodelled."))
    assert len(ids) >= 95
    left = {}
    for k in ids:
        words = set(re.findall(r"[A-Za-z_]{3,}", re.sub(r"\{[^}]*\}", "", str(ours[k])))) - CODE_WORDS
        if words:
            left[k] = sorted(words)
    assert left == {}


def _refused_set_view() -> dict:
    """A view of a set the deduction refuses (Another Horizon; Midnight Zone is deduced since issue 13, Last Liar since issue 16)."""
    path = next(p for k, p in sorted(shipped_scripts().items()) if k.startswith("another_horizon/"))
    return build_view(engine.new_game(load_script(path), 0, 4), "protagonist1")


def _outside_quotes(words: str) -> list[str]:
    """The Latin words of a rendered refusal that are not ids: quoted ones ('ninja') and snake_case
    ids (basic_tragedy) left out, and the code CODE_WORDS names."""
    bare = re.sub(r"'[^']*'|\{[^}]*\}", "", words)
    return [w for w in re.findall(r"[A-Za-z_]{3,}", bare) if "_" not in w and w not in CODE_WORDS]


def test_a_refused_set_keeps_its_english_and_is_worded_in_russian():
    with pytest.raises(UnsupportedSet) as err:
        deduce(_refused_set_view())
    exc = err.value
    assert str(exc).startswith("the deduction does not model the Tragedy Set 'another_horizon': it is written for basic_tragedy")
    assert "the coded call 'marionette.collapse' (the role 'marionette')" in str(exc)
    ru = exc.words(tl_texts.renderer("another_horizon", "ru"))
    assert ru.startswith("Модуль выводов не моделирует: набор 'another_horizon'") and "программный вызов 'marionette.collapse' (роль 'marionette')" in ru
    assert _outside_quotes(ru) == [], ru


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_assistant_panel_says_what_it_does_not_model_in_the_seat_language(lang):
    panel = assistant(_refused_set_view())
    assert panel["unsupported"]["params"]["what"]["$text"] == "unmodelled.refusal_detail"
    words = localize(panel, tl_texts.renderer("another_horizon", lang))["unsupported"]
    assert "'another_horizon'" in words and _outside_quotes(words) == [], words


def test_play_in_korean_says_in_korean_that_the_agents_do_not_play_another_horizon(tmp_path):
    result = runner.invoke(app, ["play", "another_horizon/the_endless_dusk", "--ai", "mastermind", "--ai", "protagonists",
                                 "--save", str(tmp_path / "g.yaml"), "--lang", "ko"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    line = re.sub(r"\s+", " ", result.output)
    assert "참극 RoopeR 에이전트은(는) 비극 세트 'another_horizon'을(를) 모델링하지 않습니다" in line, line
    assert "does not model" not in line


def test_an_unmodelled_rule_says_its_english_without_a_text():
    """A plain-string refusal (another game's, a test's) keeps its words as given."""
    exc = UnmodelledRule("the tiny agent", "the rule 'x'", "it is new")
    assert str(exc) == "the tiny agent does not model the rule 'x': it is new" and exc.text is None
    assert exc.words(tl_texts.renderer("basic_tragedy", "ru")) == str(exc)


def test_a_refused_goodwill_ability_is_named_by_its_rules_text_in_the_readers_language(monkeypatch):
    """An agent that meets a Goodwill ability it does not judge names it by the ability's own rules
    text, a message like every rules text (so a Japanese reader reads it in Japanese)."""
    from scriptkeeper.tragedy_looper.agents import common
    from scriptkeeper.tragedy_looper.rules import load_rulebook

    gw = load_rulebook("basic_tragedy").characters["doctor"].goodwill[0]
    monkeypatch.delitem(common.GW_WORTH, common._gw_kind(gw))
    with pytest.raises(UnmodelledRule) as err:
        common.gw_kind(gw)
    ja = tl_texts.renderer("basic_tragedy", "ja")
    assert ja(T("rules.character.doctor.gw.0")) in err.value.words(ja)
    assert gw.text in str(err.value)  # its English, for logs and tests
