"""Action cards: placing them face down and resolving them in the rulebook's order.

Placement (seed 002 card phase; rules-notes section 3): the Mastermind puts 3 cards on 3
different targets; then each Protagonist, Leader first, puts 1 card on a target no other
Protagonist chose (stacking on a Mastermind card is allowed). No card on a corpse or on a
character off the board. The cards are held in the state's hands: placing takes a card from its
hand; resolution gives it back, or sets it aside until the next loop when it is once per loop.

Resolution: Forbid Movement, then the combined movement (planned for every character at once),
then the other forbids (several Forbid Intrigue void each other), then the counter cards
(Paranoia +1 before Paranoia -1). Once-per-loop cards are set aside until the next loop, even when
cancelled.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from ..core.events import GM
from ..core.text import Ref, T
from . import board as B
from .actions import apply_moves, ask, emit, follower_ways, frame, op, place, plan_moves, remove, then
from .query import ability_locations, card_forbids, has_trait, possible_traits as ability_traits
from .refs import MASTERMIND, PROTAGONIST_SEATS, hand_index
from .rules import Card, RuleBook
from .state import GameState, PlacedCard
from .texts import character, location, side_short, target as target_ref, the_location, where, who
from .vocab import TRAITS

TRAITS.add("ignores_forbid_goodwill", doc="role: Forbid Goodwill on this character is ignored (Time Traveler)")
TRAITS.add("may_ignore_forbid_intrigue_here", doc="role: at card resolution the Mastermind may ignore Forbid Intrigue on its location and the characters there (Cultist)")
TRAITS.add("no_mastermind_cards", doc="role: the Mastermind cannot put cards on this character (Prophet)")
TRAITS.add("no_cards", doc="character: no card may be put on it (Illusion)")
TRAITS.add("takes_cards_of_its_location", doc="character: every card on its location also acts on it at resolution, as if put on it (Illusion)")


def deal(rules: RuleBook, hand: str) -> list[str]:
    """The cards a hand holds at the start of every loop."""
    return list(rules.mastermind_deck if hand == MASTERMIND else rules.protagonist_deck)


def once_per_loop(rules: RuleBook, hand: str) -> frozenset[str]:
    return rules.mastermind_once_per_loop if hand == MASTERMIND else rules.protagonist_once_per_loop


def available_cards(state: GameState, hand: str) -> list[str]:
    """The cards in a hand now (the deck minus the set-aside cards and the cards on the board)."""
    return list(state.hands.held.get(hand, ()))


def legal_targets(state: GameState, hand: str) -> list[str]:
    if hand == MASTERMIND:
        taken = {p.target for p in state.hands.placed if p.by == MASTERMIND}
    else:
        taken = {p.target for p in state.hands.placed if p.by != MASTERMIND}
    # Later sets forbid some targets (Midnight Zone's Prophet, Faked Suicide, the Illusion): by
    # trait or status. Locations are never refused.
    out = [l for l in state.rules.locations if l not in taken]
    # _character_refused of every character in play, with what never changes read once per script
    chars = state.board.chars
    no_cards, no_mm = _refusable(state)
    mm = hand == MASTERMIND
    statuses = state.board.statuses
    for ch in state.script.cast:
        c = chars.get(ch)
        if c is None or not c.alive or c.location is None or ch in taken or ch in no_cards:  # (state.in_play written out)
            continue
        if mm:
            if ch in no_mm and has_trait(state, ch, "no_mastermind_cards"):
                continue
        elif statuses and ("no_protagonist_cards", ch) in statuses:
            continue
        out.append(ch)
    return out


def _refusable(state: GameState) -> tuple[frozenset[str], frozenset[str]]:
    """Per script: the characters whose card takes no card (`no_cards`), and those a role they
    could ever hold may keep the Mastermind's cards off (`no_mastermind_cards`: query.has_trait is
    False for the others whatever happens). Worked out once per script and rule book (legal_targets
    asks at every placement)."""
    d = state.script.__dict__
    held = d.get("_refusable")
    if held is None or held[0] is not state.rules:
        rules = state.rules
        cast = state.script.cast
        no_cards = frozenset(ch for ch in cast if rules.characters[ch].has_trait("no_cards"))
        no_mm = frozenset(ch for ch in cast if "no_mastermind_cards" in ability_traits(state, ch))
        held = d["_refusable"] = (rules, no_cards, no_mm)
    return held[1], held[2]


def _character_refused(state: GameState, hand: str, ch: str) -> bool:
    """One hook for the characters a hand's cards may not target."""
    if state.rules.characters[ch].has_trait("no_cards"):
        return True
    if hand == MASTERMIND:
        return has_trait(state, ch, "no_mastermind_cards")
    return ("no_protagonist_cards", ch) in state.board.statuses


def placement_options(state: GameState, hand: str) -> tuple[tuple[dict[str, str], ...], Any]:
    """Every (card, target) a hand may place now, and a function that names them (built when read)."""
    rules = state.rules
    opts = _placements(rules.card_order, tuple(state.hands.held.get(hand, ())), tuple(legal_targets(state, hand)))

    def labels() -> list[Any]:
        return [_placement_label(o["card"], o["target"], rules.is_location(o["target"])) for o in opts]

    return opts, labels


@lru_cache(maxsize=4096)
def _placements(order: tuple[str, ...], held: tuple[str, ...], targets: tuple[str, ...]) -> tuple[dict[str, str], ...]:
    """The options of a placement: each card once, in the rule book's order, on every target. The
    same hand facing the same targets comes back again and again over a game (and in every
    simulated one): the tuple is made once (see _option on sharing it)."""
    out: list[dict[str, str]] = []
    for card in sorted(set(held), key=order.index):
        out += _placement_row(card, targets)
    return tuple(out)


@lru_cache(maxsize=8192)
def _placement_row(card: str, targets: tuple[str, ...]) -> tuple[dict[str, str], ...]:
    """One card's options on these targets: a card meets the same targets far more often than a
    whole hand does (random and simulated games miss _placements' cache most of the time)."""
    return tuple([_option(card, t) for t in targets])


# A placement's option, label and info are the same objects every time they are asked for: a card
# placement has about a hundred options, asked again and again over a game, and front ends render
# the same object once (server/render.py). Nothing reads them to change them.
@lru_cache(maxsize=None)
def _option(card: str, target: str) -> dict[str, str]:
    return {"card": card, "target": target}


@lru_cache(maxsize=4096)
def _placement_label(card: str, target: str, on_location: bool) -> Any:
    return T("label.card_on", card=Ref("card", card), where=the_location(target) if on_location else character(target))


@lru_cache(maxsize=4096)
def _placement_info(card: str, target: str, at: str | None) -> dict[str, Any]:
    """`at`: where the target character stands (None: the target is a location)."""
    member = the_location(target) if at is None else _character_at(target, at)
    return {"card": card, "target": target, "group": Ref("card", card), "member": member, "board_target": target}


# What front ends call the two steps of a placement (the decision's `steps`, core/decision.py).
PLACEMENT_STEPS = (T("step.card"), T("step.target"))


def _card_info(state: GameState, opts: Sequence[dict[str, str]]) -> Any:
    """Each option's card and target, and how front ends choose it: the card first (its group), then the target."""
    rules, chars = state.rules, state.board.chars

    def at(t: str) -> str | None:
        return None if rules.is_location(t) else chars[t].location or ""

    return lambda: [_placement_info(o["card"], o["target"], at(o["target"])) for o in opts]


def target_label(state: GameState, t: str) -> Any:
    """A card's target in a list: "the Hospital", or "Office Worker (at the City)"."""
    if state.rules.is_location(t):
        return the_location(t)
    return _character_at(t, state.board.chars[t].location or "")


def _character_at(ch: str, loc: str) -> Any:
    return T("label.character_at", character=character(ch), location=the_location(loc))


@op("cards.mastermind")
def _mastermind_cards(state: GameState, args: dict[str, Any]) -> None:
    state.phase = "mastermind_cards"
    n = sum(1 for p in state.hands.placed if p.by == MASTERMIND)
    # Three cards a day; one on the day after a Secretkeeper's role is revealed (Last Liar).
    if n >= (1 if state.this_loop.one_card_day == state.day else 3):
        return
    opts, labels = placement_options(state, MASTERMIND)
    then(state, frame("cards.mastermind"))
    ask(state, MASTERMIND, "place_card", _prompt_mastermind(n + 1), opts, labels, "cards.place",
        {"by": MASTERMIND}, option_info=_card_info(state, opts), info={"steps": PLACEMENT_STEPS})


@op("cards.protagonists")
def _protagonist_cards(state: GameState, args: dict[str, Any]) -> None:
    state.phase = "protagonist_cards"
    done = {p.by for p in state.hands.placed if p.by != MASTERMIND}
    for k in range(3):
        hand = PROTAGONIST_SEATS[(state.leader + k) % 3]  # Leader first, then clockwise
        if hand in done:
            continue
        opts, labels = placement_options(state, hand)
        then(state, frame("cards.protagonists"))
        ask(state, state.hand_seat(hand), "place_card", _prompt_protagonist(hand_index(hand) + 1, k == 0),
            opts, labels, "cards.place", {"by": hand}, option_info=_card_info(state, opts),
            info={"hand": hand, "steps": PLACEMENT_STEPS})
        return


# The prompts of the card phase: seven Texts, asked for at every placement (made once).
@lru_cache(maxsize=None)
def _prompt_mastermind(n: int) -> Any:
    return T("prompt.place_card_mastermind", n=n)


@lru_cache(maxsize=None)
def _prompt_protagonist(n: int, leader: bool) -> Any:
    return T("prompt.place_card_protagonist", who=T("who.protagonist_leader", n=n) if leader else T("who.protagonist", n=n))


@op("cards.place")
def _place(state: GameState, args: dict[str, Any]) -> None:
    by, card, target = args["by"], args["answer"]["card"], args["answer"]["target"]
    state.hands.held[by].remove(card)
    state.hands.placed.append(PlacedCard(by, card, target))
    seat = MASTERMIND if by == MASTERMIND else state.hand_seat(by)
    on_location = state.rules.is_location(target)
    emit(state, "card_placed", _placed_text(by, target, on_location), by=by, target=target)
    emit(state, "card_placed_own", _placed_own_text(by, card, target, on_location), (seat,), by=by, card=card, target=target)


# The words of the events of a placement and of its reveal: the same few hundred Texts over and
# over, in every game and every simulated one, made once (Texts never change).
def _where(target: str, on_location: bool) -> Any:
    return the_location(target) if on_location else character(target)


@lru_cache(maxsize=1024)
def _placed_text(by: str, target: str, on_location: bool) -> Any:
    return T("event.card_placed", who=who(by), where=_where(target, on_location))


@lru_cache(maxsize=4096)
def _placed_own_text(by: str, card: str, target: str, on_location: bool) -> Any:
    return T("event.card_placed_own", who=who(by), card=Ref("card", card), where=_where(target, on_location))


@lru_cache(maxsize=4096)
def _revealed_text(by: str, card: str, target: str, on_location: bool) -> Any:
    return T("event.card_revealed", who=side_short(by), card=Ref("card", card),
             target=Ref("location", target) if on_location else Ref("character", target))


# ================================================================ resolution
def _cards_on(state: GameState, target: str) -> list[PlacedCard]:
    return [p for p in state.hands.placed if p.target == target and not p.cancelled]


def _card(state: GameState, p: PlacedCard) -> Card:
    """The card as it acts: itself, or the card it acts as today (Rei's Hope +1 played twice)."""
    return state.rules.cards[p.acts_as or p.card]


def acts(rules: RuleBook, card: str, target: str) -> bool:
    """A card acts only on the kind of target it is for; elsewhere it was a bluff."""
    kind = "location" if rules.is_location(target) else "character"
    return kind in rules.cards[card].acts_on


def _cancel(state: GameState, p: PlacedCard, why: Any) -> None:
    p.cancelled = True
    emit(state, "card_cancelled", T("event.card_cancelled", card=Ref("card", p.card), target=target_ref(state.rules, p.target), why=why),
         target=p.target, card=p.card)


@op("cards.resolve")
def _resolve(state: GameState, args: dict[str, Any]) -> None:
    state.phase = "resolution"
    placed = state.hands.placed
    for p in placed:
        p.revealed = True
    rules = state.rules
    shown = tuple(_revealed_text(p.by, p.card, p.target, rules.is_location(p.target)) for p in placed)
    emit(state, "cards_revealed", T("event.cards_revealed", cards=shown), cards=[{"by": p.by, "card": p.card, "target": p.target}
                                                                                for p in placed])
    then(state, frame("cards.act_as"), frame("cards.copies"), frame("cards.movement"), frame("cards.forbids"), frame("cards.counters"), frame("cards.return"))


@op("cards.act_as")
def _act_as(state: GameState, args: dict[str, Any]) -> None:
    """Two or more of a card with `several_act_as` played the same day (copies on the Illusion not
    counted) each act as that other card, and go back to hand as usual (seed 000: Hope +1)."""
    rules = state.rules
    played: dict[str, list[PlacedCard]] = {}
    for p in state.hands.placed:
        if rules.cards[p.card].several_act_as and not p.copied:
            played.setdefault(p.card, []).append(p)
    for card, ps in played.items():
        if len(ps) < 2:
            continue
        acts_as = rules.cards[card].several_act_as
        for p in ps:
            p.acts_as = acts_as
        emit(state, "cards_act_as", T("event.cards_act_as", card=Ref("card", card), acts_as=Ref("card", acts_as or "")),
             card=card, acts_as=acts_as)


def _card_takers(state: GameState) -> tuple[str, ...]:
    """The cast's characters that take the cards of their location, in cast order: a trait of the
    character card, so the same all game (worked out once per script and rule book; the cards are
    resolved in every simulated day)."""
    d = state.script.__dict__
    held = d.get("_card_takers")
    if held is None or held[0] is not state.rules:
        rules = state.rules
        held = d["_card_takers"] = (rules, tuple(ch for ch in state.script.cast
                                                 if rules.characters[ch].has_trait("takes_cards_of_its_location")))
    return held[1]


@op("cards.copies")
def _copies(state: GameState, args: dict[str, Any]) -> None:
    """A character that takes the cards of its location (the Illusion) gets a copy of every card on
    the location it stands on when the cards are turned (docs/rulings.md "illusion-cards")."""
    placed = state.hands.placed
    for ch in _card_takers(state):
        if not state.in_play(ch):
            continue
        loc = state.board.chars[ch].location
        assert loc is not None
        for p in [p for p in placed if p.target == loc and not p.copied]:
            placed.append(PlacedCard(p.by, p.card, ch, revealed=True, copied=True))
            emit(state, "card_also_on", T("event.card_also_on", card=Ref("card", p.card), location=the_location(loc), character=character(ch)),
                 by=p.by, card=p.card, target=ch)


@op("cards.movement")
def _movement(state: GameState, args: dict[str, Any]) -> None:
    rules = state.rules
    # Tier 1: Forbid Movement cancels every movement card on its character.
    for p in state.hands.placed:
        c = _card(state, p)
        # (A plot rule may make another forbid card stop movement too: Unanswered Heart.)
        if c.kind == "forbid" and "movement" in card_forbids(state, p.card) and acts(rules, p.card, p.target):
            for q in _cards_on(state, p.target):
                if _card(state, q).kind == "movement":
                    _cancel(state, q, Ref("card", c.id))
    # Tier 2: the movement cards on one character combine into one move (same + same = once); every
    # character's move is planned before anyone moves.
    moves: list[tuple[str, str, Any]] = []
    # the movement cards still in force on each character, in the order they were placed (_cards_on of every character, read once)
    on: dict[str, list[PlacedCard]] = {}
    for q in state.hands.placed:
        if not q.cancelled and _card(state, q).kind == "movement":
            on.setdefault(q.target, []).append(q)
    for ch in state.script.cast:
        here = on.get(ch)
        if not here:
            continue
        vectors = [tuple(_card(state, q).vector or (0, 0)) for q in here if acts(rules, q.card, ch)]
        if not vectors or not state.in_play(ch):
            continue
        vec = B.combine(vectors)  # type: ignore[arg-type]
        if vec == (0, 0):
            moves.append((ch, "", ""))
            continue
        loc = state.board.chars[ch].location
        assert loc is not None
        moves.append((ch, B.destination(rules, loc, vec), ""))
    then(state, frame("cards.movement_plan", moves=[list(m) for m in moves], leads={}))


@op("cards.movement_plan")
def _movement_plan(state: GameState, args: dict[str, Any]) -> None:
    """Plan the combined moves and make them. A follower whose charges leave in several directions
    at once (Rei's Servant) goes the way the Leader chooses: asked first, one follower at a time."""
    moves: list[tuple[str, str, Any]] = [(m[0], m[1], m[2]) for m in args["moves"]]
    leads: dict[str, str] = dict(args["leads"])
    going = [m for m in moves if m[1]]
    open_ways = [(f, ways) for f, ways in follower_ways(state, going).items() if f not in leads]
    if open_ways:
        follower, ways = open_ways[0]
        ask(state, state.leader_seat, "follow_way", T("prompt.follow_way", character=character(follower)), [d for d, _ in ways],
            lambda: [T("label.follow_way", location=location(d), characters=[character(c) for c in chars]) for d, chars in ways],
            "cards.movement_led", {"moves": args["moves"], "leads": leads, "follower": follower}, force=True,
            info={"character": follower}, option_info=[{"location": d, "characters": list(chars)} for d, chars in ways])
        return
    plan = plan_moves(state, going, leads)
    by_mover = {m.character: m for m in plan}
    done: set[str] = set()
    for ch, dest, _ in moves:  # in cast order, as the cards are turned
        if not dest:
            emit(state, "move_none", T("event.move_none", character=character(ch)), character=ch)
        elif ch in by_mover:
            apply_moves(state, [by_mover[ch]])
            done.add(ch)
    # then whoever moves along with someone else (the Servant, whose own move was ignored)
    apply_moves(state, [m for m in plan if m.character not in done])


@op("cards.movement_led")
def _movement_led(state: GameState, args: dict[str, Any]) -> None:
    then(state, frame("cards.movement_plan", moves=args["moves"], leads={**args["leads"], args["follower"]: args["answer"]}))


@op("cards.forbids")
def _forbids(state: GameState, args: dict[str, Any]) -> None:
    rules = state.rules
    placed = state.hands.placed
    fi = [p for p in placed if _card(state, p).kind == "forbid" and _card(state, p).void_if_several]
    if len([p for p in fi if not p.copied]) >= 2:
        # Two or more Forbid Intrigue played the same day: all of them are void (seed 002), and so are
        # their copies on the Illusion, which do not count toward the two.
        for p in fi:
            _cancel(state, p, T("why.several", card=Ref("card", p.card)))
    for i, p in enumerate(placed):
        c = _card(state, p)
        if c.kind != "forbid" or c.forbids == "movement" or p.cancelled or not acts(rules, p.card, p.target):
            continue
        target = p.target
        victims = [q for q in _cards_on(state, target) if _card(state, q).kind == "counter" and _card(state, q).counter == c.forbids]
        if not victims:
            continue
        if c.forbids == "goodwill" and not rules.is_location(target) and has_trait(state, target, "ignores_forbid_goodwill"):
            emit(state, "forbid_ignored", T("event.forbid_ignored", card=Ref("card", p.card), target=target_ref(rules, target)), GM,
                 target=target)
            continue
        if c.forbids == "intrigue" and _cultist_role(state) in state.rules.roles:
            # Asked whether or not a Cultist is there (see core.flow.ask(force=...)); never in a set
            # with no such role (Last Liar): that is the set's, public.
            cultists = _cultists_for(state, target)
            opts = ["ignore", "obey"] if cultists else ["obey"]
            role = Ref("role", _cultist_role(state))
            labels = [T("label.cultist_ignore", card=Ref("card", p.card), role=role) if o == "ignore" else T("label.cultist_obey")
                      for o in opts]
            ask(state, MASTERMIND, "cultist_ignore",
                T("prompt.cultist_ignore", card=Ref("card", p.card), target=target_ref(rules, target),
                  counter=Ref("counter", c.forbids), role=role), opts, labels, "cards.cultist",
                {"target": target, "card": p.card, "victims": tuple(placed.index(q) for q in victims)}, force=True)
            # Resolve the other forbids after this answer.
            then(state, frame("cards.forbids_rest", after=i))
            return
        for q in victims:
            _cancel(state, q, Ref("card", c.id))


@op("cards.forbids_rest")
def _forbids_rest(state: GameState, args: dict[str, Any]) -> None:
    rules = state.rules
    after = args["after"]
    for p in state.hands.placed[after + 1:]:
        c = _card(state, p)
        if c.kind != "forbid" or c.forbids == "movement" or p.cancelled or not acts(rules, p.card, p.target):
            continue
        for q in _cards_on(state, p.target):
            if _card(state, q).kind == "counter" and _card(state, q).counter == c.forbids:
                if c.forbids == "goodwill" and not rules.is_location(p.target) and has_trait(state, p.target, "ignores_forbid_goodwill"):
                    continue
                _cancel(state, q, Ref("card", c.id))


CULTIST_TRAIT = "may_ignore_forbid_intrigue_here"


def _cultists_for(state: GameState, target: str) -> list[str]:
    """Living Cultists whose location is the target, or the target's location."""
    loc = target if state.rules.is_location(target) else state.board.chars[target].location
    return [ch for ch in state.script.cast if state.in_play(ch) and has_trait(state, ch, CULTIST_TRAIT)
            and loc in ability_locations(state, ch)]


def _cultist_role(state: GameState) -> str:
    """The role the Cultist question names: the set's role with the trait (the question is asked
    whether or not one is there, so its words never depend on who is)."""
    return next((r for r, role in state.rules.roles.items() if role.has_trait(CULTIST_TRAIT)), "cultist")


@op("cards.cultist")
def _cultist(state: GameState, args: dict[str, Any]) -> None:
    if args["answer"] == "obey":
        for i in args["victims"]:
            _cancel(state, state.hands.placed[i], Ref("card", args["card"]))
    else:
        role = _cultist_role(state)
        emit(state, "cultist", T("event.cultist", card=Ref("card", args["card"]), target=target_ref(state.rules, args["target"]),
                                 role=Ref("role", role)), GM, target=args["target"])


@op("cards.counters")
def _counters(state: GameState, args: dict[str, Any]) -> None:
    rules = state.rules
    # Positive changes before negative ones on the same target: Paranoia +1 before Paranoia -1.
    live = [p for p in state.hands.placed if not p.cancelled and _card(state, p).kind == "counter" and acts(rules, p.card, p.target)]
    live.sort(key=lambda p: -_card(state, p).amount)
    for p in live:
        c = _card(state, p)
        if c.amount > 0:
            place(state, p.target, c.counter or "", c.amount)
        else:
            remove(state, p.target, c.counter or "", -c.amount)
        if c.leaves_every_hand and not p.copied:
            _leave_every_hand(state, p)


def _leave_every_hand(state: GameState, p: PlacedCard) -> None:
    """The card had its effect: it and every copy in a Protagonist's hand are gone (Hope +1)."""
    p.spent = True
    for hand in PROTAGONIST_SEATS:
        held = state.hands.held.get(hand)
        if held and p.card in held:
            state.hands.held[hand] = [c for c in held if c != p.card]
    emit(state, "card_leaves_hands", T("event.card_leaves_hands", card=Ref("card", p.card)), card=p.card)


@op("cards.return")
def _return(state: GameState, args: dict[str, Any]) -> None:
    hands = state.hands
    for p in hands.placed:
        if p.copied or p.spent:
            continue
        if p.card in once_per_loop(state.rules, p.by):
            hands.set_aside.setdefault(p.by, []).append(p.card)
        else:
            hands.held[p.by].append(p.card)
    hands.placed = []


__all__ = ["available_cards", "legal_targets", "placement_options", "deal", "acts"]
