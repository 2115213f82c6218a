"""The scripts shipped with scriptkeeper, found by name (e.g. `first_steps/whispers_at_the_gate`)."""

from __future__ import annotations

from pathlib import Path

SCRIPTS_DIR = Path(__file__).parent / "scripts"


def shipped_scripts() -> dict[str, Path]:
    return {f"{p.parent.name}/{p.stem}": p for p in sorted(SCRIPTS_DIR.glob("*/*.yaml"))}


def resolve_script(name_or_path: str) -> Path:
    """A path to an existing file, or the name of a shipped script (with or without .yaml)."""
    p = Path(name_or_path)
    if p.exists():
        return p
    key = name_or_path.removesuffix(".yaml")
    shipped = shipped_scripts()
    if key in shipped:
        return shipped[key]
    matches = [v for k, v in shipped.items() if k.endswith("/" + key)]
    if len(matches) == 1:
        return matches[0]
    raise FileNotFoundError(f"no script file or shipped script named {name_or_path!r}; shipped: {', '.join(shipped)}")
