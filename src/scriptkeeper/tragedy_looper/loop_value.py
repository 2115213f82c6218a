"""A script's loop value from its set's script creation guide (Last Liar, seed 000, "Number of
Loops"), and the number of loops it suggests.

The value is the sum of the plots' values (a plot may add more per scheduled incident of a kind, or
when a role it looks for is missing), the values of the scheduled incidents, what each incident
above or below the usual count adds or takes away, and what a short loop takes away. The guide
says to play about half a loop more than the value with Table Talk off: the suggestion is the
value plus that margin, rounded half up (docs/rulings.md, "ll-suggested-loops").
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from ..core.text import Ref, T, Text
from .script import Script


def loop_value(script: Script) -> float | None:
    """The script's loop value, or None when its set's guide has no table."""
    rb = script.rules
    table = rb.set.loop_values
    if table is None:
        return None
    total = 0.0
    roles = set(script.cast.values())
    for p in script.plots:
        plot = rb.plot(p)
        total += plot.loop_value or 0.0
        for inc, extra in plot.loop_value_per_incident.items():
            total += extra * sum(1 for i in script.incidents if i.incident == inc)
        missing = plot.if_role_missing
        if missing and missing.get("role") not in roles:
            total += float(missing.get("loop_value", 0.0))
    total += sum(table.incidents.get(i.incident, 0.0) for i in script.incidents)
    total += (len(script.incidents) - table.incident_count_base) * table.per_incident_above_or_below
    if table.days:
        if script.days in table.days:
            total += table.days[script.days]
        elif script.days < min(table.days):
            total += table.days[min(table.days)]
    return round(total, 2)


def suggested_loops(script: Script) -> int | None:
    value = loop_value(script)
    table = script.rules.set.loop_values
    if value is None or table is None:
        return None
    n = Decimal(str(value + table.table_talk_off_margin)).quantize(Decimal("1"), rounding=ROUND_HALF_UP)
    return max(1, int(n))


def loop_value_notes(script: Script) -> list[Text]:
    """The lines `scriptkeeper check` prints: the loop value, the loops it suggests, and the plots' notes."""
    value, loops = loop_value(script), suggested_loops(script)
    if value is None or loops is None:
        return []
    safe = script.rules.set.loop_values.safe_loops if script.rules.set.loop_values else None
    out = [T("check.loop_value", value=round(value, 1)),  # a decimal the renderer writes in its language (3,5)
           T("check.suggested_loops", n=loops, loops=script.loops, safe=safe) if safe is not None
           else T("check.suggested_loops_plain", n=loops, loops=script.loops)]
    roles = set(script.cast.values())
    for p in script.plots:
        plot = script.rules.plot(p)
        note = plot.loop_value_note
        if plot.if_role_missing and plot.if_role_missing.get("role") in roles:
            note = ""  # the role is there: the extra value does not apply
        if note:  # the rules data's note, by its id (rules.loop_value_note.<plot>): translated like a rules text
            out.append(T("check.loop_value_note", plot=Ref("plot", p), note=T(f"rules.loop_value_note.{p}")))
    return out
