"""Build a game the Protagonists can simulate: their view's board, plus a world they imagine.

The world (a script drawn from the deduction) supplies what the view hides: roles, culprits, the
Mastermind's face-down cards (guessed), the other Protagonists' face-down cards (guessed). Every
public fact of the view (positions, counters, used cards, revealed roles, abilities used this
loop) is copied, and the game is set at the start of the phase the decision belongs to, so that
running it reaches the same decision. If it does not, the caller falls back to rules.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from ..tragedy_looper import engine
from ..tragedy_looper.actions import then
from ..tragedy_looper.engine import day_phases
from ..tragedy_looper.rules import COUNTERS, LOCATIONS
from ..tragedy_looper.script import Script
from ..tragedy_looper.state import MASTERMIND, CharacterState, GameState

PHASE_START = {"protagonist_cards": "cards.protagonists", "goodwill_abilities": "phase.goodwill"}


def hand_of(seat_or_by: str) -> str | int:
    return MASTERMIND if seat_or_by == "mastermind" else int(seat_or_by[-1]) - 1


def build(view: dict[str, Any], script: Script, rng: random.Random,
          guess_mm: Callable[[list[str], list[str]], list[str]] | None = None) -> GameState | None:
    """A GameState for `script` at the start of the view's current phase (card play or Goodwill)."""
    phase = view["phase"]
    if phase not in PHASE_START:
        return None
    st = GameState(script=script, players=view["players"], seed=0)
    vis = {c["id"]: c for c in view["characters"]}
    for ch in script.cast:
        c = CharacterState(ch, None)
        v = vis.get(ch)
        if v is not None:
            c.location = v["location"]
            c.alive = v["alive"]
            c.counters = {k: int(v["counters"].get(k, 0)) for k in COUNTERS}
        st.chars[ch] = c
    st.locations = {l: {k: int(view["locations"][l].get(k, 0)) for k in COUNTERS} for l in LOCATIONS}
    st.loop, st.day, st.phase = view["loop"], view["day"], phase
    events = view["events"]
    start = max((k for k, e in enumerate(events) if e["type"] == "loop_start"), default=0)
    loop_events = events[start:]
    day_start = max((k for k, e in enumerate(loop_events) if e["type"] == "day_start"), default=None)
    st.leader = loop_events[day_start]["data"]["leader"] if day_start is not None else 0
    st.set_aside = {("mastermind" if k == "mastermind" else str(int(k[-1]) - 1)): list(v) for k, v in view["set_aside"].items()}
    # cards on the board: known ones as they are, face-down ones guessed
    mm_hand = list(st.rules.mastermind_deck)
    for used in st.set_aside.get(MASTERMIND, []):
        if used in mm_hand:
            mm_hand.remove(used)
    p_hands: dict[int, list[str]] = {}
    for h in range(3):
        hand = list(st.rules.protagonist_deck)
        for used in st.set_aside.get(str(h), []):
            if used in hand:
                hand.remove(used)
        p_hands[h] = hand
    placed = []
    hidden_mm = [p["target"] for p in view["cards_on_board"] if p["by"] == "mastermind" and p["card"] is None]
    if hidden_mm:
        guessed = guess_mm(hidden_mm, list(mm_hand)) if guess_mm else rng.sample(mm_hand, len(hidden_mm))
    else:
        guessed = []
    guesses = dict(zip(hidden_mm, guessed))
    for p in view["cards_on_board"]:
        by = hand_of(p["by"])
        if p["card"] is not None:
            card = p["card"]
        elif by == MASTERMIND:
            card = guesses[p["target"]]
        else:
            hand = p_hands[by]  # type: ignore[index]
            card = hand[rng.randrange(len(hand))]
        pool = mm_hand if by == MASTERMIND else p_hands[by]  # type: ignore[index]
        if card not in pool:
            return None
        pool.remove(card)
        placed.append({"by": by, "card": card, "target": p["target"], "revealed": False})
    st.placed = placed
    st.revealed_roles = {c: v["revealed_role"] for c, v in vis.items() if "revealed_role" in v}
    st.revealed_culprits = {i: s["culprit"] for i, s in enumerate(view["schedule"]) if "culprit" in s}
    st.revealed_subplots = list(view.get("revealed_subplots", []))
    st.occurred = [i for i, s in enumerate(view["schedule"]) if s.get("occurred_this_loop")]
    st.loop_results = [{"loop": r["loop"], "lost": r["lost"], "reasons": []} for r in view["loop_results"]]
    # this loop so far: start locations, abilities used, loop flags
    st.start_locations = {}
    for ch in script.cast:
        data = st.rules.characters[ch]
        if data.start and st.chars[ch].location is not None:
            st.start_locations[ch] = data.start
    today = day_start if day_start is not None else len(loop_events)
    declared_today: list[str] = []
    for k, e in enumerate(loop_events):
        d = e.get("data") or {}
        t = e["type"]
        if t == "placed":
            st.start_locations[d["character"]] = d["location"]
        elif t == "goodwill_declared":
            key, ch = d["key"], d["character"]
            st.loop_flags.setdefault("goodwill_declared", []).append(ch)
            if k > today:
                declared_today.append(key)
            refused = k + 1 < len(loop_events) and loop_events[k + 1]["type"] == "goodwill_refused"
            gw = st.rules.characters[ch].goodwill[int(key.split(":")[2])]
            if gw.once_per_loop and not refused:
                st.used_loop.append(key)
        elif t == "stand_down":
            prev = next((x for x in reversed(loop_events[:k]) if x["type"] == "goodwill_declared"), None)
            if prev:
                st.loop_flags.setdefault("no_incidents", []).append(prev["data"]["character"])
        elif t == "patient_free":
            st.loop_flags["patient_free"] = True
        elif t == "death":
            st.loop_flags.setdefault("died_this_loop", []).append(d["character"])
        elif t == "reveal_role":
            st.loop_flags.setdefault("revealed_this_loop", []).append(d["character"])
    st.used_today = declared_today
    then(st, ("loop.end", {}))
    then(st, *day_phases(PHASE_START[phase]))
    run = getattr(engine, "_run", None)
    if run is None:
        return None
    try:
        run(st)
    except (KeyError, ValueError, IndexError, AssertionError):
        return None
    return st


def same_decision(st: GameState, d: Any) -> bool:
    p = st.pending
    return p is not None and p.kind == d.kind and p.seat == d.seat and len(p.options) == len(d.options)
