"""What a table offers a player who learns the game, beyond the views: the game's reference sheet
(Tragedy Looper: the Tragedy Set sheet headed by the script's public facts) and the deduction
assistant of one seat, from that seat's own view only, and a hint for a learner (what the AI would
play in this seat now, and why).

Both are optional parts of a game (`Game.reference(setup)`, `Game.assistant(view)`); a game without
them answers 404. Both come rendered, like views.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .service import TableService

from ..core.errors import UnmodelledRule
from ..core.text import T
from .service import ServiceError


async def reference(service: "TableService", table_id: str, lang: str = "en") -> dict[str, Any]:
    """The reference sheet of a table's game and setup: public (the rule book and the public facts)."""
    table = await service.get_table(table_id)
    make = getattr(table.game, "reference", None)
    if make is None:
        raise ServiceError(404, T("server.error.no_reference", game=table.game.id))
    return {"table": table.id, "sheet": table.in_lang(lang)(make(table.setup))}


async def assistant(service: "TableService", table_id: str, seat: str, token: str | None, lang: str = "en") -> dict[str, Any]:
    """The deduction assistant of `seat`, from `seat`'s own view (never the game master's)."""
    table = await service.get_table(table_id)
    service.authorize(table, seat, token)
    if seat == table.game.gm_seat:
        raise ServiceError(409, T("server.error.assistant_for_players"))
    make = getattr(table.game, "assistant", None)
    if make is None:
        raise ServiceError(404, T("server.error.no_assistant", game=table.game.id))
    version = table.version
    view = table.game.view(table.state, seat)
    data = await asyncio.to_thread(make, view)
    return {"table": table.id, "version": version, "assistant": table.in_lang(lang)(data)}


async def hint(service: "TableService", table_id: str, seat: str, token: str | None, lang: str = "en") -> dict[str, Any]:
    """What the AI would play in `seat`'s pending decision, and why, from `seat`'s own view only
    (`Game.hint(view, decision)`); 409 when the seat has nothing to decide."""
    table = await service.get_table(table_id)
    service.authorize(table, seat, token)
    make = getattr(table.game, "hint", None)
    if make is None:
        raise ServiceError(404, T("server.error.no_hints", game=table.game.id))
    d = table.game.pending(table.state)
    if d is None or d.seat != seat:
        raise ServiceError(409, T("server.error.no_decision_now"))
    version = table.version
    view = table.game.view(table.state, seat)
    try:
        data = await asyncio.to_thread(make, view, d, version)
    except UnmodelledRule as exc:  # the AI does not play this set (Another Horizon): no hint, said in words
        raise ServiceError.refused(422, exc, table.game) from exc
    return {"table": table.id, "version": version, "answer": data["answer"], "hint": table.in_lang(lang)(data["text"])}


async def replay(service: "TableService", table_id: str, seat: str, step: int, lang: str = "en") -> dict[str, Any]:
    """A finished table's game after its first `step` decisions, as `seat` saw it then (any seat,
    the game master's included: everything is revealed once the game is over), and the decision
    answered next."""
    table = await service.get_table(table_id)
    if not table.over:
        raise ServiceError(409, T("server.error.replay_not_over"))
    g = table.game
    if seat not in (*table.seats, g.observer_seat):
        raise ServiceError(404, T("server.error.no_such_seat", seat=repr(seat)[:60], seats=", ".join([*table.seats, g.observer_seat])))
    history = g.history(table.state)
    step = max(0, min(int(step), len(history)))
    return await asyncio.to_thread(_replay, table, seat, step, history, lang)


def _replay(table: Any, seat: str, step: int, history: list[dict[str, Any]], lang: str = "en") -> dict[str, Any]:
    from .render import ViewRenderer

    g = table.game
    state = g.new_game(table.setup, table.rec.seed, table.game_options)
    for h in history[:step]:
        g.apply(state, h["answer"], seat=h["seat"])
    render = ViewRenderer(g.renderer(state, lang))
    view = render(g.view(state, seat))
    nxt = None
    d = g.pending(state)
    if d is not None and step < len(history):
        i = d.index_of(history[step]["answer"])
        nxt = {"seat": d.seat, "prompt": render(d.prompt.to_json()),
               "answer": render(d.label(i).to_json()) if i >= 0 else str(history[step]["answer"])}
    out = {"table": table.id, "step": step, "steps": len(history), "seat": seat, "view": view, "next": nxt}
    if step == len(history):
        out["next"] = {"seat": None, "prompt": render(T("ui.game_over").to_json()), "answer": ""}
    return out
