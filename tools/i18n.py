"""The translation catalogs: extract the English, update every language's catalog, compile, list gaps.

    python tools/i18n.py update     # extract + update every .po + compile + list what is missing
    python tools/i18n.py missing    # only list what is missing (exit 1 when anything is)
    python tools/i18n.py extract    # write locale/scriptkeeper.pot from the English sources
    python tools/i18n.py compile    # .po -> .mo (the package build does this too)
    python tools/i18n.py import ko FILE.yaml   # fill translations from a YAML map id -> text
                                               # (a list for plural forms); then run update

A new message id (a game's texts/en.yaml, a rules-data name or text, the page's
server/texts/en.yaml) needs nothing else than `update` and its translations (docs/translations.md).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from scriptkeeper.core import i18n  # noqa: E402
from scriptkeeper.core.catalogs import (  # noqa: E402
    compile_all, import_translations, missing_report, template_catalog, update_all, write_pot)


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    cmd, rest = argv[0], argv[1:]
    if cmd == "extract":
        pot = template_catalog()
        write_pot(pot)
        print(f"{i18n.pot_path()}: {len(pot)} messages")
        return 0
    if cmd == "compile":
        for path in compile_all():
            print(f"compiled {path}")
        return 0
    if cmd == "import":
        if len(rest) != 2:
            print("usage: import LANG FILE.yaml", file=sys.stderr)
            return 2
        n = import_translations(rest[0], Path(rest[1]))
        print(f"{rest[0]}: {n} translations filled")
        return 0
    if cmd in ("update", "missing"):
        if cmd == "update":
            update_all()
            compile_all()
        report = missing_report()
        total = 0
        for lang, problems in report.items():
            total += len(problems)
            print(f"{lang}: {len(problems)} missing or wrong")
            for key, why in problems:
                print(f"  {key}: {why}")
        return 1 if total and cmd == "missing" else 0
    print(f"unknown command {cmd!r}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
