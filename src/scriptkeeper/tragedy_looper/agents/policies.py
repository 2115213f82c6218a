"""Cheap policies for simulations: they answer from a GameState the searching agent built itself.

The Mastermind's rollout policy knows the (real or imagined) script and plays the rule-based
Mastermind's greedy choices, sometimes a random one. The Protagonists' rollout policy uses only
what the Protagonists see on that board (counters, locations, where the Mastermind put cards,
never which cards) with a few fixed rules. Both are meant to be fast, not strong.
"""

from __future__ import annotations

import random
from typing import Any

from ..tragedy_looper.cards import available_cards
from ..tragedy_looper.rules import LOCATIONS
from ..tragedy_looper.state import MASTERMIND, GameState
from .common import LightBoard
from .rule import GW_WORTH, ability_gain, apply_card, card_value, gw_kind
from .threat import Threat


class MastermindRollout:
    def __init__(self, threat: Threat, rng: random.Random, eps: float = 0.15, sample: int = 40) -> None:
        self.th = threat
        self.rng = rng
        self.eps = eps
        self.sample = sample

    def __call__(self, st: GameState) -> Any:
        d = st.pending
        assert d is not None
        opts = d.options
        if len(opts) == 1:
            return opts[0]
        k = d.kind
        rng = self.rng
        if k == "place_card":
            if rng.random() < self.eps:
                return opts[rng.randrange(len(opts))]
            rb = st.rules
            b = LightBoard.from_state(st)
            for p in st.placed:
                if p["by"] == MASTERMIND:
                    apply_card(rb, b, p["card"], p["target"])
            base = self.th.value(b)
            pool = opts if len(opts) <= self.sample else rng.sample(list(opts), self.sample)
            return max(pool, key=lambda o: card_value(rb, self.th, b, base, o["card"], o["target"]) + rng.random() * 0.5)
        if k == "mastermind_ability":
            b = LightBoard.from_state(st)
            base = self.th.value(b)
            best, best_v = "done", 0.3
            for o in opts:
                if o != "done":
                    v = ability_gain(self.th, b, base, o, st.script.turf)
                    if v > best_v:
                        best, best_v = o, v
            return best
        if k == "day_end_ability":
            use = [o for o in opts if o != "done"]
            return use[0] if use else "done"
        if k == "goodwill_refusal":
            return "refuse" if "refuse" in opts else opts[0]
        if k == "cultist_ignore":
            return "ignore" if "ignore" in opts else opts[0]
        return opts[rng.randrange(len(opts))]


class ProtagonistRollout:
    def __init__(self, rng: random.Random, eps: float = 0.2) -> None:
        self.rng = rng
        self.eps = eps

    def __call__(self, st: GameState) -> Any:
        d = st.pending
        assert d is not None
        opts = d.options
        if len(opts) == 1:
            return opts[0]
        k = d.kind
        rng = self.rng
        if k == "place_card":
            if rng.random() < self.eps:
                return opts[rng.randrange(len(opts))]
            return max(opts, key=lambda o: card_score(st, o) + rng.random())
        if k == "goodwill_ability":
            best, best_v = "done", 2.0
            for o in opts:
                if o == "done":
                    continue
                ch, _, i = o.split(":")
                kind = gw_kind(st.rules.characters[ch].goodwill[int(i)])
                v = GW_WORTH.get(kind, 0) + rng.random()
                if kind == "reveal_self" and ch in st.revealed_roles:
                    v = 0
                if v > best_v:
                    best, best_v = o, v
            return best
        if k == "next_loop_or_final_guess":
            return "next_loop"
        if k == "choose_effect":
            return opts[-1]
        if k == "choose_target":
            chars = [o for o in opts if isinstance(o, str) and o in st.chars]
            if chars:
                return max(chars, key=lambda c: st.chars[c].counters.get("paranoia", 0) - st.rules.characters[c].paranoia_limit
                           + rng.random())
        return opts[rng.randrange(len(opts))]


def card_score(st: GameState, o: dict[str, str]) -> float:
    """A Protagonist's quick opinion of a card: block the Mastermind's Intrigue, calm characters at
    their limit, build useful Goodwill."""
    card, t = o["card"], o["target"]
    mm_targets = {p["target"] for p in st.placed if p["by"] == MASTERMIND}
    first = not [p for p in st.placed if p["by"] != MASTERMIND]
    if card == "forbid_intrigue":
        if not first or t not in mm_targets:
            return -10
        i = st.locations[t]["intrigue"] if t in LOCATIONS else st.chars[t].counters.get("intrigue", 0)
        return 6 + 3 * i + (2 if t in ("school", "shrine") else 0)
    if t in LOCATIONS:
        return -5
    c = st.chars[t]
    lim = st.rules.characters[t].paranoia_limit
    if card == "paranoia_minus_1":
        gap = lim - c.counters.get("paranoia", 0) - (1 if t in mm_targets else 0)
        return 9 if gap <= 0 else 4 if gap == 1 else -3
    if card in ("goodwill_plus_1", "goodwill_plus_2"):
        g = c.counters.get("goodwill", 0)
        need = [gw.goodwill for gw in st.rules.characters[t].goodwill if gw.goodwill > g]
        if not need:
            return -2
        return 3 - 0.5 * (min(need) - g) - (1 if card == "goodwill_plus_2" else 0)
    if card == "forbid_movement":
        return 0.5 if t in mm_targets else -3
    if card == "paranoia_plus_1":
        return -6
    return -2.5


def hand_cards(st: GameState, by: Any) -> list[str]:
    return available_cards(st, by)
