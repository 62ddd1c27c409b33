"""The stored sessions (``seat_sessions``, and the kept ``session_summary`` beside them):
worked out again for the players with new hands.

A player's sessions depend on all their hands, so a new hand can extend, start or join
sessions; the sessions of every player with new seats are worked out again whole
(:func:`hhtools.store.player_views.session_select`, whose rows
:func:`hhtools.store.session_rows.session_rows` gives by one sort). An import names its
players (the counted seats it appended, :func:`counted_players`), so no run scans every
seat for them; a store whose seats and sessions do not tally (an import interrupted
between its commit and its sessions, a store made before sessions) is mended by the
scan: every player with a counted seat that has no session row. The players are worked
out in parts, each committed on its own (memory follows a part); an import marks its
sessions due in its first commit of hands and the end of this step clears the mark, so
a store whose import stopped before that is mended by the scan when next opened for
writing (:func:`hhtools.store.db.connect`).
"""

from __future__ import annotations

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from hhtools.store.hand_summary import summarise_sessions
from hhtools.store.seat_results import counted_seat
from hhtools.store.sessions_due import SESSIONS_DUE
from hhtools.store.transaction import transaction

__all__ = ["PLAYER_SCHEMA", "counted_players", "refresh_sessions"]

#: The columns of a table of players: one row a (site, player).
PLAYER_SCHEMA = pa.schema([("site", pa.string()), ("player", pa.string())])


def counted_players(seats: pa.Table) -> pa.Table:
    """The distinct players of the counted seats among ``seats`` rows (the rule of
    :func:`hhtools.store.seat_results.counted_seat`: not sitting out, or chips put in
    or collected; a NULL amount counts as unknown, as in SQL).

    Args:
        seats: rows of the ``seats`` table with at least ``site``, ``player``,
            ``sitting_out``, ``put_in`` and ``collected``.

    Returns:
        A table of :data:`PLAYER_SCHEMA`, one row a (site, player), in no order.
    """
    if seats.num_rows == 0:
        return PLAYER_SCHEMA.empty_table()
    playing = pc.invert(pc.fill_null(seats.column("sitting_out"), False))
    chips = pc.or_kleene(pc.greater(seats.column("put_in"), 0),
                         pc.greater(seats.column("collected"), 0))  # fmt: skip
    counted = seats.select(["site", "player"]).filter(pc.or_kleene(playing, chips))
    return counted.group_by(["site", "player"]).aggregate([]).cast(PLAYER_SCHEMA)


def refresh_sessions(con: duckdb.DuckDBPyConnection, players: pa.Table | None = None) -> int:
    """Work out again the sessions of the players with seats new since the last time.

    Args:
        con: a writable connection, outside a transaction.
        players: the (site, player) of the counted seats stored since the sessions were
            last worked out (what an import appended: :func:`counted_players`; repeats
            allowed), or ``None``: every player with a counted seat that has no row in
            ``seat_sessions`` (a scan of every seat). Given players, the store is then
            checked (one count of its counted seats against its session rows) and
            mended by that scan when the two differ.

    Returns:
        The number of players whose sessions were worked out; the mark of an import
        whose sessions were due (:data:`hhtools.store.sessions_due.SESSIONS_DUE`) is removed.
    """
    if players is None:
        con.execute(
            "CREATE OR REPLACE TEMP TABLE session_players AS "
            "SELECT DISTINCT s.site, s.player FROM seats s ANTI JOIN seat_sessions x "
            "ON x.site = s.site AND x.hand_id = s.hand_id AND x.player = s.player "
            f"WHERE {counted_seat('s')}"
        )
    else:
        con.register("_hh_session_players", players)
        try:
            con.execute("CREATE OR REPLACE TEMP TABLE session_players AS "
                        "SELECT DISTINCT site, player FROM _hh_session_players")  # fmt: skip
        finally:
            con.unregister("_hh_session_players")
    try:
        done = _work_out(con)
    finally:
        con.execute("DROP TABLE IF EXISTS session_players")
    if players is not None and not _tallies(con):
        done += refresh_sessions(con)
    # every player's sessions are worked out: no import's are due any more
    con.execute("DELETE FROM meta WHERE key = ?", [SESSIONS_DUE]).fetchall()
    return done


def _work_out(con: duckdb.DuckDBPyConnection) -> int:
    """Replace the session rows of the players in ``session_players``, and their kept
    ``session_summary`` and ``session_cube`` rows where the store has those tables; in
    parts of a share of the players each when the store holds many seats
    (:func:`hhtools.store.session_rows.parts_of`), each part in a transaction of its
    own, so memory follows a part, not every player (a player's rows are all in one
    part: a player's sessions are replaced whole or not at all). Returns how many
    players there are.

    Stopped between parts, the parts done are stored and the rest keep the rows they
    had; the mark :data:`DUE` then says so and the store's next writable open works out
    the sessions of every player with a counted seat that has none
    (:func:`mend_sessions`)."""
    (count,) = con.execute("SELECT count(*) FROM session_players").fetchall()[0]
    if count:
        kept = bool(con.execute("SELECT count(*) FROM duckdb_tables() "
                                "WHERE table_name = 'session_summary'").fetchall()[0][0])  # fmt: skip
        # the rows of session_select, by one sort (hhtools.store.session_rows), and their
        # session_cube rows summed from the same sorted seats
        from hhtools.store.session_rows import parts_of, session_rows, session_rows_and_cube

        parts = parts_of(con)
        for part in range(parts):
            players = "session_players"
            if parts > 1:
                players = "_session_part"
                share = f"hash(site, player) % {parts} = {part}"
                con.execute(f"CREATE OR REPLACE TEMP TABLE {players} AS SELECT site, player "
                            f"FROM session_players WHERE {share}")  # fmt: skip
            try:
                with transaction(con):
                    con.execute("DELETE FROM seat_sessions WHERE (site, player) IN "
                                f"(SELECT site, player FROM {players})")  # fmt: skip
                    if kept:
                        rows, cube = session_rows_and_cube(con, players)
                    else:
                        rows, cube = session_rows(con, players), None
                    con.register("_hh_sessions", rows)
                    try:
                        con.execute("INSERT INTO seat_sessions BY NAME SELECT * FROM _hh_sessions")
                        if kept and cube is not None:
                            con.register("_hh_session_cube", cube)
                            try:
                                summarise_sessions(con, players, "_hh_session_cube",
                                                   "_hh_sessions")  # fmt: skip
                            finally:
                                con.unregister("_hh_session_cube")
                        elif kept:  # two hand keys of one hash: the cube summed by SQL
                            summarise_sessions(con, players, None, "_hh_sessions")
                    finally:
                        con.unregister("_hh_sessions")
                    del rows, cube
            finally:
                if parts > 1:
                    con.execute(f"DROP TABLE IF EXISTS {players}")
    return int(count)


def _tallies(con: duckdb.DuckDBPyConnection) -> bool:
    """Whether the store holds one session row per counted seat (one count of each)."""
    (seats, rows) = con.execute(
        f"SELECT (SELECT count(*) FROM seats s WHERE {counted_seat('s')}), "
        "(SELECT count(*) FROM seat_sessions)"
    ).fetchall()[0]
    return bool(seats == rows)
