"""SQL views over the store for the usual questions (scoops, quarters, misreads...).

Each view is ``name -> (documentation, SELECT statement)``; :func:`create_views`
(re)creates them all. Views hold no data, so they are always current.
"""

from __future__ import annotations

import duckdb

VIEWS: dict[str, tuple[str, str]] = {}


def create_views(con: duckdb.DuckDBPyConnection) -> None:
    """Create or replace every view in :data:`VIEWS` on ``con``."""
    for name, (_, select) in VIEWS.items():
        con.execute(f"CREATE OR REPLACE VIEW {name} AS {select}")
