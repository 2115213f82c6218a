"""Action cards: placing them face down and resolving them in the rulebook's order.

Placement (seed 002 card phase; rules-notes section 3): the Mastermind puts 3 cards on 3
different targets; then each Protagonist, Leader first, puts 1 card on a target no other
Protagonist chose (stacking on a Mastermind card is allowed). No card on a corpse or on a
character off the board.

Resolution: Forbid Movement, then the combined movement, then the other forbids (several Forbid
Intrigue void each other), then the counter cards (Paranoia +1 before Paranoia -1). Once-per-loop
cards are set aside until the next loop, even when cancelled.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .actions import ask, emit, move, op, place, remove, then
from .query import ability_locations, card_forbids, count, forbidden_locations, has_trait, move_destination
from .rules import LOCATIONS, Card
from .state import MASTERMIND, GameState


def hand_key(by: str | int) -> str:
    return MASTERMIND if by == MASTERMIND else str(by)


def available_cards(state: GameState, by: str | int) -> list[str]:
    """Cards still in a hand: the deck minus once-per-loop cards set aside and cards on the board."""
    deck = list(state.rules.mastermind_deck if by == MASTERMIND else state.rules.protagonist_deck)
    for c in state.set_aside.get(hand_key(by), []):
        deck.remove(c)
    for p in state.placed:
        if p["by"] == by:
            deck.remove(p["card"])
    return deck


def legal_targets(state: GameState, by: str | int) -> list[str]:
    targets = [*LOCATIONS, *[ch for ch in state.script.cast if state.in_play(ch)]]
    if by == MASTERMIND:
        taken = {p["target"] for p in state.placed if p["by"] == MASTERMIND}
    else:
        taken = {p["target"] for p in state.placed if p["by"] != MASTERMIND}
    return [t for t in targets if t not in taken and not _target_refused(state, by, t)]


def _target_refused(state: GameState, by: str | int, target: str) -> bool:
    """Later sets forbid some targets (Midnight Zone's Prophet, Faked Suicide): one hook, by trait."""
    if target in LOCATIONS:
        return False
    if by == MASTERMIND:
        return has_trait(state, target, "no_mastermind_cards")
    return target in state.loop_flags.get("no_protagonist_cards", [])


def placement_options(state: GameState, by: str | int) -> tuple[list[dict[str, str]], list[str]]:
    opts, labels = [], []
    order = list(state.rules.cards)
    targets = [(t, f"the {state.name(t)}" if t in LOCATIONS else state.name(t)) for t in legal_targets(state, by)]  # once, not per card
    for card in sorted(set(available_cards(state, by)), key=order.index):
        name = state.rules.cards[card].name
        for t, where in targets:
            opts.append({"card": card, "target": t})
            labels.append(f"{name} on {where}")
    return opts, labels


@op("cards.mastermind")
def _mastermind_cards(state: GameState, args: dict[str, Any]) -> None:
    state.phase = "mastermind_cards"
    n = sum(1 for p in state.placed if p["by"] == MASTERMIND)
    if n >= 3:
        return
    opts, labels = placement_options(state, MASTERMIND)
    then(state, ("cards.mastermind", {}))
    ask(state, MASTERMIND, "place_card", f"Mastermind: place card {n + 1} of 3 face down on a target no card of yours is on.",
        opts, labels, "cards.place", {"by": MASTERMIND})


@op("cards.protagonists")
def _protagonist_cards(state: GameState, args: dict[str, Any]) -> None:
    state.phase = "protagonist_cards"
    done = {p["by"] for p in state.placed if p["by"] != MASTERMIND}
    for k in range(3):
        hand = (state.leader + k) % 3  # Leader first, then clockwise
        if hand in done:
            continue
        opts, labels = placement_options(state, hand)
        then(state, ("cards.protagonists", {}))
        who = f"Protagonist {hand + 1}" + (" (Leader)" if k == 0 else "")
        ask(state, state.hand_seat(hand), "place_card",
            f"{who}: place one card face down on a target no other Protagonist chose today.",
            opts, labels, "cards.place", {"by": hand})
        return


@op("cards.place")
def _place(state: GameState, args: dict[str, Any]) -> None:
    by, card, target = args["by"], args["answer"]["card"], args["answer"]["target"]
    state.placed.append({"by": by, "card": card, "target": target, "revealed": False})
    who = "The Mastermind" if by == MASTERMIND else f"Protagonist {by + 1}"
    seat = MASTERMIND if by == MASTERMIND else state.hand_seat(by)
    where = f"the {state.name(target)}" if target in LOCATIONS else state.name(target)
    emit(state, "card_placed", f"{who} places a card face down on {where}.", by=by, target=target)
    emit(state, "card_placed_own", f"{who} placed {state.rules.cards[card].name} on {where}.", (seat,), by=by, card=card, target=target)


# ================================================================ resolution
def _cards_on(state: GameState, target: str) -> list[dict[str, Any]]:
    return [p for p in state.placed if p["target"] == target and not p.get("cancelled")]


def _card(state: GameState, p: dict[str, Any]) -> Card:
    return state.rules.cards[p["card"]]


def _acts(state: GameState, p: dict[str, Any]) -> bool:
    """A card acts only on the kind of target it is for; elsewhere it was a bluff."""
    kind = "location" if p["target"] in LOCATIONS else "character"
    return kind in _card(state, p).acts_on


def _cancel(state: GameState, p: dict[str, Any], why: str) -> None:
    p["cancelled"] = True
    emit(state, "card_cancelled", f"{_card(state, p).name} on {state.name(p['target'])} has no effect ({why}).", target=p["target"], card=p["card"])


@op("cards.resolve")
def _resolve(state: GameState, args: dict[str, Any]) -> None:
    state.phase = "resolution"
    for p in state.placed:
        p["revealed"] = True
    shown = "; ".join(
        f"{'Mastermind' if p['by'] == MASTERMIND else 'Protagonist ' + str(p['by'] + 1)}: {_card(state, p).name} on {state.name(p['target'])}"
        for p in state.placed)
    emit(state, "cards_revealed", f"Cards revealed: {shown}.", cards=[{k: p[k] for k in ("by", "card", "target")} for p in state.placed])
    then(state, ("cards.movement", {}), ("cards.forbids", {}), ("cards.counters", {}), ("cards.return", {}))


@op("cards.movement")
def _movement(state: GameState, args: dict[str, Any]) -> None:
    # Tier 1: Forbid Movement cancels every movement card on its character.
    for p in state.placed:
        c = _card(state, p)
        # (A plot rule may make another forbid card stop movement too: Unanswered Heart.)
        if c.kind == "forbid" and "movement" in card_forbids(state, p["card"]) and _acts(state, p):
            for q in _cards_on(state, p["target"]):
                if _card(state, q).kind == "movement":
                    _cancel(state, q, c.name)
    # Tier 2: the movement cards on one character combine into one move (same + same = once).
    for ch in state.script.cast:
        moves = {tuple(_card(state, q).vector) for q in _cards_on(state, ch) if _card(state, q).kind == "movement"}  # type: ignore[arg-type]
        if not moves or not state.in_play(ch):
            continue
        vx = vy = 0
        for (x, y) in moves:
            vx ^= x
            vy ^= y
        if (vx, vy) == (0, 0):
            emit(state, "move_none", f"The movements on {state.name(ch)} cancel out.", character=ch)
            continue
        loc = state.chars[ch].location
        assert loc is not None
        move(state, ch, move_destination(loc, (vx, vy)))


@op("cards.forbids")
def _forbids(state: GameState, args: dict[str, Any]) -> None:
    fi = [p for p in state.placed if _card(state, p).kind == "forbid" and _card(state, p).void_if_several]
    if len(fi) >= 2:
        # Two or more Forbid Intrigue played the same day: all of them are void (seed 002).
        for p in fi:
            _cancel(state, p, "more than one Forbid Intrigue")
    for p in state.placed:
        c = _card(state, p)
        if c.kind != "forbid" or c.forbids == "movement" or p.get("cancelled") or not _acts(state, p):
            continue
        target = p["target"]
        victims = [q for q in _cards_on(state, target) if _card(state, q).kind == "counter" and _card(state, q).counter == c.forbids]
        if not victims:
            continue
        if c.forbids == "goodwill" and target not in LOCATIONS and has_trait(state, target, "ignores_forbid_goodwill"):
            emit(state, "forbid_ignored", f"Forbid Goodwill on {state.name(target)} is ignored.", GM_ONLY, target=target)
            continue
        if c.forbids == "intrigue":
            # Asked whether or not a Cultist is there (see actions.ask(force=...)).
            opts = ["ignore", "obey"] if _cultists_for(state, target) else ["obey"]
            ask(state, MASTERMIND, "cultist_ignore", f"Forbid Intrigue on {state.name(target)} cancels Intrigue. "
                "A Cultist in that location may ignore it.", opts,
                ["Ignore Forbid Intrigue (Cultist)" if o == "ignore" else "Let it stand" for o in opts], "cards.cultist",
                {"target": target, "victims": [state.placed.index(q) for q in victims]}, force=True)
            # Resolve the other forbids after this answer.
            then(state, ("cards.forbids_rest", {"after": state.placed.index(p)}))
            return
        for q in victims:
            _cancel(state, q, c.name)


GM_ONLY = MASTERMIND


@op("cards.forbids_rest")
def _forbids_rest(state: GameState, args: dict[str, Any]) -> None:
    after = args["after"]
    for p in state.placed[after + 1:]:
        c = _card(state, p)
        if c.kind != "forbid" or c.forbids == "movement" or p.get("cancelled") or not _acts(state, p):
            continue
        for q in _cards_on(state, p["target"]):
            if _card(state, q).kind == "counter" and _card(state, q).counter == c.forbids:
                if c.forbids == "goodwill" and p["target"] not in LOCATIONS and has_trait(state, p["target"], "ignores_forbid_goodwill"):
                    continue
                _cancel(state, q, c.name)


def _cultists_for(state: GameState, target: str) -> list[str]:
    """Living Cultists whose location is the target, or the target's location."""
    loc = target if target in LOCATIONS else state.chars[target].location
    return [ch for ch in state.script.cast if state.in_play(ch) and has_trait(state, ch, "may_ignore_forbid_intrigue_here")
            and loc in ability_locations(state, ch)]


@op("cards.cultist")
def _cultist(state: GameState, args: dict[str, Any]) -> None:
    if args["answer"] == "obey":
        for i in args["victims"]:
            _cancel(state, state.placed[i], "Forbid Intrigue")
    else:
        emit(state, "cultist", f"The Mastermind ignores Forbid Intrigue on {state.name(args['target'])} (Cultist).", GM, target=args["target"])


GM = MASTERMIND


@op("cards.counters")
def _counters(state: GameState, args: dict[str, Any]) -> None:
    # Positive changes before negative ones on the same target: Paranoia +1 before Paranoia -1.
    live = [p for p in state.placed if not p.get("cancelled") and _card(state, p).kind == "counter" and _acts(state, p)]
    live.sort(key=lambda p: -_card(state, p).amount)
    for p in live:
        c = _card(state, p)
        if c.amount > 0:
            place(state, p["target"], c.counter or "", c.amount)
        else:
            remove(state, p["target"], c.counter or "", -c.amount)


@op("cards.return")
def _return(state: GameState, args: dict[str, Any]) -> None:
    for p in state.placed:
        once = state.rules.mastermind_once_per_loop if p["by"] == MASTERMIND else state.rules.protagonist_once_per_loop
        if p["card"] in once:
            state.set_aside.setdefault(hand_key(p["by"]), []).append(p["card"])
    state.placed = []


__all__ = ["available_cards", "legal_targets", "placement_options", "count", "forbidden_locations", "Counter"]
