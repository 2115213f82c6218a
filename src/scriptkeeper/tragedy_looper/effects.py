"""The effect vocabulary: targets, effects and the steps that run an ability.

An ability (role ability, Goodwill ability, plot rule or incident step) is data: an optional
condition (`if`), a `target` spec and an `effect`, or a `call:` to a registered function. This
module turns that data into steps on the engine's stack, asking the chooser a decision whenever
a target or an option must be picked. docs/rules-data.md lists the vocabulary.
"""

from __future__ import annotations

from typing import Any, Callable

from .actions import (OPS, ask, emit, kill, kill_protagonists, lose_loop, move, op, place, place_extra_card, remove, reveal_culprit,
                      reveal_role, revive, then)
from .query import (ability_locations, count, effective_role, forbidden_locations, has_trait, holders_of_role, holds,
                    move_destination, paranoia_limit)
from ..core.events import GM
from .rules import LOCATIONS
from .state import MASTERMIND, GameState

Call = Callable[[GameState, dict[str, Any]], None]
CALLS: dict[str, Call] = {}
AVAILABLE: dict[str, Callable[[GameState, dict[str, Any]], bool]] = {}


def register(call_id: str, available: Callable[[GameState, dict[str, Any]], bool] | None = None) -> Callable[[Call], Call]:
    """Register a rule that needs code under the id its YAML entry names with `call:`."""

    def deco(fn: Call) -> Call:
        CALLS[call_id] = fn
        if available is not None:
            AVAILABLE[call_id] = available
        return fn

    return deco


# ---------------------------------------------------------------- specs by key
def spec_for(state: GameState, key: str) -> Any:
    """The data of an ability from its key: CHAR:gw:I, CHAR:ROLE:I, plot:PLOT:I, incident:IDX:STEP
    (a step of the script's incident IDX) or incdef:INCIDENT:STEP (a step of an incident kind, run on
    behalf of another incident: Midnight Zone's Conspiracies)."""
    kind, a, b = key.split(":")
    if kind == "incdef":
        return state.rules.incidents[a].steps[int(b)]
    if kind == "plot":
        return state.rules.plot(a).rules[int(b)]
    if kind == "incident":
        inc = state.script.incidents[int(a)]
        return state.rules.incidents[inc.incident].steps[int(b)]
    if a == "gw":
        return state.rules.characters[kind].goodwill[int(b)]
    return state.rules.roles[a].abilities[int(b)]


def condition_of(spec: Any) -> Any:
    return getattr(spec, "condition", None)


# ---------------------------------------------------------------- targets
def _char_ok(state: GameState, ch: str, where: list[Any], ctx: dict[str, Any]) -> bool:
    c = state.chars[ch]
    src = ctx.get("source")
    culprit = ctx.get("culprit")
    for f in where:
        if f == "here":
            if c.location not in ctx.get("here", []):
                return False
        elif f == "other":
            if ch == src:
                return False
        elif f == "student":
            if "student" not in state.rules.characters[ch].tags:
                return False
        elif f == "paranoia_at_limit":
            if count(state, ch, "paranoia") < paranoia_limit(state, ch):
                return False
        elif f == "in_turf":
            if src is None or c.location != state.script.turf.get(src):
                return False
        elif f == "culprit_here":
            if culprit is None or c.location != state.chars[culprit].location:
                return False
        elif f == "not_culprit":
            if ch == culprit:
                return False
        elif f == "died_previous_loop":
            if ch not in state.previous_loop.get("dead", []):
                return False
        elif isinstance(f, dict):
            (k, v), = f.items()
            if k == "counter_at_least":
                if count(state, ch, v[0]) < v[1]:
                    return False
            elif k == "role_trait":
                if not has_trait(state, ch, v):
                    return False
            elif k == "role":
                # The role itself, not abilities gained from another role (a Factor is not the Key Person).
                if effective_role(state, ch) != v:
                    return False
            elif k == "at":
                if c.location != v:
                    return False
            elif k == "not":
                if ctx.get("bound", {}).get(v) == ch:
                    return False
            else:
                raise ValueError(f"unknown target filter {f!r}")
        else:
            raise ValueError(f"unknown target filter {f!r}")
    return True


def candidates(state: GameState, spec: dict[str, Any] | None, ctx: dict[str, Any]) -> tuple[str, list[Any]]:
    """('choose' | 'all', candidate targets) for a target spec; ('none', [None]) without a target."""
    if spec is None:
        return "all", [None]
    if "location" in spec:
        return "all", [spec["location"]]
    where = spec.get("where", [])
    if "all" in spec:
        what = spec["all"]
        assert what == "character", spec
        return "all", [ch for ch in state.script.cast if state.in_play(ch) and _char_ok(state, ch, where, ctx)]
    what = spec["choose"]
    src, culprit = ctx.get("source"), ctx.get("culprit")
    if what == "self":
        # corpse_ok: the ability acts on its own corpse too (an on-death ability).
        ok = src and (state.in_play(src) or (spec.get("corpse_ok") and state.chars[src].location is not None))
        return "all", [src] if ok else []
    if what == "this_incident":
        return "all", [ctx["incident"]] if ctx.get("incident") is not None else []
    if what == "location_of_role":
        # Where the living holders of a role stand (Unsafe Trigger: the Factor's location).
        locs = [state.chars[ch].location for ch in holders_of_role(state, spec["role"]) if state.in_play(ch)]
        return "all", list(dict.fromkeys(locs))
    if what == "culprit":
        return "all", [culprit] if culprit and state.in_play(culprit) else []
    if what == "culprit_location":
        loc = state.chars[culprit].location if culprit else None
        return "all", [loc] if loc else []
    if what == "character":
        return "choose", [ch for ch in state.script.cast if state.in_play(ch) and _char_ok(state, ch, where, ctx)]
    if what == "corpse":
        here = ctx.get("here", [])
        return "choose", [ch for ch in state.script.cast
                          if not state.chars[ch].alive and state.chars[ch].location is not None
                          and ("here" not in where or state.chars[ch].location in here)]
    if what == "location":
        return "choose", list(LOCATIONS)
    if what == "location_or_character":
        locs = ctx.get("here", []) if "here" in where else list(LOCATIONS)
        chars = [ch for ch in state.script.cast if state.in_play(ch) and state.chars[ch].location in locs]
        return "choose", [*locs, *chars]
    if what == "incident":
        idxs = list(range(len(state.script.incidents)))
        if "occurred_this_loop" in where:
            idxs = [i for i in idxs if i in state.occurred]
        return "choose", idxs
    raise ValueError(f"unknown target spec {spec!r}")


def has_targets(state: GameState, spec: Any, ctx: dict[str, Any]) -> bool:
    kind, cands = candidates(state, spec.target, ctx)
    return bool(cands) if kind == "choose" or spec.target is not None else True


def start_ctx(state: GameState, key: str, source: str | None, seat: str, *, role_ability: bool, **extra: Any) -> dict[str, Any]:
    if source is None:
        here: list[str] = []
    elif role_ability:
        here = ability_locations(state, source)
    else:
        loc = state.chars[source].location
        here = [loc] if loc else []
    return {"key": key, "source": source, "seat": seat, "here": here, "bound": {}, **extra}


def usable(state: GameState, spec: Any, ctx: dict[str, Any]) -> bool:
    """Could this ability do something now: its condition holds and it has a target."""
    if not holds(state, condition_of(spec), ctx):
        return False
    if spec.call:
        check = AVAILABLE.get(spec.call)
        return check(state, ctx) if check else True
    return has_targets(state, spec, ctx)


# ---------------------------------------------------------------- running an ability
def run(state: GameState, ctx: dict[str, Any], cont: Any = None) -> None:
    """Queue the ability or incident step named by ctx['key']; then `cont` (a frame) if given."""
    then(state, ("effect.begin", {"ctx": ctx, "cont": cont}))


@op("effect.begin")
def _begin(state: GameState, args: dict[str, Any]) -> None:
    ctx, cont = args["ctx"], args["cont"]
    spec = spec_for(state, ctx["key"])
    if cont:
        then(state, tuple(cont))
    if not holds(state, condition_of(spec), ctx):
        return
    if spec.call:
        CALLS[spec.call](state, ctx)
        return
    kind, cands = candidates(state, spec.target, ctx)
    if kind == "all":
        for t in reversed(cands):
            then(state, ("effect.apply", {"ctx": ctx, "answer": t}))
        return
    if not cands:
        emit(state, "no_target", "It has no possible target, so nothing happens.")
        return
    ask(state, ctx["seat"], "choose_target", "Choose a target.", cands, [_label(state, c) for c in cands],
        "effect.apply", {"ctx": ctx})


def _label(state: GameState, target: Any) -> str:
    if isinstance(target, str) and target in LOCATIONS:
        return f"the {state.name(target)}"
    return state.name(target)


@op("effect.apply")
def _apply(state: GameState, args: dict[str, Any]) -> None:
    ctx, target = args["ctx"], args["answer"]
    spec = spec_for(state, ctx["key"])
    name = (spec.target or {}).get("as") if spec.target else None
    if name:
        ctx["bound"][name] = target
    apply_effect(state, spec.effect, target, ctx)


def apply_effect(state: GameState, effect: Any, target: Any, ctx: dict[str, Any]) -> None:
    why = ctx.get("why", "")
    if isinstance(effect, str):
        if effect == "kill":
            kill(state, target, ctx.get("cause", "an ability"))
        elif effect == "revive":
            revive(state, target)
        elif effect == "reveal_role":
            then(state, ("role.reveal", {"character": target}))
        elif effect == "reveal_culprit":
            reveal_culprit(state, target)
        elif effect == "kill_protagonists":
            kill_protagonists(state, ctx.get("cause", "an ability"))
        elif effect == "protagonists_lose":
            emit(state, "protagonists_lose", "The Protagonists lose; the loop ends.")
            lose_loop(state, ctx.get("cause", "an ability"), immediate=True)
        elif effect == "extra_card":
            place_extra_card(state, target, ctx.get("cause", "an ability"))
        elif effect == "move_adjacent":
            # One step up/down or sideways, never diagonal, to a location the character may enter.
            here = state.chars[target].location
            assert here is not None, "only characters on the board move"
            dests = [d for d in (move_destination(here, (1, 0)), move_destination(here, (0, 1)))
                     if d not in forbidden_locations(state, target)]
            if dests:
                ask(state, ctx["seat"], "choose_location", f"Where does {state.name(target)} go?", dests,
                    [f"the {state.name(l)}" for l in dests], "effect.move", {"ctx": ctx, "character": target})
            else:
                emit(state, "move_blocked", f"{state.name(target)} cannot enter any adjacent location and stays put.", character=target)
        elif effect == "move_anywhere":
            here = state.chars[target].location
            dests = [l for l in LOCATIONS if l != here and l not in forbidden_locations(state, target)]
            if dests:
                ask(state, ctx["seat"], "choose_location", f"Where does {state.name(target)} go?", dests,
                    [f"the {state.name(l)}" for l in dests], "effect.move", {"ctx": ctx, "character": target})
        else:
            raise ValueError(f"unknown effect {effect!r}")
        return
    (k, v), = effect.items()
    if k == "place":
        place(state, target, v["counter"], v["n"], why=why)
    elif k == "remove":
        n = count(state, target, v["counter"]) if v["n"] == "all" else v["n"]
        remove(state, target, v["counter"], n, why=why)
    elif k == "resolve_as_incident":
        # The chooser picks one of these incidents; its steps run as this incident (Conspiracies).
        ask(state, ctx["seat"], "choose_effect", "Choose which incident this resolves as.", list(v),
            [state.rules.incidents[i].name for i in v], "effect.resolve_as", {"ctx": ctx})
    elif k == "one_of":
        labels = [_describe(e) for e in v]
        ask(state, ctx["seat"], "choose_effect", f"Choose what happens to {_label(state, target)}.",
            list(range(len(v))), labels, "effect.one_of", {"ctx": ctx, "target": target})
    else:
        raise ValueError(f"unknown effect {effect!r}")


def _describe(effect: Any) -> str:
    (k, v), = effect.items()
    verb = {"place": "place", "remove": "remove"}[k]
    return f"{verb} {v['n']} {v['counter'].capitalize()}"


@op("effect.one_of")
def _one_of(state: GameState, args: dict[str, Any]) -> None:
    ctx = args["ctx"]
    spec = spec_for(state, ctx["key"])
    apply_effect(state, spec.effect["one_of"][args["answer"]], args["target"], ctx)


@op("effect.resolve_as")
def _resolve_as(state: GameState, args: dict[str, Any]) -> None:
    ctx, inc = args["ctx"], args["answer"]
    emit(state, "resolves_as", f"It resolves as {state.rules.incidents[inc].name}.", incident=ctx.get("incident"), resolves_as=inc)
    for n in reversed(range(len(state.rules.incidents[inc].steps))):
        then(state, ("effect.begin", {"ctx": {**ctx, "key": f"incdef:{inc}:{n}"}, "cont": None}))


@op("effect.move")
def _move(state: GameState, args: dict[str, Any]) -> None:
    move(state, args["character"], args["answer"])


LIAR = "may_lie_on_reveal"


@op("role.reveal")
def _reveal(state: GameState, args: dict[str, Any]) -> None:
    """Reveal a character's role (the script's role).

    A role with trait `may_lie_on_reveal` (Midnight Zone's Ninja) may instead be announced as any
    other non-Person role of the script: the Mastermind chooses. In a set that has such a role the
    Mastermind is asked at every reveal (one option unless the role may lie), so that being asked
    tells the table nothing.
    """
    ch = args["character"]
    if not any(LIAR in r.traits for r in state.rules.roles.values()):
        reveal_role(state, ch)
        return
    truth = state.script.cast[ch]
    opts = [truth]
    if LIAR in state.rules.roles[truth].traits:
        order = list(state.rules.roles)
        opts += sorted({r for r in state.script.cast.values() if r not in ("person", truth)}, key=order.index)
    labels = [f"Tell the truth: {state.rules.roles[truth].name}"] + [f"Announce {state.rules.roles[r].name} instead" for r in opts[1:]]
    ask(state, MASTERMIND, "reveal_role", f"{state.name(ch)}'s role is to be revealed.", opts, labels,
        "role.reveal_answer", {"character": ch}, force=True)


@op("role.reveal_answer")
def _reveal_answer(state: GameState, args: dict[str, Any]) -> None:
    ch, shown = args["character"], args["answer"]
    truth = state.script.cast[ch]
    if shown == truth:
        reveal_role(state, ch)
        return
    reveal_role(state, ch, shown)
    emit(state, "role_lie", f"{state.name(ch)} is really the {state.rules.roles[truth].name}: "
         f"{state.rules.roles[shown].name} was announced instead.", GM, character=ch, role=truth, announced=shown)


__all__ = ["CALLS", "AVAILABLE", "register", "run", "usable", "start_ctx", "spec_for", "candidates", "OPS", "MASTERMIND"]
