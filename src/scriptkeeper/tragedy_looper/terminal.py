"""The terminal front end (Rich): hot-seat play at one screen, agents in any seat.

It only shows views and sends answers; it never decides a rule. Bad input gets a message and
the same prompt again; Ctrl-C or end of input saves the game file so it can be resumed.
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any, Callable

from rich.console import Console, Group
from rich.markup import escape
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
LEGEND = "P = Paranoia (now/limit), G = Goodwill, I = Intrigue"
Names = dict[str, dict[str, str]]


def display_names(rules: Any) -> Names:
    """Printed names by kind (card, character, role, incident, plot), from a rulebook."""
    return {"card": {k: v.name for k, v in rules.cards.items()},
            "character": {k: v.name for k, v in rules.characters.items()},
            "role": {k: v.name for k, v in rules.roles.items()},
            "incident": {k: v.name for k, v in rules.incidents.items()},
            "plot": {k: v.name for k, v in rules.set.plots.items()}}


def seat_name(seat: str, players: int = 4) -> str:
    if seat == MASTERMIND:
        return "the Mastermind"
    return "the Protagonists" if players == 2 else seat.replace("protagonist", "Protagonist ")


def board_panel(view: dict[str, Any], names: Names | None = None) -> Panel:
    def n(kind: str, key: str) -> str:
        return (names or {}).get(kind, {}).get(key, key)

    def target(key: str) -> str:
        return f"the {key.capitalize()}" if key in LOCATIONS else n("character", key)

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
            if c.get("extra_card"):
                line += "  Extra card"
            if "revealed_role" in c:
                line += f"  [{n('role', c['revealed_role'])}]"
            if not c["alive"]:
                line += "  (corpse)"
            lines.append(Text(line, style=style))
        for card in view["cards_on_board"]:
            if card["target"] == loc or any(ch["id"] == card["target"] and ch["location"] == loc for ch in view["characters"]):
                shown = n("card", card["card"]) if card["card"] else "face down"
                owner = seat_name(card["by"])
                lines.append(Text(f"  {owner[0].upper()}{owner[1:]}'s card on {target(card['target'])}: {shown}", style="cyan"))
        cells[loc] = Panel(Group(*lines), padding=(0, 1))
    grid.add_row(cells["hospital"], cells["shrine"])
    grid.add_row(cells["city"], cells["school"])
    sched = ", ".join(f"day {s['day']}: {s['incident']}" + (" (occurred)" if s["occurred_this_loop"] else "")
                      + (f" culprit {target(s['culprit'])}" if "culprit" in s else "") for s in view["schedule"]) or "none"
    info = [Text(f"Incidents: {sched}"), Text(LEGEND, style="dim")]
    for who, cards in view["hands"].items():
        info.append(Text(f"Hand of {seat_name(who)}: {', '.join(n('card', c) for c in cards)}"))
    for who, cards in view["set_aside"].items():
        info.append(Text(f"Used this loop ({seat_name(who)}): {', '.join(n('card', c) for c in cards)}", style="dim"))
    if view.get("revealed_subplots"):
        info.append(Text(f"Revealed subplots: {', '.join(n('plot', p) for p in view['revealed_subplots'])}"))
    if "script" in view:
        sc = view["script"]
        roles = ", ".join(f"{n('character', k)}: {n('role', v if isinstance(v, str) else v['role'])}" for k, v in sc["cast"].items())
        culprits = ", ".join(f"day {i['day']} {n('incident', i['incident'])} by {n('character', i['culprit'])}" for i in sc["incidents"])
        secret = "revealed" if view.get("outcome") else "secret, only you see it"
        info.append(Text(f"Script ({secret}): main plot {n('plot', sc['main_plot'])}; subplot(s) {', '.join(n('plot', p) for p in sc['subplots'])}\n"
                         f"  roles: {roles}\n  culprits: {culprits}", style="magenta"))
    # In a 2-player game one person holds the three hands; the decision prompt names the Leader hand.
    leader = f" - Leader: {seat_name(view['leader'])}" if view.get("players", 4) == 4 else ""
    title = f"{view['set']} - loop {view['loop']}/{view['loops']}, day {view['day']}/{view['days']}{leader}"
    return Panel(Group(grid, *info), title=title, subtitle=f"you are {seat_name(view['seat'], view.get('players', 4))}")


class TerminalPlayer:
    def __init__(self, console: Console, gf: GameFile, state: GameState, agents: dict[str, Agent], save_path: Path,
                 quiet: bool = False, input_fn: Callable[[str], str] | None = None) -> None:
        self.console, self.gf, self.state, self.agents, self.save_path = console, gf, state, agents, save_path
        self.quiet = quiet
        self.names = display_names(state.rules)
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
            self.console.print(f"\n[yellow]Game saved to {escape(str(self.save_path))}. Resume with:[/yellow]\n  {escape(self.resume_command())}",
                               highlight=False, soft_wrap=True)
            return
        self.finish()

    def resume_command(self) -> str:
        """The command that resumes this game with the same seats given to the agents."""
        cmd = f"scriptkeeper play --resume {shlex.quote(str(self.save_path))}"
        if MASTERMIND in self.agents:
            cmd += " --ai mastermind"
        if any(seat != MASTERMIND for seat in self.agents):
            cmd += " --ai protagonists"
        names = {a.name for a in self.agents.values()}
        if names and names != {"random"}:
            cmd += f" --agent {names.pop()}"
        return cmd

    def wipe(self) -> None:
        """Clear the screen and the scrollback, so the next seat cannot scroll back to the last seat's secrets."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

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
            self.wipe()
            who = seat_name(seat, self.state.players)
            if self.input(f"Pass the screen to {who}. Press Enter when only {who} is looking (q = save and quit). ").strip().lower() == "q":
                raise KeyboardInterrupt
            self.wipe()
        self.last_human = seat
        view = build_view(self.state, seat)
        for line in self.new_log(seat)[-40:]:
            self.console.print(f"  {line}", markup=False, highlight=False)
        self.console.print(board_panel(view, self.names))
        answer = self.ask(d, view)
        engine.apply_in_place(self.state, answer, seat=seat)
        self.save()  # every answer is on disk before the game goes on

    def _pick(self, prompt: str, labels: list[str], view: dict[str, Any], allow_back: bool = False) -> int | None:
        for i, label in enumerate(labels, 1):
            self.console.print(f"  [bold]{i:>3}[/bold]  {escape(label)}", highlight=False)
        while True:
            raw = self.input(f"{prompt} [1-{len(labels)}{', b = back' if allow_back else ''}]: ").strip().lower()
            if raw in ("h", "?", "help"):
                self.console.print(HELP)
            elif raw == "v":
                self.console.print(board_panel(view, self.names))
            elif raw == "q":
                raise KeyboardInterrupt
            elif raw == "b" and allow_back:
                return None
            elif raw.isdigit() and 1 <= int(raw) <= len(labels):
                return int(raw) - 1
            else:
                self.console.print(f"[red]'{escape(raw)}' is not a choice here.[/red] {HELP}", highlight=False)

    def ask(self, d: Decision, view: dict[str, Any]) -> Any:
        self.console.print(f"[bold green]{escape(d.prompt)}[/bold green]")
        opts = list(d.options)
        # Card placement: choose the card, then the target, instead of one long list.
        if opts and all(isinstance(o, dict) and set(o) == {"card", "target"} for o in opts):
            cards = list(dict.fromkeys(o["card"] for o in opts))
            names = [d.label(opts.index(next(o for o in opts if o["card"] == c))).split(" on ")[0] for c in cards]
            while True:
                ci = self._pick("Card", names, view)
                assert ci is not None
                idx = [i for i, o in enumerate(opts) if o["card"] == cards[ci]]
                where = {c["id"]: c["location"] for c in view["characters"]}
                targets = [d.label(i).split(" on ", 1)[1] + (f"  (at the {where[opts[i]['target']].capitalize()})"
                                                            if where.get(opts[i]["target"]) else "") for i in idx]
                ti = self._pick("Target", targets, view, allow_back=True)
                if ti is not None:
                    return opts[idx[ti]]
        i = self._pick("Choice", [d.label(k) for k in range(len(opts))], view)
        assert i is not None
        return opts[i]

    def finish(self) -> None:
        self.save()
        seat = self.last_human or MASTERMIND  # every view shows everything now; the last seat at the screen sees what it missed
        if not self.quiet:
            for line in self.new_log(seat):
                self.console.print(f"  {line}", markup=False, highlight=False)
        view = build_view(self.state, seat)
        self.console.print(board_panel(view, self.names))
        out = self.state.outcome or {}
        winner = out.get("winner", "?")
        headline = "The Mastermind wins" if winner == MASTERMIND else f"The {winner.capitalize()} win"
        color = "green" if winner == "protagonists" else "red"
        played = f" after {out['loops_played']} loop(s)" if out.get("loops_played") else ""
        self.console.print(Panel(f"[bold {color}]{headline}[/bold {color}]{played}: {escape(str(out.get('reason', '')))}\n"
                                 f"Game file saved to {escape(str(self.save_path))}\n"
                                 f"Replay it with: scriptkeeper replay {escape(str(self.save_path))}",
                                 title="Game over", highlight=False))
