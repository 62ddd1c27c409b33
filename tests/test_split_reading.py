"""Reading a file's hands fast and the same: the block splitter's cuts on CRLF text, what
sends a block to the line reader, and the lead line kept per file
(hhtools.grammars._text, hhtools.ingest.hands.lead_line)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

import hhtools.grammars as grammars
import hhtools.ingest.hands as hands
from hhtools.grammars import _text as reader
from hhtools.model.records import HandText

START = re.compile(r"PokerStars Hand #\d+:")
FIRST = b"PokerStars Hand #11: Omaha Pot Limit ($0.01/$0.02 USD) - 2024/01/02 10:00:00 ET\r\n"
TABLE = b"Table 'Iris' 6-max Seat #1 is the button\r\n"


def _both(data: bytes) -> list[HandText]:
    """The block reader's hands of ``data``, checked equal to the line reader's."""
    fast = list(reader.iter_hands(io.BytesIO(data), "f.txt", START))
    slow = list(reader._iter_hands_by_line(io.BytesIO(data), "f.txt", START))
    assert fast == slow
    return fast


def test_a_crlf_hand_keeps_its_last_line_whole_and_drops_the_blank_lines_after() -> None:
    # the last line not blank ends in two spaces: kept; the blank lines after it (one
    # of spaces) dropped; every CRLF inside made "\n"
    data = b"PokerStars Hand #1: x\r\nline two  \r\n\r\n   \r\n\r\nPokerStars Hand #2: y\r\nz\r\n"
    got = _both(data)
    assert [h.text for h in got] == ["PokerStars Hand #1: x\nline two  ", "PokerStars Hand #2: y\nz"]
    # hand 2 starts at byte 23 + 12 + 2 + 5 + 2 = 44, on line 6
    assert (got[1].offset, got[1].line) == (44, 6)
    assert data[44:].startswith(b"PokerStars Hand #2:")


@pytest.mark.parametrize("odd", [b"\xef\xbb\xbf", b"\x00", b"\r"])
def test_a_bom_nul_or_lone_cr_after_the_start_sends_the_file_to_the_line_reader(
    odd: bytes,
) -> None:
    # a BOM (EF BB BF) or NUL inside the second hand's text is dropped, a lone CR ends
    # a line: what the line reader gives, sought in the block's bytes before decoding
    data = b"PokerStars Hand #1: x\r\na\r\n\r\nPokerStars Hand #2: y\r\nb" + odd + b"c\r\n"
    got = _both(data)
    second = {b"\xef\xbb\xbf": "bc", b"\x00": "bc", b"\r": "b\nc"}[odd]
    assert [h.text for h in got] == ["PokerStars Hand #1: x\na", "PokerStars Hand #2: y\n" + second]


def test_the_lead_line_is_kept_per_file_and_read_again_once_the_file_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fmt = grammars.get("pokerstars")
    path = tmp_path / "big.txt"
    path.write_bytes(b"\r\n" + FIRST + TABLE + b"\r\n" + FIRST.replace(b"#11", b"#12") + TABLE)
    with open(path, "rb") as raw:  # a blank line, then the first hand's header, its CRLF with it
        assert hands.lead_line(fmt, raw, str(path)) == FIRST

    def no_split(*args: object, **kwargs: object) -> object:
        raise AssertionError("split again")

    real = hands.split_bounded
    monkeypatch.setattr(hands, "split_bounded", no_split)
    with open(path, "rb") as raw:  # the same file: its kept line, nothing split
        assert hands.lead_line(fmt, raw, str(path)) == FIRST
    # written again with another first hand (one byte longer): split again
    other = FIRST.replace(b"#11", b"#110")
    path.write_bytes(other + TABLE)
    monkeypatch.setattr(hands, "split_bounded", real)
    with open(path, "rb") as raw:
        assert hands.lead_line(fmt, raw, str(path)) == other
    # a stream that is no file on disk is never kept
    monkeypatch.setattr(hands, "_LEADS", {})
    assert hands.lead_line(fmt, io.BytesIO(FIRST + TABLE), "mem") == FIRST
    assert hands._LEADS == {}
