"""The loops of all-in equity (``hhtools.rules.class_count``) and the numpy paths beside them.

``equity_batch`` counts a preflop all-in's boards by class and tallies each pot by its
winners, and ``batch``'s evaluators look values up in tables, with the loops of
``class_count`` where they run compiled and with numpy where they would run as Python.
Checked here: the tallies on small arrays worked out by hand (on whichever path this
run has: compiled, or as Python), and both ways giving the same values, bit for bit:
the evaluators on random and flush-heavy deals, the shares of seeded random preflop,
Courchevel, flop and turn all-ins (the loops run as Python too, which is slow, so the
preflop deals mostly leave few cards to deal).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from hhtools.model.cards import card_str
from hhtools.rules import class_count
from hhtools.rules.equity import Equity, all_in_equity
from hhtools.rules.equity_batch import AllIn, batch_equity
from hhtools.rules.evaluator import HandCategory, category_of


def _i32(rows: list[list[int]]) -> np.ndarray:
    return np.array(rows, dtype=np.int32)


def _idx(values: list[int] | list[list[int]]) -> np.ndarray:
    return np.array(values, dtype=np.intp)


def _i64(values: list[int]) -> np.ndarray:
    return np.array(values, dtype=np.int64)


#: two players, three rank classes: highs (bigger wins) and lows (bigger wins, -1 none)
HIGH = _i32([[5, 7, 3], [5, 6, 9]])
LOW = _i32([[-1, 2, 4], [-1, 3, 1]])


def test_rank_classes_tallied_by_hand() -> None:
    """Class 0: no low (both -1), highs tie 5-5: both win, no split: 1 board (plain) at
    bits 0b11. Class 1: player 1's low (3 > 2) on its 2 boards: low tally at 0b10; the
    high is player 0's (7 > 6) with the split bit 0b100: 1 plain board at 0b101.
    Class 2: player 0's low (4 > 1), 3 boards at 0b01; player 1's high (9 > 3), split:
    3 plain boards at 0b110."""
    split = np.empty(3, dtype=np.int64)
    tally_high = np.zeros(8, dtype=np.int64)
    tally_low = np.zeros(4, dtype=np.int64)
    class_count.tally_ranks(HIGH, LOW, _idx([0, 1]), True, _i64([1, 2, 3]), _i64([1, 1, 3]),
                            split, tally_high, tally_low)  # fmt: skip
    assert split.tolist() == [0, 4, 4]
    assert tally_high.tolist() == [0, 0, 0, 1, 0, 1, 3, 0]
    assert tally_low.tolist() == [0, 3, 2, 0]


def test_rank_classes_high_only_and_one_player_eligible() -> None:
    """High only: no low tally, no split; a pot only player 1 can win is theirs on
    every class (bit 0b1 of a one-player pot), its plain boards 1 + 1 + 3."""
    split = np.empty(3, dtype=np.int64)
    tally_high = np.zeros(8, dtype=np.int64)
    tally_low = np.zeros(4, dtype=np.int64)
    class_count.tally_ranks(HIGH, LOW, _idx([0, 1]), False, _i64([1, 2, 3]), _i64([1, 1, 3]),
                            split, tally_high, tally_low)  # fmt: skip
    assert split.tolist() == [0, 0, 0] and tally_low.tolist() == [0, 0, 0, 0]
    assert tally_high.tolist() == [0, 1, 3, 1, 0, 0, 0, 0]
    one = np.zeros(4, dtype=np.int64)
    class_count.tally_ranks(HIGH, LOW, _idx([1]), False, _i64([1, 2, 3]), _i64([1, 1, 3]),
                            split, one, np.zeros(2, dtype=np.int64))  # fmt: skip
    assert one.tolist() == [0, 5, 0, 0]


#: two sets of suited cards: player 0 has no flush with the first (-1), an 8 with the
#: second; player 1 a 6 with the first, none with the second
FLUSH = _i32([[-1, 8], [6, -1]])
#: the flush blocks' multiset index: set row x other ranks' column -> multiset (here
#: the rank class itself: position is the identity)
INDEX = _idx([[0, 1], [2, 0]])


def test_flush_classes_weighed_and_tallied_by_hand() -> None:
    """Set 0 with column 0 is rank class 0 (10 boards): player 0 has 5, player 1 the
    better of 5 and its flush 6: player 1 (0b10). Set 0, column 1, class 1 (20 boards):
    7 against max(6, 6): player 0, split (0b101). Set 1, column 0, class 2 (10): max(3,
    8) = 8 against 9: player 1, split (0b110). Set 1, column 1, class 0 (20): 8 against
    5: player 0 (0b01). The flush classes take 10 + 20, 20 and 10 boards of classes 0,
    1 and 2: 60 in all."""
    out = np.zeros(3, dtype=np.int64)
    position = _idx([0, 1, 2])
    ways = _i64([10, 20])
    sets = _idx([0, 1])
    assert class_count.flush_weights(sets, INDEX, _idx([0, 1]), ways, position, out) == 60
    assert out.tolist() == [30, 20, 10]
    tally_high = np.zeros(8, dtype=np.int64)
    class_count.tally_flush(HIGH, FLUSH, _idx([0, 1]), _i64([0, 4, 4]), sets, 0, INDEX,
                            _idx([0, 1]), ways, position, tally_high)  # fmt: skip
    assert tally_high.tolist() == [0, 20, 10, 0, 0, 20, 10, 0]


def _deals(seed: int, count: int, left: int) -> list[AllIn]:
    """Preflop and Courchevel all-ins of 2 to 4 players with ``left`` cards left to
    deal from, a side pot for two of them, high only and hi/lo."""
    rng = random.Random(seed)
    deals = []
    for d in range(count):
        players, hole = rng.choice([(2, 4), (3, 4), (2, 5), (2, 6), (4, 4), (3, 5)])
        shown = d % 2
        cards = [card_str(c) for c in rng.sample(range(52), 52)]
        holes = [" ".join(cards[i * hole : (i + 1) * hole]) for i in range(players)]
        rest = cards[players * hole :]
        dead = 52 - players * hole - shown - left
        pots = [(1000, tuple(range(players)))]
        if players > 2:
            pots.append((300, tuple(sorted(rng.sample(range(players), 2)))))
        deals.append(AllIn(holes, " ".join(rest[:shown]), pots, hi_lo=d % 3 != 0,
                           qualifier=rng.choice([8, 8, 7, 9]),
                           dead=" ".join(rest[shown : shown + dead])))  # fmt: skip
    return deals


def _both_ways(deals: list[AllIn], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(class_count, "COMPILED", False)
    numpy_way = batch_equity(deals)
    monkeypatch.setattr(class_count, "COMPILED", True)
    loops = batch_equity(deals)
    assert all(isinstance(eq, Equity) and eq.exact for eq in numpy_way)
    assert loops == numpy_way


def test_loops_and_numpy_give_the_same_shares(monkeypatch: pytest.MonkeyPatch) -> None:
    """24 deals with 18 cards left to deal from: every equity identical both ways."""
    _both_ways(_deals(31, 24, 18), monkeypatch)


def test_loops_and_numpy_give_the_same_shares_on_a_full_deck(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Heads-up and three-way preflop with nothing dead (4 to 18 thousand classes; as
    Python the loops take a second or two a deal): identical both ways."""
    deals = [AllIn(["Ah Kh Qc Jc", "9s 8s 7d 6d"], "", [(1000, (0, 1))], hi_lo=True),
             AllIn(["As 2s 3h 4h", "Kd Kc 9c 8c", "Th Jh 5d 5c"], "",
                   [(900, (0, 1, 2)), (200, (1, 2))])]  # fmt: skip
    _both_ways(deals, monkeypatch)


def test_outer_evaluators_give_the_same_values_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    """outer_high_low (its ranks part: rank_values) and outer_flush (flush_values) on
    random boards and on boards with three or more of a suit the holes hold twice:
    the loops' values are numpy's, entry by entry, for 2 to 7 hole cards."""
    from hhtools.rules.batch import outer_flush, outer_high_low

    rng = np.random.default_rng(12)
    for k, n in ((2, 4), (4, 3), (5, 2), (6, 2), (7, 3)):
        cards = rng.permutation(52)
        holes = cards[: n * k].reshape(n, k)
        deck = cards[n * k :]
        boards = [rng.choice(deck, 5, replace=False) for _ in range(150)]
        for suit in range(4):
            suited = deck[(deck & 3) == suit]
            others = deck[(deck & 3) != suit]
            for many in (3, 4, 5):
                if len(suited) >= many:
                    boards += [np.concatenate([rng.choice(suited, many, replace=False),
                                               rng.choice(others, 5 - many, replace=False)])
                               for _ in range(15)]  # fmt: skip
        board_np = np.array(boards)
        got = {}
        for compiled in (False, True):
            monkeypatch.setattr(class_count, "COMPILED", compiled)
            got[compiled] = (*outer_high_low(holes, board_np, 8), outer_flush(holes, board_np))
        for numpy_way, loops in zip(got[False], got[True], strict=True):
            assert numpy_way.dtype == loops.dtype and (numpy_way == loops).all()
        assert (got[True][2] >= 0).any()  # some flushes were made


def test_batch_evaluator_gives_the_same_values_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    """batch_high_low hand by hand (high_low_rows) and with numpy: the same highs and
    lows for 2 to 7 hole cards and every qualifier, on random deals and on boards with
    three, four and five cards of a suit."""
    from hhtools.rules.batch import batch_high_low

    rng = np.random.default_rng(21)
    for k in (2, 4, 5, 6, 7):
        deals = np.argsort(rng.random((300, 52)), axis=1)[:, : k + 5]
        suited = []  # the hole holds two of the suit the board holds three to five of
        for _ in range(300):
            suit = int(rng.integers(4))
            many = int(rng.integers(3, 6))
            same = rng.permutation(np.arange(suit, 52, 4))
            others = rng.permutation(np.setdiff1d(np.arange(52), same))
            hole = np.concatenate([same[many : many + 2], others[5 - many : 3 - many + k]])
            suited.append(np.concatenate([hole, same[:many], others[: 5 - many]]))
        rows = np.concatenate([deals, np.array(suited)])
        for qualifier in (7, 8, 9):
            got = {}
            for compiled in (False, True):
                monkeypatch.setattr(class_count, "COMPILED", compiled)
                got[compiled] = batch_high_low(rows[:, :k], rows[:, k:], qualifier)
            assert (got[False][0] == got[True][0]).all() and (got[False][1] == got[True][1]).all()
        # two suited hole cards and three suited board cards: a flush, or better
        made = {category_of(int(v)) for v in got[True][0][300:]}
        assert made <= {HandCategory.FLUSH, HandCategory.FULL_HOUSE, HandCategory.FOUR_OF_A_KIND,
                        HandCategory.STRAIGHT_FLUSH} and HandCategory.FLUSH in made  # fmt: skip


def test_flop_and_turn_shares_the_same_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    """Flop and turn all-ins, boards dealt one by one: the loops' exact tallies where
    every pot and half is shared by 1, 2 or 4 winners, the reference's float sums
    where one is shared three ways, give the same equities as numpy's sums, bit for
    bit, and the per-hand reference's."""
    rng = random.Random(77)
    deals = []
    for d in range(40):
        players, hole = rng.choice([(2, 4), (3, 4), (2, 5), (4, 4), (3, 6), (5, 4)])
        cards = [card_str(c) for c in rng.sample(range(52), players * hole + 4)]
        holes = [" ".join(cards[i * hole : (i + 1) * hole]) for i in range(players)]
        board = " ".join(cards[players * hole : players * hole + 3 + d % 2])
        pots = [(1000, tuple(range(players)))]
        if players > 2:
            pots.append((300, (0, players - 1)))
        deals.append(AllIn(holes, board, pots, hi_lo=d % 3 == 0))
    # 6-5 with 2-3-4 is a six-high straight for all three, and each of the 36 rivers
    # leaves them tied (a 7 makes each a seven-high straight; no flush: four suits on
    # the turn; no full house: no trips on the board): a third each on every board
    deals.append(AllIn(["6c 5d Kh Ks", "6d 5h Qc Qs", "6h 5c Jd Js"], "2c 3d 4h 9s",
                       [(900, (0, 1, 2))]))  # fmt: skip
    _both_ways(deals, monkeypatch)
    thirds = batch_equity(deals[-1:])[0]
    assert isinstance(thirds, Equity) and thirds.boards == 36
    want = all_in_equity(*deals[-1][:3])
    assert (thirds.high, thirds.low) == (want.high, want.low)
    assert thirds.high[0] == pytest.approx((1 / 3, 1 / 3, 1 / 3), rel=0, abs=1e-15)
