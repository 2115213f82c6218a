"""Two-player mode (seed 002 "game components": with two players, one Mastermind and one Protagonist
who holds the Leader for good and all the Protagonist cards).

Every Protagonist decision goes to seat protagonist1, which plays the three Protagonist hands:
three cards a day, one from each hand, still on three different targets.
"""

from typing import Any

from scriptkeeper.tragedy_looper import engine
from tests.helpers import answer, make_script, pending, render, start

LOCS = ("hospital", "shrine", "city", "school")
BT_CAST = {"girl_student": "key_person", "office_worker": "killer", "doctor": "brain",
           "police_officer": "conspiracy_theorist", "boy_student": "person", "shrine_maiden": "person"}
BT = dict(set="basic_tragedy", main_plot="murder_plan", subplots=["an_unsettling_rumor", "threads_of_fate"], cast=BT_CAST)
MM_BLUFFS = [("paranoia_plus_1", "hospital"), ("paranoia_plus_1", "shrine"), ("forbid_goodwill", "city")]


def test_two_player_protagonist_plays_three_cards_a_day():
    """Seed 002: the single Protagonist holds every Protagonist card and plays the three hands."""
    g = start(situation={"phase": "protagonist_cards"}, players=2)
    seen = []
    for target in ("boy_student", "girl_student", "school"):
        d = pending(g)
        assert (d.kind, d.seat) == ("place_card", "protagonist1")
        seen.append(render(g, d.prompt).split(":")[0])
        assert target in {o["target"] for o in d.options}
        answer(g, "place_card", {"card": "goodwill_plus_2", "target": target})
    assert seen == ["Protagonist 1 (Leader)", "Protagonist 2", "Protagonist 3"]
    assert g.chars["boy_student"].counters["goodwill"] == 2 and g.chars["girl_student"].counters["goodwill"] == 2
    assert pending(g).kind == "mastermind_ability"


def test_two_player_hands_still_take_different_targets():
    """Seed 002: Protagonist cards may not overlap, even when one player plays them all."""
    g = start(situation={"phase": "protagonist_cards"}, players=2)
    answer(g, "place_card", {"card": "paranoia_minus_1", "target": "boy_student"})
    assert "boy_student" not in {o["target"] for o in pending(g).options}


def test_two_player_hands_keep_their_own_once_per_loop_cards():
    """Rules-notes section 2: each hand has its own once-per-loop cards, also in two-player mode."""
    g = start(situation={"phase": "protagonist_cards", "set_aside": {"protagonist1": ["goodwill_plus_2"]}}, players=2)
    assert "goodwill_plus_2" not in {o["card"] for o in pending(g).options}  # hand 1 used it
    answer(g, "place_card", {"card": "goodwill_plus_1", "target": "hospital"})
    assert "goodwill_plus_2" in {o["card"] for o in pending(g).options}  # hand 2 did not


def _quiet(d) -> Any:
    if d.kind == "place_card":
        return next(o for o in d.options if o["target"] in LOCS and o["card"] in ("paranoia_plus_1", "goodwill_plus_1",
                                                                                 "forbid_goodwill", "paranoia_minus_1"))
    if "done" in d.options:
        return "done"
    if d.kind == "next_loop_or_final_guess":
        return "next_loop"
    return d.options[0]


def test_two_player_every_protagonist_decision_goes_to_protagonist1():
    """Seed 002: in two-player mode the one Protagonist is the Leader all game: cards, Goodwill
    abilities, the choice between loops and the Final Guess are all asked of protagonist1."""
    script = make_script(**BT, days=3, loops=2, incidents=[{"day": 2, "incident": "suicide", "culprit": "girl_student"}])
    g = start(script, {"phase": "morning", "characters": {"girl_student": {"paranoia": 2, "goodwill": 2}}}, players=2)
    kinds: dict[str, set[str]] = {}
    while g.pending is not None:
        d = g.pending
        if d.seat != "mastermind":
            kinds.setdefault(d.kind, set()).add(d.seat)
        value = _quiet(d)
        if d.kind == "place_card" and d.seat != "mastermind" and g.day == 1 and g.loop == 1 \
                and not any(p.by != "mastermind" for p in g.placed):
            value = {"card": "paranoia_plus_1", "target": "girl_student"}  # the Key Person reaches her limit
        if d.kind == "next_loop_or_final_guess":
            value = "final_guess"
        if d.kind == "final_guess":
            value = script.cast[d.info["character"]]
        engine.apply_in_place(g, value)
    assert {"place_card", "goodwill_ability", "next_loop_or_final_guess", "final_guess"} <= set(kinds)
    assert all(seats == {"protagonist1"} for seats in kinds.values()), kinds
    assert g.loop_results[0].lost
    assert g.result.winner == "protagonists"


def test_two_player_places_three_protagonist_cards_every_day():
    """Seed 002: three Protagonist cards a day, whoever the Leader is that day."""
    g = start(make_script(days=3), players=2)
    per_day: dict[int, int] = {}
    while g.pending is not None and g.loop == 1:
        d = g.pending
        if d.kind == "place_card" and d.seat != "mastermind":
            per_day[g.day] = per_day.get(g.day, 0) + 1
        engine.apply_in_place(g, _quiet(d))
    assert per_day == {1: 3, 2: 3, 3: 3}


def test_two_player_leader_marker_rotates_among_the_hands():
    """Ruling two-player-leader (docs/rulings.md; seed 002 section 1): the one Protagonist is always the
    Leader's seat, but the marker still passes among the three hands every day, and the hand holding
    it plays its card first."""
    g = start(make_script(days=3), players=2)
    first_hand: dict[int, int] = {}
    while g.pending is not None and g.loop == 1:
        d = g.pending
        if d.kind == "place_card" and d.seat != "mastermind" and g.day not in first_hand:
            assert render(g, d.prompt).startswith(f"Protagonist {g.leader + 1} (Leader)")
            engine.apply_in_place(g, _quiet(d))
            first_hand[g.day] = int(next(p.by for p in g.placed if p.by != "mastermind")[-1])
            continue
        engine.apply_in_place(g, _quiet(d))
    assert first_hand == {1: 1, 2: 2, 3: 3}
    assert [e.data["leader"] + 1 for e in g.events if e.type == "day_start"] == [1, 2, 3]
    assert all("Leader: Protagonist." in render(g, e.text) for e in g.events if e.type == "day_start")
