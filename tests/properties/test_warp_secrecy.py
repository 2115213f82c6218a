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
        if a.loop == loop and (a.day != day or a.phase in ("day_end", "loop_end")):
            return  # the Warp's day ended: the gauge rose, for all to see
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
