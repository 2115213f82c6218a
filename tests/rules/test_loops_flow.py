from scriptkeeper.core.events import GM
"""Loops: start, early end, end, and the end of the game (seed 002 phases 0 and 6, "final
guess" and win conditions; seed 004 "course of play" and "loss conditions in a loop";
rules-notes section 4).

Loop start: every character back to its start location and alive, every counter removed, every
card back in hand. A Key Person's death or the Protagonists' death ends the loop at once. A loop
that ends with no loss condition met wins the game for the Protagonists. After the last lost
loop the Mastermind wins in First Steps; in Basic Tragedy the Protagonists make the Final Guess.
"""

from typing import Any

from scriptkeeper.core.text import Ref
from scriptkeeper.tragedy_looper import engine
from tests.helpers import answer, make_script, pending, reasons, render, start, texts

LOCS = ("hospital", "shrine", "city", "school")
BLUFFS = ("paranoia_plus_1", "paranoia_minus_1", "forbid_paranoia", "forbid_goodwill", "goodwill_plus_1",
          "movement_vertical", "movement_horizontal")

# A Place to Protect: 2 Intrigue on the School at loop end loses the loop.
PROTECT_CAST = {"girl_student": "key_person", "office_worker": "cultist", "shrine_maiden": "serial_killer",
                "police_officer": "conspiracy_theorist", "boy_student": "person", "doctor": "person"}
BT_CAST = {"girl_student": "key_person", "office_worker": "killer", "doctor": "brain",
           "police_officer": "conspiracy_theorist", "boy_student": "person", "shrine_maiden": "person"}
SUICIDE_DAY_2 = [{"day": 2, "incident": "suicide", "culprit": "girl_student"}]


def protect_script(**changes):
    return make_script(main_plot="a_place_to_protect", cast={**PROTECT_CAST, **changes.pop("cast", {})}, **changes)


def bt_script(**changes):
    return make_script(set="basic_tragedy", main_plot="murder_plan", subplots=["an_unsettling_rumor", "threads_of_fate"],
                       cast=BT_CAST, **changes)


def quiet_answer(d) -> Any:
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
    """Play quietly until `until(g)` or the game ends; return the decisions asked (kind, seat, loop, day)."""
    asked = []
    for _ in range(limit):
        if g.pending is None or until(g):
            return asked
        d = g.pending
        value = choose(g, d) if choose else None
        asked.append((d.kind, d.seat, g.loop, g.day))
        engine.apply_in_place(g, quiet_answer(d) if value is None else value)
    raise AssertionError("the game did not reach the expected point")


def intrigue_on_school(g, d):
    if d.kind == "place_card" and d.seat == "mastermind" and g.day == 1 and not g.placed:
        return {"card": "intrigue_plus_2", "target": "school"}
    return None


# ---------------------------------------------------------------- loop start
def test_loop_start_resets_positions_counters_corpses_and_cards():
    """Seed 002 phase 0 / seed 004: characters return to their starts and revive, counters are removed,
    cards return to the hands (rules-notes section 4)."""
    g = start(protect_script(), {
        "phase": "loop_end", "day": 4,
        "characters": {"boy_student": {"at": "hospital", "paranoia": 2, "goodwill": 3, "intrigue": 1},
                       "doctor": {"dead": True, "at": "shrine", "intrigue": 2},
                       "police_officer": {"guard": 1, "goodwill": 5},
                       "shrine_maiden": {"at": "school"}},
        "locations": {"school": {"intrigue": 2}, "shrine": {"intrigue": 1}},
        "set_aside": {"mastermind": ["intrigue_plus_2"], "protagonist3": ["forbid_movement", "goodwill_plus_2"]}})
    assert (g.loop, g.day) == (2, 1)
    assert g.loop_results[-1].lost
    starts = {"girl_student": "school", "office_worker": "city", "shrine_maiden": "shrine", "police_officer": "city",
              "boy_student": "school", "doctor": "hospital"}
    for ch, loc in starts.items():
        c = g.chars[ch]
        assert (c.location, c.alive) == (loc, True), ch
        assert set(c.counters.values()) == {0}, ch
    assert all(v == 0 for loc in LOCS for v in g.locations[loc].values())
    assert g.set_aside == {} and g.placed == []
    assert "Loop 2 of 3 begins: the board is reset." in texts(g)


def test_loop_start_clears_once_per_loop_ability_uses():
    """Rules-notes section 9: a once-per-loop Goodwill ability is available again in the next loop."""
    g = start(protect_script(), {"phase": "loop_end", "day": 4, "locations": {"school": {"intrigue": 2}},
                                 "abilities_used_this_loop": ["police_officer.1"]})
    assert g.this_loop.used == set() and g.occurred == []


def test_henchman_start_is_chosen_by_the_mastermind_each_loop():
    """Seed 002 Henchman: the Mastermind chooses where he starts at every loop start."""
    g = start(protect_script(days=1, cast={"henchman": "person"}))
    d = pending(g)
    assert (d.kind, d.seat, sorted(d.options)) == ("starting_location", "mastermind", sorted(LOCS))
    answer(g, "starting_location", "shrine")
    assert g.chars["henchman"].location == "shrine" and g.loop == 1
    run(g, until=lambda g: g.loop == 2, choose=intrigue_on_school)
    d = pending(g)
    assert (d.kind, d.seat, g.loop) == ("starting_location", "mastermind", 2)
    answer(g, "starting_location", "hospital")
    assert g.chars["henchman"].location == "hospital"
    assert pending(g).kind == "place_card"


def test_godly_being_enters_on_its_script_loop():
    """Seed 002 Godly Being: it enters the game on the loop the script names (rules-notes section 9)."""
    g = start(protect_script(days=1, cast={"godly_being": {"role": "person", "enters_loop": 2}}))
    assert g.chars["godly_being"].location is None
    assert not any(o["target"] == "godly_being" for o in pending(g).options)
    run(g, until=lambda g: g.loop == 2, choose=intrigue_on_school)
    assert g.chars["godly_being"].location == "shrine" and g.chars["godly_being"].alive
    assert "Godly Being enters the game." in texts(g)
    assert any(o["target"] == "godly_being" for o in pending(g).options)


def test_godly_being_stays_in_after_entering():
    """Seed 002 Godly Being: once its loop has come it is on the board in every later loop."""
    g = start(protect_script(days=1, cast={"godly_being": {"role": "person", "enters_loop": 2}}),
              {"phase": "morning", "loop": 3})
    assert g.chars["godly_being"].location == "shrine"


# ---------------------------------------------------------------- early end
def test_key_person_death_ends_the_loop_at_once():
    """Seed 002 Key Person / phase 6-3: its death loses the loop and ends it at once; no further day."""
    g = start(make_script(incidents=SUICIDE_DAY_2), {"phase": "incident", "day": 2,
                                                     "characters": {"girl_student": {"paranoia": 3}}})
    assert g.loop == 2 and g.day == 1
    assert [(r.loop, r.lost) for r in g.loop_results] == [(1, True)]
    assert reasons(g, 0) == ["Girl Student (Key Person) died"]
    days = [(e.data["loop"], e.data["day"]) for e in g.events if e.type == "day_start"]
    assert days == [(2, 1)]  # no day 3 or 4 in loop 1
    assert "Loop 1 ends: the Protagonists have lost this loop." in texts(g)


def test_key_person_loss_does_not_name_the_key_person():
    """Seed 004 'loss conditions': the Protagonists learn the loop is lost, not who the Key Person is
    (seed 002 phase 6-2: the cause is not explained)."""
    g = start(make_script(incidents=SUICIDE_DAY_2), {"phase": "incident", "day": 2,
                                                     "characters": {"girl_student": {"paranoia": 3}}})
    public = [render(g, e.text) for e in g.events if e.visible_to == "public"]
    assert "Loop 1 ends: the Protagonists have lost this loop." in public
    assert not any("Key Person" in t for t in public)
    assert any(e.type == "key_person_died" and e.visible_to == GM for e in g.events)


def test_key_person_death_skips_the_rest_of_the_day():
    """Seed 002 phase 6-3: the loop ends at once; the day-end step of that day is not reached."""
    g = start(make_script(incidents=SUICIDE_DAY_2), {"phase": "morning", "day": 2,
                                                     "characters": {"girl_student": {"paranoia": 3}}})
    asked = run(g, until=lambda g: g.loop == 2)
    assert ("day_end_ability", "mastermind", 1, 2) not in asked
    assert [a[0] for a in asked if a[2] == 1][-1] == "mastermind_ability"


def test_protagonists_death_ends_the_loop_at_once():
    """Seed 002 phase 6-3 / seed 004: the Protagonists' death ends the loop at once, and they are told."""
    script = make_script(incidents=[{"day": 1, "incident": "hospital_incident", "culprit": "doctor"}])
    g = start(script, {"phase": "incident", "day": 1, "characters": {"doctor": {"paranoia": 2}},
                       "locations": {"hospital": {"intrigue": 2}}})
    assert g.loop == 2 and g.day == 1
    assert g.loop_results[0].lost
    protagonists_die = [e for e in g.events if e.type == "protagonists_die"]
    assert protagonists_die and protagonists_die[0].visible_to == "public"
    assert [(e.data["loop"], e.data["day"]) for e in g.events if e.type == "day_start"] == [(2, 1)]


def test_early_end_does_not_pass_the_leader():
    """Ruling early-end-leader (docs/rulings.md; seed 002 phase 5, seed 004 phase 6): the Leader passes
    at the end of a day; a loop cut short in the incident step skips that, so the same Protagonist
    leads the next loop's first day."""
    g = start(make_script(incidents=SUICIDE_DAY_2), {"phase": "incident", "day": 2, "leader": 2,
                                                     "characters": {"girl_student": {"paranoia": 3}}})
    assert g.loop == 2
    assert [e.data["leader"] + 1 for e in g.events if e.type == "day_start"] == [2]


def test_leader_rotation_seed002_comes_before_day_end_so_a_loop_ended_at_day_end_keeps_the_new_leader():
    """Seed 002 phase 5 (the Leader passes, then the day-end effects happen; rules-notes section 4:
    incident, Leader rotation, day end). Ruling leader-before-day-end: a Key Person killed at day end
    ends the loop after the Leader passed, so the next Protagonist leads the next loop."""
    g = start(situation={"phase": "day_end", "day": 2, "leader": 2,
                         "characters": {"girl_student": {"at": "city", "intrigue": 2}}})
    assert g.leader + 1 == 3  # the night phase began: the Leader passed before the day-end abilities
    answer(g, "day_end_ability", "office_worker:killer:0")
    assert any(e.type == "death" and e.data["character"] == "girl_student" for e in g.events)
    assert (g.loop, g.day) == (2, 1)
    assert [e.data["leader"] + 1 for e in g.events if e.type == "day_start"] == [3]


# ---------------------------------------------------------------- loop end and the end of the game
def test_a_loop_with_no_loss_wins_the_game_for_the_protagonists():
    """Seed 002 win conditions / seed 004: if a loop ends with no loss condition met, the Protagonists win."""
    g = start(make_script(days=2))
    run(g)
    assert g.result.winner == "protagonists" and g.result.loops_played == 1
    assert g.pending is None
    assert "Loop 1 ends with no loss condition met: the Protagonists win!" in texts(g)


def test_a_lost_loop_goes_on_to_the_next_loop():
    """Seed 002 phase 6-2: a lost loop is announced (not why) and the next loop begins."""
    g = start(protect_script(days=1))
    run(g, until=lambda g: g.loop == 2, choose=intrigue_on_school)
    assert g.result is None and g.loop_results[0].lost
    loss = [e for e in g.events if e.type == "loss_reason"]
    assert loss and all(e.visible_to == GM for e in loss)


def test_first_steps_mastermind_wins_after_the_last_lost_loop():
    """Seed 002 win conditions / seed 004: if every loop is lost the Mastermind wins; First Steps has no Final Guess."""
    g = start(protect_script(days=1, loops=2))
    asked = run(g, choose=intrigue_on_school)
    assert g.result.winner == "mastermind" and g.result.loops_played == 2
    assert not any(a[0] in ("final_guess", "next_loop_or_final_guess") for a in asked)


def test_first_steps_never_asks_to_skip_to_the_final_guess():
    """Rules-notes section 5: First Steps has no Final Guess, so nothing is asked between loops."""
    g = start(make_script(incidents=SUICIDE_DAY_2), {"phase": "incident", "day": 2,
                                                     "characters": {"girl_student": {"paranoia": 3}}})
    assert g.loop == 2 and pending(g).kind == "place_card"


def test_first_steps_last_loop_lost_early_gives_the_mastermind_the_win():
    """Seed 002 phase 6-3 and win conditions: a Key Person's death in the last loop ends the game."""
    g = start(make_script(incidents=SUICIDE_DAY_2), {"phase": "incident", "day": 2, "loop": 3,
                                                     "characters": {"girl_student": {"paranoia": 3}}})
    assert g.result.winner == "mastermind" and g.pending is None


def test_basic_tragedy_last_lost_loop_leads_to_the_final_guess():
    """Seed 002 3.1: when every loop is lost, the Protagonists name every character's role."""
    g = start(bt_script(incidents=SUICIDE_DAY_2), {"phase": "incident", "day": 2, "loop": 3, "leader": 2,
                                                   "characters": {"girl_student": {"paranoia": 3}}})
    assert g.result is None
    asked = []
    while g.pending is not None:
        d = g.pending
        assert d.kind == "final_guess" and d.seat == "protagonist2"
        assert set(d.options) == set(g.rules.roles)
        ch = d.info["character"]
        asked.append(render(g, Ref("character", ch)))
        engine.apply_in_place(g, g.script.cast[ch])
    assert asked == [render(g, Ref("character", c)) for c in BT_CAST]  # one decision per character, in cast order
    assert g.result.winner == "protagonists"


def test_final_guess_one_wrong_role_gives_the_mastermind_the_win():
    """Seed 002 3.1: if even one role is wrong, the Mastermind wins."""
    g = start(bt_script(incidents=SUICIDE_DAY_2), {"phase": "incident", "day": 2, "loop": 3,
                                                   "characters": {"girl_student": {"paranoia": 3}}})
    for ch, role in BT_CAST.items():
        answer(g, "final_guess", "witch" if ch == "shrine_maiden" else role)
    assert g.result.winner == "mastermind"
    g2 = start(bt_script(incidents=SUICIDE_DAY_2), {"phase": "incident", "day": 2, "loop": 3,
                                                    "characters": {"girl_student": {"paranoia": 3}}})
    for ch, role in BT_CAST.items():
        answer(g2, "final_guess", "killer" if ch == "doctor" else role)
    assert g2.result.winner == "mastermind"


def test_final_guess_answers_are_recorded():
    """Seed 002 3.1: the guess names a role for each character."""
    g = start(bt_script(incidents=SUICIDE_DAY_2), {"phase": "incident", "day": 2, "loop": 3,
                                                   "characters": {"girl_student": {"paranoia": 3}}})
    for role in BT_CAST.values():
        answer(g, "final_guess", role)
    assert g.final_guess == BT_CAST


def test_basic_tragedy_leader_may_skip_to_the_final_guess_between_loops():
    """Rules-notes section 4 (early Final Guess between loops): the Leader chooses next loop or Final Guess."""
    g = start(bt_script(incidents=SUICIDE_DAY_2), {"phase": "incident", "day": 2, "leader": 3,
                                                   "characters": {"girl_student": {"paranoia": 3}}})
    d = pending(g)
    assert (d.kind, d.seat, list(d.options)) == ("next_loop_or_final_guess", "protagonist3", ["next_loop", "final_guess"])
    answer(g, "next_loop_or_final_guess", "final_guess")
    assert g.loop == 1 and pending(g).kind == "final_guess"
    for role in BT_CAST.values():
        answer(g, "final_guess", role)
    assert g.result.winner == "protagonists" and g.result.loops_played == 1


def test_basic_tragedy_leader_may_play_the_next_loop():
    """Rules-notes section 4: choosing the next loop starts it as usual."""
    g = start(bt_script(incidents=SUICIDE_DAY_2), {"phase": "incident", "day": 2,
                                                   "characters": {"girl_student": {"paranoia": 3}}})
    answer(g, "next_loop_or_final_guess", "next_loop")
    assert (g.loop, g.day) == (2, 1) and pending(g).kind == "place_card"


def test_basic_tragedy_asks_nothing_after_the_last_loop_but_the_final_guess():
    """Seed 002 3.1: after the last loop there is no loop left to choose."""
    g = start(bt_script(incidents=SUICIDE_DAY_2), {"phase": "incident", "day": 2, "loop": 3,
                                                   "characters": {"girl_student": {"paranoia": 3}}})
    assert pending(g).kind == "final_guess"


def test_basic_tragedy_a_won_loop_needs_no_final_guess():
    """Seed 002 win conditions: a loop with no loss wins outright, Final Guess or not."""
    g = start(bt_script(days=1))
    asked = run(g)
    assert g.result.winner == "protagonists"
    assert not any(a[0] == "final_guess" for a in asked)
