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
out in parts, each committed on its own (memory follows a part), from one read of their
seats and hands (:func:`hhtools.store.session_rows.session_parts`); an import marks its
sessions due in its first commit of hands and the end of this step clears the mark, so
a store whose import stopped before that is mended by the scan when next opened for
writing (:func:`hhtools.store.db.connect`).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from contextlib import closing

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
        wanted = con.sql(
            "SELECT DISTINCT s.site, s.player FROM seats s ANTI JOIN seat_sessions x "
            "ON x.site = s.site AND x.hand_id = s.hand_id AND x.player = s.player "
            f"WHERE {counted_seat('s')}"
        ).to_arrow_table()
    else:
        wanted = players.select(["site", "player"]).group_by(["site", "player"]).aggregate([])
    done = _work_out(con, wanted.cast(PLAYER_SCHEMA))
    if players is not None and not _tallies(con):
        done += refresh_sessions(con)
    # every player's sessions are worked out: no import's are due any more
    con.execute("DELETE FROM meta WHERE key = ?", [SESSIONS_DUE]).fetchall()
    return done


def _work_out(con: duckdb.DuckDBPyConnection, players: pa.Table) -> int:
    """Replace the session rows of ``players`` (no repeats), and their kept
    ``session_summary`` and ``session_cube`` rows where the store has those tables; in
    parts of whole players of at most some :data:`hhtools.store.session_rows.ROWS_AT_ONCE`
    seats each, from one read of their seats (:func:`hhtools.store.session_rows.
    session_parts`: spread over files, a part read back at a time), each part in a
    transaction of its own, so memory follows a part, not every player, and the seats
    and hands are read once, not once a part (a player's rows are all in one part: a
    player's sessions are replaced whole or not at all). Each part after the first is
    worked out on a thread while DuckDB writes the one before (at the run's end the
    workers' cores are free; the writes stay in order, one part at a time). Returns how
    many players there are.

    Stopped between parts, the parts done are stored and the rest keep the rows they
    had; the mark :data:`SESSIONS_DUE` then says so and the store's next writable open
    works out the sessions of every player with a counted seat that has none
    (:func:`hhtools.store.db.connect`)."""
    if not players.num_rows:
        return 0
    kept = bool(con.execute("SELECT count(*) FROM duckdb_tables() "
                            "WHERE table_name = 'session_summary'").fetchall()[0][0])  # fmt: skip
    # the rows of session_select, by one sort a part (hhtools.store.session_rows), their
    # session_cube rows summed from the same sorted seats and their session summaries
    # from those rows with their hands' columns
    from hhtools.store.session_rows import SESSION_SCHEMA, let_go_of_cache, session_parts

    seen = [PLAYER_SCHEMA.empty_table()]
    with closing(session_parts(con, players, cube=kept)) as parts, \
            ThreadPoolExecutor(1, thread_name_prefix="hhtools-sessions") as ahead:
        # the first part (after the one read of the seats, on ``con``) here; each next
        # part is worked out on a thread (numpy and Arrow, no ``con``) while DuckDB
        # writes the one before: both run mostly without the GIL
        part = next(parts, None)
        while part is not None:
            coming = ahead.submit(next, parts, None)
            # (stopped here, the pool's exit waits for the thread before the generator
            # is closed)
            _store(con, part.players, part.rows, part.cube, kept, part.summary)
            let_go_of_cache(con)  # the blocks the part wrote, kept cached by DuckDB
            seen.append(part.players.cast(PLAYER_SCHEMA))
            del part  # before the one after next is worked out
            part = coming.result()
    # players without a counted seat (none of an import's): their rows go
    gone = players.join(pa.concat_tables(seen), ["site", "player"], join_type="left anti")
    if gone.num_rows:
        _store(con, gone, SESSION_SCHEMA.empty_table(), None, kept)
    return int(players.num_rows)


def _store(con: duckdb.DuckDBPyConnection, players: pa.Table, rows: pa.Table,
           cube: pa.Table | None, kept: bool, summary: pa.Table | None = None
           ) -> None:  # fmt: skip
    """In a transaction of its own, replace the ``seat_sessions`` rows of ``players`` by
    ``rows`` and, ``kept``, their ``session_summary`` rows (from ``summary``, summed
    from their sorted seats, when given; else by SQL from ``rows``) and
    ``session_cube`` rows (from ``cube``, or summed by SQL when it is ``None``)."""
    con.register("_hh_part_players", players)
    try:
        con.execute("CREATE OR REPLACE TEMP TABLE _session_part AS "
                    "SELECT site, player FROM _hh_part_players")  # fmt: skip
    finally:
        con.unregister("_hh_part_players")
    given = {"_hh_sessions": rows, "_hh_session_cube": cube, "_hh_session_summary": summary}
    try:
        with transaction(con):
            con.execute("DELETE FROM seat_sessions WHERE (site, player) IN "
                        "(SELECT site, player FROM _session_part)")  # fmt: skip
            for name, table in given.items():
                if table is not None:
                    con.register(name, table)
            con.execute("INSERT INTO seat_sessions BY NAME SELECT * FROM _hh_sessions")
            if kept:  # the cube and summary as given, else (two hand keys of one hash) by SQL
                summarise_sessions(con, "_session_part",
                                   None if cube is None else "_hh_session_cube", "_hh_sessions",
                                   None if summary is None else "_hh_session_summary")
    finally:
        for name, table in given.items():
            if table is not None:
                con.unregister(name)
        con.execute("DROP TABLE IF EXISTS _session_part")


def _tallies(con: duckdb.DuckDBPyConnection) -> bool:
    """Whether the store holds one session row per counted seat (one count of each)."""
    (seats, rows) = con.execute(
        f"SELECT (SELECT count(*) FROM seats s WHERE {counted_seat('s')}), "
        "(SELECT count(*) FROM seat_sessions)"
    ).fetchall()[0]
    return bool(seats == rows)
