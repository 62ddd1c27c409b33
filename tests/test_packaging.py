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


def test_cython_finds_a_grammars_pxd_by_its_installed_name(tmp_path: Path) -> None:
    # actions.pxd cimports hhtools.grammars.pokerstars.state: Cython looks for
    # hhtools/grammars/pokerstars/state.pxd, a folder the checkout does not have
    setup = runpy.run_path(str(ROOT / "setup.py"), run_name="setup")
    (tmp_path / "grammars" / "site").mkdir(parents=True)
    text = "cdef class S:\n    cdef public object x\n"
    (tmp_path / "grammars" / "site" / "state.pxd").write_text(text)
    top = setup["cython_include"](tmp_path)
    assert top == tmp_path / "build" / "cython_include"
    copy = top / "hhtools" / "grammars" / "site" / "state.pxd"
    assert copy.read_text() == text
    for folder in ("hhtools", "hhtools/grammars", "hhtools/grammars/site"):
        assert (top / folder / "__init__.pxd").read_text() == ""
    # a copy of the same text is left alone (Cython retranslates what a newer .pxd feeds)
    stamp = copy.stat().st_mtime_ns
    setup["cython_include"](tmp_path)
    assert copy.stat().st_mtime_ns == stamp
    # what the manifest says each extension needs: the modules its .pxd cimports
    names = ["hhtools.grammars.pokerstars.actions", "hhtools.grammars.pokerstars.seats",
             "hhtools.grammars.pokerstars.state", "hhtools.grammars.pokerstars.summary",
             "hhtools.rules.pots"]  # fmt: skip
    # (the cimport lines of actions.pxd, seats.pxd and summary.pxd: a99a4ad made the
    # body loop cimport the plain and summary readers; actions builds its returns by
    # quick.built)
    plain, state = "hhtools.grammars.pokerstars.plain", "hhtools.grammars.pokerstars.state"
    needs = {names[0]: [plain, state, names[3], "hhtools.model.quick"], names[1]: [plain, state],
             names[3]: [plain, state]}  # fmt: skip
    assert setup["needs"](dict.fromkeys(names, "")) == needs
    # state not built (a compile error): actions and seats still need it, so they run
    # as Python too (hhtools._core finds state not compiled)
    assert setup["needs"](dict.fromkeys(names[:2], "")) == {n: needs[n] for n in names[:2]}
