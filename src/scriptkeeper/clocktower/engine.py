"""The game's flow: setup (the Storyteller's choices of characters and seats, when the setup does
not write them), then nights and days until a team wins. Nights are in night.py, days in day.py."""

from __future__ import annotations

from typing import Any, Mapping

from ..core.events import GM
from ..core.flow import Frame, ask, draw, then
from ..core.text import T
from .characters import PLAYER_TEAMS, TRAVELLER, character, team
from .rules import char_ref, say, seat_ref
from .script import counts, jinxed_with
from .state import EVIL, GOOD, STEPS, STORYTELLER, ClockState


def start(state: ClockState) -> None:
    then(state, Frame("start"))


@STEPS("start")
def _start(state: ClockState, args: Mapping[str, Any]) -> None:
    s = state.setup
    say(state, "game_start", T("ct.event.game_start", title=s.title or T("ct.untitled"), script=s.script.name, players=len(state.seats)),
        players=len(state.seats), script=list(s.script.characters))
    if s.script.has_sentinel:
        say(state, "fabled", T("ct.event.fabled", character=char_ref("sentinel")), character="sentinel")
    if s.grimoire is not None:
        state.outsider_change = s.outsider_change or _change_of(state, list(s.grimoire))
        then(state, Frame("seated", {"characters": list(s.grimoire)}))
        return
    if s.outsider_change is not None or not s.script.has_sentinel:
        state.outsider_change = s.outsider_change or 0
        then(state, Frame("bag"))
    else:
        n = len(state.townspeople())
        options = [c for c in (-1, 0, 1) if _fits(state, n, c)]
        ask(state, STORYTELLER, "sentinel", T("ct.prompt.sentinel"), options, [T(f"ct.label.sentinel.{c}") for c in options],
            "sentinel_chosen")


def _fits(state: ClockState, n: int, change: int) -> bool:
    want = counts(n, change)
    return all(want[t] >= 0 and len(state.setup.script.of_team(t)) >= want[t] for t in PLAYER_TEAMS)


def _change_of(state: ClockState, chars: list[str]) -> int:
    return sum(1 for c in chars if team(c) == "outsider") - counts(len(chars))["outsider"]


@STEPS("sentinel_chosen")
def _sentinel_chosen(state: ClockState, args: Mapping[str, Any]) -> None:
    state.outsider_change = args["answer"]
    say(state, "sentinel", T("ct.event.sentinel", change=args["answer"]), GM, change=args["answer"])
    then(state, Frame("bag"))


@STEPS("bag")
def _bag(state: ClockState, args: Mapping[str, Any]) -> None:
    """The Storyteller puts characters in the bag, one at a time, team by team, as the table says."""
    want = counts(len(state.townspeople()), state.outsider_change)
    for t in PLAYER_TEAMS:
        have = sum(1 for c in state.bag if team(c) == t)
        if have < want[t]:
            barred = set().union(*(jinxed_with(c) for c in state.bag)) if state.bag else set()
            options = [c for c in state.setup.script.of_team(t) if c not in state.bag and c not in barred]
            ask(state, STORYTELLER, "bag", T("ct.prompt.bag", team=T(f"ct.teamname.{t}"), k=have + 1, n=want[t]), options,
                [T("ct.label.character", character=char_ref(c)) for c in options], "bagged", info={"team": t})
            return
    options = ["deal", "choose"]
    ask(state, STORYTELLER, "seating", T("ct.prompt.seating"), options, [T("ct.label.seating.deal"), T("ct.label.seating.choose")],
        "seating")


@STEPS("bagged")
def _bagged(state: ClockState, args: Mapping[str, Any]) -> None:
    state.bag.append(args["answer"])
    then(state, Frame("bag"))


@STEPS("seating")
def _seating(state: ClockState, args: Mapping[str, Any]) -> None:
    if args["answer"] == "deal":
        bag = list(state.bag)
        out = []
        while bag:
            out.append(bag.pop(draw(state, len(bag))))
        then(state, Frame("seated", {"characters": out}))
    else:
        then(state, Frame("seat_one", {"chosen": []}))


@STEPS("seat_one")
def _seat_one(state: ClockState, args: Mapping[str, Any]) -> None:
    chosen = list(args["chosen"])
    if "answer" in args:
        chosen.append(args["answer"])
    if len(chosen) == len(state.townspeople()):
        then(state, Frame("seated", {"characters": chosen}))
        return
    options = [c for c in state.bag if c not in chosen]
    seat = state.townspeople()[len(chosen)]
    ask(state, STORYTELLER, "seat", T("ct.prompt.seat", seat=seat_ref(seat)), options,
        [T("ct.label.character", character=char_ref(c)) for c in options], "seat_one", {"chosen": chosen}, info={"seat": seat})


@STEPS("seated")
def _seated(state: ClockState, args: Mapping[str, Any]) -> None:
    for seat, cid in zip(state.townspeople(), args["characters"]):
        state.character[seat] = cid
        state.alignment[seat] = GOOD if character(cid).good else EVIL
        state.alive[seat] = True
        state.shown_alive[seat] = True
        state.ghost_vote[seat] = True
        say(state, "you_are", T("ct.event.you_are", character=char_ref(cid), team=T(f"ct.teamname.{team(cid)}")), (seat,),
            seat=seat, character=cid, alignment=state.alignment[seat])
    for seat in state.travellers:  # in the circle from the start; their alignment comes next
        state.character[seat] = TRAVELLER
        state.alive[seat] = state.shown_alive[seat] = state.ghost_vote[seat] = True
    state.bag = []
    then(state, Frame("travellers", {"i": 0}))


@STEPS("travellers")
def _travellers(state: ClockState, args: Mapping[str, Any]) -> None:
    """The Storyteller gives each Traveller an alignment; everyone knows who the Travellers are."""
    i = args["i"]
    if "answer" in args:
        seat = state.travellers[i - 1]
        state.alignment[seat] = args["answer"]
        say(state, "traveller", T("ct.event.traveller", seat=seat_ref(seat)), seat=seat)
        say(state, "you_are", T("ct.event.you_are_traveller", alignment=T(f"ct.alignment.{args['answer']}")), (seat,),
            seat=seat, character=TRAVELLER, alignment=args["answer"])
    if i < len(state.travellers):
        seat = state.travellers[i]
        ask(state, STORYTELLER, "traveller_alignment", T("ct.prompt.traveller_alignment", seat=seat_ref(seat)), [GOOD, EVIL],
            [T(f"ct.alignment.{GOOD}"), T(f"ct.alignment.{EVIL}")], "travellers", {"i": i + 1}, force=True, info={"seat": seat})
        return
    say(state, "grimoire_set", T("ct.event.grimoire_set"), GM, characters=dict(state.character))
    then(state, Frame("night_begin"))
