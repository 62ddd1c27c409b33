"""The packages install by themselves: every package under ``hhtools/`` and every one
under ``grammars/`` (as ``hhtools.grammars.<name>``), with no list to keep by hand."""

from __future__ import annotations

import runpy
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _folders(root: Path) -> set[str]:
    """The package each folder with an ``__init__.py`` must install as."""
    found = set()
    for top in ("hhtools", "grammars"):
        for init in (root / top).rglob("__init__.py"):
            rel = init.parent.relative_to(root).parts
            found.add(".".join(("hhtools", "grammars", *rel[1:]) if top == "grammars" else rel))
    return found


def test_setuptools_installs_every_package(monkeypatch: pytest.MonkeyPatch) -> None:
    # what setuptools itself makes of setup.py and pyproject.toml, stopped before building
    pytest.importorskip("setuptools", reason="setuptools is not installed (Python 3.12+ venv)")
    from setuptools._distutils.core import run_setup

    monkeypatch.chdir(ROOT)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # [tool.setuptools] is "beta" in setuptools < 68
        dist = run_setup(str(ROOT / "setup.py"), stop_after="config")
    assert set(dist.packages) == _folders(ROOT)
    assert dist.package_dir == {"hhtools.grammars": "grammars"}
    assert "hhtools.grammars.pokerstars" in dist.packages
    # the typing marker, and the files hhtools serve sends to the browser (its
    # scripts, styles and icon: the pages load nothing from elsewhere)
    assert dist.package_data == {"hhtools": ["py.typed", "serve/static/*"]}
    static = {p.name for p in (ROOT / "hhtools" / "serve" / "static").iterdir()}
    assert {"hhtools.css", "hh-core.js", "hh-pages.js", "hh-replay.js"} <= static


def test_a_new_site_package_needs_no_line(tmp_path: Path) -> None:
    packages = runpy.run_path(str(ROOT / "setup.py"), run_name="setup")["packages"]
    for folder in ("hhtools", "hhtools/store", "grammars", "grammars/newsite",
                   "grammars/newsite/parts", "grammars/not_a_package"):  # fmt: skip
        (tmp_path / folder).mkdir(parents=True)
        if folder != "grammars/not_a_package":
            (tmp_path / folder / "__init__.py").write_text("")
    assert packages(tmp_path) == [
        "hhtools", "hhtools.store", "hhtools.grammars", "hhtools.grammars.newsite",
        "hhtools.grammars.newsite.parts",
    ]  # fmt: skip
    assert set(packages(tmp_path)) == _folders(tmp_path)


def test_pyproject_lists_no_package_by_hand() -> None:
    import tomllib

    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert "packages" not in conf
