"""Another Horizon rules that need code, and the vocabulary words the set adds (seed 000, "Another Horizon").

Registered by the names its YAML entries use: the conditions about the two worlds, the kinds of
counters, the previous loop's gauge, the corpses, Into Nothingness's sum and The Singularity's
memory; the effects `warp` and `may_warp`; the coded rules of the Marionette, the Lullaby, the
Storyteller, Alice, the Pied Piper and the Gossip. The engine itself raises the gauge at day end,
triggers the Warp of a 1x∞ Goodwill ability and applies Change of Heart (engine.py, query.py).
"""

from __future__ import annotations

from typing import Any

from ....core.text import Ref, T
from ... import board as B
from ...actions import DEATH_HOOKS, ask, kill, kill_protagonists, op, place, remove, trigger_warp
from ...effects import target_info, target_label
from ...query import Ctx, count, world
from ...refs import MASTERMIND
from ...state import GameState
from ...texts import character
from ...vocab import CONDITIONS, EFFECTS, register
from ..base.roster import counter_moves, others_here
from ..last_liar import coded as _last_liar  # noqa: F401  (the words both sets use: loop_is...)


def _number(arg: Any) -> list[str]:
    return [] if isinstance(arg, int) and not isinstance(arg, bool) and arg >= 0 else ["takes a whole number"]


def _world_word(arg: Any) -> list[str]:
    return [] if arg in (B.LIGHT, B.DARK) else ["takes light or dark"]


def _list_of(n: int):
    def check(arg: Any) -> list[str]:
        return [] if isinstance(arg, list) and len(arg) == n else [f"takes a list of {n} values"]
    return check


# ---------------------------------------------------------------- conditions
@CONDITIONS.word("world", keyed=True, validate=_world_word)
def in_world(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """The table is in the Light (`light`) or Dark (`dark`) World: the Extra Gauge even or odd."""
    return world(state) == arg


@CONDITIONS.word("kinds_of_counters_at_least", keyed=True, validate=_number)
def kinds_at_least(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """The character has N or more kinds of counters (each kind lying on it once; tokens never count)."""
    return ctx.source is not None and B.kinds_of_counters(state.board, ctx.source) >= arg


@CONDITIONS.word("kinds_of_counters_at_most", keyed=True, validate=_number)
def kinds_at_most(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """The character has N or fewer kinds of counters (the Shifter)."""
    return ctx.source is not None and B.kinds_of_counters(state.board, ctx.source) <= arg


@CONDITIONS.word("culprit_kinds_of_counters_at_least", keyed=True, validate=_number)
def culprit_kinds_at_least(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """The incident's culprit has N or more kinds of counters (Dimensional Fracture)."""
    return ctx.culprit is not None and B.kinds_of_counters(state.board, ctx.culprit) >= arg


@CONDITIONS.word("previous_loop_gauge_at_least", keyed=True, validate=_list_of(2))
def previous_loop_gauge_at_least(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """[GAUGE, N]: the gauge was N or more at the end of the previous loop (the Storyteller)."""
    gauge, n = arg
    prev = state.previous_loop
    return prev.loop == state.loop - 1 and prev.loop >= 1 and prev.gauge(gauge) >= n


@CONDITIONS.word("corpses_at_least_loop", keyed=True, validate=_number)
def corpses_at_least_loop(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """There are X or more corpses on the board, X being the loop number, at most N (Mother Goose Mystery)."""
    corpses = sum(1 for c in state.board.chars.values() if c.location is not None and not c.alive)
    return corpses >= min(state.loop, int(arg))


@CONDITIONS.word("gauge_plus_role_counter_at_least", keyed=True, validate=_list_of(4))
def gauge_plus_role_counter_at_least(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """[GAUGE, ROLE, KIND, N]: the gauge plus the KIND counters on the character the script gives ROLE
    (the plot's own one, alive or dead) is N or more (Into Nothingness: the Obstinate's Intrigue)."""
    gauge, role, kind, n = arg
    on = sum(count(state, ch, kind) for ch, r in state.script.cast.items() if r == role and state.board.chars[ch].location)
    return state.board.gauges.get(gauge, 0) + on >= n


@CONDITIONS.word("first_time_this_game", keyed=True)
def first_time_this_game(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """This scheduled incident is occurring for the first time this game, in any loop and either world
    (The Singularity, AH FAQ A25). An incident's effect resolved by another rule (the A.I.) is not
    that incident occurring, and is never its first time (AH FAQ A26)."""
    first = ctx.incident is not None and state.remembered.count(ctx.incident) == 1
    return first == bool(arg)


# ---------------------------------------------------------------- Warps
@EFFECTS.word("warp")
def _e_warp(state: GameState, arg: Any, target: Any, ctx: Ctx) -> None:
    """Trigger a Warp (the gauge rises by 1 at the day's end; only the Mastermind is told)."""
    trigger_warp(state, ctx.cause or "")


WARP_OPTIONS = ["warp", "no_warp"]


@EFFECTS.word("may_warp")
def _e_may_warp(state: GameState, arg: Any, target: Any, ctx: Ctx) -> None:
    """The Mastermind may trigger a Warp (Dimensional Perversion, Dimensional Fracture)."""
    ask_warp(state, ctx, WARP_OPTIONS)


def ask_warp(state: GameState, ctx: Ctx, options: list[str]) -> None:
    ask(state, MASTERMIND, "trigger_warp", T("prompt.trigger_warp"), options, [T(f"label.{o}") for o in options],
        "another_horizon.warp", {"cause": ctx.cause}, force=True, option_info=[{"warp": o == "warp"} for o in options])


@op("another_horizon.warp")
def _warp_answer(state: GameState, args: dict[str, Any]) -> None:
    if args["answer"] == "warp":
        trigger_warp(state, args.get("cause") or "")


# ---------------------------------------------------------------- Marionette
@register("marionette.collapse")
def marionette_collapse(state: GameState, ctx: Ctx) -> None:
    """After its Goodwill ability resolves: with 2 or more kinds of counters it dies and a Warp is
    triggered. Off the board it is no character and nothing happens (AH FAQ A14); the Warp happens
    even when the death is replaced (a Guard counter: AH FAQ A12)."""
    src = ctx.source
    if src is None or not state.in_play(src) or B.kinds_of_counters(state.board, src) < 2:
        return
    kill(state, src, ctx.cause)
    trigger_warp(state, ctx.cause or "")


# ---------------------------------------------------------------- Lullaby
@register("lullaby.lull")
def lullaby_lull(state: GameState, ctx: Ctx) -> None:
    """After its Goodwill ability resolves, the character that ability chose dies; an ability that
    chose no character kills nobody (AH FAQ A15)."""
    for ch in state.today.goodwill_targets:
        kill(state, ch, ctx.cause)


# ---------------------------------------------------------------- Storyteller
# The Storyteller moves a counter between two others here as the Forensic Specialist does: the
# base roster's functions (one copy).


@register("storyteller.move_counter", available=lambda state, ctx: bool(counter_moves(state, ctx)))
def storyteller_move_counter(state: GameState, ctx: Ctx) -> None:
    """Move 1 counter from one other character in its location to another one there."""
    moves = counter_moves(state, ctx)
    ask(state, MASTERMIND, "choose_effect", T("prompt.storyteller_move"), moves,
        [T("label.forensic_move", kind=Ref("counter", k), **{"from": character(a), "to": character(b)}) for a, k, b in moves],
        "storyteller.apply", {"why": ctx.why}, option_info=[{"from": a, "counter": k, "to": b} for a, k, b in moves])


@op("storyteller.apply")
def _storyteller_apply(state: GameState, args: dict[str, Any]) -> None:
    a, kind, b = args["answer"]
    remove(state, a, kind, 1, why=args.get("why", ""))
    place(state, b, kind, 1, why=args.get("why", ""))


# ---------------------------------------------------------------- Alice
@register("alice.loop_end")
def alice_loop_end(state: GameState, ctx: Ctx) -> None:
    """At the end of the loop, if Alice is dead, the Protagonists lose."""
    from ...actions import lose_loop

    src = ctx.source
    if src is not None and not state.board.chars[src].alive:
        lose_loop(state, T("loss.alice_dead", character=character(src)), immediate=False)


# ---------------------------------------------------------------- Pied Piper
@register("pied_piper.call")
def pied_piper_call(state: GameState, ctx: Ctx) -> None:
    """Mandatory, once per loop: at the end of the day, with the Extra Gauge at 2 or more, one
    character in its location dies, the Mastermind choosing; itself too when it is alone there
    (docs/rulings.md ah-pied-piper)."""
    from ...actions import frame, then

    sources = ctx.sources or ((ctx.source,) if ctx.source else ())
    then(state, *[frame("pied_piper.one", source=src, cause=ctx.cause) for src in sources])


@op("pied_piper.one")
def _pied_piper_one(state: GameState, args: dict[str, Any]) -> None:
    from ...refs import AbilityRef

    src = args["source"]
    ref = AbilityRef.of_role(src, "pied_piper", 0)
    gauge = state.rules.set.warp_gauge or ""
    if not state.in_play(src) or state.board.gauges.get(gauge, 0) < 2 or ref in state.this_loop.used:
        return
    state.this_loop.used.add(ref)
    here = state.characters_at(state.board.chars[src].location)
    ask(state, MASTERMIND, "choose_target", T("prompt.choose_target"), here, lambda: [target_label(state, c) for c in here],
        "pied_piper.victim", {"cause": args["cause"]}, force=True, option_info=lambda: [target_info(state, c) for c in here])


@op("pied_piper.victim")
def _pied_piper_victim(state: GameState, args: dict[str, Any]) -> None:
    kill(state, args["answer"], args["cause"])


@register("pied_piper.mark_corpse")
def pied_piper_mark_corpse(state: GameState, ctx: Ctx, target: Any = None) -> None:
    """Place 1 Intrigue on a corpse in its location; then, with 3 or more Intrigue on all the corpses
    together, the Protagonists die."""
    if target is None:
        return
    place(state, target, "intrigue", 1, why=ctx.why)
    total = sum(count(state, ch, "intrigue") for ch, c in state.board.chars.items() if c.location is not None and not c.alive)
    if total >= 3:
        kill_protagonists(state, ctx.cause or T("cause.an_ability"))


# ---------------------------------------------------------------- Gossip
@register("gossip.last_words")
def gossip_last_words(state: GameState, ctx: Ctx) -> None:
    """When the Gossip dies: 1 Despair on a character in its location (the Mastermind choosing), and
    the Mastermind may trigger a Warp."""
    src = ctx.source
    assert src is not None
    here = state.characters_at(state.board.chars[src].location)
    from ...actions import frame, then

    then(state, frame("another_horizon.gossip_warp", cause=ctx.cause))
    if len(here) == 1:
        place(state, here[0], "despair", 1, why=ctx.why)
    elif here:
        ask(state, MASTERMIND, "choose_target", T("prompt.choose_target"), here, lambda: [target_label(state, c) for c in here],
            "gossip.despair", {"why": ctx.why}, option_info=lambda: [target_info(state, c) for c in here])


@op("gossip.despair")
def _gossip_despair(state: GameState, args: dict[str, Any]) -> None:
    place(state, args["answer"], "despair", 1, why=args.get("why", ""))


@op("another_horizon.gossip_warp")
def _gossip_warp(state: GameState, args: dict[str, Any]) -> None:
    ask_warp(state, Ctx(cause=args.get("cause")), WARP_OPTIONS)


def _decoy_warp_question(state: GameState, ch: str, roles: list[str]) -> None:
    """A Gossip dying alone leaves no Despair for all to see, and the Mastermind is asked whether it
    warps: so that the question itself tells nothing, it is asked (with No Warp the only answer)
    whenever a character of any other role dies with no living character in its location, in every
    Another Horizon game (docs/rulings.md ah-gossip-question)."""
    if state.rules.set.warp_gauge is None or "gossip" in roles:
        return
    from ...actions import frame, then

    then(state, frame("another_horizon.decoy_warp", character=ch))


@op("another_horizon.decoy_warp")
def _decoy_warp(state: GameState, args: dict[str, Any]) -> None:
    if not state.characters_at(state.board.chars[args["character"]].location):
        ask_warp(state, Ctx(), ["no_warp"])


DEATH_HOOKS.append(_decoy_warp_question)
