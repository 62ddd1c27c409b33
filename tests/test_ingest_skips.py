"""What a walk leaves out: a store never imports itself, nor any other file that is
obviously no hand history; a binary file no format reads is one short problem.

The history used is one PokerStars hand (hand 210000000003), so every count below is
worked out from the files each test writes.
"""

from __future__ import annotations

import os
import random
import shutil
import zipfile
from collections import Counter
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from hhtools.cli.main import app
from hhtools.ingest.read import ParseStats, ReadTally, parse_path
from hhtools.ingest.sources import DATASET_MARKER, SkipReason, Source, iter_sources
from hhtools.model.vocab import ProblemCode
from hhtools.store.dataset import MANIFEST
from hhtools.store.importer import files_to_read

HAND_FILE = Path(__file__).parent / "fixtures" / "pokerstars" / "zoom_eur_no_limit.txt"
HAND = HAND_FILE.read_bytes()
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06"


def q(db: Path, sql: str) -> list[tuple[object, ...]]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute(sql).fetchall()


def walk(*paths: Path | str) -> tuple[list[str], Counter[str], list[object]]:
    """(source names, skips by reason, problems) of a walk over ``paths``."""
    tally = ReadTally()
    items = list(iter_sources(paths, on_skip=tally.skip))
    names = [i.name for i in items if isinstance(i, Source)]
    return names, tally.skipped, [i for i in items if not isinstance(i, Source)]


def test_a_store_in_the_imported_folder_is_never_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # `hhtools import .` with the default database in that folder, three times: the
    # database (and its write-ahead log while the import holds it) are skipped, never
    # two unsupported_site problems a run piling up.
    (tmp_path / "hand.txt").write_bytes(HAND)
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    outs = []
    for _ in range(3):
        res = runner.invoke(app, ["import", ".", "-j", "1"])
        assert res.exit_code == 0, res.output
        outs.append(" ".join(res.stdout.split()))
    db = tmp_path / "hhtools.duckdb"
    assert q(db, "SELECT count(*) FROM import_errors") == [(0,)]
    # the file's one name, its resolved path (tests/test_import_one_name.py)
    assert q(db, "SELECT DISTINCT file FROM imports") == [(os.path.realpath("hand.txt"),)]
    assert q(db, "SELECT hand_id FROM hands") == [("210000000003",)]
    assert "files skipped: DuckDB database, its log or spill folder" in outs[0]
    assert outs[2].startswith("Nothing new: 1 file unchanged since the last import (the "
                              "file holds 1 hand, already in hhtools.duckdb).")  # fmt: skip
    assert "skipped: DuckDB database, its log or spill folder." in outs[2]


def test_duckdb_files_are_known_by_their_bytes_whatever_their_name(tmp_path: Path) -> None:
    (tmp_path / "hand.txt").write_bytes(HAND)
    other = tmp_path / "results.txt"  # another tool's DuckDB database, named like text
    con = duckdb.connect(str(other))
    try:
        con.execute("SET checkpoint_threshold = '1GB'")
        con.execute("CREATE TABLE t AS SELECT 1 AS a")
        con.execute("INSERT INTO t VALUES (2)")  # held in results.txt.wal until closed
        assert (tmp_path / "results.txt.wal").exists()
        names, skipped, problems = walk(tmp_path)
    finally:
        con.close()
    assert names == [str(tmp_path / "hand.txt")]
    assert skipped == {SkipReason.DUCKDB: 2} and problems == []


def test_the_store_being_written_is_excluded_by_name_before_it_has_bytes(tmp_path: Path) -> None:
    # A store that does not hold its header yet (created empty), its log and spill folder.
    (tmp_path / "hand.txt").write_bytes(HAND)
    db = tmp_path / "new.duckdb"
    db.write_bytes(b"")
    (tmp_path / "new.duckdb.wal").write_bytes(b"d\x00be\x00\x02f\x00")
    (tmp_path / "new.duckdb.tmp").mkdir()
    (tmp_path / "new.duckdb.tmp" / "duckdb_temp_block-1.block").write_bytes(b"\x00" * 64)
    tally = ReadTally()
    exclude = (db, tmp_path / "new.duckdb.wal", tmp_path / "new.duckdb.tmp")
    items = list(iter_sources([tmp_path], exclude=exclude, on_skip=tally.skip))
    assert [i.name for i in items] == [str(tmp_path / "hand.txt")]  # type: ignore[union-attr]
    assert tally.skipped == {SkipReason.DUCKDB: 3}
    assert files_to_read([tmp_path], db) == 1


def test_parquet_files_and_a_dask_dataset_are_not_histories(tmp_path: Path) -> None:
    assert DATASET_MARKER == MANIFEST  # the walk knows the dataset by the store's marker
    (tmp_path / "hand.txt").write_bytes(HAND)
    (tmp_path / "export.parquet").write_bytes(b"PAR1" + b"\x00" * 40 + b"PAR1")
    ds = tmp_path / "ds"  # a dataset of `import --engine dask`: skipped as one folder
    (ds / MANIFEST).mkdir(parents=True)
    (ds / MANIFEST / "000001-000001.json").write_text('{"added": []}')
    (ds / "hands" / "site=pokerstars").mkdir(parents=True)
    (ds / "hands" / "site=pokerstars" / "part-1.parquet").write_bytes(b"PAR1\x00PAR1")
    names, skipped, problems = walk(tmp_path)
    assert names == [str(tmp_path / "hand.txt")] and problems == []
    assert skipped == {SkipReason.PARQUET: 1, SkipReason.DATASET: 1}
    names, skipped, _ = walk(ds)  # the dataset named itself
    assert names == [] and skipped == {SkipReason.DATASET: 1}


def test_hidden_folders_and_expected_results_are_counted_not_read(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_bytes(HAND)
    for name in ("a.txt.hp", "a.txt.hands", "a.txt.gt", "MANIFEST.tsv", ".hidden.txt"):
        (tmp_path / name).write_text("not a history")
    git = tmp_path / ".git" / "objects" / "3f"
    git.mkdir(parents=True)
    (git / "2a9c").write_bytes(b"x\x9c\x01\x02")  # a git object: never walked into
    names, skipped, problems = walk(tmp_path)
    assert names == [str(tmp_path / "a.txt")] and problems == []
    assert skipped == {SkipReason.EXPECTED_RESULTS: 3, SkipReason.CORPUS_MANIFEST: 1,
                       SkipReason.HIDDEN: 2}  # fmt: skip


def test_links_to_folders_are_not_followed_and_links_to_nothing_are_counted(tmp_path: Path) -> None:
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "a.txt").write_bytes(HAND)
    (sub / "loop").symlink_to(tmp_path)  # followed, it would walk for ever
    (sub / "gone.txt").symlink_to(tmp_path / "nowhere.txt")
    (tmp_path / "same.txt").symlink_to(sub / "a.txt")  # a link to a file is read
    names, skipped, problems = walk(tmp_path)
    assert names == [str(tmp_path / "same.txt"), str(sub / "a.txt")] and problems == []
    assert skipped == {SkipReason.FOLDER_LINK: 1, SkipReason.NOT_REGULAR: 1}


def test_sources_keep_the_names_and_order_of_earlier_imports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Earlier imports named files as pathlib does ("a/b.txt", never "./a//b.txt") and
    # read them in the order of their parts: a file imported before is known by name.
    for rel in ("b.txt", "a/z.txt", "a/b/c.txt", "a-b.txt", "A.txt", "a.b/x.txt"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(HAND)
    monkeypatch.chdir(tmp_path)
    expected = ["A.txt", "a/b/c.txt", "a/z.txt", "a-b.txt", "a.b/x.txt", "b.txt"]
    assert walk(".")[0] == expected
    assert walk("./")[0] == expected
    assert walk(".//a/")[0] == ["a/b/c.txt", "a/z.txt"]
    assert walk(tmp_path / "a")[0] == [str(tmp_path / "a" / "b" / "c.txt"), str(tmp_path / "a" / "z.txt")]


def test_archive_members_are_skipped_by_the_same_rules(tmp_path: Path) -> None:
    archive = tmp_path / "h.zip"
    duck = tmp_path / "d.duckdb"
    duckdb.connect(str(duck)).close()
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("one.txt", HAND)
        zf.writestr("one.txt.gt", "expected")
        zf.writestr("__MACOSX/._one.txt", b"\x00\x05\x16\x07")
        zf.writestr(".git/HEAD", "ref: refs/heads/main")
        zf.write(duck, "store.bin")
    names, skipped, problems = walk(archive)
    assert names == [f"{archive}!one.txt"] and problems == []
    assert skipped == {SkipReason.EXPECTED_RESULTS: 1, SkipReason.HIDDEN: 2, SkipReason.DUCKDB: 1}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (PNG, "a PNG image, not a hand history"),
        (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj", "a PDF document, not a hand history"),
        (b"Rar!\x1a\x07\x00" + bytes(range(256)),
         "a RAR archive (only .zip, tar, gzip, bzip2 and xz are opened), not a hand history"),
        (bytes(range(256)) * 8, "a binary file, not a hand history"),
        (random.Random(7).randbytes(3000), "a binary file, not a hand history"),
        (b"\x00\x00\x00\x01Bud1\x00\x00\x10\x00", "a binary file, not a hand history"),
    ],
)  # fmt: skip
def test_a_binary_file_is_one_short_problem_without_its_bytes(
    tmp_path: Path, data: bytes, message: str
) -> None:
    f = tmp_path / "thing.dat"
    f.write_bytes(data)
    (result,) = list(parse_path(f))
    (problem,) = result.problems
    assert (problem.code, problem.line, problem.message, problem.excerpt) == (
        ProblemCode.UNSUPPORTED_SITE, 1, message, "")


@pytest.mark.parametrize(
    "data",
    [
        "Room Hand 1 — Table Ärger\r\n".encode("utf-16-le"),
        b"\xff\xfe" + "Room Hand 1 \u20ac5\r\n".encode("utf-16-le"),
        "Room Hand 1 \u00e9t\u00e9\n".encode("cp1252"),
        b"Room Hand 1\x1a",  # a DOS end-of-file mark is text
    ],
)
def test_text_of_no_known_site_is_still_quoted(tmp_path: Path, data: bytes) -> None:
    f = tmp_path / "other.txt"
    f.write_bytes(data)
    (result,) = list(parse_path(f))
    (problem,) = result.problems
    assert problem.message.startswith("not a hand history of a supported site (starts 'Room Hand 1")
    assert problem.excerpt.startswith("Room Hand 1")


def test_the_progress_bar_counts_what_is_read(tmp_path: Path) -> None:
    # 1 history + 2 members of an archive are read; .hp, hidden and a database are not:
    # the bar ends at 3/3 (it showed 4/2 files for a folder with its own store).
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.txt").write_bytes(HAND)
    (folder / "a.txt.hp").write_text("expected")
    (folder / ".DS_Store").write_bytes(b"\x00\x00\x00\x01Bud1")
    with zipfile.ZipFile(folder / "more.zip", "w") as zf:
        zf.writestr("b.txt", HAND.replace(b"#210000000003", b"#210000000004"))
        zf.writestr("c.txt", HAND.replace(b"#210000000003", b"#210000000005"))
    db = folder / "hhtools.duckdb"
    assert files_to_read([folder], db) == 3
    res = CliRunner().invoke(app, ["import", str(folder), "--db", str(db), "-j", "1"],
                             env={"COLUMNS": "200"})  # fmt: skip
    assert res.exit_code == 0, res.output
    assert "3/3 files" in res.stderr
    res = CliRunner().invoke(app, ["import", str(folder), "--db", str(db), "-j", "1"],
                             env={"COLUMNS": "200"})  # fmt: skip
    assert res.exit_code == 0 and "3/3 files" in res.stderr  # all unchanged: still 3/3
    assert q(db, "SELECT count(*) FROM hands") == [(3,)]


def test_parse_counts_skipped_files(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_bytes(HAND)
    (tmp_path / "a.txt.hp").write_text("expected")
    shutil.copy(HAND_FILE, tmp_path / ".a.txt")
    stats = ParseStats()
    results = list(parse_path(tmp_path, stats))
    assert [r.hand_id for r in results] == ["210000000003"]
    assert (stats.files, stats.tally.histories) == (1, 1)
    assert stats.tally.skipped == {SkipReason.EXPECTED_RESULTS: 1, SkipReason.HIDDEN: 1}
    assert os.path.exists(tmp_path / ".a.txt")
