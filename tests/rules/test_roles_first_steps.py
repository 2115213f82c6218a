"""Roles of First Steps (seed 002 role table; rules-notes section 7), one test per rule.

The base script is The First Script's cast (tests.helpers.FS_BASE): Girl Student = Key Person,
Office Worker = Killer, Doctor = Brain, Shrine Maiden = Serial Killer, Police Officer =
Conspiracy Theorist, Boy Student = Person.
"""

from __future__ import annotations

from typing import Any

from tests.helpers import FS_BASE, answer, died, gw_options, make_script, options, pending, place_cards, reasons, start

CULTIST_SCRIPT: dict[str, Any] = {
    **FS_BASE,
    "main_plot": "a_place_to_protect",
    "subplots": ["shadow_of_the_ripper"],
    "cast": {
        "girl_student": "key_person",
        "boy_student": "cultist",
        "shrine_maiden": "serial_killer",
        "police_officer": "conspiracy_theorist",
        "office_worker": "person",
        "doctor": "person",
    },
}

HIDEOUS_SCRIPT: dict[str, Any] = {
    **FS_BASE,
    "subplots": ["a_hideous_script"],
    "cast": {
        "girl_student": "key_person",
        "office_worker": "killer",
        "doctor": "brain",
        "police_officer": "conspiracy_theorist",
        "boy_student": "friend",
        "shrine_maiden": "curmudgeon",
        "pop_idol": "person",
    },
}


def bluff_cards(g) -> None:
    """Play a card phase that changes nothing: every card on a location where it has no effect."""
    place_cards(g, [("paranoia_plus_1", "hospital"), ("paranoia_plus_1", "shrine"), ("paranoia_minus_1", "city")],
                [("paranoia_plus_1", "hospital"), ("paranoia_plus_1", "shrine"), ("paranoia_plus_1", "school")])


# ---------------------------------------------------------------- Key Person
def test_key_person_death_is_an_immediate_loss_that_ends_the_loop():
    """Seed 002 role table (Key Person) and 6-3: the loop ends at once, the rest of the day is skipped."""
    s = make_script(incidents=[{"day": 2, "incident": "suicide", "culprit": "girl_student"}])
    g = start(s, {"day": 2, "phase": "incident", "characters": {"girl_student": {"paranoia": 3}}})
    assert died(g) == ["girl_student"]
    assert g.loop_results[0].lost and any("Key Person" in r for r in reasons(g, 0))
    # No day end of day 2, no days 3 and 4: loop 2 has begun.
    assert "day_end_ability" not in [h["kind"] for h in g.history]
    assert (g.loop, g.day) == (2, 1)


def test_key_person_death_in_the_last_loop_gives_the_mastermind_the_game():
    """Seed 002 section 2 and role table: First Steps has no Final Guess; the last lost loop ends the game."""
    s = make_script(loops=1, incidents=[{"day": 1, "incident": "suicide", "culprit": "girl_student"}])
    g = start(s, {"phase": "incident", "characters": {"girl_student": {"paranoia": 3}}})
    assert g.result is not None and g.result.winner == "mastermind"


# ---------------------------------------------------------------- Killer
def test_killer_may_kill_the_key_person_with_two_intrigue_in_his_location():
    """Seed 002 role table (Killer, optional, day end); rules-notes section 7."""
    g = start(situation={"phase": "day_end", "characters": {"girl_student": {"at": "city", "intrigue": 2}}})
    assert "office_worker:killer:0" in options(g)
    answer(g, "day_end_ability", "office_worker:killer:0")
    assert died(g) == ["girl_student"]
    assert g.loop_results[0].lost and g.loop == 2


def test_killer_kill_is_optional():
    """Seed 002 role table: the Killer's day-end abilities are optional; declining leaves the Key Person alive."""
    g = start(situation={"phase": "day_end", "characters": {"girl_student": {"at": "city", "intrigue": 2}}})
    answer(g, "day_end_ability", "done")
    assert g.chars["girl_student"].alive and (g.loop, g.day) == (1, 2)


def test_killer_cannot_kill_the_key_person_with_one_intrigue():
    """Seed 002 role table (Killer): the Key Person needs 2 or more Intrigue."""
    g = start(situation={"phase": "day_end", "characters": {"girl_student": {"at": "city", "intrigue": 1}}})
    assert options(g) == ["done"]


def test_killer_cannot_kill_the_key_person_in_another_location():
    """Seed 002 role table (Killer): the Key Person must be in the Killer's location."""
    g = start(situation={"phase": "day_end", "characters": {"girl_student": {"at": "school", "intrigue": 3}}})
    assert "office_worker:killer:0" not in options(g)


def test_killer_with_four_intrigue_may_kill_the_protagonists():
    """Seed 002 role table (Killer, optional, day end): 4+ Intrigue on the Killer, the Protagonists die."""
    g = start(situation={"phase": "day_end", "characters": {"office_worker": {"intrigue": 4}}})
    assert "office_worker:killer:1" in options(g) and "done" in options(g)
    answer(g, "day_end_ability", "office_worker:killer:1")
    assert any(e.type == "protagonists_die" for e in g.events)
    assert g.loop_results[0].lost and g.loop == 2


def test_killer_with_three_intrigue_cannot_kill_the_protagonists():
    """Seed 002 role table (Killer): fewer than 4 Intrigue, no Protagonist death."""
    g = start(situation={"phase": "day_end", "characters": {"office_worker": {"intrigue": 3}}})
    assert "office_worker:killer:1" not in options(g)


def test_killer_has_optional_goodwill_refusal():
    """Rules-notes section 7: Killer's Goodwill Refusal is optional (refuse or allow)."""
    g = start(situation={"phase": "goodwill_abilities", "characters": {"office_worker": {"goodwill": 3}}})
    answer(g, "goodwill_ability", "office_worker:gw:0")
    assert options(g) == ["refuse", "allow"]


# ---------------------------------------------------------------- Brain
def test_brain_places_intrigue_on_its_location():
    """Seed 002 role table (Brain, optional Mastermind ability): 1 Intrigue on this location."""
    g = start(situation={"phase": "mastermind_abilities"})
    answer(g, "mastermind_ability", "doctor:brain:0")
    assert set(options(g)) == {"hospital", "doctor"}
    answer(g, "choose_target", "hospital")
    assert g.locations["hospital"]["intrigue"] == 1
    assert "doctor:brain:0" not in options(g)  # once a day


def test_brain_places_intrigue_on_a_character_in_its_location():
    """Seed 002 role table (Brain): or on a character in this location."""
    g = start(situation={"phase": "mastermind_abilities", "characters": {"boy_student": {"at": "hospital"}}})
    answer(g, "mastermind_ability", "doctor:brain:0")
    assert "girl_student" not in options(g) and "school" not in options(g)
    answer(g, "choose_target", "boy_student")
    assert g.chars["boy_student"].counters["intrigue"] == 1


def test_brain_ability_is_optional():
    """Seed 002 phase 3: the Mastermind need not use an optional ability."""
    g = start(situation={"phase": "mastermind_abilities"})
    answer(g, "mastermind_ability", "done")
    assert all(v["intrigue"] == 0 for v in g.locations.values())
    assert all(c.counters["intrigue"] == 0 for c in g.chars.values())


def test_brain_has_optional_goodwill_refusal():
    """Rules-notes section 7: Brain's Goodwill Refusal is optional."""
    g = start(situation={"phase": "goodwill_abilities", "characters": {"doctor": {"goodwill": 3}}})
    answer(g, "goodwill_ability", "doctor:gw:1")
    assert options(g) == ["refuse", "allow"]


# ---------------------------------------------------------------- Cultist
def test_cultist_may_ignore_forbid_intrigue_on_its_location():
    """Seed 002 role table (Cultist, optional, card resolution)."""
    g = start(make_script(CULTIST_SCRIPT), {"phase": "resolution", "cards": [
        {"by": "mastermind", "card": "intrigue_plus_1", "target": "school"},
        {"by": "protagonist1", "card": "forbid_intrigue", "target": "school"}]})
    assert options(g) == ["ignore", "obey"]
    answer(g, "cultist_ignore", "ignore")
    assert g.locations["school"]["intrigue"] == 1


def test_cultist_may_ignore_forbid_intrigue_on_a_character_in_its_location():
    """Seed 002 role table (Cultist): also Forbid Intrigue on a character in this location."""
    g = start(make_script(CULTIST_SCRIPT), {"phase": "resolution", "cards": [
        {"by": "mastermind", "card": "intrigue_plus_1", "target": "girl_student"},
        {"by": "protagonist1", "card": "forbid_intrigue", "target": "girl_student"}]})
    answer(g, "cultist_ignore", "ignore")
    assert g.chars["girl_student"].counters["intrigue"] == 1


def test_cultist_elsewhere_cannot_ignore_forbid_intrigue():
    """Seed 002 role table (Cultist): only its own location; the question is still asked, with one answer."""
    g = start(make_script(CULTIST_SCRIPT), {"phase": "resolution", "characters": {"boy_student": {"at": "hospital"}},
                                            "cards": [{"by": "mastermind", "card": "intrigue_plus_1", "target": "school"},
                                                      {"by": "protagonist1", "card": "forbid_intrigue", "target": "school"}]})
    assert options(g) == ["obey"]
    answer(g, "cultist_ignore", "obey")
    assert g.locations["school"]["intrigue"] == 0


def test_cultist_has_mandatory_goodwill_refusal():
    """Rules-notes section 7 (Cultist: mandatory refusal); seed 004 phase 4: the Mastermind must refuse."""
    g = start(make_script(CULTIST_SCRIPT), {"phase": "goodwill_abilities", "characters": {
        "boy_student": {"goodwill": 2}, "girl_student": {"paranoia": 1}}})
    answer(g, "goodwill_ability", "boy_student:gw:0")
    assert options(g) == ["refuse"]
    answer(g, "goodwill_refusal", "refuse")
    assert g.chars["girl_student"].counters["paranoia"] == 1


# ---------------------------------------------------------------- Conspiracy Theorist
def test_conspiracy_theorist_places_paranoia_on_a_character_in_its_location():
    """Seed 002 role table (Conspiracy Theorist, optional Mastermind ability)."""
    g = start(situation={"phase": "mastermind_abilities"})
    answer(g, "mastermind_ability", "police_officer:conspiracy_theorist:0")
    assert set(options(g)) == {"office_worker", "police_officer"}  # itself included; nobody elsewhere
    answer(g, "choose_target", "office_worker")
    assert g.chars["office_worker"].counters["paranoia"] == 1


def test_conspiracy_theorist_has_no_goodwill_refusal():
    """Rules-notes section 7: the Conspiracy Theorist has no Goodwill Refusal (the Mastermind can only allow)."""
    g = start(situation={"phase": "goodwill_abilities", "characters": {"police_officer": {"goodwill": 5}}})
    answer(g, "goodwill_ability", "police_officer:gw:1")
    assert options(g) == ["allow"]


# ---------------------------------------------------------------- Serial Killer
def test_serial_killer_kills_the_only_other_character_in_its_location():
    """Seed 002 role table (Serial Killer, mandatory, day end)."""
    g = start(situation={"phase": "day_end", "characters": {"boy_student": {"at": "shrine"}}})
    assert died(g) == ["boy_student"]
    assert g.chars["shrine_maiden"].alive


def test_serial_killer_is_mandatory():
    """Seed 002 role table: the Serial Killer's kill is mandatory, it is never offered as a choice."""
    g = start(situation={"phase": "day_end", "characters": {"boy_student": {"at": "shrine"}}})
    assert not any(str(o).startswith("shrine_maiden:serial_killer") for o in options(g))
    assert not g.chars["boy_student"].alive


def test_serial_killer_does_not_count_corpses():
    """Seed 002 footnote 4: corpses are not characters, so the one living character still dies."""
    g = start(situation={"phase": "day_end", "characters": {"boy_student": {"at": "shrine"},
                                                            "doctor": {"at": "shrine", "dead": True}}})
    assert died(g) == ["boy_student"]


def test_serial_killer_kills_nobody_with_two_other_characters():
    """Seed 002 role table: exactly one other character; with two, nobody dies."""
    g = start(situation={"phase": "day_end", "characters": {"boy_student": {"at": "shrine"},
                                                            "police_officer": {"at": "shrine"}}})
    assert died(g) == []


def test_serial_killer_alone_with_a_corpse_kills_nobody():
    """Seed 002 footnote 4: a corpse is not a character the Serial Killer can strike."""
    g = start(situation={"phase": "day_end", "characters": {"doctor": {"at": "shrine", "dead": True}}})
    assert died(g) == [] and g.chars["shrine_maiden"].alive


def test_dead_serial_killer_does_not_strike():
    """Seed 002 section 3.4: a corpse cannot use abilities."""
    g = start(situation={"phase": "day_end", "characters": {"shrine_maiden": {"dead": True},
                                                            "boy_student": {"at": "shrine"}}})
    assert died(g) == []


# ---------------------------------------------------------------- Curmudgeon
def test_curmudgeon_may_refuse_goodwill_abilities():
    """Seed 002 role list (Curmudgeon, First Steps) and rules-notes section 7: optional Goodwill Refusal."""
    g = start(make_script(HIDEOUS_SCRIPT), {"phase": "goodwill_abilities", "locations": {"shrine": {"intrigue": 1}},
                                            "characters": {"shrine_maiden": {"goodwill": 3}}})
    answer(g, "goodwill_ability", "shrine_maiden:gw:0")
    assert options(g) == ["refuse", "allow"]
    answer(g, "goodwill_refusal", "refuse")
    assert g.locations["shrine"]["intrigue"] == 1
    assert any(e.type == "goodwill_refused" for e in g.events)


def test_curmudgeon_may_also_allow_a_goodwill_ability():
    """Rules-notes section 7: optional refusal means the Mastermind may let it happen (a bluff)."""
    g = start(make_script(HIDEOUS_SCRIPT), {"phase": "goodwill_abilities", "locations": {"shrine": {"intrigue": 1}},
                                            "characters": {"shrine_maiden": {"goodwill": 3}}})
    answer(g, "goodwill_ability", "shrine_maiden:gw:0")
    answer(g, "goodwill_refusal", "allow")
    assert g.locations["shrine"]["intrigue"] == 0


# ---------------------------------------------------------------- Friend
def test_friend_dead_at_loop_end_reveals_its_role_and_loses_the_loop():
    """Seed 002 role table (Friend, loss condition at loop end) and footnote 9: checked at loop end, not at death."""
    g = start(make_script(HIDEOUS_SCRIPT), {"phase": "loop_end", "characters": {"boy_student": {"dead": True}}})
    assert g.revealed_roles.get("boy_student") == "friend"
    assert g.loop_results[0].lost and any("Friend" in r for r in reasons(g, 0))


def test_friend_death_does_not_end_the_loop_at_once():
    """Seed 002 footnote 9: the Friend's death is only checked at loop end; the day goes on."""
    s = make_script(HIDEOUS_SCRIPT, incidents=[{"day": 1, "incident": "suicide", "culprit": "boy_student"}])
    g = start(s, {"phase": "incident", "characters": {"boy_student": {"paranoia": 2}}})
    assert died(g) == ["boy_student"]
    assert pending(g).kind == "day_end_ability" and g.loop == 1 and not g.loop_results


def test_living_friend_at_loop_end_is_no_loss():
    """Seed 002 role table (Friend): alive at loop end, nothing happens; with no other loss the Protagonists win."""
    g = start(make_script(HIDEOUS_SCRIPT), {"phase": "loop_end"})
    assert "boy_student" not in g.revealed_roles
    assert g.result is not None and g.result.winner == "protagonists"


def test_friend_with_revealed_role_gets_one_goodwill_at_loop_start():
    """Seed 002 role table (Friend, mandatory, loop start)."""
    g = start(make_script(HIDEOUS_SCRIPT), {"loop": 2, "phase": "loop_start", "revealed_roles": {"boy_student": "friend"}})
    assert g.chars["boy_student"].counters["goodwill"] == 1


def test_friend_with_hidden_role_gets_no_goodwill_at_loop_start():
    """Seed 002 role table (Friend): only once its role has been revealed."""
    g = start(make_script(HIDEOUS_SCRIPT), {"loop": 2, "phase": "loop_start"})
    assert g.chars["boy_student"].counters["goodwill"] == 0


def test_friend_revealed_at_loop_end_gets_goodwill_next_loop():
    """Seed 002 role table (Friend): the reveal at loop end feeds the next loop-start Goodwill."""
    g = start(make_script(HIDEOUS_SCRIPT), {"phase": "loop_end", "characters": {"boy_student": {"dead": True}}})
    assert g.loop == 2 and g.chars["boy_student"].alive
    assert g.chars["boy_student"].counters["goodwill"] == 1


# ---------------------------------------------------------------- Person
def test_person_has_no_goodwill_refusal():
    """Rules-notes section 7: a Person has no Goodwill Refusal; the Mastermind is asked but can only allow."""
    g = start(situation={"phase": "goodwill_abilities", "characters": {"boy_student": {"goodwill": 2},
                                                                       "girl_student": {"paranoia": 1}}})
    answer(g, "goodwill_ability", "boy_student:gw:0")
    assert options(g) == ["allow"]
    answer(g, "goodwill_refusal", "allow")
    assert g.chars["girl_student"].counters["paranoia"] == 0


# ---------------------------------------------------------------- Goodwill Refusal and use limits
def test_refused_once_per_loop_ability_can_be_tried_again_the_next_day():
    """Seed 000 (Rei, 1x-per-loop change): a refused once-per-loop ability is not used up; seed 002 phase 3."""
    g = start(make_script(HIDEOUS_SCRIPT), {"phase": "goodwill_abilities", "characters": {"shrine_maiden": {"goodwill": 5}}})
    answer(g, "goodwill_ability", "shrine_maiden:gw:1")
    answer(g, "goodwill_refusal", "refuse")
    assert gw_options(g) == ["shrine_maiden:gw:0"]  # gw:1 was declared today
    if pending(g).kind == "goodwill_ability":
        answer(g, "goodwill_ability", "done")
    answer(g, "day_end_ability", "done")
    bluff_cards(g)
    answer(g, "mastermind_ability", "done")
    assert g.day == 2 and "shrine_maiden:gw:1" in gw_options(g)


def test_allowed_once_per_loop_ability_is_not_offered_again_in_the_loop():
    """Rules-notes section 9 ([1/L]) and seed 002 phase 3: used once, gone for the loop."""
    g = start(make_script(HIDEOUS_SCRIPT), {"phase": "goodwill_abilities", "characters": {"shrine_maiden": {"goodwill": 5}}})
    answer(g, "goodwill_ability", "shrine_maiden:gw:1")
    answer(g, "goodwill_refusal", "allow")
    assert g.revealed_roles["shrine_maiden"] == "curmudgeon"
    if pending(g).kind == "goodwill_ability":
        answer(g, "goodwill_ability", "done")
    answer(g, "day_end_ability", "done")
    bluff_cards(g)
    answer(g, "mastermind_ability", "done")
    assert g.day == 2 and gw_options(g) == ["shrine_maiden:gw:0"]


def test_declared_ability_cannot_be_used_twice_the_same_day():
    """Seed 002 phase 3 note: the same ability of the same character once per day, refused or not."""
    g = start(make_script(HIDEOUS_SCRIPT), {"phase": "goodwill_abilities", "locations": {"shrine": {"intrigue": 2}},
                                            "characters": {"shrine_maiden": {"goodwill": 5}}})
    answer(g, "goodwill_ability", "shrine_maiden:gw:0")
    answer(g, "goodwill_refusal", "allow")
    assert g.locations["shrine"]["intrigue"] == 1
    assert gw_options(g) == ["shrine_maiden:gw:1"]


def test_two_different_abilities_of_one_character_may_both_be_used_the_same_day():
    """Seed 002 footnote 3: e.g. the Doctor's first and second abilities can each be used once a day."""
    s = make_script(cast={**FS_BASE["cast"], "doctor": "person", "boy_student": "brain"})
    g = start(s, {"phase": "goodwill_abilities", "characters": {"doctor": {"goodwill": 3}, "boy_student": {"at": "hospital"}}})
    answer(g, "goodwill_ability", "doctor:gw:1")
    answer(g, "goodwill_refusal", "allow")
    assert "doctor:gw:0" in gw_options(g)
    answer(g, "goodwill_ability", "doctor:gw:0")
    answer(g, "goodwill_refusal", "allow")
    answer(g, "choose_effect", 0)
    assert g.chars["boy_student"].counters["paranoia"] == 1
