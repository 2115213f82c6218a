"""Characters starting at the School and the Shrine: Goodwill abilities and traits (seed 002 character
table; rules-notes section 9; sets/base/characters.yaml holds the values, seed 002 winning)."""

from __future__ import annotations

from typing import Any

from scriptkeeper.tragedy_looper.cards import available_cards
from scriptkeeper.tragedy_looper.refs import AbilityRef
from tests.helpers import FS_BASE, answer, gw_options, make_script, options, pending, start, use


def script(**extra_cast: Any):
    """The First Script's cast plus the named characters (as Persons unless a role is given)."""
    return make_script(cast={**FS_BASE["cast"], **{ch: role or "person" for ch, role in extra_cast.items()}})


# ---------------------------------------------------------------- Boy Student
def test_boy_student_removes_one_paranoia_from_another_student_here():
    """Seed 002 character table (Boy Student, Goodwill 2)."""
    g = start(situation={"phase": "goodwill_abilities", "characters": {
        "boy_student": {"goodwill": 2}, "girl_student": {"paranoia": 2}, "police_officer": {"at": "school", "paranoia": 1}}})
    use(g, "boy_student:gw:0")  # the Girl Student is the only other Student here: no choice to make
    assert g.chars["girl_student"].counters["paranoia"] == 1
    assert g.chars["police_officer"].counters["paranoia"] == 1


def test_boy_student_needs_two_goodwill():
    """Seed 002 character table (Boy Student): threshold 2."""
    g = start(situation={"phase": "goodwill_abilities", "characters": {"boy_student": {"goodwill": 1}}})
    assert "boy_student:gw:0" not in gw_options(g)


def test_boy_student_cannot_reach_a_student_elsewhere():
    """Seed 002 character table (Boy Student): a Student in this location only."""
    g = start(situation={"phase": "goodwill_abilities", "characters": {
        "boy_student": {"goodwill": 2}, "girl_student": {"at": "city", "paranoia": 2}}})
    assert "boy_student:gw:0" not in gw_options(g)


def test_goodwill_abilities_do_not_spend_goodwill():
    """Seed 002 phase 3 note: using an ability does not change Goodwill."""
    g = start(situation={"phase": "goodwill_abilities", "characters": {"boy_student": {"goodwill": 2}, "girl_student": {"paranoia": 2}}})
    use(g, "boy_student:gw:0")
    assert g.chars["boy_student"].counters["goodwill"] == 2


# ---------------------------------------------------------------- Girl Student
def test_girl_student_removes_one_paranoia_from_another_student_here():
    """Seed 002 character table (Girl Student, Goodwill 2)."""
    g = start(situation={"phase": "goodwill_abilities", "characters": {"girl_student": {"goodwill": 2}, "boy_student": {"paranoia": 1}}})
    use(g, "girl_student:gw:0")
    assert g.chars["boy_student"].counters["paranoia"] == 0


def test_girl_student_ability_does_not_target_herself():
    """Seed 002 character table (Girl Student): another Student; alone, the ability has no target."""
    g = start(situation={"phase": "goodwill_abilities", "characters": {"girl_student": {"goodwill": 2, "paranoia": 2},
                                                                       "boy_student": {"at": "city"}}})
    assert "girl_student:gw:0" not in gw_options(g)


# ---------------------------------------------------------------- Rich Man's Daughter
def test_rich_mans_daughter_places_goodwill_on_a_character_here():
    """Seed 002 character table (Rich Man's Daughter, Goodwill 2; rules-notes says 3, the seed wins)."""
    g = start(script(rich_mans_daughter=None), {"phase": "goodwill_abilities", "characters": {"rich_mans_daughter": {"goodwill": 2}}})
    use(g, "rich_mans_daughter:gw:0")
    assert set(options(g)) == {"rich_mans_daughter", "girl_student", "boy_student"}
    answer(g, "choose_target", "boy_student")
    assert g.chars["boy_student"].counters["goodwill"] == 1


def test_rich_mans_daughter_works_in_the_city():
    """Seed 002 character table (Rich Man's Daughter): School or City."""
    g = start(script(rich_mans_daughter=None), {"phase": "goodwill_abilities",
                                                "characters": {"rich_mans_daughter": {"goodwill": 2, "at": "city"}}})
    assert "rich_mans_daughter:gw:0" in gw_options(g)


def test_rich_mans_daughter_not_at_the_shrine_or_hospital():
    """Seed 002 character table (Rich Man's Daughter): only in the School or the City."""
    for loc in ("shrine", "hospital"):
        g = start(script(rich_mans_daughter=None), {"phase": "goodwill_abilities",
                                                    "characters": {"rich_mans_daughter": {"goodwill": 2, "at": loc}}})
        assert "rich_mans_daughter:gw:0" not in gw_options(g), loc


# ---------------------------------------------------------------- Class Rep
def test_class_rep_lets_the_leader_take_back_a_used_once_per_loop_card():
    """Seed 002 character table (Class Rep, Goodwill 2, once per loop); rules-notes section 3."""
    g = start(script(class_rep=None), {"phase": "goodwill_abilities", "leader": 2, "characters": {"class_rep": {"goodwill": 2}},
                                       "set_aside": {"protagonist2": ["goodwill_plus_2", "forbid_movement"]}})
    use(g, "class_rep:gw:0")
    assert pending(g).kind == "choose_card" and pending(g).seat == "protagonist2"
    answer(g, "choose_card", "goodwill_plus_2")
    assert "goodwill_plus_2" in available_cards(g, "protagonist2")
    assert "forbid_movement" not in available_cards(g, "protagonist2")


def test_class_rep_not_offered_when_the_leader_used_no_once_per_loop_card():
    """Rules-notes section 9 (Class Rep cannot be used with none); another Protagonist's used card does not count."""
    g = start(script(class_rep=None), {"phase": "goodwill_abilities", "characters": {"class_rep": {"goodwill": 2}},
                                       "set_aside": {"protagonist2": ["goodwill_plus_2"]}})
    assert "class_rep:gw:0" not in gw_options(g)


def test_class_rep_ability_is_once_per_loop():
    """Seed 002 character table (Class Rep): once per loop."""
    g = start(script(class_rep=None), {"phase": "goodwill_abilities", "characters": {"class_rep": {"goodwill": 2}},
                                       "set_aside": {"protagonist1": ["goodwill_plus_2", "forbid_movement"]},
                                       "abilities_used_this_loop": ["class_rep.1"]})
    assert "class_rep:gw:0" not in gw_options(g)


def test_class_rep_in_the_two_player_game_returns_a_card_from_any_of_the_three_hands():
    """Ruling class-rep-two-player (seed 002 section 1: the one Protagonist holds all three hands and
    the Leader): a used once-per-loop card of any hand may come back, named `protagonistN:card`."""
    g = start(script(class_rep=None), {"phase": "goodwill_abilities", "leader": 1, "characters": {"class_rep": {"goodwill": 2}},
                                       "set_aside": {"protagonist2": ["goodwill_plus_2"], "protagonist3": ["forbid_movement"]}},
              players=2)
    assert "class_rep:gw:0" in gw_options(g)
    answer(g, "goodwill_ability", "class_rep:gw:0")
    assert options(g) == ["allow"]  # the Class Rep is a Person here; the Mastermind is still asked
    answer(g, "goodwill_refusal", "allow")
    assert (pending(g).seat, pending(g).kind) == ("protagonist1", "choose_card")
    assert options(g) == ["protagonist2:goodwill_plus_2", "protagonist3:forbid_movement"]
    answer(g, "choose_card", "protagonist2:goodwill_plus_2")
    assert "goodwill_plus_2" not in g.set_aside.get("protagonist2", [])
    assert "goodwill_plus_2" in available_cards(g, "protagonist2")
    assert g.set_aside["protagonist3"] == ["forbid_movement"]  # the other hand keeps its used card


# ---------------------------------------------------------------- Mystery Boy
MYSTERY = {"mystery_boy": "cultist"}  # a role none of Murder Plan / Shadow of the Ripper adds


def test_mystery_boy_reveals_his_role_without_refusal():
    """Seed 002 character table (Mystery Boy, Goodwill 3): Goodwill Refusal cannot stop it, even a mandatory one."""
    g = start(script(**MYSTERY), {"loop": 2, "phase": "goodwill_abilities", "characters": {"mystery_boy": {"goodwill": 3}}})
    use(g, "mystery_boy:gw:0", refusal=None)
    assert "goodwill_refusal" not in [h["kind"] for h in g.history]
    assert g.revealed_roles["mystery_boy"] == "cultist"


def test_mystery_boy_ability_not_in_the_first_loop():
    """Seed 002 character table (Mystery Boy): not in the first loop."""
    g = start(script(**MYSTERY), {"loop": 1, "phase": "goodwill_abilities", "characters": {"mystery_boy": {"goodwill": 3}}})
    assert "mystery_boy:gw:0" not in gw_options(g)


# ---------------------------------------------------------------- Shrine Maiden
def test_shrine_maiden_removes_intrigue_from_the_shrine():
    """Seed 002 character table (Shrine Maiden, Goodwill 3, only at the Shrine)."""
    g = start(situation={"phase": "goodwill_abilities", "locations": {"shrine": {"intrigue": 2}},
                         "characters": {"shrine_maiden": {"goodwill": 3}}})
    use(g, "shrine_maiden:gw:0")
    assert g.locations["shrine"]["intrigue"] == 1


def test_shrine_maiden_cannot_clean_the_shrine_from_elsewhere():
    """Seed 002 character table (Shrine Maiden): only while at the Shrine."""
    g = start(situation={"phase": "goodwill_abilities", "locations": {"shrine": {"intrigue": 2}},
                         "characters": {"shrine_maiden": {"goodwill": 3, "at": "school"}}})
    assert "shrine_maiden:gw:0" not in gw_options(g)


def test_shrine_maiden_reveals_the_role_of_a_character_here():
    """Seed 002 character table (Shrine Maiden, Goodwill 5, once per loop)."""
    g = start(situation={"phase": "goodwill_abilities", "characters": {"shrine_maiden": {"goodwill": 5},
                                                                       "office_worker": {"at": "shrine"}}})
    use(g, "shrine_maiden:gw:1")
    assert set(options(g)) == {"shrine_maiden", "office_worker"}
    answer(g, "choose_target", "office_worker")
    assert g.revealed_roles == {"office_worker": "killer"}
    assert AbilityRef.goodwill("shrine_maiden", 1) in g.this_loop.used


# ---------------------------------------------------------------- Alien
def test_alien_kills_another_character_here():
    """Seed 002 character table (Alien, Goodwill 4, once per loop)."""
    g = start(script(alien=None), {"phase": "goodwill_abilities", "characters": {"alien": {"goodwill": 5},
                                                                                  "boy_student": {"at": "shrine"}}})
    use(g, "alien:gw:0")
    assert set(options(g)) == {"shrine_maiden", "boy_student"}  # not herself
    answer(g, "choose_target", "boy_student")
    assert not g.chars["boy_student"].alive and g.chars["alien"].alive
    assert gw_options(g) == ["alien:gw:1"]  # once per loop; the new corpse can be revived


def test_alien_brings_a_corpse_here_back_to_life():
    """Seed 002 character table (Alien, Goodwill 5, once per loop)."""
    g = start(script(alien=None), {"phase": "goodwill_abilities", "characters": {"alien": {"goodwill": 5},
                                                                                  "boy_student": {"at": "shrine", "dead": True}}})
    use(g, "alien:gw:1")
    assert g.chars["boy_student"].alive and g.chars["boy_student"].location == "shrine"


def test_alien_cannot_revive_a_corpse_elsewhere():
    """Seed 002 character table (Alien): a corpse in this location only."""
    g = start(script(alien=None), {"phase": "goodwill_abilities", "characters": {"alien": {"goodwill": 5},
                                                                                  "boy_student": {"dead": True}}})
    assert "alien:gw:1" not in gw_options(g)


# ---------------------------------------------------------------- Godly Being
def godly(enters: int = 2, **changes: Any):
    cast = {**FS_BASE["cast"], "godly_being": {"role": "person", "enters_loop": enters}}
    return make_script(cast=cast, **changes)


def test_godly_being_is_not_in_play_before_its_loop():
    """Seed 002 character table (Godly Being): absent until the loop the script fixes."""
    g = start(godly(2), {"loop": 1, "phase": "goodwill_abilities"})
    assert g.chars["godly_being"].location is None
    g = start(godly(2), {"loop": 2, "phase": "loop_start"})
    assert g.chars["godly_being"].location == "shrine"


def test_godly_being_enters_at_the_start_of_its_loop():
    """Seed 002 character table (Godly Being): enters play when its loop starts."""
    s = godly(2, incidents=[{"day": 1, "incident": "suicide", "culprit": "girl_student"}])
    g = start(s, {"phase": "incident", "characters": {"girl_student": {"paranoia": 3}}})
    assert g.loop == 2 and g.chars["godly_being"].location == "shrine"


def test_godly_being_reveals_the_culprit_of_any_incident():
    """Seed 002 character table (Godly Being, Goodwill 3, once per loop): any incident, occurred or not."""
    s = godly(1, incidents=[{"day": 3, "incident": "murder", "culprit": "office_worker"},
                            {"day": 4, "incident": "suicide", "culprit": "boy_student"}])
    g = start(s, {"phase": "goodwill_abilities", "characters": {"godly_being": {"goodwill": 3}}})
    use(g, "godly_being:gw:0")
    assert options(g) == [0, 1]
    answer(g, "choose_target", 1)
    assert g.revealed_culprits == {1: "boy_student"}


def test_godly_being_removes_intrigue_from_its_location_or_a_character_there():
    """Seed 002 character table (Godly Being, Goodwill 5)."""
    g = start(godly(1), {"phase": "goodwill_abilities", "locations": {"shrine": {"intrigue": 1}},
                         "characters": {"godly_being": {"goodwill": 5}, "shrine_maiden": {"intrigue": 2}}})
    use(g, "godly_being:gw:1")
    assert set(options(g)) == {"shrine", "godly_being", "shrine_maiden"}
    answer(g, "choose_target", "shrine_maiden")
    assert g.chars["shrine_maiden"].counters["intrigue"] == 1 and g.locations["shrine"]["intrigue"] == 1
