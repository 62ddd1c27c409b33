"""All-in equity of many hands at once, every remaining board counted exactly.

The same shares as :func:`hhtools.rules.equity.all_in_equity` (the reference, one
hand and one board at a time), by the same rules (seed 000 and 004: best five from
exactly two hole cards and three board cards; the low half to the best qualifying
ace-to-five low, the whole pot to the high when none qualifies; ties share), counted
in two ways:

* One or two cards to come (a flop or turn all-in): every board is dealt, as the
  reference deals them, but the boards of all the hands go to the batch evaluator
  (:func:`hhtools.rules.batch.batch_high_low`) in a few calls, not a few per hand.
  The shares are summed as the reference sums them, so the equities are the
  reference's to the last bit.
* Three cards or more to come (preflop; Courchevel's first card shown): the boards
  are counted by class instead of dealt one by one. A showdown's values depend only
  on the board's ranks (its rank multiset) unless the board holds three or more
  cards of a suit of which some player holds two or more (a *flush suit*). So each
  board falls in exactly one class: a flush class (the suit, the set of its cards
  drawn, the ranks of the other cards drawn) when it holds three or more of a flush
  suit (five board cards hold at most one suit three times), else the class of its
  drawn ranks. A class's boards all give every player the same high and low: the
  ranks' value (the non-flush high and the low, one evaluation of a board of those
  ranks with no three of a suit), and in a flush class the better of it and the
  flush those suited cards make (:func:`hhtools.rules.batch.outer_flush`). How many
  boards a class holds is a product of binomials over what the deck has left of
  each rank (and of the suit), so ~6,000 rank classes and ~20,000 classes per flush
  suit stand for the 1,086,008 boards of a heads-up Omaha preflop all-in, and the
  class counts add up to C(deck, cards to come) (checked). Every board is counted:
  the result is exact (``exact`` true, ``std_error`` 0) for every deal, also where
  the reference samples (its :data:`~hhtools.rules.equity.EXACT_LIMIT`: heads-up
  five- and six-card Omaha preflop with few cards dead). Shares are summed in
  integers (each share times ``2 * lcm(1..players)``), so each equity is the exact
  fraction, correctly rounded; the reference's float sum of the same shares can
  differ from it in the last bit when a pot is split three or more ways.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb, lcm
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from hhtools.rules import class_count
from hhtools.rules.batch import (
    batch_high_low,
    board_ranks,
    check_qualifier,
    outer_flush,
    outer_ranks,
)
from hhtools.rules.equity import Equity, _pot_shares, all_in_cards

__all__ = ["AllIn", "batch_equity"]

_ROWS = 262_144  # evaluator rows per numpy call (bounds memory)
_POW5 = 5 ** np.arange(13, dtype=np.int64)  # a rank multiset's code: sum of count * 5**rank
_BINOM = np.array([[comb(a, c) for c in range(5)] for a in range(5)], dtype=np.int64)


class AllIn(NamedTuple):
    """One all-in to share out (the arguments of
    :func:`hhtools.rules.equity.all_in_equity`).

    Attributes:
        holes: each player's hole cards, text or codes (the same number for all).
        board: the board cards dealt when the money was all in (0 to 4).
        pots: ``(amount, indices into holes of the players eligible)``, main pot first.
        hi_lo: split each pot high/low.
        qualifier: the low qualifier (7, 8 or 9).
        dead: other cards known out of the deck.
    """

    holes: Sequence[str | Sequence[str | int]]
    board: str | Sequence[str | int]
    pots: Sequence[tuple[int, Sequence[int]]]
    hi_lo: bool = False
    qualifier: int = 8
    dead: str | Sequence[str | int] = ()


def batch_equity(deals: Sequence[AllIn]) -> list[Equity | ValueError]:
    """Each deal's expected shares of each pot over every board the deck can still make.

    Args:
        deals: the all-ins, any mix of games, streets and player counts.

    Returns:
        One entry per deal, in order: its :class:`~hhtools.rules.equity.Equity`
        (``exact`` true, ``boards`` every remaining board, ``std_error`` 0), or the
        error that makes it impossible (an ``InvalidHandError`` for a card twice, a
        malformed card, a board of five, hole cards of different sizes, an eligible
        index out of range; an ``InvalidQualifierError``), with the message
        :func:`~hhtools.rules.equity.all_in_equity` gives. One deal's error costs
        no other deal.
    """
    out: list[Equity | ValueError] = [ValueError("not computed")] * len(deals)
    dealt: dict[tuple[int, int], list[tuple[int, npt.NDArray[np.intp], npt.NDArray[np.intp]]]]
    dealt = defaultdict(list)
    for d, deal in enumerate(deals):
        try:
            check_qualifier(deal.qualifier)
            holes, board, deck = all_in_cards(deal.holes, deal.board, deal.pots, deal.dead)
        except ValueError as exc:
            out[d] = exc
            continue
        hole_np = np.array(holes, dtype=np.intp)
        missing = 5 - len(board)
        if missing >= 3:
            out[d] = _by_class(deal, hole_np, board, deck)
            continue
        drawn = deck[_choose(len(deck), missing)]
        full = np.concatenate([np.broadcast_to(np.array(board, dtype=np.intp),
                                               (len(drawn), len(board))), drawn], axis=1)  # fmt: skip
        dealt[hole_np.shape[1], deal.qualifier].append((d, hole_np, full))
    for (_, qualifier), group in dealt.items():
        for d, hi, lo in _evaluate(group, qualifier):
            out[d] = _dealt_shares(deals[d], hi, lo)
    return out


def _evaluate(
    group: list[tuple[int, npt.NDArray[np.intp], npt.NDArray[np.intp]]], qualifier: int
) -> list[tuple[int, npt.NDArray[np.int32], npt.NDArray[np.int32]]]:
    """Every player of every deal on every board, a few evaluator calls for all: per
    deal, ``(index, high (players, boards), low (players, boards))``."""
    results = []
    start = 0
    while start < len(group):
        rows = 0
        end = start
        while end < len(group) and (end == start or rows < _ROWS):
            rows += len(group[end][1]) * len(group[end][2])
            end += 1
        part = group[start:end]
        holes = np.concatenate([np.repeat(h, len(f), axis=0) for _, h, f in part])
        boards = np.concatenate([np.tile(f, (len(h), 1)) for _, h, f in part])
        hi, lo = batch_high_low(holes, boards, qualifier)
        at = 0
        for d, h, f in part:
            size = len(h) * len(f)
            results.append((d, hi[at : at + size].reshape(len(h), len(f)),
                            lo[at : at + size].reshape(len(h), len(f))))  # fmt: skip
            at += size
        start = end
    return results


def _dealt_shares(deal: AllIn, hi: npt.NDArray[np.int32], lo: npt.NDArray[np.int32]) -> Equity:
    """The shares over boards dealt one by one, summed as the reference sums them."""
    n, count = hi.shape
    if class_count.COMPILED:
        counted = _dealt_counted(deal, hi, lo)
        if counted is not None:
            return _equity(deal, count, *counted)
    mean_h = np.zeros((len(deal.pots), n))
    mean_l = np.zeros((len(deal.pots), n))
    for p, (_, eligible) in enumerate(deal.pots):
        high, low = _pot_shares(hi, lo, list(eligible), deal.hi_lo)
        mean_h[p] = high.sum(axis=1) / count
        mean_l[p] = low.sum(axis=1) / count
    return _equity(deal, count, mean_h, mean_l)


def _dealt_counted(
    deal: AllIn, hi: npt.NDArray[np.int32], lo: npt.NDArray[np.int32]
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]] | None:
    """The same shares as :func:`_dealt_shares`'s sums, tallied by the compiled loops
    of :mod:`hhtools.rules.class_count` (each board a class of one) and shared
    exactly; or None where they could differ in the last bit: when some pot or half
    is shared by 3, 5, 6 or 7 winners (a share that is no exact binary fraction, so
    the reference's float sum rounds along the way), or a player is named twice in
    a pot. Otherwise every share is a multiple of 1/16 and a sum of at most 1,081 of
    them is exact in floating point, so the reference's mean is the exact fraction
    rounded once: this one."""
    n, count = hi.shape
    mean_h, mean_l, scale = _shares(deal, n)
    ones = np.ones(count, dtype=np.int64)
    split = np.empty(count, dtype=np.int64)
    for p, (_, eligible) in enumerate(deal.pots):
        e = sorted(set(eligible))
        if len(e) != len(eligible):
            return None
        if not e:
            continue
        tally_h = np.zeros(2 << len(e), dtype=np.int64)
        tally_l = np.zeros(1 << len(e), dtype=np.int64)
        class_count.tally_ranks(hi, lo, np.array(e, dtype=np.intp), deal.hi_lo, ones, ones,
                                split, tally_h, tally_l)  # fmt: skip
        if not (_binary(tally_h, len(e)) and _binary(tally_l, len(e))):
            return None
        if deal.hi_lo:
            _award(mean_l[p], e, tally_l, scale, count, 0.5)
        _award(mean_h[p], e, tally_h, scale, count, 1.0)
    return mean_h, mean_l


def _binary(tally: npt.NDArray[np.int64], eligible: int) -> bool:
    """Every set of winners the tally counts boards for is 1, 2, 4 or 8 players."""
    mask = (1 << eligible) - 1
    for pattern in np.nonzero(tally)[0].tolist():
        winners = (pattern & mask).bit_count()
        if winners & (winners - 1):
            return False
    return True


def _equity(
    deal: AllIn, count: int, mean_h: npt.NDArray[np.float64], mean_l: npt.NDArray[np.float64]
) -> Equity:
    zero = tuple(tuple(0.0 for _ in row) for row in mean_h)
    return Equity(
        boards=count, exact=True, amounts=tuple(int(a) for a, _ in deal.pots),
        high=tuple(tuple(row) for row in mean_h.tolist()),
        low=tuple(tuple(row) for row in mean_l.tolist()), std_error=zero,
    )  # fmt: skip


@lru_cache(maxsize=None)
def _multisets(m: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.intp], npt.NDArray[np.int64]]:
    """Every multiset of ``m`` ranks with no rank over four times, by ascending code:
    ``(counts (M, 13), ranks ascending (M, m), codes (M,))``."""
    ranks = [r for r in combinations_with_replacement(range(13), m)
             if all(r.count(x) <= 4 for x in set(r))]  # fmt: skip
    rk = np.array(ranks, dtype=np.intp).reshape(len(ranks), m)
    counts = np.zeros((len(ranks), 13), dtype=np.int64)
    for j in range(m):
        np.add.at(counts, (np.arange(len(ranks)), rk[:, j]), 1)
    codes = counts @ _POW5
    order = np.argsort(codes, kind="stable")
    return _frozen(counts[order]), _frozen(rk[order]), _frozen(codes[order])


def _ways(per_rank: npt.NDArray[np.int64], m: int) -> npt.NDArray[np.int64]:
    """Per multiset of ``m`` ranks (:func:`_multisets`), how many sets of cards make it
    when ``per_rank[r]`` cards of rank ``r`` are left: the product over the ranks of
    C(left, times drawn)."""
    by_rank = _by_rank(m)
    ways: npt.NDArray[np.int64] = _BINOM[per_rank[0]][by_rank[0]]
    for r in range(1, 13):
        ways = ways * _BINOM[per_rank[r]][by_rank[r]]
    return ways


@lru_cache(maxsize=None)
def _by_rank(m: int) -> npt.NDArray[np.int64]:
    """:func:`_multisets` counts rank by rank, ``(13, M)``."""
    return _frozen(np.ascontiguousarray(_multisets(m)[0].T))


@lru_cache(maxsize=None)
def _suited(m: int, j: int) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """For ``j`` cards of one suit among ``m`` drawn: ``(row of each set of j ranks by
    its rank bits (8192,), index (sets, multisets of the m - j others))``: the index
    in :func:`_multisets` ``(m)`` of all ``m`` ranks drawn, -1 where a rank would be
    drawn five times."""
    subsets = list(combinations(range(13), j))
    row = np.full(1 << 13, -1, dtype=np.intp)
    for i, sub in enumerate(subsets):
        row[sum(1 << r for r in sub)] = i
    codes = _multisets(m)[2]
    sub_codes = np.array([sum(5**r for r in sub) for sub in subsets], dtype=np.int64)
    want = sub_codes[:, None] + _multisets(m - j)[2][None, :]
    at = np.minimum(np.searchsorted(codes, want), len(codes) - 1)
    return _frozen(row), _frozen(np.where(codes[at] == want, at, -1))


@lru_cache(maxsize=None)
def _choose(n: int, k: int) -> npt.NDArray[np.intp]:
    """Every choice of ``k`` of ``n`` indices, shape ``(C(n, k), k)``, in the order of
    :func:`itertools.combinations` (the reference's order; kept: small ``k`` here)."""
    return _frozen(np.array(list(combinations(range(n), k)), dtype=np.intp).reshape(-1, k))


@lru_cache(maxsize=64)
def _plain_boards(m: int, shown: tuple[int, ...]) -> npt.NDArray[np.intp]:
    """Per multiset of ``m`` drawn ranks, a board of the shown ranks and those with no
    three cards of a suit (so no flush): ranks ascending, suits in turn."""
    ranks = _multisets(m)[1]
    full = np.sort(np.concatenate([np.broadcast_to(np.array(shown, dtype=np.intp),
                                                   (len(ranks), len(shown))), ranks], axis=1),
                   axis=1)  # fmt: skip
    return _frozen(full * 4 + np.arange(5) % 4)


@lru_cache(maxsize=64)
def _plain_ranks(m: int, shown: tuple[int, ...]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """:func:`hhtools.rules.batch.board_ranks` of :func:`_plain_boards` (kept: the
    preflop all-ins of a game all ask for the same)."""
    rows, bits = board_ranks(_plain_boards(m, shown))
    return _frozen(rows), _frozen(bits)


def _frozen(a: npt.NDArray[Any]) -> npt.NDArray[Any]:
    a.flags.writeable = False
    return a


def _by_class(
    deal: AllIn, holes: npt.NDArray[np.intp], board: tuple[int, ...], deck: npt.NDArray[np.intp]
) -> Equity:
    """The exact shares of a deal with three or more cards to come, board class by
    board class (the module's docstring)."""
    n = len(holes)
    m = 5 - len(board)
    total = comb(len(deck), m)
    left = np.zeros((13, 4), dtype=bool)
    left[deck >> 2, deck & 3] = True
    per_rank = left.sum(axis=1)
    shown = np.array(board, dtype=np.intp)
    # rank classes: every drawn rank multiset the deck can deal, and how many boards
    weight = _ways(per_rank, m)
    keep = np.nonzero(weight)[0]
    pos = np.cumsum(weight > 0) - 1  # multiset -> its rank class
    weight = weight[keep]
    plain_rows, plain_bits = _plain_ranks(m, tuple(int(c) for c in sorted(shown >> 2)))
    hi_r, lo_r = outer_ranks(holes, (plain_rows[keep], plain_bits[keep]), deal.qualifier)
    # flush classes: a suit someone holds twice, three or more of it on the board; in
    # blocks by suit and suited cards drawn
    blocks: list[_Block] = []
    cards: list[npt.NDArray[np.intp]] = []  # per set of suited cards drawn: a board
    per_suit = ((holes[:, :, None] & 3) == np.arange(4)).sum(axis=1)  # (n, 4)
    for s in np.nonzero((per_suit >= 2).any(axis=0))[0]:
        on_board = shown[(shown & 3) == s]
        s_ranks = np.nonzero(left[:, s])[0]
        other = per_rank - left[:, s]
        fill = np.array([(s + 1) % 4, (s + 2) % 4], dtype=np.intp)
        for j in range(max(1, 3 - len(on_board)), min(m, len(s_ranks)) + 1):
            o_weight = _ways(other, m - j)
            cols = np.nonzero(o_weight)[0]
            if not len(cols):
                continue
            drawn = s_ranks[_choose(len(s_ranks), j)]  # (S, j): the ranks of suit s drawn
            sub_row, index = _suited(m, j)
            blocks.append((sub_row[(1 << drawn).sum(axis=1)], index, cols, o_weight[cols]))
            suited = [np.broadcast_to(on_board, (len(drawn), len(on_board))), drawn * 4 + s]
            size = len(on_board) + j
            cards.append(np.concatenate([*suited, np.broadcast_to(fill[: 5 - size],
                                                                  (len(drawn), 5 - size))],
                                        axis=1))  # fmt: skip
    # -1: fewer than two of the suit
    fl = outer_flush(holes, np.concatenate(cards)) if cards else np.empty((n, 0), np.int32)
    count = _count_loops if class_count.COMPILED else _count_numpy
    mean_h, mean_l = count(deal, _Classes(hi_r, lo_r, weight, pos, blocks, fl), total)
    return _equity(deal, total, mean_h, mean_l)


#: a block of flush classes: (each set of suited ranks drawn: its row in the index of
#: :func:`_suited`; that index; the columns of the other ranks' multisets with boards;
#: their boards)
_Block = tuple[npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[np.intp],
               npt.NDArray[np.int64]]  # fmt: skip


class _Classes(NamedTuple):
    """A deal's board classes: rank classes' values ``(players, classes)`` and boards,
    the rank class of each multiset (``position``), the flush blocks and the flush of
    each of their sets of suited cards ``(players, sets)``."""

    high: npt.NDArray[np.int32]
    low: npt.NDArray[np.int32]
    weight: npt.NDArray[np.int64]
    position: npt.NDArray[np.int64]
    blocks: list[_Block]
    flush: npt.NDArray[np.int32]


def _shares(deal: AllIn, n: int) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64],
                                          int]:  # fmt: skip
    """Empty high and low shares ``(pots, players)`` and the scale every share times is
    a whole number."""
    return np.zeros((len(deal.pots), n)), np.zeros((len(deal.pots), n)), 2 * lcm(*range(1, n + 1))


def _checked(weight: npt.NDArray[np.int64], plain: npt.NDArray[np.int64], flushes: int,
             total: int) -> None:  # fmt: skip
    """Refuse classes whose boards do not add up to every board."""
    counted = int(plain.sum()) + flushes
    if counted != total or (plain < 0).any():
        raise AssertionError(f"board classes count {counted} boards, not {total}")


def _count_loops(
    deal: AllIn, c: _Classes, total: int
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The shares, tallied by :mod:`hhtools.rules.class_count` (compiled loops)."""
    n, size = c.high.shape
    flush_weight = np.zeros(size, dtype=np.int64)
    flushes = sum(class_count.flush_weights(rows, index, cols, ways, c.position, flush_weight)
                  for rows, index, cols, ways in c.blocks)  # fmt: skip
    plain = c.weight - flush_weight
    _checked(c.weight, plain, flushes, total)
    mean_h, mean_l, scale = _shares(deal, n)
    split = np.empty(size, dtype=np.int64)
    for p, (_, eligible) in enumerate(deal.pots):
        e = sorted(set(eligible))
        if not e:
            continue
        tally_h = np.zeros(2 << len(e), dtype=np.int64)
        tally_l = np.zeros(1 << len(e), dtype=np.int64)
        players = np.array(e, dtype=np.intp)
        class_count.tally_ranks(c.high, c.low, players, deal.hi_lo, c.weight, plain, split,
                                tally_h, tally_l)  # fmt: skip
        at = 0
        for rows, index, cols, ways in c.blocks:
            class_count.tally_flush(c.high, c.flush, players, split, rows, at, index, cols,
                                    ways, c.position, tally_h)  # fmt: skip
            at += len(rows)
        if deal.hi_lo:
            _award(mean_l[p], e, tally_l, scale, total, 0.5)
        _award(mean_h[p], e, tally_h, scale, total, 1.0)
    return mean_h, mean_l


def _count_numpy(
    deal: AllIn, c: _Classes, total: int
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The shares, tallied with numpy (the path when :mod:`hhtools.rules.class_count`
    runs as Python; the same tallies)."""
    n = len(c.high)
    sets: list[npt.NDArray[np.intp]] = []  # per flush class: its set of suited cards
    wheres: list[npt.NDArray[np.int64]] = []  # ... its rank class
    weights: list[npt.NDArray[np.int64]] = []  # ... its boards
    at = 0
    for drawn, index, cols, ways in c.blocks:
        wheres.append(c.position[index[drawn][:, cols]].ravel())
        weights.append(np.broadcast_to(ways, (len(drawn), len(cols))).ravel())
        sets.append(np.repeat(np.arange(at, at + len(drawn)), len(cols)))
        at += len(drawn)
    parts: list[tuple[npt.NDArray[np.int32], npt.NDArray[np.int64], npt.NDArray[np.int64]]] = []
    flush_weight = np.zeros(len(c.weight), dtype=np.int64)
    if c.blocks:
        where = np.concatenate(wheres)
        w = np.concatenate(weights)
        flush_weight = np.bincount(where, weights=w, minlength=len(c.weight)).astype(np.int64)
        parts.append((np.maximum(c.flush[:, np.concatenate(sets)], c.high[:, where]), where, w))
    plain_weight = c.weight - flush_weight
    _checked(c.weight, plain_weight, sum(int(w.sum()) for _, _, w in parts), total)
    mean_h, mean_l, scale = _shares(deal, n)
    for p, (_, eligible) in enumerate(deal.pots):
        e = sorted(set(eligible))
        if not e:
            continue
        rows: slice | list[int] = slice(None) if len(e) == n else e
        has_low = np.zeros(len(c.weight), dtype=bool)
        if deal.hi_lo:
            lows = c.low[rows]
            best = lows.max(axis=0)
            has_low = best >= 0
            won = _bits((lows == best) & has_low)
            _award(mean_l[p], e, np.bincount(won, weights=c.weight), scale, total, 0.5)
        split = has_low.astype(np.int64) << len(e)  # the high takes half where a low is
        highs = c.high[rows]
        pattern = _bits(highs == highs.max(axis=0)) | split
        tally = np.bincount(pattern, weights=plain_weight, minlength=2 << len(e))
        for high, where, w in parts:
            highs = high[rows]
            pattern = _bits(highs == highs.max(axis=0)) | split[where]
            tally += np.bincount(pattern, weights=w, minlength=2 << len(e))
        _award(mean_h[p], e, tally, scale, total, 1.0)
    return mean_h, mean_l


def _bits(top: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
    """Per column of ``top`` (players, classes), the players marked: bit ``i`` for row ``i``."""
    packed = np.packbits(top, axis=0, bitorder="little")  # eight players a byte
    out: npt.NDArray[np.int64] = packed[0].astype(np.int64)
    for j in range(1, len(packed)):
        out |= packed[j].astype(np.int64) << (8 * j)
    return out


def _award(
    out: npt.NDArray[np.float64], eligible: list[int], tally: npt.NDArray[Any],
    scale: int, total: int, whole: float,
) -> None:  # fmt: skip
    """Share out the boards of each pattern (the bits of the winners among ``eligible``;
    one more bit: the pot is split with a low) among its winners, exactly: ``out[i]``
    becomes player ``i``'s expected fraction, the exact sum over ``total`` boards,
    rounded once. ``whole`` is what the pattern's winners share without a low split."""
    ne = len(eligible)
    due = [0] * ne
    for pattern in np.nonzero(tally)[0].tolist():
        winners = [i for i in range(ne) if pattern >> i & 1]
        if not winners:
            continue
        part = whole / 2 if pattern >> ne & 1 else whole
        each = int(tally[pattern]) * round(scale * part) // len(winners)
        for i in winners:
            due[i] += each
    for i, player in enumerate(eligible):
        out[player] = due[i] / (scale * total)
