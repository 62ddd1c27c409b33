"""Read hand-history files: decode them and split them into the text of each hand.

Files are streamed line by line, so memory follows one hand, not the file. The
encoding is decided from the byte-order mark (UTF-8, UTF-16 LE/BE), else from NUL
bytes at the start (UTF-16 without a BOM), else each line is decoded as UTF-8 and,
when that fails, as cp1252 (old Windows clients and some converters write cp1252).
``CRLF``, ``LF`` and lone ``CR`` line ends are all accepted; the hand text uses ``\\n``.

Splitting is a plain regular expression on each line (the site's hand header); the
grammar only ever sees one hand.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

__all__ = ["HandText", "Line", "detect_encoding", "iter_hands", "iter_lines", "sniff"]

_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_CHUNK = 1 << 16


@dataclass(frozen=True, slots=True)
class Line:
    """One decoded line: its 1-based number, the byte offset of its start, its text."""

    number: int
    offset: int
    text: str


@dataclass(frozen=True, slots=True)
class HandText:
    """The text of one hand as found in a file.

    Attributes:
        text: the hand's lines joined by ``\\n`` (no trailing blank lines).
        file: the source path as given.
        line: 1-based line number of the hand's first line.
        offset: byte offset of the hand's first line in the file (after any BOM
            bytes, which are counted).
        encoding: the encoding the hand was decoded with (``utf-8``, ``cp1252``...);
            ``cp1252/utf-8`` when some lines needed the cp1252 fallback.
    """

    text: str
    file: str
    line: int
    offset: int
    encoding: str = "utf-8"


def detect_encoding(head: bytes) -> tuple[str, int]:
    """Guess a file's encoding from its first bytes.

    Args:
        head: the first bytes of the file (a few hundred are enough).

    Returns:
        ``(encoding, bom_length)``; ``encoding`` is ``"utf-8"`` for files without a
        BOM that are not UTF-16 (lines failing UTF-8 then fall back to cp1252).

    >>> detect_encoding(b"\\xef\\xbb\\xbfPokerStars")
    ('utf-8', 3)
    >>> detect_encoding("PokerStars".encode("utf-16-le"))
    ('utf-16-le', 0)
    >>> detect_encoding(b"PokerStars Hand")
    ('utf-8', 0)
    """
    for bom, enc in _BOMS:
        if head.startswith(bom):
            return enc, len(bom)
    sample = head[:200]
    if len(sample) >= 4 and sample.count(0) * 3 >= len(sample):
        # ASCII text in UTF-16: every other byte is NUL.
        even_nuls = sample[0::2].count(0)
        odd_nuls = sample[1::2].count(0)
        return ("utf-16-be" if even_nuls > odd_nuls else "utf-16-le"), 0
    return "utf-8", 0


def _decode_line(raw: bytes) -> tuple[str, str]:
    """Decode one UTF-8-or-cp1252 line; also return the encoding that worked."""
    try:
        return raw.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace"), "cp1252"


def iter_lines(path: str | Path) -> Iterator[tuple[Line, str]]:
    """Yield each line of a file, decoded, with its number and byte offset.

    Args:
        path: the file to read.

    Yields:
        ``(line, encoding)``: ``encoding`` is the one the line was decoded with;
        ``cp1252`` when the line was not valid UTF-8 (U+FFFD then stands for the
        few bytes cp1252 leaves undefined).

    Raises:
        OSError: the file cannot be read.
    """
    with open(path, "rb") as fh:
        head = fh.read(512)
        encoding, bom = detect_encoding(head)
        fh.seek(0)
        if encoding.startswith("utf-16"):
            yield from _iter_utf16(fh, encoding, bom)
            return
        offset = 0
        number = 0
        for raw in fh:  # splits on b"\n"; a lone CR is handled below
            number += 1
            start = offset
            offset += len(raw)
            body = raw
            if number == 1 and bom:
                body = raw[bom:]
                start += bom
            if body.endswith(b"\n"):
                body = body[:-1]
            if body.endswith(b"\r"):
                body = body[:-1]
            text, used = _decode_line(body)
            if "\r" in text:  # old Mac line ends inside a "line"
                for i, part in enumerate(text.split("\r")):
                    if i:
                        number += 1
                    yield Line(number, start, part), used
                continue
            yield Line(number, start, text), used


def _iter_utf16(fh: BinaryIO, encoding: str, bom: int) -> Iterator[tuple[Line, str]]:
    decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
    fh.read(bom)
    offset = bom
    number = 0
    pending = ""
    while True:
        chunk = fh.read(_CHUNK)
        text = decoder.decode(chunk, final=not chunk)
        pending += text
        parts = pending.split("\n")
        pending = parts.pop()
        for part in parts:
            number += 1
            start = offset
            offset += len((part + "\n").encode(encoding, errors="replace"))
            yield Line(number, start, part.removesuffix("\r")), encoding
        if not chunk:
            break
    if pending:
        number += 1
        yield Line(number, offset, pending.removesuffix("\r")), encoding


def iter_hands(path: str | Path, start: re.Pattern[str]) -> Iterator[HandText]:
    """Split a file into hands: a hand starts at each line that ``start`` matches.

    Blank lines between hands are dropped. Non-blank text before the first header
    is yielded as a hand of its own, so the grammar reports it instead of it being
    lost in silence.

    UTF-8 files (the common case) are read in large blocks and split with one
    multi-line regex search per block; files in other encodings, with bytes that
    are not UTF-8, or with lone CR line ends are read line by line. Both ways give
    the same hands, lines and offsets.

    Args:
        path: the file.
        start: a compiled regex matched (``re.match``) against each decoded line.

    Yields:
        One :class:`HandText` per hand, in file order.

    Raises:
        OSError: the file cannot be read.
    """
    done = 0
    try:
        for hand in _iter_hands_by_block(path, start):
            yield hand
            done += 1
        return
    except _NotBlockReadable:
        pass
    for i, hand in enumerate(_iter_hands_by_line(path, start)):
        if i >= done:
            yield hand


class _NotBlockReadable(Exception):
    """The file needs the line-by-line reader (not plain UTF-8 with LF/CRLF ends)."""


_LONE_CR = re.compile(r"\r(?!\n)")
_BLOCK = 1 << 20


def _iter_hands_by_block(path: str | Path, start: re.Pattern[str]) -> Iterator[HandText]:
    file = str(path)
    header = re.compile(r"^(?:" + start.pattern + ")", re.M | start.flags)
    with open(path, "rb") as fh:
        head = fh.read(4)
        encoding, bom = detect_encoding(head)
        if encoding != "utf-8":
            raise _NotBlockReadable
        fh.seek(bom)
        buf = ""  # decoded text not yet yielded, starting at a line start
        buf_offset = bom  # byte offset of buf[0]
        buf_line = 1  # line number of buf[0]
        pending = b""
        first = True  # nothing yielded or skipped yet (the preamble rule applies)
        while True:
            data = fh.read(_BLOCK)
            eof = not data
            data = pending + data
            if eof:
                block, pending = data, b""
            else:
                cut = data.rfind(b"\n")
                if cut < 0:
                    pending = data
                    continue
                block, pending = data[: cut + 1], data[cut + 1 :]
            try:
                text = block.decode("utf-8")
            except UnicodeDecodeError:
                raise _NotBlockReadable from None
            if "\r" in text and _LONE_CR.search(text):
                raise _NotBlockReadable
            if "\ufeff" in text and first and buf == "" and text.startswith("\ufeff"):
                raise _NotBlockReadable
            buf += text
            starts = [m.start() for m in header.finditer(buf)]
            if eof:
                starts.append(len(buf))
            elif not starts:
                continue
            prev = 0
            for pos in starts:
                if pos > prev or (first and pos > 0):
                    seg = buf[prev:pos]
                    if first and prev == 0:
                        hand = _preamble(seg, file, buf_offset, buf_line)
                        if hand is not None:
                            yield hand
                    elif seg:
                        yield _segment(seg, file, buf_offset, buf_line)
                    buf_offset += len(seg.encode("utf-8"))
                    buf_line += seg.count("\n")
                    prev = pos
                first = False
            buf = buf[prev:]
            if eof:
                return


def _segment(seg: str, file: str, offset: int, line: int) -> HandText:
    lines = seg.replace("\r\n", "\n").split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    return HandText("\n".join(lines), file, line, offset, "utf-8")


def _preamble(seg: str, file: str, offset: int, line: int) -> HandText | None:
    """Text before the first header: blank lines skipped, the rest kept as a hand."""
    lines = seg.replace("\r\n", "\n").split("\n")
    raw = seg.split("\n")
    skipped = 0
    while skipped < len(lines) and not lines[skipped].strip():
        skipped += 1
    if skipped >= len(lines):
        return None
    for r in raw[:skipped]:
        offset += len(r.encode("utf-8")) + 1
    body = "\n".join(lines[skipped:])
    return _segment(body, file, offset, line + skipped)


def _iter_hands_by_line(path: str | Path, start: re.Pattern[str]) -> Iterator[HandText]:
    """:func:`iter_hands` for any encoding, one decoded line at a time."""
    file = str(path)
    lines: list[str] = []
    first: Line | None = None
    encodings: set[str] = set()
    for ln, used in iter_lines(path):
        text = ln.text
        if start.match(text):
            if first is not None:
                yield _make(lines, file, first, encodings)
            lines = [text]
            first = ln
            encodings = {used}
            continue
        if first is None:
            if not text.strip():
                continue
            first = ln
            lines = [text]
            encodings = {used}
            continue
        lines.append(text)
        encodings.add(used)
    if first is not None:
        yield _make(lines, file, first, encodings)


def _make(lines: list[str], file: str, first: Line, encodings: set[str]) -> HandText:
    while lines and not lines[-1].strip():
        lines.pop()
    return HandText("\n".join(lines), file, first.number, first.offset, "/".join(sorted(encodings)))


def sniff(path: str | Path, max_lines: int = 50) -> str:
    """Return the first non-blank decoded line of a file (``""`` if none).

    Used to detect the site of a file before splitting it.
    """
    for i, (ln, _) in enumerate(iter_lines(path)):
        if ln.text.strip():
            return ln.text.lstrip("\ufeff")
        if i >= max_lines:
            break
    return ""
