"""Facts: what one observation says about the hidden script, for each plot combination.

A fact is written once, from what a seat saw; `bind(cx)` turns it into atoms (see context.py) for
one plot combination, or True (it says nothing there) or False (that combination is impossible).
Every fact must hold for the true script: a fact that is unsure (an observation two readings of
the rules could explain) is weakened until both readings satisfy it.

Conditions on several characters are kept in disjunctive normal form: a "D" atom is a list of
terms, each term a conjunction of literals (character, allowed roles); the atom holds when one
term does. The solver counts over that form without enumerating whole role assignments.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Callable, Iterable

from ...core.text import Text
from .context import Atom, Cx

Bound = bool | list[Atom]
Lit = tuple[str, frozenset[str]]
Term = tuple[Lit, ...]
MAX_TERMS = 4096


@dataclass
class Fact:
    """`kind` names the part of the game it comes from (`deduction.kind.<kind>` words it); `text`
    says what was seen as a Text (`deduction.fact.*`), never as a sentence: it is worded at the edge
    in the reader's language (`deduce --facts --lang`, the assistant panel in the seat's)."""

    kind: str
    text: Text
    bind: Callable[[Cx], Bound]

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"Fact({self.kind}: {self.text})"


def role_in(ch: str, roles: Iterable[str]) -> Atom:
    return ("R", ch, frozenset(roles))


def culprit_in(idx: int, chars: Iterable[str]) -> Atom:
    return ("C", idx, frozenset(chars))


def make_term(cx: Cx, lits: Iterable[Lit]) -> Term | None:
    """A conjunction of literals, merged per character; None when it cannot hold."""
    acc: dict[str, frozenset[str]] = {}
    for ch, roles in lits:
        cur = acc.get(ch, cx.domain(ch))
        cur = cur & roles
        if not cur:
            return None
        acc[ch] = cur
    return tuple(sorted((c, s) for c, s in acc.items() if s != cx.domain(c)))


def dnf(cx: Cx, terms: Iterable[Iterable[Lit]]) -> Bound:
    """An atom from terms: True if a term always holds, False if none can."""
    out: list[Term] = []
    seen: set[Term] = set()
    for t in terms:
        tt = make_term(cx, t)
        if tt is None:
            continue
        if not tt:
            return True
        if tt not in seen:
            seen.add(tt)
            out.append(tt)
    if not out:
        return False
    if len(out) == 1:
        return [role_in(c, s) for c, s in out[0]]
    return [("D", tuple(out))]


def exists(cx: Cx, pairs: list[tuple[str, frozenset[str]]]) -> Bound:
    """At least one of the characters holds one of its listed roles."""
    return dnf(cx, [[(ch, frozenset(roles))] for ch, roles in pairs])


def none_of(cx: Cx, pairs: list[tuple[str, frozenset[str]]]) -> Bound:
    """No listed character holds one of its listed roles."""
    out: list[Atom] = []
    for ch, roles in pairs:
        if cx.domain(ch) & roles:
            out.append(role_in(ch, cx.domain(ch) - roles))
    return out or True


def as_dnf(bound: Bound) -> list[list[Lit]] | bool:
    """A bound (conjunction of R and D atoms) as a list of terms."""
    if bound is True or bound is False:
        return bound
    terms: list[list[Lit]] = [[]]
    for a in bound:
        if a[0] == "R":
            for t in terms:
                t.append((a[1], a[2]))
        elif a[0] == "D":
            terms = [t + list(u) for t in terms for u in a[1]]
            if len(terms) > MAX_TERMS:
                raise OverflowError("too many terms")
        else:
            raise ValueError("only role atoms can be combined")
    return terms


def either(cx: Cx, *options: Bound) -> Bound:
    """A disjunction of bound facts (each a conjunction of role atoms): at least one holds."""
    terms: list[list[Lit]] = []
    for o in options:
        d = as_dnf(o)
        if d is True:
            return True
        if d is False:
            continue
        terms.extend(d)
    return dnf(cx, terms)


def both(*parts: Bound) -> Bound:
    out: list[Atom] = []
    for p in parts:
        if p is False:
            return False
        if p is True:
            continue
        out.extend(p)
    return out or True


def negate(cx: Cx, bound: Bound) -> Bound:
    """The negation of an existence fact (terms of one literal each)."""
    if bound is True:
        return False
    if bound is False:
        return True
    d = as_dnf(bound)
    assert isinstance(d, list)
    out: list[Atom] = []
    for t in d:
        if len(t) != 1:
            raise ValueError("cannot negate a compound fact")
        ch, roles = t[0]
        out.append(role_in(ch, cx.domain(ch) - roles))
    return out or True


def conj_product(cx: Cx, groups: list[list[list[Lit]]]) -> list[list[Lit]]:
    """All ways to pick one term from each group (a conjunction of disjunctions)."""
    out: list[list[Lit]] = []
    for combo in product(*groups):
        t = [l for part in combo for l in part]
        if make_term(cx, t) is not None:
            out.append(t)
        if len(out) > MAX_TERMS:
            raise OverflowError("too many terms")
    return out
