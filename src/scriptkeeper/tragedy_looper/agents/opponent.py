"""A model of the Mastermind the Protagonists play against, for the Final Guess.

The deduction keeps every script consistent with the rules. Among them, some ask the Mastermind
to have passed up a win: a Killer next to a Key Person with 2 Intrigue at day end that did not
kill, a Killer with 4 Intrigue or a ready Loved One that did not end the loop, a Brain that placed
no Intrigue all day. A competent Mastermind rarely does that, so such scripts are less likely.
`likelihood` scores a role assignment by those missed chances; the search agent's Final Guess
names the assignment with the most consistent scripts weighted by it.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import TYPE_CHECKING

from .. import board as B
from ..refs import MASTERMIND
from .rule import is_counter

if TYPE_CHECKING:
    from ..deduction import Deduction

MISSED_WIN = 0.05
IDLE_BRAIN = 0.6
IDLE_CT = 0.75
INTRIGUE_ON_ROLE = 1.5
INTRIGUE_ON_PERSON = 0.8


def likelihood(d: "Deduction", roles: dict[str, str]) -> float:
    obs = d.observation
    rules = d.universe.rules
    info = d.universe.info
    kp = info.key_person
    wanted = {kp} | set(info.killer) | set(info.loved_one_kills)
    L = 1.0
    for rec in obs.records:
        if rec["kind"] == "cards":
            # The Mastermind puts Intrigue where it serves a loss condition.
            for c in rec["cards"]:
                if c["by"] == MASTERMIND and is_counter(rules, c["card"], "intrigue", +1) and c["target"] in roles:
                    L *= INTRIGUE_ON_ROLE if roles[c["target"]] in wanted else INTRIGUE_ON_PERSON
            continue
        b = rec["board"]

        def n(c: str, kind: str) -> int:
            return B.count(rules, b, c, kind)

        live = [c for c in roles if B.in_play(b, c)]
        if rec["kind"] == "day_end":
            if rec["ended"]:
                continue
            for k in live:
                r = roles[k]
                if r in info.killer:
                    for v in live:
                        if v != k and roles[v] == kp and b.chars[v].location in B.ability_locations(b, k) \
                                and n(v, "intrigue") >= 2 and v not in rec["killed"]:
                            L *= MISSED_WIN
                    if n(k, "intrigue") >= 4:
                        L *= MISSED_WIN
                if r in info.loved_one_kills and n(k, "paranoia") >= 3 and n(k, "intrigue") >= 1:
                    L *= MISSED_WIN
                if rec["last_day"] and r in info.time_traveler and n(k, "goodwill") <= 2:
                    L *= MISSED_WIN * 2
        elif rec["kind"] == "mastermind_abilities":
            effects = rec["effects"]
            n_i = sum(1 for t, kind, delta, _ in effects if kind == "intrigue" and delta == 1)
            n_p = sum(1 for t, kind, delta, _ in effects if kind == "paranoia" and delta == 1)
            if n_i == 0 and any(roles[c] in info.brain for c in live):
                L *= IDLE_BRAIN
            if n_p == 0 and any(roles[c] in info.ct for c in live):
                L *= IDLE_CT
    return L


def best_guess(d: "Deduction", rng: random.Random | None = None, limit: int = 5000, samples: int = 2000) -> dict[str, str]:
    """The role assignment with the most consistent scripts, each weighted by `likelihood`."""
    exact = d.role_assignments(limit=limit)
    if exact is not None:
        scored = {a: n * likelihood(d, dict(a)) for a, n in exact.items()}
        return dict(max(scored.items(), key=lambda kv: (kv[1], kv[0]))[0])
    rng = rng or random.Random(0)
    tally: dict[tuple[tuple[str, str], ...], float] = defaultdict(float)
    cache: dict[tuple[tuple[str, str], ...], float] = {}
    for _ in range(samples):
        a = tuple(sorted(d.sample(rng)["roles"].items()))
        if a not in cache:
            cache[a] = likelihood(d, dict(a))
        tally[a] += cache[a]
    return dict(max(tally.items(), key=lambda kv: (kv[1], kv[0]))[0])


__all__ = ["likelihood", "best_guess"]
