"""Readers of :func:`hhtools.connect` that keep their connection open do not keep
``hhtools watch`` out (hhtools.store.sharing): they give the file up while a batch
waits and open it again for their next statement.

Waits poll with a deadline; what is asserted is that the writer got in while the
reader still held its connection, not how fast.
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import duckdb
import pytest

from hhtools.store import api
from hhtools.store import db as store
from hhtools.store.importer import import_paths
from hhtools.store.sharing import readers_turn, writer_turn, writer_waiting
from tests.test_watch import (
    DEADLINE,
    FIXTURES,
    H1,
    H2,
    H3,
    HANDS,
    append,
    hand,
    python_process,
    wait_ids,
    watching,
)

HOLDER = """
import sys
import hhtools
with hhtools.connect(sys.argv[1]) as s:
    for line in sys.stdin:  # one query a line; idle in between, the connection open
        print(s.sql("SELECT count(*) AS n FROM hands")["n"][0], s.con.released, flush=True)
"""


def test_an_open_connection_gives_the_file_up_to_a_writer(tmp_path: Path) -> None:
    db = tmp_path / "s.duckdb"
    import_paths([FIXTURES / HANDS[H1]], db, workers=1)
    with api.connect(db) as s:
        assert s.sql("SELECT count(*) AS n FROM hands")["n"].to_list() == [1]
        with pytest.raises(duckdb.Error) as refused:
            store.connect(db, lock_wait=0)  # held: a writer that does not ask is refused
        assert store.held_elsewhere(refused.value)
        with writer_turn(db):
            assert writer_waiting(db)
            con = store.connect(db)  # asked: the reader gives the file up
            try:
                con.execute("UPDATE hands SET table_name = 'moved'").fetchall()
            finally:
                con.close()
        assert not writer_waiting(db)
        assert s.con.released == 1
        # the next statement opens the file again and sees what the writer wrote
        assert s.con.execute("SELECT table_name FROM hands").fetchall() == [("moved",)]
        assert s.sql("SELECT count(*) AS n FROM hands")["n"].to_list() == [1]


def test_a_writer_lets_refused_readers_in_first(tmp_path: Path) -> None:
    db = tmp_path / "s.duckdb"
    marker = tmp_path / ".s.duckdb.reader-waiting"
    assert readers_turn(db) < 1.0  # nobody knocked: no wait
    marker.touch()  # a reader refused a moment ago
    waited = readers_turn(db, limit=0.5)
    assert 0.3 <= waited  # waited for the knock to go stale (no reader left outside)


def test_a_watch_stores_hands_while_a_reader_holds_its_connection(tmp_path: Path) -> None:
    folder, db = tmp_path / "hh", tmp_path / "w.duckdb"
    folder.mkdir()
    live = folder / "HH.txt"
    live.write_bytes(hand(H1))
    with watching(folder, db, settle=0.2):
        wait_ids(db, [H1])
        reader = python_process(HOLDER, str(db), stdin=subprocess.PIPE)
        assert reader.stdin is not None and reader.stdout is not None
        try:
            reader.stdin.write("count\n")
            reader.stdin.flush()
            assert reader.stdout.readline().split() == ["1", "0"]  # open, 1 hand
            start = time.monotonic()
            for h in (H2, H3):  # two batches while the reader holds its connection
                append(live, hand(h))
                wait_ids(db, [h])
            assert time.monotonic() - start < DEADLINE
            reader.stdin.write("count\n")
            reader.stdin.flush()
            count, released = reader.stdout.readline().split()
            assert count == "3" and int(released) >= 1  # it gave the file up, then read on
        finally:
            reader.stdin.close()
            reader.wait(DEADLINE)
    assert reader.returncode == 0, reader.stderr.read() if reader.stderr else ""
