"""Team decisions at a table: a decision the game marks `info["team"]` (Tragedy Looper: the Final
Guess, and skipping to it) belongs to the whole team of the seat it is asked of (the seat group,
`Game.seat_groups`, that holds that seat).

When that seat is played by an agent and some seat of its team by a human, the agent does not
answer: the human seats of the team take the decision (it is shown in their views, marked with
the seat it is asked of), and the answer is stored as that seat's, so game files and `verify`
read it as the game asked it. The agents of the team propose their answer first (an agent's
`propose(view, decision)` when it has one, else its `choose`), and the proposals are shown to the
humans beside the decision: `decision.proposals = [{seat, answer, label, series?}]`.

A team decision's question is the team's: every seat of the team may see it (the game says so by
marking it). Nothing else of another seat's view is ever shown.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from ..agents.base import make_agent
from ..core.decision import Decision
from ..core.text import to_json

if TYPE_CHECKING:  # pragma: no cover
    from .service import Table

log = logging.getLogger("scriptkeeper.server")
HUMAN = "human"


def team_of(table: "Table", seat: str) -> list[str]:
    """The seats of `seat`'s team (its seat group), itself included; the game master has none."""
    if seat == table.game.gm_seat:
        return [seat]
    for seats in table.game.seat_groups(table.setup, table.game_options).values():
        if seat in seats:
            return list(seats)
    return [seat]


def takers(table: "Table", d: Decision | None) -> list[str]:
    """The human seats that take `d` for an agent's seat of their team (none: `d` is answered as usual),
    in turn order from the asked seat; a series (the Final Guess form) is taken by the first of them."""
    if d is None or not d.info.get("team") or d.seat not in table.seats:
        return []
    if table.seats[d.seat].controller == HUMAN:
        return []
    team = team_of(table, d.seat)
    at = team.index(d.seat)
    humans = [s for s in team[at:] + team[:at] if s in table.seats and table.seats[s].controller == HUMAN]
    # A series is answered one question at a time from one form: two humans confirming two forms
    # would mix their answers, so the first human after the asked seat takes it, and the others
    # follow that form live (its draft, below).
    return humans[:1] if d.info.get("series") else humans


def proposals(table: "Table", d: Decision) -> list[dict[str, Any]]:
    """What every agent of the team proposes for `d` (each from its own seat's view); rendered by the caller."""
    out: list[dict[str, Any]] = []
    for seat in team_of(table, d.seat):
        ctl = table.seats[seat].controller if seat in table.seats else HUMAN
        if ctl == HUMAN:
            continue
        agent = make_agent(table.game, ctl, table.rec.seed * 7919 + table.version)
        view = table.game.view(table.state, seat)
        try:
            propose = getattr(agent, "propose", None)
            got = propose(view, d) if propose is not None else None
            if got is None:
                got = {"answer": agent.choose(view, d)}
        except Exception:  # an agent's bug costs its proposal, never the table
            log.exception("the %s agent could not propose at table %s", ctl, table.id)
            continue
        entry: dict[str, Any] = {"seat": seat, "answer": got["answer"], "label": to_json(_label(d, got["answer"]))}
        if "series" in got:
            entry["series"] = {k: {"answer": v, "label": to_json(_label(d, v))} for k, v in got["series"].items()}
        out.append(entry)
    return out


def _label(d: Decision, answer: Any) -> Any:
    i = d.index_of(answer)
    return d.label(i) if i >= 0 else str(answer)


def decision_for(table: "Table", seat: str, d: Decision) -> dict[str, Any] | None:
    """The decision as a taker's view shows it: the asked seat's decision entry, marked `for_seat`."""
    entry = table.game.view(table.state, d.seat).get("decision")
    if entry is None:
        return None
    return {**entry, "for_seat": d.seat, "proposals": table.proposals.get(table.version, [])}


# ---------------------------------------------------------------- the draft of a series form
# A team decision asked as a series (the Final Guess: one question per character, answered on one
# form) is drafted by the human who takes it (the asked seat when it is human, else the takers), and
# the draft, as it changes, is shown to the other human seats of the team. Beyond the team it goes
# only where the drafter may talk right now: what the team says aloud is heard at a real table (the
# Mastermind included), and a draft of the team's answer holds nothing of the game the others could
# not hear. The draft is never stored: it is advice, not a decision.


def drafters(table: "Table", d: Decision | None) -> list[str]:
    """The seats whose form for `d` others may follow: human seats that may answer a team series decision."""
    if d is None or not d.info.get("team") or not d.info.get("series") or d.seat not in table.seats:
        return []
    if table.seats[d.seat].controller == HUMAN:
        return [d.seat]
    return takers(table, d)


def clean_draft(d: Decision, answers: Any) -> dict[str, Any]:
    """The legal part of a draft sent by a page: the series' unanswered keys mapped to legal answers."""
    if not isinstance(answers, dict):
        return {}
    series = d.info["series"]
    keys = [i["key"] for i in series["items"] if i["key"] not in series.get("answered", {})]
    return {k: answers[k] for k in keys if k in answers and d.index_of(answers[k]) >= 0}


def drafts_for(table: "Table", seat: str, d: Decision | None, may_talk: Any) -> list[dict[str, Any]]:
    """The drafts `seat` may follow (never its own): of its team's drafters, and of any drafter who may
    talk now (`may_talk(seat)`); each as {seat, rows: [{key, label, answer, answered}]} with Texts."""
    drafts = table.drafts if d is not None and table.drafts_kind == d.kind else {}
    if not drafts or d is None:
        return []
    team = team_of(table, d.seat)
    series = d.info["series"]
    answered = series.get("answered", {})
    out: list[dict[str, Any]] = []
    for drafter in drafters(table, d):
        if drafter == seat or drafter not in drafts or not (seat in team or may_talk(drafter)):
            continue
        rows = []
        for item in series["items"]:
            k = item["key"]
            value = answered.get(k, drafts[drafter].get(k))
            rows.append({"key": k, "label": to_json(item["label"]), "answered": k in answered,
                         "answer": to_json(_label(d, value)) if value is not None else None})
        out.append({"seat": drafter, "rows": rows})
    return out
