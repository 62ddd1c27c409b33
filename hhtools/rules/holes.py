"""Classes of Omaha hole cards, as players filter their starting hands.

A class is a plain property of the hole cards alone (no board), named as Omaha
players name it. A hand can be in several classes (``Ah As 2h 3s`` is a pair, aces,
double-suited and A2).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

__all__ = ["HOLE_CLASSES", "RUNDOWN", "hole_classes"]

#: rank character -> bit (deuce = bit 0 ... ace = bit 12)
_BIT: Final[dict[str, int]] = {r: 1 << i for i, r in enumerate("23456789TJQKA")}


def _rundown_masks() -> bytes:
    """For every set of ranks (13-bit mask): 1 when four of them lie within five
    consecutive ranks, the ace counting high and low."""
    windows = []
    for low in range(-1, 9):  # -1: the ace-to-five window
        ranks = [12 if r == -1 else r for r in range(low, low + 5)]
        windows.append(sum(1 << r for r in ranks))
    return bytes(int(any((m & w).bit_count() >= 4 for w in windows)) for m in range(1 << 13))


RUNDOWN: Final[bytes] = _rundown_masks()
"""``RUNDOWN[mask]`` is 1 when the ranks of a 13-bit rank mask hold a rundown."""
_RUNDOWN = RUNDOWN

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
    mask = ranks = aces = 0
    for c in hole:  # every rank first: a card of no rank is a KeyError before any suit is read
        rank = c[0]
        bit = _BIT[rank]
        if not mask & bit:
            ranks += 1  # one more rank held
            mask |= bit
        if rank == "A":
            aces += 1
    clubs = diamonds = hearts = spades = 0
    for c in hole:
        suit = c[1]
        if suit == "c":
            clubs += 1
        elif suit == "d":
            diamonds += 1
        elif suit == "h":
            hearts += 1
        elif suit == "s":
            spades += 1
    twice = (clubs >= 2) + (diamonds >= 2) + (hearts >= 2) + (spades >= 2)
    suited = "double_suited" if twice >= 2 else "single_suited" if twice else "rainbow"
    pair = ranks < len(hole)
    rundown = _RUNDOWN[mask]
    a2 = aces and mask & 1
    # most holes are in one class only: that tuple made without a list
    if not (pair or rundown or a2):
        return (suited,)
    out = []
    if pair:
        out.append("pair")
    if aces >= 2:
        out.append("aces")
    out.append(suited)
    if rundown:
        out.append("rundown")
    if a2:
        out.append("a2")
    return tuple(out)
