"""Benchmark: how many complete random games per second one core plays.

Plays N seeded random games (a uniform random agent answering every decision, 4 players) on
each shipped Basic Tragedy script, and the same number on each First Steps script as a baseline;
prints games/second and decisions/second for both; then the floor probe: the CPU time of a Basic
Tragedy day in those random games against the same day's work written by hand with plain dicts
(`floor_game`, run in the same process, interleaved), and the ratio (the goal of issue 13: the
engine at >= 0.25x the floor); then the cost of one `state.clone()` (behind the pure
`engine.apply`) measured on states sampled along the games.

Last Liar (issue 16) is timed the same way on each shipped Last Liar script, with its ratio to First
Steps. Clocktower (issue 18) is timed too: N random games on its built-in script, 5 to 15 players, every
decision (the Storyteller's too: a bench, never a Storyteller offered to users) uniform at random.

Single process, no logging, no views: engine.new_game + engine.apply_in_place only. The times are
CPU time of this process (time.process_time), so a busy machine does not skew them much; the
wall-clock figures are printed next to them.

    .venv/bin/python bench/simulate.py -n 200 --seed 1
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scriptkeeper.tragedy_looper import engine
from scriptkeeper.tragedy_looper.catalog import shipped_scripts
from scriptkeeper.tragedy_looper.script import Script, load_script
from scriptkeeper.tragedy_looper.board import Board
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


# ================================================================ the floor probe
# The same day's work as a random engine game, written by hand with plain dicts and lists, run in
# the same process: the board as dicts; every legal placement enumerated as a {"card", "target"}
# dict and one drawn uniformly (the Mastermind's 3 cards on 3 targets, then each Protagonist's on a
# target no other Protagonist chose); the cards resolved in the rulebook's order (Forbid Movement,
# the combined movement on the grid into allowed locations, the other forbids with Forbid Intrigue
# voiding itself when several, counter cards positive first); a Mastermind abilities menu of the
# roles' optional abilities; a Goodwill abilities menu with the refusal question; the day's
# incident checked against its culprit's Paranoia limit; a day-end menu; the Leader passing on;
# events appended as dicts; loops until one is won or the last one lost (lost when an incident
# occurred or Intrigue piled up). Abilities do nothing but their menus: no role or plot rule is
# read. It is the floor a data-driven engine is measured against, not a referee.

@dataclass
class FloorScript:
    locations: list[str]
    at: dict[str, tuple[int, int]]
    by_at: dict[tuple[int, int], str]
    cast: list[str]
    start: dict[str, str | None]
    forbidden: dict[str, tuple[str, ...]]
    limit: dict[str, int]
    goodwill: dict[str, list[tuple[int, bool]]]  # per character: (Goodwill needed, once per loop)
    mm_abilities: dict[str, list[str]]  # per character: its role's optional Mastermind ability timings
    refusal: dict[str, str]
    incidents: dict[int, str]  # day -> culprit
    cards: dict[str, dict[str, object]]
    order: list[str]
    decks: dict[str, list[str]]
    once: dict[str, frozenset[str]]
    loops: int
    days: int


def floor_script(script: Script) -> FloorScript:
    """The script and its rule book as plain data (made once per script, outside the timing)."""
    rb = script.rules
    cards = {k: {"kind": c.kind, "counter": c.counter, "amount": c.amount, "forbids": c.forbids,
                 "vector": tuple(c.vector or (0, 0)), "on_location": "location" in c.acts_on,
                 "on_character": "character" in c.acts_on, "void": c.void_if_several} for k, c in rb.cards.items()}
    at = {l: tuple(rb.board[l].at) for l in rb.locations}
    return FloorScript(
        list(rb.locations), at, {v: k for k, v in at.items()}, list(script.cast),  # type: ignore[misc]
        {ch: rb.characters[ch].start for ch in script.cast}, {ch: rb.characters[ch].forbidden for ch in script.cast},
        {ch: rb.characters[ch].paranoia_limit for ch in script.cast},
        {ch: [(g.goodwill, g.once_per_loop) for g in rb.characters[ch].goodwill] for ch in script.cast},
        {ch: [a.timing for a in rb.roles[r].abilities if a.optional] for ch, r in script.cast.items()},
        {ch: rb.roles[r].refusal for ch, r in script.cast.items()},
        {i.day: i.culprit for i in script.incidents}, cards, list(rb.cards),
        {"mastermind": list(rb.mastermind_deck), **{h: list(rb.protagonist_deck) for h in PROTAGONISTS}},
        {"mastermind": rb.mastermind_once_per_loop, **{h: rb.protagonist_once_per_loop for h in PROTAGONISTS}},
        script.loops, script.days)


PROTAGONISTS = ("protagonist1", "protagonist2", "protagonist3")


def floor_game(fs: FloorScript, seed: int) -> tuple[int, int]:
    """One random game on the floor; returns (days, decisions)."""
    rng = random.Random(seed)
    events: list[dict[str, object]] = []
    days = decisions = 0
    leader = 0
    for loop in range(1, fs.loops + 1):
        chars = {ch: {"location": fs.start[ch], "alive": True, "paranoia": 0, "goodwill": 0, "intrigue": 0} for ch in fs.cast}
        locs = {l: {"intrigue": 0} for l in fs.locations}
        held = {h: list(d) for h, d in fs.decks.items()}
        aside: dict[str, list[str]] = {h: [] for h in held}
        used: set[tuple[str, int]] = set()
        occurred = []
        events.append({"type": "loop_start", "data": {"loop": loop}})
        for day in range(1, fs.days + 1):
            days += 1
            events.append({"type": "day_start", "data": {"loop": loop, "day": day, "leader": leader}})
            placed: list[dict[str, object]] = []
            hands = ["mastermind"] * 3 + [PROTAGONISTS[(leader + k) % 3] for k in range(3)]
            for hand in hands:
                living = [ch for ch in fs.cast if chars[ch]["alive"] and chars[ch]["location"] is not None]
                mine = hand == "mastermind"
                taken = {p["target"] for p in placed if (p["by"] == "mastermind") == mine}
                targets = [t for t in fs.locations + living if t not in taken]
                in_hand = sorted(set(held[hand]), key=fs.order.index)
                opts = [{"card": c, "target": t} for c in in_hand for t in targets]
                pick = opts[rng.randrange(len(opts))]
                decisions += 1
                held[hand].remove(pick["card"])
                placed.append({"by": hand, "card": pick["card"], "target": pick["target"], "cancelled": False})
                events.append({"type": "card_placed", "data": {"by": hand, "target": pick["target"]}})
                events.append({"type": "card_placed_own", "data": {"by": hand, "card": pick["card"], "target": pick["target"]}})
            events.append({"type": "cards_revealed", "data": {"cards": [{"by": p["by"], "card": p["card"], "target": p["target"]}
                                                                         for p in placed]}})

            def acts(p: dict[str, object]) -> bool:
                c = fs.cards[p["card"]]  # type: ignore[index]
                return bool(c["on_location"] if p["target"] in locs else c["on_character"])

            for p in placed:  # Forbid Movement
                c = fs.cards[p["card"]]  # type: ignore[index]
                if c["kind"] == "forbid" and c["forbids"] == "movement" and acts(p):
                    for q in placed:
                        if q["target"] == p["target"] and fs.cards[q["card"]]["kind"] == "movement":  # type: ignore[index]
                            q["cancelled"] = True
                            events.append({"type": "card_cancelled", "data": {"target": q["target"], "card": q["card"]}})
            for ch in fs.cast:  # movement, combined
                vecs = {fs.cards[q["card"]]["vector"] for q in placed  # type: ignore[index]
                        if q["target"] == ch and not q["cancelled"] and fs.cards[q["card"]]["kind"] == "movement"}  # type: ignore[index]
                if not vecs or not chars[ch]["alive"] or chars[ch]["location"] is None:
                    continue
                vx = vy = 0
                for x, y in vecs:  # type: ignore[misc]
                    vx ^= x
                    vy ^= y
                if (vx, vy) == (0, 0):
                    events.append({"type": "move_none", "data": {"character": ch}})
                    continue
                x, y = fs.at[chars[ch]["location"]]  # type: ignore[index]
                dest = fs.by_at[(x ^ vx, y ^ vy)]
                if dest in fs.forbidden[ch]:
                    events.append({"type": "move_blocked", "data": {"character": ch}})
                else:
                    chars[ch]["location"] = dest
                    events.append({"type": "move", "data": {"character": ch, "to": dest}})
            fi = [p for p in placed if fs.cards[p["card"]]["void"]]  # type: ignore[index]
            if len(fi) >= 2:
                for p in fi:
                    p["cancelled"] = True
                    events.append({"type": "card_cancelled", "data": {"target": p["target"], "card": p["card"]}})
            for p in placed:  # the other forbids
                c = fs.cards[p["card"]]  # type: ignore[index]
                if c["kind"] != "forbid" or c["forbids"] == "movement" or p["cancelled"] or not acts(p):
                    continue
                for q in placed:
                    if q["target"] == p["target"] and not q["cancelled"] and fs.cards[q["card"]]["counter"] == c["forbids"]:  # type: ignore[index]
                        q["cancelled"] = True
                        events.append({"type": "card_cancelled", "data": {"target": q["target"], "card": q["card"]}})
            live = [p for p in placed if not p["cancelled"] and fs.cards[p["card"]]["kind"] == "counter" and acts(p)]  # type: ignore[index]
            live.sort(key=lambda p: -fs.cards[p["card"]]["amount"])  # type: ignore[index, operator]
            for p in live:
                c = fs.cards[p["card"]]  # type: ignore[index]
                bucket = locs[p["target"]] if p["target"] in locs else chars[p["target"]]  # type: ignore[index]
                kind = c["counter"]
                delta = max(c["amount"], -bucket[kind])  # type: ignore[index, call-overload]
                bucket[kind] += delta  # type: ignore[index, operator]
                events.append({"type": "counter", "data": {"target": p["target"], "kind": kind, "delta": delta}})
            for p in placed:
                (aside if p["card"] in fs.once[p["by"]] else held)[p["by"]].append(p["card"])  # type: ignore[index]
            # Mastermind abilities: a menu of the living characters' optional abilities, then done.
            opts2 = [{"ability": ch, "index": i} for ch in fs.cast if chars[ch]["alive"] and chars[ch]["location"] is not None
                     for i, t in enumerate(fs.mm_abilities[ch]) if t == "mastermind_ability"] + [{"done": True}]
            rng.randrange(len(opts2))
            decisions += 1
            # Goodwill abilities: the Leader's menu, then the Mastermind's refusal question.
            gw = [{"ability": ch, "index": i} for ch in fs.cast if chars[ch]["alive"] and chars[ch]["location"] is not None
                  for i, (need, once) in enumerate(fs.goodwill[ch])
                  if chars[ch]["goodwill"] >= need and not (once and (ch, i) in used)]  # type: ignore[operator]
            if gw:
                pick2 = (gw + [{"done": True}])[rng.randrange(len(gw) + 1)]
                decisions += 1
                if "ability" in pick2:
                    ch = pick2["ability"]
                    events.append({"type": "goodwill_declared", "data": {"character": ch}})
                    ans = {"mandatory": ["refuse"], "optional": ["refuse", "allow"], "none": ["allow"]}[fs.refusal[ch]]  # type: ignore[index]
                    if ans[rng.randrange(len(ans))] == "allow":
                        used.add((ch, pick2["index"]))  # type: ignore[arg-type]
                    else:
                        events.append({"type": "goodwill_refused", "data": {"character": ch}})
                    decisions += 1
            culprit = fs.incidents.get(day)
            if culprit is not None:
                c = chars[culprit]
                if c["alive"] and c["location"] is not None and c["paranoia"] >= fs.limit[culprit]:  # type: ignore[operator]
                    occurred.append(day)
                    events.append({"type": "incident", "data": {"incident": day}})
                else:
                    events.append({"type": "incident_none", "data": {"incident": day}})
            opts3 = [{"ability": ch} for ch in fs.cast if chars[ch]["alive"] and "day_end" in fs.mm_abilities[ch]] + [{"done": True}]
            rng.randrange(len(opts3))
            decisions += 1
            leader = (leader + 1) % 3
        lost = bool(occurred) or any(l["intrigue"] >= 2 for l in locs.values())
        events.append({"type": "loop_lost" if lost else "loop_won", "data": {}})
        if not lost:
            break
    return days, decisions


def floor_ratio(scripts: dict[str, Script], n: int, seed: int, rounds: int = 5) -> tuple[float, float, float]:
    """CPU microseconds per day of the engine's random games and of the floor, interleaved script by
    script in rounds (a busy machine slows both alike); and the engine's speed as a fraction of the
    floor's, the median of the rounds' ratios."""
    floors = {k: floor_script(s) for k, s in scripts.items()}
    eng_total = fl_total = 0.0
    eng_days_total = fl_days_total = 0
    ratios = []
    for r in range(rounds):
        eng_t = fl_t = 0.0
        eng_days = fl_days = 0
        for name, script in scripts.items():
            c0 = time.process_time()
            for i in range(n):
                state = play(script, seed + i)
                eng_days += sum(1 for e in state.events if e.type == "day_start")
            eng_t += time.process_time() - c0
            c0 = time.process_time()
            for i in range(n):
                fl_days += floor_game(floors[name], seed + i)[0]
            fl_t += time.process_time() - c0
        ratios.append((fl_t / fl_days) / (eng_t / eng_days))
        eng_total, fl_total = eng_total + eng_t, fl_total + fl_t
        eng_days_total, fl_days_total = eng_days_total + eng_days, fl_days_total + fl_days
    return eng_total / eng_days_total * 1e6, fl_total / fl_days_total * 1e6, statistics.median(ratios)


def one_level_clone(s: GameState) -> GameState:
    """The clone before issue 13 (commit 1492110), the same-run baseline: every mutable part of the
    state copied one level down, the board's character entries and location counters included."""
    b = s.board
    board = Board({k: c.copy() for k, c in b.chars.items()}, {l: dict(v) for l, v in b.locations.items()}, dict(b.start),
                  dict(b.turf), set(b.entered), set(b.extra_cards), set(b.statuses), {k: set(v) for k, v in b.tokens.items()})
    return GameState(
        stack=list(s.stack), pending=s.pending, pending_frame=s.pending_frame, pending_payloads=s.pending_payloads,
        events=list(s.events), history=list(s.history), draws=list(s.draws), seed=s.seed, record_events=s.record_events,
        script=s.script, players=s.players, loop=s.loop, day=s.day, leader=s.leader, phase=s.phase, board=board,
        hands=s.hands.copy(), this_loop=s.this_loop.copy(), today=s.today.copy(), revealed_roles=dict(s.revealed_roles),
        revealed_culprits=dict(s.revealed_culprits), revealed_subplots=list(s.revealed_subplots),
        previous_loop=s.previous_loop, loop_results=list(s.loop_results), final_guess=dict(s.final_guess), result=s.result,
        end_loop_now=s.end_loop_now)


def midgame_clone_cost(scripts: dict[str, Script], seed: int, games: int = 40, repeat: int = 200) -> tuple[float, float, int]:
    """Median CPU microseconds of `state.clone()` and of the one-level baseline on mid-game Basic
    Tragedy states: each random game's state at its middle decision; and the number of states."""
    states = []
    for name, script in sorted(scripts.items()):
        for i in range(games):
            rng = random.Random(seed + i)
            answers = []
            probe = engine.new_game(script, seed=seed + i)
            while probe.pending is not None:
                opts = probe.pending.options
                answers.append(opts[rng.randrange(len(opts))])
                engine.apply_in_place(probe, answers[-1])
            state = engine.new_game(script, seed=seed + i)
            for a in answers[:len(answers) // 2]:
                engine.apply_in_place(state, a)
            states.append(state)

    def cost(fn: Any) -> float:
        times = []
        for s in states:
            c0 = time.process_time()
            for _ in range(repeat):
                fn(s)
            times.append((time.process_time() - c0) / repeat * 1e6)
        return statistics.median(times)

    # Interleaved, and each the best of 3 (the machine is shared).
    new, old = [], []
    for _ in range(3):
        new.append(cost(GameState.clone))
        old.append(cost(one_level_clone))
    return min(new), min(old), len(states)


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
    ap.add_argument("--baseline", help="a src folder of older code (git archive 1492110 src | tar -x -C /tmp/base13): "
                                       "its floor ratio, measured in a subprocess of the same run")
    ap.add_argument("--floor-only", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    logging.disable(logging.CRITICAL)
    if args.floor_only:
        bt_only = {name: load_script(path) for name, path in shipped_scripts().items() if name.startswith("basic_tragedy/")}
        print(json.dumps(floor_ratio(bt_only, max(1, args.n // 4), args.seed)))
        return 0

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
    fs_total, fs_per = run(fs, args.n, args.seed)
    report("First Steps (baseline)", fs_total, fs_per)
    ll = {k: v for k, v in shipped.items() if k.startswith("last_liar/")}
    if ll:
        # Last Liar (issue 16): Extra cards, Traitors; a Traitor's win counts in none of the two sides'.
        total, per = run(ll, args.n, args.seed)
        report("Last Liar", total, per)
        print(f"  ratio to First Steps in the same run: {(total.games / total.cpu) / (fs_total.games / fs_total.cpu):.2f}x the games/s, "
              f"{(total.decisions / total.cpu) / (fs_total.decisions / fs_total.cpu):.2f}x the decisions/s")
    btp = {k: v for k, v in shipped.items() if k.startswith("basic_tragedy_plus/")}
    if btp:  # Rei's augmented Basic Tragedy: Hope, Despair, tokens and the Rei characters
        report("Basic Tragedy+", *run(btp, args.n, args.seed))
    ah = {k: v for k, v in shipped.items() if k.startswith("another_horizon/")}
    if ah:  # Another Horizon (issue 17): the Extra Gauge, Warps, Dual Roles, Puppeted Refusal
        total, per = run(ah, args.n, args.seed)
        report("Another Horizon", total, per)
        print(f"  ratio to First Steps in the same run: {(total.games / total.cpu) / (fs_total.games / fs_total.cpu):.2f}x the games/s, "
              f"{(total.decisions / total.cpu) / (fs_total.decisions / fs_total.cpu):.2f}x the decisions/s")
    eng, fl, ratio = floor_ratio(bt, max(1, args.n // 4), args.seed)
    print(f"floor: the engine's random Basic Tragedy days {eng:.0f} us CPU each, the hand-written day loop's {fl:.0f} us: "
          f"the engine runs at {ratio:.3f}x the floor (median of 5 rounds; goal: >= 0.25x)")
    if args.baseline:
        env = {**os.environ, "PYTHONPATH": str(Path(args.baseline).resolve())}
        out = subprocess.run([sys.executable, __file__, "--floor-only", "-n", str(args.n), "--seed", str(args.seed)], env=env,
                             capture_output=True, text=True, check=True).stdout
        b_eng, b_fl, b_ratio = json.loads(out)
        print(f"       the older code ({args.baseline}), same run: days {b_eng:.0f} us CPU each, the floor's {b_fl:.0f} us: "
              f"{b_ratio:.3f}x the floor; now {ratio / b_ratio:.2f}x as fast relative to the floor")
    new, old, k = midgame_clone_cost(bt, args.seed)
    print(f"state.clone() of a mid-game Basic Tragedy state ({k} states: each random game at its middle decision): "
          f"{new:.1f} us CPU (median), against {old:.1f} us for the one-level copy of before (same run): {old / new:.1f}x "
          f"(goal: <= 10 us)")
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
