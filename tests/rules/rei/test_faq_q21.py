"""Rei General FAQ Q21 in full (seed 000): "So that would mean in 'The Noble Bloodline' the Key
Person and Vampire could both end up being Girls." A21: "I suppose that is the case, yes."

The Noble Bloodline is a plot of a Tragedy Set no seed describes, and the Vampire a role of it; we
ship neither. What the answer rests on is in the seeds: a role that must go to a man at script
creation may go to the Part-Timer (Q20: the Ninja of Male Confrontation), his role is held in play
by the Part-Timer(?), who is a Girl (her card), and the Part-Timer himself plays as a Person. So the
test builds a test-only main plot mirroring what the question implies of The Noble Bloodline: a
Key Person, and a "Vampire" that must be a man at script creation (docs/rulings.md rei-faq-q21
says which parts of the real plot are not known and so not tested)."""

from __future__ import annotations

from typing import Any

import pytest

from scriptkeeper.core.errors import ScriptProblem
from scriptkeeper.tragedy_looper import engine, script as script_module
from scriptkeeper.tragedy_looper.actions import kill
from scriptkeeper.tragedy_looper.query import effective_role
from scriptkeeper.tragedy_looper.rules import Plot, Role, RuleBook, load_rulebook
from scriptkeeper.tragedy_looper.script import check_script
from tests.helpers import start

MIRROR = "bloodline_mirror"


def mirror_rule_book() -> RuleBook:
    """Basic Tragedy's rule book with a test-only Vampire (a role with no ability: only who holds it
    is asked about) and a test-only main plot with a Key Person and a Vampire who must be a man."""
    rb = load_rulebook("basic_tragedy")
    vampire = Role.model_validate({"id": "vampire", "name": "Vampire (test only)"})
    plot = Plot.model_validate({
        "id": MIRROR, "name": "The Noble Bloodline (test-only mirror)", "main": True, "roles": {"key_person": 1, "vampire": 1},
        "creation": [{"rule": "vampire-must-be-a-man", "role": "vampire", "must_have_tag": "man",
                      "text": "The Vampire must be a man (test-only, as the question implies)."}]})
    the_set = rb.set.model_copy(update={"plots": {**rb.set.plots, MIRROR: plot}, "roles": (*rb.set.roles, "vampire")})
    fields = {name: getattr(rb, name) for name in RuleBook.model_fields}
    fields.update(set=the_set, roles={**rb.roles, "vampire": vampire})
    return RuleBook(**fields)


@pytest.fixture
def bloodline(monkeypatch: pytest.MonkeyPatch) -> RuleBook:
    """Scripts of Basic Tragedy read the mirror rule book for this test (checked and played by it)."""
    rb = mirror_rule_book()
    real = script_module.load_rulebook
    monkeypatch.setattr(script_module, "load_rulebook", lambda sid: rb if sid == "basic_tragedy" else real(sid))
    # A problem's English wording names the plot from the set's catalog, which knows no test-only
    # plot: here a problem keeps its rule id and Text, unworded (the rule ids are what is checked).
    monkeypatch.setattr(script_module, "_p", lambda rule, text, where="", set_id=None: ScriptProblem(rule, "", where, text))
    return rb


def bloodline_script(cast: dict[str, Any]) -> dict[str, Any]:
    return {"set": "basic_tragedy", "main_plot": MIRROR, "subplots": ["an_unsettling_rumor", "threads_of_fate"], "loops": 3, "days": 4,
            "cast": {**cast, "police_officer": "conspiracy_theorist", "boy_student": "person"}, "incidents": []}


def problems(data: dict[str, Any]) -> set[str]:
    return {p.rule for p in check_script(data)[1]}


def test_rei_faq_q21_the_mirror_rule_is_enforced_a_girl_may_not_be_the_vampire(bloodline):
    """The mirror's rule is a real creation rule: a Girl written as the Vampire is refused."""
    assert "vampire-must-be-a-man" in problems(bloodline_script({"girl_student": "key_person", "shrine_maiden": "vampire"}))
    assert problems(bloodline_script({"girl_student": "key_person", "office_worker": "vampire"})) == set()


def test_rei_faq_q21_the_part_timer_may_be_written_as_the_vampire(bloodline):
    """At script creation his trait does not apply (FAQ A23): he is a man, so he may hold the Vampire."""
    assert problems(bloodline_script({"girl_student": "key_person", "part_timer": "vampire"})) == set()


def test_rei_faq_q21_in_play_the_key_person_and_the_vampire_are_both_girls(bloodline):
    """A21: yes. The Part-Timer plays as a Person; once he is dead, the Part-Timer(?) enters, holding
    his role: the Vampire is a Girl, and so is the Key Person (the Girl Student)."""
    _, found = check_script(bloodline_script({"girl_student": "key_person", "part_timer": "vampire"}))
    assert found == []
    script = script_module.script_from_dict(bloodline_script({"girl_student": "key_person", "part_timer": "vampire"}))
    assert script.rules is bloodline and script.cast["part_timer_q"] == "vampire"
    g = start(script, {"phase": "day_end", "day": 1})
    assert effective_role(g, "part_timer") == "person"  # his trait: a Person while the game is played
    kill(g, "part_timer", "test")
    while g.pending is not None and g.day == 1:  # the rest of day 1, no ability used ("done" is last)
        engine.apply_in_place(g, g.pending.options[-1])
    assert g.day == 2 and g.chars["part_timer_q"].location == "city"
    vampires = [c for c in g.script.cast if g.in_play(c) and effective_role(g, c) == "vampire"]
    key_persons = [c for c in g.script.cast if g.in_play(c) and effective_role(g, c) == "key_person"]
    assert vampires == ["part_timer_q"] and key_persons == ["girl_student"]
    assert all("girl" in bloodline.characters[c].tags for c in [*vampires, *key_persons])
