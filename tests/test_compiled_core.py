"""The compiled core and its switch (hhtools._core): both paths read alike.

The hot modules compiled by Cython (setup.py's ``CORE``) are built from their own ``.py``
files; ``hhtools._core`` loads a module's extension only while its ``.py`` is unchanged
since the build and ``HHTOOLS_PURE`` is unset. These tests check the switch itself on
files made here (no compiler needed), then, where ``pip install -e .`` compiled modules,
that the compiled and the pure path give the very same records, problems, settlements and
findings (benchmarks/compare_readings.py, once under each path) and that an edited ``.py``
runs as Python.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from hhtools import _core

from .conftest import CORPUS, ROOT, SHARED

SO = EXTENSION_SUFFIXES[0]


def _tree(tmp_path: Path) -> tuple[Path, dict[str, object]]:
    """A package root with two 'compiled' modules (an extension file beside each .py; the
    extensions are never loaded here) and the manifest a build would write for them."""
    rules = tmp_path / "hhtools" / "rules"
    rules.mkdir(parents=True)
    (rules / "fast.py").write_text("X = 1\n")
    (rules / f"fast{SO}").write_bytes(b"")
    package = tmp_path / "grammars" / "site"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("Y = 2\n")
    (package / f"__init__{SO}").write_bytes(b"")

    def digest(p: Path) -> str:
        return hashlib.sha256(p.read_bytes()).hexdigest()

    manifest: dict[str, object] = {
        "cython": "3.3.1",
        "planned": ["hhtools.grammars.site", "hhtools.rules.fast"],
        "modules": {
            "hhtools.rules.fast": digest(rules / "fast.py"),
            "hhtools.grammars.site": digest(package / "__init__.py"),
        },
    }
    return tmp_path, manifest


def test_finder_loads_the_extension_only_when_built_from_the_py_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(_core.PURE_ENV, raising=False)
    root, manifest = _tree(tmp_path)
    rules, grammars = str(root / "hhtools" / "rules"), str(root / "grammars")
    finder = _core.CoreFinder(manifest)
    spec = finder.find_spec("hhtools.rules.fast", [rules])
    assert spec is not None and spec.origin == os.path.join(rules, "fast" + SO)
    # the checkout's folder name reaches the same manifest entry, a package by its __init__
    spec = finder.find_spec("grammars.site", [grammars])
    assert spec is not None and spec.origin == os.path.join(grammars, "site", "__init__" + SO)
    assert spec.submodule_search_locations == [os.path.join(grammars, "site")]
    assert finder.loaded == {"hhtools.rules.fast": "compiled", "hhtools.grammars.site": "compiled"}
    # a module with no extension beside it is left to the usual finders
    (root / "hhtools" / "rules" / "plain.py").write_text("Z = 3\n")
    assert finder.find_spec("hhtools.rules.plain", [rules]) is None
    # a module of another package is never looked at
    assert finder.find_spec("fast", [rules]) is None


def test_finder_loads_the_py_when_edited_unknown_or_pure(tmp_path: Path) -> None:
    root, manifest = _tree(tmp_path)
    rules = str(root / "hhtools" / "rules")
    source = os.path.join(rules, "fast.py")
    with open(source, "a") as fh:
        fh.write("# edited after the build\n")
    finder = _core.CoreFinder(manifest, pure=False)
    spec = finder.find_spec("hhtools.rules.fast", [rules])
    assert spec is not None and spec.origin == source
    assert finder.loaded == {"hhtools.rules.fast": "stale"}
    # an extension the manifest does not name (a build that did not finish) is not trusted
    spec = _core.CoreFinder({"modules": {}}, pure=False).find_spec("hhtools.rules.fast", [rules])
    assert spec is not None and spec.origin == source
    # HHTOOLS_PURE: the .py of an unchanged module too
    grammars = str(root / "grammars")
    finder = _core.CoreFinder(manifest, pure=True)
    spec = finder.find_spec("hhtools.grammars.site", [grammars])
    assert spec is not None and spec.origin == os.path.join(grammars, "site", "__init__.py")
    assert finder.loaded == {"hhtools.grammars.site": "pure"}


def test_a_list_in_hhtools_pure_runs_only_those_modules_as_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, manifest = _tree(tmp_path)
    monkeypatch.setenv(_core.PURE_ENV, "hhtools.rules")  # a package: every module under it
    finder = _core.CoreFinder(manifest)
    rules, grammars = str(root / "hhtools" / "rules"), str(root / "grammars")
    spec = finder.find_spec("hhtools.rules.fast", [rules])
    assert spec is not None and spec.origin == os.path.join(rules, "fast.py")
    spec = finder.find_spec("hhtools.grammars.site", [grammars])
    assert spec is not None and spec.origin == os.path.join(grammars, "site", "__init__" + SO)
    assert not _core.pure_requested()
    assert _core.describe(root, manifest) == (
        "compiled core, but HHTOOLS_PURE runs these as Python: hhtools.rules"
    )


def test_a_module_that_cimports_another_runs_compiled_only_beside_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # actions.pxd cimports state's C type: a compiled actions beside a pure state fails to
    # import (the type it imports is not one), so it runs as its .py too
    monkeypatch.delenv(_core.PURE_ENV, raising=False)
    root, manifest = _tree(tmp_path)
    package = root / "grammars" / "site"
    for leaf in ("state", "actions"):
        (package / f"{leaf}.py").write_text(f"# {leaf}\n")
        (package / f"{leaf}{SO}").write_bytes(b"")
    built = manifest["modules"]
    assert isinstance(built, dict)
    for leaf in ("state", "actions"):
        built[f"hhtools.grammars.site.{leaf}"] = hashlib.sha256(
            (package / f"{leaf}.py").read_bytes()).hexdigest()  # fmt: skip
    manifest["planned"] = sorted(built)
    manifest["needs"] = {"hhtools.grammars.site.actions": ["hhtools.grammars.site.state"]}
    folder = [str(package)]
    finder = _core.CoreFinder(manifest)
    spec = finder.find_spec("hhtools.grammars.site.actions", folder)
    assert spec is not None and spec.origin == str(package / f"actions{SO}")
    assert finder.loaded["hhtools.grammars.site.actions"] == "compiled"
    # the module it needs named in HHTOOLS_PURE: both run as Python
    monkeypatch.setenv(_core.PURE_ENV, "hhtools.grammars.site.state")
    finder = _core.CoreFinder(manifest)
    spec = finder.find_spec("hhtools.grammars.site.actions", folder)
    assert spec is not None and spec.origin == str(package / "actions.py")
    assert finder.loaded["hhtools.grammars.site.actions"] == "pure"
    # the module it needs edited since the build: both run as Python, and say so
    monkeypatch.delenv(_core.PURE_ENV)
    with open(package / "state.py", "a") as fh:
        fh.write("# edited\n")
    finder = _core.CoreFinder(manifest)
    spec = finder.find_spec("hhtools.grammars.site.actions", folder)
    assert spec is not None and spec.origin == str(package / "actions.py")
    assert finder.loaded["hhtools.grammars.site.actions"] == "stale"
    ways = _core.status(root, manifest)
    assert ways["hhtools.grammars.site.state"] == ways["hhtools.grammars.site.actions"] == "stale"
    assert ways["hhtools.rules.fast"] == "compiled"


def test_describe_names_the_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(_core.PURE_ENV, raising=False)
    root, manifest = _tree(tmp_path)
    assert _core.status(root, manifest) == {
        "hhtools.grammars.site": "compiled",
        "hhtools.rules.fast": "compiled",
    }
    assert _core.describe(root, manifest) == "compiled core: 2 of 2 modules (Cython 3.3.1)"
    monkeypatch.setenv(_core.PURE_ENV, "1")
    assert _core.describe(root, manifest) == "pure Python (HHTOOLS_PURE=1)"
    monkeypatch.setenv(_core.PURE_ENV, "0")
    with open(root / "hhtools" / "rules" / "fast.py", "a") as fh:
        fh.write("# edited\n")
    assert _core.describe(root, manifest) == (
        "compiled core: 1 of 2 modules (Cython 3.3.1); 1 module changed since the build"
        " run as Python (pip install -e . again rebuilds it)"
    )
    with open(root / "grammars" / "site" / "__init__.py", "a") as fh:
        fh.write("# edited\n")
    assert _core.describe(root, manifest) == (
        "pure Python: 2 modules changed since the build (pip install -e . again rebuilds them)"
    )
    failed = {"cython": "3.3.1", "planned": ["hhtools.rules.fast"], "modules": {}}
    assert _core.describe(root, failed).startswith("pure Python (the build compiled no module")
    assert _core.describe(root, {}) == "pure Python (no compiled core was built)"


# --------------------------------------------------------------- the installed build


def _compiled() -> list[str]:
    """The modules of this checkout's build that run compiled, or skip."""
    names = [name for name, way in _core.status().items() if way == "compiled"]
    if not names:
        pytest.skip(f"no compiled module here ({_core.describe()}): nothing to compare")
    return names


def _python(code: str, pure: bool, **env: str) -> str:
    """Run ``code`` in a fresh interpreter under one path; its stdout."""
    environ = {**os.environ, _core.PURE_ENV: "1" if pure else "0", **env}
    done = subprocess.run([sys.executable, "-c", code], env=environ, capture_output=True,
                          text=True, check=True, cwd=ROOT)  # fmt: skip
    return done.stdout


def test_each_path_loads_what_it_says() -> None:
    names = _compiled()
    code = ("import importlib, hhtools._core as c\n"
            f"for n in {names!r}:\n"
            "    m = importlib.import_module(n)\n"
            "    print(m.__spec__.origin, m.__file__)\n"
            "print(c.describe())")  # fmt: skip
    *files, line = _python(code, pure=False).splitlines()
    # the extension runs; __file__ names the .py it was built from (tracebacks, doctests)
    assert all(f.split()[0].endswith(SO) and f.split()[1].endswith(".py") for f in files), files
    assert line.startswith(f"compiled core: {len(names)} of ")
    *files, line = _python(code, pure=True).splitlines()
    assert all(f.split()[0].endswith(".py") for f in files), files
    assert line == "pure Python (HHTOOLS_PURE=1)"


#: the hand states that are C types when compiled: (module, code run, what it prints
#: compiled, what it prints as Python). PokerStars' state.pxd declares its _Hand (actions,
#: seats and summary .pxd cimport it): a type Python cannot extend by assignment, the same
#: slots as Python. The kernel's _betting.pxd declares _State (the quick readers' .pxd
#: cimport it, its line methods called in C): the kernel's Hand, a Python subclass, keeps
#: a __dict__ for its own attributes.
_STARS = ("from hhtools.grammars.pokerstars import actions, state\nh = actions._Body('f', 3)\n"
          "print(type(vars(state._Hand)['actions']).__name__, hasattr(h, '__dict__'), h.line,"
          " h.first_line, h.problems, h.street.value, isinstance(h, state._Hand))")
_KERNEL = ("from hhtools.grammars import _betting, _hand\nh = _hand.Hand('f', 3)\n"
           "h.fold('Ann', 4)\nprint(type(vars(_betting._State).get('bets')).__name__,"
           " hasattr(h, '__dict__'), h.line, h.street.value, h.highest, sorted(h.folded))")
C_TYPES = [
    ("hhtools.grammars.pokerstars.state", _STARS, "getset_descriptor False 3 3 [] preflop True",
     "member_descriptor False 3 3 [] preflop True"),
    ("hhtools.grammars._betting", _KERNEL, "getset_descriptor True 3 preflop 0 ['Ann']",
     "NoneType True 3 preflop 0 ['Ann']"),
]  # fmt: skip


@pytest.mark.parametrize(("module", "code", "compiled", "pure"), C_TYPES)
def test_a_hand_state_is_a_c_type_when_compiled(
    module: str, code: str, compiled: str, pure: str
) -> None:
    if _core.status().get(module) != "compiled":
        pytest.skip(f"{module} is not compiled here")
    assert _python(code, pure=False).split() == compiled.split()
    assert _python(code, pure=True).split() == pure.split()


def test_an_edited_py_runs_as_python_in_a_copied_tree(tmp_path: Path) -> None:
    names = _compiled()
    edited, kept = names[0], names[-1]
    copy = tmp_path / "hhtools"
    skip = shutil.ignore_patterns("__pycache__", "*.c")
    # the package as a wheel lays it out, grammars/ inside it (a checkout may link it there)
    shutil.copytree(ROOT / "hhtools", copy, ignore=shutil.ignore_patterns("grammars", "*.c"))
    shutil.copytree(ROOT / "grammars", copy / "grammars", ignore=skip)
    source = _core._source_of(tmp_path, edited)
    assert source is not None
    with open(source, "a") as fh:
        fh.write("\n# edited after the build\n")
    code = ("import importlib, hhtools._core as c\n"
            f"print(importlib.import_module({edited!r}).__spec__.origin)\n"
            f"print(importlib.import_module({kept!r}).__spec__.origin)\n"
            f"print(c.status()[{edited!r}], c.status()[{kept!r}])")  # fmt: skip
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=tmp_path,
                         env={**os.environ, "PYTHONPATH": str(tmp_path), _core.PURE_ENV: "0"})
    first, second, line = out.stdout.splitlines()
    assert first == str(source)
    assert second.startswith(str(tmp_path)) and second.endswith(SO)
    assert line == "stale compiled"


def _snapshot(out: Path, paths: list[Path], pure: bool) -> list[str]:
    """compare_readings' snapshot of the paths under one path, as its lines."""
    script = ROOT / "benchmarks" / "compare_readings.py"
    environ = {**os.environ, _core.PURE_ENV: "1" if pure else "0"}
    cmd = [sys.executable, str(script), "snapshot", str(out), *map(str, paths), "-j", "1"]
    subprocess.run(cmd, env=environ, check=True, capture_output=True, cwd=ROOT)
    with gzip.open(out, "rt", encoding="utf-8") as fh:
        return fh.read().splitlines()


def _same(tmp_path: Path, paths: list[Path]) -> int:
    pure = _snapshot(tmp_path / "pure.jsonl.gz", paths, pure=True)
    compiled = _snapshot(tmp_path / "compiled.jsonl.gz", paths, pure=False)
    assert len(compiled) == len(pure)
    different = [(a, b) for a, b in zip(pure, compiled, strict=True) if a != b]
    assert not different, different[:2]
    return len(pure)


def test_the_plain_line_readers_run_only_compiled() -> None:
    # 888poker's and PartyPoker's quick readers (and the _digits they cimport) are tried
    # first on each body line where compiled, never as Python; both paths read every hand
    # alike (the tests below, and tests/test_poker888_quick.py, test_partypoker_quick.py)
    if any(_core.status().get(n) != "compiled" for n in (
            "hhtools.grammars._digits", "hhtools.grammars.poker888.quick",
            "hhtools.grammars.partypoker.quick")):  # fmt: skip
        pytest.skip("the quick readers are not compiled here")
    code = ("import hhtools.grammars.partypoker as p\n"
            "from hhtools.grammars.poker888 import read\n"
            "print(read.QUICK is not None, p.QUICK is not None)")  # fmt: skip
    assert _python(code, pure=False).split() == ["True", "True"]
    assert _python(code, pure=True).split() == ["False", "False"]


def test_the_older_wpn_lines_run_compiled_and_read_as_python(tmp_path: Path) -> None:
    # grammars/winning/old_lines.py (typed by old_lines.pxd: the line a C str, the hand the
    # kernel's C type) reads every body and summary line of the older WPN format: a
    # Cython function where compiled, a Python one as Python; the fixtures of both WPN
    # formats (23 files, at least a hand each) read alike on both paths
    module = "hhtools.grammars.winning.old_lines"
    if _core.status().get(module) != "compiled":
        pytest.skip(f"{module} is not compiled here")
    code = f"import {module} as o\nprint(type(o.read_line).__name__)"
    assert _python(code, pure=False).split() == ["cython_function_or_method"]
    assert _python(code, pure=True).split() == ["function"]
    folder = ROOT / "tests" / "fixtures" / "winning"
    assert _same(tmp_path, [folder]) >= 23


def test_both_paths_read_the_bundled_histories_alike(tmp_path: Path) -> None:
    _compiled()
    paths = [ROOT / "sample_histories", ROOT / "tests" / "fixtures"]
    assert _same(tmp_path, paths) > 100


def test_both_paths_read_the_corpora_and_generated_hands_alike(
    tmp_path: Path, generated: object
) -> None:
    _compiled()
    if not CORPUS.is_dir():
        pytest.skip(f"real hand histories not found at {CORPUS} (../shared is only beside CI)")
    folder, _truth = generated(2000, 100)  # type: ignore[operator]
    paths = [CORPUS, SHARED / "corpus2", folder]
    assert _same(tmp_path, paths) > 2000 + 500  # the corpora hold about 700 hands
