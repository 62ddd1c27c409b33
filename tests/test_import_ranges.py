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
from hhtools.ingest.hands import line_cuts
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
