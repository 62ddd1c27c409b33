"""All-in equity of many hands at once (``hhtools.rules.equity_batch``).

Checked three ways: on deals worked out by hand; against the independent brute-force
reference of ``tests/test_equity.py`` (its own cards, ranking and enumeration, tallies
in fractions), to the exact fraction rounded once for the boards counted by class;
and against the per-hand path :func:`hhtools.rules.equity.all_in_equity` on a few
hundred seeded random all-ins (the same numbers: bit for bit where the boards are
dealt one by one; where they are counted by class, the exact fraction, which the
per-hand float sum matches to within its rounding).
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from hhtools.model.cards import card_str, parse_cards
from hhtools.rules.batch import batch_high_low, outer_flush, outer_high_low
from hhtools.rules.equity import Equity, all_in_equity
from hhtools.rules.equity_batch import AllIn, batch_equity
from hhtools.rules.evaluator import (
    HandCategory,
    InvalidHandError,
    InvalidQualifierError,
    category_of,
    high_value,
)
from tests.test_equity import Reference


def _one(deal: AllIn) -> Equity:
    (eq,) = batch_equity([deal])
    assert isinstance(eq, Equity), eq
    return eq


def test_turn_worked_by_hand() -> None:
    """Ann Ah Ad Kc Qc against Ben 7s 6s 5d 4d on As 7h 2c 9d, high only: 52 - 8 - 4 =
    40 rivers. Ben's straight comes with an 8 (4 left: 8-7 + 6-5... 9-8-7-6-5) or a 3
    (4 left: 5-4 + 3-2-A... A-2-3-4-5); no flush is possible (four suits on the turn).
    Every other river leaves Ann's trip aces ahead. Ben: 8/40 = 0.2, Ann 0.8."""
    eq = _one(AllIn(["Ah Ad Kc Qc", "7s 6s 5d 4d"], "As 7h 2c 9d", [(200, (0, 1))]))
    assert (eq.boards, eq.exact) == (40, True)
    assert eq.high[0] == (0.8, 0.2) and eq.low[0] == (0.0, 0.0)
    assert eq.std_error[0] == (0.0, 0.0) and eq.expected(1) == 40.0


def test_preflop_mirror_hands_split_evenly() -> None:
    """Ah Kh Qc Jc against As Ks Qd Jd: swapping hearts with spades and clubs with
    diamonds turns each hand into the other and maps the deck onto itself, so every
    board has a mirror board on which the results are swapped: each player's equity
    is exactly 1/2, high only and hi/lo (no low: at most one card of each hand is
    8 or under... none is), over all C(44, 5) = 1,086,008 boards."""
    for hi_lo in (False, True):
        eq = _one(AllIn(["Ah Kh Qc Jc", "As Ks Qd Jd"], "", [(1000, (0, 1))], hi_lo=hi_lo))
        assert (eq.boards, eq.exact) == (1_086_008, True)
        assert eq.high[0] == (0.5, 0.5) and eq.low[0] == (0.0, 0.0)


def test_preflop_pot_eligibility_worked_by_hand() -> None:
    """A side pot only one player can win is theirs on every board: through the high
    alone where no low qualifies, half through each where one does (the same player
    holds both); a pot nobody still in is eligible for gives nobody anything."""
    deal = AllIn(["Ah Kh Qc Jc", "As Ks Qd Jd", "2c 3d 4h 5s"], "",
                 [(900, (0, 1, 2)), (300, (2,)), (50, ())], hi_lo=True)  # fmt: skip
    eq = _one(deal)
    assert eq.boards == comb(40, 5)
    assert eq.high[1][:2] == eq.low[1][:2] == (0.0, 0.0)
    # 2c 3d 4h 5s makes a low on some boards (then high + low halves), not on others
    assert 0.5 < eq.high[1][2] < 1.0 and 0.0 < eq.low[1][2] < 0.5
    assert eq.high[1][2] + eq.low[1][2] == pytest.approx(1.0, abs=1e-15)
    assert eq.high[2] == eq.low[2] == (0.0, 0.0, 0.0)
    assert sum(eq.share(0, i) for i in range(3)) == pytest.approx(1.0, abs=1e-12)


def _deal_text(rng: random.Random, players: int, hole: int, board: int, dead: int):  # type: ignore[no-untyped-def]
    cards = [card_str(c) for c in rng.sample(range(52), players * hole + board + dead)]
    holes = [" ".join(cards[i * hole : (i + 1) * hole]) for i in range(players)]
    rest = cards[players * hole :]
    return holes, " ".join(rest[:board]), " ".join(rest[board:])


def _pots(rng: random.Random, players: int) -> list[tuple[int, tuple[int, ...]]]:
    pots = [(rng.randrange(100, 5000), tuple(range(players)))]
    if players > 2:
        pots.append((rng.randrange(10, 900), tuple(sorted(rng.sample(range(players), 2)))))
    return pots


@pytest.mark.parametrize("seed", range(6))
def test_counted_by_class_is_the_exact_fraction(seed: int) -> None:
    """Preflop (and Courchevel's one card) with many cards dead, so the reference can
    deal every board: each equity is the reference's exact fraction, rounded once."""
    rng = random.Random(900 + seed)
    players, hole = rng.choice([(2, 4), (3, 4), (2, 5), (3, 6), (4, 4)])
    shown = seed % 2  # Courchevel shows one board card before the betting
    holes, board, dead = _deal_text(rng, players, hole, shown, 52 - players * hole - shown - 15)
    pots = _pots(rng, players)
    hi_lo = seed % 3 != 0
    eq = _one(AllIn(holes, board, pots, hi_lo=hi_lo, qualifier=8, dead=dead))
    ref = Reference(holes, board, pots, hi_lo=hi_lo, qualifier=8, dead=dead)
    assert eq.boards == ref.boards == comb(15, 5 - shown) and eq.exact
    for p in range(len(pots)):
        for i in range(players):
            assert eq.high[p][i] == float(Fraction(ref.high[p][i]))
            assert eq.low[p][i] == float(Fraction(ref.low[p][i]))


def _random_deals(count: int, seed: int) -> list[AllIn]:
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        board = rng.choice([3, 3, 4, 4, 3, 4, 0, 1])
        players = rng.choice([2, 2, 2, 3, 3, 4, 5])
        hole = rng.choice([4, 4, 5, 6])
        if board <= 1:  # keep the per-hand reference quick: many cards dead
            dead = 52 - players * hole - board - rng.choice([16, 18, 20])
        else:
            dead = rng.choice([0, 0, 4, 5])
        holes, shown, dead_text = _deal_text(rng, players, hole, board, dead)
        deals.append(AllIn(holes, shown, _pots(rng, players), hi_lo=rng.random() < 0.5,
                           qualifier=rng.choice([8, 8, 7, 9]), dead=dead_text))  # fmt: skip
    return deals


def test_same_numbers_as_the_per_hand_path_on_random_all_ins() -> None:
    """300 seeded all-ins of every kind: the flop and turn ones bit for bit; the
    preflop ones (counted by class) to within the per-hand float sum's rounding."""
    deals = _random_deals(300, 2026)
    got = batch_equity(deals)
    assert len(got) == 300
    by_class = 0
    for deal, eq in zip(deals, got, strict=True):
        assert isinstance(eq, Equity)
        want = all_in_equity(deal.holes, deal.board, deal.pots, hi_lo=deal.hi_lo,
                             qualifier=deal.qualifier, dead=deal.dead)  # fmt: skip
        assert (eq.boards, eq.exact, eq.amounts) == (want.boards, True, want.amounts)
        assert eq.std_error == want.std_error
        if len(deal.board.split()) >= 3:
            assert (eq.high, eq.low) == (want.high, want.low)
        else:
            by_class += 1
            for mine, theirs in ((eq.high, want.high), (eq.low, want.low)):
                for a, b in zip(mine, theirs, strict=True):
                    assert a == pytest.approx(b, rel=0, abs=1e-15)
    assert by_class >= 40


def test_where_the_per_hand_path_samples_the_batch_path_counts_every_board() -> None:
    """Heads-up six-card Omaha preflop: 658,008 boards x 2 players x 15 pairs is over
    the per-hand path's exact limit, so it deals 100,000 boards at random; the batch
    path counts all 658,008, as the per-hand path does with no limit."""
    holes = ["As Ad Ks Kd Qh Jh", "8c 7c 6h 5h 4d 3d"]
    pots = [(500, (0, 1))]
    sampled = all_in_equity(holes, "", pots, hi_lo=True)
    assert not sampled.exact
    eq = _one(AllIn(holes, "", pots, hi_lo=True))
    assert (eq.boards, eq.exact) == (comb(40, 5), True)
    every = all_in_equity(holes, "", pots, hi_lo=True, exact_limit=10**9)
    assert every.exact and every.boards == eq.boards
    for p in (0, 1):
        assert eq.high[0][p] == pytest.approx(every.high[0][p], rel=0, abs=1e-15)
        assert eq.low[0][p] == pytest.approx(every.low[0][p], rel=0, abs=1e-15)
        assert abs(eq.share(0, p) - sampled.share(0, p)) <= 4 * sampled.std_error[0][p]


def test_a_bad_deal_costs_no_other() -> None:
    good = AllIn(["Ah Ad Kc Qc", "7s 6s 5d 4d"], "As 7h 2c 9d", [(200, (0, 1))])
    twice = AllIn(["Ah Ad Kc Qc", "Ah 6s 5d 4d"], "As 7h 2c", [(200, (0, 1))])
    qualifier = good._replace(qualifier=6)
    got = batch_equity([good, twice, qualifier, good._replace(board="")])
    assert isinstance(got[0], Equity) and got[0].high[0] == (0.8, 0.2)
    with pytest.raises(InvalidHandError) as per_hand:
        all_in_equity(twice.holes, twice.board, twice.pots)
    assert isinstance(got[1], InvalidHandError) and str(got[1]) == str(per_hand.value)
    assert isinstance(got[2], InvalidQualifierError)
    assert isinstance(got[3], Equity) and got[3].boards == comb(44, 5)


def test_outer_evaluation_is_the_batch_evaluators() -> None:
    """Every hole against every board gives batch_high_low's values hole by hole, on
    random boards and on boards with three cards of a suit the first hole holds twice."""
    rng = np.random.default_rng(8)
    for k, n in ((4, 3), (5, 2), (6, 2)):
        cards = rng.permutation(52)
        holes = cards[: n * k].reshape(n, k)
        deck = cards[n * k :]
        boards = [rng.choice(deck, 5, replace=False) for _ in range(400)]
        suit = int(np.bincount(holes[0] & 3, minlength=4).argmax())  # held twice or more
        suited = deck[(deck & 3) == suit]
        others = deck[(deck & 3) != suit]
        boards += [np.concatenate([rng.choice(suited, 3, replace=False),
                                   rng.choice(others, 2, replace=False)]) for _ in range(200)]  # fmt: skip
        board_np = np.array(boards)
        hi, lo = outer_high_low(holes, board_np, 8)
        want_hi, want_lo = batch_high_low(np.repeat(holes, len(board_np), axis=0),
                                          np.tile(board_np, (n, 1)), 8)  # fmt: skip
        assert (hi.ravel() == want_hi).all() and (lo.ravel() == want_lo).all()
        flush = outer_flush(holes, board_np)
        # a flush beats every hand but a full house or better, which needs a paired board
        unpaired = np.array([len(set((b >> 2).tolist())) == 5 for b in board_np])
        made = flush >= 0
        assert np.bincount(holes[0] & 3).max() >= 2
        assert made[0, 400:].all()  # the first hole holds two of the board's three
        assert (flush[made & unpaired] == hi[made & unpaired]).all()
        assert (flush <= hi).all()


def test_outer_flush_worked_by_hand() -> None:
    """Ah 3h Ts Tc on 2h 5h Th 7d 8c: A-3 of hearts with 2-5-T of hearts, an ace-high
    flush; Ad 3h Ts Tc holds one heart: no flush (trip tens are no flush)."""
    fl = outer_flush([parse_cards("Ah 3h Ts Tc"), parse_cards("Ad 3h Ts Tc")],
                     [parse_cards("2h 5h Th 7d 8c")])  # fmt: skip
    assert category_of(int(fl[0, 0])) == HandCategory.FLUSH and int(fl[1, 0]) == -1
    assert int(fl[0, 0]) == high_value(parse_cards("Ah 3h Ts Tc"), parse_cards("2h 5h Th 7d 8c"))


def test_too_few_cards_left_for_the_board_is_a_named_error_on_both_paths() -> None:
    """Ten five-card hands hold 50 of the 52 cards: with no board dealt, 2 are left
    for the 5 board cards to come, so no board can be dealt (both paths said NaN or
    "division by zero" before)."""
    ranks = "23456789TJQKA"
    deck = [r + s for s in "cdhs" for r in ranks]
    holes = [" ".join(deck[5 * i : 5 * i + 5]) for i in range(10)]
    pots = [(1000, tuple(range(10)))]
    (err,) = batch_equity([AllIn(holes, "", pots)])
    assert isinstance(err, InvalidHandError)
    assert "2 cards left in the deck" in str(err) and "5 board cards" in str(err)
    with pytest.raises(InvalidHandError, match="2 cards left in the deck"):
        all_in_equity(holes, "", pots)
