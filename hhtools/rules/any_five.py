"""The hold'em reading: the best high of ANY five cards of a hand, with no two-plus-three
rule. Never used to award a pot (that is :mod:`hhtools.rules.evaluator`, two hole cards
and three board cards, seeds 000-004); the audit's ``holdem_misread_prone`` check uses it
to show how a hand would read to a player who forgot the Omaha rule.

Values are on :func:`hhtools.rules.evaluator.high_value`'s scale and ranked by the same
tables (:func:`hhtools.rules.tables.value5`).
"""

from __future__ import annotations

from collections.abc import Sequence

from hhtools.model.cards import check_distinct, to_codes
from hhtools.rules.evaluator import (
    _CATEGORIES,
    HighHand,
    InvalidHandError,
    _reading_order,
)
from hhtools.rules.tables import FL5 as _FL5
from hhtools.rules.tables import FLUSH as _FLUSH_CAT
from hhtools.rules.tables import SF as _SF
from hhtools.rules.tables import V5 as _V5
from hhtools.rules.tables import W as _W

__all__ = ["any_five_high", "any_five_value", "best_of_any_five"]


def best_of_any_five(cards: str | Sequence[str | int]) -> HighHand:
    """The best high of any five of ``cards``: the hold'em way, no 2+3 rule.

    For showing how a hand *would* read if any cards could play (the audit's
    ``holdem_misread_prone`` check), never for awarding a pot.

    Args:
        cards: five to eleven distinct cards (hole and board together).

    Raises:
        InvalidCardError, DuplicateCardError: bad or repeated card.
        InvalidHandError: fewer than five cards.

    >>> h = best_of_any_five("As 2s 3h Kd Js Jd Ad Jh Kc")
    >>> h.category, h.cards
    (<HandCategory.FULL_HOUSE: 'full house'>, ('Js', 'Jd', 'Jh', 'As', 'Ad'))
    """
    codes = to_codes(cards)
    if len(codes) < 5:
        raise InvalidHandError(f"a hand is five cards, got {len(codes)}")
    check_distinct(codes)
    return any_five_high(codes, any_five_value(codes))


def any_five_high(codes: Sequence[int], value: int) -> HighHand:
    """The :class:`HighHand` of ``codes`` whose best value of any five is ``value``
    (:func:`any_five_value`): what :func:`best_of_any_five` gives, for a caller that
    has both already (the five cards: each rank's first cards in the order given).

    Args:
        codes: five or more distinct card codes (not validated).
        value: ``any_five_value(codes)``.

    >>> from hhtools.model.cards import parse_cards
    >>> codes = parse_cards("As 2s 3h Kd Js Jd Ad Jh Kc")
    >>> any_five_high(codes, any_five_value(codes)).cards
    ('Js', 'Jd', 'Jh', 'As', 'Ad')
    """
    return HighHand(value, _CATEGORIES[value >> 20], _reading_order(_any_five_cards(codes, value), value))


def any_five_value(codes: Sequence[int]) -> int:
    """Best high value of any five of ``codes`` (the hold'em reading), fast path.

    Same scale as :func:`high_value`; nothing validated (five or more distinct card
    codes). Flushes come from the flush table of each suit holding five or more
    cards; the rest from the best rank multiset, category by category (quads, full
    house, straight, trips, two pair, pair, high card), valued by the same table
    every other path uses, so the ranking rule is :func:`hhtools.rules.tables.value5`.

    >>> from hhtools.model.cards import parse_cards
    >>> any_five_value(parse_cards("As 2s 3h Kd Js Jd Ad Jh Kc")) >> 20  # full house
    6
    """
    seen = two = three = four = 0  # rank masks: held once or more, twice or more...
    suited = [0, 0, 0, 0]
    for c in codes:
        bit = 1 << (c >> 2)
        suited[c & 3] |= bit
        if three & bit:
            four |= bit
        elif two & bit:
            three |= bit
        elif seen & bit:
            two |= bit
        else:
            seen |= bit
    best = 0
    for mask in suited:
        if mask.bit_count() >= 5:  # the suit's highest straight, else its five highest
            top = _straight_top_mask(mask)
            while top is None and mask.bit_count() > 5:
                mask &= mask - 1  # drop the lowest rank
            best = max(best, _FL5[mask if top is None else _RUN[top]])
    w = _W
    if four:  # four of a kind and the highest other rank
        q = four.bit_length() - 1
        key = 4 * w[q] + w[(seen ^ 1 << q).bit_length() - 1]
    elif three and two ^ (1 << three.bit_length() - 1):  # a full house: the highest
        t = three.bit_length() - 1  # three, and the highest other rank held twice
        key = 3 * w[t] + 2 * w[(two ^ 1 << t).bit_length() - 1]
    else:
        top = _straight_top_mask(seen)
        if top is not None:
            return max(best, _V5[sum(w[r] for r in _RUN_RANKS[top])])
        if three:  # three of a kind, the two highest other ranks
            t = three.bit_length() - 1
            key = 3 * w[t] + _top_weights(seen ^ 1 << t, 2)
        elif two & (two - 1):  # two pair: the two highest pairs, the highest other rank
            a = two.bit_length() - 1
            b = (two ^ 1 << a).bit_length() - 1
            key = 2 * w[a] + 2 * w[b] + _top_weights(seen ^ (1 << a | 1 << b), 1)
        elif two:  # one pair, the three highest other ranks
            p = two.bit_length() - 1
            key = 2 * w[p] + _top_weights(seen ^ 1 << p, 3)
        else:
            key = _top_weights(seen, 5)
    return max(best, _V5[key])


def _top_weights(mask: int, k: int) -> int:
    """The rank-multiset key (the sum of :data:`~hhtools.rules.tables.W`) of the ``k``
    highest ranks of a rank mask (bit ``r``: rank ``r``)."""
    key = 0
    for _ in range(k):
        r = mask.bit_length() - 1
        key += _W[r]
        mask ^= 1 << r
    return key


_WHEEL = 1 << 12 | 0b1111  # A-2-3-4-5
_RUN = {top: (0b11111 << (top - 4)) if top > 3 else _WHEEL for top in range(3, 13)}  # by top rank
#: the five ranks of the straight with each top rank (3: the wheel, the ace low)
_RUN_RANKS = {top: tuple(range(top, top - 5, -1)) if top > 3 else (3, 2, 1, 0, 12)
              for top in range(3, 13)}  # fmt: skip


def _straight_top_mask(mask: int) -> int | None:
    """The top rank of the best straight in a mask of ranks (bit ``r``: rank ``r``), 3
    for the wheel, ``None`` for none: ``_straight_top_mask(_WHEEL | 1 << 5)`` is 3."""
    run = mask & mask >> 1 & mask >> 2 & mask >> 3 & mask >> 4  # bit r: ranks r..r+4
    return run.bit_length() + 3 if run else 3 if mask & _WHEEL == _WHEEL else None


def _any_five_cards(codes: Sequence[int], value: int) -> tuple[int, ...]:
    """Five of ``codes`` that make ``value``: each rank's first cards in the order given.

    For a flush, only cards of the flush suit count. Gives the cards of the first
    five-card choice, in the order given, that makes the value.
    """
    ranks = [(value >> s) & 15 for s in (16, 12, 8, 4, 0)]
    suit = -1
    if (value >> 20) in (_FLUSH_CAT, _SF):
        for s in range(4):
            have = {c >> 2 for c in codes if c & 3 == s}
            if all(r in have for r in ranks):
                suit = s
                break
    by_rank: dict[int, list[int]] = {}  # each rank's cards (of the suit), in the order given
    for c in codes:
        if suit < 0 or c & 3 == suit:
            got = by_rank.get(c >> 2)
            if got is None:
                by_rank[c >> 2] = [c]
            else:
                got.append(c)
    chosen: set[int] = set()
    for r in ranks:  # each rank's first card not chosen yet
        chosen.add(by_rank[r].pop(0))
    return tuple([c for c in codes if c in chosen])  # distinct codes: in the order given
