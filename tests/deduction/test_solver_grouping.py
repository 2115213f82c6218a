"""The solver's shortcuts count exactly what the plain programme counts: characters of the free
tail counted by groups in closed form (solver.GROUP_TAIL), and programmes and culprit counts
reused between plot combinations and between deductions. Checked on views of random games of
every shipped First Steps and Basic Tragedy script (and their augmented sets, and one Midnight
Zone script), from the first decision on (where the tail is
nearly every character), against the same deduction with the shortcuts off and the caches empty."""

from __future__ import annotations

import random

import pytest

from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.deduction import deduce
from scriptkeeper.tragedy_looper.deduction import solver
from scriptkeeper.tragedy_looper.views import build_view
from tests.deduction.test_soundness import deduction_models
from tests.properties.randomplay import script_names, scripts

# The scripts the deduction models (it refuses the others: tests/deduction/test_refusals.py); of
# Midnight Zone's, The Unwritten Page, whose Serial Murders share a culprit (the others take 15-26 s
# each to count plainly: the suite's time).
NAMES = [n for n in script_names() if deduction_models(n)
         and (not n.startswith("midnight_zone") or n == "midnight_zone/the_unwritten_page")]


def summary(view):
    d = deduce(view)
    rng = random.Random(7)
    return d.count, d.roles, d.culprits, d.plots, [d.sample(rng) for _ in range(3)] if d.count else []


@pytest.mark.parametrize("name", NAMES)
def test_grouped_and_cached_counts_equal_the_plain_programme(name, monkeypatch):
    rng = random.Random(name)
    st = engine.new_game(scripts()[name], seed=rng.randrange(10**6), players=4)
    views = []
    k = 0
    while st.pending is not None and len(views) < 4:
        if k % 13 == 0:
            views.append(build_view(st, "protagonist1"))
        opts = st.pending.options
        engine.apply_in_place(st, opts[rng.randrange(len(opts))])
        k += 1
    fast = [summary(v) for v in views]  # with the caches filling up from one view to the next
    solver.clear_caches()
    monkeypatch.setattr(solver, "GROUP_TAIL", False)
    for v, got in zip(views, fast):
        solver.clear_caches()
        assert summary(v) == got
    solver.clear_caches()


@pytest.mark.parametrize("name", ["basic_tragedy_plus/two_lines_cross", "basic_tragedy/the_boy_who_wasnt_enrolled"])
def test_a_solved_state_lent_to_other_plot_combinations_and_games_counts_the_same(name, monkeypatch):
    """Issue 13: plot combinations whose bound facts come to the same state share one solved state
    (solver._SOLVED), within a deduction, from one decision to the next and from one game of a
    script to the next (the first decision depends on the public script data alone). The counts,
    tallies, per-combination counts and samples equal those of every combination solved alone."""
    rng = random.Random(name)
    st = engine.new_game(scripts()[name], seed=rng.randrange(10**6), players=4)
    views = [build_view(st, "protagonist1")]
    for k in range(60):
        if st.pending is None:
            break
        opts = st.pending.options
        engine.apply_in_place(st, opts[rng.randrange(len(opts))])
        if k % 20 == 19:
            views.append(build_view(st, "protagonist1"))
    solver.clear_caches()
    shared = [summary(v) for v in views] + [summary(views[0])]  # the first again: the next game's first decision
    monkeypatch.setattr(solver, "_SOLVED_SIZE", 0)  # every state solved anew, never lent
    for v, got in zip(views + views[:1], shared):
        solver.clear_caches()
        assert summary(v) == got
    solver.clear_caches()
