"""Game files: a script (or a path to one), a seed, optionally a situation, and the decisions.

`load_game`, `replay` and `save_game` are the only readers and writers; the CLI, the tests and
later the server use them. Replay folds `apply` over the decisions: the same file always gives
the same final state (compare `state_digest`).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..core.errors import GameFileError, IllegalDecisionError, ScriptError
from . import engine
from .script import Script, load_script, script_from_dict
from .state import GameState

FORMAT = 1


@dataclass
class GameFile:
    script: Script
    script_ref: str | dict[str, Any]
    seed: int = 0
    players: int = 4
    situation: dict[str, Any] | None = None
    decisions: list[dict[str, Any]] = field(default_factory=list)


def load_game(path: str | Path) -> GameFile:
    p = Path(path)
    try:
        raw = yaml.safe_load(p.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise GameFileError(f"cannot read game file {p}: {exc}") from exc
    return game_from_dict(raw, base=p.parent)


def game_from_dict(raw: Any, base: Path = Path(".")) -> GameFile:
    if not isinstance(raw, dict) or "script" not in raw:
        raise GameFileError("a game file is a mapping with at least `script:` (a path or an inline script)")
    ref = raw["script"]
    try:
        if isinstance(ref, str):
            sp = Path(ref)
            if not sp.is_absolute() and (base / ref).exists():
                sp = base / ref  # relative to the game file; else to the current directory
            script = load_script(sp)
        else:
            script = script_from_dict(ref)
    except ScriptError as exc:
        raise GameFileError(f"the game's script is not legal: {exc}") from exc
    decisions = raw.get("decisions") or []
    if not isinstance(decisions, list):
        raise GameFileError("decisions is a list of {seat, answer}")
    return GameFile(script, ref, int(raw.get("seed", 0)), int(raw.get("players", 4)), raw.get("situation"), decisions)


def start(gf: GameFile) -> GameState:
    return engine.new_game(gf.script, gf.seed, gf.players, gf.situation)


def replay(gf: GameFile, upto: int | None = None) -> GameState:
    """Replay the decisions (all, or the first `upto`); GameFileError names the first bad one."""
    state = start(gf)
    for n, d in enumerate(gf.decisions[:upto], 1):
        if not isinstance(d, dict) or "answer" not in d:
            raise GameFileError(f"decision #{n}: give {{seat, answer}}")
        try:
            engine.apply_in_place(state, d["answer"], seat=d.get("seat"))
        except IllegalDecisionError as exc:
            raise GameFileError(f"decision #{n} cannot be applied: {exc}") from exc
    return state


def to_dict(gf: GameFile, state: GameState) -> dict[str, Any]:
    out: dict[str, Any] = {"scriptkeeper": FORMAT, "game": "tragedy_looper", "script": gf.script_ref,
                           "seed": gf.seed, "players": gf.players}
    if gf.situation:
        out["situation"] = gf.situation
    out["decisions"] = [{"seat": h["seat"], "answer": h["answer"]} for h in state.history]
    if state.outcome:
        out["outcome"] = state.outcome
    out["digest"] = state_digest(state)
    return out


def save_game(path: str | Path, gf: GameFile, state: GameState) -> None:
    Path(path).write_text(yaml.safe_dump(to_dict(gf, state), sort_keys=False, allow_unicode=True), encoding="utf-8")


def state_to_dict(state: GameState) -> dict[str, Any]:
    """The observable state as JSON: board, counters, cards, revealed facts, results, pending decision."""
    return {
        "loop": state.loop,
        "day": state.day,
        "phase": state.phase,
        "leader": state.leader + 1,
        "characters": {ch: {"location": c.location, "alive": c.alive, "counters": dict(c.counters)}
                       for ch, c in state.chars.items()},
        "locations": {l: dict(v) for l, v in state.locations.items()},
        # Hands are named as in situations and views: mastermind, protagonist1..3.
        "set_aside": {hand_name(k): sorted(v) for k, v in sorted(state.set_aside.items())},
        "cards_on_board": [{**p, "by": hand_name(p["by"])} for p in state.placed],
        "revealed_roles": dict(state.revealed_roles),
        **({"extra_cards": sorted(state.extra_cards)} if state.extra_cards else {}),
        # Incidents are named by their day, as in situations (one incident a day at most).
        "revealed_culprits": {str(state.script.incidents[k].day): v for k, v in sorted(state.revealed_culprits.items())},
        "revealed_subplots": list(state.revealed_subplots),
        "occurred_this_loop": [state.script.incidents[i].day for i in state.occurred],
        "loop_results": state.loop_results,
        "loss_reasons": list(state.loss_reasons),
        "final_guess": dict(state.final_guess),
        "outcome": state.outcome,
        "pending": state.pending.to_dict() if state.pending else None,
        "decisions_applied": len(state.history),
    }


def hand_name(by: str | int) -> str:
    """'mastermind', or protagonist1..3 for hand 0..2 (an int or its text)."""
    return by if by == "mastermind" else f"protagonist{int(by) + 1}"


def state_digest(state: GameState) -> str:
    blob = json.dumps(state_to_dict(state), sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()
