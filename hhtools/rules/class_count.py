# cython: wraparound=False
"""The loops of all-in equity: board-class tallies and the batch evaluators' lookups.

:func:`hhtools.rules.equity_batch.batch_equity` counts the boards of a preflop all-in
by class (its docstring): a rank class gives each player the high and low of its ranks,
a flush class (a suit, the set of its cards drawn, the ranks of the other cards) the
better of that high and the flush of the suited cards. For each pot it tallies the
boards by the set of players who win the high (and whether a low splits the pot), and
by the set who win the low (:func:`tally_ranks`, :func:`flush_weights`,
:func:`tally_flush`; a flop or turn all-in's boards are tallied the same way, each a
class of one). :func:`rank_values`, :func:`flush_values` and :func:`high_low_rows` are
the table lookups of :mod:`hhtools.rules.batch`'s evaluators, hand by hand. All are
plain loops over arrays: compiled (``setup.py``'s ``CORE``; ``class_count.pxd`` gives
them C types) they replace a dozen numpy passes each; run as Python they are slow, so
:data:`COMPILED` tells ``equity_batch`` and ``batch`` whether to use them or their
numpy path (the same values: ``tests/test_class_count.py`` checks both).

Arrays, as the callers build them: ``high``, ``low`` (players, rank classes)
``int32`` values of :mod:`hhtools.rules.batch` (a low of -1: none qualifies); ``flush``
(players, sets of suited cards) ``int32``; ``eligible`` the pot's players, ascending
(``intp``); weights and tallies ``int64``; tallies indexed by winner bits (bit ``j``
for ``eligible[j]``), the high's with one more bit, set where a low splits the pot.
"""

from __future__ import annotations

from typing import Any

__all__ = ["COMPILED", "flush_values", "flush_weights", "high_low_rows", "rank_values",
           "tally_flush", "tally_ranks"]


def _compiled() -> bool:
    """True when this module runs compiled: its functions are then not Python's."""
    return type(_compiled).__name__ != "function"


COMPILED: bool = _compiled()
"""This module runs compiled (its loops are then fast enough to use)."""


def tally_ranks(
    high: Any, low: Any, eligible: Any, hi_lo: bool, weight: Any, plain: Any, split: Any,
    tally_high: Any, tally_low: Any,
) -> None:  # fmt: skip
    """Add the rank classes' boards to a pot's tallies.

    Args:
        high, low: ``(players, classes)`` values.
        eligible: the pot's players (indices into the rows), ascending, one or more.
        hi_lo: the pot is split high/low.
        weight: each class's boards (the low's tally counts them all).
        plain: each class's boards outside every flush class (the high's tally).
        split: filled in: per class, the high tally's extra bit where a low qualifies
            (``1 << len(eligible)``), else 0.
        tally_high: ``(2 << len(eligible),)``: boards by the high's winners and split.
        tally_low: ``(1 << len(eligible),)``: boards by the low's winners (none: not
            counted).
    """
    ne = len(eligible)
    first = eligible[0]
    for k in range(high.shape[1]):
        extra = 0
        if hi_lo:
            best = low[first, k]
            bits = 1
            for j in range(1, ne):
                value = low[eligible[j], k]
                if value > best:
                    best = value
                    bits = 1 << j
                elif value == best:
                    bits |= 1 << j
            if best >= 0:
                tally_low[bits] += weight[k]
                extra = 1 << ne
        split[k] = extra
        best = high[first, k]
        bits = 1
        for j in range(1, ne):
            value = high[eligible[j], k]
            if value > best:
                best = value
                bits = 1 << j
            elif value == best:
                bits |= 1 << j
        tally_high[bits | extra] += plain[k]


def flush_weights(
    sets: Any, index: Any, cols: Any, ways: Any, position: Any, out: Any
) -> int:  # fmt: skip
    """Add one block of flush classes' boards to their rank classes' (``out``): the
    block is every set of ``j`` suited ranks drawn (``sets``: each one's row in
    ``index``) with every multiset of the other ranks (``cols``: columns of ``index``,
    each with its ``ways``); ``index`` gives the multiset of all the ranks drawn and
    ``position`` its rank class. Returns the block's boards."""
    total = 0
    for t in range(sets.shape[0]):
        row = sets[t]
        for c in range(cols.shape[0]):
            k = position[index[row, cols[c]]]
            out[k] += ways[c]
            total += ways[c]
    return total


def tally_flush(
    high: Any, flush: Any, eligible: Any, split: Any, sets: Any, first_set: int, index: Any,
    cols: Any, ways: Any, position: Any, tally_high: Any,
) -> None:  # fmt: skip
    """Add one block of flush classes (as :func:`flush_weights` takes it) to a pot's
    high tally: each player's value is the better of the rank class's high and the
    flush of the block's set ``t`` (column ``first_set + t`` of ``flush``; -1 where
    the player holds fewer than two of the suit); ``split`` as :func:`tally_ranks`
    filled it."""
    ne = len(eligible)
    first = eligible[0]
    for t in range(sets.shape[0]):
        row = sets[t]
        column = first_set + t
        for c in range(cols.shape[0]):
            k = position[index[row, cols[c]]]
            best = high[first, k]
            value = flush[first, column]
            if value > best:
                best = value
            bits = 1
            for j in range(1, ne):
                value = high[eligible[j], k]
                suited = flush[eligible[j], column]
                if suited > value:
                    value = suited
                if value > best:
                    best = value
                    bits = 1 << j
                elif value == best:
                    bits |= 1 << j
            tally_high[bits | split[k]] += ways[c]


def rank_values(
    by_pair: Any, low_table: Any, pairs: Any, hole_low: Any, rows: Any, board_low: Any,
    qmask: int, high: Any, low: Any,
) -> None:  # fmt: skip
    """Each player's non-flush high and low on boards given by their ranks alone: the
    loops of :func:`hhtools.rules.batch.outer_ranks`, which documents the values.

    Args:
        by_pair: the high table by hole-rank pair, ``(169, rank multisets)``
            (:func:`hhtools.rules.batch._high_by_pair` of :data:`hhtools.rules.tables.HIGH_NP`).
        low_table: :data:`hhtools.rules.tables.LOW_NP`.
        pairs: ``(players, hole pairs)``: each pair's row of ``by_pair``
            (``13 * rank + rank``).
        hole_low: per player, the bits of the hole ranks a low can use.
        rows: per board, its rank multiset (a column of ``by_pair``).
        board_low: per board, the bits of its ranks a low can use.
        qmask: the qualifier's bits.
        high, low: filled in, ``(players, boards)``.
    """
    for i in range(pairs.shape[0]):  # pair by pair: its row of values read in one stretch
        first = pairs[i, 0]
        for k in range(rows.shape[0]):
            high[i, k] = by_pair[first, rows[k]]
        for p in range(1, pairs.shape[1]):
            pair = pairs[i, p]
            for k in range(rows.shape[0]):
                value = by_pair[pair, rows[k]]
                if value > high[i, k]:
                    high[i, k] = value
        hole = (hole_low[i] & qmask) << 9
        for k in range(rows.shape[0]):
            low[i, k] = low_table[hole | (board_low[k] & qmask)]


def flush_values(
    flush_table: Any, pairs: Any, per_suit: Any, rows: Any, suits: Any, triples: Any, out: Any
) -> None:  # fmt: skip
    """Each player's best flush on boards with three or more cards of a suit: the loops
    of :func:`hhtools.rules.batch.outer_flush`, which documents the values.

    Args:
        flush_table: :data:`hhtools.rules.tables.FL5_NP` (rank bits -> flush value).
        pairs: ``(players * 4, hole pairs)``: row ``4 * i + s``, the rank bits of each
            pair of player ``i``'s cards counting only the cards of suit ``s``.
        per_suit: ``(players, 4)``: how many cards of each suit each player holds.
        rows: the boards with a suit three times (columns of ``out``).
        suits: that suit, per board of ``rows``.
        triples: ``(len(rows), 10)``: the rank bits of each three of the board's five
            cards, counting only the cards of that suit.
        out: ``(players, boards)``, filled in at ``rows`` for the players who hold two
            or more of the suit (the others' entries are left as they are).
    """
    for f in range(rows.shape[0]):
        s = suits[f]
        for i in range(per_suit.shape[0]):
            if per_suit[i, s] < 2:
                continue
            held = 4 * i + s
            best = -1
            for p in range(pairs.shape[1]):
                bits = pairs[held, p]
                for q in range(10):
                    value = flush_table[bits | triples[f, q]]
                    if value > best:
                        best = value
            out[i, rows[f]] = best


def high_low_rows(
    board_row: Any, high_table: Any, flush_table: Any, low_table: Any, key_weight: Any,
    low_bit: Any, rank_bit: Any, holes: Any, boards: Any, pair_i: Any, pair_j: Any,
    qmask: int, high: Any, low: Any,
) -> None:  # fmt: skip
    """Each hand's high and low, hand by hand: the loops of
    :func:`hhtools.rules.batch.batch_high_low`, which documents the values (the same
    tables: the best non-flush high by the board's rank multiset and the hole's rank
    pair; a flush where the board holds three or more of a suit and the hole two or
    more of it; the low by the sets of low ranks).

    Args:
        board_row, high_table, flush_table, low_table: ``BROW_NP``, ``HIGH_NP``,
            ``FL5_NP`` and ``LOW_NP`` of :mod:`hhtools.rules.tables`.
        key_weight, low_bit, rank_bit: per card code, ``KEY_NP``, ``LOWBIT_NP`` and
            ``RANKBIT_NP``.
        holes: ``(N, k)`` card codes; boards: ``(N, 5)``.
        pair_i, pair_j: the hole-card pairs (``PAIRS_NP[k]``).
        qmask: the low qualifier's bits.
        high, low: filled in, ``(N,)``.
    """
    size = holes.shape[1]
    for r in range(holes.shape[0]):
        key = 0
        board_low = 0
        counts = [0, 0, 0, 0]
        for c in range(5):
            card = boards[r, c]
            key += key_weight[card]
            board_low |= low_bit[card]
            counts[card & 3] += 1
        row = board_row[key]
        hole_low = 0
        for c in range(size):
            hole_low |= low_bit[holes[r, c]]
        best = high_table[row + (holes[r, pair_i[0]] >> 2) * 13 + (holes[r, pair_j[0]] >> 2)]
        for p in range(1, pair_i.shape[0]):
            value = high_table[row + (holes[r, pair_i[p]] >> 2) * 13 + (holes[r, pair_j[p]] >> 2)]
            if value > best:
                best = value
        suit = -1
        for c in range(4):
            if counts[c] >= 3:
                suit = c
        if suit >= 0:
            held = 0
            for c in range(size):
                if holes[r, c] & 3 == suit:
                    held += 1
            if held >= 2:
                best = _best_flush(flush_table, rank_bit, holes, boards, r, suit, pair_i,
                                   pair_j, best)  # fmt: skip
        high[r] = best
        low[r] = low_table[(hole_low & qmask) << 9 | (board_low & qmask)]


def _best_flush(
    flush_table: Any, rank_bit: Any, holes: Any, boards: Any, r: int, suit: int, pair_i: Any,
    pair_j: Any, best: int,
) -> int:  # fmt: skip
    """The better of ``best`` and row ``r``'s flushes: two hole cards and three board
    cards of ``suit`` (cards of other suits count no rank)."""
    for a in range(3):
        for b in range(a + 1, 4):
            for c in range(b + 1, 5):
                triple = 0
                if boards[r, a] & 3 == suit:
                    triple |= rank_bit[boards[r, a]]
                if boards[r, b] & 3 == suit:
                    triple |= rank_bit[boards[r, b]]
                if boards[r, c] & 3 == suit:
                    triple |= rank_bit[boards[r, c]]
                for p in range(pair_i.shape[0]):
                    bits = triple
                    if holes[r, pair_i[p]] & 3 == suit:
                        bits |= rank_bit[holes[r, pair_i[p]]]
                    if holes[r, pair_j[p]] & 3 == suit:
                        bits |= rank_bit[holes[r, pair_j[p]]]
                    value = flush_table[bits]
                    if value > best:
                        best = value
    return best
