"""Omaha showdowns in bulk: arrays of hands evaluated at once with numpy.

Same values as the per-call paths of :mod:`hhtools.rules.evaluator` (its docstring
defines both scales), from the same tables (:mod:`hhtools.rules.tables`): the best
non-flush high by board rank multiset and hole rank pair, flushes only for rows whose
board and hole hold enough of one suit, the low by sets of low ranks.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from hhtools.rules import class_count
from hhtools.model.vocab import QUALIFIERS
from hhtools.rules.evaluator import InvalidHandError, InvalidQualifierError
from hhtools.rules.tables import (
    BROW_NP as _BROW_NP,
)
from hhtools.rules.tables import (
    FL5_NP as _FL5_NP,
)
from hhtools.rules.tables import (
    FLUSH_ADD as _FLUSH_ADD,
)
from hhtools.rules.tables import (
    FLUSH_ANY as _FLUSH_ANY,
)
from hhtools.rules.tables import (
    HIGH_NP as _HIGH_NP,
)
from hhtools.rules.tables import (
    KEY_NP as _KEY_NP,
)
from hhtools.rules.tables import (
    LOW_NP as _LOW_NP,
)
from hhtools.rules.tables import (
    LOWBIT_NP as _LOWBIT_NP,
)
from hhtools.rules.tables import (
    PAIRS_NP as _PAIRS_NP,
)
from hhtools.rules.tables import (
    QMASK as _QMASK,
)
from hhtools.rules.tables import (
    RANKBIT_NP as _RANKBIT_NP,
)
from hhtools.rules.tables import (
    SUITCOUNT_NP as _SUITCOUNT_NP,
)
from hhtools.rules.tables import (
    TRIPLES_NP as _TRIPLES_NP,
)

__all__ = ["batch_high_low", "board_ranks", "check_qualifier", "outer_flush", "outer_high_low",
           "outer_ranks"]


def check_qualifier(qualifier: int) -> None:
    """Refuse a low qualifier the evaluators do not know.

    Raises:
        InvalidQualifierError: ``qualifier`` not in :data:`QUALIFIERS` (7, 8 or 9).
    """
    if qualifier not in _QMASK:
        raise InvalidQualifierError(f"low qualifier must be one of {QUALIFIERS}, not {qualifier!r}")


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
    >>> from hhtools.rules.evaluator import best_low, category_of
    >>> hi, lo = batch_high_low([parse_cards("Ah 3h Ts Tc")], [parse_cards("2s 5c Th 7d 8c")])
    >>> category_of(int(hi[0])), int(lo[0]) == best_low("Ah 3h Ts Tc", "2s 5c Th 7d 8c").value
    (<HandCategory.THREE_OF_A_KIND: 'three of a kind'>, True)
    """
    check_qualifier(qualifier)
    h, b, pi, pj = _shapes(holes, boards, paired=True)
    if h.shape[0] == 0:
        return np.empty(0, np.int32), np.empty(0, np.int32)
    if class_count.COMPILED:  # the same lookups, hand by hand
        out_high = np.empty(len(h), dtype=np.int32)
        out_low = np.empty(len(h), dtype=np.int32)
        class_count.high_low_rows(_BROW_NP, _HIGH_NP, _FL5_NP, _LOW_NP, _KEY_NP, _LOWBIT_NP,
                                  _RANKBIT_NP, np.ascontiguousarray(h), np.ascontiguousarray(b),
                                  np.ascontiguousarray(pi), np.ascontiguousarray(pj),
                                  _QMASK[qualifier], out_high, out_low)  # fmt: skip
        return out_high, out_low

    # High, non-flush: board rank multiset row + ordered hole-rank pair slot.
    row = _BROW_NP[_KEY_NP[b].sum(axis=1)]
    hr = h >> 2
    idx = (hr[:, pi] * 13 + hr[:, pj]).T + row  # (P, N): pairs first, so the max runs down
    high = _HIGH_NP[idx].max(axis=0)

    # High, flush: only rows whose board holds three or more of one suit and whose
    # hole holds two or more of that suit (one suit at most can have three of five).
    flush_rows, fv = _flushes(h, b, pi, pj)
    if flush_rows.size:
        high[flush_rows] = np.maximum(high[flush_rows], fv)

    # Low: set of low hole ranks x set of low board ranks.
    m = _QMASK[qualifier]
    lh = _any_bits(_LOWBIT_NP[h]) & m
    lbd = _any_bits(_LOWBIT_NP[b]) & m
    low = _LOW_NP[(lh << 9) | lbd]
    return high.astype(np.int32, copy=False), low.astype(np.int32, copy=False)


def _any_bits(bits: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Each row's bits or-ed together, column by column (faster than a reduce along
    the rows' few columns)."""
    out = bits[:, 0].copy()
    for j in range(1, bits.shape[1]):
        out |= bits[:, j]
    return out


def _flushes(
    h: npt.NDArray[np.intp], b: npt.NDArray[np.intp], pi: npt.NDArray[np.intp],
    pj: npt.NDArray[np.intp],
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.int64]]:  # fmt: skip
    """The rows that hold a flush and its best value (board suit counts first: one
    suit at most can have three of five)."""
    f = (_SUITCOUNT_NP[b].sum(axis=1) + _FLUSH_ADD) & _FLUSH_ANY
    suit = (f > 0x08).astype(np.intp) + (f > 0x0800) + (f > 0x080000)
    hole_suited = (h & 3) == suit[:, None]
    flush_rows = np.nonzero((f != 0) & (hole_suited.sum(axis=1) >= 2))[0]
    if not flush_rows.size:
        return flush_rows, np.empty(0, dtype=np.int64)
    fb = b[flush_rows]
    fh = h[flush_rows]
    fs = suit[flush_rows, None]
    bbits = np.where((fb & 3) == fs, _RANKBIT_NP[fb], 0)
    hbits = np.where(hole_suited[flush_rows], _RANKBIT_NP[fh], 0)
    ta, tb, tc = _TRIPLES_NP
    tmask = bbits[:, ta] | bbits[:, tb] | bbits[:, tc]  # (M, 10)
    pmask = hbits[:, pi] | hbits[:, pj]  # (M, P)
    return flush_rows, _FL5_NP[pmask[:, :, None] | tmask[:, None, :]].max(axis=(1, 2))


def outer_high_low(
    holes: npt.ArrayLike, boards: npt.ArrayLike, qualifier: int = 8
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Every hand against every board (numpy): what the board alone decides is worked
    out once per board, not once per hand and board.

    Args:
        holes: integer card codes, shape ``(n, k)``, ``k`` hole cards per hand (2..7).
        boards: integer card codes, shape ``(m, 5)``.
        qualifier: low qualifier (7, 8 or 9).

    Returns:
        ``(high_values, low_values)``, two ``int32`` arrays of shape ``(n, m)``: entry
        ``[i, j]`` is :func:`batch_high_low` of hole ``i`` on board ``j`` (the same
        values). Cards are not validated beyond shapes.

    Raises:
        InvalidHandError: arrays of the wrong shape.
        InvalidQualifierError: ``qualifier`` not in :data:`QUALIFIERS`.
    """
    check_qualifier(qualifier)
    h, b, pi, pj = _shapes(holes, boards, paired=False)
    high, low = outer_ranks(h, board_ranks(b), qualifier)
    rows, suit, tmask = _board_flushes(b)
    for i in range(len(h)):
        at, fv = _hole_flushes(h[i], pi, pj, rows, suit, tmask)
        high[i, at] = np.maximum(high[i, at], fv)
    return high, low


def board_ranks(boards: npt.ArrayLike) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """What the boards' ranks alone decide, for :func:`outer_ranks`: per board its row
    in the high table (its rank multiset) and the bits of the ranks it holds that a
    low can use (aces low; :func:`outer_ranks` keeps those under its qualifier).

    Args:
        boards: integer card codes, shape ``(m, 5)``.

    Returns:
        ``(rows, low_bits)``, two ``int64`` arrays of shape ``(m,)``.
    """
    b = np.asarray(boards, dtype=np.intp)
    return _BROW_NP[_KEY_NP[b].sum(axis=1)], _any_bits(_LOWBIT_NP[b])


def outer_ranks(
    holes: npt.ArrayLike, board: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]],
    qualifier: int = 8,
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:  # fmt: skip
    """Every hand against every board, flushes left out: :func:`outer_high_low` of
    boards with no three cards of a suit, from their :func:`board_ranks` (worked out
    once for boards that recur: the rank classes of :mod:`hhtools.rules.equity_batch`).

    Args:
        holes: integer card codes, shape ``(n, k)`` (k 2..7).
        board: :func:`board_ranks` of ``m`` boards.
        qualifier: low qualifier (7, 8 or 9).

    Returns:
        ``(high_values, low_values)``, ``int32`` arrays of shape ``(n, m)``: the best
        non-flush high and the low (:data:`NO_LOW` where none qualifies).

    Raises:
        InvalidHandError: holes of the wrong shape.
        InvalidQualifierError: ``qualifier`` not in :data:`QUALIFIERS`.
    """
    check_qualifier(qualifier)
    h = np.asarray(holes, dtype=np.intp)
    if h.ndim != 2 or h.shape[1] not in _PAIRS_NP:
        raise InvalidHandError(f"expected holes (n, k) with k 2 to 7, got {h.shape}")
    pi, pj = _PAIRS_NP[h.shape[1]]
    row, bits = board
    n, m = len(h), len(row)
    high = np.empty((n, m), dtype=np.int32)
    low = np.empty((n, m), dtype=np.int32)
    qmask = _QMASK[qualifier]
    if class_count.COMPILED:  # the same lookups, one loop
        hr = h >> 2
        class_count.rank_values(_high_by_pair(), _LOW_NP,
                                np.ascontiguousarray(hr[:, pi] * 13 + hr[:, pj]),
                                _any_bits(_LOWBIT_NP[h]), np.ascontiguousarray(row // _SLOTS),
                                np.ascontiguousarray(bits), qmask, high, low)  # fmt: skip
        return high, low
    lbd = bits & qmask
    for i in range(n):
        hr = h[i] >> 2
        high[i] = _HIGH_NP[(hr[pi] * 13 + hr[pj])[:, None] + row].max(axis=0)  # (P, m)
        low[i] = _LOW_NP[(int(np.bitwise_or.reduce(_LOWBIT_NP[h[i]])) & qmask) << 9 | lbd]
    return high, low


_SLOTS = 169  #: a board's row of the high table: one slot per ordered pair of hole ranks
_BY_PAIR: list[npt.NDArray[np.int32]] = []


def _high_by_pair() -> npt.NDArray[np.int32]:
    """The high table by hole-rank pair: ``(169, board rank multisets)``, entry ``[13 *
    a + b, r]`` that of ``HIGH_NP[169 * r + 13 * a + b]`` (made on first use, kept: a
    pair's values over every board are then 25 KB in a row, where the table's rows put
    them 676 bytes apart)."""
    if not _BY_PAIR:
        table = np.ascontiguousarray(_HIGH_NP.reshape(-1, _SLOTS).T)
        table.flags.writeable = False
        _BY_PAIR.append(table)
    return _BY_PAIR[0]


def outer_flush(holes: npt.ArrayLike, boards: npt.ArrayLike) -> npt.NDArray[np.int32]:
    """Every hand's best flush on every board, and no other hand: at ``[i, j]``, shape
    ``(n, m)``, the high value (the scale of :func:`batch_high_low`) of the best flush
    or straight flush of two of hole ``i``'s cards and three of board ``j``'s of one
    suit, or -1 where there is none (the flush part of :func:`batch_high_low` alone).

    Args:
        holes: integer card codes, shape ``(n, k)`` (k 2..7).
        boards: integer card codes, shape ``(m, 5)``.

    Raises:
        InvalidHandError: arrays of the wrong shape.
    """
    h, b, pi, pj = _shapes(holes, boards, paired=False)
    out = np.full((len(h), len(b)), -1, dtype=np.int32)
    rows, suit, tmask = _board_flushes(b)
    if class_count.COMPILED:  # the same lookups, one loop
        suits = np.arange(4)[None, :, None]
        hbits = np.where((h & 3)[:, None, :] == suits, _RANKBIT_NP[h][:, None, :], 0)  # (n, 4, k)
        pairs = np.ascontiguousarray((hbits[:, :, pi] | hbits[:, :, pj]).reshape(4 * len(h), -1),
                                     dtype=np.int32)  # fmt: skip
        per_suit = ((h & 3)[:, None, :] == suits).sum(axis=2).astype(np.int64)  # (n, 4)
        class_count.flush_values(_FL5_NP, pairs, per_suit, rows, suit,
                                 np.ascontiguousarray(tmask, dtype=np.int32), out)  # fmt: skip
        return out
    for i in range(len(h)):
        at, fv = _hole_flushes(h[i], pi, pj, rows, suit, tmask)
        out[i, at] = fv
    return out


def _shapes(
    holes: npt.ArrayLike, boards: npt.ArrayLike, paired: bool
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """Holes and boards as arrays, checked, and the hole-card pairs ``(pi, pj)``;
    ``paired``: one board per hole (else any number of each)."""
    h = np.asarray(holes, dtype=np.intp)
    b = np.asarray(boards, dtype=np.intp)
    if h.ndim != 2 or b.ndim != 2 or b.shape[1] != 5 or (paired and h.shape[0] != b.shape[0]):
        n, m = ("N", "N") if paired else ("n", "m")
        raise InvalidHandError(f"expected holes ({n}, k) and boards ({m}, 5), got {h.shape} and {b.shape}")
    if h.shape[1] not in _PAIRS_NP:
        raise InvalidHandError(f"hole must be 2 to 7 cards, got {h.shape[1]}")
    pi, pj = _PAIRS_NP[h.shape[1]]
    return h, b, pi, pj


def _board_flushes(
    b: npt.NDArray[np.intp],
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[Any]]:
    """The boards with three or more of a suit: their rows, that suit, and the rank
    bits of each choice of three of its cards, ``(F, 10)``."""
    f = (_SUITCOUNT_NP[b].sum(axis=1) + _FLUSH_ADD) & _FLUSH_ANY
    rows = np.nonzero(f)[0]
    f = f[rows]
    suit = (f > 0x08).astype(np.intp) + (f > 0x0800) + (f > 0x080000)
    fb = b[rows]
    bbits = np.where((fb & 3) == suit[:, None], _RANKBIT_NP[fb], 0)
    ta, tb, tc = _TRIPLES_NP
    return rows, suit, bbits[:, ta] | bbits[:, tb] | bbits[:, tc]


def _hole_flushes(
    hole: npt.NDArray[np.intp], pi: npt.NDArray[np.intp], pj: npt.NDArray[np.intp],
    rows: npt.NDArray[np.intp], suit: npt.NDArray[np.intp], tmask: npt.NDArray[np.int32],
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.int64]]:  # fmt: skip
    """One hole's flushes on the boards :func:`_board_flushes` found: the board rows
    where it holds two or more of the suit, and the best flush there."""
    per_suit = np.bincount(hole & 3, minlength=4)
    able = per_suit[suit] >= 2
    if not able.any():
        return rows[:0], np.empty(0, dtype=np.int64)
    # rank bits of each pair of the hole's cards, counting only the cards of each suit
    hbits = np.where((hole & 3)[None, :] == np.arange(4)[:, None], _RANKBIT_NP[hole], 0)
    pmask = (hbits[:, pi] | hbits[:, pj])[suit[able]].T  # (P, F')
    tm = tmask[able].T  # (10, F')
    fv = _FL5_NP[(pmask[:, None, :] | tm[None, :, :]).reshape(-1, tm.shape[1])].max(axis=0)
    return rows[able], fv
