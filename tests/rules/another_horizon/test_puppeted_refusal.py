"""Another Horizon's Puppeted Goodwill Refusal (seed 000): the Goodwill Refusal, and the Mastermind may
use the character's Goodwill abilities in the Mastermind abilities phase when it has the counters,
announcing the ability and its targets to everyone."""

from __future__ import annotations

from scriptkeeper.tragedy_looper.query import puppeted, refusal
from scriptkeeper.tragedy_looper.views import build_view
from tests.helpers import answer, pending, start, use

from .ah import rule_script, warps

CAST = {"pop_idol": "marionette", "office_worker": "person", "nurse": "person", "journalist": "person", "boy_student": "brain"}


def _mm_menu(g) -> list:
    d = pending(g)
    assert d.kind == "mastermind_ability"
    return list(d.options)


def test_the_mastermind_may_use_a_puppets_goodwill_ability_when_it_has_the_goodwill():
    """Seed 000, Puppeted Goodwill Refusal: the Marionette's Goodwill 4 ability, in the Mastermind abilities phase."""
    g = start(rule_script(CAST), {"day": 1, "phase": "mastermind_abilities", "characters": {"pop_idol": {"goodwill": 4}}})
    assert "pop_idol:gw:1" in _mm_menu(g) and "pop_idol:gw:0" in _mm_menu(g)
    answer(g, "mastermind_ability", "pop_idol:gw:1")
    answer(g, "choose_target", "office_worker")
    assert g.board.chars["office_worker"].counters["goodwill"] == 1


def test_the_mastermind_announces_the_puppets_ability_to_everyone():
    g = start(rule_script(CAST), {"day": 1, "phase": "mastermind_abilities", "characters": {"pop_idol": {"goodwill": 4}}})
    answer(g, "mastermind_ability", "pop_idol:gw:1")
    answer(g, "choose_target", "office_worker")
    seen = [e for e in build_view(g, "protagonist2")["events"] if e["type"] == "puppet_goodwill"]
    assert seen and seen[0]["data"]["character"] == "pop_idol"


def test_without_the_counters_the_mastermind_cannot_use_it():
    g = start(rule_script(CAST), {"day": 1, "phase": "mastermind_abilities", "characters": {"pop_idol": {"goodwill": 2}}})
    assert not any(o.startswith("pop_idol:gw") for o in _mm_menu(g))


def test_in_the_dark_world_the_puppets_paranoia_decides():
    """Change of Heart applies to the Mastermind's use too: Paranoia counts instead of Goodwill."""
    g = start(rule_script(CAST), {"day": 1, "phase": "mastermind_abilities", "gauges": {"extra": 1},
                                  "characters": {"pop_idol": {"paranoia": 3}}})
    assert "pop_idol:gw:0" in _mm_menu(g)


def test_puppeted_goodwill_refusal_still_refuses():
    """Seed 000: it provides the basic effect of Goodwill Refusal too."""
    g = start(rule_script(CAST), {"day": 1, "phase": "goodwill_abilities", "characters": {"pop_idol": {"goodwill": 3}, "office_worker": {"paranoia": 1}}})
    assert refusal(g, "pop_idol") == "optional"
    use(g, "pop_idol:gw:0", refusal="refuse")
    assert g.board.chars["office_worker"].counters["paranoia"] == 1


def test_a_brain_has_plain_goodwill_refusal_not_puppeted():
    g = start(rule_script(CAST), {"day": 1, "phase": "mastermind_abilities", "characters": {"boy_student": {"goodwill": 2}}})
    assert not puppeted(g, "boy_student") and not any(o.startswith("boy_student:gw") for o in _mm_menu(g))


def test_a_hope_counter_removes_the_refusal_and_the_puppetry_with_it():
    g = start(rule_script(CAST), {"day": 1, "phase": "mastermind_abilities", "characters": {"pop_idol": {"goodwill": 4, "hope": 1}}})
    assert not puppeted(g, "pop_idol") and not any(o.startswith("pop_idol:gw") for o in _mm_menu(g))


STRINGS_CAST = {"pop_idol": "gossip", "office_worker": "fragment", "ai": "l_person_d_serial_killer", "boy_student": "brain",
                "nurse": "person"}


def test_puppeteers_strings_makes_every_refusal_puppeted_despairs_included():
    """Seed 000, Puppeteer's Strings: all types of Goodwill Refusal become Puppeted, that granted by Despair included."""
    g = start(rule_script(STRINGS_CAST, subplots=("puppeteers_strings", "crossing_world_lines")),
              {"day": 1, "phase": "mastermind_abilities",
               "characters": {"nurse": {"goodwill": 2, "despair": 1}, "boy_student": {"goodwill": 2}, "office_worker": {"paranoia": 3, "at": "hospital"}}})
    assert puppeted(g, "nurse") and puppeted(g, "boy_student") and refusal(g, "nurse") == "mandatory"
    assert "nurse:gw:0" in _mm_menu(g)


def test_a_1x_infinity_ability_the_mastermind_uses_triggers_a_warp_and_counts_towards_its_limit():
    """Seed 000: a Warp after every use of a 1x∞ Goodwill ability by either side; the Mastermind's use
    counts towards the limit (Rei, "Regarding 1x∞ Goodwill Abilities")."""
    cast = {**CAST, "soldier": "marionette", "pop_idol": "person"}
    g = start(rule_script(cast), {"day": 1, "phase": "mastermind_abilities", "characters": {"soldier": {"goodwill": 2}}})
    answer(g, "mastermind_ability", "soldier:gw:0")
    answer(g, "choose_target", "nurse")
    assert len(warps(g)) == 1 and "soldier:gw:0" not in _mm_menu(g)
