"""Event records with a visibility tag.

Every event says who may see it: everyone (`public`), only the game master (`mastermind`), or a
set of seats. Views copy the events a seat may see; nothing is ever deleted from an event to
make it fit a seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PUBLIC = "public"
GM = "mastermind"


@dataclass(frozen=True)
class Event:
    type: str
    text: str
    visible_to: str | tuple[str, ...] = PUBLIC
    data: dict[str, Any] = field(default_factory=dict)

    def visible(self, seat: str, *, game_over: bool = False) -> bool:
        if game_over or self.visible_to == PUBLIC or seat == GM:
            return True
        if isinstance(self.visible_to, tuple):
            return seat in self.visible_to
        return self.visible_to == seat

    def to_dict(self) -> dict[str, Any]:
        vis = list(self.visible_to) if isinstance(self.visible_to, tuple) else self.visible_to
        return {"type": self.type, "text": self.text, "visible_to": vis, **({"data": self.data} if self.data else {})}
