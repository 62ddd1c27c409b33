"""One transaction of a store's writes: committed whole, or rolled back on any error
(re-exported by :mod:`hhtools.store.db`; its own module so that the modules
:mod:`hhtools.store.db` itself imports can use it)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import duckdb

__all__ = ["transaction"]


@contextmanager
def transaction(con: duckdb.DuckDBPyConnection) -> Iterator[duckdb.DuckDBPyConnection]:
    """Run the block's statements in one transaction.

    Args:
        con: a writable connection, outside a transaction.

    Yields:
        ``con``, with a transaction open; it is committed when the block ends, and
        rolled back when the block raises (anything, Ctrl-C too), the error raised on.

    Raises:
        duckdb.Error: the transaction cannot be opened or committed (a failed commit
            is rolled back).
    """
    con.execute("BEGIN TRANSACTION").fetchall()
    try:
        yield con
        con.execute("COMMIT").fetchall()
    except BaseException:
        try:
            con.execute("ROLLBACK").fetchall()
        except duckdb.Error:  # a failed commit may have ended it: the first error tells
            pass
        raise
