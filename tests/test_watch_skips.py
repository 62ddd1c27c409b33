"""``watch`` leaves out what ``hhtools import`` leaves out, by the same rules
(:func:`hhtools.ingest.sources.iter_sources` and ``skip_reason``): another DuckDB
database under any name, its log, Parquet files and datasets, hidden folders, links
to folders, both in the first look at the folder and for files met later."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import duckdb

from hhtools.ingest.sources import SkipReason
from tests.test_watch import H1, H2, H3, H4, hand, rows, stored, wait_ids, watching


def _duckdb_file(path: Path) -> None:
    """A real DuckDB database at ``path`` (any name)."""
    con = duckdb.connect(str(path))
    con.execute("CREATE TABLE t AS SELECT 1 AS x")
    con.close()


def test_watch_skips_databases_datasets_and_hidden_folders(tmp_path: Path) -> None:
    folder, db = tmp_path / "hh", tmp_path / "w.duckdb"
    folder.mkdir()
    (folder / "HH.txt").write_bytes(hand(H1))
    _duckdb_file(folder / "tracker backup")  # a database without its extension
    (folder / "data.parquet").write_bytes(b"PAR1" + b"\0" * 20 + b"PAR1")
    dataset = folder / "lake"  # an --engine dask dataset: its files never read
    (dataset / "_manifest").mkdir(parents=True)
    (dataset / "hands").mkdir()
    (dataset / "hands" / "copy.txt").write_bytes(hand(H2))
    (folder / ".cache").mkdir()  # a hidden folder holding a hand: not read
    (folder / ".cache" / "HH old.txt").write_bytes(hand(H2))
    os.symlink(dataset / "hands", folder / "linked")  # a link to a folder: not followed
    with watching(folder, db, settle=0.2) as seen:
        wait_ids(db, [H1])
        # met later, by an event: the same rules
        _duckdb_file(tmp_path / "new.db")
        (tmp_path / "new.db").rename(folder / "new.db")
        (folder / ".cache" / "HH more.txt").write_bytes(hand(H3))
        (dataset / "hands" / "more.txt").write_bytes(hand(H3))
        (folder / "HH2.txt").write_bytes(hand(H4))
        wait_ids(db, [H4])
    assert stored(db) == [H1, H4]
    assert rows(db, "SELECT file, code FROM import_errors") == []
    last = seen[-1].skipped  # the last look: "new.db" too when it came before it
    assert last[str(SkipReason.DUCKDB)] in (1, 2)  # "tracker backup", maybe "new.db"
    assert last - Counter({str(SkipReason.DUCKDB): 2}) == Counter({
        str(SkipReason.PARQUET): 1,
        str(SkipReason.DATASET): 1,  # the folder counts once
        str(SkipReason.HIDDEN): 1,
        str(SkipReason.FOLDER_LINK): 1,
    })  # fmt: skip


def test_the_store_and_its_log_in_the_watched_folder_are_skipped(tmp_path: Path) -> None:
    folder = tmp_path / "hh"
    folder.mkdir()
    db = folder / "hands.duckdb"
    (folder / "HH.txt").write_bytes(hand(H1))
    with watching(folder, db, settle=0.2) as seen:
        wait_ids(db, [H1])
        (folder / "HH2.txt").write_bytes(hand(H2))
        wait_ids(db, [H2])
    assert rows(db, "SELECT count(*) FROM import_errors") == [(0,)]
    assert all(set(s.skipped) <= {str(SkipReason.DUCKDB)} for s in seen)
