"""Pot settlement (issue #2, point 4): halves, ties, odd units, scoops and quarters."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hhtools.model.cards import DuplicateCardError
from hhtools.rules.evaluator import InvalidHandError
from hhtools.rules.games import UnknownGameError
from hhtools.rules.settlement import Contender, award_pot, settle_showdown


def totals(award: object, names: str) -> list[int]:
    return [award.shares[n].total for n in names.split()]  # type: ignore[attr-defined]


def test_design_example_39_cents() -> None:
    # DESIGN.md (PokerStars hand 35875034981): one high winner, two tie for low:
    # 20 high, 19 low split 10 / 9, the odd cent to the tied player first clockwise.
    award = award_pot(
        39, [Contender("Hi", 900, None), Contender("Lo1", 100, 8000), Contender("Lo2", 50, 8000)], True
    )
    assert award.half_amounts == {"high": 20, "low": 19}
    assert totals(award, "Hi Lo1 Lo2") == [20, 10, 9]
    assert award.high_winners == ("Hi",) and award.low_winners == ("Lo1", "Lo2")
    assert award.shares["Lo2"].low_fraction == Fraction(1, 4)
    assert award.quartered("Lo1") and award.quartered("Lo2") and not award.quartered("Hi")
    assert not award.scooped("Hi")


def test_odd_unit_goes_to_first_clockwise_tied() -> None:
    # same hands, other seat order: now Lo2 is first clockwise and gets the odd cent
    award = award_pot(39, [Contender("Lo2", 50, 8000), Contender("Hi", 900), Contender("Lo1", 100, 8000)], True)
    assert totals(award, "Hi Lo1 Lo2") == [20, 9, 10]


def test_odd_unit_of_halving_goes_high() -> None:
    award = award_pot(401, [Contender("A", 2, None), Contender("B", 1, 7000)], True)
    assert award.half_amounts == {"high": 201, "low": 200}
    assert totals(award, "A B") == [201, 200]


def test_no_low_high_takes_all() -> None:
    award = award_pot(400, [Contender("A", 2, None), Contender("B", 1, None)], True)
    assert award.half_amounts == {"all": 400}
    assert award.low_winners == () and award.scooped("A") and not award.quartered("A")
    assert award.shares["A"] .high_fraction == 1 and award.shares["B"].total == 0


def test_high_only_game_ignores_lows() -> None:
    award = award_pot(100, [Contender("A", 2, None), Contender("B", 1, 8150)], False)
    assert award.half_amounts == {"all": 100} and totals(award, "A B") == [100, 0]


def test_scoop_both_halves() -> None:
    award = award_pot(7, [Contender("A", 5, 8100), Contender("B", 1, 8000)], True)
    assert award.scooped("A") and totals(award, "A B") == [7, 0]
    assert award.shares["A"].high_fraction + award.shares["A"].low_fraction == 1


def test_three_way_low_and_split_high() -> None:
    c = [Contender("A", 9, 8000), Contender("B", 9, 8000), Contender("C", 1, 8000), Contender("D", 2, None)]
    award = award_pot(100, c, True)
    # high 50 -> 25/25; low 50 -> 17/17/16
    assert totals(award, "A B C D") == [25 + 17, 25 + 17, 16, 0]
    assert award.shares["A"].high_fraction == Fraction(1, 4)
    assert award.shares["C"].low_fraction == Fraction(1, 6)
    assert str(award.shares["D"].high_fraction) == "0"
    assert all(award.quartered(p) for p in "ABC") and not award.quartered("D")


def test_high_only_tie_is_a_split_not_a_quarter() -> None:
    award = award_pot(5, [Contender("A", 3), Contender("B", 3)], False)
    assert totals(award, "A B") == [3, 2] and award.shares["B"].high_fraction == Fraction(1, 2)
    assert not award.quartered("A") and not award.scooped("A")


def test_zero_pot_and_errors() -> None:
    award = award_pot(0, [Contender("A", 3, 8000), Contender("B", 3, 8100)], True)
    assert totals(award, "A B") == [0, 0] and award.half_amounts == {"high": 0, "low": 0}
    with pytest.raises(ValueError):
        award_pot(-1, [Contender("A", 3)], False)
    with pytest.raises(ValueError):
        award_pot(10, [], False)
    with pytest.raises(ValueError):
        award_pot(10, [Contender("A", 3), Contender("A", 4)], False)


contender_lists = st.lists(
    st.tuples(st.integers(0, 3), st.one_of(st.none(), st.integers(8000, 8003))), min_size=1, max_size=7
).map(lambda xs: [Contender(f"P{i}", h, lo) for i, (h, lo) in enumerate(xs)])


@settings(max_examples=400, deadline=None)
@given(amount=st.integers(0, 10_000), contenders=contender_lists, hi_lo=st.booleans())
def test_award_properties(amount: int, contenders: list[Contender], hi_lo: bool) -> None:
    award = award_pot(amount, contenders, hi_lo)
    shares = award.shares
    assert list(shares) == [c.player for c in contenders]
    # amounts add up, per player and per half
    assert sum(s.total for s in shares.values()) == amount
    assert sum(award.half_amounts.values()) == amount
    assert all(s.total == s.high + s.low and s.high >= 0 and s.low >= 0 for s in shares.values())
    assert sum(s.high for s in shares.values()) == award.half_amounts.get("high", award.half_amounts.get("all"))
    assert sum(s.low for s in shares.values()) == award.half_amounts.get("low", 0)
    # exact fractions add up to the whole pot
    assert sum(s.high_fraction + s.low_fraction for s in shares.values()) == 1
    # equal hands get equal amounts within one unit in each half (each half is
    # settled on its own, its leftover units clockwise)
    for a in contenders:
        for b in contenders:
            if (a.high, a.low if hi_lo else None) == (b.high, b.low if hi_lo else None):
                assert abs(shares[a.player].high - shares[b.player].high) <= 1
                assert abs(shares[a.player].low - shares[b.player].low) <= 1
    # a hand that wins both halves (or all) alone gets everything
    for c in contenders:
        if award.scooped(c.player):
            assert shares[c.player].total == amount
    best_high = max(c.high for c in contenders)
    lows = [c.low for c in contenders if c.low is not None]
    solo = [c for c in contenders if c.high == best_high]
    if len(solo) == 1:
        only = solo[0]
        if not hi_lo or not lows or (only.low == max(lows) and lows.count(only.low) == 1):
            assert award.scooped(only.player) and shares[only.player].total == amount
    # the halving's odd unit goes high
    if "low" in award.half_amounts:
        assert award.half_amounts["high"] - award.half_amounts["low"] in (0, 1)


def test_settle_showdown_seed000_table() -> None:
    hands = [
        ("Alan", "As 4s 5h Kc"),
        ("Bryan", "Ah 3h Ts Tc"),
        ("Chris", "7c 9c Js Qs"),
        ("Derek", "4h 6h Ks Kd"),
        ("Eve", "Ad 3d 6d 9h"),
    ]
    sd = settle_showdown("omaha-hilo", "2s 5c Th 7d 8c", hands, 400)
    assert sd.award.high_winners == ("Chris",) and sd.award.low_winners == ("Bryan", "Eve")
    assert totals(sd.award, "Alan Bryan Chris Derek Eve") == [0, 100, 200, 0, 100]
    assert sd.players[2].low is None and sd.qualifier == 8
    odd = settle_showdown("omaha-hilo", "2s 5c Th 7d 8c", hands, 403)
    assert totals(odd.award, "Bryan Chris Eve") == [101, 202, 100]
    hi_only = settle_showdown("omaha", "2s 5c Th 7d 8c", hands, 400, qualifier=8)
    assert hi_only.qualifier is None and all(p.low is None for p in hi_only.players)
    assert totals(hi_only.award, "Chris") == [400]


def test_settle_showdown_errors() -> None:
    with pytest.raises(UnknownGameError):
        settle_showdown("holdem", "2s 5c Th 7d 8c", [("A", "As Ks")], 10)
    with pytest.raises(InvalidHandError):
        settle_showdown("omaha5", "2s 5c Th 7d 8c", [("A", "As Ks Qs Js")], 10)
    with pytest.raises(DuplicateCardError, match="'As'"):
        settle_showdown("omaha", "2s 5c Th 7d 8c", [("A", "As Ks Qs Js"), ("B", "As 2d 3d 4d")], 10)
    with pytest.raises(InvalidHandError):
        settle_showdown("omaha", "2s 5c Th 7d", [("A", "As Ks Qs Js")], 10)


def test_tied_both_ways_each_half_settled_on_its_own() -> None:
    # 2 units, A and B tie high and low: high half 1 -> A (first clockwise), low
    # half 1 -> A as well: each half's leftover goes to the first tied player.
    award = award_pot(2, [Contender("A", 5, 8000), Contender("B", 5, 8000)], True)
    assert totals(award, "A B") == [2, 0]
    assert award.quartered("A") and award.quartered("B")
    award = award_pot(6, [Contender("A", 5, 8000), Contender("B", 5, 8000), Contender("C", 1, None)], True)
    assert award.half_amounts == {"high": 3, "low": 3}
    assert totals(award, "A B C") == [2 + 2, 1 + 1, 0]
    award = award_pot(7, [Contender("A", 5, 8000), Contender("B", 5, 8000)], True)
    assert totals(award, "A B") == [2 + 2, 2 + 1]  # high 4 = 2/2, low 3 = 2/1


def test_odd_units_follow_clockwise_order_in_each_half_generated_hand() -> None:
    # Generated hand 230000275828: a $0.06 side pot, arknellee (seat 5) and Milee
    # (seat 3, the button) tie high and low. Clockwise from the button arknellee
    # comes first: high $0.03 -> 2/1, low $0.03 -> 2/1, the site pays the same.
    award = award_pot(6, [Contender("arknellee", 9, 100), Contender("Milee", 9, 100)], True)
    assert award.shares["arknellee"].high == 2 and award.shares["arknellee"].low == 2
    assert award.shares["Milee"].high == 1 and award.shares["Milee"].low == 1


def test_declared_house_rule_for_a_tied_low_half() -> None:
    # 95 units: the rules halve 48 high / 47 low and split the tied low 24 / 23 (odd
    # unit clockwise). A room that gives a tied low's leftover to the high half pays
    # 49 high and 23 / 23 low.
    from hhtools.model.vocab import OddChips

    players = [Contender("lo1", 1, 8000), Contender("hi", 9, None), Contender("lo2", 2, 8000)]
    rules = award_pot(95, players, True)
    house = award_pot(95, players, True, OddChips.LOW_LEFTOVER_TO_HIGH)
    assert [rules.shares[p].total for p in ("hi", "lo1", "lo2")] == [48, 24, 23]
    assert [house.shares[p].total for p in ("hi", "lo1", "lo2")] == [49, 23, 23]
    assert house.half_amounts == {"high": 49, "low": 46}


def test_one_contender_takes_the_whole_pot_as_one_share() -> None:
    # one eligible player, no low: the whole 101 units, half "all", the fraction 1
    award = award_pot(101, [Contender("a", 5, None)], True)
    assert award.half_amounts == {"all": 101} and award.high_winners == ("a",)
    assert award.low_winners == () and award.scooped("a")
    assert (award.due("a", "all"), award.due("a", "low"), award.fraction("a", "all")) == (101, 0, 1)


def test_one_contender_with_a_low_wins_both_halves() -> None:
    # hi/lo with the only player's qualifying low: halved 51 / 50 (odd unit high), both his
    award = award_pot(101, [Contender("a", 5, 8000)], True)
    assert award.half_amounts == {"high": 51, "low": 50}
    assert (award.due("a", "high"), award.due("a", "low"), award.due("a", "all")) == (51, 50, 101)
    assert award.fraction("a", "all") == 1 and award.scooped("a") and not award.quartered("a")
