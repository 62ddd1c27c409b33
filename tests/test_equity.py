"""All-in equity (``hhtools.rules.equity``), checked against an independent reference.

The reference below shares no code with ``hhtools.rules`` (nor with
``hhtools.model.cards``): it has its own card parser, its own five-card high and
ace-to-five low ranking, and its own board enumeration. The rules it implements,
from ``shared/seeds`` (Omaha / Omaha hi-lo):

* Omaha: the best five cards from EXACTLY two hole cards and EXACTLY three board cards.
* Hi/lo: the low is ace-to-five (ace plays low, straights and flushes do not count),
  five distinct ranks all at or below the qualifier (8), also exactly two hole plus
  three board cards. The lowest low wins half; ties split each half equally; if no
  player eligible for the pot has a qualifying low, the high takes the whole pot.
* Only players eligible for a pot can win it.
* Equity is the average over all equally likely completions of the board, drawn from
  the cards not in any hole, not on the board and not dead.

The reference keeps its tallies as :class:`fractions.Fraction`, so in exact cases it
is exact and the comparison tolerance (1e-12) only absorbs the implementation's float
rounding.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hhtools.rules.equity import Equity, all_in_equity

# --------------------------------------------------------------------------------------
# Independent reference
# --------------------------------------------------------------------------------------

_RANKS = "23456789TJQKA"  # rank index 0 (deuce) .. 12 (ace)
_SUITS = "cdhs"
ALL_CARDS = tuple(r + s for r in _RANKS for s in _SUITS)


def _card(text: str) -> int:
    """Reference card code: rank index * 4 + suit index (own parser)."""
    text = text.strip()
    assert len(text) == 2, text
    return _RANKS.index(text[0].upper()) * 4 + _SUITS.index(text[1].lower())


def _cards(cards: str | Sequence[str]) -> tuple[int, ...]:
    items = cards.split() if isinstance(cards, str) else list(cards)
    return tuple(_card(c) for c in items)


@cache
def _high5(hand: tuple[int, ...]) -> tuple[int, ...]:
    """Value of a sorted 5-card tuple; bigger is better.

    (category, tie-break ranks...) with categories 0 high card .. 8 straight flush;
    the wheel A-2-3-4-5 is a 5-high straight.
    """
    ranks = [c >> 2 for c in hand]
    flush = len({c & 3 for c in hand}) == 1
    counts = Counter(ranks)
    # groups by (count, rank), biggest first: the tie-break order for every
    # category that is not a straight.
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    order = tuple(r for _, r in groups)
    straight_top = None
    if len(counts) == 5:
        top, bottom = max(ranks), min(ranks)
        if top - bottom == 4:
            straight_top = top
        elif set(ranks) == {12, 0, 1, 2, 3}:  # A-2-3-4-5: the five is the top card
            straight_top = 3
    if straight_top is not None and flush:
        return (8, straight_top)
    if groups[0][0] == 4:
        return (7, *order)
    if groups[0][0] == 3 and groups[1][0] == 2:
        return (6, *order)
    if flush:
        return (5, *order)
    if straight_top is not None:
        return (4, straight_top)
    if groups[0][0] == 3:
        return (3, *order)
    if groups[0][0] == 2 and groups[1][0] == 2:
        return (2, *order)
    if groups[0][0] == 2:
        return (1, *order)
    return (0, *order)


@cache
def _low5(hand: tuple[int, ...], qualifier: int) -> tuple[int, ...] | None:
    """Ace-to-five low of a 5-card tuple (smaller is better), or None if none qualifies.

    Face values: ace 1, deuce 2 .. king 13. Compared from the highest card down.
    """
    values = {1 if (c >> 2) == 12 else (c >> 2) + 2 for c in hand}
    if len(values) != 5 or max(values) > qualifier:
        return None
    return tuple(sorted(values, reverse=True))


def _omaha_high(pairs: list[tuple[int, int]], triples: list[tuple[int, ...]]) -> tuple[int, ...]:
    return max(_high5(tuple(sorted(p + t))) for p in pairs for t in triples)


def _omaha_low(
    pairs: list[tuple[int, int]], triples: list[tuple[int, ...]], qualifier: int
) -> tuple[int, ...] | None:
    lows = [_low5(tuple(sorted(p + t)), qualifier) for p in pairs for t in triples]
    qualified = [low for low in lows if low is not None]
    return min(qualified) if qualified else None


class Reference:
    """Exact (or sampled) equity by brute force. ``high[p][i]``/``low[p][i]`` are Fractions."""

    def __init__(
        self,
        holes: Sequence[str | Sequence[str]],
        board: str | Sequence[str],
        pots: Sequence[tuple[int, Sequence[int]]],
        *,
        hi_lo: bool,
        qualifier: int = 8,
        dead: str | Sequence[str] = (),
        sample: int | None = None,
        rng: random.Random | None = None,
    ) -> None:
        hole_codes = [_cards(h) for h in holes]
        board_codes = _cards(board)
        dead_codes = _cards(dead)
        used = [c for h in hole_codes for c in h] + list(board_codes) + list(dead_codes)
        assert len(set(used)) == len(used), "test deal repeats a card"
        deck = [c for c in range(52) if c not in set(used)]
        need = 5 - len(board_codes)
        if sample is None:
            runouts: list[tuple[int, ...]] = list(itertools.combinations(deck, need))
        else:
            assert rng is not None
            runouts = [tuple(rng.sample(deck, need)) for _ in range(sample)]
        self.deck_size = len(deck)
        self.boards = len(runouts)
        n = len(hole_codes)
        pairs = [list(itertools.combinations(h, 2)) for h in hole_codes]
        high = [[Fraction(0)] * n for _ in pots]
        low = [[Fraction(0)] * n for _ in pots]
        # per pot and player, the share on each board (for sampled std errors)
        self.per_board: list[list[list[Fraction]]] = [[[] for _ in range(n)] for _ in pots]
        half = Fraction(1, 2)
        for extra in runouts:
            triples = list(itertools.combinations(board_codes + extra, 3))
            hv = [_omaha_high(pairs[i], triples) for i in range(n)]
            lv = [_omaha_low(pairs[i], triples, qualifier) if hi_lo else None for i in range(n)]
            for p, (_amount, eligible) in enumerate(pots):
                share = [Fraction(0)] * n
                best = max(hv[i] for i in eligible)
                high_winners = [i for i in eligible if hv[i] == best]
                lows = [lv[i] for i in eligible if lv[i] is not None]
                if lows:
                    best_low = min(lows)
                    low_winners = [i for i in eligible if lv[i] == best_low]
                    for i in high_winners:
                        high[p][i] += half / len(high_winners)
                        share[i] += half / len(high_winners)
                    for i in low_winners:
                        low[p][i] += half / len(low_winners)
                        share[i] += half / len(low_winners)
                else:
                    for i in high_winners:
                        high[p][i] += Fraction(1, len(high_winners))
                        share[i] += Fraction(1, len(high_winners))
                if sample is not None:
                    for i in range(n):
                        self.per_board[p][i].append(share[i])
        self.high = [[x / self.boards for x in row] for row in high]
        self.low = [[x / self.boards for x in row] for row in low]
        self.pots = [(amount, tuple(eligible)) for amount, eligible in pots]

    def share(self, p: int, i: int) -> Fraction:
        return self.high[p][i] + self.low[p][i]

    def expected(self, i: int) -> Fraction:
        return sum(
            (amount * self.share(p, i) for p, (amount, _) in enumerate(self.pots)), Fraction(0)
        )


def assert_matches(eq: Equity, ref: Reference, n_players: int, *, hi_lo: bool) -> None:
    """Per pot, per player, per half, against the reference (exact case)."""
    assert eq.exact is True
    assert eq.boards == ref.boards
    assert len(eq.high) == len(ref.pots)
    assert len(eq.low) == len(ref.pots)
    for p in range(len(ref.pots)):
        assert len(eq.high[p]) == n_players
        assert len(eq.low[p]) == n_players
        for i in range(n_players):
            where = f"pot {p} player {i}"
            assert eq.high[p][i] == pytest.approx(float(ref.high[p][i]), abs=1e-12), where
            assert eq.low[p][i] == pytest.approx(float(ref.low[p][i]), abs=1e-12), where
            if not hi_lo:
                assert eq.low[p][i] == 0.0, where
            assert eq.share(p, i) == pytest.approx(float(ref.share(p, i)), abs=1e-12), where
            assert eq.std_error[p][i] == 0.0, where
    for i in range(n_players):
        assert eq.expected(i) == pytest.approx(float(ref.expected(i)), abs=1e-6), f"player {i}"


# --------------------------------------------------------------------------------------
# Sanity of the reference itself (so a failure below points at the implementation)
# --------------------------------------------------------------------------------------


def _h(text: str) -> tuple[int, ...]:
    return _high5(tuple(sorted(_cards(text))))


def test_reference_high_ranking() -> None:
    ladder = [
        "2c 3d 4h 5s 7c",  # seven high
        "Ac Ad 2h 3s 4c",  # pair of aces
        "2c 2d 3h 3s 4c",  # two pair
        "2c 2d 2h 3s 4c",  # trips
        "Ac 2d 3h 4s 5c",  # wheel
        "2c 3d 4h 5s 6c",  # six-high straight beats the wheel
        "Tc Jd Qh Ks Ac",  # broadway
        "2c 4c 6c 8c Tc",  # flush
        "2c 2d 2h 3s 3c",  # full house
        "2c 2d 2h 2s 3c",  # quads
        "Ac 2c 3c 4c 5c",  # steel wheel
        "Tc Jc Qc Kc Ac",  # royal
    ]
    values = [_h(t) for t in ladder]
    assert values == sorted(values)
    assert len(set(values)) == len(values)
    assert _h("Kc Kd 5h 4s 3c") > _h("Kc Kd 5h 4s 2c")  # kicker
    assert _h("Ac 2d 3h 4s 5c") == _h("As 2c 3d 4h 5d")  # suits never break ties


def test_reference_low_ranking() -> None:
    def lo(text: str) -> tuple[int, ...] | None:
        return _low5(tuple(sorted(_cards(text))), 8)

    assert lo("Ac 2c 3c 4c 5c") == (5, 4, 3, 2, 1)  # a straight flush is still the nut low
    assert lo("8c 7d 6h 5s 4c") == (8, 7, 6, 5, 4)
    assert lo("9c 2d 3h 4s 5c") is None
    assert lo("Ac Ad 3h 4s 5c") is None
    assert lo("Kc 2d 3h 4s 5c") is None
    assert lo("8c 5d 4h 3s 2c") < lo("8c 6d 3h 2s Ac")  # compared from the top card down


# --------------------------------------------------------------------------------------
# 1. Two-way turn all-in, high only
# --------------------------------------------------------------------------------------

TURN_HOLES = ["Ah Kh Qd Jd", "7c 7d 2s 3s"]
TURN_BOARD = "2c 7h 9h Td"


@pytest.mark.parametrize(
    ("dead", "rivers"),
    [
        ((), 40),  # 52 - 8 hole - 4 board (Omaha, 4 hole cards each)
        (("Qh", "8s"), 38),  # a heart and a straight card removed
    ],
)
def test_two_way_turn_high_only(dead: tuple[str, ...], rivers: int) -> None:
    pots = [(1000, (0, 1))]
    ref = Reference(TURN_HOLES, TURN_BOARD, pots, hi_lo=False, dead=dead)
    assert ref.boards == rivers
    eq = all_in_equity(holes=TURN_HOLES, board=TURN_BOARD, pots=pots, hi_lo=False, dead=dead)
    assert_matches(eq, ref, 2, hi_lo=False)
    assert eq.boards == rivers


def test_two_way_turn_accepts_card_sequences() -> None:
    pots = [(1000, (0, 1))]
    as_text = all_in_equity(holes=TURN_HOLES, board=TURN_BOARD, pots=pots)
    as_lists = all_in_equity(
        holes=[h.split() for h in TURN_HOLES], board=TURN_BOARD.split(), pots=pots
    )
    assert as_lists.boards == as_text.boards == 40
    for i in range(2):
        assert as_lists.high[0][i] == pytest.approx(as_text.high[0][i], abs=1e-12)


# --------------------------------------------------------------------------------------
# 2. Three-way flop all-in, hi/lo, with a side pot
# --------------------------------------------------------------------------------------


def test_three_way_flop_hi_lo_side_pot() -> None:
    holes = ["Ac 2d Kc Qd", "3c 4c 8h 8s", "Js Ts 9d 9c"]
    board = "5h 7d Kh"
    pots = [(900, (0, 1, 2)), (400, (1, 2))]
    ref = Reference(holes, board, pots, hi_lo=True)
    assert ref.boards == math.comb(52 - 12 - 3, 2) == 666
    eq = all_in_equity(holes=holes, board=board, pots=pots, hi_lo=True, qualifier=8)
    assert_matches(eq, ref, 3, hi_lo=True)
    # player 0 is not in the side pot
    assert eq.high[1][0] == 0.0
    assert eq.low[1][0] == 0.0
    # both halves are actually in play here (else this test would not test the low)
    assert 0 < sum(ref.low[0]) < 1
    assert 0 < sum(ref.low[1]) < 1


# --------------------------------------------------------------------------------------
# 3. Four-way flop all-in, Omaha hi/lo, exact
# --------------------------------------------------------------------------------------


def test_four_way_flop_hi_lo() -> None:
    holes = [
        ["As", "2s", "3h", "Kd"],
        ["Ad", "4d", "5c", "Qc"],
        ["8h", "8d", "9s", "Ts"],
        ["Jh", "Qh", "6c", "6s"],
    ]
    board = ["2c", "7s", "Th"]
    pots = [(1200, (0, 1, 2, 3)), (600, (1, 2, 3)), (150, (2, 3))]
    ref = Reference(holes, board, pots, hi_lo=True)
    assert ref.boards == math.comb(52 - 16 - 3, 2) == 528
    eq = all_in_equity(holes=holes, board=board, pots=pots, hi_lo=True)
    assert_matches(eq, ref, 4, hi_lo=True)
    assert 0 < sum(ref.low[0]) < 1


# --------------------------------------------------------------------------------------
# 3b. Hole cards other than four (Big O, six-card Omaha): still exactly two from the hand
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "holes",
    [
        ["Ac 2c 3d Kd Qs", "9h 9s Tc Jc 8d", "Ad 5s 6s 7h Kc"],
        ["Ac 2c 3d Kd Qs Jh", "9h 9s Tc Jc 8d 4h"],
    ],
)
def test_turn_hi_lo_five_and_six_card_holes(holes: list[str]) -> None:
    board = "4c 6d Th 2h"
    pots = [(700, tuple(range(len(holes))))]
    ref = Reference(holes, board, pots, hi_lo=True)
    eq = all_in_equity(holes=holes, board=board, pots=pots, hi_lo=True)
    assert_matches(eq, ref, len(holes), hi_lo=True)


# --------------------------------------------------------------------------------------
# 4. Worked examples, by hand
# --------------------------------------------------------------------------------------


def test_worked_example_turn_high() -> None:
    """A: Ac Ad 3c 4d, B: 7c 7d 8s 9s, board Kc Kd 7h 2s, one card to come, high only.

    Unseen: 52 - 8 - 4 = 40 rivers. On the turn B has 7c 7d + 7h Kc Kd = sevens full
    of kings; A has Ac Ad + Kc Kd x = aces up.

    * A can make no straight (A-3/A-4/3-4 need two more of 2-3-4-5 on board, the board
      has only the 2 and one river) and no flush (three board clubs are needed, there
      can be at most Kc + a club river).
    * River As or Ah (2 cards): A plays Ac Ad + A K K = aces full of kings, beats
      sevens full -> A wins.
    * River Kh or Ks (2 cards): A plays Ac Ad + K K K = kings full of aces; B's best is
      7c 7d + K K K = kings full of sevens -> A wins.
    * River 7s (the last seven): B has quads -> B wins.
    * Any of the other 35 rivers: B keeps at least sevens full; A has at most two
      pair (aces up) -> B wins.

    So A wins 4/40 = 1/10, B 36/40 = 9/10. Pot 1000 -> A expects 100, B 900.
    """
    holes = ["Ac Ad 3c 4d", "7c 7d 8s 9s"]
    board = "Kc Kd 7h 2s"
    pots = [(1000, (0, 1))]
    ref = Reference(holes, board, pots, hi_lo=False)
    assert (ref.high[0], ref.low[0]) == ([Fraction(1, 10), Fraction(9, 10)], [0, 0])

    eq = all_in_equity(holes=holes, board=board, pots=pots)
    assert eq.exact is True
    assert eq.boards == 40
    assert eq.high[0][0] == pytest.approx(0.1, abs=1e-12)
    assert eq.high[0][1] == pytest.approx(0.9, abs=1e-12)
    assert eq.low[0][0] == 0.0 and eq.low[0][1] == 0.0
    assert eq.share(0, 0) == pytest.approx(0.1, abs=1e-12)
    assert eq.expected(0) == pytest.approx(100.0, abs=1e-9)
    assert eq.expected(1) == pytest.approx(900.0, abs=1e-9)
    assert list(eq.std_error[0]) == [0.0, 0.0]


def test_worked_example_turn_hi_lo() -> None:
    """A: Ac 4d Qs Jc, B: Ah Ad 9c 9d, board 2c 3d Kh Ks, one card to come, Omaha/8.

    Unseen: 40 rivers. B has aces up (Ah Ad + K K x) and can never make a low (its
    only low card is an ace, and A-A is a pair). A's low needs A-4 from the hand and
    three distinct board cards of 8 or lower other than A and 4: 2, 3 and the river,
    so a river 5, 6, 7 or 8. A has no flush (needs three board clubs) and no straight
    except the wheel A-4 + 2-3-5.

    * River 5 (4 cards: 5c 5d 5h 5s): A makes the wheel A-2-3-4-5 -> best high
      (a straight beats aces up; B: A-A+K-K-5 or 9-9+K-K-x, no full house) and best
      low 5-4-3-2-A. A scoops: high half + low half.
    * River 6, 7 or 8 (12 cards): A's low (6/7/8-4-3-2-A) takes the low half; A's
      high is a pair of kings (Q-J + K-K-x) -> B takes the high half.
    * Any other river (24 cards: As, 2x3, 3x3, 4x3, 9x2, Tx4, Jx3, Qx3, Kx2): no low
      qualifies (a 4, A, 2 or 3 pairs A's low cards; 9 and up are too high), so the
      high takes the whole pot, and B's aces up (or full house on A/K/9) beats A's
      best (at most kings with Q-J, or K-K-Q-Q on a queen).

    A: high = 4 * 1/2 / 40 = 1/20, low = (4 + 12) * 1/2 / 40 = 1/5, share 1/4.
    B: high = (12 * 1/2 + 24 * 1) / 40 = 3/4, low = 0, share 3/4.
    Pot 2000 -> A expects 500, B 1500.
    """
    holes = ["Ac 4d Qs Jc", "Ah Ad 9c 9d"]
    board = "2c 3d Kh Ks"
    pots = [(2000, (0, 1))]
    ref = Reference(holes, board, pots, hi_lo=True)
    assert ref.high[0] == [Fraction(1, 20), Fraction(3, 4)]
    assert ref.low[0] == [Fraction(1, 5), Fraction(0)]

    eq = all_in_equity(holes=holes, board=board, pots=pots, hi_lo=True, qualifier=8)
    assert eq.exact is True
    assert eq.boards == 40
    assert eq.high[0][0] == pytest.approx(1 / 20, abs=1e-12)
    assert eq.high[0][1] == pytest.approx(3 / 4, abs=1e-12)
    assert eq.low[0][0] == pytest.approx(1 / 5, abs=1e-12)
    assert eq.low[0][1] == pytest.approx(0.0, abs=1e-12)
    assert eq.share(0, 0) == pytest.approx(1 / 4, abs=1e-12)
    assert eq.share(0, 1) == pytest.approx(3 / 4, abs=1e-12)
    assert eq.expected(0) == pytest.approx(500.0, abs=1e-9)
    assert eq.expected(1) == pytest.approx(1500.0, abs=1e-9)


def test_worked_example_side_pot_eligibility() -> None:
    """The hi/lo deal above plus a player C who is only in the main pot.

    A: Ac 4d Qs Jc, B: Ah Ad 9c 9d, C: Kc Kd 5h 6h, board 2c 3d Kh Ks, Omaha/8.
    Main pot 300 (A, B, C); side pot 1000 (A, B). 52 - 12 - 4 = 36 rivers:
    A x1 (As), 2 x3, 3 x3, 4 x3, 5 x3, 6 x3, 7 x4, 8 x4, 9 x2, T x4, J x3, Q x3, K x0.

    C has four kings (Kc Kd + Kh Ks + x) on every river; nobody can make a straight
    flush (three board cards of one suit are needed), so C always has the best high.
    Lows: A needs a river 5/6/7/8 (A-4 + 2-3-river, as above). C's low is 6-5 from the
    hand + 2-3 + a river of A, 4, 7 or 8 (5 and 6 would pair it). B never has a low.

    Main pot (A, B, C):
    * river 5 or 6 (6): only A has a low -> A low half, C high half.
    * river 7 or 8 (8): A 7-4-3-2-A / 8-4-3-2-A beats C 7-6-5-3-2 / 8-6-5-3-2
      -> A low half, C high half.
    * river 4 (3): A's 4 pairs, C has 6-5-4-3-2 -> C scoops (high half + low half).
    * river A (1): A's ace pairs, C has 6-5-3-2-A -> C scoops.
    * 2, 3, 9, T, J, Q (18): no low -> C takes the whole pot through the high.
      C high = (18 * 1/2 + 18) / 36 = 3/4; C low = 4 * 1/2 / 36 = 1/18;
      A low = 14 * 1/2 / 36 = 7/36; A and B high 0.
    Side pot (A, B only; C's hand does not count there, so the low on a river 4 or
    A goes nowhere and B's aces up / full house takes it all):
    * river 5 (3): A's wheel scoops: A high 1/2, A low 1/2.
    * river 6, 7, 8 (11): A low half, B high half.
    * the other 22 rivers: B whole pot through the high.
      A high = 3 * 1/2 / 36 = 1/24; A low = 14 * 1/2 / 36 = 7/36;
      B high = (11 * 1/2 + 22) / 36 = 55/72; C nothing.
    Expected: A = 300 * 7/36 + 1000 * (1/24 + 7/36) = 2650/9 (294.44...),
    B = 1000 * 55/72 = 6875/9 (763.88...), C = 300 * (3/4 + 1/18) = 725/3 (241.66...);
    together 1300.
    """
    holes = ["Ac 4d Qs Jc", "Ah Ad 9c 9d", "Kc Kd 5h 6h"]
    board = "2c 3d Kh Ks"
    pots = [(300, (0, 1, 2)), (1000, (0, 1))]
    expected_high = [[0, 0, Fraction(3, 4)], [Fraction(1, 24), Fraction(55, 72), 0]]
    expected_low = [[Fraction(7, 36), 0, Fraction(1, 18)], [Fraction(7, 36), 0, 0]]
    expected_money = [Fraction(2650, 9), Fraction(6875, 9), Fraction(725, 3)]

    ref = Reference(holes, board, pots, hi_lo=True)
    assert ref.boards == 36
    assert ref.high == expected_high
    assert ref.low == expected_low
    assert [ref.expected(i) for i in range(3)] == expected_money

    eq = all_in_equity(holes=holes, board=board, pots=pots, hi_lo=True)
    assert eq.exact is True
    assert eq.boards == 36
    for p in range(2):
        for i in range(3):
            assert eq.high[p][i] == pytest.approx(float(expected_high[p][i]), abs=1e-12)
            assert eq.low[p][i] == pytest.approx(float(expected_low[p][i]), abs=1e-12)
    for i in range(3):
        assert eq.expected(i) == pytest.approx(float(expected_money[i]), abs=1e-9)
    # C is not eligible for the side pot: exactly nothing, not just approximately.
    assert eq.high[1][2] == 0.0 and eq.low[1][2] == 0.0


def test_worked_example_ties_and_quartering() -> None:
    """Split highs, split lows and a quartered pot, turn all-in, Omaha/8, one pot 3600.

    A: Ac 3d Kh Qs, B: Ad 3c Ks Qh (the same ranks: A and B always tie each other),
    C: 9c 9d Jh Jd, board 2c 5d 9h Js. No flush is possible (the turn board has four
    suits, a river gives at most two of one). 52 - 12 - 4 = 36 rivers:
    A x2, 2 x3, 3 x2, 4 x4, 5 x3, 6 x4, 7 x4, 8 x4, 9 x1, T x4, J x1, Q x2, K x2.
    C has at least three jacks (Jh Jd + Js 9 x) and never a low; A/B's low is A-3 +
    2-5 + a river 4, 6, 7 or 8.

    * river 4 (4): A and B both make the wheel A-3 + 2-4-5, the best high (a straight
      beats C's trips) and the best low -> each 1/4 of the pot through the high and
      1/4 through the low.
    * river 6, 7, 8 (12): C's trips take the high half; A and B tie the low half ->
      C 1/2, A 1/4, B 1/4 (quartered).
    * river T (4): A and B make K-Q-J-T-9 (K-Q + J-T-9), no low -> each 1/2 through
      the high.
    * every other river (16): no low; C has trips, a full house (2, 5), or quads (9s,
      Jc), and A/B at most a pair -> C takes the whole pot.

    A (and B): high = (4 * 1/4 + 4 * 1/2) / 36 = 1/12, low = 16 * 1/4 / 36 = 1/9.
    C: high = (12 * 1/2 + 16) / 36 = 11/18. Expected: A 700, B 700, C 2200.
    """
    holes = ["Ac 3d Kh Qs", "Ad 3c Ks Qh", "9c 9d Jh Jd"]
    board = "2c 5d 9h Js"
    pots = [(3600, (0, 1, 2))]
    expected_high = [Fraction(1, 12), Fraction(1, 12), Fraction(11, 18)]
    expected_low = [Fraction(1, 9), Fraction(1, 9), Fraction(0)]
    ref = Reference(holes, board, pots, hi_lo=True)
    assert ref.boards == 36
    assert ref.high[0] == expected_high
    assert ref.low[0] == expected_low

    eq = all_in_equity(holes=holes, board=board, pots=pots, hi_lo=True)
    assert eq.exact is True
    assert eq.boards == 36
    for i in range(3):
        assert eq.high[0][i] == pytest.approx(float(expected_high[i]), abs=1e-12)
        assert eq.low[0][i] == pytest.approx(float(expected_low[i]), abs=1e-12)
    assert [eq.expected(i) for i in range(3)] == pytest.approx([700.0, 700.0, 2200.0], abs=1e-9)


# --------------------------------------------------------------------------------------
# 5. Properties over random deals
# --------------------------------------------------------------------------------------


@st.composite
def deals(draw: st.DrawFn) -> dict[str, object]:
    n = draw(st.integers(min_value=2, max_value=4))
    board_len = draw(st.sampled_from([3, 4]))
    n_dead = draw(st.integers(min_value=0, max_value=2))
    deck = draw(st.permutations(ALL_CARDS))
    holes = [" ".join(deck[4 * i : 4 * i + 4]) for i in range(n)]
    board = " ".join(deck[4 * n : 4 * n + board_len])
    dead = tuple(deck[4 * n + board_len : 4 * n + board_len + n_dead])
    order = draw(st.permutations(range(n)))
    sizes = [n]
    while sizes[-1] > 1 and len(sizes) < n and draw(st.booleans()):
        sizes.append(draw(st.integers(min_value=1, max_value=sizes[-1] - 1)))
    pots = [
        (draw(st.integers(min_value=1, max_value=100_000)), tuple(sorted(order[:k]))) for k in sizes
    ]
    hi_lo = draw(st.booleans())
    return {"holes": holes, "board": board, "dead": dead, "pots": pots, "hi_lo": hi_lo}


@settings(max_examples=30, deadline=None)
@given(deal=deals())
def test_properties_random_deals(deal: dict[str, object]) -> None:
    holes = deal["holes"]
    board = deal["board"]
    dead = deal["dead"]
    pots = deal["pots"]
    hi_lo = deal["hi_lo"]
    assert isinstance(holes, list) and isinstance(board, str) and isinstance(pots, list)
    assert isinstance(dead, tuple) and isinstance(hi_lo, bool)
    n = len(holes)
    eq = all_in_equity(holes=holes, board=board, pots=pots, hi_lo=hi_lo, dead=dead)

    unseen = 52 - 4 * n - len(board.split()) - len(dead)
    assert eq.exact is True
    assert eq.boards == math.comb(unseen, 5 - len(board.split()))

    for p, (_amount, eligible) in enumerate(pots):
        assert sum(eq.share(p, i) for i in eligible) == pytest.approx(1.0, abs=1e-9)
        for i in range(n):
            assert eq.share(p, i) == pytest.approx(eq.high[p][i] + eq.low[p][i], abs=1e-12)
            assert -1e-12 <= eq.high[p][i] <= 1 + 1e-12
            assert -1e-12 <= eq.low[p][i] <= 0.5 + 1e-12
            if i not in eligible:
                assert eq.high[p][i] == 0.0 and eq.low[p][i] == 0.0
            if not hi_lo:
                assert eq.low[p][i] == 0.0
        # the low half is at most half the pot, in total
        assert sum(eq.low[p]) <= 0.5 + 1e-9
    total = sum(amount for amount, _ in pots)
    assert sum(eq.expected(i) for i in range(n)) == pytest.approx(total, abs=1e-6)

    if len(board.split()) == 4:  # one card to come: cheap enough to check every number
        ref = Reference(holes, board, pots, hi_lo=hi_lo, dead=dead)
        assert_matches(eq, ref, n, hi_lo=hi_lo)


# --------------------------------------------------------------------------------------
# 6. Preflop heads-up
# --------------------------------------------------------------------------------------
# Whether a preflop deal is enumerated or sampled is the implementation's call ("exact
# when fast enough"). Four-card heads-up (C(44,5) = 1,086,008 boards) may go either
# way, so that test accepts both. Six-card heads-up preflop (C(40,5) = 658,008 boards
# x 2 players x 150 two-plus-three choices, about 2e8 five-card hands) is too slow to
# enumerate by any reasonable standard: that deal must be sampled.


def _reference_sample(
    holes: list[str], pots: list[tuple[int, tuple[int, ...]]], n_ref: int, seed: int
) -> list[tuple[float, float]]:
    """(mean share, its standard error) per player in pot 0, on the reference's own sample."""
    ref = Reference(holes, "", pots, hi_lo=False, sample=n_ref, rng=random.Random(seed))
    out = []
    for i in range(len(holes)):
        shares = [float(x) for x in ref.per_board[0][i]]
        mean = sum(shares) / n_ref
        var = sum((x - mean) ** 2 for x in shares) / (n_ref - 1)
        out.append((mean, math.sqrt(var / n_ref)))
    return out


def test_preflop_four_card_heads_up_agrees_with_independent_sample() -> None:
    """Exact or sampled, within 4 combined standard errors of the reference's own sample."""
    holes = ["As Ad Ks Kd", "8c 7c 6h 5h"]
    pots = [(500, (0, 1))]
    eq = all_in_equity(holes=holes, board="", pots=pots, samples=20_000, seed=3)
    if eq.exact:
        assert eq.boards == math.comb(44, 5)
        assert list(eq.std_error[0]) == [0.0, 0.0]
    else:
        assert eq.boards >= 20_000
        assert all(se > 0 for se in eq.std_error[0])
    assert eq.share(0, 0) + eq.share(0, 1) == pytest.approx(1.0, abs=1e-9)
    assert eq.expected(0) + eq.expected(1) == pytest.approx(500.0, abs=1e-6)
    for i, (mean, se_ref) in enumerate(_reference_sample(holes, pots, 2_000, 20240601)):
        tol = 4 * math.sqrt(se_ref**2 + eq.std_error[0][i] ** 2)
        assert abs(eq.share(0, i) - mean) <= tol, (i, eq.share(0, i), mean, tol)


SIX_HOLES = ["As Ad Ks Kd Qh Jh", "8c 7c 6h 5h 4d 3d"]
SIX_POTS = [(500, (0, 1))]
SIX_SAMPLES = 20_000


@pytest.fixture(scope="module")
def sampled() -> Equity:
    return all_in_equity(holes=SIX_HOLES, board="", pots=SIX_POTS, samples=SIX_SAMPLES, seed=11)


def test_preflop_six_card_is_sampled(sampled: Equity) -> None:
    eq = sampled
    assert eq.exact is False
    assert eq.boards >= SIX_SAMPLES
    assert eq.boards < math.comb(40, 5)  # not every board
    assert eq.share(0, 0) + eq.share(0, 1) == pytest.approx(1.0, abs=1e-9)
    assert eq.expected(0) + eq.expected(1) == pytest.approx(500.0, abs=1e-6)
    for i in range(2):
        assert eq.low[0][i] == 0.0
        assert eq.std_error[0][i] > 0.0
        # std error of a mean of per-board shares in [0, 1]: at most sqrt(s(1-s)/N),
        # and (ties being rare here) not much less.
        s = eq.share(0, i)
        bound = math.sqrt(s * (1 - s) / eq.boards)
        assert 0.8 * bound <= eq.std_error[0][i] <= 1.01 * bound + 1e-12


def test_preflop_six_card_same_seed_is_reproducible(sampled: Equity) -> None:
    again = all_in_equity(holes=SIX_HOLES, board="", pots=SIX_POTS, samples=SIX_SAMPLES, seed=11)
    assert again.boards == sampled.boards
    for i in range(2):
        assert again.high[0][i] == sampled.high[0][i]
        assert again.low[0][i] == sampled.low[0][i]
        assert again.std_error[0][i] == sampled.std_error[0][i]


def test_preflop_six_card_other_seed_and_reference_agree(sampled: Equity) -> None:
    other = all_in_equity(holes=SIX_HOLES, board="", pots=SIX_POTS, samples=SIX_SAMPLES, seed=12)
    assert other.exact is False
    assert (other.high[0][0], other.high[0][1]) != (sampled.high[0][0], sampled.high[0][1])
    tol = 4 * math.sqrt(other.std_error[0][0] ** 2 + sampled.std_error[0][0] ** 2)
    assert abs(other.share(0, 0) - sampled.share(0, 0)) <= tol
    for i, (mean, se_ref) in enumerate(_reference_sample(SIX_HOLES, SIX_POTS, 600, 777)):
        tol = 4 * math.sqrt(se_ref**2 + sampled.std_error[0][i] ** 2)
        assert abs(sampled.share(0, i) - mean) <= tol, (i, sampled.share(0, i), mean, tol)
