"""Base-game rules that need code, registered by the id their YAML entry names with `call:`."""

from __future__ import annotations

from typing import Any

from ...actions import ask, emit, kill, lose_loop, op, place, reveal_role, then
from ...effects import register
from ...query import ability_locations, count, effective_role, roles_of
from ...state import MASTERMIND, GameState


# Class Rep (Goodwill 2, once per loop): the Leader takes back a used once-per-loop card.
def _leader_hands(state: GameState) -> list[str]:
    """The hands the Leader's seat holds: its own, or all three in the two-player game."""
    return [str(h) for h in range(3) if state.hand_seat(h) == state.leader_seat]


def _class_rep_available(state: GameState, ctx: dict[str, Any]) -> bool:
    # Cannot be used when the Leader has no used once-per-loop card (rules-notes section 9).
    return any(state.set_aside.get(h) for h in _leader_hands(state))


@register("class_rep.return_card", available=_class_rep_available)
def class_rep_return_card(state: GameState, ctx: dict[str, Any]) -> None:
    hands = _leader_hands(state)
    opts, labels = [], []
    for h in hands:
        for c in sorted(set(state.set_aside.get(h, []))):
            # One hand: the card id; the two-player Protagonist holds three hands: "protagonistN:card".
            opts.append(c if len(hands) == 1 else f"protagonist{int(h) + 1}:{c}")
            labels.append(state.rules.cards[c].name + ("" if len(hands) == 1 else f" (hand of Protagonist {int(h) + 1})"))
    ask(state, state.leader_seat, "choose_card", "Which once-per-loop card does the Leader take back?",
        opts, labels, "class_rep.take", {"hand": hands[0]})


@op("class_rep.take")
def _class_rep_take(state: GameState, args: dict[str, Any]) -> None:
    hand, card = args["hand"], args["answer"]
    if ":" in card:
        who, card = card.split(":")
        hand = str(int(who.removeprefix("protagonist")) - 1)
    state.set_aside[hand].remove(card)
    emit(state, "card_returned", f"The Leader takes back {state.rules.cards[card].name}.", card=card)


# Informer (Goodwill 5, once per loop): the Leader names a subplot; the Mastermind reveals another.
@register("informer.reveal_subplot")
def informer_reveal_subplot(state: GameState, ctx: dict[str, Any]) -> None:
    subs = [p for p, plot in state.rules.set.plots.items() if not plot.main]
    ask(state, state.leader_seat, "name_subplot", "Name a subplot: the Mastermind will reveal a different subplot of the script.",
        subs, [state.rules.plot(p).name for p in subs], "informer.answer", {})


@op("informer.answer")
def _informer_answer(state: GameState, args: dict[str, Any]) -> None:
    named = args["answer"]
    emit(state, "subplot_named", f"The Leader names {state.rules.plot(named).name}.", plot=named)
    others = [p for p in state.script.subplots if p != named]
    if not others:
        emit(state, "subplot_reveal", "The script has no other subplot to reveal.")
        return
    ask(state, MASTERMIND, "reveal_subplot", "Reveal one subplot of the script other than the one named.",
        others, [state.rules.plot(p).name for p in others], "informer.reveal", {})


@op("informer.reveal")
def _informer_reveal(state: GameState, args: dict[str, Any]) -> None:
    plot = args["answer"]
    if plot not in state.revealed_subplots:
        state.revealed_subplots.append(plot)
    emit(state, "subplot_reveal", f"A subplot of this script is {state.rules.plot(plot).name}.", plot=plot)


# Doctor (Goodwill 3): the Patient may leave the Hospital for the rest of the loop.
@register("doctor.free_patient")
def doctor_free_patient(state: GameState, ctx: dict[str, Any]) -> None:
    state.loop_flags["patient_free"] = True
    emit(state, "patient_free", "For the rest of this loop the Patient may go anywhere.")


# Henchman (Goodwill 3): his incidents do not occur for the rest of this loop.
@register("henchman.stand_down")
def henchman_stand_down(state: GameState, ctx: dict[str, Any]) -> None:
    state.loop_flags.setdefault("no_incidents", []).append(ctx["source"])
    emit(state, "stand_down", f"For the rest of this loop, incidents with {state.name(ctx['source'])} as culprit do not occur.")


# Serial Killer (day end, mandatory): every Serial Killer strikes at once, so two Serial Killers
# alone together kill each other (rules-notes section 7). The Boss may strike from his turf.
@register("serial_killer.strike")
def serial_killer_strike(state: GameState, ctx: dict[str, Any]) -> None:
    sources = [s for s in ctx.get("sources", [ctx["source"]]) if state.in_play(s)]
    choosers = [s for s in sources if len(ability_locations(state, s)) > 1]
    then(state, ("serial_killer.where", {"sources": sources, "pending": choosers, "chosen": {}}))


@op("serial_killer.where")
def _sk_where(state: GameState, args: dict[str, Any]) -> None:
    if args["pending"]:
        s = args["pending"][0]
        locs = ability_locations(state, s)
        ask(state, MASTERMIND, "turf_location", f"Where does {state.name(s)} count as being for the Serial Killer's ability?",
            locs, [f"the {state.name(l)}" for l in locs], "serial_killer.where_answer", args)
        return
    victims: list[str] = []
    for s in args["sources"]:
        loc = args["chosen"].get(s, state.chars[s].location)
        others = [c for c in state.characters_at(loc) if c != s]
        if len(others) == 1 and others[0] not in victims:
            victims.append(others[0])
    for v in victims:
        kill(state, v, "Serial Killer")


@op("serial_killer.where_answer")
def _sk_where_answer(state: GameState, args: dict[str, Any]) -> None:
    s = args["pending"][0]
    chosen = {**args["chosen"], s: args["answer"]}
    then(state, ("serial_killer.where", {"sources": args["sources"], "pending": args["pending"][1:], "chosen": chosen}))


# Friend (loop end, mandatory): dead -> reveal role, Protagonists lose.
@register("friend.loop_end")
def friend_loop_end(state: GameState, ctx: dict[str, Any]) -> None:
    for s in ctx.get("sources", [ctx["source"]]):
        if not state.chars[s].alive:
            reveal_role(state, s)
            lose_loop(state, f"{state.name(s)} (Friend) is dead at loop end", immediate=False)


# Friend (loop start, mandatory): +1 Goodwill once its role has been revealed.
@register("friend.loop_start")
def friend_loop_start(state: GameState, ctx: dict[str, Any]) -> None:
    for s in ctx.get("sources", [ctx["source"]]):
        if s in state.revealed_roles and state.in_play(s):
            place(state, s, "goodwill", 1)


# Threads of Fate (loop start): 2 Paranoia on every character that had Goodwill at the end of the
# previous loop (corpses included; see docs/rulings.md).
@register("threads_of_fate.loop_start")
def threads_of_fate(state: GameState, ctx: dict[str, Any]) -> None:
    had = state.previous_loop.get("goodwill", {})
    for ch in state.script.cast:
        if had.get(ch, 0) > 0 and state.in_play(ch):
            place(state, ch, "paranoia", 2)


__all__ = ["count", "effective_role", "roles_of"]
