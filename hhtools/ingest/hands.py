"""Hand texts out of a file with bounded work: no hand over :data:`MAX_HAND_BYTES` is
parsed, and no split holds much more than that in memory, whatever the file holds.

A site format's ``split`` builds each hand in memory before it gives it, so one hand
of a gigabyte would take a gigabyte (and, split block by block, time that grows with
its square). :func:`split_bounded` therefore lets the split read the file through a
window that ends, as if the file ended there, once the split has read
:data:`BUDGET` bytes past the end of the last hand it gave. The hand it was building
is then the last it gives: too long, it becomes a :class:`TooLong` (``hand_too_long``
with its file, line and hand id); otherwise (a hand followed by a long run of blank
lines) it is given as usual. The split then starts again at the next line of the
file, behind a copy of that hand's first line: whatever is left of the long hand
comes out first, as one more piece of it, and is dropped; the hands after it come out
with their lines and byte offsets in the whole file. Memory stays near
:data:`BUDGET`, time linear in the file.

Restarting at a line needs an encoding where a line break is one byte (UTF-8,
cp1252); in a UTF-16 file the rest of the file after a hand over the limit is not
read (its problem says so).
"""

from __future__ import annotations

import io
import logging
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

from hhtools.grammars._text import detect_encoding
from hhtools.grammars.base import SiteFormat
from hhtools.model.records import HandText, Problem
from hhtools.model.vocab import ProblemCode

__all__ = ["BUDGET", "MAX_HAND_BYTES", "TooLong", "first_line_hand_id", "lead_line",
           "line_cuts", "split_bounded"]  # fmt: skip

log = logging.getLogger(__name__)

MAX_HAND_BYTES = 1 << 20  #: bytes (UTF-8): a hand text over this (1 MiB) is not parsed
READ_AHEAD = 2 << 20  #: bytes a split may read beyond the hand it builds (its blocks)
#: bytes a split may read past the end of the last hand it gave before its window ends
BUDGET = MAX_HAND_BYTES + READ_AHEAD
_FIRST_LINE_BYTES = 1 << 16  #: bytes of a long hand's first line copied when restarting
_BREAK = re.compile(rb"\r\n|\n|\r")  # a line break as the splitters count them


@dataclass(frozen=True, slots=True)
class TooLong:
    """A hand text over :data:`MAX_HAND_BYTES`, dropped unparsed.

    Attributes:
        line: 1-based line of the hand's first line.
        offset: byte offset of that line.
        problem: its ``hand_too_long`` problem (file, line, hand id when its first
            line gives one, size).
    """

    line: int
    offset: int
    problem: Problem


def oversize(text: str) -> int | None:
    """The UTF-8 size of ``text`` in bytes when over :data:`MAX_HAND_BYTES` (at least
    that, for texts so long they are not encoded to be measured), else ``None``."""
    n = len(text)
    if n * 4 <= MAX_HAND_BYTES:  # no UTF-8 character takes more than 4 bytes
        return None
    if n > MAX_HAND_BYTES:
        return n
    size = len(text.encode("utf-8", "surrogatepass"))
    return size if size > MAX_HAND_BYTES else None


def first_line(text: str) -> str:
    """A hand text's first line (at most 4,096 characters of it)."""
    return text[:4096].split("\n", 1)[0]


def first_line_hand_id(fmt: SiteFormat, ht: HandText) -> str | None:
    """The hand id ``fmt`` reads from the first line of ``ht`` alone, else ``None``.

    For reporting a hand that is not parsed whole (too long, or its parse failed);
    never raises.
    """
    first = HandText(first_line(ht.text), ht.file, ht.line, ht.offset, ht.encoding)
    try:
        return fmt.parse(first).hand_id
    except Exception:  # the id is a courtesy; the problem stands without it
        log.debug("no hand id from the first line of %s:%d", ht.file, ht.line, exc_info=True)
        return None


def _checked(
    fmt: SiteFormat, ht: HandText, rest: str = "", force: bool = False
) -> HandText | TooLong:
    """``ht`` itself, or its :class:`TooLong` when it is over the limit (or ``force``)."""
    size = oversize(ht.text)
    if size is None and not force:
        return ht
    size = size if size is not None else len(ht.text)
    problem = Problem(
        ht.file, ht.line, first_line_hand_id(fmt, ht), ProblemCode.HAND_TOO_LONG,
        f"a hand of {size:,} bytes or more, over the limit of {MAX_HAND_BYTES:,}: not "
        f"read{rest}",
        first_line(ht.text)[:200],
    )  # fmt: skip
    return TooLong(ht.line, ht.offset, problem)


class _Window(io.RawIOBase):
    """What a split reads: ``prefix``, then the file from byte ``base``, ending early.

    The window ends (reads give nothing, for good) once the reader is
    :data:`BUDGET` bytes past :attr:`mark`, the end of the last hand the split gave;
    :attr:`cut` is then where. It never closes the file under it.
    """

    def __init__(self, raw: BinaryIO, prefix: bytes, base: int) -> None:
        super().__init__()
        self._raw = raw
        self._prefix = prefix
        self._base = base
        self._pos = 0
        self.mark = 0
        self.cut: int | None = None

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        room = self.mark + BUDGET - self._pos
        if self.cut is not None:
            room = min(room, self.cut - self._pos)
        elif room <= 0:
            self.cut = self._pos
        if room <= 0:
            return 0
        want = min(len(buffer), room)
        head = len(self._prefix)
        if self._pos < head:
            data = self._prefix[self._pos : self._pos + want]
        else:
            self._raw.seek(self._base + self._pos - head)
            data = self._raw.read(want)
        buffer[: len(data)] = data
        self._pos += len(data)
        return len(data)

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        if whence == io.SEEK_SET:
            self._pos = offset
        elif whence == io.SEEK_CUR:
            self._pos += offset
        else:
            raise io.UnsupportedOperation("a split window is not sought from its end")
        return self._pos

    def tell(self) -> int:
        return self._pos

    def close(self) -> None:  # the file is the caller's
        super().close()


def _resume(raw: BinaryIO, anchor: int, line: int, cut: int) -> tuple[int, int]:
    """The first line start at or after byte ``cut`` and its line number, counting the
    breaks (LF, CRLF, a lone CR) from ``anchor``, the start of line ``line``.

    Reads from ``anchor`` to that line start, a block at a time; at the end of the
    file, returns the file's size.
    """
    raw.seek(anchor)
    pos, carry = anchor, b""
    while True:
        block = raw.read(1 << 20)
        data = carry + block
        carry = b""
        if block and data.endswith(b"\r"):  # CR or CRLF: the next block says
            data, carry = data[:-1], b"\r"
        for m in _BREAK.finditer(data):
            line += 1
            if pos + m.end() >= cut:
                return pos + m.end(), line
        pos += len(data)
        if not block:
            return pos, line


def _line_bytes(raw: BinaryIO, offset: int) -> bytes:
    """The bytes of the line starting at ``offset``, its break included (at most
    :data:`_FIRST_LINE_BYTES`, then ended with a LF)."""
    raw.seek(offset)
    data = raw.read(_FIRST_LINE_BYTES)
    m = _BREAK.search(data)
    return data[: m.end()] if m is not None and m.end() < len(data) else data + b"\n"


def _breaks(data: bytes, after_cr: bool, end: int | None = None, start: int = 0) -> int:
    """Line breaks in ``data[start:end]`` (LF, CRLF, a lone CR each one); ``after_cr``:
    the bytes before ``data[start:]`` end with a CR (a LF first there then ends that
    break).

    Counted over the bytes as a numpy array (a CRLF file: about 0.5 against 1.8 us a
    hand with ``bytes.count`` of LF, CR and CRLF); numpy is loaded when first used."""
    import numpy as np

    codes = np.frombuffer(data, dtype=np.uint8)[start:end]
    n = int(np.count_nonzero(codes == 10))
    if data.find(b"\r", start, end) >= 0:  # a CRLF is one break: its LF counted, its CR not
        after = np.flatnonzero(codes == 13) + 1  # the byte after each CR
        within = after[after < len(codes)]  # a CR last in the range is a lone CR in it
        n += len(after) - int(np.count_nonzero(codes[within] == 10))
    return n - 1 if after_cr and data[start:start + 1] == b"\n" else n


def line_cuts(raw: BinaryIO, every: int, sha: Any = None) -> Iterator[tuple[int, int]]:
    """Where to cut a file into byte ranges of about ``every`` bytes, in one pass.

    Each cut is the line start just after the first LF at or past ``every`` bytes
    from the cut before (a file whose lines end in a lone CR gives none). Each byte's
    line breaks are counted once: from the cut before to the next (counting each
    block from its start at every cut took two thirds of this pass's 3 us a hand).

    Args:
        raw: the file, read from its current position (its start) to its end, in
            blocks of 4 MiB.
        every: bytes between cuts, at least.
        sha: a ``hashlib`` hash given every byte read (the file's digest), or ``None``.

    Yields:
        ``(offset, line)``: the cut's byte offset and the 1-based number of the line
        starting there, counting line breaks as the splitters do (LF, CRLF and a lone
        CR each end one line).

    Raises:
        OSError: the file cannot be read.
    """
    pos = breaks = 0  # bytes before the block; line breaks in them
    want = every
    after_cr = False
    while block := raw.read(4 << 20):
        if sha is not None:
            sha.update(block)
        end = pos + len(block)
        done = 0  # the block's bytes before this counted in ``breaks`` (a cut's)
        while want < end:
            i = block.find(b"\n", max(want - pos, 0))
            if i < 0:
                break
            breaks += _breaks(block, after_cr, i + 1, done)
            done, after_cr = i + 1, False  # a cut follows a LF
            cut = pos + done
            yield cut, breaks + 1
            want = cut + every
        breaks += _breaks(block, after_cr, None, done)
        after_cr = block[-1:] == b"\r"
        pos = end


def lead_line(fmt: SiteFormat, raw: BinaryIO, name: str) -> bytes:
    """The bytes of the first line of the first hand text ``fmt`` splits from ``raw``
    (its break included): the ``lead`` that lets :func:`split_bounded` start inside a
    file (``b""`` when the file gives no hand text).

    The same for every range of a file: kept for the last few files (:data:`_LEADS`),
    by the file's device, inode, size and modification time (a file on disk: one with
    a ``fileno``), so a worker reading many ranges of one file splits its first block
    once, not once a range (7 ms a 2 MiB range of PokerStars hands: 4 us a hand).

    Raises:
        OSError: the file cannot be read.
    """
    key = _file_key(fmt, raw, name)
    if key is not None and key in _LEADS:
        return _LEADS[key]
    lead = b""
    for item in split_bounded(fmt, raw, name):
        lead = _line_bytes(raw, item.offset)
        break
    if key is not None:
        if len(_LEADS) >= _LEADS_KEPT:
            _LEADS.clear()
        _LEADS[key] = lead
    return lead


_LEADS_KEPT = 16  #: files whose lead line :func:`lead_line` keeps
#: :func:`lead_line`'s answers, by (format, name, device, inode, size, mtime in ns)
_LEADS: dict[tuple[str, str, int, int, int, int], bytes] = {}


def _file_key(fmt: SiteFormat, raw: BinaryIO, name: str
              ) -> tuple[str, str, int, int, int, int] | None:  # fmt: skip
    """What tells ``raw``'s file from any other and from itself changed, or ``None``
    for a stream that is no file on disk."""
    try:
        st = os.fstat(raw.fileno())
    except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is an OSError
        return None
    return (fmt.key, name, st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def split_bounded(
    fmt: SiteFormat, raw: BinaryIO, name: str, start: int = 0, line: int = 1,
    lead: bytes = b"",
) -> Iterator[HandText | TooLong]:
    """The hand texts ``fmt`` splits from ``raw``, with a :class:`TooLong` in place of
    each hand over :data:`MAX_HAND_BYTES` (see the module docstring).

    Args:
        fmt: the file's site format.
        raw: the file, a seekable binary stream (left open).
        name: the name hands and problems carry.
        start: byte offset to split from (a line start; 0: the file's start).
        line: the 1-based number of the line at ``start``.
        lead: one line (its break included) split before the bytes from ``start``, as
            a restart after a long hand does: a copy of a hand's first line, so that
            the tail of a hand ``start`` falls in comes out behind it and is dropped
            (``b""``: ``start`` is where a hand begins).

    Yields:
        Hand texts (and :class:`TooLong`), in file order, with lines and offsets in
        the whole file.

    Raises:
        OSError: the file cannot be read (as ``fmt.split`` raises it).
    """
    raw.seek(0)
    utf16 = detect_encoding(raw.read(512))[0].startswith("utf-16")
    prefix, base, line0 = lead, start, line
    while True:
        window = _Window(raw, prefix, base)
        shift_lines = line0 - (2 if prefix else 1)
        held: HandText | None = None
        for ht in fmt.split(io.BufferedReader(window, 1 << 16), name):
            window.mark = max(window.mark, ht.offset + len(ht.text))
            if prefix and ht.offset < len(prefix):
                continue  # the rest of the long hand the window restarted behind
            if base or prefix:  # (the record made anew: dataclasses.replace costs 3x)
                ht = HandText(ht.text, ht.file, ht.line + shift_lines,
                              ht.offset - len(prefix) + base, ht.encoding)  # fmt: skip
            if held is not None:
                yield _checked(fmt, held)
            held = ht
        if window.cut is None:
            if held is not None:
                yield _checked(fmt, held)
            return
        # The split stopped at the cut: `held`, if any, is the hand it was building.
        if utf16:  # a line break is two bytes: no restart at a line
            if held is not None:
                yield _checked(fmt, held, "; the rest of this UTF-16 file is not read", True)
            return
        cut = base + window.cut - len(prefix)
        anchor, line = (held.offset, held.line) if held is not None else (base, line0)
        if held is not None:
            yield _checked(fmt, held)
            prefix = _line_bytes(raw, held.offset)
        base, line0 = _resume(raw, anchor, line, cut)
        log.debug("%s: a hand past %d bytes; split again from line %d", name, BUDGET, line0)
