"""Ranges that the hands dealt before them can leave empty (hand_odds' sampling).

``AAxx`` against ``KKxx`` with a king on the board: the aces' hand is dealt first and
may hold two of the three kings left, leaving ``KKxx`` no hand in that deal. Such a
deal used to draw ``KKxx`` again and again (20,000 draws per sample before giving up:
``hhtools equity --hand A=AAxx --hand B=KKxx --board "Ks 7d 2c"`` ran over two CPU
minutes without an answer); it is now dealt again whole.
"""

from __future__ import annotations

import numpy as np
import pytest

from hhtools.model.cards import parse_cards
from hhtools.rules import equity
from hhtools.rules.ranges import HandRange, RangeTooNarrowError, parse_hand, range_pool


def test_a_deal_the_first_range_leaves_the_second_no_hand_is_dealt_again() -> None:
    # Board Ks Kd 7h 2c 9s (whole): KKxx must hold the last two kings Kc Kh, four of a
    # kind; AAxx has no straight flush on this board (two spades, one of each other
    # suit), so by the hand-ranking rules the kings win every deal: equity 1 and 0.
    # Every AAxx holding Kc or Kh (AAKx, AAKK) leaves KKxx nothing: those deals are
    # dealt again.
    aces, kings = parse_hand("AAxx", 4), parse_hand("KKxx", 4)
    odds = equity.hand_odds([aces, kings], "Ks Kd 7h 2c 9s", samples=4_000, seed=3)
    assert odds.equity == (0.0, 1.0)
    assert odds.win == (0.0, 1.0)


def test_every_deal_is_possible_for_both_ranges_together() -> None:
    aces, kings = parse_hand("AAxx", 4), parse_hand("KKxx", 4)
    assert isinstance(aces, HandRange) and isinstance(kings, HandRange)
    base = np.array(parse_cards("Ks 7d 2c"), dtype=np.intp)
    pools = [range_pool(h, 4, base.tolist()) for h in (aces, kings)]
    gen = np.random.default_rng(7)
    holes, full = equity._deal([aces, kings], pools, base, (), 4, 3_000, 2, gen)
    a, k = holes
    assert ((a >> 2) == 12).sum(axis=1).min() >= 2  # two aces at least
    assert ((k >> 2) == 11).sum(axis=1).min() >= 2  # two kings at least
    every = np.concatenate([a, k, full], axis=1)
    assert all(len(set(row)) == 13 for row in every.tolist())  # no card twice


def test_ranges_that_cannot_be_dealt_together_are_refused() -> None:
    # Ks on the board leaves three kings; two KKxx hands need four.
    kings = parse_hand("KKxx", 4)
    with pytest.raises(RangeTooNarrowError, match="cannot be dealt together"):
        equity.hand_odds([kings, kings], "Ks 7d 2c", samples=2_000)
