"""The listed role assignments (Deduction.role_assignments, which the Final Guess and the
Mastermind's reading of the table ask for) are every consistent assignment with its number of
scripts, and None exactly when listing them would pass the limit: worked out from the programmes'
counts without listing them (issue 13), against the listing of every plot combination's scripts
(ComboSolver.assignments), on mid-game views of random Basic Tragedy games."""

from __future__ import annotations

from collections import Counter

import pytest

from scriptkeeper.tragedy_looper.deduction import deduce
from tests.deduction.test_solver_layers import mid_game_view


def listed_by_hand(d: object) -> tuple[dict[tuple[tuple[str, str], ...], int], int]:
    """Each consistent assignment's scripts, and how many listings it took (one per plot
    combination and outer choice that allows it)."""
    out: Counter[tuple[tuple[str, str], ...]] = Counter()
    n = 0
    for sv in d.results:  # type: ignore[attr-defined]
        for roles, w in sv.assignments():
            out[tuple(sorted(roles.items()))] += w
            n += 1
    return dict(out), n


@pytest.mark.parametrize("name,seed,moves", [("basic_tragedy/ink_on_the_shrine_steps", 3, 40),
                                             ("basic_tragedy/ink_on_the_shrine_steps", 7, 90)])
def test_role_assignments_are_the_listing_and_none_past_the_limit(name: str, seed: int, moves: int) -> None:
    d = deduce(mid_game_view(name, seed, moves))
    want, n = listed_by_hand(d)
    assert n > 0
    got = d.role_assignments(limit=n)
    assert got == want and list(got) == list(want)  # the order too: the table's weights are summed in it
    assert d.role_assignments(limit=n - 1) is None
    # asked again (the programmes keep their lists), the same answer
    assert d.role_assignments(limit=n) == want
