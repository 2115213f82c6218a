"""Questions every rule asks about the board: effective counts, effective roles, locations.

Each is one function so that later sets change the answer in one place: Rei's Hope and Despair
count as several kinds of counter, Another Horizon's worlds swap Goodwill and Paranoia, and plots
change roles during play (Paranoia Virus, Factor). A rule never reads `counters[...]` or the
script's role table directly.
"""

from __future__ import annotations

from typing import Any

from .rules import COORDS, LOCATIONS, Ability
from .state import GameState


def count(state: GameState, target: str, kind: str) -> int:
    """The effective number of `kind` counters on a character or location."""
    if target in LOCATIONS:
        return state.locations[target].get(kind, 0)
    return state.chars[target].counters.get(kind, 0)


def paranoia_limit(state: GameState, ch: str) -> int:
    return state.rules.characters[ch].paranoia_limit


def script_role(state: GameState, ch: str) -> str:
    """The role the script gives (what the Final Guess must name)."""
    return state.script.cast[ch]


def effective_role(state: GameState, ch: str) -> str:
    """The role a character holds right now, after plot rules that change roles."""
    role = state.script.cast[ch]
    for plot_id in state.script.plots:
        for rule in state.rules.plot(plot_id).rules:
            change = rule.role_change
            # No `from`: any role changes (Midnight Zone's Fated Connections: every holder of an Extra card).
            if change and change.get("from", role) == role and holds(state, change.get("if"), {"source": ch}):
                role = change["to"]
    return role


def roles_of(state: GameState, ch: str) -> list[str]:
    """The effective role plus every role whose abilities it gains (Factor)."""
    role = effective_role(state, ch)
    out = [role]
    for gain in state.rules.roles[role].gains:
        if holds(state, gain.condition, {"source": ch}) and gain.role not in out:
            out.append(gain.role)
    return out


def has_trait(state: GameState, ch: str, trait: str) -> bool:
    return any(trait in state.rules.roles[r].traits for r in roles_of(state, ch))


def refusal(state: GameState, ch: str) -> str:
    """Goodwill Refusal of the character's role: none, optional or mandatory."""
    return state.rules.roles[effective_role(state, ch)].refusal


def role_abilities(state: GameState, ch: str) -> list[tuple[str, int, Ability]]:
    """(role, index, ability) for every role ability the character has right now."""
    out = []
    for role in roles_of(state, ch):
        for i, ab in enumerate(state.rules.roles[role].abilities):
            out.append((role, i, ab))
    return out


def ability_locations(state: GameState, ch: str) -> list[str]:
    """Where a character counts as being for its role's abilities (the Boss may use his turf)."""
    loc = state.chars[ch].location
    if loc is None:
        return []
    turf = state.script.turf.get(ch)
    return [loc] if turf is None or turf == loc else [loc, turf]


def forbidden_locations(state: GameState, ch: str) -> tuple[str, ...]:
    data = state.rules.characters[ch]
    if "confined_until_doctor" in data.traits and state.loop_flags.get("patient_free"):
        return ()
    return data.forbidden


def move_destination(loc: str, vector: tuple[int, int]) -> str:
    x, y = COORDS[loc]
    dest = (x ^ vector[0], y ^ vector[1])
    return next(l for l, c in COORDS.items() if c == dest)


def holders_of_role(state: GameState, role: str) -> list[str]:
    """Characters (alive or not, on the board or not) whose effective role is `role`."""
    return [ch for ch in state.script.cast if state.chars[ch].location is not None and effective_role(state, ch) == role]


def holds(state: GameState, cond: Any, ctx: dict[str, Any]) -> bool:
    """Evaluate a condition of the rules vocabulary (see docs/rules-data.md)."""
    if cond is None:
        return True
    if not isinstance(cond, dict) or len(cond) != 1:
        raise ValueError(f"bad condition {cond!r}")
    (op, arg), = cond.items()
    src = ctx.get("source")
    if op == "all":
        return all(holds(state, c, ctx) for c in arg)
    if op == "any":
        return any(holds(state, c, ctx) for c in arg)
    if op == "not":
        return not holds(state, arg, ctx)
    if op == "counter_at_least":
        kind, n = arg
        return src is not None and count(state, src, kind) >= n
    if op == "counter_at_most":
        kind, n = arg
        return src is not None and count(state, src, kind) <= n
    if op == "location_counter_at_least":
        where, kind, n = arg
        locs = _locations_of(state, where, ctx)
        return any(count(state, l, kind) >= n for l in locs)
    if op == "role_counter_at_least":
        role, kind, n = arg
        return any(count(state, ch, kind) >= n for ch in holders_of_role(state, role))
    if op == "incident_occurred_this_loop":
        return any(state.script.incidents[i].incident == arg for i in state.occurred)
    if op == "has_extra_card":
        return (src in state.extra_cards) == bool(arg)
    if op == "role_is":
        return src is not None and effective_role(state, src) == arg
    if op == "role_in_play":
        return any(state.in_play(ch) for ch in holders_of_role(state, arg))
    if op == "role_revealed_this_loop":
        # The script's role of a character whose role was revealed this loop (whatever was announced).
        return any(state.script.cast[ch] in arg for ch in state.loop_flags.get("revealed_this_loop", []))
    if op == "living_characters_at_most":
        return sum(1 for ch in state.script.cast if state.in_play(ch)) <= arg
    if op == "someone_died_previous_loop":
        return bool(state.previous_loop.get("dead")) == bool(arg)
    raise ValueError(f"unknown condition {op!r}")


def incident_limit(state: GameState, culprit: str) -> int:
    """The limit an incident's culprit must reach: its Paranoia limit, changed by always-on plot rules
    (`incident_limit: {add: N, if: condition on the culprit}`; Worshippers of the Apocalypse)."""
    limit = paranoia_limit(state, culprit)
    for plot_id in state.script.plots:
        for rule in state.rules.plot(plot_id).rules:
            mod = rule.incident_limit
            if mod and holds(state, mod.get("if"), {"source": culprit}):
                limit += int(mod["add"])
    return limit


def incident_vetoed(state: GameState, culprit: str) -> bool:
    """Another living character in the culprit's location whose role has trait `vetoes_incidents_here`
    stops the incident, whatever the culprit's counters (Midnight Zone's Prophet)."""
    loc = state.chars[culprit].location
    return any(ch != culprit and has_trait(state, ch, "vetoes_incidents_here") and loc in ability_locations(state, ch)
               for ch in state.script.cast if state.in_play(ch))


def card_forbids(state: GameState, card_id: str) -> set[str]:
    """What a card forbids: its own `forbids`, plus what plot rules add (`card_also_forbids`; Unanswered Heart)."""
    card = state.rules.cards[card_id]
    out = {card.forbids} if card.kind == "forbid" and card.forbids else set()
    for plot_id in state.script.plots:
        for rule in state.rules.plot(plot_id).rules:
            extra = rule.card_also_forbids
            if extra and extra["card"] == card_id:
                out.add(extra["forbids"])
    return out


def _locations_of(state: GameState, where: Any, ctx: dict[str, Any] | None = None) -> list[str]:
    if where == "culprit_start":  # the culprit's starting location this loop (Fake Incident)
        culprit = (ctx or {}).get("culprit")
        return [state.start_locations[culprit]] if culprit in state.start_locations else []
    if isinstance(where, str):
        return [where]
    if isinstance(where, dict) and "start_of_role" in where:
        return [state.start_locations[ch] for ch in state.script.cast
                if state.script.cast[ch] == where["start_of_role"] and ch in state.start_locations]
    raise ValueError(f"bad location reference {where!r}")
