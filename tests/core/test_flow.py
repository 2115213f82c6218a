"""The kernel's step stack (issue 11, item 1): steps, questions, the always-asked question,
state across several decisions of one step, unwinding, chance from the seed, pure apply."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest

from scriptkeeper.core import flow
from scriptkeeper.core.errors import IllegalDecisionError
from scriptkeeper.core.events import Event
from scriptkeeper.core.flow import Frame, FlowState, Steps
from scriptkeeper.core.text import T

STEPS = Steps("test")


@dataclass
class Tally(FlowState):
    """A tiny game: two votes are collected in one step's arguments, then counted."""

    STEPS: ClassVar[Steps] = STEPS
    votes: list[str] = field(default_factory=list)
    done: bool = False

    def is_over(self) -> bool:
        return self.done

    def clone(self) -> "Tally":
        return Tally(stack=list(self.stack), pending=self.pending, pending_frame=self.pending_frame,
                     pending_payloads=self.pending_payloads, events=list(self.events), history=list(self.history),
                     draws=list(self.draws), seed=self.seed, votes=list(self.votes), done=self.done)


@STEPS("vote")
def _vote(state: Tally, args: Any) -> None:
    got = list(args.get("got", ()))
    if "answer" in args:
        got.append(args["answer"])
    if len(got) < 2:
        flow.ask(state, f"voter{len(got) + 1}", "vote", T("prompt"), ["yes", "no"], [T("yes"), T("no")], "vote", {"got": tuple(got)})
        return
    state.votes = got
    flow.then(state, Frame("confirm"))


@STEPS("confirm")
def _confirm(state: Tally, args: Any) -> None:
    if "answer" not in args:
        # One legal answer, but the question is always asked: being asked must not depend on a secret.
        flow.ask(state, "host", "confirm", T("prompt"), ["ok"], [T("ok")], "confirm", {}, force=True)
        return
    flow.emit(state, Event("counted", T("counted"), data={"votes": state.votes}))
    state.done = True


def new() -> Tally:
    g = Tally(seed=7)
    flow.then(g, Frame("vote"))
    flow.run(g)
    return g


def test_a_step_keeps_its_state_across_several_decisions_in_its_arguments():
    g = new()
    assert g.pending is not None and g.pending.seat == "voter1"
    flow.apply_in_place(g, "yes")
    assert flow.pending_args(g) == {"got": ("yes",)} and g.pending.seat == "voter2"
    flow.apply_in_place(g, "no")
    assert g.votes == ["yes", "no"]


def test_a_question_with_one_answer_is_asked_when_forced():
    g = new()
    flow.apply_in_place(g, "yes")
    flow.apply_in_place(g, "no")
    assert g.pending is not None and g.pending.kind == "confirm" and g.pending.options == ("ok",)
    flow.apply_in_place(g, "ok", seat="host")
    assert g.is_over() and g.events[-1].data == {"votes": ["yes", "no"]}
    assert [h["answer"] for h in g.history] == ["yes", "no", "ok"]


def test_a_wrong_seat_or_answer_is_refused_and_changes_nothing():
    g = new()
    with pytest.raises(IllegalDecisionError):
        flow.apply_in_place(g, "yes", seat="voter2")
    with pytest.raises(IllegalDecisionError):
        flow.apply_in_place(g, "maybe")
    assert g.history == [] and g.pending is not None and g.pending.seat == "voter1"


def test_pure_apply_leaves_its_input_untouched():
    g = new()
    h, events = flow.apply(g, "yes")
    assert g.history == [] and h.history == [{"seat": "voter1", "kind": "vote", "answer": "yes"}] and events == []


def test_chance_draws_come_from_the_seed_and_are_recorded():
    a, b = Tally(seed=3), Tally(seed=3)
    draws_a = [flow.draw(a, 6) for _ in range(20)]
    assert draws_a == [flow.draw(b, 6) for _ in range(20)] and a.draws == draws_a
    assert draws_a != [flow.draw(Tally(seed=4), 6) for _ in range(20)]


def test_unwind_drops_frames_down_to_a_named_step():
    g = Tally()
    flow.then(g, Frame("a"), Frame("b"), Frame("end"))
    assert flow.unwind(g, "end") and [f.step for f in g.stack] == ["end"]
    assert not flow.unwind(g, "missing")
