"""What the lists read, held in memory per version of the store, so that a page over a
million hands answers in milliseconds instead of scanning the store's tables.

A :class:`Snapshot` holds two things, worked out from the store in one pass each:

* the hands list: one row per hand with the columns the list shows and the facts its
  filters ask (``winner``: who won the most; ``scoop``/``quarter``: some seat scooped a
  pot / shared a half; ``allin``: someone was all in; ``kinds``: the kinds of its
  findings; ``ord``: its place in the list by time, site and hand number, from 1, so
  that the default order sorts one integer), the distinct ``stakes`` (where a stakes
  filter is worked out before it meets the hands), and the seats' ``(site, hand_id, player, seat, scooped, quartered, net,
  counted, ev_net, currency, started_at)`` for the player filter and the players'
  results graphs, in an in-memory DuckDB (no file), where
  :class:`hhtools.serve.queries.HandsQuery`'s SQL runs unchanged;
* the statistics cube: :func:`hhtools.store.stats.stats_sql`'s counts grouped by player,
  site, game, limit, stakes and position (each row a sum over seats, so any subset of
  rows sums to the statistics of that subset), from which the players list of a filter
  on site, game, limit, stakes, currency, position, player or minimum hands is summed
  in memory (:func:`players_from_cube`): the same sums as ``hhtools stats``, grouped
  once more. Filters on time or hole-card class ask the store;
* the spans (built after the snapshot is served, in the same worker thread): per hand
  the lowest and highest row id of its rows in each table of
  :data:`DETAIL_TABLES`, so that a hand's page reads its rows by
  ``rowid BETWEEN lo AND hi`` (a few row groups) instead of scanning eight tables
  (:func:`hand_rows`).

:class:`SnapshotKeeper` builds a snapshot on its own connection in a worker thread when
the store's version changes (an import, a watch batch) and keeps the last one built, so
requests never wait for a build except the very first; the live events
(:mod:`hhtools.serve.live`) announce a version once its snapshot is ready.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import duckdb

from hhtools.store.seat_results import counted_seat
from hhtools.store.stats import StatsFilter, money_of, ratios_of, stats_sql, wide_stats

if TYPE_CHECKING:
    import polars as pl

    from hhtools.store.api import HandStore

__all__ = ["CUBE_DIMS", "DETAIL_TABLES", "Snapshot", "SnapshotKeeper", "build_snapshot",
           "build_spans", "hand_rows", "players_from_cube"]

log = logging.getLogger(__name__)

RECHECK_SECONDS = 0.5  #: a request within this of the last look at the version takes the snapshot as is

#: the statistics cube's groups (:data:`hhtools.store.stats.DIMENSIONS` names)
CUBE_DIMS = ("player", "site", "game", "limit", "stakes", "position")

_HANDS = f"""
SELECT h.site, h.hand_id, h.started_at, h.game, h.structure, h.stakes, h.table_name,
       h.total_pot, h.rake, h.currency, h.players, h.findings, h.board_cards,
       h.is_tournament, h.big_blind, w.winner, coalesce(w.scoop, false) AS scoop,
       coalesce(w.quarter, false) AS quarter, a.hand_id IS NOT NULL AS allin,
       coalesce(f.kinds, []::VARCHAR[]) AS kinds,
       row_number() OVER (ORDER BY coalesce(h.started_at, TIMESTAMP '0001-01-01'), h.site,
                          h.hand_id) AS ord
FROM hands h
LEFT JOIN (
    SELECT site, hand_id,
           arg_max(player, (net, -seat)) FILTER (WHERE collected > 0
                                                AND {counted_seat('seats')}) AS winner,
           bool_or(scooped > 0) AS scoop, bool_or(quartered > 0) AS quarter
    FROM seats GROUP BY site, hand_id
) w ON w.site = h.site AND w.hand_id = h.hand_id
LEFT JOIN (SELECT DISTINCT site, hand_id FROM actions WHERE all_in) a
    ON a.site = h.site AND a.hand_id = h.hand_id
LEFT JOIN (SELECT site, hand_id, list(DISTINCT kind ORDER BY kind) AS kinds FROM findings
           GROUP BY site, hand_id) f ON f.site = h.site AND f.hand_id = h.hand_id
ORDER BY ord
"""

#: a hand's tables as :meth:`hhtools.store.api.HandStore.hand` gives them, with its order
DETAIL_TABLES = ("hands", "seats", "actions", "boards", "pots", "awards", "showdowns",
                 "findings")  # fmt: skip
_ORDER = {"actions": " ORDER BY seq", "seats": " ORDER BY seat"}

#: the seats: the player filter's columns, and what a player's results graph sums
#: (``counted``: the seat counts in the player's results; ``ev_net``: the all-in
#: expectation of the seat's hand, every board together, NULL without one; the hand's
#: ``currency`` and ``started_at``, so that a graph needs no join)
_SEATS = f"""
SELECT s.site, s.hand_id, s.player, s.seat, s.scooped, s.quartered, s.net,
       {counted_seat('s')} AS counted, {{ev}} AS ev_net, h.currency, h.started_at
FROM seats s JOIN hands h ON h.site = s.site AND h.hand_id = s.hand_id {{evj}}
ORDER BY s.player, s.site, s.hand_id
"""
_EV_JOIN = ("LEFT JOIN (SELECT site, hand_id, player, sum(ev_net) AS ev_net FROM allin_ev "
            "GROUP BY ALL) e ON e.site = s.site AND e.hand_id = s.hand_id AND e.player = s.player")


@dataclass
class Snapshot:
    """The lists' data of one version of the store.

    Attributes:
        version: :meth:`hhtools.serve.queries.ServedStore.version` when it was read.
        mem: an in-memory DuckDB with tables ``hands`` and ``seats`` (see the module).
        cube: the statistics cube (Polars), ``None`` for a store without statistics.
        lock: held while ``mem`` runs a statement (one connection, many threads).
    """

    version: tuple[int, ...]
    mem: duckdb.DuckDBPyConnection
    cube: pl.DataFrame | None
    lock: threading.Lock
    names: dict[str, str | None] = field(default_factory=dict)  #: lower-case -> stored
    spans: bool = False  #: ``mem`` holds table ``spans`` (:func:`build_spans`)
    kept: dict[str, Any] = field(default_factory=dict)  #: answers worked out from it once

    def rows(self, sql: str, params: list[Any] | None = None
             ) -> tuple[list[str], list[tuple[Any, ...]]]:  # fmt: skip
        """The column names and rows of ``sql`` on :attr:`mem`."""
        with self.lock:
            cur = self.mem.execute(sql, params or [])
            return [d[0] for d in cur.description], cur.fetchall()

    def close(self) -> None:
        with self.lock:
            self.mem.close()


def build_snapshot(hs: HandStore, version: tuple[int, ...]) -> Snapshot:
    """Read the lists' data of the store ``hs`` into memory (see the module).

    Args:
        hs: an open store (a connection of the builder's own).
        version: the store's version before the reading.
    """
    mem = duckdb.connect(":memory:", config={"enable_external_access": False})
    ev = _has_ev(hs)
    seats = _SEATS.format(ev="e.ev_net" if ev else "NULL::DOUBLE", evj=_EV_JOIN if ev else "")
    for name, sql in (("hands", _HANDS), ("seats", seats)):
        got = hs.sql(sql)  # a Polars frame: Arrow underneath, registered as it is
        mem.register("_incoming", got)
        mem.execute(f"CREATE TABLE {name} AS SELECT * FROM _incoming")
        mem.unregister("_incoming")
    mem.execute("CREATE TABLE stakes AS SELECT DISTINCT stakes FROM hands")
    cube = None
    try:
        hs._need_statistics()  # noqa: SLF001  (the store's own check)
    except Exception:  # a store of an older schema: the store answers, slowly
        log.info("no statistics in %s: the players list asks the store", hs.path)
    else:
        sql, params = stats_sql(CUBE_DIMS, StatsFilter(), has_ev=ev)
        cube = hs.sql(sql, params)
    return Snapshot(version, mem, cube, threading.Lock())


def build_spans(hs: HandStore, snap: Snapshot) -> None:
    """Add table ``spans`` to ``snap.mem``: per hand ``(site, hand_id)`` and, for each
    table ``t`` of :data:`DETAIL_TABLES`, ``t_lo`` and ``t_hi``, the lowest and highest
    row id of the hand's rows in ``t`` of the store (NULL: no rows), sorted by hand id.

    The row ids are those of the store at ``snap.version``; :func:`hand_rows` uses them
    only while the store's version is the same. A store whose tables have no row ids (a
    Parquet dataset) gets no spans (``snap.spans`` stays false).

    Args:
        hs: an open store at ``snap.version`` (the builder's connection).
        snap: the snapshot just built from it.
    """
    parts = ["SELECT site, hand_id, rowid AS hands_lo, rowid AS hands_hi FROM hands h"]
    joins = [
        f"LEFT JOIN (SELECT site, hand_id, min(rowid) AS {t}_lo, max(rowid) AS {t}_hi "
        f"FROM {t} GROUP BY site, hand_id) USING (site, hand_id)"
        for t in DETAIL_TABLES[1:]
    ]  # fmt: skip
    try:
        got = hs.sql(f"SELECT * FROM ({parts[0]}) {' '.join(joins)} ORDER BY hand_id, site")
    except duckdb.Error:
        log.info("no row ids in %s: a hand's page scans its tables", hs.path)
        return
    with snap.lock:
        snap.mem.register("_incoming", got)
        snap.mem.execute("CREATE TABLE spans AS SELECT * FROM _incoming")
        snap.mem.unregister("_incoming")
        snap.spans = True


def hand_rows(hs: HandStore, snap: Snapshot | None, site: str, hand_id: str
              ) -> dict[str, pl.DataFrame]:  # fmt: skip
    """Every row of one hand per table: ``HandStore.hand(hand_id, site)``, frame for
    frame, read through the snapshot's spans when it has them and ``version`` is the
    store's now (each table read ``WHERE rowid BETWEEN lo AND hi`` and the hand's key,
    a table without rows of the hand not read), else by the store's scan.

    Args:
        hs: the open store.
        snap: the snapshot whose spans to use, or ``None``; the caller checks that its
            version is the store's now.
        site, hand_id: the hand.

    Returns:
        ``{table: frame}`` for the tables of :data:`DETAIL_TABLES` (empty frames when
        the store has no such hand).
    """
    span: tuple[Any, ...] | None = None
    if snap is not None and snap.spans:
        _, got = snap.rows("SELECT * EXCLUDE (site, hand_id) FROM spans "
                           "WHERE hand_id = ? AND site = ?", [hand_id, site])  # fmt: skip
        span = got[0] if got else None
    if span is None:  # a hand the snapshot lacks, or no spans
        return hs.hand(hand_id, site)
    out = {}
    for k, t in enumerate(DETAIL_TABLES):
        lo, hi = span[2 * k], span[2 * k + 1]
        if lo is None:
            out[t] = hs.sql(f"SELECT * FROM {t} WHERE false")
        else:
            out[t] = hs.sql(f"SELECT * FROM {t} WHERE rowid BETWEEN ? AND ? AND hand_id = ? "
                            f"AND site = ?{_ORDER.get(t, '')}", [lo, hi, hand_id, site])  # fmt: skip
    return out


def _has_ev(hs: HandStore) -> bool:
    (views,) = hs.con.execute(
        "SELECT count(*) FROM duckdb_views() WHERE view_name = 'allin_ev'").fetchall()[0]
    if not views:
        return False
    return bool(hs.con.execute("SELECT count(*) FROM (SELECT 1 FROM allin_equity LIMIT 1)"
                               ).fetchall()[0][0])  # fmt: skip


def cube_answers(flt: StatsFilter) -> bool:
    """Whether the cube holds the answer to ``flt`` (no time or hole-card class)."""
    return not (flt.since or flt.until or flt.hand_class)


def players_from_cube(cube: pl.DataFrame, flt: StatsFilter, by: tuple[str, ...] = ("player",)
                      ) -> pl.DataFrame:  # fmt: skip
    """``HandStore.stats(by, **flt)`` summed from the cube rows ``flt`` keeps.

    Args:
        cube: :attr:`Snapshot.cube`.
        flt: a filter the cube answers (:func:`cube_answers`).
        by: ``("player",)`` or ``("position",)`` (any of :data:`CUBE_DIMS` but limit).

    Raises:
        StatsError: a filter value the store's filter refuses.
    """
    import polars as pl

    hand_parts, params = flt.hand_conditions()  # checked, and its game/limit/stakes read
    keep = cube
    if hand_parts:
        keys = cube.select(pl.col("site"), pl.col("game"), pl.col("limit").alias("structure"),
                           pl.col("stakes"), pl.col("currency")).unique()  # fmt: skip
        con = duckdb.connect(":memory:", config={"enable_external_access": False})
        try:
            con.register("keys", keys)
            allowed = con.sql(
                f"SELECT site, game, structure AS \"limit\", stakes, currency FROM keys h "
                f"WHERE {' AND '.join(hand_parts)}", params=params).pl()  # fmt: skip
        finally:
            con.close()
        keep = keep.join(allowed, on=["site", "game", "limit", "stakes", "currency"],
                         how="semi", nulls_equal=True)  # fmt: skip
    flt.seat_conditions()  # checked
    if flt.player:
        keep = keep.filter(pl.col("player").str.to_lowercase() == flt.player.lower())
    if flt.position:
        keep = keep.filter(pl.col("position") == flt.position.upper())
    dims = list(by)
    sums = [c for c in keep.columns if c not in CUBE_DIMS and c != "currency"]
    counts = (keep.rename({"limit": "structure"})
              .group_by([*dims, "currency", "structure"], maintain_order=False)
              .agg([pl.col(c).sum() for c in sums]))  # fmt: skip
    if counts.is_empty():
        return counts.select(dims)
    ratios = ratios_of(counts, dims, flt.min_hands)
    money = money_of(counts, dims)
    if flt.min_hands and not ratios.is_empty():
        money = money.join(ratios.select(dims), on=dims, how="semi")
    if ratios.is_empty():
        return ratios
    return wide_stats(ratios, money)


class SnapshotKeeper:
    """The last snapshot of a store, built again in a thread when its version changes.

    Args:
        opener: opens a connection of the builder's own to the store.
        version: reads the store's version (cheap).
    """

    def __init__(self, opener: Callable[[], HandStore],
                 version: Callable[[], tuple[int, ...]]) -> None:  # fmt: skip
        self._opener = opener
        self._version = version
        self._lock = threading.Lock()
        self._ready = threading.Condition(self._lock)
        self._snap: Snapshot | None = None
        self._building: tuple[int, ...] | None = None
        self.error: BaseException | None = None
        self.builds = 0  #: snapshots built so far
        self._checked = 0.0  # when the store's version was last read

    def latest(self) -> Snapshot | None:
        """The last snapshot built (``None`` before the first)."""
        return self._snap

    def current(self, wait: bool = True) -> Snapshot | None:
        """The last snapshot; a build starts when the store's version moved on. Before
        the first snapshot exists, wait for it (``wait``) or return ``None``.

        Raises:
            whatever reading the version raises (no store: StoreMissing).
        """
        snap = self._snap
        if snap is not None and time.monotonic() - self._checked < RECHECK_SECONDS:
            return snap  # looked a moment ago
        version = self._version()
        self._checked = time.monotonic()
        with self._lock:
            snap = self._snap
            if (snap is None or snap.version != version) and self._building is None:
                self._building = version
                threading.Thread(target=self._build, args=(version,), daemon=True,
                                 name="hhtools-serve-snapshot").start()  # fmt: skip
            while wait and self._snap is None and self._building is not None:
                self._ready.wait(0.5)
            if wait and self._snap is None and self.error is not None:
                raise self.error
            return self._snap

    def _build(self, version: tuple[int, ...]) -> None:
        try:
            hs = self._opener()
            try:
                snap = build_snapshot(hs, version)
            finally:
                hs.close()
        except BaseException as exc:  # reported to the waiting request, logged
            log.exception("building the lists' snapshot failed")
            with self._lock:
                self.error, self._building = exc, None
                self._ready.notify_all()
            return
        with self._lock:
            old, self._snap, self._building, self.error = self._snap, snap, None, None
            self.builds += 1
            self._ready.notify_all()
        if old is not None:
            old.close()
        try:  # the hand pages' spans, after the lists are served
            hs = self._opener()
            try:
                if self._version() == snap.version:  # else the next build's spans
                    build_spans(hs, snap)
            finally:
                hs.close()
        except Exception:  # the pages scan the store instead
            log.exception("reading the hands' row spans failed")

    def close(self) -> None:
        """Drop the snapshot."""
        with self._lock:
            snap, self._snap = self._snap, None
        if snap is not None:
            snap.close()
