"""The mark of an import whose players' sessions are not all worked out yet.

An import sets :data:`SESSIONS_DUE` in ``meta`` in the first commit of its hands and
:func:`hhtools.store.sessions.refresh_sessions` removes it once every player's sessions
are worked out (a part of the players at a time, each part committed on its own): a
store opened for writing with the mark still there stopped in between, and
:func:`hhtools.store.db.connect` works the missing sessions out then.
"""

from __future__ import annotations

import duckdb

__all__ = ["SESSIONS_DUE", "sessions_due"]

#: the ``meta`` key of the mark
SESSIONS_DUE = "sessions_due"


def sessions_due(con: duckdb.DuckDBPyConnection) -> bool:
    """Whether an import stopped before it had worked out the sessions of all the
    players of its hands (:data:`SESSIONS_DUE` set in ``meta``).

    Args:
        con: a connection to a store with a ``meta`` table.

    Returns:
        ``True`` when the mark is set.
    """
    rows = con.execute("SELECT count(*) FROM meta WHERE key = ?", [SESSIONS_DUE]).fetchall()
    return bool(rows[0][0])
