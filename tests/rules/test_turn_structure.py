"""The day's phases and the Leader (seed 002 "game progress" phases 0-6; seed 004 phases 1-6;
rules-notes section 4).

A day: morning (day start), Mastermind cards, Protagonist cards, resolution (cards revealed),
Mastermind abilities, Goodwill abilities, incident, day end; the Leader passes to the next
Protagonist every day, and the rotation carries on into the next loop.
"""

from typing import Any

from scriptkeeper.tragedy_looper import engine
from tests.helpers import answer, make_script, pending, render, start, texts

LOCS = ("hospital", "shrine", "city", "school")
BLUFFS = ("paranoia_plus_1", "paranoia_minus_1", "forbid_paranoia", "forbid_goodwill", "goodwill_plus_1",
          "movement_vertical", "movement_horizontal")


def quiet_answer(d) -> Any:
    """An answer that changes nothing: bluff cards on locations, no abilities, next loop."""
    if d.kind == "place_card":
        return next(o for o in d.options if o["target"] in LOCS and o["card"] in BLUFFS)
    if "done" in d.options:
        return "done"
    if d.kind == "next_loop_or_final_guess":
        return "next_loop"
    if d.kind == "cultist_ignore":
        return "obey"
    return d.options[0]


def run(g, until=lambda g: False, choose=None, limit=500) -> list[tuple]:
    """Play quietly until `until(g)` or the game ends; return a timeline of events and decisions."""
    timeline: list[tuple] = [("event", e.type) for e in g.events]
    for _ in range(limit):
        if g.pending is None or until(g):
            return timeline
        d = g.pending
        value = (choose(g, d) if choose else None)
        if value is None:
            value = quiet_answer(d)
        timeline.append(("decision", d.kind, d.seat, g.phase, g.loop, g.day))
        timeline += [("event", e.type) for e in engine.apply_in_place(g, value)]
    raise AssertionError("the game did not reach the expected point")


def marks(timeline: list[tuple]) -> list[str]:
    """The phase markers of a timeline, in order."""
    out = []
    for t in timeline:
        if t[0] == "event" and t[1] in ("day_start", "cards_revealed", "incident", "incident_none", "loop_start"):
            out.append(t[1])
        elif t[0] == "decision" and t[1] != "place_card":
            out.append(t[1])
        elif t[0] == "decision":
            out.append("mm_card" if t[2] == "mastermind" else "p_card")
    return out


def test_day_phases_run_in_order():
    """Seed 002 phases 1-5 / seed 004 phases 1-6: day start, Mastermind cards, Protagonist cards,
    cards revealed and resolved, Mastermind abilities, Goodwill abilities, incident, day end."""
    script = make_script(incidents=[{"day": 1, "incident": "murder", "culprit": "office_worker"}])
    g = start(script, {"phase": "morning", "characters": {"office_worker": {"paranoia": 2}, "girl_student": {"goodwill": 2}}})
    tl = run(g, until=lambda g: g.day == 2 and g.phase == "mastermind_cards")
    assert marks(tl) == ["day_start", "mm_card", "mm_card", "mm_card", "p_card", "p_card", "p_card", "cards_revealed",
                         "mastermind_ability", "goodwill_ability", "incident", "day_end_ability", "day_start"]
    phases = [t[3] for t in tl if t[0] == "decision"]
    assert phases == ["mastermind_cards"] * 3 + ["protagonist_cards"] * 3 + ["mastermind_abilities", "goodwill_abilities",
                                                                              "day_end"]


def test_a_day_without_incident_or_goodwill_skips_those_steps():
    """Seed 002 phase 4: the incident step only acts when an incident is scheduled that day."""
    g = start(situation={"phase": "morning"})
    tl = run(g, until=lambda g: g.day == 2 and g.phase == "mastermind_cards")
    assert marks(tl) == ["day_start", "mm_card", "mm_card", "mm_card", "p_card", "p_card", "p_card", "cards_revealed",
                         "mastermind_ability", "day_end_ability", "day_start"]


def test_mastermind_is_asked_for_abilities_even_with_none_usable():
    """Ruling uniform-questions (docs/rulings.md): the Mastermind ability step is always asked, 'done' ends it."""
    script = make_script(cast={"girl_student": "key_person", "office_worker": "killer", "doctor": "brain",
                               "shrine_maiden": "serial_killer", "police_officer": "conspiracy_theorist",
                               "boy_student": "person"})
    g = start(script, {"phase": "mastermind_abilities", "characters": {"doctor": {"dead": True},
                                                                       "police_officer": {"dead": True}}})
    d = pending(g)
    assert (d.kind, d.seat, list(d.options)) == ("mastermind_ability", "mastermind", ["done"])


def test_every_day_of_the_loop_is_played():
    """Seed 002 phase 6-1: with days left, the next day begins; the loop has the script's number of days."""
    g = start(_lose_every_loop_script(days=3))
    tl = run(g, until=lambda g: g.loop == 2, choose=_intrigue_on_school)
    days = [e.data["day"] for e in g.events if e.type == "day_start"]
    assert days == [1, 2, 3, 1]
    assert marks(tl).count("day_end_ability") == 3


def _leaders(g) -> list[tuple[int, int, int]]:
    return [(e.data["loop"], e.data["day"], e.data["leader"] + 1) for e in g.events if e.type == "day_start"]


def _lose_every_loop_script(days: int, loops: int = 3):
    # A Place to Protect: 2 Intrigue on the School at loop end is a loss.
    return make_script(main_plot="a_place_to_protect", days=days, loops=loops,
                       cast={"girl_student": "key_person", "office_worker": "cultist", "shrine_maiden": "serial_killer",
                             "police_officer": "conspiracy_theorist", "boy_student": "person"})


def _intrigue_on_school(g, d):
    """The Mastermind's first card each loop: Intrigue +2 on the School (the loop is lost)."""
    if d.kind == "place_card" and d.seat == "mastermind" and g.day == 1 and not g.placed:
        return {"card": "intrigue_plus_2", "target": "school"}
    return None


def test_leader_passes_each_day():
    """Seed 002 phase 5 / seed 004 phase 6: the Leader passes to the next Protagonist every day."""
    g = start(make_script(days=4))
    run(g, until=lambda g: g.day == 4 and g.phase == "mastermind_cards")
    assert _leaders(g) == [(1, 1, 1), (1, 2, 2), (1, 3, 3), (1, 4, 1)]
    assert any("Leader: Protagonist 1" in render(g, e.text) for e in g.events if e.type == "day_start")


def test_leader_rotation_continues_into_the_next_loop():
    """Ruling leader-across-loops (docs/rulings.md; seed 002 phases 1 and 5): the Leader keeps passing,
    loop after loop; the loop reset does not give it back to Protagonist 1."""
    g = start(_lose_every_loop_script(days=2))
    run(g, until=lambda g: g.loop == 3 and g.day == 2 and g.phase == "mastermind_cards", choose=_intrigue_on_school)
    assert _leaders(g) == [(1, 1, 1), (1, 2, 2), (2, 1, 3), (2, 2, 1), (3, 1, 2), (3, 2, 3)]


def test_leader_makes_the_first_protagonist_decision_of_each_day():
    """Seed 002: cards are played from the Leader on; the Goodwill abilities are the Leader's."""
    g = start(make_script(days=3), {"phase": "morning", "characters": {"girl_student": {"goodwill": 2}}})
    tl = run(g, until=lambda g: g.day == 3 and g.phase == "day_end")
    first_cards: dict[int, str] = {}
    for t in tl:
        if t[0] == "decision" and t[1] == "place_card" and t[2] != "mastermind":
            first_cards.setdefault(t[5], t[2])
    assert list(first_cards.values()) == ["protagonist1", "protagonist2", "protagonist3"]
    gw = [(t[5], t[2]) for t in tl if t[0] == "decision" and t[1] == "goodwill_ability"]
    assert gw == [(1, "protagonist1"), (2, "protagonist2"), (3, "protagonist3")]


def test_situation_leader_sets_the_first_leader():
    """Situation key leader: the day starts with that Leader."""
    g = start(situation={"phase": "morning", "leader": 3})
    assert _leaders(g) == [(1, 1, 3)]
    run(g, until=lambda g: g.phase == "protagonist_cards")
    assert pending(g).seat == "protagonist3"


def test_goodwill_phase_belongs_to_the_leader():
    """Seed 002 phase 3 / seed 004 phase 4: the Leader uses the Goodwill abilities."""
    g = start(situation={"phase": "goodwill_abilities", "leader": 2, "characters": {"girl_student": {"goodwill": 2}}})
    d = pending(g)
    assert (d.kind, d.seat) == ("goodwill_ability", "protagonist2")
    answer(g, "goodwill_ability", "done")
    assert pending(g).kind == "day_end_ability"


def test_leader_rotation_seed002_passes_before_the_day_end_effects():
    """Seed 002 phase 5 ("the Leader's authority passes to the next person, and the day-end effects
    happen now"); rules-notes section 4. Ruling leader-before-day-end: the next Protagonist is
    already Leader while the day-end abilities are decided, and leads the next day."""
    g = start(situation={"phase": "day_end", "day": 1, "leader": 3})
    d = pending(g)
    assert d.kind == "day_end_ability" and g.leader + 1 == 1
    answer(g, "day_end_ability", "done")
    assert (g.day, g.leader + 1) == (2, 1)
    assert "Loop 1, day 2 of 4. Leader: Protagonist 1." in texts(g)
