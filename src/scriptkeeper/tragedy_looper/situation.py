"""Start a game from a stated situation instead of the first morning (docs/game-file.md).

A situation names the loop, day, Leader, phase, and whatever differs from a fresh loop: where
characters stand, their counters, corpses, once-per-loop cards already used, cards already face
down, roles and culprits already revealed. Rule scenario tests are written this way.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import GameFileError
from .actions import then
from .engine import DAY_PHASES, day_phases, reset_loop
from .rules import COUNTERS, LOCATIONS
from .state import MASTERMIND, GameState

PHASES = {
    "loop_start": None,
    "morning": "day.begin",
    "mastermind_cards": "cards.mastermind",
    "protagonist_cards": "cards.protagonists",
    "resolution": "cards.resolve",
    "mastermind_abilities": "phase.mastermind_abilities",
    "goodwill_abilities": "phase.goodwill",
    "incident": "phase.incident",
    "day_end": "phase.day_end",
    "loop_end": "loop.end",
}
KNOWN = {"loop", "day", "leader", "phase", "characters", "locations", "set_aside", "cards", "revealed_roles",
         "revealed_culprits", "occurred", "abilities_used_this_loop", "loop_flags", "previous_loop"}


def _bad(msg: str) -> GameFileError:
    return GameFileError(f"situation: {msg}")


def _hand(state: GameState, who: str) -> str | int:
    if who == MASTERMIND:
        return MASTERMIND
    if who in ("protagonist1", "protagonist2", "protagonist3"):
        return int(who[-1]) - 1
    raise _bad(f"{who!r} is not mastermind or protagonist1..3")


def apply_situation(state: GameState, sit: dict[str, Any]) -> None:
    if not isinstance(sit, dict):
        raise _bad("must be a mapping")
    unknown = set(sit) - KNOWN
    if unknown:
        raise _bad(f"unknown keys {sorted(unknown)}; known: {sorted(KNOWN)}")
    s = state.script
    loop, day = int(sit.get("loop", 1)), int(sit.get("day", 1))
    if not 1 <= loop <= s.loops or not 1 <= day <= s.days:
        raise _bad(f"loop {loop} / day {day} is outside the script's {s.loops} loops x {s.days} days")
    phase = sit.get("phase", "morning")
    if phase not in PHASES:
        raise _bad(f"phase {phase!r}; choose one of {list(PHASES)}")
    reset_loop(state, loop)
    state.loop_results = [{"loop": n, "lost": True, "reasons": ["(before the situation)"]} for n in range(1, loop)]
    state.leader = int(sit.get("leader", 1)) - 1
    if not 0 <= state.leader <= 2:
        raise _bad("leader is 1, 2 or 3")
    for ch, spec in (sit.get("characters") or {}).items():
        if ch not in state.chars:
            raise _bad(f"{ch!r} is not in the script's cast")
        c = state.chars[ch]
        spec = spec or {}
        if "at" in spec:
            if spec["at"] is not None and spec["at"] not in LOCATIONS:
                raise _bad(f"{ch}: at must be one of {list(LOCATIONS)} or null (off the board)")
            c.location = spec["at"]
            if c.location:
                state.start_locations.setdefault(ch, c.location)
        c.alive = not spec.get("dead", False)
        for k in COUNTERS:
            c.counters[k] = int(spec.get(k, 0))
        if spec.get("extra_card"):
            state.extra_cards[ch] = "the situation"
        extra = set(spec) - {"at", "dead", "extra_card", *COUNTERS}
        if extra:
            raise _bad(f"{ch}: unknown keys {sorted(extra)}")
    for ch in s.cast:
        if state.chars[ch].location is None and "start_chosen_each_loop" in state.rules.characters[ch].traits \
                and s.enters_loop.get(ch, 1) <= loop:
            raise _bad(f"{ch} has no fixed start: say where it is with at:")
    for loc, counters in (sit.get("locations") or {}).items():
        if loc not in LOCATIONS:
            raise _bad(f"{loc!r} is not a location")
        for k, v in counters.items():
            state.locations[loc][k] = int(v)
    for who, cards in (sit.get("set_aside") or {}).items():
        key = _hand(state, who)
        state.set_aside[MASTERMIND if key == MASTERMIND else str(key)] = list(cards)
    for p in sit.get("cards") or []:
        by = _hand(state, p["by"])
        state.placed.append({"by": by, "card": p["card"], "target": p["target"], "revealed": False})
    state.revealed_roles.update(sit.get("revealed_roles") or {})
    by_day = {inc.day: i for i, inc in enumerate(s.incidents)}
    for d in sit.get("revealed_culprits") or []:
        state.revealed_culprits[by_day[d]] = s.incidents[by_day[d]].culprit
    state.occurred = [by_day[d] for d in sit.get("occurred") or []]
    state.used_loop = [_ability_key(k) for k in sit.get("abilities_used_this_loop") or []]
    state.loop_flags.update(sit.get("loop_flags") or {})
    state.previous_loop = dict(sit.get("previous_loop") or {})
    state.phase = phase
    first = PHASES[phase]
    then(state, ("loop.end", {}))
    if phase == "loop_end":
        return
    if phase == "loop_start":
        then(state, ("loop.start_effects", {}), ("day.begin", {}))
        return
    if first == "day.begin":
        state.day = day - 1
        then(state, ("day.begin", {}))
    else:
        state.day = day
        then(state, *day_phases(first))
    assert set(DAY_PHASES) >= {f for f in PHASES.values() if f and f.startswith(("cards.", "phase."))}


def _ability_key(text: str) -> str:
    """'police_officer.2' (second Goodwill ability) -> 'police_officer:gw:1'."""
    ch, _, n = str(text).partition(".")
    return f"{ch}:gw:{int(n) - 1}"
