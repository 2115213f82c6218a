"""The layers of docs/architecture.md, checked on the import statements of every module.

The kernel (core/) imports no game and nothing of the server, the agents, the CLI or the terminal;
the server, game files (core/record.py), verify (core/fairness.py) and the agents' interface,
random agent and runner reach no Tragedy Looper module, not even through another scriptkeeper
module: they know games only through the `Game` protocol and the registry. Every import
statement counts, at the top of a module or inside a function; relative imports are resolved,
and importing `a.b.c` runs the packages `a` and `a.b` too.
"""

from __future__ import annotations

import ast
from collections import deque
from pathlib import Path
from typing import Callable

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = "scriptkeeper"
GAME_PACKAGE = "scriptkeeper.tragedy_looper"


def module_names(src: Path, package: str) -> dict[str, Path]:
    """Every module of `package` under `src`, by dotted name (a package by its __init__.py)."""
    out = {}
    for path in sorted((src / package).rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _with_parents(name: str, known: dict[str, Path]) -> list[str]:
    """`a.b.c` and the packages that importing it runs (`a`, `a.b`), those that are modules of ours."""
    parts = name.split(".")
    return [m for m in (".".join(parts[:i]) for i in range(1, len(parts) + 1)) if m in known]


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ours that module `name` imports, with the packages those imports run."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.update(_with_parents(alias.name, known))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")
                base = ".".join(base_parts[: len(base_parts) - (node.level - 1)])
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            found.update(_with_parents(target, known))
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if sub in known:  # `from . import fairness`: the submodule itself
                    found.update(_with_parents(sub, known))
    found.discard(name)
    return found


def import_graph(src: Path = SRC, package: str = PACKAGE) -> dict[str, set[str]]:
    known = module_names(src, package)
    return {name: imports_of(name, path, known) for name, path in known.items()}


def first_chain(graph: dict[str, set[str]], start: str, forbidden: Callable[[str], bool]) -> list[str] | None:
    """The shortest import chain from `start` to a forbidden module, or None."""
    came_from: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in sorted(graph.get(here, ())):
            if nxt in came_from:
                continue
            came_from[nxt] = here
            if forbidden(nxt):
                chain = [nxt]
                while (prev := came_from[chain[-1]]) is not None:
                    chain.append(prev)
                return chain[::-1]
            queue.append(nxt)
    return None


def violations(graph: dict[str, set[str]], sources: list[str], forbidden: Callable[[str], bool], rule: str) -> list[str]:
    out = []
    for src in sources:
        chain = first_chain(graph, src, forbidden)
        if chain:
            out.append(f"{' -> '.join(chain)}  ({rule})")
    return out


def under(*packages: str) -> Callable[[str], bool]:
    return lambda m: any(m == p or m.startswith(p + ".") for p in packages)


GRAPH = import_graph()

# What the kernel may import: itself, and the empty top package that importing it runs.
KERNEL = under(f"{PACKAGE}.core")
PROTOCOL_ONLY = [m for m in GRAPH if under(f"{PACKAGE}.server")(m)] + [
    f"{PACKAGE}.core.record", f"{PACKAGE}.core.fairness",
    f"{PACKAGE}.agents.base", f"{PACKAGE}.agents.random_agent", f"{PACKAGE}.agents.runner"]


def test_the_import_graph_sees_the_imports_it_must_judge() -> None:
    """The walker finds top-level, relative and in-function imports (else the rules below would pass vacuously)."""
    assert f"{PACKAGE}.core.fairness" in GRAPH[f"{PACKAGE}.server.service"]  # from ..core import fairness
    assert f"{PACKAGE}.server.main" in GRAPH[f"{PACKAGE}.cli"]  # imported inside `serve`
    assert f"{PACKAGE}.agents" in GRAPH[f"{PACKAGE}.server.service"]  # importing agents.base runs agents/__init__
    assert all(m in GRAPH for m in PROTOCOL_ONLY)


def test_the_kernel_imports_no_game_and_no_front_end() -> None:
    found = violations(GRAPH, [m for m in GRAPH if KERNEL(m)], lambda m: m != PACKAGE and not KERNEL(m),
                       "core/ imports only core/: no game, server, agents, cli or terminal")
    assert not found, "layer violations:\n  " + "\n  ".join(found)


def test_the_server_records_verify_and_runner_reach_no_tragedy_looper_module() -> None:
    found = violations(GRAPH, PROTOCOL_ONLY, under(GAME_PACKAGE),
                       "the server, game files, verify and the agents' runner know games only through the Game protocol")
    assert not found, "layer violations:\n  " + "\n  ".join(found)


def test_a_violation_is_reported_with_its_import_chain(tmp_path: Path) -> None:
    """The check names the chain: a server module reaching a game through a helper module is caught."""
    pkg = tmp_path / "pkg"
    for d in ("server", "core", "tragedy_looper"):
        (pkg / d).mkdir(parents=True)
        (pkg / d / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "server" / "app.py").write_text("from ..core import helper\n")
    (pkg / "core" / "helper.py").write_text("def f():\n    from pkg.tragedy_looper import engine\n")
    (pkg / "tragedy_looper" / "engine.py").write_text("")
    graph = import_graph(tmp_path, "pkg")
    found = violations(graph, ["pkg.server.app"], under("pkg.tragedy_looper"), "no game")
    assert found == ["pkg.server.app -> pkg.core.helper -> pkg.tragedy_looper  (no game)"]
