"""Where a PokerStars hand starts and ends in a file.

A hand starts at its header (:data:`HAND_START`). It also ends, before the next good
header, once its summary has been read, at the first line a summary cannot hold
(:data:`HAND_END`): a header however damaged ("PokerStrs Hand #1234: ...",
"PokerStars Hand #12x4: ..."), a table or seat line, a hand cut short ("Pok"). The
rest is a hand text of its own that the parser reports (``bad_header`` and its lines),
so a hand whose header is damaged is never read into the hand before it.

A file written again after a hand was cut mid-line holds the next header on that line
("*** RIVER *** [4d Kh JPokerStars Hand #86564270670: ..."): the hand cut short ends
there and the next one starts at that header (:data:`GLUED`), on that line (its
``offset`` is the line's).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import BinaryIO

from hhtools.grammars._text import HandEnd, iter_hands
from hhtools.grammars.pokerstars import languages

from hhtools.model.money import SYMBOL_CLASS
from hhtools.model.records import HandText

_TITLE = r"(?: Home Game| Zoom)* (?:Hand|Game) #\d+:"
#: A hand starts at a line matching this (used by the reader to split files): an English
#: header, or one in a language the grammar reads (:mod:`.languages`).
HAND_START = re.compile(  # one flat alternation: tried at every line, nested groups cost
    r"\ufeff?(?:Poker(?:Stars|Master|Bros)" + _TITLE + "|Run It Once Poker" + _TITLE
    + "|" + languages.START + ")"
)

#: The lines of a summary (after "*** SUMMARY ***"), and the separator PokerStars
#: writes between exported hands ("*********** # 2 **************").
SUMMARY_LINE = (
    r"Seat \d+: |Total pot |(?:FIRST |SECOND )?Board \[|Hand was run|\*\*\* SUMMARY \*\*\*"
    r"|\*{5,} # \d+ \*{5,}"
)
#: A seat line ("Seat 2: B ($5 in chips)"): no summary holds one.
SEAT_LINE = (
    r"Seat \d+: [^\n]* \(" + SYMBOL_CLASS + r"?\d[\d,.]* in chips(?:, [^)\n]*? bounty)?\)"
    r"(?: is sitting out| out of hand[^\n]*)?\r?$"
)

#: A header's second line, which no hand holds elsewhere: "Table 'Name' 6-max Seat #1 is
#: the button" (Spanish 'Mesa "Name"', Portuguese "Mesa 'Name'", German "Tisch 'Name'").
#: The line before one starts a hand even when damaged, after a hand cut short.
SECOND_LINE = ("Table '", "Mesa '", 'Mesa "', "Tisch '")

#: Where a hand ends before the next header.
HAND_END = HandEnd(
    "*** SUMMARY ***", re.compile(SUMMARY_LINE), re.compile(SEAT_LINE, re.MULTILINE), " in chips",
    second=SECOND_LINE,
)


#: A header after other text on its line: a hand cut mid-line, the next written on.
GLUED = re.compile(r"(?<=[^\n])(?=" + HAND_START.pattern.removeprefix("\\ufeff?") + ")")
_BREAK = re.compile(rb"\r\n|\r|\n")


#: The separator an export writes before each hand ("*********** # 1 **************"),
#: or a client in another language (:data:`.languages.SEPARATOR`), alone before the
#: file's first header: it holds nothing to read, and is no hand of its own.
_LEADING_SEPARATOR = re.compile(
    r"\ufeff?(?:\*{5,} (?:#|" + languages.SEPARATOR + r") \d+ \*{5,}\n*)+"
)


#: The number a hand history download writes on a line of its own before each hand
#: ("Hand #112181:", then a blank line and the hand's header; as in pokerkit's issue
#: #38, a PokerStars download): it holds nothing to read, and is no hand of its own.
#: Any other text with it is still a hand text, reported.
_DOWNLOAD_NUMBER = re.compile(r"\ufeff?(?:Hand #\d+:[ \t]*\r?\n*)+")


def split(fh: BinaryIO, file: str) -> Iterator[HandText]:
    """A file's hand texts: a new one at each header (:data:`HAND_START`), at a header
    after a hand cut mid-line (:data:`GLUED`) and, after a summary, at the first line
    no summary holds (:data:`HAND_END`); separator lines alone before the first header
    (:data:`_LEADING_SEPARATOR`) and a download's hand numbers alone between hands
    (:data:`_DOWNLOAD_NUMBER`) are dropped."""
    for ht in iter_hands(fh, file, HAND_START, HAND_END):
        first = ht.text[:2]
        if first in ("**", "\ufeff*") and _LEADING_SEPARATOR.fullmatch(ht.text):
            continue
        if first in ("Ha", "\ufeffH") and _DOWNLOAD_NUMBER.fullmatch(ht.text):
            continue
        if not _may_be_glued(ht.text) or GLUED.search(ht.text) is None:
            yield ht
        else:
            yield from _unglued(fh, ht)


def _may_be_glued(text: str) -> bool:
    """Whether ``text`` may hold a header inside a line (:data:`GLUED`): it writes
    "Hand #" or "Game #" more often than its own header does. Exact as a first look
    (a glued header writes one of them after the start), and some 20 µs a hand
    cheaper than searching :data:`GLUED`, whose look-behind is tried at every
    character."""
    n = text.count("Hand #") + text.count("Game #")
    return n > 1 or (n == 1 and HAND_START.match(text) is None)


def _unglued(fh: BinaryIO, ht: HandText) -> Iterator[HandText]:
    """``ht`` cut at each header inside a line: the hand cut short, then each hand
    from its header on, with the number and byte offset of the header's line."""
    text, line, offset = ht.text, ht.line, ht.offset
    while (m := GLUED.search(text)) is not None:
        lines = text.count("\n", 0, m.start())
        yield replace(ht, text=text[: m.start()], line=line, offset=offset)
        offset = _line_offset(fh, offset, lines, ht.encoding)
        line, text = line + lines, text[m.start() :]
    yield replace(ht, text=text, line=line, offset=offset)


def _line_offset(fh: BinaryIO, start: int, lines: int, encoding: str) -> int:
    """The byte offset of the line ``lines`` lines after the one at byte ``start``
    (line ends LF, CRLF or a lone CR), read from ``fh`` whose position is kept;
    ``start`` itself when the file is not UTF-8 or cp1252 (UTF-16's breaks differ)."""
    if lines == 0 or not encoding.replace("cp1252", "utf-8").startswith("utf-8"):
        return start
    keep = fh.tell()
    try:
        fh.seek(start)
        data = b""
        while True:
            chunk = fh.read(1 << 16)
            data += chunk
            ends = [m.end() for m in _BREAK.finditer(data)]
            if len(ends) > lines and (chunk or not data.endswith(b"\r")):
                return start + ends[lines - 1]
            if not chunk:
                return start + ends[lines - 1] if len(ends) >= lines else start
    finally:
        fh.seek(keep)
