"""Deduction results as JSON-ready data and as Rich tables (the `deduce` command)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Console
from rich.table import Table

from ..texts import names
from .model import ABSENT
from .solver import Deduction


def _pct(n: int, total: int) -> str:
    if not total:
        return "0%"
    p = 100 * n / total
    return f"{p:.0f}%" if p >= 1 or p == 0 else "<1%"


def to_dict(d: Deduction) -> dict[str, Any]:
    u = d.universe
    obs = d.observation
    mains: Counter[str] = Counter()
    subs: Counter[str] = Counter()
    for (m, ss), n in d.plots.items():
        mains[m] += n
        for s in ss:
            subs[s] += n
    return {
        "set": u.set_id,
        "loop": obs.loop,
        "consistent_scripts": d.count,
        "facts": len(obs.facts),
        "main_plots": dict(mains),
        "subplots": dict(subs),
        "plot_combinations": [{"main": m, "subplots": list(ss), "scripts": n} for (m, ss), n in d.plots.items()],
        "characters": {c: {r: n for r, n in sorted(d.roles.get(c, {}).items(), key=lambda kv: -kv[1]) if n}
                       for c in u.chars},
        "incidents": [{"day": s["day"], "incident": s["incident"],
                       "culprits": {c: n for c, n in sorted(d.culprits.get(i, {}).items(), key=lambda kv: -kv[1]) if n}}
                      for i, s in enumerate(obs.schedule)],
    }


def render(console: Console, d: Deduction, *, facts: bool = False) -> None:
    u = d.universe
    n = names(u.set_id)
    obs = d.observation
    total = d.count
    console.print(f"[bold]{n['set'][u.set_id]}[/bold], after loop {obs.loop}: [bold]{total:,}[/bold] consistent script(s) "
                  f"from {len(obs.facts)} fact(s).")
    if not total:
        console.print("[red]No script is consistent with what this seat saw.[/red]")
        return
    mains: Counter[str] = Counter()
    subs: Counter[str] = Counter()
    for (m, ss), k in d.plots.items():
        mains[m] += k
        for s in ss:
            subs[s] += k
    t = Table("plot", "kind", "share of scripts", title="Plots")
    for m, k in mains.most_common():
        t.add_row(n["plot"][m], "main", _pct(k, total))
    for s, k in subs.most_common():
        t.add_row(n["plot"][s], "subplot", _pct(k, total))
    console.print(t)
    t = Table("character", "possible roles (share of scripts)", title="Roles")
    for c in u.chars:
        opts = sorted(((r, k) for r, k in d.roles.get(c, {}).items() if k), key=lambda kv: -kv[1])
        if len(opts) == 1 and opts[0][0] == ABSENT:
            continue
        t.add_row(n["character"][c], ", ".join(f"{'not in the cast' if r == ABSENT else n['role'][r]} {_pct(k, total)}"
                                               for r, k in opts))
    console.print(t)
    if obs.schedule:
        t = Table("day", "incident", "possible culprits (share of scripts)", title="Culprits")
        for i, sched in enumerate(obs.schedule):
            opts = sorted(((c, k) for c, k in d.culprits.get(i, {}).items() if k), key=lambda kv: -kv[1])
            t.add_row(str(sched["day"]), n["incident"][sched["incident"]], ", ".join(f"{n['character'][c]} {_pct(k, total)}" for c, k in opts))
        console.print(t)
    if facts:
        console.print("[bold]Facts used[/bold]")
        for f in obs.facts:
            console.print(f"  [{f.kind}] {f.text}", markup=False, highlight=False)
