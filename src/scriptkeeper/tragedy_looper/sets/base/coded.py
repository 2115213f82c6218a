"""Base-game rules that need code, registered by the id their YAML entry names with `call:`."""

from __future__ import annotations

from typing import Any

from ....core.text import Ref, T
from ...actions import ask, emit, frame, grant_status, kill, lose_loop, op, place, reveal_role, settle_deaths, then
from ...board import INCIDENTS_STOPPED, NO_FORBIDDEN
from ...query import Ctx, ability_locations
from ...refs import MASTERMIND, PROTAGONIST_SEATS, hand_index
from ...state import GameState
from ...texts import character, the_location
from ...vocab import STATUSES, TRAITS, register

STATUSES.add(NO_FORBIDDEN, doc="the character has no forbidden locations for the rest of the loop (the freed Patient)")
STATUSES.add(INCIDENTS_STOPPED, doc="incidents with the character as culprit do not occur for the rest of the loop (Henchman)")
STATUSES.add("no_protagonist_cards", doc="the Protagonists may not place cards on the character for the rest of the loop")
TRAITS.add("confined_until_doctor", doc="character: its forbidden locations stop applying for the rest of the loop once the Doctor frees it (Patient)")


# Class Rep (Goodwill 2, once per loop): the Leader takes back a used once-per-loop card.
def _leader_hands(state: GameState) -> list[str]:
    """The hands the Leader's seat holds: its own, or all three in the two-player game."""
    return [h for h in PROTAGONIST_SEATS if state.hand_seat(h) == state.leader_seat]


def _class_rep_available(state: GameState, ctx: Ctx) -> bool:
    # Cannot be used when the Leader has no used once-per-loop card (rules-notes section 9).
    return any(state.hands.set_aside.get(h) for h in _leader_hands(state))


@register("class_rep.return_card", available=_class_rep_available)
def class_rep_return_card(state: GameState, ctx: Ctx) -> None:
    hands = _leader_hands(state)
    opts, labels, payloads = [], [], []
    for h in hands:
        for c in sorted(set(state.hands.set_aside.get(h, []))):
            # One hand: the card id; the two-player Protagonist holds three hands: "protagonistN:card".
            opts.append(c if len(hands) == 1 else f"{h}:{c}")
            labels.append(Ref("card", c) if len(hands) == 1 else T("label.card_of_hand", card=Ref("card", c), n=hand_index(h) + 1))
            payloads.append((h, c))
    ask(state, state.leader_seat, "choose_card", T("prompt.choose_card"), opts, labels, "class_rep.take", {},
        payloads=payloads, option_info=[{"hand": h, "card": c} for h, c in payloads])


@op("class_rep.take")
def _class_rep_take(state: GameState, args: dict[str, Any]) -> None:
    hand, card = args["answer"]
    state.hands.set_aside[hand].remove(card)
    state.hands.held[hand].append(card)
    emit(state, "card_returned", T("event.card_returned", card=Ref("card", card)), card=card)


# Informer (Goodwill 5, once per loop): the Leader chooses the script's subplot 1 or subplot 2,
# which is revealed (seed 002 character table; docs/rulings.md informer-subplot-by-position).
@register("informer.reveal_subplot")
def informer_reveal_subplot(state: GameState, ctx: Ctx) -> None:
    slots = list(range(1, len(state.script.subplots) + 1))
    ask(state, state.leader_seat, "choose_subplot", T("prompt.choose_subplot"), slots,
        [T("label.subplot_slot", n=n) for n in slots], "informer.reveal", {}, option_info=[{"subplot": n} for n in slots])


@op("informer.reveal")
def _informer_reveal(state: GameState, args: dict[str, Any]) -> None:
    n = args["answer"]
    plot = state.script.subplots[n - 1]
    emit(state, "subplot_chosen", T("event.subplot_chosen", n=n), n=n)
    if plot not in state.revealed_subplots:
        state.revealed_subplots.append(plot)
    emit(state, "subplot_reveal", T("event.subplot_reveal", plot=Ref("plot", plot)), plot=plot)


# Doctor (Goodwill 3): the Patient may leave the Hospital for the rest of the loop.
@register("doctor.free_patient")
def doctor_free_patient(state: GameState, ctx: Ctx) -> None:
    confined = [ch for ch in state.script.cast if state.rules.characters[ch].has_trait("confined_until_doctor")]
    grant_status(state, NO_FORBIDDEN, confined)
    emit(state, "patient_free", T("event.patient_free", characters=tuple(character(c) for c in confined) or Ref("character", "patient")),
         characters=confined)


# Henchman (Goodwill 3): his incidents do not occur for the rest of this loop.
@register("henchman.stand_down")
def henchman_stand_down(state: GameState, ctx: Ctx) -> None:
    src = ctx.source
    assert src is not None
    grant_status(state, INCIDENTS_STOPPED, [src])
    emit(state, "stand_down", T("event.stand_down", character=character(src)), character=src)


# Serial Killer (day end, mandatory): every Serial Killer strikes at once, so two Serial Killers
# alone together kill each other (rules-notes section 7). The Boss may strike from his turf.
@register("serial_killer.strike")
def serial_killer_strike(state: GameState, ctx: Ctx) -> None:
    sources = [s for s in (ctx.sources or (ctx.source,)) if s and state.in_play(s)]
    choosers = [s for s in sources if len(ability_locations(state, s)) > 1]
    then(state, frame("serial_killer.where", sources=tuple(sources), pending=tuple(choosers), chosen=()))


@op("serial_killer.where")
def _sk_where(state: GameState, args: dict[str, Any]) -> None:
    if args["pending"]:
        s = args["pending"][0]
        locs = ability_locations(state, s)
        ask(state, MASTERMIND, "turf_location", T("prompt.turf_location", character=character(s), role=Ref("role", "serial_killer")),
            locs, [the_location(l) for l in locs], "serial_killer.where_answer", args, option_info=[{"location": l, "board_target": l} for l in locs])
        return
    chosen = dict(args["chosen"])
    victims: list[str] = []
    for s in args["sources"]:
        loc = chosen.get(s, state.board.chars[s].location)
        others = [c for c in state.characters_at(loc) if c != s]
        if len(others) == 1 and others[0] not in victims:
            victims.append(others[0])
    then(state, settle_deaths(state))  # the strikes are simultaneous, and so are the deaths
    for v in victims:
        kill(state, v, Ref("role", "serial_killer"))


@op("serial_killer.where_answer")
def _sk_where_answer(state: GameState, args: dict[str, Any]) -> None:
    s = args["pending"][0]
    chosen = tuple(sorted({**dict(args["chosen"]), s: args["answer"]}.items()))
    then(state, frame("serial_killer.where", sources=args["sources"], pending=args["pending"][1:], chosen=chosen))


# Friend (loop end, mandatory): dead -> reveal role, Protagonists lose.
@register("friend.loop_end")
def friend_loop_end(state: GameState, ctx: Ctx) -> None:
    for s in ctx.sources or (ctx.source,):
        assert s is not None
        if not state.board.chars[s].alive:
            reveal_role(state, s)
            lose_loop(state, T("loss.friend_dead", character=character(s)), immediate=False)


# Friend (loop start, mandatory): +1 Goodwill once its role has been revealed.
@register("friend.loop_start")
def friend_loop_start(state: GameState, ctx: Ctx) -> None:
    for s in ctx.sources or (ctx.source,):
        assert s is not None
        if s in state.revealed_roles and state.in_play(s):
            place(state, s, "goodwill", 1)


# Threads of Fate (loop start): 2 Paranoia on every character that had Goodwill at the end of the
# previous loop (corpses included; see docs/rulings.md).
@register("threads_of_fate.loop_start")
def threads_of_fate(state: GameState, ctx: Ctx) -> None:
    for ch in state.script.cast:
        if state.previous_loop.goodwill_of(ch) > 0 and state.in_play(ch):
            place(state, ch, "paranoia", 2)


from . import roster  # noqa: E402,F401  (the further characters' coded rules: issue 15)
from . import rei  # noqa: E402,F401  (Rei's general rules: issue 16)
from . import rei_characters  # noqa: E402,F401  (Rei's characters: issue 16)
