"""Questions every rule asks about a game: effective counts, effective roles and traits, conditions.

Each is one function so that later sets change the answer in one place: counters that count as
other kinds (board.count), plots that change roles during play (Paranoia Virus, Fated
Connections), roles that gain other roles' abilities (Factor). A rule never reads a counter
dictionary or the script's role table directly. The condition words of the rules vocabulary are
registered here, each with its validator.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterator

from ..core.text import Text
from . import board as B
from .refs import AbilityRef
from .rules import Ability, RuleBook
from .script import Script
from .state import GameState
from .vocab import CONDITIONS, TRAITS

TRAITS.add("vetoes_incidents_here", doc="role: an incident whose culprit is another character in its location does not occur (Prophet)")


# ================================================================ the context of a running rule
@dataclass(frozen=True, slots=True)
class Ctx:
    """Who and what a running ability, plot rule or incident is about (never changed in place)."""

    ref: AbilityRef | None = None  # which ability (its data: spec_for)
    source: str | None = None  # its character; None for a plot rule
    seat: str = "mastermind"  # who makes its choices
    here: tuple[str, ...] = ()  # the locations that count as "here"
    bound: tuple[tuple[str, Any], ...] = ()  # targets remembered with `as:`
    cause: Text | None = None  # what the log names as its cause
    why: Any = ""  # a Text appended to counter and move messages (" by a Mastermind ability"), or ""
    culprit: str | None = None  # incidents: the culprit
    incident: int | None = None  # incidents: the schedule index
    sources: tuple[str, ...] = ()  # grouped mandatory abilities: every holder

    def bind(self, name: str, target: Any) -> "Ctx":
        return replace(self, bound=tuple(sorted({**dict(self.bound), name: target}.items(), key=lambda kv: kv[0])))

    def bound_value(self, name: str) -> Any:
        return dict(self.bound).get(name)

    def with_ref(self, ref: AbilityRef) -> "Ctx":
        return replace(self, ref=ref)


SOURCE_ONLY: dict[str | None, Ctx] = {}


def about(ch: str | None) -> Ctx:
    """A context whose only fact is its character (conditions "on the character")."""
    c = SOURCE_ONLY.get(ch)
    if c is None:
        c = SOURCE_ONLY[ch] = Ctx(source=ch)
    return c


# ================================================================ counters
def count(state: GameState, target: str, kind: str) -> int:
    """The effective number of `kind` counters on a character or location."""
    return B.count(state.rules, state.board, target, kind)


def paranoia_limit(state: GameState, ch: str) -> int:
    return state.rules.characters[ch].paranoia_limit


# ================================================================ roles
def script_role(state: GameState, ch: str) -> str:
    """The role the script gives (what the Final Guess must name)."""
    return state.script.cast[ch]


TRAITS.add("guessed_as_person_too", doc="role: in the Final Guess, naming it Person is right too (Rei's Fragment)")


def guessed_characters(state: GameState) -> list[str]:
    """The characters the Final Guess names: the script's cast, without those no script may name (Part-Timer(?))."""
    rules = state.rules
    return [ch for ch in state.script.cast if not rules.characters[ch].has_trait("never_in_a_script")]


def guess_is_right(state: GameState, ch: str, guessed: str | None) -> bool:
    """Is a Final Guess right: the script's role, or Person for a role that may be guessed so (the Fragment)."""
    role = script_role(state, ch)
    return guessed == role or (guessed == "person" and state.rules.roles[role].has_trait("guessed_as_person_too"))


def effective_role(state: GameState, ch: str) -> str:
    """The role a character holds right now, after plot rules that change roles."""
    script = state.script
    known = _roles_table(state)[ch]
    role = known.base
    if known.fixed:
        return role
    dual = state.rules.roles[role].dual
    if dual is not None:  # Another Horizon's Dual Role: the half of the world the table is in
        role = dual[B.world(state.rules, state.board) or B.LIGHT]
    for change in script.role_changes:
        # No `from`: any role changes (Midnight Zone's Fated Connections: every holder of an Extra card).
        if change.get("from", role) == role and holds(state, change.get("if"), about(ch)):
            role = change["to"]
    return role


class _CharacterRoles:
    """What a script decides once and for all about a character's roles (and its card's Goodwill
    abilities the Mastermind may use). `possible`: its role, and
    every role a plot rule may change it into or it may gain abilities of; `traits` and `timings`
    (of abilities, with whether they are optional) of those roles. `fixed` when no plot rule can
    change its role and its role gains no other's: then `roles` and `abilities` are its roles and
    role abilities for the whole game."""

    __slots__ = ("base", "fixed", "possible", "traits", "timings", "roles", "abilities", "mastermind_goodwill")

    def __init__(self, script: Script, rules: RuleBook, ch: str) -> None:
        # The role it plays with: the script's, or Person for a character that ignores its role (Part-Timer).
        role = self.base = "person" if rules.characters[ch].has_trait("plays_as_person") else script.cast[ch]
        changes = script.role_changes
        possible = {role}
        dual = rules.roles[role].dual
        if dual is not None:  # a Dual Role holds each of its halves in turn (effective_role)
            possible |= set(dual.values())
        while True:
            more = {c["to"] for c in changes if "from" not in c or c["from"] in possible}
            more |= {g.role for r in possible for g in rules.roles[r].gains}
            if more <= possible:
                break
            possible |= more
        self.possible = frozenset(possible)
        self.traits = frozenset(t for r in possible for t in rules.roles[r].trait_names)
        self.timings = frozenset((ab.timing, ab.optional) for r in possible for ab in rules.roles[r].abilities)
        # A role change names the role it changes (`from`), or changes any role (no `from`).
        self.fixed = possible == {role} and not any("from" not in c or c["from"] == role for c in changes)
        if dual is not None:
            role = dual["light"]  # unused while not fixed; kept a real role for the lists below
        self.roles = [role]
        self.abilities = [(AbilityRef.of_role(ch, role, i), ab) for i, ab in enumerate(rules.roles[role].abilities)]
        # The character's card has a Goodwill ability the Mastermind may use (a role with refusal).
        self.mastermind_goodwill = any(gw.mastermind_may_use_with_refusal for gw in rules.characters[ch].goodwill)


def _roles_table(state: GameState) -> dict[str, _CharacterRoles]:
    """Per script, what never changes about each character's roles: role lookups are asked
    thousands of times a game, and on most scripts most roles cannot change. Kept on the script
    beside the rule book it was made from (a test may hand a script another rule book)."""
    script = state.script
    d = script.__dict__
    held = d.get("_roles_table")
    if held is not None and held[0] is d.get("rules"):  # the rule book, once read, sits in the same dict
        table: dict[str, _CharacterRoles] = held[1]
        return table
    rules = script.rules
    held = d["_roles_table"] = (rules, {ch: _CharacterRoles(script, rules, ch) for ch in script.cast})
    return held[1]


def who_may_have(state: GameState, timings: frozenset[tuple[str, bool]], goodwill_too: bool = False) -> list[tuple[str, bool]]:
    """(character, whether by a role) in cast order, for the characters that could ever have a role
    ability of one of `timings` ((timing, optional) pairs), or, with `goodwill_too`, a Goodwill
    ability the Mastermind may use: the others never need to be looked at for them (once per script)."""
    script = state.script
    held = script.__dict__.get("_who_may_have")
    rules = script.rules
    if held is None or held[0] is not rules:
        held = script.__dict__["_who_may_have"] = (rules, {})
    table: dict[tuple[frozenset[tuple[str, bool]], bool], list[tuple[str, bool]]] = held[1]
    key = (timings, goodwill_too)
    out = table.get(key)
    if out is None:
        known = _roles_table(state)
        out = table[key] = [(ch, not timings.isdisjoint(known[ch].timings)) for ch in script.cast
                            if not timings.isdisjoint(known[ch].timings) or (goodwill_too and known[ch].mastermind_goodwill)]
    return out


def ability_timings(state: GameState, ch: str) -> frozenset[tuple[str, bool]]:
    """(timing, optional) of every role ability the character could ever have in this script (a
    character without a timing never needs its roles looked at for it)."""
    return _roles_table(state)[ch].timings


def possible_traits(state: GameState, ch: str) -> frozenset[str]:
    """The traits of every role the character could ever hold or gain in this script (has_trait is
    False for any other, whatever happens)."""
    return _roles_table(state)[ch].traits


def mastermind_goodwill(state: GameState, ch: str) -> bool:
    """Has the character a Goodwill ability the Mastermind may use (with a role that refuses)?"""
    return _roles_table(state)[ch].mastermind_goodwill


def roles_of(state: GameState, ch: str) -> list[str]:
    """The effective role plus every role whose abilities it gains (Factor)."""
    known = _roles_table(state)[ch]
    if known.fixed:
        return known.roles  # callers never change it
    role = effective_role(state, ch)
    out = [role]
    for gain in state.rules.roles[role].gains:
        if holds(state, gain.condition, about(ch)) and gain.role not in out:
            out.append(gain.role)
    return out


def has_trait(state: GameState, ch: str, trait: str) -> bool:
    """Does a role the character holds, or has the abilities of, have `trait`?"""
    known = _roles_table(state)[ch]
    if known.fixed or trait not in known.traits:
        return trait in known.traits
    roles = state.rules.roles
    return any(roles[r].has_trait(trait) for r in roles_of(state, ch))


def refusal(state: GameState, ch: str) -> str:
    """The character's Goodwill Refusal (none, optional or mandatory): its role's (a plot rule may give
    a role one: `refusal_change`, Last Liar's The Mythomaniac's Secret), changed by Hope and Despair
    counters on it (board.goodwill_refusal)."""
    role = effective_role(state, ch)
    base = state.rules.roles[role].refusal
    for _, _, rule in state.script.plot_rules:
        if rule.refusal_change is not None and rule.refusal_change.get("role") == role:
            base = rule.refusal_change["refusal"]
    return B.goodwill_refusal(state.board, ch, base)


def puppeted(state: GameState, ch: str) -> bool:
    """Another Horizon's Puppeted Goodwill Refusal: the character has Goodwill Refusal of some kind
    now, and its role's refusal is Puppeted, or a plot makes every refusal Puppeted (Puppeteer's
    Strings, Despair's Mandatory refusal included). A Hope counter, which removes the refusal,
    removes the puppetry with it."""
    if refusal(state, ch) == "none":
        return False
    if state.rules.roles[effective_role(state, ch)].puppeted:
        return True
    return any(rule.all_refusal_puppeted for _, _, rule in state.script.plot_rules)


def world(state: GameState) -> str | None:
    """Another Horizon's Light or Dark World (None in a set without Warps)."""
    return B.world(state.rules, state.board)


def ability_goodwill(state: GameState, ch: str) -> int:
    """The counters that decide whether a Goodwill ability of the character can be used: its
    Goodwill, or, in Another Horizon's Dark World, its Paranoia (Change of Heart)."""
    return count(state, ch, "paranoia" if world(state) == B.DARK else "goodwill")


def trigger_count_kind(state: GameState, kind: str) -> str:
    """The counter an incident's trigger counts: its own, except that in Another Horizon's Dark
    World Goodwill is counted instead of Paranoia (Change of Heart); nothing else is switched."""
    return "goodwill" if kind == "paranoia" and world(state) == B.DARK else kind


def role_abilities(state: GameState, ch: str) -> list[tuple[AbilityRef, Ability]]:
    """(ref, ability) for every role ability the character has right now (callers never change the list)."""
    known = _roles_table(state)[ch]
    if known.fixed:
        return known.abilities
    out = []
    roles = state.rules.roles
    for role in roles_of(state, ch):
        for i, ab in enumerate(roles[role].abilities):
            out.append((AbilityRef.of_role(ch, role, i), ab))
    return out


def holders_of_role(state: GameState, role: str) -> list[str]:
    """Characters (alive or not) on the board whose effective role is `role`."""
    return [ch for ch in state.script.cast if state.board.chars[ch].location is not None and effective_role(state, ch) == role]


def forbidden_locations(state: GameState, ch: str) -> tuple[str, ...]:
    return B.forbidden_locations(state.rules, state.board, ch)


def ability_locations(state: GameState, ch: str) -> list[str]:
    return B.ability_locations(state.board, ch)


# ================================================================ conditions
def holds(state: GameState, cond: Any, ctx: Ctx) -> bool:
    """Evaluate a condition of the rules vocabulary (see docs/rules-data.md)."""
    if cond is None:
        return True
    if not isinstance(cond, dict) or len(cond) != 1:
        raise ValueError(f"bad condition {cond!r}")
    (op, arg), = cond.items()
    return bool(CONDITIONS[op](state, arg, ctx))


def _conditions(arg: Any) -> list[str]:
    from .validate import condition_problems

    if not isinstance(arg, list):
        return ["takes a list of conditions"]
    return [p for c in arg for p in condition_problems(c)]


def _counter_rule(n_args: int):
    def check(arg: Any) -> list[str]:
        if not isinstance(arg, list) or len(arg) != n_args:
            return [f"takes a list of {n_args} values"]
        return []

    return check


@CONDITIONS.word("all", keyed=True, validate=_conditions)
def _all(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """Every listed condition holds."""
    return all(holds(state, c, ctx) for c in arg)


@CONDITIONS.word("any", keyed=True, validate=_conditions)
def _any(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """At least one listed condition holds."""
    return any(holds(state, c, ctx) for c in arg)


@CONDITIONS.word("not", keyed=True, validate=lambda a: _conditions([a]))
def _not(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """The condition does not hold."""
    return not holds(state, arg, ctx)


@CONDITIONS.word("counter_at_least", keyed=True, validate=_counter_rule(2))
def _counter_at_least(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """The character has at least N counters of KIND: [KIND, N]."""
    kind, n = arg
    return ctx.source is not None and count(state, ctx.source, kind) >= n


@CONDITIONS.word("counter_at_most", keyed=True, validate=_counter_rule(2))
def _counter_at_most(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """The character has at most N counters of KIND: [KIND, N]."""
    kind, n = arg
    return ctx.source is not None and count(state, ctx.source, kind) <= n


@CONDITIONS.word("location_counter_at_least", keyed=True, validate=_counter_rule(3))
def _location_counter_at_least(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """A location (an id, `culprit_start` or {start_of_role: ROLE}) has at least N counters of KIND: [WHERE, KIND, N]."""
    where, kind, n = arg
    return any(count(state, l, kind) >= n for l in locations_of(state, where, ctx))


@CONDITIONS.word("role_counter_at_least", keyed=True, validate=_counter_rule(3))
def _role_counter_at_least(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """A character holding ROLE (alive or dead) has at least N counters of KIND: [ROLE, KIND, N]."""
    role, kind, n = arg
    return any(count(state, ch, kind) >= n for ch in holders_of_role(state, role))


@CONDITIONS.word("incident_occurred_this_loop", keyed=True)
def _incident_occurred(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """An incident of that kind occurred this loop."""
    return any(state.script.incidents[i].incident == arg for i in state.this_loop.occurred) \
        or arg in state.this_loop.occurred_unscheduled


@CONDITIONS.word("has_extra_card", keyed=True)
def _has_extra_card(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """The character holds an Extra card (true) or not (false)."""
    return (ctx.source in state.board.extra_cards) == bool(arg)


@CONDITIONS.word("role_is", keyed=True)
def _role_is(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """The character's effective role is ROLE."""
    return ctx.source is not None and effective_role(state, ctx.source) == arg


@CONDITIONS.word("role_in_play", keyed=True)
def _role_in_play(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """A living character on the board holds ROLE."""
    return any(state.in_play(ch) for ch in holders_of_role(state, arg))


@CONDITIONS.word("role_revealed_this_loop", keyed=True)
def _role_revealed_this_loop(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """The script's role of a character whose role was revealed this loop is one of ROLES (whatever was announced)."""
    return any(state.script.cast[ch] in arg for ch in state.this_loop.revealed)


@CONDITIONS.word("living_characters_at_most", keyed=True)
def _living_at_most(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """At most N characters are alive on the board."""
    return sum(1 for ch in state.script.cast if state.in_play(ch)) <= arg


@CONDITIONS.word("someone_died_previous_loop", keyed=True)
def _died_previous_loop(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """Someone died during the previous loop (true) or nobody did (false)."""
    return bool(state.previous_loop.dead) == bool(arg)


@CONDITIONS.word("gauge_at_least", keyed=True, validate=_counter_rule(2))
def _gauge_at_least(state: GameState, arg: Any, ctx: Ctx) -> bool:
    """A gauge of the set is at least N: [GAUGE, N] (Another Horizon: "if the Extra Gauge is 1 or higher")."""
    gauge, n = arg
    return state.board.gauges.get(gauge, 0) >= n


def locations_of(state: GameState, where: Any, ctx: Ctx) -> list[str]:
    """The locations a condition's WHERE names."""
    if where == "culprit_start":  # the culprit's starting location this loop (Fake Incident)
        culprit = ctx.culprit
        return [state.board.start[culprit]] if culprit in state.board.start else []
    if isinstance(where, str):
        return [where]
    if isinstance(where, dict) and "start_of_role" in where:
        return [state.board.start[ch] for ch in state.script.cast
                if state.script.cast[ch] == where["start_of_role"] and ch in state.board.start]
    raise ValueError(f"bad location reference {where!r}")


# ================================================================ incidents and cards
def incident_limit(state: GameState, culprit: str) -> int:
    """The limit an incident's culprit must reach: its Paranoia limit, changed by always-on plot rules
    (`incident_limit: {add: N, if: condition on the culprit}`; Worshippers of the Apocalypse)."""
    limit = paranoia_limit(state, culprit)
    for mod in state.script.incident_limit_changes:
        if holds(state, mod.get("if"), about(culprit)):
            limit += int(mod["add"])
    return limit


def incident_vetoed(state: GameState, culprit: str) -> bool:
    """Another living character in the culprit's location whose role has trait `vetoes_incidents_here`
    stops the incident, whatever the culprit's counters (Midnight Zone's Prophet)."""
    loc = state.board.chars[culprit].location
    return any(ch != culprit and has_trait(state, ch, "vetoes_incidents_here") and loc in ability_locations(state, ch)
               for ch in state.script.cast if state.in_play(ch))


def incident_forced_here(state: GameState, culprit: str) -> bool:
    """A living character in the culprit's location whose role has `incidents_here_trigger_with: KIND`,
    and 1 or more KIND counters on the living culprit: the incident occurs whatever its other
    counters (Last Liar's Watcher, with Despair; the Watcher's own incidents too)."""
    loc = state.board.chars[culprit].location
    roles = state.rules.roles
    for ch in state.script.cast:
        if not state.in_play(ch) or not has_trait(state, ch, "incidents_here_trigger_with") or loc not in ability_locations(state, ch):
            continue
        for r in roles_of(state, ch):
            for t in roles[r].traits:
                if t.name == "incidents_here_trigger_with" and B.raw(state.board, culprit, t.params) >= 1:
                    return True
    return False


def card_forbids(state: GameState, card_id: str) -> set[str]:
    """What a card forbids: its own `forbids`, plus what plot rules add (`card_also_forbids`; Unanswered Heart)."""
    card = state.rules.cards[card_id]
    out = {card.forbids} if card.kind == "forbid" and card.forbids else set()
    for extra in state.script.card_also_forbids:
        if extra["card"] == card_id:
            out.add(extra["forbids"])
    return out


def plot_rules(state: GameState) -> Iterator[tuple[AbilityRef, Ability]]:
    for plot, i, rule in state.script.plot_rules:
        yield AbilityRef.plot(plot, i), rule
