"""Count, list and sample the hidden scripts consistent with a set of facts, exactly.

For each plot combination the facts become atoms (context.py): a role domain per character, a
culprit domain per incident, and conditions over several characters in disjunctive normal form.
The solver counts role assignments with a dynamic programme over the characters, in an order that
keeps few conditions open at a time; its state is how much of the combination's role bag is used
and, for each open condition, which of its terms can still hold. Culprits are counted apart: they
depend on roles only through a few joint conditions and through who is in the cast at all. The
result is the exact number of scripts (plots, role of every character, culprit of every incident)
that satisfy every fact, with per-character and per-incident tallies, and uniform sampling.
"""

from __future__ import annotations

import random
import threading
from collections import Counter, OrderedDict
from dataclasses import dataclass, field
from functools import lru_cache, reduce
from operator import mul
from itertools import product
from math import comb
from typing import Any, Callable, Iterator

from .context import Cx, Universe
from .model import ABSENT, Combo, combos
from .observe import Observation

# A programme's state: (bag, conditions' state) in the plain programme, one integer in the layered
# one (_DP.split).
State = Any
SAT = -1
_UNSEEN: Any = object()  # a cache's "not made yet"


@dataclass
class Deduction:
    """The consistent set: its size, and per character / incident / plot what remains possible."""

    universe: Universe
    observation: Observation
    results: list["ComboSolver"]
    count: int
    roles: dict[str, dict[str, int]]  # character -> role -> number of consistent scripts
    culprits: dict[int, dict[str, int]]  # incident index -> culprit -> number of consistent scripts
    plots: dict[tuple[str, tuple[str, ...]], int]
    _cum: list[int] = field(default_factory=list, repr=False)

    # ------------------------------------------------------------ questions
    def possible_roles(self, ch: str) -> list[str]:
        return [r for r, n in self.roles.get(ch, {}).items() if n > 0]

    def possible_culprits(self, idx: int) -> list[str]:
        return [c for c, n in self.culprits.get(idx, {}).items() if n > 0]

    def role_probability(self, ch: str, role: str) -> float:
        return self.roles.get(ch, {}).get(role, 0) / self.count if self.count else 0.0

    def consistent(self, main: str, subs: tuple[str, ...] | list[str], cast: dict[str, str],
                   culprits: dict[int, str]) -> bool:
        """Is this script (plots, roles, culprits) in the consistent set?"""
        # Several combinations may share the plots, each with its own bag (The Mythomaniac's Secret's added role).
        return any(sv.check(cast, culprits) for sv in self.results if sv.combo.main == main and set(sv.combo.subs) == set(subs))

    # ------------------------------------------------------------ sampling
    def sample(self, rng: random.Random) -> dict[str, Any]:
        """One consistent script, uniformly at random: {main, subs, roles {ch: role}, culprits {idx: ch}}."""
        if not self.count:
            raise ValueError("no consistent script")
        if not self._cum:
            acc = 0
            for sv in self.results:
                acc += sv.count
                self._cum.append(acc)
        x = rng.randrange(self.count)
        k = next(i for i, c in enumerate(self._cum) if c > x)
        return self.results[k].sample(rng)

    def most_likely_roles(self, rng: random.Random | None = None, samples: int = 3000) -> dict[str, str]:
        """The role assignment shared by the most consistent scripts (exact when few remain, else estimated)."""
        exact = self.role_assignments(limit=20000)
        if exact is not None:
            return dict(max(exact.items(), key=lambda kv: (kv[1], kv[0]))[0])
        rng = rng or random.Random(0)
        tally: Counter[tuple[tuple[str, str], ...]] = Counter()
        for _ in range(samples):
            tally[tuple(sorted(self.sample(rng)["roles"].items()))] += 1
        return dict(max(tally.items(), key=lambda kv: (kv[1], kv[0]))[0])

    def role_assignments(self, limit: int = 20000) -> dict[tuple[tuple[str, str], ...], int] | None:
        """Every consistent role assignment with its number of scripts, or None if more than `limit`."""
        # Each outer choice of a plot combination lists its programme's role assignments, as many as
        # that programme counted (`n` of ComboSolver.outer): past the limit the answer is None
        # without listing them (early in a game, thousands before giving up).
        if sum(n for sv in self.results for _, _, n, _ in sv.outer) > limit:
            return None
        out: Counter[tuple[tuple[str, str], ...]] = Counter()
        for sv in self.results:
            for _, cc, _, dp in sv.outer:
                for assign in dp.listed():
                    out[assign] += cc
        return dict(out)


def _shallow(sv: "ComboSolver") -> "ComboSolver":
    """copy.copy of a solver, without its generic protocol (one per plot combination and deduction)."""
    out = object.__new__(ComboSolver)
    out.__dict__.update(sv.__dict__)
    return out


class ComboSolver:
    def __init__(self, obs: Observation, cx: Cx) -> None:
        self.obs = obs
        self.cx = cx
        self.combo: Combo = cx.combo
        self.chars = list(cx.u.script_chars)
        self.incidents = list(range(len(obs.schedule)))
        self.dom: dict[str, frozenset[str]] = {c: frozenset(cx.script_domain(c)) for c in self.chars}
        self.cdom: dict[int, frozenset[str]] = {i: frozenset(self.chars) for i in self.incidents}
        # Incidents that may share a culprit among themselves (Midnight Zone's Serial Murder), by the
        # name the schedule shows: a Fake Incident under that name is counted as one (a sound superset).
        self.repeat = tuple(bool(cx.rules.incidents[s["incident"]].culprit_may_repeat) for s in obs.schedule)
        self.dnfs: list[tuple[tuple[tuple[str, frozenset[str]], ...], ...]] = []
        self.joints: list[tuple[tuple[str, ...], tuple[int, ...], Callable[..., bool]]] = []
        self.dead = False
        bag = cx.combo.bag
        self.bag_roles = [r for r, _, _ in bag]
        self.bag_index = {r: k for k, r in enumerate(self.bag_roles)}
        self.lo = tuple(lo for _, lo, _ in bag)
        self.hi = tuple(hi for _, _, hi in bag)
        self.count = 0
        self.outer: list[tuple[dict[str, frozenset[str]], int, int, "_DP"]] = []  # (domains, culprits, roles, dp)

    # ------------------------------------------------------------ atoms
    def add(self, atoms: bool | list[tuple]) -> None:
        atoms = self.cx.to_script(atoms)
        if atoms is True:
            return
        if atoms is False:
            self.dead = True
            return
        for a in atoms:
            kind = a[0]
            if kind == "R":
                self.dom[a[1]] = self.dom[a[1]] & a[2]
            elif kind == "C":
                self.cdom[a[1]] = self.cdom[a[1]] & a[2]
            elif kind == "D":
                self.dnfs.append(a[1])
            elif kind == "J":
                self.joints.append((a[1], a[2], a[3]))
            else:  # pragma: no cover
                raise ValueError(a)

    def simplify(self) -> bool:
        """Propagate domains into the conditions until nothing changes; False if impossible."""
        while True:
            if any(not d for d in self.dom.values()) or any(not d for d in self.cdom.values()):
                return False
            changed = False
            out = []
            seen = set()
            for terms in self.dnfs:
                new_terms = []
                always = False
                for t in terms:
                    lits = []
                    ok = True
                    for c, s in t:
                        s2 = s & self.dom[c]
                        if not s2:
                            ok = False
                            break
                        if s2 != self.dom[c]:
                            lits.append((c, s2))
                    if not ok:
                        continue
                    if not lits:
                        always = True
                        break
                    new_terms.append(tuple(lits))
                if always:
                    changed = changed or True
                    continue
                if not new_terms:
                    return False
                chars = {c for t in new_terms for c, _ in t}
                if len(chars) == 1:
                    (c,) = chars
                    allowed = frozenset().union(*[s for t in new_terms for _, s in t])
                    if allowed != self.dom[c]:
                        self.dom[c] = self.dom[c] & allowed
                        changed = True
                    continue
                key = tuple(sorted(set(new_terms)))
                if key in seen:
                    continue
                seen.add(key)
                if len(new_terms) == 1:
                    for c, s in new_terms[0]:
                        self.dom[c] = self.dom[c] & s
                    changed = True
                    continue
                out.append(key)
            if len(out) != len(self.dnfs):
                changed = True
            self.dnfs = out
            if not changed:
                return True

    def prepare(self) -> bool:
        if self.dead or not self.simplify():
            return False
        jchars = tuple(dict.fromkeys(c for chars, _, _ in self.joints for c in chars))
        maybe = tuple(c for c in self.chars if ABSENT in self.dom[c] and c not in jchars)
        self.jchars, self.maybe = jchars, maybe
        # order: characters in conditions first, greedily keeping few conditions open
        in_atoms: dict[str, set[int]] = {c: set() for c in self.chars}
        for k, terms in enumerate(self.dnfs):
            for t in terms:
                for c, _ in t:
                    in_atoms[c].add(k)
        seq: list[str] = [c for c in jchars + maybe]
        rest = [c for c in self.chars if c not in seq and in_atoms[c]]
        opened: set[int] = set().union(*[in_atoms[c] for c in seq]) if seq else set()
        while rest:
            best = max(rest, key=lambda c: (len(in_atoms[c] & opened), -len(in_atoms[c] - opened), -self.chars.index(c)))
            seq.append(best)
            opened |= in_atoms[best]
            rest.remove(best)
        seq += [c for c in self.chars if c not in seq]
        self.seq = seq
        # where the free tail begins (_DP.tail_start): after the last character a condition names
        named = [i for i, c in enumerate(seq) if in_atoms[c]]
        self.tail_pos = len(seq) if not GROUP_TAIL else (max(named) + 1 if named else 0)
        return True

    def state_key(self) -> tuple[Any, ...] | None:
        """Everything the count, the tallies and the samples of this prepared solver depend on (None
        when a joint condition, a function, is among them: not compared by value)."""
        if self.joints:
            return None
        return (tuple(self.chars), tuple(self.dom[c] for c in self.chars), tuple(self.cdom[i] for i in self.incidents),
                tuple(self.dnfs), self.combo.bag, GROUP_TAIL, LAYERED, LUMPED, self.repeat)

    def lent_to(self, other: "ComboSolver") -> "ComboSolver":
        """This solved solver for another plot combination with the same state (state_key)."""
        out = _shallow(self)
        out.obs, out.cx, out.combo = other.obs, other.cx, other.combo
        return out

    # ------------------------------------------------------------ counting
    def run(self) -> int:
        outer_opts: list[list[tuple[str, frozenset[str]]]] = []
        for c in self.jchars:
            outer_opts.append([(r, frozenset({r})) for r in sorted(self.dom[c])])
        for c in self.maybe:
            opts = []
            if ABSENT in self.dom[c]:
                opts.append((ABSENT, frozenset({ABSENT})))
            present = self.dom[c] - {ABSENT}
            if present:
                opts.append(("present", present))
            outer_opts.append(opts)
        keys = list(self.jchars + self.maybe)
        total = 0
        # The outer characters come first in `seq`: past them every choice has the same domains,
        # so one programme over the union of the choices (the solver's own domains) counts the
        # rest once for all of them (each choice counts its first characters itself: _DP.layers).
        base = None
        # (worth its own programme when several characters come between the outer ones and the tail)
        if LAYERED and len(keys) + SHARED_AT_LEAST <= self.tail_pos and len(list(product(*outer_opts))) > 1:
            base = _dp_for(self, dict(self.dom))
        for choice in product(*outer_opts):
            doms = dict(self.dom)
            roles_key = {}
            for c, (lab, d) in zip(keys, choice):
                doms[c] = d
                roles_key[c] = lab
            cc = self.culprit_count(roles_key)
            if not cc:
                continue
            dp = _dp_for(self, doms, base, len(keys))
            n = dp.total()
            if n:
                self.outer.append((doms, cc, n, dp))
                total += cc * n
        self.count = total
        return total

    def culprit_lists(self, roles: dict[str, str]) -> list[tuple[str, ...]]:
        key = tuple(sorted(roles.items()))
        cache = self.__dict__.setdefault("_cl", {})
        if key in cache:
            return cache[key]
        absent = {c for c, r in roles.items() if r == ABSENT}
        doms = [sorted(self.cdom[i] - absent) for i in self.incidents]
        out: list[tuple[str, ...]] = []

        def rec(k: int, acc: tuple[str, ...]) -> None:
            if k == len(doms):
                for chars, idxs, fn in self.joints:
                    if not fn(tuple(roles[c] for c in chars), tuple(acc[i] for i in idxs)):
                        return
                out.append(acc)
                return
            for c in doms[k]:
                if c not in acc or (self.repeat[k] and all(self.repeat[j] for j, x in enumerate(acc) if x == c)):
                    rec(k + 1, acc + (c,))

        rec(0, ())
        cache[key] = out
        return out

    def culprits_for(self, roles: dict[str, str]) -> "_Culprits":
        key = tuple(sorted(roles.items()))
        cache = self.__dict__.setdefault("_cc", {})
        got = cache.get(key)
        if got is None:
            absent = {c for c, r in roles.items() if r == ABSENT}
            if self.joints:
                got = _Culprits(self.incidents, [], lists=self.culprit_lists(roles))
            else:
                got = _culprits(tuple(self.incidents), tuple(tuple(sorted(self.cdom[i] - absent)) for i in self.incidents), self.repeat)
            cache[key] = got
        return got

    def culprit_count(self, roles: dict[str, str]) -> int:
        return self.culprits_for(roles).count

    def tally(self, roles: dict[str, Counter], culprits: dict[int, Counter]) -> None:
        keys = list(self.jchars + self.maybe)
        for doms, cc, n, dp in self.outer:
            dp.marginals(roles, cc)
            rk = {c: (next(iter(doms[c])) if c in self.jchars else (ABSENT if doms[c] == {ABSENT} else "present")) for c in keys}
            for i, per in self.culprits_for(rk).marginals().items():
                for c, k in per.items():
                    culprits[i][c] += k * n

    def role_order(self, c: str, among: set[str]) -> list[str]:
        """The roles of c's tally (tally) that are `among`, in the order the plain programme adds
        them: each outer choice's programme in turn, in its own order (_DP.order_of)."""
        out: dict[str, None] = {}
        for _, _, _, dp in self.outer:
            left = among - out.keys()
            if not left:
                break
            out.update(dict.fromkeys(dp.order_of(c, left)))
        return list(out)

    # ------------------------------------------------------------ single scripts
    def check(self, cast: dict[str, str], culprits: dict[int, str]) -> bool:
        roles = {c: cast.get(c, ABSENT) for c in self.chars}
        if any(roles[c] not in self.dom[c] for c in self.chars):
            return False
        used = Counter(roles[c] for c in self.chars)
        for k, r in enumerate(self.bag_roles):
            if not self.lo[k] <= used[r] <= self.hi[k]:
                return False
        for terms in self.dnfs:
            if not any(all(roles[c] in s for c, s in t) for t in terms):
                return False
        cs = tuple(culprits.get(i) for i in self.incidents)
        if any(c not in self.cdom[i] or roles.get(c) == ABSENT for i, c in zip(self.incidents, cs)):
            return False
        if any(n > 1 and not all(self.repeat[k] for k, x in enumerate(cs) if x == c) for c, n in Counter(cs).items()):
            return False
        return all(fn(tuple(roles[c] for c in chars), tuple(cs[i] for i in idxs)) for chars, idxs, fn in self.joints)

    def sample(self, rng: random.Random) -> dict[str, Any]:
        x = rng.randrange(self.count)
        for doms, cc, n, dp in self.outer:
            if x < cc * n:
                break
            x -= cc * n
        roles = dp.sample(rng)
        rk = {c: (roles[c] if c in self.jchars else (ABSENT if roles[c] == ABSENT else "present")) for c in self.jchars + self.maybe}
        cs = self.culprits_for(rk).sample(rng)
        return {"main": self.combo.main, "subs": self.combo.subs,
                "roles": {c: r for c, r in roles.items() if r != ABSENT},
                "culprits": dict(zip(self.incidents, cs))}

    def assignments(self) -> Iterator[tuple[dict[str, str], int]]:
        for doms, cc, n, dp in self.outer:
            for roles in dp.assignments():
                yield {c: r for c, r in roles.items() if r != ABSENT}, cc


@lru_cache(maxsize=256)
def _culprits(incidents: tuple[int, ...], doms: tuple[tuple[str, ...], ...], repeat: tuple[bool, ...] = ()) -> "_Culprits":
    """The culprit assignments of these domains: the same for most plot combinations and most outer
    choices of a deduction (and from one decision to the next), so made once (never changed)."""
    return _Culprits(list(incidents), [list(d) for d in doms], repeat=repeat)


class _Culprits:
    """Injective culprit assignments (one character per incident, each at most once, except among
    the incidents marked `repeat`, which may share one), counted by a dynamic programme over the
    incidents with the set of characters already used (and, above them, those used by an incident
    that shares with no other)."""

    def __init__(self, incidents: list[int], doms: list[list[str]], lists: list[tuple[str, ...]] | None = None,
                 repeat: tuple[bool, ...] = ()) -> None:
        self.incidents = incidents
        self.lists = lists
        if lists is not None:
            self.count = len(lists)
            return
        chars = sorted({c for d in doms for c in d})
        self.bit = {c: 1 << k for k, c in enumerate(chars)}
        self.shift = len(chars)
        self.repeat = tuple(repeat) or (False,) * len(doms)
        self.doms = doms
        self.memo: dict[tuple[int, int], int] = {}
        self.count = self.f(0, 0)

    def f(self, k: int, mask: int) -> int:
        if k == len(self.doms):
            return 1
        key = (k, mask)
        got = self.memo.get(key)
        if got is not None:
            return got
        tot = 0
        for c in self.doms[k]:
            nxt = self.take(k, mask, c)
            if nxt is not None:
                tot += self.f(k + 1, nxt)
        self.memo[key] = tot
        return tot

    def take(self, k: int, mask: int, c: str) -> int | None:
        """The mask once `c` is the culprit of the k-th incident; None when it cannot be."""
        b = self.bit[c]
        if self.repeat[k]:
            return None if mask & (b << self.shift) else mask | b
        return None if mask & b else mask | b | (b << self.shift)

    def marginals(self) -> dict[int, Counter]:
        """Per incident, per culprit, the number of assignments (made once; never change it)."""
        got = self.__dict__.get("_marginals")
        if got is None:
            got = self.__dict__["_marginals"] = self._marginals()
        return got

    def _marginals(self) -> dict[int, Counter]:
        out: dict[int, Counter] = {i: Counter() for i in self.incidents}
        if self.lists is not None:
            for cs in self.lists:
                for i, c in zip(self.incidents, cs):
                    out[i][c] += 1
            return out
        fwd: dict[int, int] = {0: 1}
        for k, i in enumerate(self.incidents):
            nxt: Counter = Counter()
            for mask, w in fwd.items():
                for c in self.doms[k]:
                    m2 = self.take(k, mask, c)
                    if m2 is None:
                        continue
                    tail = self.f(k + 1, m2)
                    if tail:
                        out[i][c] += w * tail
                        nxt[m2] += w
            fwd = nxt
        return out

    def sample(self, rng: random.Random) -> tuple[str, ...]:
        if self.lists is not None:
            return self.lists[rng.randrange(len(self.lists))]
        mask, out = 0, []
        for k in range(len(self.doms)):
            takes = [(c, self.take(k, mask, c)) for c in self.doms[k]]
            opts = [(c, m2, self.f(k + 1, m2)) for c, m2 in takes if m2 is not None]
            opts = [(c, m2, w) for c, m2, w in opts if w]
            y = rng.randrange(sum(w for _, _, w in opts))
            for c, m2, w in opts:
                if y < w:
                    out.append(c)
                    mask = m2
                    break
                y -= w
        return tuple(out)


GROUP_TAIL = True  # off: every character counted one by one (the tests compare both)
# On: the characters before the free tail are counted level by level (_DP.layers: every reachable
# state made once, then one backward sweep), the marginals read from the kept moves; off: the plain
# recursive programme (_DP.back_plain, _DP.step at every move). The tests compare both.
LAYERED = True
# On (with LAYERED): the states that a permutation of interchangeable roles makes are counted as one
# (_DP._role_classes); the tallies of such roles are shared out evenly and put in the order of the
# programme without it (_DP.order_of, _Walk). Off: every state apart. The tests compare both.
LUMPED = True
LUMPED_FROM = 3  # characters before the free tail for a programme to be lumped
LUMPED_CLASS = 3  # ... and roles in its largest class of interchangeable ones
SHARED_AT_LEAST = 3  # characters past the outer ones for their choices to share a base programme

# Dynamic programmes by everything they depend on: the same one comes back for several plot
# combinations of one deduction, and from one decision to the next while no fact changes (the
# agents and the assistant ask at many decisions). Shared between threads (the server's agents).
_DPS: "OrderedDict[tuple[Any, ...], _DP]" = OrderedDict()
_DPS_SIZE = 1024
_DPS_LOCK = threading.Lock()


# Per literals of the conditions (_DP._dead_terms), the terms dead once given roles are filled.
_DEAD_TERMS: dict[tuple[Any, ...], dict[tuple[int, int], tuple[int, ...] | None]] = {}

# The tail's counts by what they depend on (_DP.tail), shared by every programme. Exact integers.
_TAIL_COUNTS: dict[tuple[Any, ...], int] = {}
_TAIL_COUNTS_SIZE = 200_000

_TAILS: "OrderedDict[tuple[Any, ...], dict[tuple[int, tuple[int, ...], tuple[int, ...]], int]]" = OrderedDict()


def _tail_memo(key: tuple[Any, ...]) -> dict[tuple[int, tuple[int, ...], tuple[int, ...]], int]:
    """The memo of the free tail's counts for these groups and this bag (see _DP.tail). Its
    entries are exact counts that depend on nothing else, so threads may share it."""
    with _DPS_LOCK:
        memo = _TAILS.get(key)
        if memo is None:
            memo = _TAILS[key] = {}
            if len(_TAILS) > _DPS_SIZE:
                _TAILS.popitem(last=False)
        else:
            _TAILS.move_to_end(key)
        return memo


# The bag standing for each bag (_DP._canon) by the bag's digits and the classes: the same for
# every programme with them. Exact, so threads may share it.
_CANONS: dict[tuple[Any, ...], dict[int, int]] = {}


def _canon_memo(key: tuple[Any, ...]) -> dict[int, int]:
    with _DPS_LOCK:
        got = _CANONS.get(key)
        if got is None:
            if len(_CANONS) > _DPS_SIZE:
                _CANONS.clear()
            got = _CANONS[key] = {}
        return got


def clear_caches() -> None:
    """Forget every programme and culprit count made so far (benchmarks time a cold deduction)."""
    with _DPS_LOCK:
        _DPS.clear()
        _TAILS.clear()
        _SOLVED.clear()
        _TAIL_COUNTS.clear()
        _CONTEXTS.clear()
        _DEAD_TERMS.clear()
        _CANONS.clear()
    _culprits.cache_clear()
    _spreads.cache_clear()


def _dp_for(sv: "ComboSolver", doms: dict[str, frozenset[str]], base: "_DP | None" = None, shared_from: int = 0) -> "_DP":
    """The programme of these domains (made once: _DPS). `base`: a programme whose domains equal
    these from position `shared_from` on, whose counts from there on it reads instead of making its own."""
    key = (tuple(sv.seq), tuple(_sorted_roles(doms[c]) for c in sv.seq), tuple(sv.bag_roles), sv.lo, sv.hi, tuple(sv.dnfs),
           GROUP_TAIL, LAYERED, LUMPED)
    with _DPS_LOCK:
        dp = _DPS.get(key)
        if dp is not None:
            _DPS.move_to_end(key)
            return dp
    dp = _DP(sv, doms, base, shared_from)
    with _DPS_LOCK:
        _DPS[key] = dp
        if len(_DPS) > _DPS_SIZE:
            _DPS.popitem(last=False)
    return dp


@lru_cache(maxsize=4096)
def _spreads(caps: tuple[int, ...], least: int, most: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every vector t of _spread with its number of ways, the product of C(caps[j], t[j]) (made once
    per caps and bounds: the tail asks the same ones for many bags)."""
    out = []
    for ks in _spread(caps, least, most):
        w = 1
        for c, t in zip(caps, ks):
            w *= comb(c, t)
        out.append((ks, w))
    return tuple(out)


def _spread(caps: tuple[int, ...], least: int, most: int) -> Iterator[tuple[int, ...]]:
    """Every vector t with 0 <= t[j] <= caps[j] and least <= sum(t) <= most."""
    if not caps:
        if least <= 0 <= most:
            yield ()
        return
    for t in range(min(caps[0], most) + 1):
        for rest in _spread(caps[1:], least - t, most - t):
            yield (t, *rest)


def _without(dead: tuple[int, ...], atoms: tuple[int, ...]) -> tuple[int, ...] | None:
    """The conditions' state without the dead terms (per condition, their bits); None when a
    condition has no term left."""
    out = list(atoms)
    for a, m in enumerate(out):
        if m == SAT or not dead[a] & m:
            continue
        m &= ~dead[a]
        if not m:
            return None
        out[a] = m
    return tuple(out)


@lru_cache(maxsize=4096)
def _sorted_roles(dom: frozenset[str]) -> tuple[str, ...]:
    """A domain in the order the programme tries its roles (made once per domain)."""
    return tuple(sorted(dom))


class _DP:
    """Role assignments of one plot combination with fixed domains, counted over `seq`."""

    def __init__(self, sv: ComboSolver, doms: dict[str, frozenset[str]], base: "_DP | None" = None, shared_from: int = 0) -> None:
        self.sv = sv
        self.seq = sv.seq
        self.doms = [_sorted_roles(doms[c]) for c in self.seq]
        pos = {c: i for i, c in enumerate(self.seq)}
        # per position: (atom, {role: mask of terms still possible}, mask of terms that end here)
        self.at: list[list[tuple[int, dict[str, int], int]]] = [[] for _ in self.seq]
        self.full: list[int] = []
        # a programme sharing a base from shared_from on has the base's rows there
        share = (LAYERED and base is not None and base.seq == self.seq and base.sv.dnfs == sv.dnfs
                 and base.doms[shared_from:] == self.doms[shared_from:])
        for a, terms in enumerate(sv.dnfs):
            full = (1 << len(terms)) - 1
            self.full.append(full)
            last = [max(pos[c] for c, _ in t) for t in terms]
            touched = sorted({pos[c] for t in terms for c, _ in t})
            lits = [dict(t) for t in terms]
            for i in touched:
                if share and i >= shared_from:
                    continue
                c = self.seq[i]
                # a role keeps the terms that do not name c, and those whose literal on c allows it
                keep = 0
                for k, t in enumerate(lits):
                    if c not in t:
                        keep |= 1 << k
                masks: dict[str, int] = dict.fromkeys(self.doms[i], keep)
                for k, t in enumerate(lits):
                    lit = t.get(c)
                    if lit is not None:
                        for r in lit:
                            if r in masks:
                                masks[r] |= 1 << k
                ends = 0
                for k in range(len(terms)):
                    if last[k] == i:
                        ends |= 1 << k
                self.at[i].append((a, masks, ends))
        if share:
            assert base is not None
            self.at[shared_from:] = base.at[shared_from:]
        self.start: State = (tuple(0 for _ in sv.bag_roles), tuple(self.full))
        # Layered, a state's bag is one integer, its count of each role a digit (base: the role's
        # maximum + 1): a move adds the role's unit, and states hash and compare as a number.
        self.radix = tuple(h + 1 for h in sv.hi)
        self.unit: list[int] = []
        unit = 1
        for radix in self.radix:
            self.unit.append(unit)
            unit *= radix
        self.bags: dict[int, tuple[int, ...]] = {}  # code -> bag, as made
        self.memo: dict[tuple[int, State], int] = {}
        self._listed: list[tuple[tuple[str, str], ...]] | None = None  # listed()
        self.n = len(self.seq)
        self.layered = LAYERED
        # per position before the tail: state -> its live moves (role, next state, how many roles it stands for)
        self.levels: list[dict[State, list[tuple[str, State, int]]]] = []
        self.vals: list[dict[State, int]] | None = None  # per position up to the tail's: state -> count (layers)
        self.base, self.shared_from = base, shared_from
        # Layered, a state is kept without the terms that can no longer hold once roles they need
        # are at their maxima (_unfilled): fewer states, the same counts.
        self.kills = self.layered and bool(sv.dnfs) and bool(sv.bag_roles)
        self.unfilled: dict[tuple[int, int, tuple[int, ...]], tuple[int, ...] | None] = {}
        self.dead_start = False
        if self.kills and any(h <= 0 for h in sv.hi):  # roles the bag has no room for at all
            got = self._unfilled(-1, self._filled_bag(self.start[0]), self.start[1])
            if got is None:
                self.dead_start = True
            else:
                self.start = (self.start[0], got)
        # The free tail: the characters after the last one any condition names. Those with the same
        # domain are interchangeable, so from there on the assignments are counted per group of
        # them in closed form (multinomials) instead of character by character: early in a game
        # (few facts, no conditions) that is nearly every character of 315 plot combinations.
        named = [i for i, row in enumerate(self.at) if row]
        self.tail_start = max(named) + 1 if named else 0
        if not GROUP_TAIL:
            self.tail_start = self.n
        if self.base is not None and (self.base.tail_start != self.tail_start or self.shared_from >= self.tail_start
                                      or self.base.doms[self.shared_from:] != self.doms[self.shared_from:]):
            self.base = None  # (nothing to share: the tail begins before the shared positions)
        # Roles of the bag interchangeable everywhere in this programme (_role_classes): a state
        # stands for every state a permutation of them makes (_canon), which all count the same.
        # (only with characters enough before the tail to make many states: else the walk for the
        # tallies' order costs more than it saves)
        self.classes = self._role_classes() if self.layered and LUMPED and self.tail_start >= LUMPED_FROM else ()
        self._canon_of: dict[int, int] = _canon_memo((self.radix, self.classes)) if self.classes else {}
        if self.base is not None and self.base.classes != self.classes:
            self.base = None  # (its states stand for other sets of states)
        # per position, per role: (its index in the bag or -1, the bag's maximum for it, and the
        # (atom, mask of its terms the role keeps, mask of its terms that end here) it touches)
        bag_index, hi = sv.bag_index, sv.hi
        # (only before the tail: its characters are counted by groups, stepped one by one only when
        # single assignments are drawn or listed: all_moves)
        # (a programme sharing a base's positions from shared_from on shares their moves too)
        own = self.shared_from if self.base is not None else self.tail_start
        self.moves: list[dict[str, tuple[int, int, tuple[tuple[int, int, int], ...]]]] = [
            self._moves_at(i) for i in range(own)]
        if self.base is not None:
            self.moves += self.base.moves[own:self.tail_start]
        groups: dict[tuple[str, ...], int] = {}
        for i in range(self.tail_start, self.n):
            groups.setdefault(tuple(self.doms[i]), len(groups))
        self.groups = list(groups)
        self.group_of = {i: groups[tuple(self.doms[i])] for i in range(self.tail_start, self.n)}
        bag_index = sv.bag_index
        # per role of the bag, the groups whose domain has it; per group, how many of its roles the bag does not count
        self.role_groups = [[g for g, dom in enumerate(self.groups) if r in dom] for r in sv.bag_roles]
        self.group_free = tuple(sum(1 for r in g if r not in bag_index) for g in self.groups)
        self.holders = tuple(tuple(h) for h in self.role_groups)
        self.tail_local: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}  # (bag, sizes) -> tail
        # per tail position: how many characters of each group are still to come
        self.sizes: dict[int, tuple[int, ...]] = {}
        for i in range(self.tail_start, self.n + 1):
            sizes = [0] * len(self.groups)
            for j in range(i, self.n):
                sizes[groups[tuple(self.doms[j])]] += 1
            self.sizes[i] = tuple(sizes)
        # The tail's count depends only on its groups and the bag: the plot combinations and outer
        # choices with the same ones (half of them early in a game) share one memo.
        self.tail_memo = _tail_memo((tuple(self.groups), tuple(sv.bag_roles), tuple(sv.lo), tuple(sv.hi)))
        # Layered, a state is one integer: the bag's code in its low bits (shift of them), the
        # number of its conditions' state above (each made is numbered once, in `conditions`; a
        # programme sharing a base numbers them as the base does, their states being the same).
        self.shift = max(1, reduce(mul, self.radix, 1).bit_length())
        self.bag_mask = (1 << self.shift) - 1
        self.conditions: list[tuple[int, ...]] = self.base.conditions if self.base is not None else []
        self.condition_no: dict[tuple[int, ...], int] = self.base.condition_no if self.base is not None else {}
        if self.layered:
            self.start = (self.code(self.start[0]) | self.numbered(self.start[1]))

    def _moves_at(self, i: int) -> dict[str, tuple[int, int, tuple[tuple[int, int, int], ...]]]:
        bag_index, hi = self.sv.bag_index, self.sv.hi
        return {r: (bag_index.get(r, -1), hi[bag_index[r]] if r in bag_index else 0,
                    tuple((a, masks[r], ends) for a, masks, ends in self.at[i])) for r in self.doms[i]}

    def all_moves(self) -> None:
        """The moves of the tail's characters too (sample, assignments); made once."""
        if len(self.moves) < self.n:
            self.moves = self.moves + [self._moves_at(i) for i in range(len(self.moves), self.n)]

    def step(self, i: int, s: Any, r: str) -> Any:
        if self.layered:
            got = self._step(i, self.split(s), r)
            return None if got is None else got[0] | self.numbered(got[1])
        return self._step(i, s, r)

    def _step(self, i: int, s: State, r: str) -> State | None:
        bag, atoms = s
        k, hi, ops = self.moves[i][r]
        fills = False
        if k >= 0:
            if self.layered:  # the bag as a code
                d = bag // self.unit[k] % self.radix[k]
                if d >= hi:
                    return None
                bag += self.unit[k]
                fills = self.kills and d + 1 == hi
            else:
                if bag[k] >= hi:
                    return None
                bag = bag[:k] + (bag[k] + 1,) + bag[k + 1:]
        if ops:
            atoms = list(atoms)
            for a, mask, ends in ops:
                m = atoms[a]
                if m == SAT:
                    continue
                m &= mask
                if not m:
                    return None
                atoms[a] = SAT if m & ends else m
            atoms = tuple(atoms)
        if fills:
            got = self._unfilled(i, self._filled(bag), atoms)
            if got is None:
                return None
            atoms = got
        return (bag, atoms)

    def back(self, i: int, s: State) -> int:
        """The assignments of the characters from position i on, from state s."""
        if not self.layered:
            return self.back_plain(i, s)
        if i >= self.tail_start:
            code, atoms = self.split(s)
            return self.tail(self.bag_of(code), self.sizes[i]) if all(m == SAT for m in atoms) else 0
        if self.vals is None:
            self.layers()
        assert self.vals is not None
        if self.classes:
            s = self._canon(s & self.bag_mask) | (s & ~self.bag_mask)
        return self.vals[i].get(s, 0)

    def layers(self) -> None:
        """Count the characters before the free tail level by level: the states reachable at each
        position (each move made once, kept with its state), then the counts from the tail back to
        the start. The same counts as back_plain (a state it never reaches counts 0: the bag's
        minima can no longer be met, or a condition no longer hold), without a call per state."""
        ts, n = self.tail_start, self.n
        lo = self.sv.lo
        base = self.base
        own = ts
        if base is not None:
            own = self.shared_from
            if base.vals is None:
                base.layers()
        levels: list[dict[State, list[tuple[str, State, int]]]] = []
        cur: dict[State, Any] = {} if self.dead_start else {self.start: None}
        deficits: dict[int, int] = {}
        kills = self.kills
        lumped, canon = bool(self.classes), self._canon
        canon_get, filled_get = self._canon_of.get, self.__dict__.setdefault("_filled_of", {}).get  # (their memos, read inline)
        class_of = {k: c for c, ks in enumerate(self.classes) for k in ks}
        bag_mask, shift, conditions, number = self.bag_mask, self.shift, self.conditions, self.numbered
        filled_of: dict[int, int] = {}  # bag code -> its roles at their maxima, when a move filled one
        for i in range(own):
            deficits_next: dict[int, int] = {}
            filled_next: dict[int, int] = {}
            doms, moves = self.doms[i], self.moves[i]
            left = n - i - 1  # characters after this one, to bring the bag to its minima
            prune = True
            nxt: dict[State, Any] = {}
            # A move changes the bag and the conditions apart: both parts are made once per bag and
            # per conditions' state seen here, not once per state.
            bag_next: dict[int, list[tuple[int, str, int, int, int]]] = {}
            atoms_next: dict[int, list[int | None]] = {}  # conditions' number -> per move, the next one (shifted)
            plan = [moves[r] for r in doms]
            digits = [(k, hi, self.unit[k], self.radix[k], lo[k]) if k >= 0 else (k, hi, 0, 1, 0) for k, hi, _ in plan]
            kept: dict[tuple[int, int], int | None] = {}  # (filled, conditions' number, shifted) -> _unfilled's
            dead_at: dict[int, Any] = {}  # filled -> _dead_terms here
            for s in cur:
                bag, atoms = s & bag_mask, s >> shift  # the bag's code, the conditions' number
                bn = bag_next.get(bag)
                if bn is None:
                    # the moves the bag allows: (index of the move, role, next bag, the roles at
                    # their maxima when the move fills one, else 0)
                    bn = []
                    # (back_plain's test: the characters left can still bring the bag to its minima;
                    # what the bag lacks, `short`, drops by one when a move adds a role it lacks)
                    short = deficits.get(bag)
                    if short is None:
                        short = sum(x - v for x, v in zip(lo, self.bag_of(bag)) if x > v)
                    stays = not prune or short <= left
                    full = None
                    merged: dict[tuple[int, int], int] = {}  # (class, count) -> its move in bn
                    for j, (r, (k, hi, unit, radix, least)) in enumerate(zip(doms, digits)):
                        if k < 0:
                            if stays:
                                bn.append((j, r, bag, 0, 1))
                            continue
                        d = bag // unit % radix
                        if d >= hi:
                            continue
                        s2 = short - 1 if d < least else short
                        if prune and s2 > left:
                            continue
                        b2 = bag + unit
                        f = 0
                        if kills and d + 1 == hi:  # the move fills the role: terms that needed it may die
                            if full is None:
                                full = filled_of.get(bag)
                                if full is None:
                                    full = self._filled(bag)
                            f = full | (1 << k)
                        if lumped:  # the state that stands for it (the same deficit; its own filled roles)
                            c = class_of.get(k)
                            if c is not None:
                                # the roles of a class with the same count go to the same state: one
                                # move, as many times (the first of them names it)
                                at = merged.get((c, d))
                                if at is not None:
                                    prev = bn[at]
                                    bn[at] = (prev[0], prev[1], prev[2], prev[3], prev[4] + 1)
                                    continue
                                merged[(c, d)] = len(bn)
                            cb = canon_get(b2)
                            b2 = canon(b2) if cb is None else cb
                            if f:
                                fb = filled_get(b2)
                                filled_next[b2] = self._filled(b2) if fb is None else fb
                        elif f:
                            filled_next[b2] = f
                        deficits_next[b2] = s2
                        bn.append((j, r, b2, f, 1))
                    if stays:
                        deficits_next[bag] = short
                    bag_next[bag] = bn
                an = atoms_next.get(atoms)
                if an is None:
                    an = []
                    here = conditions[atoms]
                    for _, _, ops in plan:
                        if not ops:
                            an.append(atoms << shift)
                            continue
                        lst = list(here)
                        alive = True
                        for a, mask, ends in ops:
                            m = lst[a]
                            if m == SAT:
                                continue
                            m &= mask
                            if not m:
                                alive = False
                                break
                            lst[a] = SAT if m & ends else m
                        an.append(number(tuple(lst)) if alive else None)
                    atoms_next[atoms] = an
                edges = []
                for j, r, b2, filled, times in bn:
                    a2 = an[j]
                    if a2 is not None:
                        if filled:
                            key = (filled, a2)
                            a2 = kept.get(key, _UNSEEN)
                            if a2 is _UNSEEN:
                                dead = dead_at.get(filled, _UNSEEN)
                                if dead is _UNSEEN:
                                    dead = dead_at[filled] = self._dead_terms(i, filled)
                                if dead is None:
                                    a2 = key[1]
                                else:
                                    got = _without(dead, conditions[key[1] >> shift])
                                    a2 = None if got is None else number(got)
                                kept[key] = a2
                            if a2 is None:
                                continue
                        s2 = b2 | a2
                        edges.append((r, s2, times))
                        nxt[s2] = None
                cur[s] = edges
            levels.append(cur)
            cur = nxt
            deficits = deficits_next
            filled_of = filled_next
        last: dict[State, int]
        if base is not None:
            assert base.vals is not None
            last = base.vals[own]  # every state reached here is the base's too (the same moves, the same pruning)
            vals: list[dict[State, int]] = [{} for _ in range(own)] + base.vals[own:]
            levels += base.levels[own:]
        else:
            sizes = self.sizes[ts]
            last = {}
            for s in cur:
                code, atoms = self.split(s)
                last[s] = self.tail(self.bag_of(code), sizes) if all(m == SAT for m in atoms) else 0
            vals = [{} for _ in range(ts)] + [last]
        for i in range(own - 1, -1, -1):
            counts = vals[i]
            lvl = levels[i]
            for s, edges in lvl.items():
                v = 0
                some_dead = False
                for e in edges:
                    t = last[e[1]]
                    if t:
                        v += t if e[2] == 1 else t * e[2]
                    else:
                        some_dead = True
                if some_dead:  # only the moves that lead to an assignment: the marginals and samples read them
                    lvl[s] = [e for e in edges if last[e[1]]]
                counts[s] = v
            last = counts
        self.levels, self.vals = levels, vals

    def _filled(self, code: int) -> int:
        """The bag's roles at their maxima (the bag as a code), as bits of their places in the bag."""
        memo = self.__dict__.setdefault("_filled_of", {})
        got = memo.get(code)
        if got is None:
            got = memo[code] = self._filled_bag(self.bag_of(code))
        return got

    def _filled_bag(self, bag: tuple[int, ...]) -> int:
        out = 0
        for k, (v, hi) in enumerate(zip(bag, self.sv.hi)):
            if v >= hi:
                out |= 1 << k
        return out

    def _role_classes(self) -> tuple[tuple[int, ...], ...]:
        """The roles of the bag (their places in it) that any permutation among them leaves this
        programme unchanged: the same minimum and maximum, in the same domains, kept by the same
        terms of every condition (none named apart from the others by any literal). Only classes of
        two or more; () when none, or none of LUMPED_CLASS roles."""
        sv = self.sv
        # first by bounds and the positions whose domain has the role (cheap), then, among groups
        # large enough, by what the terms of the conditions keep
        where: dict[str, int] = {}
        for i, dom in enumerate(self.doms):
            for r in dom:
                where[r] = where.get(r, 0) | (1 << i)
        first: dict[tuple[int, int, int], list[int]] = {}
        for k, r in enumerate(sv.bag_roles):
            first.setdefault((sv.lo[k], sv.hi[k], where.get(r, 0)), []).append(k)
        rows = [row for i, row in enumerate(self.at) if row]
        by: dict[tuple[Any, ...], list[int]] = {}
        for key, ks in first.items():
            if len(ks) < LUMPED_CLASS:
                continue
            for k in ks:
                r = sv.bag_roles[k]
                by.setdefault((key, tuple(tuple(masks.get(r) for _, masks, _ in row) for row in rows)), []).append(k)
        classes = tuple(tuple(ks) for ks in by.values() if len(ks) > 1)
        return classes if any(len(ks) >= LUMPED_CLASS for ks in classes) else ()

    def _canon(self, code: int) -> int:
        """The bag (as a code) that stands for this one: within each class of interchangeable roles
        the counts sorted, the largest on the first place. Every bag a permutation of the class's
        roles makes has the same counts from here on (and, the permutation being one of the whole
        programme, as many ways to be reached)."""
        got = self._canon_of.get(code)
        if got is None:
            digits = list(self.bag_of(code))
            for ks in self.classes:
                for k, v in zip(ks, sorted((digits[k] for k in ks), reverse=True)):
                    digits[k] = v
            got = self._canon_of[code] = self.code(tuple(digits))
        return got

    def _carry(self, code: int) -> list[int]:
        """A permutation of the bag's places, within each class of interchangeable roles, that
        takes the bag standing for this one (_canon) to it: place k there is place carry[k] here."""
        memo = self.__dict__.setdefault("_carry_of", {})
        got = memo.get(code)
        if got is None:
            mine, theirs = self.bag_of(code), self.bag_of(self._canon(code))
            got = list(range(len(mine)))
            for ks in self.classes:
                free = list(ks)
                for k in ks:  # each place there to a place here with the same count
                    j = next(j for j in free if mine[j] == theirs[k])
                    free.remove(j)
                    got[k] = j
            memo[code] = got
        return got

    def code(self, bag: tuple[int, ...]) -> int:
        return sum(v * u for v, u in zip(bag, self.unit))

    def numbered(self, atoms: tuple[int, ...]) -> int:
        """The conditions' state as the high bits of a state (numbered the first time it is seen)."""
        got = self.condition_no.get(atoms)
        if got is None:
            with _DPS_LOCK:  # (the table is shared with the programmes that share this one's states, maybe in other threads)
                got = self.condition_no.get(atoms)
                if got is None:
                    self.conditions.append(atoms)
                    got = self.condition_no[atoms] = (len(self.conditions) - 1) << self.shift
        return got

    def split(self, s: int) -> tuple[int, tuple[int, ...]]:
        """A layered state's (bag code, conditions' state)."""
        return s & self.bag_mask, self.conditions[s >> self.shift]

    def bag_of(self, code: int) -> tuple[int, ...]:
        """The bag a code stands for (layered states)."""
        got = self.bags.get(code)
        if got is None:
            got = self.bags[code] = tuple(code // u % r for u, r in zip(self.unit, self.radix))
        return got

    def _unfilled(self, i: int, filled: int, atoms: tuple[int, ...]) -> tuple[int, ...] | None:
        """The conditions' state once the roles `filled` are at their maxima after position i: a
        term with a literal on a later character that allows only filled roles of the bag can no
        longer hold, and is dropped (None: a condition has no term left). The states it merges
        have the same counts from there on, and the first of them keeps its place in the order of
        the states, so the tallies and their order are those of the programme without it."""
        cache = self.unfilled
        key = (i, filled, atoms)
        if key in cache:
            return cache[key]
        dead = self._dead_terms(i, filled)
        out = atoms if dead is None else _without(dead, atoms)
        cache[key] = out
        return out

    def _dead_terms(self, i: int, filled: int) -> tuple[int, ...] | None:
        """Per condition, the terms some literal of which, on a character after position i, allows
        only roles of the bag among `filled` (None when there is none)."""
        memo = self.__dict__.get("_dead")
        if memo is not None:
            got = memo.get((i, filled), _UNSEEN)
            if got is not _UNSEEN:
                return got
        key = (i, filled)
        lits = self.__dict__.get("_lits")
        if lits is None:
            # per condition, per term: (position, bits of the bag's roles the literal allows, or
            # None when it allows a role the bag does not count) of each literal
            pos = {c: j for j, c in enumerate(self.seq)}
            bag_index = self.sv.bag_index
            lits = []
            for terms in self.sv.dnfs:
                per = []
                for t in terms:
                    row = []
                    for c, allowed in t:
                        j = pos[c]
                        have = [r for r in self.doms[j] if r in allowed]
                        if any(r not in bag_index for r in have):
                            continue
                        bits = 0
                        for r in have:
                            bits |= 1 << bag_index[r]
                        row.append((j, bits))
                    per.append(tuple(row))
                lits.append(tuple(per))
            lits = tuple(lits)
            self.__dict__["_lits"] = lits
            # the dead terms depend on these literals alone: programmes with the same share them
            with _DPS_LOCK:
                memo = _DEAD_TERMS.get(lits)
                if memo is None:
                    if len(_DEAD_TERMS) > _DPS_SIZE:
                        _DEAD_TERMS.clear()
                    memo = _DEAD_TERMS[lits] = {}
            self.__dict__["_dead"] = memo
            got = memo.get(key, _UNSEEN)
            if got is not _UNSEEN:
                return got
        # the literals after position i grouped by the roles they allow: few groups to test
        plans = self.__dict__.setdefault("_dead_plans", {})
        plan = plans.get(i)
        if plan is None:
            by_bits: dict[int, list[int]] = {}
            for a, per in enumerate(lits):
                for k, row in enumerate(per):
                    for j, bits in row:
                        if j > i:
                            by_bits.setdefault(bits, [0] * len(lits))[a] |= 1 << k
            plan = plans[i] = list(by_bits.items())
        out: list[int] | None = None
        for bits, terms in plan:
            if not bits & ~filled:
                out = list(terms) if out is None else [x | y for x, y in zip(out, terms)]
        dead = tuple(out) if out is not None else None
        assert memo is not None
        memo[key] = dead
        return dead

    def back_plain(self, i: int, s: State) -> int:
        key = (i, s)
        got = self.memo.get(key)
        if got is not None:
            return got
        if i >= self.tail_start:
            bag, atoms = s
            val = self.tail(bag, self.sizes[i]) if all(m == SAT for m in atoms) else 0
        elif i == self.n:
            bag, atoms = s
            val = 1 if all(lo <= v for lo, v in zip(self.sv.lo, bag)) and all(m == SAT for m in atoms) else 0
        else:
            val = 0
            bag, atoms = s
            # The characters left cannot bring the bag to its minima: no assignment from here.
            if sum(lo - v for lo, v in zip(self.sv.lo, bag) if lo > v) <= self.n - i:
                moves = self.moves[i]
                for r in self.doms[i]:  # self.step, written out: the innermost loop of the count
                    k, hi, ops = moves[r]
                    b2 = bag
                    if k >= 0:
                        if bag[k] >= hi:
                            continue
                        b2 = bag[:k] + (bag[k] + 1,) + bag[k + 1:]
                    a2 = atoms
                    if ops:
                        lst = list(atoms)
                        dead = False
                        for a, mask, ends in ops:
                            m = lst[a]
                            if m == SAT:
                                continue
                            m &= mask
                            if not m:
                                dead = True
                                break
                            lst[a] = SAT if m & ends else m
                        if dead:
                            continue
                        a2 = tuple(lst)
                    val += self.back_plain(i + 1, (b2, a2))
        self.memo[key] = val
        return val

    def tail(self, bag: tuple[int, ...], sizes: tuple[int, ...]) -> int:
        """The assignments of the tail's characters (sizes: how many of each group are left) that
        keep the bag within its maxima and bring it to its minima. Counted role by role of the bag:
        t characters of a group of r left take the role in C(r, t) ways; at the end each character
        left takes one of its group's roles the bag does not count (`free` of them)."""
        if not self.layered:
            return self._tail(0, sizes, bag)
        got = self.tail_local.get((bag, sizes))
        if got is not None:
            return got
        # The count depends on the roles only through which groups may hold each, and how many of
        # it are still wanted and allowed: under that name it is shared by every bag, plot
        # combination and programme that comes to the same (a role the bag has filled adds nothing).
        key = (sizes, self.group_free, tuple(sorted((h, max(0, lo - v), hi - v)
                                                    for h, lo, hi, v in zip(self.holders, self.sv.lo, self.sv.hi, bag) if hi > v)))
        got = _TAIL_COUNTS.get(key)
        if got is None:
            if len(_TAIL_COUNTS) > _TAIL_COUNTS_SIZE:
                _TAIL_COUNTS.clear()
            got = _TAIL_COUNTS[key] = self._tail(0, sizes, bag)
        self.tail_local[(bag, sizes)] = got
        return got

    def _tail(self, b: int, rem: tuple[int, ...], bag: tuple[int, ...]) -> int:
        # What is left of the bag's roles b.. depends only on bag[b:]: the memo is shared that way.
        key = (b, rem, bag[b:])
        got = self.tail_memo.get(key)
        if got is not None:
            return got
        if b == len(bag):
            total = 1
            free = self.group_free
            for g, r in enumerate(rem):
                if r:
                    if not free[g]:
                        total = 0
                        break
                    total *= free[g] ** r
        else:
            least, most = max(0, self.sv.lo[b] - bag[b]), self.sv.hi[b] - bag[b]
            holders = self.role_groups[b]
            total = 0
            if len(holders) == 1:  # the common case, written out: one group may hold the role
                (g,) = holders
                r = rem[g]
                for t in range(least, min(r, most) + 1):
                    total += comb(r, t) * self._tail(b + 1, rem[:g] + (r - t,) + rem[g + 1:], bag)
                self.tail_memo[key] = total
                return total
            for ks, w in _spreads(tuple(rem[g] for g in holders), least, most):
                new = list(rem)
                for g, t in zip(holders, ks):
                    new[g] -= t
                total += w * self._tail(b + 1, tuple(new), bag)
        self.tail_memo[key] = total
        return total

    def total(self) -> int:
        return self.back(0, self.start)

    def marginals(self, roles: dict[str, Counter], weight: int) -> None:
        """Add `weight` times, per character and role, the assignments where it holds that role."""
        table = self.__dict__.get("_marginals")
        if table is None:
            table = {c: Counter() for c in self.seq}
            self._marginals_into(table)
            self.__dict__["_marginals"] = table
        for c, per in table.items():
            into = roles[c]
            for r, n in per.items():
                into[r] += weight * n

    def _marginals_into(self, roles: dict[str, Counter]) -> None:
        if not self.classes:
            self._counted_into(roles)
            return
        # Lumped, a state stands for all its permutations: what it adds for a role of a class is
        # what they add for the class's roles together (each state reached once per permutation
        # that makes it), and every role of the class holds it as often (the programme is the same
        # under any permutation of them): the class's sum shared out evenly, an exact division.
        raw: dict[str, Counter] = {c: Counter() for c in self.seq}
        self._counted_into(raw)
        names = [[self.sv.bag_roles[k] for k in ks] for ks in self.classes]
        for per in raw.values():
            for cls in names:
                share, rest = divmod(sum(per.get(r, 0) for r in cls), len(cls))
                assert not rest, "interchangeable roles held unevenly"
                for r in cls:
                    if share:
                        per[r] = share
                    else:
                        per.pop(r, None)
        for c, per in raw.items():  # (in no particular order: order_of gives the programme's)
            roles[c].update(per)

    def order_of(self, c: str, among: set[str]) -> list[str]:
        """The roles of c's tally that are `among`, in the order the programme without lumping puts
        them (made when asked: solve asks only for the roles a plot combination brings that the
        deduction's tallies lack, the order of the others being theirs already)."""
        table = self.__dict__["_marginals"]
        if not self.classes:
            return [r for r in table[c] if r in among]
        want = among & table[c].keys()
        walk = self.__dict__.get("_walk")
        if walk is None:
            walk = self.__dict__["_walk"] = _Walk(self)
        i = self.seq.index(c)
        return walk.head(i, want) if i < self.tail_start else walk.tail(self.group_of[i], want)

    def _counted_into(self, roles: dict[str, Counter]) -> None:
        fwd: dict[State, int] = {self.start: 1}
        if self.layered:
            if self.vals is None:
                self.layers()
            vals = self.vals
            assert vals is not None
            for i, c in enumerate(self.seq[:self.tail_start]):
                # the same states and moves, in the same order, as the plain pass below
                reached: dict[State, int] = {}  # (a dict, not a Counter: no call per new state)
                get = reached.get
                per = roles[c]
                lvl = self.levels[i]
                after = vals[i + 1]
                for s, w in fwd.items():
                    for r, s2, times in lvl[s]:
                        if times == 1:
                            per[r] += w * after[s2]
                            reached[s2] = get(s2, 0) + w
                        else:  # (lumped: r stands for `times` roles of its class; their sum is shared out)
                            per[r] += w * times * after[s2]
                            reached[s2] = get(s2, 0) + w * times
                fwd = reached
        else:
            for i, c in enumerate(self.seq[:self.tail_start]):
                nxt: Counter[State] = Counter()
                for s, w in fwd.items():
                    for r in self.doms[i]:
                        s2 = self.step(i, s, r)
                        if s2 is None:
                            continue
                        tail = self.back(i + 1, s2)
                        if tail:
                            roles[c][r] += w * tail
                            nxt[s2] += w
                fwd = nxt
        if self.tail_start == self.n:
            return
        # The tail's characters of one group are interchangeable: what one of them holds in how
        # many assignments is the count of the rest of the tail once it holds that role.
        sizes = self.sizes[self.tail_start]
        per_group: list[Counter] = [Counter() for _ in self.groups]
        bag_index, hi, tail_count = self.sv.bag_index, self.sv.hi, self.tail
        class_of = {k: c for c, ks in enumerate(self.classes) for k in ks}
        # per group: its size less one, and per role of its domain the role's place in the bag (or None)
        plan = [(g, sizes[:g] + (sizes[g] - 1,) + sizes[g + 1:], [(r, bag_index.get(r)) for r in dom])
                for g, dom in enumerate(self.groups) if sizes[g]]
        for s, w in fwd.items():
            if self.layered:
                code, atoms = self.split(s)
                bag = self.bag_of(code)
            else:
                bag, atoms = s
            if any(m != SAT for m in atoms):
                continue
            for g, less, roles_of in plan:
                same = None  # the count when the role is one the bag does not count (made once)
                alike: dict[tuple[int, int], int] = {}  # lumped: (class, count) -> the count (the same for its roles)
                for r, b in roles_of:
                    if b is None:
                        if same is None:
                            same = tail_count(bag, less)
                        n = same
                    elif bag[b] >= hi[b]:
                        continue
                    elif class_of and b in class_of:
                        got = alike.get((class_of[b], bag[b]))
                        if got is None:
                            got = alike[(class_of[b], bag[b])] = tail_count(bag[:b] + (bag[b] + 1,) + bag[b + 1:], less)
                        n = got
                    else:
                        n = tail_count(bag[:b] + (bag[b] + 1,) + bag[b + 1:], less)
                    if n:
                        per_group[g][r] += w * n
        for i in range(self.tail_start, self.n):
            g = self.group_of[i]
            for r, n in per_group[g].items():
                roles[self.seq[i]][r] += n

    def sample(self, rng: random.Random) -> dict[str, str]:
        self.all_moves()
        s = self.start
        out: dict[str, str] = {}
        for i, c in enumerate(self.seq):
            opts = []
            for r in self.doms[i]:
                s2 = self.step(i, s, r)
                if s2 is not None:
                    w = self.back(i + 1, s2)
                    if w:
                        opts.append((r, s2, w))
            y = rng.randrange(sum(w for _, _, w in opts))
            for r, s2, w in opts:
                if y < w:
                    out[c], s = r, s2
                    break
                y -= w
        return out

    def listed(self) -> list[tuple[tuple[str, str], ...]]:
        """Its role assignments without the absent characters, each as sorted (character, role)
        pairs, in the order of `assignments`: made once (a programme comes back for several plot
        combinations and from one day to the next: _DPS), never changed."""
        got = self._listed
        if got is None:
            got = [tuple(sorted((c, r) for c, r in roles.items() if r != ABSENT)) for roles in self.assignments()]
            self._listed = got
        return got

    def assignments(self) -> Iterator[dict[str, str]]:
        self.all_moves()
        acc: dict[str, str] = {}

        def rec(i: int, s: State) -> Iterator[dict[str, str]]:
            if i == self.n:
                yield dict(acc)
                return
            c = self.seq[i]
            for r in self.doms[i]:
                s2 = self.step(i, s, r)
                if s2 is not None and self.back(i + 1, s2):
                    acc[c] = r
                    yield from rec(i + 1, s2)
            acc.pop(c, None)

        yield from rec(0, self.start)


class _Walk:
    """A lumped programme's states as the programme without lumping reaches them: in the order
    they are first reached, each with its moves in the domain's order that lead to an assignment
    (a state stands for its permutations: its moves are those of the state standing for it, their
    roles carried over by the permutation). Made as needed, kept for the next question: the tallies'
    order is the order in which these moves first name each role (_DP.order_of)."""

    def __init__(self, dp: _DP) -> None:
        self.dp = dp
        ts = dp.tail_start
        self.levels: list[list[State]] = [[dp.start]] + [[] for _ in range(ts)]
        self.seen: list[set[State]] = [{dp.start}] + [set() for _ in range(ts)]
        self.done = [0] * (ts + 1)  # per level, how many of its states have had their moves made
        self.edges_of: dict[tuple[int, State], list[tuple[str, State]]] = {}
        self.rank = [{r: j for j, r in enumerate(dom)} for dom in dp.doms[:ts]]
        self.live: dict[tuple[int, int], set[str]] = {}  # (bag standing for it, group) -> roles a tail character may take

    def edges(self, i: int, s: State) -> list[tuple[str, State]]:
        got = self.edges_of.get((i, s))
        if got is None:
            dp = self.dp
            bag_roles, bag_index, bag_mask, unit = dp.sv.bag_roles, dp.sv.bag_index, dp.bag_mask, dp.unit
            code = s & bag_mask
            carry, canonical = dp._carry(code), dp._canon(code)
            theirs = dp.bag_of(canonical)
            rank = self.rank[i]
            out = []
            for r, s2, times in dp.levels[i][canonical | (s & ~bag_mask)]:
                k = bag_index.get(r, -1)
                if k < 0:
                    out.append((rank[r], r, code | (s2 & ~bag_mask)))
                    continue
                # the move stands for the `times` roles of r's class with r's count there
                ks = next((ks for ks in dp.classes if k in ks), (k,))
                for k2 in [k2 for k2 in ks if theirs[k2] == theirs[k]][:times]:
                    mine = carry[k2]
                    out.append((rank[bag_roles[mine]], bag_roles[mine], (code + unit[mine]) | (s2 & ~bag_mask)))
            out.sort()
            got = self.edges_of[(i, s)] = [(r, s2) for _, r, s2 in out]
        return got

    def has(self, i: int, k: int) -> bool:
        """Is there a k-th state at level i (made if need be)?"""
        levels, seen, done = self.levels, self.seen, self.done
        while len(levels[i]) <= k:
            if i == 0 or not self.has(i - 1, done[i - 1]):
                return False
            s = levels[i - 1][done[i - 1]]
            done[i - 1] += 1
            for _, s2 in self.edges(i - 1, s):
                if s2 not in seen[i]:
                    seen[i].add(s2)
                    levels[i].append(s2)
        return True

    def head(self, i: int, want: set[str]) -> list[str]:
        got: list[str] = []
        k = 0
        while len(got) < len(want) and self.has(i, k):
            for r, _ in self.edges(i, self.levels[i][k]):
                if r in want and r not in got:
                    got.append(r)
            k += 1
        assert set(got) == want, "a tallied role never reached"
        return got

    def tail(self, g: int, want: set[str]) -> list[str]:
        dp = self.dp
        ts = dp.tail_start
        sizes, bag_index, bag_roles, hi = dp.sizes[ts], dp.sv.bag_index, dp.sv.bag_roles, dp.sv.hi
        less = sizes[:g] + (sizes[g] - 1,) + sizes[g + 1:]
        got: list[str] = []
        k = 0
        while len(got) < len(want) and self.has(ts, k):
            code, atoms = dp.split(self.levels[ts][k])
            k += 1
            if any(m != SAT for m in atoms):
                continue
            carry, canonical = dp._carry(code), dp._canon(code)
            can = self.live.get((canonical, g))
            if can is None:
                can = self.live[(canonical, g)] = set()
                bag = dp.bag_of(canonical)
                for r in dp.groups[g]:
                    b = bag_index.get(r)
                    if b is None:
                        n = dp.tail(bag, less)
                    elif bag[b] >= hi[b]:
                        continue
                    else:
                        n = dp.tail(bag[:b] + (bag[b] + 1,) + bag[b + 1:], less)
                    if n:
                        can.add(r)
            mine = {r if r not in bag_index else bag_roles[carry[bag_index[r]]] for r in can}
            for r in dp.groups[g]:
                if r in mine and r in want and r not in got:
                    got.append(r)
        assert set(got) == want, "a tallied role never reached"
        return got


# Solved plot combinations by everything their count depends on once the facts are bound (the
# characters' domains, the culprits' domains, the conditions and the role bag): several plot
# combinations of one deduction come to the same (subplots adding the same roles), and so do most
# of them from one decision to the next and from one game of a script to the next (the first
# decision, with no fact yet, depends on the public script data alone). Shared between threads.
Tally = tuple["ComboSolver", int, dict[str, Counter], dict[int, Counter]]
_SOLVED: "OrderedDict[tuple[Any, ...], Tally]" = OrderedDict()
_SOLVED_SIZE = 1024  # as many as _DPS: each holds its programmes


def _solved(sv: ComboSolver) -> Tally:
    """The count and tallies of a prepared solver: made once per state (see _SOLVED), then the one
    made is lent to this plot combination (the same assignments, its own combination's name)."""
    key = sv.state_key()
    got = None
    if key is not None:
        with _DPS_LOCK:
            got = _SOLVED.get(key)
            if got is not None:
                _SOLVED.move_to_end(key)
    if got is not None:
        return got[0].lent_to(sv), got[1], got[2], got[3]
    count = sv.run()
    roles: dict[str, Counter] = {c: Counter() for c in sv.chars}
    culprits: dict[int, Counter] = {i: Counter() for i in sv.incidents}
    if count:
        sv.tally(roles, culprits)
    if key is not None:
        kept = _shallow(sv)  # kept without this deduction's observation (lent_to gives each its own)
        kept.obs = None  # type: ignore[assignment]
        with _DPS_LOCK:
            _SOLVED[key] = (kept, count, roles, culprits)
            if len(_SOLVED) > _SOLVED_SIZE:
                _SOLVED.popitem(last=False)
    return sv, count, roles, culprits


def _frozen(v: Any) -> Any:
    """A value of a Universe's field as part of a key: containers by content, the rest by identity."""
    if isinstance(v, (str, int, float, bool, type(None))):
        return v
    if isinstance(v, (list, tuple)):
        return tuple(_frozen(x) for x in v)
    if isinstance(v, (set, frozenset)):
        return frozenset(_frozen(x) for x in v)
    if isinstance(v, dict):
        return tuple((k, _frozen(x)) for k, x in v.items())
    return ("id", id(v))


# Every plot combination's context (Cx) by the universe it was made for: it depends on the rule book
# and the characters the seat knows of, the same at every decision of a game and from one game of a
# script to the next; made once (a Cx is never changed once made). The key holds every field of
# the universe, so a field added to it later is part of it too.
_CONTEXTS: "OrderedDict[tuple[Any, ...], tuple[Universe, tuple[Cx, ...]]]" = OrderedDict()
_CONTEXTS_SIZE = 64


def _contexts(u: Universe) -> tuple[Cx, ...]:
    key = tuple((k, _frozen(v)) for k, v in sorted(vars(u).items()))
    with _DPS_LOCK:
        got = _CONTEXTS.get(key)
        if got is not None:
            _CONTEXTS.move_to_end(key)
            return got[1]
    made = tuple(Cx(u, combo) for combo in combos(u.rules))
    with _DPS_LOCK:
        _CONTEXTS[key] = (u, made)  # the universe kept: the ids in its key stay its own
        if len(_CONTEXTS) > _CONTEXTS_SIZE:
            _CONTEXTS.popitem(last=False)
    return made


def solve(obs: Observation) -> Deduction:
    u = obs.universe
    results: list[ComboSolver] = []
    roles: dict[str, Counter] = {c: Counter() for c in u.script_chars}
    culprits: dict[int, Counter] = {i: Counter() for i in range(len(obs.schedule))}
    plots: dict[tuple[str, tuple[str, ...]], int] = {}
    total = 0
    for cx in _contexts(u):
        combo = cx.combo
        sv = ComboSolver(obs, cx)
        for f in obs.facts:
            sv.add(f.bind(cx))
            if sv.dead:
                break
        if not sv.prepare():
            continue
        sv, count, r_tally, c_tally = _solved(sv)
        if not count:
            continue
        for c, per in r_tally.items():
            into = roles[c]
            if any(r not in into for r in per):  # roles new to the tally: added in the combination's order (the others keep their places)
                new = {r for r in per if r not in into}
                for r in sv.role_order(c, new):
                    into[r] = per[r]
                per = Counter({r: n for r, n in per.items() if r not in new})
            into.update(per)
        for i, per in c_tally.items():
            culprits[i].update(per)
        results.append(sv)
        plots[(combo.main, combo.subs)] = plots.get((combo.main, combo.subs), 0) + count
        total += count
    for q, of in u.stand_in.items():  # she holds his script role
        roles[q] = roles[of]
    return Deduction(u, obs, results, total, {c: dict(v) for c, v in roles.items()},
                     {i: dict(v) for i, v in culprits.items()}, plots)
