"""Winamax's words for a shown hand ("Full of 9 and Tens", "Two pairs : Jacks and 4",
"Straight King high"...), typed into :class:`~hhtools.model.records.ClaimedHigh`.

Winamax names a low by its top card only ("LO : High card : 7"): :func:`read_low` types
it as that one rank, which the audit compares with the low's top card.
"""

from __future__ import annotations

import re

from hhtools.grammars import _kit as k

__all__ = ["read_high", "read_low"]

_RANKS = {
    "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "t": 10,
    "ten": 10, "tens": 10, "j": 11, "jack": 11, "jacks": 11, "q": 12, "queen": 12,
    "queens": 12, "k": 13, "king": 13, "kings": 13, "a": 14, "ace": 14, "aces": 14,
    "deuce": 2, "deuces": 2, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "twos": 2, "threes": 3, "fours": 4, "fives": 5,
    "sixes": 6, "sevens": 7, "eights": 8, "nines": 9,
}  # fmt: skip


def read_high(text: str | None) -> k.ClaimedHigh | None:
    """Type Winamax's words for a high hand: English the kernel reads
    (:func:`~hhtools.grammars._site.read_high_once`).

    Args:
        text: e.g. "Full of 9 and Tens" (a "HI : " in front is dropped).

    Returns:
        The claim, or ``None`` for no text or words this reader does not know.

    >>> read_high("Full of 9 and Tens")
    ClaimedHigh(category=<HandCategory.FULL_HOUSE: 'full house'>, ranks=(9, 10))
    >>> read_high("Two pairs : Jacks and 4").ranks
    (11, 4)
    >>> read_high("Straight 5 high").ranks
    (5,)
    >>> read_high("HI : Flush Ace high").category
    <HandCategory.FLUSH: 'flush'>
    """
    words = text.strip() if text else None
    return k.read_high_once(words[5:] if words and words[:5].lower() == "hi : " else words)


_LOW = re.compile(r"^(?:lo : )?high card : (\w+)$")


def read_low(text: str | None) -> tuple[int, ...] | None:
    """Type Winamax's words for a low ("High card : 7", a "LO : " in front dropped) as
    its top card, or ``None``.

    >>> read_low("High card : 7"), read_low("LO : High card : 8"), read_low("Flush")
    ((7,), (8,), None)
    """
    m = _LOW.match(text.strip().lower()) if text else None
    rank = _RANKS.get(m.group(1)) if m else None
    return None if rank is None or rank > 8 and rank != 14 else (1 if rank == 14 else rank,)
