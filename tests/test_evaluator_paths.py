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


def _deals(n: int, seed: int, sizes: tuple[int, ...] = (4, 5, 6)) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """``n`` random deals of ``sizes`` hole cards in turn (4, 5, 6) and a five-card
    board, one in three with four or five board cards of one suit (flushes), card codes
    0..51."""
    rng = random.Random(seed)
    out = []
    for k in range(n):
        size = sizes[k % len(sizes)]
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


def _read_by_the_rule(five: tuple[int, ...], value: int) -> tuple[str, ...]:
    """The reading order as the rules state it (evaluator docstring): cards of the most
    repeated rank first, then higher rank first, equal cards in their order; a straight
    high first, the wheel (five high) with its ace last."""
    ranks = [c >> 2 for c in five]
    order = sorted(five, key=lambda c: (-ranks.count(c >> 2), -(c >> 2)))
    if value >> 20 in (4, 8) and sorted(ranks) == [0, 1, 2, 3, 12]:  # the wheel
        order = order[1:] + order[:1]
    return tuple("23456789TJQKA"[c >> 2] + "cdhs"[c & 3] for c in order)


def test_hole_of_two_to_seven_cards_and_the_reading_order() -> None:
    """Every hole size the loop of high_value serves (all but 4) and the four too: the
    value is the rule's best and the cards read as the rule orders them."""
    for hole, board in _deals(1200, 13, sizes=(2, 3, 4, 5, 6, 7)):
        best = _by_the_rule(hole, board)
        assert evaluator.high_value(hole, board) == best, (hole, board)
        five = evaluator._first_high_five(hole, board, best)
        assert evaluator.best_high(hole, board).cards == _read_by_the_rule(five, best)


@pytest.mark.parametrize(("five", "cards"), [
    ("7s Kd 7d Kc 7c", ("7s", "7d", "7c", "Kd", "Kc")),  # full house: the trips first
    ("Kd Kc 7s 7d 7c", ("7s", "7d", "7c", "Kd", "Kc")),
    ("2c 9d 2s 9h Ah", ("9d", "9h", "2c", "2s", "Ah")),  # two pair, kicker last
    ("4h 2h Ah 3h 5h", ("5h", "4h", "3h", "2h", "Ah")),  # steel wheel: the ace reads low
    ("Ah Kh Qh Jh Th", ("Ah", "Kh", "Qh", "Jh", "Th")),  # royal: the ace reads high
    ("3d 4c 5s 6h 2c", ("6h", "5s", "4c", "3d", "2c")),
    ("Qs 3c Qd 3h Qc", ("Qs", "Qd", "Qc", "3c", "3h")),
    ("9s 9c 9d 9h 2c", ("9s", "9c", "9d", "9h", "2c")),  # quads keep their order
    ("Jc 8d 4s Kh 2d", ("Kh", "Jc", "8d", "4s", "2d")),
])  # fmt: skip
def test_reading_order_worked_by_hand(five: str, cards: tuple[str, ...]) -> None:
    assert evaluator.high5(five).cards == cards


def test_cards_read_from_texts_codes_and_other_spellings_alike() -> None:
    """_validated's quick way (a tuple of texts as records hold them) and the careful
    way (codes, other spellings, text) give the same codes; a repeated or unreadable
    card is still named."""
    from hhtools.model.cards import DuplicateCardError, InvalidCardError

    want = ((51, 45, 32, 0), (43, 3, 18, 27, 44))  # As Kd Tc 2c / Qs 2s 6h 8s Kc: rank * 4 + suit
    assert evaluator._validated(("As", "Kd", "Tc", "2c"), ("Qs", "2s", "6h", "8s", "Kc")) == want
    assert evaluator._validated((51, 45, 32, 0), (43, 3, 18, 27, 44)) == want
    assert evaluator._validated(("as", "Kd", "10c", "2c"), ("Qs", "2s", "6h", "8s", "Kc")) == want
    assert evaluator._validated("As Kd Tc 2c", ["Qs", "2s", "6h", "8s", "Kc"]) == want
    with pytest.raises(DuplicateCardError, match="'Kd'"):
        evaluator._validated(("As", "Kd", "Tc", "2c"), ("Qs", "2s", "6h", "8s", "Kd"))
    with pytest.raises(InvalidCardError, match="Ax"):
        evaluator._validated(("As", "Ax", "Tc", "2c"), ("Qs", "2s", "6h", "8s", "Kc"))
    with pytest.raises(evaluator.InvalidHandError):
        evaluator._validated(("As", "Kd", "Tc", "2c", "3c", "4c", "5c", "6c"), ("Qs", "2s", "6h", "8s", "Kc"))


def _printed(n: int, seed: int, sizes: tuple[int, ...], pure: bool) -> str:
    """In a fresh interpreter on one path, for each of ``_deals(n, seed, sizes)``: the
    value, the first five reaching it, best_high's cards and _validated's codes (from
    the card texts)."""
    code = ("from hhtools.rules import evaluator as e\n"
            "from hhtools.model.cards import card_str\n"
            "from tests.test_evaluator_paths import _deals\n"
            f"for h, b in _deals({n}, {seed}, {sizes!r}):\n"
            "    v = e.high_value(h, b)\n"
            "    t = tuple(card_str(c) for c in h), tuple(card_str(c) for c in b)\n"
            "    print(v, e._first_high_five(h, b, v), e.best_high(*t).cards, e._validated(*t))")  # fmt: skip
    return _python(code, pure=pure)


@pytest.mark.parametrize(("n", "seed", "sizes"), [(3000, 11, (4, 5, 6)), (2400, 17, (2, 3, 5, 6, 7))])
def test_both_paths_give_the_same_values_and_cards(n: int, seed: int, sizes: tuple[int, ...]) -> None:
    """4 to 6 hole cards as dealt, and the other sizes high_value's loop serves."""
    if _core.status().get("hhtools.rules.evaluator") != "compiled":
        pytest.skip("the evaluator is not compiled here")
    compiled = _printed(n, seed, sizes, pure=False)
    assert compiled.count("\n") == n
    assert compiled == _printed(n, seed, sizes, pure=True)
