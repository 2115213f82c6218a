"""A game's workshop: what a setup editor needs to build a setup with the referee behind it.

A game that offers one gives its `Game` an attribute `workshop` (see `workshop_of`). The server's
editor routes and page use only this protocol: the catalog the forms are drawn from (every name
and rules text already in the reader's language), the live check (the same check `scriptkeeper
check` runs, each problem with the part of the setup it is about), imports of other tools'
formats, and a balance test played by the game's agents.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

JSON = Any
Progress = Callable[[int, int], None]  # (games done, games in all)


class Workshop(Protocol):
    def catalog(self, lang: str = "en") -> dict[str, JSON]:
        """Everything the editor's forms offer, from the rules data: JSON, words in `lang`."""
        ...

    def check(self, data: JSON, lang: str = "en") -> dict[str, JSON]:
        """Check a draft setup: {"legal", "problems": [{rule, message, where}], "text", "summary"}.
        `text` is the canonical text when the draft is legal (what a table commits to)."""
        ...

    def open(self, text: str, name: str = "") -> dict[str, JSON]:
        """A setup read from a file's text, in this game's own format or another tool's it knows:
        {"setup": draft data, "format": ..., "notes": [...]} (ValueError naming what it cannot read)."""
        ...

    def shipped(self, name: str) -> dict[str, JSON]:
        """A shipped setup as draft data, to edit."""
        ...

    def balance(self, data: JSON, games: int, mastermind: str, protagonists: str, progress: Progress,
                lang: str = "en") -> dict[str, JSON]:
        """Play `games` games per loop count around the setup's own with the named agents."""
        ...


def workshop_of(game: Any) -> Workshop | None:
    """The game's workshop, or None when it offers no editor."""
    return getattr(game, "workshop", None)
