"""What the pages of ``hhtools serve`` read, kept by the importer: one summary row per
hand (``hand_summary``) and the statistics cube (``stat_cube``), filled for each
import's new hands instead of worked out again from every hand by the server.

* ``hand_summary``: per hand, what the hands list shows and filters on but the hand's
  row lacks: ``winner`` (the counted seat that collected and won the most, the lowest
  seat of a tie), ``scoop``/``quarter`` (some seat scooped a hi/lo pot / shared a
  half), ``allin`` (someone was all in), ``kinds`` (its findings' kinds, sorted) and
  ``players`` (everyone seated, sorted: whose statistics the hand is in);
* ``session_summary``: the ``sessions`` view's rows, worked out again for the players
  of the hands added (with their ``seat_sessions``: :mod:`hhtools.store.sessions`) or
  withdrawn (:func:`summarise_sessions`), so that a player's sessions are read, not
  grouped from every hand;
* ``stat_cube``: :func:`hhtools.store.stats.stats_sql`'s counts grouped by player,
  site, game, structure, stakes, position and currency, over the hands with a summary
  row. Each row is a sum over seats, so any subset of rows sums to the statistics of
  that subset, and a key may have several rows (one per transaction of an import
  whose workers sent their batches' sums; here, the new hands' rows are added, then
  each player's rows are summed into one per key again): readers sum. The all-in
  expectation is not in it (``hhtools ev`` fills that later): a reader adds it
  (``ev_net`` is ``net_won`` plus, over the seats with an all-in equity, the
  expectation less the net).

The import's workers send these rows for their batches (:mod:`hhtools.store.tables.kept`
runs the SQL below over a batch), and the importer appends them beside the hands, in
the same transaction. :func:`refresh_summary`, the reference, works out what that
left out: the hands without a summary row (a batch that came without its rows) are summarised and
added to the cube; the summary rows of hands no longer stored (withdrawn, or the rows of
a file whose import was stopped) are dropped, and the cube rows of their players worked
out again from those players' seats. A hand is in the cube exactly when it has a
summary row, so a reader can tell what the kept tables lack (:func:`missing_hands`,
:func:`gone_hands`) and work out just that.
"""

from __future__ import annotations

from typing import Any

import duckdb

from hhtools.store.player_views import session_lengths, sessions_from
from hhtools.store.seat_results import counted_seat
from hhtools.store.session_cube import summarise_session_cube
from hhtools.store.stats import RATIOS, StatsFilter, stats_sql
from hhtools.store.tables._base import KEY, Column
from hhtools.store.tables._base import column as _c
from hhtools.store.transaction import transaction

__all__ = ["CUBE_KEYS", "TABLES", "create_tables", "cube_select", "gone_hands", "missing_hands",
           "refresh_summary", "summarise_sessions", "summary_select"]  # fmt: skip

#: the cube's keys, in the order of its columns (``structure`` is ``stats``' ``limit``)
CUBE_KEYS = ("player", "site", "game", "structure", "stakes", "position", "currency")

_COUNTS: tuple[Column, ...] = tuple(
    _c(f"{name}_{part}", "BIGINT", f"seats counted in {name}'s {what}")
    for name in RATIOS for part, what in (("count", "count"), ("opportunities", "opportunities"))
)  # fmt: skip

TABLES: dict[str, tuple[str, tuple[Column, ...]]] = {
    "hand_summary": (
        "What the hands list of hhtools serve shows and filters on, per hand, kept at "
        "import (hhtools.store.hand_summary); a hand is in stat_cube when it has a row here.",
        KEY + (
            _c("winner", "VARCHAR", "the counted seat that collected and won the most (the "
               "lowest seat of a tie); NULL when nobody collected"),
            _c("scoop", "BOOLEAN", "some seat scooped a hi/lo pot"),
            _c("quarter", "BOOLEAN", "some seat shared a half of a hi/lo pot"),
            _c("allin", "BOOLEAN", "someone was all in"),
            _c("kinds", "VARCHAR[]", "the kinds of the hand's findings, sorted"),
            _c("players", "VARCHAR[]", "everyone seated, sorted"),
        ),
    ),
    "stat_cube": (
        "hhtools stats's counts per player, site, game, structure, stakes, position and "
        "currency over the hands of hand_summary (sums over seats: any rows sum to the "
        "statistics of their seats; a key may have several rows); kept at import.",
        (
            _c("player", "VARCHAR", "screen name"),
            _c("site", "VARCHAR", "the poker room"),
            _c("game", "VARCHAR", "hands.game"),
            _c("structure", "VARCHAR", "hands.structure (stats' limit)"),
            _c("stakes", "VARCHAR", "hands.stakes"),
            _c("position", "VARCHAR", "seats.position_name, 'unknown' when none"),
            _c("currency", "VARCHAR", "hands.currency"),
            _c("hands", "BIGINT", "seats counted (hands of the player)"),
            _c("seats", "BIGINT", "seats counted"),
            *_COUNTS,
            _c("postflop_aggressive", "BIGINT", "bets and raises, flop to river"),
            _c("postflop_calls", "BIGINT", "calls, flop to river"),
            _c("postflop_folds", "BIGINT", "folds, flop to river"),
            _c("net_won", "BIGINT", "sum of seats.net, minor units"),
            _c("net_bb", "DOUBLE", "sum of net / big blind"),
        ),
    ),
    "session_summary": (
        "The sessions view's rows (hhtools.store.player_views.sessions_from over "
        "seat_sessions) of every player, kept at import for the players of its hands.",
        (
            _c("site", "VARCHAR", "the poker room"),
            _c("player", "VARCHAR", "screen name"),
            _c("session", "BIGINT", "the player's session number on the site, from 1"),
            _c("start", "TIMESTAMP", "the session's start"),
            _c("session_end", "TIMESTAMP", "the start of its last hand (the view's end)"),
            _c("game", "VARCHAR", "hands.game"),
            _c("structure", "VARCHAR", "hands.structure"),
            _c("stakes", "VARCHAR", "hands.stakes"),
            _c("currency", "VARCHAR", "hands.currency"),
            _c("hands", "BIGINT", "hands"),
            _c("net_won", "BIGINT", "minor units"),
            _c("bb_per_100", "DOUBLE", "big blinds won per 100 hands"),
            _c("minutes", "DOUBLE", "from its first hand's start to its last's"),
            _c("net_per_hour", "BIGINT", "net won per hour, minor units; NULL for 0 minutes"),
        ),
    ),
}

_CUBE_COLUMNS = tuple(c.name for c in TABLES["stat_cube"][1])

_SUMMARY = f"""
SELECT k.site, k.hand_id, w.winner, coalesce(w.scoop, false) AS scoop,
       coalesce(w.quarter, false) AS quarter, a.hand_id IS NOT NULL AS allin,
       coalesce(f.kinds, []::VARCHAR[]) AS kinds, coalesce(w.players, []::VARCHAR[]) AS players
FROM ({{keys}}) k
LEFT JOIN (
    SELECT s.site, s.hand_id,
           arg_max(s.player, (s.net, -s.seat)) FILTER (WHERE s.collected > 0
                                                      AND {counted_seat('s')}) AS winner,
           bool_or(s.scooped > 0) AS scoop, bool_or(s.quartered > 0) AS quarter,
           list(DISTINCT s.player ORDER BY s.player) AS players
    FROM seats s WHERE (s.site, s.hand_id) IN ({{keys}}) GROUP BY s.site, s.hand_id
) w ON w.site = k.site AND w.hand_id = k.hand_id
LEFT JOIN (SELECT DISTINCT site, hand_id FROM actions
           WHERE all_in AND (site, hand_id) IN ({{keys}})) a
    ON a.site = k.site AND a.hand_id = k.hand_id
LEFT JOIN (SELECT site, hand_id, list(DISTINCT kind ORDER BY kind) AS kinds FROM findings
           WHERE (site, hand_id) IN ({{keys}}) GROUP BY site, hand_id) f
    ON f.site = k.site AND f.hand_id = k.hand_id
"""

#: the hands without a summary row / the summary rows without a hand, as ``(site, hand_id)``
MISSING = "SELECT h.site, h.hand_id FROM hands h ANTI JOIN hand_summary x USING (site, hand_id)"
GONE = "SELECT x.site, x.hand_id FROM hand_summary x ANTI JOIN hands h USING (site, hand_id)"


def summary_select(keys: str) -> str:
    """The ``hand_summary`` rows of the hands ``keys`` (a SELECT of ``site, hand_id``).

    Args:
        keys: SQL giving the hands' keys, e.g. :data:`MISSING` or
            ``SELECT site, hand_id FROM hands``.

    Returns:
        A SELECT of the columns of ``hand_summary``, in order.
    """
    return _SUMMARY.format(keys=keys)


def cube_select(seats: str, has_ev: bool = False, hands: str = "") -> str:
    """The ``stat_cube`` rows of the seats ``seats`` (a condition on ``seats``, without
    alias), one per key: :func:`hhtools.store.stats.stats_sql` grouped by
    :data:`CUBE_KEYS`, its seats those of ``seats``.

    Args:
        seats: SQL condition on the columns of ``seats``, e.g. ``(site, player) IN (...)``.
        has_ev: add ``ev_net`` and ``ev_bb`` (``stats``' all-in expectation: the store
            must have the ``allin_ev`` view).
        hands: a condition on ``hands`` keeping at least the hands of those seats
            (a few new hands: their hands are not all read); default all.

    Returns:
        A SELECT of the columns of ``stat_cube`` in order (and ``ev_net``, ``ev_bb``).
    """
    sql, params = stats_sql(("player", "site", "game", "limit", "stakes", "position"),
                            StatsFilter(), has_ev=has_ev)  # fmt: skip
    assert not params  # no filter: nothing to bind
    whole = "FROM seats s JOIN hands h"
    if whole not in sql:  # pragma: no cover - stats_sql's form changed
        raise RuntimeError("hhtools.store.stats.stats_sql no longer reads 'seats s JOIN hands h'")
    kept = f"(SELECT * FROM hands WHERE {hands})" if hands else "hands"
    sql = sql.replace(whole, f"FROM (SELECT * FROM seats WHERE {seats}) s JOIN {kept} h", 1)
    cols = ", ".join('"limit" AS structure' if c == "structure" else c for c in _CUBE_COLUMNS)
    return f"SELECT {cols}{', ev_net, ev_bb' if has_ev else ''} FROM ({sql})"


def _in_summary(keys: str = "hand_summary") -> str:
    """A condition on ``seats``: the seat's hand is among ``keys``."""
    return f"(site, hand_id) IN (SELECT site, hand_id FROM {keys})"


def missing_hands(con: duckdb.DuckDBPyConnection) -> int:
    """How many stored hands have no summary row yet."""
    return int(con.execute(f"SELECT count(*) FROM ({MISSING})").fetchall()[0][0])


def gone_hands(con: duckdb.DuckDBPyConnection) -> int:
    """How many summary rows name a hand no longer stored."""
    return int(con.execute(f"SELECT count(*) FROM ({GONE})").fetchall()[0][0])


def create_tables(con: duckdb.DuckDBPyConnection) -> None:
    """Create the kept tables where missing (they are not in
    :data:`hhtools.store.schema.TABLES`: worked out from the other tables, they are
    neither exported nor written to a Parquet dataset, whose readers work them out)."""
    for name, (_, cols) in TABLES.items():
        body = ", ".join(f"{c.name} {c.sql}" for c in cols)
        con.execute(f"CREATE TABLE IF NOT EXISTS {name} ({body})")


def refresh_summary(con: duckdb.DuckDBPyConnection, whole: bool = False,
                    counts_only: bool = False) -> tuple[int, int]:  # fmt: skip
    """Bring ``hand_summary`` and ``stat_cube`` up to the stored hands (see the module):
    drop the rows of hands no longer stored and work out again the cube rows of their
    players, then summarise the hands without a row and add their seats to the cube.

    Args:
        con: a writable store (:func:`hhtools.store.db.connect`), outside a
            transaction; the kept tables are created if missing.
        whole: empty the kept tables first (a store that lacked one of them).
        counts_only: the caller appended a summary row beside every hand it stored
            and deleted no hand (an import whose workers sent the kept rows): when
            the hands and the summary rows are as many, the two are taken to be the
            same hands and nothing is read (two counts, whatever the store's size);
            else the hands and rows are compared one by one, as without it.

    Returns:
        ``(added, dropped)``: hands summarised, summary rows dropped.

    Raises:
        duckdb.Error: the store cannot be written (the transaction is rolled back).
    """
    create_tables(con)
    if whole:
        for table in TABLES:
            con.execute(f"DELETE FROM {table}")
    elif counts_only:
        (hands, rows), = con.execute("SELECT (SELECT count(*) FROM hands), "
                                     "(SELECT count(*) FROM hand_summary)").fetchall()  # fmt: skip
        if hands == rows:
            return 0, 0
    con.execute(f"CREATE OR REPLACE TEMP TABLE _sum_gone AS {GONE}")
    con.execute(f"CREATE OR REPLACE TEMP TABLE _sum_new AS {MISSING}")
    (gone,), (new,) = (con.execute(f"SELECT count(*) FROM {t}").fetchall()[0]
                       for t in ("_sum_gone", "_sum_new"))  # fmt: skip
    if gone or new:
        con.execute("CREATE OR REPLACE TEMP TABLE _sum_touched (site VARCHAR, player VARCHAR)")
        with transaction(con):
            if gone:
                _drop(con)
            if new:
                _add(con)
            summarise_sessions(con, "_sum_touched")
    con.execute("DROP TABLE _sum_gone")
    con.execute("DROP TABLE _sum_new")
    con.execute("DROP TABLE IF EXISTS _sum_touched")
    return int(new), int(gone)


def summarise_sessions(con: duckdb.DuckDBPyConnection, players: str,
                       cube: str | None = None, sessions: str | None = None,
                       summary: str | None = None) -> None:  # fmt: skip
    """Work out again the ``session_summary`` rows of some players from their
    ``seat_sessions``, and their ``session_cube`` rows
    (:mod:`hhtools.store.session_cube`), inside the caller's transaction.

    Args:
        con: a writable store with the kept tables.
        players: a table or view of ``(site, player)`` rows, e.g. ``session_players``.
        cube: a table or view of their ``session_cube`` rows already summed, or ``None``.
        sessions: a table or view of their ``seat_sessions`` rows (all of them, as
            stored), or ``None``: read from ``seat_sessions``.
        summary: a table or view of their ``session_summary`` rows already summed up to
            ``bb_per_100`` (:func:`hhtools.store.session_rows.summary_of_seats`, its
            ``end`` named ``session_end``), or ``None``: summed here from ``sessions``
            (:func:`hhtools.store.player_views.sessions_from`, the reference).
    """
    mine = f"(site, player) IN (SELECT site, player FROM {players})"
    con.execute(f"DELETE FROM session_summary WHERE {mine}")
    cols = ", ".join('"end"' if c.name == "session_end" else c.name
                     for c in TABLES["session_summary"][1])  # fmt: skip
    if summary is None:
        rows = sessions_from(sessions or f"(SELECT * FROM seat_sessions WHERE {mine})")
    else:
        rows = session_lengths(f'SELECT * RENAME (session_end AS "end") FROM {summary}')
    con.execute(f"INSERT INTO session_summary SELECT {cols} FROM ({rows})")
    summarise_session_cube(con, players, cube)  # and their statistics per session


def _drop(con: duckdb.DuckDBPyConnection) -> None:
    """Drop the summary rows of ``_sum_gone`` and work out again their players' cube rows
    from the seats of the hands still summarised."""
    con.execute(
        "CREATE OR REPLACE TEMP TABLE _sum_players AS SELECT DISTINCT x.site, "
        "unnest(x.players) AS player FROM hand_summary x SEMI JOIN _sum_gone g "
        "USING (site, hand_id)")  # fmt: skip
    con.execute("DELETE FROM hand_summary WHERE (site, hand_id) IN "
                "(SELECT site, hand_id FROM _sum_gone)")  # fmt: skip
    mine = "(site, player) IN (SELECT site, player FROM _sum_players)"
    con.execute(f"DELETE FROM stat_cube WHERE {mine}")
    con.execute(f"INSERT INTO stat_cube {cube_select(f'{mine} AND {_in_summary()}')}")
    con.execute("INSERT INTO _sum_touched SELECT * FROM _sum_players")
    con.execute("DROP TABLE _sum_players")


def _add(con: duckdb.DuckDBPyConnection) -> None:
    """Summarise the hands of ``_sum_new``, add their seats to the cube, and sum the
    cube rows of their players into one per key."""
    con.execute(f"INSERT INTO hand_summary {summary_select('SELECT site, hand_id FROM _sum_new')}")
    new = _in_summary("_sum_new")
    con.execute(f"INSERT INTO stat_cube {cube_select(new, hands=new)}")
    con.execute("CREATE OR REPLACE TEMP TABLE _sum_players AS SELECT DISTINCT site, player "
                f"FROM seats WHERE {_in_summary('_sum_new')}")  # fmt: skip
    mine = "(site, player) IN (SELECT site, player FROM _sum_players)"
    keys = ", ".join(CUBE_KEYS)
    sums = ", ".join(f"sum({c})::{t}" for c, t in _sum_types())
    con.execute(f"CREATE OR REPLACE TEMP TABLE _sum_cube AS SELECT {keys}, {sums} "
                f"FROM stat_cube WHERE {mine} GROUP BY ALL")  # fmt: skip
    con.execute(f"DELETE FROM stat_cube WHERE {mine}")
    con.execute("INSERT INTO stat_cube SELECT * FROM _sum_cube")
    con.execute("INSERT INTO _sum_touched SELECT * FROM _sum_players")
    con.execute("DROP TABLE _sum_cube")
    con.execute("DROP TABLE _sum_players")


def _sum_types() -> list[tuple[str, str]]:
    """The cube's summed columns and their types."""
    return [(c.name, c.sql) for c in TABLES["stat_cube"][1] if c.name not in CUBE_KEYS]

