"""The row groups an import writes (:data:`hhtools.store.importer.IMPORT_ROW_GROUP`,
:func:`hhtools.store.db.connect`'s ``row_group_size``): the file attached with DuckDB's
``ROW_GROUP_SIZE``, a commit's rows that fill row groups moved in as they are."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

import hhtools.store.importer as importer
from hhtools.store import db as store_db
from hhtools.store.importer import import_paths
from tests.test_import import _split_hard_cases as _three_files  # 3 files of 2 hands

GROUPS = "SELECT count(DISTINCT row_group_id) FROM pragma_storage_info('t')"


def _commit_5000(con: duckdb.DuckDBPyConnection) -> None:
    con.execute("CREATE TABLE t (i BIGINT, s VARCHAR)").fetchall()
    con.execute("BEGIN TRANSACTION").fetchall()
    con.execute("INSERT INTO t SELECT range, range::VARCHAR FROM range(5000)").fetchall()
    con.execute("COMMIT").fetchall()


def test_a_connection_writes_row_groups_of_the_size_it_was_given(tmp_path: Path) -> None:
    # 5,000 rows in one commit: 2,048 + 2,048 + 904 rows, 3 row groups; with DuckDB's
    # default (122,880 rows) one
    for size, groups in ((2048, 3), (None, 1)):
        path = tmp_path / f"rows{size}.duckdb"
        con = store_db.connect(path, row_group_size=size)
        try:
            _commit_5000(con)
            assert con.execute(GROUPS).fetchall() == [(groups,)]
        finally:
            con.close()
        # the file opened as any store: its rows all there, the size not kept in it
        con = duckdb.connect(str(path), read_only=True)
        try:
            assert con.execute("SELECT count(*), sum(i), max(s) FROM t").fetchall() == [
                (5000, 5000 * 4999 // 2, "999")]  # fmt: skip
            assert con.execute("SELECT count(*) FROM meta WHERE key = 'schema_version'"
                               ).fetchall() == [(1,)]  # fmt: skip
        finally:
            con.close()


def test_the_import_attaches_its_store_and_another_connection_waits(tmp_path: Path) -> None:
    # an import's connection is an attached file: a second connection to the same file
    # in this process is refused ("file handle conflict"), which counts as held
    # elsewhere (tried again till lock_wait), and works once the import's is closed
    path = tmp_path / "held.duckdb"
    con = store_db.connect(path, row_group_size=importer.IMPORT_ROW_GROUP)
    try:
        assert con.execute("SELECT current_database()").fetchall() == [(store_db.ATTACHED_AS,)]
        with pytest.raises(duckdb.Error) as refused:
            store_db.connect(path, read_only=True, lock_wait=0)
        assert store_db.held_elsewhere(refused.value)
        with pytest.raises(duckdb.Error) as refused:
            store_db.connect(path, row_group_size=2048, lock_wait=0)
        assert store_db.held_elsewhere(refused.value)
    finally:
        con.close()
    store_db.connect(path, read_only=True, lock_wait=0).close()


def test_an_import_stores_the_same_whatever_its_row_groups(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # 6 hands: row groups of 2,048 rows (the least DuckDB takes) or DuckDB's default hold
    # the same rows
    got = []
    for size in (2048, 122_880):
        monkeypatch.setattr(importer, "IMPORT_ROW_GROUP", size)
        (tmp_path / str(size)).mkdir()
        db = tmp_path / f"s{size}.duckdb"
        assert import_paths(_three_files(tmp_path / str(size)), db, workers=1).hands == 6
        con = duckdb.connect(str(db), read_only=True)
        try:
            got.append(con.execute("SELECT hand_id, count(*) FROM seats GROUP BY ALL "
                                   "ORDER BY ALL").fetchall())  # fmt: skip
        finally:
            con.close()
    assert got[0] == got[1] and len(got[0]) == 6
