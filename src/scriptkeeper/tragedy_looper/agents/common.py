"""What the agents share: a light board read from a view (or from a state the agent built itself),
the rule book of the view's set, a fast apply for simulations, and the Mastermind's "mind": the
game it rebuilds from the script and the decision history its own view holds.

An agent never receives the engine's state. A simulation works on a GameState the agent built
from what its seat knows (the Mastermind: the whole script; the Protagonists: a world drawn from
the deduction), so reading that private state is reading the agent's own hypothesis.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..core.errors import IllegalDecisionError, ScriptkeeperError
from ..tragedy_looper import engine
from ..tragedy_looper.actions import then
from ..tragedy_looper.rules import LOCATIONS, RuleBook, available_sets, load_rulebook
from ..tragedy_looper.script import Script, script_from_dict
from ..tragedy_looper.state import MASTERMIND, GameState


@lru_cache(maxsize=None)
def set_id(name: str) -> str:
    for sid in available_sets():
        if sid == name or load_rulebook(sid).set.name == name:
            return sid
    raise KeyError(name)


def rulebook(view: dict[str, Any]) -> RuleBook:
    return load_rulebook(set_id(view["set"]))


# ---------------------------------------------------------------- light board
@dataclass
class CharB:
    loc: str | None
    alive: bool
    p: int
    g: int
    i: int
    guard: int = 0

    @property
    def in_play(self) -> bool:
        return self.alive and self.loc is not None


@dataclass
class LightBoard:
    """The board in plain numbers, cheap to copy and change (what-if evaluations)."""

    chars: dict[str, CharB]
    locs: dict[str, int]  # Intrigue on each location
    day: int
    loop: int
    days: int
    loops: int
    occurred: list[int] = field(default_factory=list)  # incident indexes that occurred this loop
    start: dict[str, str] = field(default_factory=dict)
    extra: frozenset[str] = frozenset()  # characters with an Extra card (Midnight Zone)

    def copy(self) -> "LightBoard":
        return LightBoard({k: CharB(v.loc, v.alive, v.p, v.g, v.i, v.guard) for k, v in self.chars.items()}, dict(self.locs),
                          self.day, self.loop, self.days, self.loops, list(self.occurred), dict(self.start), self.extra)

    def at(self, loc: str | None) -> list[str]:
        return [c for c, v in self.chars.items() if v.in_play and v.loc == loc] if loc else []

    def intrigue(self, target: str) -> int:
        return self.locs[target] if target in LOCATIONS else self.chars[target].i

    def add(self, target: str, kind: str, n: int) -> None:
        if target in LOCATIONS:
            if kind == "intrigue":
                self.locs[target] = max(0, self.locs[target] + n)
            return
        c = self.chars[target]
        if kind == "paranoia":
            c.p = max(0, c.p + n)
        elif kind == "goodwill":
            c.g = max(0, c.g + n)
        elif kind == "intrigue":
            c.i = max(0, c.i + n)
        elif kind == "guard":
            c.guard = max(0, c.guard + n)

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> "LightBoard":
        chars = {c["id"]: CharB(c["location"], c["alive"], c["counters"]["paranoia"], c["counters"]["goodwill"],
                                c["counters"]["intrigue"], c["counters"].get("guard", 0)) for c in view["characters"]}
        locs = {l: v["intrigue"] for l, v in view["locations"].items()}
        occurred = [i for i, s in enumerate(view["schedule"]) if s.get("occurred_this_loop")]
        extra = frozenset(c["id"] for c in view["characters"] if c.get("extra_card"))
        return cls(chars, locs, view["day"], view["loop"], view["days"], view["loops"], occurred, extra=extra)

    @classmethod
    def from_state(cls, state: GameState) -> "LightBoard":
        chars = {ch: CharB(c.location, c.alive, c.counters.get("paranoia", 0), c.counters.get("goodwill", 0),
                           c.counters.get("intrigue", 0), c.counters.get("guard", 0))
                 for ch, c in state.chars.items() if c.location is not None}
        locs = {l: v.get("intrigue", 0) for l, v in state.locations.items()}
        return cls(chars, locs, state.day, state.loop, state.script.days, state.script.loops, list(state.occurred),
                   dict(state.start_locations), frozenset(state.extra_cards))


def move_dest(loc: str, vector: tuple[int, int]) -> str:
    from ..tragedy_looper.rules import COORDS

    x, y = COORDS[loc]
    dest = (x ^ vector[0], y ^ vector[1])
    return next(l for l, c in COORDS.items() if c == dest)


# ---------------------------------------------------------------- simulation
def fast_apply(state: GameState, value: Any) -> None:
    """Answer the pending decision with `value`, one of its options (no legality check: simulations only)."""
    dec = state.pending
    if dec is None:
        raise IllegalDecisionError("the game is over")
    run = getattr(engine, "_run", None)
    if run is None or state.pending_then is None:  # pragma: no cover - engine changed: take the checked path
        engine.apply_in_place(state, value)
        return
    next_op, args = state.pending_then
    state.pending = None
    state.pending_then = None
    state.history.append({"seat": dec.seat, "kind": dec.kind, "answer": value})
    then(state, (next_op, {**args, "answer": value}))
    run(state)


_FAST = {"chars", "locations", "start_locations", "set_aside", "placed", "stack", "pending", "pending_then", "events",
         "history", "revealed_roles", "revealed_culprits", "revealed_subplots", "occurred", "used_today", "used_loop",
         "loss_reasons", "final_guess", "script"}


def sim_clone(state: GameState) -> GameState:
    """A copy to simulate from, without the events and decision history (simulations do not need
    them), made field by field: much faster than a deep copy. Fields it does not know are deep-copied."""
    import copy
    import dataclasses

    from ..tragedy_looper.state import CharacterState

    new = copy.copy(state)
    new.chars = {k: CharacterState(c.id, c.location, c.alive, dict(c.counters)) for k, c in state.chars.items()}
    new.locations = {l: dict(v) for l, v in state.locations.items()}
    new.start_locations = dict(state.start_locations)
    new.set_aside = {k: list(v) for k, v in state.set_aside.items()}
    new.placed = [dict(p) for p in state.placed]
    new.stack = copy.deepcopy(state.stack)
    new.pending_then = copy.deepcopy(state.pending_then)
    new.events = []
    new.history = []
    new.revealed_roles = dict(state.revealed_roles)
    new.revealed_culprits = dict(state.revealed_culprits)
    new.revealed_subplots = list(state.revealed_subplots)
    new.occurred = list(state.occurred)
    new.used_today = list(state.used_today)
    new.used_loop = list(state.used_loop)
    new.loss_reasons = list(state.loss_reasons)
    new.final_guess = dict(state.final_guess)
    for f in dataclasses.fields(state):
        if f.name not in _FAST:
            setattr(new, f.name, copy.deepcopy(getattr(state, f.name)))
    return new


def strip_for_sim(state: GameState) -> GameState:
    """A copy cheap to simulate from (see sim_clone)."""
    return sim_clone(state)


# ---------------------------------------------------------------- the Mastermind's mind
class Mind:
    """The whole game as the Mastermind knows it, rebuilt from its view (script + decision history)."""

    def __init__(self) -> None:
        self.state: GameState | None = None
        self.script: Script | None = None
        self.broken = False
        self.key: tuple[Any, ...] | None = None

    def sync(self, view: dict[str, Any]) -> GameState | None:
        if self.broken or "script" not in view or "history" not in view:
            return None
        hist = view["history"]
        key = (view["script"].get("title"), view["players"])
        try:
            if self.state is None or self.key != key or len(self.state.history) > len(hist):
                self.script = script_from_dict(view["script"])
                self.state = engine.new_game(self.script, 0, view["players"])
                self.key = key
            st = self.state
            for h in hist[len(st.history):]:
                engine.apply_in_place(st, h["answer"], seat=h["seat"])
        except (ScriptkeeperError, ValueError, KeyError):
            self.broken = True  # a game started from a situation: the history alone does not rebuild it
            self.state = None
            return None
        d = view.get("decision")
        if d is not None and (st.pending is None or st.pending.kind != d["kind"] or len(st.pending.options) != len(d["options"])):
            self.broken = True
            self.state = None
            return None
        return st


def script_roles(view: dict[str, Any]) -> dict[str, str]:
    """The Mastermind's view of the cast: character -> role."""
    cast = view["script"]["cast"]
    return {c: (v if isinstance(v, str) else v["role"]) for c, v in cast.items()}


def is_location(x: Any) -> bool:
    return isinstance(x, str) and x in LOCATIONS


__all__ = ["LightBoard", "CharB", "Mind", "fast_apply", "strip_for_sim", "sim_clone", "rulebook", "set_id", "script_roles",
           "move_dest", "MASTERMIND", "is_location"]
