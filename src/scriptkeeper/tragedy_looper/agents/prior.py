"""Worlds for a Tragedy Set the deduction does not cover (Midnight Zone): scripts drawn from the prior.

The exact deduction knows First Steps and Basic Tragedy. For another set the Protagonist agents
still want worlds to judge their cards in, so they draw scripts that respect what is certain
without it: the set's plots and role bags, every script-creation rule (script.check_script), the
public schedule (days and incident names), the characters on the board, and the roles, culprits
and subplots revealed so far. Nothing else is used (no Goodwill refusal, no incident that did or did not occur),
so these worlds are a prior, not the consistent set; docs/ai.md says so.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..rules import RuleBook
from ..script import check_script
from .common import rules_of, turf_of

TRIES = 60  # draws per wanted world before giving up (a revealed role may fit no plot combination)


class PriorBeliefs:
    """Quacks like beliefs.Beliefs where the agents use it: worlds, role and main-plot shares."""

    deduction = None

    def __init__(self, view: dict[str, Any], seed: int, samples: int = 40) -> None:
        self.rng = random.Random(seed)
        self._draws: list[dict[str, Any]] = []
        turf = turf_of(view)
        for _ in range(samples * TRIES):
            if len(self._draws) >= samples:
                break
            s = draw(view, self.rng, turf)
            if s is not None:
                self._draws.append(s)
        n = len(self._draws) or 1
        roles: dict[str, Counter[str]] = {}
        main: Counter[str] = Counter()
        for s in self._draws:
            main[s["main"]] += 1
            for c, r in s["roles"].items():
                roles.setdefault(c, Counter())[r] += 1
        self.roles = {c: {r: k / n for r, k in cnt.items()} for c, cnt in roles.items()}
        culprits: dict[int, Counter[str]] = {}
        for s in self._draws:
            for i, c in s["culprits"].items():
                culprits.setdefault(i, Counter())[c] += 1
        self.culprits: dict[int, dict[str, float]] = {i: {c: k / n for c, k in cnt.items()} for i, cnt in culprits.items()}
        self.main = {m: k / n for m, k in main.items()}
        self._worlds: list[Any] = []

    def best_assignment(self) -> dict[str, str]:
        """The Final Guess from the prior: the role assignment drawn most often, ties broken by the
        number of characters it names with their likeliest role. A whole draw, never a role per
        character apart: each draw passed the creation rules, so the guess is a legal cast."""
        if not self._draws:
            return {}
        seen: Counter[tuple[tuple[str, str], ...]] = Counter(tuple(sorted(s["roles"].items())) for s in self._draws)

        def score(a: tuple[tuple[str, str], ...]) -> tuple[int, float, tuple[tuple[str, str], ...]]:
            return seen[a], sum(self.roles.get(c, {}).get(r, 0.0) for c, r in a), a

        best: tuple[tuple[str, str], ...] = max(seen.keys(), key=score)
        return dict(best)

    def worlds(self, view: dict[str, Any], k: int, rng: random.Random | None = None) -> list[Any]:
        from .beliefs import _LOCK, make_world

        with _LOCK:
            while len(self._worlds) < min(k, len(self._draws)):
                self._worlds.append(make_world(view, self._draws[len(self._worlds)]))
            return self._worlds[:k]


def announced_traitor_plots(view: dict[str, Any], rb: RuleBook, main: str) -> tuple[list[str], list[str]] | None:
    """Last Liar: once the Mastermind has announced the Traitors before the Final Guess (the
    `traitors_revealed` event, seed 000 "The Final Guess"), the subplots that must be in the script
    and those that cannot be; None before. An announced letter's subplot is in play, and then no
    plot rule made the Traitors ordinary, so an unannounced letter's subplot is not; with none
    announced, a main plot whose rule may make the Traitors ordinary (The Final Plan's Hope on the
    Key Person) leaves them possible."""
    ev = next((e for e in view["events"] if e["type"] == "traitors_revealed"), None)
    if ev is None:
        return None
    letters = set((ev.get("data") or {}).get("cards") or [])
    plots = {p: x.traitor.extra_card for p, x in rb.set.plots.items() if x.traitor is not None}
    with_them = sorted(p for p, l in plots.items() if l in letters)
    if not letters and rb.set.plots[main].traitors_normal_if is not None:
        return with_them, []
    return with_them, sorted(p for p, l in plots.items() if l not in letters)


def draw(view: dict[str, Any], rng: random.Random, turf: dict[str, str] | None = None) -> dict[str, Any] | None:
    """One script for the characters on the board that passes every script-creation rule and fits the
    revealed roles and culprits, as {main, subs, roles, culprits}; None if this draw failed."""
    sid = view["set"]
    rb: RuleBook = rules_of(view)
    mains = sorted(p for p, x in rb.set.plots.items() if x.main)
    subs = sorted(p for p, x in rb.set.plots.items() if not x.main)
    chars = [c["id"] for c in view["characters"]]
    revealed = {c["id"]: c["revealed_role"] for c in view["characters"] if "revealed_role" in c}
    main = rng.choice(mains)
    # a subplot the table has learnt (the Informer names one) is in every draw
    known = [p for p in view.get("revealed_subplots", []) if p in subs]
    rest = [p for p in subs if p not in known]
    announced = announced_traitor_plots(view, rb, main)
    if announced is not None:  # Last Liar's Final Guess: the Traitors announced tell their subplots
        with_them, without = announced
        known += [p for p in with_them if p not in known]
        rest = [p for p in rest if p not in with_them and p not in without]
    k = max(0, rb.set.subplots - len(known))
    chosen = known + (rng.sample(rest, k) if len(rest) >= k else rest)
    bag: list[str] = []
    for p in [main, *chosen]:
        plot = rb.set.plots[p]
        for r, k in plot.roles.items():
            bag += [r] * k
        for r, (lo, hi) in plot.optional_roles.items():
            bag += [r] * rng.randint(lo, hi)
    for r in set(bag):  # the roles two plots add, capped by the role's maximum (as script.check_script counts them)
        cap = rb.roles[r].max
        while cap is not None and bag.count(r) > cap:
            bag.remove(r)
    if len(bag) > len(chars):
        return None
    roles: dict[str, str] = {}
    for c, r in revealed.items():
        if c not in chars:
            continue
        if r in bag:
            bag.remove(r)
        elif r != "person":
            return None  # this combination has no room for what was revealed
        roles[c] = r
    # a character whose role comes from outside the plots (the Mystery Boy) takes none of the bag's
    outside = [c for c in chars if c not in roles and rb.characters[c].has_trait("role_outside_plots")]
    in_plots = {r for p in [main, *chosen] for r in (*rb.set.plots[p].roles, *rb.set.plots[p].optional_roles)}
    for c in outside:
        extra = [r for r in rb.set.roles if r != "person" and r not in in_plots]
        if not extra:
            return None
        roles[c] = rng.choice(extra)
    copycats = [c for c in chars if c not in roles and rb.characters[c].has_trait("copies_a_role")]
    free = [c for c in chars if c not in roles and c not in copycats]
    if len(bag) > len(free):
        return None
    rng.shuffle(free)
    for c in free:
        roles[c] = bag.pop() if bag else "person"
    for c in copycats:  # the Copycat holds the role of another character (never Person)
        held = sorted({r for o, r in roles.items() if o not in copycats and r != "person"})
        if not held:
            return None
        roles[c] = rng.choice(held)
    culprits: dict[int, str] = {}
    used: set[str] = set()
    for i, sc in enumerate(view["schedule"]):
        inc = sc["incident"]  # the public name: a world takes the schedule at its word
        if sc.get("culprit"):
            culprits[i] = sc["culprit"]
        else:
            repeat = rb.incidents[inc].culprit_may_repeat
            pool = [c for c in chars if repeat or c not in used]
            if not pool:
                return None
            culprits[i] = rng.choice(pool)
        used.add(culprits[i])
    turf = turf_of(view) if turf is None else turf
    from .beliefs import entries

    loop_of_enter, day_of_enter = entries(view)

    def entry(c: str, r: str) -> Any:
        opts: dict[str, Any] = {}
        if c in turf:
            opts["turf"] = turf[c]
        if rb.characters[c].has_trait("enters_on_script_loop"):
            opts["enters_loop"] = loop_of_enter.get(c, view["loop"])
        if rb.characters[c].has_trait("enters_on_script_day"):
            opts["enters_day"] = day_of_enter.get(c, max(1, view["day"]))
        return {"role": r, **opts} if opts else r

    data = {"set": sid, "main_plot": main, "subplots": chosen, "loops": view["loops"], "days": view["days"],
            "cast": {c: entry(c, r) for c, r in roles.items()},
            "incidents": [{"day": sc["day"], "incident": sc["incident"], "culprit": culprits[i]}
                          for i, sc in enumerate(view["schedule"])]}
    _, problems = check_script(data)
    if problems:
        return None
    return {"main": main, "subs": tuple(chosen), "roles": roles, "culprits": culprits}
