"""The primitive actions every rule is built from: emit an event, ask, push a step, place or remove
counters, kill, revive, move, reveal, lose.

Each primitive changes the board through its methods (board.py) and records what happened as a
registered event (events.py) with the right visibility; rules never touch the state another way.
Kill, move and place first consult the replacement effects (vocab.REPLACEMENTS, "instead of ..."),
in their written order; the base game's are registered here:

- kill: 10 `cannot_die` (a role with trait `immortal`: nothing happens on the board, only the
  Mastermind learns why), 20 `guard_counter` (a Guard counter is removed instead);
- move: 10 `forbidden_location` (a move into a forbidden location does not happen at all);
- place: none in the base game (the hook is there for the sets that need one);
- protagonists_die: 10 `soldier_shield` (the Soldier's Goodwill 5 holds: nothing happens).

Several characters moving at once (card resolution) are planned together and then moved, so a
rule that moves someone with someone else sees the whole movement.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ..core import flow
from ..core.events import GM, PUBLIC, Event, Visibility, sealed
from ..core.flow import Frame
from ..core.text import Ref, T, Text
from . import board as B
from .events import EVENT_TYPES
from .query import effective_role, forbidden_locations, has_trait, role_abilities, roles_of
from .refs import MASTERMIND, PROTAGONIST_SEATS
from .state import STEPS, GameState
from .texts import character, location, target as target_ref, who
from .vocab import REPLACEMENTS, TRAITS, Replacement, replacement

op = STEPS  # `@op("name")` registers a step of the game flow
then = flow.then

TRAITS.add("loss_on_death", doc="role: when the character dies, the Protagonists lose and the loop ends at once (Key Person)")
TRAITS.add("immortal", doc="role: the character cannot die; an attempt does nothing on the board (Time Traveler)")


def emit(state: GameState, type_: str, text: Text, visible_to: Visibility = PUBLIC, **data: Any) -> None:
    """Record an event of a registered type (events.py) with who may see it."""
    if type_ not in EVENT_TYPES:
        raise KeyError(f"event type {type_!r} is not in the event reference (tragedy_looper/events.py)")
    if state.record_events:
        state.events.append(Event(type_, text, visible_to, data))


def ask(state: GameState, seat: str, kind: str, prompt: Text, options: Sequence[Any], labels: Any, next_op: str,
        args: dict[str, Any] | None = None, *, force: bool = False, payloads: list[Any] | None = None,
        info: dict[str, Any] | None = None, option_info: Any = None) -> None:
    """Ask `seat` a decision; see core.flow.ask."""
    flow.ask(state, seat, kind, prompt, options, labels, next_op, args, force=force, payloads=payloads, info=info,
             option_info=option_info)


def frame(step: str, **args: Any) -> Frame:
    return Frame(step, args)


# ---------------------------------------------------------------- losing
def lose_loop(state: GameState, reason: Text, *, immediate: bool) -> None:
    """The Protagonists lose this loop; an immediate loss ends the loop at once."""
    facts = state.this_loop
    if reason not in facts.loss_reasons:
        facts.loss_reasons.append(reason)
    facts.lost = True
    emit(state, "loss_reason", T("event.loss_reason", reason=reason), GM, reason=reason)
    if immediate:
        state.end_loop_now = True


def kill_protagonists(state: GameState, reason: Text) -> None:
    """The Protagonists die and the loop ends, unless a replacement effect stops it (the Soldier)."""
    r = REPLACEMENTS.first("protagonists_die", state, reason=reason)
    if r is not None:
        r.replace(state, reason=reason)
        return
    emit(state, "protagonists_die", T("event.protagonists_die"))
    lose_loop(state, reason, immediate=True)


# ---------------------------------------------------------------- counters
def place(state: GameState, target: str, kind: str, n: int, *, why: Any = "") -> None:
    """Put `n` counters of `kind` on a character or location; a kind that may not lie there is
    never placed (Rei's Hope and Despair are for characters only: seed 000 FAQ A1)."""
    if ("location" if state.rules.is_location(target) else "character") not in state.rules.counters[kind].lies_on:
        return
    r = REPLACEMENTS.first("place", state, target=target, kind=kind, n=n, why=why)
    if r is not None:  # no base rule replaces placing counters; later sets may (vocab.replacement)
        r.replace(state, target=target, kind=kind, n=n, why=why)
        return
    state.board.add(target, kind, n)
    if state.record_events:  # (a simulation's log is off: its words are not made)
        emit(state, "counter", T("event.counter.placed", n=n, kind=Ref("counter", kind), target=target_ref(state.rules, target), why=why),
             target=target, kind=kind, delta=n)


def remove(state: GameState, target: str, kind: str, n: int, *, why: Any = "") -> None:
    taken = state.board.take(target, kind, n)  # counters never go below zero
    if not state.record_events:  # (a simulation's log is off: its words are not made)
        return
    t = target_ref(state.rules, target)
    text = (T("event.counter.removed", n=taken, kind=Ref("counter", kind), target=t, why=why) if taken
            else T("event.counter.none", kind=Ref("counter", kind), target=t, why=why))
    emit(state, "counter", text, target=target, kind=kind, delta=-taken)


def move_gauge(state: GameState, gauge: str, delta: int, *, why: Any = "") -> None:
    """Move a gauge of the set by `delta`, never below its minimum (Another Horizon's Extra Gauge;
    the Scientist). A set without that gauge: nothing happens."""
    spec = state.rules.set.gauges.get(gauge)
    if spec is None:
        return
    now = state.board.gauges.get(gauge, spec.start)
    actual = max(spec.min, now + delta) - now
    state.board.move_gauge(gauge, actual)
    emit(state, "gauge", T("event.gauge", gauge=Ref("gauge", gauge), delta=actual, value=now + actual, why=why), gauge=gauge, delta=actual)


def trigger_warp(state: GameState, why: Any = "") -> None:
    """Another Horizon: trigger a Warp. Any number of Warps on one day raise the gauge by 1 at that
    day's end (engine: day_end.warp); until then only the Mastermind knows, and a Warp whose day
    never ends stays the Mastermind's secret for ever (seed 000 "Warping")."""
    if state.rules.set.warp_gauge is None:
        return
    state.today.warps += 1
    emit(state, "warp", T("event.warp", cause=why), sealed(MASTERMIND), count=state.today.warps)


# ---------------------------------------------------------------- death
def kill(state: GameState, ch: str, cause: Any) -> None:
    """`ch` dies, unless a replacement effect stops it; then death-triggered rules are queued."""
    if not state.board.chars[ch].in_play:
        return
    r = REPLACEMENTS.first("kill", state, ch=ch, cause=cause)
    if r is not None:
        r.replace(state, ch=ch, cause=cause)
        return
    die(state, ch, cause)


SETTLE = "deaths.settle"


def die(state: GameState, ch: str, cause: Any) -> None:
    state.board.set_alive(ch, False)
    if state.record_events:  # (a simulation's log is off: its words are not made)
        emit(state, "death", T("event.death", character=character(ch)), character=ch)
        emit(state, "death_cause", T("event.death_cause", character=character(ch), cause=cause), GM, character=ch, cause=cause)
    # Rei's Perished token goes on at once, before anything the death triggers (seed 000 FAQ A17).
    place_token(state, ch, PERISHED)
    state.this_loop.died.append(ch)
    if has_trait(state, ch, "loss_on_death"):
        emit(state, "key_person_died", T("event.key_person_died"), GM, character=ch)
        lose_loop(state, T("loss.key_person_died", character=character(ch)), immediate=True)
    # Inside one effect that kills several characters, every death happens before any rule that
    # a death triggers: the SETTLE step below the effect queues them (docs/rulings.md simultaneous-deaths).
    if not any(f.step == SETTLE for f in state.stack):
        death_triggers(state, ch)


# Rules a set adds to every death, whatever the role (Another Horizon: the question of the Gossip's
# Warp, asked so that its existence betrays nothing): (state, dead character, its roles) -> None.
DEATH_HOOKS: list[Any] = []


def death_triggers(state: GameState, ch: str) -> None:
    """Queue the rules that `ch`'s death triggers; a partner already dead reacts to nothing."""
    roles = roles_of(state, ch)
    for hook in DEATH_HOOKS:
        hook(state, ch, roles)
    # The dead character's own abilities that trigger on its death (Midnight Zone's Magician).
    # Only mandatory ones: no set has an optional death trigger, and one would need a question.
    for ref, ab in role_abilities(state, ch):
        if ab.timing == "on_death" and not ab.optional:
            then(state, frame("ability.run", ref=ref, source=ch, seat=MASTERMIND))
    # Abilities of other living characters that trigger on this role's death (Lover / Loved One).
    for other in state.script.cast:
        if other == ch or not state.board.chars[other].in_play:
            continue
        for ref, ab in role_abilities(state, other):
            if ab.timing == "on_death_of_role" and ab.of_role in roles and not ab.optional:
                then(state, frame("ability.run", ref=ref, source=other, seat=MASTERMIND))


def settle_deaths(state: GameState) -> Frame:
    """A step to put under an effect that may kill several characters at once: when it runs, the
    rules triggered by every death since are queued, each seeing all those deaths done."""
    return frame(SETTLE, since=len(state.this_loop.died))


@op(SETTLE)
def _settle(state: GameState, args: dict[str, Any]) -> None:
    for ch in reversed(state.this_loop.died[args["since"]:]):  # queued in reverse: they run in death order
        death_triggers(state, ch)


@replacement("kill", "cannot_die", 10, lambda state, ch, cause: has_trait(state, ch, "immortal"))
def _cannot_die(state: GameState, ch: str, cause: Any) -> None:
    """A character whose role is immortal cannot die: nothing happens on the board (seed 002: Time Traveler)."""
    emit(state, "death_prevented", T("event.death_prevented", character=character(ch), cause=cause), GM, character=ch)


@replacement("kill", "guard_counter", 20, lambda state, ch, cause: B.raw(state.board, ch, "guard") > 0)
def _guard_counter(state: GameState, ch: str, cause: Any) -> None:
    """A character with a Guard counter that would die loses one Guard counter instead (Police Officer)."""
    state.board.add(ch, "guard", -1)
    emit(state, "guard", T("event.guard", character=character(ch), counter=Ref("counter", "guard")), character=ch)


def revive(state: GameState, ch: str) -> None:
    c = state.board.chars[ch]
    if c.alive or c.location is None:
        return
    state.board.set_alive(ch, True)
    emit(state, "revive", T("event.revive", character=character(ch)), character=ch)


# ---------------------------------------------------------------- movement
@dataclass(frozen=True, slots=True)
class PlannedMove:
    character: str
    dest: str
    replaced_by: Replacement | None  # what happens instead (a forbidden destination: it stays put)
    why: Any = ""

    @property
    def blocked(self) -> bool:
        return self.replaced_by is not None


@replacement("move", "forbidden_location", 10, lambda state, ch, dest, why: dest in forbidden_locations(state, ch))
def _forbidden_location(state: GameState, ch: str, dest: str, why: Any) -> None:
    """A move into a forbidden location does not happen at all (rules-notes section 3, FAQ A2)."""
    emit(state, "move_blocked", T("event.move_blocked", character=character(ch), location=location(dest), why=why), character=ch)


# Rules that add moves to a planned set: someone who moves with someone else (Rei's Servant). Each
# is `follow(state, moves, leads)`; `leads` holds the Leader's choices (follower -> destination)
# where the follower could go several ways (MOVE_WAYS).
MOVE_FOLLOWERS: list[Any] = []
# Rules that say where a follower could go when the characters it follows leave in several
# directions at once: `ways(state, moves) -> {follower: [(destination, [whom it goes with])]}`.
# The Leader chooses among them before the moves are planned (cards.movement asks).
MOVE_WAYS: list[Any] = []


def follower_ways(state: GameState, moves: list[tuple[str, str, Any]]) -> dict[str, list[tuple[str, list[str]]]]:
    """Every follower that could go two or more ways with this set of moves, and its ways."""
    out: dict[str, list[tuple[str, list[str]]]] = {}
    for ways in MOVE_WAYS:
        out.update(ways(state, moves))
    return out


def plan_moves(state: GameState, moves: list[tuple[str, str, Any]], leads: dict[str, str] | None = None) -> list[PlannedMove]:
    """Decide every move of one effect before any happens: (character, destination, why) each;
    then the rules of MOVE_FOLLOWERS add who moves along (where `leads` says, when a follower
    could go several ways)."""
    for follow in MOVE_FOLLOWERS:
        moves = follow(state, moves, leads or {})
    return [PlannedMove(ch, dest, REPLACEMENTS.first("move", state, ch=ch, dest=dest, why=why), why) for ch, dest, why in moves]


def apply_moves(state: GameState, plan: list[PlannedMove]) -> None:
    for m in plan:
        if m.replaced_by is not None:
            m.replaced_by.replace(state, ch=m.character, dest=m.dest, why=m.why)
            continue
        state.board.set_location(m.character, m.dest)
        if state.record_events:  # (a simulation's log is off: its words are not made)
            emit(state, "move", T("event.move", character=character(m.character), location=location(m.dest), why=m.why),
                 character=m.character, to=m.dest)


def move(state: GameState, ch: str, dest: str, *, why: Any = "") -> bool:
    """Move `ch` to `dest`; a forbidden destination means it does not move at all."""
    plan = plan_moves(state, [(ch, dest, why)])
    apply_moves(state, plan)
    return not plan[0].blocked


# ---------------------------------------------------------------- reveals and marks
def reveal_role(state: GameState, ch: str, role: str | None = None) -> None:
    """Announce a character's role to everyone: the role it holds right now (after plot rules that
    change roles, as every refusal and check reads it); `role` overrides what is announced (a lying role)."""
    shown = role or effective_role(state, ch)
    dual = state.rules.roles[state.script.cast[ch]].dual
    if role is None and dual is not None and shown in dual.values():
        # Another Horizon: a Dual Role is announced whole, both halves (docs/rulings.md ah-faq-q5).
        shown = state.script.cast[ch]
    state.revealed_roles[ch] = shown
    state.this_loop.revealed.append(ch)
    emit(state, "reveal_role", T("event.reveal_role", character=character(ch), role=Ref("role", shown)), character=ch, role=shown)
    queue_own_abilities(state, ch, "on_role_revealed")  # Last Liar's Secretkeeper


def queue_own_abilities(state: GameState, ch: str, timing: str) -> None:
    """Queue the character's own mandatory role abilities of `timing`, each once per loop when it says
    so (Last Liar: after its Goodwill ability resolves, when its role is revealed)."""
    frames = []
    for ref, ab in role_abilities(state, ch):
        if ab.timing != timing or ab.optional:
            continue
        if ab.once_per_loop:
            if ref in state.this_loop.used:
                continue
            state.this_loop.used.add(ref)
        frames.append(frame("ability.run", ref=ref, source=ch, seat=MASTERMIND))
    if frames:
        then(state, *frames)


def place_extra_card(state: GameState, ch: str, source: Any) -> None:
    """Put an Extra card on a character: everyone sees the card, only the Mastermind knows what put it there."""
    if ch in state.board.extra_cards:
        return
    state.board.extra_cards.add(ch)
    state.this_loop.extra_card_sources[ch] = source
    emit(state, "extra_card", T("event.extra_card", character=character(ch)), character=ch)
    emit(state, "extra_card_source", T("event.extra_card_source", character=character(ch), source=source), GM,
         character=ch, source=source)


PERISHED, ACQUAINTED = "perished", "acquainted"


def uses_tokens(state: GameState) -> bool:
    """Does this game use Rei's Perished and Acquainted tokens (the script's choice, or its set's rule)?"""
    return state.script.tokens or state.rules.set.tokens_mandatory


def place_token(state: GameState, ch: str, token: str) -> None:
    """Put a game-long token on a character the first time (a second one is never added), for all to see."""
    if uses_tokens(state) and state.board.add_token(ch, token):
        emit(state, "token", T("event.token", character=character(ch), token=Ref("token", token)), character=ch, token=token)


def add_card_to_hands(state: GameState, card: str, to: str, source: Any) -> None:
    """An effect adds a card no hand is dealt (Rei): to the Mastermind's hand, or one to each
    Protagonist's (docs/rulings.md rei-added-cards). Everyone sees the card arrive; only the
    Mastermind learns which rule added it."""
    hands = [MASTERMIND] if to == "mastermind" else list(PROTAGONIST_SEATS)
    for hand in hands:
        state.hands.held.setdefault(hand, []).append(card)
        emit(state, "card_added", T("event.card_added", who=who(hand), card=Ref("card", card)), hand=hand, card=card)
        emit(state, "card_added_source", T("event.card_added_source", who=who(hand), card=Ref("card", card), source=source),
             GM, hand=hand, card=card, source=source)


def reveal_culprit(state: GameState, idx: int) -> None:
    culprit = state.script.incidents[idx].culprit
    state.revealed_culprits[idx] = culprit
    day = state.script.incidents[idx].day
    emit(state, "reveal_culprit", T("event.reveal_culprit", day=day, culprit=character(culprit)), incident=idx, culprit=culprit)


def grant_status(state: GameState, status: str, chars: list[str]) -> None:
    for ch in chars:
        state.board.add_status(status, ch)


def has_status(state: GameState, status: str, ch: str) -> bool:
    return (status, ch) in state.board.statuses

