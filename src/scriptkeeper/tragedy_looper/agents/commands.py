"""Tragedy Looper's AI commands: `deduce`, `arena` and `analyze` (added to the CLI by `GAME.register_cli`).

Every line, heading and table they print is worded in `--lang` (`analysis.*` of texts/en.yaml, the
set's names, numbers and percentages through Babel), as the CLI's own commands are."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, NoReturn, Optional

import typer
from rich.console import Console
from rich.markup import escape

from ...cli_help import h
from ...core.i18n import LANGUAGES, check_language, format_percent
from ...core.text import Renderer, T
from ..texts import renderer, script_title_text
from .arena import fixed

err = Console(stderr=True, soft_wrap=True)
LANG_HELP = h("cli.help.analysis.lang")


def _language(lang: str) -> str:
    try:
        return check_language(lang)
    except ValueError:
        _fail(renderer("basic_tragedy", "en"), "cli.unknown_language", 2, given=repr(lang), languages=", ".join(LANGUAGES))


def _fail(say: Renderer, id: str, code: int, **params: Any) -> NoReturn:
    """A line in red on stderr in the renderer's language, and the exit code."""
    _red(say(T(id, **params)))
    raise typer.Exit(code)


def _red(words: str) -> None:
    err.print(f"[red]{escape(words)}[/red]")


def _pct(value: float, lang: str, digits: int = 0) -> str:
    return format_percent(value, lang, digits)


def _rate_ci(say: Renderer, rate: float, low: float, high: float) -> str:
    return say(T("analysis.rate_ci", rate=_pct(rate, say.lang), low=_pct(low, say.lang), high=_pct(high, say.lang)))


def register(app: typer.Typer) -> None:
    @app.command(help=h("cli.help.deduce"))
    def deduce(game: Path = typer.Argument(..., help=h("cli.help.deduce.game")),
               seat: str = typer.Option("protagonist", help=h("cli.help.deduce.seat")),
               upto: Optional[int] = typer.Option(None, help=h("cli.help.deduce.upto")),
               as_json: bool = typer.Option(False, "--json", help=h("cli.help.deduce.json")),
               facts: bool = typer.Option(False, "--facts", help=h("cli.help.deduce.facts")),
               lang: str = typer.Option("en", "--lang", help=LANG_HELP)) -> None:
        """`deduce` (its help: cli.help.deduce): the deduction over one seat's view of a replayed game."""
        from ...core.errors import GameFileError, UnmodelledRule
        from ...core.record import load_game, replay
        from ..deduction import UnsupportedSet, deduce as run_deduce
        from ..deduction.report import render, to_dict
        from ..game import GAME
        from ..views import build_view

        lang = _language(lang)
        say = renderer("basic_tragedy", lang)
        if seat == "protagonist":
            seat = "protagonist1"
        if seat not in ("protagonist1", "protagonist2", "protagonist3", "observer"):
            _fail(say, "analysis.deduce.seat", 2, seat=repr(seat))
        try:
            gf = load_game(game)
            if gf.game.id != "tragedy_looper":
                raise GameFileError(T("analysis.deduce.not_tragedy_looper", game=repr(gf.game.id)), game=GAME)
            state = replay(gf, upto)
        except GameFileError as exc:
            _red(exc.words(lang))
            raise typer.Exit(1)
        try:
            d = run_deduce(build_view(state, seat))
        except (UnsupportedSet, UnmodelledRule, ValueError) as exc:
            # What the deduction does not model, in --lang (unmodelled.*: the rules' ids quoted as written).
            words = renderer(state.script.set_id, lang)
            _fail(words, "analysis.deduce.cannot", 1, detail=exc.words(words) if isinstance(exc, UnmodelledRule) else str(exc))
        if as_json:
            sys.stdout.write(json.dumps(to_dict(d), indent=2) + "\n")
            return
        render(Console(), d, facts=facts, lang=lang)

    @app.command(help=h("cli.help.arena"))
    def arena(mastermind: str = typer.Option("rule", help=h("cli.help.arena.mastermind")),
              protagonists: str = typer.Option("rule", help=h("cli.help.arena.protagonists")),
              pairs: Optional[str] = typer.Option(None, help=h("cli.help.arena.pairs")),
              scripts: list[str] = typer.Option(["basic_tragedy"], "--scripts", help=h("cli.help.arena.scripts")),
              n: int = typer.Option(20, "-n", help=h("cli.help.arena.n")),
              seed: int = typer.Option(0, help=h("cli.help.arena.seed")),
              players: int = typer.Option(4, help=h("cli.help.analysis.players")),
              workers: Optional[int] = typer.Option(None, help=h("cli.help.analysis.workers")),
              markdown: Optional[Path] = typer.Option(None, help=h("cli.help.arena.markdown")),
              log: Optional[Path] = typer.Option(None, help=h("cli.help.arena.log")),
              as_json: bool = typer.Option(False, "--json", help=h("cli.help.arena.json")),
              lang: str = typer.Option("en", "--lang", help=LANG_HELP)) -> None:
        """`arena` (cli.help.arena): run_arena over the pairings and scripts, then its tables."""
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

        from ..catalog import resolve_script, shipped_scripts
        from ..game import GAME
        from .arena import comparisons, comparisons_markdown, expand_scripts, parse_pairings, run_arena, summaries_markdown

        lang = _language(lang)
        say = renderer("basic_tragedy", lang)
        pairings = parse_pairings(mastermind, protagonists, pairs)
        known = GAME.agents()
        for mm, pr in pairings:
            for a in (mm, pr):
                if a not in known:
                    _fail(say, "cli.play.unknown_agent", 2, agent=repr(a), known=", ".join(known))
        names = expand_scripts(scripts)
        for s in names:
            try:
                resolve_script(s)
            except FileNotFoundError:
                _fail(say, "cli.no_script", 2, name=repr(s), shipped=", ".join(shipped_scripts()))
        with Progress(TextColumn("[bold]" + escape(say(T("analysis.arena.progress")))), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), TimeRemainingColumn(), console=err, transient=as_json) as prog:
            res = run_arena(names, pairings, n, seed, players, workers, progress=prog, log=log, lang=lang)
        sums = list(res.values())
        comps = comparisons(sums)
        if as_json:
            sys.stdout.write(json.dumps([s.to_dict() for s in sums], indent=2) + "\n")
        else:
            _print_summaries(sums, say)
            if comps:
                _print_comparisons(comps, say)
        if markdown is not None:  # the same tables in Markdown, in --lang (English by default, for docs/)
            cmd = ("scriptkeeper arena" + (f" --pairs {pairs}" if pairs else f" --mastermind {mastermind} --protagonists {protagonists}")
                   + "".join(f" --scripts {s}" for s in scripts)
                   + f" -n {n} --seed {seed}" + (f" --players {players}" if players != 4 else "")
                   + (f" --lang {lang}" if lang != "en" else ""))
            text = say(T("analysis.markdown.produced", command=cmd)) + "\n\n" + summaries_markdown(sums, say) + "\n"
            if comps:
                text += "\n" + say(T("analysis.markdown.comparisons")) + "\n\n" + comparisons_markdown(comps, say) + "\n"
            markdown.write_text(text, encoding="utf-8")
        failed = sum(s.errors for s in sums)
        if failed:
            _fail(say, "analysis.failed", 1, n=failed)

    @app.command(help=h("cli.help.analyze"))
    def analyze(script: str = typer.Argument(..., help=h("cli.help.analyze.script")),
                n: int = typer.Option(40, "-n", help=h("cli.help.analyze.n")),
                loops: Optional[str] = typer.Option(None, help=h("cli.help.analyze.loops")),
                mastermind: str = typer.Option("search", help=h("cli.help.analyze.mastermind")),
                protagonists: str = typer.Option("search", help=h("cli.help.analyze.protagonists")),
                seed: int = typer.Option(0, help=h("cli.help.analyze.seed")),
                players: int = typer.Option(4, help=h("cli.help.analysis.players")),
                workers: Optional[int] = typer.Option(None, help=h("cli.help.analysis.workers")),
                lang: str = typer.Option("en", "--lang", help=LANG_HELP)) -> None:
        """`analyze` (cli.help.analyze): run_arena of one script over several loop counts."""
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
        from rich.table import Table

        from ...core.errors import ScriptError
        from ..catalog import resolve_script, shipped_scripts
        from ..script import draft_renderer, load_script
        from .arena import run_arena, traitors_note

        lang = _language(lang)
        say = renderer("basic_tragedy", lang)
        try:
            path = resolve_script(script)
            s = load_script(path)
        except FileNotFoundError:
            _fail(say, "cli.no_script", 2, name=repr(script), shipped=", ".join(shipped_scripts()))
        except ScriptError as exc:  # an illegal script: its problems in --lang, with its set's names
            _red(exc.render(draft_renderer(None, lang)))
            raise typer.Exit(2)
        say = renderer(s.set_id, lang)
        try:
            counts = [int(x) for x in loops.split(",")] if loops else list(range(max(1, s.loops - 2), min(8, s.loops + 2) + 1))
        except ValueError:
            counts = [0]
        if any(not 1 <= c <= 8 for c in counts):
            _fail(say, "analysis.analyze.loop_counts", 2, given=repr(loops))
        with Progress(TextColumn("[bold]" + escape(say(T("analysis.analyze.progress")))), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), TimeRemainingColumn(), console=err) as prog:
            res = run_arena([str(path)], [(mastermind, protagonists)], n, seed, players, workers, loops=counts, progress=prog, lang=lang)

        def w(id: str, **params: Any) -> str:
            return say(T(id, **params))

        t = Table(w("analysis.analyze.loops"), w("analysis.column.games"), w("analysis.analyze.protagonists_win"),
                  w("analysis.analyze.how_won"), w("analysis.analyze.mean_loops"), w("analysis.analyze.deciding"),
                  title=w("analysis.analyze.title", title=script_title_text(s) or T("script.untitled"), mastermind=mastermind, protagonists=protagonists))
        none = w("analysis.none")
        for c in counts:
            sm = res[(str(path), c, mastermind, protagonists)]
            pw, lo, hi = sm.rate("protagonists")
            dec = say.value(tuple(T("analysis.share_of", name=k, share=v) for k, v in sm.deciding.most_common(3))) or none
            t.add_row(w("analysis.analyze.scripts_own", loops=c) if c == s.loops else say.value(c), say.value(sm.games),
                      _rate_ci(say, pw, lo, hi), f"{say.value(sm.p_loop_wins)} / {say.value(sm.p_guess_wins)}{traitors_note(sm, say)}",
                      fixed(sm.loops / sm.games, lang, 2) if sm.games else none, dec)
        Console(width=max(Console().width, 160)).print(t)
        bad = sum(res[(str(path), c, mastermind, protagonists)].errors for c in counts)
        if bad:
            _fail(say, "analysis.failed", 1, n=bad)


def _print_summaries(sums: list, say: Renderer) -> None:
    from rich.table import Table

    from .arena import traitors_note

    def w(id: str, **params: Any) -> str:
        return say(T(id, **params))

    lang, none = say.lang, w("analysis.none")
    t = Table(w("analysis.column.script"), w("side.mastermind"), w("side.protagonists"), w("analysis.column.games"),
              w("analysis.arena.mastermind_wins"), w("analysis.arena.protagonists_win"), w("analysis.arena.how_protagonists_won"),
              w("analysis.arena.mean_loops"), w("analysis.arena.deciding"), w("analysis.arena.seconds"))
    for s in sums:
        mm, lo, hi = s.rate()
        dec = say.value(tuple(T("analysis.share_of", name=k, share=_pct(v / s.lost_loops, lang)) for k, v in s.deciding.most_common(3))) \
            if s.lost_loops else none
        t.add_row(s.script, s.mastermind, s.protagonists, say.value(s.games), _rate_ci(say, mm, lo, hi), _pct(s.p_wins / s.games if s.games else 0, lang),
                  f"{say.value(s.p_loop_wins)} / {say.value(s.p_guess_wins)}{traitors_note(s, say)}",
                  fixed(s.loops / s.games, lang, 2) if s.games else none, dec,
                  fixed(s.seconds / s.games, lang, 1) if s.games else none)
    Console(width=max(Console().width, 200)).print(t)


def _print_comparisons(comps: list, say: Renderer) -> None:
    from rich.table import Table

    def w(id: str, **params: Any) -> str:
        return say(T(id, **params))

    lang = say.lang
    t = Table(w("analysis.column.script"), w("analysis.compare.side"), w("analysis.compare.against"), w("analysis.compare.weaker"),
              w("analysis.compare.stronger"), w("analysis.compare.better"), w("analysis.compare.apart"), title=w("analysis.compare.title"))
    yes, no = escape(w("analysis.yes")), escape(w("analysis.no"))
    for c in comps:
        (wr, wl, wh), (sr, sl, sh) = c.rates()
        weak, strong = c.names()
        t.add_row(c.script, w(f"side.{c.side}"), c.opponent,
                  w("analysis.agent_rate", agent=weak, rate=_pct(wr, lang), low=_pct(wl, lang), high=_pct(wh, lang)),
                  w("analysis.agent_rate", agent=strong, rate=_pct(sr, lang), low=_pct(sl, lang), high=_pct(sh, lang)),
                  yes if c.better else f"[red]{no}[/red]", yes if c.outside_ci else f"[yellow]{no}[/yellow]")
    Console(width=max(Console().width, 200)).print(t)
