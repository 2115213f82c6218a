"""The mechanical rules every step uses: events, reminder tokens, deaths and what prevents them,
and the winning rules. Nothing here asks a question; the steps that need the Storyteller's
judgement (a Mayor's bounce, a Pacifist's mercy) ask before they call these."""

from __future__ import annotations

from typing import Any

from ..core.events import GM, PUBLIC, Event, Visibility
from ..core.flow import emit
from ..core.text import Ref, T, Text
from .characters import team
from .state import EVIL, GOOD, ClockState, Reminder


def seat_ref(seat: str) -> Ref:
    return Ref("seat", seat)


def char_ref(cid: str) -> Ref:
    return Ref("character", cid)


def source_ref(source: str) -> Ref | Text:
    """Whose a reminder token is: a character's, or the Storyteller's own mark."""
    return T("ct.storyteller") if source == "storyteller" else char_ref(source)


def say(state: ClockState, type: str, text: Text, visible_to: Visibility = PUBLIC, **data: Any) -> None:
    emit(state, Event(type, text, visible_to, data))


def place(state: ClockState, source: str, token: str, seat: str | None) -> None:
    r = Reminder(source, token, seat)
    if r not in state.reminders:
        state.reminders.append(r)
        say(state, "reminder_placed", T("ct.event.reminder_placed", token=Ref("reminder", token), source=source_ref(source),
                                         seat=seat_ref(seat) if seat else T("ct.centre")), GM, source=source, token=token, seat=seat)


def remove(state: ClockState, source: str, token: str, seat: str | None = None, *, any_seat: bool = False) -> None:
    keep = []
    for r in state.reminders:
        if r.source == source and r.token == token and (any_seat or r.seat == seat):
            say(state, "reminder_removed", T("ct.event.reminder_removed", token=Ref("reminder", token), source=source_ref(source)),
                GM, source=source, token=token, seat=r.seat)
        else:
            keep.append(r)
    state.reminders = keep


def ability_used(state: ClockState, seat: str, source: str) -> bool:
    return state.has(seat, "no_ability", source)


def tea_lady_protects(state: ClockState, seat: str) -> bool:
    """A sober living Tea Lady whose two living neighbours are both good keeps them alive."""
    for lady in state.holders("tea_lady"):
        if not state.works(lady, "tea_lady"):
            continue
        nb = state.neighbours(lady)
        if seat in nb and len(nb) == 2 and all(state.alignment[s] == GOOD for s in nb):
            return True
    return False


def lleech_host_alive(state: ClockState, seat: str) -> bool:
    """The Lleech cannot die while the player it poisoned lives."""
    if seat not in state.holders("lleech") or not state.sober(seat):
        return False
    return any(r.source == "lleech" and r.token == "poisoned" and r.seat and state.alive.get(r.seat) for r in state.reminders)


def kill(state: ClockState, seat: str, cause: str, *, by_execution: bool = False) -> bool:
    """`seat` would die: the rules that keep them alive first (Tea Lady, Fool, Lleech), then the
    death and what follows it (a Lleech's host takes the Lleech along). True if they died."""
    if not state.alive.get(seat):
        return False
    if tea_lady_protects(state, seat):
        say(state, "death_prevented", T("ct.event.saved", seat=seat_ref(seat), by=char_ref("tea_lady")), GM, seat=seat, by="tea_lady")
        return False
    if lleech_host_alive(state, seat):
        say(state, "death_prevented", T("ct.event.saved", seat=seat_ref(seat), by=char_ref("lleech")), GM, seat=seat, by="lleech")
        return False
    if seat in state.holders("fool") and state.character[seat] in ("fool", "cannibal") and not ability_used(state, seat, "fool"):
        if state.sober(seat):
            place(state, "fool", "no_ability", seat)
            say(state, "death_prevented", T("ct.event.saved", seat=seat_ref(seat), by=char_ref("fool")), GM, seat=seat, by="fool")
            return False
    die(state, seat, cause, by_execution=by_execution)
    return True


def die(state: ClockState, seat: str, cause: str, *, by_execution: bool = False) -> None:
    """The death itself: at night it is announced at dawn; by day at once."""
    state.alive[seat] = False
    state.ghost_vote[seat] = True
    say(state, "death_cause", T("ct.event.death_cause", seat=seat_ref(seat), cause=T(f"ct.cause.{cause}")), GM, seat=seat, cause=cause)
    if state.phase == "night":
        state.night_deaths.append(seat)
    else:
        state.shown_alive[seat] = False
        say(state, "death", T("ct.event.death", seat=seat_ref(seat)), seat=seat)
    # The Lleech dies exactly when its host is dead.
    for r in list(state.reminders):
        if r.source == "lleech" and r.token == "poisoned" and r.seat == seat:
            for lleech in state.holders("lleech"):
                if state.alive.get(lleech) and state.character[lleech] == "lleech":
                    die(state, lleech, "lleech_host")


def check_win(state: ClockState) -> None:
    """Good wins when no Demon lives; evil when only two players live (and a Demon does)."""
    if state.winner is not None or state.phase == "setup":
        return
    demons = [s for s in state.seats if team(state.character[s]) == "demon"]
    if demons and not any(state.alive[s] for s in demons):
        win(state, GOOD, "demon_dead")
    elif len([s for s in state.living() if s not in state.travellers]) <= 2:  # Travellers not counted (docs/rulings.md)
        win(state, EVIL, "two_alive")


def win(state: ClockState, side: str, reason: str) -> None:
    if state.winner is not None:
        return
    state.winner, state.win_reason = side, reason
    heretics = [s for s in state.seats if state.character[s] == "heretic" and state.sober(s)]
    state.heretic_flip = bool(heretics)
    state.phase = "over"
    say(state, "game_over", T("ct.event.game_over", side=T(f"ct.team.{side}"), reason=T(f"ct.reason.{reason}")),
        winner=side, reason=reason, heretic=state.heretic_flip)
    say(state, "grimoire_revealed", T("ct.event.grimoire_revealed"),
        grimoire={s: {"character": state.character[s], "alignment": state.alignment[s]} for s in state.seats},
        bluffs=list(state.bluffs))


def results(state: ClockState) -> dict[str, str]:
    """Per seat: win or lose; the Heretic turns every result over."""
    out = {}
    for s in state.seats:
        won = state.alignment[s] == state.winner
        if state.heretic_flip:
            won = not won
        out[s] = "win" if won else "lose"
    return out
