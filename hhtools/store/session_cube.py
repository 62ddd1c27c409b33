"""``hhtools stats --by session`` read from ``session_cube``, the statistics' counts per
session kept beside ``session_summary``, instead of joining every seat to its hand and
its session (at a million hands that three-way join of five million seats took about
4 s, most of it DuckDB spilling its hash table within its memory cap).

``session_cube`` holds one row per site, player, session (``seat_sessions.session_start``,
the usual gap of :data:`hhtools.store.player_views.SESSION_GAP` minutes), game, betting
structure, stakes and currency: :func:`hhtools.store.stats.stats_sql`'s counts over the
session's counted seats with statistics. An import sums it from the seats its sessions
are worked out from, in their sorted order (:func:`cube_of_seats`), not by a second join
of the players' seats, hands and sessions (:func:`rows_select`, still the reference and
the way for hands withdrawn): at 100,000 hands the sessions step took 12.7 against 18.5
us a hand of CPU; at a million, worked out in six parts each committed on its own (each
reading every hand again), 28 against 22 CPU s for a peak of 712 against 819 MiB. It
is worked out again whenever a player's
``session_summary`` rows are (:func:`hhtools.store.hand_summary.summarise_sessions`: the
players of an import's new hands, or of hands withdrawn), in the same transaction, and
whole for a store that lacks it or whose rows no longer tally with its sessions
(:func:`refresh_session_cube`, when the store is opened for writing).

A reader uses it only while it tallies (:func:`session_cube_current`: as many seats and
the same net as ``seat_sessions``) and only for what it can answer
(:func:`session_stats_select`); anything else reads the seats as before, with the same
numbers (sums of doubles may differ in their last bits, as the order of a parallel sum
does). The all-in expectation is not kept (``hhtools ev`` fills it later): a reader adds
it over the few seats that have one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import duckdb

from hhtools.store.player_views import SESSION_GAP
from hhtools.store.report_cube import summed_stats_select
from hhtools.store.stats import RATIOS, StatsFilter, stats_sql
from hhtools.store.tables._base import Column
from hhtools.store.tables._base import column as _c

if TYPE_CHECKING:  # loaded where the cube is summed (an import): a read never needs them
    import pyarrow as pa

    from hhtools.store.seat_groups import SeatGroups

__all__ = ["SESSION_CUBE", "SESSION_CUBE_COLUMNS", "refresh_session_cube", "rows_select",
           "session_cube_current", "session_stats_select", "summarise_session_cube"]  # fmt: skip

SESSION_CUBE = "session_cube"

#: the summed counts, after ``hands`` (as :func:`hhtools.store.stats.stats_sql` names them)
_SUMMED = (*(f"{n}_{p}" for n in RATIOS for p in ("count", "opportunities")),
           "postflop_aggressive", "postflop_calls", "postflop_folds", "net_won")  # fmt: skip

SESSION_CUBE_COLUMNS: tuple[Column, ...] = (
    _c("site", "VARCHAR", "the poker room"),
    _c("player", "VARCHAR", "screen name"),
    _c("session_start", "TIMESTAMP", "seat_sessions.session_start (the usual gap)"),
    _c("game", "VARCHAR", "hands.game"),
    _c("structure", "VARCHAR", "hands.structure (stats' limit)"),
    _c("stakes", "VARCHAR", "hands.stakes"),
    _c("currency", "VARCHAR", "hands.currency"),
    _c("hands", "BIGINT", "counted seats with statistics (the player's hands)"),
    *(_c(c, "BIGINT", f"sum of stats' {c}") for c in _SUMMED),
    _c("net_bb", "DOUBLE", "sum of net / big blind"),
)

#: seats of the players whose rows are worked out again above which their seats are not
#: first copied into a table (an import of most of a store's players)
SEATS_AT_ONCE = 1_000_000

#: ``--by`` names the cube groups by -> its SQL over the cube (alias ``h``)
CUBE_DIMENSIONS: dict[str, str] = {
    "player": "h.player",
    "session": "h.session_start",
    "site": "h.site",
    "game": "h.game",
    "limit": "h.structure",
    "stakes": "h.stakes",
}


def rows_select(seats: str = "seats", sessions: str = "seat_sessions") -> str:
    """The cube's rows, one per key: :func:`hhtools.store.stats.stats_sql` grouped by
    player, session, site, game, structure and stakes (and currency), the reference.

    Args:
        seats: the table of seats to read (``seats``, or some players' rows of it).
        sessions: the table of their sessions (``seat_sessions``, or those players' rows).

    Returns:
        A SELECT of :data:`SESSION_CUBE_COLUMNS`, in order.
    """
    sql, params = stats_sql(("player", "session", "site", "game", "limit", "stakes"),
                            StatsFilter(), has_ev=False)  # fmt: skip
    assert not params  # no filter: nothing to bind
    for whole, part in (("FROM seats s JOIN", f"FROM {seats} s JOIN"),
                        ("JOIN (SELECT * FROM seat_sessions) x", f"JOIN {sessions} x")):
        if whole not in sql:  # pragma: no cover - stats_sql's form changed
            raise RuntimeError(f"hhtools.store.stats.stats_sql no longer reads {whole!r}")
        sql = sql.replace(whole, part, 1)
    cols = ", ".join(
        {"session_start": '"session" AS session_start', "structure": '"limit" AS structure'}
        .get(c.name, c.name) for c in SESSION_CUBE_COLUMNS)  # fmt: skip
    return f"SELECT {cols} FROM ({sql})"


def _create(con: duckdb.DuckDBPyConnection) -> None:
    body = ", ".join(f"{c.name} {c.sql}" for c in SESSION_CUBE_COLUMNS)
    con.execute(f"CREATE TABLE IF NOT EXISTS {SESSION_CUBE} ({body})")


def summarise_session_cube(con: duckdb.DuckDBPyConnection, players: str,
                           rows: str | None = None) -> None:  # fmt: skip
    """Work out again the cube rows of some players from their ``seat_sessions`` (inside
    the caller's transaction; the table is created when missing).

    Args:
        con: a writable store.
        players: a table or view of ``(site, player)`` rows, e.g. ``session_players``.
        rows: a table or view of those players' cube rows already summed
            (:func:`cube_of_seats`), stored as they are; ``None``: summed here.
    """
    _create(con)
    mine = f"(site, player) IN (SELECT site, player FROM {players})"
    con.execute(f"DELETE FROM {SESSION_CUBE} WHERE {mine}")
    if rows is not None:
        con.execute(f"INSERT INTO {SESSION_CUBE} BY NAME SELECT * FROM {rows}")
        return
    (seats,) = con.execute(f"SELECT count(*) FROM seat_sessions WHERE {mine}").fetchall()[0]
    if seats > SEATS_AT_ONCE:  # most of the store: one statement over every seat
        con.execute(f"INSERT INTO {SESSION_CUBE} "
                    f"{rows_select(f'(SELECT * FROM seats WHERE {mine})', 'seat_sessions')}")
        return
    # their sessions, then their seats, each a table first: in one statement DuckDB
    # joined every seat to its hand before keeping those players' (a few players of a
    # million-hand store: 1.3 -> 0.5 CPU s)
    con.execute(f"CREATE OR REPLACE TEMP TABLE _cube_sessions AS "
                f"SELECT * FROM seat_sessions WHERE {mine}")  # fmt: skip
    con.execute("CREATE OR REPLACE TEMP TABLE _cube_seats AS SELECT s.* FROM seats s "
                "SEMI JOIN _cube_sessions x ON x.site = s.site AND x.hand_id = s.hand_id "
                "AND x.player = s.player")  # fmt: skip
    con.execute(f"INSERT INTO {SESSION_CUBE} {rows_select('_cube_seats', '_cube_sessions')}")
    con.execute("DROP TABLE _cube_seats")
    con.execute("DROP TABLE _cube_sessions")


#: the cube's sums over a seat's column (NULL when every seat's is), after the counts
#: (``net_won``: the net the rows carry already, not read twice)
_SEAT_SUMS = {"postflop_aggressive": "s.postflop_aggressive", "postflop_calls": "s.postflop_calls",
              "postflop_folds": "s.postflop_folds", "net_won": None,
              "net_bb": "s.net::DOUBLE / nullif(h.big_blind, 0)"}  # fmt: skip
_KEYS = ("game", "structure", "stakes", "currency")  #: the hand's keys of a cube row
#: each hand key's hash (``cube_key``) and the key, once
KEYS_SELECT = ("SELECT DISTINCT hash(game, structure, stakes, currency) AS cube_key, "
               "game, structure, stakes, currency FROM hands")


def _counted() -> dict[str, str]:
    """Each counted column of the cube -> the condition it counts (``count_if``, as
    :func:`hhtools.store.stats.stats_sql` counts it)."""
    return {f"{n}_{p}": cond for n, pair in RATIOS.items()
            for p, cond in zip(("count", "opportunities"), pair, strict=True)}  # fmt: skip


def seat_values_select() -> str:
    """A select list over ``seats s`` and ``hands h``: what each seat adds to its cube
    row (:func:`cube_of_seats`): whether it has statistics, the hand's keys, each
    condition counted (false for NULL, as ``count_if``; each distinct condition a bit of
    ``_cube_bits``) and each summed value but the net (the rows carry it). ``h`` has ``cube_key``, the hash of the hand's
    game, structure, stakes and currency (:data:`KEYS_SELECT`)."""
    conds = dict.fromkeys(_counted().values())
    # the conditions as the bits of one integer (bit i: the i-th distinct condition): one
    # column to carry through the sort, not one per condition (at a million hands, a part's
    # sorted read took 3.55 s with one column each)
    bits = " | ".join(f"(coalesce(({c}), false)::BIGINT << {i})" for i, c in enumerate(conds))
    return ", ".join(["s.vpip_opportunity IS NOT NULL AS _cube_stat", "h.cube_key AS _cube_key",
                      f"({bits}) AS _cube_bits",
                      *(f"{e} AS _cube_{n}" for n, e in _SEAT_SUMS.items() if e)])  # fmt: skip


def cube_of_seats(rows: pa.Table, values: pa.Table, groups: SeatGroups, start: pa.Array,
                  keys: pa.Table) -> pa.Table | None:  # fmt: skip
    """The ``session_cube`` rows of some players' counted seats, summed from them: the
    rows :func:`rows_select` gives for those players (net_bb, a sum of doubles, but
    for its last bits: summed in another order).

    Args:
        rows: their seats' rows of :data:`hhtools.store.session_rows.SESSION_SCHEMA`,
            sorted by site, player, moment and hand id (a session's seats together).
        values: per row, the columns of :func:`seat_values_select`.
        groups: the rows' groups of one player, session and hand key
            (:func:`hhtools.store.seat_groups.seat_groups`): a cube row each that
            has a seat with statistics.
        start: per row, its session's start (NULL when unknown).
        keys: the rows of :data:`KEYS_SELECT`.

    Returns:
        A table of :data:`SESSION_CUBE_COLUMNS`, one row per key, ordered by player,
        session and key; ``None`` when two hand keys have one hash (then
        :func:`rows_select` must sum them).
    """
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    hashes = keys.column("cube_key").combine_chunks()
    if len(pc.unique(hashes)) != len(hashes):
        return None
    stat = values.column("_cube_stat").to_numpy(zero_copy_only=False).astype(np.int64)
    counted = groups.summed(stat)
    cube = np.flatnonzero(counted)  # the groups with a seat with statistics
    at = pa.array(groups.at[cube])
    which = pc.index_in(pa.array(groups.key[cube], hashes.type), value_set=hashes)
    cols: dict[str, pa.Array] = {
        "site": rows.column("site").take(at), "player": rows.column("player").take(at),
        "session_start": start.take(at),
        **{k: keys.column(k).take(which) for k in _KEYS},
        "hands": pa.array(counted[cube], pa.int64()),
    }
    # each distinct condition's count once (a bit of _cube_bits), of the seats with statistics
    conds = list(dict.fromkeys(_counted().values()))
    bits = values.column("_cube_bits").to_numpy() * stat
    count = [groups.summed((bits >> i) & 1)[cube] for i in range(len(conds))]
    for name, cond in _counted().items():
        cols[name] = pa.array(count[conds.index(cond)], pa.int64())
    for name in _SEAT_SUMS:
        col = (rows.column("net") if name == "net_won" else values.column(f"_cube_{name}")
               ).combine_chunks()  # fmt: skip
        kind = np.float64 if name == "net_bb" else np.int64
        got = pc.fill_null(col, 0).to_numpy(zero_copy_only=False).astype(kind) * stat
        seen = groups.summed(pc.is_valid(col).to_numpy(zero_copy_only=False) * stat)[cube]
        cols[name] = pa.array(groups.summed(got)[cube], mask=seen == 0)
    return pa.table(cols).select([c.name for c in SESSION_CUBE_COLUMNS])


def session_cube_current(con: duckdb.DuckDBPyConnection) -> bool:
    """``True`` when ``session_cube`` sums every stored session row: as many seats, and
    the same net, as ``seat_sessions`` (one row per counted seat). ``False`` for a store
    without it (older, read-only; a Parquet dataset), or one whose sessions an older
    hhtools wrote since."""
    try:
        (kept, kept_net, rows, net), = con.execute(
            f"SELECT (SELECT coalesce(sum(hands), 0) FROM {SESSION_CUBE}), "
            f"(SELECT coalesce(sum(net_won), 0) FROM {SESSION_CUBE}), "
            "(SELECT count(*) FROM seat_sessions), "
            "(SELECT coalesce(sum(net), 0) FROM seat_sessions)").fetchall()  # fmt: skip
    except duckdb.Error:  # no such table (CatalogException)
        return False
    return bool(kept == rows and kept_net == net)


def refresh_session_cube(con: duckdb.DuckDBPyConnection) -> bool:
    """Work ``session_cube`` out whole when the store lacks it or it does not tally with
    the sessions (:func:`session_cube_current`); a store without ``seat_sessions`` is
    left alone.

    Args:
        con: a writable store, outside a transaction.

    Returns:
        Whether it was worked out.

    Raises:
        duckdb.Error: the store cannot be written (the transaction is rolled back).
    """
    from hhtools.store.transaction import transaction

    if session_cube_current(con):
        return False
    try:
        con.execute("SELECT 1 FROM seat_sessions LIMIT 0")
    except duckdb.CatalogException:
        return False
    with transaction(con):
        _create(con)
        con.execute(f"DELETE FROM {SESSION_CUBE}")
        con.execute(f"INSERT INTO {SESSION_CUBE} {rows_select()}")
    return True


def _conditions(flt: StatsFilter) -> tuple[list[str], list[Any]] | None:
    """The filter as conditions on the cube (alias ``h``), or ``None`` when the cube cannot
    answer it (a time: a session may cross it; a position or hole-card class).

    Raises:
        StatsError: as :meth:`StatsFilter.where`.
    """
    if flt.since or flt.until or flt.position or flt.hand_class:
        return None
    parts, params = flt.hand_conditions()  # site, game, structure, stakes, currency
    if flt.player:
        parts.append("lower(h.player) = lower(?)")
        params.append(flt.player)
    return parts, params


def session_stats_select(con: duckdb.DuckDBPyConnection, dims: list[str], flt: StatsFilter,
                         has_ev: bool, gap_minutes: int = SESSION_GAP
                         ) -> tuple[str, list[Any]] | None:  # fmt: skip
    """:func:`hhtools.store.stats.stats_sql`'s statement for a grouping by session, read
    from ``session_cube``: the same columns, rows and numbers, or ``None`` when the cube
    cannot answer (no session asked, or another gap; a grouping by table, position or
    month; a time, position or hole-card class filter; the cube not current).

    Args:
        con: the store.
        dims: the grouping, checked (:func:`hhtools.store.stats.group_names`).
        flt: the filters.
        has_ev: the store holds all-in equity: ``ev_net`` and ``ev_bb`` add, over the
            seats that have one, the expectation less the net.
        gap_minutes: the session gap asked for.

    Returns:
        ``(sql, params)``, or ``None``.

    Raises:
        StatsError: as :meth:`StatsFilter.where`.
    """
    if "session" not in dims or int(gap_minutes) != SESSION_GAP:
        return None
    if any(d not in CUBE_DIMENSIONS for d in dims):
        return None
    conds = _conditions(flt)
    if conds is None or not session_cube_current(con):
        return None
    return summed_stats_select(
        dims, CUBE_DIMENSIONS, SESSION_CUBE, conds, flt, has_ev,
        joins="JOIN seat_sessions x ON x.site = s.site AND x.hand_id = s.hand_id "
              "AND x.player = s.player")  # fmt: skip
