"""Sites' English words for shown hands, typed into claims (shared by text grammars).

PokerStars and the many formats written like it describe a shown hand as "a pair of
Sevens", "two pair, Aces and Fives", "a full house, Jacks full of Sevens", "a
straight, Nine to King", "a flush, Ace high", "high card Ace", "a Royal Flush", and a
low as "6,5,4,2,A". :func:`read_high` and :func:`read_low` turn those words into the
typed claims of :class:`~hhtools.model.records.Show`; a site with other words (French,
GGPoker's) brings its own reader beside its grammar. Kicker suffixes ("- Ace+Queen
kicker", "- lower kicker") are dropped: the category and the named ranks are the claim.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from hhtools.model.records import ClaimedHigh
from hhtools.model.vocab import HandCategory

__all__ = ["RANK_WORDS", "read_high", "read_high_words", "read_low"]

RANK_WORDS: dict[str, int] = {
    "deuce": 2, "deuces": 2, "two": 2, "twos": 2,
    "three": 3, "threes": 3, "four": 4, "fours": 4, "five": 5, "fives": 5,
    "six": 6, "sixes": 6, "seven": 7, "sevens": 7, "eight": 8, "eights": 8,
    "nine": 9, "nines": 9, "ten": 10, "tens": 10, "jack": 11, "jacks": 11,
    "queen": 12, "queens": 12, "king": 13, "kings": 13, "ace": 14, "aces": 14,
}  # fmt: skip

_LOW_CHARS = {"A": 1, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13} | {str(n): n for n in range(2, 10)}
_KICKER = re.compile(r"\s+-\s+.*$")
_PATTERNS: tuple[tuple[HandCategory, re.Pattern[str]], ...] = (
    (HandCategory.STRAIGHT_FLUSH, re.compile(r"^a royal flush$")),
    (HandCategory.STRAIGHT_FLUSH, re.compile(r"^a straight flush, (\w+) to (\w+)$")),
    (HandCategory.FOUR_OF_A_KIND, re.compile(r"^four of a kind, (\w+)$")),
    (HandCategory.FULL_HOUSE, re.compile(r"^a full house, (\w+) full of (\w+)$")),
    (HandCategory.FLUSH, re.compile(r"^a flush, (\w+) high$")),
    (HandCategory.STRAIGHT, re.compile(r"^a straight, (\w+) to (\w+)$")),
    (HandCategory.THREE_OF_A_KIND, re.compile(r"^three of a kind, (\w+)$")),
    (HandCategory.TWO_PAIR, re.compile(r"^two pair, (\w+) and (\w+)$")),
    (HandCategory.ONE_PAIR, re.compile(r"^a pair of (\w+)$")),
    (HandCategory.HIGH_CARD, re.compile(r"^high card (\w+)$")),
)


def read_high(text: str | None) -> ClaimedHigh | None:
    """Type a site's words for a high hand.

    Args:
        text: e.g. "a full house, Jacks full of Sevens - lower kicker".

    Returns:
        The claim, or ``None`` for no text or wording this reader does not know
        (the audit then makes no claim about it).

    >>> read_high("a full house, Jacks full of Sevens")
    ClaimedHigh(category=<HandCategory.FULL_HOUSE: 'full house'>, ranks=(11, 7))
    >>> read_high("a straight, Ace to Five").ranks
    (5,)
    >>> read_high("two pair, Aces and Fives - King kicker").ranks
    (14, 5)
    >>> read_high("a Royal Flush").ranks
    (14,)
    """
    if not text:
        return None
    words = _KICKER.sub("", text.strip()).lower()
    for category, pattern in _PATTERNS:
        m = pattern.match(words)
        if m is None:
            continue
        if not m.groups():
            return ClaimedHigh(category, (14,))
        try:
            ranks = tuple(RANK_WORDS[g] for g in m.groups())
        except KeyError:
            return None
        if category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
            low, high = ranks
            # "Ace to Five" is the wheel: five high.
            return ClaimedHigh(category, (5,) if (low == 14 and high == 5) else (high,))
        return ClaimedHigh(category, ranks)
    return None


def read_high_words(
    text: str | None,
    patterns: Sequence[tuple[HandCategory, re.Pattern[str]]],
    rank: Callable[[str], int] = RANK_WORDS.__getitem__,
) -> ClaimedHigh | None:
    """Type a site's words for a high hand by the site's table of patterns.

    Args:
        text: the words, e.g. Everleaf's "a full house, nines full of fives".
        patterns: ``(category, pattern)`` in the order tried; the first pattern that
            reads the whole of the lowered text names the category, its groups the
            ranks; a pattern with no group is a royal flush (ace high).
        rank: a rank word's value (``KeyError`` for a word it does not know).

    Returns:
        The claim, or ``None`` for no text, words no pattern reads, or a rank word
        ``rank`` does not know.

    >>> read_high_words("Two pair, kings and sixes", [(HandCategory.TWO_PAIR,
    ...     re.compile(r"two pair, (\\w+) and (\\w+)"))]).ranks
    (13, 6)
    """
    if not text:
        return None
    words = text.strip().lower()
    for category, pattern in patterns:
        m = pattern.fullmatch(words)
        if m is None:
            continue
        if not m.groups():
            return ClaimedHigh(category, (14,))
        try:
            return ClaimedHigh(category, tuple(rank(g) for g in m.groups()))
        except KeyError:
            return None
    return None


def read_low(text: str | None) -> tuple[int, ...] | None:
    """Type a declared low such as "6,5,4,2,A" into ranks high to low (ace = 1).

    >>> read_low("8,7,4,2,A")
    (8, 7, 4, 2, 1)
    >>> read_low("nonsense") is None
    True
    """
    if not text:
        return None
    parts = [p.strip().upper() for p in text.split(",")]
    if len(parts) != 5 or any(p not in _LOW_CHARS for p in parts):
        return None
    return tuple(sorted((_LOW_CHARS[p] for p in parts), reverse=True))
