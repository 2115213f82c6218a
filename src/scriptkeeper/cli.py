"""Command line: play, replay, check, verify, list setups, serve. A front end only, for any game.

Every command reaches a game through the protocol and the registry of games (core/); games add
their own commands (Tragedy Looper: deduce, arena, analyze) with `Game.register_cli`.
"""

from __future__ import annotations

import json
import secrets
import sys
from pathlib import Path
from typing import Any, NoReturn, Optional

import typer
import yaml
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from .core import record, registry
from .core.errors import GameFileError, Refusal, ScriptError, ScriptkeeperError, UnmodelledRule
from .core.game import Game, find_setup
from .cli_help import h, help_typer
from .core.i18n import LANGUAGES, check_language, core_renderer
from .core.text import MissingText, Ref, Renderer, T, from_json, localize, to_json
from .terminal import command_name, print_sheet, words

# Every help= is a message id (h, cli_help.py): the help is worded in the language --lang or the
# environment asks for (help_language), typer's own words ("Usage:", "Options") too.
app = help_typer(add_completion=False, no_args_is_help=True, help=h("cli.help.app"))
err = Console(stderr=True, soft_wrap=True)  # error lines stay whole (paths are not folded)
GAME_HELP = h("cli.help.game")


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
def _main(ctx: typer.Context,
          show_version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help=h("cli.help.version")),
          lang: Optional[str] = typer.Option(None, "--lang", help=h("cli.help.app_lang"))) -> None:
    """The app's options: `scriptkeeper --lang ko play ...` is `scriptkeeper play --lang ko ...`."""
    if lang is not None:
        lang = _language(lang)
        group: Any = ctx.command
        # click's defaults for the subcommand's context: its --lang when it has one and is not given
        ctx.default_map = {name: {"lang": lang} for name in group.commands}


def say(lang: str, id: str, **params: Any) -> str:
    """One of the command line's own lines (`cli.*` of core/texts/en.yaml) in `lang`."""
    return str(core_renderer(lang)(T(id, **params)))


def fail(message: str, code: int) -> NoReturn:
    """A line in red on stderr, and the exit code."""
    err.print(f"[red]{escape(message)}[/red]")
    raise typer.Exit(code)


def game_of(name: str | None, lang: str = "en") -> Game:
    try:
        return registry.get(name)
    except ScriptkeeperError:
        fail(say(lang, "cli.unknown_game", game=repr(name), installed=", ".join(sorted(registry.all_games()))), 2)


def resolve_setup(game: Game, name_or_path: str, lang: str = "en") -> Path:
    """A path to an existing file, or the name of one of the game's shipped setups
    (FileNotFoundError, in `lang`, otherwise)."""
    try:
        return find_setup(game.shipped_setups(), name_or_path)
    except FileNotFoundError:
        raise FileNotFoundError(say(lang, "cli.no_script", name=repr(name_or_path),
                                    shipped=", ".join(game.shipped_setups()))) from None


@app.command("scripts", help=h("cli.help.scripts"))
def list_scripts(game: Optional[str] = typer.Option(None, help=GAME_HELP),
                 lang: str = typer.Option("en", "--lang", help=h("cli.help.scripts.lang"))) -> None:
    """`scripts` (its help: cli.help.scripts): the game's shipped setups with their public facts."""
    lang = _language(lang)
    g = game_of(game, lang)
    render = g.renderer(None, lang)
    table = Table(say(lang, "cli.scripts.name"), say(lang, "cli.scripts.facts"))
    table.columns[0].no_wrap = True  # a name is copied into `play`: never cut or folded
    for name, path in g.shipped_setups().items():
        info = g.public_info(g.load_setup(str(path), Path(".")))
        table.add_row(name, _facts(info, render, lang))
    console = Console()
    needed = Console(width=10_000).measure(table).maximum
    Console(width=max(console.width, needed)).print(table)


def _facts(info: dict[str, Any], render: Any, lang: str) -> str:
    """A setup's public facts on one line, as the lobby page writes them: Texts and names in words,
    a number with its key's words (`page.fact.<key>`: "2 loops"), anything else as it is."""
    from .core.i18n import localize as in_lang, page_messages

    page = in_lang(lang, page_messages())
    page_words = Renderer(page, {}, lang)
    out = []
    for key, value in info.items():
        if isinstance(value, dict):
            out.append(str(render(from_json(value))))
        elif isinstance(value, int) and not isinstance(value, bool) and f"page.fact.{key}" in page:
            out.append(str(page_words(T(f"page.fact.{key}", n=value))))
        else:
            out.append(str(value))
    sep = page.get("page.list_separator", ", ")
    return (sep if isinstance(sep, str) else ", ").join(x for x in out if x)  # an empty fact (no title) is left out


@app.command(help=h("cli.help.check"))
def check(script: str = typer.Argument(..., help=h("cli.help.check.script")),
          game: Optional[str] = typer.Option(None, help=GAME_HELP),
          lang: str = typer.Option("en", "--lang", help=h("cli.help.check.lang"))) -> None:
    """`check` (cli.help.check): the game's check_setup; exit 1 for problems, 2 for an unreadable file."""
    lang = _language(lang)
    g = game_of(game, lang)
    try:
        path = resolve_setup(g, script, lang)
    except FileNotFoundError as exc:
        fail(str(exc), 2)
    out = Console(soft_wrap=True)  # long paths and messages stay whole lines (no folding inside a rule id or path)
    where = str(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        err.print(f"[red]{escape(say(lang, 'cli.cannot_read', path=where, detail=str(exc)))}[/red]", soft_wrap=True)
        raise typer.Exit(2)
    except yaml.YAMLError as exc:
        out.print(f"[red]{escape(say(lang, 'cli.check.illegal', path=where, n=1))}[/red]")
        rule = "script-format"  # the rule id, as every problem line names its rule
        out.print(f"  [bold]{rule}[/bold]: {escape(say(lang, 'cli.check.not_yaml', detail=str(exc)))}")
        raise typer.Exit(1)
    parsed, problems = g.check_setup(data)
    problem_renderer = getattr(g, "problem_renderer", None)  # a draft's own words (Tragedy Looper: its set's names)
    words = problem_renderer(data, lang) if problem_renderer is not None else g.renderer(None, lang)
    if problems:
        out.print(f"[red]{escape(say(lang, 'cli.check.illegal', path=where, n=len(problems)))}[/red]")
        for p in problems:
            out.print(f"  [bold]{p.rule}[/bold]: {escape(p.render(words))}")
        raise typer.Exit(1)
    assert parsed is not None
    warnings = getattr(parsed, "warnings", ())
    if warnings:  # a partial script (Tragedy Looper): playable from a situation, not a fair script
        out.print(f"[yellow]{escape(say(lang, 'cli.check.partial', path=where, n=len(warnings), summary=words(g.describe(parsed))))}[/yellow]")
        for p in warnings:
            out.print(f"  [bold]{escape(say(lang, 'cli.check.warning', rule=p.rule))}[/bold]: {escape(p.render(words))}")
        return
    setup_renderer = getattr(g, "setup_renderer", None)  # a setup's own words (Tragedy Looper: its set's names)
    render = setup_renderer(parsed, lang) if setup_renderer is not None else g.renderer(None, lang)
    out.print(f"[green]{escape(say(lang, 'cli.check.legal', path=where, summary=render(g.describe(parsed))))}[/green]")
    notes = getattr(g, "setup_notes", None)
    for note in (notes(parsed) if notes is not None else []):  # Last Liar: the loop value and the loops it suggests
        out.print(f"  {escape(render(note))}")


LANG_HELP = h("cli.help.lang")


def _language(lang: str) -> str:
    try:
        return check_language(lang)
    except ValueError:
        fail(say("en", "cli.unknown_language", given=repr(lang), languages=", ".join(LANGUAGES)), 2)


@app.command(help=h("cli.help.replay"))
def replay(game_file: Path = typer.Argument(..., metavar="GAME", help=h("cli.help.replay.game_file")),
           as_json: bool = typer.Option(False, "--json", help=h("cli.help.replay.json")),
           seat: Optional[str] = typer.Option(None, help=h("cli.help.replay.seat")),
           lang: str = typer.Option("en", "--lang", help=LANG_HELP)) -> None:
    """`replay` (cli.help.replay): record.replay, then the log and board of one seat's view, or JSON."""
    lang = _language(lang)
    try:
        gf = record.load_game(game_file)
        state = record.replay(gf)
    except GameFileError as exc:
        fail(exc.words(lang), 1)
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
    console.print(say(lang, "cli.replay.digest", digest=g.digest(state, record.FORMAT)))


@app.command(help=h("cli.help.play"))
def play(script: Optional[str] = typer.Argument(None, help=h("cli.help.play.script")),
         game: Optional[str] = typer.Option(None, help=GAME_HELP),
         ai: list[str] = typer.Option([], "--ai", help=h("cli.help.play.ai")),
         agent: Optional[str] = typer.Option(None, help=h("cli.help.play.agent")),
         players: Optional[int] = typer.Option(None, help=h("cli.help.play.players")),
         seed: Optional[int] = typer.Option(None, help=h("cli.help.play.seed")),
         save: Optional[Path] = typer.Option(None, help=h("cli.help.play.save")),
         resume: Optional[Path] = typer.Option(None, help=h("cli.help.play.resume")),
         quiet: bool = typer.Option(False, help=h("cli.help.play.quiet")),
         lang: str = typer.Option("en", "--lang", help=LANG_HELP)) -> None:
    """`play` (cli.help.play): a new game or a resumed file, run by TerminalPlayer with agents on the --ai seats."""
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
                fail(say(lang, "cli.play.give_script"), 2)
            g = game_of(game, lang)
            seed = secrets.randbelow(2**31) if seed is None else seed  # a fresh game each time unless --seed
            path = resolve_setup(g, script, lang)
            setup = g.load_setup(str(path), Path("."))
            options = g.check_options({"players": players} if players is not None else {})
            gf = record.GameFile(g, setup, str(path.resolve()), seed, options)
            state = record.start(gf)
            save = save or Path(f"game-{path.stem}-{seed}.yaml")
    except ScriptError as exc:  # an illegal script (only a new game's: a saved one's is a GameFileError): its problems in --lang
        named = game_of(game, lang)
        problem_renderer = getattr(named, "problem_renderer", None)
        words = problem_renderer(None, lang) if problem_renderer is not None else named.renderer(None, lang)
        err.print(f"[red]{escape(exc.render(words))}[/red]")
        raise typer.Exit(1)
    except GameFileError as exc:
        fail(exc.words(lang), 1)
    except (FileNotFoundError, ValueError) as exc:
        fail(_words_of(exc, game_of(game, lang), lang), 1)
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
            fail(say(lang, "cli.play.ai_takes", choices=", ".join([*groups, *seats]), given=repr(side)), 2)
    if resume is None and save.exists():
        save = _keep_or_replace(save, lang)
    if not save.parent.is_dir():
        fail(say(lang, "cli.play.no_folder", path=str(save), folder=str(save.parent)), 2)
    name = agent or default_agent(g)
    try:
        agents = {seat: make_agent(g, name, seed * 10 + i) for i, seat in enumerate(seats) if seat in ai_seats}
    except KeyError:
        fail(say(lang, "cli.play.unknown_agent", agent=repr(name), known=", ".join(g.agents())), 2)
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
        err.print(f"[red]{escape(say(lang, 'cli.play.agent_refuses', reason=exc.words(g.renderer(None, lang))))}[/red]")
        raise typer.Exit(2)
    except Refusal as exc:  # a seat no agent takes (Clocktower's Storyteller): in one line, in --lang
        fail(_words_of(exc, g, lang), 2)


def _words_of(exc: Exception, game: Game, lang: str) -> str:
    """An error in `lang`: a game's Refusal with the game's words, a game-file error with its own,
    anything else as it says itself."""
    if isinstance(exc, Refusal):
        try:
            return str(game.renderer(None, lang)(exc.text))
        except MissingText:
            return str(exc)
    if isinstance(exc, GameFileError):
        return exc.words(lang)
    return str(exc)


def _keep_or_replace(save: Path, lang: str = "en") -> Path:
    """A game file is never overwritten without asking: at a terminal the user says; otherwise the
    new game goes to the next free name (game-...-2.yaml), and the message says where."""
    if sys.stdin.isatty():
        if typer.confirm(say(lang, "cli.play.overwrite", path=str(save)), default=False):
            return save
    n = 2
    while (free := save.with_name(f"{save.stem}-{n}{save.suffix}")).exists():
        n += 1
    err.print(f"[yellow]{escape(say(lang, 'cli.play.saved_elsewhere', path=str(save), free=str(free), cmd=f'{command_name()} play --resume {save}'))}[/yellow]")
    return free


@app.command("sets", help=h("cli.help.sets"))
def sets_sheet(name: str = typer.Argument(..., help=h("cli.help.sets.name")),
               game: Optional[str] = typer.Option(None, help=GAME_HELP),
               lang: str = typer.Option("en", "--lang", help=LANG_HELP)) -> None:
    """`sets` (cli.help.sets): the game's set_sheet, printed by terminal.print_sheet."""
    lang = _language(lang)
    g = game_of(game, lang)
    sheet_of: Any = getattr(g, "set_sheet", None)
    if sheet_of is None:
        fail(say(lang, "cli.sets.no_sheet", game=g.id), 2)
    try:
        data, render = sheet_of(name, lang)
    except FileNotFoundError:
        fail(say(lang, "cli.no_script", name=repr(name), shipped=", ".join(g.shipped_setups())), 2)
    except ScriptError as exc:
        maker = getattr(g, "problem_renderer", None)
        fail(exc.render(maker(None, lang) if maker is not None else g.renderer(None, lang)), 2)
    except (KeyError, ValueError, ScriptkeeperError) as exc:
        fail(_words_of(exc, g, lang), 2)
    print_sheet(Console(), words(data, render))


@app.command(help=h("cli.help.serve"))
def serve(host: str = typer.Option("127.0.0.1", help=h("cli.help.serve.host")),
          port: int = typer.Option(8000, help=h("cli.help.serve.port")),
          db: str = typer.Option("scriptkeeper.db", help=h("cli.help.serve.db")),
          redis: Optional[str] = typer.Option(None, help=h("cli.help.serve.redis")),
          agent_delay: float = typer.Option(0.0, help=h("cli.help.serve.agent_delay")),
          db_schema: Optional[str] = typer.Option(None, hidden=True, help=h("cli.help.serve.db_schema")),
          log_level: str = typer.Option("warning", help=h("cli.help.serve.log_level"))) -> None:
    """`serve` (cli.help.serve): server.main.run with these settings."""
    from .server.main import run

    run(host=host, port=port, db=db, redis=redis, agent_delay=agent_delay, schema=db_schema, log_level=log_level)


@app.command(help=h("cli.help.verify"))
def verify(game_file: Path = typer.Argument(..., metavar="GAME", help=h("cli.help.verify.game_file")),
           commitment: Optional[str] = typer.Option(None, "--commitment", metavar="HEX",
                                                    help=h("cli.help.verify.commitment")),
           lang: str = typer.Option("en", "--lang", help=LANG_HELP)) -> None:
    """`verify` (cli.help.verify): core.fairness.verify_game on a downloaded file."""
    from .core.fairness import load_any, verify_game

    lang = _language(lang)
    out = Console(soft_wrap=True)
    path = str(game_file)
    try:
        data = load_any(game_file)
    except (ScriptkeeperError, OSError, ValueError) as exc:  # a cut-short or broken file: one line
        said = exc.words(lang) if isinstance(exc, GameFileError) else str(exc)
        first = " ".join(said.split())[:200] or type(exc).__name__
        fail(say(lang, "cli.verify.not_whole", path=path, detail=first), 2)
    try:
        v = verify_game(data, expected=commitment)
    except GameFileError as exc:
        fail(say(lang, "cli.cannot_read", path=path, detail=exc.words(lang)), 2)
    except ScriptkeeperError as exc:
        fail(say(lang, "cli.cannot_read", path=path, detail=str(exc)), 2)
    except Exception as exc:  # noqa: BLE001 - a malformed file gets one line, never a traceback
        err.print(f"[red]{escape(say(lang, 'cli.verify.unreadable', path=path, kind=type(exc).__name__, detail=' '.join(str(exc).split())[:200]))}[/red]")
        raise typer.Exit(1)
    out.print(say(lang, "cli.verify.commitment", commitment=v.commitment or "-"))
    if v.ok:
        line = "cli.verify.verified_shown" if commitment else "cli.verify.verified"
        out.print(f"[green]{escape(say(lang, line, n=v.decisions, digest=v.digest, winner=_seat_name(data, v.winner, lang)))}[/green]")
        return
    for p in v.words(lang):
        out.print(f"[red]{escape(say(lang, 'cli.verify.failed', problem=p))}[/red]")
    raise typer.Exit(1)


def _seat_name(data: Any, seat: str | None, lang: str) -> str:
    """A winning seat in words: the game's name for it in `lang`, else its id as the file gives it."""
    if seat is None:
        return say(lang, "cli.verify.no_winner")
    try:
        return str(registry.get(data.get("game")).renderer(None, lang)(Ref("seat", seat)))
    except (ScriptkeeperError, KeyError, TypeError, ValueError, AttributeError):
        return seat


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
