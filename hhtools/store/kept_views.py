"""Two views read from the sums the importer keeps, on a read-only connection, when
those sums cover every stored hand: ``player_results`` from ``report_cube``
(:func:`hhtools.store.report_cube.results_select`) and ``sessions`` from
``session_summary`` (:mod:`hhtools.store.hand_summary`). At a million hands each
view's own SELECT groups five million seats (3 to 4 s); the kept rows are the same
rows (sums of doubles, such as ``net_bb``, may differ in their last bits, as the
order of a parallel sum does) at a fraction of the cost.

Only a read-only connection's views may be swapped: they are temporary, live as long
as the connection, and the store cannot change under them (DuckDB lets no process
write while one reads). A writable store keeps the views of
:data:`hhtools.store.views.VIEWS`, whose rows follow every write.
"""

from __future__ import annotations

import duckdb

from hhtools.store.hand_summary import TABLES
from hhtools.store.report_cube import results_select
from hhtools.store.stats import StatsFilter

__all__ = ["SESSIONS_KEPT", "sessions_current", "use_kept_views"]

#: the ``sessions`` view's columns, in its order, from ``session_summary``
SESSIONS_KEPT = "SELECT " + ", ".join(
    'session_end AS "end"' if c.name == "session_end" else c.name
    for c in TABLES["session_summary"][1]
) + " FROM session_summary"  # fmt: skip


def sessions_current(con: duckdb.DuckDBPyConnection) -> bool:
    """``True`` when ``session_summary`` holds the ``sessions`` view's rows: it sums as
    many hands as there are session rows (``seat_sessions``, which the view reads, one
    row per counted seat), and every hand has its summary row (the importer keeps the
    kept tables together). ``False`` without the tables (an older store)."""
    try:
        kept, seats, hands, summaries = con.execute(
            "SELECT (SELECT coalesce(sum(hands), 0) FROM session_summary), "
            "(SELECT count(*) FROM seat_sessions), (SELECT count(*) FROM hands), "
            "(SELECT count(*) FROM hand_summary)").fetchall()[0]  # fmt: skip
    except duckdb.Error:  # no such table (CatalogException)
        return False
    return bool(kept == seats and hands == summaries)


def use_kept_views(con: duckdb.DuckDBPyConnection, sql: str | None = None) -> list[str]:
    """Replace the temporary views ``player_results`` and ``sessions`` of a read-only
    connection with SELECTs of the kept tables, each where those tables are current
    (:func:`hhtools.store.report_cube.cube_current`, :func:`sessions_current`).

    Args:
        con: a read-only connection whose views are temporary
            (:func:`hhtools.store.db.connect` with ``read_only``).
        sql: the statement about to run: only the views it names are looked at
            (their checks cost a few hundredths of a second); ``None``: both.

    Returns:
        The views replaced (none for a store without current kept tables).
    """
    wanted = sql.lower() if sql is not None else "player_results sessions"
    done = []
    results = results_select(con, StatsFilter()) if "player_results" in wanted else None
    if results is not None:
        con.execute(f"CREATE OR REPLACE TEMP VIEW player_results AS {results[0]}")
        done.append("player_results")
    if "sessions" in wanted and sessions_current(con):
        con.execute(f"CREATE OR REPLACE TEMP VIEW sessions AS {SESSIONS_KEPT}")
        done.append("sessions")
    return done
