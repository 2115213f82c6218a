"""A small builder for rule scenarios: a script, a situation, scripted answers, then assertions.

Scenarios are strict: `answer` fails when the pending decision is not the expected kind or the
answer is not legal, so a test never passes by accident through an unscripted decision.
"""

from __future__ import annotations

from typing import Any

from scriptkeeper.core.decision import Decision
from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.script import Script, script_from_dict
from scriptkeeper.tragedy_looper.state import GameState

FS_BASE: dict[str, Any] = {
    "set": "first_steps",
    "main_plot": "murder_plan",
    "subplots": ["shadow_of_the_ripper"],
    "loops": 3,
    "days": 4,
    "cast": {
        "girl_student": "key_person",
        "office_worker": "killer",
        "doctor": "brain",
        "shrine_maiden": "serial_killer",
        "police_officer": "conspiracy_theorist",
        "boy_student": "person",
    },
    "incidents": [],
}


def make_script(base: dict[str, Any] | None = None, **changes: Any) -> Script:
    """A script from FS_BASE (or `base`) with top-level keys replaced by `changes`."""
    data = {**(base or FS_BASE), **changes}
    return script_from_dict(data)


def start(script: Script | dict[str, Any] | None = None, situation: dict[str, Any] | None = None,
          players: int = 4, seed: int = 0) -> GameState:
    if script is None or isinstance(script, dict):
        script = make_script(script)
    return engine.new_game(script, seed=seed, players=players, situation=situation)


def pending(state: GameState) -> Decision:
    assert state.pending is not None, f"no decision pending (outcome {state.outcome})"
    return state.pending


def answer(state: GameState, kind: str, value: Any, seat: str | None = None) -> GameState:
    """Answer the pending decision, which must be of `kind` (and `seat`, when given)."""
    d = pending(state)
    assert d.kind == kind, f"expected a {kind!r} decision, got {d.kind!r}: {d.prompt} {list(d.options)[:12]}"
    if seat is not None:
        assert d.seat == seat, f"expected {seat} to decide, got {d.seat}"
    assert d.index_of(value) >= 0, f"{value!r} is not legal for {kind!r}; legal: {list(d.options)}"
    engine.apply_in_place(state, value)
    return state


def place_cards(state: GameState, mastermind: list[tuple[str, str]], protagonists: list[tuple[str, str]]) -> GameState:
    """Play a whole card phase: 3 Mastermind cards, then one card per Protagonist hand in play order."""
    for card, target in mastermind:
        answer(state, "place_card", {"card": card, "target": target}, seat="mastermind")
    for card, target in protagonists:
        answer(state, "place_card", {"card": card, "target": target})
    return state


def texts(state: GameState) -> list[str]:
    return [e.text for e in state.events]


def event_types(state: GameState) -> list[str]:
    return [e.type for e in state.events]


def counters(state: GameState, ch: str) -> dict[str, int]:
    return dict(state.chars[ch].counters)


def options(g: GameState) -> list[Any]:
    return list(pending(g).options)


def gw_options(g: GameState) -> list[Any]:
    """The Goodwill abilities offered right now ([] when the Goodwill phase was skipped)."""
    return [o for o in options(g) if o != "done"] if g.pending and g.pending.kind == "goodwill_ability" else []


def use(g: GameState, key: str, refusal: str | None = "allow") -> GameState:
    """The Leader uses a Goodwill ability; the Mastermind then answers the refusal question."""
    answer(g, "goodwill_ability", key)
    if refusal is not None:
        answer(g, "goodwill_refusal", refusal)
    return g


def died(g: GameState) -> list[str]:
    """Every character that died so far, in order."""
    return [e.data["character"] for e in g.events if e.type == "death"]
