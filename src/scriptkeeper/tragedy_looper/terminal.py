"""The terminal front end (Rich): hot-seat play at one screen, agents in any seat.

It only shows views and sends answers; it never decides a rule. Bad input gets a message and
the same prompt again; Ctrl-C or end of input saves the game file so it can be resumed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..agents.base import Agent
from ..core.decision import Decision
from . import engine
from .record import GameFile, save_game
from .rules import LOCATIONS
from .state import MASTERMIND, GameState
from .views import build_view

HELP = "Type the number of your choice. Other commands: v = show the board again, q = save and quit, h = this help."


def board_panel(view: dict[str, Any]) -> Panel:
    grid = Table.grid(expand=True, padding=(0, 1))
    grid.add_column(ratio=1)
    grid.add_column(ratio=1)
    cells = {}
    for loc in LOCATIONS:
        lines = [Text(f"{loc.capitalize()}  Intrigue {view['locations'][loc]['intrigue']}", style="bold")]
        for c in view["characters"]:
            if c["location"] != loc:
                continue
            k = c["counters"]
            style = "dim strike" if not c["alive"] else ""
            line = f"{c['name']}  P {k['paranoia']}/{c['paranoia_limit']}  G {k['goodwill']}  I {k['intrigue']}"
            if k.get("guard"):
                line += f"  Guard {k['guard']}"
            if "revealed_role" in c:
                line += f"  [{c['revealed_role']}]"
            if not c["alive"]:
                line += "  (corpse)"
            lines.append(Text(line, style=style))
        for card in view["cards_on_board"]:
            if card["target"] == loc or any(ch["id"] == card["target"] and ch["location"] == loc for ch in view["characters"]):
                shown = card["card"] or "face down"
                lines.append(Text(f"  card by {card['by']} on {card['target']}: {shown}", style="cyan"))
        cells[loc] = Panel(Group(*lines), padding=(0, 1))
    grid.add_row(cells["hospital"], cells["shrine"])
    grid.add_row(cells["city"], cells["school"])
    sched = ", ".join(f"day {s['day']}: {s['incident']}" + (" (occurred)" if s["occurred_this_loop"] else "")
                      + (f" culprit {s['culprit']}" if "culprit" in s else "") for s in view["schedule"]) or "none"
    info = [Text(f"Incidents: {sched}")]
    for who, cards in view["hands"].items():
        info.append(Text(f"Hand of {who}: {', '.join(cards)}"))
    for who, cards in view["set_aside"].items():
        info.append(Text(f"Used this loop ({who}): {', '.join(cards)}", style="dim"))
    if view.get("revealed_subplots"):
        info.append(Text(f"Revealed subplots: {', '.join(view['revealed_subplots'])}"))
    if "script" in view:
        sc = view["script"]
        roles = ", ".join(f"{k}: {v if isinstance(v, str) else v['role']}" for k, v in sc["cast"].items())
        culprits = ", ".join(f"day {i['day']} {i['incident']} by {i['culprit']}" for i in sc["incidents"])
        info.append(Text(f"Script (secret): {sc['main_plot']} + {', '.join(sc['subplots'])}\n  roles: {roles}\n  culprits: {culprits}", style="magenta"))
    title = f"{view['set']} - loop {view['loop']}/{view['loops']}, day {view['day']}/{view['days']} - Leader {view['leader']} - you are {view['seat']}"
    return Panel(Group(grid, *info), title=title)


class TerminalPlayer:
    def __init__(self, console: Console, gf: GameFile, state: GameState, agents: dict[str, Agent], save_path: Path,
                 quiet: bool = False, input_fn: Callable[[str], str] | None = None) -> None:
        self.console, self.gf, self.state, self.agents, self.save_path = console, gf, state, agents, save_path
        self.quiet = quiet
        self.input = input_fn or (lambda prompt: console.input(prompt))
        self.seen: dict[str, int] = {}
        self.last_human: str | None = None

    def human_seats(self) -> set[str]:
        seats = {MASTERMIND, *(self.state.hand_seat(h) for h in range(3))}
        return seats - set(self.agents)

    def run(self) -> None:
        try:
            while self.state.pending is not None:
                d = self.state.pending
                if d.seat in self.agents:
                    answer = self.agents[d.seat].choose(build_view(self.state, d.seat), d)
                    engine.apply_in_place(self.state, answer, seat=d.seat)
                else:
                    self.human_turn(d)
        except (KeyboardInterrupt, EOFError):
            self.save()
            self.console.print(f"\n[yellow]Game saved to {self.save_path}. Resume with: scriptkeeper play --resume {self.save_path}[/yellow]")
            return
        self.finish()

    def save(self) -> None:
        save_game(self.save_path, self.gf, self.state)

    def new_log(self, seat: str) -> list[str]:
        log = build_view(self.state, seat)["log"]
        start = self.seen.get(seat, 0)
        self.seen[seat] = len(log)
        return log[start:]

    def human_turn(self, d: Decision) -> None:
        seat = d.seat
        if self.last_human != seat and len(self.human_seats()) > 1:
            self.console.clear()
            self.input(f"Pass the screen to {seat}. Press Enter when only {seat} is looking. ")
            self.console.clear()
        self.last_human = seat
        view = build_view(self.state, seat)
        for line in self.new_log(seat)[-40:]:
            self.console.print(f"  {line}", markup=False, highlight=False)
        self.console.print(board_panel(view))
        answer = self.ask(d, view)
        engine.apply_in_place(self.state, answer, seat=seat)
        self.save()  # every answer is on disk before the game goes on

    def _pick(self, prompt: str, labels: list[str], view: dict[str, Any], allow_back: bool = False) -> int | None:
        for i, label in enumerate(labels, 1):
            self.console.print(f"  [bold]{i:>3}[/bold]  {label}", highlight=False)
        while True:
            raw = self.input(f"{prompt} [1-{len(labels)}{', b = back' if allow_back else ''}]: ").strip().lower()
            if raw in ("h", "?", "help"):
                self.console.print(HELP)
            elif raw == "v":
                self.console.print(board_panel(view))
            elif raw == "q":
                raise KeyboardInterrupt
            elif raw == "b" and allow_back:
                return None
            elif raw.isdigit() and 1 <= int(raw) <= len(labels):
                return int(raw) - 1
            else:
                self.console.print(f"[red]'{raw}' is not a choice here.[/red] {HELP}")

    def ask(self, d: Decision, view: dict[str, Any]) -> Any:
        self.console.print(f"[bold green]{d.prompt}[/bold green]")
        opts = list(d.options)
        # Card placement: choose the card, then the target, instead of one long list.
        if opts and all(isinstance(o, dict) and set(o) == {"card", "target"} for o in opts):
            cards = list(dict.fromkeys(o["card"] for o in opts))
            names = [d.label(opts.index(next(o for o in opts if o["card"] == c))).split(" on ")[0] for c in cards]
            while True:
                ci = self._pick("Card", names, view)
                assert ci is not None
                idx = [i for i, o in enumerate(opts) if o["card"] == cards[ci]]
                ti = self._pick("Target", [d.label(i).split(" on ", 1)[1] for i in idx], view, allow_back=True)
                if ti is not None:
                    return opts[idx[ti]]
        i = self._pick("Choice", [d.label(k) for k in range(len(opts))], view)
        assert i is not None
        return opts[i]

    def finish(self) -> None:
        self.save()
        seat = next(iter(self.human_seats()), MASTERMIND)
        for line in self.new_log(seat):
            self.console.print(f"  {line}", markup=False, highlight=False)
        view = build_view(self.state, seat)
        self.console.print(board_panel(view))
        out = self.state.outcome or {}
        self.console.print(Panel(f"[bold]{out.get('winner', '?').capitalize()} win[/bold]: {out.get('reason', '')}\n"
                                 f"Game file saved to {self.save_path} (replay: scriptkeeper replay {self.save_path})"))
