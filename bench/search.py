"""Benchmark: how many rollouts per second the search agents simulate, on each side.

    .venv/bin/python bench/search.py [--script NAME] [--games N] [--decisions K] [--seed S] [--baseline SRC]

Plays N seeded games per side on one script (default: Ink on the Shrine Steps, 4 players): the
search Mastermind against rule-based Protagonists, then rule-based Mastermind against search
Protagonists, each game until it ends or the search side has answered K decisions. A rollout is
one simulated continuation of one candidate answer (agents/search.py: `rollout_day`). Prints, per
side, the rollouts, the CPU time the search agent spent choosing, rollouts per second and the
milliseconds per search decision, and a digest of every answer of every seat: the same digest is
the same games, answer for answer.

With `--baseline SRC` (a `src` folder of older code, e.g. `git archive 1492110 src | tar -x -C
/tmp/base13`), the same games are played by that code in a subprocess in the same run, and the
ratios printed (issue 13's goal: >= 4x on both sides, with the same answers).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if not os.environ.get("BENCH_BASELINE"):  # a baseline run imports the older code from its PYTHONPATH
    sys.path.insert(0, str(ROOT / "src"))

from scriptkeeper.tragedy_looper.agents import search  # noqa: E402
from scriptkeeper.tragedy_looper.agents.rule import RuleAgent  # noqa: E402
from scriptkeeper.tragedy_looper.catalog import shipped_scripts  # noqa: E402
from scriptkeeper.tragedy_looper.game import GAME  # noqa: E402
from scriptkeeper.tragedy_looper.script import load_script  # noqa: E402

SIDES = ("mastermind", "protagonists")


def run(script: str, games: int, decisions: int, seed: int) -> dict[str, dict[str, float | str]]:
    setup = load_script(shipped_scripts()[script])
    counted = {"n": 0}
    real_rollout = search.rollout_day

    def counting(*a: object, **k: object) -> None:
        counted["n"] += 1
        real_rollout(*a, **k)  # type: ignore[arg-type]

    search.rollout_day = counting  # type: ignore[assignment]
    out: dict[str, dict[str, float | str]] = {}
    try:
        for side in SIDES:
            h = hashlib.sha256()
            cpu = 0.0
            asked = 0
            counted["n"] = 0
            for g in range(games):
                s = seed + g
                state = GAME.new_game(setup, s, GAME.check_options({}))
                searcher = search.SearchAgent(s * 10 + 1)
                rule = RuleAgent(s * 10 + 2)
                mine = 0
                while (d := GAME.pending(state)) is not None and mine < decisions:
                    ours = (d.seat == "mastermind") == (side == "mastermind")
                    view = GAME.view(state, d.seat)
                    if ours:
                        c0 = time.process_time()
                        answer = searcher.choose(view, d)
                        cpu += time.process_time() - c0
                        mine += 1
                    else:
                        answer = rule.choose(view, d)
                    h.update(json.dumps([d.seat, d.kind, answer], sort_keys=True, default=str).encode())
                    GAME.apply(state, answer, seat=d.seat)
                asked += mine
            out[side] = {"rollouts": counted["n"], "cpu": cpu, "decisions": asked, "digest": h.hexdigest()[:16]}
    finally:
        search.rollout_day = real_rollout  # type: ignore[assignment]
    return out


def add(acc: dict[str, dict[str, float | str]] | None, r: dict[str, dict[str, float | str]]) -> dict[str, dict[str, float | str]]:
    """Figures of several rounds summed (the answers' digests must be the same in every round)."""
    if acc is None:
        return r
    for side, fig in r.items():
        a = acc[side]
        assert a["digest"] == fig["digest"], "a round played other answers"
        for k in ("rollouts", "cpu", "decisions"):
            a[k] = float(a[k]) + float(fig[k])
    return acc


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--script", default="basic_tragedy/ink_on_the_shrine_steps")
    ap.add_argument("--games", type=int, default=2, help="games per side (default 2)")
    ap.add_argument("--decisions", type=int, default=30, help="search decisions per game at most (default 30)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--baseline", help="a src folder of older code to measure in the same run")
    ap.add_argument("--rounds", type=int, default=2, help="with --baseline: alternate rounds of both (default 2)")
    ap.add_argument("--quiet", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.quiet:
        print(json.dumps(run(args.script, args.games, args.decisions, args.seed)))
        return 0
    print(f"search rollouts: {args.script}, {args.games} game(s) per side, seeds {args.seed}.., at most "
          f"{args.decisions} search decisions a game, CPU time of the search agent's choices")
    base = None
    now = None
    # With a baseline, both are measured `--rounds` times, alternately (the machine is shared), and
    # each side's CPU time is the sum over the rounds.
    cmd = [sys.executable, __file__, "--quiet", "--script", args.script, "--games", str(args.games),
           "--decisions", str(args.decisions), "--seed", str(args.seed)]
    for _ in range(args.rounds if args.baseline else 1):
        if args.baseline:
            env = {**os.environ, "PYTHONPATH": str(Path(args.baseline).resolve()), "BENCH_BASELINE": "1"}
            base = add(base, json.loads(subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout))
            # Each round of either code in a fresh process: no cache is warm from an earlier round.
            now = add(now, json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout))
        else:
            now = add(now, run(args.script, args.games, args.decisions, args.seed))
    assert now is not None
    for side in SIDES:
        r = now[side]
        rate = float(r["rollouts"]) / float(r["cpu"])
        line = (f"  {side:12} {int(r['rollouts']):6} rollouts in {float(r['cpu']):6.1f} s: {rate:7.0f} rollouts/s, "
                f"{float(r['cpu']) / max(1, int(r['decisions'])) * 1000:6.0f} ms a search decision; answers {r['digest']}")
        print(line)
        if base is not None:
            b = base[side]
            brate = float(b["rollouts"]) / float(b["cpu"])
            same = "the same answers" if b["digest"] == r["digest"] else f"DIFFERENT answers (before: {b['digest']})"
            print(f"  {'':12} before: {int(b['rollouts']):6} rollouts, {brate:7.0f} rollouts/s: now {rate / brate:4.1f}x, {same}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
