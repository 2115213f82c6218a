"""Rei's four characters (seed 000 "New Characters" and "Detailed Character Abilities"): the
Part-Timer, the Part-Timer(?), the Servant and the Metaworld Denizen, and multiple starting
locations. One scenario per rule."""

from scriptkeeper.tragedy_looper.actions import kill, move
from scriptkeeper.tragedy_looper.query import effective_role
from scriptkeeper.tragedy_looper.script import check_script
from tests.helpers import FS_BASE, answer, counters, died, event_types, make_script, options, start, use

PT = {**FS_BASE, "cast": {**FS_BASE["cast"], "part_timer": "person"}}
PT_KEY = {**FS_BASE, "cast": {**{k: v for k, v in FS_BASE["cast"].items() if k != "girl_student"}, "girl_student": "person",
                              "part_timer": "key_person"}}
SERVANT = {**FS_BASE, "cast": {**FS_BASE["cast"], "rich_mans_daughter": "person", "servant": {"role": "person", "start": "school"}}}
DENIZEN = {**FS_BASE, "cast": {**FS_BASE["cast"], "metaworld_denizen": "person"}}


def problems(data):
    return {p.rule for p in check_script(data)[1]}


# ---------------------------------------------------------------- Part-Timer
def test_rei_part_timer_plays_as_a_person_whatever_his_role():
    """Seed 000 Part-Timer: he ignores his assigned role and is a Person instead (his death is no Key Person's)."""
    g = start(make_script(PT_KEY), {"phase": "day_end", "day": 1})
    assert effective_role(g, "part_timer") == "person"
    kill(g, "part_timer", "test")
    assert not g.this_loop.lost


def test_rei_part_timer_dies_at_day_end_with_three_counters():
    """Seed 000 Part-Timer: at the end of the day, with 3 or more counters in all on him, he dies."""
    g = start(make_script(PT), {"phase": "day_end", "day": 1, "characters": {"part_timer": {"paranoia": 1, "goodwill": 1, "hope": 1}}})
    assert not g.chars["part_timer"].alive
    g = start(make_script(PT), {"phase": "day_end", "day": 1, "characters": {"part_timer": {"paranoia": 1, "goodwill": 1}}})
    assert g.chars["part_timer"].alive


def test_rei_part_timer_q_enters_in_the_city_the_morning_after_he_died():
    """Seed 000 Part-Timer: at the start of the day, if he is dead, Part-Timer(?) is placed in the City."""
    g = start(make_script(PT), {"phase": "morning", "day": 2, "characters": {"part_timer": {"dead": True}}})
    assert g.chars["part_timer_q"].location == "city" and g.chars["part_timer_q"].alive
    assert "enters_now" in event_types(g)


def test_rei_part_timer_q_is_off_the_board_at_loop_start():
    """Seed 000: only the Part-Timer's trait brings the Part-Timer(?) in: she is not on the board when a loop starts."""
    g = start(make_script(PT))
    assert g.chars["part_timer_q"].location is None


def test_rei_part_timer_q_cannot_be_written_into_a_script():
    """Seed 000: the Part-Timer(?) cannot be written directly into a script."""
    data = {**FS_BASE, "cast": {**FS_BASE["cast"], "part_timer_q": "person"}}
    assert "never-in-a-script" in problems(data)


def test_rei_part_timer_q_holds_his_role_and_is_the_culprit_of_his_incidents():
    """Seed 000 Part-Timer(?): same role, and culprit of the same incidents, as the Part-Timer."""
    data = {**PT_KEY, "incidents": [{"day": 3, "incident": "suicide", "culprit": "part_timer"}]}
    script = make_script(data)
    assert script.cast["part_timer_q"] == "key_person"
    g = start(script, {"phase": "incident", "day": 3, "characters": {"part_timer": {"dead": True}, "part_timer_q": {"at": "city", "paranoia": 3}}})
    # Suicide kills her, the Key Person: the Protagonists lose the loop.
    assert "incident" in event_types(g) and died(g) == ["part_timer_q"] and "key_person_died" in event_types(g)


def test_rei_part_timer_q_goodwill_reveals_the_part_timers_role_and_places_two_goodwill():
    """Seed 000 Part-Timer(?) Goodwill 3 (1x per loop): the Mastermind announces the Part-Timer's role, then 2 Goodwill on the chosen character here."""
    g = start(make_script(PT_KEY), {"phase": "goodwill_abilities", "day": 2,
                                    "characters": {"part_timer": {"dead": True}, "part_timer_q": {"at": "city", "goodwill": 3}}})
    use(g, "part_timer_q:gw:0")
    answer(g, "choose_target", "office_worker")
    assert g.revealed_roles["part_timer_q"] == "key_person"
    assert counters(g, "office_worker")["goodwill"] == 2


# ---------------------------------------------------------------- Servant
def test_rei_servant_start_is_fixed_at_script_creation_from_city_or_school():
    """Seed 000 Multiple Starting Locations: the Servant's start (City or School) is fixed in the script, for every loop."""
    assert "start-location" in problems({**FS_BASE, "cast": {**FS_BASE["cast"], "servant": "person"}})
    assert "start-location" in problems({**FS_BASE, "cast": {**FS_BASE["cast"], "servant": {"role": "person", "start": "shrine"}}})
    g = start(make_script(SERVANT))
    assert g.chars["servant"].location == "school"
    assert make_script(SERVANT).to_dict()["cast"]["servant"] == {"role": "person", "start": "school"}


def test_rei_servant_moves_with_the_rich_mans_daughter():
    """Seed 000 Servant: when the Rich Man's Daughter moves from her location, she moves with her, ignoring her own movement."""
    g = start(make_script(SERVANT), {"phase": "morning", "day": 1})
    move(g, "rich_mans_daughter", "city")
    assert g.chars["servant"].location == "city"


def test_rei_servant_dies_in_her_place():
    """Seed 000 Servant: if the Rich Man's Daughter is at her location and would die, the Servant dies instead."""
    g = start(make_script(SERVANT), {"phase": "morning", "day": 1})
    kill(g, "rich_mans_daughter", "test")
    assert g.chars["rich_mans_daughter"].alive and not g.chars["servant"].alive
    assert "dies_instead" in event_types(g)


def test_rei_servant_loyalty_token_adds_a_character_for_the_rest_of_the_loop():
    """Seed 000 Servant Goodwill 4 (1x per loop): the chosen character is also included in her trait for the rest of the loop."""
    g = start(make_script(SERVANT), {"phase": "goodwill_abilities", "day": 1, "characters": {"servant": {"goodwill": 4}}})
    use(g, "servant:gw:0")
    answer(g, "choose_target", "boy_student")
    move(g, "boy_student", "hospital")
    assert g.chars["servant"].location == "hospital"
    g.board.reset_for_loop(g.rules)
    assert ("loyalty", "boy_student") not in g.board.statuses


# ---------------------------------------------------------------- Metaworld Denizen
def test_rei_metaworld_denizen_places_hope_or_despair_on_a_character_here_herself_included():
    """Seed 000 Metaworld Denizen Goodwill 3 (1x per loop), the rulebook's version: Hope or Despair on a character at this location (herself too)."""
    g = start(make_script(DENIZEN), {"phase": "goodwill_abilities", "day": 1, "characters": {"metaworld_denizen": {"goodwill": 3}}})
    use(g, "metaworld_denizen:gw:0")
    assert "metaworld_denizen" in options(g)
    answer(g, "choose_target", "metaworld_denizen")
    answer(g, "choose_effect", options(g)[0])
    assert counters(g, "metaworld_denizen")["hope"] == 1


def test_rei_metaworld_denizen_mastermind_use_needs_refusal_and_one_goodwill_and_uses_it_up():
    """Seed 000: with Goodwill Refusal and at least 1 Goodwill the Mastermind may use her ability; a 1x-per-loop use counts."""
    g = start(make_script(DENIZEN), {"phase": "mastermind_abilities", "day": 1,
                                     "characters": {"metaworld_denizen": {"goodwill": 1, "despair": 1}}})
    assert "metaworld_denizen:gw:0" in options(g)
    answer(g, "mastermind_ability", "metaworld_denizen:gw:0")
    answer(g, "choose_target", "shrine_maiden")
    answer(g, "choose_effect", options(g)[1])
    assert counters(g, "shrine_maiden")["despair"] == 1
    assert any(r.owner == "metaworld_denizen" for r in g.this_loop.used)
    assert "metaworld_denizen:gw:0" not in options(g)
