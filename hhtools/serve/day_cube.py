"""The statistics by day, position and hole-card class, held in memory beside the lists'
snapshot (:mod:`hhtools.serve.snapshot`), so that the players list of a filter on dates,
position and hole-card class together is summed from a few hundred thousand rows
instead of asking the store to join every seat to its hand.

The store keeps ``stat_cube`` (by position, no day) and ``report_cube`` (by day, no
position, and neither has the hole-card classes), so this cube is worked out here from
the seats, once per snapshot (in its builder's thread, after the lists and the spans),
and brought up to date with the new hands of each version. It is
:func:`hhtools.store.stats.stats_sql` grouped by player, site, game, limit, stakes,
position, ``day`` (the date of ``hands.started_at``) and ``classes`` (the seat's
``hole_classes``), kept as two tables of an in-memory DuckDB catalog (``days``,
compressed) of the snapshot's connection, each the sums of the one below it grouped
once more, so that a query reads the smallest that answers it:

* ``days.by_day``: player, hand keys and day (a filter on dates alone);
* ``days.by_seat``: the same, the position and the seat's class list (NULL: no known
  hole cards, which a class filter never keeps): dates with a position, a hole-card
  class, a player's positions. It is held in NumPy too
  (:mod:`hhtools.serve.seat_rows`), which answers those filters.

Players, hand keys (site, game, structure, stakes, currency) and class lists are
numbered (tables ``days.players``, ``days.keys``, ``days.classes``), so a row is a few
integers and its sums. Each count is a sum over seats, so the rows a filter keeps sum
to the statistics of the seats it keeps: the same numbers as ``hhtools stats`` (sums of
doubles may differ in their last bits). A key may have several rows (an update appends
the new hands' rows).

A time filter is answered only when it falls on a day's start (``2024-03-01``,
``today``, ``last 30 days``); a moment within a day asks the store.
"""

from __future__ import annotations

import threading
from datetime import datetime
from typing import TYPE_CHECKING, Any

import duckdb

from hhtools.serve.player_table import DayRows, counts_of, player_table, players_by_day
from hhtools.serve.seat_rows import SeatRows, position_counts, seat_pick, seat_rows
from hhtools.store.stats import RATIOS, StatsFilter, money_of, ratios_of, stats_sql, wide_stats
from hhtools.store.transaction import transaction

if TYPE_CHECKING:
    import polars as pl

    from hhtools.store.api import HandStore

__all__ = ["CATALOG", "add_days", "day_rows", "days_answer", "days_stats", "drop_days",
           "seat_table", "stats_of"]

CATALOG = "days"  #: the in-memory catalog of the cube's tables

#: the counts summed, as :func:`hhtools.store.stats.stats_sql` names them (``seats``
#: equals ``hands`` when grouped by player: both count the player's seats)
SUMS = ("hands", *(f"{n}_{p}" for n in RATIOS for p in ("count", "opportunities")),
        "postflop_aggressive", "postflop_calls", "postflop_folds")  # fmt: skip
#: ... and the money (``ev_net`` and ``ev_bb`` only in a store with all-in equity)
MONEY = ("net_won", "net_bb")
EV = ("ev_net", "ev_bb")

#: table -> its keys beyond player and hand keys, smallest table first
TABLES = {"by_day": ("day",), "by_seat": ("position", "day", "cls")}

_GROUPS = ("player", "site", "game", "limit", "stakes", "position")
#: the order of each table's rows (a filter on its first keys reads a few row groups)
_SORTED = {"by_day": ("day",), "by_seat": ("cls", "position", "day")}
#: the money columns' types (the counts are INTEGER)
_KEY_TYPES = {"day": "DATE", "cls": "INTEGER"}  #: the keys' types but VARCHAR
_TYPES = {"net_won": "BIGINT", "net_bb": "DOUBLE", "ev_net": "DOUBLE", "ev_bb": "DOUBLE"}
_WHOLE = "FROM seats s JOIN hands h"


def _fine_sql(has_ev: bool, hands: str = "") -> str:
    """:func:`stats_sql` grouped by :data:`_GROUPS`, the day and the seat's classes, over
    the hands ``hands`` keeps (a condition on ``hands``; default every hand)."""
    sql, params = stats_sql(_GROUPS, StatsFilter(), has_ev=has_ev)
    assert not params and sql.startswith("SELECT ")  # no filter: nothing to bind
    if _WHOLE not in sql:  # pragma: no cover - stats_sql's form changed
        raise RuntimeError("hhtools.store.stats.stats_sql no longer reads 'seats s JOIN hands h'")
    if hands:
        sql = sql.replace(_WHOLE, f"FROM seats s JOIN (SELECT * FROM hands WHERE {hands}) h", 1)
    return ("SELECT h.started_at::DATE AS day, s.hole_classes AS classes, "
            + sql[len("SELECT "):])  # fmt: skip


def drop_days(mem: duckdb.DuckDBPyConnection) -> None:
    """Drop the cube's catalog from ``mem`` (the caller holds the snapshot's lock)."""
    if mem.execute("SELECT count(*) FROM duckdb_databases() WHERE database_name = ?",
                   [CATALOG]).fetchall()[0][0]:  # fmt: skip
        mem.execute(f"DETACH {CATALOG}")


def add_days(hs: HandStore, mem: duckdb.DuckDBPyConnection, lock: threading.Lock,
             has_ev: bool, after_import: int | None = None) -> int:  # fmt: skip
    """Add the seats of some hands to the cube in ``mem`` (made when missing).

    Args:
        hs: the open store (the snapshot builder's connection).
        mem: the snapshot's in-memory connection.
        lock: the snapshot's lock, held only while ``mem`` is written.
        has_ev: the store holds all-in equity (``ev_net`` and ``ev_bb`` are kept).
        after_import: only the hands of imports after this one (``None``: every hand;
            the cube must then be empty or missing).

    Returns:
        The rows read from the store.

    Raises:
        duckdb.Error: the store could not be read.
    """
    hands = "" if after_import is None else f"import_id > {int(after_import)}"
    got = hs.sql(_fine_sql(has_ev, hands))
    money = MONEY + (EV if has_ev else ())
    with lock:
        mem.execute(f"ATTACH IF NOT EXISTS ':memory:' AS {CATALOG} (COMPRESS)")
        c = CATALOG
        sums = ", ".join(f"{n} INTEGER" for n in SUMS)  # a day's seats of one key: small
        cash = ", ".join(f"{n} {'BIGINT' if n == 'net_won' else 'DOUBLE'}" for n in money)
        mem.execute(f"CREATE TABLE IF NOT EXISTS {c}.players (pid INTEGER, player VARCHAR)")
        mem.execute(f"CREATE TABLE IF NOT EXISTS {c}.keys (kid INTEGER, site VARCHAR, "
                    "game VARCHAR, structure VARCHAR, stakes VARCHAR, currency VARCHAR)")
        mem.execute(f"CREATE TABLE IF NOT EXISTS {c}.classes (cls INTEGER, classes VARCHAR[])")
        for table, keys in TABLES.items():
            cols = ", ".join(f"{k} {_KEY_TYPES.get(k, 'VARCHAR')}" for k in keys)
            mem.execute(f"CREATE TABLE IF NOT EXISTS {c}.{table} (pid INTEGER, kid INTEGER, "
                        f"{cols}, {sums}, {cash})")  # fmt: skip
        if got.is_empty():
            return 0
        mem.register("_fine", got)
        try:
            with transaction(mem):
                _write(mem, money)
        finally:
            mem.unregister("_fine")
    return got.height


def _write(mem: duckdb.DuckDBPyConnection, money: tuple[str, ...]) -> None:
    """Number what ``_fine`` (the store's rows of some hands) brings, and add its rows to
    each table of the cube (inside the caller's transaction)."""
    c = CATALOG
    _number(mem)
    mem.execute(
        "CREATE OR REPLACE TEMP TABLE _fine_ids AS SELECT p.pid, k.kid, f.position, "
        "f.day, x.cls, f.* EXCLUDE (player, site, game, \"limit\", stakes, currency, "
        f"position, day, classes) FROM _fine f JOIN {c}.players p USING (player) "
        f"JOIN {c}.keys k ON k.site = f.site AND k.game IS NOT DISTINCT FROM f.game AND "
        "k.structure IS NOT DISTINCT FROM f.\"limit\" AND k.stakes IS NOT DISTINCT FROM "
        "f.stakes AND k.currency IS NOT DISTINCT FROM f.currency "
        f"LEFT JOIN {c}.classes x ON x.classes = f.classes")  # fmt: skip
    summed = ", ".join(f"sum({n})::{_TYPES.get(n, 'INTEGER')}" for n in (*SUMS, *money))
    for table, keys in TABLES.items():
        mem.execute(f"INSERT INTO {c}.{table} SELECT pid, kid, {', '.join(keys)}, "
                    f"{summed} FROM _fine_ids GROUP BY ALL "
                    f"ORDER BY {', '.join(_SORTED[table])}")  # fmt: skip
    mem.execute("DROP TABLE _fine_ids")


def _number(mem: duckdb.DuckDBPyConnection) -> None:
    """Number the players, hand keys and class lists of ``_fine`` not numbered yet."""
    c = CATALOG
    mem.execute(f"INSERT INTO {c}.players SELECT (SELECT coalesce(max(pid), 0) FROM {c}.players) "
                "+ row_number() OVER (ORDER BY player), player FROM (SELECT DISTINCT player "
                f"FROM _fine) ANTI JOIN {c}.players USING (player)")  # fmt: skip
    mem.execute(f"INSERT INTO {c}.keys SELECT (SELECT coalesce(max(kid), 0) FROM {c}.keys) + "
                "row_number() OVER (), f.* FROM (SELECT DISTINCT site, game, \"limit\", stakes, "
                f"currency FROM _fine) f WHERE NOT EXISTS (SELECT 1 FROM {c}.keys k WHERE "
                "k.site = f.site AND k.game IS NOT DISTINCT FROM f.game AND k.structure IS NOT "
                "DISTINCT FROM f.\"limit\" AND k.stakes IS NOT DISTINCT FROM f.stakes AND "
                "k.currency IS NOT DISTINCT FROM f.currency)")  # fmt: skip
    mem.execute(f"INSERT INTO {c}.classes SELECT (SELECT coalesce(max(cls), 0) FROM {c}.classes) "
                "+ row_number() OVER (), classes FROM (SELECT DISTINCT classes FROM _fine WHERE "
                f"classes IS NOT NULL) f ANTI JOIN {c}.classes USING (classes)")  # fmt: skip


def days_answer(flt: StatsFilter) -> list[tuple[str, Any]] | None:
    """The time conditions of ``flt`` on the cube's ``day`` (``[(sql, date)]``), or
    ``None`` when the cube cannot answer them (a moment within a day).

    Raises:
        StatsError: a time that cannot be read.
    """
    parts, params = StatsFilter(since=flt.since, until=flt.until).hand_conditions()
    out = []
    for part, when in zip(parts, params, strict=True):
        if not isinstance(when, datetime) or when != datetime(when.year, when.month, when.day):
            return None
        out.append((part.replace("h.started_at", "f.day", 1), when.date()))
    return out


def day_rows(mem: duckdb.DuckDBPyConnection, lock: threading.Lock, has_ev: bool
             ) -> DayRows | None:  # fmt: skip
    """The cube's table ``by_day`` held in NumPy
    (:class:`hhtools.serve.player_table.DayRows`), for the players list of dates alone;
    ``None`` when a key is NULL.

    Raises:
        duckdb.Error: the cube is not there.
    """
    import numpy as np

    c = CATALOG
    ev = "ev_net, ev_bb" if has_ev else "net_won::DOUBLE AS ev_net, net_bb AS ev_bb"
    sums = ", ".join(f"f.{n}" for n in (*SUMS, *MONEY))
    with lock:
        keys = mem.sql(f"SELECT kid, site, game, structure AS \"limit\", stakes, currency "
                       f"FROM {c}.keys ORDER BY kid").pl()  # fmt: skip
        rows = mem.sql(f"SELECT p.player, k.currency, k.structure, f.day, f.kid, {sums}, "
                       f"f.hands AS seats, {ev} FROM {c}.by_day f JOIN {c}.keys k USING (kid) "
                       f"JOIN {c}.players p USING (pid)").pl()  # fmt: skip
    import polars as pl

    place = np.searchsorted(keys["kid"].to_numpy(), rows["kid"].to_numpy())
    rows = rows.with_columns(pl.Series("kid", place, dtype=pl.Int64))
    return DayRows.of(rows, keys.drop("kid"))


def seat_table(mem: duckdb.DuckDBPyConnection, lock: threading.Lock, has_ev: bool
               ) -> SeatRows | None:  # fmt: skip
    """The cube's table ``by_seat`` held in NumPy (:mod:`hhtools.serve.seat_rows`);
    ``None`` when a key is NULL.

    Raises:
        duckdb.Error: the cube is not there.
    """
    return seat_rows(mem, lock, has_ev, CATALOG, SUMS)


def days_stats(mem: duckdb.DuckDBPyConnection, lock: threading.Lock, flt: StatsFilter,
               by: tuple[str, ...], has_ev: bool, held: DayRows | None = None,
               seats: SeatRows | None = None) -> pl.DataFrame | None:  # fmt: skip
    """``HandStore.stats(by, **flt)`` summed from the cube, or ``None`` when the cube
    cannot answer (:func:`days_answer`).

    Args:
        mem: the snapshot's connection holding the cube (:func:`add_days`).
        lock: the snapshot's lock (held while the cube is read).
        flt: the filters.
        by: ``("player",)`` or ``("position",)``.
        has_ev: the cube keeps ``ev_net`` and ``ev_bb``.
        held: the table by day held in NumPy (:func:`day_rows`), which answers the
            players list of dates without a position or hole-card class.
        seats: the table by seat held in NumPy (:func:`seat_table`), which answers
            the rest (a position, hole-card classes, by position).

    Raises:
        StatsError: a filter value the store's filter refuses.
    """
    days = days_answer(flt)
    if days is None:
        return None
    if held is not None and by == ("player",) and not (flt.position or flt.hand_class):
        return players_by_day(held, flt, days)
    if seats is not None and by in (("player",), ("position",)):
        rows = seat_pick(seats, flt, days)
        if by == ("player",):
            return player_table(seats.counts(rows), flt.min_hands)
        return stats_of(position_counts(seats, rows), by, flt.min_hands)
    hand_parts, params = replace_time(flt).hand_conditions()  # checked
    flt.seat_conditions()  # checked
    c = CATALOG
    where = [p for p, _ in days]
    values: list[Any] = [v for _, v in days]
    # the numbers of the keys, players and class lists kept, as lists the scan filters on
    if hand_parts:
        where.append(_ids(mem, lock, f"SELECT kid FROM {c}.keys h WHERE {' AND '.join(hand_parts)}",
                          params, "f.kid"))  # fmt: skip
    if flt.player:
        where.append(_ids(mem, lock, f"SELECT pid FROM {c}.players WHERE lower(player) = lower(?)",
                          [flt.player], "f.pid"))  # fmt: skip
    if flt.position:
        where.append("f.position = ?")
        values.append(flt.position.upper())
    if flt.hand_class:
        every = " AND ".join("list_contains(classes, ?)" for _ in flt.hand_class)
        names = [n.lower().replace("-", "_") for n in flt.hand_class]
        where.append(_ids(mem, lock, f"SELECT cls FROM {c}.classes WHERE {every}", names, "f.cls"))
    table = "by_seat" if flt.hand_class or flt.position or "position" in by else "by_day"
    money = MONEY + (EV if has_ev else ())
    inner = "f.position" if by == ("position",) else "f.pid"
    summed = ", ".join(f"sum({n}) AS {n}" for n in (*SUMS, *money))
    typed = ", ".join(f"sum({n})::{_TYPES.get(n, 'BIGINT')} AS {n}" for n in (*SUMS, *money))
    group = ("f.position AS position" if by == ("position",) else "p.player AS player")
    join = "" if by == ("position",) else f"JOIN {c}.players p USING (pid) "
    sql = (f"SELECT {group}, k.currency, k.structure, {typed} FROM (SELECT {inner}, f.kid, "
           f"{summed} FROM {c}.{table} f WHERE {' AND '.join(where) or 'true'} GROUP BY ALL) f "
           f"JOIN {c}.keys k USING (kid) {join}GROUP BY ALL HAVING sum(hands) > 0")  # fmt: skip
    with lock:
        counts = mem.sql(sql, params=values).pl()
    import polars as pl

    counts = counts.with_columns(pl.col("hands").alias("seats"))
    if not has_ev:
        counts = counts.with_columns(pl.col("net_won").cast(pl.Float64).alias("ev_net"),
                                     pl.col("net_bb").alias("ev_bb"))  # fmt: skip
    summed_rows = counts_of(counts) if by == ("player",) else None
    if summed_rows is not None:  # summed in NumPy, the same table
        return player_table(summed_rows[0], flt.min_hands)
    return stats_of(counts, by, flt.min_hands)


def _ids(mem: duckdb.DuckDBPyConnection, lock: threading.Lock, sql: str, params: list[Any],
         column: str) -> str:  # fmt: skip
    """``column IN (...)`` of the numbers ``sql`` gives (``false`` for none): numbers
    written out, so that the scan skips the row groups without them."""
    with lock:
        got = [int(n) for (n,) in mem.execute(sql, params).fetchall()]
    return f"{column} IN ({', '.join(map(str, got))})" if got else "false"


def replace_time(flt: StatsFilter) -> StatsFilter:
    """``flt`` without its times (the cube answers them on ``day``)."""
    from dataclasses import replace

    return replace(flt, since=None, until=None)


def stats_of(counts: pl.DataFrame, by: tuple[str, ...], min_hands: int | None) -> pl.DataFrame:
    """``HandStore.stats(by, ...)``'s table from rows of :func:`stats_sql`'s columns
    (several rows of a group are summed): ratios, money per currency and structure
    pivoted beside them, groups with fewer than ``min_hands`` hands left out.

    Args:
        counts: rows of ``by``, ``currency``, ``structure`` and the counts.
        by: the groups.
        min_hands: the fewest hands a group keeps.
    """
    import polars as pl

    dims = list(by)
    sums = [c for c in counts.columns if c not in (*dims, "currency", "structure")]
    # big blinds summed as SQL sums them: NULL when no row has one (hands without a big
    # blind, an antes-only tournament), where Polars' sum of nulls is 0
    counts = (counts.group_by([*dims, "currency", "structure"], maintain_order=False)
              .agg([pl.when(pl.col(c).count() > 0).then(pl.col(c).sum()).alias(c)
                    if c in ("net_bb", "ev_bb") else pl.col(c).sum() for c in sums]))  # fmt: skip
    if counts.is_empty():
        return counts.select(dims)
    ratios = ratios_of(counts, dims, min_hands)
    money = money_of(counts, dims)
    if min_hands and not ratios.is_empty():
        money = money.join(ratios.select(dims), on=dims, how="semi")
    if ratios.is_empty():
        return ratios
    return wide_stats(ratios, money)
