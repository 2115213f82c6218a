"""The rules data of every Tragedy Set passes its schema and uses only the known vocabulary."""

import pathlib

import pytest

from scriptkeeper.tragedy_looper import engine  # noqa: F401  (registers every coded rule)
from scriptkeeper.tragedy_looper import validate
from scriptkeeper.tragedy_looper.rules import available_sets, load_rulebook

SRC = pathlib.Path(validate.__file__).parent


@pytest.mark.parametrize("set_id", available_sets())
def test_every_ability_uses_known_targets_effects_conditions_traits_and_calls(set_id):
    assert validate.check_rulebook(load_rulebook(set_id)) == []


def test_each_vocabulary_word_is_handled_by_the_engine_code():
    code = "".join(p.read_text() for p in SRC.glob("*.py") if p.name != "validate.py")
    words = (validate.TARGET_CHOICES | validate.FILTER_WORDS | validate.FILTER_KEYS | validate.EFFECT_WORDS
             | validate.EFFECT_KEYS | validate.CONDITIONS | validate.TRAITS)
    missing = sorted(w for w in words if f'"{w}"' not in code)
    assert missing == []


def test_a_typo_in_the_data_is_reported_with_where_it_is():
    rb = load_rulebook("first_steps")
    brain = rb.roles["brain"].abilities[0]
    bad = brain.model_copy(update={"effect": {"plase": {"counter": "intrigue", "n": 1}},
                                   "target": {"choose": "charcter"}})
    broken = rb.model_copy(update={"roles": {**rb.roles, "brain": rb.roles["brain"].model_copy(update={"abilities": (bad,)})}})
    problems = validate.check_rulebook(broken)
    assert any("role brain ability #1: unknown effect 'plase'" in p for p in problems)
    assert any("unknown target 'charcter'" in p for p in problems)
