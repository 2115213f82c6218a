"""What the table reads from the Mastermind's cards: the Mastermind's model of the Final Guess.

A Mastermind who wins every loop still loses a set with a Final Guess when the Protagonists name
every role. They guess the most probable whole assignment under the deduction's consistent set
weighted by how the Mastermind played (opponent.py): an Intrigue card on a character makes the
roles that want Intrigue there (the Key Person, a Killer, a Loved One) more likely for it, and a
Person less. A competent human Mastermind knows this and uses it both ways: it does not pile
Intrigue cards only on the characters whose roles it would give away, and it spends a spare card
now and then on a decoy, Intrigue on a Person whom some consistent script makes a Killer.

`TableReading` measures that from the Mastermind's own knowledge and the public record only: the
deduction of the observer's view (what every Protagonist sees, never a Protagonist's face-down
card), weighted by the same opponent model, gives the share of the true assignment; a card is
priced by how much its reveal raises that share (HIDE_WORTH per unit share, in Threat's units).
Where the set has no Final Guess, or the consistent set is still too large to list (early in the
game, when one card decides nothing), the term is 0.
"""

from __future__ import annotations

import math
from typing import Any

from ...core.errors import UnmodelledRule
from ..refs import MASTERMIND
from ..state import GameState
from .opponent import INTRIGUE_ON_PERSON, INTRIGUE_ON_ROLE, card_factor, intrigue_wanted, log_likelihood, normalise

# What one unit of the true assignment's share of the table's beliefs is worth to the Mastermind, in
# Threat's units (a loss condition met is 700): a decoy that cuts the share from 0.6 to 0.3 is worth
# 60, about a Killer brought beside the Key Person. Set on tuning seeds 7000-7009 of Ink on the Shrine
# Steps (docs/ai.md): the search Mastermind won 1 of 10 there without it, 3 with 200, 4 with 600 (which
# gave up more loops).
HIDE_WORTH = 200.0
# Past this many consistent role assignments the table's beliefs are not listed: one card moves them little.
LIMIT = 3000

Assignment = tuple[tuple[str, str], ...]


class TableReading:
    """The table's weighted beliefs at the start of the Mastermind's day, kept for that day."""

    def __init__(self) -> None:
        self._key: Any = None
        self._base: tuple[Any, list[tuple[dict[str, str], float]], int] | None = None
        self._today: tuple[Any, list[float], float, dict[str, tuple[float, float]]] | None = None

    def _beliefs(self, st: GameState) -> tuple[Any, list[tuple[dict[str, str], float]], int] | None:
        key = (id(st.script), st.loop, st.day)
        if key == self._key:
            return self._base
        self._key, self._base = key, None
        if not st.rules.set.final_guess or st.rules.set.extra_cards:
            # Last Liar: the Mastermind does not hide, as before the deduction covered the set. Its creation
            # guide wants the Traitors encouraged with roles shown ("Encouraging the Traitor"), not the
            # roles hidden; and the observer's deduction there costs 0.1-0.8 s a day (docs/ai.md).
            return None
        from ..deduction import deduce
        from ..views import build_view

        try:
            ded = deduce(build_view(st, "observer"))
            got = ded.role_assignments(limit=LIMIT) if ded.count else None
        except (UnmodelledRule, ValueError):
            return None
        if not got:
            return None
        logs = {a: math.log(k) + log_likelihood(ded, dict(a)) for a, k in got.items()}
        weights = normalise(logs)
        truth = dict(st.script.cast)
        rows = [(dict(a), w) for a, w in weights.items()]
        idx = next((i for i, (roles, _) in enumerate(rows) if all(roles.get(c) == r for c, r in truth.items())), None)
        if idx is None:
            return None
        self._base = (ded, rows, idx)
        return self._base

    def costs(self, st: GameState, view: dict[str, Any], options: list[dict[str, str]] | tuple[Any, ...]) -> list[float]:
        """For each card option ({card, target}), what its reveal costs the Mastermind: HIDE_WORTH times
        the rise of the true assignment's share of the table's beliefs, with the cards it placed today
        counted (negative for a decoy that lowers it)."""
        base = self._beliefs(st)
        if base is None:
            return [0.0] * len(options)
        ded, rows, idx = base
        wanted = intrigue_wanted(ded)
        today = tuple((p["card"], p["target"]) for p in view["cards_on_board"] if p["by"] == MASTERMIND and p["card"])
        # The weights with today's cards counted, and the sums per target, are the same for every
        # call of one decision (the search asks for all options, then for its candidates): kept.
        if self._today is not None and self._today[0] == (self._key, today):
            ws, total, sums = self._today[1:]
        else:
            ws = []
            for roles, w in rows:
                for c, t in today:
                    w *= card_factor(ded, roles, c, t, wanted)
                ws.append(w)
            total = sum(ws)
            sums = {}
            self._today = ((self._key, today), ws, total, sums)
        if total <= 0:
            return [0.0] * len(options)
        now = ws[idx] / total
        out = []
        for o in options:
            card, t = o["card"], o["target"]
            f_truth = card_factor(ded, rows[idx][0], card, t, wanted)
            if f_truth == 1.0:
                out.append(0.0)
                continue
            if t not in sums:
                on_role = sum(w for (roles, _), w in zip(rows, ws) if roles.get(t) in wanted)
                sums[t] = (on_role, total - on_role)
            on_role, on_person = sums[t]
            after = ws[idx] * f_truth / (INTRIGUE_ON_ROLE * on_role + INTRIGUE_ON_PERSON * on_person)
            out.append(HIDE_WORTH * (after - now))
        return out


__all__ = ["HIDE_WORTH", "TableReading"]
