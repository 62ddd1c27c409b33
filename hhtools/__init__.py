"""hhtools: Omaha-family hand histories, audited by the rules, queryable in DuckDB."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hhtools import _core

__version__ = "0.1.0"

#: the compiled core's switch, before any other module of the package loads: a compiled
#: module runs only while its .py is unchanged since the build and HHTOOLS_PURE is unset
_core.install()

if TYPE_CHECKING:  # for type checkers; at run time __getattr__ loads them
    from hhtools.store.api import HandStore, connect  # noqa: F401
    from hhtools.audit import audit_hand  # noqa: F401
    from hhtools.rules.evaluator import best_high, best_low  # noqa: F401
    from hhtools.store.importer import import_paths  # noqa: F401
    from hhtools.ingest.read import parse_file, parse_path  # noqa: F401
    from hhtools.rules.settlement import award_pot, settle_showdown  # noqa: F401

#: public name -> the module that defines it (loaded on first use)
_LAZY = {
    "connect": "hhtools.store.api",
    "HandStore": "hhtools.store.api",
    "parse_file": "hhtools.ingest.read",
    "parse_path": "hhtools.ingest.read",
    "best_high": "hhtools.rules.evaluator",
    "best_low": "hhtools.rules.evaluator",
    "settle_showdown": "hhtools.rules.settlement",
    "award_pot": "hhtools.rules.settlement",
    "audit_hand": "hhtools.audit",
    "import_paths": "hhtools.store.importer",
}

__all__ = sorted(_LAZY)


def __getattr__(name: str) -> Any:
    """Load the heavier parts on first use, so ``import hhtools`` stays cheap.

    ``hhtools.parse_file(path)`` reads hands, ``hhtools.settle_showdown(...)`` applies
    the rules to one showdown, ``hhtools.import_paths(paths, db)`` runs the main job,
    ``hhtools.connect(db)`` returns Polars frames.
    """
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'hhtools' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
