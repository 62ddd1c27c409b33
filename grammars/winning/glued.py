"""WPN's newer format: a hand text holding a damaged header glued after a whole hand.

The newer format's table line ("St. Lucie 6-max Seat #1 is the button", a tournament's
"Table '12' 6-max Seat #1 is the button") is only ever a header's second line, and the
format writes no end marker after its summary. When a header's first line is damaged
("Hand #8000003X - ...": the start pattern no longer matches it) the kernel's split
(which knows a second line only by how it starts: "Table '") leaves that header, its
table line and the hand after them inside the hand before: a whole hand read in part,
its lines unrecognised, a damaged hand never named. :func:`unglued` cuts such a text
before the line ahead of each later table line, as the kernel does for "Table '"
lines: the damaged header starts a text of its own, which the grammar reports.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import BinaryIO

from hhtools.grammars import _kit as k

__all__ = ["unglued"]

#: what every table line holds (searched first: one ``str.find`` per hand text)
_HINT = " is the button"
#: a newer-format table line (the grammar's own ``TABLE``, with its size and "#", which
#: the older format's "Seat 4 is the button" lacks); a seat line is never one
_TABLE_LINE = re.compile(r"(?!Seat \d+: )\S.* Seat #\d+ is the button\s*$")
#: a line before a table line that is no damaged header: blank, or a summary's seat line
#: (the header's line lost: the table line itself starts the text)
_OWN = re.compile(r"\s*$|Seat \d+: ")
#: bytes read at a time when counting a piece's offset
_CHUNK = 1 << 16


def unglued(ht: k.HandText, fh: BinaryIO) -> Iterator[k.HandText]:
    """``ht`` cut before each damaged header glued into it (see the module docstring).

    A line that is not the text's second line and matches a table line, with a line
    before it that is not blank, makes that line before the first line of a new text
    (one holding a header after other text too: WPN writes none so, and nothing reads
    a header there). When that line before is blank (past the text's second line) or a
    seat line ("Seat 3: Cy (big blind) folded on the Flop": the hand before's last, the
    header's line lost), the table line itself starts the new text. Each new text's
    ``line`` and ``offset`` are those of its first line in the file, counted from
    ``ht``'s in ``fh`` (read again, its position kept).

    Args:
        ht: one hand text as the kernel's split gave it.
        fh: the seekable binary stream it was split from.

    Yields:
        ``ht`` itself when nothing is glued in it (the common case, one search), else
        its pieces in file order; ``ht`` whole when the file's bytes cannot be matched
        to its lines (a piece's offset unknown: read as before).
    """
    text = ht.text
    nl = text.find("\n")
    after = text.find("\n", nl + 1) if nl >= 0 else -1  # past the text's second line
    if after < 0 or text.find(_HINT, after) < 0:
        yield ht
        return
    lines = text.split("\n")
    cuts = [n if _OWN.match(lines[n - 1]) is not None else n - 1 for n in range(2, len(lines))
            if _HINT in lines[n] and _TABLE_LINE.match(lines[n]) is not None
            and (lines[n - 1].strip() or n > 2)]  # fmt: skip
    offsets = _offsets(fh, ht, cuts) if cuts else None
    if offsets is None:
        yield ht
        return
    bounds = [0, *cuts, len(lines)]
    for i, at in enumerate(bounds[:-1]):
        last = bounds[i + 1]
        while last > at + 1 and not lines[last - 1].strip():  # its trailing blank lines
            last -= 1
        yield k.HandText("\n".join(lines[at:last]), ht.file, ht.line + at, offsets[i],
                         ht.encoding)  # fmt: skip


def _offsets(fh: BinaryIO, ht: k.HandText, cuts: list[int]) -> list[int] | None:
    """The byte offsets in ``fh`` of ``ht``'s first line and of its lines numbered
    ``cuts`` (0-based, ascending): line breaks (LF, CRLF, a lone CR: the split's count)
    counted from ``ht.offset``; ``None`` when the file ends first or cannot be sought.
    ``fh``'s position is kept."""
    enc = ht.encoding if ht.encoding in ("utf-16-le", "utf-16-be") else "ascii"
    lf, cr = "\n".encode(enc), "\r".encode(enc)
    try:
        here = fh.tell()
        fh.seek(ht.offset)
        data, out, pos, seen = b"", [ht.offset], 0, 0
        for want in cuts:
            while seen < want:
                brk = _next_break(data, pos, lf, cr)
                if brk < 0:
                    more = fh.read(_CHUNK)
                    if not more:
                        return None
                    data += more
                    continue
                pos, seen = brk, seen + 1
            out.append(ht.offset + pos)
        fh.seek(here)
    except (OSError, ValueError):
        return None
    return out


def _next_break(data: bytes, pos: int, lf: bytes, cr: bytes) -> int:
    """Where the line after the one at ``pos`` in ``data`` starts (past its LF, CRLF
    or lone CR, each ``len(lf)`` bytes, found at that alignment), or -1 when ``data``
    may not hold all of its break yet."""
    step = len(lf)
    i, j = _find(data, lf, pos, step), _find(data, cr, pos, step)
    if j >= 0 and (i < 0 or j < i):  # a CR: CRLF or alone
        if j + 2 * step > len(data):
            return -1
        return j + 2 * step if data[j + step : j + 2 * step] == lf else j + step
    return -1 if i < 0 else i + step


def _find(data: bytes, what: bytes, pos: int, step: int) -> int:
    """``data.find(what, pos)`` at a multiple of ``step`` (a UTF-16 character's start)."""
    i = data.find(what, pos)
    while i >= 0 and i % step:
        i = data.find(what, i + 1)
    return i
