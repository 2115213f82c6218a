"""Golden playthroughs: random games over every shipped script, each reduced to a transcript hash.

A transcript is every decision (seat, kind, prompt and labels as an English player reads them,
options) and every event (type, English text, visibility, data) of one seeded random game, plus the
digests of its final state (the current format's and format 1's). `tests/golden/playthroughs.json`
holds their hashes; `test_golden_playthroughs.py` checks that the engine still plays every one of
them the same way, word for word.

They were made when the engine moved onto the kernel (every one was first checked against the
previous engine's full transcripts). A change that is meant to change games (a rule fixed, a
message reworded) regenerates the file, and says why in its commit:

    .venv/bin/python -m tests.golden.transcript             # every game anew
    .venv/bin/python -m tests.golden.transcript --missing   # only new shipped scripts' games
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from scriptkeeper.core.events import GM
from scriptkeeper.core.text import MissingText, to_json
from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.game import state_digest
from scriptkeeper.tragedy_looper.legacy import digest_v1
from scriptkeeper.tragedy_looper.texts import renderer
from tests.properties.randomplay import choose, script_names, scripts

FILE = Path(__file__).parent / "playthroughs.json"
SEEDS = range(4)


def games() -> list[tuple[str, int, int, str]]:
    """(script, seed, players, style) of every golden game."""
    return [(name, seed * 7919 + 13, players, style) for name in script_names() for players in (4, 2)
            if players in scripts()[name].rules.set.players  # Last Liar: 4 players only
            for style in ("uniform", "pressure") for seed in SEEDS]


def transcript(name: str, seed: int, players: int, style: str) -> dict[str, Any]:
    rng = random.Random(seed)
    st = engine.new_game(scripts()[name], seed=seed, players=players)
    render = renderer(st.script.set_id)
    h = hashlib.sha256()

    def events(start: int) -> None:
        for e in st.events[start:]:
            vis = "gm" if e.visible_to == GM else e.visible_to
            h.update(json.dumps([e.type, render(e.text), vis, to_json(dict(e.data))], sort_keys=True, default=str).encode())

    events(0)
    n = 0
    while (d := st.pending) is not None:
        answer = choose(rng, st, style)
        h.update(json.dumps([d.seat, d.kind, render(d.prompt), list(d.options), [render(d.label(i)) for i in range(len(d.options))],
                             answer], sort_keys=True).encode())
        start = len(st.events)
        engine.apply_in_place(st, answer)
        events(start)
        n += 1
    return {"game": [name, seed, players, style], "decisions": n, "transcript": h.hexdigest(),
            "digest": state_digest(st), "digest_v1": _digest_v1(st)}


def _digest_v1(st: Any) -> str | None:
    """Format 1's digest; None for a game format 1 could not have held (a character added after 0.1,
    whose name its frozen wording does not know)."""
    try:
        return digest_v1(st)
    except MissingText:
        return None


def regenerate(missing_only: bool = False) -> None:
    """Every golden game anew; with `missing_only` (`--missing`), only the games of new shipped
    scripts are made and the others kept as they are."""
    kept = {tuple(g["game"]): g for g in json.loads(FILE.read_text(encoding="utf-8"))} if missing_only else {}
    out = [kept.get(g) or transcript(*g) for g in games()]
    FILE.write_text(json.dumps(out, indent=0) + "\n", encoding="utf-8")
    print(f"{len(out)} golden playthroughs written to {FILE} ({len(out) - len(kept)} made)")


if __name__ == "__main__":
    regenerate(missing_only="--missing" in sys.argv[1:])
    sys.exit(0)
