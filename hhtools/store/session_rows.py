"""The ``seat_sessions`` rows of some players with one sort and a pass over arrays: what
:func:`hhtools.store.player_views.session_select` (the reference, two SQL windows)
gives, at about half its cost (an import works out the sessions of every player it
added seats for; at 20,000 hands, 6.5 against 3 us a hand).

A player's counted seats (:func:`hhtools.store.seat_results.counted_seat`) are read
sorted by site, player, moment (the hand's start, UTC when the site's zone is known,
else the site's clock) and hand id. A seat starts a session when it is the player's
first, when its moment or the one before it is unknown (NULL: as in SQL, no gap can be
told, so each such seat is a session of its own, starting at NULL), or when more than
the gap separates it from the one before; ``session_start`` is the moment of its
session's first seat, the least, as the rows are sorted.
"""

from __future__ import annotations

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from hhtools.store.player_views import SESSION_GAP
from hhtools.store.seat_results import counted_seat

__all__ = ["ROWS_AT_ONCE", "SESSION_SCHEMA", "parts_of", "same_as_before", "session_rows",
           "session_rows_and_cube"]  # fmt: skip

#: the columns of ``seat_sessions`` the rows give, in order
SESSION_SCHEMA = pa.schema([("site", pa.string()), ("hand_id", pa.string()),
                            ("player", pa.string()), ("session_start", pa.timestamp("us")),
                            ("net", pa.int64())])  # fmt: skip

_MICROS_A_MINUTE = 60_000_000

#: the hands' columns the sorted seats may take
#: (:func:`hhtools.store.session_cube.seat_values_select`), worked out before the join:
#: a hand's keys of the cube as one hash, not four strings in the join's table of every
#: hand (at a million hands, 850,000 seats a part, DuckDB ran out of its 512 MB with the
#: strings)
_HANDS = ("(SELECT site, hand_id, started_at_utc, started_at, big_blind, hi_lo, "
          "hash(game, structure, stakes, currency) AS cube_key FROM hands)")


#: seats worked out at once at most (about 50 MB of rows in memory): more are taken in
#: parts, each a share of the players (:func:`parts_of`)
ROWS_AT_ONCE = 1_000_000


def parts_of(con: duckdb.DuckDBPyConnection) -> int:
    """In how many parts the sessions of any players of the store are worked out, each of
    at most about :data:`ROWS_AT_ONCE` seats (from the count of every seat)."""
    (seats,) = con.execute("SELECT count(*) FROM seats").fetchall()[0]
    return max(1, -(-int(seats) // ROWS_AT_ONCE))


def session_rows(con: duckdb.DuckDBPyConnection, players: str, gap_minutes: int = SESSION_GAP,
                 parts: int = 1, part: int = 0) -> pa.Table:  # fmt: skip
    """Each counted seat of ``players`` with the start of its session.

    Args:
        con: a store (its ``seats`` and ``hands``).
        players: a table or view of ``(site, player)`` rows, e.g. ``session_players``.
        gap_minutes: minutes from one hand's start to the next that end a session (the
            next starts a new one when the gap is more than this).
        parts, part: only the players whose ``hash(site, player)`` is ``part`` modulo
            ``parts`` (all of a player's seats are in one part; the parts ``0`` to
            ``parts - 1`` together give every row once).

    Returns:
        A table of :data:`SESSION_SCHEMA` (``net`` the seat's ``seats.net``, minor
        units), one row per counted seat, sorted by site, player, moment and hand id:
        the rows of :func:`hhtools.store.player_views.session_select` for these players.

    Raises:
        ValueError: a gap below one minute.
    """
    return _sessions(con, players, gap_minutes, parts, part)[0]


def session_rows_and_cube(con: duckdb.DuckDBPyConnection, players: str
                          ) -> tuple[pa.Table, pa.Table | None]:  # fmt: skip
    """:func:`session_rows` (the usual gap) and the ``session_cube`` rows of the same
    players summed from that one sorted read of their seats
    (:func:`hhtools.store.session_cube.cube_of_seats`), not from a second join of their
    seats, hands and sessions.

    Args:
        con: a store (its ``seats`` and ``hands``).
        players: a table or view of ``(site, player)`` rows.

    Returns:
        ``(rows, cube)``: the rows of :data:`SESSION_SCHEMA`, and a table of
        :data:`hhtools.store.session_cube.SESSION_CUBE_COLUMNS` (one row per key, in no
        order), or ``None`` when two of the store's hand keys have one hash.
    """
    from hhtools.store.session_cube import KEYS_SELECT, cube_of_seats, seat_values_select

    rows, values, new, start = _sessions(con, players, SESSION_GAP, 1, 0, seat_values_select())
    keys = con.sql(KEYS_SELECT).to_arrow_table()
    return rows, cube_of_seats(rows, values, new, start, keys)


def _sessions(con: duckdb.DuckDBPyConnection, players: str, gap_minutes: int, parts: int,
              part: int, extra: str = ""
              ) -> tuple[pa.Table, pa.Table, np.ndarray, pa.Array]:  # fmt: skip
    """The rows of :func:`session_rows`; the columns ``extra`` (a select list over
    ``seats s`` and ``hands h``) of each row, in the same order; where a session starts
    (one per row); each row's session start."""
    gap = int(gap_minutes)
    if gap < 1:
        raise ValueError(f"the session gap must be 1 minute or more, not {gap_minutes}")
    share = f"AND hash(s.site, s.player) % {int(parts)} = {int(part)}" if parts > 1 else ""
    rows = con.sql(
        f"""SELECT s.site, s.hand_id, s.player, coalesce(h.started_at_utc, h.started_at) AS moment,
               s.net {', ' + extra if extra else ''}
        FROM seats s JOIN {_HANDS} h ON h.site = s.site AND h.hand_id = s.hand_id
        WHERE {counted_seat("s")} AND (s.site, s.player) IN (SELECT site, player FROM {players})
          {share}
        ORDER BY s.site, s.player, moment, s.hand_id"""
    ).to_arrow_table()
    values = rows.drop_columns(["site", "hand_id", "player", "moment", "net"])
    n = rows.num_rows
    if n == 0:
        none = pa.array([], pa.timestamp("us"))
        return SESSION_SCHEMA.empty_table(), values, np.ones(0, dtype=bool), none
    moment = rows.column("moment").combine_chunks()
    known = pc.is_valid(moment).to_numpy(zero_copy_only=False)
    at = pc.fill_null(moment.cast(pa.int64()), 0).to_numpy(zero_copy_only=False)
    new = np.ones(n, dtype=bool)  # the first seat starts a session
    same = same_as_before(rows.column("site")) & same_as_before(rows.column("player"))
    near = (at[1:] - at[:-1]) <= gap * _MICROS_A_MINUTE
    new[1:] = ~(same & near & known[1:] & known[:-1])
    first = np.maximum.accumulate(np.where(new, np.arange(n), 0))
    start = pa.array(at[first], pa.int64()).cast(pa.timestamp("us"))
    start = pc.if_else(pa.array(known[first]), start, pa.nulls(n, pa.timestamp("us")))
    out = pa.Table.from_arrays(
        [rows.column("site"), rows.column("hand_id"), rows.column("player"), start,
         rows.column("net").cast(pa.int64())], schema=SESSION_SCHEMA)  # fmt: skip
    return out, values, new, start


def same_as_before(column: pa.ChunkedArray) -> np.ndarray:
    """Per row but the first: whether it equals the row before (two NULLs are equal, as
    in a window's PARTITION BY)."""
    values = column.combine_chunks()
    before, after = values[:-1], values[1:]
    equal = pc.fill_null(pc.equal(after, before), False).to_numpy(zero_copy_only=False)
    both_null = pc.and_(pc.is_null(after), pc.is_null(before)).to_numpy(zero_copy_only=False)
    return np.asarray(equal | both_null, dtype=bool)
