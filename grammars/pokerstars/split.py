"""Where a PokerStars hand starts and ends in a file.

A hand starts at its header (:data:`HAND_START`). It also ends, before the next good
header, once its summary has been read, at the first line a summary cannot hold
(:data:`HAND_END`): a header however damaged ("PokerStrs Hand #1234: ...",
"PokerStars Hand #12x4: ..."), a table or seat line, a hand cut short ("Pok"). The
rest is a hand text of its own that the parser reports (``bad_header`` and its lines),
so a hand whose header is damaged is never read into the hand before it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import BinaryIO

from hhtools.grammars._text import HandEnd, iter_hands

from hhtools.model.money import SYMBOL_CLASS
from hhtools.model.records import HandText

#: A hand starts at a line matching this (used by the reader to split files).
HAND_START = re.compile(
    r"\ufeff?(?:PokerStars|PokerMaster|Run It Once Poker)(?: Home Game| Zoom)* (?:Hand|Game) #\d+:"
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

#: Where a hand ends before the next header.
HAND_END = HandEnd(
    "*** SUMMARY ***", re.compile(SUMMARY_LINE), re.compile(SEAT_LINE, re.MULTILINE), " in chips"
)


def split(fh: BinaryIO, file: str) -> Iterator[HandText]:
    """A file's hand texts: a new one at each header (:data:`HAND_START`) and, after a
    summary, at the first line no summary holds (:data:`HAND_END`)."""
    return iter_hands(fh, file, HAND_START, HAND_END)
