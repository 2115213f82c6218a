"""Midnight Zone rules that need code, registered by the id their YAML entry names with `call:`."""

from __future__ import annotations

from ....core.text import T
from ...actions import emit, grant_status
from ...query import Ctx
from ...state import GameState
from ...vocab import register


# Faked Suicide (after its Extra card is placed): for the rest of the loop the Protagonists may not
# place cards on any character holding an Extra card (seed 001 says "character(s) with Extra
# cards": every holder, not only the culprit; see docs/rulings.md). Extra cards are only placed at
# loop start and by this incident, so the holders now are the holders for the rest of the loop.
@register("faked_suicide.seal")
def faked_suicide_seal(state: GameState, ctx: Ctx) -> None:
    holders = [ch for ch in state.script.cast if ch in state.board.extra_cards]
    grant_status(state, "no_protagonist_cards", holders)
    emit(state, "no_protagonist_cards", T("event.no_protagonist_cards"), characters=holders)
