"""Seat views, built positively: the town square everyone sees (seats, alive or dead, ghost votes,
today's nominations and votes), a player's own character and what they were told, and for the
Storyteller the whole grimoire and tonight's script. Another player's character, alignment,
bluffs or drunkenness enter a player's view only when the rules say (the end of the game)."""

from __future__ import annotations

from typing import Any

from ..core.text import T
from .characters import character, night_order
from .state import OBSERVER, STORYTELLER, ClockState
from .texts import names

# Decisions whose being asked is public knowledge (everyone sees who is being waited for).
PUBLIC_KINDS = {"day_action", "nominate", "goblin_claim", "vote", "exile_vote", "point", "psychopath_again", "gossip_judge", "savant_answer",
                "artist_answer", "fisherman_answer", "alchemist_redo"}
# The Storyteller's decisions whose subject the town may be told while it waits: the day's floor
# is run in the open; every other judgement by day or night only shows that the Storyteller decides.
PUBLIC_STORYTELLER_KINDS = {"day_floor", "gossip_judge", "savant_answer", "artist_answer", "fisherman_answer", "alchemist_redo"}
# The page's own words for the circle (texts with ids, rendered at the server's edge): the town's,
# and the Storyteller's grimoire page's.
PAGE_WORDS = ("alive", "dead", "ghost_vote", "about_to_die", "voted_yes", "voted_no", "votes_next", "nominated_today", "you_are",
              "not_in_play")
GRIMOIRE_WORDS = ("grimoire", "tonight", "centre", "bluffs", "mark_drunk", "mark_poisoned", "minion_bluffs", "judgement",
                  "open_grimoire")


def town_square(state: ClockState, *, knows_all: bool) -> list[dict[str, Any]]:
    """The seats as the town knows them (a death at night is known at dawn), or as they are."""
    alive = state.alive if knows_all else state.shown_alive
    # Everyone knows who the Travellers are (their alignment stays secret).
    return [{"seat": s, "alive": bool(alive.get(s, True)), "ghost_vote": bool(alive.get(s, True) or state.ghost_vote.get(s)),
             "name": T("ct.label.seat", seat=_ref(s)).to_json(), **({"traveller": True} if s in state.travellers else {})}
            for s in state.seats]


def _ref(s: str) -> Any:
    from .rules import seat_ref
    return seat_ref(s)


def reminders_on(state: ClockState, seat: str) -> list[dict[str, Any]]:
    """The tokens by a seat; the Tea Lady's Cannot Die follow her neighbours at every moment."""
    from .rules import tea_lady_protects
    out = [r.to_json() for r in state.reminders if r.seat == seat]
    if state.alive.get(seat) and tea_lady_protects(state, seat):
        out.append({"source": "tea_lady", "token": "cannot_die", "seat": seat})
    return out


def grimoire(state: ClockState) -> list[dict[str, Any]]:
    return [{"seat": s, "character": state.character.get(s), "alignment": state.alignment.get(s), "alive": state.alive.get(s, True),
             "ghost_vote": bool(state.alive.get(s, True) or state.ghost_vote.get(s)), "drunk": state.drunk(s) if s in state.character else False,
             "poisoned": state.poisoned(s) if s in state.character else False,
             "reminders": reminders_on(state, s) if s in state.character else []} for s in state.seats]


def night_script(state: ClockState) -> list[dict[str, Any]]:
    """Tonight's order: who wakes (their seats), for the Storyteller."""
    if not state.character:
        return []
    first = state.night <= 1
    out = []
    for e in night_order(first, set(state.setup.script.characters) | state.in_play()):
        holders = state.holders(e) if e in state.setup.script.characters or e in state.in_play() else []
        if e in ("dusk", "minioninfo", "demoninfo", "dawn") or holders:
            out.append({"entry": e, "seats": holders})
    return out


def build(game: Any, state: ClockState, seat: str) -> dict[str, Any]:
    if seat not in state.seats and seat not in (STORYTELLER, OBSERVER):
        raise ValueError(f"unknown seat {seat!r}")
    over = state.winner is not None
    gm = STORYTELLER
    t = state.today
    view: dict[str, Any] = {
        "game": game.id, "seat": seat, "title": state.setup.title, "script_characters": list(state.setup.script.characters),
        "script_name": state.setup.script.name, "phase": state.phase, "clock": {"day": state.day, "night": state.night},
        "players": len(state.seats), "town_square": town_square(state, knows_all=seat == gm or over),
        "today": {"nominations": [{**n, "votes": list(n["votes"])} for n in t.nominations], "block": t.block, "executed": t.executed,
                  "nominees": list(t.nominees), "nominators": list(t.nominators)},
        "log": [e.to_json()["text"] for e in state.events if e.visible(seat, gm, game_over=over)],
        "events": [e.to_json() for e in state.events if e.visible(seat, gm)],
        "names": names(),
    }
    if seat in state.character:
        cid = state.character[seat]
        view["you"] = {"character": cid, "team": character(cid).team, "ability": T(f"ct.ability.{cid}").to_json()}
        if cid == "alchemist" and state.alchemist_ability and any(e.type == "alchemist_ability" and e.visible_to == (seat,) for e in state.events):
            view["you"]["minion_ability"] = state.alchemist_ability
        if seat in state.demons() and state.bluffs:
            view["you"]["bluffs"] = list(state.bluffs)
        if seat in state.minion_bluffs:
            view["you"]["bluffs"] = list(state.minion_bluffs[seat])
    if seat == gm or over:
        view["grimoire"] = grimoire(state)
        view["bluffs"] = list(state.bluffs)
        view["minion_bluffs"] = {k: list(v) for k, v in state.minion_bluffs.items()}
        view["centre_reminders"] = [r.to_json() for r in state.reminders if r.seat is None]
    if seat == gm:
        view["night_script"] = night_script(state)
        view["outsider_change"] = state.outsider_change
        view["bag"] = list(state.bag)
    outcome = game.outcome(state)
    view["outcome"] = None if outcome is None else outcome.to_json()
    view["words"] = {k: T(f"ct.page.{k}") for k in PAGE_WORDS + (GRIMOIRE_WORDS if seat == gm else ())}
    d = state.pending
    if d is not None:
        if d.seat == seat:
            view["decision"] = d.to_json()
        else:
            view["waiting_for"] = d.seat if seat == gm else public_waiting_for(state)
            view["waiting"] = waiting(state) if seat != gm else {"seat": d.seat, "text": T("ct.waiting.player", seat=_ref(d.seat))}
            if seat == gm and state.phase == "night":  # the grimoire page: whom the Storyteller woke, what they may choose
                view["their_decision"] = d.to_json()
    voting = vote_in_progress(state)
    if voting is not None:
        view["today"]["voting"] = voting
    return view


def waiting(state: ClockState) -> dict[str, Any]:
    """What the town is told while it waits: the player whose public decision it is, or that the
    Storyteller is deciding, and about what only when that is public (a pause itself shows)."""
    d = state.pending
    assert d is not None
    w = public_waiting_for(state)
    if w != STORYTELLER:
        return {"seat": w, "text": T("ct.waiting.player", seat=_ref(str(w)))}
    if state.phase == "night":
        return {"seat": w, "text": T("ct.waiting.night")}
    if d.seat == STORYTELLER and d.kind in PUBLIC_STORYTELLER_KINDS:
        return {"seat": w, "text": T(f"ct.waiting.storyteller.{d.kind}")}
    return {"seat": w, "text": T("ct.waiting.storyteller")}


def vote_in_progress(state: ClockState) -> dict[str, Any] | None:
    """The vote going round the circle, as everyone sees it: who voted how so far, whose hand is next."""
    f = state.pending_frame
    d = state.pending
    if f is None or d is None or f.step != "vote" or d.kind != "vote":
        return None
    from .day import threshold
    a = f.args
    done = list(a.get("asked", ()))
    yes = set(a["yes"])
    need = threshold(state)
    return {"nominator": a["nominator"], "nominee": a["nominee"], "next": d.seat, "yes": len(yes), "need": need,
            "voted": [{"seat": v, "vote": "yes" if v in yes else "no"} for v in done],
            "text": T("ct.voting", nominee=_ref(a["nominee"]), n=len(yes), need=need)}


def public_waiting_for(state: ClockState) -> str | None:
    """Whom the town may be told the game waits for: the seat of a decision asked in public by
    day; otherwise the Storyteller (at night, and for the Storyteller's secret judgements)."""
    d = state.pending
    if d is None:
        return None
    return d.seat if d.kind in PUBLIC_KINDS and state.phase == "day" else STORYTELLER
