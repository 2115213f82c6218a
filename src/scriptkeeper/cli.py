"""Command line: play, replay, check and list scripts. Front end only: every rule is in the engine."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from .agents import DEFAULT_AGENT, make_agent
from .core.errors import GameFileError, ScriptError
from .tragedy_looper import engine
from .tragedy_looper.catalog import resolve_script, shipped_scripts
from .tragedy_looper.record import GameFile, load_game, replay as replay_game, state_digest, state_to_dict
from .tragedy_looper.script import check_script, load_script
from .tragedy_looper.state import MASTERMIND, PROTAGONIST_SEATS
from .tragedy_looper.terminal import TerminalPlayer
from .tragedy_looper.views import build_view

app = typer.Typer(add_completion=False, no_args_is_help=True, help="scriptkeeper: a rules referee for Tragedy Looper.")
err = Console(stderr=True, soft_wrap=True)  # error lines stay whole (paths are not folded)


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
        err.print(f"[red]{escape(str(exc))}[/red]")
        raise typer.Exit(2)
    import yaml

    out = Console(soft_wrap=True)  # long paths and messages stay whole lines (no folding inside a rule id or path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        err.print(f"[red]cannot read {escape(str(path))}:[/red] {escape(str(exc))}", soft_wrap=True)
        raise typer.Exit(2)
    except yaml.YAMLError as exc:
        out.print(f"[red]{escape(str(path))}: illegal script[/red] (1 problem(s))")
        out.print(f"  [bold]script-format[/bold]: not valid YAML: {escape(str(exc))}")
        raise typer.Exit(1)
    parsed, problems = check_script(data)
    if problems:
        out.print(f"[red]{escape(str(path))}: illegal script[/red] ({len(problems)} problem(s))")
        for p in problems:
            out.print(f"  [bold]{p.rule}[/bold]: {escape(p.message)}")
        raise typer.Exit(1)
    assert parsed is not None
    out.print(f"[green]{escape(str(path))}: legal[/green] - {parsed.rules.set.name}, {parsed.loops} loops x {parsed.days} days, "
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
        err.print(f"[red]{escape(str(exc))}[/red]")
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
         agent: str = typer.Option(DEFAULT_AGENT, help="Which agent plays the --ai seats: random, rule or search (docs/ai.md)."),
         players: int = typer.Option(4, help="4 (three Protagonists) or 2 (one Protagonist holds all three hands)."),
         seed: Optional[int] = typer.Option(None, help="Game seed, also seeds the agents (default 0; on --resume, the game's own seed)."),
         save: Optional[Path] = typer.Option(None, help="Where to save the game file (default: game-<script>-<seed>.yaml)."),
         resume: Optional[Path] = typer.Option(None, help="Resume a saved game file instead of starting a script."),
         quiet: bool = typer.Option(False, help="At the end, show only the board and the outcome, not the log of the last moves.")) -> None:
    """Play a game in the terminal, one person at a time at one screen; agents can take seats."""
    for side in ai:
        if side not in ("mastermind", "protagonists"):
            err.print(f"[red]--ai takes mastermind or protagonists, not {escape(repr(side))}[/red]")
            raise typer.Exit(2)
    try:
        if resume is not None:
            gf = load_game(resume)
            state = replay_game(gf)  # checks every saved decision before anyone plays on
            save = save or resume
            seed = gf.seed if seed is None else seed
        else:
            if script is None:
                err.print("[red]give a script (file or shipped name) or --resume GAME[/red]")
                raise typer.Exit(2)
            seed = 0 if seed is None else seed
            path = resolve_script(script)
            s = load_script(path)
            gf = GameFile(s, str(path.resolve()), seed, players)
            state = engine.new_game(s, seed, players)
            save = save or Path(f"game-{path.stem}-{seed}.yaml")
    except (FileNotFoundError, ScriptError, GameFileError, ValueError) as exc:
        err.print(f"[red]{escape(str(exc))}[/red]")
        raise typer.Exit(1)
    ai_seats = set()
    if "mastermind" in ai:
        ai_seats.add(MASTERMIND)
    if "protagonists" in ai:
        ai_seats.update(PROTAGONIST_SEATS)
    if not save.parent.is_dir():
        err.print(f"[red]cannot save the game to {escape(str(save))}: the folder {escape(str(save.parent))} does not exist[/red]")
        raise typer.Exit(2)
    try:
        agents = {seat: make_agent(agent, seed * 10 + i) for i, seat in enumerate([MASTERMIND, *PROTAGONIST_SEATS]) if seat in ai_seats}
    except KeyError as exc:
        err.print(f"[red]{escape(str(exc.args[0]))}[/red]")
        raise typer.Exit(2)
    if resume is not None and agents:
        # Let the agents see the saved decisions again, so a resumed game goes on as if never interrupted.
        state = engine.new_game(gf.script, gf.seed, gf.players, gf.situation)
        for d in gf.decisions:
            pending = state.pending
            if pending is not None and pending.seat in agents:
                agents[pending.seat].choose(build_view(state, pending.seat), pending)
            engine.apply_in_place(state, d["answer"], seat=d.get("seat"))
    player = TerminalPlayer(Console(), gf, state, agents, save, quiet=quiet)
    player.run()


@app.command()
def serve(host: str = typer.Option("127.0.0.1", help="Address to listen on (localhost by default)."),
          port: int = typer.Option(8000, help="Port (0 picks a free one)."),
          db: str = typer.Option("scriptkeeper.db", help="SQLite file, or a URL: postgresql://user@host:5432/db."),
          redis: Optional[str] = typer.Option(None, help="redis://host:6379 when several server processes share the database."),
          agent_delay: float = typer.Option(0.0, help="Seconds an agent seat waits before each decision."),
          db_schema: Optional[str] = typer.Option(None, hidden=True, help="PostgreSQL schema (tests)."),
          log_level: str = typer.Option("warning", help="uvicorn log level.")) -> None:
    """Start the game server and its web page (tables, seats, live play in the browser)."""
    from .server.main import run

    run(host=host, port=port, db=db, redis=redis, agent_delay=agent_delay, schema=db_schema, log_level=log_level)


@app.command()
def verify(game: Path = typer.Argument(..., help="A finished game file downloaded from the server.")) -> None:
    """Check a finished online game: the script commitment, every decision's legality, the digest."""
    from .server.fairness import load_any, verify_game

    try:
        data = load_any(game)
    except (OSError, ValueError) as exc:
        err.print(f"[red]cannot read {escape(str(game))}: {escape(str(exc))}[/red]")
        raise typer.Exit(2)
    v = verify_game(data)
    out = Console(soft_wrap=True)
    out.print(f"commitment {v.commitment or '-'}")
    if v.ok:
        assert v.outcome is not None
        out.print(f"[green]verified[/green]: the revealed script matches the commitment, all {v.decisions} decisions "
                  f"follow the rules, digest {v.digest}, winner: {v.outcome['winner']}.")
        return
    for p in v.problems:
        out.print(f"[red]FAILED[/red]: {escape(p)}")
    raise typer.Exit(1)


from .agents.commands import register as _register_ai_commands  # noqa: E402  (deduce, arena, analyze)

_register_ai_commands(app)


def main() -> None:  # pragma: no cover
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
