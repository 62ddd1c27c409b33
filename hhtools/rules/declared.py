"""Read what a site *declares* a shown hand to be, and compare it with the rules.

Sites describe shown hands in English: "a pair of Sevens", "two pair, Aces and
Fives", "a full house, Jacks full of Sevens", "a straight, Nine to King",
"a flush, Ace high", "high card Ace", and a low as "6,5,4,2,A". This module turns
those words into a comparable key (category, ranks that define it) so the audit can
say whether the declaration matches what the cards make by the 2+3 rule.
Kicker suffixes ("- Ace+Queen kicker", "- lower kicker") are dropped: they refine a
tie-break the category and main ranks already fix for the misread check.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

RANK_WORDS: dict[str, int] = {
    "deuce": 2, "deuces": 2, "two": 2, "twos": 2,
    "three": 3, "threes": 3, "four": 4, "fours": 4, "five": 5, "fives": 5,
    "six": 6, "sixes": 6, "seven": 7, "sevens": 7, "eight": 8, "eights": 8,
    "nine": 9, "nines": 9, "ten": 10, "tens": 10, "jack": 11, "jacks": 11,
    "queen": 12, "queens": 12, "king": 13, "kings": 13, "ace": 14, "aces": 14,
}  # fmt: skip

RANK_CHARS = "23456789TJQKA"
_CHAR_VALUE = {c: i + 2 for i, c in enumerate(RANK_CHARS)}

_KICKER = re.compile(r"\s+-\s+.*$")
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("straight flush", re.compile(r"^a royal flush$")),
    ("straight flush", re.compile(r"^a straight flush, (\w+) to (\w+)$")),
    ("four of a kind", re.compile(r"^four of a kind, (\w+)$")),
    ("full house", re.compile(r"^a full house, (\w+) full of (\w+)$")),
    ("flush", re.compile(r"^a flush, (\w+) high$")),
    ("straight", re.compile(r"^a straight, (\w+) to (\w+)$")),
    ("three of a kind", re.compile(r"^three of a kind, (\w+)$")),
    ("two pair", re.compile(r"^two pair, (\w+) and (\w+)$")),
    ("one pair", re.compile(r"^a pair of (\w+)$")),
    ("high card", re.compile(r"^high card (\w+)$")),
)


@dataclass(frozen=True, slots=True)
class Declared:
    """A declared high hand: its category and the ranks that name it (2..14).

    For a straight or straight flush ``ranks`` is the top card only (5 for the wheel);
    for a flush and high card the top card; for the others the named ranks in order.
    """

    category: str
    ranks: tuple[int, ...]


def read_high(text: str) -> Declared | None:
    """Parse a site's words for a high hand.

    Args:
        text: e.g. "a full house, Jacks full of Sevens - lower kicker".

    Returns:
        The :class:`Declared` key, or ``None`` for wording this reader does not know
        (the audit then makes no claim about it).

    >>> read_high("a full house, Jacks full of Sevens")
    Declared(category='full house', ranks=(11, 7))
    >>> read_high("a straight, Ace to Five")
    Declared(category='straight', ranks=(5,))
    >>> read_high("two pair, Aces and Fives - King kicker")
    Declared(category='two pair', ranks=(14, 5))
    >>> read_high("a Royal Flush")
    Declared(category='straight flush', ranks=(14,))
    """
    words = _KICKER.sub("", text.strip()).lower()
    for category, pattern in _PATTERNS:
        m = pattern.match(words)
        if m is None:
            continue
        if not m.groups():
            return Declared(category, (14,))
        try:
            ranks = tuple(RANK_WORDS[g] for g in m.groups())
        except KeyError:
            return None
        if category in ("straight", "straight flush"):
            low, high = ranks
            # "Ace to Five" is the wheel: five high.
            return Declared(category, (5,) if (low == 14 and high == 5) else (high,))
        return Declared(category, ranks)
    return None


def high_key(category: str, cards: tuple[str, ...]) -> Declared:
    """The key of an evaluated high hand, comparable with :func:`read_high`.

    Args:
        category: the evaluator's category name.
        cards: the five cards in reading order (most important first), e.g.
            ``("Ks", "Kd", "5c", "5h", "Qs")``.

    Returns:
        The :class:`Declared` key naming the hand the way a site would.

    >>> high_key("two pair", ("Ks", "Kd", "5c", "5h", "Qs"))
    Declared(category='two pair', ranks=(13, 5))
    >>> high_key("straight", ("5d", "4c", "3h", "2s", "Ah"))
    Declared(category='straight', ranks=(5,))
    """
    values = [_CHAR_VALUE[c[0]] for c in cards]
    if category in ("straight", "straight flush"):
        top = 5 if sorted(values) == [2, 3, 4, 5, 14] else max(values)
        return Declared(category, (top,))
    if category in ("flush", "high card"):
        return Declared(category, (max(values),))
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    grouped = sorted((v for v, n in counts.items() if n >= 2), key=lambda v: (-counts[v], -v))
    if category == "full house":
        return Declared(category, tuple(grouped[:2]))
    if category == "two pair":
        return Declared(category, tuple(grouped[:2]))
    return Declared(category, tuple(grouped[:1]))


_SINGULAR = {2: "Deuce", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
             9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}  # fmt: skip
_PLURAL = {v: ("Sixes" if v == 6 else name + "s") for v, name in _SINGULAR.items()}


def describe_high(category: str, cards: tuple[str, ...]) -> str:
    """Words for an evaluated high hand, in the sites' own style.

    Args:
        category: the evaluator's category name.
        cards: the five cards in reading order.

    Returns:
        E.g. "a straight, Five to Nine", "two pair, Aces and Fives".

    >>> describe_high("straight", ("9d", "8h", "7h", "6d", "5s"))
    'a straight, Five to Nine'
    >>> describe_high("full house", ("Js", "Jd", "Jc", "7s", "7d"))
    'a full house, Jacks full of Sevens'
    >>> describe_high("one pair", ("Jc", "Jd", "Ah", "Kd", "9h"))
    'a pair of Jacks'
    """
    key = high_key(category, cards)
    r = key.ranks
    if category in ("straight", "straight flush"):
        top = r[0]
        if category == "straight flush" and top == 14:
            return "a Royal Flush"
        low = "Ace" if top == 5 else _SINGULAR[top - 4]
        return f"a {category}, {low} to {_SINGULAR[top]}"
    if category == "four of a kind":
        return f"four of a kind, {_PLURAL[r[0]]}"
    if category == "full house":
        return f"a full house, {_PLURAL[r[0]]} full of {_PLURAL[r[1]]}"
    if category == "flush":
        return f"a flush, {_SINGULAR[r[0]]} high"
    if category == "three of a kind":
        return f"three of a kind, {_PLURAL[r[0]]}"
    if category == "two pair":
        return f"two pair, {_PLURAL[r[0]]} and {_PLURAL[r[1]]}"
    if category == "one pair":
        return f"a pair of {_PLURAL[r[0]]}"
    return f"high card {_SINGULAR[r[0]]}"


def read_low(text: str) -> tuple[int, ...] | None:
    """Parse a declared low such as "6,5,4,2,A" into ranks high to low (ace = 1).

    >>> read_low("8,7,4,2,A")
    (8, 7, 4, 2, 1)
    >>> read_low("nonsense") is None
    True
    """
    parts = [p.strip().upper() for p in text.split(",")]
    if len(parts) != 5:
        return None
    out: list[int] = []
    for p in parts:
        if p == "A":
            out.append(1)
        elif p in _CHAR_VALUE:
            out.append(_CHAR_VALUE[p])
        elif p == "10":
            out.append(10)
        else:
            return None
    return tuple(sorted(out, reverse=True))


def low_key(cards: tuple[str, ...]) -> tuple[int, ...]:
    """Ranks of an evaluated low's five cards, high to low, ace = 1.

    >>> low_key(("7d", "5c", "3h", "2s", "Ah"))
    (7, 5, 3, 2, 1)
    """
    return tuple(sorted((1 if c[0] == "A" else _CHAR_VALUE[c[0]] for c in cards), reverse=True))
