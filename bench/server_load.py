"""Load benchmark for the game server: N tables of agents over real WebSockets on loopback.

Starts `scriptkeeper serve` in a child process (on a fresh SQLite file, unless --db or --url is
given), creates N tables and connects a WebSocket to each of their seats (Tragedy Looper: the
Mastermind and three Protagonists; any game with --game). Each seat answers its own decisions with a uniformly random legal option after
`--think` seconds (0: at once, a saturation test; humans think for seconds). A finished game is
replaced by a new table, so N tables are always in play. Once every table's sockets have their
first view (the time it took is printed) and after a warm-up, it measures for
--seconds and prints decisions per second and the p50/p99 latency from a decision sent to the
deciding seat's next view received (stored, applied, pushed).

    .venv/bin/python bench/server_load.py --tables 200 --seconds 30 --think 1.0
    .venv/bin/python bench/server_load.py --tables 200 --seconds 30 --think 0      # saturation
    SCRIPTKEEPER_GAMES=tests.tinygame:GAME .venv/bin/python bench/server_load.py --game tinygame --script one_to_ten
    .venv/bin/python bench/server_load.py --tables 50 --seconds 15 --think 0.5 --hostile

The same run also measures a bare echo WebSocket on the same stack (issue 13): a child process
serves, with uvicorn and FastAPI as `scriptkeeper serve` does, one WebSocket route that sends
every message back. The same number of tables each opens a socket per seat, and the seats take
turns as the table's seats do: one at a time, after the same think time, sends a message the size
of a decision and waits for its echo. It prints the echo's p99 and the table server's p99 over
it (the goal: at most 3x at 200 tables). --echo-seconds 0 skips it.

With --hostile (issue 21) the load runs twice on the same server: once alone, then with a hostile
client on another loopback address (127.0.0.2) flooding the server during the whole run: alias
bombs, oversized, deep and junk script uploads, table creations, joins with bad names, and chat,
all as fast as the server answers. The server runs with its default limits
(the normal load's address is exempt from the rate limits, as the host's own tools would be). It
prints the hostile requests by status (no 5xx allowed) and the normal tables' p99 with and
without the flood.

The client runs on the same machine as the server and costs CPU too; like the page, it reads
every push and applies its delta to the view it holds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from scriptkeeper.server.delta import read_view_message

VIEW = re.compile(r'^\{"type": ?"view"')


@dataclass
class Stats:
    measuring: bool = False
    decisions: int = 0
    latencies: list[float] = field(default_factory=list)
    moments: list[tuple[float, float]] = field(default_factory=list)  # (when received, latency)
    errors: int = 0
    games: int = 0
    first_error: str = ""
    expected: int = 0  # sockets of the first tables (one a table loop), counted as they are created
    opened: int = 0  # sockets that have received their first view (echo: connected)
    started: int = 0  # table loops whose first table is created


class Seat:
    def __init__(self, table: "TableRun", seat: str) -> None:
        self.table = table
        self.seat = seat
        self.sent_version = -1
        self.sent_at = 0.0
        self.answered: set[int] = set()

    async def run(self, ws_url: str, token: str) -> None:
        t = self.table
        async with connect(f"{ws_url}/ws/tables/{t.id}", max_size=2**24, ping_interval=None) as ws:
            await ws.send(json.dumps({"type": "hello", "seat": self.seat, "token": token}))
            held: dict[str, Any] | None = None
            async for raw in ws:
                if not isinstance(raw, str) or not VIEW.match(raw):
                    if '"error"' in raw[:40]:
                        t.stats.errors += 1
                        t.stats.first_error = t.stats.first_error or raw[:300]
                    continue
                # As the page does: a push is a delta of the view this socket holds.
                msg = json.loads(raw)
                if held is None:
                    t.stats.opened += 1
                held = read_view_message(held, msg)
                version = msg["version"]
                if self.sent_version >= 0 and version > self.sent_version:
                    if t.stats.measuring:
                        now = time.perf_counter()
                        t.stats.latencies.append(now - self.sent_at)
                        t.stats.moments.append((now, now - self.sent_at))
                        t.stats.decisions += 1
                    self.sent_version = -1
                view = held["view"]
                if view.get("outcome"):
                    t.over.set()
                    return
                d = view.get("decision")
                if not d or version in self.answered or d["seat"] != self.seat:
                    continue
                self.answered.add(version)
                if t.think:
                    await asyncio.sleep(t.rng.expovariate(1 / t.think))
                answer = t.rng.choice(d["options"])["value"]
                self.sent_version = version
                self.sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "decide", "id": version, "answer": answer, "version": version}))


class TableRun:
    def __init__(self, id: str, stats: Stats, think: float, seed: int) -> None:
        self.id = id
        self.stats = stats
        self.think = think
        self.rng = random.Random(seed)
        self.over = asyncio.Event()


async def table_loop(n: int, http: httpx.AsyncClient, ws_url: str, game: str, scripts: list[str], stats: Stats,
                     think: float, stop: asyncio.Event) -> None:
    k = 0
    while not stop.is_set():
        script = scripts[(n + k) % len(scripts)]
        r = await http.post("/api/tables", json={"game": game, "script": script, "seed": n * 1000 + k, "name": f"load {n}.{k}"})
        r.raise_for_status()
        t = r.json()
        run = TableRun(t["id"], stats, think, n * 1000 + k)
        if k == 0:
            stats.expected += len(t["tokens"])
            stats.started += 1
        tasks = [asyncio.create_task(Seat(run, s).run(ws_url, token)) for s, token in t["tokens"].items()]
        stopper = asyncio.create_task(stop.wait())
        over = asyncio.create_task(run.over.wait())
        await asyncio.wait({stopper, over}, return_when=asyncio.FIRST_COMPLETED)
        for task in (*tasks, stopper, over):
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if run.over.is_set():
            stats.games += 1
        k += 1


def start_server(db: str, agent_delay: float = 0.0, env: dict[str, str] | None = None) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen([sys.executable, "-m", "scriptkeeper.cli", "serve", "--port", "0", "--db", db],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, **(env or {})})
    assert proc.stdout is not None
    for line in proc.stdout:
        m = re.search(r"serving on (http://[\d.]+:\d+)/", line)
        if m:
            return proc, m.group(1)
    raise SystemExit(f"the server did not start (exit {proc.wait()})")


def start_echo_server() -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen([sys.executable, __file__, "--echo-server"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        m = re.search(r"serving on (http://[\d.]+:\d+)/", line)
        if m:
            return proc, m.group(1)
    raise SystemExit(f"the echo server did not start (exit {proc.wait()})")


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


async def measure(base: str, ws_url: str, tables: int, seconds: float, warmup: float, think: float,
                  args: argparse.Namespace, proc: subprocess.Popen[str] | None) -> tuple[Stats, float, float | None, float]:
    """Run `tables` tables of agents for warm-up plus `seconds`; return the stats measured after warm-up."""
    scripts = args.script or ["first_steps/whispers_at_the_gate", "first_steps/sour_classmates",
                              "basic_tragedy/borrowed_tomorrow"]
    stats = Stats()
    stop = asyncio.Event()
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        loops = []
        for n in range(tables):
            loops.append(asyncio.create_task(table_loop(n, http, ws_url, args.game, scripts, stats, think, stop)))
            if n % 20 == 19:
                await asyncio.sleep(0.05)  # ramp up
        await all_open(stats, tables)
        elapsed, server_cpu, client_cpu = await measure_window(proc, stats, warmup, seconds)
        stop.set()
        await asyncio.gather(*loops, return_exceptions=True)
    return stats, elapsed, server_cpu, client_cpu


async def all_open(stats: Stats, tables: int, limit: float = 300.0) -> None:
    """Wait until every table's sockets have their first view (the echo's: are connected), so
    that the warm-up and the window measure play, not 200 tables opening (on a busy machine that
    takes longer than the warm-up); at most `limit` seconds."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < limit and not (stats.started >= tables and stats.opened >= stats.expected):
        await asyncio.sleep(0.1)
    print(f"  ({stats.opened} sockets open after {time.perf_counter() - t0:.1f} s; then {tables} tables play)")


async def measure_window(proc: Any, stats: Stats, warmup: float, seconds: float) -> tuple[float, float | None, float]:
    """After `warmup`, count for `seconds` (stats.measuring): the time measured, the server's CPU
    and this load client's CPU over it, each as a share of one core (the server's None when unknown)."""
    await asyncio.sleep(warmup)
    stats.measuring = True
    t0 = time.perf_counter()
    cpu0, me0 = _server_cpu(proc), time.process_time()
    await asyncio.sleep(seconds)
    stats.measuring = False
    elapsed = time.perf_counter() - t0
    cpu1, me1 = _server_cpu(proc), time.process_time()
    server_cpu = (cpu1 - cpu0) / elapsed if cpu0 is not None and cpu1 is not None else None
    return elapsed, server_cpu, (me1 - me0) / elapsed


def report(label: str, tables: int, think: float, stats: Stats, elapsed: float, server_cpu: float | None,
           client_cpu: float, args: argparse.Namespace) -> None:
    lat = stats.latencies
    print(f"{label}: {tables} tables of {args.game}, a WebSocket per seat, think {think:g} s, {elapsed:.1f} s measured")
    print(f"  decisions: {stats.decisions}  ({stats.decisions / elapsed:.0f} decisions/s), games finished: {stats.games}, "
          f"refused: {stats.errors}")
    if server_cpu is not None:
        print(f"  server CPU: {server_cpu * 100:.0f}% of one core; load client CPU: {client_cpu * 100:.0f}% of one core")
    if lat:
        print(f"  latency decision sent -> view received: p50 {pct(lat, 50) * 1000:.1f} ms, p99 {pct(lat, 99) * 1000:.1f} ms, "
              f"max {max(lat) * 1000:.1f} ms, mean {statistics.mean(lat) * 1000:.1f} ms")
    if args.timeline and stats.moments:
        start = stats.moments[0][0]
        per: dict[int, list[float]] = {}
        for when, l in stats.moments:
            per.setdefault(int(when - start), []).append(l)
        for sec in sorted(per):
            xs = per[sec]
            print(f"    second {sec:3d}: {len(xs):5d} decisions, p50 {pct(xs, 50) * 1000:7.1f} ms, max {max(xs) * 1000:7.1f} ms")
    if stats.first_error:
        print(f"  first refusal: {stats.first_error}")


async def echo_table(n: int, ws_url: str, seats: int, stats: Stats, think: float, stop: asyncio.Event) -> None:
    """One table's seats on the echo server: in turn, think, send a decision-sized message, wait for it back."""
    rng = random.Random(n)
    message = json.dumps({"type": "decide", "id": 12, "answer": {"card": "forbid_movement", "target": "school"},
                          "version": 12})
    socks = [await connect(f"{ws_url}/ws/echo", max_size=2**24, ping_interval=None) for _ in range(seats)]
    stats.started += 1
    stats.expected += seats
    stats.opened += seats
    try:
        k = 0
        while not stop.is_set():
            ws = socks[k % seats]
            k += 1
            if think:
                await asyncio.sleep(rng.expovariate(1 / think))
            sent = time.perf_counter()
            await ws.send(message)
            await ws.recv()
            if stats.measuring:
                now = time.perf_counter()
                stats.latencies.append(now - sent)
                stats.moments.append((now, now - sent))
                stats.decisions += 1
    finally:
        for ws in socks:
            await ws.close()


async def measure_echo(ws_url: str, tables: int, seats: int, seconds: float, warmup: float, think: float,
                       proc: subprocess.Popen[str] | None) -> tuple[Stats, float, float | None, float]:
    stats = Stats()
    stop = asyncio.Event()
    loops = []
    for n in range(tables):
        loops.append(asyncio.create_task(echo_table(n, ws_url, seats, stats, think, stop)))
        if n % 20 == 19:
            await asyncio.sleep(0.05)  # ramp up as the tables do
    await all_open(stats, tables)
    elapsed, server_cpu, client_cpu = await measure_window(proc, stats, warmup, seconds)
    stop.set()
    results = await asyncio.gather(*loops, return_exceptions=True)
    failed = [r for r in results if isinstance(r, Exception)]
    stats.errors = len(failed)
    stats.first_error = repr(failed[0])[:300] if failed else ""
    return stats, elapsed, server_cpu, client_cpu


def echo_main() -> int:
    """The echo server: the server's stack (uvicorn, FastAPI, its WebSocket settings and GC tuning), no game."""
    import uvicorn
    from fastapi import FastAPI, WebSocket, WebSocketDisconnect

    from scriptkeeper.server.main import _Server, tune_gc

    app = FastAPI()

    async def echo(ws: WebSocket) -> None:
        await ws.accept()
        try:
            while True:
                await ws.send_text(await ws.receive_text())
        except WebSocketDisconnect:
            return

    app.router.add_websocket_route("/ws/echo", echo)  # a plain route: no FastAPI dependency on the annotations

    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", access_log=False, ws_ping_interval=20,
                            ws_ping_timeout=20, ws_per_message_deflate=False)
    server = _Server(config, "none: echo")
    tune_gc()
    server.run()
    return 0


HOSTILE_ADDRESS = "127.0.0.2"


def _alias_bomb(levels: int = 12) -> str:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, levels)]
    return "\n".join(lines) + f"\ntitle: *a{levels - 1}\n"


@dataclass
class Hostile:
    statuses: dict[str, int] = field(default_factory=dict)
    requests: int = 0

    def count(self, what: str, status: int) -> None:
        key = f"{what} {status}"
        self.statuses[key] = self.statuses.get(key, 0) + 1
        self.requests += 1

    @property
    def server_errors(self) -> int:
        return sum(n for k, n in self.statuses.items() if int(k.rsplit(" ", 1)[1]) >= 500)


async def hostile_client(base: str, ws_url: str, stop: asyncio.Event, out: Hostile) -> None:
    """One address floods the server: uploads, creations, joins and chat, as fast as it is answered."""
    transport = httpx.AsyncHTTPTransport(local_address=HOSTILE_ADDRESS)
    junk = "title: x\n" + "".join(f"k{i}: [1, 2, 3]\n" for i in range(950))  # ~15 KB, parsed then refused
    uploads = [("alias bomb", _alias_bomb()), ("junk 15 KB", junk), ("deep", "x: " + "[" * 5000 + "]" * 5000),
               ("duplicate keys", "title: a\ntitle: b\n"), ("alias bomb", _alias_bomb(9)), ("junk 15 KB", junk),
               ("deep", "x: " + "[" * 30 + "]" * 30), ("2 MB", "x" * 2_000_000)]
    async with httpx.AsyncClient(base_url=base, timeout=60, transport=transport) as http:
        async def one(what: str, method: str, path: str, **kw: object) -> httpx.Response | None:
            try:
                r = await http.request(method, path, **kw)  # type: ignore[arg-type]
            except httpx.HTTPError as exc:  # the connection failed: not an answer, counted apart
                out.count(f"{what} ({type(exc).__name__}, no answer)", 0)
                return None
            out.count(what, r.status_code)
            return r

        async def uploader(i: int) -> None:
            k = i
            while not stop.is_set():
                what, text = uploads[k % len(uploads)]
                k += 1
                await one(f"upload {what}", "POST", "/api/tables", json={"script_yaml": text})

        async def creator_and_chatter() -> None:
            tables: list[dict[str, object]] = []
            while not stop.is_set():
                r = await one("create", "POST", "/api/tables", json={"script": "first_steps/whispers_at_the_gate"})
                if r is not None and r.status_code == 201:
                    tables.append(r.json())
                for t in tables[-3:]:
                    tokens = t["tokens"]
                    assert isinstance(tokens, dict)
                    await one("join bad name", "POST", f"/api/tables/{t['id']}/join",
                              content='{"seat": "protagonist1", "name": "x\\ud800\\u0000"}',
                              headers={"Content-Type": "application/json"})
                    await one("join", "POST", f"/api/tables/{t['id']}/join", json={"seat": "protagonist2", "name": "flood"})
                    await one("chat", "POST", f"/api/tables/{t['id']}/seats/mastermind/chat", json={"text": "spam " * 150},
                              headers={"Authorization": f"Bearer {tokens['mastermind']}"})
                await one("lobby", "GET", "/api/tables")

        tasks = [asyncio.create_task(uploader(i)) for i in range(3)] + [asyncio.create_task(creator_and_chatter())]
        await stop.wait()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def main_async(args: argparse.Namespace) -> int:
    proc = None
    tmp = None
    if args.url:
        base = args.url.rstrip("/")
    else:
        if args.db:
            db = args.db
        else:
            tmp = tempfile.mkdtemp(prefix="sk-load-")
            db = os.path.join(tmp, "load.db")
        # The load comes from one address, which creates hundreds of tables: exempt it from the
        # per-address rate limits, as the host's own tools would be (else most tables never open).
        proc, base = start_server(db, env={"SCRIPTKEEPER_RATE_EXEMPT": "127.0.0.1"})
    ws_url = base.replace("http://", "ws://", 1)
    print(f"scriptkeeper server load, machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}; client and server on the same machine; "
          f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    try:
        # Baseline in the same run, on the same server: one table alone, answering at once,
        # gives the latency of a decision on an idle server.
        if args.baseline_seconds > 0:
            b = await measure(base, ws_url, 1, args.baseline_seconds, 1.0, 0.0, args, proc)
            report("baseline (one table alone, no think time)", 1, 0.0, *b, args)
        m = await measure(base, ws_url, args.tables, args.seconds, args.warmup, args.think, args, proc)
        report("load", args.tables, args.think, *m, args)
        if args.baseline_seconds > 0 and b[0].latencies and m[0].latencies:
            print(f"p99 under load / baseline p99: {pct(m[0].latencies, 99) / pct(b[0].latencies, 99):.1f}x")
        if args.echo_seconds > 0:
            seats = 4 if args.game == "tragedy_looper" else 2
            echo_proc, echo_base = start_echo_server()
            try:
                e = await measure_echo(echo_base.replace("http://", "ws://", 1), args.tables, seats, args.echo_seconds,
                                       min(args.warmup, 5.0), args.think, echo_proc)
            finally:
                echo_proc.terminate()
                echo_proc.wait(10)
            report(f"echo (a bare WebSocket echo on the same stack, {seats} sockets a table taking turns)",
                   args.tables, args.think, *e, args)
            if e[0].latencies and m[0].latencies:
                print(f"table server p99 / echo p99 at {args.tables} tables: "
                      f"{pct(m[0].latencies, 99) / pct(e[0].latencies, 99):.1f}x (goal: at most 3x)")
        if args.hostile:
            # The flood runs in its own process, so that it does not slow this client's measurements.
            flood = await asyncio.create_subprocess_exec(
                sys.executable, __file__, "--flood", base, "--seconds", str(args.seconds + args.warmup + 1),
                stdout=asyncio.subprocess.PIPE)
            try:
                h = await measure(base, ws_url, args.tables, args.seconds, args.warmup, args.think, args, proc)
            finally:
                raw, _ = await flood.communicate()
            out = Hostile(**json.loads(raw.decode().strip().splitlines()[-1]))
            report(f"load with a hostile client at {HOSTILE_ADDRESS}", args.tables, args.think, *h, args)
            print(f"  hostile requests: {out.requests} ({out.requests / (args.seconds + args.warmup):.0f}/s), "
                  f"5xx: {out.server_errors}")
            for key in sorted(out.statuses):
                print(f"    {key}: {out.statuses[key]}")
            if m[0].latencies and h[0].latencies:
                ratio = pct(h[0].latencies, 99) / pct(m[0].latencies, 99)
                print(f"other tables' p99 with the hostile client / without: {ratio:.2f}x "
                      f"({pct(h[0].latencies, 99) * 1000:.1f} ms vs {pct(m[0].latencies, 99) * 1000:.1f} ms)")
                if out.server_errors or ratio > 2:
                    return 1
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
        print(f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())} (the machine is shared: "
              "compare figures of one run, or medians of runs made together)")
    return 0


def _server_cpu(proc: subprocess.Popen[str] | None) -> float | None:
    if proc is None:
        return None
    try:
        fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


async def flood_main(base: str, seconds: float) -> int:
    # An attacker runs on their own machine: here the flood shares ours, so it yields the CPU to
    # the server and the measuring client (what is measured is the server's answer to the flood).
    os.nice(10)
    stop = asyncio.Event()
    out = Hostile()
    if os.environ.get("BENCH_FLOOD_IDLE"):
        await asyncio.sleep(seconds)
        print(json.dumps({"statuses": {}, "requests": 0}))
        return 0
    task = asyncio.create_task(hostile_client(base, base.replace("http://", "ws://", 1), stop, out))
    await asyncio.sleep(seconds)
    stop.set()
    await task
    print(json.dumps({"statuses": out.statuses, "requests": out.requests}))
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--warmup", type=float, default=10, help="seconds of play before measuring (200 tables take a few seconds to open)")
    ap.add_argument("--think", type=float, default=1.0, help="mean seconds a seat thinks before answering (exponential)")
    ap.add_argument("--game", default="tragedy_looper", help="the game to play (another game: set SCRIPTKEEPER_GAMES too)")
    ap.add_argument("--script", action="append", help="shipped script(s) to play (default: three short ones)")
    ap.add_argument("--db", help="database for the spawned server (default: a fresh SQLite file)")
    ap.add_argument("--url", help="use a running server instead of spawning one")
    ap.add_argument("--timeline", action="store_true", help="print the latency second by second")
    ap.add_argument("--baseline-seconds", type=float, default=10, help="seconds of the one-table baseline (0: skip it)")
    ap.add_argument("--hostile", action="store_true",
                    help="run the load again with a hostile client flooding the server from 127.0.0.2 (issue 21)")
    ap.add_argument("--echo-seconds", type=float, default=None,
                    help="seconds of the bare echo WebSocket measured in the same run (default: --seconds; 0: skip it)")
    ap.add_argument("--flood", metavar="URL", help=argparse.SUPPRESS)  # the hostile client's own process
    ap.add_argument("--echo-server", action="store_true", help=argparse.SUPPRESS)  # the echo's own process
    args = ap.parse_args()
    if args.echo_server:
        return echo_main()
    if args.echo_seconds is None:
        args.echo_seconds = args.seconds
    if args.flood:
        return asyncio.run(flood_main(args.flood, args.seconds))
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
