"""docs/clocktower.md lists every event the package emits, and every character has its catalog
entries and at least one scenario test named after it."""

from __future__ import annotations

import re
from pathlib import Path

from scriptkeeper.clocktower.characters import characters
from scriptkeeper.clocktower.texts import catalog

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "src" / "scriptkeeper" / "clocktower"


def test_the_doc_lists_every_event_type_the_code_emits() -> None:
    code = set()
    for path in PKG.glob("*.py"):
        code |= set(re.findall(r'say\(state, "([a-z_]+)"', path.read_text(encoding="utf-8")))
    doc = set()
    text = (ROOT / "docs" / "clocktower.md").read_text(encoding="utf-8")
    section = text.split("## Events", 1)[1].split("\n## ", 1)[0]
    for line in section.splitlines():
        if line.startswith("| `"):
            doc |= set(re.findall(r"`([a-z_]+)`", line.split("|")[1]))
    assert doc == code


def test_every_character_has_a_scenario_test_named_after_it() -> None:
    names = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        names |= set(re.findall(r"def test_([a-z_]+)", path.read_text(encoding="utf-8")))
    missing = [c for c in characters() if not any(n.startswith(c + "_") for n in names)]
    assert missing == []


def test_every_message_id_used_is_in_the_catalog() -> None:
    cat = catalog()
    used = set()
    for path in PKG.glob("*.py"):
        used |= set(re.findall(r'T\("(ct\.[a-z_.]+)"', path.read_text(encoding="utf-8")))
    assert sorted(u for u in used if u not in cat) == []
