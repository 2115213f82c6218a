"""The primitive actions every rule is built from: emit an event, ask a decision, push a step,
place or remove counters, kill, revive, move, reveal, lose.

Each primitive changes the state and records what happened, with the right visibility. Rules
never touch the state any other way.
"""

from __future__ import annotations

from typing import Any, Callable

from ..core.decision import Decision
from ..core.events import GM, PUBLIC, Event
from .query import count, forbidden_locations, has_trait, role_abilities, roles_of
from .rules import LOCATIONS
from .state import MASTERMIND, Frame, GameState

Op = Callable[[GameState, dict[str, Any]], None]
OPS: dict[str, Op] = {}


def op(name: str) -> Callable[[Op], Op]:
    """Register a step of the game flow (a stack frame's handler) under `name`."""

    def deco(fn: Op) -> Op:
        if name in OPS:
            raise ValueError(f"step {name!r} registered twice")
        OPS[name] = fn
        return fn

    return deco


def emit(state: GameState, type_: str, text: str, visible_to: str | tuple[str, ...] = PUBLIC, **data: Any) -> None:
    state.events.append(Event(type_, text, visible_to, data))


def then(state: GameState, *frames: Frame) -> None:
    """Run `frames` next, in the order given (they go on the stack in reverse)."""
    for f in reversed(frames):
        state.stack.append(f)


def ask(state: GameState, seat: str, kind: str, prompt: str, options: list[Any], labels: list[str],
        next_op: str, args: dict[str, Any], *, force: bool = False) -> None:
    """Ask `seat` to choose one of `options`; the answer goes to step `next_op` as args["answer"].

    A question with a single legal answer is not asked (there is nothing to choose) unless
    `force`: a Mastermind question whose mere existence would depend on a secret (does this
    character have Goodwill Refusal? is a Cultist there? is any ability usable?) is always asked,
    so that the other seats cannot learn the secret from who is being waited for.
    """
    if not options:
        raise RuntimeError(f"decision {kind!r} asked with no legal options")
    if len(options) == 1 and not force:
        then(state, (next_op, {**args, "answer": options[0]}))
        return
    state.pending = Decision(seat, kind, prompt, tuple(options), tuple(labels))
    state.pending_then = (next_op, args)


def lose_loop(state: GameState, reason: str, *, immediate: bool) -> None:
    """The Protagonists lose this loop; an immediate loss ends the loop at once."""
    if reason not in state.loss_reasons:
        state.loss_reasons.append(reason)
    state.loop_lost = True
    emit(state, "loss_reason", f"Loss condition: {reason.rstrip('.')}.", GM, reason=reason)
    if immediate and not state.end_loop_now:
        state.end_loop_now = True


def kill_protagonists(state: GameState, reason: str) -> None:
    emit(state, "protagonists_die", "The Protagonists die! The loop ends.")
    lose_loop(state, reason, immediate=True)


def place(state: GameState, target: str, kind: str, n: int, *, why: str = "") -> None:
    bucket = state.locations[target] if target in LOCATIONS else state.chars[target].counters
    bucket[kind] = bucket.get(kind, 0) + n
    emit(state, "counter", f"{n} {kind.capitalize()} placed on {state.name(target)}{why}.", target=target, kind=kind, delta=n)


def remove(state: GameState, target: str, kind: str, n: int, *, why: str = "") -> None:
    bucket = state.locations[target] if target in LOCATIONS else state.chars[target].counters
    taken = min(n, bucket.get(kind, 0))  # counters never go below zero
    bucket[kind] = bucket.get(kind, 0) - taken
    text = (f"{taken} {kind.capitalize()} removed from {state.name(target)}{why}." if taken
            else f"{state.name(target)} has no {kind.capitalize()} to remove{why}.")
    emit(state, "counter", text, target=target, kind=kind, delta=-taken)


def kill(state: GameState, ch: str, cause: str) -> None:
    """`ch` dies, unless something stops it; then death-triggered rules are queued."""
    c = state.chars[ch]
    if not c.in_play:
        return
    if has_trait(state, ch, "immortal"):
        # Nothing happens on the board; only the Mastermind learns why (seed 002: Time Traveler).
        emit(state, "death_prevented", f"{state.name(ch)} cannot die ({cause}).", GM, character=ch)
        return
    if c.counters.get("guard", 0) > 0:
        c.counters["guard"] -= 1
        emit(state, "guard", f"{state.name(ch)} would die: a Guard counter is removed instead.", character=ch)
        return
    c.alive = False
    emit(state, "death", f"{state.name(ch)} dies.", character=ch)
    emit(state, "death_cause", f"{state.name(ch)} died: {cause}.", GM, character=ch, cause=cause)
    state.loop_flags.setdefault("died_this_loop", []).append(ch)
    roles = roles_of(state, ch)
    if has_trait(state, ch, "loss_on_death"):
        emit(state, "key_person_died", "A character whose death ends the loop has died.", GM, character=ch)
        lose_loop(state, f"{state.name(ch)} (Key Person) died", immediate=True)
    # The dead character's own abilities that trigger on its death (Midnight Zone's Magician).
    for role, i, ab in role_abilities(state, ch):
        if ab.timing == "on_death":
            then(state, ("ability.run", {"key": f"{ch}:{role}:{i}", "source": ch, "seat": MASTERMIND}))
    # Abilities of other characters that trigger on this role's death (Lover / Loved One).
    for other in state.script.cast:
        if other == ch or state.chars[other].location is None:
            continue
        for role, i, ab in role_abilities(state, other):
            if ab.timing == "on_death_of_role" and ab.of_role in roles:
                then(state, ("ability.run", {"key": f"{other}:{role}:{i}", "source": other, "seat": MASTERMIND}))


def revive(state: GameState, ch: str) -> None:
    c = state.chars[ch]
    if c.alive or c.location is None:
        return
    c.alive = True
    emit(state, "revive", f"{state.name(ch)} comes back to life.", character=ch)


def move(state: GameState, ch: str, dest: str, *, why: str = "") -> bool:
    """Move `ch` to `dest`; a forbidden destination means it does not move at all."""
    if dest in forbidden_locations(state, ch):
        emit(state, "move_blocked", f"{state.name(ch)} cannot enter the {state.name(dest)} and stays put{why}.", character=ch)
        return False
    state.chars[ch].location = dest
    emit(state, "move", f"{state.name(ch)} moves to the {state.name(dest)}{why}.", character=ch, to=dest)
    return True


def reveal_role(state: GameState, ch: str, role: str | None = None) -> None:
    """Announce a character's role to everyone; `role` overrides what is announced (a lying role)."""
    shown = role or state.script.cast[ch]
    state.revealed_roles[ch] = shown
    state.loop_flags.setdefault("revealed_this_loop", []).append(ch)
    emit(state, "reveal_role", f"{state.name(ch)}'s role is {state.rules.roles[shown].name}.", character=ch, role=shown)


def place_extra_card(state: GameState, ch: str, source: str) -> None:
    """Put an Extra card on a character: everyone sees the card, only the Mastermind knows what put it there."""
    if ch in state.extra_cards:
        return
    state.extra_cards[ch] = source
    emit(state, "extra_card", f"An Extra card is placed on {state.name(ch)}.", character=ch)
    emit(state, "extra_card_source", f"The Extra card on {state.name(ch)} comes from {source}.", GM, character=ch, source=source)


def reveal_culprit(state: GameState, idx: int) -> None:
    culprit = state.script.incidents[idx].culprit
    state.revealed_culprits[idx] = culprit
    day = state.script.incidents[idx].day
    emit(state, "reveal_culprit", f"The culprit of the day {day} incident is {state.name(culprit)}.", incident=idx, culprit=culprit)


def counter_total(state: GameState, target: str, kind: str) -> int:
    return count(state, target, kind)
