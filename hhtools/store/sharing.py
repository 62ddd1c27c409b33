"""Readers and a writer taking turns at one store file (``hhtools watch`` beside
:func:`hhtools.connect`).

DuckDB lets one process write a database file and no other process hold it meanwhile,
even read-only. A reader that keeps its connection open (a notebook, a dashboard that
polls) would keep ``hhtools watch`` out for as long as it likes. So the two take
turns:

* the writer, before it opens the file for a batch, leaves a marker beside it (a
  hidden file, ``.<name>.writer-waiting``, holding its process id) and removes it
  after the batch (:func:`writer_turn`);
* a reader's connection (:class:`SharedConnection`) gives the file up while the
  marker is there: a thread closes it as soon as no statement is running (checked
  every :data:`POLL_SECONDS`), and the next statement waits for the marker to go
  (at most :data:`~hhtools.store.db.LOCK_WAIT` seconds), opens the file again and
  runs. Between batches nothing changes: the connection stays open, its views
  made once.

The other way round, a reader kept out by a batch touches a marker of its own
(``.<name>.reader-waiting``) while it tries again, and the writer lets it in before
its next batch (:func:`readers_turn`, at most :data:`READER_TURN` seconds), so a
watch writing batch after batch does not keep readers out either. A writer's marker
whose process is gone (a writer killed) or older than :data:`STALE_SECONDS` is
ignored.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duckdb

from hhtools.store import db as store

__all__ = [
    "POLL_SECONDS", "STALE_SECONDS", "SharedConnection", "polars_frame", "readers_turn",
    "writer_turn", "writer_waiting",
]

POLL_SECONDS = 0.1  #: how often a reader looks for a waiting writer
READER_TURN = 3.0  #: seconds a writer lets refused readers in before its next batch
KNOCK_FRESH = 0.3  #: a reader's knock older than this (seconds): no reader waits
STALE_SECONDS = 600.0  #: a marker older than this is a writer's left-over
_UNFETCHED_GRACE = 1.0  #: seconds a statement's rows wait for a fetch before a release


def _marker(path: str | Path, who: str = "writer") -> Path:
    p = Path(os.path.abspath(path))
    return p.parent / f".{p.name}.{who}-waiting"


def readers_turn(path: str | Path, limit: float = READER_TURN) -> float:
    """Let readers kept out by the last batch open the store ``path`` before the next
    one: wait while a reader's knock (a marker it touches while refused) is fresh,
    for at most ``limit`` seconds. Returns the seconds waited."""
    marker, start = _marker(path, "reader"), time.monotonic()
    while time.monotonic() - start < limit:
        try:
            age = time.time() - marker.stat().st_mtime
        except OSError:
            break
        if age > KNOCK_FRESH:
            break
        time.sleep(POLL_SECONDS)
    return time.monotonic() - start


def _knock(path: str | Path) -> None:
    """A reader refused: say so to the writer (:func:`readers_turn`)."""
    with contextlib.suppress(OSError):
        _marker(path, "reader").touch()


@contextlib.contextmanager
def writer_turn(path: str | Path) -> Iterator[None]:
    """Ask the readers of the store ``path`` to give it up while the block runs (the
    writer opens the file inside the block).

    Args:
        path: the database file.
    """
    marker = _marker(path)
    try:
        marker.write_text(str(os.getpid()))
    except OSError:  # a read-only folder: the readers are not asked
        yield
        return
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            marker.unlink()


def writer_waiting(path: str | Path) -> bool:
    """Whether a writer waits for the store ``path`` (its marker is there, its process
    alive, the marker not older than :data:`STALE_SECONDS`)."""
    marker = _marker(path)
    try:
        st = marker.stat()
        pid = int(marker.read_text() or 0)
    except (OSError, ValueError):
        return False
    if time.time() - st.st_mtime > STALE_SECONDS or pid <= 0:
        return False
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True


def polars_frame(rel: duckdb.DuckDBPyRelation) -> Any:
    """A relation's rows as a Polars frame, read through the Arrow C stream interface:
    the same frame as ``rel.pl()`` (columns, types and chunks), without loading pyarrow,
    which ``rel.pl()`` imports (with numpy, about 0.1 s of every command's start)."""
    import polars as pl

    return pl.DataFrame(rel)


class SharedConnection:
    """A read-only connection to a store file that gives the file up while a writer
    waits (see the module's docstring) and opens it again for the next statement.

    It answers as a :class:`duckdb.DuckDBPyConnection` does (``execute`` then
    ``fetchall``, ``sql``, ``register``...). A relation from :meth:`sql` is bound to
    the connection of the moment: evaluate it at once (``.pl()``, ``.fetchall()``);
    one kept while a writer took its turn fails as on a closed connection.

    Args:
        path: the database file.
        external_access: as :func:`hhtools.store.db.connect`.

    Raises:
        FileNotFoundError: there is no such file.
        duckdb.Error: not a DuckDB database, or held by a writer past the wait.
    """

    def __init__(self, path: str | Path, *, external_access: bool = False) -> None:
        self._path = Path(path)
        self._external = external_access
        self._lock = threading.RLock()
        self._con: duckdb.DuckDBPyConnection | None = None
        self._registered: dict[str, Any] = {}
        self._unfetched = 0.0  # time of a statement whose rows are not fetched yet
        self._closed = threading.Event()
        self.released = 0  #: times the file was given up to a writer
        self._open()
        self._watcher = threading.Thread(target=self._watch, name="hhtools-turns", daemon=True)
        self._watcher.start()

    # ---- opening and giving up ------------------------------------------------------

    def _open(self) -> duckdb.DuckDBPyConnection:
        """The open connection (opened again after a release; waits for the writer)."""
        if self._con is None:
            if self._closed.is_set():
                raise duckdb.ConnectionException("Connection already closed!")
            end = time.monotonic() + store.LOCK_WAIT
            while writer_waiting(self._path) and time.monotonic() < end:
                time.sleep(POLL_SECONDS)
            while True:  # held by a writer: knock, so it lets this reader in
                try:
                    con = store.connect(self._path, read_only=True,
                                        external_access=self._external, lock_wait=0)  # fmt: skip
                    break
                except duckdb.Error as exc:
                    if not store.held_elsewhere(exc) or time.monotonic() > end:
                        raise
                _knock(self._path)
                time.sleep(POLL_SECONDS / 2)
            for name, obj in self._registered.items():
                con.register(name, obj)
            self._con = con
        return self._con

    def _watch(self) -> None:
        while not self._closed.wait(POLL_SECONDS):
            if self._con is None or not writer_waiting(self._path):
                continue
            if not self._lock.acquire(blocking=False):
                continue  # a statement runs: given up after it
            try:
                pending = self._unfetched and time.monotonic() - self._unfetched < _UNFETCHED_GRACE
                if self._con is not None and not pending:
                    self._release()
            finally:
                self._lock.release()

    def _release(self) -> None:
        con, self._con, self._unfetched = self._con, None, 0.0
        if con is not None:
            with contextlib.suppress(duckdb.Error):
                con.close()
            self.released += 1

    # ---- the connection's interface -------------------------------------------------

    def execute(self, query: str, parameters: Any = None) -> SharedConnection:
        """Run a statement; fetch its rows with :meth:`fetchall` and the like."""
        with self._lock:
            self._open().execute(query, parameters)
            self._unfetched = time.monotonic()
            return self

    def sql(self, query: str, params: Any = None) -> duckdb.DuckDBPyRelation | None:
        """A relation of ``query`` (evaluate it at once: see the class docstring)."""
        with self._lock:
            return self._open().sql(query, params=params)

    query = sql

    def frame(self, query: str, params: Any = None) -> Any:
        """The rows of ``query`` as a Polars frame (``None`` for a statement without
        rows), run and fetched in one turn."""
        with self._lock:
            rel = self._open().sql(query, params=params)
            return None if rel is None else polars_frame(rel)

    def register(self, name: str, obj: Any) -> SharedConnection:
        """Register a frame or Arrow table as a view (kept across a release)."""
        with self._lock:
            self._open().register(name, obj)
            self._registered[name] = obj
            return self

    def unregister(self, name: str) -> SharedConnection:
        with self._lock:
            self._registered.pop(name, None)
            self._open().unregister(name)
            return self

    def _fetch(self, name: str, *args: Any) -> Any:
        with self._lock:
            if self._con is None:
                raise duckdb.InvalidInputException("No open result set")
            got = getattr(self._con, name)(*args)
            if name not in ("fetchone", "fetchmany"):
                self._unfetched = 0.0
            return got

    def fetchall(self) -> list[tuple[Any, ...]]:
        return self._fetch("fetchall")  # type: ignore[no-any-return]

    def fetchone(self) -> tuple[Any, ...] | None:
        return self._fetch("fetchone")  # type: ignore[no-any-return]

    def fetchmany(self, size: int = 1) -> list[tuple[Any, ...]]:
        return self._fetch("fetchmany", size)  # type: ignore[no-any-return]

    def fetchnumpy(self) -> Any:
        return self._fetch("fetchnumpy")

    def fetchdf(self) -> Any:
        return self._fetch("fetchdf")

    df = fetchdf

    def pl(self) -> Any:
        return self._fetch("pl")

    def arrow(self) -> Any:
        return self._fetch("arrow")

    def fetch_arrow_table(self) -> Any:
        return self._fetch("fetch_arrow_table")

    @property
    def description(self) -> Any:
        with self._lock:
            return None if self._con is None else self._con.description

    def cursor(self) -> SharedConnection:
        """This connection (one turn-taking connection per store)."""
        return self

    def close(self) -> None:
        """Close the connection and stop looking for writers."""
        self._closed.set()
        with self._lock:
            con, self._con = self._con, None
            if con is not None:
                con.close()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        with self._lock:
            return getattr(self._open(), name)

    def __enter__(self) -> SharedConnection:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
