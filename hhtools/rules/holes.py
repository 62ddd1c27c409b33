"""Classes of Omaha hole cards, as players filter their starting hands.

A class is a plain property of the hole cards alone (no board), named as Omaha
players name it. A hand can be in several classes (``Ah As 2h 3s`` is a pair, aces,
double-suited and A2).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Final

__all__ = ["HOLE_CLASSES", "hole_classes"]

_RANK: Final[dict[str, int]] = {r: i for i, r in enumerate("23456789TJQKA", start=2)}

HOLE_CLASSES: Final[dict[str, str]] = {
    "pair": "two or more hole cards of one rank",
    "aces": "two or more aces",
    "double_suited": "two suits each held at least twice (Ah Kh 7s 6s)",
    "single_suited": "exactly one suit held at least twice",
    "rainbow": "no suit held twice",
    "rundown": "four different ranks within five consecutive ranks: at most one gap "
               "(9 8 7 6, T 9 8 6; the ace plays high or low: A 2 3 5)",
    "a2": "an ace and a deuce, the nut-low start of hi/lo",
}  # fmt: skip
"""Every class by name, with its definition (``hhtools stats --hand-class``)."""


def _rundown(ranks: set[int]) -> bool:
    values = set(ranks)
    if 14 in values:
        values.add(1)  # the ace plays low too
    return any(max(four) - min(four) <= 4 for four in combinations(sorted(values), 4))


def hole_classes(hole: Sequence[str]) -> tuple[str, ...]:
    """The classes of :data:`HOLE_CLASSES` the hole cards are in, in that order.

    Args:
        hole: the hole cards, two-character codes (``"Ah"``, ``"Td"``).

    Returns:
        Class names; ``()`` for no cards.

    Raises:
        KeyError: a card that is not a rank and suit code.

    >>> hole_classes(["Ah", "As", "2h", "3s"])
    ('pair', 'aces', 'double_suited', 'a2')
    >>> hole_classes(["9c", "8d", "7h", "5s"])
    ('rainbow', 'rundown')
    """
    if not hole:
        return ()
    ranks = Counter(_RANK[c[0]] for c in hole)
    suits = Counter(c[1] for c in hole)
    twice = sum(1 for n in suits.values() if n >= 2)
    have = {
        "pair": any(n >= 2 for n in ranks.values()),
        "aces": ranks[14] >= 2,
        "double_suited": twice >= 2,
        "single_suited": twice == 1,
        "rainbow": twice == 0,
        "rundown": len(ranks) >= 4 and _rundown(set(ranks)),
        "a2": ranks[14] >= 1 and ranks[2] >= 1,
    }
    return tuple(name for name in HOLE_CLASSES if have[name])
