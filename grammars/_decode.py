"""Decoding a text file's bytes into lines, as every line-oriented format reads them.

The encoding is decided from the byte-order mark (UTF-8, UTF-16 LE/BE), else from NUL
bytes at the start (UTF-16 without a BOM), else each line is decoded as UTF-8 and,
when that fails, as cp1252 (old Windows clients and some converters write cp1252).
``CRLF``, ``LF`` and lone ``CR`` line ends are all accepted and counted the same way
everywhere (:func:`line_breaks`). A BOM after the file's start and NUL characters are
dropped as each line is decoded, here and only here (:func:`scrub`). Splitting the
lines into hands is :mod:`hhtools.grammars._text`'s.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

__all__ = ["Line", "decode_head", "detect_encoding", "iter_lines", "line_breaks", "scrub"]

_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF8, "utf-8"),
    # a UTF-8 BOM read as cp1252 and written again as UTF-8 ("ï»¿" before the first
    # header: fpdb-3's real Cake file NLHE-FREE-MTT-201205.txt): the first hand was lost
    ("\u00ef\u00bb\u00bf".encode(), "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_CHUNK = 1 << 16
_BREAK = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True, slots=True)
class Line:
    """One decoded line: its 1-based number, the byte offset of its start, its text."""

    number: int
    offset: int
    text: str


def detect_encoding(head: bytes) -> tuple[str, int]:
    """Guess a file's encoding from its first bytes.

    Args:
        head: the first bytes of the file (a few hundred are enough).

    Returns:
        ``(encoding, bom_length)``; ``encoding`` is ``"utf-8"`` for files without a
        BOM that are not UTF-16 (lines failing UTF-8 then fall back to cp1252).

    >>> detect_encoding(b"\\xef\\xbb\\xbfPokerStars")
    ('utf-8', 3)
    >>> detect_encoding("\\u00ef\\u00bb\\u00bfHand#1".encode())  # a BOM encoded twice
    ('utf-8', 6)
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


def scrub(text: str) -> str:
    """``text`` without BOMs (U+FEFF) and NUL characters: what a file carries that no
    hand history writes (a concatenated file's BOM before its first hand, a damaged
    or zeroed byte). Every decoding of this module applies it, once.

    >>> scrub("\\ufeff#Game No : 1\\x00")
    '#Game No : 1'
    """
    if "\x00" in text:
        text = text.replace("\x00", "")
    if "\ufeff" in text:
        text = text.replace("\ufeff", "")
    return text


def line_breaks(data: bytes, start: int = 0, end: int | None = None) -> int:
    """Line breaks in ``data[start:end]`` (bytes of an ASCII-compatible encoding): LF,
    CRLF and a lone CR each end one line, the one count every format uses.

    A CRLF cut in two by ``end`` counts once here and once more after it: cut at a
    line start.

    >>> line_breaks(b"a\\r\\nb\\rc\\nd")
    3
    """
    if end is None:
        end = len(data)
    return data.count(b"\n", start, end) + data.count(b"\r", start, end) - data.count(
        b"\r\n", start, end
    )


def _decode_line(raw: bytes) -> tuple[str, str]:
    """Decode one UTF-8-or-cp1252 line (scrubbed); also return the encoding that worked.
    A UTF-8 BOM in a cp1252 line (a file's BOM before text of another encoding) is
    dropped as a BOM, not read as "ï»¿"."""
    try:
        return scrub(raw.decode("utf-8")), "utf-8"
    except UnicodeDecodeError:
        raw = raw.replace(codecs.BOM_UTF8, b"")
        return scrub(raw.decode("cp1252", errors="replace")), "cp1252"


def decode_head(head: bytes) -> str:
    """A file's first bytes as text, for recognising its format: BOM dropped, UTF-16
    decoded, bytes that are not UTF-8 read as cp1252, a cut-off last character dropped.

    >>> decode_head(b"\\xef\\xbb\\xbfPokerStars Hand #1")
    'PokerStars Hand #1'
    >>> decode_head("Hand #1".encode("utf-16-le"))
    'Hand #1'
    """
    encoding, bom = detect_encoding(head)
    body = head[bom:]
    if encoding.startswith("utf-16"):
        return scrub(body.decode(encoding, errors="ignore"))
    text = body.decode("utf-8", errors="ignore") if _utf8_prefix(body) else body.decode(
        "cp1252", errors="replace"
    )
    return scrub(text)


def _utf8_prefix(data: bytes) -> bool:
    """``data`` is UTF-8, allowing a character cut off at the end."""
    try:
        data.decode("utf-8")
        return True
    except UnicodeDecodeError as exc:
        return exc.start >= len(data) - 3 and exc.reason == "unexpected end of data"


def iter_lines(fh: BinaryIO) -> Iterator[tuple[Line, str]]:
    """Yield each line of a file, decoded, with its number and byte offset.

    Args:
        fh: the file, a binary stream at its start.

    Yields:
        ``(line, encoding)``: ``encoding`` is the one the line was decoded with;
        ``cp1252`` when the line was not valid UTF-8 (U+FFFD then stands for the
        few bytes cp1252 leaves undefined).

    Raises:
        OSError: the file cannot be read.
    """
    fh.seek(0)
    head = fh.read(512)
    encoding, bom = detect_encoding(head)
    fh.seek(0)
    if encoding.startswith("utf-16"):
        yield from _iter_utf16(fh, encoding, bom)
        return
    offset = 0
    number = 0
    for raw in fh:  # splits on b"\n"; lone CRs are handled below
        start = offset
        offset += len(raw)
        body = raw
        if start == 0 and bom:
            body = raw[bom:]
            start += bom
        if body.endswith(b"\n"):
            body = body[:-1]
        if body.endswith(b"\r"):
            body = body[:-1]
        if b"\r" in body:  # old Mac line ends: each part is a line, at its own offset
            for part in body.split(b"\r"):
                number += 1
                text, used = _decode_line(part)
                yield Line(number, start, text), used
                start += len(part) + 1
            continue
        number += 1
        text, used = _decode_line(body)
        yield Line(number, start, text), used


def _iter_utf16(fh: BinaryIO, encoding: str, bom: int) -> Iterator[tuple[Line, str]]:
    decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
    fh.read(bom)
    offset = bom
    number = 0
    pending = ""
    while True:
        chunk = fh.read(_CHUNK)
        if chunk:
            text = decoder.decode(chunk)
        else:  # a file of an odd number of bytes ends in half a character: dropped, not U+FFFD
            text = "" if len(decoder.getstate()[0]) % 2 else decoder.decode(b"", final=True)
        pending += text
        last = 0
        for m in _BREAK.finditer(pending):
            if m.group() == "\r" and m.end() == len(pending) and chunk:
                break  # a CR at the end of a chunk: the next one says if LF follows
            number += 1
            part = pending[last : m.start()]
            yield Line(number, offset, scrub(part)), encoding
            offset += len(pending[last : m.end()].encode(encoding, errors="replace"))
            last = m.end()
        pending = pending[last:]
        if not chunk:
            break
    if pending:
        number += 1
        yield Line(number, offset, scrub(pending)), encoding
