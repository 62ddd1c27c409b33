"""What every line-oriented text format needs: decode a file and split it into hands.

Files are streamed, so memory follows one block of hands, not the file. Decoding (the
encoding from the BOM or NUL bytes, else UTF-8 with cp1252 as fallback; CRLF, LF and lone
CR; stray BOMs and NULs dropped) is :mod:`hhtools.grammars._decode`'s, whose names this
module also gives; the hand text uses ``\\n``.

Splitting is a plain regular expression on each line (the site's hand header); a format
may also say where a hand ends before the next header (:class:`HandEnd`: after its
summary, or at a blank line), so that a hand whose header is damaged is never merged
into the hand before it. The grammar only
ever sees one hand. Every function reads from a binary stream the caller
opened (the read layer opens each file once); the stream must be seekable.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

from hhtools.grammars._decode import (
    Line, decode_head, detect_encoding, iter_lines, line_breaks, scrub,
)  # fmt: skip
from hhtools.grammars._spaces import _plain, normalise, normalised, normalised_lines, plain_head
from hhtools.model.records import HandText

__all__ = ["HandEnd", "Line", "cut_header", "decode_head", "detect_encoding", "iter_hands", "iter_lines",
           "line_breaks", "normalise", "normalised", "normalised_lines", "plain_head",
           "scrub"]  # fmt: skip

@dataclass(frozen=True, slots=True)
class HandEnd:
    """Where a hand ends before the next header: once a line starting with ``after``
    (the summary's marker; ``""``: the header itself) is read, the first line neither
    blank nor matched by ``keeps`` (``re.match``: the lines a summary holds; ``None``:
    any line), or matched by ``breaks`` (a seat line "Seat 2: B ($5 in chips)" is no
    summary line; every such line holds ``hint``, tested first as it is cheap), or,
    with ``blank``, the first line after a blank line (for formats that write no blank
    line inside a hand), starts a new hand text: a damaged header, a table or seat
    line, a hand cut short... It does not start with a header, so the grammar reports
    it instead of reading it into the hand before.

    ``second`` are the starts of a format's header's second line, which no hand holds
    anywhere else: where it is not a hand text's second line and the line before it is
    not blank nor holding a header after other text (with ``finds_glued``: the format
    finds a header glued so), that line before starts a new hand text (marker read or not): a header
    whose first line is damaged, written straight after the hand before (two files
    joined without a blank line, a hand cut short), is a hand of its own, not lines of
    the hand before.

    ``summary`` is a second marker, for a format whose ``after`` is its header (the
    breaks apply from there on) but which also writes a summary: once a line starting
    with it is read, the first line neither blank nor matched by ``summary_keeps``
    (``re.match``: the summary's own line kinds) starts a new hand text too: the seat
    lines of a hand whose header is lost, written straight after the summary of the
    hand before, are not read into it. With ``header_breaks``, ``breaks`` apply from
    the header's line on, whatever ``after`` is (a format with styles, one ended by a
    marker, one not).

    ``finds_glued``: the format finds a header glued after other text inside a line
    (PokerStars' split does), so a line before a second line that holds one is no cut.
    A format that does not (WPN) sets it ``False``: such a line starts a new text too
    (" ame Hand #N - ...", a "Game Hand" header with its first byte damaged, still
    holds "Hand #N - " after other text).
    """

    after: str
    keeps: re.Pattern[str] | None
    breaks: re.Pattern[str] | None = None
    hint: str = ""
    blank: bool = False
    second: tuple[str, ...] = ()
    summary: str = ""
    summary_keeps: re.Pattern[str] | None = None
    header_breaks: bool = False
    finds_glued: bool = True


def cut_header(header: str) -> str:
    """A pattern (for :attr:`HandEnd.breaks`) of a line that is only the start of
    ``header`` (its first character at least, blanks after): a header the file cuts
    short ("Everleaf Gaming Gam"), which no hand's line is, written before the next.
    """
    out = ""
    for ch in reversed(header[1:]):
        out = "(?:" + re.escape(ch) + out + ")?"
    return re.escape(header[0]) + out + r"[^\S\n]*$"


def iter_hands(
    fh: BinaryIO, file: str, start: re.Pattern[str], end: HandEnd | None = None
) -> Iterator[HandText]:
    """Split a file into hands: a hand starts at each line that ``start`` matches (and
    where ``end`` says a hand has ended, when given).

    Blank lines between hands are dropped. Non-blank text before the first header
    is yielded as a hand of its own, so the grammar reports it instead of it being
    lost in silence.

    UTF-8 files (the common case) are read in large blocks and split with one
    multi-line regex search per block; files in other encodings, with bytes that
    are not UTF-8, with lone CR line ends, a BOM after the start or a NUL are read
    line by line. Both ways give the same hands, lines and offsets.

    Args:
        fh: the file, a seekable binary stream at its start.
        file: the name hands and problems carry.
        start: a compiled regex matched (``re.match``) against each decoded line.
        end: where a hand ends before the next header (:class:`HandEnd`), or ``None``.

    Yields:
        One :class:`HandText` per hand, in file order.

    Raises:
        OSError: the file cannot be read.
    """
    done = 0
    try:
        for hand in _iter_hands_by_block(fh, file, start, end):
            yield hand
            done += 1
        return
    except _NotBlockReadable:
        pass
    for i, hand in enumerate(_iter_hands_by_line(fh, file, start, end)):
        if i >= done:
            yield hand


class _NotBlockReadable(Exception):
    """The file needs the line-by-line reader (not plain UTF-8 with LF/CRLF ends)."""


_HEADERS: dict[re.Pattern[str], re.Pattern[str]] = {}


def _multiline(start: re.Pattern[str]) -> re.Pattern[str]:
    """A search for the "\\n" before each line ``start`` matches (compiled once): the
    engine skips from "\\n" to "\\n" where a multi-line ``^`` is tried at every
    character. A block's first line is tested apart (:func:`_starts`)."""
    header = _HEADERS.get(start)
    if header is None:
        header = _HEADERS[start] = re.compile(r"\n(?=(?:" + start.pattern + "))", start.flags)
    return header


def _starts(start: re.Pattern[str], header: re.Pattern[str], buf: str) -> list[int]:
    """Where the lines of ``buf`` (which starts at a line start) that ``start`` matches
    begin."""
    buf = _plain(buf)
    starts = [m.start() + 1 for m in header.finditer(buf)]
    if start.match(buf):
        starts.insert(0, 0)
    return starts


_LONE_CR = re.compile(rb"\r(?!\n)")
#: bytes a block: a range of a file is read a block past its end (its first hand after
#: the end), and a block of 1 MiB decoded cost 4 to 7 us a hand more than one of 256 KiB
_BLOCK = 1 << 18


def _not_block_readable(block: bytes) -> bool:
    """Whether a block of a UTF-8 file holds a lone CR (old Mac line ends), a BOM or a
    NUL (dropped line by line: :func:`scrub`), sought in its bytes before decoding: in
    valid UTF-8, EF BB BF is U+FEFF and a zero byte U+0000, nothing else. A lone EF
    byte is sought first (a memchr: 0.04 against 0.8 ms a MiB for the BOM)."""
    if b"\r" in block and _LONE_CR.search(block) is not None:
        return True
    return b"\x00" in block or (b"\xef" in block and codecs.BOM_UTF8 in block)


def _iter_hands_by_block(
    fh: BinaryIO, file: str, start: re.Pattern[str], end: HandEnd | None = None
) -> Iterator[HandText]:
    header = _multiline(start)
    fh.seek(0)
    head = fh.read(6)  # the longest BOM (_BOMS)
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
        if _not_block_readable(block):
            raise _NotBlockReadable
        try:
            text = block.decode("utf-8")
        except UnicodeDecodeError:
            raise _NotBlockReadable from None
        buf += text
        starts = _starts(start, header, buf)
        if eof:
            starts.append(len(buf))
        elif not starts:
            continue
        prev = 0
        for pos in starts:
            if pos > prev or (first and pos > 0):
                seg = buf[prev:pos]
                for k, piece in enumerate(_pieces(seg, end, start)):
                    if first and prev == 0 and k == 0:
                        hand = _preamble(piece, file, buf_offset, buf_line)
                        if hand is not None:
                            yield hand
                    elif piece:
                        yield _segment(piece, file, buf_offset, buf_line)
                    buf_offset += len(piece) if piece.isascii() else len(piece.encode("utf-8"))
                    buf_line += piece.count("\n")
                prev = pos
            first = False
        buf = buf[prev:]
        if eof:
            return


_Cuts = tuple[re.Pattern[str] | None, re.Pattern[str] | None, re.Pattern[str] | None,
              re.Pattern[str] | None]
#: each :class:`HandEnd`'s rules by its ``id`` (the end kept with them): a frozen
#: dataclass's hash hashes every field, compiled patterns too (0.7 us a hand)
_CUTS: dict[int, tuple[HandEnd, _Cuts]] = {}
#: the "\n" before the first line that is not blank and follows a blank line: its end - 1
_AFTER_BLANK = re.compile(r"\n[^\S\n]*\n(?:[^\S\n]*\n)*(?=[^\S\n]*\S)")


def _cut_rules(end: HandEnd) -> _Cuts:
    """``end`` compiled once: searches for the "\\n" before the first line neither
    blank nor kept, before the first line ``breaks`` matches, for the first line
    after a blank line (:data:`_AFTER_BLANK`, with ``blank``), and before the first
    line neither blank nor kept by ``summary_keeps``."""
    got = _CUTS.get(id(end))
    if got is not None and got[0] is end:
        return got[1]
    scan = breaks = summary = None
    if end.keeps is not None:
        scan = _not_kept(end.keeps)
    if end.breaks is not None:
        brk = r"\n(?=" + end.breaks.pattern + ")"
        breaks = re.compile(brk, re.MULTILINE | end.breaks.flags)
    if end.summary and end.summary_keeps is not None:
        summary = _not_kept(end.summary_keeps)
    rules = (scan, breaks, _AFTER_BLANK if end.blank else None, summary)
    _CUTS[id(end)] = (end, rules)
    return rules


def _not_kept(keeps: re.Pattern[str]) -> re.Pattern[str]:
    """A search for the "\\n" before the first line neither blank nor ``keeps``'."""
    keep = r"\n(?!(?:" + keeps.pattern + r")|[^\S\n]*(?:\n|\Z))"
    return re.compile(keep, re.MULTILINE | keeps.flags)


def _pieces(seg: str, end: HandEnd | None, start: re.Pattern[str]) -> list[str]:
    """One header's text cut where ``end`` says a hand ended (see :class:`HandEnd`);
    ``start`` the headers' pattern (a line before a second line that holds a header
    after other text is no cut, with ``finds_glued``: the header glued there is the
    format's to find)."""
    if end is None:
        return [seg]
    probe = _plain(seg)  # searched; ``seg`` is cut at the same places
    if not end.second:
        return _marked_pieces(seg, probe, end)
    out: list[str] = []
    at = probe.find("\n") + 1  # past the text's own second line's "\n"
    while at > 0:
        s = _second_line(probe, at, end.second)  # the "\n" before one, or -1
        if s < 0:
            break
        pos = probe.rfind("\n", 0, s)  # the "\n" before the line before
        before = probe[pos + 1 : s]
        if not before.strip() or (end.finds_glued and start.search(before) is not None):
            at = s + 1  # a blank line, or a header glued inside a line
            continue
        out += _marked_pieces(seg[: pos + 1], probe[: pos + 1], end)
        seg, probe = seg[pos + 1 :], probe[pos + 1 :]
        at = probe.find("\n") + 1
    return out + _marked_pieces(seg, probe, end)


_SECONDS: dict[tuple[str, ...], re.Pattern[str]] = {}


def _second_line(probe: str, at: int, starts: tuple[str, ...]) -> int:
    """Where in ``probe`` (from ``at``) the first "\n" followed by one of ``starts`` is,
    or -1: one search of them all (a ``str.find`` each cost 1.2 us on a hand's text
    that is not ASCII, the search 0.2)."""
    rule = _SECONDS.get(starts)
    if rule is None:
        rule = _SECONDS[starts] = re.compile(r"\n(?:" + "|".join(map(re.escape, starts)) + ")")
    m = rule.search(probe, at)
    return -1 if m is None else m.start()


def _marked_pieces(seg: str, probe: str, end: HandEnd) -> list[str]:
    """``seg`` (``probe`` its plain text) cut where ``end``'s markers and the rules
    after them say a hand ended."""
    rules = _cut_rules(end)
    out: list[str] = []
    pos = _cut(probe, end, rules)
    while pos >= 0:
        out.append(seg[: pos + 1])
        seg, probe = seg[pos + 1 :], probe[pos + 1 :]
        pos = _cut(probe, end, rules)
    out.append(seg)
    return out


def _marker(probe: str, marker: str) -> int:
    """Where the end of the first line of ``probe`` starting with ``marker`` is, or -1."""
    i = probe.find(marker)
    while i > 0 and probe[i - 1] != "\n":  # not at a line start: look further
        i = probe.find(marker, i + 1)
    return -1 if i < 0 else probe.find("\n", i)


def _cut(probe: str, end: HandEnd, rules: _Cuts) -> int:
    """The "\\n" in ``probe`` (one hand text's start on) after which ``end`` says a
    new hand text starts, or -1."""
    scan, breaks, blank, summary = rules
    pos = -1
    eol = _marker(probe, end.after)
    if eol >= 0:
        if scan is not None:
            m = scan.search(probe, eol)
            pos = m.start() if m is not None else -1
        if blank is not None:
            m = blank.search(probe, eol)
            if m is not None and (pos < 0 or m.end() - 1 < pos):
                pos = m.end() - 1
        if breaks is not None and probe.find(end.hint, eol) >= 0:
            b = breaks.search(probe, eol)
            if b is not None and (pos < 0 or b.start() < pos):
                pos = b.start()
    if end.header_breaks and breaks is not None and probe.find(end.hint) >= 0:
        b = breaks.search(probe, max(probe.find("\n"), 0))
        if b is not None and b.start() > 0 and (pos < 0 or b.start() < pos):
            pos = b.start()
    if summary is not None:
        eol = _marker(probe, end.summary)
        if eol >= 0:
            m = summary.search(probe, eol)
            if m is not None and (pos < 0 or m.start() < pos):
                pos = m.start()
    return pos


def _segment(seg: str, file: str, offset: int, line: int) -> HandText:
    """One hand's text: ``\\n`` line ends, trailing blank lines dropped (the last line
    that is not blank is kept whole). Cut before its CRLFs are made ``\\n`` (a copy
    fewer): every CR here is followed by a LF (lone CRs go line by line), so the
    ``\\n`` after the last line not blank is the same either way, its CR before it."""
    k = len(seg.rstrip())
    if k == 0:
        return HandText("", file, line, offset, "utf-8")
    e = seg.find("\n", k)
    if e >= 0:
        seg = seg[: e - 1] if seg[e - 1] == "\r" else seg[:e]
    if "\r" in seg:
        seg = seg.replace("\r\n", "\n")
    return HandText(seg, file, line, offset, "utf-8")


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


def _iter_hands_by_line(
    fh: BinaryIO, file: str, start: re.Pattern[str], end: HandEnd | None = None
) -> Iterator[HandText]:
    """:func:`iter_hands` for any encoding, one decoded line at a time."""
    lines: list[str] = []
    encodings: list[str] = []
    first: Line | None = None
    after = False  # the end's marker line has been read
    gap = False  # and a blank line since
    summ = False  # the end's summary marker line has been read
    second = end.second if end is not None else ()
    glued = end is None or end.finds_glued  # a header glued inside a line is found
    marker = end.after if end is not None else ""
    last: Line | None = None
    for ln, used in iter_lines(fh):
        prev, last = last, ln  # the line before: ``lines[-1]`` once a hand has begun
        text = ln.text
        probe = _plain(text)  # matched; the hand keeps ``text``
        if start.match(probe):
            if first is not None:
                yield _make(lines, file, first, encodings)
            lines, encodings, first = [text], [used], ln
            after, gap, summ = end is not None and not end.after, False, False
            continue
        if first is None and not text.strip():
            continue
        if (second and first is not None and prev is not None
                and len(lines) >= 2 and lines[-1].strip() and probe.startswith(second)
                and not (glued and start.search(_plain(lines[-1])) is not None)):  # fmt: skip
            yield _make(lines[:-1], file, first, encodings[:-1])
            lines, encodings, first = [lines[-1], text], [encodings[-1], used], prev
            after = _plain(lines[0]).startswith(marker) or probe.startswith(marker)
            gap = False
            summ = _summary(_plain(lines[0]), end) or _summary(probe, end)
            continue
        if first is None or (end is not None and (
                (after and _ends(probe, end, gap)) or (summ and _summary_ends(probe, end))
                or (end.header_breaks and _breaks(probe, end)))):
            if first is not None:
                yield _make(lines, file, first, encodings)
            lines, encodings, first = [text], [used], ln
            after, gap = end is not None and probe.startswith(end.after), False
            summ = _summary(probe, end)
            continue
        lines.append(text)
        encodings.append(used)
        if end is not None:
            if not after:
                after = probe.startswith(end.after)
            elif not gap and not text.strip():
                gap = True
            if not summ:
                summ = _summary(probe, end)
    if first is not None:
        yield _make(lines, file, first, encodings)


def _ends(text: str, end: HandEnd, gap: bool) -> bool:
    """After the marker (and a blank line when ``gap``), ``text`` starts a new hand
    text (not blank and not kept, or breaking, or after a blank line)."""
    if _breaks(text, end):
        return True
    if not text.strip():
        return False
    return (end.blank and gap) or (end.keeps is not None and end.keeps.match(text) is None)


def _breaks(text: str, end: HandEnd) -> bool:
    """``text`` is a line ``end``'s ``breaks`` match."""
    return end.breaks is not None and end.hint in text and end.breaks.match(text) is not None


def _summary(text: str, end: HandEnd | None) -> bool:
    """``text`` is ``end``'s summary marker line (``end`` has one)."""
    return end is not None and bool(end.summary) and text.startswith(end.summary)


def _summary_ends(text: str, end: HandEnd) -> bool:
    """After the summary marker, ``text`` starts a new hand text (not blank, not kept)."""
    keeps = end.summary_keeps
    return keeps is not None and bool(text.strip()) and keeps.match(text) is None


def _make(lines: list[str], file: str, first: Line, encodings: list[str]) -> HandText:
    n = len(lines)
    while n and not lines[n - 1].strip():
        n -= 1
    return HandText(
        "\n".join(lines[:n]), file, first.number, first.offset, "/".join(sorted(set(encodings)))
    )
