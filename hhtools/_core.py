"""The compiled core's switch: each hot module runs compiled, or as its own ``.py``.

``setup.py`` compiles a list of the project's own hot modules with Cython in its
pure-Python mode: the extension is built from the ``.py`` itself, so the ``.py`` is the
reference, the fallback and the only place a rule is written. The build writes a manifest
beside this file, ``_compiled.json``: each compiled module's name and the sha256 of the
``.py`` it was built from.

``install()`` (run by ``import hhtools``, before any other module of the package loads)
puts a finder first on ``sys.meta_path``. For a module that has a compiled extension
beside its ``.py`` it loads the extension only when the manifest names the module with
the sha256 of the ``.py`` as it is now, and ``HHTOOLS_PURE`` is unset (or ``0``);
otherwise it loads the ``.py``. So an edited ``.py`` always takes effect, a half-finished
build never runs, ``HHTOOLS_PURE=1`` runs everything pure, and ``HHTOOLS_PURE`` set to a
comma list of module or package names runs those pure (to measure what each saves).
``describe()`` says which path runs. This module imports nothing of hhtools (it sits at
the model layer).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec
from importlib.util import spec_from_file_location
from pathlib import Path
from types import ModuleType

#: the environment variable that runs every module as its ``.py``
PURE_ENV = "HHTOOLS_PURE"
#: the build's manifest: ``{"cython": version, "planned": [names], "modules": {name: sha256}}``
MANIFEST = Path(__file__).with_name("_compiled.json")
#: the package prefixes the finder looks at; ``grammars.`` is the checkout's folder name
#: for ``hhtools.grammars`` (pytest's doctests import the folder under it)
_PREFIXES = ("hhtools.", "grammars.")


def pure_requested() -> bool:
    """True when ``HHTOOLS_PURE`` asks for the pure-Python path everywhere (set, not
    ``0``, and no list of modules)."""
    value = os.environ.get(PURE_ENV, "")
    return value not in ("", "0") and not pure_modules(value)


def pure_modules(value: str | None = None) -> tuple[str, ...]:
    """The modules ``HHTOOLS_PURE`` names to run as Python, when it is a comma list of
    module or package names (a package covers every module under it); ``()`` otherwise.
    For measuring what each compiled module saves.

    >>> pure_modules("hhtools.audit, hhtools.rules.pots")
    ('hhtools.audit', 'hhtools.rules.pots')
    >>> pure_modules("1")
    ()
    """
    value = os.environ.get(PURE_ENV, "") if value is None else value
    names = tuple(n.strip() for n in value.split(",") if n.strip())
    return names if names and all("." in n for n in names) else ()


def canonical(name: str) -> str:
    """The installed name of a module: ``grammars.x`` (the checkout's folder) is
    ``hhtools.grammars.x``; any other name is returned as it is.

    >>> canonical("grammars._betting")
    'hhtools.grammars._betting'
    >>> canonical("hhtools.rules.pots")
    'hhtools.rules.pots'
    """
    return "hhtools." + name if name.startswith("grammars.") else name


def sha256_of(path: Path | str) -> str:
    """The hex sha256 of a file's bytes (how the manifest names a module's source).

    Raises:
        OSError: the file cannot be read.
    """
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def read_manifest(path: Path = MANIFEST) -> dict[str, object]:
    """The build's manifest, or ``{}`` when there is none (no compiled core was built)
    or it cannot be read (then no extension is trusted)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _extension_beside(folder: str, stem: str) -> str | None:
    """The compiled extension ``folder/stem<suffix>`` for this interpreter, if present."""
    for suffix in EXTENSION_SUFFIXES:
        candidate = os.path.join(folder, stem + suffix)
        if os.path.isfile(candidate):
            return candidate
    return None


class CompiledLoader(ExtensionFileLoader):
    """Loads a compiled module and names its ``.py`` as its ``__file__``: the source it
    was built from, which tracebacks, ``inspect`` and pytest's doctest collection read
    (``__spec__.origin`` names the extension)."""

    def __init__(self, name: str, path: str, source: str):
        super().__init__(name, path)
        self.source = source

    def exec_module(self, module: ModuleType) -> None:
        """Run the extension's module code, then point ``__file__`` at the ``.py``."""
        super().exec_module(module)
        module.__file__ = self.source


class CoreFinder(MetaPathFinder):
    """Loads a compiled module's extension only when it was built from today's ``.py``.

    Args:
        manifest: the build's manifest (see ``MANIFEST``); read from disk by default.
        pure: run every module as its ``.py``; ``HHTOOLS_PURE`` by default.

    ``loaded`` records, per installed module name, the path each import took:
    ``"compiled"``, ``"pure"`` (asked for), or ``"stale"`` (the ``.py`` changed since
    the build, or the manifest does not name it).
    """

    def __init__(self, manifest: dict[str, object] | None = None, pure: bool | None = None):
        data = read_manifest() if manifest is None else manifest
        modules = data.get("modules", {})
        self.built: dict[str, str] = dict(modules) if isinstance(modules, dict) else {}
        needs = data.get("needs", {})
        #: module -> the compiled modules whose C types it cimports (the build's ``needs``)
        self.needs: dict[str, list[str]] = dict(needs) if isinstance(needs, dict) else {}
        self.pure = pure_requested() if pure is None else pure
        self.pure_only = () if pure is not None else pure_modules()
        self.loaded: dict[str, str] = {}
        self._digests: dict[str, str] = {}

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        """The spec of the extension or of the ``.py`` for a module with an extension
        beside it; None (the usual finders) for every other module."""
        if path is None or not fullname.startswith(_PREFIXES):
            return None
        leaf = fullname.rpartition(".")[2]
        for entry in path:
            package = os.path.join(entry, leaf)
            if os.path.isfile(os.path.join(package, "__init__.py")):
                folder, stem, search = package, "__init__", [package]
            else:
                folder, stem, search = entry, leaf, None
            source = os.path.join(folder, stem + ".py")
            if not os.path.isfile(source):
                continue
            extension = _extension_beside(folder, stem)
            if extension is None:
                return None
            name = canonical(fullname)
            way = self._way(name, source)
            self.loaded[name] = way
            if way == "compiled":
                loader = CompiledLoader(fullname, extension, source)
                return spec_from_file_location(
                    fullname, extension, loader=loader, submodule_search_locations=search
                )
            return spec_from_file_location(fullname, source, submodule_search_locations=search)
        return None

    def _way(self, name: str, source: str) -> str:
        """``compiled``, ``pure`` or ``stale`` for a module whose extension exists."""
        if self.pure or any(name == n or name.startswith(n + ".") for n in self.pure_only):
            return "pure"
        want = self.built.get(name)
        if want is None:
            return "stale"
        digest = self._digests.get(source)
        if digest is None:
            try:
                digest = self._digests[source] = sha256_of(source)
            except OSError:
                return "stale"
        if digest != want:
            return "stale"
        # an extension that cimports another's C type runs only beside that extension
        for dep in self.needs.get(name, ()):
            dep_source = _beside(source, name, dep)
            way = "stale" if dep_source is None else self._way(dep, str(dep_source))
            if way != "compiled":
                return way
        return "compiled"


def _beside(source: str, name: str, dep: str) -> Path | None:
    """The ``.py`` of module ``dep``, a module of the same package as ``name`` (whose
    ``.py`` is ``source``); else the one of this installation (:func:`_source_of`)."""
    package, _, _ = name.rpartition(".")
    if dep.rpartition(".")[0] == package and not source.endswith("__init__.py"):
        candidate = Path(source).with_name(dep.rpartition(".")[2] + ".py")
        return candidate if candidate.is_file() else None
    return _source_of(Path(__file__).resolve().parent.parent, dep)


def install() -> CoreFinder:
    """Put the finder first on ``sys.meta_path`` (once per process) and return it."""
    for finder in sys.meta_path:
        if isinstance(finder, CoreFinder):
            return finder
    finder = CoreFinder()
    sys.meta_path.insert(0, finder)
    return finder


def status(root: Path | None = None, manifest: dict[str, object] | None = None) -> dict[str, str]:
    """Each module the build compiled, and the path it runs on: ``compiled``; ``stale``
    (its ``.py`` changed since the build, so the ``.py`` runs); ``missing`` (no extension
    file); ``failed`` (the build could not compile it). Names are installed names.

    Args:
        root: the folder holding the ``hhtools`` package (and, in a checkout,
            ``grammars/``); this installation's by default.
        manifest: the manifest to judge by; the one beside this file by default.
    """
    data = read_manifest() if manifest is None else manifest
    here = Path(__file__).resolve().parent.parent if root is None else root
    built = data.get("modules", {})
    built = built if isinstance(built, dict) else {}
    planned = data.get("planned", sorted(built))
    out: dict[str, str] = {}
    for name in planned if isinstance(planned, list) else []:
        if name not in built:
            out[name] = "failed"
            continue
        source = _source_of(here, name)
        if source is None:
            out[name] = "missing"
            continue
        extension = _extension_beside(str(source.parent), source.stem)
        if extension is None:
            out[name] = "missing"
        elif sha256_of(source) != built[name]:
            out[name] = "stale"
        else:
            out[name] = "compiled"
    needs = data.get("needs", {})
    for name, deps in (needs.items() if isinstance(needs, dict) else ()):
        if out.get(name) == "compiled" and any(out.get(d) != "compiled" for d in deps):
            out[name] = "stale"  # it cimports a C type whose module runs as Python
    return out


def _source_of(root: Path, name: str) -> Path | None:
    """The ``.py`` of an installed module name under ``root`` (a package's
    ``__init__.py``); ``hhtools.grammars`` is ``root/grammars`` in a checkout."""
    parts = name.split(".")
    bases = [root.joinpath(*parts)]
    if parts[:2] == ["hhtools", "grammars"]:
        bases.append(root.joinpath("grammars", *parts[2:]))
    for base in bases:
        for candidate in (base / "__init__.py", base.with_suffix(".py")):
            if candidate.is_file():
                return candidate
    return None


def describe(root: Path | None = None, manifest: dict[str, object] | None = None) -> str:
    """One line saying which path runs: the compiled core (how many of the planned
    modules, and the Cython that built them) or pure Python, and why.

    >>> describe(manifest={})
    'pure Python (no compiled core was built)'
    """
    data = read_manifest() if manifest is None else manifest
    ways = status(root, data)
    if not ways:
        return "pure Python (no compiled core was built)"
    if pure_requested():
        return f"pure Python ({PURE_ENV}=1)"
    if pure_modules():
        return f"compiled core, but {PURE_ENV} runs these as Python: {', '.join(pure_modules())}"
    compiled = sum(way == "compiled" for way in ways.values())
    stale = sum(way == "stale" for way in ways.values())
    if all(way == "failed" for way in ways.values()):
        return "pure Python (the build compiled no module: no C compiler or Cython at install)"
    if compiled == 0 and stale == 0:
        return "pure Python (the compiled modules are missing; run pip install -e . again)"
    rebuild = "pip install -e . again rebuilds " + ("it" if stale == 1 else "them")
    changed = f"{stale} module{'' if stale == 1 else 's'} changed since the build"
    if compiled == 0:
        return f"pure Python: {changed} ({rebuild})"
    head = f"compiled core: {compiled} of {len(ways)} modules (Cython {data.get('cython', '?')})"
    return f"{head}; {changed} run as Python ({rebuild})" if stale else head
