"""Lookup tables of the evaluator, built once at import (about 0.1 s, nothing on disk).

The best non-flush high for every board rank multiset (6,188) and every ordered pair
of hole ranks (169), a 5-card flush table, the best ace-to-five low for every set of
low hole ranks and set of low board ranks (512 x 512), and per-card constants. The
values follow :mod:`hhtools.rules.evaluator` (its docstring defines both scales);
:func:`value5` is the ranking rule itself, every table is derived from it.
"""

from __future__ import annotations

import itertools
from array import array
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from hhtools.model.vocab import QUALIFIERS as QUALIFIERS

NO_LOW: Final = -1
"""Batch sentinel for "no qualifying low" (every real low value is above 7,600)."""




# Additive rank weights: the sum over any five ranks (each rank up to five times) is
# different for every multiset, so the sum indexes a dense table (greedy search).
W: Final = (0, 1, 6, 31, 108, 366, 926, 2286, 5733, 12905, 27316, 44676, 94545)
KEY_SIZE: Final = 5 * W[-1] + 1

SF, QUADS, FULL, FLUSH, STRAIGHT, TRIPS, TWO_PAIR, PAIR, HIGH_CARD = 8, 7, 6, 5, 4, 3, 2, 1, 0


def value5(ranks: Sequence[int], flush: bool) -> int:
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
        cat = SF if flush else STRAIGHT
    elif shape[0] >= 4:
        cat = QUADS
    elif shape[:2] == [3, 2]:
        cat = FULL
    elif flush:
        cat = FLUSH
    elif shape[0] == 3:
        cat = TRIPS
    elif shape[:2] == [2, 2]:
        cat = TWO_PAIR
    elif shape[0] == 2:
        cat = PAIR
    else:
        cat = HIGH_CARD
    return cat << 20 | order[0] << 16 | order[1] << 12 | order[2] << 8 | order[3] << 4 | order[4]


def _build_tables() -> dict[str, npt.NDArray[Any]]:
    multisets = list(itertools.combinations_with_replacement(range(13), 5))
    v5 = np.zeros(KEY_SIZE, dtype=np.int32)
    for ms in multisets:
        if ms[0] != ms[4]:  # five of a kind cannot be dealt; leave 0
            v5[sum(W[r] for r in ms)] = value5(ms, False)

    fl5 = np.zeros(1 << 13, dtype=np.int32)  # 0 unless exactly five rank bits
    for combo in itertools.combinations(range(13), 5):
        fl5[sum(1 << r for r in combo)] = value5(combo, True)

    # Best non-flush high for (board rank multiset, ordered hole rank pair).
    w = np.array(W, dtype=np.int64)
    boards = np.array(multisets, dtype=np.int64)  # (6188, 5)
    board_keys = w[boards].sum(axis=1)
    triples = np.array(list(itertools.combinations(range(5), 3)))  # (10, 3)
    triple_keys = w[boards[:, triples]].sum(axis=2)  # (6188, 10)
    upper = [(a, b) for a in range(13) for b in range(a, 13)]  # 91 unordered pairs
    pair_keys = np.array([W[a] + W[b] for a, b in upper], dtype=np.int64)
    best91 = v5[triple_keys[:, :, None] + pair_keys[None, None, :]].max(axis=1)
    column = {p: i for i, p in enumerate(upper)}
    slot = np.array([column[(min(a, b), max(a, b))] for a in range(13) for b in range(13)])
    high_table = np.ascontiguousarray(best91[:, slot]).ravel()  # (6188 * 169,)
    board_row = np.full(KEY_SIZE, -1, dtype=np.int64)
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
V5_NP: Final[npt.NDArray[np.int32]] = _T["v5"]
FL5_NP: Final[npt.NDArray[np.int32]] = _T["fl5"]
HIGH_NP: Final[npt.NDArray[np.int32]] = _T["high_table"]
BROW_NP: Final[npt.NDArray[np.int64]] = _T["board_row"]
LOW_NP: Final[npt.NDArray[np.int32]] = _T["low_table"]
del _T
assert isinstance(V5_NP, np.ndarray) and isinstance(FL5_NP, np.ndarray)
assert isinstance(HIGH_NP, np.ndarray) and isinstance(BROW_NP, np.ndarray)
assert isinstance(LOW_NP, np.ndarray)

# Plain-Python views for the per-call paths (list/array indexing beats numpy scalars).
V5: Final = array("i", V5_NP.tobytes())
FL5: Final[list[int]] = FL5_NP.tolist()
HIGH: Final = array("i", HIGH_NP.tobytes())
BROW: Final = {int(k): int(v) for k, v in zip(np.nonzero(BROW_NP >= 0)[0], BROW_NP[BROW_NP >= 0])}
LOW: Final = array("i", LOW_NP.tobytes())

# Per card code.
KEY: Final = [W[c >> 2] for c in range(52)]  # rank weight
R: Final = [c >> 2 for c in range(52)]  # rank index
R13: Final = [(c >> 2) * 13 for c in range(52)]  # rank index * 13 (pair slot row)
SUITCOUNT: Final = [1 << (8 * (c & 3)) for c in range(52)]  # one byte per suit
LOWRANK: Final = [1 if c >> 2 == 12 else (c >> 2) + 2 for c in range(52)]  # A=1 .. K=13
LOWBIT: Final = [(1 << (n - 1)) if n <= 9 else 0 for n in LOWRANK]
QMASK: Final = {q: (1 << q) - 1 for q in QUALIFIERS}
FLUSH_ANY: Final = 0x08080808  # a byte of SUITCOUNT sums reaches 3 after adding 5
FLUSH_ADD: Final = 0x05050505

PAIRS: Final = {k: tuple(itertools.combinations(range(k), 2)) for k in range(2, 8)}
TRIPLES: Final = tuple(itertools.combinations(range(5), 3))
PAIRS_NP: Final = {k: np.array(v, dtype=np.intp).T for k, v in PAIRS.items()}
TRIPLES_NP: Final = np.array(TRIPLES, dtype=np.intp).T
KEY_NP: Final = np.array(KEY, dtype=np.int64)
LOWBIT_NP: Final = np.array(LOWBIT, dtype=np.int64)
SUITCOUNT_NP: Final = np.array(SUITCOUNT, dtype=np.int64)
RANKBIT_NP: Final = np.array([1 << (c >> 2) for c in range(52)], dtype=np.int32)

flush_cache: dict[int, int] = {}


def flush_best(board_mask: int, hole_mask: int) -> int:
    """Best flush value from two of ``hole_mask``'s and three of ``board_mask``'s ranks."""
    key = board_mask << 13 | hole_mask
    best = flush_cache.get(key)
    if best is None:
        hb = [1 << r for r in range(13) if hole_mask >> r & 1]
        bb = [1 << r for r in range(13) if board_mask >> r & 1]
        best = 0
        for x, y in itertools.combinations(hb, 2):
            for p, q, s in itertools.combinations(bb, 3):
                v = FL5[x | y | p | q | s]
                best = max(best, v)
        if len(flush_cache) < 200_000:
            flush_cache[key] = best
    return best


