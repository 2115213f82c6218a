"""The terminal front end (Rich): hot-seat play at one screen, agents in any seat, for any game.

It shows views and sends answers; it never decides a rule, holds no name of a game's things and
reads no label: the game draws its board (`Game.terminal_panel`) from the localized view, and
two-step choices (a card, then its target) come from the options' `info` ("group" and "member").
Bad input gets a message and the same prompt again; Ctrl-C or end of input saves the game file
so it can be resumed.
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any, Callable

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel

from .agents.base import Agent
from .core import record
from .core.decision import Decision
from .core.game import Game
from .core.text import Renderer, T, from_json, localize


class TerminalPlayer:
    def __init__(self, console: Console, gf: record.GameFile, state: Any, agents: dict[str, Agent], save_path: Path,
                 quiet: bool = False, input_fn: Callable[[str], str] | None = None, agent_name: str | None = None,
                 lang: str = "en") -> None:
        self.console, self.gf, self.state, self.agents, self.save_path = console, gf, state, agents, save_path
        self.game: Game = gf.game
        self.quiet = quiet
        self.agent_name = agent_name
        self.lang = lang
        self.render: Renderer = self.game.renderer(state, lang)
        self.input = input_fn or (lambda prompt: console.input(prompt))
        self.seen: dict[str, int] = {}
        self.last_human: str | None = None

    def t(self, id: str, **params: Any) -> str:
        return self.render(T(id, **params))

    def human_seats(self) -> set[str]:
        return set(self.game.seats(self.gf.setup, self.gf.options)) - set(self.agents)

    def view(self, seat: str) -> dict[str, Any]:
        return localize(self.game.view(self.state, seat), self.render)

    def seat_name(self, seat: str, view: dict[str, Any]) -> str:
        return str(view["names"]["seat"].get(seat, seat))

    def run(self) -> None:
        game = self.game
        try:
            while (d := game.pending(self.state)) is not None:
                if d.seat in self.agents:
                    answer = self.agents[d.seat].choose(game.view(self.state, d.seat), d)
                    game.apply(self.state, answer, seat=d.seat)
                else:
                    self.human_turn(d)
        except (KeyboardInterrupt, EOFError):
            self.save()
            self.console.print(f"\n[yellow]{escape(self.t('ui.saved', path=str(self.save_path)))}[/yellow]\n  {escape(self.resume_command())}",
                               highlight=False, soft_wrap=True)
            return
        self.finish()

    def resume_command(self) -> str:
        """The command that resumes this game with the same seats given to the agents."""
        cmd = f"{command_name()} play --resume {shlex.quote(str(self.save_path))}"
        groups = self.game.seat_groups(self.gf.setup, self.gf.options)
        left = set(self.agents)
        for name, seats in groups.items():
            if seats and set(seats) <= left:
                cmd += f" --ai {name}"
                left -= set(seats)
        for seat in sorted(left):
            cmd += f" --ai {seat}"
        if self.agent_name:
            cmd += f" --agent {self.agent_name}"
        if self.lang != "en":
            cmd += f" --lang {self.lang}"
        return cmd

    def print_reference(self) -> None:
        """The game's reference sheet (Tragedy Looper: the Tragedy Set sheet, headed by the script's public facts)."""
        make = getattr(self.game, "reference", None)
        if make is None:
            self.console.print(self.t("ui.no_reference"))
            return
        print_sheet(self.console, words(make(self.gf.setup), self.render))

    def wipe(self) -> None:
        """Clear the screen and the scrollback, so the next seat cannot scroll back to the last seat's secrets."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def save(self) -> None:
        record.save_game(self.save_path, self.gf, self.state)

    def new_log(self, seat: str, view: dict[str, Any]) -> list[str]:
        log = view["log"]
        start = self.seen.get(seat, 0)
        self.seen[seat] = len(log)
        return list(log[start:])

    def human_turn(self, d: Decision) -> None:
        seat = d.seat
        # The screen passes only between the game master and the others (one person playing every
        # Protagonist against the AI sees all their hands on one screen, with no prompts).
        humans = self.human_seats()
        if self.last_human != seat and len(humans) > 1 and self.game.gm_seat in humans:
            self.wipe()
            who = self.t(f"ui.seat_at_screen.{seat}")
            if seat != self.game.gm_seat and self.players_share_one_seat():
                who = self.t("ui.seat_at_screen.shared")
            if self.input(self.t("ui.pass_screen", who=who) + " ").strip().lower() == "q":
                raise KeyboardInterrupt
            self.wipe()
        self.last_human = seat
        view = self.view(seat)
        for line in self.new_log(seat, view)[-40:]:
            self.console.print(f"  {line}", markup=False, highlight=False)
        self.console.print(self.game.terminal_panel(view, self.render))
        answer = self.ask(d, view)
        self.game.apply(self.state, answer, seat=seat)
        self.save()  # every answer is on disk before the game goes on

    def players_share_one_seat(self) -> bool:
        """The two-player game: one seat holds all the Protagonist hands."""
        return len(self.game.seats(self.gf.setup, self.gf.options)) == 2

    def _pick(self, prompt: str, labels: list[str], view: dict[str, Any], allow_back: bool = False) -> int | None:
        for i, label in enumerate(labels, 1):
            self.console.print(f"  [bold]{i:>3}[/bold]  {escape(label)}", highlight=False)
        back = self.t("ui.back_hint") if allow_back else ""
        while True:
            raw = self.input(f"{prompt} [1-{len(labels)}{back}]: ").strip().lower()
            if raw in ("h", "?", "help"):
                self.console.print(self.t("ui.help"))
            elif raw == "v":
                self.console.print(self.game.terminal_panel(view, self.render))
            elif raw == "s":
                self.print_reference()
            elif raw == "q":
                raise KeyboardInterrupt
            elif raw == "b" and allow_back:
                return None
            elif raw.isdigit() and 1 <= int(raw) <= len(labels):
                return int(raw) - 1
            else:
                self.console.print(f"[red]{escape(self.t('ui.not_a_choice', raw=raw))}[/red] {escape(self.t('ui.help'))}", highlight=False)

    def ask(self, d: Decision, view: dict[str, Any]) -> Any:
        self.console.print(f"[bold green]{escape(self.render(d.prompt))}[/bold green]")
        opts = list(d.options)
        infos = d.option_info
        # Two steps when every option belongs to a group (a card, then where it goes): no long list.
        if opts and all(isinstance(i, dict) and "group" in i for i in infos):
            groups: dict[str, list[int]] = {}
            for k, info in enumerate(infos):
                groups.setdefault(self.render(info["group"]), []).append(k)
            names = list(groups)
            steps = d.info.get("steps")  # the game's words for the two steps, else the kernel's
            first, then = (self.render(w) for w in steps) if steps else (self.t("ui.step_group"), self.t("ui.step_member"))
            while True:
                gi = self._pick(first, names, view)
                assert gi is not None
                members = groups[names[gi]]
                ti = self._pick(then, [self.render(infos[k]["member"]) for k in members], view, allow_back=True)
                if ti is not None:
                    return opts[members[ti]]
        i = self._pick(self.t("ui.choice"), [self.render(d.label(k)) for k in range(len(opts))], view)
        assert i is not None
        return opts[i]

    def finish(self) -> None:
        self.save()
        seat = self.last_human or self.game.gm_seat  # every view shows everything now; the last seat at the screen sees what it missed
        view = self.view(seat)
        if not self.quiet:
            for line in self.new_log(seat, view):
                self.console.print(f"  {line}", markup=False, highlight=False)
        self.console.print(self.game.terminal_panel(view, self.render))
        out = self.game.outcome(self.state)
        assert out is not None
        color = "red" if out.winner == self.game.gm_seat else "green"
        headline = self.t(f"ui.headline.{out.winner}")
        played = self.t("ui.after_loops", n=out.details["loops_played"]) if out.details.get("loops_played") else ""
        self.console.print(Panel(f"[bold {color}]{escape(headline)}[/bold {color}]{escape(played)}: {escape(self.render(out.reason))}\n"
                                 f"{escape(self.t('ui.game_saved', path=str(self.save_path)))}\n"
                                 f"{escape(self.t('ui.replay_with', cmd=command_name(), path=str(self.save_path)))}",
                                 title=self.t("ui.game_over"), highlight=False))


def command_name() -> str:
    """The command as the user ran it (`.venv/bin/scriptkeeper` after the README's install), for hints."""
    import os
    import sys

    arg = sys.argv[0] if sys.argv else ""
    base = os.path.basename(arg)
    if base == "scriptkeeper" and os.sep in arg:
        try:
            return os.path.relpath(arg) if not os.path.relpath(arg).startswith("..") else arg
        except ValueError:  # another drive (Windows)
            return arg
    return "scriptkeeper"


def words(value: Any, render: Renderer) -> Any:
    """A JSON value with every Text and every Ref (`{"$ref": kind, "id": id}`) in words."""
    if isinstance(value, dict):
        if "$text" in value or "$ref" in value:
            return render(from_json(value))
        return {k: words(v, render) for k, v in value.items()}
    if isinstance(value, list):
        return [words(v, render) for v in value]
    return value


def print_sheet(console: Console, sheet: dict[str, Any]) -> None:
    """A reference sheet in words (`words`): a title, a line, and sections of entries with their lines."""
    console.print(f"[bold]{escape(str(sheet['title']))}[/bold]  {escape(str(sheet.get('rule', '')))}", highlight=False)
    for sec in sheet["sections"]:
        console.print(f"\n[bold underline]{escape(str(sec['title']))}[/bold underline]", highlight=False)
        for e in sec["entries"]:
            console.print(f"[bold]{escape(str(e['name']))}[/bold]", highlight=False)
            for line in e["lines"]:
                console.print(f"    {escape(str(line))}", highlight=False)
