"""Midnight Zone main plots and their plot rules (seed 001, "Main Plots")."""

from __future__ import annotations

import pytest

from scriptkeeper.tragedy_looper.query import effective_role
from tests.helpers import answer, pending, start, use

from tests.helpers import render

from .mz import HEART, SEALED, WITCHES, died, finish_day, last_loop_lost, last_reasons, mz, mz_data, problems

# Secret Record with Showtime of Death (a Magician) and Unsafe Trigger (a Factor), nine characters.
SECRET_CAST = {"girl_student": "key_person", "office_worker": "brain", "informer": "conspiracy_theorist",
               "pop_idol": "magician", "godly_being": "immortal", "rich_mans_daughter": "factor",
               "boy_student": "person", "nurse": "person", "police_officer": "person"}
SECRET = ("secret_record", ["showtime_of_death", "unsafe_trigger"])

# Fated Connections with Showtime of Death and Unsafe Trigger.
FATED_CAST = {"boy_student": "friend", "office_worker": "serial_killer", "informer": "conspiracy_theorist",
              "pop_idol": "magician", "godly_being": "immortal", "rich_mans_daughter": "factor",
              "girl_student": "person", "doctor": "person", "nurse": "person"}
FATED = ("fated_connections", ["showtime_of_death", "unsafe_trigger"])


# ---------------------------------------------------------------- The Sealed Item
@pytest.mark.parametrize("intrigue,lost", [(2, True), (1, False)])
def test_the_sealed_item_loses_at_loop_end_with_two_intrigue_on_the_shrine(intrigue, lost):
    """Seed 001, The Sealed Item: [loop end] 2 or more Intrigue on the Shrine -> the Protagonists lose."""
    s = mz("the_sealed_item", ["witches_tea_time", "unanswered_heart"], {**SEALED, **WITCHES, **HEART})
    g = start(s, {"phase": "loop_end", "locations": {"shrine": {"intrigue": intrigue}}})
    assert last_loop_lost(g) is lost
    if lost:
        assert any(r.startswith("The Sealed Item") for r in last_reasons(g))
    else:
        assert g.result.winner == "protagonists"


# ---------------------------------------------------------------- Secret Record
@pytest.mark.parametrize("role", ["brain", "magician", "factor"])
def test_secret_record_loses_when_the_brain_factor_or_magician_is_revealed_this_loop(role):
    """Seed 001, Secret Record: [loop end] the Brain, Factor or Magician was revealed this loop -> loss."""
    others = [r for r in ("brain", "magician", "factor") if r != role]
    cast = {**SECRET_CAST, "office_worker": role, "pop_idol": others[0], "rich_mans_daughter": others[1]}
    g = start(mz(*SECRET, cast), {"day": 4, "phase": "goodwill_abilities", "characters": {"office_worker": {"goodwill": 3}}})
    answer(g, "goodwill_ability", "office_worker:gw:0")  # Office Worker GW3: reveal this character's role
    answer(g, "goodwill_refusal", "allow")
    answer(g, "reveal_role", role)
    assert g.revealed_roles["office_worker"] == role
    finish_day(g)
    assert last_loop_lost(g)
    assert any(r.startswith("Secret Record") for r in last_reasons(g))


def test_secret_record_ignores_a_person_revealed_this_loop():
    """Seed 001, Secret Record: only the Brain, the Factor and the Magician count."""
    cast = {**SECRET_CAST, "office_worker": "person", "police_officer": "brain"}
    g = start(mz(*SECRET, cast), {"day": 4, "phase": "goodwill_abilities", "characters": {"office_worker": {"goodwill": 3}}})
    answer(g, "goodwill_ability", "office_worker:gw:0")
    answer(g, "goodwill_refusal", "allow")
    answer(g, "reveal_role", "person")
    finish_day(g)
    assert g.result.winner == "protagonists"


def test_secret_record_ignores_a_brain_revealed_in_an_earlier_loop():
    """Seed 001, Secret Record: "revealed during this loop" - a reveal from an earlier loop does not count."""
    g = start(mz(*SECRET, SECRET_CAST), {"loop": 2, "phase": "loop_end", "revealed_roles": {"office_worker": "brain"}})
    assert g.result.winner == "protagonists"


def test_secret_record_looks_at_the_script_role_not_the_announced_one():
    """Ruling secret-record-script-role: a Ninja (the Mystery Boy, whose role lies outside the plots)
    announced as the Brain is no Brain for Secret Record."""
    cast = {**SECRET_CAST, "mystery_boy": "ninja"}
    g = start(mz(*SECRET, cast), {"loop": 2, "day": 4, "phase": "goodwill_abilities",
                                  "characters": {"mystery_boy": {"goodwill": 3}}})
    answer(g, "goodwill_ability", "mystery_boy:gw:0")  # Goodwill Refusal cannot stop it
    answer(g, "reveal_role", "brain")
    assert g.revealed_roles["mystery_boy"] == "brain"
    finish_day(g)
    assert g.result.winner == "protagonists"


# ---------------------------------------------------------------- The Devil's Hand
def test_the_devils_hand_adds_key_person_cultist_and_ninja_and_has_no_loss_rule():
    """Seed 001, The Devil's Hand: roles Key Person, Cultist, Ninja; plot rule: none."""
    cast = {"girl_student": "key_person", "shrine_maiden": "cultist", "doctor": "ninja", **WITCHES, **HEART}
    g = start(mz("the_devils_hand", ["witches_tea_time", "unanswered_heart"], cast),
              {"phase": "loop_end", "locations": {l: {"intrigue": 3} for l in ("shrine", "school", "city", "hospital")},
               "characters": {"doctor": {"intrigue": 3}}})
    assert g.result.winner == "protagonists"
    missing_ninja = {**cast, "doctor": "person"}
    assert "plot-roles" in problems(mz_data("the_devils_hand", ["witches_tea_time", "unanswered_heart"], missing_ninja))


# ---------------------------------------------------------------- Male Confrontation
MALE_CAST = {"police_officer": "ninja", **WITCHES, **HEART}
MALE = ("male_confrontation", ["witches_tea_time", "unanswered_heart"])


def test_male_confrontation_loses_when_the_ninjas_corpse_has_two_intrigue():
    """Seed 001, Male Confrontation: [loop end] the Ninja (or its corpse) has 2+ Intrigue -> loss."""
    g = start(mz(*MALE, MALE_CAST), {"phase": "loop_end", "characters": {"police_officer": {"dead": True, "intrigue": 2}}})
    assert last_loop_lost(g)
    assert any(r.startswith("Male Confrontation") for r in last_reasons(g))


def test_male_confrontation_holds_with_one_intrigue_on_the_ninja():
    g = start(mz(*MALE, MALE_CAST), {"phase": "loop_end", "characters": {"police_officer": {"intrigue": 1}}})
    assert g.result.winner == "protagonists"


@pytest.mark.parametrize("ninja,ok", [("police_officer", True), ("doctor", True), ("boy_student", False),
                                      ("patient", False), ("girl_student", False), ("informer", False)])
def test_male_confrontation_ninja_must_be_a_man_not_a_boy(ninja, ok):
    """Seed 001, Male Confrontation: the Ninja must be a man (not a boy)."""
    cast = {**{k: v for k, v in MALE_CAST.items() if k != "police_officer"}, ninja: "ninja"}
    found = problems(mz_data(*MALE, cast))
    assert ("ninja-must-be-a-man" not in found) is ok, found


# ---------------------------------------------------------------- Fated Connections
def test_fated_connections_puts_an_extra_card_on_a_character_that_died_last_loop():
    """Seed 001, Fated Connections: [loop start] the Mastermind chooses a character that died in the
    previous loop and puts an Extra card on it; a character with an Extra card is a Key Person."""
    g = start(mz(*FATED, FATED_CAST), {"loop": 2, "phase": "loop_start", "previous_loop": {"dead": ["girl_student", "doctor"]}})
    d = pending(g)
    assert (d.seat, d.kind, list(d.options)) == ("mastermind", "choose_target", ["girl_student", "doctor"])
    answer(g, "choose_target", "doctor")
    assert g.board.extra_cards == {"doctor"}
    assert effective_role(g, "doctor") == "key_person"
    assert effective_role(g, "girl_student") == "person"
    assert pending(g).kind == "place_card"  # the day goes on


def test_fated_connections_seed001_counts_a_character_that_died_last_loop_and_was_revived():
    """Seed 001, Fated Connections: "a character that died during the previous loop". The Girl Student
    died in loop 1 and the Alien brought her back (seed 002, Alien Goodwill 5); she is still offered."""
    dead = ["nurse", "doctor", "informer", "pop_idol", "rich_mans_daughter"]  # 6 alive: Showtime of Death loses loop 1
    g = start(mz(*FATED, {**FATED_CAST, "alien": "person"}), {"day": 4, "phase": "goodwill_abilities", "characters": {
        "alien": {"goodwill": 5}, "girl_student": {"at": "shrine", "dead": True}, **{c: {"dead": True} for c in dead}},
        "loop_flags": {"died_this_loop": ["girl_student", *dead]}})
    use(g, "alien:gw:1")  # the only corpse at the Shrine: no question
    assert g.chars["girl_student"].alive
    answer(g, "goodwill_ability", "done")
    answer(g, "day_end_ability", "done")
    answer(g, "next_loop_or_final_guess", "next_loop")
    d = pending(g)
    assert (d.kind, d.seat) == ("choose_target", "mastermind") and "girl_student" in d.options
    answer(g, "choose_target", "girl_student")
    assert effective_role(g, "girl_student") == "key_person"


def test_fated_connections_places_nothing_when_nobody_died_last_loop():
    g = start(mz(*FATED, FATED_CAST))
    assert g.board.extra_cards == set() and pending(g).kind == "place_card"
    assert not any(e.type == "no_target" for e in g.events)  # nothing hints at a loop-start rule


def test_fated_connections_key_person_with_an_extra_card_loses_the_loop_when_it_dies():
    """Seed 001, Fated Connections + Key Person: its death is an immediate loss."""
    s = mz(*FATED, FATED_CAST, incidents=[{"day": 1, "incident": "suicide", "culprit": "doctor"}])
    g = start(s, {"loop": 2, "phase": "incident", "characters": {"doctor": {"extra_card": True, "paranoia": 2}}})
    assert died(g) == ["doctor"]
    assert last_loop_lost(g) and any("Key Person" in r for r in last_reasons(g))
    assert pending(g).kind == "next_loop_or_final_guess"


def test_fated_connections_extra_card_changes_any_role_and_replaces_the_friends_loop_start_goodwill():
    """Seed 001, Extra cards: removed at loop start with the counters, then placed again by the plot
    rule; the dead Friend of the last loop comes back as a Key Person (its Friend abilities are gone)."""
    g = start(mz(*FATED, FATED_CAST), {"phase": "loop_end", "characters": {
        "boy_student": {"dead": True}, "girl_student": {"extra_card": True}}})
    assert last_loop_lost(g)  # the dead Friend
    assert g.revealed_roles["boy_student"] == "friend"
    answer(g, "next_loop_or_final_guess", "next_loop")
    # Only one candidate (the Boy Student died last loop): no question, the card goes on him.
    assert g.loop == 2 and g.board.extra_cards == {"boy_student"}
    assert effective_role(g, "boy_student") == "key_person"
    assert g.chars["boy_student"].counters["goodwill"] == 0  # no Friend loop-start Goodwill as a Key Person


def test_fated_connections_and_dice_of_the_gods_do_not_stack():
    """Seed 001: the two loop-start Extra-card rules do not stack: one card is placed, not two."""
    cast = {**FATED_CAST, "pop_idol": "serial_killer", "godly_being": "obstinate"}
    s = mz("fated_connections", ["dice_of_the_gods", "unsafe_trigger"], cast,
           incidents=[{"day": 2, "incident": "suicide", "culprit": "godly_being"}])
    g = start(s, {"loop": 2, "phase": "loop_start", "previous_loop": {"dead": ["girl_student", "doctor"]}})
    answer(g, "choose_target", "girl_student")
    assert pending(g).kind == "place_card"
    assert g.board.extra_cards == {"girl_student"}
    assert render(g, g.this_loop.extra_card_sources["girl_student"]) == "Fated Connections"  # the main plot's rule, the first one (ruling fated-dice-no-stack)


@pytest.mark.parametrize("doctor_guess,winner", [("person", "protagonists"), ("key_person", "mastermind")])
def test_fated_connections_final_guess_names_the_script_role_of_an_extra_card_holder(doctor_guess, winner):
    """Ruling fated-any-role: the Extra card makes the Doctor a Key Person during play, but the Final
    Guess must name the role the script gives him."""
    g = start(mz(*FATED, FATED_CAST, loops=1), {"phase": "loop_end", "characters": {
        "doctor": {"extra_card": True}, "boy_student": {"dead": True}}})
    assert effective_role(g, "doctor") == "key_person"
    for ch, role in FATED_CAST.items():
        answer(g, "final_guess", doctor_guess if ch == "doctor" else role)
    assert g.result.winner == winner
