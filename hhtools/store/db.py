"""The DuckDB store: tables, their documentation, and batch appends.

Every table carries ``site`` and ``hand_id`` (the site's hand number as text); the
hand-level tables are keyed by them. Money columns are ``BIGINT`` minor units
(cents for real money, chips for tournaments and play money) beside the hand's
``currency`` in ``hands``. Times: ``started_at`` is the site's own clock with its
zone in ``time_zone``; ``started_at_utc`` is the same moment in UTC.

Rows go in by batches: a batch is a ``dict[table, dict[column, list]]`` turned into
an Arrow table and appended with one ``INSERT ... BY NAME``; never row by row.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import duckdb

from hhtools.store.schema import (  # re-exported: Column, HAND_TABLES, TABLES
    HAND_TABLES as HAND_TABLES,
)
from hhtools.store.schema import INTERNAL_TABLES
from hhtools.store.schema import TABLES as TABLES
from hhtools.store.schema import Column as Column
from hhtools.store.ev_status import relabel_uncalled
from hhtools.store.hand_summary import refresh_summary
from hhtools.store.report_cube import refresh_report_cube
from hhtools.store.session_cube import refresh_session_cube
from hhtools.store.sessions_due import SESSIONS_DUE, sessions_due  # noqa: F401  (re-exported)
from hhtools.store.stats_upgrade import fill_buy_ins, fill_seat_stats
from hhtools.store.transaction import transaction  # noqa: F401  (re-exported)
from hhtools.store.views import SEAT_RESULTS_COMPUTED, VIEWS, create_views

if TYPE_CHECKING:  # loaded where rows are built (an import): a read never needs it
    import pyarrow as pa

SCHEMA_VERSION = 11
"""2: hands.small_bet, hands.big_bet. 3: hands.board -> board_cards, hands.boards ->
board_count, site_format beside site (hands, imports, import_errors),
imports.modified_at, findings.line is the line the finding is about. 4: the ledger of
cash-outs and room money (seats.cash_out_fee, seats.cash_out_forfeited,
hands.cash_out_fees, hands.cash_out_forfeited, hands.room_added, hands.jackpot;
seats.net counts cash-outs), tournament_results, import_errors.is_note. 5: no
staging tables (``stage_*``): a big file's batches go straight into the tables, its
name in ``loading`` until its last batch; seats.rake_paid, due_at_showdown,
pots_won_high, pots_won_low, scooped, quartered (worked out at import, summed by
player_results). 6: seats.position_name, hole_classes and the statistics facts
(:mod:`hhtools.store.seat_stats`); hands.buy_in_amount, buy_in_currency; tables
seat_sessions, allin_equity and allin_hands. A store of schema 5 or before gets the seats' columns
worked out from its own seats, actions and boards when first opened for writing
(:mod:`hhtools.store.stats_upgrade`), its sessions (seat_sessions) and its buy-in
amounts. 7: tables draws and draws_hands (hhtools draws --fill), created empty
when a store of schema 6 or before is first opened for writing (no rows to rework).
9: a seat sitting out that put chips in counts in the sessions
(:func:`hhtools.store.seat_results.counted_seat`); a store of schema 8 or before gets
its sessions worked out again once, when first opened for writing
(:data:`SESSIONS_SINCE`). 10: hands.read_in_part and hands.unread_lines (the lines
the grammar did not understand); a store of schema 9 or before gets them from its own
``import_errors`` when first opened for writing, and loses the findings of those hands
that the unread lines could have caused (:mod:`hhtools.store.unread_upgrade`). 11:
``allin_hands.status`` ``uncalled`` for a hand with fewer than two players still in (stored
as ``unknown_cards`` before); a store of schema 10 or before is relabelled when first
opened for writing (:mod:`hhtools.store.ev_status`)."""

#: The schema from which ``seat_sessions`` holds every counted seat: a store marked
#: older has its sessions worked out again once (:func:`connect`).
SESSIONS_SINCE = 9

#: The schema from which ``hands.read_in_part`` is written at import: a store marked
#: older has its hands read in part told from its problems once (:func:`connect`).
UNREAD_SINCE = 10

#: The schema from which ``allin_hands.status`` tells ``uncalled`` hands: a store marked
#: older has them relabelled from ``unknown_cards`` once (:func:`connect`).
UNCALLED_SINCE = 11

#: Columns renamed since an older schema: (table, old name, new name).
RENAMED: tuple[tuple[str, str, str], ...] = (
    ("hands", "board", "board_cards"),
    ("hands", "boards", "board_count"),
)

#: DuckDB's memory cap; past it, large transactions and sorts spill to disk. Keeps an
#: import of one huge file (one transaction) within bounded memory.
MEMORY_LIMIT = "512MB"


#: Prefix of the staging tables of schema 4 and before (dropped on upgrade).
OLD_STAGE = "stage_"



def ddl() -> str:
    """The ``CREATE TABLE IF NOT EXISTS`` statements of every table, as one script."""
    parts = ["CREATE TABLE IF NOT EXISTS meta (key VARCHAR PRIMARY KEY, value VARCHAR);"]
    for name, (_, cols) in TABLES.items():
        body = ",\n  ".join(f"{c.name} {c.sql}" for c in cols)
        parts.append(f"CREATE TABLE IF NOT EXISTS {name} (\n  {body}\n);")
    return "\n".join(parts)


#: Seconds :func:`connect` keeps trying to open a database another connection holds.
LOCK_WAIT = 10.0


def held_elsewhere(exc: BaseException) -> bool:
    """Whether ``exc`` says the database is held by another connection, so opening it
    again a moment later may succeed: DuckDB's file lock (another process writes, or
    reads while this one would write) or, within one process, a connection opened
    with another configuration (read-only beside read-write)."""
    text = str(exc).lower()
    if isinstance(exc, duckdb.IOException):
        return "lock" in text
    return isinstance(exc, duckdb.ConnectionException) and "different configuration" in text


def interrupted(exc: BaseException) -> bool:
    """Whether ``exc`` is DuckDB stopping a statement because it was interrupted, in
    whatever type this duckdb version raises it: ``duckdb.InterruptException`` for
    ``con.interrupt()``; a ``RuntimeError("Query interrupted")`` when a signal
    handler (Ctrl-C, ``hhtools watch``'s SIGTERM) ran while DuckDB waited in a
    statement; another ``duckdb.Error`` whose text says it was interrupted.
    A ``KeyboardInterrupt`` itself is not this (the caller handles it already)."""
    if isinstance(exc, duckdb.InterruptException):
        return True
    if isinstance(exc, duckdb.Error | RuntimeError):
        return "interrupt" in str(exc).lower() or isinstance(exc.__context__, KeyboardInterrupt)
    return False


def connect(
    path: str | Path,
    read_only: bool = False,
    external_access: bool = True,
    lock_wait: float = LOCK_WAIT,
) -> duckdb.DuckDBPyConnection:
    """Open (and, when writable, create or upgrade) a hhtools DuckDB database.

    DuckDB lets one process write a database file, and no other process read it
    meanwhile. ``hhtools watch`` therefore holds the file for writing only for a short
    batch and closes it between batches; so that readers (``hhtools sql``,
    :func:`hhtools.connect`...) and that writer take turns instead of failing at once,
    an open refused because the file is held elsewhere (:func:`held_elsewhere`) is
    tried again, after sleeps of 50 to 250 ms, for up to ``lock_wait`` seconds.

    Args:
        path: database file; ``":memory:"`` for an in-memory store.
        read_only: open without write access (``hhtools sql`` does).
        external_access: ``False`` forbids reading or writing other files from SQL
            (``COPY ... TO``, ``read_csv``...), for a query that must only read the store.
        lock_wait: seconds to keep trying while the file is held by another
            connection (default :data:`LOCK_WAIT`; 0 tries once).

    Returns:
        A DuckDB connection with every table and view in place (read-only: the views
        of this version as temporary views, so a store written by an older version
        answers with today's columns).

    Raises:
        duckdb.Error: the file is not a DuckDB database, or is still held by another
            connection after ``lock_wait`` seconds.
        FileNotFoundError: ``read_only`` and the file does not exist.
    """
    if read_only and str(path) != ":memory:" and not Path(path).exists():
        raise FileNotFoundError(f"no database at {path}: run 'hhtools import' first")
    config: dict[str, Any] = {"memory_limit": MEMORY_LIMIT}
    if not external_access:
        config["enable_external_access"] = False
    deadline = time.monotonic() + lock_wait
    pause = 0.05
    while True:
        try:
            con = duckdb.connect(str(path), read_only=read_only, config=config)
            break
        except duckdb.Error as exc:
            left = deadline - time.monotonic()
            if left <= 0 or not held_elsewhere(exc):
                raise
        time.sleep(min(pause, left))
        pause = min(pause * 2, 0.25)
    con.execute("SET enable_progress_bar = false")  # hhtools draws its own progress
    if read_only:
        # the views of this version, whatever version last wrote the file
        create_views(con, temporary=True)
    else:
        _rename_columns(con)
        drop_old_stage(con)
        _upgrade_seats(con)
        had_sessions = _has_table(con, "seat_sessions")
        had_summary = _has_table(con, "session_summary")  # the last kept table added
        stored = stored_version(con)
        con.execute(ddl()).fetchall()
        _add_missing_columns(con)
        fill_seat_stats(con)  # a store of schema 5 or before: its statistics facts,
        fill_buy_ins(con)  # its buy-ins summed
        if stored is not None and stored < UNREAD_SINCE:
            from hhtools.store.unread_upgrade import fill_unread  # the audit: only here

            fill_unread(con)  # a store of schema 9 or before: its hands read in part
        if stored is not None and stored < UNCALLED_SINCE:
            relabel_uncalled(con)  # a store of schema 10 or before: its uncalled all-ins
        if (not had_sessions or (stored is not None and stored < SESSIONS_SINCE)
                or sessions_due(con)):  # fmt: skip
            from hhtools.store.sessions import refresh_sessions  # pyarrow: only to write

            # ... and its sessions, sitting-out seats with chips in; or those an import
            # stopped before it had worked them all out
            refresh_sessions(con)
        if not had_summary:
            refresh_summary(con, whole=True)  # ... and what hhtools serve's pages read
        refresh_report_cube(con)  # ... and the sums hhtools report and stats read
        refresh_session_cube(con)  # ... and stats by session (a store without them)
        con.execute(
            "INSERT OR REPLACE INTO meta VALUES ('schema_version', ?)", [str(SCHEMA_VERSION)]
        ).fetchall()
        create_views(con)
    return con


def stored_version(con: duckdb.DuckDBPyConnection) -> int | None:
    """The schema version the store was last written with (``meta.schema_version``).

    Returns:
        The version, or ``None`` for a new store (no ``meta`` table or no version;
        a store of schema 1 had none either, and has no ``seat_sessions`` to redo).
    """
    if not _has_table(con, "meta"):
        return None
    rows = con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchall()
    return int(rows[0][0]) if rows and str(rows[0][0]).isdigit() else None


def _has_table(con: duckdb.DuckDBPyConnection, name: str) -> bool:
    return bool(con.execute("SELECT count(*) FROM information_schema.tables WHERE table_name = ?",
                            [name]).fetchall()[0][0])  # fmt: skip


#: DuckDB's ``max_vacuum_tasks`` for :func:`unmerged_writes`: 0, no row groups merged
#: (the import's own setting, :data:`hhtools.store.importer.VACUUM_TASKS`)
UNMERGED_VACUUM_TASKS = 0


@contextmanager
def unmerged_writes(con: duckdb.DuckDBPyConnection) -> Iterator[None]:
    """Write in the ``with`` body without merging any table's row groups: DuckDB's
    ``max_vacuum_tasks`` is :data:`UNMERGED_VACUUM_TASKS` for the whole body, whose
    writes are then checkpointed under it, and the connection's setting given back.
    For the writers that run after an import (``hhtools ev``, ``import --ev``,
    ``draws --fill``).

    An import leaves each commit's rows a row group of their own; any checkpoint after
    it with DuckDB's default merges the small row groups of every table, the ones the
    writer did not touch included, rewriting the import's rows. That checkpoint is not
    only the connection's close: a commit that takes the write-ahead log past
    ``wal_autocheckpoint`` (16 MiB) checkpoints at once. On a million-hand store
    ``hhtools ev``'s commits did, three times, and the merges were 26 of its main
    process's 31 CPU s (with the setting held for the whole run: 3.9 s). At 100,000
    hands only the close did (1.8 CPU s, the file 96 -> 134 MB).

    The checkpoint at the end is made whether the body ends or raises (a run stopped
    half way keeps what it committed, unmerged); a failed checkpoint after the body
    raised gives way to the body's error.

    Raises:
        duckdb.Error: the checkpoint fails after the body ended (the setting is given
            back all the same).
    """
    (tasks,) = con.execute("SELECT current_setting('max_vacuum_tasks')").fetchall()[0]
    con.execute(f"SET max_vacuum_tasks = {UNMERGED_VACUUM_TASKS}")
    try:
        try:
            yield
        except BaseException:
            with suppress(duckdb.Error):
                con.execute("CHECKPOINT")
            raise
        con.execute("CHECKPOINT")
    finally:
        con.execute(f"SET max_vacuum_tasks = {int(tasks)}")


def append(con: duckdb.DuckDBPyConnection, table: str, columns: Mapping[str, list[Any]]) -> int:
    """Append a batch of rows to ``table`` in one statement.

    Args:
        con: an open connection.
        table: one of :data:`TABLES`.
        columns: column name -> list of values (all lists the same length); columns
            not given are NULL.

    Returns:
        The number of rows appended.
    """
    if not columns or not len(next(iter(columns.values()))):
        return 0
    return append_arrow(con, table, to_arrow(table, columns))


def _rename_columns(con: duckdb.DuckDBPyConnection) -> None:
    """Upgrade a store made by an older version: give renamed columns their new names."""
    have = set(
        con.execute(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = 'main'"
        ).fetchall()
    )
    for table, old, new in RENAMED:
        for target in (table,):
            if (target, old) in have and (target, new) not in have:
                for view in VIEWS:  # views may read the old name
                    con.execute(f"DROP VIEW IF EXISTS {view}").fetchall()
                con.execute(f"ALTER TABLE {target} RENAME COLUMN {old} TO {new}").fetchall()


def _add_missing_columns(con: duckdb.DuckDBPyConnection) -> None:
    """Upgrade a store made by an older version: add the columns it lacks (as NULL)."""
    have: dict[str, set[str]] = {}
    for table, column in con.execute(
        "SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = 'main'"
    ).fetchall():
        have.setdefault(table, set()).add(column)
    for name, (_, cols) in TABLES.items():
        for target in (name,):
            for c in cols:
                if c.name not in have.get(target, {c.name}):
                    con.execute(f"ALTER TABLE {target} ADD COLUMN {c.name} {c.sql}").fetchall()


#: seats' results columns worked out at import (:mod:`hhtools.store.seat_results`),
#: with the SEAT_RESULTS_COMPUTED column each is computed from on an upgrade
SEAT_RESULT_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("rake_paid", "rake_paid", "BIGINT"), ("due_at_showdown", "sd_won", "BIGINT"),
    ("pots_won_high", "won_high", "INTEGER"), ("pots_won_low", "won_low", "INTEGER"),
    ("scooped", "scooped", "INTEGER"), ("quartered", "quartered", "INTEGER"),
)  # fmt: skip


def _upgrade_seats(con: duckdb.DuckDBPyConnection) -> None:
    """A store of schema 4 or before: rebuild ``seats`` with the results columns worked
    out from its pots and showdowns (one CREATE TABLE AS, far quicker than UPDATE)."""
    have = {c for (c,) in con.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'seats'"
    ).fetchall()}  # fmt: skip
    if not have or "rake_paid" in have:
        return
    cols = ", ".join(f"coalesce(x.{src}, 0)::{sql} AS {name}"
                     for name, src, sql in SEAT_RESULT_COLUMNS)  # fmt: skip
    con.execute("BEGIN TRANSACTION").fetchall()
    try:
        for view in VIEWS:
            con.execute(f"DROP VIEW IF EXISTS {view}").fetchall()
        con.execute(
            f"""CREATE TABLE seats_upgraded AS SELECT s.*, {cols}
            FROM seats s LEFT JOIN ({SEAT_RESULTS_COMPUTED}) x
              ON x.site = s.site AND x.hand_id = s.hand_id AND x.seat = s.seat
             AND x.player = s.player"""
        ).fetchall()
        con.execute("DROP TABLE seats").fetchall()
        con.execute("ALTER TABLE seats_upgraded RENAME TO seats").fetchall()
        con.execute("COMMIT").fetchall()
    except BaseException:
        con.execute("ROLLBACK").fetchall()
        raise


def fill_seat_results(con: duckdb.DuckDBPyConnection) -> None:
    """Work out the seats' results columns of rows written without them (NULL), from the
    stored pots and showdowns: rows written by other tools, or by hand in tests."""
    (missing,) = con.execute("SELECT count(*) FROM seats WHERE rake_paid IS NULL").fetchall()[0]
    if not missing:
        return
    sets = ", ".join(f"{name} = coalesce(x.{src}, 0)" for name, src, _ in SEAT_RESULT_COLUMNS)
    con.execute(
        f"""UPDATE seats SET {sets}
        FROM ({SEAT_RESULTS_COMPUTED}) x
        WHERE seats.rake_paid IS NULL AND seats.site = x.site AND seats.hand_id = x.hand_id
          AND seats.seat = x.seat AND seats.player = x.player"""
    ).fetchall()
    zero = ", ".join(f"{name} = 0" for name, _, _ in SEAT_RESULT_COLUMNS)
    con.execute(f"UPDATE seats SET {zero} WHERE rake_paid IS NULL").fetchall()


def drop_old_stage(con: duckdb.DuckDBPyConnection) -> None:
    """Drop the staging tables of schema 4 and before (their rows were never stored)."""
    for name in HAND_TABLES:
        con.execute(f"DROP TABLE IF EXISTS {OLD_STAGE}{name}").fetchall()


def drop_unfinished(con: duckdb.DuckDBPyConnection) -> int:
    """Remove the hands of every file in ``loading`` (an import that did not finish it).

    Runs in its own transaction; call it outside one.

    Returns:
        The number of hands removed.
    """
    files = con.execute("SELECT DISTINCT import_id, file FROM loading").fetchall()
    if not files:
        return 0
    removed = 0
    with transaction(con):
        for import_id, file in files:
            cond = "import_id = ? AND file = ?"
            (n,) = con.execute(f"SELECT count(*) FROM hands WHERE {cond}", [import_id, file]).fetchall()[0]
            removed += int(n)
            for name in HAND_TABLES:
                if name == "hands":
                    continue
                con.execute(
                    f"DELETE FROM {name} WHERE (site, hand_id) IN "
                    f"(SELECT site, hand_id FROM hands WHERE {cond})",
                    [import_id, file],
                ).fetchall()
            con.execute(f"DELETE FROM hands WHERE {cond}", [import_id, file]).fetchall()
            con.execute("DELETE FROM loading WHERE import_id = ? AND file = ?", [import_id, file]).fetchall()
    return removed


def __getattr__(name: str) -> Any:
    """``ARROW_SCHEMAS`` (:data:`hhtools.store.schema.ARROW_SCHEMAS`, re-exported), made
    when first asked."""
    if name == "ARROW_SCHEMAS":
        from hhtools.store.schema import arrow_schemas

        return arrow_schemas()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def to_arrow(table: str, columns: Mapping[str, list[Any]], extra: tuple[str, ...] = ()) -> pa.Table:
    """Build an Arrow table for ``table`` from column lists.

    Args:
        table: one of :data:`TABLES`.
        columns: column name -> values; missing columns become NULL.
        extra: further int64 columns to carry along (e.g. ``_n``), dropped before
            appending.
    """
    import pyarrow as pa

    from hhtools.store.schema import arrow_schemas

    schema = arrow_schemas()[table]
    n = len(next(iter(columns.values()))) if columns else 0
    arrays = [
        pa.array(columns[f.name], type=f.type) if f.name in columns else pa.nulls(n, f.type)
        for f in schema
    ]
    names = list(schema.names)
    for name in extra:
        arrays.append(pa.array(columns[name], type=pa.int64()))
        names.append(name)
    return pa.Table.from_arrays(arrays, names=names)


def append_arrow(con: duckdb.DuckDBPyConnection, table: str, batch: pa.Table) -> int:
    """Append an Arrow table whose columns are (a subset of) ``table``'s, by name."""
    if batch.num_rows == 0:
        return 0
    con.register("_hh_batch", batch)
    try:
        con.execute(f"INSERT INTO {table} BY NAME SELECT * FROM _hh_batch").fetchall()
    finally:
        con.unregister("_hh_batch")
    return int(batch.num_rows)


def schema_markdown() -> str:
    """The schema as Markdown: each table, its purpose and its columns."""
    lines = [f"# hhtools store schema (version {SCHEMA_VERSION})", ""]
    for name, (doc, cols) in TABLES.items():
        lines += [f"## `{name}`", "", doc, "", "| column | type | meaning |", "|---|---|---|"]
        lines += [f"| `{c.name}` | {c.sql} | {c.doc} |" for c in cols]
        lines.append("")
    lines += ["# Views", ""]
    for name, (doc, _) in VIEWS.items():
        lines += [f"## `{name}`", "", doc, ""]
    from hhtools.store.stats import DEFINITIONS, RATIOS

    lines += ["# Statistics (`hhtools stats`)", "",
              "Each ratio R comes with `R_count` and `R_opportunities`, the sums of the "
              "`seats` columns it divides (`count_if` of the SQL below), so every number "
              "can be checked by hand.", "", "| statistic | definition | SQL: count / over |",
              "|---|---|---|"]  # fmt: skip
    for name, words in DEFINITIONS.items():
        sql = " / ".join(f"`{part}`" for part in RATIOS[name]) if name in RATIOS else ""
        lines.append(f"| `{name}` | {words} | {sql} |")
    return "\n".join(lines)


def table_names() -> Iterable[str]:
    """Names of the store's tables."""
    return TABLES.keys()
