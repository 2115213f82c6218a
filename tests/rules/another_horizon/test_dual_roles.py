"""Another Horizon's Dual Roles (seed 000, "Dual Roles"; AH FAQ Q1-Q5): the effective role follows the
world; they ignore role maxima and assignment restrictions; the Final Guess names both halves."""

from __future__ import annotations

from scriptkeeper.tragedy_looper.query import effective_role, guess_is_right, refusal
from tests.helpers import answer, died, event_types, start

from .ah import MIRRORS, MIRRORS_CAST, MIRRORS_INCIDENTS, ah, ah_data, mirrors, problems, rule_script


def test_a_dual_role_is_its_light_half_in_the_light_world_and_its_dark_half_in_the_dark():
    """Seed 000: "L: Obstinate / D: Key Person" is an Obstinate in the Light World, a Key Person in the Dark."""
    for gauge, role in ((0, "obstinate"), (1, "key_person"), (2, "obstinate")):
        g = start(mirrors(), {"day": 1, "phase": "mastermind_abilities", "gauges": {"extra": gauge}})
        assert effective_role(g, "girl_student") == role


def test_a_dual_key_person_dying_in_the_dark_world_ends_the_loop():
    g = start(mirrors(), {"day": 3, "phase": "incident", "gauges": {"extra": 1},
                          "characters": {"class_rep": {"paranoia": 2, "at": "city"}, "girl_student": {"at": "city"}}})
    assert "key_person_died" not in event_types(g)  # the Crime of Passion's culprit is the Girl Student herself
    g = start(rule_script({"girl_student": "l_obstinate_d_key_person", "boy_student": "person", "nurse": "person"},
                          [{"day": 2, "incident": "crime_of_passion", "culprit": "boy_student"}]),
              {"day": 2, "phase": "incident", "gauges": {"extra": 1}, "characters": {"boy_student": {"goodwill": 1}}})
    assert died(g) == ["girl_student"] and g.loop_results and g.loop_results[0].lost


def test_in_the_light_world_the_same_character_is_an_obstinate_whose_incidents_always_occur():
    g = start(mirrors(), {"day": 3, "phase": "incident"})
    assert "incident" in event_types(g)  # Crime of Passion, the Obstinate Girl Student with no counters


def test_the_goodwill_refusal_follows_the_world_too():
    g = start(mirrors(), {"day": 1, "phase": "mastermind_abilities"})
    assert refusal(g, "girl_student") == "mandatory" and refusal(g, "little_sister") == "none"
    g = start(mirrors(), {"day": 1, "phase": "mastermind_abilities", "gauges": {"extra": 1}})
    assert refusal(g, "girl_student") == "none" and refusal(g, "little_sister") == "optional"


def test_ah_faq_q1_the_ai_may_be_a_person_serial_killer_and_the_little_sister_a_key_person_brain():
    """AH FAQ A1: yes, Dual Roles ignore all role assignment restrictions (the A.I. is never a Person,
    the Little Sister holds no role with Goodwill Refusal), role maxima included."""
    data = ah_data("fairy_tale_murderer", ["jekyll_and_hyde", "puppeteers_strings"],
                   {"girl_student": "key_person", "police_officer": "lullaby", "doctor": "brain", "little_sister": "l_key_person_d_brain",
                    "pop_idol": "marionette", "office_worker": "fragment", "journalist": "gossip", "ai": "l_person_d_serial_killer"})
    assert problems(data) == []


def test_dual_roles_ignore_role_maxima_two_conspiracy_theorists():
    """Seed 000, Dual Roles: the L: Conspiracy Theorist half does not count towards the Conspiracy Theorist's maximum of 1."""
    data = ah_data("into_nothingness", ["through_the_looking_glass", "crossing_world_lines"],
                   {"nurse": "obstinate", "alien": "marionette", "doctor": "brain", "boy_student": "l_conspiracy_theorist_d_serial_killer",
                    "shrine_maiden": "alice", "office_worker": "conspiracy_theorist"},
                   [{"day": 2, "incident": "dimensional_distortion", "culprit": "nurse"}])
    assert problems(data) == []


def test_ah_faq_q2_the_mystery_boy_may_hold_no_dual_role_nor_either_half_of_one():
    """AH FAQ A2: the Mystery Boy must hold a single role that exists in neither world."""
    base = dict(MIRRORS_CAST)
    for role in ("l_obstinate_d_key_person", "obstinate", "key_person"):
        data = ah_data(*MIRRORS, {**base, "mystery_boy": role}, MIRRORS_INCIDENTS)
        assert "mystery-boy-role" in problems(data), role
    assert "mystery-boy-role" not in problems(ah_data(*MIRRORS, {**base, "mystery_boy": "gossip"}, MIRRORS_INCIDENTS))


def test_ah_faq_q3_the_copycat_may_copy_a_dual_role():
    """AH FAQ A3: yes; his Goodwill ability names every character who shares his current role."""
    data = ah_data(*MIRRORS, {**MIRRORS_CAST, "copycat": "l_key_person_d_brain"}, MIRRORS_INCIDENTS)
    assert problems(data) == []
    g = start(mirrors(), {"day": 1, "phase": "mastermind_abilities"})
    g2 = start(ah(*MIRRORS, {**MIRRORS_CAST, "copycat": "l_key_person_d_brain"}, MIRRORS_INCIDENTS),
               {"loop": 2, "day": 1, "phase": "goodwill_abilities", "gauges": {"extra": 1}, "characters": {"copycat": {"paranoia": 3}}})  # Dark: Paranoia decides
    assert effective_role(g2, "copycat") == "brain" and effective_role(g2, "little_sister") == "brain"
    answer(g2, "goodwill_ability", "copycat:gw:0")  # cannot be refused
    shared = [e.data for e in g2.events if e.type == "role_sharers"]
    assert shared == [{"character": "copycat", "characters": ["little_sister"]}]  # who shares his current role, Brain
    assert effective_role(g, "little_sister") == "key_person"  # in the Light World he would be a Key Person like her


def test_ah_faq_q4_dual_roles_cannot_be_mixed_and_matched():
    """AH FAQ A4: Jekyll and Hyde with The Plaguebringer gives "L: Key Person / D: Brain" and "L: Pied
    Piper / D: Gossip", never "L: Key Person / D: Gossip"."""
    from scriptkeeper.tragedy_looper.rules import load_rulebook

    roles = load_rulebook("another_horizon").roles
    assert "l_key_person_d_gossip" not in roles and "l_pied_piper_d_brain" not in roles
    data = ah_data("fairy_tale_murderer", ["jekyll_and_hyde", "the_plaguebringer"],
                   {"girl_student": "key_person", "police_officer": "lullaby", "doctor": "brain", "little_sister": "l_key_person_d_brain",
                    "pop_idol": "marionette", "journalist": "l_pied_piper_d_gossip"})
    assert problems(data) == []
    assert "role-not-in-set" in problems({**data, "cast": {**data["cast"], "journalist": "l_key_person_d_gossip"}})


def test_ah_faq_q5_a_revealed_dual_role_is_announced_whole():
    """AH FAQ Q5 (no answer in the seed; docs/rulings.md ah-faq-q5): the dead "L: Key Person / D: Brain"
    Office Worker's role, revealed in the Light World, is announced as the whole Dual Role."""
    cast = {"office_worker": "l_key_person_d_brain", "forensic_specialist": "person", "nurse": "person"}
    g = start(rule_script(cast), {"day": 2, "phase": "goodwill_abilities",
                                  "characters": {"office_worker": {"dead": True}, "forensic_specialist": {"goodwill": 5}}})
    answer(g, "goodwill_ability", "forensic_specialist:gw:1")
    answer(g, "goodwill_refusal", "allow")
    assert g.revealed_roles["office_worker"] == "l_key_person_d_brain"


def test_the_final_guess_must_name_both_halves():
    """Seed 000, Dual Roles: both parts must be correctly identified: naming one half is wrong."""
    g = start(mirrors(), {"day": 1, "phase": "mastermind_abilities"})
    assert guess_is_right(g, "girl_student", "l_obstinate_d_key_person")
    assert not guess_is_right(g, "girl_student", "obstinate") and not guess_is_right(g, "girl_student", "key_person")
    g = start(mirrors(loops=1), {"phase": "final_guess"})
    assert "l_obstinate_d_key_person" in g.pending.options

