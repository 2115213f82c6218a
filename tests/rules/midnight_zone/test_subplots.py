"""Midnight Zone subplots and their plot rules (seed 001, "Subplots")."""

from __future__ import annotations

import pytest

from scriptkeeper.tragedy_looper.query import effective_role
from tests.helpers import answer, pending, place_cards, start

from .mz import SEALED, SHOWTIME, WITCHES, finish_day, last_loop_lost, last_reasons, mz, mz_data, options, problems


# ---------------------------------------------------------------- Love-Hate Spiral
def test_love_hate_spiral_adds_a_friend_and_an_obstinate():
    """Seed 001, Love-Hate Spiral: roles Friend and Obstinate; plot rule: none."""
    cast = {**SEALED, **WITCHES, "boy_student": "obstinate", "office_worker": "friend"}
    inc = [{"day": 2, "incident": "suicide", "culprit": "boy_student"}]
    assert problems(mz_data("the_sealed_item", ["love_hate_spiral", "witches_tea_time"], cast, inc)) == []
    no_obstinate = {**cast, "boy_student": "person"}
    assert "plot-roles" in problems(mz_data("the_sealed_item", ["love_hate_spiral", "witches_tea_time"], no_obstinate, inc))


# ---------------------------------------------------------------- Showtime of Death
SHOWTIME_SCRIPT = ("the_sealed_item", ["showtime_of_death", "witches_tea_time"], {**SEALED, **SHOWTIME, **WITCHES})


@pytest.mark.parametrize("dead,lost", [(["nurse", "alien"], True), (["nurse"], False)])
def test_showtime_of_death_loses_with_six_or_fewer_characters_alive(dead, lost):
    """Seed 001, Showtime of Death: [loop end] 6 or fewer characters alive -> the Protagonists lose.
    Eight characters: two dead leave six (loss), one dead leaves seven."""
    g = start(mz(*SHOWTIME_SCRIPT), {"phase": "loop_end", "characters": {ch: {"dead": True} for ch in dead}})
    assert last_loop_lost(g) is lost
    if lost:
        assert any(r.startswith("Showtime of Death") for r in last_reasons(g))


def test_showtime_of_death_counts_only_characters_on_the_board():
    """Ruling showtime-living: the Godly Being, due in loop 2, is not alive on the board in loop 1;
    with the Nurse dead, six characters are left."""
    main, subs, cast = SHOWTIME_SCRIPT
    g = start(mz(main, subs, {**cast, "godly_being": {"role": "immortal", "enters_loop": 2}}),
              {"phase": "loop_end", "characters": {"nurse": {"dead": True}}})
    assert last_loop_lost(g) and any(r.startswith("Showtime of Death") for r in last_reasons(g))


# ---------------------------------------------------------------- Witches Tea Time
def test_witches_tea_time_needs_two_witches():
    """Seed 001, Witches Tea Time: roles Friend, Conspiracy Theorist and 2 Witches."""
    data = mz_data(*SHOWTIME_SCRIPT)
    assert problems(data) == []
    one_witch = {**data["cast"], "alien": "person"}
    assert "plot-roles" in problems({**data, "cast": one_witch})


# ---------------------------------------------------------------- Dice of the Gods
DICE_CAST = {**SEALED, **WITCHES, "office_worker": "serial_killer", "boy_student": "obstinate",
             "girl_student": "person", "police_officer": "person"}
DICE = ("the_sealed_item", ["dice_of_the_gods", "witches_tea_time"])
DICE_INC = [{"day": 3, "incident": "suicide", "culprit": "boy_student"}]


def test_dice_of_the_gods_puts_an_extra_card_on_a_character_that_died_last_loop():
    """Seed 001, Dice of the Gods: [loop start] an Extra card on a character that died in the previous
    loop. Without Fated Connections the card changes no role."""
    g = start(mz(*DICE, DICE_CAST, DICE_INC), {"loop": 2, "phase": "loop_start",
                                               "previous_loop": {"dead": ["girl_student", "police_officer"]}})
    assert options(g) == ["girl_student", "police_officer"]
    answer(g, "choose_target", "police_officer")
    assert g.board.extra_cards == {"police_officer"}
    assert effective_role(g, "police_officer") == "person"


def test_dice_of_the_gods_seed001_counts_a_character_revived_during_the_previous_loop():
    """Seed 001, Dice of the Gods: a character that died during the previous loop, though alive at its
    end (revived), may get the Extra card."""
    g = start(mz(*DICE, DICE_CAST, DICE_INC), {"phase": "loop_end", "locations": {"shrine": {"intrigue": 2}},
                                               "loop_flags": {"died_this_loop": ["girl_student"]}})
    assert g.chars["girl_student"].alive
    answer(g, "next_loop_or_final_guess", "next_loop")
    assert g.board.extra_cards == {"girl_student"}  # the only one: no question


def test_dice_of_the_gods_extra_card_is_removed_at_the_next_loop_start():
    """Seed 001, Removing and Placing Extra Cards: all Extra cards leave with the counters at loop start."""
    g = start(mz(*DICE, DICE_CAST, DICE_INC), {"phase": "loop_end", "locations": {"shrine": {"intrigue": 2}},
                                               "characters": {"police_officer": {"extra_card": True}}})
    assert last_loop_lost(g)
    answer(g, "next_loop_or_final_guess", "next_loop")
    assert g.loop == 2 and g.board.extra_cards == set()  # nobody died in loop 1: no new card


# ---------------------------------------------------------------- Unanswered Heart
@pytest.mark.parametrize("subplots,moved", [(["unanswered_heart", "witches_tea_time"], False),
                                            (["showtime_of_death", "witches_tea_time"], True)])
def test_unanswered_heart_forbid_goodwill_also_forbids_movement(subplots, moved):
    """Seed 001, Unanswered Heart: "Forbid Goodwill" also has the effect of "Forbid Movement"."""
    cast = {**SEALED, **WITCHES, "pop_idol": "magician", "godly_being": "immortal" if "showtime_of_death" in subplots else "person",
            "boy_student": "person"}
    g = start(mz("the_sealed_item", subplots, cast), {"phase": "resolution", "cards": [
        {"by": "mastermind", "card": "forbid_goodwill", "target": "boy_student"},
        {"by": "protagonist1", "card": "movement_vertical", "target": "boy_student"}]})
    assert g.chars["boy_student"].location == ("shrine" if moved else "school")


# ---------------------------------------------------------------- Worshippers of the Apocalypse
WORSHIP_CAST = {**SEALED, **WITCHES, "police_officer": "prophet", "girl_student": "person"}
WORSHIP = ("the_sealed_item", ["worshippers_of_the_apocalypse", "witches_tea_time"])


def test_worshippers_of_the_apocalypse_needs_a_suicide_incident():
    """Seed 001, Worshippers of the Apocalypse: [script creation] at least one Suicide incident."""
    murder = [{"day": 2, "incident": "serial_murder", "culprit": "girl_student"}]
    assert "worshippers-need-a-suicide" in problems(mz_data(*WORSHIP, WORSHIP_CAST, murder))
    suicide = [{"day": 2, "incident": "suicide", "culprit": "girl_student"}]
    assert problems(mz_data(*WORSHIP, WORSHIP_CAST, suicide)) == []


@pytest.mark.parametrize("plots,culprit,paranoia,prophet_dead,occurs", [
    (WORSHIP, "girl_student", 2, False, True),     # Person, limit 3 counts as 2 while the Prophet lives
    (WORSHIP, "girl_student", 2, True, False),     # dead Prophet: the printed limit again
    (WORSHIP, "class_rep", 1, False, False),       # the Friend is not a Person: limit 2 stays
    (("the_sealed_item", ["showtime_of_death", "witches_tea_time"]), "girl_student", 2, False, False),
])
def test_worshippers_of_the_apocalypse_lowers_a_persons_paranoia_limit_while_the_prophet_lives(plots, culprit, paranoia,
                                                                                              prophet_dead, occurs):
    """Seed 001, Worshippers: [incident step] a Person culprit counts 1 less than its printed Paranoia
    limit while the Prophet is alive."""
    cast = dict(WORSHIP_CAST) if plots == WORSHIP else {**SEALED, **WITCHES, **SHOWTIME, "girl_student": "person"}
    inc = [{"day": 1, "incident": "suicide", "culprit": culprit}]
    chars = {culprit: {"paranoia": paranoia}}
    if prophet_dead:
        chars["police_officer"] = {"dead": True}
    g = start(mz(*plots, cast, inc), {"phase": "incident", "characters": chars})
    assert (g.occurred == [0]) is occurs
    assert g.chars[culprit].alive is not occurs


def test_worshippers_may_lower_a_limit_of_one_to_zero():
    """Ruling worshippers-person: nothing stops the limit at 1; the Rich Man's Daughter (limit 1) as a
    Person culprit triggers with no Paranoia at all while the Prophet lives."""
    cast = {**WORSHIP_CAST, "rich_mans_daughter": "person"}
    g = start(mz(*WORSHIP, cast, [{"day": 1, "incident": "suicide", "culprit": "rich_mans_daughter"}]), {"phase": "incident"})
    assert g.occurred == [0] and not g.chars["rich_mans_daughter"].alive


@pytest.mark.parametrize("prophet_dead,occurs", [(False, True), (True, False)])
def test_worshippers_lower_the_limit_for_conspiracies_intrigue_too(prophet_dead, occurs):
    """Ruling worshippers-person: Conspiracies counts Intrigue against the same lowered limit (the Girl
    Student, limit 3, triggers with 2 Intrigue while the Prophet lives)."""
    cast = {**WORSHIP_CAST, "journalist": "person"}
    inc = [{"day": 1, "incident": "conspiracies", "culprit": "girl_student"},
           {"day": 3, "incident": "suicide", "culprit": "journalist"}]
    chars = {"girl_student": {"intrigue": 2}, **({"police_officer": {"dead": True}} if prophet_dead else {})}
    g = start(mz(*WORSHIP, cast, inc), {"phase": "incident", "characters": chars})
    assert (g.occurred == [0]) is occurs


# ---------------------------------------------------------------- Unsafe Trigger
UNSAFE_CAST = {**SEALED, **WITCHES, "boy_student": "factor", "girl_student": "person"}
UNSAFE = ("the_sealed_item", ["unsafe_trigger", "witches_tea_time"])


def test_unsafe_trigger_places_one_intrigue_on_the_factors_location_once_per_loop():
    """Seed 001, Unsafe Trigger: [optional, Mastermind ability] 1 Intrigue on the living Factor's
    location, once per loop."""
    g = start(mz(*UNSAFE, UNSAFE_CAST), {"phase": "mastermind_abilities"})
    assert "plot:unsafe_trigger:0" in options(g)
    answer(g, "mastermind_ability", "plot:unsafe_trigger:0")
    assert g.locations["school"]["intrigue"] == 1
    assert "plot:unsafe_trigger:0" not in options(g)
    answer(g, "mastermind_ability", "done")
    finish_day(g)
    # Day 2: still used up.
    place_cards(g, [("paranoia_plus_1", "hospital"), ("paranoia_minus_1", "shrine"), ("forbid_paranoia", "city")],
                [("paranoia_plus_1", "hospital"), ("goodwill_plus_1", "shrine"), ("paranoia_plus_1", "city")])
    assert g.day == 2 and pending(g).kind == "mastermind_ability"
    assert "plot:unsafe_trigger:0" not in options(g)


def test_unsafe_trigger_needs_a_living_factor():
    g = start(mz(*UNSAFE, UNSAFE_CAST), {"phase": "mastermind_abilities", "characters": {"boy_student": {"dead": True}}})
    assert "plot:unsafe_trigger:0" not in options(g)
