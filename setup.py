"""The package build compiles the translation catalogs (locale/*/LC_MESSAGES/*.po -> .mo) first.

Everything else about the package is in pyproject.toml."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

LOCALE = Path(__file__).parent / "src" / "scriptkeeper" / "locale"


class BuildWithCatalogs(build_py):
    def run(self) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
            with po.open("rb") as f:
                catalog = read_po(f, locale=po.parent.parent.name)
            with po.with_suffix(".mo").open("wb") as f:
                write_mo(f, catalog, use_fuzzy=False)
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogs})
