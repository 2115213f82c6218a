"""Issue 19: no front end words a refusal in English of its own. The modules that refuse a user
(the server's endpoints and socket, the game-file readers, a game file's situation, the command
line and Tragedy Looper's analysis commands) give every reason as a Text (an id with parameters),
rendered at the edge in the reader's language. This reads their source and fails naming each
refusal still built from an English string, and each line, heading or table cell the command line
and the analysis commands print from English words of their own."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "scriptkeeper"
# The sources whose refusals a user reads (the server's, the game files', the command line's).
TL = SRC / "tragedy_looper"
REFUSING = sorted([*(SRC / "server").glob("*.py"), SRC / "core" / "record.py", SRC / "core" / "fairness.py", SRC / "cli.py",
                   TL / "workshop.py", TL / "situation.py", TL / "refs.py", TL / "agents" / "commands.py",
                   TL / "deduction" / "report.py"])
# The exceptions that carry a refusal to a user (situation.py's `_bad` makes one from a message id).
REFUSALS = {"ServiceError", "GameFileError", "TextError", "Refusal", "_bad"}
# The sources that print lines of their own, and the calls that print them or make a table's words:
# a printed line, a failure line (`fail`, commands.py's `_fail` / `_red`), a table's headings and
# cells, a progress bar's label.
PRINTING = {"cli.py", "commands.py", "report.py"}
PRINTS = {"print", "fail", "_fail", "_red", "Table", "add_row", "TextColumn"}
# A message id ("situation.leader", "analysis.deduce.plots") names words; it is not words itself.
MESSAGE_ID = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)+")
# What a printed line may hold besides rendered words: rich markup, punctuation, the program's name.
MARKUP = re.compile(r"\[/?[a-z ]+\]")
ALLOWED_WORDS = {"scriptkeeper"}
WORD = re.compile(r"[A-Za-z]{3,}")


def _literal_words(node: ast.expr) -> list[str]:
    """The English words a string literal or an f-string's literal parts hold (markup removed)."""
    parts: list[str] = []
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        parts.append(node.value)
    elif isinstance(node, ast.JoinedStr):
        parts += [v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)]
    words: list[str] = []
    for part in parts:
        if MESSAGE_ID.fullmatch(part):
            continue
        words += [w for w in WORD.findall(MARKUP.sub("", part)) if w not in ALLOWED_WORDS]
    return words


def _name(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _english_refusals(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        reason = None
        if name in REFUSALS:  # ServiceError(status, reason) / GameFileError(reason) / TextError(reason)
            args = node.args[1:] if name == "ServiceError" else node.args
            reason = args[0] if args else None
        elif name in PRINTS and path.name in PRINTING:  # a line, a heading or a cell printed from words of its own
            english = [a for a in [*node.args, *(k.value for k in node.keywords if k.arg == "title")] if _literal_words(a)]
            reason = english[0] if english else None
        elif name == "ValueError" and path.name == "workshop.py" and node.args:  # the editor's refusals (Refusal instead)
            reason = node.args[0]
        if reason is not None and _literal_words(reason):
            where = path.relative_to(SRC) if path.is_relative_to(SRC) else path.name
            found.append(f"{where}:{node.lineno}: {name}({' '.join(_literal_words(reason))} ...)")
    return found


@pytest.mark.parametrize("path", REFUSING, ids=lambda p: str(p.relative_to(SRC)))
def test_no_refusal_is_an_english_sentence(path: Path) -> None:
    assert _english_refusals(path) == []


def test_the_check_sees_an_english_heading_and_a_situation_detail(tmp_path: Path) -> None:
    sample = tmp_path / "commands.py"
    sample.write_text('t = Table("plot", w("analysis.deduce.kind"), title="Plots")\nt.add_row(name, "yes")\n'
                      't = Table(w("analysis.deduce.plot"), title=w("analysis.deduce.plots"))\n_fail(say, "analysis.failed", 1, n=2)\n'
                      'raise _bad(f"{ch!r} is not in the cast")\nraise _bad("situation.not_in_cast", character=ch)\n')
    assert [line.split(":")[1] for line in _english_refusals(sample)] == ["1", "2", "5"]


def test_the_check_sees_an_english_refusal(tmp_path: Path) -> None:
    sample = tmp_path / "cli.py"
    sample.write_text('raise ServiceError(404, f"no table {x}")\nerr.print(f"[red]cannot read {p}[/red]")\n'
                      'raise ServiceError(404, T("server.error.no_table", table=x))\nerr.print(f"[red]{escape(m)}[/red]")\n')
    assert [line.split(":")[1] for line in _english_refusals(sample)] == ["1", "2"]
