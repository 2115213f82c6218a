"""A small builder for rule scenarios: a script, a situation, scripted answers, then assertions.

Scenarios are strict: `answer` fails when the pending decision is not the expected kind or the
answer is not legal, so a test never passes by accident through an unscripted decision.
"""

from __future__ import annotations

from typing import Any

from scriptkeeper.core.decision import Decision
from scriptkeeper.core.text import Ref, Text
from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.script import Script, script_from_dict
from scriptkeeper.tragedy_looper.state import GameState
from scriptkeeper.tragedy_looper.texts import renderer

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


def render(state: GameState, text: Text | Ref) -> str:
    """A Text as an English player reads it."""
    return renderer(state.script.set_id)(text)


def texts(state: GameState) -> list[str]:
    """Every event of the game as an English player reads it."""
    r = renderer(state.script.set_id)
    return [r(e.text) for e in state.events]


def reasons(state: GameState, loop_index: int) -> list[str]:
    """The loss reasons of one loop (loop_results[loop_index]), in English."""
    return [render(state, t) for t in state.loop_results[loop_index].reasons]


def loss_reasons(state: GameState) -> list[str]:
    """The loss reasons met so far this loop, in English."""
    return [render(state, t) for t in state.this_loop.loss_reasons]


def seat_view(state: GameState, seat: str) -> dict[str, Any]:
    """A seat's view as the page shows it: every Text rendered in English."""
    from scriptkeeper.tragedy_looper.views import build_view, localized

    return localized(build_view(state, seat), state)


def winner(state: GameState) -> str | None:
    return state.result.winner if state.result is not None else None


def outcome_reason(state: GameState) -> str:
    assert state.result is not None
    return render(state, state.result.reason)


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
