"""The kept tables' rows of a batch of hands, worked out where the batch is made (a
worker process of the import), so the process that owns the store only appends them.

The kept tables (``hand_summary``, ``stat_cube``: :mod:`hhtools.store.hand_summary`;
``report_cube``: :mod:`hhtools.store.report_cube`) are worked out from the hand
tables by SQL. :func:`kept_rows_sql` runs that very SQL (the same statements the store
runs over its new hands, the reference) over one batch's hand tables, loaded into an
in-memory DuckDB database of the worker: one ``hand_summary`` row per hand of the
batch, and the batch's sums of ``stat_cube`` and ``report_cube`` per key.
:func:`kept_rows`, what the import's workers run, gives the same rows summed over the
batch's Arrow columns (:mod:`hhtools.store.tables.kept_arrays`; the SQL's loading and
five statements cost a worker about 70 us of CPU a hand, this about 6). A key may
then have several rows in the store (one per batch that had its seats): every reader
of those tables sums them, so the rows of the batches sum to what one statement over
every hand gives.

``session_summary`` depends on all of a player's hands, not on a batch: the store
works it out (:mod:`hhtools.store.sessions`).
"""

from __future__ import annotations

from collections.abc import Mapping

import duckdb
import pyarrow as pa

from hhtools.store.db import ddl
from hhtools.store.hand_summary import CUBE_KEYS, cube_select, summary_select
from hhtools.store.report_cube import KEYS, rows_select
from hhtools.store.tables.kept_arrays import kept_arrays
from hhtools.store.views import create_views

__all__ = ["KEPT", "SUMMED", "kept_rows", "kept_rows_sql"]

#: the kept tables whose rows a batch gives, in the order they are appended
KEPT = ("hand_summary", "stat_cube", "report_cube")

#: those whose rows are sums over seats -> their key columns (rows of one key add up)
SUMMED: dict[str, tuple[str, ...]] = {"stat_cube": CUBE_KEYS, "report_cube": KEYS}

#: a worker's DuckDB memory cap: it holds one batch's tables (a piece of a few
#: megabytes of histories) at a time
_MEMORY = "128MB"

_con: duckdb.DuckDBPyConnection | None = None  # the process's in-memory database


def _connection() -> duckdb.DuckDBPyConnection:
    """This process's in-memory database with every table and view of the store
    (made on first use: a worker forked from the importer makes its own)."""
    global _con
    if _con is None:
        con = duckdb.connect(":memory:", config={"memory_limit": _MEMORY, "threads": 1})
        con.execute(ddl()).fetchall()
        create_views(con)
        _con = con
    return _con


#: the hand tables those statements read (of ``actions``, only the all-in actions:
#: ``hand_summary.allin`` is whether the hand has one)
_READ = ("hands", "seats", "actions", "findings", "boards")

#: the statements of the three tables over every hand of the batch
_SELECTS = {
    "hand_summary": summary_select("SELECT site, hand_id FROM hands"),
    "stat_cube": cube_select("true"),
    "report_cube": rows_select("true"),
}


def kept_rows(tables: Mapping[str, pa.Table]) -> dict[str, pa.Table]:
    """The kept tables' rows of one batch of hands: :func:`kept_rows_sql`'s rows (the
    same values; ``net_bb`` summed in another order), summed over the batch's Arrow
    columns (:func:`hhtools.store.tables.kept_arrays.kept_arrays`).

    Args:
        tables: the batch's hand tables (table name -> Arrow table of its rows, with the
            store's columns and ``_n``, each hand's running number), as the rows stage
            gives them; the batch's every hand once.

    Returns:
        :data:`KEPT` table -> Arrow table of its rows, as :func:`kept_rows_sql`.

    Raises:
        KeyError: a table or column the sums need is missing (a bug).
        pyarrow.ArrowException: a column of another type than the store's (a bug).
    """
    return kept_arrays(tables)


def kept_rows_sql(tables: Mapping[str, pa.Table]) -> dict[str, pa.Table]:
    """The kept tables' rows of one batch of hands by the store's SQL (the reference).

    Args:
        tables: the batch's hand tables (table name -> Arrow table of its rows, with the
            store's columns; others such as ``_n`` are left out), as the rows stage
            gives them; the batch's every hand once.

    Returns:
        :data:`KEPT` table -> Arrow table of its rows (the store's columns, by name):
        ``hand_summary`` one row per hand, ``stat_cube`` and ``report_cube`` the
        batch's sums, one row per key. Empty tables for an empty batch.

    Raises:
        duckdb.Error: a table's columns do not fit the store's (a bug).
    """
    con = _connection()
    loaded = []
    try:
        for name in _READ:
            rows = tables.get(name)
            if rows is not None and name == "actions":
                rows = rows.filter(rows.column("all_in"))
            if rows is None or not rows.num_rows:
                continue
            con.register("_hh_rows", rows)
            try:
                names = ", ".join(f'"{c}"' for c in rows.column_names if c != "_n")
                con.execute(f"INSERT INTO {name} ({names}) SELECT {names} FROM _hh_rows")
            finally:
                con.unregister("_hh_rows")
            loaded.append(name)
        return {name: con.sql(sql).to_arrow_table() for name, sql in _SELECTS.items()}
    finally:
        for name in loaded:
            con.execute(f"DELETE FROM {name}")
