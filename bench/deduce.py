"""Time the deduction on a complete recorded 4-loop Basic Tragedy game, from the Protagonists' view.

    .venv/bin/python bench/deduce.py [GAME.yaml] [--repeat N]

Replays the game file (default: bench/games/basic_tragedy_4_loops.yaml, The Boy Who Wasn't Enrolled,
4 loops, 9 characters, 4 incidents), builds Protagonist 1's view of the finished game and computes
the consistent set N times on one core; prints the best and mean time. The target is under a second.
It also prints the time at the start of each loop (what the agents compute).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from scriptkeeper.core.record import load_game, replay, start  # noqa: E402
from scriptkeeper.tragedy_looper.deduction import deduce, observe  # noqa: E402
from scriptkeeper.tragedy_looper.refs import MASTERMIND  # noqa: E402
from scriptkeeper.tragedy_looper.texts import names  # noqa: E402
from scriptkeeper.tragedy_looper.views import build_view  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", nargs="?", default=str(ROOT / "bench" / "games" / "basic_tragedy_4_loops.yaml"))
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    gf = load_game(args.game)
    state = replay(gf)
    view = build_view(state, "protagonist1")
    obs = observe(view)
    times = []
    for _ in range(args.repeat):
        t = time.perf_counter()
        d = deduce(view)
        times.append(time.perf_counter() - t)
    s = gf.setup
    print(f"game: {s.title} ({names(s.set_id)['set'][s.set_id]}), {len(state.loop_results)} loops played, {len(gf.decisions)} decisions, "
          f"{len(view['events'])} events seen by Protagonist 1")
    print(f"facts: {len(obs.facts)}; consistent scripts: {d.count:,} in {len(d.plots)} plot combination(s)")
    print(f"deduction of the finished game: best {min(times) * 1000:.0f} ms, mean {statistics.mean(times) * 1000:.0f} ms "
          f"over {args.repeat} runs (target: under 1000 ms)")
    # the start of every loop, as the agents see it
    st = start(gf)
    seen = set()
    for dec in gf.decisions:
        if st.pending is not None and st.pending.seat != MASTERMIND and st.loop not in seen:
            seen.add(st.loop)
            v = build_view(st, st.pending.seat)
            t = time.perf_counter()
            dd = deduce(v)
            print(f"  loop {st.loop}, first Protagonist decision: {dd.count:,} consistent scripts, "
                  f"{(time.perf_counter() - t) * 1000:.0f} ms")
        gf.game.apply(st, dec["answer"], seat=dec.get("seat"))


if __name__ == "__main__":
    main()
