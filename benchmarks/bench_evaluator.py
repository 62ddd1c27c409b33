"""Evaluator speed (issue #2, point 7). Not a test: nothing here asserts a time.

Targets on one core: one Omaha-4 player's high *and* low per call >= 100,000/s
(:func:`hhtools.evaluator.high_value` + :func:`hhtools.evaluator.low_value`), and the
batch path (:func:`hhtools.rules.batch.batch_high_low`) >= 1,000,000 hands/s.

Run either way::

    .venv/bin/pytest benchmarks/bench_evaluator.py --benchmark-only
    .venv/bin/python benchmarks/bench_evaluator.py        # prints hands/s
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from hhtools.rules.batch import batch_high_low
from hhtools.rules.evaluator import best_high, best_low, high_value, low_value

SEED = 20240601


def random_deals(n: int, hole: int = 4, seed: int = SEED) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """``n`` random (hole, board) deals of distinct card codes."""
    rng = random.Random(seed)
    deals = []
    for _ in range(n):
        cards = rng.sample(range(52), hole + 5)
        deals.append((tuple(cards[:hole]), tuple(cards[hole:])))
    return deals


def random_arrays(
    n: int, hole: int = 4, seed: int = SEED
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """``n`` random deals as arrays ``(n, hole)`` and ``(n, 5)``."""
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, : hole + 5]
    return np.ascontiguousarray(cards[:, :hole]), np.ascontiguousarray(cards[:, hole:])


def _per_call(deals: list[tuple[tuple[int, ...], tuple[int, ...]]]) -> None:
    for hole, board in deals:
        high_value(hole, board)
        low_value(hole, board, 8)


def _dataclasses(deals: list[tuple[tuple[int, ...], tuple[int, ...]]]) -> None:
    for hole, board in deals:
        best_high(hole, board)
        best_low(hole, board, 8)


# ------------------------------------------------------------- pytest-benchmark

_DEALS = random_deals(10_000)


def test_per_call_high_low_omaha4(benchmark: Callable[..., object]) -> None:
    """high_value + low_value, 10,000 Omaha-4 hands per round."""
    benchmark(_per_call, _DEALS)


def test_dataclass_high_low_omaha4(benchmark: Callable[..., object]) -> None:
    """best_high + best_low (with the five cards), 1,000 Omaha-4 hands per round."""
    benchmark(_dataclasses, _DEALS[:1000])


def test_batch_high_low_omaha4(benchmark: Callable[..., object]) -> None:
    """batch_high_low over 1,000,000 Omaha-4 hands per round."""
    holes, boards = random_arrays(1_000_000)
    benchmark(batch_high_low, holes, boards, 8)


def test_batch_high_low_omaha6(benchmark: Callable[..., object]) -> None:
    """batch_high_low over 1,000,000 6-card Omaha hands per round."""
    holes, boards = random_arrays(1_000_000, hole=6)
    benchmark(batch_high_low, holes, boards, 8)


# ---------------------------------------------------------------------- script


def _rate(fn: Callable[[], object], hands: int, repeat: int = 5) -> float:
    best = min(_timed(fn) for _ in range(repeat))
    return hands / best


def _timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main() -> None:
    """Print hands per second for each path."""
    for hole in (4, 5, 6):
        deals = random_deals(20_000, hole)
        rate = _rate(lambda: _per_call(deals), len(deals))
        print(f"per call, high+low, {hole} hole cards: {rate:>12,.0f} hands/s")
    deals = random_deals(2_000)
    rate = _rate(lambda: _dataclasses(deals), len(deals))
    print(f"best_high+best_low, 4 hole cards:    {rate:>12,.0f} hands/s")
    for hole in (4, 5, 6):
        holes, boards = random_arrays(1_000_000, hole)
        rate = _rate(lambda: batch_high_low(holes, boards, 8), len(holes))
        print(f"batch, high+low, {hole} hole cards:     {rate:>12,.0f} hands/s")


if __name__ == "__main__":
    main()
