"""Last Liar rules that need code, and the vocabulary words the set adds (seed 000, "Last Liar").

Registered by the names its YAML entries use: the conditions `tokens_at_least` (the Traitors'
victory conditions), `loop_at_most` and `day_multiple_of`; the filter `shares_start` and the
target `culprit_start_location`; the role trait `incidents_here_trigger_with` (Watcher); the coded
rules of the Influencer, the Secretkeeper and The Executor.
"""

from __future__ import annotations

from typing import Any

from ....core.text import T
from ...actions import ask, emit, kill, op, place
from ...effects import target_info
from ...cards import target_label
from ... import board as B
from ...query import Ctx, effective_role
from ...refs import MASTERMIND, PROTAGONIST_SEATS
from ...state import GameState
from ...texts import character
from ...vocab import CONDITIONS, FILTERS, TARGETS, TRAITS, register


def _token_rule(arg: Any) -> list[str]:
    ok = isinstance(arg, list) and len(arg) == 2 and isinstance(arg[0], str) and isinstance(arg[1], int)
    return [] if ok else ["takes [TOKEN, N]"]


def _number(arg: Any) -> list[str]:
    return [] if isinstance(arg, int) and not isinstance(arg, bool) and arg >= 1 else ["takes a whole number from 1"]


# ---------------------------------------------------------------- conditions
@CONDITIONS.word("tokens_at_least", keyed=True, validate=_token_rule)
def tokens_at_least(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """There are at least N tokens of TOKEN in the game: [TOKEN, N]. Every character's tokens count,
    on the board or not (Last Liar FAQ Q3)."""
    token, n = arg
    return sum(1 for held in state.board.tokens.values() if token in held) >= n


@CONDITIONS.word("loop_at_most", keyed=True, validate=_number)
def loop_at_most(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """The current loop is loop N or earlier (the Secretkeeper: "the first or second loop")."""
    return 1 <= state.loop <= int(arg)


@CONDITIONS.word("day_multiple_of", keyed=True, validate=_number)
def day_multiple_of(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """The current day is a multiple of N (the Wildcard: days 3 and 6)."""
    return state.day >= 1 and state.day % int(arg) == 0


def _location_and_number(arg: Any) -> list[str]:
    ok = isinstance(arg, list) and len(arg) == 2 and isinstance(arg[0], str) and isinstance(arg[1], int)
    return [] if ok else ["takes [LOCATION, N]"]


def _role_and_number(arg: Any) -> list[str]:
    ok = isinstance(arg, list) and len(arg) == 2 and isinstance(arg[0], str) and isinstance(arg[1], int)
    return [] if ok else ["takes [ROLE, N]"]


@CONDITIONS.word("location_intrigue_with_characters_at_least", keyed=True, validate=_location_and_number)
def location_intrigue_with_characters_at_least(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """[LOCATION, N]: the location's Intrigue, with the counters of the living characters there that
    count as Intrigue (Despair for, Hope against: counters.yaml), is at least N; never below 0
    (The Sealed Conclusion; docs/rulings.md, ll-sealed-conclusion)."""
    loc, n = arg
    total = B.count(state.rules, state.board, loc, "intrigue")
    weights = dict(state.rules.counts_as.get("intrigue", ()))
    for ch in state.characters_at(loc):
        total += sum(B.raw(state.board, ch, kind) * w for kind, w in weights.items())
    return max(0, total) >= n


@CONDITIONS.word("role_total_counters_at_most", keyed=True, validate=_role_and_number)
def role_total_counters_at_most(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """[ROLE, N]: a character holding ROLE has N or fewer counters in all, each counter counted once
    whatever it counts as (The Demon's Script: the Watcher with 1 or fewer)."""
    role, n = arg
    holders = [ch for ch in state.script.cast if state.board.chars[ch].location is not None and effective_role(state, ch) == role]
    return any(sum(B.raw(state.board, ch, kind) for kind in state.rules.counter_kinds) <= n for ch in holders)


# ---------------------------------------------------------------- filters and targets
@FILTERS.word("shares_start")
def shares_start(state: GameState, ch: str, arg: Any, ctx: Ctx) -> bool:
    """Characters other than the ability's own whose starting location this loop is the same as its
    (the Influencer; for the Henchman, where he started this loop: Last Liar FAQ Q10)."""
    start = state.board.start
    src = ctx.source
    return src is not None and ch != src and src in start and start.get(ch) == start[src]


@TARGETS.word("culprit_start_location")
def culprit_start_location(state: GameState, spec: dict[str, Any], ctx: Ctx) -> tuple[str, list[Any]]:
    """The culprit's starting location this loop (Distortion). Not a question."""
    start = state.board.start.get(ctx.culprit or "")
    return "all", [start] if start else []


def _counter_kind(arg: Any) -> list[str]:
    return [] if isinstance(arg, str) else ["takes a counter kind"]


TRAITS.add("incidents_here_trigger_with", validate=_counter_kind,
           doc="role: an incident whose living culprit is in its location and has 1+ counters of the kind always occurs (Watcher: Despair)")


# ---------------------------------------------------------------- the Influencer
@register("influencer.spread")
def influencer_spread(state: GameState, ctx: Ctx) -> None:
    """After its Goodwill ability, once per loop: 1 Paranoia and 1 Goodwill on each character whose
    starting location is the Influencer's (each Influencer has its own once per loop: FAQ Q11)."""
    for ch in state.script.cast:
        if state.in_play(ch) and shares_start(state, ch, None, ctx):
            place(state, ch, "paranoia", 1, why=ctx.why)
            place(state, ch, "goodwill", 1, why=ctx.why)


# ---------------------------------------------------------------- the Secretkeeper
@register("secretkeeper.doom")
def secretkeeper_doom(state: GameState, ctx: Ctx) -> None:
    """Its role revealed in loop 1 or 2: on the next day of this loop the Mastermind plays only one
    card and the Protagonists die at that day's end; revealed on the loop's last day, they die at
    the end of this day (Last Liar FAQ Q12, Q13). A second reveal in the same loop changes nothing:
    the first one has already set the day (docs/rulings.md, ll-secretkeeper)."""
    facts = state.this_loop
    if facts.doom_day:
        return
    last = state.day >= state.script.days
    facts.doom_day = state.day if last else state.day + 1
    if not last:
        facts.one_card_day = state.day + 1
    emit(state, "secretkeeper_doom", T("event.secretkeeper_doom", character=character(ctx.source or ""), day=facts.doom_day,
                                       one_card=not last), character=ctx.source, day=facts.doom_day, one_card=not last)


# ---------------------------------------------------------------- The Executor
@register("executor.choose_protagonist")
def executor_choose_protagonist(state: GameState, ctx: Ctx) -> None:
    """The Mastermind chooses a Protagonist (without seeing the Extra cards: FAQ Q14, docs/rulings.md),
    who chooses the character that dies."""
    hands = list(PROTAGONIST_SEATS)
    ask(state, MASTERMIND, "choose_protagonist", T("prompt.executor_protagonist"), hands,
        lambda: [T("who.protagonist", n=i + 1) for i in range(len(hands))], "executor.protagonist_chosen",
        {"cause": ctx.cause}, option_info=[{"hand": h} for h in hands])


@op("executor.protagonist_chosen")
def _executor_protagonist_chosen(state: GameState, args: dict[str, Any]) -> None:
    hand = args["answer"]
    emit(state, "executor_chooser", T("event.executor_chooser", who=T("who.protagonist", n=PROTAGONIST_SEATS.index(hand) + 1)), hand=hand)
    living = [ch for ch in state.script.cast if state.in_play(ch)]
    if not living:
        emit(state, "no_target", T("event.no_target"))
        return
    ask(state, state.hand_seat(hand), "choose_target", T("prompt.executor_victim"), living,
        lambda: [target_label(state, c) for c in living], "executor.victim_chosen", {"cause": args["cause"]},
        info={"hand": hand}, option_info=lambda: [target_info(state, c) for c in living])


@op("executor.victim_chosen")
def _executor_victim_chosen(state: GameState, args: dict[str, Any]) -> None:
    kill(state, args["answer"], args["cause"])
