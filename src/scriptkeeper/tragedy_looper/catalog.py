"""The scripts shipped with scriptkeeper, found by name (e.g. `first_steps/whispers_at_the_gate`)."""

from __future__ import annotations

from pathlib import Path

from ..core.game import find_setup

SCRIPTS_DIR = Path(__file__).parent / "scripts"


def shipped_scripts() -> dict[str, Path]:
    return {f"{p.parent.name}/{p.stem}": p for p in sorted(SCRIPTS_DIR.glob("*/*.yaml"))}


def resolve_script(name_or_path: str) -> Path:
    """A path to an existing file, or the name of a shipped script (with or without .yaml)."""
    return find_setup(shipped_scripts(), name_or_path)
