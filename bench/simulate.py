"""Benchmark: how many complete random games per second one core plays.

Plays N seeded random games (a uniform random agent answering every decision, 4 players) on
each shipped Basic Tragedy script, and the same number on each First Steps script as a baseline;
prints games/second and decisions/second for both, then the cost of one `state.clone()` (the
deep copy behind the pure `engine.apply`) measured on states sampled along the games.

Clocktower (issue 18) is timed too: N random games on its built-in script, 5 to 15 players, every
decision (the Storyteller's too: a bench, never a Storyteller offered to users) uniform at random.

Single process, no logging, no views: engine.new_game + engine.apply_in_place only. The times are
CPU time of this process (time.process_time), so a busy machine does not skew them much; the
wall-clock figures are printed next to them.

    .venv/bin/python bench/simulate.py -n 200 --seed 1
"""

from __future__ import annotations

import argparse
import logging
import platform
import random
import sys
import time
from dataclasses import dataclass

from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.catalog import shipped_scripts
from scriptkeeper.tragedy_looper.script import Script, load_script
from scriptkeeper.tragedy_looper.state import GameState


@dataclass
class Result:
    games: int = 0
    decisions: int = 0
    cpu: float = 0.0
    wall: float = 0.0
    protagonist_wins: int = 0


def play(script: Script, seed: int, players: int = 4) -> GameState:
    rng = random.Random(seed)
    state = engine.new_game(script, seed=seed, players=players)
    while state.pending is not None:
        opts = state.pending.options
        engine.apply_in_place(state, opts[rng.randrange(len(opts))])
    return state


def run(scripts: dict[str, Script], n: int, seed: int) -> tuple[Result, dict[str, Result]]:
    total, per = Result(), {}
    for name, script in scripts.items():
        r = Result()
        w0, c0 = time.perf_counter(), time.process_time()
        for i in range(n):
            state = play(script, seed + i)
            r.games += 1
            r.decisions += len(state.history)
            r.protagonist_wins += state.result is not None and state.result.winner == "protagonists"
        r.cpu, r.wall = time.process_time() - c0, time.perf_counter() - w0
        per[name] = r
        for f in ("games", "decisions", "cpu", "wall", "protagonist_wins"):
            setattr(total, f, getattr(total, f) + getattr(r, f))
    return total, per


def clone_cost(scripts: dict[str, Script], seed: int, samples: int = 400) -> tuple[float, float, float, float]:
    """CPU microseconds per clone over states sampled along random games: mean, median, 95th
    percentile; and the mean number of events in the sampled states (the clone copies them all)."""
    states: list[GameState] = []
    rng = random.Random(seed)
    names = sorted(scripts)
    i = 0
    while len(states) < samples:
        script = scripts[names[i % len(names)]]
        g_rng = random.Random(seed + 10_000 + i)
        state = engine.new_game(script, seed=seed + i)
        while state.pending is not None:
            if rng.random() < 0.1:
                states.append(state.clone())
            opts = state.pending.options
            engine.apply_in_place(state, opts[g_rng.randrange(len(opts))])
        i += 1
    states = states[:samples]
    times = []
    for s in states:
        c0 = time.process_time()
        for _ in range(5):
            s.clone()
        times.append((time.process_time() - c0) / 5)
    times.sort()
    mean = sum(times) / len(times) * 1e6
    return mean, times[len(times) // 2] * 1e6, times[int(len(times) * 0.95)] * 1e6, sum(len(s.events) for s in states) / len(states)


def clocktower(n: int, seed: int) -> Result:
    """N uniform-random Clocktower games through the protocol (`Game.new_game`, `Game.apply`)."""
    from pathlib import Path

    from scriptkeeper.clocktower.game import GAME as CT

    setup = CT.load_setup(str(CT.shipped_setups()["twenty_four"]), Path("."))
    r = Result()
    w0, c0 = time.perf_counter(), time.process_time()
    for i in range(n):
        rng = random.Random(seed + i)
        state = CT.new_game(setup, seed + i, {"players": 5 + (seed + i) % 11})
        state.record_events = False
        while (d := state.pending) is not None:
            CT.apply(state, d.options[rng.randrange(len(d.options))], seat=d.seat)
        r.games += 1
        r.decisions += len(state.history)
        r.protagonist_wins += state.winner == "good"
    r.cpu, r.wall = time.process_time() - c0, time.perf_counter() - w0
    return r


def report(label: str, total: Result, per: dict[str, Result]) -> None:
    print(f"{label}: {total.games} games, {total.decisions} decisions, {total.protagonist_wins} won by the Protagonists")
    print(f"  {total.games / total.cpu:8.1f} games/s   {total.decisions / total.cpu:9.0f} decisions/s   "
          f"({total.cpu / total.games * 1000:.1f} ms CPU per game; wall {total.games / total.wall:.1f} games/s)")
    for name, r in per.items():
        print(f"    {name:45} {r.games / r.cpu:8.1f} games/s   {r.decisions / r.cpu:9.0f} decisions/s   "
              f"{r.decisions / r.games:6.1f} decisions/game")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=200, help="games per script (default 200)")
    ap.add_argument("--seed", type=int, default=1, help="first seed; game i of a script uses seed + i (default 1)")
    args = ap.parse_args(argv)
    logging.disable(logging.CRITICAL)

    shipped = {name: load_script(path) for name, path in shipped_scripts().items()}
    bt = {k: v for k, v in shipped.items() if k.startswith("basic_tragedy/")}
    fs = {k: v for k, v in shipped.items() if k.startswith("first_steps/")}
    if not bt or not fs:
        print("no shipped Basic Tragedy or First Steps scripts found", file=sys.stderr)
        return 1
    print(f"scriptkeeper random-game benchmark: Python {platform.python_version()}, one process, "
          f"{args.n} games per script, seed {args.seed}, 4 players, uniform random agent")
    play(next(iter(bt.values())), args.seed)  # warm-up: rule books load and cache
    report("Basic Tragedy", *run(bt, args.n, args.seed))
    report("First Steps (baseline)", *run(fs, args.n, args.seed))
    ct = clocktower(args.n, args.seed)
    print(f"Clocktower (built-in script, 5-15 players): {ct.games} games, {ct.decisions} decisions, {ct.protagonist_wins} won by good")
    print(f"  {ct.games / ct.cpu:8.1f} games/s   {ct.decisions / ct.cpu:9.0f} decisions/s   "
          f"({ct.cpu / ct.games * 1000:.1f} ms CPU per game; wall {ct.games / ct.wall:.1f} games/s)")
    mean, median, p95, events = clone_cost({**bt, **fs}, args.seed)
    print(f"state.clone(): {mean:.0f} us CPU on average, median {median:.0f} us, 95th percentile {p95:.0f} us "
          f"(400 states sampled along BT+FS games, {events:.0f} events each on average)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
