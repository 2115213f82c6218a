"""The step stack: how every game of scriptkeeper runs, whatever its rules.

A game's flow is a stack of frames. A frame names a step (a function registered in the game's
`Steps`) and its arguments. Running pops frames and calls their steps until one of them asks a
decision or the game ends. A step changes the state through the game's primitives, records what
happened with `emit`, pushes what comes next with `then`, and asks with `ask`: the answer comes
back to the step named in the question, as `args["answer"]`. Nothing here reads input, the clock
or global randomness: the same setup, seed and answers always give the same game.

- `apply_in_place(state, answer)` answers the pending decision (checked) and runs on;
  `answer_index` is the same without the legality check (simulations); `apply` is the pure form
  (a clone is changed, the input never is).
- State that lasts across the several decisions of one step (a vote being tallied, a Final Guess
  being filled in) lives in the frame's arguments: the step asks again with its updated
  arguments, and `pending_args(state)` shows them while the question waits.
- A question whose mere existence would betray a secret is always asked (`force=True`), even
  with a single legal answer; other questions with a single answer are answered at once.
- Chance is never global randomness: `draw` takes a number from the game's seed and the count
  of draws so far, and records it, so a game replays exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Mapping, Sequence

from .decision import Decision, InfoSource, LabelSource
from .errors import IllegalDecisionError
from .events import Event
from .text import Text

JSON = Any


@dataclass(frozen=True, slots=True)
class Frame:
    """One step still to run: the step's registered name and its arguments (never changed in place)."""

    step: str
    args: Mapping[str, Any] = field(default_factory=dict)


StepFn = Callable[[Any, Any], None]  # (state, args): each game types its own state


class Steps:
    """The step registry of one game: step name -> function(state, args)."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._fns: dict[str, StepFn] = {}

    def __call__(self, name: str) -> Callable[[StepFn], StepFn]:
        """Register the decorated function as step `name`."""

        def deco(fn: StepFn) -> StepFn:
            if name in self._fns:
                raise ValueError(f"{self.game}: step {name!r} registered twice")
            self._fns[name] = fn
            return fn

        return deco

    def __getitem__(self, name: str) -> StepFn:
        try:
            return self._fns[name]
        except KeyError:
            raise KeyError(f"{self.game}: no step {name!r}") from None

    def __contains__(self, name: str) -> bool:
        return name in self._fns

    def names(self) -> list[str]:
        return sorted(self._fns)


@dataclass
class FlowState:
    """The part of every game's state the kernel runs: stack, pending question, events, answers.

    A game's state class derives from it, sets `STEPS`, and may override `after_step` (a hook run
    after every step) and `is_over`.
    """

    STEPS: ClassVar[Steps]

    stack: list[Frame] = field(default_factory=list)
    pending: Decision | None = None
    pending_frame: Frame | None = None
    pending_payloads: tuple[Any, ...] | None = None
    events: list[Event] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)  # answered decisions, in order
    draws: list[int] = field(default_factory=list)  # chance draws, in order (see `draw`)
    seed: int = 0
    record_events: bool = True  # off in simulations that never read the log

    def after_step(self) -> None:
        """Run after every step (a game unwinds its stack here when a rule ends a phase at once)."""

    def is_over(self) -> bool:
        return False


# ---------------------------------------------------------------- what steps use
def then(state: FlowState, *frames: Frame) -> None:
    """Run `frames` next, in the order given (they go on the stack in reverse)."""
    stack = state.stack
    for f in reversed(frames):
        stack.append(f)


def emit(state: FlowState, event: Event) -> None:
    if state.record_events:
        state.events.append(event)


def ask(state: FlowState, seat: str, kind: str, prompt: Text, options: Sequence[JSON], labels: LabelSource,
        step: str, args: Mapping[str, Any] | None = None, *, force: bool = False, payloads: Sequence[Any] | None = None,
        info: Mapping[str, JSON] | None = None, option_info: InfoSource = None) -> None:
    """Ask `seat` to choose one of `options`; the answer goes to step `step` as args["answer"].

    `payloads`, when given, are what the step receives instead of the JSON option (a typed value
    per option: the wire answer stays JSON, the rules never parse it). A question with a single
    legal answer is not asked unless `force` (see the module docstring).
    """
    if not options:
        raise RuntimeError(f"decision {kind!r} asked with no legal options")
    args = dict(args or {})
    if len(options) == 1 and not force:
        then(state, Frame(step, {**args, "answer": payloads[0] if payloads is not None else options[0]}))
        return
    state.pending = Decision(seat, kind, prompt, tuple(options), labels, dict(info or {}), option_info, forced=force)
    state.pending_frame = Frame(step, args)
    state.pending_payloads = tuple(payloads) if payloads is not None else None


def pending_args(state: FlowState) -> Mapping[str, Any]:
    """The arguments of the step waiting for an answer (its state across several decisions)."""
    return state.pending_frame.args if state.pending_frame is not None else {}


def unwind(state: FlowState, until: str) -> bool:
    """Drop frames until one of step `until` is on top; False (nothing dropped) if there is none."""
    if not any(f.step == until for f in state.stack):
        return False
    while state.stack and state.stack[-1].step != until:
        state.stack.pop()
    state.pending = None
    state.pending_frame = None
    state.pending_payloads = None
    return True


def draw(state: FlowState, n: int) -> int:
    """A number in range(n) from the game's seed and the count of draws so far, recorded."""
    if n <= 0:
        raise ValueError("draw from an empty range")
    value = random.Random(f"{state.seed}:{len(state.draws)}").randrange(n)
    state.draws.append(value)
    return value


# ---------------------------------------------------------------- running
def run(state: FlowState) -> None:
    """Run steps until a decision is pending, the stack is empty or the game is over."""
    steps = type(state).STEPS
    fns = steps._fns
    stack = state.stack
    # The loop runs tens of thousands of frames a game: its lookups are taken once.
    is_over, after_step = state.is_over, state.after_step
    while state.pending is None and stack and not is_over():
        frame = stack.pop()
        fn = fns.get(frame.step)
        if fn is None:
            fn = steps[frame.step]  # raises the registry's KeyError
        fn(state, frame.args)
        after_step()


def answer_index(state: FlowState, i: int) -> list[Event]:
    """Answer the pending decision with its option `i` and run on (no other check: simulations)."""
    dec = state.pending
    frame = state.pending_frame
    if dec is None or frame is None:
        raise IllegalDecisionError("no decision is pending: the game is over")
    value = dec.options[i]
    payload = state.pending_payloads[i] if state.pending_payloads is not None else value
    state.pending = None
    state.pending_frame = None
    state.pending_payloads = None
    state.history.append({"seat": dec.seat, "kind": dec.kind, "answer": value})
    start = len(state.events)
    state.stack.append(Frame(frame.step, {**frame.args, "answer": payload}))
    run(state)
    return state.events[start:]


def apply_in_place(state: FlowState, answer: JSON, seat: str | None = None) -> list[Event]:
    """Answer the pending decision with `answer` (checked: the seat, and that it is an option)."""
    dec = state.pending
    if dec is None:
        raise IllegalDecisionError("no decision is pending: the game is over")
    if seat is not None and seat != dec.seat:
        raise IllegalDecisionError(f"it is {dec.seat}'s decision, not {seat}'s")
    i = dec.index_of(answer)
    if i < 0:
        raise IllegalDecisionError(f"{answer!r} is not a legal answer to {dec.kind!r}; legal: {list(dec.options)}")
    return answer_index(state, i)


def apply(state: Any, answer: JSON, seat: str | None = None) -> tuple[Any, list[Event]]:
    """Pure: a new state with `answer` applied (the input is untouched), and the events it produced."""
    new = state.clone()
    events = apply_in_place(new, answer, seat)
    return new, events
