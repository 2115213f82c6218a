"""The hypothesis space of one Tragedy Set: plot combinations, the roles each one adds, and what
each role can do (as far as deduction needs to know).

A hypothesis (a hidden script) is a plot combination, a role for every character and a culprit
for every scheduled incident. Plot combinations are few (at most a few hundred), so they are
enumerated one by one; for each one the script-creation rules fix a "bag" of roles (how many of
each role the cast holds), which the solver then distributes over the characters.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Iterator

from ..tragedy_looper.rules import RuleBook, available_sets, load_rulebook

PERSON = "person"
ABSENT = "(absent)"  # a character that may not be in the cast at all (the Godly Being before it enters)

SUPPORTED_SETS = ("first_steps", "basic_tragedy")


class UnsupportedSet(ValueError):
    """Deduction is written for First Steps and Basic Tragedy only."""


def set_id_for(name_or_id: str) -> str:
    for sid in available_sets():
        if sid == name_or_id or load_rulebook(sid).set.name == name_or_id:
            return sid
    raise UnsupportedSet(f"unknown Tragedy Set {name_or_id!r}")


@dataclass(frozen=True)
class Combo:
    """One plot combination (main plot + subplots) and what follows from it."""

    main: str
    subs: tuple[str, ...]
    # role -> (lo, hi): how many characters (outside the Mystery Boy) hold it; persons are free.
    bag: tuple[tuple[str, int, int], ...]
    plot_roles: frozenset[str]  # every role a chosen plot adds (needed or optional)
    girl_roles: frozenset[str]  # roles that must go to a Girl (Sign with me!)
    tags_required: tuple[tuple[str, str], ...] = field(default=())  # (role, tag) creation rules

    @property
    def plots(self) -> tuple[str, ...]:
        return (self.main, *self.subs)

    def has(self, plot: str) -> bool:
        return plot == self.main or plot in self.subs

    @property
    def bag_roles(self) -> frozenset[str]:
        return frozenset(r for r, _, hi in self.bag if hi > 0)

    def exact_count(self, role: str) -> int | None:
        """How many non-Mystery-Boy characters hold `role` when the bag fixes it, else None."""
        for r, lo, hi in self.bag:
            if r == role:
                return lo if lo == hi else None
        return 0

    def label(self, rb: RuleBook) -> str:
        return " + ".join(rb.plot(p).name for p in self.plots)


@lru_cache(maxsize=None)
def combos(set_id: str) -> tuple[Combo, ...]:
    """Every legal plot combination of a set, with its role bag."""
    if set_id not in SUPPORTED_SETS:
        raise UnsupportedSet(f"deduction supports First Steps and Basic Tragedy, not {set_id!r}")
    rb = load_rulebook(set_id)
    plots = rb.set.plots
    mains = [p for p, v in plots.items() if v.main]
    subs = [p for p, v in plots.items() if not v.main]
    out = []
    for m in mains:
        for ss in combinations(subs, rb.set.subplots):
            needed: Counter[str] = Counter()
            optional: dict[str, tuple[int, int]] = {}
            girls: set[str] = set()
            tags: list[tuple[str, str]] = []
            for p in (m, *ss):
                needed.update(plots[p].roles)
                for r, rng in plots[p].optional_roles.items():
                    optional[r] = (int(rng[0]), int(rng[1]))
                for cr in plots[p].creation:
                    if cr.role and cr.must_have_tag:
                        tags.append((cr.role, cr.must_have_tag))
                        if cr.must_have_tag == "girl":
                            girls.add(cr.role)
            for r in list(needed):
                cap = rb.roles[r].max
                if cap is not None and needed[r] > cap:
                    needed[r] = cap
            bag: dict[str, tuple[int, int]] = {r: (n, n) for r, n in needed.items() if r != PERSON}
            for r, (lo, hi) in optional.items():
                if r not in bag:
                    cap = rb.roles[r].max
                    bag[r] = (lo, min(hi, cap) if cap is not None else hi)
            out.append(Combo(m, tuple(ss), tuple(sorted((r, lo, hi) for r, (lo, hi) in bag.items())),
                             frozenset(needed) | frozenset(optional), frozenset(girls), tuple(tags)))
    return tuple(out)


def combos_iter(set_id: str) -> Iterator[Combo]:
    yield from combos(set_id)


# ---------------------------------------------------------------- role properties used by the facts
@dataclass(frozen=True)
class RoleInfo:
    """What deduction needs to know of the roles of a set (read from the rules data)."""

    refusal: dict[str, str]
    immortal: frozenset[str]
    loss_on_death: frozenset[str]
    cultist: frozenset[str]  # may ignore Forbid Intrigue here
    ignores_forbid_goodwill: frozenset[str]
    brain: frozenset[str]  # Mastermind ability: 1 Intrigue on this location or a character here
    ct: frozenset[str]  # Mastermind ability: 1 Paranoia on a character here
    serial_killer: frozenset[str]
    friend: frozenset[str]
    lover_pairs: tuple[tuple[str, str], ...]  # (role that reacts, role whose death it reacts to)
    killer: frozenset[str]  # kills the Key Person here with 2+ Intrigue; Protagonists die at 4+ Intrigue
    key_person: str
    time_traveler: frozenset[str]
    loved_one_kills: frozenset[str]  # Protagonists die at day end with 3+ Paranoia and 1+ Intrigue
    factor_gains: tuple[tuple[str, str, str, int], ...]  # (role, location, gained role, intrigue needed)


@lru_cache(maxsize=None)
def role_info(set_id: str) -> RoleInfo:
    rb = load_rulebook(set_id)
    roles = rb.roles

    def with_trait(t: str) -> frozenset[str]:
        return frozenset(r for r, v in roles.items() if t in v.traits)

    def with_call(c: str) -> frozenset[str]:
        return frozenset(r for r, v in roles.items() if any(a.call == c for a in v.abilities))

    brain = set()
    ct = set()
    killer = set()
    loved = set()
    tt = set()
    for r, v in roles.items():
        for a in v.abilities:
            if a.timing == "mastermind_ability" and a.target and a.target.get("choose") == "location_or_character":
                brain.add(r)
            if a.timing == "mastermind_ability" and a.target and a.target.get("choose") == "character" \
                    and isinstance(a.effect, dict) and "place" in a.effect and a.effect["place"]["counter"] == "paranoia":
                ct.add(r)
            if a.timing == "day_end" and a.effect == "kill" and a.target:
                killer.add(r)
            if a.timing == "day_end" and a.effect == "kill_protagonists" and a.condition and "all" in a.condition:
                loved.add(r)
            if a.timing == "last_day_end" and a.effect == "protagonists_lose":
                tt.add(r)
    pairs = tuple((r, a.of_role) for r, v in roles.items() for a in v.abilities if a.timing == "on_death_of_role" and a.of_role)
    gains = []
    for r, v in roles.items():
        for g in v.gains:
            cond = g.condition.get("location_counter_at_least") if isinstance(g.condition, dict) else None
            if cond and isinstance(cond[0], str) and cond[1] == "intrigue":
                gains.append((r, cond[0], g.role, int(cond[2])))
    kp = next((r for r, v in roles.items() if "loss_on_death" in v.traits), "key_person")
    return RoleInfo(
        refusal={r: v.refusal for r, v in roles.items()},
        immortal=with_trait("immortal"),
        loss_on_death=with_trait("loss_on_death"),
        cultist=with_trait("may_ignore_forbid_intrigue_here"),
        ignores_forbid_goodwill=with_trait("ignores_forbid_goodwill"),
        brain=frozenset(brain),
        ct=frozenset(ct),
        serial_killer=with_call("serial_killer.strike"),
        friend=with_call("friend.loop_end"),
        lover_pairs=pairs,
        killer=frozenset(killer),
        key_person=kp,
        time_traveler=frozenset(tt),
        loved_one_kills=frozenset(loved),
        factor_gains=tuple(gains),
    )
