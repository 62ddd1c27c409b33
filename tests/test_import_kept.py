"""The kept tables built by the import's workers (hhtools.store.tables.kept) are the
tables the store's own SQL builds (hhtools.store.hand_summary, report_cube), table by
table: the same ``hand_summary``, ``session_summary`` and ``report_cube_imports``
rows, and the same sums per key of ``stat_cube`` and ``report_cube`` (a key may have
several rows, one per transaction: every reader sums them).

The reference is the store itself with its kept tables worked out again whole by SQL
(``refresh_summary(whole=True)``, every import's cube summed again). For the generated
hands the import's own end-of-run SQL is switched off (monkeypatched to do nothing), so
what is compared is what the workers sent and nothing else.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import duckdb
import pytest

import hhtools.store.import_commit as commit_module
import hhtools.store.importer as importer_module
import hhtools.store.pipeline as pipeline_module
from hhtools.store.hand_summary import CUBE_KEYS, refresh_summary
from hhtools.store.importer import import_paths
from hhtools.store.report_cube import COVERED, KEYS, refresh_report_cube

ROOT = Path(__file__).resolve().parents[1]
SMALL = [ROOT / "tests" / "fixtures", ROOT / "sample_histories"]


def _sums(con: duckdb.DuckDBPyConnection, table: str, keys: tuple[str, ...]) -> list[tuple[Any, ...]]:
    """A cube's sums per key, sorted (doubles rounded: summed in another order)."""
    cols = [r[0] for r in con.execute(f"DESCRIBE {table}").fetchall() if r[0] not in keys]
    sums = ", ".join(f"round(sum({c})::DOUBLE, 6)" for c in cols)
    return con.execute(f"SELECT {', '.join(keys)}, {sums} FROM {table} GROUP BY ALL "
                       "ORDER BY ALL").fetchall()  # fmt: skip


def _kept(db: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every kept table of the store ``db``: rows, or sums per key, sorted."""
    con = duckdb.connect(str(db), read_only=True)
    try:
        return {
            "hand_summary": con.execute("SELECT * FROM hand_summary ORDER BY ALL").fetchall(),
            "session_summary": con.execute(
                "SELECT * EXCLUDE (bb_per_100), round(bb_per_100, 9) FROM session_summary "
                "ORDER BY ALL").fetchall(),  # fmt: skip
            COVERED: con.execute(f"SELECT * FROM {COVERED} ORDER BY ALL").fetchall(),
            "stat_cube": _sums(con, "stat_cube", CUBE_KEYS),
            "report_cube": _sums(con, "report_cube", KEYS),
        }
    finally:
        con.close()


def _by_sql(db: Path, tmp: Path) -> dict[str, list[tuple[Any, ...]]]:
    """The kept tables of a copy of ``db`` worked out again whole by the store's SQL."""
    copy = tmp / "by_sql.duckdb"
    shutil.copy(db, copy)
    con = duckdb.connect(str(copy))
    try:
        con.execute(f"DELETE FROM {COVERED}")
        refresh_report_cube(con)
        refresh_summary(con, whole=True)
    finally:
        con.close()
    return _kept(copy)


@pytest.fixture()
def workers_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The import's end-of-run SQL for the kept tables does nothing."""
    monkeypatch.setattr(importer_module, "refresh_summary", lambda *a, **k: (0, 0))
    monkeypatch.setattr(importer_module, "refresh_report_cube", lambda *a, **k: 0)


def _check(db: Path, tmp: Path) -> None:
    got, want = _kept(db), _by_sql(db, tmp)
    assert got["hand_summary"], "no hand summarised"
    for table, rows in want.items():
        assert got[table] == rows, table
    # every stored hand has its summary
    con = duckdb.connect(str(db), read_only=True)
    try:
        (hands, rows), = con.execute("SELECT (SELECT count(*) FROM hands), "
                                     "(SELECT count(*) FROM hand_summary)").fetchall()  # fmt: skip
    finally:
        con.close()
    assert hands == rows


def test_workers_build_the_kept_tables_of_the_fixtures(tmp_path: Path) -> None:
    """Every fixture and sample, 2 workers: their files' rows from the workers; the
    hands of archives (split here, sent as chunks) and hands stored twice (the
    fixtures repeat some) worked out by the run's end."""
    db = tmp_path / "w.duckdb"
    summary = import_paths(SMALL, db, workers=2)
    assert summary.hands > 2000
    _check(db, tmp_path)


def test_workers_build_the_kept_tables_of_ranges_and_commits(
    tmp_path: Path, workers_only: None, generated: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A big file in ranges (each range's rows from its worker), appended in batches
    of 700 hands and committed every 1,500: several rows per key, the same sums."""
    folder, _ = generated(3000, 100, files=1)
    monkeypatch.setattr(importer_module, "RANGE_BYTES", 300_000)
    monkeypatch.setattr(importer_module, "FLUSH_HANDS", 700)
    monkeypatch.setattr(commit_module, "COMMIT_HANDS", 1500)
    db = tmp_path / "w.duckdb"
    summary = import_paths([folder], db, workers=1)
    assert summary.hands == 3000
    con = duckdb.connect(str(db), read_only=True)
    try:
        (repeated,) = con.execute(
            f"SELECT count(*) FROM (SELECT {', '.join(CUBE_KEYS)} FROM stat_cube "
            "GROUP BY ALL HAVING count(*) > 1)").fetchall()[0]  # fmt: skip
    finally:
        con.close()
    assert repeated > 0  # keys summed in several transactions
    _check(db, tmp_path)


def test_a_run_with_hands_stored_before_lets_the_store_work_them_out(tmp_path: Path) -> None:
    """A copy of a file under another name beside a new one: its hands are stored
    already, so the batch's worker rows are not used; the run's end works the kept
    tables out from the store, with the same result."""
    files = sorted((ROOT / "tests" / "fixtures" / "pokerstars").glob("stats_*.txt"))
    first = tmp_path / "first"
    second = tmp_path / "second"
    first.mkdir()
    second.mkdir()
    shutil.copy(files[0], first / files[0].name)
    shutil.copy(files[0], second / ("copy_" + files[0].name))
    for f in files[1:]:
        shutil.copy(f, second / f.name)
    db = tmp_path / "w.duckdb"
    import_paths([first], db, workers=1)
    summary = import_paths([second], db, workers=1)
    assert summary.duplicates >= 1
    _check(db, tmp_path)


def test_an_import_stopped_part_way_and_taken_again(
    tmp_path: Path, generated: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C in the middle of a big file whose first batches were committed (named in
    ``loading``) and after a whole file: the next import drops the half-stored file's
    hands and stores the rest; the kept tables then are what SQL makes of the hands
    (the rows the workers sent for the dropped hands are gone from the sums)."""
    folder, _ = generated(2400, 101, files=2)
    monkeypatch.setattr(importer_module, "RANGE_BYTES", 200_000)
    monkeypatch.setattr(importer_module, "FLUSH_HANDS", 300)
    monkeypatch.setattr(commit_module, "COMMIT_HANDS", 500)
    db = tmp_path / "w.duckdb"
    real = importer_module.Importer._take
    taken: list[int] = []

    def take(self: importer_module.Importer, index: int, last: bool, result: Any) -> None:
        taken.append(index)
        if index == 2 and taken.count(2) == 3:  # the second file, part-way
            raise KeyboardInterrupt
        real(self, index, last, result)

    monkeypatch.setattr(importer_module.Importer, "_take", take)
    imp = importer_module.Importer(db, workers=1)
    try:
        with pytest.raises(KeyboardInterrupt):
            imp.run([folder])
    finally:
        imp.close()
    assert imp.summary.hands == 1200  # the first file, committed
    monkeypatch.setattr(importer_module.Importer, "_take", real)
    summary = import_paths([folder], db, workers=1)
    assert summary.hands == 1200
    _check(db, tmp_path)


def test_counts_only_reads_the_hands_only_when_the_counts_differ(
    tmp_path: Path, workers_only: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``refresh_summary(counts_only=True)`` after an import whose workers sent every
    row adds nothing; after hands stored without their rows (the workers sent none, the
    run's end left them: as many summaries as hands no more) it summarises them."""
    files = sorted((ROOT / "tests" / "fixtures" / "pokerstars").glob("stats_*.txt"))
    db = tmp_path / "w.duckdb"
    import_paths(files[:3], db, workers=1)
    con = duckdb.connect(str(db))
    try:
        assert refresh_summary(con, counts_only=True) == (0, 0)
    finally:
        con.close()
    monkeypatch.setattr(pipeline_module.WorkResult, "keep", lambda self: None)
    import_paths(files[3:], db, workers=1)
    con = duckdb.connect(str(db))
    try:
        assert refresh_summary(con, counts_only=True) == (3, 0)  # H4, H5, H6
        assert refresh_report_cube(con) == 1  # the second import, not covered
    finally:
        con.close()
    _check(db, tmp_path)
