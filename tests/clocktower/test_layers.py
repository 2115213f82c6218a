"""Clocktower is a game package like Tragedy Looper: it reaches the kernel (and the agents'
interface), never the server, the CLI, the terminal or another game; nothing else imports it."""

from __future__ import annotations

from tests.test_layers import SRC, import_graph

CT = "scriptkeeper.clocktower"
FORBIDDEN = ("scriptkeeper.server", "scriptkeeper.cli", "scriptkeeper.terminal", "scriptkeeper.tragedy_looper")


def test_clocktower_imports_only_the_kernel_and_the_agents() -> None:
    graph = import_graph(SRC)
    for module, deps in graph.items():
        if module.startswith(CT):
            bad = [d for d in deps if d.startswith(FORBIDDEN)]
            assert not bad, f"{module} imports {bad}"
        else:
            assert not [d for d in deps if d.startswith(CT)], f"{module} imports the Clocktower package"
