"""Tragedy Looper's AI commands: `deduce`, `arena` and `analyze` (added to the CLI by `GAME.register_cli`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console

err = Console(stderr=True, soft_wrap=True)


def register(app: typer.Typer) -> None:
    @app.command()
    def deduce(game: Path = typer.Argument(..., help="A game file (finished or not)."),
               seat: str = typer.Option("protagonist", help="Whose knowledge: protagonist (= protagonist1), protagonist1-3 or observer."),
               upto: Optional[int] = typer.Option(None, help="Only the first N decisions of the game file."),
               as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
               facts: bool = typer.Option(False, "--facts", help="Also list every fact the deduction used.")) -> None:
        """The hidden scripts consistent with what one seat has seen: count, roles, culprits, plots."""
        from ...core.errors import GameFileError, UnmodelledRule
        from ...core.record import load_game, replay
        from ..deduction import UnsupportedSet, deduce as run_deduce
        from ..deduction.report import render, to_dict
        from ..views import build_view

        if seat == "protagonist":
            seat = "protagonist1"
        if seat not in ("protagonist1", "protagonist2", "protagonist3", "observer"):
            err.print(f"[red]--seat takes protagonist, protagonist1-3 or observer, not {seat!r} (the Mastermind knows the script)[/red]")
            raise typer.Exit(2)
        try:
            gf = load_game(game)
            if gf.game.id != "tragedy_looper":
                raise GameFileError(f"deduce reads Tragedy Looper games; this one is {gf.game.id!r}")
            state = replay(gf, upto)
        except GameFileError as exc:
            err.print(f"[red]{exc}[/red]")
            raise typer.Exit(1)
        try:
            d = run_deduce(build_view(state, seat))
        except (UnsupportedSet, UnmodelledRule, ValueError) as exc:
            err.print(f"[red]{exc}[/red]")
            raise typer.Exit(1)
        if as_json:
            sys.stdout.write(json.dumps(to_dict(d), indent=2) + "\n")
            return
        render(Console(), d, facts=facts)

    @app.command()
    def arena(mastermind: str = typer.Option("rule", help="Mastermind agent(s): random, rule, search; comma-separated for several."),
              protagonists: str = typer.Option("rule", help="Protagonist agent(s), comma-separated for several."),
              pairs: Optional[str] = typer.Option(None, help="Explicit pairings MM:P,MM:P (instead of every combination)."),
              scripts: list[str] = typer.Option(["basic_tragedy"], "--scripts", help="Scripts (names, files, or a set name for all its shipped scripts); repeatable or comma-separated."),
              n: int = typer.Option(20, "-n", help="Games per script and pairing."),
              seed: int = typer.Option(0, help="Seed of the first game (game k uses seed+k)."),
              players: int = typer.Option(4, help="4 or 2 players."),
              workers: Optional[int] = typer.Option(None, help="Parallel processes (default: one per core)."),
              markdown: Optional[Path] = typer.Option(None, help="Also write the result table to this Markdown file."),
              log: Optional[Path] = typer.Option(None, help="Append every game's result to this file (JSON lines); games already there are not replayed."),
              as_json: bool = typer.Option(False, "--json", help="Print the summaries as JSON.")) -> None:
        """Play agents against each other and print win rates with 95% confidence intervals."""
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

        from ..catalog import resolve_script
        from ..game import GAME
        from .arena import comparisons, comparisons_markdown, expand_scripts, parse_pairings, run_arena, summaries_markdown

        pairings = parse_pairings(mastermind, protagonists, pairs)
        known = GAME.agents()
        for mm, pr in pairings:
            for a in (mm, pr):
                if a not in known:
                    err.print(f"[red]unknown agent {a!r}; known: {', '.join(known)}[/red]")
                    raise typer.Exit(2)
        names = expand_scripts(scripts)
        try:

            for s in names:
                resolve_script(s)
        except FileNotFoundError as exc:
            err.print(f"[red]{exc}[/red]")
            raise typer.Exit(2)
        with Progress(TextColumn("[bold]arena"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
                      console=err, transient=as_json) as prog:
            res = run_arena(names, pairings, n, seed, players, workers, progress=prog, log=log)
        sums = list(res.values())
        comps = comparisons(sums)
        if as_json:
            sys.stdout.write(json.dumps([s.to_dict() for s in sums], indent=2) + "\n")
        else:
            _print_summaries(sums)
            if comps:
                _print_comparisons(comps)
        if markdown is not None:
            cmd = ("scriptkeeper arena" + (f" --pairs {pairs}" if pairs else f" --mastermind {mastermind} --protagonists {protagonists}")
                   + "".join(f" --scripts {s}" for s in scripts)
                   + f" -n {n} --seed {seed}" + (f" --players {players}" if players != 4 else ""))
            text = f"Produced by `{cmd}`.\n\n" + summaries_markdown(sums) + "\n"
            if comps:
                text += ("\nEach side's agents against the same opponent (win rates of the side named; intervals apart: "
                         "the two 95% intervals do not overlap):\n\n" + comparisons_markdown(comps) + "\n")
            markdown.write_text(text, encoding="utf-8")
        if any(s.errors for s in sums):
            err.print(f"[red]{sum(s.errors for s in sums)} game(s) failed[/red]")
            raise typer.Exit(1)

    @app.command()
    def analyze(script: str = typer.Argument(..., help="A script file or shipped script name."),
                n: int = typer.Option(40, "-n", help="Games per number of loops."),
                loops: Optional[str] = typer.Option(None, help="Loop counts to try, comma-separated (default: the script's, two less to two more)."),
                mastermind: str = typer.Option("search", help="The Mastermind agent (default: the strongest)."),
                protagonists: str = typer.Option("search", help="The Protagonists' agent (default: the strongest)."),
                seed: int = typer.Option(0, help="Seed of the first game."),
                players: int = typer.Option(4, help="4 or 2 players."),
                workers: Optional[int] = typer.Option(None, help="Parallel processes (default: one per core).")) -> None:
        """Script balance: the Protagonists' win rate for each number of loops, with the strongest agents."""
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
        from rich.table import Table

        from ...core.errors import ScriptError
        from ..catalog import resolve_script
        from ..script import load_script
        from .arena import run_arena, traitors_note

        try:
            path = resolve_script(script)
            s = load_script(path)
        except (FileNotFoundError, ScriptError) as exc:
            err.print(f"[red]{exc}[/red]")
            raise typer.Exit(2)
        counts = [int(x) for x in loops.split(",")] if loops else list(range(max(1, s.loops - 2), min(8, s.loops + 2) + 1))
        if any(not 1 <= c <= 8 for c in counts):
            err.print("[red]loop counts are whole numbers from 1 to 8[/red]")
            raise typer.Exit(2)
        with Progress(TextColumn("[bold]analyze"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
                      console=err) as prog:
            res = run_arena([str(path)], [(mastermind, protagonists)], n, seed, players, workers, loops=counts, progress=prog)
        t = Table("loops", "games", "Protagonists win (95% CI)", "by a loop / Final Guess", "mean loops played", "deciding loss conditions",
                  title=f"{s.title}: {mastermind} Mastermind vs {protagonists} Protagonists")
        for c in counts:
            sm = res[(str(path), c, mastermind, protagonists)]
            pw, lo, hi = sm.rate("protagonists")
            dec = ", ".join(f"{k} {v}" for k, v in sm.deciding.most_common(3)) or "-"
            mark = " (the script's)" if c == s.loops else ""
            t.add_row(f"{c}{mark}", str(sm.games), f"{pw:.0%} ({lo:.0%}-{hi:.0%})", f"{sm.p_loop_wins} / {sm.p_guess_wins}{traitors_note(sm)}",
                      f"{sm.loops / sm.games:.2f}" if sm.games else "-", dec)
        Console(width=max(Console().width, 160)).print(t)
        bad = sum(res[(str(path), c, mastermind, protagonists)].errors for c in counts)
        if bad:
            err.print(f"[red]{bad} game(s) failed[/red]")
            raise typer.Exit(1)


def _print_summaries(sums: list) -> None:
    from rich.table import Table

    from .arena import traitors_note

    t = Table("script", "Mastermind", "Protagonists", "games", "Mastermind wins (95% CI)", "Protagonists win", "P: loop / Final Guess",
              "mean loops", "deciding loss conditions (share of lost loops)", "s/game")
    for s in sums:
        mm, lo, hi = s.rate()
        dec = ", ".join(f"{k} {v / s.lost_loops:.0%}" for k, v in s.deciding.most_common(3)) if s.lost_loops else "-"
        t.add_row(s.script, s.mastermind, s.protagonists, str(s.games), f"{mm:.0%} ({lo:.0%}-{hi:.0%})", f"{s.p_wins / s.games if s.games else 0:.0%}",
                  f"{s.p_loop_wins} / {s.p_guess_wins}{traitors_note(s)}", f"{s.loops / s.games:.2f}" if s.games else "-", dec,
                  f"{s.seconds / s.games:.1f}" if s.games else "-")
    Console(width=max(Console().width, 200)).print(t)


def _print_comparisons(comps: list) -> None:
    from rich.table import Table

    t = Table("script", "side", "against", "weaker: win rate (95% CI)", "stronger: win rate (95% CI)", "stronger wins more",
              "intervals apart", title="Each side's agents against the same opponent")
    for c in comps:
        (w, wl, wh), (s, sl, sh) = c.rates()
        weak, strong = c.names()
        t.add_row(c.script, c.side, c.opponent, f"{weak} {w:.0%} ({wl:.0%}-{wh:.0%})", f"{strong} {s:.0%} ({sl:.0%}-{sh:.0%})",
                  "yes" if c.better else "[red]no[/red]", "yes" if c.outside_ci else "[yellow]no[/yellow]")
    Console(width=max(Console().width, 200)).print(t)
