"""The effect vocabulary and the steps that run an ability.

An ability (role ability, Goodwill ability, plot rule or incident step) is data: an optional
condition (`if`), a `target` spec and an `effect`, or a `call:` to a registered function (which may
come with a `target`: the function then gets the chosen target). This module registers the base
words of targets, filters and effects (vocab.py) and turns an ability into steps on the engine's
stack, asking the chooser whenever a target or an option must be picked. docs/rules-data.md lists
the vocabulary.

Continuations: the steps after an ability (the next steps of an incident) travel with it as
frames; when a target is remembered with `as:`, the frames after it get the binding in their
context, so nothing shared is ever changed in place.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..core.events import GM
from ..core.flow import Frame
from ..core.text import Ref, T, Text
from . import board as B
from .actions import (SETTLE, ask, emit, frame, kill, kill_protagonists, lose_loop, move, op, place, place_extra_card, remove,
                      reveal_culprit, reveal_role, revive, settle_deaths, then)
from .query import Ctx, ability_locations, count, effective_role, forbidden_locations, has_trait, holders_of_role, holds, paranoia_limit
from .refs import GOODWILL, INCIDENT, INCIDENT_KIND, MASTERMIND, PLOT, ROLE, AbilityRef
from .state import GameState
from .texts import character, the_location, where as where_text
from .vocab import CALLS, EFFECTS, FILTERS, TARGETS, TRAITS, register

__all__ = ["register", "run", "run_steps", "usable", "start_ctx", "spec_for", "candidates", "CALLS"]


# ---------------------------------------------------------------- specs by ref
def spec_for(state: GameState, ref: AbilityRef) -> Any:
    """The data of an ability."""
    rules = state.rules
    kind = ref.kind
    if kind == GOODWILL:
        return rules.characters[ref.owner].goodwill[ref.index]
    if kind == ROLE:
        assert ref.role is not None
        return rules.roles[ref.role].abilities[ref.index]
    if kind == PLOT:
        return rules.plot(ref.owner).rules[ref.index]
    if kind == INCIDENT:
        inc = state.script.incidents[int(ref.owner)]
        return rules.incidents[inc.incident].steps[ref.index]
    if kind == INCIDENT_KIND:
        return rules.incidents[ref.owner].steps[ref.index]
    raise ValueError(f"{ref} names no ability")


def start_ctx(state: GameState, ref: AbilityRef, source: str | None, seat: str, *, role_ability: bool, **extra: Any) -> Ctx:
    if source is None:
        here: tuple[str, ...] = ()
    elif role_ability:
        here = tuple(ability_locations(state, source))
    else:
        loc = state.board.chars[source].location
        here = (loc,) if loc else ()
    return Ctx(ref=ref, source=source, seat=seat, here=here, **extra)


# ---------------------------------------------------------------- filters
def char_ok(state: GameState, ch: str, where: Sequence[Any], ctx: Ctx) -> bool:
    for f in where:
        if isinstance(f, dict):
            (k, v), = f.items()
            if not FILTERS[k](state, ch, v, ctx):
                return False
        elif not FILTERS[f](state, ch, None, ctx):
            return False
    return True


@FILTERS.word("here")
def _here(state: GameState, ch: str, arg: Any, ctx: Ctx) -> bool:
    """is "here" (the ability's location, or the culprit's for an incident)."""
    return state.board.chars[ch].location in ctx.here


@FILTERS.word("other")
def _other(state: GameState, ch: str, arg: Any, ctx: Ctx) -> bool:
    """is not the ability's own character."""
    return ch != ctx.source


@FILTERS.word("student")
def _student(state: GameState, ch: str, arg: Any, ctx: Ctx) -> bool:
    """has the tag `student`."""
    return "student" in state.rules.characters[ch].tags


@FILTERS.word("paranoia_at_limit")
def _paranoia_at_limit(state: GameState, ch: str, arg: Any, ctx: Ctx) -> bool:
    """has Paranoia at or above its limit."""
    return count(state, ch, "paranoia") >= paranoia_limit(state, ch)


@FILTERS.word("in_turf")
def _in_turf(state: GameState, ch: str, arg: Any, ctx: Ctx) -> bool:
    """stands in the turf of the ability's character (the Boss)."""
    return ctx.source is not None and state.board.chars[ch].location == state.board.turf.get(ctx.source)


@FILTERS.word("culprit_here")
def _culprit_here(state: GameState, ch: str, arg: Any, ctx: Ctx) -> bool:
    """stands in the culprit's location."""
    return ctx.culprit is not None and state.board.chars[ch].location == state.board.chars[ctx.culprit].location


@FILTERS.word("not_culprit")
def _not_culprit(state: GameState, ch: str, arg: Any, ctx: Ctx) -> bool:
    """is not the culprit."""
    return ch != ctx.culprit


@FILTERS.word("died_previous_loop")
def _died_previous_loop(state: GameState, ch: str, arg: Any, ctx: Ctx) -> bool:
    """died during the previous loop (revived or not)."""
    return ch in state.previous_loop.dead


def _pair(arg: Any) -> list[str]:
    return [] if isinstance(arg, list) and len(arg) == 2 else ["takes [KIND, N]"]


@FILTERS.word("counter_at_least", keyed=True, validate=_pair)
def _f_counter_at_least(state: GameState, ch: str, arg: Any, ctx: Ctx) -> bool:
    """has at least N counters of KIND: [KIND, N]."""
    return count(state, ch, arg[0]) >= arg[1]


@FILTERS.word("role_trait", keyed=True)
def _f_role_trait(state: GameState, ch: str, arg: Any, ctx: Ctx) -> bool:
    """holds a role, or gained abilities, with TRAIT."""
    return has_trait(state, ch, arg)


@FILTERS.word("role", keyed=True)
def _f_role(state: GameState, ch: str, arg: Any, ctx: Ctx) -> bool:
    """holds ROLE now (the role itself, not abilities gained from another role: a Factor is not the Key Person)."""
    return effective_role(state, ch) == arg


@FILTERS.word("at", keyed=True)
def _f_at(state: GameState, ch: str, arg: Any, ctx: Ctx) -> bool:
    """stands in LOCATION."""
    return state.board.chars[ch].location == arg


@FILTERS.word("not", keyed=True)
def _f_not(state: GameState, ch: str, arg: Any, ctx: Ctx) -> bool:
    """is not the target remembered as NAME (`as:`)."""
    return ctx.bound_value(arg) != ch


FILTERS.add("occurred_this_loop", doc="(incident targets) keeps the incidents that occurred this loop")


# ---------------------------------------------------------------- targets
def _living(state: GameState, where: Sequence[Any], ctx: Ctx) -> list[str]:
    return [ch for ch in state.script.cast if state.in_play(ch) and char_ok(state, ch, where, ctx)]


def candidates(state: GameState, spec: dict[str, Any] | None, ctx: Ctx) -> tuple[str, list[Any]]:
    """('choose' | 'all', candidate targets) for a target spec; ('all', [None]) without a target."""
    if spec is None:
        return "all", [None]
    if "location" in spec:
        return "all", [spec["location"]]
    where = spec.get("where", [])
    if "all" in spec:
        assert spec["all"] == "character", spec
        return "all", _living(state, where, ctx)
    return TARGETS[spec["choose"]](state, spec, ctx)


@TARGETS.word("self")
def _t_self(state: GameState, spec: dict[str, Any], ctx: Ctx) -> tuple[str, list[Any]]:
    """The character whose ability it is, if alive on the board (`corpse_ok`: its corpse too). Not a question."""
    src = ctx.source
    ok = src and (state.in_play(src) or (spec.get("corpse_ok") and state.board.chars[src].location is not None))
    return "all", [src] if ok else []


@TARGETS.word("this_incident")
def _t_this_incident(state: GameState, spec: dict[str, Any], ctx: Ctx) -> tuple[str, list[Any]]:
    """The incident that is occurring (its schedule index). Not a question."""
    return "all", [ctx.incident] if ctx.incident is not None else []


@TARGETS.word("location_of_role")
def _t_location_of_role(state: GameState, spec: dict[str, Any], ctx: Ctx) -> tuple[str, list[Any]]:
    """Where the living holders of `role` stand (Unsafe Trigger: the Factor's location). Not a question."""
    locs = [state.board.chars[ch].location for ch in holders_of_role(state, spec["role"]) if state.in_play(ch)]
    return "all", list(dict.fromkeys(locs))


@TARGETS.word("culprit")
def _t_culprit(state: GameState, spec: dict[str, Any], ctx: Ctx) -> tuple[str, list[Any]]:
    """The incident's culprit, if alive on the board. Not a question."""
    culprit = ctx.culprit
    return "all", [culprit] if culprit and state.in_play(culprit) else []


@TARGETS.word("culprit_location")
def _t_culprit_location(state: GameState, spec: dict[str, Any], ctx: Ctx) -> tuple[str, list[Any]]:
    """The culprit's location. Not a question."""
    loc = state.board.chars[ctx.culprit].location if ctx.culprit else None
    return "all", [loc] if loc else []


@TARGETS.word("character")
def _t_character(state: GameState, spec: dict[str, Any], ctx: Ctx) -> tuple[str, list[Any]]:
    """Every living character on the board that passes the filters."""
    return "choose", _living(state, spec.get("where", []), ctx)


@TARGETS.word("corpse")
def _t_corpse(state: GameState, spec: dict[str, Any], ctx: Ctx) -> tuple[str, list[Any]]:
    """Every corpse on the board; with `where: [here]`, only corpses here."""
    where = spec.get("where", [])
    return "choose", [ch for ch in state.script.cast
                      if not state.board.chars[ch].alive and state.board.chars[ch].location is not None
                      and ("here" not in where or state.board.chars[ch].location in ctx.here)]


@TARGETS.word("location")
def _t_location(state: GameState, spec: dict[str, Any], ctx: Ctx) -> tuple[str, list[Any]]:
    """Any location."""
    return "choose", list(state.rules.locations)


@TARGETS.word("location_or_character")
def _t_location_or_character(state: GameState, spec: dict[str, Any], ctx: Ctx) -> tuple[str, list[Any]]:
    """The locations here (every location without `here`) and every living character in them."""
    locs = list(ctx.here) if "here" in spec.get("where", []) else list(state.rules.locations)
    chars = [ch for ch in state.script.cast if state.in_play(ch) and state.board.chars[ch].location in locs]
    return "choose", [*locs, *chars]


@TARGETS.word("incident")
def _t_incident(state: GameState, spec: dict[str, Any], ctx: Ctx) -> tuple[str, list[Any]]:
    """An incident of the script, by schedule index; `where: [occurred_this_loop]` keeps those that occurred."""
    idxs = list(range(len(state.script.incidents)))
    if "occurred_this_loop" in spec.get("where", []):
        idxs = [i for i in idxs if i in state.this_loop.occurred]
    return "choose", idxs


def has_targets(state: GameState, spec: Any, ctx: Ctx) -> bool:
    kind, cands = candidates(state, spec.target, ctx)
    return bool(cands) if kind == "choose" or spec.target is not None else True


def usable(state: GameState, spec: Any, ctx: Ctx) -> bool:
    """Could this ability do something now: its condition holds and it has a target."""
    if not holds(state, getattr(spec, "condition", None), ctx):
        return False
    if spec.call and spec.target is None:
        call = CALLS[spec.call]
        return call.available(state, ctx) if call.available else True
    return has_targets(state, spec, ctx)


def target_label(state: GameState, t: Any) -> Any:
    """How a target is named in a list of options: "the Hospital", "Office Worker", "Murder (day 2)"."""
    if isinstance(t, int):
        return incident_slot(state, t)
    return where_text(state.rules, t)


def incident_slot(state: GameState, idx: int) -> Text:
    """A scheduled incident as the public schedule names it, with its day."""
    inc = state.script.incidents[idx]
    return T("schedule.slot", incident=Ref("incident", inc.public_name or inc.incident), day=inc.day)


def target_info(state: GameState, t: Any) -> dict[str, Any]:
    """What a target option is; `board_target`: a click on that character or location answers it."""
    if isinstance(t, int):
        return {"incident": t}
    return {"location" if state.rules.is_location(t) else "character": t, "board_target": t}


# ---------------------------------------------------------------- running an ability
def run(state: GameState, ctx: Ctx, cont: tuple[Frame, ...] = ()) -> None:
    """Queue the ability or incident step named by ctx.ref; then the frames `cont`."""
    then(state, frame("effect.begin", ctx=ctx, cont=cont))


def run_steps(state: GameState, ctx: Ctx, refs: Sequence[AbilityRef], cont: tuple[Frame, ...] = ()) -> None:
    """Queue several steps in order (an incident's), the targets each remembers reaching the next ones."""
    then(state, frame("effect.steps", ctx=ctx, refs=tuple(refs), cont=cont))


@op("effect.steps")
def _steps(state: GameState, args: dict[str, Any]) -> None:
    refs, cont = args["refs"], args["cont"]
    if not refs:
        then(state, *cont)
        return
    ctx = args["ctx"]
    rest = frame("effect.steps", ctx=ctx, refs=refs[1:], cont=cont)
    run(state, ctx.with_ref(refs[0]), (rest,))


@op("effect.begin")
def _begin(state: GameState, args: dict[str, Any]) -> None:
    ctx, cont = args["ctx"], args["cont"]
    spec = spec_for(state, ctx.ref)
    if not holds(state, getattr(spec, "condition", None), ctx):
        then(state, *cont)
        return
    if spec.call and spec.target is None:
        then(state, *cont)
        CALLS[spec.call].run(state, ctx)
        return
    kind, cands = candidates(state, spec.target, ctx)
    if kind == "all":
        then(state, *cont)
        if len(cands) > 1 and not any(f.step == SETTLE for f in state.stack):
            then(state, settle_deaths(state))  # one effect, several targets: the deaths are simultaneous
        for t in reversed(cands):
            then(state, frame("effect.apply", ctx=ctx, cont=(), answer=t))
        return
    if not cands:
        then(state, *cont)
        emit(state, "no_target", T("event.no_target"))
        return
    ask(state, ctx.seat, "choose_target", T("prompt.choose_target"), cands, lambda: [target_label(state, c) for c in cands],
        "effect.apply", {"ctx": ctx, "cont": cont}, option_info=lambda: [target_info(state, c) for c in cands])


def _with_binding(f: Frame, name: str, target: Any) -> Frame:
    ctx = f.args.get("ctx")
    if not isinstance(ctx, Ctx):
        return f
    return Frame(f.step, {**f.args, "ctx": ctx.bind(name, target)})


@op("effect.apply")
def _apply(state: GameState, args: dict[str, Any]) -> None:
    ctx, cont, target = args["ctx"], args["cont"], args["answer"]
    spec = spec_for(state, ctx.ref)
    name = (spec.target or {}).get("as") if spec.target else None
    if name:
        ctx = ctx.bind(name, target)
        cont = tuple(_with_binding(f, name, target) for f in cont)
    then(state, *cont)
    if ctx.ref is not None and ctx.ref.kind == GOODWILL and (spec.target or {}).get("choose") != "self":
        note_goodwill_target(state, target)  # an ability acting on its own character targets no character (AH FAQ A15)
    if spec.call:
        CALLS[spec.call].run(state, ctx, target)
        return
    apply_effect(state, spec.effect, target, ctx)


def note_goodwill_target(state: GameState, target: Any) -> None:
    """Remember a character the Goodwill ability being resolved chose (Another Horizon's Lullaby:
    "the target of that ability dies" once it has resolved)."""
    if isinstance(target, str) and target in state.board.chars and target not in state.today.goodwill_targets:
        state.today.goodwill_targets = (*state.today.goodwill_targets, target)


def apply_effect(state: GameState, effect: Any, target: Any, ctx: Ctx) -> None:
    if isinstance(effect, str):
        EFFECTS[effect](state, None, target, ctx)
        return
    (k, v), = effect.items()
    EFFECTS[k](state, v, target, ctx)


def _cause(ctx: Ctx) -> Any:
    return ctx.cause if ctx.cause is not None else T("cause.an_ability")


@EFFECTS.word("kill")
def _e_kill(state: GameState, arg: Any, target: Any, ctx: Ctx) -> None:
    """The target dies (unless a replacement effect stops it: immortal, a Guard counter)."""
    kill(state, target, _cause(ctx))


@EFFECTS.word("revive")
def _e_revive(state: GameState, arg: Any, target: Any, ctx: Ctx) -> None:
    """The target corpse comes back to life where it lies."""
    revive(state, target)


@EFFECTS.word("reveal_role")
def _e_reveal_role(state: GameState, arg: Any, target: Any, ctx: Ctx) -> None:
    """Announce the target's role (the role it holds right now) to everyone."""
    then(state, frame("role.reveal", character=target))


@EFFECTS.word("reveal_culprit")
def _e_reveal_culprit(state: GameState, arg: Any, target: Any, ctx: Ctx) -> None:
    """The target is an incident index: announce its culprit."""
    reveal_culprit(state, target)


@EFFECTS.word("kill_protagonists")
def _e_kill_protagonists(state: GameState, arg: Any, target: Any, ctx: Ctx) -> None:
    """The Protagonists die: they lose and the loop ends at once."""
    kill_protagonists(state, _cause(ctx))


@EFFECTS.word("protagonists_lose")
def _e_protagonists_lose(state: GameState, arg: Any, target: Any, ctx: Ctx) -> None:
    """The Protagonists lose and the loop ends at once (Time Traveler)."""
    emit(state, "protagonists_lose", T("event.protagonists_lose"))
    lose_loop(state, _cause(ctx), immediate=True)


@EFFECTS.word("extra_card")
def _e_extra_card(state: GameState, arg: Any, target: Any, ctx: Ctx) -> None:
    """Put an Extra card on the target character."""
    place_extra_card(state, target, _cause(ctx))


def _locations_label(state: GameState, dests: list[str]) -> Any:
    return lambda: [the_location(l) for l in dests]


@EFFECTS.word("move_adjacent")
def _e_move_adjacent(state: GameState, arg: Any, target: Any, ctx: Ctx) -> None:
    """The chooser moves the target one step up, down or sideways (never diagonal), to a location it may enter."""
    here = state.board.chars[target].location
    assert here is not None, "only characters on the board move"
    dests = [d for d in B.adjacent(state.rules, here) if d not in forbidden_locations(state, target)]
    if dests:
        ask(state, ctx.seat, "choose_location", T("prompt.choose_location", character=character(target)), dests,
            _locations_label(state, dests), "effect.move", {"ctx": ctx, "character": target},
            option_info=[{"location": l, "board_target": l} for l in dests])
    else:
        emit(state, "move_blocked", T("event.move_blocked_adjacent", character=character(target)), character=target)


@EFFECTS.word("move_anywhere")
def _e_move_anywhere(state: GameState, arg: Any, target: Any, ctx: Ctx) -> None:
    """The chooser moves the target character to any other location it may enter (the Illusion)."""
    here = state.board.chars[target].location
    _ask_destination(state, ctx, target, [l for l in state.rules.locations if l != here and l not in forbidden_locations(state, target)])


@EFFECTS.word("move_anywhere_or_stay")
def _e_move_anywhere_or_stay(state: GameState, arg: Any, target: Any, ctx: Ctx) -> None:
    """The chooser moves the target character to any location it may enter, the one where it stands
    included (Missing Person: docs/rulings.md missing-person-may-stay); staying is no move."""
    _ask_destination(state, ctx, target, [l for l in state.rules.locations if l not in forbidden_locations(state, target)])


def _ask_destination(state: GameState, ctx: Ctx, target: str, dests: list[str]) -> None:
    if dests:
        ask(state, ctx.seat, "choose_location", T("prompt.choose_location", character=character(target)), dests,
            _locations_label(state, dests), "effect.move", {"ctx": ctx, "character": target},
            option_info=[{"location": l, "board_target": l} for l in dests])


def _counter_effect(arg: Any) -> list[str]:
    if not isinstance(arg, dict) or set(arg) != {"counter", "n"}:
        return ["takes {counter: KIND, n: N}"]
    return []


@EFFECTS.word("place", keyed=True, validate=_counter_effect)
def _e_place(state: GameState, arg: Any, target: Any, ctx: Ctx) -> None:
    """Put N counters of KIND on the target character or location: {counter: KIND, n: N}."""
    place(state, target, arg["counter"], arg["n"], why=ctx.why)


@EFFECTS.word("remove", keyed=True, validate=_counter_effect)
def _e_remove(state: GameState, arg: Any, target: Any, ctx: Ctx) -> None:
    """Take away up to N counters of KIND (never below 0; `n: all` takes every one): {counter: KIND, n: N}."""
    n = count(state, target, arg["counter"]) if arg["n"] == "all" else arg["n"]
    remove(state, target, arg["counter"], n, why=ctx.why)


@EFFECTS.word("resolve_as_incident", keyed=True)
def _e_resolve_as(state: GameState, arg: Any, target: Any, ctx: Ctx) -> None:
    """The chooser picks one of these incidents; its steps run as this incident (Conspiracies)."""
    ask(state, ctx.seat, "choose_effect", T("prompt.resolve_as"), list(arg), lambda: [Ref("incident", i) for i in arg],
        "effect.resolve_as", {"ctx": ctx}, option_info=[{"incident_id": i} for i in arg])


def _one_of(arg: Any) -> list[str]:
    from .validate import effect_problems

    if not isinstance(arg, list):
        return ["takes a list of effects"]
    return [p for e in arg for p in effect_problems(e)]


@EFFECTS.word("one_of", keyed=True, validate=_one_of)
def _e_one_of(state: GameState, arg: Any, target: Any, ctx: Ctx) -> None:
    """The chooser picks one of the listed place / remove effects (answered by its index from 0)."""
    labels = [_describe(e) for e in arg]
    ask(state, ctx.seat, "choose_effect", T("prompt.one_of", target=target_label(state, target)), list(range(len(arg))),
        labels, "effect.one_of", {"ctx": ctx, "target": target},
        option_info=[{"effect": next(iter(e)), "counter": e[next(iter(e))]["counter"], "n": e[next(iter(e))]["n"]} for e in arg])


def _describe(effect: Any) -> Text:
    (k, v), = effect.items()
    return T(f"label.effect.{k}", n=v["n"], kind=Ref("counter", v["counter"]))


@op("effect.one_of")
def _one_of_answer(state: GameState, args: dict[str, Any]) -> None:
    ctx = args["ctx"]
    spec = spec_for(state, ctx.ref)
    apply_effect(state, spec.effect["one_of"][args["answer"]], args["target"], ctx)


@op("effect.resolve_as")
def _resolve_as(state: GameState, args: dict[str, Any]) -> None:
    ctx, inc = args["ctx"], args["answer"]
    emit(state, "resolves_as", T("event.resolves_as", incident=Ref("incident", inc)), incident=ctx.incident, resolves_as=inc)
    run_steps(state, ctx, [AbilityRef.incident_kind(inc, n) for n in range(len(state.rules.incidents[inc].steps))])


@op("effect.move")
def _move(state: GameState, args: dict[str, Any]) -> None:
    if state.board.chars[args["character"]].location == args["answer"]:
        return  # left where it stands (Missing Person): nothing moves
    move(state, args["character"], args["answer"])


LIAR = "may_lie_on_reveal"
TRAITS.add(LIAR, doc="role: when its role is revealed the Mastermind may announce another non-Person role of the script (Ninja)")


@op("role.reveal")
def _reveal(state: GameState, args: dict[str, Any]) -> None:
    """Reveal a character's role: the role it holds right now (docs/rulings.md paranoia-virus-continuous).

    A role with trait `may_lie_on_reveal` (Midnight Zone's Ninja) may instead be announced as any
    other non-Person role of the script: the Mastermind chooses. In a set that has such a role the
    Mastermind is asked at every reveal (one option unless the role may lie), so that being asked
    tells the table nothing.
    """
    ch = args["character"]
    rules = state.rules
    if not any(r.has_trait(LIAR) for r in rules.roles.values()):
        reveal_role(state, ch)
        return
    truth = effective_role(state, ch)
    script_role = state.script.cast[ch]
    opts = [truth]
    if rules.roles[script_role].has_trait(LIAR):  # the right to lie goes with the script's role (ninja-lie-options)
        order = list(rules.roles)
        opts += sorted({r for r in state.script.cast.values() if r not in ("person", truth, script_role)}, key=order.index)
    labels = [T("label.tell_truth", role=Ref("role", truth))] + [T("label.announce_instead", role=Ref("role", r)) for r in opts[1:]]
    ask(state, MASTERMIND, "reveal_role", T("prompt.reveal_role", character=character(ch)), opts, labels,
        "role.reveal_answer", {"character": ch}, force=True, option_info=[{"role": r} for r in opts])


@op("role.reveal_answer")
def _reveal_answer(state: GameState, args: dict[str, Any]) -> None:
    ch, shown = args["character"], args["answer"]
    truth = effective_role(state, ch)
    if shown == truth:
        reveal_role(state, ch)
        return
    reveal_role(state, ch, shown)
    emit(state, "role_lie", T("event.role_lie", character=character(ch), role=Ref("role", truth), announced=Ref("role", shown)),
         GM, character=ch, role=truth, announced=shown)
