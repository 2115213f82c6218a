"""Plot rules of Basic Tragedy (rules-notes section 6): The Sealed Item, Sign with me!, Change of Future,
Giant Time Bomb X, Paranoia Virus, Threads of Fate. Role-only plots are checked in
test_plots_script_creation.py; An Unsettling Rumor in test_plots_first_steps.py."""

from __future__ import annotations

from typing import Any

from tests.helpers import answer, died, make_script, pending, reasons, start, texts

BT: dict[str, Any] = {"set": "basic_tragedy", "loops": 3, "days": 4, "incidents": []}
LOVE_RUMOR = ["a_love_affair", "an_unsettling_rumor"]
LOVERS = {"boy_student": "lover", "class_rep": "loved_one", "police_officer": "conspiracy_theorist"}

SEALED_ITEM = {**BT, "main_plot": "the_sealed_item", "subplots": LOVE_RUMOR,
               "cast": {"doctor": "brain", "shrine_maiden": "cultist", **LOVERS, "girl_student": "person"}}
SIGN_WITH_ME = {**BT, "main_plot": "sign_with_me", "subplots": LOVE_RUMOR,
                "cast": {"girl_student": "key_person", **LOVERS, "doctor": "person", "shrine_maiden": "person"}}
CHANGE_OF_FUTURE = {**BT, "main_plot": "change_of_future", "subplots": LOVE_RUMOR,
                    "cast": {"office_worker": "time_traveler", "shrine_maiden": "cultist", **LOVERS, "nurse": "person"},
                    "incidents": [{"day": 2, "incident": "butterfly_effect", "culprit": "nurse"}]}
TIME_BOMB = {**BT, "main_plot": "giant_time_bomb_x", "subplots": LOVE_RUMOR,
             "cast": {"shrine_maiden": "witch", **LOVERS, "doctor": "person"}}
VIRUS = {**BT, "main_plot": "murder_plan", "subplots": ["a_love_affair", "paranoia_virus"],
         "cast": {"girl_student": "key_person", "office_worker": "killer", "doctor": "brain", **LOVERS,
                  "nurse": "person", "shrine_maiden": "person"}}
THREADS = {**BT, "main_plot": "sign_with_me", "subplots": ["threads_of_fate", "an_unsettling_rumor"],
           "cast": {"girl_student": "key_person", "police_officer": "conspiracy_theorist", "doctor": "person",
                    "boy_student": "person", "nurse": "person"}}


def lost(g, plot_name: str) -> bool:
    return bool(g.loop_results) and g.loop_results[0].lost and any(plot_name in r for r in reasons(g, 0))


def won(g) -> bool:
    return g.result is not None and g.result.winner == "protagonists"


# ---------------------------------------------------------------- The Sealed Item
def test_sealed_item_two_intrigue_on_the_shrine_loses():
    """Rules-notes section 6 (The Sealed Item): loop end, 2+ Intrigue on the Shrine."""
    g = start(make_script(SEALED_ITEM), {"phase": "loop_end", "locations": {"shrine": {"intrigue": 2}}})
    assert lost(g, "The Sealed Item")


def test_sealed_item_one_intrigue_on_the_shrine_is_safe():
    """Rules-notes section 6 (The Sealed Item): fewer than 2, no loss."""
    g = start(make_script(SEALED_ITEM), {"phase": "loop_end", "locations": {"shrine": {"intrigue": 1}, "school": {"intrigue": 3}}})
    assert won(g)


# ---------------------------------------------------------------- Sign with me!
def test_sign_with_me_two_intrigue_on_the_key_person_loses():
    """Rules-notes section 6 (Sign with me!): loop end, 2+ Intrigue on the Key Person."""
    g = start(make_script(SIGN_WITH_ME), {"phase": "loop_end", "characters": {"girl_student": {"intrigue": 2}}})
    assert lost(g, "Sign with me!")


def test_sign_with_me_one_intrigue_on_the_key_person_is_safe():
    """Rules-notes section 6 (Sign with me!): fewer than 2 on the Key Person; Intrigue elsewhere does not count."""
    g = start(make_script(SIGN_WITH_ME), {"phase": "loop_end", "characters": {"girl_student": {"intrigue": 1},
                                                                             "doctor": {"intrigue": 3}}})
    assert won(g)


# ---------------------------------------------------------------- Change of Future
def test_change_of_future_loses_when_butterfly_effect_occurred():
    """Rules-notes section 6 (Change of Future): loop end, the Butterfly Effect occurred this loop."""
    g = start(make_script(CHANGE_OF_FUTURE), {"day": 4, "phase": "loop_end", "occurred": [2]})
    assert lost(g, "Change of Future")


def test_change_of_future_is_safe_when_butterfly_effect_did_not_occur():
    """Rules-notes section 6 (Change of Future): scheduled but not occurred is no loss."""
    g = start(make_script(CHANGE_OF_FUTURE), {"day": 4, "phase": "loop_end"})
    assert won(g)


def test_change_of_future_counts_a_butterfly_effect_occurring_in_play():
    """Rules-notes sections 4 and 6: the incident occurs (culprit at its limit) and the loop is lost at its end."""
    s = make_script(CHANGE_OF_FUTURE, days=2)
    g = start(s, {"day": 2, "phase": "incident", "characters": {"nurse": {"paranoia": 3}}})
    answer(g, "choose_effect", 0)  # the Nurse is alone in the Hospital: she gets the counter
    answer(g, "day_end_ability", "done")
    assert lost(g, "Change of Future")


# ---------------------------------------------------------------- Giant Time Bomb X
def test_giant_time_bomb_two_intrigue_on_the_witchs_starting_location_loses():
    """Rules-notes section 6 (Giant Time Bomb X): loop end, 2+ Intrigue on the Witch's starting location."""
    g = start(make_script(TIME_BOMB), {"phase": "loop_end", "locations": {"shrine": {"intrigue": 2}},
                                       "characters": {"shrine_maiden": {"at": "school"}}})
    assert lost(g, "Giant Time Bomb X")


def test_giant_time_bomb_ignores_where_the_witch_is_now():
    """Rules-notes section 6 (Giant Time Bomb X): the starting location, not the current one."""
    g = start(make_script(TIME_BOMB), {"phase": "loop_end", "locations": {"school": {"intrigue": 2}},
                                       "characters": {"shrine_maiden": {"at": "school"}}})
    assert won(g)


# ---------------------------------------------------------------- Paranoia Virus
def test_paranoia_virus_person_with_three_paranoia_is_a_serial_killer():
    """Rules-notes section 6 (Paranoia Virus): every Person with 3+ Paranoia is a Serial Killer."""
    g = start(make_script(VIRUS), {"phase": "day_end", "characters": {"nurse": {"paranoia": 3}}})
    assert died(g) == ["doctor"]  # the Nurse and the Doctor alone in the Hospital


def test_paranoia_virus_person_with_two_paranoia_is_still_a_person():
    """Rules-notes section 6 (Paranoia Virus): below 3 Paranoia nothing changes."""
    g = start(make_script(VIRUS), {"phase": "day_end", "characters": {"nurse": {"paranoia": 2}}})
    assert died(g) == []


def test_paranoia_virus_changes_only_persons():
    """Rules-notes section 6 (Paranoia Virus): a character with another role does not become a Serial Killer."""
    g = start(make_script(VIRUS), {"phase": "day_end", "characters": {"doctor": {"paranoia": 3}, "nurse": {"at": "city"}}})
    assert died(g) == []


def test_paranoia_virus_is_evaluated_continuously():
    """Ruling (Paranoia Virus is evaluated continuously): back below 3 Paranoia, the Person no longer kills."""
    g = start(make_script(VIRUS), {"phase": "resolution", "characters": {"nurse": {"paranoia": 3}},
                                   "cards": [{"by": "protagonist1", "card": "paranoia_minus_1", "target": "nurse"}]})
    answer(g, "mastermind_ability", "done")
    assert pending(g).kind == "day_end_ability" and died(g) == []


def test_paranoia_virus_serial_killer_keeps_the_person_role_for_the_final_guess():
    """Rules-notes section 6: the plot changes what the character does, the script's role stays Person."""
    from scriptkeeper.tragedy_looper.query import effective_role, script_role

    g = start(make_script(VIRUS), {"phase": "day_end", "characters": {"nurse": {"paranoia": 3}, "doctor": {"at": "city"}}})
    assert effective_role(g, "nurse") == "serial_killer" and script_role(g, "nurse") == "person"


def test_paranoia_virus_notes6_role_reveal_announces_the_serial_killer_the_virus_made():
    """Rules-notes section 6 (Paranoia Virus) with seed 002's Shrine Maiden (Goodwill 5: reveal the
    role of a character here). Ruling paranoia-virus-continuous: every reveal, refusal and check reads
    the same role, the one held now, so a Person with 3 Paranoia is announced as a Serial Killer."""
    from scriptkeeper.tragedy_looper.query import refusal

    g = start(make_script(VIRUS), {"phase": "goodwill_abilities", "characters": {
        "shrine_maiden": {"goodwill": 5}, "nurse": {"at": "shrine", "paranoia": 3}}})
    assert refusal(g, "nurse") == "none"  # the Serial Killer's: none
    answer(g, "goodwill_ability", "shrine_maiden:gw:1")
    answer(g, "goodwill_refusal", "allow")
    answer(g, "choose_target", "nurse")
    assert g.revealed_roles["nurse"] == "serial_killer"
    assert "Nurse's role is Serial Killer." in texts(g) or any("Serial Killer" in t and "Nurse" in t for t in texts(g))


def test_paranoia_virus_notes6_role_reveal_below_three_paranoia_announces_person():
    """The same reveal with 2 Paranoia: the Nurse is a Person again, and is announced so."""
    g = start(make_script(VIRUS), {"phase": "goodwill_abilities", "characters": {
        "shrine_maiden": {"goodwill": 5}, "nurse": {"at": "shrine", "paranoia": 2}}})
    answer(g, "goodwill_ability", "shrine_maiden:gw:1")
    answer(g, "goodwill_refusal", "allow")
    answer(g, "choose_target", "nurse")
    assert g.revealed_roles["nurse"] == "person"


# ---------------------------------------------------------------- Threads of Fate
def test_threads_of_fate_gives_two_paranoia_to_those_with_goodwill_at_the_end_of_the_last_loop():
    """Rules-notes section 6 (Threads of Fate): loop start, +2 Paranoia."""
    g = start(make_script(THREADS), {"phase": "loop_end", "characters": {"girl_student": {"intrigue": 2},
                                                                        "boy_student": {"goodwill": 1},
                                                                        "doctor": {"goodwill": 3, "dead": True}}})
    answer(g, "next_loop_or_final_guess", "next_loop")
    assert g.loop == 2
    assert g.chars["boy_student"].counters == {"paranoia": 2, "goodwill": 0, "intrigue": 0, "guard": 0, "hope": 0, "despair": 0}
    assert g.chars["doctor"].counters["paranoia"] == 2  # a corpse's Goodwill counts too
    assert g.chars["nurse"].counters["paranoia"] == 0 and g.chars["girl_student"].counters["paranoia"] == 0


def test_threads_of_fate_does_nothing_in_the_first_loop():
    """Rules-notes section 6 (Threads of Fate): there is no previous loop before the first."""
    g = start(make_script(THREADS))
    assert all(c.counters["paranoia"] == 0 for c in g.chars.values())
