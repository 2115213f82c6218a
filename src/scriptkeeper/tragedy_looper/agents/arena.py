"""The arena: many games between agents, in parallel processes, summed up with confidence intervals.

`run_arena` plays every (script, pairing, seed) game in a process pool and returns one Summary per
(script, pairing): win rates with 95% Wilson intervals, how the Protagonists won (a loop or the
Final Guess), the loss condition that decided each lost loop (the first one announced), and the
mean number of loops played. The same seeds are used for every pairing, so pairings meet the same
games as far as their own choices allow.
"""

from __future__ import annotations

import math
import multiprocessing as mp
import os
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from ...core.text import Renderer, T, from_json
from ..catalog import resolve_script, shipped_scripts
from ..refs import MASTERMIND
from ..script import Script, load_script, script_from_dict
from ..texts import renderer
from ..traitors import TRAITOR_PREFIX


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for k successes out of n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def expand_scripts(names: Iterable[str]) -> list[str]:
    """Script names or paths; a set name (e.g. basic_tragedy) means every shipped script of that set."""
    out: list[str] = []
    shipped = shipped_scripts()
    for raw in names:
        for name in str(raw).split(","):
            name = name.strip()
            if not name:
                continue
            group = [k for k in shipped if k.split("/")[0] == name]
            if group:
                out += group
            else:
                out.append(name)
    return list(dict.fromkeys(out))


UNKNOWN_CONDITION = T("analysis.unknown_condition").to_json()  # a lost loop whose record names no reason


@dataclass
class Summary:
    script: str
    mastermind: str
    protagonists: str
    games: int = 0
    mm_wins: int = 0
    p_loop_wins: int = 0  # Protagonists won a loop
    p_guess_wins: int = 0  # Protagonists won by the Final Guess
    traitor_wins: int = 0  # a Traitor won alone (Last Liar): neither the Mastermind's nor the team's
    loops: int = 0
    lost_loops: int = 0
    deciding: Counter = field(default_factory=Counter)
    seconds: float = 0.0
    errors: int = 0
    # renders a loss category (a Text, as JSON) in the table's words; the game's renderer of the script's set
    render: Callable[[Any], str] = field(default=lambda t: str(t), repr=False, compare=False)

    @property
    def p_wins(self) -> int:
        return self.p_loop_wins + self.p_guess_wins

    def rate(self, side: str = "mastermind") -> tuple[float, float, float]:
        k = self.mm_wins if side == "mastermind" else self.p_wins
        lo, hi = wilson(k, self.games)
        return (k / self.games if self.games else 0.0, lo, hi)

    def add(self, r: dict[str, Any]) -> None:
        if "error" in r:
            self.errors += 1
            return
        self.games += 1
        self.seconds += r["seconds"]
        self.loops += r["loops_played"]
        if r["winner"] == "mastermind":
            self.mm_wins += 1
        elif r["winner"].startswith(TRAITOR_PREFIX):
            self.traitor_wins += 1
        elif r["won_by"] == "final_guess":
            self.p_guess_wins += 1
        else:
            self.p_loop_wins += 1
        for lost in r["lost_loops"]:
            self.lost_loops += 1
            self.deciding[self.render(lost["reasons"][0] if lost["reasons"] else UNKNOWN_CONDITION)] += 1

    def to_dict(self) -> dict[str, Any]:
        mm, lo, hi = self.rate("mastermind")
        return {"script": self.script, "mastermind": self.mastermind, "protagonists": self.protagonists, "games": self.games,
                "mastermind_win_rate": mm, "ci95": [lo, hi], "protagonists_win_rate": self.p_wins / self.games if self.games else 0.0,
                "protagonist_loop_wins": self.p_loop_wins, "protagonist_final_guess_wins": self.p_guess_wins,
                "traitor_wins": self.traitor_wins,
                "mean_loops": self.loops / self.games if self.games else 0.0,
                "deciding_loss": dict(self.deciding.most_common()), "seconds_per_game": self.seconds / self.games if self.games else 0.0,
                "errors": self.errors}


@lru_cache(maxsize=None)
def _script(ref: str) -> Script:
    return load_script(resolve_script(ref))


def category_renderer(ref: str, lang: str = "en") -> Callable[[Any], str]:
    """Loss categories (Text JSON) in words, with the renderer of the script's set in `lang`."""
    render = renderer(_script(ref).set_id, lang)
    return lambda t: render(from_json(t))


def play_pairing(script: Script, seed: int, mastermind: str, protagonists: str, players: int = 4, keep_state: bool = False) -> dict[str, Any]:
    """One game: the Mastermind's agent against the Protagonists' (each seat its own agent, seeded
    from the game's seed and its seat as the runner does)."""
    from ...agents.runner import play, seat_agents
    from ...core import registry

    game = registry.get("tragedy_looper")
    options = {"players": players}
    seats = game.seats(script, options)
    names = {seat: mastermind if seat == MASTERMIND else protagonists for seat in seats}
    return play(game, script, seed, seat_agents(game, names, seed, seats), options, keep_state=keep_state)


def _play(task: tuple[str, Any, str, str, int, int]) -> dict[str, Any]:
    ref, loops, mm, pr, seed, players = task
    try:
        s = _script(ref)
        if loops is not None and loops != s.loops:
            d = s.to_dict()
            d["loops"] = loops
            s = script_from_dict(d)
        r = play_pairing(s, seed, mm, pr, players)
    except Exception as exc:  # noqa: BLE001 - one failed game must not stop a long arena; it is counted and shown
        return {"task": task, "error": f"{type(exc).__name__}: {exc}"}
    r["task"] = task
    return r


def run_arena(scripts: list[str], pairings: list[tuple[str, str]], n: int, seed: int = 0, players: int = 4,
              workers: int | None = None, loops: Sequence[int | None] | None = None, progress: Any = None,
              log: Path | None = None, lang: str = "en") -> dict[tuple, Summary]:
    """Play n games per (script, loops, pairing). Returns {(script, loops, mm, pr): Summary}.

    With `log`, every finished game is appended to that file (one JSON line), and games already in
    it are not played again: a long arena that was stopped goes on where it stopped. The deciding
    loss conditions are counted by their words in `lang`."""
    loops = loops or [None]
    tasks = [(s, L, mm, pr, seed + k, players) for s in scripts for L in loops for mm, pr in pairings for k in range(n)]
    out: dict[tuple, Summary] = {}
    for s in scripts:
        for L in loops:
            for mm, pr in pairings:
                out[(s, L, mm, pr)] = Summary(s if L is None else f"{s} ({L} loops)", mm, pr, render=category_renderer(s, lang))
    done: set[tuple] = set()
    if log is not None and log.exists():
        import json

        wanted = set(tasks)
        for line in log.read_text(encoding="utf-8").splitlines():
            try:
                r = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line cut short when a run was killed: that game is played again
            t = tuple(r["task"])
            if t in wanted and t not in done and "error" not in r:
                done.add(t)
                out[(t[0], t[1], t[2], t[3])].add(r)
        tasks = [t for t in tasks if t not in done]
    logf = open(log, "a", encoding="utf-8") if log is not None else None
    if log is not None and logf is not None and logf.tell() and not log.read_bytes().endswith(b"\n"):
        logf.write("\n")  # after a cut-short line, start a new one
    workers = workers or min(len(tasks), os.cpu_count() or 1) or 1
    # longest games first keeps the pool busy to the end
    order = sorted(tasks, key=lambda t: -(("search" in (t[2], t[3])) * 10 + ("rule" in (t[2], t[3]))))
    task_id = progress.add_task("games", total=len(tasks) + len(done), completed=len(done)) if progress is not None else None

    def record(r: dict[str, Any]) -> None:
        t = r["task"]
        out[(t[0], t[1], t[2], t[3])].add(r)
        if logf is not None:
            import json

            logf.write(json.dumps({k: v for k, v in r.items() if k != "state"}) + "\n")
            logf.flush()
        if progress is not None:
            progress.advance(task_id)

    try:
        if workers == 1 or not order:
            for r in map(_play, order):
                record(r)
            return out
        ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
        with ctx.Pool(workers) as pool:
            for r in pool.imap_unordered(_play, order, chunksize=1):
                record(r)
        return out
    finally:
        if logf is not None:
            logf.close()


def parse_pairings(mastermind: str, protagonists: str, pairs: str | None) -> list[tuple[str, str]]:
    if pairs:
        return [split_pair(p.strip()) for p in pairs.split(",")]
    return [(mm.strip(), pr.strip()) for mm in mastermind.split(",") for pr in protagonists.split(",")]


def split_pair(pair: str) -> tuple[str, str]:
    """"MM:P" into its two agent names; a name may hold a colon itself (search:hard), so the split
    is the first one that leaves two names the game offers (else at the first colon)."""
    from . import agent_infos

    known = agent_infos()
    parts = pair.split(":")
    for k in range(1, len(parts)):
        mm, pr = ":".join(parts[:k]), ":".join(parts[k:])
        if mm in known and pr in known:
            return mm, pr
    mm, _, pr = pair.partition(":")
    return mm, pr


def fixed(value: float, lang: str, digits: int) -> str:
    """A mean with `digits` decimals, as the language writes numbers (Babel)."""
    from babel.numbers import format_decimal

    return str(format_decimal(value, format="#,##0." + "0" * digits, locale=lang))


def _english() -> Renderer:
    return renderer("basic_tragedy", "en")


def traitors_note(s: Summary, say: Renderer | None = None) -> str:
    """What the Traitors won alone (Last Liar), after the team's wins, in the renderer's language
    (English by default); nothing when none did."""
    return (say or _english())(T("analysis.traitors_alone", n=s.traitor_wins)) if s.traitor_wins else ""


def summaries_markdown(summaries: list[Summary], say: Renderer | None = None) -> str:
    """The summaries as a Markdown table, in the renderer's language (English by default)."""
    from ...core.i18n import format_percent

    say = say or _english()
    lang = say.lang

    def w(id: str, **params: Any) -> str:
        return say(T(id, **params))

    def pct(x: float) -> str:
        return format_percent(x, lang, 1)

    head = [w("analysis.column.script"), w("side.mastermind"), w("side.protagonists"), w("analysis.column.games"),
            w("analysis.arena.mastermind_wins"), w("analysis.markdown.how_protagonists_won"), w("analysis.arena.mean_loops"),
            w("analysis.arena.deciding")]
    lines = ["| " + " | ".join(head) + " |", "|---|---|---|---:|---|---|---:|---|"]
    for s in summaries:
        mm, lo, hi = s.rate()
        dec = say.value(tuple(T("analysis.share_of", name=k, share=format_percent(v / s.lost_loops, lang))
                              for k, v in s.deciding.most_common(4))) if s.lost_loops else w("analysis.none")
        lines.append(f"| {s.script} | {s.mastermind} | {s.protagonists} | {say.value(s.games)} | "
                     f"{w('analysis.rate_ci', rate=pct(mm), low=pct(lo), high=pct(hi))} | "
                     f"{say.value(s.p_loop_wins)} / {say.value(s.p_guess_wins)}{traitors_note(s, say)} | {fixed(s.loops / s.games if s.games else 0, lang, 2)} | {dec} |")
    return "\n".join(lines)


# weakest first: the order the arena's comparisons expect
STRENGTH = ("random", "rule", "search")


@dataclass
class Comparison:
    """A stronger agent against a weaker one on the same side, against the same opponent."""

    script: str
    side: str  # "mastermind" or "protagonists"
    opponent: str
    weaker: Summary
    stronger: Summary

    def rates(self) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
        return self.weaker.rate(self.side), self.stronger.rate(self.side)

    @property
    def better(self) -> bool:
        (w, _, _), (s, _, _) = self.rates()
        return s > w

    def names(self) -> tuple[str, str]:
        pick = (lambda x: x.mastermind) if self.side == "mastermind" else (lambda x: x.protagonists)
        return pick(self.weaker), pick(self.stronger)

    @property
    def outside_ci(self) -> bool:
        """The two 95% intervals do not overlap (the stronger agent's lower bound above the weaker's upper)."""
        (_, _, w_hi), (_, s_lo, _) = self.rates()
        return s_lo > w_hi


def comparisons(summaries: Iterable[Summary]) -> list[Comparison]:
    """Each side's agents in STRENGTH order, neighbours compared, for every script and opponent."""
    sums = [s for s in summaries if s.games]
    out: list[Comparison] = []
    for script in dict.fromkeys(s.script for s in sums):
        for side in ("mastermind", "protagonists"):
            mine = (lambda s: s.mastermind) if side == "mastermind" else (lambda s: s.protagonists)
            theirs = (lambda s: s.protagonists) if side == "mastermind" else (lambda s: s.mastermind)
            for opp in dict.fromkeys(theirs(s) for s in sums if s.script == script):
                ladder = sorted((s for s in sums if s.script == script and theirs(s) == opp and mine(s) in STRENGTH),
                                key=lambda s: STRENGTH.index(mine(s)))
                for weak, strong in zip(ladder, ladder[1:]):
                    out.append(Comparison(script, side, opp, weak, strong))
    return out


def comparisons_markdown(comps: list[Comparison], say: Renderer | None = None) -> str:
    """The comparisons as a Markdown table, in the renderer's language (English by default)."""
    from ...core.i18n import format_percent

    say = say or _english()
    lang = say.lang

    def w(id: str, **params: Any) -> str:
        return say(T(id, **params))

    def rate(agent: str, r: float, lo: float, hi: float) -> str:
        return w("analysis.markdown.agent_rate", agent=agent, rate=format_percent(r, lang, 1), low=format_percent(lo, lang, 1),
                 high=format_percent(hi, lang, 1))

    head = [w("analysis.column.script"), w("analysis.compare.side"), w("analysis.compare.against"), w("analysis.markdown.weaker"),
            w("analysis.markdown.stronger"), w("analysis.compare.better"), w("analysis.compare.apart")]
    lines = ["| " + " | ".join(head) + " |", "|---|---|---|---|---|---|---|"]
    yes, no = w("analysis.yes"), w("analysis.no")
    for c in comps:
        (wr, wl, wh), (sr, sl, sh) = c.rates()
        weak, strong = c.names()
        lines.append(f"| {c.script} | {w('side.' + c.side)} | {c.opponent} | {rate(weak, wr, wl, wh)} | "
                     f"{rate(strong, sr, sl, sh)} | {yes if c.better else no} | {yes if c.outside_ci else no} |")
    return "\n".join(lines)


__all__ = ["Comparison", "Summary", "comparisons", "comparisons_markdown", "run_arena", "wilson", "expand_scripts", "parse_pairings",
           "play_pairing", "summaries_markdown", "fixed", "Path"]
