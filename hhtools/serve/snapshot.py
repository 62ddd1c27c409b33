"""What the lists read, held in memory per version of the store, so that a page over a
million hands answers in milliseconds instead of scanning the store's tables.

A :class:`Snapshot` holds three things, read from the store:

* the hands list: one row per hand with the columns the list shows and the facts its
  filters ask (``winner``: who won the most; ``scoop``/``quarter``: some seat scooped a
  pot / shared a half; ``allin``: someone was all in; ``kinds``: the kinds of its
  findings: the summary the importer keeps, :mod:`hhtools.store.hand_summary`;
  ``ord``: its place in the list by time, site and hand number, so that the default
  order sorts one integer; ``sh``: its place by site and hand number, the tie-break of
  the other orders as one integer instead of two strings; ``hid``: its number in the
  snapshot, which an update keeps), the distinct ``stakes`` (where a stakes filter is
  worked out before it meets the hands), and the seats' ``(site, hand_id, player, seat, scooped,
  quartered, net, counted, ev_net, hid, currency, started_at)`` for the player filter
  (one join on ``hid``) and the players' results graphs, in an in-memory DuckDB (no
  file), where :class:`hhtools.serve.queries.HandsQuery`'s SQL runs unchanged;
* the statistics cube: :func:`hhtools.store.stats.stats_sql`'s counts grouped by player,
  site, game, limit, stakes and position (each row a sum over seats, so any subset of
  rows sums to the statistics of that subset), from which the players list of a filter
  on site, game, limit, stakes, currency, position, player or minimum hands is summed
  in memory (:func:`players_from_cube`): the same sums as ``hhtools stats``, grouped
  once more; the importer keeps it (``stat_cube``), the all-in expectation is added
  here. Filters on time or hole-card class ask the store;
* the spans (built after the snapshot is served, in the same worker thread): per hand
  the lowest and highest row id of its rows in each table of
  :data:`DETAIL_TABLES`, so that a hand's page reads its rows by
  ``rowid BETWEEN lo AND hi`` (a few row groups) instead of scanning eight tables
  (:func:`hand_rows`).

:class:`hhtools.serve.keeper.SnapshotKeeper` builds a snapshot on its own connection in a worker thread, and
when the store's version changes (an import, a watch batch) brings it up to date by
reading only the new imports' hands and the withdrawn ones (:func:`update_snapshot`),
so requests never wait for a build except the very first; the live events
(:mod:`hhtools.serve.live`) announce a version once its snapshot is ready.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import duckdb

from hhtools.serve.day_cube import stats_of
from hhtools.store.hand_summary import CUBE_KEYS, GONE, MISSING, cube_select, summary_select
from hhtools.store.hand_summary import TABLES as KEPT
from hhtools.store.seat_results import counted_seat
from hhtools.store.stats import StatsFilter, stats_sql

if TYPE_CHECKING:
    import polars as pl

    from hhtools.store.api import HandStore

__all__ = ["CUBE_DIMS", "DETAIL_TABLES", "Snapshot", "build_snapshot",
           "build_spans", "hand_rows", "kept_tables", "players_from_cube", "update_snapshot"]

log = logging.getLogger(__name__)

#: the statistics cube's groups (:data:`hhtools.store.stats.DIMENSIONS` names)
CUBE_DIMS = ("player", "site", "game", "limit", "stakes", "position")

#: the hands list's columns of the hand's row (``import_id``: which hands a new version
#: adds); its pot the site's total, or, where the history writes none (older formats:
#: ``hands.total_pot`` NULL), what went in less returns plus room money, which the
#: ledger says it is
_HAND_COLS = ("h.site, h.hand_id, h.started_at, h.game, h.structure, h.stakes, h.table_name, "
              "coalesce(h.total_pot, h.put_in + coalesce(h.room_added, 0)) AS total_pot, "
              "h.rake, h.currency, h.players, h.findings, h.board_cards, "
              "h.is_tournament, h.big_blind, h.import_id")  # fmt: skip
#: ... and of the hand's summary (:mod:`hhtools.store.hand_summary`)
_SUMMARY_COLS = "x.winner, x.scoop, x.quarter, x.allin, x.kinds"
#: how often :func:`hhtools.store.hand_summary.summary_select` names its keys, and the
#: condition after it: the times a condition's parameters are bound
_KEYS_USED = summary_select("{k}").count("{k}") + 1
#: a hand's place by time, site and hand number
_ORD = ("row_number() OVER (ORDER BY coalesce(started_at, TIMESTAMP '0001-01-01'), site, "
        "hand_id)")  # fmt: skip
#: ... and by site and hand number alone: the tie-break of every other order as one integer
_SH = "row_number() OVER (ORDER BY site, hand_id)"

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
       {counted_seat('s')} AS counted, {{ev}} AS ev_net
FROM seats s {{evj}} {{where}}
"""
#: ... joined in memory to their hand's ``hid``, ``currency`` and ``started_at`` (sorted
#: by player in memory, at a third of the store's cost, so that a player's rows are a
#: few row groups: an update appends its few rows unsorted)
_SEATS_IN = ("SELECT s.*, h.hid, h.currency, h.started_at FROM _incoming s JOIN hands h "
             "USING (site, hand_id)")  # fmt: skip
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
    #: the store's kept tables (:mod:`hhtools.store.hand_summary`) covered every hand
    #: when read (nothing worked out here), so what else they hold can be read as is
    current: bool = False
    kept: dict[str, Any] = field(default_factory=dict)  #: answers worked out from it once
    ev: bool = False  #: the store holds all-in equity
    #: ``mem`` holds the statistics by day (:mod:`hhtools.serve.day_cube`) of this version
    days: bool = False
    #: the last import of the snapshot this one was brought up from, when no hand was
    #: withdrawn since (so that what ``mem`` keeps of it grows by the new imports' hands)
    grown_from: int | None = None
    #: ``hid`` rises with the hands' order by time, site and hand number (NULL times
    #: first); false once an update placed new hands among the old
    hid_ordered: bool = True

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
    """Read the lists' data of the store ``hs`` into memory (see the module): each hand's
    row beside its summary kept at import (:mod:`hhtools.store.hand_summary`), the seats,
    and the kept statistics cube; what the kept tables lack (a store made before them
    and opened read-only, hands not yet summarised, rows of withdrawn hands) is worked
    out here from the store's tables.

    Args:
        hs: an open store (a connection of the builder's own).
        version: the store's version before the reading.
    """
    mem = duckdb.connect(":memory:", config={"enable_external_access": False})
    ev = _has_ev(hs)
    _load(mem, "hands", _hands(hs),
          f"SELECT *, {_ORD} AS ord, ord AS hid, {_SH} AS sh FROM _incoming "
          "ORDER BY ord")  # fmt: skip
    _load(mem, "seats", _seats(hs, ev), f"{_SEATS_IN} ORDER BY s.player")
    mem.execute("CREATE TABLE stakes AS SELECT DISTINCT stakes FROM hands")
    lacking = _lacking(hs)
    return Snapshot(version, mem, _cube(hs, ev, lacking), threading.Lock(),
                    current=lacking == (0, 0), ev=ev)  # fmt: skip


def update_snapshot(hs: HandStore, old: Snapshot, version: tuple[int, ...]) -> Snapshot | None:
    """The snapshot of ``version`` made from ``old`` by reading only what changed: the
    hands of the imports after ``old``'s (their rows, summaries and seats), the hands no
    longer stored (found by the imports whose count of hands moved), and the cube
    (the kept one, read again). ``old``'s in-memory tables are changed in place (under
    its lock, one statement at a time), so the new snapshot shares them.

    Args:
        hs: the open store at ``version``.
        old: the last snapshot.
        version: the store's version before the reading.

    Returns:
        The new snapshot, or ``None`` when it must be built whole (the store went back:
        its last import is before ``old``'s).
    """
    last = old.version[1]
    if version[1] < last:
        return None
    ev = _has_ev(hs)
    stored = dict(hs.con.execute("SELECT import_id, count(*) FROM hands GROUP BY 1").fetchall())
    _, mine = old.rows("SELECT import_id, count(*) FROM hands GROUP BY 1")
    moved = [i for i, n in mine if stored.get(i, 0) != n]
    if any(stored.get(i, 0) > n for i, n in mine):
        return None  # hands added to an old import: read it whole
    keys = None
    if moved:
        keys = hs.sql("SELECT site, hand_id FROM hands WHERE list_contains(?, import_id)",
                      [moved])  # fmt: skip
    where = ("WHERE h.import_id > ?", [last])
    hands = _hands(hs, where)
    seats = _seats(hs, ev, ("WHERE (s.site, s.hand_id) IN (SELECT h.site, h.hand_id FROM hands h "
                            "WHERE h.import_id > ?)", [last]))  # fmt: skip
    lacking = _lacking(hs)
    cube = _cube(hs, ev, lacking)
    with old.lock:
        mem = old.mem
        mem.execute("BEGIN TRANSACTION")
        if keys is not None:  # the hands no longer stored
            mem.register("_kept_keys", keys)
            mem.execute("CREATE OR REPLACE TEMP TABLE _gone AS SELECT hid FROM hands "
                        "WHERE list_contains(?, import_id) AND (site, hand_id) NOT IN "
                        "(SELECT site, hand_id FROM _kept_keys)", [moved])  # fmt: skip
            mem.unregister("_kept_keys")
            for t in ("seats", "hands"):
                mem.execute(f"DELETE FROM {t} WHERE hid IN (SELECT hid FROM _gone)")
            mem.execute("DROP TABLE _gone")
        first = _first(mem, "hands ORDER BY ord DESC")
        (top, top_sh) = mem.execute("SELECT coalesce(max(hid), 0), coalesce(max(sh), 0) "
                                    "FROM hands").fetchall()[0]  # fmt: skip
        last_sh = mem.execute("SELECT site, hand_id FROM hands WHERE sh = ?", [top_sh]).fetchall()
        mem.register("_incoming", hands)
        new = _first(mem, "_incoming ORDER BY 1, 2, 3")
        new_sh = mem.execute("SELECT site, hand_id FROM _incoming ORDER BY 1, 2 LIMIT 1"
                             ).fetchall()  # fmt: skip
        mem.execute(f"INSERT INTO hands BY NAME SELECT *, ? + {_ORD} AS ord, ? + {_ORD} AS hid, "
                    f"? + {_SH} AS sh FROM _incoming",
                    [first[3] if first else 0, top, top_sh])  # fmt: skip
        mem.unregister("_incoming")
        among = bool(first and new and new[:3] <= first[:3])
        among_sh = bool(last_sh and new_sh and new_sh[0] <= last_sh[0])
        if among or among_sh:  # a new hand among the old: places again
            mem.execute(f"CREATE OR REPLACE TABLE hands AS SELECT * EXCLUDE (ord, sh), "
                        f"{_ORD if among else 'ord'} AS ord, {_SH} AS sh FROM hands "
                        "ORDER BY ord")  # fmt: skip
        mem.register("_incoming", seats)
        mem.execute(f"INSERT INTO seats {_SEATS_IN} WHERE h.hid > ?", [top])
        mem.unregister("_incoming")
        mem.execute("CREATE OR REPLACE TABLE stakes AS SELECT DISTINCT stakes FROM hands")
        if keys is not None:  # row ids may have moved: the spans are read again whole
            mem.execute("DROP TABLE IF EXISTS spans")
        mem.execute("COMMIT")
        old.spans = old.days = False
    return Snapshot(version, mem, cube, old.lock, current=lacking == (0, 0), ev=ev,
                    grown_from=last if keys is None else None,
                    hid_ordered=old.hid_ordered and not among)  # fmt: skip


def _first(mem: duckdb.DuckDBPyConnection, source: str) -> tuple[Any, ...] | None:
    """``(time, site, hand_id, ord)`` of the first row of ``source`` (a table and its
    ORDER BY), the time never NULL; ``None`` when empty."""
    got = mem.execute("SELECT coalesce(started_at, TIMESTAMP '0001-01-01'), site, hand_id"
                      + (", ord" if source.startswith("hands ") else ", 0")
                      + f" FROM {source} LIMIT 1").fetchall()  # fmt: skip
    return got[0] if got else None


def _load(mem: duckdb.DuckDBPyConnection, name: str, frame: pl.DataFrame, select: str) -> None:
    """Table ``name`` of ``mem`` made by ``select`` over ``frame`` (as ``_incoming``)."""
    mem.register("_incoming", frame)  # a Polars frame: Arrow underneath, read as it is
    mem.execute(f"CREATE TABLE {name} AS {select}")
    mem.unregister("_incoming")


def kept_tables(hs: HandStore) -> bool:
    """Whether the store has the tables the importer keeps for the pages
    (:mod:`hhtools.store.hand_summary`)."""
    (n,) = hs.con.execute(
        "SELECT count(*) FROM (SELECT table_name FROM duckdb_tables() UNION ALL "
        "SELECT view_name FROM duckdb_views()) WHERE list_contains(?, table_name)",
        [list(KEPT)]).fetchall()[0]  # fmt: skip
    return int(n) == len(KEPT)


def _hands(hs: HandStore, where: tuple[str, list[Any]] = ("", [])) -> pl.DataFrame:
    """The hands' rows with their summaries (kept, else worked out here), of the hands
    ``where`` keeps (a condition on ``hands h`` and its parameters)."""
    import polars as pl

    cond, params = where
    if not kept_tables(hs):
        log.info("%s has no kept hand summaries (a store made before them, opened "
                 "read-only): the server works them out", hs.path)  # fmt: skip
        summed = summary_select(f"SELECT h.site, h.hand_id FROM hands h {cond}")
        return hs.sql(f"SELECT {_HAND_COLS}, {_SUMMARY_COLS} FROM hands h JOIN ({summed}) x "
                      f"USING (site, hand_id) {cond}", params * _KEYS_USED)  # fmt: skip
    kept = hs.sql(f"SELECT {_HAND_COLS}, {_SUMMARY_COLS} FROM hands h JOIN hand_summary x "
                  f"USING (site, hand_id) {cond}", params)  # fmt: skip
    lacking = f"SELECT h.site, h.hand_id FROM hands h ANTI JOIN hand_summary x USING (site, hand_id) {cond}"
    (n,) = hs.con.execute(f"SELECT count(*) FROM ({lacking})", params).fetchall()[0]
    if not n:
        return kept
    log.info("%s: %d hands not summarised yet, worked out by the server", hs.path, n)
    worked = hs.sql(f"SELECT {_HAND_COLS}, {_SUMMARY_COLS} FROM hands h JOIN "
                    f"({summary_select(lacking)}) x USING (site, hand_id) {cond}",
                    params * _KEYS_USED)  # fmt: skip
    return pl.concat([kept, worked])


def _seats(hs: HandStore, ev: bool, where: tuple[str, list[Any]] = ("", [])) -> pl.DataFrame:
    """The seats' rows (:data:`_SEATS`) of the hands ``where`` keeps."""
    sql = _SEATS.format(ev="e.ev_net" if ev else "NULL::DOUBLE", evj=_EV_JOIN if ev else "",
                        where=where[0])  # fmt: skip
    return hs.sql(sql, where[1])


def _lacking(hs: HandStore) -> tuple[int, int] | None:
    """``(withdrawn, new)``: the kept summaries of hands no longer stored, and the hands
    without one; ``None`` for a store without the kept tables."""
    if not kept_tables(hs):
        return None
    (gone,) = hs.con.execute(f"SELECT count(*) FROM ({GONE})").fetchall()[0]
    (new,) = hs.con.execute(f"SELECT count(*) FROM ({MISSING})").fetchall()[0]
    return int(gone), int(new)


def _cube(hs: HandStore, ev: bool, lacking: tuple[int, int] | None) -> pl.DataFrame | None:
    """The statistics cube, :func:`hhtools.store.stats.stats_sql` grouped by
    :data:`CUBE_DIMS`: the kept ``stat_cube`` with the rows of players whose hands
    were withdrawn worked out again, the hands not yet in it added, and the all-in
    expectation added (as rows of zero counts whose ``ev_net`` and ``ev_bb`` are the
    expectation less the net); ``None`` for a store without statistics."""
    import polars as pl

    try:
        hs._need_statistics()  # noqa: SLF001  (the store's own check)
    except Exception:  # a store of an older schema: the store answers, slowly
        log.info("no statistics in %s: the players list asks the store", hs.path)
        return None
    if lacking is None:
        sql, params = stats_sql(CUBE_DIMS, StatsFilter(), has_ev=ev)
        return hs.sql(sql, params)
    n_gone, n_new = lacking
    parts = []
    gone = ("(site, player) IN (SELECT DISTINCT x.site, unnest(x.players) FROM hand_summary x "
            f"SEMI JOIN ({GONE}) g USING (site, hand_id))")  # fmt: skip
    if n_gone:
        log.info("%s: %d summaries of withdrawn hands: their players' statistics worked "
                 "out by the server", hs.path, n_gone)  # fmt: skip
        parts.append(hs.sql(f"SELECT * FROM stat_cube WHERE NOT {gone}"))
        parts.append(hs.sql(cube_select(f"{gone} AND (site, hand_id) IN (SELECT site, hand_id "
                                        "FROM hand_summary)")))  # fmt: skip
    else:
        parts.append(hs.sql("SELECT * FROM stat_cube"))
    if n_new:
        new = f"(site, hand_id) IN ({MISSING})"
        parts.append(hs.sql(cube_select(new, hands=new)))
    cube = pl.concat(parts, how="vertical_relaxed").with_columns(
        pl.col("net_won").cast(pl.Float64).alias("ev_net"), pl.col("net_bb").alias("ev_bb"))
    if ev:  # the all-in expectation less the net, over the seats with one
        with_ev = hs.sql(cube_select("(site, hand_id, player) IN (SELECT site, hand_id, player "
                                     "FROM allin_ev)", has_ev=True))  # fmt: skip
        sums = [c for c in cube.columns if c not in (*CUBE_KEYS, "ev_net", "ev_bb")]
        delta = with_ev.select(
            *CUBE_KEYS, *(pl.lit(0, dtype=cube.schema[c]).alias(c) for c in sums),
            (pl.col("ev_net") - pl.col("net_won")).alias("ev_net"),
            (pl.col("ev_bb") - pl.col("net_bb")).alias("ev_bb"))  # fmt: skip
        cube = pl.concat([cube, delta.select(cube.columns)], how="vertical_relaxed")
    return cube.rename({"structure": "limit"})


def build_spans(hs: HandStore, snap: Snapshot, after_import: int | None = None) -> None:
    """Add table ``spans`` to ``snap.mem``: per hand ``(site, hand_id)`` and, for each
    table ``t`` of :data:`DETAIL_TABLES`, ``t_lo`` and ``t_hi``, the lowest and highest
    row id of the hand's rows in ``t`` of the store (NULL: no rows), sorted by hand id.

    The row ids are those of the store at ``snap.version``; :func:`hand_rows` uses them
    only while the store's version is the same. A store whose tables have no row ids (a
    Parquet dataset) gets no spans (``snap.spans`` stays false).

    Args:
        hs: an open store at ``snap.version`` (the builder's connection).
        snap: the snapshot just built from it.
        after_import: add to ``spans`` (which holds the hands of the imports up to this
            one, none withdrawn since) the hands of the later imports only: their rows
            were appended after every row ``spans`` knows, so each table is read from
            its highest row id known on.
    """
    new = "" if after_import is None else f"WHERE h.import_id > {int(after_import)}"
    parts = [f"SELECT site, hand_id, rowid AS hands_lo, rowid AS hands_hi FROM hands h {new}"]
    beyond = {t: "" for t in DETAIL_TABLES}
    if after_import is not None:
        _, (known,) = snap.rows("SELECT " + ", ".join(f"coalesce(max({t}_hi), -1)"
                                                     for t in DETAIL_TABLES) + " FROM spans")  # fmt: skip
        beyond = {t: f"WHERE rowid > {int(n)}" for t, n in zip(DETAIL_TABLES, known, strict=True)}
        parts[0] = parts[0].replace("FROM hands h WHERE", f"FROM hands h {beyond['hands']} AND")
    joins = [
        f"LEFT JOIN (SELECT site, hand_id, min(rowid) AS {t}_lo, max(rowid) AS {t}_hi "
        f"FROM {t} {beyond[t]} GROUP BY site, hand_id) USING (site, hand_id)"
        for t in DETAIL_TABLES[1:]
    ]  # fmt: skip
    try:
        got = hs.sql(f"SELECT * FROM ({parts[0]}) {' '.join(joins)} ORDER BY hand_id, site")
    except duckdb.Error:
        log.info("no row ids in %s: a hand's page scans its tables", hs.path)
        return
    with snap.lock:
        snap.mem.register("_incoming", got)
        if after_import is None:
            snap.mem.execute("CREATE OR REPLACE TABLE spans AS SELECT * FROM _incoming")
        else:
            snap.mem.execute("INSERT INTO spans BY NAME SELECT * FROM _incoming")
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
    sums = [c for c in keep.columns if c not in CUBE_DIMS and c != "currency"]
    counts = keep.rename({"limit": "structure"}).select(*by, "currency", "structure", *sums)
    return stats_of(counts, by, flt.min_hands)
