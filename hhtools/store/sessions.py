"""The stored sessions (``seat_sessions``): worked out again for the players with new hands.

A player's sessions depend on all their hands, so a new hand can extend, start or join
sessions; after each import the sessions of every player with a seat not yet in
``seat_sessions`` are worked out again whole (:func:`hhtools.store.player_views.session_select`),
which also covers an import that was interrupted and a store made before sessions.
"""

from __future__ import annotations

import duckdb

from hhtools.store.player_views import session_select
from hhtools.store.seat_results import counted_seat

__all__ = ["refresh_sessions"]


def refresh_sessions(con: duckdb.DuckDBPyConnection) -> int:
    """Work out again the sessions of every player with a seat that has none stored.

    Args:
        con: a writable connection, outside a transaction.

    Returns:
        The number of players whose sessions were worked out.
    """
    con.execute(
        "CREATE OR REPLACE TEMP TABLE session_players AS "
        "SELECT DISTINCT s.site, s.player FROM seats s ANTI JOIN seat_sessions x "
        "ON x.site = s.site AND x.hand_id = s.hand_id AND x.player = s.player "
        f"WHERE {counted_seat('s')}"
    )
    (players,) = con.execute("SELECT count(*) FROM session_players").fetchall()[0]
    if players:
        con.execute("BEGIN TRANSACTION")
        try:
            con.execute("DELETE FROM seat_sessions WHERE (site, player) IN "
                        "(SELECT site, player FROM session_players)")  # fmt: skip
            con.execute("INSERT INTO seat_sessions (site, hand_id, player, session_start, net) "
                        f"{session_select(players='session_players')}")  # fmt: skip
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
    con.execute("DROP TABLE session_players")
    return int(players)
