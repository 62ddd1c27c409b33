"""The packages to install, found by themselves (``pyproject.toml`` holds the rest).

Every package under ``hhtools/`` keeps its name; every package under ``grammars/`` is
installed as ``hhtools.grammars.<name>`` (``pyproject.toml`` maps the folder:
``[tool.setuptools.package-dir]``). So a new site package under ``grammars/`` needs no
line here or in ``pyproject.toml``. setuptools' own ``find`` cannot do this alone: it
names a package by its folder under ``where``, with no prefix.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import find_packages, setup

ROOT = Path(__file__).resolve().parent


def packages(root: Path = ROOT) -> list[str]:
    """Every package to install: ``hhtools`` and its subpackages, then
    ``hhtools.grammars`` and one ``hhtools.grammars.<name>`` per folder with an
    ``__init__.py`` under ``root/grammars`` (nested ones as ``<name>.<sub>``)."""
    own = find_packages(str(root), include=["hhtools", "hhtools.*"])
    grammars = find_packages(str(root / "grammars"))
    return sorted(own) + ["hhtools.grammars", *sorted(f"hhtools.grammars.{p}" for p in grammars)]


if __name__ == "__main__":
    setup(packages=packages())
