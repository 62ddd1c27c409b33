"""All-in equity speed (issue "Player statistics", point 3). Not a test: nothing asserts a time.

Target: a four-way flop all-in of Omaha hi/lo under 50 ms; for ``hhtools equity``
(:data:`ODDS_CASES`) heads-up PLO preflop exact under 5 s and the four-way hi/lo flop
under 50 ms. Also timed: a turn all-in,
three- and four-way flop all-ins with side pots, heads-up and three-way preflop
(exact enumeration), and a sampled preflop (100,000 boards), each the median of
several runs on seeded random deals, in milliseconds per hand.

    .venv/bin/python benchmarks/bench_equity.py
    .venv/bin/pytest benchmarks/bench_equity.py --benchmark-only
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from hhtools.model.cards import card_str
from hhtools.rules.equity import all_in_equity, hand_odds
from hhtools.rules.ranges import parse_hand

SEED = 20261201


def deal(players: int, board: int, hole: int = 4, seed: int = SEED) -> tuple[list[str], str]:
    """Seeded random hole cards for ``players`` and ``board`` board cards."""
    cards = [card_str(c) for c in random.Random(seed).sample(range(52), players * hole + board)]
    holes = [" ".join(cards[i * hole : (i + 1) * hole]) for i in range(players)]
    return holes, " ".join(cards[players * hole :])


CASES: dict[str, dict[str, Any]] = {
    "turn, 2-way, hi/lo": {"players": 2, "board": 4},
    "flop, 3-way, hi/lo, side pot": {"players": 3, "board": 3},
    "flop, 4-way, hi/lo, 3 pots": {"players": 4, "board": 3},
    "preflop, 2-way, hi/lo (exact)": {"players": 2, "board": 0},
    "preflop, 3-way, hi/lo (exact)": {"players": 3, "board": 0},
    "preflop, 2-way, 6-card (sampled)": {"players": 2, "board": 0, "hole": 6},
}


def run(name: str, seed: int) -> tuple[float, int, bool]:
    """(seconds, boards, exact) of one case on one seeded deal."""
    spec = CASES[name]
    holes, board = deal(spec["players"], spec["board"], spec.get("hole", 4), seed)
    n = spec["players"]
    pots = [(1000, tuple(range(n)))] + [(300, tuple(range(1, n)))] * (n > 2) + (
        [(100, tuple(range(2, n)))] if n > 3 else [])  # fmt: skip
    t0 = time.perf_counter()
    eq = all_in_equity(holes, board, pots, hi_lo=True, seed=seed)
    return time.perf_counter() - t0, eq.boards, eq.exact


def test_four_way_flop(benchmark: Any) -> None:
    """pytest-benchmark: the four-way flop all-in of the target."""
    benchmark(run, "flop, 4-way, hi/lo, 3 pots", SEED)


def main() -> None:
    """Print the median milliseconds of each case over several seeded deals."""
    run("preflop, 2-way, hi/lo (exact)", 0)  # warm the tables and the board lists
    print(f"{'case':36} {'boards':>10} {'exact':>6} {'median ms':>10} {'max ms':>8}")
    for name in CASES:
        reps = 3 if name.startswith("preflop") else 25
        times, boards, exact = [], 0, False
        for i in range(reps):
            secs, boards, exact = run(name, SEED + i)
            times.append(secs * 1000)
        print(f"{name:36} {boards:>10,} {exact!s:>6} {statistics.median(times):>10.1f} "
              f"{max(times):>8.1f}")


#: ``hhtools equity``'s cases (issue "Every game and rule", point 4): heads-up PLO
#: preflop exact (1,086,008 boards; target under 5 s) and a four-way hi/lo flop
#: (target under 50 ms), through :func:`hand_odds`; and two ranges, sampled.
ODDS_CASES = {
    "equity: PLO heads-up preflop (exact)": (["Ah Kh Qd Jd", "7s 6s 5c 4c"], "", False),
    "equity: PLO8 4-way flop (exact)": (
        ["As Ad 2c 3h", "Kc Kd Qs Js", "7h 8h 9c Td", "5s 4d 6c 2d"], "Ks 7d 3c", True),
    "equity: AAxx v ds rundowns (50k deals)": (["AAxx", "double-suited rundowns"], "", False),
    "equity: A2xx v KKxx, PLO8 flop (50k)": (["A2xx", "KKxx"], "Qs 7d 3c", True),
}  # fmt: skip


def run_odds(name: str) -> tuple[float, int, bool]:
    """Seconds for one :func:`hand_odds` case, its boards and whether exact."""
    hands, board, hi_lo = ODDS_CASES[name]
    t0 = time.perf_counter()
    odds = hand_odds([parse_hand(h, 4) for h in hands], board, hi_lo=hi_lo, seed=SEED)
    return time.perf_counter() - t0, odds.boards, odds.exact


def test_heads_up_preflop_exact(benchmark: Any) -> None:
    """pytest-benchmark: ``hhtools equity``'s heads-up PLO preflop, every board."""
    benchmark(run_odds, "equity: PLO heads-up preflop (exact)")


def main_odds() -> None:
    """Print each ``hhtools equity`` case: median and max of three runs."""
    for name in ODDS_CASES:
        runs = [run_odds(name) for _ in range(3)]
        times = [r[0] * 1000 for r in runs]
        print(f"{name:36} {runs[0][1]:>10,} {runs[0][2]!s:>6} {statistics.median(times):>10.1f} "
              f"{max(times):>8.1f}")


if __name__ == "__main__":
    main()
    main_odds()
