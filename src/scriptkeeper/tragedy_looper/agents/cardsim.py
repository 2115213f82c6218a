"""A quick what-if of one day's card resolution on a light board (the engine's order, simplified).

Used by the rule-based Protagonists to judge a card before the Mastermind's face-down cards are
known: each world drawn from the deduction says what those cards probably are.
"""

from __future__ import annotations

from typing import Any

from ..tragedy_looper.rules import LOCATIONS, RuleBook
from .common import LightBoard, move_dest


def resolve(rb: RuleBook, b: LightBoard, cards: list[tuple[str, str, str]], *, cultist_locs: set[str] = frozenset(),  # type: ignore[assignment]
            ignores_fg: set[str] = frozenset()) -> LightBoard:  # type: ignore[assignment]
    """cards: (by, card, target) with by 'mastermind' or 'protagonist'. Returns a new board."""
    out = b.copy()
    live: list[list[Any]] = []
    for by, card, target in cards:
        c = rb.cards[card]
        kind = "location" if target in LOCATIONS else "character"
        if kind in c.acts_on and (target in LOCATIONS or (target in out.chars and out.chars[target].in_play)):
            live.append([by, card, target, False])
    for p in live:
        c = rb.cards[p[1]]
        if c.kind == "forbid" and c.forbids == "movement":
            for q in live:
                if q[2] == p[2] and rb.cards[q[1]].kind == "movement":
                    q[3] = True
    vec: dict[str, set[tuple[int, int]]] = {}
    for q in live:
        c = rb.cards[q[1]]
        if c.kind == "movement" and not q[3] and c.vector:
            vec.setdefault(q[2], set()).add(tuple(c.vector))  # type: ignore[arg-type]
    for ch, vs in vec.items():
        vx = vy = 0
        for x, y in vs:
            vx ^= x
            vy ^= y
        here = out.chars[ch].loc
        if (vx, vy) != (0, 0) and here:
            dest = move_dest(here, (vx, vy))
            if dest not in rb.characters[ch].forbidden:
                out.chars[ch].loc = dest
    fis = [p for p in live if rb.cards[p[1]].kind == "forbid" and rb.cards[p[1]].void_if_several]
    if len(fis) >= 2:
        for p in fis:
            p[3] = True
    for p in live:
        c = rb.cards[p[1]]
        if c.kind != "forbid" or c.forbids == "movement" or p[3]:
            continue
        for q in live:
            qc = rb.cards[q[1]]
            if q[2] != p[2] or qc.kind != "counter" or qc.counter != c.forbids or q[3]:
                continue
            if c.forbids == "goodwill" and q[2] in ignores_fg:
                continue
            if c.forbids == "intrigue":
                loc = q[2] if q[2] in LOCATIONS else out.chars[q[2]].loc
                if loc in cultist_locs:
                    continue
            q[3] = True
    counters = [q for q in live if not q[3] and rb.cards[q[1]].kind == "counter"]
    counters.sort(key=lambda q: -rb.cards[q[1]].amount)
    for q in counters:
        c = rb.cards[q[1]]
        out.add(q[2], c.counter or "", c.amount)
    return out
