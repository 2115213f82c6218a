"""Secrecy of Another Horizon's unannounced Warps and Dual Roles (seed 000, "Warping": the Mastermind
is not obliged to announce a Warp; "Dual Roles").

A Warp only raises the Extra Gauge at the end of its day: until then, and for ever when the loop
ends first, no Protagonist's or the observer's view may change with it. Two copies of one random
game, one with a secret Warp more, must give identical non-Mastermind views after every decision
until that day's end phase, and for the rest of the game when the loop ends before it.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scriptkeeper.core.decision import canonical
from scriptkeeper.tragedy_looper import engine, views
from scriptkeeper.tragedy_looper.actions import trigger_warp
from scriptkeeper.tragedy_looper.state import OBSERVER, PROTAGONIST_SEATS

from .randomplay import DECISION_CAP, choose, script_names, scripts

NON_GM = (*PROTAGONIST_SEATS, OBSERVER)
AH = [n for n in script_names() if n.startswith("another_horizon/")]


def _same(a, b, where: str) -> None:
    for seat in NON_GM:
        assert views.build_view(a, seat) == views.build_view(b, seat), f"{seat}'s view betrays a secret Warp {where}"


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(AH), seed=st.integers(0, 2**32 - 1), players=st.sampled_from((4, 2)), at=st.integers(0, 400))
def test_a_secret_warp_changes_no_protagonist_view_until_its_day_ends(name, seed, players, at):
    rng = random.Random(seed)
    a = engine.new_game(scripts()[name], seed=seed, players=players)
    n = 0
    # Play on to a decision during a day, before its day-end phase, at or after decision `at`.
    while a.pending is not None and (n < at or a.phase in ("loop_start", "day_end", "loop_end", "final_guess") or a.day == 0):
        engine.apply_in_place(a, choose(rng, a, "pressure"))
        n += 1
    if a.pending is None:
        return
    b = a.clone()
    trigger_warp(b, "")  # B: one secret Warp more today, as an ability or incident of the Mastermind's would make
    loop, day = a.loop, a.day
    _same(a, b, "when it is triggered")
    for step in range(DECISION_CAP):
        if a.pending is None or b.pending is None:
            break
        da, db = a.pending, b.pending
        assert (da.seat, da.kind) == (db.seat, db.kind) and [canonical(o) for o in da.options] == [canonical(o) for o in db.options]
        ans = choose(rng, a, "uniform")
        engine.apply_in_place(a, ans)
        engine.apply_in_place(b, ans)
        if a.loop == loop and (a.day != day or a.phase == "day_end"):
            return  # the Warp's day reached its end: the gauge rose, for all to see
        # A loop that ends before that day's end (loop_end, then the next loop or the game's end)
        # goes on being compared: the Warp stays secret for ever.
        _same(a, b, f"{step + 1} decisions after it")
        if a.loop != loop:
            # The loop ended before the Warp's day did: it stays secret for the rest of the game.
            assert b.board.gauges == a.board.gauges
    if a.pending is None and b.pending is None:
        _same(a, b, "once the game is over")


@settings(max_examples=15, deadline=None)
@given(name=st.sampled_from(AH), seed=st.integers(0, 2**32 - 1))
def test_no_dual_role_id_reaches_a_protagonist_before_it_is_revealed(name, seed):
    """A Dual Role is part of the script's secret: its id appears in a Protagonist's view only as an
    announced role or an option of its own decision (the Final Guess)."""
    rng = random.Random(seed)
    g = engine.new_game(scripts()[name], seed=seed, players=4)
    duals = {r for r, role in g.rules.roles.items() if role.dual}
    while g.pending is not None:
        for seat in NON_GM:
            v = views.build_view(g, seat)
            rest = {k: x for k, x in v.items() if k not in ("decision", "names", "log", "loop_summaries")}
            text = repr(rest)
            for r in duals:
                if r in text:
                    assert any(e["type"] in ("reveal_role", "guess") and r in repr(e) for e in v["events"]), f"{seat} sees {r}"
        engine.apply_in_place(g, choose(rng, g, "pressure"))


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_secret_warp_on_a_day_the_loop_ends_early_stays_secret_to_the_games_end(seed):
    """The Protagonists die in day 2's incident (a Hospital Incident with 2 Intrigue on the Hospital):
    in one copy a Warp had been triggered earlier that day, in the other none. Every non-Mastermind
    view stays the same through the rest of the game, its end included."""
    from tests.helpers import start
    from tests.rules.another_horizon.ah import rule_script

    script = rule_script({"nurse": "person", "doctor": "person", "office_worker": "person", "boy_student": "person"},
                         [{"day": 2, "incident": "hospital_incident", "culprit": "nurse"}], main="mother_goose_mystery", loops=2, days=3)
    sit = {"day": 2, "phase": "mastermind_abilities", "characters": {"nurse": {"paranoia": 3}}, "locations": {"hospital": {"intrigue": 2}}}
    a = start(script, sit, seed=seed)
    b = start(script, sit, seed=seed)
    trigger_warp(b, "")  # B: the Mastermind's secret Warp of the day (an ability or an incident's "may")
    rng = random.Random(seed)
    steps = 0
    while a.pending is not None:
        _same(a, b, f"{steps} decisions after the loop ended")
        ans = choose(rng, a, "uniform")
        engine.apply_in_place(a, ans)
        engine.apply_in_place(b, ans)
        steps += 1
    assert b.pending is None and a.result is not None and a.loop_results[0].lost
    assert any(e.type == "warp" for e in b.events) and not any(e.type == "warp" for e in a.events)
    _same(a, b, "once the game is over")
