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
        hand = MASTERMIND if key == MASTERMIND else str(key)
        once = state.rules.mastermind_once_per_loop if key == MASTERMIND else state.rules.protagonist_once_per_loop
        for card in cards or []:
            if card not in once:
                raise _bad(f"set_aside of {who}: {card!r} is not a once-per-loop card of that hand; they are {sorted(once)}")
        state.set_aside[hand] = list(cards or [])
    state.revealed_roles.update(sit.get("revealed_roles") or {})
    for ch, role in state.revealed_roles.items():
        if ch not in state.chars or role not in state.rules.roles:
            raise _bad(f"revealed_roles: {ch!r} -> {role!r} names an unknown character or role")
    by_day = {inc.day: i for i, inc in enumerate(s.incidents)}

    def incident_days(key: str) -> list[int]:
        days = sit.get(key) or []
        for d in days:
            if d not in by_day:
                raise _bad(f"{key}: no incident is scheduled on day {d!r} (incident days: {sorted(by_day)})")
        return [by_day[d] for d in days]

    for i in incident_days("revealed_culprits"):
        state.revealed_culprits[i] = s.incidents[i].culprit
    state.occurred = incident_days("occurred")
    state.used_loop = [_ability_key(state, k) for k in sit.get("abilities_used_this_loop") or []]
    state.loop_flags.update(sit.get("loop_flags") or {})
    state.previous_loop = dict(sit.get("previous_loop") or {})
    # Positions are checked once the loop flags are known (the Doctor may have freed the Patient).
    from .query import forbidden_locations

    for ch, c in state.chars.items():
        if c.location is not None and c.location in forbidden_locations(state, ch):
            raise _bad(f"{ch} cannot be in the {c.location}: it is one of its forbidden locations")
    _place_cards(state, sit.get("cards") or [])
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
        assert first is not None and first in DAY_PHASES
        state.day = day
        then(state, *day_phases(first))


def _ability_key(state: GameState, text: str) -> str:
    """A once-per-loop use: 'police_officer.2' is the Police Officer's second Goodwill ability;
    'plot:an_unsettling_rumor:0' or 'CHARACTER:ROLE:N' name a plot rule or a role ability directly."""
    text = str(text)
    if text.count(":") == 2:
        return text
    ch, _, n = text.partition(".")
    if ch not in state.chars or not n.isdigit() or not 1 <= int(n) <= len(state.rules.characters[ch].goodwill):
        raise _bad(f"abilities_used_this_loop: {text!r} is not CHARACTER.N (N counts that character's Goodwill abilities from 1)")
    return f"{ch}:gw:{int(n) - 1}"


def _place_cards(state: GameState, cards: list[dict[str, Any]]) -> None:
    """Cards already face down: each must be in its hand and on a target that side may choose."""
    from .cards import available_cards, legal_targets

    for n, p in enumerate(cards, 1):
        if not isinstance(p, dict) or not {"by", "card", "target"} <= set(p):
            raise _bad(f"cards #{n}: give by, card and target")
        by = _hand(state, p["by"])
        if p["card"] not in available_cards(state, by):
            raise _bad(f"cards #{n}: {p['by']} has no {p['card']!r} left in hand")
        if p["target"] not in legal_targets(state, by):
            raise _bad(f"cards #{n}: {p['by']} may not put a card on {p['target']!r} (a corpse, off the board, or already chosen by that side)")
        if by == MASTERMIND and sum(1 for q in state.placed if q["by"] == MASTERMIND) >= 3:
            raise _bad(f"cards #{n}: the Mastermind places at most 3 cards a day")
        if by != MASTERMIND and any(q["by"] == by for q in state.placed):
            raise _bad(f"cards #{n}: {p['by']} places one card a day")
        state.placed.append({"by": by, "card": p["card"], "target": p["target"], "revealed": False})
