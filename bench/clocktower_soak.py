"""Soak and secrecy bench for Clocktower (issue 18), run outside CI: N random games (random
players, the test-only random Storyteller from tests/clocktower) on the built-in script, 5 to 15
players, every player's view checked for another's secrets every K decisions and at every phase
change. Prints games, decisions, wins per side, problems found and the time taken.

    .venv/bin/python bench/clocktower_soak.py -n 1000 --every 5
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scriptkeeper.clocktower.game import GAME  # noqa: E402
from tests.clocktower.soak import play_random  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=1000, help="games (default 1000)")
    ap.add_argument("--every", type=int, default=5, help="check every player's view every K decisions (default 5; 1: all)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    c0, w0 = time.process_time(), time.perf_counter()
    wins: Counter[str] = Counter()
    decisions = 0
    problems: list[str] = []
    for i in range(args.n):
        state, found = play_random(args.seed + i, check_every=args.every)
        out = GAME.outcome(state)
        assert out is not None
        wins[out.winner] += 1
        decisions += len(state.history)
        problems += found
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    print(f"clocktower soak: {args.n} games, {decisions} decisions, wins {dict(wins)}, views checked every {args.every} decisions")
    print(f"  secrecy problems: {len(problems)}")
    for p in problems[:20]:
        print("   ", p)
    print(f"  {cpu:.1f} s CPU ({wall:.1f} s wall), {args.n / cpu:.1f} games/s")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
