"""The import's transactions (issue 28 item 2): several files share one transaction,
committed every ``COMMIT_HANDS`` hands; each file is stored whole or not at all; Ctrl-C
keeps the files finished before it unless it came while a file's rows went in; and the
run's known hands are kept as sorted runs without a copy of the store's array per batch.
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import numpy as np
import pyarrow as pa
import pytest

import hhtools.store.import_commit as import_commit
import hhtools.store.importer as importer
from hhtools.store.importer import import_paths
from hhtools.store.known import KnownHands
from hhtools.store import db as store_db
from tests.test_import import _split_hard_cases as _three_files  # 3 files of 2 hands


def q(db: Path, sql: str) -> list[tuple[object, ...]]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def _interrupted(files: list[Path], db: Path) -> importer.Importer:
    """Run an import that must end in Ctrl-C (a KeyboardInterrupt); its importer."""
    imp = importer.Importer(db, workers=1)
    try:
        with pytest.raises(KeyboardInterrupt):
            imp.run(files)
    finally:
        imp.close()
    assert imp.summary.interrupted
    return imp


def _count_commits(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record, for each COMMIT of the run's transaction, the hands it held."""
    held: list[int] = []
    real = importer.Importer._commit

    def commit(self: importer.Importer) -> None:
        if self._in_txn:
            held.append(self._txn_hands)
        real(self)

    monkeypatch.setattr(importer.Importer, "_commit", commit)
    return held


def test_files_share_one_transaction(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # three files of two hands, far below COMMIT_HANDS: one commit holds all six hands,
    # each file with its own imports row
    held = _count_commits(monkeypatch)
    db = tmp_path / "one.duckdb"
    summary = import_paths(_three_files(tmp_path), db, workers=1)
    assert held == [6]
    assert (summary.hands, summary.files_read) == (6, 3)
    assert q(db, "SELECT regexp_extract(file, 'part[0-9].txt'), hands FROM imports ORDER BY file") == [
        ("part0.txt", 2), ("part1.txt", 2), ("part2.txt", 2)]  # fmt: skip
    assert q(db, "SELECT count(*) FROM loading") == [(0,)]


def test_a_commit_every_commit_hands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # COMMIT_HANDS = 2: the transaction is committed as soon as it holds two hands, that
    # is after each file; the store is the same as with one commit
    monkeypatch.setattr(import_commit, "COMMIT_HANDS", 2)
    held = _count_commits(monkeypatch)
    db = tmp_path / "three.duckdb"
    files = _three_files(tmp_path)
    assert import_paths(files, db, workers=1).hands == 6
    assert held == [2, 2, 2]
    assert q(db, "SELECT count(*), count(DISTINCT hand_id) FROM hands") == [(6, 6)]
    # a second import of the same files adds nothing
    again = import_paths(files, db, workers=1)
    assert (again.hands, again.files_unchanged) == (0, 3)
    assert q(db, "SELECT count(*) FROM hands") == [(6,)]


def test_row_groups_left_as_the_commits_wrote_them(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # every commit checkpointed (as the run's 10,000-hand commits are): each commit's two
    # hands stay a row group of their own, none merged (VACUUM_TASKS = 0); with DuckDB's
    # default the three are merged into one
    monkeypatch.setattr(import_commit, "COMMIT_HANDS", 2)
    monkeypatch.setattr(importer, "CHECKPOINT_LOG", "1KB")
    for tasks, groups in ((0, 3), (100, 1)):
        monkeypatch.setattr(importer, "VACUUM_TASKS", tasks)
        (tmp_path / str(tasks)).mkdir()
        db = tmp_path / f"groups{tasks}.duckdb"
        assert import_paths(_three_files(tmp_path / str(tasks)), db, workers=1).hands == 6
        assert q(db, "SELECT count(DISTINCT row_group_id) FROM pragma_storage_info('hands')"
                 ) == [(groups,)]  # fmt: skip


def test_ctrl_c_while_a_files_rows_go_in_rolls_back_the_transaction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Ctrl-C inside the third file's append, after its hands table got its rows: the
    # transaction holds part of a file, so nothing of it is kept (the two finished files
    # of the same transaction neither); the next import stores everything once.
    files = _three_files(tmp_path)
    db = tmp_path / "dirty.duckdb"
    real = store_db.append_arrow
    calls: list[str] = []

    def append(con: duckdb.DuckDBPyConnection, table: str, batch: pa.Table) -> int:
        calls.append(table)
        if calls.count("hands") == 3 and table == "seats":
            raise KeyboardInterrupt
        return real(con, table, batch)

    monkeypatch.setattr(store_db, "append_arrow", append)
    assert _interrupted(files, db).summary.hands == 0
    for table in ("hands", "seats", "imports", "import_errors", "loading"):
        assert q(db, f"SELECT count(*) FROM {table}") == [(0,)], table
    monkeypatch.setattr(store_db, "append_arrow", real)
    summary = import_paths(files, db, workers=1)
    assert (summary.hands, summary.files_unchanged) == (6, 0)
    assert q(db, "SELECT count(*), count(DISTINCT hand_id) FROM hands") == [(6, 6)]


def test_ctrl_c_between_files_keeps_the_finished_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Ctrl-C while the third file is read (its rows not begun): the open transaction
    # holds two whole files; they are committed, the summary counts them.
    files = _three_files(tmp_path)
    db = tmp_path / "between.duckdb"
    real = importer.Importer._take

    def take(self: importer.Importer, index: int, last: bool, result: object) -> None:
        if self._files[index].source.name.endswith("part2.txt"):
            raise KeyboardInterrupt
        real(self, index, last, result)  # type: ignore[arg-type]

    monkeypatch.setattr(importer.Importer, "_take", take)
    summary = _interrupted(files, db).summary
    assert (summary.hands, summary.files_read) == (4, 2)
    assert q(db, "SELECT count(*) FROM hands") == [(4,)]
    assert q(db, "SELECT regexp_extract(file, 'part[0-9].txt'), hands FROM imports ORDER BY file") == [
        ("part0.txt", 2), ("part1.txt", 2)]  # fmt: skip


def test_known_hands_runs() -> None:
    con = duckdb.connect(":memory:")
    con.execute("CREATE TABLE hands (site VARCHAR, hand_id VARCHAR, text_digest VARCHAR)")
    con.execute("INSERT INTO hands SELECT 'S', i::VARCHAR, 'd' FROM range(1000) t(i)")
    known = KnownHands(con)
    assert len(known) == 1000 and len(known.runs) == 1
    rng = np.random.default_rng(7)
    added: list[np.ndarray] = []
    for _ in range(64):  # 64 batches of 10 hashes each
        batch = rng.integers(0, 2**63, size=10, dtype=np.uint64)
        known.add(batch)
        added.append(batch)
    every = np.concatenate(added)
    assert len(known) == 1000 + 640
    # a run is merged into the one before it when that one is not longer: batches of
    # 10 add up like a binary counter, and 64 = 2**6 batches make one run of 640 (the
    # store's longer run stays as it is)
    assert [len(r) for r in known.runs] == [1000, 640]
    for run in known.runs:
        assert np.all(run[:-1] <= run[1:])  # each run sorted
    assert known.maybe_stored(every).all()
    stored = con.execute("SELECT hash(site, hand_id) FROM hands").fetchnumpy()
    assert known.maybe_stored(np.asarray(next(iter(stored.values())), dtype=np.uint64)).all()
    fresh = np.setdiff1d(rng.integers(0, 2**63, size=50, dtype=np.uint64),
                         np.concatenate([every, *known.runs]))  # fmt: skip
    assert not known.maybe_stored(fresh).any()
    # three more batches: runs of 640, then 10, 10 -> merged to 20, then 10: 640, 20, 10
    for _ in range(3):
        known.add(rng.integers(0, 2**63, size=10, dtype=np.uint64))
    assert [len(r) for r in known.runs] == [1000, 640, 20, 10]


def _duck_memory(con: duckdb.DuckDBPyConnection) -> int:
    """Bytes DuckDB's buffer manager holds now."""
    (row,) = con.execute("SELECT sum(memory_usage_bytes) FROM duckdb_memory()").fetchall()
    return int(row[0] or 0)


def test_a_commit_lets_duckdb_drop_the_blocks_it_wrote(tmp_path: Path) -> None:
    # DuckDB keeps the blocks a commit wrote cached up to its memory cap (the main
    # process grew with the store); after a commit the committer sets the cap low for a
    # moment: the cache goes, the cap is the run's again and every row is still there
    con = duckdb.connect(str(tmp_path / "cache.duckdb"))
    try:
        con.execute("SET memory_limit = '256MB'")
        (limit,) = con.execute("SELECT current_setting('memory_limit')").fetchall()
        con.execute("CREATE TABLE t AS SELECT range AS i, md5(range::VARCHAR) AS s "
                    "FROM range(2000000)")  # fmt: skip
        con.execute("CHECKPOINT")
        assert _duck_memory(con) > 16 * 2**20  # 2,000,000 rows' blocks held: the cache
        committer = import_commit.Committer()
        committer.con = con
        committer._memory_limit = "256MB"
        committer._drop_cache()
        assert _duck_memory(con) <= 16 * 2**20  # CACHE_AFTER_COMMIT
        assert con.execute("SELECT current_setting('memory_limit')").fetchall() == [limit]
        assert con.execute("SELECT count(*), sum(i) FROM t").fetchall() == [
            (2_000_000, 2_000_000 * 1_999_999 // 2)]  # fmt: skip
    finally:
        con.close()


def test_the_import_sets_its_memory_cap_back_after_each_commit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # three commits (COMMIT_HANDS = 2), each followed by the cache's drop: after each,
    # DuckDB's cap is the import's (IMPORT_MEMORY) and the store is whole
    monkeypatch.setattr(import_commit, "COMMIT_HANDS", 2)
    limits: list[str] = []
    real = importer.Importer._drop_cache

    def drop(self: importer.Importer) -> None:
        real(self)
        limits.append(self.con.execute("SELECT current_setting('memory_limit')").fetchall()[0][0])

    monkeypatch.setattr(importer.Importer, "_drop_cache", drop)
    db = tmp_path / "three.duckdb"
    assert import_paths(_three_files(tmp_path), db, workers=1).hands == 6
    ref = duckdb.connect()
    ref.execute(f"SET memory_limit = '{importer.IMPORT_MEMORY}'")
    (want,) = ref.execute("SELECT current_setting('memory_limit')").fetchall()[0]
    ref.close()
    assert limits == [want] * 3
    assert q(db, "SELECT count(*), count(DISTINCT hand_id) FROM hands") == [(6, 6)]
