"""The hold'em reading (any five cards, the audit's holdem_misread_prone) read by the
ranking rule on both paths (any_five.pxd types it when compiled): every value is the
best five of the cards by the rule itself (``tables.value5``), the five cards read out
make that value, and the compiled and the pure path print the same."""

from __future__ import annotations

import itertools
import random

import pytest

from hhtools.rules import any_five
from hhtools.rules.tables import value5

from .test_compiled_core import _python


def _hands(n: int, seed: int) -> list[tuple[int, ...]]:
    """``n`` random sets of five to eleven distinct card codes (0..51), one in three
    with five or more of one suit (flushes, straight flushes)."""
    rng = random.Random(seed)
    out = []
    for k in range(n):
        size = 5 + k % 7
        if k % 3 == 0:
            suit = rng.randrange(4)
            suited = rng.sample([c for c in range(52) if c & 3 == suit], min(size, 5 + k % 3))
            rest = rng.sample([c for c in range(52) if c not in suited], size - len(suited))
            cards = suited + rest
            rng.shuffle(cards)
        else:
            cards = rng.sample(range(52), size)
        out.append(tuple(cards))
    return out


def _best_by_the_rule(codes: tuple[int, ...]) -> int:
    """The best of every five of ``codes`` by value5 (the ranking rule)."""
    return max(value5([c >> 2 for c in five], len({c & 3 for c in five}) == 1)
               for five in itertools.combinations(codes, 5))  # fmt: skip


def test_value_and_cards_are_the_rules_best_five() -> None:
    for codes in _hands(1400, 11):
        best = _best_by_the_rule(codes)
        assert any_five.any_five_value(codes) == best, codes
        five = any_five._any_five_cards(codes, best)
        assert len(five) == 5 and set(five) <= set(codes), (codes, five)
        assert value5([c >> 2 for c in five], len({c & 3 for c in five}) == 1) == best


@pytest.mark.parametrize(("cards", "category", "five"), [
    # board quads and a pair in hand: four of a kind, the hand's ace the kicker
    ("As Ad 9c 9d 9h 9s 2c", "four of a kind", ("9c", "9d", "9h", "9s", "As")),
    # two threes of a kind: the higher three full of the lower pair
    ("Kc Kd Ks 7h 7s 7d 2c", "full house", ("Kc", "Kd", "Ks", "7h", "7s")),
    # the wheel: the five first, the ace last
    ("Ah 2c 3d 4s 5h Kd Qc", "straight", ("5h", "4s", "3d", "2c", "Ah")),
    # six spades: the five highest make the flush
    ("2s 4s 7s 9s Js Ks 3d", "flush", ("Ks", "Js", "9s", "7s", "4s")),
    # a straight flush beats the higher plain flush cards of the same suit
    ("5h 6h 7h 8h 9h Ah Kh", "straight flush", ("9h", "8h", "7h", "6h", "5h")),
    # three pairs: the two highest and the highest other card
    ("Qc Qd 8s 8h 3c 3d Ts", "two pair", ("Qc", "Qd", "8s", "8h", "Ts")),
])  # fmt: skip
def test_readings_worked_by_hand(cards: str, category: str, five: tuple[str, ...]) -> None:
    got = any_five.best_of_any_five(cards)
    assert (got.category.value, got.cards) == (category, five)


def test_both_paths_print_the_same() -> None:
    code = ("from hhtools.rules import any_five as a\n"
            "from tests.test_any_five_paths import _hands\n"
            "for c in _hands(3000, 5):\n"
            "    v = a.any_five_value(c)\n"
            "    print(v, a.any_five_high(c, v).cards)\n")  # fmt: skip
    assert _python(code, pure=False) == _python(code, pure=True)

