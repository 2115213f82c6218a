"""A model of the Mastermind the Protagonists play against: how likely its visible play is under
each consistent script.

The deduction keeps every script consistent with the rules, all equally possible. A competent
Mastermind does not play at random, though: it puts Intrigue where a loss condition wants it (on
the Key Person, a Killer, a Loved One), and it rarely passes up a win (a Killer beside a Key
Person with 2 Intrigue at day end that did not kill, a Killer with 4 Intrigue or a ready Loved One
that did not end the loop, a Brain that placed no Intrigue all day). `log_likelihood` scores a
role assignment by that play, as the rule-based Mastermind's policy softened: each observation
multiplies the odds by a factor, never by zero, so the weighting only reorders the deduction's
exact set and never widens or cuts it (the support stays the deduction's).

Scores are kept as logarithms: a long game multiplies hundreds of factors, and a product of
floats would reach 0.0 and tie every assignment.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from typing import TYPE_CHECKING, Any

from .. import board as B
from ..refs import MASTERMIND

if TYPE_CHECKING:
    from ..deduction import Deduction

MISSED_WIN = 0.05
IDLE_BRAIN = 0.6
IDLE_CT = 0.75
# An Intrigue card on a character: the Mastermind's policy (greedy on its loss conditions) puts it
# on a role a loss condition counts Intrigue on far more often than on a Person.
INTRIGUE_ON_ROLE = 3.0
INTRIGUE_ON_PERSON = 0.3

Assignment = tuple[tuple[str, str], ...]


def _adds_intrigue(rules: Any, card: str) -> bool:
    c = rules.cards[card]
    return c.kind == "counter" and c.counter == "intrigue" and c.amount > 0


def intrigue_wanted(d: "Deduction") -> set[str]:
    """The roles a loss condition counts Intrigue on (the Key Person, a Killer, a Loved One)."""
    info = d.universe.info
    return {info.key_person} | set(info.killer) | set(info.loved_one_kills)


def card_factor(d: "Deduction", roles: dict[str, str], card: str, target: str, wanted: set[str] | None = None) -> float:
    """How much one revealed Mastermind card multiplies the odds of these roles: an Intrigue card on a
    character weighs for a role that wants Intrigue there, against a Person; other cards weigh 1."""
    if target not in roles or not _adds_intrigue(d.universe.rules, card):
        return 1.0
    wanted = intrigue_wanted(d) if wanted is None else wanted
    return INTRIGUE_ON_ROLE if roles[target] in wanted else INTRIGUE_ON_PERSON


def log_likelihood(d: "Deduction", roles: dict[str, str]) -> float:
    """log P(the Mastermind's visible play | these roles), up to a constant the same for every script.

    What the observations say whatever the roles (who lives, who stands where, the counters) is read
    once per deduction (`_plan`); each assignment only looks its roles up, and the logarithms are
    added in the same order as the observations come (the same float for the same roles)."""
    info = d.universe.info
    kp = info.key_person
    killer, loved, tt, brain, ct = info.killer, info.loved_one_kills, info.time_traveler, info.brain, info.ct
    lg = 0.0
    for rec in _plan(d):
        tag = rec[0]
        if tag == CARDS:
            for t in rec[1]:
                if t in roles:
                    lg += LOG_ON_ROLE if roles[t] in rec[2] else LOG_ON_PERSON
        elif tag == DAY_END:
            rows = rec[1]
            for k, r in roles.items():  # in the roles' order, as the terms always came
                row = rows.get(k)
                if row is None:
                    continue  # not in play that day
                beside, ready4, loved_ready, tt_short = row
                if r in killer:
                    for v in beside:
                        if roles.get(v) == kp:
                            lg += LOG_MISSED
                    if ready4:
                        lg += LOG_MISSED
                if loved_ready and r in loved:
                    lg += LOG_MISSED
                if tt_short and r in tt:
                    lg += LOG_MISSED_TT
        else:
            _, live, no_intrigue, no_paranoia = rec
            if no_intrigue and any(roles.get(c) in brain for c in live):
                lg += LOG_IDLE_BRAIN
            if no_paranoia and any(roles.get(c) in ct for c in live):
                lg += LOG_IDLE_CT
    return lg


CARDS, DAY_END, ABILITIES = 0, 1, 2
LOG_ON_ROLE, LOG_ON_PERSON = math.log(INTRIGUE_ON_ROLE), math.log(INTRIGUE_ON_PERSON)
LOG_MISSED, LOG_MISSED_TT = math.log(MISSED_WIN), math.log(MISSED_WIN * 2)
LOG_IDLE_BRAIN, LOG_IDLE_CT = math.log(IDLE_BRAIN), math.log(IDLE_CT)
_PLANS: dict[int, tuple[Any, list[tuple[Any, ...]]]] = {}


def _plan(d: "Deduction") -> list[tuple[Any, ...]]:
    """The observations of `d` with what they say whatever the roles worked out (log_likelihood's
    terms in their order): per revealed Mastermind card, the targets of its Intrigue and the roles
    wanting it; per day end, per living character, whom it stands beside as a Killer would (the Key
    Person with 2 Intrigue left alive), and whether it had 4 Intrigue, was a ready Loved One or a
    Time Traveler short of Goodwill on the last day; per ability phase, who lived and whether no
    Intrigue or Paranoia was placed."""
    held = _PLANS.get(id(d))
    if held is not None and held[0] is d:
        return held[1]
    rules = d.universe.rules
    info = d.universe.info
    wanted = intrigue_wanted(d)
    out: list[tuple[Any, ...]] = []
    for rec in d.observation.records:
        if rec["kind"] == "cards":
            out.append((CARDS, [c["target"] for c in rec["cards"] if c["by"] == MASTERMIND and _adds_intrigue(rules, c["card"])],
                        wanted))
            continue
        b = rec["board"]

        def n(c: str, kind: str) -> int:
            return B.count(rules, b, c, kind)

        live = [c for c in b.chars if B.in_play(b, c)]
        if rec["kind"] == "day_end":
            if rec["ended"]:
                continue
            rows = {}
            for k in live:
                beside = [v for v in live if v != k and b.chars[v].location in B.ability_locations(b, k)
                          and n(v, "intrigue") >= 2 and v not in rec["killed"]]
                rows[k] = (beside, n(k, "intrigue") >= 4, n(k, "paranoia") >= 3 and n(k, "intrigue") >= 1,
                           bool(rec["last_day"]) and n(k, "goodwill") <= 2)
            out.append((DAY_END, rows))
        elif rec["kind"] == "mastermind_abilities":
            effects = rec["effects"]
            n_i = sum(1 for t, kind, delta, _ in effects if kind == "intrigue" and delta == 1)
            n_p = sum(1 for t, kind, delta, _ in effects if kind == "paranoia" and delta == 1)
            out.append((ABILITIES, live, n_i == 0, n_p == 0))
    if len(_PLANS) > 64:
        _PLANS.clear()
    _PLANS[id(d)] = (d, out)
    return out


def likelihood(d: "Deduction", roles: dict[str, str]) -> float:
    """P(visible play | roles) relative to a script in which the Mastermind's play is neutral (a weight
    above 0: above 1 where its Intrigue went where the roles want it, below where it passed up a win)."""
    return math.exp(log_likelihood(d, roles))


def weighted_assignments(d: "Deduction", rng: random.Random | None = None, limit: int = 5000,
                         samples: int = 2000) -> dict[Assignment, float]:
    """Every consistent role assignment (or, past `limit`, those a uniform sample of the consistent
    set meets) with its weight: its number of scripts times the opponent model's likelihood,
    normalised to sum 1. Only assignments of the consistent set appear (the support is exact)."""
    exact = d.role_assignments(limit=limit)
    logs: dict[Assignment, float] = {}
    if exact is not None:
        for a, k in exact.items():
            logs[a] = math.log(k) + log_likelihood(d, dict(a))
    else:
        rng = rng or random.Random(0)
        tally: dict[Assignment, int] = defaultdict(int)
        for _ in range(samples):
            tally[tuple(sorted(d.sample(rng)["roles"].items()))] += 1
        for a, k in tally.items():
            logs[a] = math.log(k) + log_likelihood(d, dict(a))
    return normalise(logs)


def normalise(logs: dict[Any, float]) -> dict[Any, float]:
    if not logs:
        return {}
    top = max(logs.values())
    w = {a: math.exp(x - top) for a, x in logs.items()}
    total = sum(w.values())
    return {a: x / total for a, x in w.items()}


def best_guess(d: "Deduction", rng: random.Random | None = None, limit: int = 5000, samples: int = 2000) -> dict[str, str]:
    """The most probable complete role assignment under the weighted beliefs: always one of the
    consistent set's (so legal under the creation rules, and right when one script is left)."""
    weights = weighted_assignments(d, rng, limit, samples)
    return dict(max(weights.items(), key=lambda kv: (kv[1], kv[0]))[0])


__all__ = ["best_guess", "card_factor", "intrigue_wanted", "likelihood", "log_likelihood", "normalise", "weighted_assignments"]
