"""Coded rules of the further characters (issue 15): the base box's Teacher to A.I., the promos and
expansion characters. Each function is registered under the id its YAML entry names with `call:`
(sets/base/characters.yaml); the traits they bring are registered here, next to the code that
checks them or with a pointer to it. docs/rulings.md records every choice where sources disagree.
"""

from __future__ import annotations

from typing import Any

from ....core.events import GM
from ....core.text import Ref, T
from ... import board as B
from ...board import PROTAGONISTS_SHIELDED
from ...actions import ask, emit, grant_status, move_gauge, op, place, remove
from ...effects import note_goodwill_target, run, run_steps, start_ctx, usable
from ...query import Ctx, count, effective_role
from ...refs import MASTERMIND, AbilityRef
from ...state import GameState
from ...texts import character, rules_text_of_goodwill
from ...vocab import CALLS, EFFECTS, STATUSES, TRAITS, register, replacement


def _call_name(arg: Any) -> list[str]:
    return [] if isinstance(arg, str) and arg in CALLS else [f"takes the name of a registered coded rule, not {arg!r}"]


TRAITS.add("enters_on_script_day", doc="character: off the board at every loop start; enters at its start on the day the script gives as enters_day (Transfer Student)")
TRAITS.add("at_loop_start", validate=_call_name, doc="character: at every loop start, once the board is reset, the coded rule it names happens (Black Cat)")
TRAITS.add("incidents_without_effect", doc="character: an incident with it as culprit occurs as usual but its effect does nothing (Black Cat)")
TRAITS.add("never_person", doc="character: the script may not cast it as a Person (A.I.)")
TRAITS.add("incidents_count_every_counter", doc="character: whether its incidents occur is decided by all its counters, each counted once (A.I.)")

STATUSES.add(B.LEFT_BOARD, doc="the character left the board for the rest of the loop, alive (the Illusion)")
STATUSES.add(PROTAGONISTS_SHIELDED, doc="for the rest of the loop nothing kills the Protagonists (the Soldier's Goodwill 5)")


# ---------------------------------------------------------------- Transfer Student
def _convert_arg(arg: Any) -> list[str]:
    if not isinstance(arg, dict) or set(arg) != {"from", "to", "n"} or not isinstance(arg["n"], int):
        return ["takes {from: KIND, to: KIND, n: N}"]
    return []


@EFFECTS.word("convert", keyed=True, validate=_convert_arg)
def _e_convert(state: GameState, arg: Any, target: Any, ctx: Ctx) -> None:
    """Up to N counters of one kind on the target become counters of another: {from: KIND, to: KIND, n: N}
    (none there: nothing happens)."""
    taken = min(arg["n"], B.raw(state.board, target, arg["from"]))
    remove(state, target, arg["from"], taken, why=ctx.why)
    if taken:
        place(state, target, arg["to"], taken, why=ctx.why)


# ---------------------------------------------------------------- Soldier
@register("soldier.shield")
def soldier_shield(state: GameState, ctx: Ctx) -> None:
    """Goodwill 5: for the rest of the loop, effects that would kill the Protagonists do nothing. The
    mark lies on the Soldier for the loop and stays if he dies (docs/rulings.md "soldier-shield")."""
    src = ctx.source
    assert src is not None
    grant_status(state, PROTAGONISTS_SHIELDED, [src])
    emit(state, "protagonists_shielded", T("event.protagonists_shielded", character=character(src)), character=src)


@replacement("protagonists_die", "soldier_shield", 10, lambda state, reason: B.protagonists_shielded(state.board))
def _soldier_spares(state: GameState, reason: Any) -> None:
    """The Protagonists would die while the Soldier's Goodwill 5 holds: nothing happens (only the Mastermind is told)."""
    emit(state, "protagonists_spared", T("event.protagonists_spared", cause=reason), GM)


# ---------------------------------------------------------------- Black Cat
@register("black_cat.shrine_intrigue")
def black_cat_shrine_intrigue(state: GameState, ctx: Ctx) -> None:
    """Loop start: 1 Intrigue on the Shrine."""
    place(state, "shrine", "intrigue", 1, why=T("why.character_trait", character=character(ctx.source or "")))


# ---------------------------------------------------------------- Forensic Specialist
def others_here(state: GameState, ctx: Ctx) -> list[str]:
    """The other living characters in the ability's owner's location (corpses do not count): the
    Forensic Specialist's, and Another Horizon's Storyteller's."""
    assert ctx.source is not None
    return [c for c in state.characters_at(state.board.chars[ctx.source].location) if c != ctx.source]


def counter_moves(state: GameState, ctx: Ctx) -> list[list[str]]:
    """Every [from, counter, to] between two other living characters in the owner's location (a
    counter that can lie on a character)."""
    others = others_here(state, ctx)
    return [[a, k, b] for a in others for k in state.rules.counter_kinds
            if B.raw(state.board, a, k) > 0 and "character" in state.rules.counters[k].lies_on for b in others if b != a]


@register("forensic_specialist.move_counter", available=lambda state, ctx: len(others_here(state, ctx)) >= 2)
def forensic_move_counter(state: GameState, ctx: Ctx) -> None:
    """Goodwill 2: needs two other living characters here; with no counter on them it is used and
    nothing moves (docs/rulings.md "forensic-move")."""
    moves = counter_moves(state, ctx)
    if not moves:
        emit(state, "no_target", T("event.no_target"))
        return
    ask(state, ctx.seat, "choose_effect", T("prompt.forensic_move"), moves,
        [T("label.forensic_move", kind=Ref("counter", k), **{"from": character(a), "to": character(b)}) for a, k, b in moves],
        "forensic_specialist.apply", {}, option_info=[{"from": a, "counter": k, "to": b} for a, k, b in moves])


@op("forensic_specialist.apply")
def _forensic_apply(state: GameState, args: dict[str, Any]) -> None:
    a, kind, b = args["answer"]
    # Both characters are what the ability chose (Another Horizon's Lullaby kills each: docs/rulings.md ah-faq-q16).
    note_goodwill_target(state, a)
    note_goodwill_target(state, b)
    remove(state, a, kind, 1)
    place(state, b, kind, 1)


# ---------------------------------------------------------------- A.I.
def _public_incidents(state: GameState) -> list[str]:
    """The incidents the public schedule lists, by the name it shows, in schedule order, once each."""
    return list(dict.fromkeys(i.public_name or i.incident for i in state.script.incidents))


@register("ai.resolve_incident", available=lambda state, ctx: bool(_public_incidents(state)))
def ai_resolve_incident(state: GameState, ctx: Ctx) -> None:
    """Goodwill 3: the Leader names an incident of the public schedule; its effect happens with the A.I.
    as culprit, the Leader choosing. It is not that incident occurring (seed 000 FAQ, Another Horizon A26)."""
    kinds = _public_incidents(state)
    ask(state, ctx.seat, "choose_incident", T("prompt.ai_incident"), kinds, [Ref("incident", k) for k in kinds],
        "ai.resolve", {"ctx": ctx}, option_info=[{"incident_id": k} for k in kinds])


@op("ai.resolve")
def _ai_resolve(state: GameState, args: dict[str, Any]) -> None:
    ctx, kind = args["ctx"], args["answer"]
    src = ctx.source
    emit(state, "incident_effect", T("event.incident_effect", character=character(src), incident=Ref("incident", kind)),
         character=src, incident_id=kind)
    steps = state.rules.incidents[kind].steps
    first = AbilityRef.incident_kind(kind, 0)
    ictx = start_ctx(state, first, src, ctx.seat, role_ability=False, culprit=src, incident=None,
                     cause=T("cause.goodwill", character=character(src)), why=T("why.incident", incident=Ref("incident", kind)))
    run_steps(state, ictx, [AbilityRef.incident_kind(kind, n) for n in range(len(steps))])


def incident_count(state: GameState, culprit: str, kind: str) -> int:
    """The number an incident's culprit compares with its limit: the incident's counter, or every
    counter on it, each once, for a character with `incidents_count_every_counter` (the A.I.)."""
    if state.rules.characters[culprit].has_trait("incidents_count_every_counter"):
        return B.total_counters(state.board, culprit)
    return count(state, culprit, kind)


__all__ = ["PROTAGONISTS_SHIELDED", "incident_count", "MASTERMIND"]


# ---------------------------------------------------------------- Scientist (and the Extra Gauge)
EXTRA_GAUGE = "extra"  # the id Another Horizon's set.yaml gives its Extra Gauge (gauges: {extra: ...})
SCIENTIST_COUNTERS = ("paranoia", "goodwill", "intrigue")


@register("scientist.loop_counter")
def scientist_loop_counter(state: GameState, ctx: Ctx) -> None:
    """Loop start, once the board is reset: the Mastermind puts 1 Paranoia, Goodwill or Intrigue on him."""
    kinds = list(SCIENTIST_COUNTERS)
    ask(state, MASTERMIND, "choose_counter", T("prompt.scientist_counter", character=character(ctx.source or "")), kinds,
        [Ref("counter", k) for k in kinds], "scientist.place", {"character": ctx.source}, force=True,
        option_info=[{"counter": k} for k in kinds])


@op("scientist.place")
def _scientist_place(state: GameState, args: dict[str, Any]) -> None:
    place(state, args["character"], args["answer"], 1, why=T("why.character_trait", character=character(args["character"])))


def _has_counters(state: GameState, ctx: Ctx) -> bool:
    return ctx.source is not None and B.total_counters(state.board, ctx.source) > 0


@register("scientist.clear")
def scientist_clear(state: GameState, ctx: Ctx) -> None:
    """Goodwill 3: every counter on him goes (Guard counters too); then, only in a set with the Extra
    Gauge, the Leader moves it 1 up or down (docs/rulings.md "scientist-gauge")."""
    src = ctx.source
    assert src is not None
    for kind in state.rules.counter_kinds:
        n = B.raw(state.board, src, kind)
        if n:
            remove(state, src, kind, n)
    if EXTRA_GAUGE in state.rules.set.gauges:
        opts = [1, -1]
        ask(state, ctx.seat, "choose_effect", T("prompt.gauge_direction", gauge=Ref("gauge", EXTRA_GAUGE)), opts,
            [T("label.gauge_up"), T("label.gauge_down")], "scientist.gauge", {}, option_info=[{"gauge": EXTRA_GAUGE, "delta": d} for d in opts])


@op("scientist.gauge")
def _scientist_gauge(state: GameState, args: dict[str, Any]) -> None:
    move_gauge(state, EXTRA_GAUGE, args["answer"])


# ---------------------------------------------------------------- Young Girl
def _not_yet_free(state: GameState, ctx: Ctx) -> bool:
    return ctx.source is not None and (B.NO_FORBIDDEN, ctx.source) not in state.board.statuses


@register("young_girl.free", available=_not_yet_free)
def young_girl_free(state: GameState, ctx: Ctx) -> None:
    """Goodwill 1: for the rest of this loop she has no forbidden locations (the status the Doctor gives the Patient)."""
    src = ctx.source
    assert src is not None
    grant_status(state, B.NO_FORBIDDEN, [src])
    emit(state, "patient_free", T("event.patient_free", characters=(character(src),)), characters=[src])


# ---------------------------------------------------------------- Sect Founder
TRAITS.add("incidents_resolve_twice", doc="character: an incident with it as culprit that occurs has its effect twice, each with its own choices (Sect Founder)")


# ---------------------------------------------------------------- Copycat
TRAITS.add("copies_a_role", doc="character: the script gives it the role of another character of the cast (not Person), outside the plots' roles and maximums (Copycat)")


@register("copycat.name_sharers")
def copycat_name_sharers(state: GameState, ctx: Ctx) -> None:
    """Goodwill 3: every other living character on the board whose role now is the Copycat's is named
    (not the role); corpses are left out (docs/rulings.md "copycat")."""
    src = ctx.source
    assert src is not None
    role = effective_role(state, src)
    sharers = [ch for ch in state.script.cast if ch != src and state.in_play(ch) and effective_role(state, ch) == role]
    emit(state, "role_sharers", T("event.role_sharers", character=character(src), characters=tuple(character(c) for c in sharers) or T("word.nobody")),
         character=src, characters=sharers)


# ---------------------------------------------------------------- Little Sister
TRAITS.add("role_without_refusal", doc="character: the script may not give it a role with Goodwill Refusal, optional or mandatory (Little Sister)")


def _borrowable(state: GameState, ctx: Ctx) -> list[AbilityRef]:
    """The Goodwill abilities of the living Adults in her location that could be used now if they
    had enough Goodwill: their other conditions hold, a once-per-loop one is still unused."""
    from ...engine import gw_requirements  # the engine imports this module

    assert ctx.source is not None
    out = []
    for ch in state.characters_at(state.board.chars[ctx.source].location):
        card = state.rules.characters[ch]
        if ch == ctx.source or "adult" not in card.tags:
            continue
        for i, gw in enumerate(card.goodwill):
            ref = AbilityRef.goodwill(ch, i)
            if gw.once_per_loop and ref in state.this_loop.used:
                continue
            if gw_requirements(state, ch, gw) and usable(state, gw, start_ctx(state, ref, ch, ctx.seat, role_ability=False)):
                out.append(ref)
    return out


@register("little_sister.borrow", available=lambda state, ctx: bool(_borrowable(state, ctx)))
def little_sister_borrow(state: GameState, ctx: Ctx) -> None:
    """Goodwill 5: the Leader picks an Adult here and one of its Goodwill abilities; it happens as if the
    Adult had enough Goodwill, and no refusal stops it; a once-per-loop one is spent (docs/rulings.md "little-sister")."""
    refs = _borrowable(state, ctx)
    ask(state, ctx.seat, "choose_ability", T("prompt.little_sister"), [r.key for r in refs],
        [T("label.borrowed_ability", character=character(r.owner), ability=rules_text_of_goodwill(r.owner, r.index)) for r in refs],
        "little_sister.use", {}, payloads=refs, option_info=[{"ability": r.to_json()} for r in refs])


@op("little_sister.use")
def _little_sister_use(state: GameState, args: dict[str, Any]) -> None:
    ref = args["answer"]
    ch = ref.owner
    gw = state.rules.characters[ch].goodwill[ref.index]
    if gw.once_per_loop:
        state.this_loop.used.add(ref)
    emit(state, "goodwill_borrowed", T("event.goodwill_borrowed", character=character(ch), ability=rules_text_of_goodwill(ch, ref.index)),
         character=ch, key=ref.key, ability=ref.to_json())
    from ...engine import after_goodwill_steps  # the engine imports this module

    # The Adult's ability is used: what follows a use of it follows (its role's after-Goodwill
    # abilities; a 1x∞ one's Warp in Another Horizon: docs/rulings.md ah-little-sister).
    after_goodwill_steps(state, ref)
    run(state, start_ctx(state, ref, ch, state.leader_seat, role_ability=False, cause=T("cause.goodwill", character=character(ch))))



# ---------------------------------------------------------------- Illusion
@register("illusion.leave")
def illusion_leave(state: GameState, ctx: Ctx) -> None:
    """Goodwill 4: she leaves the board for the rest of the loop, neither a character nor a corpse; she
    is back at her start at the next loop start (docs/rulings.md "illusion-leaves")."""
    src = ctx.source
    assert src is not None
    state.board.set_location(src, None)
    grant_status(state, B.LEFT_BOARD, [src])  # she keeps her counters while away (seed 000 FAQ A18)
    emit(state, "leaves", T("event.leaves", character=character(src)), character=src)


# ---------------------------------------------------------------- Sacred Tree
def _index(arg: Any) -> list[str]:
    return [] if isinstance(arg, int) and not isinstance(arg, bool) else ["takes the index of one of its Goodwill abilities"]


TRAITS.add("mastermind_must_use_with_refusal", validate=_index,
           doc="character: when its role has Goodwill Refusal, the Mastermind must use its Goodwill ability N in every Mastermind abilities phase it can (Sacred Tree)")


def _tree_moves(state: GameState, ctx: Ctx) -> list[list[str]]:
    """Every [counter, to]: a counter on the Tree, to another living character in its location."""
    src = ctx.source
    assert src is not None
    others = [c for c in state.characters_at(state.board.chars[src].location) if c != src]
    return [[k, b] for k in state.rules.counter_kinds if B.raw(state.board, src, k) > 0 for b in others]


@register("sacred_tree.move_counter", available=lambda state, ctx: bool(_tree_moves(state, ctx)))
def sacred_tree_move_counter(state: GameState, ctx: Ctx) -> None:
    moves = _tree_moves(state, ctx)
    src = ctx.source or ""
    ask(state, ctx.seat, "choose_effect", T("prompt.tree_move", character=character(src)), moves,
        [T("label.forensic_move", kind=Ref("counter", k), **{"from": character(src), "to": character(b)}) for k, b in moves],
        "sacred_tree.apply", {"source": src}, option_info=[{"from": src, "counter": k, "to": b} for k, b in moves])


@op("sacred_tree.apply")
def _tree_apply(state: GameState, args: dict[str, Any]) -> None:
    kind, b = args["answer"]
    remove(state, args["source"], kind, 1)
    place(state, b, kind, 1)
