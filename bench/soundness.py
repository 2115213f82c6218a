"""The deduction's soundness on many random games of one Tragedy Set's shipped scripts (docs/ai.md).

Plays N random games per script (both styles; the set's player count), and at a share of the
Protagonists' decisions and at the end checks what tests/deduction/test_soundness.py checks on a few:
the board the facts rebuild is the engine's, no fact is violated by the true script, and at the end
the true script is one of the consistent ones. Prints each script's games, failures and seconds.

    PYTHONPATH=. .venv/bin/python bench/soundness.py last_liar -n 30 --share 0.08 --seed 100
"""

from __future__ import annotations

import argparse
import random
import time

from scriptkeeper.tragedy_looper.deduction import observe
from scriptkeeper.tragedy_looper.deduction.check import violations
from scriptkeeper.tragedy_looper.refs import MASTERMIND
from scriptkeeper.tragedy_looper.views import build_view
from tests.deduction.test_soundness import assert_true_script_consistent, board_matches
from tests.properties.randomplay import random_game, script_names


def check_game(name: str, seed: int, style: str, share: float) -> str | None:
    """None when the game passes every check, else what failed."""
    rng = random.Random(seed)
    for state, _ in random_game(name, seed, 4, style):
        if state.pending is not None and state.pending.seat != MASTERMIND and rng.random() < share:
            obs = observe(build_view(state, state.pending.seat))
            if board_matches(obs, state) or violations(obs, state.script):
                return f"loop {state.loop} day {state.day}: {violations(obs, state.script)[:2]}"
    view = build_view(state, "protagonist1")
    obs = observe(view)
    if board_matches(obs, state) or violations(obs, state.script):
        return f"end: {violations(obs, state.script)[:2]}"
    try:
        assert_true_script_consistent(view, state)
    except AssertionError as exc:
        return f"end: the true script is not consistent ({exc})"
    return None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("set_id")
    ap.add_argument("-n", type=int, default=10, help="games per script")
    ap.add_argument("--share", type=float, default=0.05, help="share of the Protagonists' decisions checked")
    ap.add_argument("--seed", type=int, default=0, help="the first game's seed")
    args = ap.parse_args()
    bad = 0
    for name in [n for n in script_names() if n.split("/")[0] == args.set_id]:
        t = time.process_time()
        failed = 0
        for k in range(args.n):
            style = "pressure" if k % 2 else "uniform"
            why = check_game(name, args.seed + k, style, args.share)
            if why is not None:
                failed += 1
                print(f"  {name} seed {args.seed + k} {style}: {why}")
        bad += failed
        print(f"{name}: {args.n} games, {failed} failed, {time.process_time() - t:.1f} s CPU", flush=True)
    print(f"failed in all: {bad}")


if __name__ == "__main__":
    main()
