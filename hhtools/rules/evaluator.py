"""Omaha-family showdown evaluation: best high and best ace-to-five low.

The rules (``shared/seeds``; DESIGN.md, "The rules the evaluator applies"):

* A hand is the best five cards from **exactly two** hole cards and **exactly three**
  board cards (seeds 000, 001, 002, 004). Omaha deals 4 hole cards, 5-card Omaha /
  Big O and Courchevel 5, 6-card Omaha 6; the board is always five cards at showdown.
* High: straight flush > four of a kind > full house > flush > straight > three of a
  kind > two pair > one pair > high card; A-2-3-4-5 is the lowest straight; suits never
  break ties (seed 002, PokerStars rankings).
* Low: ace-to-five; aces low; straights and flushes ignored; five distinct ranks none
  above the qualifier (8 by default, 9 or 7 selectable); compared from the top card
  down (seeds 000, 001, 002). The low may use different hole cards from the high.

Values (both "greater is better", equal value means a tie):

* **High value**: ``category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5``,
  ``category`` 0 (high card) .. 8 (straight flush), ``r1..r5`` the rank indexes
  (0 = deuce .. 12 = ace) of the five cards in reading order (the wheel reads
  5-4-3-2-A, so its ``r5`` is the ace: 12). ``value >> 20`` is the category index.
* **Low value**: ``8191 - mask`` where ``mask`` has bit ``n - 1`` set for each of the
  five low ranks ``n`` (ace = 1 .. king = 13). Comparing these masks as integers is
  exactly "compare from the top card down", so the wheel (mask 31) has the greatest
  value, 8160. No qualifying low is ``None`` (per call) or :data:`NO_LOW` (-1, batch).

Three layers, all giving the same values:

* :func:`best_high` / :func:`best_low` validate their input and return the five cards
  (:class:`HighHand`, :class:`LowHand`);
* :func:`high_value` / :func:`low_value` are the per-call fast paths on card codes
  (no validation);
* :func:`hhtools.rules.batch.batch_high_low` evaluates arrays of hands with numpy.

Speed comes from tables built once at import (about 0.1 s, nothing cached on disk):
the best non-flush high for every board rank multiset (6,188) and every ordered pair
of hole ranks (169), a 5-card flush table, and the best low for every set of low hole
ranks and set of low board ranks (512 x 512). Flushes are looked up separately, only
when the board holds three or more cards of a suit.

When several choices of two hole cards and three board cards give the same value,
the five cards reported are those of the first choice in deal order (hole pairs in
the order the hole cards are given, then board triples in board order). Within the
five, cards of equal rank keep that order (hole cards before board cards).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from typing import Final

from hhtools.model.cards import RANKS, card_str, check_distinct, to_codes
from hhtools.model.frozen import maker, record
from hhtools.model.vocab import HandCategory
from hhtools.rules.tables import (
    BROW as _BROW,
)
from hhtools.rules.tables import (
    FL5 as _FL5,
)
from hhtools.rules.tables import (
    FLUSH_ADD as _FLUSH_ADD,
)
from hhtools.rules.tables import (
    FLUSH_ANY as _FLUSH_ANY,
)
from hhtools.rules.tables import (
    HIGH as _HIGH,
)
from hhtools.rules.tables import (
    KEY as _KEY,
)
from hhtools.rules.tables import (
    LOW as _LOW,
)
from hhtools.rules.tables import (
    LOWBIT as _LOWBIT,
)
from hhtools.rules.tables import (
    LOWRANK as _LOWRANK,
)
from hhtools.rules.tables import NO_LOW, QUALIFIERS
from hhtools.rules.tables import (
    PAIRS as _PAIRS,
)
from hhtools.rules.tables import (
    QMASK as _QMASK,
)
from hhtools.rules.tables import (
    R13 as _R13,
)
from hhtools.rules.tables import (
    SF as _SF,
)
from hhtools.rules.tables import (
    STRAIGHT as _STRAIGHT,
)
from hhtools.rules.tables import (
    SUITCOUNT as _SUITCOUNT,
)
from hhtools.rules.tables import (
    TRIPLES as _TRIPLES,
)
from hhtools.rules.tables import (
    V5 as _V5,
)
from hhtools.rules.tables import (
    R as _R,
)
from hhtools.rules.tables import (
    flush_best as _flush_best,
)

__all__ = [
    "NO_LOW",
    "HandCategory",
    "HighHand",
    "InvalidHandError",
    "InvalidQualifierError",
    "LowHand",
    "best_high",
    "best_high_low",
    "best_low",
    "category_of",
    "high5",
    "high_value",
    "low5",
    "low_value",
]

class InvalidHandError(ValueError):
    """Wrong number of cards: a board that is not five cards, a hole of the wrong size."""


class InvalidQualifierError(ValueError):
    """A low qualifier other than those in :data:`QUALIFIERS`."""


_CATEGORIES: Final = tuple(HandCategory)
_TEXT: Final = tuple(card_str(c) for c in range(52))  # card code -> its text
_CODE: Final = {text: c for c, text in enumerate(_TEXT)}  # "As" -> its code (to_codes' spelling)


def category_of(value: int) -> HandCategory:
    """The category of a high value.

    >>> category_of(high5("Ks Kd 5c 5h Qs").value)
    <HandCategory.TWO_PAIR: 'two pair'>
    """
    return _CATEGORIES[value >> 20]


@record
class HighHand:
    """A best high hand.

    Attributes:
        value: comparable rank, greater is better, equal is a tie (module docstring).
        category: the hand category.
        cards: the five cards in reading order, e.g. ``("Ks", "Kd", "5c", "5h", "Qs")``.
    """

    value: int
    category: HandCategory
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.category}: {' '.join(self.cards)}"


@record
class LowHand:
    """A best qualifying ace-to-five low.

    Attributes:
        value: comparable rank, greater is *better* (i.e. lower cards), equal is a tie.
        cards: the five cards highest first, ace last: ``("7d", "5c", "3h", "2s", "Ah")``.
        ranks: the ranks as PokerStars writes them, ``"7,5,3,2,A"``.
    """

    value: int
    cards: tuple[str, ...]
    ranks: str

    def __str__(self) -> str:
        return f"{self.ranks}: {' '.join(self.cards)}"


# a record's builder (hhtools.model.frozen.maker: by position, the compiled core writes
# its slots in C; calling the class runs its Python __new__)
_high, _low = maker(HighHand), maker(LowHand)



def _compiled() -> bool:
    """Whether this module runs compiled: its functions are then Cython's."""
    return type(_compiled).__name__ == "cython_function_or_method"


# the tables as the per-call paths read them: as Python the tables themselves (a list
# indexes quickest there); compiled, typed views of C-int arrays taken once here
# (evaluator.pxd), so that a call reads them in C, boxing no number on the way
def _per_card_tables(
    compiled: bool,
) -> tuple[Sequence[int], Sequence[int], Sequence[int], Sequence[int]]:
    """The per-card tables (key, rank, rank of 13, suit count) as the per-call paths
    read them: C-int arrays when ``compiled`` (typed views in evaluator.pxd), else the
    lists themselves."""
    if compiled:
        return array("i", _KEY), array("i", _R), array("i", _R13), array("i", _SUITCOUNT)
    return _KEY, _R, _R13, _SUITCOUNT


_HIGH_VIEW, _V5_VIEW = _HIGH, _V5
_KEY_VIEW, _R_VIEW, _R13_VIEW, _SUIT_VIEW = _per_card_tables(_compiled())


# ------------------------------------------------------------------ fast paths


def high_value(hole: Sequence[int], board: Sequence[int]) -> int:
    """Best high value, fast path: card codes in, nothing validated.

    Args:
        hole: 2 to 7 hole card codes (4-6 in the games dealt), all distinct.
        board: exactly five board card codes, distinct from the hole.

    Returns:
        The high value (module docstring); same scale as :attr:`HighHand.value`.

    >>> from hhtools.model.cards import parse_cards
    >>> v = high_value(parse_cards("7c 9c Js Qs"), parse_cards("2s 5c Th 7d 8c"))
    >>> category_of(v), v == best_high("7c 9c Js Qs", "2s 5c Th 7d 8c").value
    (<HandCategory.STRAIGHT: 'straight'>, True)
    """
    b0, b1, b2, b3, b4 = board
    k = _KEY_VIEW
    row = _BROW[k[b0] + k[b1] + k[b2] + k[b3] + k[b4]]
    t = _HIGH_VIEW
    r = _R_VIEW
    r13 = _R13_VIEW
    if len(hole) == 4:
        h0, h1, h2, h3 = hole
        a = row + r13[h0]
        b = row + r13[h1]
        c = row + r13[h2]
        x1 = r[h1]
        x2 = r[h2]
        x3 = r[h3]
        best = max(t[a + x1], t[a + x2], t[a + x3], t[b + x2], t[b + x3], t[c + x3])
    else:  # every pair i < j of 2, 5, 6 or 7 hole cards: the same pairs as _PAIRS
        n = len(hole)
        best = 0
        for i in range(n - 1):
            a = row + r13[hole[i]]
            for j in range(i + 1, n):
                v = t[a + r[hole[j]]]
                if v > best:
                    best = v
    s = _SUIT_VIEW
    f = (s[b0] + s[b1] + s[b2] + s[b3] + s[b4] + _FLUSH_ADD) & _FLUSH_ANY
    if f:
        suit = f.bit_length() >> 3
        hm = 0
        for c_ in hole:
            if c_ & 3 == suit:
                hm |= 1 << (c_ >> 2)
        if hm & (hm - 1):  # two or more hole cards of the suit
            bm = 0
            for c_ in board:
                if c_ & 3 == suit:
                    bm |= 1 << (c_ >> 2)
            fv = _flush_best(bm, hm)
            best = max(best, fv)
    return best


def low_value(hole: Sequence[int], board: Sequence[int], qualifier: int = 8) -> int | None:
    """Best low value, fast path: card codes in, nothing validated but the qualifier.

    Args:
        hole: hole card codes (any number).
        board: exactly five board card codes.
        qualifier: highest rank a low may hold (8 for "eight or better"; 7 or 9).

    Returns:
        The low value (greater is better; same scale as :attr:`LowHand.value`), or
        ``None`` when no qualifying low can be made.

    Raises:
        InvalidQualifierError: ``qualifier`` not in :data:`QUALIFIERS`.

    >>> from hhtools.model.cards import parse_cards
    >>> low_value(parse_cards("Ah 3h Ts Tc"), parse_cards("2s 5c Th 7d 8c")) == 8191 - 0b1010111
    True
    >>> low_value(parse_cards("7c 9c Js Qs"), parse_cards("2s 5c Th 7d 8c")) is None
    True
    """
    try:
        m = _QMASK[qualifier]
    except KeyError:
        raise InvalidQualifierError(f"low qualifier must be one of {QUALIFIERS}, not {qualifier!r}") from None
    lb = _LOWBIT
    h = 0
    for c in hole:
        h |= lb[c]
    b0, b1, b2, b3, b4 = board
    v = _LOW[(h & m) << 9 | ((lb[b0] | lb[b1] | lb[b2] | lb[b3] | lb[b4]) & m)]
    return None if v < 0 else v


# ------------------------------------------------------- validated, with cards


def _eval5(c5: Sequence[int]) -> int:
    c0, c1, c2, c3, c4 = c5
    if (c0 & 3) == (c1 & 3) == (c2 & 3) == (c3 & 3) == (c4 & 3):
        return _FL5[(1 << (c0 >> 2)) | (1 << (c1 >> 2)) | (1 << (c2 >> 2)) | (1 << (c3 >> 2)) | (1 << (c4 >> 2))]
    k = _KEY_VIEW
    return _V5_VIEW[k[c0] + k[c1] + k[c2] + k[c3] + k[c4]]


def _low5(c5: Sequence[int], qmask: int) -> int | None:
    mask = 0
    for c in c5:
        bit = 1 << (_LOWRANK[c] - 1)
        if mask & bit or not bit & qmask:
            return None
        mask |= bit
    return 8191 - mask


def _reading_order(c5: Sequence[int], value: int) -> tuple[str, ...]:
    """The five cards' texts in reading order: by rank's count, then rank, high first.

    Straights by rank alone, the wheel's ace last (it plays low). Cards of equal count
    and rank keep their order in ``c5``: each sort key is one integer ending in the
    card's position (3 bits), so sorting the keys is a stable sort by (-count, -rank).
    """
    c0, c1, c2, c3, c4 = c5
    r0, r1, r2, r3, r4 = c0 >> 2, c1 >> 2, c2 >> 2, c3 >> 2, c4 >> 2
    cat = value >> 20
    if cat == _STRAIGHT or cat == _SF:  # no rank twice: by rank; the wheel's ace as 13
        w = 12 if value >> 16 & 15 == 3 else 13  # the wheel (five high): its ace reads last
        keys = [
            (12 - r0 if r0 != w else 13) << 3,
            (12 - r1 if r1 != w else 13) << 3 | 1,
            (12 - r2 if r2 != w else 13) << 3 | 2,
            (12 - r3 if r3 != w else 13) << 3 | 3,
            (12 - r4 if r4 != w else 13) << 3 | 4,
        ]
    else:  # 5 - count in the high bits (a count is 1 to 4), then 12 - rank, then position
        n0 = (r0 == r1) + (r0 == r2) + (r0 == r3) + (r0 == r4)
        n1 = (r1 == r0) + (r1 == r2) + (r1 == r3) + (r1 == r4)
        n2 = (r2 == r0) + (r2 == r1) + (r2 == r3) + (r2 == r4)
        n3 = (r3 == r0) + (r3 == r1) + (r3 == r2) + (r3 == r4)
        n4 = (r4 == r0) + (r4 == r1) + (r4 == r2) + (r4 == r3)
        keys = [
            ((4 - n0) << 4 | (12 - r0)) << 3,
            ((4 - n1) << 4 | (12 - r1)) << 3 | 1,
            ((4 - n2) << 4 | (12 - r2)) << 3 | 2,
            ((4 - n3) << 4 | (12 - r3)) << 3 | 3,
            ((4 - n4) << 4 | (12 - r4)) << 3 | 4,
        ]
    keys.sort()
    k0, k1, k2, k3, k4 = keys
    t = _TEXT
    return (t[c5[k0 & 7]], t[c5[k1 & 7]], t[c5[k2 & 7]], t[c5[k3 & 7]], t[c5[k4 & 7]])


def _low_hand(c5: Sequence[int], value: int) -> LowHand:
    """The :class:`LowHand` of five cards whose low value is ``value``: the cards
    highest first, ace last (a stable sort by rank: each key one integer, the rank then
    the card's place in ``c5`` counted down, sorted high first)."""
    lr = _LOWRANK
    keys = [lr[c5[0]] << 3 | 7, lr[c5[1]] << 3 | 6, lr[c5[2]] << 3 | 5,
            lr[c5[3]] << 3 | 4, lr[c5[4]] << 3 | 3]  # fmt: skip
    keys.sort(reverse=True)
    order = [c5[7 - (k & 7)] for k in keys]
    ranks = ",".join(["A" if lr[c] == 1 else RANKS[c >> 2] for c in order])
    return _low(value, tuple([_TEXT[c] for c in order]), ranks)


def _check_qualifier(qualifier: int) -> int:
    try:
        return _QMASK[qualifier]
    except (KeyError, TypeError):
        raise InvalidQualifierError(
            f"low qualifier must be one of {QUALIFIERS}, not {qualifier!r}"
        ) from None


def _validated(
    hole: str | Sequence[str | int], board: str | Sequence[str | int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if type(hole) is tuple and type(board) is tuple:  # the usual case: texts as records hold them
        try:
            h = tuple([_CODE[x] for x in hole])
            b = tuple([_CODE[x] for x in board])
        except (KeyError, TypeError):  # codes, other spellings, or not a card: the careful way
            h, b = to_codes(hole), to_codes(board)
    else:
        h, b = to_codes(hole), to_codes(board)
    if len(b) != 5:
        raise InvalidHandError(f"board must be five cards, got {len(b)}")
    if not 2 <= len(h) <= 7:
        raise InvalidHandError(f"hole must be 2 to 7 cards, got {len(h)}")
    seen = twice = 0  # the cards as bits (a code is 0 to 51): a card twice sets a bit of twice
    one = 1  # (a 64-bit integer when compiled: the shifts stay in 64 bits)
    for c in h:
        twice |= seen & one << c
        seen |= one << c
    for c in b:
        twice |= seen & one << c
        seen |= one << c
    if twice:  # a card twice: check_distinct names it
        check_distinct(h + b)
    return h, b


def _omaha_fives(h: Sequence[int], b: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every five-card hand of exactly two hole cards and exactly three board cards."""
    for x, y in _PAIRS[len(h)]:
        hx, hy = h[x], h[y]
        for p, q, s in _TRIPLES:
            yield (hx, hy, b[p], b[q], b[s])


def best_high(hole: str | Sequence[str | int], board: str | Sequence[str | int]) -> HighHand:
    """The best high hand from exactly two hole cards and exactly three board cards.

    Args:
        hole: 2 to 7 hole cards (seed 000: two-card Omaha; seed 001: as many as seven),
            as text (``"As 4s 5h Kc"``), card strings or codes.
        board: exactly five board cards, same forms.

    Returns:
        The :class:`HighHand`: value, category and the five cards in reading order.

    Raises:
        InvalidCardError: a card cannot be read (named).
        DuplicateCardError: a card appears twice among hole and board (named).
        InvalidHandError: the board is not five cards or the hole not 4-6.

    Seed 000 (board K-9-Q-Q-5 with four spades): a lone spade in hand makes no flush.

    >>> hand = best_high("As 2h 4h 5c", "Ks 9s Qs Qh 5s")
    >>> hand.category, hand.cards
    (<HandCategory.TWO_PAIR: 'two pair'>, ('Qs', 'Qh', '5c', '5s', 'As'))
    """
    h, b = _validated(hole, board)
    return _high_of(h, b)


def best_high_low(
    hole: str | Sequence[str | int], board: str | Sequence[str | int], qualifier: int = 8
) -> tuple[HighHand, LowHand | None]:
    """``(best_high(hole, board), best_low(hole, board, qualifier))``, the cards read
    and checked once: a hi/lo showdown reads each shown hand both ways.

    Raises:
        As :func:`best_high`, then (the high read) :class:`InvalidQualifierError` as
        :func:`best_low`.

    >>> high, low = best_high_low("3c 7d Qd Qs", "2d 6h Ac 5c 8s")
    >>> high == best_high("3c 7d Qd Qs", "2d 6h Ac 5c 8s"), low.ranks
    (True, '7,5,3,2,A')
    """
    h, b = _validated(hole, board)
    return _high_of(h, b), _low_of(h, b, qualifier)


def _high_of(h: tuple[int, ...], b: tuple[int, ...]) -> HighHand:
    """:func:`best_high` of cards read and checked (:func:`_validated`)."""
    best = high_value(h, b)
    best5 = _first_high_five(h, b, best)
    return _high(best, _CATEGORIES[best >> 20], _reading_order(best5, best))


def _first_high_five(h: Sequence[int], b: Sequence[int], best: int) -> tuple[int, ...]:
    """The first five of :func:`_omaha_fives` whose value is ``best`` (the best value).

    The same five a scan of all of them keeping the first maximum finds: a hole pair
    is skipped only when neither its non-flush value (one table lookup) nor a flush
    (both of its cards of the board's flush suit) can reach ``best``.
    """
    b0, b1, b2, b3, b4 = b
    k = _KEY_VIEW
    row = _BROW[k[b0] + k[b1] + k[b2] + k[b3] + k[b4]]
    s = _SUIT_VIEW
    f = (s[b0] + s[b1] + s[b2] + s[b3] + s[b4] + _FLUSH_ADD) & _FLUSH_ANY
    suit = f.bit_length() >> 3 if f else -1
    t, r13, r = _HIGH_VIEW, _R13_VIEW, _R_VIEW
    for x, y in _PAIRS[len(h)]:
        hx, hy = h[x], h[y]
        if t[row + r13[hx] + r[hy]] != best and not (hx & 3 == suit and hy & 3 == suit):
            continue
        for p, q, z in _TRIPLES:
            c5 = (hx, hy, b[p], b[q], b[z])
            if _eval5(c5) == best:
                return c5
    raise AssertionError(f"no five of value {best}")  # pragma: no cover - tables agree


def best_low(
    hole: str | Sequence[str | int], board: str | Sequence[str | int], qualifier: int = 8
) -> LowHand | None:
    """The best ace-to-five low from exactly two hole and exactly three board cards.

    Args:
        hole: 2 to 7 hole cards (text, card strings or codes).
        board: exactly five board cards.
        qualifier: highest rank allowed in a low: 8 (default), 7 or 9.

    Returns:
        The :class:`LowHand`, or ``None`` when no five distinct ranks, none above the
        qualifier, can be made.

    Raises:
        InvalidCardError, DuplicateCardError, InvalidHandError: as :func:`best_high`.
        InvalidQualifierError: qualifier not in :data:`QUALIFIERS`.

    Seed 000: with 2-6-A-5-8 on board, 3c 7d Qd Qs must play its 7 and 3.

    >>> best_low("3c 7d Qd Qs", "2d 6h Ac 5c 8s").ranks
    '7,5,3,2,A'
    >>> best_low("8c Jc Jd Th", "As Kc Qc 8d 2d") is None
    True
    """
    _check_qualifier(qualifier)
    h, b = _validated(hole, board)
    return _low_of(h, b, qualifier)


def _low_of(h: tuple[int, ...], b: tuple[int, ...], qualifier: int) -> LowHand | None:
    """:func:`best_low` of cards read and checked (:func:`_validated`)."""
    qmask = _check_qualifier(qualifier)
    best = low_value(h, b, qualifier)
    if best is None:
        return None
    lb = _LOWBIT
    board_bits = (lb[b[0]] | lb[b[1]] | lb[b[2]] | lb[b[3]] | lb[b[4]]) & qmask
    for x, y in _PAIRS[len(h)]:  # the first five reaching the best low, as a full scan
        hx, hy = h[x], h[y]
        if _LOW[((lb[hx] | lb[hy]) & qmask) << 9 | board_bits] != best:
            continue
        for p, q, z in _TRIPLES:
            c5 = (hx, hy, b[p], b[q], b[z])
            if _low5(c5, qmask) == best:
                return _low_hand(c5, best)
    raise AssertionError(f"no five of low value {best}")  # pragma: no cover - tables agree


def high5(cards: str | Sequence[str | int]) -> HighHand:
    """The high reading of exactly five cards (no Omaha selection): for comparisons.

    Raises:
        InvalidCardError, DuplicateCardError: bad or repeated card.
        InvalidHandError: not five cards.

    >>> high5("5h 4s 3c 2d Ah").cards, high5("5h 4s 3c 2d Ah").category
    (('5h', '4s', '3c', '2d', 'Ah'), <HandCategory.STRAIGHT: 'straight'>)
    """
    c5 = to_codes(cards)
    if len(c5) != 5:
        raise InvalidHandError(f"a hand is five cards, got {len(c5)}")
    check_distinct(c5)
    v = _eval5(c5)
    return _high(v, _CATEGORIES[v >> 20], _reading_order(c5, v))


def low5(cards: str | Sequence[str | int], qualifier: int = 8) -> LowHand | None:
    """The ace-to-five low reading of exactly five cards, or ``None`` if it does not qualify.

    Raises:
        InvalidCardError, DuplicateCardError, InvalidHandError, InvalidQualifierError.

    Seed 001: an A-2-4-5-6 "flush" is still a six low.

    >>> low5("Ah 2h 4h 5h 6h").ranks, low5("Ah 2h 3h 3c 4h")
    ('6,5,4,2,A', None)
    """
    qmask = _check_qualifier(qualifier)
    c5 = to_codes(cards)
    if len(c5) != 5:
        raise InvalidHandError(f"a hand is five cards, got {len(c5)}")
    check_distinct(c5)
    v = _low5(c5, qmask)
    return None if v is None else _low_hand(c5, v)
