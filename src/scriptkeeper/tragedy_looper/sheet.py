"""The Tragedy Set sheet, built from the rules data: what a Protagonist deduces from at a real table.

`sheet(set_id, script)` is JSON with Texts (rendered at the edge: the server, the terminal, the
`sets` command): a title and sections, each a list of entries {name, lines}. With a script it is
headed by the script's public facts (set, loops and days, the incident schedule, its special rule),
as on a real table; never by anything secret.
"""

from __future__ import annotations

from typing import Any

from ..core.text import Ref, T, Text, to_json
from .rules import RuleBook, load_rulebook
from .script import Script
from .texts import special_rules_text


def _plot(rb: RuleBook, pid: str) -> dict[str, Any]:
    plot = rb.set.plots[pid]
    lines: list[Text] = []
    roles = [T("sheet.role_count", role=Ref("role", r), n=n) if n > 1 else Ref("role", r) for r, n in plot.roles.items()]
    lines.append(T("sheet.plot_roles", roles=roles) if roles else T("sheet.plot_no_roles"))
    for r, (low, high) in plot.optional_roles.items():
        lines.append(T("sheet.plot_optional", role=Ref("role", r), low=low, high=high))
    lines += [T(f"rules.plot.{pid}.{i}") for i in range(len(plot.rules))]
    lines += [T("sheet.creation", text=T(f"rules.creation.{c.rule}")) for c in plot.creation]
    return {"name": Ref("plot", pid), "lines": lines}


def _role(rb: RuleBook, rid: str) -> dict[str, Any]:
    role = rb.roles[rid]
    lines: list[Text] = []
    if role.refusal != "none":
        lines.append(T(f"sheet.refusal_{role.refusal}"))
    if role.puppeted:  # Another Horizon's Marionette and Lullaby
        lines.append(T("sheet.refusal_puppeted"))
    if role.dual is not None:  # Another Horizon: the role held in each world
        lines.append(T("sheet.dual", light=Ref("role", role.dual["light"]), dark=Ref("role", role.dual["dark"])))
    if role.max is not None:
        lines.append(T("sheet.max", n=role.max))
    if role.text:
        lines.append(T(f"rules.role.{rid}"))
    lines += [T(f"rules.role.{rid}.{i}") for i in range(len(role.abilities))]
    lines += [T("sheet.creation", text=T(f"rules.creation.{c.rule}")) for c in role.creation]
    return {"name": Ref("role", rid), "lines": lines}


def sheet(set_id: str, script: Script | None = None) -> dict[str, Any]:
    """The sheet of a Tragedy Set (JSON, Texts encoded), headed by `script`'s public facts if given."""
    rb = load_rulebook(set_id)
    sections: list[dict[str, Any]] = []
    if script is not None:
        facts: list[Text] = [T("sheet.loops_days", loops=script.loops, days=script.days)]
        facts += [T("sheet.schedule_line", day=inc.day, incident=Ref("incident", inc.public_name or inc.incident))
                  for inc in script.incidents] or [T("sheet.no_incidents")]
        if script.special_rules:
            facts.append(T("sheet.special_rules", text=special_rules_text(script)))
        sections.append({"title": T("sheet.script"), "entries": [{"name": Ref("set", set_id), "lines": facts}]})
    plots = rb.set.plots
    sections.append({"title": T("sheet.main_plots"), "entries": [_plot(rb, p) for p, x in plots.items() if x.main]})
    sections.append({"title": T("sheet.subplots", n=rb.set.subplots),
                     "entries": [_plot(rb, p) for p, x in plots.items() if not x.main]})
    sections.append({"title": T("sheet.roles"), "entries": [_role(rb, r) for r in rb.set.roles]})
    sections.append({"title": T("sheet.incidents"),
                     "entries": [{"name": Ref("incident", i), "lines": [T(f"rules.incident.{i}")]} for i in rb.set.incidents]})
    out = {"title": T("sheet.title", set=Ref("set", set_id)),
           "rule": T("sheet.final_guess") if rb.set.final_guess else T("sheet.no_final_guess"), "sections": sections}
    return to_json(out)


def sheet_text(data: dict[str, Any]) -> str:
    """A rendered sheet (every Text already words) as plain text, for the terminal and the CLI."""
    out = [str(data["title"]), str(data["rule"]), ""]
    for sec in data["sections"]:
        out.append(f"== {sec['title']} ==")
        for e in sec["entries"]:
            out.append(f"* {e['name']}")
            out += [f"    {line}" for line in e["lines"]]
        out.append("")
    return "\n".join(out).rstrip() + "\n"
