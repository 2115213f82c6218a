"""What the Mastermind has done before: the cards it played, loop after loop, day by day.

A Mastermind who knows a script that works plays it again: the same card on the same character on
the same day of each loop (the rule-based Mastermind does, and so do most people). Once its face-down
cards are revealed at the day's resolution, every Protagonist saw them; `mm_habits` reads them back
from the public `cards_revealed` events, and `with_habits` uses them to guess today's face-down cards:
a card the Mastermind put on the same target on the same day of an earlier loop is taken to be that
card again (the one played most often, the earliest on a tie), when its hand still holds it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..refs import MASTERMIND
from .common import timed_events

Habits = dict[tuple[int, str], Counter[str]]


def mm_habits(view: dict[str, Any]) -> Habits:
    """(day, target) -> the cards the Mastermind played there in the loops before this one."""
    out: Habits = {}
    for loop, day, e in timed_events(view):
        if e["type"] == "cards_revealed" and loop < view["loop"]:
            for c in e["data"]["cards"]:
                if c["by"] == MASTERMIND and c.get("card"):
                    out.setdefault((day, c["target"]), Counter())[c["card"]] += 1
    return out


def with_habits(view: dict[str, Any], targets: list[str], hand: list[str], guessed: list[str]) -> list[str]:
    """`guessed` (one card per face-down target) with each target the Mastermind has a habit on today
    given its habitual card instead, as far as the hand allows."""
    habits = mm_habits(view)
    if not habits:
        return guessed
    out = list(guessed)
    left = Counter(hand)
    fixed: set[int] = set()
    for i, t in enumerate(targets):
        seen = habits.get((view["day"], t))
        if not seen:
            continue
        card = max(seen, key=lambda c: seen[c])
        if left[card] > 0:
            left[card] -= 1
            out[i] = card
            fixed.add(i)
    # the other targets keep their guesses where the hand still has them, else take what is left
    for i in range(len(out)):
        if i in fixed:
            continue
        if left[out[i]] > 0:
            left[out[i]] -= 1
        else:
            spare = next((c for c in hand if left[c] > 0), out[i])
            left[spare] -= 1
            out[i] = spare
    return out


__all__ = ["mm_habits", "with_habits"]
