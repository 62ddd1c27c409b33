"""The evaluator's per-call paths read by the rules on both paths (evaluator.pxd types
them when compiled): every value is the best of the two-plus-three fives the ranking
rule itself gives (``tables.value5``: exactly two hole and three board cards, seeds
000 and 001), and the compiled and the pure path give the same values and five cards.
"""

from __future__ import annotations

import itertools
import random

import pytest

from hhtools import _core
from hhtools.rules import evaluator
from hhtools.rules.tables import value5

from .test_compiled_core import _python


def _deals(n: int, seed: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """``n`` random deals of 4, 5 or 6 hole cards and a five-card board, one in three
    with four or five board cards of one suit (flushes), card codes 0..51."""
    rng = random.Random(seed)
    out = []
    for k in range(n):
        size = 4 + k % 3
        if k % 3 == 0:  # a suited board: flushes and straight flushes
            suit = rng.randrange(4)
            board = rng.sample([c for c in range(52) if c & 3 == suit], 4)
            rest = [c for c in range(52) if c not in board]
            board.append(rng.choice(rest))
            rest = [c for c in rest if c not in board]
            hole = rng.sample(rest, size)
        else:
            cards = rng.sample(range(52), size + 5)
            hole, board = cards[:size], cards[size:]
        out.append((tuple(hole), tuple(board)))
    return out


def _by_the_rule(hole: tuple[int, ...], board: tuple[int, ...]) -> int:
    """The best high of every five of two hole and three board cards, by value5."""
    return max(value5([c >> 2 for c in two + three],
                      len({c & 3 for c in two + three}) == 1)
               for two in itertools.combinations(hole, 2)
               for three in itertools.combinations(board, 3))  # fmt: skip


def test_high_value_and_its_five_are_the_rules_best() -> None:
    for hole, board in _deals(1500, 7):
        best = _by_the_rule(hole, board)
        assert evaluator.high_value(hole, board) == best, (hole, board)
        five = evaluator._first_high_five(hole, board, best)
        assert evaluator._eval5(five) == best
        assert len(set(five) & set(hole)) == 2 and len(set(five) & set(board)) == 3


def test_both_paths_give_the_same_values_and_cards() -> None:
    if _core.status().get("hhtools.rules.evaluator") != "compiled":
        pytest.skip("the evaluator is not compiled here")
    code = ("from hhtools.rules import evaluator as e\n"
            "from tests.test_evaluator_paths import _deals\n"
            "for h, b in _deals(3000, 11):\n"
            "    v = e.high_value(h, b)\n"
            "    print(v, e._first_high_five(h, b, v), e.best_high(h, b).cards)")  # fmt: skip
    compiled, pure = _python(code, pure=False), _python(code, pure=True)
    assert compiled.count("\n") == 3000
    assert compiled == pure
