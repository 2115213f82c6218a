"""Each loop's summary in a view (views.loop_summaries) is kept up as events are added; what it says
after every decision is what a summary built afresh from the seat's log says, for the Mastermind,
a Protagonist and the observer, before and after the end."""

from __future__ import annotations

import json

from scriptkeeper.core.text import to_json
from scriptkeeper.tragedy_looper import views

from tests.properties.randomplay import random_game


def test_the_loop_summaries_kept_up_equal_those_built_afresh() -> None:
    loops = 0
    for state, _ in random_game("basic_tragedy/ink_on_the_shrine_steps", 7, 4):
        over = state.result is not None
        for seat in ("mastermind", "protagonist2", "observer"):
            kept = views.loop_summaries(state, seat, over)
            held = dict(state.view_cache)
            state.view_cache.clear()
            fresh = views.loop_summaries(state, seat, over)
            state.view_cache.clear()
            state.view_cache.update(held)
            assert json.dumps(to_json(kept)) == json.dumps(to_json(fresh)), (seat, state.loop, state.day)
            log = views.seen_log(state, seat, over)
            assert all(log[s["at"]].id == "event.loop_start" for s in fresh)
            loops = max(loops, len(fresh))
    assert loops >= 2
