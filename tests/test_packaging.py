"""pyproject.toml lists every package, so a plain ``pip install .`` has them all."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_is_listed() -> None:
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(conf["packages"])
    mapped = {name: ROOT / folder for name, folder in conf.get("package-dir", {}).items()}
    found = set()
    for top in ("hhtools", "grammars"):
        for init in (ROOT / top).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT).parts
            name = ".".join(("hhtools", "grammars", *rel[1:]) if top == "grammars" else rel)
            found.add(name)
    assert found - listed == set(), "packages missing from pyproject.toml"
    assert all(path.is_dir() for path in mapped.values())
