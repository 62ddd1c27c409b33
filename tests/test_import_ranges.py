"""Big files read in byte ranges by the workers: the cut points, and a store equal to
the one a file read whole gives (hhtools.store.importer, hhtools.ingest.hands)."""

from __future__ import annotations

import hashlib
import io
import logging
from pathlib import Path

import duckdb
import pytest

import hhtools.store.importer as importer
from hhtools.ingest.hands import _breaks, line_cuts
from hhtools.store import db as store
from hhtools.store.importer import import_paths

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"


def test_cuts_fall_after_a_line_feed_with_the_lines_counted_as_the_splitters_count() -> None:
    # bytes: a b LF c d CR LF e f CR g h LF  (offsets 0..12). A cut at least 3 bytes on
    # from the last: the first LF at or past offset 3 is the CRLF's, at 6, so the cut is
    # 7, where line 3 starts (LF and CRLF before it); the next LF at or past 7 + 3 = 10
    # is at 12: a cut at 13 (the file's end), line 5 (LF, CRLF, the lone CR, LF before).
    data = b"ab\ncd\r\nef\rgh\n"
    sha = hashlib.sha256()
    assert list(line_cuts(io.BytesIO(data), 3, sha)) == [(7, 3), (13, 5)]
    assert sha.hexdigest() == hashlib.sha256(data).hexdigest()  # every byte, once
    # lines ending in a lone CR only: no LF, no cut
    assert list(line_cuts(io.BytesIO(b"a\rb\rc\r" * 10), 4)) == []


def test_line_breaks_counted_in_a_block() -> None:
    # LF, CRLF and a lone CR are one break each: a LF CR LF b CR c CR -> 4
    assert _breaks(b"a\n\r\nb\rc\r", False) == 4
    # up to byte 4 (a LF CR LF): 2; up to byte 3 (a LF CR): the CR last in the range,
    # its LF not in it, is a lone CR there: 2
    assert _breaks(b"a\n\r\nb\rc\r", False, 4) == 2
    assert _breaks(b"a\n\r\nb\rc\r", False, 3) == 2
    # the block before ended with a CR: a LF first here ends that break, not a new one
    assert _breaks(b"\nab\n", True) == 1
    assert _breaks(b"\nab\n", False) == 2
    assert _breaks(b"", True) == 0
    # a CRLF split over two blocks of line_cuts counts once: a CR | LF b LF c, cut past 2
    assert list(line_cuts(_Blocks([b"a\r", b"\nb\nc"]), 2)) == [(3, 2)]


def test_several_cuts_in_a_block_count_each_break_once() -> None:
    # blocks holding several cuts (each counted from the cut before, not from the
    # block's start): the line of a cut is 1 + the breaks before it, LF, CRLF and lone
    # CR alike, a CRLF split over two blocks once
    data = b"ab\ncd\r\nef\rgh\n" * 3  # 4 breaks every 13 bytes: LF 2, CRLF 5-6, CR 9, LF 12
    assert list(line_cuts(io.BytesIO(data), 2)) == [
        (3, 2), (7, 3), (13, 5), (16, 6), (20, 7), (26, 9), (29, 10), (33, 11), (39, 13)]
    blocks = [data[:6], data[6:17], data[17:]]  # CR | LF at byte 6, several cuts in one
    assert list(line_cuts(_Blocks(blocks), 2)) == list(line_cuts(io.BytesIO(data), 2))
    assert list(line_cuts(_Blocks(blocks), 10)) == [(13, 5), (26, 9), (39, 13)]
    assert _breaks(data, False, 13, 3) == 3  # cd CRLF, ef CR, gh LF
    assert _breaks(b"\r\nx\n", False, None, 1) == 2  # from a LF: counted on its own


class _Blocks(io.RawIOBase):
    """A file read back in the given blocks, one a read."""

    def __init__(self, blocks: list[bytes]) -> None:
        self.blocks = list(blocks)

    def read(self, size: int = -1) -> bytes:
        return self.blocks.pop(0) if self.blocks else b""


def _rows(db: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of the hand tables, ``import_errors`` and ``imports`` (import_id and
    the clock left out), sorted."""
    con = duckdb.connect(str(db), read_only=True)
    out = {}
    try:
        for table in (*store.HAND_TABLES, "import_errors", "imports"):
            cols = [c for (c,) in con.execute(
                "SELECT column_name FROM information_schema.columns WHERE table_name = ? "
                "AND column_name NOT IN ('import_id', 'imported_at') ORDER BY ordinal_position",
                [table]).fetchall()]  # fmt: skip
            sel = ", ".join(f'"{c}"' for c in cols)
            out[table] = sorted(con.execute(f"SELECT {sel} FROM {table}").fetchall(), key=repr)
    finally:
        con.close()
    return out


@pytest.mark.parametrize("workers", [1, 2])
def test_a_file_in_ranges_is_stored_as_the_whole_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
    workers: int,
) -> None:  # fmt: skip
    # The PokerStars fixtures (damaged headers, hands cut short, blank lines inside a
    # hand...) and iPoker's XML (hands that read the file's session: never cut) read in
    # ranges of 700 bytes, a few lines each, must store exactly what they store read
    # whole: every row of every table, the problems with their lines, the files' counts.
    paths = [FIXTURES / "pokerstars", FIXTURES / "ipoker"]
    whole = tmp_path / "whole.duckdb"
    import_paths(paths, whole, workers=1)
    monkeypatch.setattr(importer, "RANGE_BYTES", 700)
    ranged = tmp_path / "ranged.duckdb"
    with caplog.at_level(logging.INFO, logger="hhtools.store.importer"):
        summary = import_paths(paths, ranged, workers=workers)
    assert summary.hands > 0
    assert _rows(ranged) == _rows(whole)
    if workers == 1:  # where a cut fell inside a damaged hand, the range was read again
        assert any("read again" in r.getMessage() for r in caplog.records)
