"""Every rules value of the base roles pinned, one step each side (seed 002 role table; rules-notes
section 7; issue 12, tools/mutate_rules.py). The values are written from the sources."""

from __future__ import annotations

from typing import Any

import pytest

from scriptkeeper.tragedy_looper.script import script_from_dict
from tests.helpers import answer, options, pending, start


def partial(set_id: str, cast: dict[str, Any], main: str = "murder_plan", subplots: tuple[str, ...] = (), **kw: Any) -> Any:
    return script_from_dict({"set": set_id, "partial": True, "main_plot": main, "subplots": list(subplots), "loops": 2,
                             "days": 2, "cast": cast, "incidents": [], **kw})


KILLER = {"girl_student": "key_person", "office_worker": "killer", "doctor": "person"}


@pytest.mark.parametrize("intrigue,offered", [(2, True), (1, False)])
def test_killer_seed002_kills_the_key_person_here_with_two_intrigue(intrigue, offered):
    g = start(partial("first_steps", KILLER), {"phase": "day_end", "characters": {"girl_student": {"at": "city", "intrigue": intrigue},
                                                                                 "doctor": {"at": "city", "intrigue": 2}}})
    assert ("office_worker:killer:0" in options(g)) is offered
    if offered:  # the Key Person is the one target: a Person with 2 Intrigue is not
        answer(g, "day_end_ability", "office_worker:killer:0")
        assert [e.data["character"] for e in g.events if e.type == "death"] == ["girl_student"]  # the loop ends at once


def test_killer_seed002_key_person_elsewhere_is_safe():
    g = start(partial("first_steps", KILLER), {"phase": "day_end", "characters": {"girl_student": {"intrigue": 2}}})
    assert "office_worker:killer:0" not in options(g)


@pytest.mark.parametrize("intrigue,offered", [(4, True), (3, False)])
def test_killer_seed002_with_four_intrigue_kills_the_protagonists(intrigue, offered):
    g = start(partial("first_steps", KILLER), {"phase": "day_end", "characters": {"office_worker": {"intrigue": intrigue}}})
    assert ("office_worker:killer:1" in options(g)) is offered


def test_brain_seed002_places_one_intrigue_here_as_a_mastermind_ability():
    g = start(partial("first_steps", {"doctor": "brain", "nurse": "person", "girl_student": "person"}), {"phase": "mastermind_abilities"})
    answer(g, "mastermind_ability", "doctor:brain:0")
    assert set(options(g)) == {"hospital", "doctor", "nurse"}
    answer(g, "choose_target", "hospital")
    assert g.locations["hospital"]["intrigue"] == 1


def test_conspiracy_theorist_seed002_places_one_paranoia_on_a_character_here():
    g = start(partial("first_steps", {"doctor": "conspiracy_theorist", "nurse": "person", "girl_student": "person"}),
              {"phase": "mastermind_abilities"})
    answer(g, "mastermind_ability", "doctor:conspiracy_theorist:0")
    assert set(options(g)) == {"doctor", "nurse"}
    answer(g, "choose_target", "nurse")
    assert g.chars["nurse"].counters["paranoia"] == 1


@pytest.mark.parametrize("role,cap", [("conspiracy_theorist", 1), ("friend", 2)])
def test_role_maximum_rules_notes_7(role, cap):
    """Rules-notes section 7: at most 1 Conspiracy Theorist, at most 2 Friends in a script."""
    from scriptkeeper.tragedy_looper.script import check_script

    names = ["doctor", "nurse", "girl_student"]
    for n, broken in ((cap, False), (cap + 1, True)):
        cast = {ch: (role if i < n else "person") for i, ch in enumerate(names)}
        _, problems = check_script({"set": "basic_tragedy", "partial": False, "main_plot": "murder_plan",
                                    "subplots": ["a_love_affair", "an_unsettling_rumor"], "loops": 2, "days": 2,
                                    "cast": cast, "incidents": []})
        assert ("role-maximum" in {p.rule for p in problems}) is broken, n


@pytest.mark.parametrize("goodwill,offered", [(2, True), (3, False)])
def test_time_traveler_seed002_last_day_loss_with_two_or_fewer_goodwill(goodwill, offered):
    s = partial("basic_tragedy", {"office_worker": "time_traveler", "doctor": "person"}, main="change_of_future")
    g = start(s, {"day": 2, "phase": "day_end", "characters": {"office_worker": {"goodwill": goodwill}}})
    assert ("office_worker:time_traveler:0" in options(g)) is offered
    g = start(s, {"day": 1, "phase": "day_end", "characters": {"office_worker": {"goodwill": goodwill}}})
    assert "office_worker:time_traveler:0" not in options(g)  # only on the last day


@pytest.mark.parametrize("paranoia,intrigue,offered", [(3, 1, True), (2, 1, False), (3, 0, False)])
def test_loved_one_seed002_three_paranoia_and_one_intrigue_kill_the_protagonists(paranoia, intrigue, offered):
    s = partial("basic_tragedy", {"boy_student": "lover", "girl_student": "loved_one"}, main="murder_plan", subplots=("a_love_affair",))
    g = start(s, {"phase": "day_end", "characters": {"girl_student": {"paranoia": paranoia, "intrigue": intrigue}}})
    assert ("girl_student:loved_one:1" in options(g)) is offered


@pytest.mark.parametrize("dies,gets", [("boy_student", "girl_student"), ("girl_student", "boy_student")])
def test_lovers_seed002_partner_gets_exactly_six_paranoia(dies, gets):
    s = partial("basic_tragedy", {"boy_student": "lover", "girl_student": "loved_one", "doctor": "person"},
                subplots=("a_love_affair",), incidents=[{"day": 1, "incident": "suicide", "culprit": dies}])
    g = start(s, {"phase": "incident", "characters": {dies: {"paranoia": 3}, gets: {"at": "city"}}})
    assert not g.chars[dies].alive and g.chars[gets].counters["paranoia"] == 6


@pytest.mark.parametrize("where,intrigue,gains", [("school", 2, "conspiracy_theorist"), ("school", 1, None),
                                                  ("city", 2, "key_person"), ("city", 1, None)])
def test_factor_seed002_gains_an_ability_with_two_intrigue_on_the_school_or_the_city(where, intrigue, gains):
    from scriptkeeper.tragedy_looper.query import roles_of

    s = partial("basic_tragedy", {"pop_idol": "factor", "doctor": "person"}, subplots=("unknown_factor_chi",))
    g = start(s, {"phase": "mastermind_abilities", "locations": {where: {"intrigue": intrigue}}})
    assert roles_of(g, "pop_idol") == ["factor"] + ([gains] if gains else [])


def test_friend_seed002_revealed_gets_one_goodwill_at_loop_start():
    s = partial("first_steps", {"class_rep": "friend", "doctor": "person"})
    g = start(s, {"loop": 2, "phase": "loop_start", "revealed_roles": {"class_rep": "friend"}})
    assert g.chars["class_rep"].counters["goodwill"] == 1
    g = start(s, {"loop": 2, "phase": "loop_start"})
    assert g.chars["class_rep"].counters["goodwill"] == 0


def test_friend_seed002_dead_at_loop_end_loses_and_is_revealed():
    g = start(partial("first_steps", {"class_rep": "friend", "doctor": "person"}), {"phase": "loop_end", "characters": {"class_rep": {"dead": True}}})
    assert g.loop_results[0].lost and g.revealed_roles["class_rep"] == "friend"
    g = start(partial("first_steps", {"class_rep": "friend", "doctor": "person"}), {"phase": "loop_end"})
    assert not g.loop_results[0].lost


def test_serial_killer_seed002_is_mandatory_at_day_end():
    g = start(partial("first_steps", {"doctor": "serial_killer", "nurse": "person"}), {"phase": "day_end"})
    assert not g.chars["nurse"].alive and "doctor:serial_killer:0" not in options(g)


# ---------------------------------------------------------------- Midnight Zone roles (seed 001)
@pytest.mark.parametrize("intrigue,offered", [(2, True), (1, False)])
def test_ninja_seed001_day_end_kill_needs_two_intrigue(intrigue, offered):
    s = partial("midnight_zone", {"doctor": "ninja", "nurse": "person"}, main="the_devils_hand")
    g = start(s, {"phase": "day_end", "characters": {"nurse": {"intrigue": intrigue}}})
    assert ("doctor:ninja:0" in options(g)) is offered


def test_ninja_seed001_kill_is_only_here():
    s = partial("midnight_zone", {"doctor": "ninja", "nurse": "person"}, main="the_devils_hand")
    g = start(s, {"phase": "day_end", "characters": {"nurse": {"at": "city", "intrigue": 2}}})
    assert "doctor:ninja:0" not in options(g)


@pytest.mark.parametrize("paranoia,offered", [(1, True), (0, False)])
def test_magician_seed001_moves_a_character_with_one_paranoia_here(paranoia, offered):
    s = partial("midnight_zone", {"doctor": "magician", "nurse": "person", "office_worker": "person"}, main="the_sealed_item")
    g = start(s, {"phase": "mastermind_abilities", "characters": {"nurse": {"paranoia": paranoia},
                                                                  "office_worker": {"paranoia": 1}}})
    assert ("doctor:magician:0" in options(g)) is offered  # the Office Worker, elsewhere, does not count


def test_magician_seed001_move_is_a_mastermind_ability_once_per_loop():
    s = partial("midnight_zone", {"doctor": "magician", "nurse": "person"}, main="the_sealed_item")
    g = start(s, {"day": 2, "phase": "mastermind_abilities", "characters": {"nurse": {"paranoia": 1}},
                  "abilities_used_this_loop": ["doctor:magician:0"]})
    assert "doctor:magician:0" not in options(g)


def test_obstinate_seed001_always_triggers_and_prophet_vetoes_here():
    s = partial("midnight_zone", {"doctor": "obstinate", "nurse": "prophet", "office_worker": "person"}, main="the_sealed_item",
                incidents=[{"day": 1, "incident": "suicide", "culprit": "doctor"}, {"day": 2, "incident": "suicide", "culprit": "office_worker"}])
    g = start(s, {"phase": "incident", "characters": {"nurse": {"at": "city"}}})
    assert g.occurred == [0]  # no Paranoia at all: the Obstinate's incident occurs
    g = start(s, {"phase": "incident"})
    assert g.occurred == []  # the Prophet stands with him
    g = start(s, {"day": 2, "phase": "incident", "characters": {"office_worker": {"paranoia": 2}}})
    assert g.occurred == [1]  # a Person at his limit, the Prophet elsewhere: it occurs
    g = start(s, {"day": 2, "phase": "incident", "characters": {"office_worker": {"paranoia": 1}}})
    assert g.occurred == []  # one below the Office Worker's limit (not Obstinate)


def test_immortal_seed001_cannot_die():
    s = partial("midnight_zone", {"doctor": "immortal", "nurse": "person"}, main="the_sealed_item",
                incidents=[{"day": 1, "incident": "suicide", "culprit": "doctor"}])
    g = start(s, {"phase": "incident", "characters": {"doctor": {"paranoia": 2}}})
    assert g.occurred == [0] and g.chars["doctor"].alive


def test_prophet_seed001_mastermind_may_not_place_cards_on_her():
    from scriptkeeper.tragedy_looper.cards import legal_targets

    s = partial("midnight_zone", {"doctor": "prophet", "nurse": "person"}, main="the_sealed_item")
    g = start(s, {"phase": "mastermind_cards"})
    assert "doctor" not in legal_targets(g, "mastermind") and "nurse" in legal_targets(g, "mastermind")


# ---------------------------------------------------------------- plot rules (rules-notes section 6)
@pytest.mark.parametrize("intrigue,lost", [(2, True), (1, False)])
def test_giant_time_bomb_x_notes6_two_intrigue_on_the_witchs_start(intrigue, lost):
    s = partial("basic_tragedy", {"doctor": "witch", "nurse": "person"}, main="giant_time_bomb_x")
    g = start(s, {"phase": "loop_end", "characters": {"doctor": {"at": "city"}}, "locations": {"hospital": {"intrigue": intrigue}}})
    assert g.loop_results[0].lost is lost


@pytest.mark.parametrize("set_id", ["first_steps", "basic_tragedy"])
def test_an_unsettling_rumor_notes6_one_intrigue_on_any_location_once_per_loop(set_id):
    s = partial(set_id, {"doctor": "conspiracy_theorist", "nurse": "person"}, subplots=("an_unsettling_rumor",))
    g = start(s, {"phase": "mastermind_abilities"})
    answer(g, "mastermind_ability", "plot:an_unsettling_rumor:0")
    answer(g, "choose_target", "school")
    assert g.locations["school"]["intrigue"] == 1
    assert "plot:an_unsettling_rumor:0" not in options(g)
    g = start(s, {"day": 2, "phase": "mastermind_abilities", "abilities_used_this_loop": ["plot:an_unsettling_rumor:0"]})
    assert "plot:an_unsettling_rumor:0" not in options(g)  # a later day of the same loop
