"""Bounded work per input: archives (bad member names, size and ratio limits, nesting)
and hand texts over the size limit; none of them stops an import or costs a good hand.

Hands are the first hand-written hard case under new ids (36 lines each); expected
lines, sizes and counts are worked out in the comments.
"""

from __future__ import annotations

import io
import struct
import zipfile
from pathlib import Path

import duckdb
import hhtools.grammars as grammars
import pytest

from hhtools.ingest import archives
from hhtools.ingest.hands import BUDGET, TooLong, oversize, split_bounded
from hhtools.ingest.read import MAX_HAND_BYTES, ParseStats, parse_path
from hhtools.ingest.sources import Source, iter_sources
from hhtools.model.records import HandText
from hhtools.model.vocab import ProblemCode
from hhtools.store.importer import import_paths
from tests.conftest import HARD_CASES

FIRST = HARD_CASES.read_text(encoding="utf-8").split("\n\n\n\n")[0]  # lines 1-36
assert FIRST.count("\n") == 35


def hand(n: int) -> str:
    """The first hard case as hand 9700000000nn (36 lines)."""
    return FIRST.replace("990000000001", f"9700000000{n:02d}")


def hand_bytes(*ns: int) -> bytes:
    return ("\n\n\n".join(hand(n) for n in ns) + "\n").encode("utf-8")


def q(db: Path, sql: str) -> list[tuple[object, ...]]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute(sql).fetchall()


def zip_bytes(members: list[tuple[str, bytes]], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as zf:
        for name, data in members:
            zf.writestr(name, data)
    return buf.getvalue()


def with_bad_utf8_name(data: bytes, placeholder: bytes, bad: bytes) -> bytes:
    """The archive with ``placeholder`` in a name replaced by ``bad`` (same length) and
    the UTF-8 flag (bit 11) set in every central and local header."""
    out = bytearray(data.replace(placeholder, bad))
    for sig, at in ((b"PK\x01\x02", 8), (b"PK\x03\x04", 6)):
        i = out.find(sig)
        while i >= 0:
            (flags,) = struct.unpack_from("<H", out, i + at)
            struct.pack_into("<H", out, i + at, flags | 0x800)
            i = out.find(sig, i + 4)
    return bytes(out)


# ---------------------------------------------------------------------- member names


def test_member_name_not_utf8_is_reported_and_the_rest_imported(tmp_path: Path) -> None:
    raw = zip_bytes([("a.txt", hand_bytes(1)), ("bQQQ.txt", hand_bytes(2)),
                     ("c.txt", hand_bytes(3))])  # fmt: skip
    archive = tmp_path / "names.zip"
    # "b\xff\xfe\xc3.txt": \xff and \xfe never occur in UTF-8, \xc3 then ends the name
    archive.write_bytes(with_bad_utf8_name(raw, b"QQQ", b"\xff\xfe\xc3"))
    with pytest.raises(UnicodeDecodeError):  # what the standard library does with it
        zipfile.ZipFile(archive)
    other = tmp_path / "other.txt"
    other.write_bytes(hand_bytes(4))
    db = tmp_path / "n.duckdb"
    summary = import_paths([archive, other], db, workers=1)
    # all four hands stored, the badly named member's under its escaped name
    assert summary.hands == 4 and summary.problems == 1
    assert q(db, "SELECT file, hand_id FROM hands ORDER BY hand_id") == [
        (f"{archive}!a.txt", "970000000001"),
        (f"{archive}!b\\xff\\xfe\\xc3.txt", "970000000002"),
        (f"{archive}!c.txt", "970000000003"),
        (str(other), "970000000004"),
    ]
    ((file, line, code, message),) = q(db, "SELECT file, line, code, message FROM import_errors")
    assert (file, line, code) == (str(archive), 0, "bad_archive")
    assert "'b\\\\xff\\\\xfe\\\\xc3.txt' is flagged UTF-8 but is not valid UTF-8" in str(message)


def test_archive_that_cannot_be_opened_is_one_problem(tmp_path: Path) -> None:
    broken = tmp_path / "broken.zip"
    broken.write_bytes(b"PK\x03\x04 and then nothing an archive needs")
    (problem,) = list(iter_sources([broken]))
    assert problem.code is ProblemCode.BAD_ARCHIVE  # type: ignore[union-attr]
    assert problem.file == str(broken)  # type: ignore[union-attr]


# ---------------------------------------------------------------------- size limits


def test_member_over_the_size_limit_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(archives, "MAX_MEMBER_BYTES", 10_000)
    big = hand_bytes(*range(1, 11))  # ten hands of ~1.3 kB: over 10,000 bytes
    assert len(big) > 10_000
    archive = tmp_path / "big.zip"
    archive.write_bytes(zip_bytes([("big.txt", big), ("small.txt", hand_bytes(11))],
                                  zipfile.ZIP_STORED))  # fmt: skip
    db = tmp_path / "s.duckdb"
    summary = import_paths([archive], db, workers=1)
    assert (summary.hands, summary.problems) == (1, 1)
    assert q(db, "SELECT hand_id FROM hands") == [("970000000011",)]
    ((file, code, message),) = q(db, "SELECT file, code, message FROM import_errors")
    assert (file, code) == (f"{archive}!big.txt", "archive_too_large")
    assert message == f"{len(big):,} bytes uncompressed, over the limit of 10,000: not read"


def test_member_over_the_ratio_limit_is_refused_unread(tmp_path: Path) -> None:
    # 3 MiB of one repeated line deflate to a few kB: far over 200:1 past 1 MiB
    bomb = b"Alice said, \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"\n" * 48_000
    assert len(bomb) > 3 << 20
    archive = tmp_path / "bomb.zip"
    archive.write_bytes(zip_bytes([("bomb.txt", bomb), ("fine.txt", hand_bytes(1))]))
    packed = zipfile.ZipFile(archive).getinfo("bomb.txt").compress_size
    assert len(bomb) > 200 * packed
    results = list(parse_path(archive))
    assert [(r.file, r.hand_id) for r in results if r.hand] == [(f"{archive}!fine.txt",
                                                                "970000000001")]  # fmt: skip
    (refused,) = [p for r in results for p in r.problems]
    assert refused.code is ProblemCode.ARCHIVE_TOO_LARGE
    assert refused.file == f"{archive}!bomb.txt"
    assert refused.message == (
        f"{len(bomb):,} bytes from {packed:,} compressed ({len(bomb) // packed}:1), over "
        "the limit of 200:1 for members over 1 MiB: not read"
    )


def test_a_header_that_understates_a_member_does_not_get_it_read_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The header is believed (no refusal), but bytes are counted as they are read:
    # the member stops at the 5,000-byte limit and is reported, the other one is read.
    monkeypatch.setattr(archives, "refusal", lambda info: None)
    monkeypatch.setattr(archives, "MAX_MEMBER_BYTES", 5_000)
    long = hand_bytes(1, 2, 3, 4, 5)  # five hands of ~1.3 kB: over 5,000 bytes
    assert len(long) > 5_000
    archive = tmp_path / "lies.zip"
    archive.write_bytes(zip_bytes([("a.txt", long), ("b.txt", hand_bytes(6))],
                                  zipfile.ZIP_STORED))  # fmt: skip
    db = tmp_path / "l.duckdb"
    summary = import_paths([archive], db, workers=1)
    assert q(db, "SELECT hand_id FROM hands") == [("970000000006",)]
    ((file, code, message),) = q(db, "SELECT file, code, message FROM import_errors")
    assert (file, code) == (f"{archive}!a.txt", "archive_too_large")
    assert "more than 5,000 bytes uncompressed" in str(message)
    assert summary.problems == 1


# ---------------------------------------------------------------------- nesting


def test_archive_in_an_archive_is_read_one_level_deep(tmp_path: Path) -> None:
    deeper = zip_bytes([("d.txt", hand_bytes(3))])
    inner = zip_bytes([("a.txt", hand_bytes(2)), ("deeper.zip", deeper),
                       ("looks_like_data.bin", deeper)])  # fmt: skip
    outer = tmp_path / "outer.zip"
    outer.write_bytes(zip_bytes([("c.txt", hand_bytes(1)), ("inner.zip", inner)]))
    db = tmp_path / "z.duckdb"
    summary = import_paths([outer], db, workers=1)
    assert summary.hands == 2
    assert q(db, "SELECT file, hand_id FROM hands ORDER BY hand_id") == [
        (f"{outer}!c.txt", "970000000001"),
        (f"{outer}!inner.zip!a.txt", "970000000002"),
    ]
    # the third level, by name or by its first bytes, is reported, never read as text
    assert q(db, "SELECT file, code FROM import_errors ORDER BY file") == [
        (f"{outer}!inner.zip!deeper.zip", "nested_archive"),
        (f"{outer}!inner.zip!looks_like_data.bin", "nested_archive"),
    ]
    assert summary.problems == 2


def test_an_archive_is_known_by_its_first_bytes_too(tmp_path: Path) -> None:
    disguised = tmp_path / "download"
    disguised.write_bytes(zip_bytes([("h.txt", hand_bytes(1))]))
    names = [s.name for s in iter_sources([disguised]) if isinstance(s, Source)]
    assert names == [f"{disguised}!h.txt"]


# ---------------------------------------------------------------------- long hands


def test_oversize_counts_utf8_bytes() -> None:
    assert MAX_HAND_BYTES == 1 << 20
    assert oversize("a" * (1 << 20)) is None  # exactly 1 MiB: read
    assert oversize("a" * ((1 << 20) + 1)) == (1 << 20) + 1
    assert oversize("é" * (1 << 19)) is None  # 2 bytes each: 1 MiB exactly
    assert oversize("é" * ((1 << 19) + 1)) == (1 << 20) + 2


def long_hand(n: int, chat_lines: int) -> str:
    """Hand ``n`` with ``chat_lines`` chat lines of 71 bytes after the hole cards."""
    chat = "\n".join(['Alice said, "' + "x" * 56 + '"'] * chat_lines)
    return hand(n).replace("*** HOLE CARDS ***\n", "*** HOLE CARDS ***\n" + chat + "\n")


def test_hand_over_the_limit_is_a_problem_and_the_next_hand_is_read(tmp_path: Path) -> None:
    k = 16_000  # 16,000 lines of 71 bytes: 1,136,000 bytes, over 1 MiB
    big = long_hand(2, k)
    assert len(big.encode()) > MAX_HAND_BYTES
    f = tmp_path / "long.txt"
    f.write_text(hand(1) + "\n\n\n" + big + "\n\n\n" + hand(3) + "\n", encoding="utf-8")
    # hand 1: lines 1-36; blank 37-38; the long hand from line 39 for 36 + k lines, to
    # 74 + k; blank 75 + k, 76 + k; hand 3 from line 77 + k = 16,077.
    stats = ParseStats()
    results = list(parse_path(f, stats))
    assert [(r.line, r.hand_id, r.hand is not None) for r in results] == [
        (1, "970000000001", True), (39, "970000000002", False), (16_077, "970000000003", True)]
    (p,) = results[1].problems
    assert (p.file, p.line, p.hand_id, p.code) == (str(f), 39, "970000000002",
                                                   ProblemCode.HAND_TOO_LONG)  # fmt: skip
    assert p.message.endswith("over the limit of 1,048,576: not read")
    assert p.excerpt.startswith("PokerStars Hand #970000000002:")
    assert (stats.records, stats.failed, stats.problems) == (2, 1, 1)

    db = tmp_path / "long.duckdb"
    summary = import_paths([f], db, workers=1)
    assert (summary.hands, summary.failed, summary.problems) == (2, 1, 1)
    assert q(db, "SELECT hand_id, line FROM hands ORDER BY line") == [
        ("970000000001", 1), ("970000000003", 16_077)]
    assert q(db, "SELECT file, line, hand_id, code FROM import_errors") == [
        (str(f), 39, "970000000002", "hand_too_long")]
    assert q(db, "SELECT hands, failed, problems FROM imports") == [(2, 1, 1)]


# ---------------------------------------------------------------------- a split's memory


def split_both(path: Path) -> tuple[list[object], list[HandText]]:
    """The guarded split of ``path`` and the site format's own split (the oracle)."""
    fmt = grammars.get("pokerstars")
    with path.open("rb") as fh:
        guarded = list(split_bounded(fmt, fh, str(path)))
    with path.open("rb") as fh:
        plain = list(fmt.split(fh, str(path)))
    return guarded, plain


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_a_hand_past_the_budget_is_cut_and_the_rest_of_the_file_read(
    tmp_path: Path, newline: str
) -> None:
    k = 60_000  # 60,000 chat lines of 71 bytes (72 with CRLF): 4.3 MB, past BUDGET (3 MiB)
    text = hand(1) + "\n\n\n" + long_hand(2, k) + "\n\n\n" + hand(3) + "\n\n\n" + hand(4) + "\n"
    f = tmp_path / "huge.txt"
    f.write_bytes(text.replace("\n", newline).encode("utf-8"))
    assert f.stat().st_size > BUDGET
    guarded, plain = split_both(f)
    # hand 1: lines 1-36; the long hand from 39 for 36 + k lines; hand 3 from
    # 77 + k = 60,077 (as in the 1 MiB test); hand 4 from 60,077 + 36 + 2 = 60,115
    assert [type(h).__name__ for h in guarded] == ["HandText", "TooLong", "HandText", "HandText"]
    assert [h.line for h in guarded] == [1, 39, 60_077, 60_115]
    (long,) = [h for h in guarded if isinstance(h, TooLong)]
    assert (long.problem.line, long.problem.hand_id) == (39, "970000000002")
    # every hand the guard gives is the site format's own, text, line and byte offset
    assert guarded[0] == plain[0]
    assert guarded[2:] == plain[2:]
    assert long.offset == plain[1].offset


def test_a_file_that_starts_with_a_long_run_of_text_loses_no_hand(tmp_path: Path) -> None:
    junk = "this is not a hand history line at all, just some text\n" * 80_000  # 4.5 MB
    f = tmp_path / "junk_first.txt"
    f.write_text(junk + hand(1) + "\n\n\n" + hand(2) + "\n", encoding="utf-8")
    guarded, plain = split_both(f)
    assert isinstance(guarded[0], TooLong)
    assert (guarded[0].line, guarded[0].problem.hand_id) == (1, None)
    # the hands after the 80,000 lines: from line 80,001 and 80,001 + 36 + 2
    assert [h.line for h in guarded[1:]] == [80_001, 80_039]
    assert guarded[1:] == plain[1:]


def test_a_long_run_of_blank_lines_costs_no_hand(tmp_path: Path) -> None:
    f = tmp_path / "blanks.txt"
    gap = "\n" * (4 << 20)  # 4 MiB of blank lines after hand 1: past BUDGET
    f.write_text(hand(1) + gap + hand(2) + "\n", encoding="utf-8")
    guarded, plain = split_both(f)
    # hand 1 whole and read; hand 2 on line 36 + 4 Mi (its 36th line ends the first
    # of the 4,194,304 line breaks)
    assert guarded == plain
    assert [h.line for h in guarded] == [1, 36 + (4 << 20)]


def test_a_byte_that_is_not_utf8_after_the_cut_reads_the_same(tmp_path: Path) -> None:
    # the splitter falls back to reading line by line (cp1252 for that line)
    k = 50_000
    f = tmp_path / "mixed.txt"
    f.write_bytes((hand(1) + "\n\n\n" + long_hand(2, k) + "\n\n\n").encode()
                  + hand(3).replace("Table 'Hardcase I'", "Table 'Caf\xe9'").encode("cp1252")
                  + b"\n")  # fmt: skip
    guarded, plain = split_both(f)
    assert [type(h).__name__ for h in guarded] == ["HandText", "TooLong", "HandText"]
    assert guarded[2] == plain[2]
    assert guarded[2].line == 77 + k  # type: ignore[union-attr]
    assert "Caf\xe9" in guarded[2].text  # type: ignore[union-attr]


def test_the_split_holds_about_the_budget_whatever_the_hand(tmp_path: Path) -> None:
    import tracemalloc

    f = tmp_path / "big.txt"
    f.write_text(hand(1) + "\n\n\n" + long_hand(2, 400_000) + "\n\n\n" + hand(3) + "\n",
                 encoding="utf-8")  # 28 MB  # fmt: skip
    tracemalloc.start()
    try:
        stats = ParseStats()
        results = [(r.line, r.hand is not None) for r in parse_path(f, stats)]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert results == [(1, True), (39, False), (400_077, True)]
    # the splitter holds a few copies of what it buffers (text, lines, joins): about
    # five times BUDGET at most, whatever the size of the hand
    assert peak < 6 * BUDGET < f.stat().st_size, peak


def test_a_utf16_file_stops_at_a_hand_past_the_budget(tmp_path: Path) -> None:
    f = tmp_path / "utf16.txt"
    text = hand(1) + "\n\n\n" + long_hand(2, 30_000) + "\n\n\n" + hand(3) + "\n"
    f.write_bytes(b"\xff\xfe" + text.encode("utf-16-le"))  # 4.3 MB: past BUDGET
    guarded, _ = split_both(f)
    assert [type(h).__name__ for h in guarded] == ["HandText", "TooLong"]
    assert guarded[1].problem.message.endswith("; the rest of this UTF-16 file is not read")
