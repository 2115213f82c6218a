"""The further characters (issue 15): the base box's Teacher, Transfer Student, Soldier, Black Cat,
Forensic Specialist and A.I. (rules-notes sections 9, 9b, 10; seed 000's FAQ; characters.yaml).
Each ability at its level and one below, each trait, and the script-creation rules they bring."""

from __future__ import annotations

from typing import Any

import pytest

from scriptkeeper.core.errors import ScriptError
from scriptkeeper.tragedy_looper.script import check_script
from tests.helpers import FS_BASE, answer, died, event_types, gw_options, make_script, options, start, use


def script(cast_changes: dict[str, Any] | None = None, **changes: Any):
    return make_script(cast={**FS_BASE["cast"], **(cast_changes or {})}, **changes)


def problems(cast_changes: dict[str, Any], **changes: Any) -> list[str]:
    _, found = check_script({**FS_BASE, "cast": {**FS_BASE["cast"], **cast_changes}, **changes})
    return [p.rule for p in found]


# ---------------------------------------------------------------- Teacher
def test_teacher_places_or_removes_paranoia_on_a_student_here():
    """rules-notes section 9 (Teacher, Goodwill 3): +1 or -1 Paranoia on a Student in her location."""
    g = start(script({"teacher": "person"}), {"phase": "goodwill_abilities",
                                              "characters": {"teacher": {"goodwill": 3}, "boy_student": {"paranoia": 1}}})
    use(g, "teacher:gw:0")
    assert set(options(g)) == {"boy_student", "girl_student"}  # Students here; not the Teacher (an Adult)
    answer(g, "choose_target", "boy_student")
    answer(g, "choose_effect", 1)  # remove
    assert g.chars["boy_student"].counters["paranoia"] == 0


def test_teacher_needs_three_goodwill():
    g = start(script({"teacher": "person"}), {"phase": "goodwill_abilities", "characters": {"teacher": {"goodwill": 2}}})
    assert gw_options(g) == []


def test_teacher_reveals_the_role_of_a_student_here_once_per_loop():
    """rules-notes section 9 (Teacher, Goodwill 4, once per loop)."""
    g = start(script({"teacher": "person"}), {"phase": "goodwill_abilities", "characters": {"teacher": {"goodwill": 4}}})
    use(g, "teacher:gw:1")
    answer(g, "choose_target", "girl_student")
    assert g.revealed_roles == {"girl_student": "key_person"}
    assert "teacher:gw:1" not in gw_options(g)


def test_teacher_reveal_needs_four_goodwill():
    g = start(script({"teacher": "person"}), {"phase": "goodwill_abilities", "characters": {"teacher": {"goodwill": 3}}})
    assert gw_options(g) == ["teacher:gw:0"]


# ---------------------------------------------------------------- Transfer Student
def test_transfer_student_enters_on_the_day_the_script_gives_in_every_loop():
    """rules-notes section 9b (Transfer Student): off the board until the day-start phase of her day,
    then at the School with no counters; again in the next loop. Ruling transfer-student-day."""
    g = start(script({"transfer_student": {"role": "person", "enters_day": 2}}, loops=2, days=2))
    assert g.chars["transfer_student"].location is None
    while not (g.day == 2):
        answer(g, g.pending.kind, g.pending.options[0])
    assert g.chars["transfer_student"].location == "school"
    assert [e.data["character"] for e in g.events if e.type == "enters"] == ["transfer_student"]


def test_transfer_student_is_off_the_board_again_at_the_next_loop_start():
    from scriptkeeper.tragedy_looper.engine import reset_loop

    g = start(script({"transfer_student": {"role": "person", "enters_day": 2}}, loops=2, days=2), {"day": 2})
    assert g.chars["transfer_student"].location == "school"
    reset_loop(g, 2)  # what every loop start does
    assert g.chars["transfer_student"].location is None


def test_transfer_student_script_must_give_her_day():
    """Script creation: enters_day is required and is a day of the loop (check names 'enters-day')."""
    assert "enters-day" in problems({"transfer_student": "person"})
    assert "enters-day" in problems({"transfer_student": {"role": "person", "enters_day": 9}})
    assert problems({"transfer_student": {"role": "person", "enters_day": 3}}) == []
    assert "cast-format" in problems({"boy_student": {"role": "person", "enters_day": 3}})


def test_transfer_student_turns_intrigue_into_goodwill():
    """rules-notes section 9b (Transfer Student, Goodwill 2): 1 Intrigue on another character here becomes 1 Goodwill."""
    s = script({"transfer_student": {"role": "person", "enters_day": 1}})
    g = start(s, {"phase": "goodwill_abilities", "characters": {"transfer_student": {"at": "school", "goodwill": 2},
                                                                 "boy_student": {"intrigue": 2}}})
    use(g, "transfer_student:gw:0")
    answer(g, "choose_target", "boy_student")
    assert (g.chars["boy_student"].counters["intrigue"], g.chars["boy_student"].counters["goodwill"]) == (1, 1)


def test_transfer_student_on_a_character_without_intrigue_changes_nothing():
    """Ruling transfer-student-no-intrigue: legal, nothing happens (rules-notes section 10)."""
    s = script({"transfer_student": {"role": "person", "enters_day": 1}})
    g = start(s, {"phase": "goodwill_abilities", "characters": {"transfer_student": {"at": "school", "goodwill": 2}}})
    use(g, "transfer_student:gw:0")
    answer(g, "choose_target", "boy_student")
    assert g.chars["boy_student"].counters["goodwill"] == 0


def test_transfer_student_needs_two_goodwill():
    s = script({"transfer_student": {"role": "person", "enters_day": 1}})
    g = start(s, {"phase": "goodwill_abilities", "characters": {"transfer_student": {"at": "school", "goodwill": 1},
                                                                 "boy_student": {"intrigue": 1}}})
    assert gw_options(g) == []


# ---------------------------------------------------------------- Soldier
BT_SOLDIER: dict[str, Any] = {
    "set": "basic_tragedy", "loops": 3, "days": 4, "main_plot": "murder_plan", "subplots": ["a_love_affair", "an_unsettling_rumor"],
    "cast": {"girl_student": "key_person", "office_worker": "killer", "doctor": "brain", "boy_student": "lover",
             "class_rep": "loved_one", "police_officer": "conspiracy_theorist", "soldier": "person"},
    "incidents": [{"day": 1, "incident": "hospital_incident", "culprit": "doctor"}],
}


def test_soldier_places_two_paranoia_on_a_character_here_himself_included():
    """rules-notes sections 9 and 10 (Soldier, Goodwill 2, once per loop; himself allowed: ruling soldier-self)."""
    g = start(script({"soldier": "person"}), {"phase": "goodwill_abilities", "characters": {"soldier": {"goodwill": 2}}})
    use(g, "soldier:gw:0")
    assert set(options(g)) == {"soldier", "doctor"}
    answer(g, "choose_target", "doctor")
    assert g.chars["doctor"].counters["paranoia"] == 2
    assert "soldier:gw:0" not in gw_options(g)


def test_soldier_needs_two_goodwill():
    g = start(script({"soldier": "person"}), {"phase": "goodwill_abilities", "characters": {"soldier": {"goodwill": 1}}})
    assert gw_options(g) == []


def test_soldier_goodwill_five_stops_the_protagonists_dying_for_the_loop():
    """rules-notes section 9b (Soldier, Goodwill 5): the Hospital Incident would kill the Protagonists;
    nothing happens, and the Protagonists are not told why (ruling soldier-shield)."""
    g = start(make_script(BT_SOLDIER), {"phase": "goodwill_abilities",
                                        "characters": {"soldier": {"goodwill": 5}, "doctor": {"paranoia": 2},
                                                       "office_worker": {"at": "hospital"}},
                                        "locations": {"hospital": {"intrigue": 2}}})
    use(g, "soldier:gw:1")
    assert "protagonists_shielded" in event_types(g)
    answer(g, "goodwill_ability", "done")  # the Hospital Incident: everyone in the Hospital dies, the Soldier too
    assert "soldier" in died(g) and "protagonists_die" not in event_types(g) and not g.this_loop.lost
    assert next(e for e in g.events if e.type == "protagonists_spared").visible_to != "public"


def test_without_the_soldier_the_hospital_incident_kills_the_protagonists():
    g = start(make_script(BT_SOLDIER), {"phase": "goodwill_abilities",
                                        "characters": {"soldier": {"goodwill": 4}, "doctor": {"paranoia": 2},
                                                       "office_worker": {"at": "hospital"}},
                                        "locations": {"hospital": {"intrigue": 2}}})
    assert "soldier:gw:1" not in gw_options(g)
    answer(g, "goodwill_ability", "done")
    assert "protagonists_die" in event_types(g)


def test_soldier_shield_does_not_stop_the_key_person_loss():
    """rules-notes section 9b: the shield stops only effects that kill the Protagonists."""
    g = start(make_script(BT_SOLDIER, incidents=[{"day": 1, "incident": "murder", "culprit": "class_rep"}]),
              {"phase": "goodwill_abilities", "characters": {"soldier": {"goodwill": 5}, "class_rep": {"paranoia": 2}}})
    use(g, "soldier:gw:1")
    answer(g, "goodwill_ability", "done")
    answer(g, "choose_target", "girl_student")
    assert "girl_student" in died(g) and g.this_loop.lost


# ---------------------------------------------------------------- Black Cat
def test_black_cat_puts_one_intrigue_on_the_shrine_at_every_loop_start():
    """rules-notes section 9b (Black Cat): after the board is reset, 1 Intrigue on the Shrine."""
    g = start(script({"black_cat": "person"}), {"phase": "loop_start"})
    assert g.locations["shrine"]["intrigue"] == 1


def test_without_the_black_cat_the_shrine_starts_empty():
    g = start(script(), {"phase": "loop_start"})
    assert g.locations["shrine"]["intrigue"] == 0


def test_black_cat_incident_occurs_with_no_paranoia_and_does_nothing():
    """rules-notes section 9b (Black Cat): limit 0, so its incident occurs and is counted, but its effect is nothing."""
    s = script({"black_cat": "person"}, incidents=[{"day": 1, "incident": "murder", "culprit": "black_cat"}])
    g = start(s, {"phase": "incident", "characters": {"boy_student": {"at": "shrine"}}})
    assert "incident" in event_types(g) and g.this_loop.occurred == [0]
    assert died(g) == [] and g.pending.kind != "choose_target"


def test_a_dead_black_cats_incident_does_not_occur():
    s = script({"black_cat": "person"}, incidents=[{"day": 1, "incident": "murder", "culprit": "black_cat"}])
    g = start(s, {"phase": "incident", "characters": {"black_cat": {"dead": True}}})
    assert "incident_none" in event_types(g)


# ---------------------------------------------------------------- Forensic Specialist
def test_forensic_specialist_moves_a_counter_between_two_others_here():
    """rules-notes section 9b (Forensic Specialist, Goodwill 2, once per loop); docs/rules-data.md worked example."""
    g = start(script({"forensic_specialist": "person"}), {"phase": "goodwill_abilities", "characters": {
        "forensic_specialist": {"goodwill": 2}, "police_officer": {"intrigue": 1}, "office_worker": {"guard": 1}}})
    use(g, "forensic_specialist:gw:0")
    assert ["police_officer", "intrigue", "office_worker"] in options(g)
    assert ["office_worker", "guard", "police_officer"] in options(g)  # a Guard counter is a counter too
    answer(g, "choose_effect", ["police_officer", "intrigue", "office_worker"])
    assert g.chars["office_worker"].counters["intrigue"] == 1 and g.chars["police_officer"].counters["intrigue"] == 0
    assert "forensic_specialist:gw:0" not in gw_options(g)


def test_forensic_specialist_move_needs_two_goodwill():
    g = start(script({"forensic_specialist": "person"}), {"phase": "goodwill_abilities", "characters": {
        "forensic_specialist": {"goodwill": 1}, "police_officer": {"intrigue": 1}}})
    assert gw_options(g) == []


def test_forensic_specialist_move_with_no_counter_here_is_used_and_moves_nothing():
    """rules-notes section 9b (kitaro, cha2maru); ruling forensic-move: two others here, no counter on them."""
    g = start(script({"forensic_specialist": "person"}), {"phase": "goodwill_abilities", "characters": {"forensic_specialist": {"goodwill": 2}}})
    use(g, "forensic_specialist:gw:0")
    assert "no_target" in event_types(g) and "forensic_specialist:gw:0" not in gw_options(g)


def test_forensic_specialist_move_needs_two_other_living_characters_here():
    g = start(script({"forensic_specialist": "person"}), {"phase": "goodwill_abilities", "characters": {
        "forensic_specialist": {"goodwill": 2}, "office_worker": {"dead": True, "intrigue": 1}}})
    assert "forensic_specialist:gw:0" not in gw_options(g)


def test_forensic_specialist_reveals_the_role_of_any_corpse():
    """rules-notes section 9b (Forensic Specialist, Goodwill 5): a corpse anywhere on the board."""
    g = start(script({"forensic_specialist": "person"}), {"phase": "goodwill_abilities", "characters": {
        "forensic_specialist": {"goodwill": 5}, "doctor": {"dead": True}}})
    use(g, "forensic_specialist:gw:1")
    assert g.revealed_roles == {"doctor": "brain"}


def test_forensic_specialist_reveal_needs_five_goodwill():
    g = start(script({"forensic_specialist": "person"}), {"phase": "goodwill_abilities", "characters": {
        "forensic_specialist": {"goodwill": 4}, "doctor": {"dead": True}}})
    assert gw_options(g) == ["forensic_specialist:gw:0"]


# ---------------------------------------------------------------- A.I.
def test_ai_is_never_a_person():
    """rules-notes section 9b (A.I.): the script checker names 'never-person'."""
    assert "never-person" in problems({"ai": "person"})
    with pytest.raises(ScriptError, match="never-person"):
        script({"ai": "person"})


AI_FS: dict[str, Any] = {**FS_BASE, "cast": {**FS_BASE["cast"], "police_officer": "person", "ai": "conspiracy_theorist"}}


def test_ai_incident_counts_every_counter_each_once():
    """Seed 000 FAQ A5 and rules-notes section 9b: all its counters count toward its limit 4 (2 Paranoia
    + 1 Goodwill + 1 Intrigue = 4: the incident occurs)."""
    s = make_script(AI_FS, incidents=[{"day": 1, "incident": "increasing_unease", "culprit": "ai"}])
    g = start(s, {"phase": "incident", "characters": {"ai": {"paranoia": 2, "goodwill": 1, "intrigue": 1}}})
    assert "incident" in event_types(g)


def test_ai_incident_with_three_counters_does_not_occur():
    s = make_script(AI_FS, incidents=[{"day": 1, "incident": "increasing_unease", "culprit": "ai"}])
    g = start(s, {"phase": "incident", "characters": {"ai": {"paranoia": 2, "goodwill": 1}}})
    assert "incident_none" in event_types(g)


def test_ai_resolves_a_public_incident_with_itself_as_culprit_the_leader_choosing():
    """rules-notes section 9b (A.I., Goodwill 3, once per loop): the Leader names a scheduled incident;
    its effect happens with the A.I. as culprit; the incident does not count as occurring."""
    s = make_script(AI_FS, incidents=[{"day": 3, "incident": "murder", "culprit": "office_worker"}])
    g = start(s, {"phase": "goodwill_abilities", "characters": {"ai": {"goodwill": 3}}})
    use(g, "ai:gw:0")
    assert g.pending.kind == "choose_target" and g.pending.seat == "protagonist1"  # only one incident: no question
    answer(g, "choose_target", "police_officer")  # a victim in the A.I.'s location, chosen by the Leader
    assert died(g) == ["police_officer"]
    assert g.this_loop.occurred == [] and "incident_effect" in event_types(g)
    assert "ai:gw:0" not in gw_options(g)


def test_ai_needs_three_goodwill():
    s = make_script(AI_FS, incidents=[{"day": 3, "incident": "murder", "culprit": "office_worker"}])
    g = start(s, {"phase": "goodwill_abilities", "characters": {"ai": {"goodwill": 2}}})
    assert gw_options(g) == []


def test_ai_never_leaves_the_city():
    """rules-notes section 9 (A.I.): Hospital, Shrine and School are forbidden."""
    from scriptkeeper.tragedy_looper.query import forbidden_locations

    g = start(make_script(AI_FS))
    assert set(forbidden_locations(g, "ai")) == {"hospital", "shrine", "school"}


def test_the_script_loads_with_every_new_base_character():
    s = script({"teacher": "person", "transfer_student": {"role": "person", "enters_day": 2}, "soldier": "person",
                "black_cat": "person", "forensic_specialist": "person"})
    assert s.enters_day == {"transfer_student": 2} and s.to_dict()["cast"]["transfer_student"] == {"role": "person", "enters_day": 2}


# ---------------------------------------------------------------- Scientist and the Extra Gauge
def with_extra_gauge(s):
    """The same script played by a rule book whose set has an Extra Gauge (as Another Horizon's will)."""
    from scriptkeeper.tragedy_looper.rules import Gauge

    rb = s.rules
    gauged = rb.model_copy(update={"set": rb.set.model_copy(update={"gauges": {"extra": Gauge(id="extra", name="Extra Gauge")}})})
    object.__setattr__(s, "rules", gauged)
    return s


def test_scientist_gets_the_counter_the_mastermind_chooses_at_loop_start():
    """rules-notes section 9b (Scientist): after the reset, the Mastermind puts 1 Paranoia, Goodwill or Intrigue on him."""
    g = start(script({"scientist": "person"}), {"phase": "loop_start"})
    assert g.pending.kind == "choose_counter" and g.pending.seat == "mastermind"
    answer(g, "choose_counter", "intrigue")
    assert g.chars["scientist"].counters["intrigue"] == 1


def test_scientist_removes_every_counter_on_himself():
    """rules-notes section 9b (Scientist, Goodwill 3, not once per loop): Guard counters too."""
    g = start(script({"scientist": "person"}), {"phase": "goodwill_abilities", "characters": {
        "scientist": {"goodwill": 3, "paranoia": 1, "guard": 1}}})
    use(g, "scientist:gw:0")
    assert sum(g.chars["scientist"].counters.values()) == 0
    assert "gauge" not in event_types(g)  # no Extra Gauge in First Steps: that part does nothing


def test_scientist_needs_three_goodwill():
    g = start(script({"scientist": "person"}), {"phase": "goodwill_abilities", "characters": {"scientist": {"goodwill": 2}}})
    assert gw_options(g) == []


def test_scientist_moves_the_extra_gauge_the_way_the_leader_chooses():
    """rules-notes section 9b (Scientist): in a set with the Extra Gauge the Leader moves it 1 up or down;
    seed 000 (Another Horizon): the gauge is 0 at every loop start. Ruling scientist-gauge."""
    from scriptkeeper.tragedy_looper.engine import reset_loop
    from scriptkeeper.tragedy_looper.views import build_view

    g = start(with_extra_gauge(script({"scientist": "person"})), {"phase": "goodwill_abilities", "characters": {"scientist": {"goodwill": 3}}})
    assert g.board.gauges == {"extra": 0}
    use(g, "scientist:gw:0")
    answer(g, "choose_effect", 1)
    assert g.board.gauges == {"extra": 1} and build_view(g, "protagonist1")["gauges"] == {"extra": 1}
    reset_loop(g, 2)
    assert g.board.gauges == {"extra": 0}


def test_the_extra_gauge_never_goes_below_zero():
    g = start(with_extra_gauge(script({"scientist": "person"})), {"phase": "goodwill_abilities", "characters": {"scientist": {"goodwill": 3}}})
    use(g, "scientist:gw:0")
    answer(g, "choose_effect", -1)
    assert g.board.gauges == {"extra": 0}
    assert next(e for e in g.events if e.type == "gauge").data["delta"] == 0


def test_a_board_replayed_from_gauge_events_shows_the_gauge():
    from scriptkeeper.tragedy_looper.board import Board
    from scriptkeeper.tragedy_looper.events import replay

    g = start(with_extra_gauge(script({"scientist": "person"})), {"phase": "goodwill_abilities", "characters": {"scientist": {"goodwill": 3}}})
    use(g, "scientist:gw:0")
    answer(g, "choose_effect", 1)
    b = Board.empty(g.rules, g.script.cast)
    for e in g.events:
        replay(g.rules, b, e.type, e.data)
    assert b.gauges == {"extra": 1}


# ---------------------------------------------------------------- Young Girl
def test_young_girl_has_no_forbidden_locations_for_the_rest_of_the_loop():
    """rules-notes section 9b (Young Girl, Goodwill 1, not once per loop): lapses at the loop reset."""
    from scriptkeeper.tragedy_looper.engine import reset_loop
    from scriptkeeper.tragedy_looper.query import forbidden_locations

    g = start(script({"young_girl": "person"}), {"phase": "goodwill_abilities", "characters": {"young_girl": {"goodwill": 1}}})
    assert set(forbidden_locations(g, "young_girl")) == {"hospital", "shrine", "city"}
    use(g, "young_girl:gw:0")
    assert forbidden_locations(g, "young_girl") == () and "young_girl:gw:0" not in gw_options(g)
    reset_loop(g, 2)
    assert set(forbidden_locations(g, "young_girl")) == {"hospital", "shrine", "city"}


def test_young_girl_needs_one_goodwill():
    g = start(script({"young_girl": "person"}), {"phase": "goodwill_abilities"})
    assert "young_girl:gw:0" not in gw_options(g)


def test_young_girl_moves_to_an_adjacent_location_once_freed():
    """rules-notes section 9b (Young Girl, Goodwill 3, once per loop); ruling young-girl-move: next to
    hers, never diagonally, and only where she may go."""
    g = start(script({"young_girl": "person"}), {"phase": "goodwill_abilities", "characters": {"young_girl": {"goodwill": 3}}})
    use(g, "young_girl:gw:0")
    use(g, "young_girl:gw:1")
    assert set(options(g)) == {"city", "shrine"}  # from the School: not the Hospital (diagonal)
    answer(g, "choose_location", "shrine")
    assert g.chars["young_girl"].location == "shrine" and "young_girl:gw:1" not in gw_options(g)


def test_young_girl_cannot_move_into_her_forbidden_locations_without_her_first_ability():
    g = start(script({"young_girl": "person"}), {"phase": "goodwill_abilities", "characters": {"young_girl": {"goodwill": 3}}})
    use(g, "young_girl:gw:1")
    assert g.chars["young_girl"].location == "school" and "move_blocked" in event_types(g)


def test_young_girl_move_needs_three_goodwill():
    g = start(script({"young_girl": "person"}), {"phase": "goodwill_abilities", "characters": {"young_girl": {"goodwill": 2}}})
    assert gw_options(g) == ["young_girl:gw:0"]


# ---------------------------------------------------------------- Sect Founder
def test_sect_founders_incident_has_its_effect_twice():
    """rules-notes section 9b (Sect Founder): each pass with its own choice; the incident is recorded once."""
    s = script({"sect_founder": "person"}, incidents=[{"day": 1, "incident": "murder", "culprit": "sect_founder"}])
    g = start(s, {"phase": "incident", "characters": {"sect_founder": {"paranoia": 3, "at": "city"}}})
    answer(g, "choose_target", "police_officer")  # the second pass has one victim left: no question
    assert died(g) == ["police_officer", "office_worker"] and g.this_loop.occurred == [0]


def test_sect_founders_incident_that_does_not_occur_does_nothing():
    s = script({"sect_founder": "person"}, incidents=[{"day": 1, "incident": "murder", "culprit": "sect_founder"}])
    g = start(s, {"phase": "incident", "characters": {"sect_founder": {"paranoia": 2, "at": "city"}}})
    assert "incident_none" in event_types(g) and died(g) == []


def test_sect_founder_places_goodwill_on_anyone_at_their_paranoia_limit():
    """rules-notes section 9b (Sect Founder, Goodwill 3, not once per loop): another character, anywhere."""
    g = start(script({"sect_founder": "person"}), {"phase": "goodwill_abilities", "characters": {
        "sect_founder": {"goodwill": 3}, "office_worker": {"paranoia": 2}, "doctor": {"paranoia": 1}}})
    use(g, "sect_founder:gw:0")
    assert g.chars["office_worker"].counters["goodwill"] == 1  # the only one at its limit: no question


def test_sect_founder_goodwill_needs_three():
    g = start(script({"sect_founder": "person"}), {"phase": "goodwill_abilities", "characters": {
        "sect_founder": {"goodwill": 2}, "office_worker": {"paranoia": 2}}})
    assert gw_options(g) == []


def test_sect_founder_counts_a_limit_zero_character_as_at_its_limit():
    """Ruling sect-founder-limit-zero: the Black Cat (limit 0) is always at its limit."""
    g = start(script({"sect_founder": "person", "black_cat": "person"}), {"phase": "goodwill_abilities", "characters": {
        "sect_founder": {"goodwill": 4}}})
    use(g, "sect_founder:gw:1")
    assert g.revealed_roles == {"black_cat": "person"}


def test_sect_founder_reveal_needs_four_goodwill():
    g = start(script({"sect_founder": "person", "black_cat": "person"}), {"phase": "goodwill_abilities", "characters": {
        "sect_founder": {"goodwill": 3}}})
    use(g, "sect_founder:gw:0")
    assert "sect_founder:gw:1" not in gw_options(g)


# ---------------------------------------------------------------- Copycat
def test_copycat_takes_the_role_of_another_character_outside_the_plots_roles():
    """rules-notes section 9b (Copycat): no plot role slot, role maximums ignored, never Person;
    seed 000 FAQ A28 (he copies a role another character holds). The checker names 'copycat-role'."""
    assert problems({"copycat": "key_person"}) == []  # a second Key Person, beside the Girl Student
    assert problems({"copycat": "conspiracy_theorist"}) == []  # the Conspiracy Theorist's maximum (1) is ignored
    assert "copycat-role" in problems({"copycat": "person"})
    assert "copycat-role" in problems({"copycat": "cultist"})  # nobody else holds it


def test_copycat_plays_his_role_a_copycat_key_person_loses_the_loop_when_he_dies():
    """rules-notes section 9b (Copycat): he plays the copied role fully."""
    s = script({"copycat": "key_person"}, incidents=[{"day": 1, "incident": "murder", "culprit": "office_worker"}])
    g = start(s, {"phase": "incident", "characters": {"office_worker": {"paranoia": 2}, "police_officer": {"at": "hospital"},
                                                      "copycat": {"at": "city"}}})
    assert died(g) == ["copycat"] and g.loop_results[0].lost


def test_copycat_names_every_other_living_character_with_his_role():
    """rules-notes section 9b (Copycat, Goodwill 3, from loop 2, cannot be refused, not once per loop);
    seed 000 (Another Horizon FAQ A3): the characters who share his current role, not the role; ruling copycat."""
    g = start(script({"copycat": "key_person"}), {"loop": 2, "phase": "goodwill_abilities", "characters": {"copycat": {"goodwill": 3}}})
    use(g, "copycat:gw:0", refusal=None)
    e = next(e for e in g.events if e.type == "role_sharers")
    assert e.data == {"character": "copycat", "characters": ["girl_student"]} and g.revealed_roles == {}


def test_copycat_leaves_corpses_out():
    g = start(script({"copycat": "key_person"}), {"loop": 2, "phase": "goodwill_abilities",
                                                 "characters": {"copycat": {"goodwill": 3}, "girl_student": {"dead": True}}})
    use(g, "copycat:gw:0", refusal=None)
    assert next(e for e in g.events if e.type == "role_sharers").data["characters"] == []


def test_copycat_ability_not_in_the_first_loop_and_needs_three_goodwill():
    g = start(script({"copycat": "key_person"}), {"phase": "goodwill_abilities", "characters": {"copycat": {"goodwill": 3}}})
    assert gw_options(g) == []
    g = start(script({"copycat": "key_person"}), {"loop": 2, "phase": "goodwill_abilities", "characters": {"copycat": {"goodwill": 2}}})
    assert gw_options(g) == []


# ---------------------------------------------------------------- Little Sister
def test_little_sister_never_holds_a_role_with_goodwill_refusal():
    """rules-notes sections 9b and 10 (Little Sister); ruling little-sister: optional and mandatory
    refusal alike. The checker names 'no-refusal-role'."""
    bt = {**BT_SOLDIER, "cast": {**BT_SOLDIER["cast"], "soldier": None}}
    _, found = check_script({**bt, "cast": {**{k: v for k, v in bt["cast"].items() if k != "doctor"}, "doctor": "person",
                                            "little_sister": "brain"}})
    assert "no-refusal-role" in [p.rule for p in found]
    assert problems({"little_sister": "person"}) == []


def test_little_sister_lets_an_adult_here_use_an_ability_without_the_goodwill():
    """rules-notes section 9b (Little Sister, Goodwill 5, cannot be refused, not once per loop): the
    Adult's ability happens as if it had enough Goodwill, unrefusable; a once-per-loop one is spent."""
    g = start(script({"little_sister": "person"}), {"phase": "goodwill_abilities", "characters": {
        "little_sister": {"goodwill": 5, "at": "city"}}})
    use(g, "little_sister:gw:0", refusal=None)
    assert "police_officer:gw:1" in options(g)  # the Police Officer's Guard counter, with no Goodwill on him
    answer(g, "choose_ability", "police_officer:gw:1")
    answer(g, "choose_target", "little_sister")
    assert g.chars["little_sister"].counters["guard"] == 1
    assert "goodwill_refused" not in event_types(g)
    from scriptkeeper.tragedy_looper.refs import AbilityRef
    assert AbilityRef.goodwill("police_officer", 1) in g.this_loop.used


def test_little_sister_cannot_pick_a_spent_once_per_loop_ability_or_a_non_adult():
    g = start(script({"little_sister": "person", "pop_idol": "person"}), {
        "phase": "goodwill_abilities", "abilities_used_this_loop": ["police_officer.2"],
        "characters": {"little_sister": {"goodwill": 5, "at": "city"}, "pop_idol": {"paranoia": 1}}})
    use(g, "little_sister:gw:0", refusal=None)
    # Left: only the Office Worker's (the Police Officer's Guard is spent, his other needs an incident
    # that occurred, the Pop Idol is no Adult): no question.
    assert g.revealed_roles == {"office_worker": "killer"}


def test_little_sister_needs_five_goodwill():
    g = start(script({"little_sister": "person"}), {"phase": "goodwill_abilities", "characters": {
        "little_sister": {"goodwill": 4, "at": "city"}}})
    assert gw_options(g) == []


# ---------------------------------------------------------------- Illusion
def illusion_game(cards: list[dict[str, str]], **characters: Any):
    return start(script({"illusion": "person"}), {"phase": "resolution", "cards": cards, "characters": characters})


def test_no_card_may_be_put_on_the_illusion():
    """rules-notes section 9b (Illusion): no action card may be placed on her, by either side."""
    from scriptkeeper.tragedy_looper.cards import legal_targets

    g = start(script({"illusion": "person"}))
    assert "illusion" not in legal_targets(g, "mastermind") and "illusion" not in legal_targets(g, "protagonist1")


def test_a_card_on_the_illusions_location_acts_on_her_and_on_the_location():
    """rules-notes section 9b (Illusion): every card on her location resolves on her too; the others there are untouched."""
    g = illusion_game([{"by": "mastermind", "card": "intrigue_plus_1", "target": "shrine"},
                       {"by": "protagonist1", "card": "goodwill_plus_1", "target": "shrine"}])
    assert g.locations["shrine"]["intrigue"] == 1
    assert (g.chars["illusion"].counters["intrigue"], g.chars["illusion"].counters["goodwill"]) == (1, 1)
    assert g.chars["shrine_maiden"].counters["intrigue"] == 0
    assert "intrigue_plus_1" in g.hands.held["mastermind"] and g.hands.held["protagonist1"].count("goodwill_plus_1") == 1


def test_a_card_elsewhere_does_not_act_on_the_illusion():
    g = illusion_game([{"by": "mastermind", "card": "intrigue_plus_1", "target": "city"}])
    assert g.chars["illusion"].counters["intrigue"] == 0


def test_a_movement_card_on_her_location_moves_the_illusion():
    g = illusion_game([{"by": "protagonist1", "card": "movement_vertical", "target": "shrine"}])
    assert g.chars["illusion"].location == "school" and g.chars["shrine_maiden"].location == "shrine"


def test_a_forbid_on_her_location_forbids_on_her_and_copies_do_not_void_forbid_intrigue():
    """rules-notes section 9b (single source: qazesc2h): her copy of Forbid Intrigue does not make two."""
    g = illusion_game([{"by": "mastermind", "card": "intrigue_plus_1", "target": "shrine"},
                       {"by": "protagonist1", "card": "forbid_intrigue", "target": "shrine"}])
    answer(g, "cultist_ignore", "obey")  # asked once, for the card on the Shrine (asked whether or not a Cultist is there)
    assert g.locations["shrine"]["intrigue"] == 0 and g.chars["illusion"].counters["intrigue"] == 0


def test_illusion_moves_a_character_here_to_another_location():
    """rules-notes sections 9b and 10 (Illusion, Goodwill 3, once per loop): herself allowed; ruling
    illusion-move: another location the character may enter."""
    g = start(script({"illusion": "person"}), {"phase": "goodwill_abilities", "characters": {"illusion": {"goodwill": 3}}})
    use(g, "illusion:gw:0")
    assert set(options(g)) == {"illusion", "shrine_maiden"}
    answer(g, "choose_target", "shrine_maiden")
    assert set(options(g)) == {"hospital", "school"}  # not the City: forbidden to the Shrine Maiden
    answer(g, "choose_location", "hospital")
    assert g.chars["shrine_maiden"].location == "hospital" and "illusion:gw:0" not in gw_options(g)


def test_illusion_move_needs_three_goodwill():
    g = start(script({"illusion": "person"}), {"phase": "goodwill_abilities", "characters": {"illusion": {"goodwill": 2}}})
    assert gw_options(g) == []


def test_illusion_leaves_the_board_for_the_loop_and_is_back_the_next():
    """rules-notes sections 9b and 10 (Illusion, Goodwill 4, not once per loop): neither a character nor
    a corpse; back at her start next loop; her incidents cannot occur. Ruling illusion-leaves."""
    from scriptkeeper.tragedy_looper.engine import reset_loop

    s = script({"illusion": "person"}, incidents=[{"day": 1, "incident": "murder", "culprit": "illusion"}])
    g = start(s, {"phase": "goodwill_abilities", "characters": {"illusion": {"goodwill": 4, "paranoia": 3}}})
    use(g, "illusion:gw:1")
    assert g.chars["illusion"].location is None and g.chars["illusion"].alive and died(g) == []
    assert "incident_none" in event_types(g)
    reset_loop(g, 2)
    assert g.chars["illusion"].location == "shrine"


def test_illusion_leaving_needs_four_goodwill():
    g = start(script({"illusion": "person"}), {"phase": "goodwill_abilities", "characters": {"illusion": {"goodwill": 3}}})
    assert gw_options(g) == ["illusion:gw:0"]


# ---------------------------------------------------------------- Sacred Tree
def test_sacred_tree_lets_the_leader_move_a_counter_from_it_with_no_goodwill_and_no_refusal():
    """rules-notes section 9b (Sacred Tree): once a day in the Goodwill phase, no Goodwill needed, not refusable."""
    g = start(script({"sacred_tree": "person"}), {"phase": "goodwill_abilities", "characters": {"sacred_tree": {"paranoia": 1}}})
    assert gw_options(g) == ["sacred_tree:gw:0"]
    use(g, "sacred_tree:gw:0", refusal=None)
    assert g.chars["shrine_maiden"].counters["paranoia"] == 1 and g.chars["sacred_tree"].counters["paranoia"] == 0


def test_sacred_tree_with_no_counter_offers_nothing():
    g = start(script({"sacred_tree": "person"}), {"phase": "goodwill_abilities"})
    assert gw_options(g) == []


def test_sacred_tree_with_a_refusal_role_makes_the_mastermind_move_a_counter():
    """rules-notes section 9b: if its role has Goodwill Refusal the Mastermind must make such a move in
    the Mastermind abilities phase."""
    s = make_script({**FS_BASE, "cast": {**FS_BASE["cast"], "doctor": "person", "sacred_tree": "brain"}})
    g = start(s, {"phase": "mastermind_abilities", "characters": {"sacred_tree": {"intrigue": 1}}})
    assert g.chars["shrine_maiden"].counters["intrigue"] == 1  # the only move: no question


def test_sacred_tree_without_a_refusal_role_makes_the_mastermind_move_nothing():
    g = start(script({"sacred_tree": "person"}), {"phase": "mastermind_abilities", "characters": {"sacred_tree": {"intrigue": 1}}})
    assert g.chars["sacred_tree"].counters["intrigue"] == 1


def test_the_illusion_keeps_her_counters_while_away():
    """Seed 000 FAQ A18: counters are not removed when a character leaves the board (only at the next loop setup)."""
    g = start(script({"illusion": "person"}), {"phase": "goodwill_abilities", "characters": {"illusion": {"goodwill": 4, "intrigue": 1}}})
    use(g, "illusion:gw:1")
    assert g.chars["illusion"].counters["intrigue"] == 1 and ("left_board", "illusion") in g.board.statuses
