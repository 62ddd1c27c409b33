"""An import stopped inside a DuckDB statement ends as a KeyboardInterrupt (issue 24
follow-up): ``hhtools watch`` turns SIGTERM into KeyboardInterrupt, and when the signal
arrives while DuckDB runs a statement the installed duckdb raises
``RuntimeError: Query interrupted`` (``con.interrupt()`` gives
``duckdb.InterruptException``). The README promises that watch then stops with exit 0,
the batch in progress rolled back; so every one of these must reach the caller as a
KeyboardInterrupt, never as a traceback.
"""

from __future__ import annotations

import threading
from pathlib import Path

import duckdb
import pytest

from hhtools.store import db as store
from hhtools.store import importer as importer_mod
from hhtools.store.importer import Importer

FIXTURE = (Path(__file__).parent / "fixtures" / "pokerstars"
           / "tournament_sitting_out_posts_blind_and_ante.txt")  # fmt: skip


def _run(tmp_path: Path) -> Importer:
    imp = Importer(tmp_path / "h.duckdb", workers=0)
    try:
        with pytest.raises(KeyboardInterrupt):
            imp.run([FIXTURE])
    finally:
        imp.close()
    return imp


@pytest.mark.parametrize("error", [
    RuntimeError("Query interrupted"),  # a signal handler ran inside DuckDB's wait
    duckdb.InterruptException("INTERRUPT Error: Interrupted!"),
    duckdb.Error("Interrupted!"),
])  # fmt: skip
def test_interruption_in_refresh_sessions_is_a_keyboard_interrupt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: BaseException
) -> None:
    def refresh(con: duckdb.DuckDBPyConnection, players: object = None) -> int:
        raise error

    monkeypatch.setattr(importer_mod, "refresh_sessions", refresh)
    imp = _run(tmp_path)
    assert imp.summary.interrupted
    # the file itself was committed before the sessions: its two hands stay stored
    con = store.connect(tmp_path / "h.duckdb", read_only=True)
    try:
        assert con.execute("SELECT count(*) FROM hands").fetchall() == [(2,)]
        assert con.execute("SELECT count(*) FROM loading").fetchall() == [(0,)]
    finally:
        con.close()


def test_other_errors_still_come_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refresh(con: duckdb.DuckDBPyConnection, players: object = None) -> int:
        raise RuntimeError("disk full")

    monkeypatch.setattr(importer_mod, "refresh_sessions", refresh)
    imp = Importer(tmp_path / "h.duckdb", workers=0)
    try:
        with pytest.raises(RuntimeError, match="disk full"):
            imp.run([FIXTURE])
    finally:
        imp.close()


def test_a_real_duckdb_interrupt_during_the_sessions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``con.interrupt()`` from another thread while the session step runs a long query."""

    def refresh(con: duckdb.DuckDBPyConnection, players: object = None) -> int:
        timer = threading.Timer(0.3, con.interrupt)
        timer.start()
        try:  # a query that runs for minutes unless interrupted
            return int(con.execute("SELECT count(*) FROM range(1000000000000)").fetchall()[0][0])
        finally:
            timer.cancel()

    monkeypatch.setattr(importer_mod, "refresh_sessions", refresh)
    assert _run(tmp_path).summary.interrupted


def test_interrupted_names_every_shape() -> None:
    assert store.interrupted(RuntimeError("Query interrupted"))
    assert store.interrupted(duckdb.InterruptException("INTERRUPT Error: Interrupted!"))
    assert not store.interrupted(RuntimeError("disk full"))
    assert not store.interrupted(ValueError("interrupted"))


def test_a_real_sigterm_during_the_sessions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SIGTERM while DuckDB runs the session step, handled as ``hhtools watch`` handles it
    (the handler raises KeyboardInterrupt and ignores further signals)."""
    import os
    import signal

    def stop(signum: int, frame: object) -> None:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        raise KeyboardInterrupt

    def refresh(con: duckdb.DuckDBPyConnection, players: object = None) -> int:
        timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGTERM))
        timer.start()
        try:
            return int(con.execute("SELECT count(*) FROM range(1000000000000)").fetchall()[0][0])
        finally:
            timer.cancel()

    monkeypatch.setattr(importer_mod, "refresh_sessions", refresh)
    previous = signal.signal(signal.SIGTERM, stop)
    try:
        assert _run(tmp_path).summary.interrupted
    finally:
        signal.signal(signal.SIGTERM, previous)
