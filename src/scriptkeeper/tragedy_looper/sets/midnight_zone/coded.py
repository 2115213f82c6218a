"""Midnight Zone rules that need code, registered by the id their YAML entry names with `call:`."""

from __future__ import annotations

from typing import Any

from ...actions import emit
from ...effects import register
from ...state import GameState


# Faked Suicide (after its Extra card is placed): for the rest of the loop the Protagonists may not
# place cards on any character holding an Extra card (seed 001 says "character(s) with Extra
# cards": every holder, not only the culprit; see docs/rulings.md). Extra cards are only placed at
# loop start and by this incident, so the holders now are the holders for the rest of the loop.
@register("faked_suicide.seal")
def faked_suicide_seal(state: GameState, ctx: dict[str, Any]) -> None:
    barred = state.loop_flags.setdefault("no_protagonist_cards", [])
    for ch in state.script.cast:
        if ch in state.extra_cards and ch not in barred:
            barred.append(ch)
    emit(state, "no_protagonist_cards", "For the rest of this loop the Protagonists may not place cards on a character with an Extra card.")
