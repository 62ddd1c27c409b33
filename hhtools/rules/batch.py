"""Omaha showdowns in bulk: arrays of hands evaluated at once with numpy.

Same values as the per-call paths of :mod:`hhtools.rules.evaluator` (its docstring
defines both scales), from the same tables (:mod:`hhtools.rules.tables`): the best
non-flush high by board rank multiset and hole rank pair, flushes only for rows whose
board and hole hold enough of one suit, the low by sets of low ranks.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from hhtools.rules.evaluator import QUALIFIERS, InvalidHandError, InvalidQualifierError
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

__all__ = ["batch_high_low"]


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
