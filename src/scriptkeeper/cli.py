"""Command line: play, replay, check and list scripts. Front end only: every rule is in the engine."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console
from rich.panel import Panel
from rich.table import Table

from .agents import make_agent
from .core.errors import GameFileError, ScriptError
from .tragedy_looper import engine
from .tragedy_looper.catalog import resolve_script, shipped_scripts
from .tragedy_looper.record import GameFile, load_game, replay as replay_game, save_game, state_digest, state_to_dict
from .tragedy_looper.rules import LOCATIONS
from .tragedy_looper.script import check_script, load_script
from .tragedy_looper.state import MASTERMIND, PROTAGONIST_SEATS
from .tragedy_looper.terminal import TerminalPlayer
from .tragedy_looper.views import build_view

app = typer.Typer(add_completion=False, no_args_is_help=True, help="scriptkeeper: a rules referee for Tragedy Looper.")
err = Console(stderr=True)


@app.command("scripts")
def list_scripts() -> None:
    """List the shipped scripts (public facts only: set, loops, days)."""
    table = Table("name", "set", "loops x days", "incidents")
    for name, path in shipped_scripts().items():
        s = load_script(path)
        table.add_row(name, s.rules.set.name, f"{s.loops} x {s.days}", str(len(s.incidents)))
    Console().print(table)


@app.command()
def check(script: str = typer.Argument(..., help="A script file, or a shipped script's name.")) -> None:
    """Check a script against every script-creation rule; exit 1 if it is illegal."""
    try:
        path = resolve_script(script)
    except FileNotFoundError as exc:
        err.print(f"[red]{exc}[/red]")
        raise typer.Exit(2)
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        err.print(f"[red]{path} is not valid YAML:[/red] {exc}")
        raise typer.Exit(1)
    parsed, problems = check_script(data)
    if problems:
        Console().print(f"[red]{path}: illegal script[/red] ({len(problems)} problem(s))")
        for p in problems:
            Console().print(f"  [bold]{p.rule}[/bold]: {p.message}")
        raise typer.Exit(1)
    assert parsed is not None
    Console().print(f"[green]{path}: legal[/green] - {parsed.rules.set.name}, {parsed.loops} loops x {parsed.days} days, "
                    f"{len(parsed.cast)} characters, {len(parsed.incidents)} incident(s).")


@app.command()
def replay(game: Path = typer.Argument(..., help="A game file (docs/game-file.md)."),
           as_json: bool = typer.Option(False, "--json", help="Print the events and the final state as JSON."),
           seat: str = typer.Option("mastermind", help="Print the log as this seat saw it (text mode).")) -> None:
    """Replay a game file and print its final state."""
    try:
        gf = load_game(game)
        state = replay_game(gf)
    except GameFileError as exc:
        err.print(f"[red]{exc}[/red]")
        raise typer.Exit(1)
    if as_json:
        out = {"events": [e.to_dict() for e in state.events], "final_state": state_to_dict(state),
               "outcome": state.outcome, "digest": state_digest(state)}
        sys.stdout.write(json.dumps(out, indent=2, default=str) + "\n")
        return
    view = build_view(state, seat)
    for line in view["log"]:
        Console().print(line, markup=False, highlight=False)
    from .tragedy_looper.views import render_text

    Console().print(render_text(view), markup=False, highlight=False)
    Console().print(f"digest {state_digest(state)}")


@app.command()
def play(script: Optional[str] = typer.Argument(None, help="A script file or shipped script name (see `scriptkeeper scripts`)."),
         ai: list[str] = typer.Option([], "--ai", help="Give a side to the built-in agent: mastermind or protagonists (repeatable)."),
         agent: str = typer.Option("random", help="Which agent plays the --ai seats."),
         players: int = typer.Option(4, help="4 (three Protagonists) or 2 (one Protagonist holds all three hands)."),
         seed: int = typer.Option(0, help="Game seed (also seeds the agents)."),
         save: Optional[Path] = typer.Option(None, help="Where to save the game file (default: game-<script>-<seed>.yaml)."),
         resume: Optional[Path] = typer.Option(None, help="Resume a saved game file instead of starting a script."),
         quiet: bool = typer.Option(False, help="Do not print the AI seats' moves.")) -> None:
    """Play a game in the terminal, one person at a time at one screen; agents can take seats."""
    for side in ai:
        if side not in ("mastermind", "protagonists"):
            err.print(f"[red]--ai takes mastermind or protagonists, not {side!r}[/red]")
            raise typer.Exit(2)
    try:
        if resume is not None:
            gf = load_game(resume)
            state = replay_game(gf)
            save = save or resume
        else:
            if script is None:
                err.print("[red]give a script (file or shipped name) or --resume GAME[/red]")
                raise typer.Exit(2)
            path = resolve_script(script)
            s = load_script(path)
            gf = GameFile(s, str(path.resolve()), seed, players)
            state = engine.new_game(s, seed, players)
            save = save or Path(f"game-{path.stem}-{seed}.yaml")
    except (FileNotFoundError, ScriptError, GameFileError, ValueError) as exc:
        err.print(f"[red]{exc}[/red]")
        raise typer.Exit(1)
    ai_seats = set()
    if "mastermind" in ai:
        ai_seats.add(MASTERMIND)
    if "protagonists" in ai:
        ai_seats.update(PROTAGONIST_SEATS)
    agents = {seat: make_agent(agent, seed * 10 + i) for i, seat in enumerate([MASTERMIND, *PROTAGONIST_SEATS]) if seat in ai_seats}
    player = TerminalPlayer(Console(), gf, state, agents, save, quiet=quiet)
    player.run()


def main() -> None:  # pragma: no cover
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
