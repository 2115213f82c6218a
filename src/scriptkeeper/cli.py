"""Command line: play, replay, check, verify, list setups, serve. A front end only, for any game.

Every command reaches a game through the protocol and the registry of games (core/); games add
their own commands (Tragedy Looper: deduce, arena, analyze) with `Game.register_cli`.
"""

from __future__ import annotations

import json
import secrets
import sys
from pathlib import Path
from typing import Any, Optional

import typer
import yaml
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from .core import record, registry
from .core.errors import GameFileError, ScriptError, ScriptkeeperError, UnmodelledRule
from .core.game import Game, find_setup
from .core.i18n import LANGUAGE_NAMES, check_language
from .core.text import from_json, localize, to_json
from .terminal import command_name, print_sheet, words

app = typer.Typer(add_completion=False, no_args_is_help=True, help="scriptkeeper: a rules referee for hidden-script games.")
err = Console(stderr=True, soft_wrap=True)  # error lines stay whole (paths are not folded)
GAME_HELP = "The game (default: tragedy_looper)."


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            v = version("scriptkeeper")
        except PackageNotFoundError:  # pragma: no cover - run from a source tree
            v = "unknown"
        Console().print(f"scriptkeeper {v}")
        raise typer.Exit()


@app.callback()
def _main(show_version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                            help="Print the version and exit.")) -> None:
    """scriptkeeper: a rules referee for hidden-script games."""


def game_of(name: str | None) -> Game:
    try:
        return registry.get(name)
    except ScriptkeeperError as exc:
        err.print(f"[red]{escape(str(exc))}[/red]")
        raise typer.Exit(2)


def resolve_setup(game: Game, name_or_path: str) -> Path:
    """A path to an existing file, or the name of one of the game's shipped setups."""
    return find_setup(game.shipped_setups(), name_or_path)


@app.command("scripts")
def list_scripts(game: Optional[str] = typer.Option(None, help=GAME_HELP)) -> None:
    """List the shipped scripts (public facts only: set, loops, days)."""
    g = game_of(game)
    render = g.renderer(None)
    rows = []
    for name, path in g.shipped_setups().items():
        info = g.public_info(g.load_setup(str(path), Path(".")))
        rows.append((name, info))
    columns = list(rows[0][1]) if rows else []
    table = Table(*[c.replace("_", " ") for c in ["name", *columns]])
    table.columns[0].no_wrap = True  # a name is copied into `play`: never cut or folded
    for name, info in rows:
        table.add_row(name, *[render(from_json(info[c])) if isinstance(info[c], dict) else str(info[c]) for c in columns])
    console = Console()
    needed = Console(width=10_000).measure(table).maximum
    Console(width=max(console.width, needed)).print(table)


@app.command()
def check(script: str = typer.Argument(..., help="A script file, or a shipped script's name."),
          game: Optional[str] = typer.Option(None, help=GAME_HELP),
          lang: str = typer.Option("en", "--lang", help="The language of the problems and the summary (en, ja, ko, ru, zh).")) -> None:
    """Check a script against every script-creation rule; exit 1 if it is illegal."""
    lang = _language(lang)
    g = game_of(game)
    try:
        path = resolve_setup(g, script)
    except FileNotFoundError as exc:
        err.print(f"[red]{escape(str(exc))}[/red]")
        raise typer.Exit(2)
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
    parsed, problems = g.check_setup(data)
    problem_renderer = getattr(g, "problem_renderer", None)  # a draft's own words (Tragedy Looper: its set's names)
    words = problem_renderer(data, lang) if problem_renderer is not None else g.renderer(None, lang)
    if problems:
        out.print(f"[red]{escape(str(path))}: illegal script[/red] ({len(problems)} problem(s))")
        for p in problems:
            out.print(f"  [bold]{p.rule}[/bold]: {escape(p.render(words))}")
        raise typer.Exit(1)
    assert parsed is not None
    warnings = getattr(parsed, "warnings", ())
    if warnings:  # a partial script (Tragedy Looper): playable from a situation, not a fair script
        out.print(f"[yellow]{escape(str(path))}: partial script[/yellow] ({len(warnings)} warning(s)) - "
                  f"{escape(words(g.describe(parsed)))}")
        for p in warnings:
            out.print(f"  [bold]{p.rule}[/bold] (warning): {escape(p.render(words))}")
        return
    setup_renderer = getattr(g, "setup_renderer", None)  # a setup's own words (Tragedy Looper: its set's names)
    render = setup_renderer(parsed, lang) if setup_renderer is not None else g.renderer(None, lang)
    out.print(f"[green]{escape(str(path))}: legal[/green] - {escape(render(g.describe(parsed)))}")
    notes = getattr(g, "setup_notes", None)
    for note in (notes(parsed) if notes is not None else []):  # Last Liar: the loop value and the loops it suggests
        out.print(f"  {escape(render(note))}")


LANG_HELP = "The language of every text: " + ", ".join(f"{k} ({v})" for k, v in LANGUAGE_NAMES.items()) + "."


def _language(lang: str) -> str:
    try:
        return check_language(lang)
    except ValueError as exc:
        err.print(f"[red]{escape(str(exc))}[/red]")
        raise typer.Exit(2)


@app.command()
def replay(game_file: Path = typer.Argument(..., metavar="GAME", help="A game file (docs/game-file.md)."),
           as_json: bool = typer.Option(False, "--json", help="Print the events and the final state as JSON."),
           seat: Optional[str] = typer.Option(None, help="Print the log as this seat saw it (text mode; default: the game master)."),
           lang: str = typer.Option("en", "--lang", help=LANG_HELP)) -> None:
    """Replay a game file and print its final state."""
    lang = _language(lang)
    try:
        gf = record.load_game(game_file)
        state = record.replay(gf)
    except GameFileError as exc:
        err.print(f"[red]{escape(str(exc))}[/red]")
        raise typer.Exit(1)
    g = gf.game
    render = g.renderer(state, lang)
    if as_json:
        events = [{**e.to_json(), "text": render(e.text), "message": e.text.to_json()} for e in state.events]
        # An edge: the final state's Texts (loss reasons, the pending question) are rendered in --lang too.
        out = {"events": events, "final_state": localize(g.state_json(state), render),
               "outcome": localize(g.outcome_record(state, record.FORMAT), render), "digest": g.digest(state, record.FORMAT)}
        sys.stdout.write(json.dumps(out, indent=2, default=str) + "\n")
        return
    view = localize(g.view(state, seat or g.gm_seat), render)
    console = Console()
    for line in view["log"]:
        console.print(line, markup=False, highlight=False)
    if lang == "en":
        console.print(g.view_text(view), markup=False, highlight=False)  # the plain board golden files hold
    else:
        console.print(g.terminal_panel(view, render))  # the board drawn from the catalog's words
    console.print(f"digest {g.digest(state, record.FORMAT)}")


@app.command()
def play(script: Optional[str] = typer.Argument(None, help="A script file or shipped script name (see `scriptkeeper scripts`)."),
         game: Optional[str] = typer.Option(None, help=GAME_HELP),
         ai: list[str] = typer.Option([], "--ai", help="Give seats to the built-in agent: a seat, or a group of seats "
                                                       "(Tragedy Looper: mastermind or protagonists); repeatable."),
         agent: Optional[str] = typer.Option(None, help="Which agent plays the --ai seats (Tragedy Looper: random, rule, search, or search:easy|normal|hard; docs/ai.md)."),
         players: Optional[int] = typer.Option(None, help="Tragedy Looper: 4 (three Protagonists) or 2 (one Protagonist holds all three hands)."),
         seed: Optional[int] = typer.Option(None, help="Game seed, also seeds the agents (default: a fresh random one; on --resume, the game's own seed)."),
         save: Optional[Path] = typer.Option(None, help="Where to save the game file (default: game-<script>-<seed>.yaml)."),
         resume: Optional[Path] = typer.Option(None, help="Resume a saved game file instead of starting a script."),
         quiet: bool = typer.Option(False, help="At the end, show only the board and the outcome, not the log of the last moves."),
         lang: str = typer.Option("en", "--lang", help=LANG_HELP)) -> None:
    """Play a game in the terminal, one person at a time at one screen; agents can take seats."""
    lang = _language(lang)
    from .agents.base import default_agent, make_agent
    from .terminal import TerminalPlayer

    try:
        if resume is not None:
            gf = record.load_game(resume)
            state = record.replay(gf)  # checks every saved decision before anyone plays on
            save = save or resume
            seed = gf.seed if seed is None else seed
        else:
            if script is None:
                err.print("[red]give a script (file or shipped name) or --resume GAME[/red]")
                raise typer.Exit(2)
            g = game_of(game)
            seed = secrets.randbelow(2**31) if seed is None else seed  # a fresh game each time unless --seed
            path = resolve_setup(g, script)
            setup = g.load_setup(str(path), Path("."))
            options = g.check_options({"players": players} if players is not None else {})
            gf = record.GameFile(g, setup, str(path.resolve()), seed, options)
            state = record.start(gf)
            save = save or Path(f"game-{path.stem}-{seed}.yaml")
    except ScriptError as exc:  # an illegal script (only a new game's: a saved one's is a GameFileError): its problems in --lang
        named = game_of(game)
        problem_renderer = getattr(named, "problem_renderer", None)
        words = problem_renderer(None, lang) if problem_renderer is not None else named.renderer(None, lang)
        err.print(f"[red]{escape(exc.render(words))}[/red]")
        raise typer.Exit(1)
    except (FileNotFoundError, GameFileError, ValueError) as exc:
        err.print(f"[red]{escape(str(exc))}[/red]")
        raise typer.Exit(1)
    g = gf.game
    groups = g.seat_groups(gf.setup, gf.options)
    seats = g.seats(gf.setup, gf.options)
    ai_seats: set[str] = set()
    for side in ai:
        if side in groups:
            ai_seats.update(groups[side])
        elif side in seats:
            ai_seats.add(side)
        else:
            err.print(f"[red]--ai takes {', '.join([*groups, *seats])}, not {escape(repr(side))}[/red]")
            raise typer.Exit(2)
    if resume is None and save.exists():
        save = _keep_or_replace(save)
    if not save.parent.is_dir():
        err.print(f"[red]cannot save the game to {escape(str(save))}: the folder {escape(str(save.parent))} does not exist[/red]")
        raise typer.Exit(2)
    name = agent or default_agent(g)
    try:
        agents = {seat: make_agent(g, name, seed * 10 + i) for i, seat in enumerate(seats) if seat in ai_seats}
    except KeyError as exc:
        err.print(f"[red]{escape(str(exc.args[0]))}[/red]")
        raise typer.Exit(2)
    if resume is not None and agents:
        # Let the agents see the saved decisions again, so a resumed game goes on as if never interrupted.
        state = record.start(gf)
        for d in gf.decisions:
            pending = g.pending(state)
            if pending is not None and pending.seat in agents:
                agents[pending.seat].choose(g.view(state, pending.seat), pending)
            g.apply(state, d["answer"], seat=d.get("seat"))
    player = TerminalPlayer(Console(), gf, state, agents, save, quiet=quiet, agent_name=name if agents else None, lang=lang)
    try:
        player.run()
    except UnmodelledRule as exc:  # an agent that does not play this set (Another Horizon) says so, in one line
        err.print(f"[red]{escape(str(exc))}; play its seats yourself or with --agent random[/red]")
        raise typer.Exit(2)


def _keep_or_replace(save: Path) -> Path:
    """A game file is never overwritten without asking: at a terminal the user says; otherwise the
    new game goes to the next free name (game-...-2.yaml), and the message says where."""
    if sys.stdin.isatty():
        if typer.confirm(f"{save} holds a saved game. Overwrite it?", default=False):
            return save
    n = 2
    while (free := save.with_name(f"{save.stem}-{n}{save.suffix}")).exists():
        n += 1
    err.print(f"[yellow]{escape(str(save))} holds a saved game: this one is saved to {escape(str(free))} "
              f"(resume the old one with: {escape(command_name())} play --resume {escape(str(save))})[/yellow]")
    return free


@app.command("sets")
def sets_sheet(name: str = typer.Argument(..., help="A Tragedy Set (first_steps, basic_tragedy, midnight_zone) or a script."),
               game: Optional[str] = typer.Option(None, help=GAME_HELP)) -> None:
    """Print the rules sheet (Tragedy Looper: the Tragedy Set sheet; for a script, headed by its public facts)."""
    g = game_of(game)
    sheet_of: Any = getattr(g, "set_sheet", None)
    if sheet_of is None:
        err.print(f"[red]{escape(g.id)} has no rules sheet[/red]")
        raise typer.Exit(2)
    try:
        data, render = sheet_of(name)
    except (FileNotFoundError, KeyError, ValueError, ScriptkeeperError) as exc:
        err.print(f"[red]{escape(str(exc))}[/red]")
        raise typer.Exit(2)
    print_sheet(Console(), words(data, render))


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
def verify(game_file: Path = typer.Argument(..., metavar="GAME", help="A finished game file downloaded from the server."),
           commitment: Optional[str] = typer.Option(None, "--commitment", metavar="HEX",
                                                    help="The commitment you were shown when the table started: the file must match it.")) -> None:
    """Check a finished online game: the script commitment, every decision's legality, the digest."""
    from .core.fairness import load_any, verify_game

    out = Console(soft_wrap=True)
    try:
        data = load_any(game_file)
    except (ScriptkeeperError, OSError, ValueError) as exc:  # a cut-short or broken file: one line
        first = " ".join(str(exc).split())[:200] or type(exc).__name__
        err.print(f"[red]cannot read {escape(str(game_file))}: not a whole game file (JSON or YAML): {escape(first)}[/red]")
        raise typer.Exit(2)
    try:
        v = verify_game(data, expected=commitment)
    except ScriptkeeperError as exc:
        err.print(f"[red]cannot read {escape(str(game_file))}: {escape(str(exc))}[/red]")
        raise typer.Exit(2)
    except Exception as exc:  # noqa: BLE001 - a malformed file gets one line, never a traceback
        err.print(f"[red]FAILED[/red]: {escape(str(game_file))} is not a game file this release can check "
                  f"({escape(type(exc).__name__)}: {escape(' '.join(str(exc).split())[:200])})")
        raise typer.Exit(1)
    out.print(f"commitment {v.commitment or '-'}")
    if v.ok:
        checked = " (the commitment you were shown)" if commitment else ""
        out.print(f"[green]verified[/green]: the revealed script matches the commitment{checked}, all {v.decisions} decisions "
                  f"follow the rules, digest {v.digest}, winner: {v.winner}.")
        return
    for p in v.problems:
        out.print(f"[red]FAILED[/red]: {escape(p)}")
    raise typer.Exit(1)


def _register_games(app: typer.Typer) -> None:
    for g in registry.all_games().values():
        hook: Any = getattr(g, "register_cli", None)
        if hook is not None:
            hook(app)


_register_games(app)
__all__ = ["app", "to_json"]


def main() -> None:  # pragma: no cover
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
