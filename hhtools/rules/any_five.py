"""The hold'em reading: the best high of ANY five cards of a hand, with no two-plus-three
rule. Never used to award a pot (that is :mod:`hhtools.rules.evaluator`, two hole cards
and three board cards, seeds 000-004); the audit's ``holdem_misread_prone`` check uses it
to show how a hand would read to a player who forgot the Omaha rule.

Values are on :func:`hhtools.rules.evaluator.high_value`'s scale and ranked by the same
tables (:func:`hhtools.rules.tables.value5`).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

from hhtools.model.cards import check_distinct, to_codes
from hhtools.model.frozen import maker
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

_high = maker(HighHand)  # by position: written in C when compiled


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
    return _high(value, _CATEGORIES[value >> 20], _reading_order(_any_five_cards(codes, value), value))


def any_five_value(codes: Sequence[int]) -> int:
    """Best high value of any five of ``codes`` (the hold'em reading), fast path.

    Same scale as :func:`high_value`; nothing validated (five or more distinct card
    codes). Flushes come from the flush table of each suit holding five or more
    cards; the rest from the best rank multiset, category by category (quads, full
    house, straight, trips, two pair, pair, high card), valued by the same table
    every other path uses, so the ranking rule is :func:`hhtools.rules.tables.value5`.
    Rank masks (bit ``r``: rank ``r``) are read through :data:`_TOP` and
    :data:`_COUNT` (compiled: as C integers, ``any_five.pxd``).

    >>> from hhtools.model.cards import parse_cards
    >>> any_five_value(parse_cards("As 2s 3h Kd Js Jd Ad Jh Kc")) >> 20  # full house
    6
    """
    seen = two = three = four = 0  # rank masks: held once or more, twice or more...
    s0 = s1 = s2 = s3 = 0  # rank masks of each suit
    for c in codes:
        bit = 1 << (c >> 2)
        suit = c & 3
        if suit == 0:
            s0 |= bit
        elif suit == 1:
            s1 |= bit
        elif suit == 2:
            s2 |= bit
        else:
            s3 |= bit
        if three & bit:
            four |= bit
        elif two & bit:
            three |= bit
        elif seen & bit:
            two |= bit
        else:
            seen |= bit
    top, count, w = _TOP_VIEW, _COUNT_VIEW, _W_VIEW
    best = 0
    if count[s0] >= 5:  # a suit of five or more: its best flush
        best = _flush_value(s0)
    if count[s1] >= 5:
        best = max(best, _flush_value(s1))
    if count[s2] >= 5:
        best = max(best, _flush_value(s2))
    if count[s3] >= 5:
        best = max(best, _flush_value(s3))
    if four:  # four of a kind and the highest other rank
        q = top[four]
        key = 4 * w[q] + w[top[seen ^ 1 << q]]
    elif three and two ^ (1 << top[three]):  # a full house: the highest three, and
        t = top[three]  # the highest other rank held twice
        key = 3 * w[t] + 2 * w[top[two ^ 1 << t]]
    else:
        run = _straight_top_mask(seen)
        if run >= 0:
            return max(best, _V5_VIEW[_RUN_KEY_VIEW[run]])
        if three:  # three of a kind, the two highest other ranks
            t = top[three]
            key = 3 * w[t] + _top_weights(seen ^ 1 << t, 2)
        elif two & (two - 1):  # two pair: the two highest pairs, the highest other rank
            a = top[two]
            b = top[two ^ 1 << a]
            key = 2 * w[a] + 2 * w[b] + _top_weights(seen ^ (1 << a | 1 << b), 1)
        elif two:  # one pair, the three highest other ranks
            p = top[two]
            key = 2 * w[p] + _top_weights(seen ^ 1 << p, 3)
        else:
            key = _top_weights(seen, 5)
    return max(best, _V5_VIEW[key])


def _flush_value(mask: int) -> int:
    """The best value of one suit's cards, ``mask`` its ranks (five or more): its
    highest straight flush, else its five highest ranks."""
    run = _straight_top_mask(mask)
    if run >= 0:
        return _FL5_VIEW[_RUN_VIEW[run]]
    count = _COUNT_VIEW
    while count[mask] > 5:
        mask &= mask - 1  # drop the lowest rank
    return _FL5_VIEW[mask]


def _top_weights(mask: int, k: int) -> int:
    """The rank-multiset key (the sum of :data:`~hhtools.rules.tables.W`) of the ``k``
    highest ranks of a rank mask (bit ``r``: rank ``r``)."""
    key = 0
    top, w = _TOP_VIEW, _W_VIEW
    for _ in range(k):
        r = top[mask]
        key += w[r]
        mask ^= 1 << r
    return key


_WHEEL = 1 << 12 | 0b1111  # A-2-3-4-5
#: the rank mask of the straight with each top rank (3: the wheel, the ace low), by top
#: rank (0 to 2: none)
_RUN = [(0b11111 << (top - 4)) if top > 3 else _WHEEL if top == 3 else 0 for top in range(13)]
#: the five ranks of the straight with each top rank (3: the wheel, the ace low)
_RUN_RANKS = {top: tuple(range(top, top - 5, -1)) if top > 3 else (3, 2, 1, 0, 12)
              for top in range(3, 13)}  # fmt: skip
#: the rank-multiset key of the straight with each top rank (0 to 2: none)
_RUN_KEY = [sum(_W[r] for r in _RUN_RANKS[top]) if top >= 3 else 0 for top in range(13)]
#: the highest rank of each rank mask (13 ranks: every mask below ``1 << 13``; -1: none)
_TOP = [m.bit_length() - 1 for m in range(1 << 13)]
#: how many ranks each rank mask holds
_COUNT = [m.bit_count() for m in range(1 << 13)]


def _straight_top_mask(mask: int) -> int:
    """The top rank of the best straight in a mask of ranks (bit ``r``: rank ``r``), 3
    for the wheel, -1 for none: ``_straight_top_mask(_WHEEL | 1 << 5)`` is 3."""
    run = mask & mask >> 1 & mask >> 2 & mask >> 3 & mask >> 4  # bit r: ranks r..r+4
    return _TOP_VIEW[run] + 4 if run else 3 if mask & _WHEEL == _WHEEL else -1


def _compiled() -> bool:
    """Whether this module runs compiled: its functions are then Cython's."""
    return type(_compiled).__name__ == "cython_function_or_method"


def _views(compiled: bool, *tables: Sequence[int]) -> tuple[Sequence[int], ...]:
    """The tables as the fast paths read them: C-int arrays when ``compiled`` (typed
    views in any_five.pxd), else the tables themselves (a list indexes quickest)."""
    return tuple(array("i", t) for t in tables) if compiled else tables


_TOP_VIEW, _COUNT_VIEW, _W_VIEW, _RUN_VIEW, _RUN_KEY_VIEW, _FL5_VIEW = _views(
    _compiled(), _TOP, _COUNT, _W, _RUN, _RUN_KEY, _FL5)
_V5_VIEW = _V5  # (an array('i') already)


def _any_five_cards(codes: Sequence[int], value: int) -> tuple[int, ...]:
    """Five of ``codes`` that make ``value``: each rank's first cards in the order given.

    For a flush, only cards of the flush suit count. Gives the cards of the first
    five-card choice, in the order given, that makes the value.
    """
    ranks = ((value >> 16) & 15, (value >> 12) & 15, (value >> 8) & 15, (value >> 4) & 15,
             value & 15)  # fmt: skip
    suit = -1
    cat = value >> 20
    if cat == _FLUSH_CAT or cat == _SF:
        need = 0  # the value's ranks
        for r in ranks:
            need |= 1 << r
        for s in range(4):
            have = 0  # the ranks of suit s
            for c in codes:
                if c & 3 == s:
                    have |= 1 << (c >> 2)
            if have & need == need:
                suit = s
                break
    chosen: list[int] = []
    for r in ranks:  # each rank's first card (of the suit) not chosen yet, in the order given
        for c in codes:
            if c >> 2 == r and (suit < 0 or c & 3 == suit) and c not in chosen:
                chosen.append(c)
                break
    return tuple([c for c in codes if c in chosen])  # distinct codes: in the order given
