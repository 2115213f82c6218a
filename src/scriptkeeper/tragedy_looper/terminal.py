"""The Tragedy Looper board in the terminal, drawn from a localized view's data only.

The grid comes from the view's board layout, the counters from its counter kinds, every name from
its names table and every sentence from the catalog: nothing here knows a location, a counter, a
card or a role, and no label is read.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text as RichText

from ..core.text import Renderer, T


def _counters(view: dict[str, Any], counters: dict[str, int], on: str, limit: int | None = None) -> str:
    names = view["names"]["counter_short"]
    parts = []
    for k in view["counter_kinds"]:
        if on not in k["on"]:
            continue
        n = counters.get(k["id"], 0)
        if not n and not k["shown_when_zero"]:
            continue
        shown = f"{names[k['id']]} {n}"
        if k.get("limit") and limit is not None:
            shown += f"/{limit}"
        parts.append(shown)
    return "  ".join(parts)


def board_panel(view: dict[str, Any], render: Renderer) -> Panel:
    names = view["names"]

    def t(id: str, **params: Any) -> str:
        return render(T(id, **params))

    def target(key: str) -> str:
        return names["location"].get(key) or names["character"].get(key, key)

    rows = view["board"]["rows"]
    grid = Table.grid(expand=True, padding=(0, 1))
    for _ in rows[0]:
        grid.add_column(ratio=1)
    where = {c["id"]: c["location"] for c in view["characters"]}
    for row in rows:
        cells: list[Any] = []
        for loc in row:
            if loc is None:
                cells.append("")
                continue
            lines = [RichText(t("ui.location_head", location=names["location"][loc],
                                counters=_counters(view, view["locations"][loc], "location")), style="bold")]
            for c in view["characters"]:
                if c["location"] != loc:
                    continue
                line = f"{names['character'][c['id']]}  {_counters(view, c['counters'], 'character', c['paranoia_limit'])}"
                if c.get("extra_card"):
                    line += f"  {t('ui.extra_card')}"
                if c.get("tokens"):  # Rei's game-long tokens (Perished, Acquainted)
                    line += f"  {t('ui.tokens', tokens=', '.join(names['token'][k] for k in c['tokens']))}"
                if "revealed_role" in c:
                    line += f"  [{names['role'][c['revealed_role']]}]"
                if c.get("turf"):
                    line += f"  ({t('ui.turf', location=names['location'][c['turf']])})"
                if not c["alive"]:
                    line += f"  {t('ui.corpse')}"
                lines.append(RichText(line, style="" if c["alive"] else "dim strike"))
            for card in view["cards_on_board"]:
                if card["target"] == loc or where.get(card["target"]) == loc:
                    shown = names["card"][card["card"]] if card["card"] else t("ui.face_down")
                    lines.append(RichText("  " + t("ui.card_on", owner=names["seat"][card["by"]], target=target(card["target"]), card=shown),
                                          style="cyan"))
            cells.append(Panel(Group(*lines), padding=(0, 1)))
        grid.add_row(*cells)
    sched = ", ".join(
        render(T("schedule.entry", day=s["day"], incident=names["incident"][s["incident"]]))
        + (t("ui.occurred") if s["occurred_this_loop"] else "")
        + (t("ui.culprit_is", culprit=target(s["culprit"])) if "culprit" in s else "") for s in view["schedule"]) or t("word.none")
    legend = ", ".join(f"{names['counter_short'][k['id']]} = {names['counter'][k['id']]}" + (t("ui.now_limit") if k.get("limit") else "")
                       for k in view["counter_kinds"] if "character" in k["on"]
                       # the others (Guard, Rei's Hope and Despair) once one lies on a character
                       and (k["shown_when_zero"] or any(c["counters"].get(k["id"]) for c in view["characters"])))
    info: list[Any] = [RichText(t("ui.incidents", list=sched)), RichText(legend, style="dim")]
    for g, value in (view.get("gauges") or {}).items():
        info.append(RichText(t("ui.gauge", gauge=names["gauge"][g], value=value)))
    if view.get("world"):  # Another Horizon: the Light or Dark World
        info.append(RichText(t("ui.world", world=T(f"world.{view['world']}")), style="bold"))
    for who, cards in view["hands"].items():
        info.append(RichText(t("ui.hand_of", seat=names["seat"][who], cards=", ".join(names["card"][c] for c in cards))))
    for who, card in (view.get("extra_cards") or {}).items():  # Last Liar: the seat's own Extra card (all, at the end)
        info.append(RichText(t("ui.extra_card_of", seat=names["seat"][who], card=names["extra_card"][card]), style="bold"))
    for who, cards in view["set_aside"].items():
        if cards:
            info.append(RichText(t("ui.used_this_loop", seat=names["seat"][who], cards=", ".join(names["card"][c] for c in cards)), style="dim"))
    if view.get("revealed_subplots"):
        info.append(RichText(t("ui.revealed_subplots", plots=", ".join(names["plot"][p] for p in view["revealed_subplots"]))))
    if "script" in view:
        sc = view["script"]
        roles = ", ".join(t("ui.role_of", character=names["character"][k], role=names["role"][v if isinstance(v, str) else v["role"]])
                          for k, v in sc["cast"].items())
        culprits = ", ".join(t("ui.culprit_of", day=i["day"], incident=names["incident"][i["incident"]], culprit=names["character"][i["culprit"]])
                             for i in sc["incidents"])
        head = "ui.script_revealed" if view.get("outcome") else "ui.script_secret"
        info.append(RichText(t(head, main=names["plot"][sc["main_plot"]], subs=", ".join(names["plot"][p] for p in sc["subplots"])) + "\n"
                             + t("ui.script_roles", roles=roles) + "\n" + t("ui.script_culprits", culprits=culprits), style="magenta"))
    params = dict(set=names["set"][view["set"]], loop=view["loop"], loops=view["loops"], day=view["day"], days=view["days"])
    # In a two-player game one person holds the three hands; the decision prompt names the Leader hand.
    title = t("ui.board_title_leader", leader=names["seat"][view["leader"]], **params) if view.get("players", 4) == 4 \
        else t("ui.board_title", **params)
    seat = view["seat"]
    if seat == "observer":
        you = t("ui.you_are.observer")
    elif view.get("players", 4) == 2 and seat != "mastermind":
        you = t("ui.you_are.shared")
    elif seat == "mastermind":
        you = t("ui.you_are.mastermind")
    else:
        you = t("ui.you_are.protagonist", seat=names["seat"][seat])
    return Panel(Group(grid, *info), title=title, subtitle=you)
