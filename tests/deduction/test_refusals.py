"""The deduction refuses what it does not model (issue 11): a set, a role trait, a character trait,
a role ability of a new shape, an event type it was not written for. Each raises UnmodelledRule
naming the thing, instead of reasoning on as if the rule did not exist.

The rule books with a new word are copies of First Steps' (RuleBook.model_copy); the new trait is
registered in the rules vocabulary for the test, so that the engine's own check accepts the rule
book and the refusal is the deduction's.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from scriptkeeper.core.errors import ScriptkeeperError, UnmodelledRule
from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.catalog import shipped_scripts
from scriptkeeper.tragedy_looper.deduction import UnsupportedSet, deduce, observe
from scriptkeeper.tragedy_looper.rules import RuleBook, Trait, load_rulebook
from scriptkeeper.tragedy_looper.script import load_script
from scriptkeeper.tragedy_looper.unmodelled import english
from scriptkeeper.tragedy_looper.validate import check_rulebook
from scriptkeeper.tragedy_looper.views import build_view
from scriptkeeper.tragedy_looper.vocab import TRAITS, Word
from tests.helpers import make_script

P = "protagonist1"
NEW_TRAIT = "test_only_trait"


def first_steps_view() -> dict[str, Any]:
    """Protagonist 1's view of a First Steps game (tests.helpers.FS_BASE) in its first day."""
    return build_view(engine.new_game(make_script(), 0, 2), P)


@pytest.fixture
def new_trait(monkeypatch: pytest.MonkeyPatch) -> str:
    """A trait word registered in the rules vocabulary for this test only."""
    monkeypatch.setitem(TRAITS.words, NEW_TRAIT, Word(NEW_TRAIT, None, None, "a trait of the tests", False))
    return NEW_TRAIT


def with_role_traits(rules: RuleBook, role: str, *names: str) -> RuleBook:
    r = rules.roles[role]
    new = r.model_copy(update={"traits": (*r.traits, *(Trait(name=n) for n in names))})
    return rules.model_copy(update={"roles": {**rules.roles, role: new}})


def with_character_traits(rules: RuleBook, ch: str, *names: str) -> RuleBook:
    c = rules.characters[ch]
    new = c.model_copy(update={"traits": (*c.traits, *(Trait(name=n) for n in names))})
    return rules.model_copy(update={"characters": {**rules.characters, ch: new}})


def test_unmodelled_rule_is_a_scriptkeeper_error_and_an_unsupported_set_is_one():
    assert issubclass(UnmodelledRule, ScriptkeeperError)
    assert issubclass(UnsupportedSet, UnmodelledRule)


def test_a_midnight_zone_script_casting_a_character_it_does_not_model_is_refused_naming_it():
    """Midnight Zone itself is modelled (issue 13); a script of it casting the Sect Founder, whose
    incidents resolve twice, is refused, naming her."""
    view = build_view(engine.new_game(load_script(shipped_scripts()["midnight_zone/the_founders_flock"]), 0, 4), P)
    with pytest.raises(UnmodelledRule, match="'sect_founder'") as err:
        deduce(view)
    assert english(err.value.who) == "the deduction"


@pytest.mark.parametrize("set_id,named", [
    ("another_horizon", ["'warp_gauge'", "'marionette'", "'dual'", "'dimensional_distortion'"]),
])
def test_a_set_it_does_not_model_is_refused_saying_what_of_it_is_not_modelled(set_id, named):
    """Another Horizon (its gauge and Warps, its Dual Roles, its new roles) is refused, the error naming
    each part of the set the deduction does not model, read from the set's own data. (Last Liar was
    refused so until issue 16's deduction work: tests/deduction/test_last_liar.py.)"""
    name, path = next((k, p) for k, p in sorted(shipped_scripts().items()) if k.startswith(f"{set_id}/"))
    view = build_view(engine.new_game(load_script(path), 0, 4), P)
    with pytest.raises(UnsupportedSet) as err:
        deduce(view)
    parts = [english(part) for part in err.value.parts]  # each a Text (unmodelled.*), read in English here
    assert parts and all(any(n in part for part in parts) for n in named), parts
    assert str(err.value).count(";") >= min(len(err.value.parts), UnsupportedSet.SHOWN)


def test_the_shipped_rule_book_passes_the_check():
    """The same rule book, as a copy: nothing to refuse (the refusals below come from the change alone)."""
    view = first_steps_view()
    rules = load_rulebook("first_steps").model_copy()
    assert deduce(view, rules).count == deduce(view).count > 0


def test_a_role_trait_it_does_not_model_is_refused(new_trait):
    rules = with_role_traits(load_rulebook("first_steps"), "cultist", new_trait)
    assert check_rulebook(rules) == []  # the engine accepts the word
    with pytest.raises(UnmodelledRule, match=f"role trait '{new_trait}'.*'cultist'"):
        observe(first_steps_view(), rules)


def test_a_character_trait_it_does_not_model_is_refused(new_trait):
    rules = with_character_traits(load_rulebook("first_steps"), "boy_student", new_trait)
    assert check_rulebook(rules) == []
    with pytest.raises(UnmodelledRule, match=f"character trait '{new_trait}'.*'boy_student'"):
        observe(first_steps_view(), rules)


def test_a_role_trait_of_another_set_is_refused():
    """A trait the engine knows for a character card (the Sect Founder's incidents resolving twice), given
    to a First Steps role, is refused: the deduction models it for no role."""
    rules = with_role_traits(load_rulebook("first_steps"), "curmudgeon", "incidents_resolve_twice")
    with pytest.raises(UnmodelledRule, match="incidents_resolve_twice"):
        observe(first_steps_view(), rules)


def test_a_role_ability_of_a_new_shape_is_refused():
    """A Killer that kills the Key Person with 3 Intrigue instead of 2 is not the Killer the facts know."""
    rules = load_rulebook("first_steps")
    killer = rules.roles["killer"]
    first = killer.abilities[0]
    target = copy.deepcopy(first.target)
    target["where"][-1] = {"counter_at_least": ["intrigue", 3]}
    changed = killer.model_copy(update={"abilities": (first.model_copy(update={"target": target}), *killer.abilities[1:])})
    rules = rules.model_copy(update={"roles": {**rules.roles, "killer": changed}})
    with pytest.raises(UnmodelledRule, match="ability 1 of the role 'killer'"):
        observe(first_steps_view(), rules)


@pytest.mark.parametrize("event_type", ["extra_card", "test_only_event"])
def test_an_event_type_it_does_not_model_is_refused_while_walking(event_type):
    """An Extra card (an event of the engine, Midnight Zone's, in a set where no rule places one) or a
    type no one knows, met in the view's events."""
    view = first_steps_view()
    view["events"].append({"type": event_type, "visible_to": "public", "data": {"character": "boy_student"}})
    named = {"extra_card": "Extra card event", "test_only_event": "event type 'test_only_event'"}[event_type]
    with pytest.raises(UnmodelledRule, match=named):
        observe(view)


def test_a_game_started_from_a_stated_situation_is_refused():
    """A situation has no record of what came before it: nothing to read the hidden script from."""
    st = engine.new_game(make_script(), 0, 2, situation={"loop": 1, "day": 2, "phase": "mastermind_cards"})
    with pytest.raises(ValueError, match="situation"):
        deduce(build_view(st, P))


def test_the_mastermind_view_is_refused():
    with pytest.raises(ValueError, match="Protagonist"):
        deduce(build_view(engine.new_game(make_script(), 0, 2), "mastermind"))


REFUSED_CHARACTERS = ["transfer_student", "soldier", "black_cat", "forensic_specialist", "ai", "scientist", "young_girl",
                      "sect_founder", "copycat", "little_sister", "illusion", "sacred_tree"]


@pytest.mark.parametrize("ch", REFUSED_CHARACTERS)
def test_a_further_character_it_does_not_model_is_refused_naming_it(ch):
    """Issue 15: the deduction refuses the further characters whose traits or coded abilities it does
    not model, naming the character, until they are modelled."""
    from scriptkeeper.tragedy_looper.deduction.observe import check_character

    with pytest.raises(UnmodelledRule, match=f"'{ch}'"):
        check_character(load_rulebook("basic_tragedy"), ch)


def test_the_teacher_is_modelled_and_a_script_casting_her_is_deduced():
    """Issue 15: the Teacher's abilities are plain vocabulary the deduction reads (shipped script Chalk Dust)."""
    view = build_view(engine.new_game(load_script(shipped_scripts()["first_steps/chalk_dust"]), 0, 4), P)
    assert deduce(view).count > 0
