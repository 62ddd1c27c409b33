"""hhtools: Omaha-family hand histories, audited by the rules, queryable in DuckDB."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from hhtools.api import HandStore, connect

__all__ = ["HandStore", "connect"]


def __getattr__(name: str) -> Any:
    """Load the heavier parts on first use, so ``import hhtools`` stays cheap."""
    if name in ("connect", "HandStore"):
        from hhtools import api

        return getattr(api, name)
    raise AttributeError(f"module 'hhtools' has no attribute {name!r}")
