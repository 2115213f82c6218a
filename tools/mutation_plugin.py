"""A pytest plugin for tools/mutate_rules.py: the rules data is read with one file changed.

`SCRIPTKEEPER_RULES_MUTATION` names a JSON file `{"file": "base/characters.yaml", "data": ...}`;
every read of that rules data file (rules._read_yaml) returns `data` instead. Loaded with
`-p mutation_plugin` before any test imports a rule book, so no cache holds the original.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any


def pytest_configure(config: Any) -> None:
    spec = os.environ.get("SCRIPTKEEPER_RULES_MUTATION")
    if not spec:
        return
    change = json.loads(Path(spec).read_text(encoding="utf-8"))
    from scriptkeeper.tragedy_looper import rules

    target = (rules.SETS_DIR / change["file"]).resolve()
    original = rules._read_yaml

    def read(path: Path) -> Any:
        if Path(path).resolve() == target:
            return change["data"]
        return original(path)

    rules._read_yaml = read  # type: ignore[assignment]
    rules._base.cache_clear()
    rules.load_rulebook.cache_clear()
