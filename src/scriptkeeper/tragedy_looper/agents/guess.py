"""The Protagonist agents' Final Guess, whole: one role for every character, from the exact deduction.

Every Protagonist agent names the role assignment shared by the most consistent scripts
(`opponent.best_guess` over the seat's deduction), so a guess never names a role the deduction
has excluded and always names the certain ones right (a Midnight Zone Ninja's announced role is
not taken for the truth: it may be a lie). Where the deduction refuses a character of the script
(the Sect Founder...) the likeliest whole draw of the prior (prior.py: every draw passes the script
creation rules, so no role is named beyond its maximum), the revealed roles kept.

`whole_guess(view)` is also what an AI team-mate proposes to human Protagonists (`propose`):
the same answer for every character, shown before they confirm their own.
"""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from typing import Any

from ...core.decision import Decision
from .beliefs import beliefs, history_digest
from .opponent import best_guess
from .prior import PriorBeliefs

_LOCK = threading.Lock()
_CACHE: OrderedDict[tuple[Any, ...], dict[str, str]] = OrderedDict()


def _before_the_guess(view: dict[str, Any]) -> dict[str, Any]:
    """The view as it was when the Final Guess began (its answers change no deduction), so the whole
    guess is worked out once per Final Guess, not once per character."""
    ev = view["events"]
    cut = next((k for k, e in enumerate(ev) if e["type"] == "guess"), len(ev))
    return {**view, "events": ev[:cut]}


def whole_guess(view: dict[str, Any]) -> dict[str, str]:
    """character -> role: the Final Guess this seat's knowledge supports best."""
    v = _before_the_guess(view)
    key = (v["seat"] if v["seat"] == "observer" else "protagonist", v["set"], len(v["events"]), history_digest(v["events"]))
    with _LOCK:
        got = _CACHE.get(key)
    if got is not None:
        return got
    revealed = {c["id"]: c["revealed_role"] for c in view["characters"] if "revealed_role" in c}
    try:
        bel = beliefs(v)
        if isinstance(bel, PriorBeliefs):
            guess = {**bel.best_assignment(), **revealed}
        else:
            # The deduction's assignment already holds every revealed role it can trust: a Midnight
            # Zone Ninja may have announced another role (seed 001), so the announcement is not kept over it.
            guess = best_guess(bel.deduction, random.Random(0))
    except ValueError:  # no consistent script (a rule the deduction reads wrongly): the revealed roles
        guess = dict(revealed)
    with _LOCK:
        _CACHE[key] = guess
        if len(_CACHE) > 64:
            _CACHE.popitem(last=False)
    return guess


def guess_one(view: dict[str, Any], d: Decision, fallback: str = "person") -> Any:
    """The answer to one Final Guess question (the character in `d.info`)."""
    ch = d.info.get("character")
    g = whole_guess(view).get(str(ch)) if ch else None
    if g in d.options:
        return g
    return fallback if fallback in d.options else d.options[0]


def propose(view: dict[str, Any], d: Decision) -> dict[str, Any] | None:
    """What an AI team-mate proposes for a team decision: {"answer", "series"?: {key: answer}}."""
    if d.kind == "final_guess":
        guess = whole_guess(view)
        items = [i["key"] for i in (d.info.get("series") or {}).get("items", [])]
        series = {k: guess[k] if guess.get(k) in d.options else ("person" if "person" in d.options else d.options[0])
                  for k in items}
        return {"answer": guess_one(view, d), "series": series}
    return None


__all__ = ["guess_one", "propose", "whole_guess"]
