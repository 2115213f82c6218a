"""Mutation testing of the rules data: does a rule test notice every one-step change?

Every rules value in the sets' data files (src/scriptkeeper/tragedy_looper/sets/*/*.yaml) is
changed by one step, one at a time: a number (a Paranoia limit, a Goodwill threshold, a counter
amount, a role maximum, a plot's role count, a condition's threshold) one up and one down; a flag
(once per loop, optional, main) flipped, and `once_per_loop` added to a Goodwill ability that has
none; a Goodwill Refusal moved one step (none <-> optional <-> mandatory; a role without one gets
`optional`); one entry left out of a list (a tag, a trait, a target filter, a forbidden location).
Names, texts and ids are not changed. Left out as equivalent (no rule can tell them apart): a
plot's role count raised above the role's maximum, which caps what a plot adds.

For each change the rule tests that name the changed entry (a character, role, incident, plot or
card id, in their code, their parameters or the module constants they build on) run against the
changed data, in-process in one of `--jobs` worker processes (`pytest -x -p no:cacheprovider`, the
rules data reader patched, every cache of the package cleared and the test modules imported
afresh). `--confirm` runs the whole of tests/rules on a change that survives them. A change no
test fails on "survives". The report lists the survivors; exit code 1 when any survive.

    .venv/bin/python tools/mutate_rules.py                 # every change, 2 workers
    .venv/bin/python tools/mutate_rules.py --list          # only list the changes
    .venv/bin/python tools/mutate_rules.py --only informer # the changes under entries matching a word
    .venv/bin/python tools/mutate_rules.py --jobs 2 --json report.json

docs/rules-data.md ("Mutation testing") says how to read the report.
"""

from __future__ import annotations

import argparse
import ast
import copy
import json
import os
import re
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import yaml

ROOT = Path(__file__).resolve().parent.parent
SETS = ROOT / "src" / "scriptkeeper" / "tragedy_looper" / "sets"
RULE_TESTS = ROOT / "tests" / "rules"
# Keys whose values are words for people or names, not rules values.
SKIP_KEYS = {"name", "text", "title", "doc", "public_name", "id", "label", "rule"}
REFUSAL_STEPS = {"none": ["optional"], "optional": ["none", "mandatory"], "mandatory": ["optional"]}
# Data that is layout rather than rules (the board's grid and the word lists of tags).
SKIP_FILES = {"base/tags.yaml"}


@dataclass(frozen=True)
class Mutant:
    file: str  # relative to SETS, e.g. "base/characters.yaml"
    path: tuple[Any, ...]  # keys and indexes down to the changed value
    change: str  # what was done, for the report
    entry: str  # the top entry's id (a character, role, incident, plot...): which tests to run first

    @property
    def name(self) -> str:
        return f"{self.file}:{'/'.join(map(str, self.path))}: {self.change}"


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        data = data[k]
    return data


def _entry_of(file: str, path: tuple[Any, ...], change: str) -> str:
    """The id the tests of a change name: a plot, a character, a role, an incident, a card, a location."""
    dropped = re.fullmatch(r"drop '!?(\w+)'", change)
    if file.endswith("set.yaml") and len(path) >= 2 and path[0] == "plots":
        return str(path[1])
    if file.endswith("set.yaml") and dropped and path[:1] in (("roles",), ("incidents",)):
        return dropped.group(1)  # a role or an incident left out of the set
    if file.endswith("cards.yaml") and path[:1] == ("decks",) and dropped:
        return dropped.group(1)  # a card left out of a hand
    if file.endswith(("cards.yaml", "board.yaml")) and len(path) >= 2:
        return str(path[1])  # cards/<card>/..., locations/<location>/...
    return str(path[0]) if path else file


def mutations(file: str, data: Any) -> Iterator[tuple[tuple[Any, ...], str, Any]]:
    """(path, description, new value) for every one-step change of one file's data."""

    def walk(node: Any, path: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], str, Any]]:
        if isinstance(node, dict):
            if file.endswith("roles.yaml") and len(path) == 1 and "refusal" not in node:
                yield path + ("refusal",), "add refusal: optional", "optional"
            if len(path) >= 2 and path[-2] == "goodwill" and "once_per_loop" not in node:
                yield path + ("once_per_loop",), "add once_per_loop: true", True
            for k, v in node.items():
                if k in SKIP_KEYS:
                    continue
                if k == "refusal" and isinstance(v, str):
                    for new in REFUSAL_STEPS.get(v, []):
                        yield path + (k,), f"refusal {v} -> {new}", new
                    continue
                yield from walk(v, path + (k,))
        elif isinstance(node, list):
            if all(isinstance(x, (str, int)) and not isinstance(x, bool) for x in node) and node:
                for i, x in enumerate(node):
                    if isinstance(x, str):
                        yield path, f"drop {x!r}", node[:i] + node[i + 1:]
            for i, x in enumerate(node):
                if isinstance(x, (dict, list)) or (isinstance(x, int) and not isinstance(x, bool)):
                    yield from walk(x, path + (i,))
        elif isinstance(node, bool):
            yield path, f"{node} -> {not node}", not node
        elif isinstance(node, int):
            yield path, f"{node} -> {node + 1}", node + 1
            if node > 0:
                yield path, f"{node} -> {node - 1}", node - 1

    yield from walk(data, ())


def _role_maxima() -> dict[str, int]:
    out: dict[str, int] = {}
    for p in sorted(SETS.glob("*/roles.yaml")):
        for role, spec in (yaml.safe_load(p.read_text(encoding="utf-8")) or {}).items():
            if isinstance(spec, dict) and isinstance(spec.get("max"), int):
                out[role] = spec["max"]
    return out


def equivalent(file: str, path: tuple[Any, ...], new: Any, maxima: dict[str, int]) -> bool:
    """A change no rule can tell from the original: a plot's role count raised above the role's
    maximum (the count a plot adds is capped by the maximum: rules-notes section 6)."""
    return file.endswith("set.yaml") and len(path) == 4 and path[0] == "plots" and path[2] == "roles" \
        and isinstance(new, int) and path[3] in maxima and new > maxima[path[3]]


def all_mutants(only: str | None = None) -> tuple[list[Mutant], dict[str, Any]]:
    originals: dict[str, Any] = {}
    out: list[Mutant] = []
    maxima = _role_maxima()
    for p in sorted(SETS.glob("*/*.yaml")):
        file = p.relative_to(SETS).as_posix()
        if file in SKIP_FILES:
            continue
        data = yaml.safe_load(p.read_text(encoding="utf-8"))
        originals[file] = data
        for path, change, new in mutations(file, data):
            if equivalent(file, path, new, maxima):
                continue
            m = Mutant(file, path, change, _entry_of(file, path, change))
            if only is None or re.search(only, m.name):
                out.append(m)
    return out, originals


def mutated_data(m: Mutant, originals: dict[str, Any]) -> Any:
    data = copy.deepcopy(originals[m.file])
    for path, change, new in mutations(m.file, originals[m.file]):
        if path == m.path and change == m.change:
            parent = _get(data, path[:-1])
            parent[path[-1]] = new
            return data
    raise KeyError(m.name)


_INDEX: list[tuple[str, str]] = []  # (pytest node id of a test function, the text it reads)


def _definitions(src: str, tree: ast.Module) -> dict[str, str]:
    """The module-level constants and helper functions of a module, by name, with their source."""
    out: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                if isinstance(t, ast.Name):
                    out[t.id] = ast.get_source_segment(src, node) or ""
        elif isinstance(node, ast.FunctionDef) and not node.name.startswith("test_"):
            out[node.name] = ast.get_source_segment(src, node) or ""
    return out


def _test_index() -> list[tuple[str, str]]:
    """Every rule test function with its text: its source, its decorators (parametrize), and the
    module-level constants and helper functions it names (its module's, and the shared constants of
    tests/helpers.py and tests/rules/midnight_zone/mz.py), followed two levels deep."""
    if _INDEX:
        return _INDEX
    shared: dict[str, str] = {}
    for helper in (ROOT / "tests" / "helpers.py", RULE_TESTS / "midnight_zone" / "mz.py"):
        src = helper.read_text(encoding="utf-8")
        shared.update({k: v for k, v in _definitions(src, ast.parse(src)).items() if k.isupper()})  # constants only
    for path in sorted(RULE_TESTS.rglob("test_*.py")):
        src = path.read_text(encoding="utf-8")
        tree = ast.parse(src)
        consts = {**shared, **_definitions(src, tree)}

        def names(text: str) -> set[str]:
            return set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))

        for name, text in list(consts.items()):  # constants built from others: one level more
            consts[name] = text + "".join(consts.get(u, "") for u in names(text) if u != name and u in consts)
        rel = path.relative_to(ROOT).as_posix()
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                text = "".join(ast.get_source_segment(src, d) or "" for d in node.decorator_list)
                text += ast.get_source_segment(src, node) or ""
                text += "".join(consts[u] for u in names(text) if u in consts)
                _INDEX.append((f"{rel}::{node.name}", text))
    return _INDEX


def relevant_tests(m: Mutant) -> list[str]:
    """The rule tests that name the changed entry (in their code, parameters or the constants they use)."""
    # The id as a word of the test's text, or as a part of the test's name (test_magician_...).
    word = re.compile(rf"\b{re.escape(m.entry)}\b")
    hits = [node for node, text in _test_index() if word.search(text) or f"_{m.entry}_" in f"_{node.rpartition('::')[2]}_"]
    # The tests named after the entry first: with -x a change they catch stops there.
    return sorted(hits, key=lambda node: m.entry not in node.rpartition("::")[2])


# ---------------------------------------------------------------- running the tests in-process
# Each worker process keeps pytest and the package imported and runs one mutant after another: the
# rules data reader is patched, every cache the package keeps is cleared, and the test modules are
# imported afresh, so no test sees a rule book of another mutant.
_PATCH: dict[str, Any] = {}
MEMO_DICTS = ("_STATIC", "_ENTRIES", "_GUESSES", "_BLANK")
TIMEOUT = 120  # seconds for the tests of one change


def _worker_init() -> None:
    sys.path[:0] = [str(ROOT), str(ROOT / "tools")]
    os.environ["HYPOTHESIS_PROFILE"] = "dev"
    os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"  # no xdist, anyio...: a faster pytest.main
    os.chdir(ROOT)
    from scriptkeeper.tragedy_looper import rules

    original = rules._read_yaml

    def read(path: Path) -> Any:
        target = _PATCH.get("target")
        if target is not None and Path(path).resolve() == target:
            return copy.deepcopy(_PATCH["data"])
        return original(path)

    rules._read_yaml = read  # type: ignore[assignment]


def _reset_package() -> None:
    for name, mod in list(sys.modules.items()):
        if name.startswith("tests.") and name.rpartition(".")[2].startswith("test_"):
            del sys.modules[name]  # test modules build scripts at import: import them afresh
        elif name.startswith("scriptkeeper") and mod is not None:
            for attr, value in list(vars(mod).items()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
                elif attr in MEMO_DICTS and isinstance(value, dict):
                    value.clear()


class _Collect:
    """A pytest plugin that remembers the first failing test."""

    def __init__(self) -> None:
        self.failed: list[str] = []

    def pytest_runtest_logreport(self, report: Any) -> None:
        if report.failed:
            self.failed.append(report.nodeid)

    def pytest_collectreport(self, report: Any) -> None:
        if report.failed:
            self.failed.append(f"collecting {report.nodeid}")


def run_tests(m: Mutant, data: Any, targets: list[str]) -> tuple[bool, str]:
    """Run `targets` against the changed data: (killed, the first failing test)."""
    import pytest

    _PATCH["target"] = (SETS / m.file).resolve()
    _PATCH["data"] = data
    _reset_package()
    collect = _Collect()

    def too_long(signum: int, frame: Any) -> None:
        raise TimeoutError(f"over {TIMEOUT} s: the changed rules loop forever")

    signal.signal(signal.SIGALRM, too_long)
    signal.alarm(TIMEOUT)  # a change that makes a game loop forever is caught by the test that hangs
    try:
        code = pytest.main(["-x", "-q", "-p", "no:cacheprovider", "--no-header",
                            "-o", "addopts=", "--disable-warnings", "-qq", *targets], plugins=[collect])
    except Exception as exc:  # a rule book that does not load may break collection outright
        return True, f"error: {type(exc).__name__}"
    finally:
        signal.alarm(0)
        _PATCH.clear()
        _reset_package()
    if int(code) == 0:
        return False, ""
    if int(code) == 5:
        return False, "no tests"
    return True, collect.failed[0] if collect.failed else f"pytest exit {int(code)}"


def check(item: tuple[Mutant, dict[str, Any], bool]) -> dict[str, Any]:
    m, originals, confirm = item
    t0 = time.monotonic()
    try:
        data = mutated_data(m, originals)
    except KeyError:
        return {"mutant": m.name, "killed": True, "by": "(not applicable)", "seconds": 0.0}
    import contextlib
    import io

    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        first = relevant_tests(m)
        killed, by = run_tests(m, data, first) if first else (False, "no rule test names it")
        if not killed and confirm:
            killed, by = run_tests(m, data, [str(RULE_TESTS.relative_to(ROOT))])
    return {"mutant": m.name, "killed": killed, "by": by, "seconds": round(time.monotonic() - t0, 1),
            "tests": len(first)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--jobs", type=int, default=2, help="mutants tested at once (default 2)")
    ap.add_argument("--only", help="a regular expression: only the changes whose description matches")
    ap.add_argument("--list", action="store_true", help="list the changes and stop")
    ap.add_argument("--json", type=Path, help="write the full report as JSON here")
    ap.add_argument("--confirm", action="store_true",
                    help="run the whole of tests/rules on a change that survives the files naming its entry (slower)")
    args = ap.parse_args(argv)
    mutants, originals = all_mutants(args.only)
    if args.list:
        for m in mutants:
            print(m.name)
        print(f"{len(mutants)} changes")
        return 0
    t0 = time.monotonic()
    results: list[dict[str, Any]] = []
    import multiprocessing

    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(args.jobs, initializer=_worker_init, maxtasksperchild=40) as pool:
        items = [(m, originals, args.confirm) for m in mutants]
        for n, res in enumerate(pool.imap_unordered(check, items), 1):
            results.append(res)
            mark = "killed " if res["killed"] else "SURVIVED"
            print(f"[{n}/{len(mutants)}] {mark} {res['mutant']}" + (f"  ({res['by']})" if res["by"] else ""), flush=True)
    survivors = [r for r in results if not r["killed"]]
    wall = time.monotonic() - t0
    print(f"\n{len(results)} changes, {len(results) - len(survivors)} killed, {len(survivors)} survived; "
          f"{wall / 60:.1f} min with {args.jobs} job(s)")
    for r in survivors:
        print(f"  survived: {r['mutant']}")
    if args.json:
        args.json.write_text(json.dumps({"changes": len(results), "survived": len(survivors), "minutes": round(wall / 60, 1),
                                         "results": results}, indent=1), encoding="utf-8")
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
