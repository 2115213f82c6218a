"""Cheap policies for simulations: they answer from a GameState the searching agent built itself.

The Mastermind's rollout policy knows the (real or imagined) script and plays the rule-based
Mastermind's greedy choices, sometimes a random one. The Protagonists' rollout policy uses only
what the Protagonists see on that board (counters, locations, where the Mastermind put cards,
never which cards) with a few fixed rules. Both are meant to be fast, not strong. Like every
agent they read decisions from their structured data (`option_info`), never from labels.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, Callable

from ...core.decision import canonical
from .. import board as B
from ..board import Board
from ..refs import MASTERMIND
from ..rules import RuleBook, available_sets, load_rulebook
from ..state import GameState
from .common import GW_WORTH, apply_card, gw_kind, option_ability
from .rule import ability_gain, card_value, is_counter, is_forbid
from .threat import Threat


def path_key(st: GameState) -> tuple[Any, ...]:
    """The answers a simulated game was given since it was copied from its search's base (its
    history starts empty there, common.sandbox_copy): with the base, they fix the state exactly."""
    return tuple(h["answer"] if isinstance(h["answer"], str) else canonical(h["answer"]) for h in st.history)


class MastermindRollout:
    """`memo`: card values already worked out in other rollouts from the same base game, by the
    answers that led there (path_key). The rollouts of one candidate with different seeds reach
    the same Mastermind card decision (its next card comes before anyone else's) and score the same
    cards on the same board: scored once. The values and the generator's draws are the same."""

    def __init__(self, threat: Threat, rng: random.Random, eps: float = 0.15, sample: int = 40,
                 memo: dict[tuple[Any, ...], float] | None = None) -> None:
        self.th = threat
        self.rng = rng
        self.eps = eps
        self.sample = sample
        self.memo = memo

    def __call__(self, st: GameState) -> Any:
        d = st.pending
        assert d is not None
        opts = d.options
        if len(opts) == 1:
            return opts[0]
        k = d.kind
        rng = self.rng
        th = self.th
        if k == "place_card":
            if rng.random() < self.eps:
                return opts[rng.randrange(len(opts))]
            memo = self.memo
            path = path_key(st) if memo is not None else ()
            board: list[Board] = []  # the board with the Mastermind's cards of today, made when first needed
            score: list[float] = []  # and its score

            def value(o: dict[str, str]) -> float:
                key = (path, o["card"], o["target"])
                if memo is not None:
                    got = memo.get(key)
                    if got is not None:
                        return got
                if not board:
                    rb = st.rules
                    b = st.board.copy()
                    for p in st.placed:
                        if p.by == MASTERMIND:
                            apply_card(rb, b, p.card, p.target)
                    board.append(b)
                    score.append(th.value_with(st, b))
                v = card_value(th, st, board[0], score[0], o["card"], o["target"])
                if memo is not None:
                    memo[key] = v
                return v

            pool = opts if len(opts) <= self.sample else rng.sample(list(opts), self.sample)
            return best_of(pool, value, rng.random, 0.5)
        if k == "mastermind_ability":
            base = th.value_with(st, st.board)  # its terms kept: each ability's change made on them
            best, best_v = "done", 0.3
            for i, o in enumerate(opts):
                ref = option_ability(d, i)
                if ref is not None:
                    v = ability_gain(th, st, st.board, base, ref)
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


def best_of(options: Any, value: Callable[[Any], float], draw: Callable[[], float], noise: float) -> Any:
    """`max(options, key=lambda o: value(o) + draw() * noise)` written out (the rollouts ask it at
    every card they place, of up to a hundred options): the same draws in the same order, the same
    sums, the first of equal maxima."""
    best: Any = None
    best_v = 0.0
    for o in options:
        v = value(o) + draw() * noise
        if best is None or v > best_v:
            best, best_v = o, v
    return best


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
            # What every option's score reads of the placed cards, read once for all of them.
            mm_targets = {p.target for p in st.placed if p.by == MASTERMIND}
            first = not [p for p in st.placed if p.by != MASTERMIND]
            score = card_scorer(st, mm_targets, first)
            # max(opts, key=lambda o: score(o["card"], o["target"]) + rng.random()), written out (best_of)
            draw = rng.random
            best: Any = None
            best_v = 0.0
            for o in opts:
                v = score(o["card"], o["target"]) + draw()
                if best is None or v > best_v:
                    best, best_v = o, v
            return best
        if k == "goodwill_ability":
            best, best_v = "done", 2.0
            for i, o in enumerate(opts):
                ref = option_ability(d, i)
                if ref is None:
                    continue
                kind = gw_kind(st.rules.characters[ref.owner].goodwill[ref.index])
                v = GW_WORTH[kind] + rng.random()
                if kind == "reveal_self" and ref.owner in st.revealed_roles:
                    v = 0
                if v > best_v:
                    best, best_v = o, v
            return best
        if k == "next_loop_or_final_guess":
            return "next_loop"
        if k == "choose_effect":
            return opts[-1]
        if k == "choose_target":
            chars = [(o, info["character"]) for o, info in zip(opts, d.option_info) if "character" in info]
            if chars:
                rb, b = st.rules, st.board
                return max(chars, key=lambda oc: B.count(rb, b, oc[1], "paranoia") - rb.characters[oc[1]].paranoia_limit
                           + rng.random())[0]
        return opts[rng.randrange(len(opts))]


@lru_cache(maxsize=None)
def threatened_locations() -> frozenset[str]:
    """Locations some plot of a Tragedy Set names in a loss condition (the School, the Shrine)."""
    out = set()
    for sid in available_sets():
        rb = load_rulebook(sid)
        for plot in rb.set.plots.values():
            for rule in plot.rules:
                for word, arg in (rule.loss_if or {}).items():
                    if word == "location_counter_at_least" and rb.is_location(arg[0]):
                        out.add(arg[0])
    return frozenset(out)


def card_score(st: GameState, o: dict[str, str], mm_targets: set[str] | None = None, first: bool | None = None) -> float:
    """A Protagonist's quick opinion of a card: block the Mastermind's Intrigue, calm characters at
    their limit, build useful Goodwill. `mm_targets` (the Mastermind's targets today) and `first`
    (no Protagonist card placed yet) are read from the state unless given."""
    rb, b = st.rules, st.board
    card, t = o["card"], o["target"]
    if mm_targets is None:
        mm_targets = {p.target for p in st.placed if p.by == MASTERMIND}
    if first is None:
        first = not [p for p in st.placed if p.by != MASTERMIND]
    if is_forbid(rb, card, "intrigue"):
        if not first or t not in mm_targets:
            return -10
        return 6 + 3 * B.count(rb, b, t, "intrigue") + (2 if t in threatened_locations() else 0)
    if rb.is_location(t):
        return -5
    lim = rb.characters[t].paranoia_limit
    if is_counter(rb, card, "paranoia", -1):
        gap = lim - B.count(rb, b, t, "paranoia") - (1 if t in mm_targets else 0)
        return 9 if gap <= 0 else 4 if gap == 1 else -3
    if is_counter(rb, card, "goodwill", +1):
        g = B.count(rb, b, t, "goodwill")
        need = [gw.goodwill for gw in rb.characters[t].goodwill if gw.goodwill > g]
        if not need:
            return -2
        return 3 - 0.5 * (min(need) - g) - (1 if rb.cards[card].amount >= 2 else 0)
    if is_forbid(rb, card, "movement"):
        return 0.5 if t in mm_targets else -3
    if is_counter(rb, card, "paranoia", +1):
        return -6
    return -2.5


# The card kinds card_score tells apart, in the order it asks about them.
FORBID_INTRIGUE, PARANOIA_DOWN, GOODWILL_UP, FORBID_MOVEMENT, PARANOIA_UP, OTHER = range(6)
_KINDS: dict[int, tuple[RuleBook, dict[str, tuple[int, int]]]] = {}


def card_kinds(rb: RuleBook) -> dict[str, tuple[int, int]]:
    """Per card of the rule book, (its kind for card_score, its amount), worked out once per rule book."""
    held = _KINDS.get(id(rb))
    if held is not None and held[0] is rb:
        return held[1]
    out = {}
    for card, c in rb.cards.items():
        if is_forbid(rb, card, "intrigue"):
            kind = FORBID_INTRIGUE
        elif is_counter(rb, card, "paranoia", -1):
            kind = PARANOIA_DOWN
        elif is_counter(rb, card, "goodwill", +1):
            kind = GOODWILL_UP
        elif is_forbid(rb, card, "movement"):
            kind = FORBID_MOVEMENT
        elif is_counter(rb, card, "paranoia", +1):
            kind = PARANOIA_UP
        else:
            kind = OTHER
        out[card] = (kind, c.amount)
    _KINDS[id(rb)] = (rb, out)
    return out


def card_scorer(st: GameState, mm_targets: set[str], first: bool) -> Callable[[str, str], float]:
    """card_score of one decision's options: what they read of the rules and the board looked up
    once (a card's kind once per rule book, a target's counters once per decision: the Protagonists'
    rollout asks it of every card on every target; the same scores)."""
    rb, b = st.rules, st.board
    kinds = card_kinds(rb)
    chars = rb.characters
    is_location = rb.is_location
    threatened = threatened_locations()
    seen: dict[str, tuple[Any, ...]] = {}

    def facts(t: str) -> tuple[Any, ...]:
        # (on a location, Intrigue, and for a character: the Paranoia gap to its limit counting a
        # Mastermind card on it, its Goodwill, the Goodwill its abilities need above that)
        got = seen.get(t)
        if got is None:
            if is_location(t):
                got = (True, B.count(rb, b, t, "intrigue"))
            else:
                g = B.count(rb, b, t, "goodwill")
                gap = chars[t].paranoia_limit - B.count(rb, b, t, "paranoia") - (1 if t in mm_targets else 0)
                got = (False, B.count(rb, b, t, "intrigue"), gap, g, [gw.goodwill for gw in chars[t].goodwill if gw.goodwill > g])
            seen[t] = got
        return got

    def score(card: str, t: str) -> float:
        kind, amount = kinds[card]
        if kind == FORBID_INTRIGUE:
            if not first or t not in mm_targets:
                return -10
            return 6 + 3 * facts(t)[1] + (2 if t in threatened else 0)
        f = seen.get(t)  # facts(t), its memo read here (asked for every option)
        if f is None:
            f = facts(t)
        if f[0]:
            return -5
        if kind == PARANOIA_DOWN:
            gap = f[2]
            return 9 if gap <= 0 else 4 if gap == 1 else -3
        if kind == GOODWILL_UP:
            g, need = f[3], f[4]
            if not need:
                return -2
            return 3 - 0.5 * (min(need) - g) - (1 if amount >= 2 else 0)
        if kind == FORBID_MOVEMENT:
            return 0.5 if t in mm_targets else -3
        if kind == PARANOIA_UP:
            return -6
        return -2.5

    return score
