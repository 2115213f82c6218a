"""Game files of format 1 (scriptkeeper 0.1): their digest and outcome, reproduced exactly.

Format 1 took its digest over a state dictionary that held English sentences (loss reasons, the
outcome's reason, the pending question's prompt and labels). To verify those files after any
later rewording, their sentences are rendered here with a frozen copy of the release-0.1 English
(legacy/v1_en.json: the messages and names as they were), never with the live catalogs.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..core.text import MissingText, Renderer, Text
from .state import GameState

FROZEN = Path(__file__).parent / "legacy" / "v1_en.json"
V1_COUNTERS = ("paranoia", "goodwill", "intrigue", "guard")


@lru_cache(maxsize=None)
def _frozen() -> dict[str, Any]:
    return json.loads(FROZEN.read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def renderer(set_id: str) -> Renderer:
    data = _frozen()
    if set_id not in data["names"]:  # a set added after 0.1 (Rei's augmented sets): format 1 cannot hold its games
        raise MissingText(f"format 1 knows no Tragedy Set {set_id!r}")
    return Renderer(data["messages"], data["names"][set_id])


def freeze(path: Path = FROZEN) -> None:
    """Write the frozen copy from the current catalogs (run once, when format 2 was introduced)."""
    from .rules import available_sets
    from .texts import catalog, names

    messages: dict[str, Any] = {}
    per_set: dict[str, Any] = {}
    for sid in available_sets():
        cat = catalog(sid)
        messages.update({k: v for k, v in cat.items() if not k.startswith("name.")})
        per_set[sid] = names(sid)
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps({"messages": messages, "names": per_set}, indent=0, sort_keys=True, ensure_ascii=False) + "\n",
                    encoding="utf-8")


def state_dict_v1(state: GameState) -> dict[str, Any]:
    """The state dictionary release 0.1 took its digest over."""
    r = renderer(state.script.set_id)
    s, b, facts = state.script, state.board, state.this_loop
    day_of = {i: inc.day for i, inc in enumerate(s.incidents)}
    d = state.pending
    pending = None
    if d is not None:  # labels may be Refs (a role named bare): r() renders both
        pending = {"seat": d.seat, "kind": d.kind, "prompt": r.render(d.prompt),
                   "options": [{"value": o, "label": r(d.label(i))} for i, o in enumerate(d.options)]}
    return {
        "loop": state.loop,
        "day": state.day,
        "phase": state.phase,
        "leader": state.leader + 1,
        "characters": {ch: {"location": c.location, "alive": c.alive, "counters": {k: c.counters.get(k, 0) for k in V1_COUNTERS}}
                       for ch, c in b.chars.items()},
        "locations": {l: {k: v.get(k, 0) for k in V1_COUNTERS} for l, v in b.locations.items()},
        "set_aside": {k: sorted(v) for k, v in state.hands.set_aside.items()},
        "cards_on_board": [{"by": p.by, "card": p.card, "target": p.target, "revealed": p.revealed, **({"cancelled": True} if p.cancelled else {})}
                           for p in state.hands.placed],
        "revealed_roles": dict(state.revealed_roles),
        **({"extra_cards": sorted(b.extra_cards)} if b.extra_cards else {}),
        "revealed_culprits": {str(day_of[k]): v for k, v in sorted(state.revealed_culprits.items())},
        "revealed_subplots": list(state.revealed_subplots),
        "occurred_this_loop": [day_of[i] for i in facts.occurred],
        "loop_results": [{"loop": x.loop, "lost": x.lost, "reasons": [r(t) for t in x.reasons]} for x in state.loop_results],
        "loss_reasons": [r(t) for t in facts.loss_reasons],
        "final_guess": dict(state.final_guess),
        "outcome": outcome_v1(state),
        "pending": pending,
        "decisions_applied": len(state.history),
    }


def digest_v1(state: GameState) -> str:
    blob = json.dumps(state_dict_v1(state), sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()


def outcome_v1(state: GameState) -> dict[str, Any] | None:
    res = state.result
    if res is None:
        return None
    reason: Text = res.reason
    return {"winner": res.winner, "reason": renderer(state.script.set_id)(reason), "loops_played": res.loops_played}
