"""Midnight Zone roles and their abilities (seed 001, "Roles")."""

from __future__ import annotations

import pytest

from scriptkeeper.tragedy_looper import views
from scriptkeeper.tragedy_looper.query import effective_role
from tests.helpers import answer, pending, start

from .mz import HEART, SEALED, SHOWTIME, WITCHES, died, last_loop_lost, last_reasons, mz, mz_data, options, problems

# The Devil's Hand (Key Person, Cultist, Ninja) + Witches Tea Time + Unanswered Heart.
DEVIL_CAST = {"girl_student": "key_person", "shrine_maiden": "cultist", "office_worker": "ninja", **WITCHES, **HEART,
              "doctor": "person"}
DEVIL = ("the_devils_hand", ["witches_tea_time", "unanswered_heart"])
# The Sealed Item (Brain, Cultist) + Witches Tea Time + Showtime of Death (Magician, Immortal).
SEALED_SHOW = ("the_sealed_item", ["witches_tea_time", "showtime_of_death"])
SEALED_SHOW_CAST = {**SEALED, **WITCHES, **SHOWTIME, "boy_student": "person", "journalist": "person", "office_worker": "person"}


# ---------------------------------------------------------------- Cultist
@pytest.mark.parametrize("target", ["shrine", "alien"])
def test_cultist_may_ignore_forbid_intrigue_on_its_location_and_the_characters_there(target):
    """Seed 001, Cultist: [optional, card resolution] ignore every Forbid Intrigue on this location and
    on the characters in it (the Shrine Maiden is the Cultist; the Alien stands at the Shrine)."""
    g = start(mz(*SEALED_SHOW, SEALED_SHOW_CAST), {"phase": "resolution", "cards": [
        {"by": "mastermind", "card": "intrigue_plus_1", "target": target},
        {"by": "protagonist1", "card": "forbid_intrigue", "target": target}]})
    assert options(g) == ["ignore", "obey"]
    answer(g, "cultist_ignore", "ignore")
    bucket = g.locations["shrine"] if target == "shrine" else g.chars["alien"].counters
    assert bucket["intrigue"] == 1


def test_cultist_elsewhere_cannot_ignore_forbid_intrigue():
    g = start(mz(*SEALED_SHOW, SEALED_SHOW_CAST), {"phase": "resolution", "cards": [
        {"by": "mastermind", "card": "intrigue_plus_1", "target": "school"},
        {"by": "protagonist1", "card": "forbid_intrigue", "target": "school"}]})
    assert options(g) == ["obey"]  # still asked: the question itself must not tell where a Cultist is
    answer(g, "cultist_ignore", "obey")
    assert g.locations["school"]["intrigue"] == 0


# ---------------------------------------------------------------- Brain
def test_brain_places_one_intrigue_on_its_location_or_a_character_there():
    """Seed 001, Brain: [optional, Mastermind ability] 1 Intrigue on this location or a character in it."""
    g = start(mz(*SEALED_SHOW, SEALED_SHOW_CAST), {"phase": "mastermind_abilities"})
    answer(g, "mastermind_ability", "doctor:brain:0")
    assert options(g) == ["hospital", "doctor", "nurse"]
    answer(g, "choose_target", "nurse")
    assert g.chars["nurse"].counters["intrigue"] == 1


# ---------------------------------------------------------------- Magician
def test_magician_moves_a_character_with_paranoia_to_an_adjacent_location_not_diagonally():
    """Seed 001, Magician: [optional, Mastermind ability] move a character with 1+ Paranoia from this
    location to an adjacent location (not diagonal)."""
    g = start(mz(*SEALED_SHOW, SEALED_SHOW_CAST), {"phase": "mastermind_abilities", "characters": {
        "informer": {"paranoia": 1}, "journalist": {"paranoia": 2}}})
    answer(g, "mastermind_ability", "pop_idol:magician:0")
    assert options(g) == ["informer", "journalist"]  # not the Office Worker nor the Magician: no Paranoia
    answer(g, "choose_target", "informer")
    assert sorted(options(g)) == ["hospital", "school"]  # City -> School (sideways) or Hospital (up); never the Shrine
    answer(g, "choose_location", "hospital")
    assert g.chars["informer"].location == "hospital"


def test_magician_move_never_offers_a_forbidden_location():
    g = start(mz(*SEALED_SHOW, SEALED_SHOW_CAST), {"phase": "mastermind_abilities", "characters": {
        "office_worker": {"paranoia": 1}}})
    answer(g, "mastermind_ability", "pop_idol:magician:0")
    # The Office Worker may not enter the School: the Hospital is the only place left, so no question.
    assert g.chars["office_worker"].location == "hospital"


def test_magician_may_move_itself_when_it_has_paranoia():
    """Ruling magician-move: the Magician is a character in its location like any other."""
    g = start(mz(*SEALED_SHOW, SEALED_SHOW_CAST), {"phase": "mastermind_abilities", "characters": {
        "pop_idol": {"paranoia": 1}, "journalist": {"paranoia": 1}}})
    answer(g, "mastermind_ability", "pop_idol:magician:0")
    assert options(g) == ["pop_idol", "journalist"]
    answer(g, "choose_target", "pop_idol")
    answer(g, "choose_location", "school")
    assert g.chars["pop_idol"].location == "school"


def test_magician_move_is_once_per_loop_for_all_magicians_combined():
    """Seed 001, Magician: "Only once per loop, for all magicians combined". Both Magicians stand in
    the City with two characters with Paranoia, so the second Magician would still have someone to
    move: only the shared limit stops him."""
    cast = {**SEALED, "pop_idol": "magician", "journalist": "magician", "godly_being": "immortal",
            "informer": "conspiracy_theorist", "boy_student": "person"}
    g = start(mz("the_sealed_item", ["showtime_of_death", "unanswered_heart"], cast),
              {"phase": "mastermind_abilities", "characters": {"informer": {"paranoia": 2}, "boy_student": {"at": "city", "paranoia": 1}}})
    assert {"pop_idol:magician:0", "journalist:magician:0"} <= set(options(g))
    answer(g, "mastermind_ability", "pop_idol:magician:0")
    answer(g, "choose_target", "informer")
    answer(g, "choose_location", "school")
    assert g.chars["informer"].location == "school" and g.chars["boy_student"].location == "city"
    assert not {"pop_idol:magician:0", "journalist:magician:0"} & set(options(g))


@pytest.mark.parametrize("culprit,left", [("pop_idol", 0), ("informer", 3)])
def test_magician_death_removes_all_paranoia_from_its_corpse(culprit, left):
    """Seed 001, Magician: [mandatory, on death] remove all Paranoia counters from its corpse."""
    s = mz(*SEALED_SHOW, SEALED_SHOW_CAST, incidents=[{"day": 1, "incident": "suicide", "culprit": culprit}])
    g = start(s, {"phase": "incident", "characters": {culprit: {"paranoia": 3}}})
    assert died(g) == [culprit]
    assert g.chars[culprit].counters["paranoia"] == left


# ---------------------------------------------------------------- Ninja
def test_ninja_may_announce_another_non_person_role_of_the_script_when_revealed():
    """Seed 001, Ninja: [optional, when its role is to be revealed] state any other non-Person role that
    is in the script instead of the truth. The seats see the lie; the final reveal tells the truth."""
    g = start(mz(*DEVIL, DEVIL_CAST), {"phase": "goodwill_abilities", "characters": {"office_worker": {"goodwill": 3}}})
    answer(g, "goodwill_ability", "office_worker:gw:0")
    assert options(g) == ["refuse", "allow"]  # optional Goodwill Refusal
    answer(g, "goodwill_refusal", "allow")
    d = pending(g)
    assert d.seat == "mastermind" and d.kind == "reveal_role"
    assert list(d.options) == ["ninja", "key_person", "cultist", "conspiracy_theorist", "friend", "witch", "magician"]
    answer(g, "reveal_role", "cultist")
    assert g.revealed_roles["office_worker"] == "cultist"
    seen = {c["id"]: c.get("revealed_role") for c in views.build_view(g, "protagonist1")["characters"]}
    assert seen["office_worker"] == "cultist"
    assert g.script.cast["office_worker"] == "ninja"  # what the Final Guess must name


def test_ninja_may_tell_the_truth():
    g = start(mz(*DEVIL, DEVIL_CAST), {"phase": "goodwill_abilities", "characters": {"office_worker": {"goodwill": 3}}})
    answer(g, "goodwill_ability", "office_worker:gw:0")
    answer(g, "goodwill_refusal", "allow")
    answer(g, "reveal_role", "ninja")
    assert g.revealed_roles["office_worker"] == "ninja"


def test_ninja_turned_key_person_by_an_extra_card_may_still_lie():
    """Ruling ninja-lie-options: the right to lie comes from the script's role. The Mystery Boy is the
    Ninja; Fated Connections' Extra card makes him a Key Person. The truth told is the role he holds
    now (Key Person: every reveal reads the effective role, paranoia-virus-continuous), and he may
    still be announced as another non-Person role of the script."""
    cast = {"boy_student": "friend", "office_worker": "serial_killer", "informer": "conspiracy_theorist",
            "pop_idol": "magician", "godly_being": "immortal", "rich_mans_daughter": "factor", "mystery_boy": "ninja"}
    g = start(mz("fated_connections", ["showtime_of_death", "unsafe_trigger"], cast),
              {"loop": 2, "phase": "goodwill_abilities", "characters": {"mystery_boy": {"goodwill": 3, "extra_card": True}}})
    assert effective_role(g, "mystery_boy") == "key_person"
    answer(g, "goodwill_ability", "mystery_boy:gw:0")  # Goodwill Refusal cannot stop it
    d = pending(g)
    assert (d.seat, d.kind) == ("mastermind", "reveal_role")
    assert list(d.options) == ["key_person", "conspiracy_theorist", "serial_killer", "friend", "factor", "magician", "immortal"]
    answer(g, "reveal_role", "factor")
    assert g.revealed_roles["mystery_boy"] == "factor"


def test_ninja_kills_a_character_with_two_intrigue_in_its_location_at_day_end():
    """Seed 001, Ninja: [optional, day end] kill a character with 2+ Intrigue in this location."""
    cast = {**DEVIL_CAST, "office_worker": "person", "doctor": "ninja"}
    g = start(mz(*DEVIL, cast), {"phase": "day_end", "characters": {"nurse": {"intrigue": 2}}})
    assert "doctor:ninja:0" in options(g)
    answer(g, "day_end_ability", "doctor:ninja:0")  # the Nurse is the only target: no question
    assert died(g) == ["nurse"]


def test_ninja_has_no_target_below_two_intrigue():
    cast = {**DEVIL_CAST, "office_worker": "person", "doctor": "ninja"}
    g = start(mz(*DEVIL, cast), {"phase": "day_end", "characters": {"nurse": {"intrigue": 1}}})
    assert options(g) == ["done"]


def test_ninja_seed001_day_end_kill_may_kill_the_ninja_itself():
    """Seed 001, Ninja: "any character with at least 2 Intrigue in this location", with no "other":
    the Ninja itself is one (ruling ninja-kill-any, reading "another" only where the text says it)."""
    cast = {**DEVIL_CAST, "office_worker": "person", "doctor": "ninja"}
    g = start(mz(*DEVIL, cast), {"phase": "day_end", "characters": {"doctor": {"intrigue": 2}}})
    assert "doctor:ninja:0" in options(g)
    answer(g, "day_end_ability", "doctor:ninja:0")  # the Ninja is the only target: no question
    assert died(g) == ["doctor"]


# ---------------------------------------------------------------- Friend
def test_friend_dead_at_loop_end_is_revealed_and_the_protagonists_lose():
    """Seed 001, Friend: [mandatory, loop end] if dead, reveal its role; the Protagonists lose."""
    g = start(mz(*SEALED_SHOW, SEALED_SHOW_CAST), {"phase": "loop_end", "characters": {"class_rep": {"dead": True}}})
    assert g.revealed_roles["class_rep"] == "friend"
    assert last_loop_lost(g) and any("Friend" in r for r in last_reasons(g))


def test_friend_with_a_revealed_role_gets_one_goodwill_at_loop_start():
    """Seed 001, Friend: [mandatory, loop start] if its role has been revealed, 1 Goodwill."""
    g = start(mz(*SEALED_SHOW, SEALED_SHOW_CAST), {"loop": 2, "phase": "loop_start", "revealed_roles": {"class_rep": "friend"}})
    assert g.chars["class_rep"].counters["goodwill"] == 1
    assert g.chars["boy_student"].counters["goodwill"] == 0


# ---------------------------------------------------------------- Serial Killer
def test_serial_killer_kills_the_only_other_character_in_its_location_at_day_end():
    """Seed 001, Serial Killer: [mandatory, day end] exactly 1 other character here -> it dies."""
    cast = {**SEALED, **WITCHES, "office_worker": "serial_killer", "boy_student": "obstinate"}
    s = mz("the_sealed_item", ["dice_of_the_gods", "witches_tea_time"], cast,
           incidents=[{"day": 3, "incident": "suicide", "culprit": "boy_student"}])
    g = start(s, {"phase": "day_end", "characters": {"office_worker": {"at": "shrine"}, "alien": {"at": "school"}}})
    assert died(g) == ["shrine_maiden"]


# ---------------------------------------------------------------- Conspiracy Theorist
def test_conspiracy_theorist_places_one_paranoia_on_a_character_in_its_location():
    """Seed 001, Conspiracy Theorist: [optional, Mastermind ability] 1 Paranoia on a character here."""
    g = start(mz(*SEALED_SHOW, SEALED_SHOW_CAST), {"phase": "mastermind_abilities"})
    answer(g, "mastermind_ability", "informer:conspiracy_theorist:0")
    assert set(options(g)) == {"informer", "pop_idol", "journalist", "office_worker"}
    answer(g, "choose_target", "journalist")
    assert g.chars["journalist"].counters["paranoia"] == 1


# ---------------------------------------------------------------- Obstinate
OBST_CAST = {**SEALED, **WITCHES, "boy_student": "obstinate", "office_worker": "friend"}
OBST = ("the_sealed_item", ["love_hate_spiral", "witches_tea_time"])


def test_obstinate_always_triggers_its_incidents_whatever_its_paranoia():
    """Seed 001, Obstinate: [mandatory, incident step] always triggers its incidents, regardless of Paranoia."""
    g = start(mz(*OBST, OBST_CAST, [{"day": 1, "incident": "suicide", "culprit": "boy_student"}]), {"phase": "incident"})
    assert g.occurred == [0] and died(g) == ["boy_student"]


def test_obstinate_must_be_the_culprit_of_an_incident():
    """Seed 001, Obstinate: [mandatory, script creation] the culprit of at least 1 incident."""
    assert "obstinate-must-be-a-culprit" in problems(mz_data(*OBST, OBST_CAST, [
        {"day": 1, "incident": "suicide", "culprit": "class_rep"}]))
    assert problems(mz_data(*OBST, OBST_CAST, [{"day": 1, "incident": "suicide", "culprit": "boy_student"}])) == []


def test_obstinate_has_mandatory_goodwill_refusal():
    g = start(mz(*OBST, OBST_CAST, [{"day": 3, "incident": "suicide", "culprit": "boy_student"}]),
              {"phase": "goodwill_abilities", "characters": {"boy_student": {"goodwill": 2, "at": "school"},
                                                             "class_rep": {"paranoia": 1}}})
    answer(g, "goodwill_ability", "boy_student:gw:0")
    assert options(g) == ["refuse"]


# ---------------------------------------------------------------- Key Person
def test_key_person_death_loses_the_loop_at_once():
    """Seed 001, Key Person: [mandatory, always] its death -> the Protagonists lose and the loop ends."""
    s = mz(*DEVIL, DEVIL_CAST, incidents=[{"day": 1, "incident": "suicide", "culprit": "girl_student"}])
    g = start(s, {"day": 1, "phase": "incident", "characters": {"girl_student": {"paranoia": 3}}})
    assert died(g) == ["girl_student"] and last_loop_lost(g)
    assert g.loop_results[-1].loop == 1 and pending(g).kind == "next_loop_or_final_guess"


# ---------------------------------------------------------------- Factor
FACTOR_CAST = {**SEALED, **WITCHES, "boy_student": "factor", "girl_student": "person"}
FACTOR = ("the_sealed_item", ["unsafe_trigger", "witches_tea_time"])


def test_factor_gets_the_conspiracy_theorists_ability_with_two_intrigue_on_the_school():
    """Seed 001, Factor: [always] 2+ Intrigue on the School -> the Conspiracy Theorist's abilities."""
    g = start(mz(*FACTOR, FACTOR_CAST), {"phase": "mastermind_abilities", "locations": {"school": {"intrigue": 2}}})
    assert "boy_student:conspiracy_theorist:0" in options(g)
    g = start(mz(*FACTOR, FACTOR_CAST), {"phase": "mastermind_abilities", "locations": {"school": {"intrigue": 1}}})
    assert "boy_student:conspiracy_theorist:0" not in options(g)


def test_factor_gets_the_key_persons_ability_with_two_intrigue_on_the_city():
    """Seed 001, Factor: [always] 2+ Intrigue on the City -> the Key Person's abilities."""
    s = mz(*FACTOR, FACTOR_CAST, incidents=[{"day": 1, "incident": "suicide", "culprit": "boy_student"}])
    g = start(s, {"phase": "incident", "locations": {"city": {"intrigue": 2}}, "characters": {"boy_student": {"paranoia": 2}}})
    assert died(g) == ["boy_student"] and last_loop_lost(g)
    assert any("Key Person" in r for r in last_reasons(g))


# ---------------------------------------------------------------- Witch
def test_witch_has_mandatory_goodwill_refusal():
    """Seed 001, Witch: mandatory Goodwill Refusal (the Alien is a Witch)."""
    g = start(mz(*SEALED_SHOW, SEALED_SHOW_CAST), {"phase": "goodwill_abilities", "characters": {"alien": {"goodwill": 4}}})
    answer(g, "goodwill_ability", "alien:gw:0")
    assert options(g) == ["refuse"]
    answer(g, "goodwill_refusal", "refuse")
    assert died(g) == []


# ---------------------------------------------------------------- Prophet
PROPHET_CAST = {**SEALED, **WITCHES, "police_officer": "prophet", "girl_student": "person", "journalist": "person"}
PROPHET = ("the_sealed_item", ["worshippers_of_the_apocalypse", "witches_tea_time"])


def test_prophet_takes_no_mastermind_cards():
    """Seed 001, Prophet: [mandatory, Mastermind action step] the Mastermind cannot place cards on it."""
    s = mz(*PROPHET, PROPHET_CAST, [{"day": 3, "incident": "suicide", "culprit": "girl_student"}])
    g = start(s)
    assert pending(g).seat == "mastermind"
    assert "police_officer" not in {o["target"] for o in options(g)}
    for card, target in [("paranoia_plus_1", "journalist"), ("intrigue_plus_1", "city"), ("paranoia_minus_1", "school")]:
        answer(g, "place_card", {"card": card, "target": target})
    assert "police_officer" in {o["target"] for o in options(g)}  # the Protagonists may


@pytest.mark.parametrize("culprit_at,occurs", [("city", False), ("school", True)])
def test_prophet_stops_incidents_of_other_culprits_in_its_location(culprit_at, occurs):
    """Seed 001, Prophet: [mandatory, incident step] another culprit in this location does not trigger."""
    s = mz(*PROPHET, PROPHET_CAST, [{"day": 1, "incident": "suicide", "culprit": "girl_student"}])
    g = start(s, {"phase": "incident", "characters": {"girl_student": {"at": culprit_at, "paranoia": 3}}})
    assert (g.occurred == [0]) is occurs


def test_prophet_does_not_stop_its_own_incidents():
    s = mz(*PROPHET, PROPHET_CAST, [{"day": 1, "incident": "suicide", "culprit": "girl_student"},
                                    {"day": 2, "incident": "suicide", "culprit": "police_officer"}])
    g = start(s, {"day": 2, "phase": "incident", "characters": {"police_officer": {"paranoia": 3}}})
    assert died(g) == ["police_officer"]


def test_dead_prophet_stops_nothing():
    """Ruling prophet-alive: only a living Prophet on the board stops an incident; a corpse does not."""
    s = mz(*PROPHET, PROPHET_CAST, [{"day": 1, "incident": "suicide", "culprit": "girl_student"}])
    g = start(s, {"phase": "incident", "characters": {"girl_student": {"at": "city", "paranoia": 3},
                                                      "police_officer": {"dead": True}}})
    assert g.occurred == [0] and died(g) == ["girl_student"]


def test_prophet_stops_even_an_obstinate_culprit():
    """Ruling prophet-vs-obstinate: the Prophet's "does not trigger" wins over the Obstinate's
    "always triggers" (the Obstinate's rule replaces only the Paranoia test)."""
    cast = {**SEALED, "police_officer": "prophet", "girl_student": "obstinate", "boy_student": "friend", "journalist": "person"}
    s = mz("the_sealed_item", ["worshippers_of_the_apocalypse", "love_hate_spiral"], cast,
           [{"day": 1, "incident": "suicide", "culprit": "girl_student"}])
    g = start(s, {"phase": "incident", "characters": {"girl_student": {"at": "city"}}})
    assert g.occurred == [] and died(g) == []


# ---------------------------------------------------------------- Immortal
def test_immortal_cannot_die():
    """Seed 001, Immortal: [mandatory, always] this character cannot die."""
    s = mz(*SEALED_SHOW, SEALED_SHOW_CAST, incidents=[{"day": 1, "incident": "suicide", "culprit": "godly_being"}])
    g = start(s, {"phase": "incident", "characters": {"godly_being": {"paranoia": 3}}})
    assert g.occurred == [0] and g.chars["godly_being"].alive and died(g) == []
