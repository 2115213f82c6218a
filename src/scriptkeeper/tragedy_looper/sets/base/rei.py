"""Rei's general rules that need words of the vocabulary (seed 000, "Additional Rules" and "New
Rules in Previous Tragedy Sets"): effects that add cards no hand is dealt, and the conditions of the
Fragment and Crossing World Lines. The rest of Rei's general rules live where the engine applies
them: Hope and Despair counting (counters.yaml `counts_as`, board.count), their Goodwill Refusal
(board.goodwill_refusal), the Hope +1 card (cards.py `several_act_as`, `leaves_every_hand`), the
Perished and Acquainted tokens (actions.place_token), the 1x-per-loop change (engine.py,
goodwill.resolve) and the Fragment's Final Guess (query.guess_is_right).
"""

from __future__ import annotations

from typing import Any

from ....core.text import T
from ...actions import add_card_to_hands
from ...query import Ctx
from ...rules import load_rulebook
from ...state import GameState
from ...vocab import CONDITIONS, EFFECTS

SIDES = ("mastermind", "protagonists")


def _add_card_arg(arg: Any) -> list[str]:
    if not isinstance(arg, dict) or set(arg) != {"card", "to"} or arg["to"] not in SIDES:
        return ["takes {card: CARD, to: mastermind or protagonists}"]
    rules = load_rulebook("first_steps")  # the cards and the added lists are the same in every rule book
    may = rules.mastermind_added if arg["to"] == "mastermind" else rules.protagonist_added
    if arg["card"] not in may:
        return [f"{arg['card']!r} is not a card effects add to the {arg['to']}' hands ({sorted(may)})"]
    return []


@EFFECTS.word("add_card", keyed=True, validate=_add_card_arg)
def _e_add_card(state: GameState, arg: Any, target: Any, ctx: Ctx) -> None:
    """Add a card no hand is dealt to the Mastermind's hand, or one to each Protagonist's: {card: CARD, to: mastermind|protagonists}."""
    add_card_to_hands(state, arg["card"], arg["to"], ctx.cause if ctx.cause is not None else T("cause.an_ability"))


def _loop_kind(arg: Any) -> list[str]:
    return [] if arg in ("even", "final") else ["takes even or final"]


@CONDITIONS.word("loop_is", keyed=True, validate=_loop_kind)
def _loop_is(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """This loop is an even-numbered one (even) or the script's last (final): Crossing World Lines."""
    return state.loop % 2 == 0 if arg == "even" else state.loop == state.script.loops


@CONDITIONS.word("dead_at_end_of_previous_loop", keyed=True)
def _dead_at_end(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """The character was (true) or was not (false) a corpse when the previous loop ended (the Fragment)."""
    return state.loop > 1 and (ctx.source in state.previous_loop.corpses) == bool(arg)


@CONDITIONS.word("alive_with_goodwill_at_end_of_previous_loop", keyed=True,
                 validate=lambda a: [] if isinstance(a, int) and not isinstance(a, bool) else ["takes a number"])
def _alive_with_goodwill(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """The character was alive on the board with at least N Goodwill (Hope counted) when the previous loop ended (the Fragment)."""
    prev = state.previous_loop
    ch = ctx.source
    return state.loop > 1 and ch is not None and ch not in prev.corpses and ch in dict(prev.goodwill) \
        and prev.goodwill_of(ch) >= arg

