"""Rei's four characters (seed 000 "New Characters"): the Part-Timer, the Part-Timer(?), the
Servant and the Metaworld Denizen (whose ability is plain vocabulary: characters.yaml). Their traits
are registered here, next to the code that checks them; docs/rulings.md records the choices.
"""

from __future__ import annotations

from typing import Any

from ....core.text import Ref, T
from ... import board as B
from ...actions import MOVE_FOLLOWERS, MOVE_WAYS, emit, grant_status, kill, place, reveal_role
from ...query import Ctx
from ...state import GameState
from ...texts import character
from ...vocab import STATUSES, TRAITS, register, replacement


def _character_id(arg: Any) -> list[str]:
    return [] if isinstance(arg, str) else ["takes a character id"]


def _positive(arg: Any) -> list[str]:
    return [] if isinstance(arg, int) and not isinstance(arg, bool) and arg > 0 else ["takes a positive number"]


def _character_ids(arg: Any) -> list[str]:
    return [] if isinstance(arg, list) and all(isinstance(a, str) for a in arg) else ["takes a list of character ids"]


TRAITS.add("plays_as_person", doc="character: in play it is a Person whatever its script role; rules that change roles still apply (Part-Timer)")
TRAITS.add("dies_at_day_end_with_counters", validate=_positive,
           doc="character: at day end, with at least N counters on it (each once, whatever it counts as), it dies (Part-Timer)")
TRAITS.add("replaced_when_dead", validate=_character_id,
           doc="character: at a day's start while it lies dead, the named character enters at her start, once per game (Part-Timer)")
TRAITS.add("never_in_a_script", doc="character: no script may name it; another character's trait brings it in (Part-Timer(?))")
TRAITS.add("stands_in_for", validate=_character_id,
           doc="character: holds the named character's script role and is the culprit of its incidents (Part-Timer(?))")
TRAITS.add("serves", validate=_character_ids,
           doc="character: moves with the named characters when they leave its location, and dies in their place there (Servant)")

LOYALTY = "loyalty"  # the Servant's Loyalty token: she serves that character too, for the rest of the loop
STATUSES.add(LOYALTY, doc="the Servant serves this character too for the rest of the loop (her Loyalty token)")
ENTERED = "entered"  # a game-long mark: the stand-in has entered once this game (board.tokens)


def with_trait(state: GameState, trait: str) -> list[tuple[str, Any]]:
    """(character, the trait's parameters) for every cast character with `trait`, in cast order:
    asked at every move, day start and day end, and empty in most scripts, so kept per script
    beside the rule book it was made from."""
    script = state.script
    held = script.__dict__.get("_rei_traits")
    if held is None or held[0] is not script.rules:
        held = script.__dict__["_rei_traits"] = (script.rules, {})
    table: dict[str, list[tuple[str, Any]]] = held[1]
    out = table.get(trait)
    if out is None:
        chars = script.rules.characters
        out = table[trait] = [(ch, t.params) for ch in script.cast for t in chars[ch].traits if t.name == trait]
    return out


# ---------------------------------------------------------------- Part-Timer and Part-Timer(?)
def stand_in(state: GameState, ch: str) -> str | None:
    """The character that stands in for `ch` (holds its role, is the culprit of its incidents), if any."""
    return next((other for other, of in with_trait(state, "stands_in_for") if of == ch), None)


def acting_culprit(state: GameState, culprit: str) -> str:
    """Who is the culprit of an incident now: the scheduled one, or, while it is not in play and
    the one standing in for it is, her (the Part-Timer(?) is the culprit of the Part-Timer's incidents)."""
    if state.in_play(culprit):
        return culprit
    other = stand_in(state, culprit)
    return other if other is not None and state.in_play(other) else culprit


def day_start_entries(state: GameState) -> None:
    """A day's start: a dead character replaced when dead brings in its stand-in at her start,
    once per game (seed 000 FAQ A19: there is only one Part-Timer(?))."""
    rules, board = state.rules, state.board
    for ch, newcomer in with_trait(state, "replaced_when_dead"):
        c = board.chars[ch]
        if c.alive or c.location is None or newcomer not in board.chars or ENTERED in board.tokens.get(newcomer, ()):
            continue
        board.add_token(newcomer, ENTERED)
        where = rules.characters[newcomer].start or "city"
        board.set_start(newcomer, where)
        emit(state, "enters_now", T("event.enters_now", character=character(newcomer), location=Ref("location", where)),
             character=newcomer, location=where)


def day_end_deaths(state: GameState) -> None:
    """Day end: a character with `dies_at_day_end_with_counters` N and at least N counters on it dies."""
    for ch, n in with_trait(state, "dies_at_day_end_with_counters"):
        if state.in_play(ch) and B.total_counters(state.board, ch) >= n:
            kill(state, ch, T("cause.character", character=character(ch)))


@register("part_timer_q.reveal_and_goodwill")
def part_timer_q_reveal_and_goodwill(state: GameState, ctx: Ctx, target: str) -> None:
    """The Mastermind announces her role (the Part-Timer's), then 2 Goodwill go on the chosen character."""
    assert ctx.source is not None
    reveal_role(state, ctx.source)
    place(state, target, "goodwill", 2, why=ctx.why)


# ---------------------------------------------------------------- Servant
def served_by(state: GameState, ch: str) -> list[str]:
    """The living Servants on the board who serve `ch` (by their card, or by her Loyalty token this loop)."""
    # A Loyalty token is the Servant's (a script has one Servant at most: each character once).
    return [s for s, charges in with_trait(state, "serves")
            if s != ch and state.in_play(s) and (ch in charges or (LOYALTY, ch) in state.board.statuses)]


def servants_here(state: GameState, ch: str) -> list[str]:
    loc = state.board.chars[ch].location
    return [s for s in served_by(state, ch) if state.board.chars[s].location == loc]


@replacement("kill", "servant_dies_instead", 15, lambda state, ch, cause: bool(servants_here(state, ch)))
def _servant_dies_instead(state: GameState, ch: str, cause: Any) -> None:
    """The Servant in the same location dies instead of the character she serves (seed 000 Servant)."""
    servant = servants_here(state, ch)[0]
    emit(state, "dies_instead", T("event.dies_instead", character=character(servant), instead_of=character(ch)), character=servant, instead_of=ch)
    kill(state, servant, cause)


@register("servant.loyalty")
def servant_loyalty(state: GameState, ctx: Ctx, target: str) -> None:
    """Her Loyalty token goes on the chosen character: she serves it too for the rest of the loop."""
    grant_status(state, LOYALTY, [target])
    emit(state, "loyalty", T("event.loyalty", character=character(target)), character=target)


def servant_ways(state: GameState, moves: list[tuple[str, str, Any]]) -> dict[str, list[tuple[str, list[str]]]]:
    """The ways each Servant could go with this set of moves: for every destination a character she
    serves leaves her location for, that destination and whom she would go with (in the order of the
    moves: cast order at card resolution). Only Servants with two or more ways: the Leader chooses
    among them (seed 000 Servant: "If this could move her in multiple ways, the Leader decides")."""
    if not with_trait(state, "serves"):
        return {}
    ways: dict[str, list[tuple[str, list[str]]]] = {}
    for ch, dest, _ in moves:
        if dest == state.board.chars[ch].location:
            continue
        for s in servants_here(state, ch):
            mine = ways.setdefault(s, [])
            way = next((w for w in mine if w[0] == dest), None)
            if way is None:
                mine.append((dest, [ch]))
            elif ch not in way[1]:
                way[1].append(ch)
    return {s: w for s, w in ways.items() if len(w) >= 2}


def follow_moves(state: GameState, moves: list[tuple[str, str, Any]], leads: dict[str, str]) -> list[tuple[str, str, Any]]:
    """Add the Servant's moves to a set of planned moves: she follows a served character that leaves
    her location, ignoring her own move. Where her charges leave in several directions she goes
    where the Leader chose (`leads`, asked by cards.movement); without a choice (no caller asks it:
    a single move never has two ways), with the first of them (docs/rulings.md servant-follows)."""
    if not with_trait(state, "serves"):
        return moves
    chosen: dict[str, tuple[str, Any]] = {}
    for ch, dest, why in moves:
        if dest == state.board.chars[ch].location:
            continue
        for s in servants_here(state, ch):
            if s not in chosen or (leads.get(s) == dest and chosen[s][0] != dest):
                chosen[s] = (dest, why)
    out = [m for m in moves if m[0] not in chosen]  # her own movement is ignored
    out += [(s, dest, why) for s, (dest, why) in chosen.items()]
    return out


MOVE_WAYS.append(servant_ways)
MOVE_FOLLOWERS.append(follow_moves)
