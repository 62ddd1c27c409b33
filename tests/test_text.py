"""hhtools.grammars._text: decoding, line ends, splitting, offsets, streaming."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from hhtools.grammars import _text as reader
from hhtools.grammars._text import decode_head, detect_encoding
from hhtools.model.records import HandText

FIX = Path(__file__).parent / "fixtures" / "pokerstars"
START = re.compile(r"PokerStars (?:Zoom )?(?:Hand|Game) #\d+:")
HEADER = "PokerStars Zoom Hand #210000000003:  Omaha No Limit (€0.10/€0.25)"


def iter_hands(path: Path, start: re.Pattern[str]) -> Iterator[HandText]:
    """The splitter over a file opened the way the read layer opens it (a stream)."""
    yield from reader.iter_hands(io.BytesIO(path.read_bytes()), str(path), start)


def iter_lines(path: Path) -> Iterator[tuple[reader.Line, str]]:
    yield from reader.iter_lines(io.BytesIO(path.read_bytes()))


@pytest.mark.parametrize(
    "name",
    ["zoom_eur_no_limit.txt", "encoding_utf8_bom_crlf.txt", "encoding_utf16le_bom.txt",
     "encoding_cp1252.txt"],
)  # fmt: skip
def test_same_text_whatever_the_encoding(name: str) -> None:
    reference = (FIX / "zoom_eur_no_limit.txt").read_text(encoding="utf-8").rstrip("\n")
    (hand,) = list(iter_hands(FIX / name, START))
    assert hand.text == reference
    assert hand.text.startswith(HEADER)
    assert "\r" not in hand.text
    assert hand.line == 1
    assert decode_head((FIX / name).read_bytes()[:4096]).startswith(HEADER)


def test_encodings_detected() -> None:
    assert next(iter_hands(FIX / "encoding_utf16le_bom.txt", START)).encoding == "utf-16-le"
    assert next(iter_hands(FIX / "encoding_cp1252.txt", START)).encoding == "cp1252/utf-8"
    assert next(iter_hands(FIX / "encoding_utf8_bom_crlf.txt", START)).encoding == "utf-8"
    assert detect_encoding(b"\xfe\xff\x00P") == ("utf-16-be", 2)
    assert detect_encoding("PokerStars".encode("utf-16-be")) == ("utf-16-be", 0)


def test_offsets_and_lines(tmp_path: Path) -> None:
    one = "PokerStars Hand #1: x\r\nline a\r\n"
    two = "PokerStars Hand #2: y\r\nline b\r\n"
    data = b"\xef\xbb\xbf" + (one + "\r\n\r\n\r\n" + two).encode("utf-8")
    f = tmp_path / "two.txt"
    f.write_bytes(data)
    hands = list(iter_hands(f, START))
    assert [h.text for h in hands] == [one.replace("\r\n", "\n").strip(), two.replace("\r\n", "\n").strip()]
    assert [h.line for h in hands] == [1, 6]
    assert hands[0].offset == 3  # after the BOM
    assert data[hands[1].offset :].startswith(b"PokerStars Hand #2")


def test_utf16_offsets(tmp_path: Path) -> None:
    text = "PokerStars Hand #1: é\r\nx\r\n\r\nPokerStars Hand #2: z\r\n"
    data = b"\xff\xfe" + text.encode("utf-16-le")
    f = tmp_path / "u16.txt"
    f.write_bytes(data)
    hands = list(iter_hands(f, START))
    assert [h.line for h in hands] == [1, 4]
    assert data[hands[1].offset :].decode("utf-16-le").startswith("PokerStars Hand #2")


def test_text_before_first_hand_is_kept(tmp_path: Path) -> None:
    f = tmp_path / "pre.txt"
    f.write_text("\n\ngarbage line\nPokerStars Hand #1: x\nl\n", encoding="utf-8")
    hands = list(iter_hands(f, START))
    assert [h.text for h in hands] == ["garbage line", "PokerStars Hand #1: x\nl"]
    assert hands[0].line == 3


def test_mixed_bytes_fall_back_per_line(tmp_path: Path) -> None:
    f = tmp_path / "mixed.txt"
    f.write_bytes("PokerStars Hand #1: Zoë\n".encode() + b"Seat 1: A (\x8020 in chips)\n")
    lines = [ln.text for ln, _ in iter_lines(f)]
    assert lines == ["PokerStars Hand #1: Zoë", "Seat 1: A (€20 in chips)"]


def test_streams_one_hand_at_a_time(tmp_path: Path) -> None:
    f = tmp_path / "big.txt"
    with f.open("w", encoding="utf-8") as fh:
        for i in range(2000):
            fh.write(f"PokerStars Hand #{i}: x\nbody {i}\n\n\n")
    it = iter_hands(f, START)
    first = next(it)
    assert first.text == "PokerStars Hand #0: x\nbody 0"
    assert sum(1 for _ in it) == 1999


def test_lone_cr_line_ends(tmp_path: Path) -> None:
    f = tmp_path / "mac.txt"
    f.write_bytes(b"PokerStars Hand #1: x\rline\r")
    assert [ln.text for ln, _ in iter_lines(f)] == ["PokerStars Hand #1: x", "line"]


def test_block_and_line_readers_agree(tmp_path: Path) -> None:
    # The fast block reader must give exactly what the line reader gives: same hand
    # texts, first lines and byte offsets (UTF-8 with BOM, CRLF, blank lines, a
    # preamble, hands longer than a block).
    body = "".join(f"PokerStars Hand #{i}: é x\r\n" + "line\r\n" * (i % 7) + "\r\n\r\n" for i in range(300))
    f = tmp_path / "many.txt"
    f.write_bytes(b"\xef\xbb\xbf\r\n  \r\nnote before\r\n" + body.encode("utf-8"))
    old = reader._BLOCK
    reader._BLOCK = 97  # force many blocks, hands spanning them
    try:
        fast = list(reader._iter_hands_by_block(io.BytesIO(f.read_bytes()), str(f), START))
    finally:
        reader._BLOCK = old
    slow = list(reader._iter_hands_by_line(io.BytesIO(f.read_bytes()), str(f), START))
    assert fast == slow
    assert len(fast) == 301 and fast[0].text == "note before" and fast[0].line == 3
    data = f.read_bytes()
    assert data[fast[5].offset :].startswith(b"PokerStars Hand #4:")


# ----------------------------------------------------------------------------- hand ends
# After a summary, a line no summary holds starts a new hand text (grammars._text.HandEnd).


def _ends() -> reader.HandEnd:
    from hhtools.grammars.pokerstars.split import HAND_END

    return HAND_END


GOOD = (
    "PokerStars Hand #{n}: x\r\nTable 'T' 6-max Seat #1 is the button\r\n"
    "Seat 1: A ($1 in chips)\r\n*** SUMMARY ***\r\nTotal pot $0 | Rake $0\r\n"
    "Seat 1: A collected ($0)\r\n"
)


def test_hand_end_cuts_damaged_headers(tmp_path: Path) -> None:
    damaged = [
        "PokerStrs Hand #90: x\r\nTable 'T' 6-max Seat #1 is the button\r\n",  # header-like
        "PokerStars Hand 91 x\r\nTable 'T' 6-max Seat #1 is the button\r\n",  # no "#": moved
        "Seat 2: B ($5 in chips)\r\nB: posts small blind $0.05\r\n",  # a seat line
    ]
    body = (GOOD.format(n=1) + damaged[0] + "\r\n" + GOOD.format(n=2) + damaged[1]
            + GOOD.format(n=3) + "\r\n\r\n" + damaged[2])  # fmt: skip
    data = b"\xef\xbb\xbf" + body.encode("utf-8")
    f = tmp_path / "cut.txt"
    f.write_bytes(data)
    hands = list(reader.iter_hands(io.BytesIO(data), str(f), START, _ends()))
    assert [h.text.split("\n")[0] for h in hands] == [
        "PokerStars Hand #1: x", "PokerStrs Hand #90: x", "PokerStars Hand #2: x",
        "PokerStars Hand 91 x", "PokerStars Hand #3: x", "Seat 2: B ($5 in chips)"]  # fmt: skip
    assert [h.line for h in hands] == [1, 7, 10, 16, 18, 26]
    assert hands[0].text == GOOD.format(n=1).replace("\r\n", "\n").strip()
    for h in hands:  # every offset is the first byte of the hand's first line
        assert data[h.offset :].decode("utf-8").startswith(h.text.split("\n")[0])
    old = reader._BLOCK
    reader._BLOCK = 29  # hands and cut lines spanning blocks
    try:
        fast = list(reader._iter_hands_by_block(io.BytesIO(data), str(f), START, _ends()))
    finally:
        reader._BLOCK = old
    slow = list(reader._iter_hands_by_line(io.BytesIO(data), str(f), START, _ends()))
    assert fast == slow == hands


def test_hand_end_keeps_summary_lines() -> None:
    # Lines after the summary that a summary may hold stay in the hand, and with no
    # HandEnd nothing is cut.
    text = GOOD.format(n=1) + "Board [2c 3d 4h]\r\nSeat 2: B folded before Flop\r\n"
    data = text.encode("utf-8")
    (hand,) = list(reader.iter_hands(io.BytesIO(data), "f", START, _ends()))
    assert hand.text.endswith("Seat 2: B folded before Flop")
    text = GOOD.format(n=1) + "Table 'T' 6-max Seat #1 is the button\r\n"
    assert len(list(reader.iter_hands(io.BytesIO(text.encode()), "f", START, _ends()))) == 2
    assert len(list(reader.iter_hands(io.BytesIO(text.encode()), "f", START))) == 1


def test_hand_end_line_reader_in_utf16(tmp_path: Path) -> None:
    body = GOOD.format(n=1) + "PokerStrs Hand #90: x\r\nTable 'T' 6-max Seat #1 is the button\r\n"
    data = b"\xff\xfe" + body.encode("utf-16-le")
    hands = list(reader.iter_hands(io.BytesIO(data), "f", START, _ends()))
    assert [(h.line, h.text.split("\n")[0]) for h in hands] == [
        (1, "PokerStars Hand #1: x"), (7, "PokerStrs Hand #90: x")]  # fmt: skip
    assert data[hands[1].offset :].decode("utf-16-le").startswith("PokerStrs Hand #90")


def test_hand_end_a_hand_cut_short_after_a_summary() -> None:
    # A hand cut to its first bytes ("Pok") after another hand's summary is a text of
    # its own; the separator PokerStars writes between exported hands is not.
    sep = "\r\n*********** # 2 **************\r\n\r\nPok\r\n\r\n"
    text = GOOD.format(n=1) + sep + GOOD.format(n=2)
    hands = list(reader.iter_hands(io.BytesIO(text.encode()), "f", START, _ends()))
    assert [(h.line, h.text.split("\n")[-1]) for h in hands] == [
        (1, "*********** # 2 **************"), (10, "Pok"),
        (12, "Seat 1: A collected ($0)")]  # fmt: skip


def test_utf16_file_of_odd_length_drops_the_half_character() -> None:
    # A UTF-16 file cut one byte short of its last character (fpdb's Full Tilt
    # River.Showdown sample is one): the half character is not a line of its own.
    import io

    from hhtools.grammars._text import iter_lines

    data = "\ufeffline one\r\nline two\r\n".encode("utf-16-le") + b"x"
    got = [line.text for line, _ in iter_lines(io.BytesIO(data))]
    assert got == ["line one", "line two"]
    whole = "\ufeffline one\r\nline two".encode("utf-16-le")
    assert [line.text for line, _ in iter_lines(io.BytesIO(whole))] == ["line one", "line two"]
