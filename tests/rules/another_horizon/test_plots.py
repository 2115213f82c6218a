"""Another Horizon's plots (seed 000, "Another Horizon: Main Plots", "Subplots")."""

from __future__ import annotations

from scriptkeeper.tragedy_looper.query import effective_role
from tests.helpers import answer, died, event_types, start

from .ah import finish_day, rule_script

CAST = {"nurse": "person", "doctor": "person", "office_worker": "person", "pop_idol": "person", "boy_student": "person"}
HANDS = ("protagonist1", "protagonist2", "protagonist3")


def _loop_lost(main: str, cast: dict | None = None, subplots: tuple[str, ...] = ("jekyll_and_hyde", "the_plaguebringer"),
               incidents: list | None = None, **sit) -> bool:
    g = start(rule_script(cast or CAST, incidents or [], main=main, subplots=subplots), {"day": 6, "phase": "day_end", **sit})
    finish_day(g)
    return g.loop_results[0].lost


def test_the_forbidden_future_the_protagonists_lose_in_the_light_world_at_loop_end():
    """Seed 000, The Forbidden Future: if the players are in the Light World at the end of the loop, the Protagonists lose."""
    assert _loop_lost("the_forbidden_future", gauges={"extra": 0})
    assert _loop_lost("the_forbidden_future", gauges={"extra": 2})
    assert not _loop_lost("the_forbidden_future", gauges={"extra": 1})


def test_the_forbidden_future_a_warp_on_the_last_day_counts_before_the_loop_ends():
    """The last day's Warp raises the gauge at that day's end, before the loop's end: Dark to Light, the loop is lost."""
    assert _loop_lost("the_forbidden_future", gauges={"extra": 1}, warps_today=1)


def test_fairy_tale_murderer_has_no_rule_of_its_own():
    """Seed 000, Fairy-Tale Murderer: Key Person, Lullaby, Brain; no additional rules."""
    assert not _loop_lost("fairy_tale_murderer", characters={"nurse": {"dead": True}})


def test_mother_goose_mystery_x_corpses_x_the_loop_number_at_most_3():
    """Seed 000, Mother Goose Mystery: X or more corpses at the end of the loop, X the loop number, at most 3."""
    assert _loop_lost("mother_goose_mystery", characters={"nurse": {"dead": True}})
    assert not _loop_lost("mother_goose_mystery")
    for loop, dead, lost in ((2, 1, False), (2, 2, True), (4, 2, False), (4, 3, True)):
        chars = {ch: {"dead": True} for ch in list(CAST)[:dead]}
        g = start(rule_script(CAST, [], main="mother_goose_mystery", loops=5), {"loop": loop, "day": 6, "phase": "day_end", "characters": chars})
        finish_day(g)
        assert g.loop_results[-1].lost == lost, (loop, dead)


def test_dimensional_merger_last_will_or_left_behind_this_loop_loses():
    """Seed 000, Dimensional Merger: if Last Will or Left Behind has triggered this loop, the Protagonists lose at loop end."""
    sched = [{"day": 1, "incident": "left_behind", "culprit": "nurse"}, {"day": 2, "incident": "last_will", "culprit": "doctor"},
             {"day": 3, "incident": "crime_of_passion", "culprit": "pop_idol"}]
    for days, lost in (([1], True), ([2], True), ([3], False), ([], False)):
        assert _loop_lost("dimensional_merger", incidents=sched, occurred=days) == lost, days


def test_into_nothingness_the_gauge_plus_the_obstinates_intrigue_3_or_more_loses():
    """Seed 000, Into Nothingness: if the Extra Gauge plus the Intrigue on the Obstinate added by this plot is 3 or more, the Protagonists lose."""
    cast = {**CAST, "nurse": "obstinate"}
    assert _loop_lost("into_nothingness", cast, gauges={"extra": 1}, characters={"nurse": {"intrigue": 2}})
    assert _loop_lost("into_nothingness", cast, gauges={"extra": 3})
    assert not _loop_lost("into_nothingness", cast, gauges={"extra": 1}, characters={"nurse": {"intrigue": 1}})
    # a Despair counter counts as Intrigue too (Rei); an Intrigue on someone else does not count
    assert _loop_lost("into_nothingness", cast, gauges={"extra": 2}, characters={"nurse": {"despair": 1}})
    assert not _loop_lost("into_nothingness", cast, gauges={"extra": 2}, characters={"doctor": {"intrigue": 3}})


def test_crossing_world_lines_despair_for_the_mastermind_in_even_loops_and_hope_in_the_final_one():
    """Seed 000, Crossing World Lines (as in Last Liar)."""
    script = rule_script(CAST, subplots=("crossing_world_lines", "jekyll_and_hyde"), loops=4)
    g = start(script, {"loop": 2, "phase": "loop_start"})
    assert g.hands.held["mastermind"].count("despair_plus_1") == 1
    g = start(script, {"loop": 4, "phase": "loop_start"})
    assert all("hope_plus_1" in g.hands.held[h] for h in HANDS)


def test_unspeakable_horrors_the_gauge_at_3_may_kill_the_protagonists_at_day_end():
    """Seed 000, Unspeakable Horrors: if the Extra Gauge is 3 or higher, at the end of the day, you may kill the Protagonists."""
    script = rule_script(CAST, subplots=("unspeakable_horrors", "jekyll_and_hyde"))
    g = start(script, {"day": 2, "phase": "day_end", "gauges": {"extra": 3}})
    answer(g, "day_end_ability", "plot:unspeakable_horrors:0")
    assert "protagonists_die" in event_types(g)
    g = start(script, {"day": 2, "phase": "day_end", "gauges": {"extra": 2}, "warps_today": 1})  # 3 once the day's Warp is counted
    assert "plot:unspeakable_horrors:0" in g.pending.options
    g = start(script, {"day": 2, "phase": "day_end", "gauges": {"extra": 2}})
    assert list(g.pending.options) == ["done"]


def test_hysteria_virus_in_the_dark_world_a_person_or_fragment_with_2_kinds_is_a_serial_killer():
    """Seed 000, Hysteria Virus: in the Dark World, characters whose original role was Person or Fragment
    and who have 2 or more kinds of counters are Serial Killers instead."""
    cast = {**CAST, "pop_idol": "fragment", "office_worker": "conspiracy_theorist"}
    script = rule_script(cast, subplots=("hysteria_virus", "jekyll_and_hyde"))
    two = {"paranoia": 1, "goodwill": 1}
    g = start(script, {"day": 1, "phase": "mastermind_abilities", "gauges": {"extra": 1},
                       "characters": {"nurse": two, "pop_idol": two, "office_worker": two, "doctor": {"paranoia": 3}}})
    assert [effective_role(g, c) for c in ("nurse", "pop_idol", "office_worker", "doctor")] == \
        ["serial_killer", "serial_killer", "conspiracy_theorist", "person"]
    g = start(script, {"day": 1, "phase": "mastermind_abilities", "characters": {"nurse": two}})
    assert effective_role(g, "nurse") == "person"  # the Light World


def test_hysteria_virus_serial_killer_strikes_at_day_end():
    cast = {**CAST, "pop_idol": "fragment", "office_worker": "conspiracy_theorist"}
    script = rule_script(cast, subplots=("hysteria_virus", "jekyll_and_hyde"))
    g = start(script, {"day": 1, "phase": "day_end", "gauges": {"extra": 1},
                       "characters": {"nurse": {"paranoia": 1, "intrigue": 1}, "doctor": {"at": "city"}}})
    finish_day(g)
    assert died(g) == []  # alone in the Hospital: nobody to kill
    g = start(script, {"day": 1, "phase": "day_end", "gauges": {"extra": 1}, "characters": {"nurse": {"paranoia": 1, "intrigue": 1}}})
    assert died(g) == ["doctor"]


def test_through_the_looking_glass_alice_must_be_a_girl():
    """Seed 000, Through the Looking-Glass: Alice must be a Girl."""
    from .ah import ah_data, problems

    base = {"girl_student": "key_person", "police_officer": "lullaby", "doctor": "brain", "boy_student": "l_conspiracy_theorist_d_serial_killer",
            "office_worker": "conspiracy_theorist"}
    assert problems(ah_data("fairy_tale_murderer", ["through_the_looking_glass", "crossing_world_lines"],
                            {**base, "shrine_maiden": "alice"})) == []
    assert "alice-must-be-a-girl" in problems(ah_data("fairy_tale_murderer", ["through_the_looking_glass", "crossing_world_lines"],
                                                      {**base, "nurse": "alice"}))
