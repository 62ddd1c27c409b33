"""Tar archives and gzip/bzip2/xz files are read as the histories they hold.

The two fixture files used hold 4 and 3 PokerStars hands (one ``PokerStars Hand #``
line each, counted in the files), every line read: a packed copy must store exactly
those 7 hands, under the member's name, and a re-import must add nothing.
"""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import os
import tarfile
import zipfile
from pathlib import Path

import duckdb
import pytest

from hhtools.ingest import packed
from hhtools.ingest.sources import Source, iter_sources
from hhtools.model.records import Problem
from hhtools.model.vocab import ProblemCode
from hhtools.store.importer import import_paths

FIXTURES = Path(__file__).parent / "fixtures" / "pokerstars"
FOUR = FIXTURES / "dst_hour_twice_and_hour_missing.txt"  # 4 hands
THREE = FIXTURES / "hilo_collect_lines_low_half_first.txt"  # 3 hands


def stored(db: Path) -> list[str]:
    with duckdb.connect(str(db), read_only=True) as con:
        return [r[0] for r in con.execute("select hand_id from hands order by hand_id").fetchall()]


def hand_ids(*files: Path) -> list[str]:
    """The hand numbers written in the files' header lines, read here by hand."""
    ids = []
    for f in files:
        for line in f.read_text(encoding="utf-8-sig").splitlines():
            if line.startswith("PokerStars Hand #"):
                ids.append(line[len("PokerStars Hand #"):].split(":")[0])
    return sorted(ids)


def make_tar(path: Path, mode: str) -> Path:
    with tarfile.open(path, mode) as tf:
        tf.add(FOUR, arcname="histories/four.txt")
        tf.add(THREE, arcname="histories/three.txt")
        info = tarfile.TarInfo(".hidden/notes.txt")
        info.size = 5
        tf.addfile(info, io.BytesIO(b"hello"))
        folder = tarfile.TarInfo("histories/empty_folder")
        folder.type = tarfile.DIRTYPE
        tf.addfile(folder)
    return path


def test_the_fixtures_hold_seven_hands() -> None:
    assert len(hand_ids(FOUR)) == 4 and len(hand_ids(THREE)) == 3


@pytest.mark.parametrize("suffix, mode", [
    (".tar", "w"), (".tar.gz", "w:gz"), (".tgz", "w:gz"), (".tar.bz2", "w:bz2"),
    (".tar.xz", "w:xz"),
])  # fmt: skip
def test_a_tar_archive_is_read_member_by_member(tmp_path: Path, suffix: str, mode: str) -> None:
    archive = make_tar(tmp_path / f"hands{suffix}", mode)
    items = list(iter_sources([archive]))
    assert [i.name for i in items if isinstance(i, Source)] == [
        f"{archive}!histories/four.txt", f"{archive}!histories/three.txt"]
    assert not [i for i in items if isinstance(i, Problem)]
    db = tmp_path / "s.duckdb"
    summary = import_paths([archive], db, workers=1)
    assert summary.hands == 7 and summary.problems == 0
    assert stored(db) == hand_ids(FOUR, THREE)
    again = import_paths([archive], db, workers=1)
    assert again.hands == 0 and stored(db) == hand_ids(FOUR, THREE)


@pytest.mark.parametrize("suffix, pack", [
    (".gz", gzip.compress), (".bz2", bz2.compress), (".xz", lzma.compress),
])  # fmt: skip
def test_a_compressed_history_is_read_under_its_own_name(tmp_path: Path, suffix, pack) -> None:
    f = tmp_path / f"four.txt{suffix}"
    f.write_bytes(pack(FOUR.read_bytes()))
    walk = iter_sources([f])  # a source is read before the next is asked for
    source = next(walk)
    assert isinstance(source, Source) and source.name == str(f)
    assert source.size == FOUR.stat().st_size
    with source.open() as fh:
        assert fh.read() == FOUR.read_bytes()
    assert list(walk) == []
    db = tmp_path / "s.duckdb"
    assert import_paths([f], db, workers=1).hands == 4
    assert stored(db) == hand_ids(FOUR)


def test_a_tar_archive_gzipped_under_another_name_is_still_a_tar(tmp_path: Path) -> None:
    tar = make_tar(tmp_path / "x.tar", "w")
    f = tmp_path / "export.gz"
    f.write_bytes(gzip.compress(tar.read_bytes()))
    names = [i.name for i in iter_sources([f]) if isinstance(i, Source)]
    assert names == [f"{f}!histories/four.txt", f"{f}!histories/three.txt"]


def test_a_zip_inside_a_tar_is_opened(tmp_path: Path) -> None:
    inner = io.BytesIO()
    with zipfile.ZipFile(inner, "w") as zf:
        zf.write(THREE, "three.txt")
    archive = tmp_path / "outer.tar.gz"
    with tarfile.open(archive, "w:gz") as tf:
        info = tarfile.TarInfo("inner.zip")
        info.size = len(inner.getvalue())
        tf.addfile(info, io.BytesIO(inner.getvalue()))
    db = tmp_path / "s.duckdb"
    summary = import_paths([archive], db, workers=1)
    assert summary.hands == 3 and stored(db) == hand_ids(THREE)


def test_a_gzip_file_cut_short_is_one_problem_without_a_line(tmp_path: Path) -> None:
    whole = gzip.compress(FOUR.read_bytes())
    f = tmp_path / "cut.txt.gz"
    f.write_bytes(whole[: len(whole) // 2])
    (problem,) = list(iter_sources([f]))
    assert isinstance(problem, Problem)
    assert (problem.file, problem.line, problem.code) == (str(f), 0, ProblemCode.BAD_ARCHIVE)
    assert problem.message.startswith("a gzip file cut short or damaged, so not read")


def test_a_tar_archive_cut_short_keeps_the_members_read_before_the_cut(tmp_path: Path) -> None:
    tar = make_tar(tmp_path / "x.tar", "w").read_bytes()
    second = tar.index(b"histories/three.txt")  # the second member's header
    f = tmp_path / "cut.tar"
    f.write_bytes(tar[: second + 700])  # its header whole, its bytes cut
    items = list(iter_sources([f]))
    assert [i.name for i in items if isinstance(i, Source)] == [f"{f}!histories/four.txt"]
    (problem,) = [i for i in items if isinstance(i, Problem)]
    assert (problem.line, problem.code) == (0, ProblemCode.BAD_ARCHIVE)


def test_a_member_over_the_limit_is_refused_not_read(tmp_path: Path, monkeypatch) -> None:
    assert FOUR.stat().st_size < THREE.stat().st_size
    monkeypatch.setattr(packed, "MAX_MEMBER_BYTES", THREE.stat().st_size - 1)
    archive = make_tar(tmp_path / "big.tar.gz", "w:gz")
    items = list(iter_sources([archive]))
    too_large = [i for i in items if isinstance(i, Problem)]
    assert [p.file for p in too_large] == [f"{archive}!histories/three.txt"]
    assert too_large[0].code == ProblemCode.ARCHIVE_TOO_LARGE
    assert [i.name for i in items if isinstance(i, Source)] == [f"{archive}!histories/four.txt"]


def test_a_compressed_file_expanding_past_the_ratio_stops(tmp_path: Path, monkeypatch) -> None:
    f = tmp_path / "bomb.txt.gz"
    f.write_bytes(gzip.compress(b"\n" * (3 << 20)))  # 3 MiB of line ends, a few KiB packed
    monkeypatch.setattr(packed, "MAX_RATIO", 10)
    (problem,) = list(iter_sources([f]))
    assert isinstance(problem, Problem) and problem.code == ProblemCode.ARCHIVE_TOO_LARGE


def test_a_large_member_is_held_in_a_temporary_file_and_removed(monkeypatch) -> None:
    monkeypatch.setattr(packed, "IN_MEMORY_BYTES", 10)
    data = bytes(range(256)) * 5
    held = packed.spool(io.BytesIO(data), 10_000, "x")
    path = held._path
    assert path is not None and os.path.exists(path) and held.size == 1280
    with held.open() as a, held.open() as b:
        assert a.read(3) == data[:3] and b.read() == data
    held.close()
    assert not os.path.exists(path)


def test_spool_stops_at_its_limit() -> None:
    with pytest.raises(packed.MemberTooLarge):
        packed.spool(io.BytesIO(b"x" * 101), 100, "x")
    assert packed.spool(io.BytesIO(b"x" * 100), 100, "x").size == 100


def test_a_damaged_gzip_file_under_any_name_is_one_problem(tmp_path: Path) -> None:
    f = tmp_path / "thing.dat"
    f.write_bytes(b"\x1f\x8b\x08\x00" + bytes(range(256)))  # a gzip header, then no deflate data
    (problem,) = list(iter_sources([f]))
    assert isinstance(problem, Problem) and problem.code == ProblemCode.BAD_ARCHIVE
    assert problem.message.startswith("a gzip file cut short or damaged")
