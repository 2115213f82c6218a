"""Issue 13's fast count gives the answer of the plain programme: the characters before the free
tail counted level by level (solver.LAYERED: each reachable state made once, one backward sweep,
the outer choices of a plot combination sharing one programme past their own characters, the
tail's counts shared under the name of what they depend on) against the recursive programme that
steps every move (LAYERED off), both with the caches empty. Compared on mid-game views of random
games of every shipped script the deduction models: the count, the per-combination counts, the
per-character and per-incident tallies with their order (the agents read them in order), uniform
samples from a fixed seed, and the listed role assignments when few.

The lumped count (solver.LUMPED: the states a permutation of interchangeable roles makes counted
as one, their tallies shared out evenly and put in the plain order) is compared with the same
layered count without it on Midnight Zone's scripts too (their roles are the most interchangeable;
the plain programme is too slow there for the suite), and with the plain one on the others."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.deduction import deduce, solver
from scriptkeeper.tragedy_looper.refs import MASTERMIND
from scriptkeeper.tragedy_looper.views import build_view
from tests.deduction.test_soundness import deduction_models
from tests.properties.randomplay import script_names, scripts

NAMES = [n for n in script_names() if not n.startswith("midnight_zone") and deduction_models(n)]
MIDNIGHT = [n for n in script_names() if n.startswith("midnight_zone") and deduction_models(n)]
# the scripts where the programme has the most to do mid-game (issue 13's slowest decisions)
HEAVY = ["basic_tragedy_plus/nearing_nothing", "basic_tragedy_plus/two_lines_cross", "basic_tragedy/the_boy_who_wasnt_enrolled"]


def everything(view: dict[str, Any]) -> tuple[Any, ...]:
    """All a deduction answers, order included, from empty caches."""
    solver.clear_caches()
    d = deduce(view)
    rng = random.Random(13)
    return (d.count, list(d.plots.items()), [(c, list(per.items())) for c, per in d.roles.items()],
            [(i, list(per.items())) for i, per in d.culprits.items()], [d.sample(rng) for _ in range(5)] if d.count else [],
            d.role_assignments(limit=3000))


def mid_game_view(name: str, seed: int, moves: int) -> dict[str, Any]:
    """A Protagonist's view after `moves` uniform random answers (or at the game's end)."""
    rng = random.Random(seed)
    state = engine.new_game(scripts()[name], seed=seed, players=4)
    last = build_view(state, "protagonist1")
    for _ in range(moves):
        if state.pending is None:
            break
        if state.pending.seat != MASTERMIND:
            last = build_view(state, state.pending.seat)
        opts = state.pending.options
        engine.apply_in_place(state, opts[rng.randrange(len(opts))])
    return last


def same_with_and_without(switch: str, view: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """The deduction answers the same with the solver's `switch` (LAYERED, LUMPED) on and off."""
    with monkeypatch.context() as m:
        m.setattr(solver, switch, False)
        without = everything(view)
    assert everything(view) == without
    solver.clear_caches()


@pytest.mark.parametrize("name", HEAVY)
@pytest.mark.parametrize("moves", [25, 60])
def test_layered_count_equals_the_plain_programme_mid_game(name, moves, monkeypatch):
    same_with_and_without("LAYERED", mid_game_view(name, seed=2, moves=moves), monkeypatch)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(NAMES), seed=st.integers(0, 10**6), moves=st.integers(0, 90))
def test_layered_count_equals_the_plain_programme_at_any_decision(name, seed, moves, monkeypatch):
    same_with_and_without("LAYERED", mid_game_view(name, seed, moves), monkeypatch)


@pytest.mark.parametrize("name", ["midnight_zone_plus/the_murk_at_midnight"])
def test_lumped_count_equals_the_count_of_every_state_apart_mid_game(name, monkeypatch):
    """Issue 13: Midnight Zone's slowest decisions (loop 1, one condition over four characters,
    most roles of the bag alike): the same answers, order included, with the states lumped."""
    same_with_and_without("LUMPED", mid_game_view(name, seed=1, moves=14), monkeypatch)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(MIDNIGHT), seed=st.integers(0, 10**6), moves=st.integers(0, 70))
def test_lumped_count_equals_the_count_of_every_state_apart_at_any_decision(name, seed, moves, monkeypatch):
    same_with_and_without("LUMPED", mid_game_view(name, seed, moves), monkeypatch)


def test_interchangeable_roles_are_those_no_part_of_the_programme_tells_apart(monkeypatch):
    """Roles with the same bounds, in the same domains and kept by the same terms are one class;
    a role a literal names apart from the others is alone."""
    view = mid_game_view("midnight_zone_plus/the_murk_at_midnight", seed=1, moves=14)
    made: list[solver._DP] = []
    real = solver._DP.__init__

    def keep(self, *a, **kw):
        real(self, *a, **kw)
        made.append(self)

    solver.clear_caches()
    monkeypatch.setattr(solver._DP, "__init__", keep)
    deduce(view)
    solver.clear_caches()
    assert any(dp.classes for dp in made)
    for dp in made:
        for ks in dp.classes:
            roles = {dp.sv.bag_roles[k] for k in ks}
            assert len({(dp.sv.lo[k], dp.sv.hi[k]) for k in ks}) == 1
            for terms in dp.sv.dnfs:
                for t in terms:
                    for _, allowed in t:
                        assert roles <= allowed or not roles & allowed
