"""The rules data of every Tragedy Set passes its schema and uses only registered vocabulary, and
the vocabulary extends without editing the engine (issue 11, item 3)."""

from __future__ import annotations

import pathlib
import re

import pytest

from scriptkeeper.core.text import T
from scriptkeeper.tragedy_looper import engine  # noqa: F401  (registers every coded rule)
from scriptkeeper.tragedy_looper import validate, vocab
from scriptkeeper.tragedy_looper.actions import emit
from scriptkeeper.tragedy_looper.rules import available_sets, load_rulebook
from tests.helpers import answer, make_script, start

SRC = pathlib.Path(validate.__file__).parent


@pytest.mark.parametrize("set_id", available_sets())
def test_every_ability_uses_known_targets_effects_conditions_traits_and_calls(set_id):
    assert validate.check_rulebook(load_rulebook(set_id)) == []


def test_every_word_has_a_handler_and_every_trait_is_checked_somewhere_in_the_engine():
    for words in (vocab.TARGETS, vocab.EFFECTS, vocab.CONDITIONS):
        assert all(w.handler is not None for w in words.words.values()), words.what
    # Filters: every one has a handler but the incident-list filter, read by the `incident` target.
    assert [n for n, w in vocab.FILTERS.words.items() if w.handler is None] == ["occurred_this_loop"]
    code = "".join(p.read_text() for p in SRC.rglob("*.py"))
    for name in vocab.TRAITS:
        uses = len(re.findall(rf'"{name}"', code)) - len(re.findall(rf'TRAITS\.add\("{name}"', code))
        assert uses >= 1 or name == "may_lie_on_reveal", f"trait {name!r} is registered but no engine code checks it"
        assert vocab.TRAITS.words[name].doc, f"trait {name!r} says nothing of what it does"


def test_a_typo_in_the_data_is_reported_with_where_it_is():
    rb = load_rulebook("first_steps")
    brain = rb.roles["brain"].abilities[0]
    bad = brain.model_copy(update={"effect": {"plase": {"counter": "intrigue", "n": 1}},
                                   "target": {"choose": "charcter"}})
    broken = rb.model_copy(update={"roles": {**rb.roles, "brain": rb.roles["brain"].model_copy(update={"abilities": (bad,)})}})
    problems = validate.check_rulebook(broken)
    assert any("role brain ability #1: unknown effect 'plase'" in p for p in problems)
    assert any("unknown target 'charcter'" in p for p in problems)


def test_a_word_written_in_the_wrong_form_or_with_a_bad_argument_is_reported():
    rb = load_rulebook("first_steps")
    brain = rb.roles["brain"].abilities[0]
    for effect, message in (("place", "is written as a one-key mapping"), ({"kill": None}, "is written as a plain word"),
                            ({"place": {"counter": "intrigue"}}, "takes {counter: KIND, n: N}")):
        bad = brain.model_copy(update={"effect": effect})
        broken = rb.model_copy(update={"roles": {**rb.roles, "brain": rb.roles["brain"].model_copy(update={"abilities": (bad,)})}})
        assert any(message in p for p in validate.check_rulebook(broken)), effect


@pytest.fixture
def whisper_word():
    """A test-only effect word, registered the way a set's coded.py registers one."""

    @vocab.EFFECTS.word("whisper", validate=lambda arg: [])
    def _whisper(state, arg, target, ctx):
        """The target's counters are untouched; the log says so (a test word)."""
        emit(state, "no_target", T("event.no_target"))

    yield "whisper"
    del vocab.EFFECTS.words["whisper"]


def test_a_set_can_add_an_effect_word_without_editing_the_engine(whisper_word):
    """Issue 11: vocabulary words are registered with their handler and validator; a rule book using a
    new word validates and runs once the word is registered."""
    rb = load_rulebook("first_steps")
    brain = rb.roles["brain"]
    whispering = brain.abilities[0].model_copy(update={"effect": whisper_word})
    patched = rb.model_copy(update={"roles": {**rb.roles, "brain": brain.model_copy(update={"abilities": (whispering,)})}})
    assert validate.check_rulebook(patched) == []
    del vocab.EFFECTS.words[whisper_word]
    assert any("unknown effect 'whisper'" in p for p in validate.check_rulebook(patched))
    vocab.EFFECTS.add(whisper_word, lambda state, arg, target, ctx: emit(state, "no_target", T("event.no_target")))
    script = make_script()
    object.__setattr__(script, "rules", patched)  # the script plays by the patched rule book
    g = start(script, {"phase": "mastermind_abilities"})
    doctor = "doctor:brain:0"
    assert doctor in g.pending.options
    answer(g, "mastermind_ability", doctor)
    answer(g, "choose_target", "hospital")
    assert g.events[-1].type == "no_target" and g.locations["hospital"]["intrigue"] == 0


def test_replacement_effects_are_consulted_in_their_written_order():
    """Issue 11: "instead of dying" effects live in one registry, in a written order."""
    # Rei's Servant dies in her charge's place before a Guard counter is spent (docs/rulings.md servant-follows).
    assert vocab.REPLACEMENTS.order("kill") == ["cannot_die", "servant_dies_instead", "guard_counter"]
    assert vocab.REPLACEMENTS.order("move") == ["forbidden_location"]


def test_a_replacement_registered_by_a_set_changes_what_an_action_does():
    """A later set adds an "instead of" rule without editing the engine: here, a test-only rule that
    turns Paranoia placed on the Doctor into Goodwill."""

    def applies(state, target, kind, n, why):
        return target == "doctor" and kind == "paranoia"

    @vocab.replacement("place", "test_paranoia_becomes_goodwill", 50, applies)
    def _instead(state, target, kind, n, why):
        state.board.add(target, "goodwill", n)

    try:
        g = start(make_script(), {"phase": "mastermind_cards"})
        from tests.helpers import place_cards

        place_cards(g, [("paranoia_plus_1", "doctor"), ("intrigue_plus_1", "school"), ("paranoia_plus_1", "boy_student")],
                    [("goodwill_plus_1", "girl_student"), ("paranoia_minus_1", "office_worker"), ("forbid_intrigue", "city")])
        assert g.chars["doctor"].counters["paranoia"] == 0 and g.chars["doctor"].counters["goodwill"] == 1
        assert g.chars["boy_student"].counters["paranoia"] == 1
    finally:
        vocab.REPLACEMENTS.by_action["place"] = [r for r in vocab.REPLACEMENTS.by_action["place"]
                                                 if r.name != "test_paranoia_becomes_goodwill"]


def test_a_trait_may_take_parameters():
    """Traits with parameters: `{name: params}` in the data, validated by the trait's own validator."""
    vocab.TRAITS.add("test_limit_bonus", validate=lambda p: [] if isinstance(p, int) else ["takes a number"],
                     doc="a test-only trait")
    try:
        rb = load_rulebook("first_steps")
        boy = rb.characters["boy_student"]
        good = boy.model_copy(update={"traits": (*boy.traits, *type(boy).model_validate(
            {**boy.model_dump(), "traits": [{"test_limit_bonus": 2}]}).traits)})
        assert good.has_trait("test_limit_bonus") and next(t for t in good.traits if t.name == "test_limit_bonus").params == 2
        bad = type(boy).model_validate({**boy.model_dump(), "traits": [{"test_limit_bonus": "two"}]})
        patched = rb.model_copy(update={"characters": {**rb.characters, "boy_student": bad}})
        assert any("takes a number" in p for p in validate.check_rulebook(patched))
    finally:
        del vocab.TRAITS.words["test_limit_bonus"]


def test_a_coded_ability_may_take_a_target_chosen_by_the_vocabulary():
    """Coded abilities that take a target: the entry has both `target:` and `call:`; the function gets
    the chosen target (here a test-only call that places 2 Intrigue on it)."""
    from scriptkeeper.tragedy_looper.actions import place

    @vocab.register("test.two_intrigue")
    def _two(state, ctx, target):
        place(state, target, "intrigue", 2)

    try:
        rb = load_rulebook("first_steps")
        brain = rb.roles["brain"]
        coded = brain.abilities[0].model_copy(update={"effect": None, "call": "test.two_intrigue"})
        patched = rb.model_copy(update={"roles": {**rb.roles, "brain": brain.model_copy(update={"abilities": (coded,)})}})
        assert validate.check_rulebook(patched) == []
        script = make_script()
        object.__setattr__(script, "rules", patched)
        g = start(script, {"phase": "mastermind_abilities"})
        answer(g, "mastermind_ability", "doctor:brain:0")
        answer(g, "choose_target", "hospital")
        assert g.locations["hospital"]["intrigue"] == 2
    finally:
        del vocab.CALLS["test.two_intrigue"]
