"""What the Protagonists believe: the deduction's consistent set, summarised and sampled.

Computing the consistent set takes a fraction of a second, so the agents compute it at a few
moments (loop start, or each day for the search agent) and reuse it; every Protagonist seat of a
game sees the same public facts, so the result is shared between them through a small cache.
A world is one consistent script, turned into a Script object the agents can simulate.
"""

from __future__ import annotations

import hashlib
import json
import random
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..script import ScheduledIncident, Script
from .common import rules_of, turf_of
from .threat import Threat

from ..deduction import Deduction, UnsupportedSet, observe, solve

if TYPE_CHECKING:
    from .prior import PriorBeliefs

_CACHE: "OrderedDict[tuple[Any, ...], Beliefs | PriorBeliefs]" = OrderedDict()
_CACHE_SIZE = 8
_BLANK: dict[tuple[Any, ...], Deduction] = {}
# The server runs agents of different tables in worker threads; the shared cache and the worlds
# kept in a cached Beliefs are touched under this lock.
_LOCK = threading.RLock()


@dataclass
class World:
    script: Script
    threat: Threat


@dataclass
class Beliefs:
    deduction: Deduction
    roles: dict[str, dict[str, float]]
    culprits: dict[int, dict[str, float]]
    main: dict[str, float]
    seed: int = 0
    _worlds: list[World] = field(default_factory=list)
    _rng: random.Random | None = None

    def p_role(self, ch: str, *roles: str) -> float:
        d = self.roles.get(ch, {})
        return sum(d.get(r, 0.0) for r in roles)

    def p_culprit(self, idx: int, ch: str) -> float:
        return self.culprits.get(idx, {}).get(ch, 0.0)

    def worlds(self, view: dict[str, Any], k: int, rng: random.Random | None = None) -> list[World]:
        """k consistent scripts drawn uniformly, from a generator seeded by the public history (so
        every seat and every game with the same history imagines the same worlds); kept and reused."""
        with _LOCK:
            if self._rng is None:
                self._rng = random.Random(self.seed)
            while len(self._worlds) < k and self.deduction.count:
                self._worlds.append(make_world(view, self.deduction.sample(self._rng)))
            return self._worlds[:k]


def make_world(view: dict[str, Any], s: dict[str, Any]) -> World:
    """A consistent script ({main, subs, roles, culprits}) as a Script of the view's game: its
    schedule is the public one, its turf the board's, its entering characters enter when they did."""
    rb = rules_of(view)
    turf = turf_of(view)
    loop_of_enter: dict[str, int] = {}
    loop = 0
    for e in view["events"]:
        if e["type"] == "loop_start":
            loop = e["data"]["loop"]
        elif e["type"] == "enters":
            loop_of_enter[e["data"]["character"]] = loop
    enters = {}
    for c in s["roles"]:
        if rb.characters[c].has_trait("enters_on_script_loop"):
            enters[c] = loop_of_enter.get(c, min(view["loops"], max(view["loop"] + 1, 1)))
    incidents = tuple(ScheduledIncident(sc["day"], sc["incident"], s["culprits"][i]) for i, sc in enumerate(view["schedule"]))
    script = Script(title="(a world the Protagonists imagine)", set_id=view["set"], main_plot=s["main"], subplots=tuple(s["subs"]),
                    loops=view["loops"], days=view["days"], cast=dict(s["roles"]), incidents=incidents,
                    enters_loop=enters, turf={c: t for c, t in turf.items() if c in s["roles"]},
                    special_rules=view.get("special_rules", ""))
    return World(script, Threat(script))


def history_digest(events: list[dict[str, Any]]) -> str:
    """A digest of the events a seat saw, by their type and data (never their wording)."""
    blob = json.dumps([[e["type"], e.get("data") or {}] for e in events], sort_keys=True, separators=(",", ":"))
    return hashlib.sha1(blob.encode()).hexdigest()


def _key(view: dict[str, Any]) -> tuple[Any, ...]:
    ev = view["events"]
    chars = tuple(c["id"] for c in view["characters"])
    return (view["set"], view["loops"], view["days"], tuple(s["incident"] for s in view["schedule"]), chars, len(ev),
            history_digest(ev))


def beliefs(view: dict[str, Any]) -> "Beliefs | PriorBeliefs":
    """The deduction for this view, summarised (cached per public history). For a set the deduction
    does not cover, worlds drawn from the prior instead (prior.py)."""
    with _LOCK:
        return _beliefs(view)


def _beliefs(view: dict[str, Any]) -> "Beliefs | PriorBeliefs":
    key = _key(view)
    got = _CACHE.get(key)
    if got is not None:
        _CACHE.move_to_end(key)
        return got
    from .prior import PriorBeliefs

    try:
        obs = observe(view)
    except UnsupportedSet:
        prior = _CACHE[key] = PriorBeliefs(view, seed=int(key[-1][:8], 16))
        if len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
        return prior
    if not obs.facts:
        # Nothing learnt yet: the same for every game of this script, computed once.
        u = obs.universe
        blank = (u.set_id, tuple(u.seen), tuple(u.maybe), tuple(s["incident"] for s in obs.schedule), obs.loops)
        d = _BLANK.get(blank)
        if d is None:
            d = _BLANK[blank] = solve(obs)
    else:
        d = solve(obs)
    total = d.count or 1
    b = Beliefs(
        d,
        {c: {r: n / total for r, n in rs.items() if n} for c, rs in d.roles.items()},
        {i: {c: n / total for c, n in cs.items() if n} for i, cs in d.culprits.items()},
        {},
        seed=int(key[-1][:8], 16),
    )
    for (m, _), n in d.plots.items():
        b.main[m] = b.main.get(m, 0.0) + n / total
    _CACHE[key] = b
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return b


def view_at_loop_start(view: dict[str, Any]) -> dict[str, Any]:
    """The same view cut back to the start of the current loop (what was known when it began)."""
    ev = view["events"]
    cut = max((k for k, e in enumerate(ev) if e["type"] == "loop_start"), default=len(ev))
    out = dict(view)
    out["events"] = ev[: cut + 1]
    out["phase"] = "loop_start"
    out["day"] = 0
    return out
