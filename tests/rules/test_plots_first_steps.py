"""Plot rules of First Steps (rules-notes section 5; seed 004 "loss conditions"): Light of the Avenger,
A Place to Protect, An Unsettling Rumor. Plots that only add roles are checked in
test_plots_script_creation.py."""

from __future__ import annotations

from typing import Any

from tests.helpers import FS_BASE, answer, make_script, options, pending, place_cards, reasons, start

AVENGER: dict[str, Any] = {**FS_BASE, "main_plot": "light_of_the_avenger",
                           "cast": {**FS_BASE["cast"], "girl_student": "person", "office_worker": "person"}}

PLACE_TO_PROTECT: dict[str, Any] = {**FS_BASE, "main_plot": "a_place_to_protect",
                                    "cast": {**FS_BASE["cast"], "office_worker": "cultist", "doctor": "person"}}

RUMOR: dict[str, Any] = {**FS_BASE, "subplots": ["an_unsettling_rumor"],
                         "cast": {**FS_BASE["cast"], "shrine_maiden": "person"}}


def lost(g) -> bool:
    return bool(g.loop_results) and g.loop_results[0].lost


def won(g) -> bool:
    return g.result is not None and g.result.winner == "protagonists"


# ---------------------------------------------------------------- Light of the Avenger
def test_light_of_the_avenger_two_intrigue_on_the_brains_starting_location_loses():
    """Rules-notes section 5 (Light of the Avenger): loop end, 2+ Intrigue on the Brain's starting location."""
    g = start(make_script(AVENGER), {"phase": "loop_end", "locations": {"hospital": {"intrigue": 2}},
                                     "characters": {"doctor": {"at": "city"}}})
    assert lost(g) and any("Light of the Avenger" in r for r in reasons(g, 0))


def test_light_of_the_avenger_counts_the_start_not_where_the_brain_is_now():
    """Rules-notes section 5 (Light of the Avenger): the starting location, not the current one."""
    g = start(make_script(AVENGER), {"phase": "loop_end", "locations": {"city": {"intrigue": 3}, "hospital": {"intrigue": 1}},
                                     "characters": {"doctor": {"at": "city"}}})
    assert won(g)


def test_light_of_the_avenger_uses_the_henchmans_chosen_start():
    """Rules-notes section 5 and seed 002 (Henchman): a Brain whose start the Mastermind chose this loop."""
    s = make_script(AVENGER, loops=1, days=1, cast={**AVENGER["cast"], "doctor": "person", "henchman": "brain"})
    g = start(s)
    answer(g, "starting_location", "shrine")
    place_cards(g, [("intrigue_plus_2", "shrine"), ("paranoia_plus_1", "hospital"), ("paranoia_minus_1", "city")],
                [("paranoia_plus_1", "hospital"), ("paranoia_plus_1", "city"), ("paranoia_plus_1", "school")])
    answer(g, "mastermind_ability", "done")
    answer(g, "day_end_ability", "done")
    assert g.locations["shrine"]["intrigue"] == 2
    assert g.result is not None and g.result.winner == "mastermind"
    assert any("Light of the Avenger" in r for r in reasons(g, 0))


# ---------------------------------------------------------------- A Place to Protect
def test_a_place_to_protect_two_intrigue_on_the_school_loses():
    """Rules-notes section 5 (A Place to Protect): loop end, 2+ Intrigue on the School."""
    g = start(make_script(PLACE_TO_PROTECT), {"phase": "loop_end", "locations": {"school": {"intrigue": 2}}})
    assert lost(g) and any("A Place to Protect" in r for r in reasons(g, 0))


def test_a_place_to_protect_one_intrigue_on_the_school_is_safe():
    """Rules-notes section 5 (A Place to Protect): fewer than 2, no loss."""
    g = start(make_script(PLACE_TO_PROTECT), {"phase": "loop_end", "locations": {"school": {"intrigue": 1}, "city": {"intrigue": 4}}})
    assert won(g)


def test_loss_condition_is_checked_at_loop_end_not_during_the_day():
    """Seed 002 6-2: plot loss conditions are checked at loop end; the day goes on."""
    g = start(make_script(PLACE_TO_PROTECT), {"phase": "day_end", "locations": {"school": {"intrigue": 2}}})
    assert pending(g).kind == "day_end_ability" and not g.loop_results
    answer(g, "day_end_ability", "done")
    assert (g.loop, g.day) == (1, 2)


def test_loop_end_loss_is_checked_after_an_immediate_loss_too():
    """Ruling (loop-end loss checks run even after an immediate loss): both reasons are recorded."""
    s = make_script(PLACE_TO_PROTECT, incidents=[{"day": 1, "incident": "suicide", "culprit": "girl_student"}])
    g = start(s, {"phase": "incident", "locations": {"school": {"intrigue": 2}}, "characters": {"girl_student": {"paranoia": 3}}})
    found = reasons(g, 0)
    assert any("Key Person" in r for r in found) and any("A Place to Protect" in r for r in found)


# ---------------------------------------------------------------- An Unsettling Rumor
def test_unsettling_rumor_places_intrigue_on_any_location():
    """Rules-notes section 5 (An Unsettling Rumor: Mastermind ability, +1 Intrigue on any location)."""
    g = start(make_script(RUMOR), {"phase": "mastermind_abilities"})
    key = "plot:an_unsettling_rumor:0"
    answer(g, "mastermind_ability", key)
    assert options(g) == ["hospital", "shrine", "city", "school"]
    answer(g, "choose_target", "shrine")
    assert g.locations["shrine"]["intrigue"] == 1
    assert key not in options(g)


def test_unsettling_rumor_is_once_per_loop():
    """Rules-notes section 5 (An Unsettling Rumor: once per loop): not offered again the next day."""
    g = start(make_script(RUMOR), {"phase": "mastermind_abilities"})
    key = "plot:an_unsettling_rumor:0"
    answer(g, "mastermind_ability", key)
    answer(g, "choose_target", "school")
    answer(g, "mastermind_ability", "done")
    answer(g, "day_end_ability", "done")
    place_cards(g, [("paranoia_plus_1", "hospital"), ("paranoia_plus_1", "shrine"), ("paranoia_minus_1", "city")],
                [("paranoia_plus_1", "hospital"), ("paranoia_plus_1", "shrine"), ("paranoia_plus_1", "school")])
    assert g.day == 2 and pending(g).kind == "mastermind_ability"
    assert key not in options(g) and "doctor:brain:0" in options(g)


def test_unsettling_rumor_is_optional():
    """Rules-notes section 5 (An Unsettling Rumor): a Mastermind ability the Mastermind may skip."""
    g = start(make_script(RUMOR), {"phase": "mastermind_abilities"})
    assert "plot:an_unsettling_rumor:0" in options(g) and "done" in options(g)
    answer(g, "mastermind_ability", "done")
    assert all(v["intrigue"] == 0 for v in g.locations.values())
