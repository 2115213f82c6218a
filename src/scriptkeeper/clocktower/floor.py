"""The Storyteller runs the day from the floor: a day is free-form, not a fixed round.

Before nominations and while they are open, the Storyteller is asked what happens next (the
`day_floor` decision): give the floor to a player who asks for it (that player then acts once:
a public or private action, or a nomination once they are open), ask every player in seat order
(once a stage), speak to everyone or whisper to one player in structured words (texts with
parameters, never free sentences: words.py), move reminder tokens by hand, open nominations, and
close nominations and the day. The rules stay enforced whatever the order: each living player
nominates once a day, each player is nominated once a day, the Psychopath kills only before
nominations, and a Virgin's or Psychopath's execution ends the day at once."""

from __future__ import annotations

from typing import Any, Mapping

from ..core.flow import Frame, ask, then
from ..core.text import T, Text
from .rules import say, seat_ref
from .state import STEPS, STORYTELLER, ClockState
from .words import ANNOUNCEMENTS

STAGES = ("morning", "nominations")


def floor_options(state: ClockState, stage: str, round_done: bool) -> list[Any]:
    """The Storyteller's choices on the floor; the first always moves the day on (the round,
    then the next stage), so a day always has an end within reach."""
    opts: list[Any] = [] if round_done else ["round"]
    opts.append("open_nominations" if stage == "morning" else "end_day")
    opts += [{"act": "floor", "seat": s} for s in state.living()]
    opts += [{"act": "announce", "text": a} for a in ANNOUNCEMENTS]
    opts += [{"act": "whisper", "to": s} for s in state.seats]
    opts.append("tokens")
    return opts


def _group_of(o: Any) -> str:
    if isinstance(o, str):
        return "tokens" if o == "tokens" else "day"
    return str(o["act"])


def _member(o: Any) -> Text:
    if isinstance(o, str):
        return T(f"ct.label.floor.{o}")
    if o["act"] == "announce":
        return T(f"ct.say.{o['text']}")
    return T("ct.label.seat", seat=seat_ref(o.get("seat") or o["to"]))


def _label(o: Any) -> Text:
    if isinstance(o, str):
        return T(f"ct.label.floor.{o}")
    if o["act"] == "floor":
        return T("ct.label.floor.give", seat=seat_ref(o["seat"]))
    if o["act"] == "whisper":
        return T("ct.label.floor.whisper", seat=seat_ref(o["to"]))
    return T("ct.label.floor.announce", words=T(f"ct.say.{o['text']}"))


def _info(o: Any) -> dict[str, Any]:
    info: dict[str, Any] = {"group": T(f"ct.group.floor.{_group_of(o)}"), "member": _member(o)}
    if isinstance(o, dict) and ("seat" in o or "to" in o):
        info["board_target"] = o.get("seat") or o["to"]  # a click on the seat in the circle chooses it
    return info


@STEPS("floor")
def _floor(state: ClockState, args: Mapping[str, Any]) -> None:
    if state.winner is not None or state.today.over:
        return
    stage, round_done = args["stage"], bool(args["round"])
    opts = floor_options(state, stage, round_done)
    # Asked although the town cannot see it: players see only that the Storyteller is running the day.
    ask(state, STORYTELLER, "day_floor", T(f"ct.prompt.day_floor.{stage}"), opts, lambda: [_label(o) for o in opts], "floor_chosen",
        dict(args), force=True, info={"stage": stage}, option_info=lambda: [_info(o) for o in opts])


@STEPS("floor_chosen")
def _floor_chosen(state: ClockState, args: Mapping[str, Any]) -> None:
    o, stage = args["answer"], args["stage"]
    back = Frame("floor", {"stage": stage, "round": args["round"]})
    if o == "round":
        first = Frame("morning", {"i": 0}) if stage == "morning" else Frame("nominations", {"i": 0})
        then(state, first, Frame("floor", {"stage": stage, "round": True}))
    elif o == "open_nominations":
        say(state, "nominations_open", T("ct.event.nominations_open"))
        then(state, Frame("floor", {"stage": "nominations", "round": False}))
    elif o == "end_day":
        say(state, "nominations_closed", T("ct.event.nominations_closed"))
    elif o == "tokens":
        then(state, Frame("token"), back)
    elif o["act"] == "floor":
        say(state, "floor", T("ct.event.floor", seat=seat_ref(o["seat"])), seat=o["seat"])
        then(state, Frame("turn", {"seat": o["seat"], "stage": stage}), back)
    elif o["act"] == "announce":
        then(state, Frame("announce", {"text": o["text"]}), back)
    else:
        then(state, Frame("whisper", {"to": o["to"]}), back)
