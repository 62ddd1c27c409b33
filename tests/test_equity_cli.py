"""``hhtools equity`` and the odds behind it: exact boards, ranges, hi/lo halves.

Values are worked out by hand or by an independent count over the boards with the
one-hand evaluator (:func:`best_high` / :func:`best_low`), never read off the code.
"""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest
from typer.testing import CliRunner

from hhtools.cli.main import app
from hhtools.model.cards import card_str, parse_cards
from hhtools.rules.equity import hand_odds
from hhtools.rules.evaluator import InvalidHandError, best_high, best_low
from hhtools.rules.holes import hole_classes
from hhtools.rules.ranges import HandRange, RangeTooNarrowError, deal_range, parse_hand

runner = CliRunner()


def odds_of(hands: list[str], board: str, hi_lo: bool = False, **kw: object):
    return hand_odds([parse_hand(h, 4) for h in hands], board, hi_lo=hi_lo, **kw)  # type: ignore[arg-type]


def test_turn_all_in_worked_by_hand() -> None:
    # Ann holds three aces on As 7h 2c 9d; Ben [7s 6s 5d 4d] wins only with a straight:
    # any 8 (6-5 with 7-8-9... no: 6-5 and 9-8-7) or any 3 (5-4 with A-2-3): 8 of the 40
    # rivers; no river ties them.
    o = odds_of(["Ah Ad Kc Qc", "7s 6s 5d 4d"], "As 7h 2c 9d")
    assert (o.boards, o.exact) == (40, True)
    assert o.equity == pytest.approx((0.8, 0.2))
    assert o.win == pytest.approx((0.8, 0.2))
    assert o.tie == (0.0, 0.0)
    assert o.std_error == (0.0, 0.0)


def _shares_by_count(holes: list[str], board: str) -> list[Fraction]:
    """Each player's expected share of a hi/lo pot over every river, counted board by
    board with the one-hand evaluator: the high half to the best high, the low half to
    the best qualifying low (8 or better), the whole pot to the high with no low."""
    hole_codes = [parse_cards(h) for h in holes]
    known = set(parse_cards(board)) | {c for h in hole_codes for c in h}
    deck = [c for c in range(52) if c not in known]
    totals = [Fraction(0)] * len(holes)
    rivers = 0
    for (river,) in combinations(deck, 1):
        full = [card_str(c) for c in (*parse_cards(board), river)]
        highs = [best_high([card_str(c) for c in h], full).value for h in hole_codes]
        lows = [best_low([card_str(c) for c in h], full, 8) for h in hole_codes]
        low_values = [None if lo is None else lo.value for lo in lows]
        top = max(highs)
        hw = [i for i, v in enumerate(highs) if v == top]
        qualifying = [v for v in low_values if v is not None]
        half = Fraction(1, 2) if qualifying else Fraction(1)
        for i in hw:
            totals[i] += half / len(hw)
        if qualifying:
            best = max(qualifying)  # the same scale as the batch evaluator: higher is better
            lw = [i for i, v in enumerate(low_values) if v == best]
            for i in lw:
                totals[i] += Fraction(1, 2) / len(lw)
        rivers += 1
    return [t / rivers for t in totals]


def test_hi_lo_turn_against_a_count_board_by_board() -> None:
    holes = ["Ac 2c Kd Qh", "3d 4d Ks Kh", "As 5h 9c 9d"]
    board = "Kc 7s 6h 8c"
    o = odds_of(holes, board, hi_lo=True)
    assert o.exact and o.boards == 52 - 12 - 4
    want = _shares_by_count(holes, board)
    assert o.equity == pytest.approx([float(w) for w in want])
    assert sum(o.equity) == pytest.approx(1.0)
    for i in range(3):
        assert o.high[i] + o.low[i] == pytest.approx(o.equity[i])


def test_a_range_of_one_hand_samples_the_exact_answer() -> None:
    exact = odds_of(["As Ah Ad Ac", "Kc Kd Qs Js"], "7h 8h 2c")
    sampled = hand_odds([parse_hand("AAAA", 4), parse_hand("Kc Kd Qs Js", 4)], "7h 8h 2c",
                        samples=20_000, seed=7)  # fmt: skip
    assert not sampled.exact and sampled.boards == 20_000
    for got, want, err in zip(sampled.equity, exact.equity, sampled.std_error, strict=True):
        assert err > 0
        assert abs(got - want) < 5 * err


def test_the_same_seed_deals_the_same() -> None:
    a = odds_of(["AAxx", "Kc Kd Qs Js"], "", samples=5_000, seed=3)
    b = odds_of(["AAxx", "Kc Kd Qs Js"], "", samples=5_000, seed=3)
    c = odds_of(["AAxx", "Kc Kd Qs Js"], "", samples=5_000, seed=4)
    assert a == b and a != c


@pytest.mark.parametrize("hole_cards", [4, 6])  # a listed pool (4), drawn candidates (6)
def test_range_hands_are_in_the_range_and_uniform(hole_cards: int) -> None:
    rng = parse_hand("AKxx" if hole_cards == 4 else "AKxxxx", hole_cards)
    assert isinstance(rng, HandRange)
    used = np.zeros((40_000, 52), dtype=bool)
    used[:, parse_cards("Ks")] = True  # out: the range's kings are Kc Kd Kh
    from hhtools.rules.ranges import range_pool

    pool = range_pool(rng, hole_cards, parse_cards("Ks"))
    dealt = deal_range(rng, used, hole_cards, np.random.default_rng(1), pool)
    assert dealt.shape == (40_000, hole_cards)
    cards = [[card_str(int(c)) for c in row] for row in dealt]
    assert all(len(set(h)) == hole_cards for h in cards)
    assert all(any(c[0] == "A" for c in h) and any(c[0] == "K" for c in h) for h in cards)
    assert not any("Ks" in h for h in cards)
    # by symmetry every ace suit is as likely (in hands with one ace): a quarter each
    one_ace = [next(c for c in h if c[0] == "A") for h in cards
               if sum(c[0] == "A" for c in h) == 1]  # fmt: skip
    counts = Counter(c[1] for c in one_ace)
    for suit in "cdhs":
        assert counts[suit] / len(one_ace) == pytest.approx(0.25, abs=0.015)


def test_class_words_deal_only_hands_of_those_classes() -> None:
    rng = parse_hand("double-suited rundowns", 4)
    dealt = deal_range(rng, np.zeros((2_000, 52), dtype=bool), 4, np.random.default_rng(5))
    for row in dealt:
        classes = hole_classes([card_str(int(c)) for c in row])
        assert "double_suited" in classes and "rundown" in classes


@pytest.mark.parametrize(
    ("text", "ranks", "cards", "classes"),
    [
        ("AAxx", {12: 2}, (), ()),
        ("A2xx", {12: 1, 0: 1}, (), ()),
        ("KQJTds", {11: 1, 10: 1, 9: 1, 8: 1}, (), ("double_suited",)),
        ("AsAhxx", {}, ("As", "Ah"), ()),
        ("aces a2", {}, (), ("aces", "a2")),
        ("pairs", {}, (), ("pair",)),
    ],
)
def test_range_forms(text: str, ranks: dict, cards: tuple, classes: tuple) -> None:
    rng = parse_hand(text, 4)
    assert isinstance(rng, HandRange)
    assert {r: n for r, n in enumerate(rng.ranks) if n} == ranks
    assert tuple(card_str(c) for c in rng.cards) == cards
    assert rng.classes == classes


@pytest.mark.parametrize("text", ["AAAAA", "AsAsxx", "hello", "Ah Kh Qd", ""])
def test_bad_hands(text: str) -> None:
    with pytest.raises(InvalidHandError):
        parse_hand(text, 4)


def test_a_range_the_known_cards_leave_empty() -> None:
    with pytest.raises(RangeTooNarrowError):
        odds_of(["As Ah Ad Kc", "AAxx"], "")


def test_cli_json_and_table() -> None:
    result = runner.invoke(app, ["equity", "--board", "As 7h 2c 9d", "--hand", "Ann=Ah Ad Kc Qc",
                                 "--hand", "Ben=7s 6s 5d 4d", "--json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    got = json.loads(result.output)
    assert (got["game"], got["exact"], got["boards"], got["seed"]) == ("omaha", True, 40, None)
    assert [(p["name"], p["hand"]) for p in got["players"]] == [
        ("Ann", "Ah Ad Kc Qc"), ("Ben", "7s 6s 5d 4d")]  # fmt: skip
    assert [p["equity"] for p in got["players"]] == pytest.approx([0.8, 0.2])
    assert "scoop" not in got["players"][0]
    table = runner.invoke(app, ["equity", "--game", "PLO8", "--board", "Ks 7d 3c",
                                "--hand", "Ann=As Ad 2c 3h", "--hand", "Cat=A2xx",
                                "--samples", "2000"])  # fmt: skip
    assert table.exit_code == 0, table.output
    assert "low 8 or better" in table.output and "2,000 deals, seed 0" in table.output
    hilo = json.loads(runner.invoke(app, ["equity", "--game", "omaha-hilo", "--qualifier", "9",
                                          "--board", "Ks 7d 3c", "--hand", "A=As Ad 2c 3h",
                                          "--hand", "B=Kc Kd Qs Js", "--json"]).output)  # fmt: skip
    assert hilo["qualifier"] == 9 and hilo["exact"] and hilo["boards"] == 41 * 40 // 2
    assert {"scoop", "high", "low"} <= set(hilo["players"][0])


@pytest.mark.parametrize(
    "args",
    [
        ["--hand", "A=Ah Kh Qd Jd"],  # one hand
        ["--hand", "A=Ah Kh Qd Jd", "--hand", "B=Ah 2c 3d 4s"],  # a card twice
        ["--hand", "A=Ah Kh Qd Jd", "--hand", "A=2c 3d 4s 5h"],  # a name twice
        ["--hand", "A=Ah Kh Qd Jd", "--hand", "B=zz"],
        ["--hand", "A=Ah Kh Qd Jd", "--hand", "B=AAxx", "--qualifier", "6"],
        ["--hand", "A=Ah Kh Qd Jd", "--hand", "B=AAxx", "--game", "holdem"],
        ["--hand", "Ah Kh Qd Jd", "--hand", "B=AAxx"],  # no name
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(args: list[str]) -> None:
    result = runner.invoke(app, ["equity", *args])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
