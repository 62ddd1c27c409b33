"""The packages to install, found by themselves, and the compiled core
(``pyproject.toml`` holds the rest).

Every package under ``hhtools/`` keeps its name; every package under ``grammars/`` is
installed as ``hhtools.grammars.<name>`` (``pyproject.toml`` maps the folder:
``[tool.setuptools.package-dir]``). So a new site package under ``grammars/`` needs no
line here or in ``pyproject.toml``. setuptools' own ``find`` cannot do this alone: it
names a package by its folder under ``where``, with no prefix.

The compiled core: Cython compiles the hot modules listed in ``CORE`` from their ``.py``
files (pure-Python mode; a ``.pxd`` beside a ``.py`` may add C types), each one optional:
without Cython or a C compiler, or when one module fails, the install goes on and that
module runs as its ``.py``. The build writes ``hhtools/_compiled.json`` (each compiled
module and the sha256 of the ``.py`` it was built from), which ``hhtools._core`` reads to
load an extension only while its ``.py`` is unchanged. See docs/architecture.md, "The
compiled core".
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent

#: the hot modules compiled by Cython, as paths from the repository's top: the grammar
#: kernel and the PokerStars grammar, settling and the procedure replay, pots, awards and
#: the evaluator (and its hold'em reading, any_five.pxd), money and cards, the records'
#: builders (slots written in C: quick.pxd),
#: the plain lines of Winamax, GGPoker and KingsClub read from their text (``_plain``,
#: typed by _plain.pxd, and each site's ``plain``: untyped, on the kernel's hand),
#: WPN's lines (the older format's ``winning/old_lines`` typed by its .pxd; the newer
#: format's ``new`` and the summary words' ``words`` untyped), Bovada's (untyped),
#: the XML kernel and the XML formats read through it (Boss, Everest, iPoker, Merge,
#: Microgaming: untyped, 0.84 to 0.96 of the same code run as Python),
#: the board-class loops of all-in equity (``hhtools ev``; typed by class_count.pxd), and
#: the loops making a batch's int, bool and text columns Arrow arrays (flatten_columns.pxd)
#: and its ``actions`` columns straight from the records (action_columns.pxd),
#: and the seats rows with their results and statistics facts (the tally of a hand's
#: actions a C type: seat_stats.pxd). Each saves CPU per hand on the import's hot path
#: (benchmarks/bench_paths.py measures it); the other tables' rows saved too little for
#: the build time they cost, and so did the modules under 1% of a hand's CPU.
CORE = [
    "grammars/_betting.py",
    "grammars/_digits.py",
    "grammars/_english.py",
    "grammars/_hand.py",
    "grammars/_inferred.py",
    "grammars/_lines.py",
    "grammars/_plain.py",
    "grammars/_pots.py",
    "grammars/_record.py",
    "grammars/_spaces.py",
    "grammars/_valid.py",
    "grammars/_xml.py",
    "grammars/boss.py",
    "grammars/bovada.py",
    "grammars/everest.py",
    "grammars/ggpoker/plain.py",
    "grammars/ipoker/__init__.py",
    "grammars/ipoker/read.py",
    "grammars/kingsclub/plain.py",
    "grammars/merge.py",
    "grammars/microgaming.py",
    "grammars/partypoker/quick.py",
    "grammars/poker888/quick.py",
    "grammars/pokerstars/__init__.py",
    "grammars/pokerstars/actions.py",
    "grammars/pokerstars/clock.py",
    "grammars/pokerstars/crosscheck.py",
    "grammars/pokerstars/header.py",
    "grammars/pokerstars/plain.py",
    "grammars/pokerstars/seats.py",
    "grammars/pokerstars/state.py",
    "grammars/pokerstars/summary.py",
    "grammars/winamax/plain.py",
    "grammars/winning/new.py",
    "grammars/winning/old_lines.py",
    "grammars/winning/words.py",
    "hhtools/audit/__init__.py",
    "hhtools/audit/context.py",
    "hhtools/audit/settle.py",
    "hhtools/audit/checks/procedure/_table.py",
    "hhtools/audit/checks/procedure/blinds.py",
    "hhtools/audit/checks/procedure/order.py",
    "hhtools/audit/checks/procedure/sizes.py",
    "hhtools/rules/any_five.py",
    "hhtools/rules/class_count.py",
    "hhtools/rules/evaluator.py",
    "hhtools/rules/holes.py",
    "hhtools/rules/pots.py",
    "hhtools/rules/settlement.py",
    "hhtools/model/cards.py",
    "hhtools/model/money.py",
    "hhtools/model/quick.py",
    "hhtools/store/action_columns.py",
    "hhtools/store/flatten_columns.py",
    "hhtools/store/seat_results.py",
    "hhtools/store/seat_stats.py",
    "hhtools/store/tables/seats.py",
]

#: Cython's directives for every module: Python 3 semantics; functions that behave as
#: Python's (docstrings, signatures, doctests, introspection); annotations NOT read as C
#: types (a bool or an IntEnum passed where ``int`` is annotated must work as in Python);
#: no ``__test__`` dict (doctest finds the compiled functions' docstrings itself)
DIRECTIVES = {"language_level": 3, "binding": True, "annotation_typing": False,
              "autotestdict": False}  # doctest finds the docstrings of compiled functions

#: C compiler options after Python's own (-O3 -g): -O2 without debug information compiles
#: in about two thirds of the time (the generated C is Python API calls, mostly)
COMPILE_ARGS = [] if sys.platform == "win32" else ["-O2", "-g0"]

#: the manifest ``hhtools._core`` reads, relative to the package's folder
MANIFEST = "hhtools/_compiled.json"


def module_name(path: str) -> str:
    """The installed module name of a ``.py`` under the repository's top.

    >>> module_name("grammars/pokerstars/actions.py")
    'hhtools.grammars.pokerstars.actions'
    >>> module_name("hhtools/audit/__init__.py")
    'hhtools.audit.__init__'
    """
    parts = list(Path(path).with_suffix("").parts)
    if parts[0] == "grammars":
        parts.insert(0, "hhtools")
    return ".".join(parts)


def _manifest_name(extension: str) -> str:
    """The name ``hhtools._core`` knows a module by: a package's, not its ``__init__``'s."""
    return extension.removesuffix(".__init__")


def _digest(extension: str) -> str:
    """The sha256 of the ``.py`` an extension is built from (what the manifest records)."""
    return hashlib.sha256((ROOT / CORE_SOURCES[extension]).read_bytes()).hexdigest()


class OptionalBuildExt(build_ext):
    """``build_ext`` where every extension is optional: a module Cython cannot translate,
    or a C compiler missing or failing, leaves that module to run as its ``.py``; then
    the manifest of what was built, with the sha256 of each ``.py``."""

    def finalize_options(self) -> None:
        """Translate the modules with Cython (setuptools then compiles the C), on every
        core (``-j``) unless told otherwise."""
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1
        self.core_built: dict[str, str] = {}
        modules = self.distribution.ext_modules or []
        self.core_planned = [_manifest_name(ext.name) for ext in modules]
        before = {ext.name: _digest(ext.name) for ext in modules}
        translated = self._translated(modules)
        # a .py edited while Cython read it: its C may be of either text, so not compiled
        self.core_digests = {n: d for n, d in before.items() if _digest(n) == d}
        self.distribution.ext_modules = [e for e in translated if e.name in self.core_digests]
        super().finalize_options()

    def run(self) -> None:
        """Compile what Cython translated, then write the manifest."""
        if self.extensions:
            super().run()
        self._write_manifest(self.core_planned)

    def _translated(self, extensions: list[Extension]) -> list[Extension]:
        """The extensions with their C sources from Cython; those it fails on left out."""
        if not extensions:
            return []
        try:
            from Cython.Build import cythonize
        except ImportError:
            print("hhtools: Cython not found; every module runs as Python")
            return []
        options = {"compiler_directives": DIRECTIVES, "build_dir": "build/cython", "quiet": True,
                   "include_path": [str(cython_include())]}
        try:
            return list(cythonize(extensions, nthreads=int(self.parallel or 0), **options))
        except Exception:  # noqa: BLE001 - one bad module must not cost the others
            out = []
            for ext in extensions:
                try:
                    out.extend(cythonize([ext], **options))
                except Exception as err:  # noqa: BLE001
                    print(f"hhtools: Cython could not translate {ext.name}: {err}")
            return out

    def build_extension(self, ext: Extension) -> None:
        """Compile one extension; a failure is reported and leaves the ``.py`` to run."""
        try:
            super().build_extension(ext)
        except Exception as err:  # noqa: BLE001 - no compiler, or a compile error
            print(f"hhtools: could not compile {ext.name} ({err}); it runs as Python")
            return
        self.core_built[_manifest_name(ext.name)] = self.core_digests[ext.name]

    def _write_manifest(self, planned: list[str]) -> None:
        """Write the manifest into the build and, for an in-place or editable build, the
        source tree (where the extensions are copied)."""
        try:
            from Cython import __version__ as cython
        except ImportError:
            cython = None
        data = {"cython": cython, "planned": sorted(planned), "modules": self.core_built,
                "needs": needs(self.core_built)}
        text = json.dumps(data, indent=1, sort_keys=True) + "\n"
        targets = [Path(self.build_lib) / MANIFEST]
        if self.inplace or getattr(self, "editable_mode", False):
            targets.append(ROOT / MANIFEST)
        for target in targets:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")


def cython_include(root: Path = ROOT) -> Path:
    """The folder Cython finds cimported ``.pxd`` files in by their installed names:
    ``hhtools/grammars/...`` holds a copy of every ``.pxd`` under ``grammars/`` (the
    checkout has no ``hhtools/grammars`` folder: ``pyproject.toml`` maps it), with an
    empty ``__init__.pxd`` in each package on the way, so that ``actions.pxd``'s
    ``from hhtools.grammars.pokerstars.state cimport _Hand`` is found (and the C type
    imported at run time from the module of that name). A copy is rewritten only when
    its text changed (Cython retranslates what depends on a newer ``.pxd``).

    Returns:
        ``root/build/cython_include``.
    """
    top = root / "build" / "cython_include"
    for pxd in sorted((root / "grammars").rglob("*.pxd")):
        rel = pxd.relative_to(root / "grammars")
        target = top / "hhtools" / "grammars" / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        text = pxd.read_bytes()
        if not target.is_file() or target.read_bytes() != text:
            target.write_bytes(text)
        folder = target.parent
        while folder != top:
            (folder / "__init__.pxd").touch(exist_ok=True)
            folder = folder.parent
    return top


def needs(built: dict[str, str], root: Path = ROOT) -> dict[str, list[str]]:
    """Each compiled module whose ``.pxd`` cimports another module of ``CORE`` (its C type
    is imported from that module when the extension loads, so ``hhtools._core`` loads
    the extension only while that module runs compiled too: not when it failed to
    build, was edited since, or runs as Python), by installed name.

    >>> needs({"hhtools.grammars.pokerstars.actions": "", "hhtools.grammars.pokerstars.state": ""})
    {'hhtools.grammars.pokerstars.actions': ['hhtools.grammars.pokerstars.state']}
    """
    core = {_manifest_name(name) for name in CORE_SOURCES}
    out: dict[str, list[str]] = {}
    for name in sorted(built):
        source = CORE_SOURCES.get(name) or CORE_SOURCES.get(name + ".__init__")
        pxd = (root / source).with_suffix(".pxd") if source else None
        if pxd is None or not pxd.is_file():
            continue
        deps = sorted({line.split()[1] for line in pxd.read_text(encoding="utf-8").splitlines()
                       if line.startswith("from ") and " cimport " in line
                       and line.split()[1] in core})  # fmt: skip
        if deps:
            out[name] = deps
    return out


#: extension name -> its ``.py`` (the file the manifest hashes)
CORE_SOURCES = {module_name(path): path for path in CORE}


def extensions(root: Path = ROOT) -> list[Extension]:
    """One optional extension per module of ``CORE`` whose ``.py`` exists."""
    return [
        Extension(module_name(path), [path], optional=True, extra_compile_args=COMPILE_ARGS)
        for path in CORE
        if (root / path).is_file()
    ]


def packages(root: Path = ROOT) -> list[str]:
    """Every package to install: ``hhtools`` and its subpackages, then
    ``hhtools.grammars`` and one ``hhtools.grammars.<name>`` per folder with an
    ``__init__.py`` under ``root/grammars`` (nested ones as ``<name>.<sub>``)."""
    own = find_packages(str(root), include=["hhtools", "hhtools.*"])
    grammars = find_packages(str(root / "grammars"))
    return sorted(own) + ["hhtools.grammars", *sorted(f"hhtools.grammars.{p}" for p in grammars)]


if __name__ == "__main__":
    setup(packages=packages(), ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
