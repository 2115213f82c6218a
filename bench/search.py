"""Benchmark: how many rollouts per second the search agents simulate, on each side.

    .venv/bin/python bench/search.py [--script NAME] [--games N] [--decisions K] [--seed S] [--rounds R] [--baseline SRC]

Plays N seeded games per side on one script (default: Ink on the Shrine Steps, 4 players): the
search Mastermind against rule-based Protagonists, then rule-based Mastermind against search
Protagonists, each game until it ends or the search side has answered K decisions. A rollout is
one simulated continuation of one candidate answer (agents/search.py: `rollout_day`). Prints, per
side, the rollouts, the CPU time the search agent spent choosing (all of it: candidates, worlds,
deduction and rollouts), rollouts per second and the milliseconds per search decision, and a
digest of every answer of every seat: the same digest is the same games, answer for answer.

The same-run baseline is issue 13's rollout path on today's code (`issue_path`): what the issue
measured its 295 and 114 rollouts/s on, put back for the run: every card a rollout (or the
Mastermind's candidate scoring, or its guess of face-down cards) tries is scored on a copy of the
board, scored whole (Threat.value), no card value shared between rollouts, every Mastermind
ability's counters scored on a copy whole, and the Protagonists' rollout reading the placed
cards and the card's rules again for every card it scores. Everything else (the engine, the
deduction, the agents' other work) is the code of the run. Both are measured `--rounds` times,
alternately, each round in a fresh process (no cache warm from the other), and each side's CPU
time summed over the rounds; the ratio is rollouts/s now over rollouts/s on the issue's path,
and the answers must be the same (the faster scoring gives the same floats).

It prints as well what a rollout decision costs in random engine decisions of the same script
(the uniform random agent answering a sandboxed game, as rollouts do, in the same process): the
issue measured 4.5-5.5.

With `--baseline SRC` (a `src` folder of older code, e.g. `git archive 415c549 src | tar -x -C
/tmp/base`), the same games are also played by that code, in the same alternation, and the
ratios to it printed too, with whether its answers are the same.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import random
import statistics
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

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
    counted: dict[str, float] = {"n": 0, "steps": 0, "rollout_cpu": 0.0}
    real_rollout = search.rollout_day

    def counting(sim: Any, *a: object, **k: object) -> None:
        counted["n"] += 1
        before = len(sim.history)
        c0 = time.process_time()
        real_rollout(sim, *a, **k)  # type: ignore[arg-type]
        counted["rollout_cpu"] += time.process_time() - c0
        counted["steps"] += len(sim.history) - before

    search.rollout_day = counting
    out: dict[str, dict[str, float | str]] = {}
    try:
        for side in SIDES:
            h = hashlib.sha256()
            cpu = 0.0
            asked = 0
            counted["n"] = counted["steps"] = counted["rollout_cpu"] = 0
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
            out[side] = {"rollouts": counted["n"], "steps": counted["steps"], "rollout_cpu": counted["rollout_cpu"], "cpu": cpu, "decisions": asked,
                         "digest": h.hexdigest()[:16]}
    finally:
        search.rollout_day = real_rollout
    out["random"] = {"cpu_per_decision": random_decision_cost(setup, seed)}
    return out


def random_decision_cost(setup: Any, seed: int, games: int = 20) -> float:
    """CPU seconds per decision of the uniform random agent on sandboxed games of the script (the
    engine's fast path rollouts use: common.sandbox_copy, common.play_option)."""
    from scriptkeeper.tragedy_looper.agents.common import play_option, sandbox_copy

    cpu = 0.0
    n = 0
    for g in range(games):
        rng = random.Random(seed * 1000 + g)
        st = sandbox_copy(GAME.new_game(setup, seed * 1000 + g, GAME.check_options({})))
        c0 = time.process_time()
        while st.pending is not None:
            opts = st.pending.options
            play_option(st, opts[rng.randrange(len(opts))])
            n += 1
        cpu += time.process_time() - c0
    return cpu / max(1, n)


@contextmanager
def issue_path() -> Iterator[None]:
    """Issue 13's rollout path (the module docstring), in the place of today's for the block."""
    from scriptkeeper.tragedy_looper.agents import policies, rule
    from scriptkeeper.tragedy_looper.agents.common import apply_card

    def whole(th: Any, st: Any, b: Any) -> float:
        saved = st.board
        st.board = b
        try:
            return float(th.value(st))
        finally:
            st.board = saved

    def card_scores(th: Any, st: Any, b: Any, base: float, card: str, target: str) -> tuple[float, float, float]:
        # agents/rule.py at 1492110, scored whole on a copy (the forbid terms as today's)
        rb = th.rb
        bb = b.copy()
        gain = whole(th, st, bb) - base if apply_card(rb, bb, card, target) else 0.0
        return rule.card_terms(th, st, b, card, target, gain)  # the terms after the gain are today's

    def gain(th: Any, st: Any, b: Any, base: float, target: str, kind: str, n: int) -> float:
        bb = b.copy()
        if n > 0:
            bb.add(target, kind, n)
        else:
            bb.take(target, kind, -n)
        return whole(th, st, bb) - base

    def card_scorer(st: Any, mm_targets: Any, first: Any) -> Any:
        return lambda card, t: policies.card_score(st, {"card": card, "target": t})

    real_init = policies.MastermindRollout.__init__

    def no_memo(self: Any, threat: Any, rng: Any, eps: float = 0.15, sample: int = 40, memo: Any = None) -> None:
        real_init(self, threat, rng, eps, sample, None)

    patches = [(rule, "card_scores", card_scores), (search, "card_scores", card_scores), (rule, "_gain", gain),
               (policies, "card_scorer", card_scorer), (policies.MastermindRollout, "__init__", no_memo)]
    saved = [(m, name, getattr(m, name)) for m, name, _ in patches]
    for m, name, f in patches:
        setattr(m, name, f)
    try:
        yield
    finally:
        for m, name, f in saved:
            setattr(m, name, f)


def add(acc: dict[str, dict[str, float | str]] | None, r: dict[str, dict[str, float | str]]) -> dict[str, dict[str, float | str]]:
    """Figures of several rounds summed (the answers' digests must be the same in every round)."""
    if acc is None:
        return r
    for side, fig in r.items():
        a = acc[side]
        assert a.get("digest") == fig.get("digest"), "a round played other answers"
        for k in fig:
            if k != "digest":
                a[k] = float(a[k]) + float(fig[k])
    return acc


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--script", default="basic_tragedy/ink_on_the_shrine_steps")
    ap.add_argument("--games", type=int, default=2, help="games per side (default 2)")
    ap.add_argument("--decisions", type=int, default=30, help="search decisions per game at most (default 30)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--baseline", help="a src folder of older code to measure in the same run too")
    ap.add_argument("--rounds", type=int, default=2, help="alternate rounds of each code (default 2)")
    ap.add_argument("--quiet", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--issue-path", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.quiet:
        if args.issue_path:
            with issue_path():
                print(json.dumps(run(args.script, args.games, args.decisions, args.seed)))
        else:
            print(json.dumps(run(args.script, args.games, args.decisions, args.seed)))
        return 0
    print(f"search rollouts: {args.script}, {args.games} game(s) per side, seeds {args.seed}.., at most "
          f"{args.decisions} search decisions a game, CPU time of the search agent's choices, "
          f"{args.rounds} alternate round(s) of each code in fresh processes")
    cmd = [sys.executable, __file__, "--quiet", "--script", args.script, "--games", str(args.games),
           "--decisions", str(args.decisions), "--seed", str(args.seed)]
    codes: dict[str, tuple[list[str], dict[str, str]]] = {
        "issue": (cmd + ["--issue-path"], dict(os.environ)),
        "now": (cmd, dict(os.environ)),
    }
    if args.baseline:
        codes["older"] = (cmd, {**os.environ, "PYTHONPATH": str(Path(args.baseline).resolve()), "BENCH_BASELINE": "1"})
    got: dict[str, dict[str, dict[str, float | str]] | None] = {k: None for k in codes}
    # Alternately (the machine is shared), each round of each code in a fresh process: no cache is
    # warm from an earlier round; each side's CPU time is the sum over the rounds.
    rounds: dict[str, list[dict[str, dict[str, float | str]]]] = {k: [] for k in codes}
    for _ in range(args.rounds):
        for k, (c, env) in codes.items():
            one = json.loads(subprocess.run(c, env=env, capture_output=True, text=True, check=True).stdout)
            rounds[k].append(one)
            got[k] = add(got[k], json.loads(json.dumps(one)))
    now, issue = got["now"], got["issue"]
    assert now is not None and issue is not None

    def rate(r: dict[str, float | str]) -> float:
        return float(r["rollouts"]) / float(r["cpu"])

    for side in SIDES:
        r = now[side]
        print(f"  {side:12} {int(float(r['rollouts'])):6} rollouts in {float(r['cpu']):6.1f} s: {rate(r):7.0f} rollouts/s, "
              f"{float(r['cpu']) / max(1, int(float(r['decisions']))) * 1000:6.0f} ms a search decision; answers {r['digest']}")
        b = issue[side]
        same = "the same answers" if b["digest"] == r["digest"] else f"DIFFERENT answers (issue's path: {b['digest']})"
        print(f"  {'':12} issue 13's rollout path, same run: {int(float(b['rollouts'])):6} rollouts in {float(b['cpu']):6.1f} s, "
              f"{rate(b):7.0f} rollouts/s: now {rate(r) / rate(b):4.2f}x (goal >= 4x), {same}")
        if args.rounds > 1:
            per = sorted(rate(n[side]) / rate(i[side]) for n, i in zip(rounds["now"], rounds["issue"]))
            print(f"  {'':12} the ratio round by round: {', '.join(f'{x:.2f}' for x in per)} (median {statistics.median(per):.2f})")
        rnd = float(now["random"]["cpu_per_decision"]) / args.rounds  # summed over the rounds by add()
        for name, fig in (("now", r), ("issue 13's rollout path", b)):
            steps = float(fig.get("steps", 0))
            if steps:
                # the CPU inside rollout_day per decision it plays (the policies' choices and the engine's steps)
                each = float(fig["rollout_cpu"]) / steps
                print(f"  {'':12} {name}: a rollout decision {each * 1e6:4.0f} us = {each / rnd:4.1f} random engine "
                      f"decisions of {rnd * 1e6:.0f} us (issue 13 measured 4.5-5.5)")
        older = got.get("older")
        if older is not None:
            o = older[side]
            same = "the same answers" if o["digest"] == r["digest"] else f"DIFFERENT answers (older: {o['digest']})"
            print(f"  {'':12} older code ({args.baseline}): {int(float(o['rollouts'])):6} rollouts, {rate(o):7.0f} rollouts/s: "
                  f"now {rate(r) / rate(o):4.2f}x, {same}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
