"""Deduction results as JSON-ready data and as Rich tables (the `deduce` command)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Console
from rich.table import Table

from ...core.text import Ref, T
from ..texts import renderer
from .model import ABSENT
from .solver import Deduction


def _pct(n: int, total: int, lang: str = "en") -> str:
    """A share of the scripts as a percentage in `lang` ("<1%" for a few of many)."""
    from ...core.i18n import format_percent

    if not total or n == 0:
        return format_percent(0, lang)
    if 100 * n / total < 1:
        return str(renderer("basic_tragedy", lang)(T("analysis.share.below", pct=format_percent(0.01, lang))))
    return format_percent(n / total, lang)


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


def render(console: Console, d: Deduction, *, facts: bool = False, lang: str = "en") -> None:
    """The deduction as tables in `lang`: the words of the catalog, the names of the set."""
    from rich.markup import escape

    from ...core.i18n import format_count

    u = d.universe
    say = renderer(u.set_id, lang)

    def w(id: str, **params: Any) -> str:
        return say(T(id, **params))

    obs = d.observation
    total = d.count
    summary = w("analysis.deduce.summary", set=Ref("set", u.set_id), loop=obs.loop, n=total, count=format_count(total, lang),
                facts=T("analysis.deduce.facts", n=len(obs.facts)))
    console.print(f"[bold]{escape(summary)}[/bold]")
    if not total:
        console.print(f"[red]{escape(w('analysis.deduce.none'))}[/red]")
        return
    mains: Counter[str] = Counter()
    subs: Counter[str] = Counter()
    for (m, ss), k in d.plots.items():
        mains[m] += k
        for s in ss:
            subs[s] += k
    t = Table(w("analysis.deduce.plot"), w("analysis.deduce.kind"), w("analysis.deduce.share"), title=w("analysis.deduce.plots"))
    for m, k in mains.most_common():
        t.add_row(say(Ref("plot", m)), w("analysis.deduce.main"), _pct(k, total, lang))
    for s, k in subs.most_common():
        t.add_row(say(Ref("plot", s)), w("analysis.deduce.subplot"), _pct(k, total, lang))
    console.print(t)
    t = Table(w("analysis.deduce.character"), w("analysis.deduce.possible_roles"), title=w("analysis.deduce.roles"))
    for c in u.chars:
        opts = sorted(((r, k) for r, k in d.roles.get(c, {}).items() if k), key=lambda kv: -kv[1])
        if len(opts) == 1 and opts[0][0] == ABSENT:
            continue
        t.add_row(say(Ref("character", c)), say.value(tuple(
            T("analysis.share_of", name=T("analysis.deduce.not_in_cast") if r == ABSENT else Ref("role", r), share=_pct(k, total, lang))
            for r, k in opts)))
    console.print(t)
    if obs.schedule:
        t = Table(w("analysis.deduce.day"), w("analysis.deduce.incident"), w("analysis.deduce.possible_culprits"), title=w("analysis.deduce.culprits"))
        for i, sched in enumerate(obs.schedule):
            opts = sorted(((c, k) for c, k in d.culprits.get(i, {}).items() if k), key=lambda kv: -kv[1])
            t.add_row(say.value(sched["day"]), say(Ref("incident", sched["incident"])),
                      say.value(tuple(T("analysis.share_of", name=Ref("character", c), share=_pct(k, total, lang)) for c, k in opts)))
        console.print(t)
    if facts:
        # Each fact is a Text (`deduction.fact.*`) with its kind (`deduction.kind.*`), both worded in `lang`.
        console.print(f"[bold]{escape(w('analysis.deduce.facts_used'))}[/bold]")
        for f in obs.facts:
            console.print("  " + say(T("deduction.fact.line", kind=T(f"deduction.kind.{f.kind}"), fact=f.text)), markup=False, highlight=False)
