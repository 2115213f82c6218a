"""What a table offers a player who learns the game, beyond the views: the game's reference sheet
(Tragedy Looper: the Tragedy Set sheet headed by the script's public facts) and the deduction
assistant of one seat, from that seat's own view only.

Both are optional parts of a game (`Game.reference(setup)`, `Game.assistant(view)`); a game without
them answers 404. Both come rendered, like views.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .service import TableService

from .service import ServiceError


async def reference(service: "TableService", table_id: str) -> dict[str, Any]:
    """The reference sheet of a table's game and setup: public (the rule book and the public facts)."""
    table = await service.get_table(table_id)
    make = getattr(table.game, "reference", None)
    if make is None:
        raise ServiceError(404, f"{table.game.id} has no reference sheet")
    return {"table": table.id, "sheet": table.render(make(table.setup))}


async def assistant(service: "TableService", table_id: str, seat: str, token: str | None) -> dict[str, Any]:
    """The deduction assistant of `seat`, from `seat`'s own view (never the game master's)."""
    table = await service.get_table(table_id)
    service.authorize(table, seat, token)
    if seat == table.game.gm_seat:
        raise ServiceError(409, "the game master knows the setup: the assistant is for the players")
    make = getattr(table.game, "assistant", None)
    if make is None:
        raise ServiceError(404, f"{table.game.id} has no deduction assistant")
    version = table.version
    view = table.game.view(table.state, seat)
    data = await asyncio.to_thread(make, view)
    return {"table": table.id, "version": version, "assistant": table.render(data)}
