"""Seat views: what one seat may know, built by copying only what it is allowed to see.

A Protagonist's view holds the public board, the public schedule, the seat's own hand(s), the
cards on the board (face down unless revealed, the seat's own shown to it), the events it may
see and what has been revealed. The script's secrets (plots, roles, culprits) enter only the
Mastermind's view, and everyone's once the game is over. Nothing is ever copied whole and then
pruned.
"""

from __future__ import annotations

from typing import Any

from .cards import available_cards
from .engine import public_incident_name
from .query import count
from .rules import COUNTERS, LOCATIONS
from .state import MASTERMIND, OBSERVER, PROTAGONIST_SEATS, GameState


def own_hands(state: GameState, seat: str) -> list[int | str]:
    if seat == MASTERMIND:
        return [MASTERMIND]
    if seat not in PROTAGONIST_SEATS:
        return []
    return [h for h in range(3) if state.hand_seat(h) == seat]


def _character(state: GameState, ch: str) -> dict[str, Any]:
    c = state.chars[ch]
    data = state.rules.characters[ch]
    out: dict[str, Any] = {
        "id": ch,
        "name": data.name,
        "location": c.location,
        "alive": c.alive,
        "counters": {k: count(state, ch, k) for k in COUNTERS},
        "paranoia_limit": data.paranoia_limit,
        "start": data.start,
        "forbidden": list(data.forbidden),
        "tags": list(data.tags),
        "goodwill_abilities": [
            {"goodwill": g.goodwill, "once_per_loop": g.once_per_loop, "text": g.text} for g in data.goodwill
        ],
    }
    if ch in state.script.turf:
        out["turf"] = state.script.turf[ch]  # marked on the board for all to see
    if ch in state.revealed_roles:
        out["revealed_role"] = state.revealed_roles[ch]
    if ch in state.extra_cards:
        out["extra_card"] = True  # the card is on the board for all to see; what put it there is secret
    return out


def _card_on_board(state: GameState, p: dict[str, Any], seat: str, hands: list[int | str], see_all: bool) -> dict[str, Any]:
    by = p["by"]
    out: dict[str, Any] = {"by": "mastermind" if by == MASTERMIND else f"protagonist{by + 1}", "target": p["target"]}
    if p["revealed"] or see_all or by in hands:
        out["card"] = p["card"]
    else:
        out["card"] = None  # face down
    return out


def build_view(state: GameState, seat: str) -> dict[str, Any]:
    """The structured view of `seat` (mastermind, protagonist1-3 or observer)."""
    if seat not in (MASTERMIND, OBSERVER, *PROTAGONIST_SEATS):
        raise ValueError(f"unknown seat {seat!r}")
    over = state.outcome is not None
    gm = seat == MASTERMIND or over
    hands = own_hands(state, seat)
    s = state.script
    on_board = [ch for ch in s.cast if state.chars[ch].location is not None]
    view: dict[str, Any] = {
        "seat": seat,
        "set": s.rules.set.name,
        "players": state.players,
        "loops": s.loops,
        "days": s.days,
        "loop": state.loop,
        "day": state.day,
        "phase": state.phase,
        "leader": f"protagonist{state.leader + 1}" if state.players == 4 else "protagonist1",
        "schedule": [{"day": inc.day, "incident": public_incident_name(state, i), "occurred_this_loop": i in state.occurred,
                      **({"culprit": state.revealed_culprits[i]} if i in state.revealed_culprits else {})}
                     for i, inc in enumerate(s.incidents)],
        "special_rules": s.special_rules,
        "locations": {l: {k: count(state, l, k) for k in COUNTERS} for l in LOCATIONS},
        "characters": [_character(state, ch) for ch in on_board],
        "cards_on_board": [_card_on_board(state, p, seat, hands, gm) for p in state.placed],
        "hands": {("mastermind" if h == MASTERMIND else f"protagonist{int(h) + 1}"): sorted(available_cards(state, h))
                  for h in hands},
        "set_aside": {("mastermind" if k == MASTERMIND else f"protagonist{int(k) + 1}"): sorted(v)
                      for k, v in state.set_aside.items()},
        "revealed_subplots": list(state.revealed_subplots),
        "loop_results": [{"loop": r["loop"], "lost": r["lost"]} for r in state.loop_results],
        "log": [e.text for e in state.events if e.visible(seat, game_over=over)],
        # The same events, structured, for programs (deduction, agents): only those the seat may see
        # during play, never a Mastermind-only event, even once the game is over.
        "events": [e.to_dict() for e in state.events if e.visible(seat)],
        "outcome": state.outcome,
    }
    d = state.pending
    if d is not None:
        if d.seat == seat:
            view["decision"] = d.to_dict()
        else:
            # Only whose turn it is: the kind of a Mastermind question could give a role away.
            view["waiting_for"] = d.seat
    if gm:
        view["script"] = s.to_dict()
        view["loss_reasons"] = list(state.loss_reasons)
        view["roles"] = {ch: s.cast[ch] for ch in s.cast}
        view["final_guess"] = dict(state.final_guess)
    if seat == MASTERMIND:
        # The answered decisions, so that a Mastermind agent can rebuild the game it knows whole.
        view["history"] = [dict(h) for h in state.history]
    return view


def render_text(view: dict[str, Any]) -> str:
    """A plain-text rendering of a view (CLI, golden files, view-equality tests)."""
    lines = [f"{view['set']} - loop {view['loop']}/{view['loops']}, day {view['day']}/{view['days']} - "
             f"phase {view['phase']} - Leader {view['leader']}"]
    for l in LOCATIONS:
        here = [c for c in view["characters"] if c["location"] == l]
        who = ", ".join(
            f"{c['name']}{'' if c['alive'] else ' (corpse)'} [P{c['counters']['paranoia']}/{c['paranoia_limit']} "
            f"G{c['counters']['goodwill']} I{c['counters']['intrigue']}{' Guard' if c['counters']['guard'] else ''}]"
            + (" Extra" if c.get("extra_card") else "")
            + (f" role: {c['revealed_role']}" if "revealed_role" in c else "")
            for c in here)
        lines.append(f"  {l.capitalize():9} I{view['locations'][l]['intrigue']}: {who}")
    sched = ", ".join(f"day {s['day']}: {s['incident']}" + (" (occurred)" if s["occurred_this_loop"] else "") for s in view["schedule"])
    lines.append(f"  Incidents: {sched or 'none'}")
    for who, cards in view["hands"].items():
        lines.append(f"  Hand of {who}: {', '.join(cards)}")
    if "script" in view:
        sc = view["script"]
        lines.append(f"  Script: {sc['main_plot']} + {', '.join(sc['subplots'])}; roles: "
                     + ", ".join(f"{k}={v if isinstance(v, str) else v['role']}" for k, v in sc["cast"].items()))
    return "\n".join(lines)
