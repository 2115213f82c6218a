"""What the Protagonists believe: the deduction's consistent set, weighted by the opponent model.

Computing the consistent set takes a fraction of a second, so the agents compute it at a few
moments (loop start, or each day for the search agent) and reuse it; every Protagonist seat of a
game sees the same public facts, so the result is shared between them through a small cache.
A world is one consistent script, turned into a Script object the agents can simulate.

The worlds are not drawn uniformly: a pool of consistent scripts is drawn uniformly from the
deduction, each is weighted by how likely the Mastermind's visible play is under it
(opponent.log_likelihood: Intrigue cards on a role a loss condition wants, wins passed up), and
the worlds are drawn from the pool by weight (sampling-importance-resampling). The support stays
the deduction's exact set: a world is always a consistent script, and no consistent script gets
weight 0. `weighted_roles` are the role shares under those weights.
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
from .common import rules_of, timed_events, turf_of
from .threat import Threat

from ...core.errors import UnmodelledRule
from ..deduction import Deduction, observe, solve
from .opponent import log_likelihood, normalise

if TYPE_CHECKING:
    from .prior import PriorBeliefs

_CACHE: "OrderedDict[tuple[Any, ...], Beliefs | PriorBeliefs]" = OrderedDict()
_CACHE_SIZE = 8
POOL = 60  # consistent scripts drawn uniformly, then weighted by the opponent model
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
    _pool: list[tuple[dict[str, Any], float]] | None = None
    _order: list[int] | None = None  # the pool's scripts in the order the worlds are drawn

    def p_role(self, ch: str, *roles: str) -> float:
        d = self.roles.get(ch, {})
        return sum(d.get(r, 0.0) for r in roles)

    def p_culprit(self, idx: int, ch: str) -> float:
        return self.culprits.get(idx, {}).get(ch, 0.0)

    def pool(self) -> list[tuple[dict[str, Any], float]]:
        """POOL consistent scripts drawn uniformly (from a generator seeded by the public history, so
        every seat with the same history draws the same), each with its opponent-model weight (sum 1)."""
        with _LOCK:
            if self._pool is None:
                if self._rng is None:
                    self._rng = random.Random(self.seed)
                drawn = [self.deduction.sample(self._rng) for _ in range(POOL)] if self.deduction.count else []
                logs = [log_likelihood(self.deduction, s["roles"]) for s in drawn]
                weights = normalise(dict(enumerate(logs)))
                self._pool = [(s, weights[i]) for i, s in enumerate(drawn)]
            return self._pool

    def weighted_roles(self) -> dict[str, dict[str, float]]:
        """character -> role -> share of the consistent set under the opponent model's weights."""
        out: dict[str, dict[str, float]] = {}
        for s, w in self.pool():
            for c, r in s["roles"].items():
                out.setdefault(c, {})[r] = out.get(c, {}).get(r, 0.0) + w
        return out

    def worlds(self, view: dict[str, Any], k: int, rng: random.Random | None = None) -> list[World]:
        """k distinct scripts of the pool drawn by weight (without replacement, keyed u ** (1 / w)),
        the likeliest first; kept and reused."""
        with _LOCK:
            pool = self.pool()
            if self._order is None:
                assert self._rng is not None or not pool
                rng = self._rng or random.Random(self.seed)
                keys = sorted(((rng.random() ** (1.0 / w) if w > 0 else 0.0, i) for i, (_, w) in enumerate(pool)), reverse=True)
                self._order = [i for _, i in keys]
            while len(self._worlds) < min(k, len(self._order)):
                self._worlds.append(make_world(view, pool[self._order[len(self._worlds)]][0]))
            return self._worlds[:k]


def make_world(view: dict[str, Any], s: dict[str, Any]) -> World:
    """A consistent script ({main, subs, roles, culprits}) as a Script of the view's game: its
    schedule is the public one, its turf the board's, its entering characters enter when they did."""
    rb = rules_of(view)
    turf = turf_of(view)
    loop_of_enter, day_of_enter = entries(view)
    enters, enters_day = {}, {}
    for c in s["roles"]:
        if rb.characters[c].has_trait("enters_on_script_loop"):
            enters[c] = loop_of_enter.get(c, min(view["loops"], max(view["loop"] + 1, 1)))
        if rb.characters[c].has_trait("enters_on_script_day"):
            enters_day[c] = day_of_enter.get(c, min(view["days"], max(view["day"] + 1, 1)))
    incidents = tuple(ScheduledIncident(sc["day"], sc["incident"], s["culprits"][i]) for i, sc in enumerate(view["schedule"]))
    script = Script(title="(a world the Protagonists imagine)", set_id=view["set"], main_plot=s["main"], subplots=tuple(s["subs"]),
                    loops=view["loops"], days=view["days"], cast=dict(s["roles"]), incidents=incidents,
                    enters_loop=enters, turf={c: t for c, t in turf.items() if c in s["roles"]},
                    enters_day=enters_day)  # the special rule's words change nothing of an imagined world
    return World(script, Threat(script))


def entries(view: dict[str, Any]) -> tuple[dict[str, int], dict[str, int]]:
    """The loop each character that enters on a loop entered, and the day each that enters on a day
    of every loop entered (the `enters` events the view shows)."""
    loop_of_enter: dict[str, int] = {}
    day_of_enter: dict[str, int] = {}
    for loop, day, e in timed_events(view):
        if e["type"] == "enters":
            ch = e["data"]["character"]
            if day:
                day_of_enter[ch] = day
            else:
                loop_of_enter[ch] = loop
    return loop_of_enter, day_of_enter


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
    """The deduction for this view, summarised (cached per public history). For a set or a character
    the deduction does not cover, worlds drawn from the prior instead (prior.py)."""
    with _LOCK:
        return _beliefs(view)


def _beliefs(view: dict[str, Any]) -> "Beliefs | PriorBeliefs":
    key = _key(view)
    got = _CACHE.get(key)
    if got is not None:
        _CACHE.move_to_end(key)
        return got
    from .prior import PriorBeliefs

    made: Beliefs | PriorBeliefs
    try:
        obs = observe(view)
    except UnmodelledRule:
        # A set the deduction does not cover (UnsupportedSet), or a character of the script it
        # refuses (the further characters of issue 15): worlds drawn from the prior instead.
        made = PriorBeliefs(view, seed=int(key[-1][:8], 16))
    else:
        made = _solved(obs, key)
    _CACHE[key] = made
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return made


def _solved(obs: Any, key: tuple[Any, ...]) -> "Beliefs":
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
