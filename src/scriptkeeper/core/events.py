"""Event records with a visibility tag.

Every event says who may see it: everyone (`PUBLIC`), only the game master (`GM`, whichever seat
that is in a game: the Mastermind, the Storyteller), or a set of seats (`("protagonist1",)`; the
game master sees those too, unless the set is made with `only(...)`). Views copy the events a seat may see; nothing is ever deleted from
an event to make it fit a seat. An event's `text` is a Text (id and parameters) rendered at the
edge; its `data` is what programs read (the deduction, the agents): ids and numbers, no words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Mapping

from .text import Text, to_json

PUBLIC = "public"
GM = "gm"
# In a tuple of seats: the game master does not see the event either (Last Liar's Extra cards,
# which only their holder may look at, not even the Mastermind).
NOT_GM = "!gm"
# In a tuple of seats: only these seats see the event, even once the game is over (Another
# Horizon's unannounced Warps: the Mastermind need never tell that one was triggered).
SEALED = "!sealed"
Visibility = str | tuple[str, ...]


def sealed(*seats: str) -> tuple[str, ...]:
    """The visibility of an event that only these seats ever see, the game's end included."""
    return (SEALED, NOT_GM, *seats)


def only(*seats: str) -> tuple[str, ...]:
    """The visibility of an event that only these seats see, the game master not included."""
    return (NOT_GM, *seats)


@dataclass(frozen=True)
class Event:
    type: str
    text: Text
    visible_to: Visibility = PUBLIC
    data: Mapping[str, Any] = field(default_factory=dict)

    def visible(self, seat: str, gm_seat: str, *, game_over: bool = False) -> bool:
        """May `seat` see this event? The game master sees everything; everyone does once the game is over."""
        if isinstance(self.visible_to, tuple) and SEALED in self.visible_to:
            return seat in self.visible_to
        if game_over or self.visible_to == PUBLIC:
            return True
        if isinstance(self.visible_to, tuple):
            if NOT_GM in self.visible_to:
                return seat in self.visible_to
            return seat == gm_seat or seat in self.visible_to
        return seat == gm_seat

    def to_json(self) -> dict[str, Any]:
        """The event as JSON (made once per event: events never change; callers must not change it)."""
        return self._json

    def program_json(self) -> dict[str, Any]:
        """The event for programs: type, visibility and data, without its words (made once; never change it)."""
        return self._program_json

    @cached_property
    def _program_json(self) -> dict[str, Any]:
        j = self._json
        return {"type": j["type"], "visible_to": j["visible_to"], **({"data": j["data"]} if "data" in j else {})}

    @cached_property
    def _json(self) -> dict[str, Any]:
        vis = list(self.visible_to) if isinstance(self.visible_to, tuple) else self.visible_to
        out: dict[str, Any] = {"type": self.type, "text": self.text.to_json(), "visible_to": vis}
        if self.data:
            out["data"] = to_json(dict(self.data))
        return out
