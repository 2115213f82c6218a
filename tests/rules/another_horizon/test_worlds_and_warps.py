"""Another Horizon's Extra Gauge, its two worlds and Warps (seed 000, "Extra Gauge: Parallel Worlds",
"Warping", "1x∞ Goodwill Abilities and Warping")."""

from __future__ import annotations

from scriptkeeper.tragedy_looper.views import build_view
from tests.helpers import answer, died, event_types, pending, start, use

from .ah import finish_day, gauge_moves, mirrors, rule_script, warps

SOLO = {"boy_student": "l_person_d_serial_killer", "class_rep": "person", "soldier": "person", "journalist": "gossip",
        "nurse": "person"}
DISTORTION_DAY_2 = {"day": 2, "incident": "dimensional_distortion", "culprit": "nurse"}
SINGULARITY_DAY_2 = {"day": 2, "incident": "the_singularity", "culprit": "nurse"}


def test_the_extra_gauge_is_0_at_every_loop_start():
    """Seed 000, Extra Gauge: at the start of each loop, set the Extra Gauge to 0."""
    g = start(mirrors(), {"loop": 1, "day": 6, "phase": "day_end", "gauges": {"extra": 2}})  # Light: The Forbidden Future wins the loop
    finish_day(g)
    assert g.loop == 2 and g.board.gauges == {"extra": 0}


def test_an_even_gauge_is_the_light_world_and_an_odd_one_the_dark_world():
    """Seed 000, Extra Gauge: even is the Light World, odd the Dark World; the view says which."""
    for value, world in ((0, "light"), (1, "dark"), (2, "light"), (3, "dark")):
        g = start(mirrors(), {"day": 1, "phase": "mastermind_abilities", "gauges": {"extra": value}})
        assert build_view(g, "protagonist1")["world"] == world and build_view(g, "protagonist1")["gauges"] == {"extra": value}


def test_several_warps_on_one_day_raise_the_gauge_by_exactly_1_at_its_end():
    """Seed 000, Warping: even if multiple Warps are triggered on the same day, the Gauge increases by 1."""
    g = start(rule_script(SOLO, [DISTORTION_DAY_2]), {"day": 2, "phase": "incident", "warps_today": 2})
    finish_day(g)
    assert len(warps(g)) == 1 and gauge_moves(g) == [1] and g.board.gauges["extra"] == 1
    assert event_types(g).index("warp") < event_types(g).index("gauge")  # the day's end, not the Warp, moves it


def test_the_warp_raises_the_gauge_before_every_other_day_end_effect_mandatory_ones_included():
    """Seed 000, Warping: the increase happens before any other Day-end effect, Mandatory ones included:
    the L: Person / D: Serial Killer kills at the end of the very day the Warp was triggered."""
    g = start(rule_script(SOLO, [DISTORTION_DAY_2]),
              {"day": 2, "phase": "incident", "characters": {"boy_student": {"at": "shrine"}, "class_rep": {"at": "shrine"}}})
    finish_day(g)
    assert died(g) == ["class_rep"]
    types = event_types(g)
    assert types.index("gauge") < types.index("death")


def test_without_a_warp_the_light_world_serial_killer_half_does_not_kill():
    g = start(rule_script(SOLO), {"day": 2, "phase": "day_end", "characters": {"boy_student": {"at": "shrine"}, "class_rep": {"at": "shrine"}}})
    finish_day(g)
    assert died(g) == [] and g.board.gauges["extra"] == 0


def test_every_use_of_a_1x_infinity_goodwill_ability_triggers_a_warp():
    """Seed 000, 1x∞ Goodwill Abilities and Warping: a Warp after each use by either side."""
    g = start(rule_script(SOLO), {"day": 1, "phase": "goodwill_abilities", "characters": {"soldier": {"goodwill": 2}}})
    use(g, "soldier:gw:0")
    answer(g, "choose_target", pending(g).options[0])
    assert len(warps(g)) == 1
    finish_day(g)
    assert g.board.gauges["extra"] == 1


def test_a_refused_1x_infinity_ability_triggers_no_warp():
    """Seed 000: a refused 1x∞ ability does not count as used (Rei), so nothing warps."""
    g = start(rule_script({**SOLO, "soldier": "brain"}), {"day": 1, "phase": "goodwill_abilities", "characters": {"soldier": {"goodwill": 2}}})
    use(g, "soldier:gw:0", refusal="refuse")
    assert warps(g) == []


def test_an_ability_that_is_not_1x_infinity_triggers_no_warp():
    g = start(rule_script(SOLO), {"day": 1, "phase": "goodwill_abilities", "characters": {"nurse": {"goodwill": 2}, "soldier": {"paranoia": 3}}})
    answer(g, "goodwill_ability", "nurse:gw:0")  # cannot be refused: nobody is asked
    assert warps(g) == []


def test_a_warp_whose_day_never_ends_stays_secret_for_ever():
    """Seed 000, Warping: the Mastermind need not announce a Warp; if the loop ends before that
    day's end it stays hidden. The Singularity warps and kills the Protagonists at once: no
    Protagonist ever sees the Warp, not even once the game is over; the Mastermind does."""
    g = start(rule_script(SOLO, [SINGULARITY_DAY_2], loops=1), {"day": 2, "phase": "incident", "characters": {"nurse": {"paranoia": 3}}})
    assert "protagonists_die" in event_types(g) and len(warps(g)) == 1
    while g.pending is not None:  # the Final Guess
        answer(g, "final_guess", "person")
    assert g.result is not None and "gauge" not in event_types(g)
    for seat in ("protagonist1", "protagonist2", "protagonist3", "observer"):
        view = build_view(g, seat)
        assert all(e["type"] != "warp" for e in view["events"])
        assert all("Warp" not in str(line) for line in view["log"])
    assert any(e["type"] == "warp" for e in build_view(g, "mastermind")["events"])


def test_a_first_warp_during_the_day_end_phase_raises_the_gauge_when_the_phase_is_over():
    """docs/rulings.md ah-warp-during-day-end: the Gossip killed at day end may warp; that day's
    Warp still raises the gauge, once the other day-end effects are done."""
    g = start(rule_script({**SOLO, "boy_student": "serial_killer"}),
              {"day": 2, "phase": "day_end", "characters": {"boy_student": {"at": "city"}}})
    assert died(g) == ["journalist"]
    answer(g, "trigger_warp", "warp")
    finish_day(g)
    assert gauge_moves(g) == [1] and event_types(g).index("death") < event_types(g).index("gauge")


def test_a_1x_infinity_ability_the_little_sister_borrows_triggers_a_warp():
    """docs/rulings.md ah-little-sister: the Soldier's 1x∞ Goodwill 2, used through the Little Sister, is spent and warps."""
    g = start(rule_script({"little_sister": "person", "soldier": "person", "nurse": "person"}),
              {"day": 1, "phase": "goodwill_abilities", "characters": {"little_sister": {"goodwill": 5, "at": "hospital"}}})
    answer(g, "goodwill_ability", "little_sister:gw:0")  # cannot be refused
    if pending(g).kind == "choose_ability":
        answer(g, "choose_ability", "soldier:gw:0")
    if pending(g).kind == "choose_target":
        answer(g, "choose_target", "nurse")
    assert any(e.type == "goodwill_borrowed" for e in g.events) and len(warps(g)) == 1
