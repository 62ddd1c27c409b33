"""Reading a hand's category from its cards: the keys and words the audit compares.

A site names a shown hand ("a full house, Jacks full of Sevens"); a grammar types
those words into a :class:`~hhtools.model.records.ClaimedHigh` (category and the
ranks that name it) and a low into its ranks. This module gives the same keys for
hands the rules evaluated, so the audit compares a claim with the cards without
reading any site's words, and it words a hand the way sites do for explanations.

It also holds the hold'em reading (any five of hole and board cards, no 2+3 rule)
that the ``holdem_misread_prone`` check sets beside the Omaha reading.
"""

from __future__ import annotations

from collections.abc import Sequence

from hhtools.model.cards import parse_card, to_codes
from hhtools.model.records import ClaimedHigh
from hhtools.model.vocab import HandCategory
from hhtools.rules.any_five import any_five_value, best_of_any_five
from hhtools.rules.evaluator import HighHand

__all__ = ["describe_high", "high_key", "holdem_category", "holdem_reading", "low_key"]

_STRAIGHTS = (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH)
_SINGULAR = {2: "Deuce", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
             9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}  # fmt: skip
_PLURAL = {v: ("Sixes" if v == 6 else name + "s") for v, name in _SINGULAR.items()}

#: the categories by the top bits of a high value (``value >> 20``), built once
_CATEGORIES: tuple[HandCategory, ...] = tuple(HandCategory)


def _value(card: str) -> int:
    """Rank 2..14 of a card text (ace high)."""
    return (parse_card(card) >> 2) + 2


def high_key(category: HandCategory | str, cards: Sequence[str]) -> ClaimedHigh:
    """The key of an evaluated high hand, comparable with a grammar's claim.

    Args:
        category: the evaluator's category.
        cards: the five cards in reading order (most important first), e.g.
            ``("Ks", "Kd", "5c", "5h", "Qs")``.

    Returns:
        The :class:`ClaimedHigh` naming the hand the way a site would.

    >>> high_key("two pair", ("Ks", "Kd", "5c", "5h", "Qs")).ranks
    (13, 5)
    >>> high_key("straight", ("5d", "4c", "3h", "2s", "Ah")).ranks
    (5,)
    """
    cat = HandCategory(category)
    values = [_value(c) for c in cards]
    if cat in _STRAIGHTS:
        top = 5 if sorted(values) == [2, 3, 4, 5, 14] else max(values)
        return ClaimedHigh(cat, (top,))
    if cat in (HandCategory.FLUSH, HandCategory.HIGH_CARD):
        return ClaimedHigh(cat, (max(values),))
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    grouped = sorted((v for v, n in counts.items() if n >= 2), key=lambda v: (-counts[v], -v))
    named = 2 if cat in (HandCategory.FULL_HOUSE, HandCategory.TWO_PAIR) else 1
    return ClaimedHigh(cat, tuple(grouped[:named]))


def describe_high(category: HandCategory | str, cards: Sequence[str]) -> str:
    """Words for an evaluated high hand, in the sites' usual English style.

    Args:
        category: the evaluator's category.
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
    cat, r = key.category, key.ranks
    if cat in _STRAIGHTS:
        top = r[0]
        if cat is HandCategory.STRAIGHT_FLUSH and top == 14:
            return "a Royal Flush"
        low = "Ace" if top == 5 else _SINGULAR[top - 4]
        return f"a {cat}, {low} to {_SINGULAR[top]}"
    words = {
        HandCategory.FOUR_OF_A_KIND: lambda: f"four of a kind, {_PLURAL[r[0]]}",
        HandCategory.FULL_HOUSE: lambda: f"a full house, {_PLURAL[r[0]]} full of {_PLURAL[r[1]]}",
        HandCategory.FLUSH: lambda: f"a flush, {_SINGULAR[r[0]]} high",
        HandCategory.THREE_OF_A_KIND: lambda: f"three of a kind, {_PLURAL[r[0]]}",
        HandCategory.TWO_PAIR: lambda: f"two pair, {_PLURAL[r[0]]} and {_PLURAL[r[1]]}",
        HandCategory.ONE_PAIR: lambda: f"a pair of {_PLURAL[r[0]]}",
    }
    return words.get(cat, lambda: f"high card {_SINGULAR[r[0]]}")()


def low_key(cards: Sequence[str]) -> tuple[int, ...]:
    """Ranks of an evaluated low's five cards, high to low, ace = 1.

    >>> low_key(("7d", "5c", "3h", "2s", "Ah"))
    (7, 5, 3, 2, 1)
    """
    return tuple(sorted((1 if c[0] == "A" else _value(c) for c in cards), reverse=True))


def holdem_category(hole: Sequence[str | int], board: Sequence[str | int]) -> HandCategory:
    """The category of the best five of *all* hole and board cards (no 2+3 rule).

    Nothing validated beyond reading the cards; fast enough for every shown hand.

    >>> holdem_category(("As", "2s", "3h", "Kd"), ("Js", "Jd", "Ad", "Jh", "Kc"))
    <HandCategory.FULL_HOUSE: 'full house'>
    """
    return _CATEGORIES[any_five_value(to_codes((*hole, *board))) >> 20]


def holdem_reading(hole: Sequence[str], board: Sequence[str]) -> HighHand:
    """The best five of all hole and board cards (the hold'em reading), with its cards.

    For showing how a hand *would* read if any cards could play; never for awarding.

    >>> h = holdem_reading(("As", "2s", "3h", "Kd"), ("Js", "Jd", "Ad", "Jh", "Kc"))
    >>> str(h.category), h.cards
    ('full house', ('Js', 'Jd', 'Jh', 'As', 'Ad'))
    """
    return best_of_any_five((*hole, *board))
