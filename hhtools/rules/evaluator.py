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
* :func:`batch_high_low` evaluates arrays of hands with numpy.

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

import itertools
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

import numpy as np
import numpy.typing as npt

from hhtools.model.cards import RANKS, card_str, check_distinct, to_codes

__all__ = [
    "GAMES",
    "NO_LOW",
    "GameRule",
    "HandCategory",
    "HighHand",
    "InvalidHandError",
    "InvalidQualifierError",
    "LowHand",
    "UnknownGameError",
    "batch_high_low",
    "best_high",
    "best_low",
    "category_of",
    "get_game",
    "high5",
    "high_value",
    "low5",
    "low_value",
]

NO_LOW: Final = -1
"""Batch sentinel for "no qualifying low" (every real low value is above 7,600)."""

QUALIFIERS: Final = (5, 6, 7, 8, 9)
"""Low qualifiers the evaluator accepts (7, 8 and 9 are the ones dealt)."""


class InvalidHandError(ValueError):
    """Wrong number of cards: a board that is not five cards, a hole of the wrong size."""


class InvalidQualifierError(ValueError):
    """A low qualifier other than those in :data:`QUALIFIERS`."""


class UnknownGameError(ValueError):
    """A game name that is not a key of :data:`GAMES`."""


class HandCategory(StrEnum):
    """High hand categories, worst to best; the value reads well in SQL and JSON."""

    HIGH_CARD = "high card"
    ONE_PAIR = "one pair"
    TWO_PAIR = "two pair"
    THREE_OF_A_KIND = "three of a kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full house"
    FOUR_OF_A_KIND = "four of a kind"
    STRAIGHT_FLUSH = "straight flush"


_CATEGORIES: Final = tuple(HandCategory)


def category_of(value: int) -> HandCategory:
    """The category of a high value.

    >>> category_of(high5("Ks Kd 5c 5h Qs").value)
    <HandCategory.TWO_PAIR: 'two pair'>
    """
    return _CATEGORIES[value >> 20]


@dataclass(frozen=True, slots=True)
class GameRule:
    """How a game is shown down.

    Attributes:
        name: the CLI name (``"omaha6-hilo"``).
        hole_cards: hole cards per player (4, 5 or 6).
        hi_lo: the pot is split high/low (with a qualifier) rather than high only.
    """

    name: str
    hole_cards: int
    hi_lo: bool


GAMES: Final[dict[str, GameRule]] = {
    name: GameRule(name, n, hi_lo)
    for base, n in (("omaha", 4), ("omaha5", 5), ("omaha6", 6), ("courchevel", 5))
    for name, hi_lo in ((base, False), (base + "-hilo", True))
}
"""The eight games by CLI name. Courchevel plays like 5-card Omaha at showdown."""


def get_game(name: str) -> GameRule:
    """Look a game up by its CLI name.

    Raises:
        UnknownGameError: not one of :data:`GAMES`.

    >>> get_game("courchevel-hilo")
    GameRule(name='courchevel-hilo', hole_cards=5, hi_lo=True)
    """
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise UnknownGameError(
            f"unknown game {name!r} (expected one of: {', '.join(GAMES)})"
        ) from None


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
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


# --------------------------------------------------------------------------- tables

# Additive rank weights: the sum over any five ranks (each rank up to five times) is
# different for every multiset, so the sum indexes a dense table (greedy search).
_W: Final = (0, 1, 6, 31, 108, 366, 926, 2286, 5733, 12905, 27316, 44676, 94545)
_KEY_SIZE: Final = 5 * _W[-1] + 1

_SF, _QUADS, _FULL, _FLUSH, _STRAIGHT, _TRIPS, _TWO_PAIR, _PAIR, _HIGH_CARD = 8, 7, 6, 5, 4, 3, 2, 1, 0


def _value5(ranks: Sequence[int], flush: bool) -> int:
    """High value of five ranks (indexes 0..12), flush or not: the ranking rules."""
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    order = sorted(ranks, key=lambda r: (-counts[r], -r))
    shape = sorted(counts.values(), reverse=True)
    straight = False
    if len(counts) == 5:
        if order[0] - order[4] == 4:
            straight = True
        elif order == [12, 3, 2, 1, 0]:
            straight, order = True, [3, 2, 1, 0, 12]
    if straight:
        cat = _SF if flush else _STRAIGHT
    elif shape[0] >= 4:
        cat = _QUADS
    elif shape[:2] == [3, 2]:
        cat = _FULL
    elif flush:
        cat = _FLUSH
    elif shape[0] == 3:
        cat = _TRIPS
    elif shape[:2] == [2, 2]:
        cat = _TWO_PAIR
    elif shape[0] == 2:
        cat = _PAIR
    else:
        cat = _HIGH_CARD
    return cat << 20 | order[0] << 16 | order[1] << 12 | order[2] << 8 | order[3] << 4 | order[4]


def _build_tables() -> dict[str, object]:
    multisets = list(itertools.combinations_with_replacement(range(13), 5))
    v5 = np.zeros(_KEY_SIZE, dtype=np.int32)
    for ms in multisets:
        if ms[0] != ms[4]:  # five of a kind cannot be dealt; leave 0
            v5[sum(_W[r] for r in ms)] = _value5(ms, False)

    fl5 = np.zeros(1 << 13, dtype=np.int32)  # 0 unless exactly five rank bits
    for combo in itertools.combinations(range(13), 5):
        fl5[sum(1 << r for r in combo)] = _value5(combo, True)

    # Best non-flush high for (board rank multiset, ordered hole rank pair).
    w = np.array(_W, dtype=np.int64)
    boards = np.array(multisets, dtype=np.int64)  # (6188, 5)
    board_keys = w[boards].sum(axis=1)
    triples = np.array(list(itertools.combinations(range(5), 3)))  # (10, 3)
    triple_keys = w[boards[:, triples]].sum(axis=2)  # (6188, 10)
    upper = [(a, b) for a in range(13) for b in range(a, 13)]  # 91 unordered pairs
    pair_keys = np.array([_W[a] + _W[b] for a, b in upper], dtype=np.int64)
    best91 = v5[triple_keys[:, :, None] + pair_keys[None, None, :]].max(axis=1)
    column = {p: i for i, p in enumerate(upper)}
    slot = np.array([column[(min(a, b), max(a, b))] for a in range(13) for b in range(13)])
    high_table = np.ascontiguousarray(best91[:, slot]).ravel()  # (6188 * 169,)
    board_row = np.full(_KEY_SIZE, -1, dtype=np.int64)
    board_row[board_keys] = np.arange(len(multisets), dtype=np.int64) * 169

    # Best low for (set of low hole ranks, set of low board ranks), ranks A..9 (9 bits).
    pop = np.array([bin(i).count("1") for i in range(512)], dtype=np.int64)
    board_sets = np.arange(512, dtype=np.int64)
    low_table = np.full((512, 512), NO_LOW, dtype=np.int32)
    holes = np.arange(512, dtype=np.int64)
    for a, b in itertools.combinations(range(9), 2):
        pm = (1 << a) | (1 << b)
        avail = board_sets & ~pm
        low3 = np.zeros_like(avail)
        rest = avail.copy()
        for _ in range(3):  # the three lowest board ranks not in the pair
            bit = rest & -rest
            low3 |= bit
            rest ^= bit
        vals = np.where(pop[avail] >= 3, 8191 - (pm | low3), NO_LOW).astype(np.int32)
        rows = holes[(holes & pm) == pm]
        low_table[rows] = np.maximum(low_table[rows], vals[None, :])

    return {
        "v5": v5,
        "fl5": fl5,
        "high_table": high_table,
        "board_row": board_row,
        "low_table": low_table.ravel(),
    }


_T = _build_tables()
_V5_NP: Final = _T["v5"]
_FL5_NP: Final = _T["fl5"]
_HIGH_NP: Final = _T["high_table"]
_BROW_NP: Final = _T["board_row"]
_LOW_NP: Final = _T["low_table"]
del _T
assert isinstance(_V5_NP, np.ndarray) and isinstance(_FL5_NP, np.ndarray)
assert isinstance(_HIGH_NP, np.ndarray) and isinstance(_BROW_NP, np.ndarray)
assert isinstance(_LOW_NP, np.ndarray)

# Plain-Python views for the per-call paths (list/array indexing beats numpy scalars).
_V5: Final = array("i", _V5_NP.tobytes())
_FL5: Final = _FL5_NP.tolist()
_HIGH: Final = array("i", _HIGH_NP.tobytes())
_BROW: Final = {int(k): int(v) for k, v in zip(np.nonzero(_BROW_NP >= 0)[0], _BROW_NP[_BROW_NP >= 0])}
_LOW: Final = array("i", _LOW_NP.tobytes())

# Per card code.
_KEY: Final = [_W[c >> 2] for c in range(52)]  # rank weight
_R: Final = [c >> 2 for c in range(52)]  # rank index
_R13: Final = [(c >> 2) * 13 for c in range(52)]  # rank index * 13 (pair slot row)
_SUITCOUNT: Final = [1 << (8 * (c & 3)) for c in range(52)]  # one byte per suit
_LOWRANK: Final = [1 if c >> 2 == 12 else (c >> 2) + 2 for c in range(52)]  # A=1 .. K=13
_LOWBIT: Final = [(1 << (n - 1)) if n <= 9 else 0 for n in _LOWRANK]
_QMASK: Final = {q: (1 << q) - 1 for q in QUALIFIERS}
_FLUSH_ANY: Final = 0x08080808  # a byte of _SUITCOUNT sums reaches 3 after adding 5
_FLUSH_ADD: Final = 0x05050505

_PAIRS: Final = {k: tuple(itertools.combinations(range(k), 2)) for k in range(2, 8)}
_TRIPLES: Final = tuple(itertools.combinations(range(5), 3))
_PAIRS_NP: Final = {k: np.array(v, dtype=np.intp).T for k, v in _PAIRS.items()}
_TRIPLES_NP: Final = np.array(_TRIPLES, dtype=np.intp).T
_KEY_NP: Final = np.array(_KEY, dtype=np.int64)
_LOWBIT_NP: Final = np.array(_LOWBIT, dtype=np.int64)
_SUITCOUNT_NP: Final = np.array(_SUITCOUNT, dtype=np.int64)
_RANKBIT_NP: Final = np.array([1 << (c >> 2) for c in range(52)], dtype=np.int32)

_flush_cache: dict[int, int] = {}


def _flush_best(board_mask: int, hole_mask: int) -> int:
    """Best flush value from two of ``hole_mask``'s and three of ``board_mask``'s ranks."""
    key = board_mask << 13 | hole_mask
    best = _flush_cache.get(key)
    if best is None:
        hb = [1 << r for r in range(13) if hole_mask >> r & 1]
        bb = [1 << r for r in range(13) if board_mask >> r & 1]
        best = 0
        for x, y in itertools.combinations(hb, 2):
            for p, q, s in itertools.combinations(bb, 3):
                v = _FL5[x | y | p | q | s]
                if v > best:
                    best = v
        if len(_flush_cache) < 200_000:
            _flush_cache[key] = best
    return best


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
    k = _KEY
    row = _BROW[k[b0] + k[b1] + k[b2] + k[b3] + k[b4]]
    t = _HIGH
    r = _R
    r13 = _R13
    if len(hole) == 4:
        h0, h1, h2, h3 = hole
        a = row + r13[h0]
        b = row + r13[h1]
        c = row + r13[h2]
        x1 = r[h1]
        x2 = r[h2]
        x3 = r[h3]
        best = max(t[a + x1], t[a + x2], t[a + x3], t[b + x2], t[b + x3], t[c + x3])
    else:
        best = max([t[row + r13[hole[i]] + r[hole[j]]] for i, j in _PAIRS[len(hole)]])
    s = _SUITCOUNT
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
            if fv > best:
                best = fv
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


def batch_high_low(
    holes: npt.ArrayLike, boards: npt.ArrayLike, qualifier: int = 8
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Evaluate many hands at once (numpy).

    Args:
        holes: integer card codes, shape ``(N, k)``, ``k`` hole cards per hand (2..7).
        boards: integer card codes, shape ``(N, 5)``; row ``i`` is hand ``i``'s board.
        qualifier: low qualifier (7, 8 or 9; see :data:`QUALIFIERS`).

    Returns:
        ``(high_values, low_values)``, two ``int32`` arrays of shape ``(N,)`` on the
        same scales as :func:`high_value` / :func:`low_value`; a hand with no
        qualifying low has :data:`NO_LOW` (-1). Input is not validated beyond shapes
        (cards must be distinct codes 0..51).

    Raises:
        InvalidHandError: arrays of the wrong shape.
        InvalidQualifierError: ``qualifier`` not in :data:`QUALIFIERS`.

    >>> from hhtools.model.cards import parse_cards
    >>> hi, lo = batch_high_low([parse_cards("Ah 3h Ts Tc")], [parse_cards("2s 5c Th 7d 8c")])
    >>> category_of(int(hi[0])), int(lo[0]) == best_low("Ah 3h Ts Tc", "2s 5c Th 7d 8c").value
    (<HandCategory.THREE_OF_A_KIND: 'three of a kind'>, True)
    """
    if qualifier not in _QMASK:
        raise InvalidQualifierError(f"low qualifier must be one of {QUALIFIERS}, not {qualifier!r}")
    h = np.asarray(holes, dtype=np.intp)
    b = np.asarray(boards, dtype=np.intp)
    if h.ndim != 2 or b.ndim != 2 or b.shape[1] != 5 or h.shape[0] != b.shape[0]:
        raise InvalidHandError(f"expected holes (N, k) and boards (N, 5), got {h.shape} and {b.shape}")
    k = h.shape[1]
    if k not in _PAIRS_NP:
        raise InvalidHandError(f"hole must be 2 to 7 cards, got {k}")
    n = h.shape[0]
    if n == 0:
        return np.empty(0, np.int32), np.empty(0, np.int32)

    # High, non-flush: board rank multiset row + ordered hole-rank pair slot.
    row = _BROW_NP[_KEY_NP[b].sum(axis=1)]
    hr = h >> 2
    pi, pj = _PAIRS_NP[k]
    idx = (row[:, None] + hr[:, pi] * 13) + hr[:, pj]
    high = _HIGH_NP[idx].max(axis=1)

    # High, flush: only rows whose board holds three or more of one suit and whose
    # hole holds two or more of that suit (one suit at most can have three of five).
    f = (_SUITCOUNT_NP[b].sum(axis=1) + _FLUSH_ADD) & _FLUSH_ANY
    suit = (f > 0x08).astype(np.intp) + (f > 0x0800) + (f > 0x080000)
    hole_suited = (h & 3) == suit[:, None]
    flush_rows = np.nonzero((f != 0) & (hole_suited.sum(axis=1) >= 2))[0]
    if flush_rows.size:
        fb = b[flush_rows]
        fh = h[flush_rows]
        fs = suit[flush_rows, None]
        bbits = np.where((fb & 3) == fs, _RANKBIT_NP[fb], 0)
        hbits = np.where(hole_suited[flush_rows], _RANKBIT_NP[fh], 0)
        ta, tb, tc = _TRIPLES_NP
        tmask = bbits[:, ta] | bbits[:, tb] | bbits[:, tc]  # (M, 10)
        pmask = hbits[:, pi] | hbits[:, pj]  # (M, P)
        fv = _FL5_NP[pmask[:, :, None] | tmask[:, None, :]].max(axis=(1, 2))
        high[flush_rows] = np.maximum(high[flush_rows], fv)

    # Low: set of low hole ranks x set of low board ranks.
    m = _QMASK[qualifier]
    lh = np.bitwise_or.reduce(_LOWBIT_NP[h], axis=1) & m
    lbd = np.bitwise_or.reduce(_LOWBIT_NP[b], axis=1) & m
    low = _LOW_NP[(lh << 9) | lbd]
    return high.astype(np.int32, copy=False), low.astype(np.int32, copy=False)


# ------------------------------------------------------- validated, with cards


def _eval5(c5: Sequence[int]) -> int:
    c0, c1, c2, c3, c4 = c5
    if (c0 & 3) == (c1 & 3) == (c2 & 3) == (c3 & 3) == (c4 & 3):
        return _FL5[(1 << (c0 >> 2)) | (1 << (c1 >> 2)) | (1 << (c2 >> 2)) | (1 << (c3 >> 2)) | (1 << (c4 >> 2))]
    k = _KEY
    return _V5[k[c0] + k[c1] + k[c2] + k[c3] + k[c4]]


def _low5(c5: Sequence[int], qmask: int) -> int | None:
    mask = 0
    for c in c5:
        bit = 1 << (_LOWRANK[c] - 1)
        if mask & bit or not bit & qmask:
            return None
        mask |= bit
    return 8191 - mask


def _reading_order(c5: Sequence[int], value: int) -> tuple[str, ...]:
    cat = value >> 20
    if cat in (_STRAIGHT, _SF):
        order = sorted(c5, key=lambda c: -(c >> 2))
        if value >> 16 & 15 == 3:  # the wheel: five high, the ace plays low
            order = order[1:] + order[:1]
    else:
        counts: dict[int, int] = {}
        for c in c5:
            counts[c >> 2] = counts.get(c >> 2, 0) + 1
        order = sorted(c5, key=lambda c: (-counts[c >> 2], -(c >> 2)))  # stable
    return tuple(card_str(c) for c in order)


def _low_hand(c5: Sequence[int], value: int) -> LowHand:
    order = sorted(c5, key=lambda c: -_LOWRANK[c])
    ranks = ",".join("A" if _LOWRANK[c] == 1 else RANKS[c >> 2] for c in order)
    return LowHand(value, tuple(card_str(c) for c in order), ranks)


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
    h = to_codes(hole)
    b = to_codes(board)
    if len(b) != 5:
        raise InvalidHandError(f"board must be five cards, got {len(b)}")
    if not 4 <= len(h) <= 6:
        raise InvalidHandError(f"hole must be 4 to 6 cards, got {len(h)}")
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
        hole: 4 to 6 hole cards, as text (``"As 4s 5h Kc"``), card strings or codes.
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
    best = -1
    best5: tuple[int, ...] = ()
    for c5 in _omaha_fives(h, b):
        v = _eval5(c5)
        if v > best:
            best, best5 = v, c5
    return HighHand(best, _CATEGORIES[best >> 20], _reading_order(best5, best))


def best_low(
    hole: str | Sequence[str | int], board: str | Sequence[str | int], qualifier: int = 8
) -> LowHand | None:
    """The best ace-to-five low from exactly two hole and exactly three board cards.

    Args:
        hole: 4 to 6 hole cards (text, card strings or codes).
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
    qmask = _check_qualifier(qualifier)
    h, b = _validated(hole, board)
    best = -1
    best5: tuple[int, ...] = ()
    for c5 in _omaha_fives(h, b):
        v = _low5(c5, qmask)
        if v is not None and v > best:
            best, best5 = v, c5
    return _low_hand(best5, best) if best5 else None


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
    return HighHand(v, _CATEGORIES[v >> 20], _reading_order(c5, v))


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
    best, best5 = -1, codes[:5]
    for c5 in itertools.combinations(codes, 5):
        v = _eval5(c5)
        if v > best:
            best, best5 = v, c5
    return HighHand(best, _CATEGORIES[best >> 20], _reading_order(best5, best))


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
