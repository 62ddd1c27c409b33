"""888poker's plain body lines read from their text (grammars/poker888/quick.py) read as
its line rules read them: amounts worked out by hand, each line against the rules on a
hand read without the quick path, and every fixture and corpus hand read both ways."""

from __future__ import annotations

from pathlib import Path

import pytest

from hhtools.grammars import _digits
from hhtools.grammars import _kit as k
from hhtools.grammars.poker888 import quick
from hhtools.grammars.poker888 import read as r
from hhtools.ingest.read import parse_path
from hhtools.model.records import Action, ActionKind, Collect, PostKind, Seat, Show, Street

FIX = Path(__file__).parent / "fixtures" / "888poker"
SHARED = Path(__file__).resolve().parents[2] / "shared"


@pytest.mark.parametrize(("text", "cents", "want"), [
    ("$25", True, 2500), ("$0.05", True, 5), ("$0.5", True, 50), ("3,000", True, 300_000),
    ("$1,234,567.89", True, 123_456_789), ("25 $", True, 2500), ("15 552,50 $", True, 1_555_250),
    ("9 899", True, 989_900), ("717.50", True, 71_750), (" $116 ", True, 11_600),
    ("€12.34", True, 1234), ("£7", True, 700), ("1,2,3", True, 1230),  # as parse_money
    ("1500", False, 1500), ("1,500", False, 1500), ("1,500.00", False, 1500), ("007", False, 7),
    ("99999999999", False, 99_999_999_999),  # 10**11 - 1: the largest amount in range
    ("100000000000", False, -1),  # 10**11: out of range, the rules report it
    ("$1,000,000,000", True, -1),  # 10**9 dollars are 10**11 cents
    ("1.50", False, -1),  # a fraction of a chip: the rules refuse it
    ("1$5", True, -1), (",5", True, -1), ("5,", True, -1), ("$", True, -1), ("", True, -1),
    ("$25 + $0", True, -1), ("¥25", True, -1), ("1234567890123456", False, -1),
    ("\u0665", False, -1),  # an Arabic-Indic five: ASCII digits only
])  # fmt: skip
def test_amounts_worked_out_by_hand(text: str, cents: bool, want: int) -> None:
    line = f"x {text} y"
    assert _digits.amount_in(line, 2, 2 + len(text), cents) == want


@pytest.mark.parametrize("text", ["$25", "0.5", "3,000", "15 552,50 $", "1,2,3", " 9 899 $ ",
                                  "1,500.00", "1,000.5", "12'345", "007", "$99,999,999.99"])
@pytest.mark.parametrize("unit", [k.Unit.CENTS, k.Unit.CHIPS])
def test_a_plain_amount_is_the_rules_amount(text: str, unit: k.Unit) -> None:
    h = r._Hand("f.txt", 1)
    h.unit = unit
    got = _digits.amount_in(text, 0, len(text), unit is k.Unit.CENTS)
    try:
        want = r._amount(h, text)
    except ValueError:
        want = -1
    assert got == want


def test_the_fixed_words_are_the_rules_words() -> None:
    assert quick.FIXED_WORDS == set(r._FIXED)
    assert {w[0] for w in quick.FIXED_WORDS} == set("#(*DST")


def _hand(unit: k.Unit = k.Unit.CENTS, acted: bool = False) -> r._Hand:
    h = r._Hand("f.txt", 1)
    h.unit = unit
    for seat, name in enumerate(("Ann", "Ann B", "Bob", "Seat"), 1):
        h.seat(seat, name, 50_000 if name != "Bob" else 300, seat + 1)
    if acted:
        h.dealt = True
        h.post("Ann", k.PostKind.SMALL_BLIND, 25, 6)
        h.post("Ann B", k.PostKind.BIG_BLIND, 50, 7)
    return h


def _read(line: str, use_quick: bool, unit: k.Unit = k.Unit.CENTS, acted: bool = True) -> tuple:
    h = _hand(unit, acted)
    known = use_quick and quick.read_line(h, line, 9)
    if not known:
        try:
            known = r._line(h, line, 9)
        except ValueError as exc:  # an amount or cards the rules refuse: the same both ways
            known = type(exc).__name__
    return (known, h.actions, h.collects, h.shows, h.seats, h.folded, h.passed_over, h.button,
            h.dealt, h.summary, h.board, h.hero, h.hole, h.street, h.card_texts, h.unseated,
            h.put, h.bets, h.problems)  # fmt: skip


LINES = [
    "Ann folds", "Ann B folds", "Ann checks", "Bob calls [$0.50]", "Bob bets [$2]",
    "Bob calls [$3]", "Ann raises [$125]", "Ann B raises [ $1,250 ]", "Bob is all-in [$3]",
    "Ann is all-in [$10]", "Bob posts small blind [$0.25]", "Bob posts big blind [50 $]",
    "Ann posts ante [$0.05]", "Bob collected [ $116 ]", "Ann collected [ 15 552,50 $ ]",
    "Bob did not show his hand", "Ann shows [ Th, 8d, 9c, Tc ]", "Bob mucks [ 8c, 6d, Jh, 6h ]",
    "Seat folds", "Seat 5: Cid ( $3,000 )", "Seat 6: Dee ( 9 899 $ )", "Seat 2 is the button",
    "** Dealing down cards **", "** Summary **", "Total number of players : 6",
    "** Dealing flop ** [ 7c, Ah, 2c ]", "** Dealing turn ** [ Ks ]", "** Dealing river **",
    "Dealt to Ann [ 5s, Ad, 8h, 7c ]", "Dealt to Ann B [ 5s, Ad, 8h, 7c ]",
    # not plain: left to the rules (the same reading, or the same refusal)
    "Ann posts dead blind [$25 + $0]", "Ann posts big blind [$1 + $2]", "Ann folds now",
    "Ann calls [$0.5.5]", "Ann calls [$1$2]", "Ann calls $1", "Ann calls [$1] ", "Ann calls []",
    "Ann raises [$100000000000]", "Ann shows [ Knh, Dd, 7c, 2s ]", "Ann shows [ Xx, 8d ]",
    "Ann mucks [ Th, 8d ] x", "Ann is sitting out", "Cid folds", "Cid calls [$1]",
    "Seat 7: Eve ( $1,5 )", "Seat 1234: Eve ( $5 )", "Seat 8: Eve ( $5 ) ( $6 )",
    "Seat 8: A ( x) ( $5 )", "Seat 9:  ( $5 )", "Seat 10 is the button now",
    "** Dealing flop ** [ 7c, Ah, 2x ]", "** Dealing flop ** 7c", "** Dealing down cards ** [ 2c ]",
    "Dealt to Cid [ 5s ]", "Dealt to [ 5s ]", "(Hi: Jd, Jc, 2d, 2s, Ks)", "#Game No : 12",
    "Total number of players : x", "Ann", "Ann ", "Bob collected [ $1 ] x", "Ann checks it",
    "Ann is all-in [$0.50", "Ann did not show",
]  # fmt: skip


@pytest.mark.parametrize("line", LINES)
@pytest.mark.parametrize("acted", [True, False])
def test_a_line_reads_as_the_rules_read_it(line: str, acted: bool) -> None:
    assert _read(line, True, acted=acted) == _read(line, False, acted=acted)


@pytest.mark.parametrize("line", ["Bob calls [1,500]", "Ann raises [300]", "Ann posts ante [25]",
                                  "Bob bets [1.5]", "Bob collected [ 900 ]", "Seat 5: Cid ( 1,500 )",
                                  "Ann is all-in [ 1 430 ]"])  # fmt: skip
def test_a_line_in_chips_reads_as_the_rules_read_it(line: str) -> None:
    assert _read(line, True, k.Unit.CHIPS) == _read(line, False, k.Unit.CHIPS)


def test_plain_lines_by_hand() -> None:
    known, actions, *_ = _read("Ann raises [$125]", True)
    # Ann's small blind 25 and 125 more: a street total of 150 over the big blind's 50
    assert known and actions[-1] == Action(Street.PREFLOP, "Ann", ActionKind.RAISE, 12_500,
                                           12_525, False, None, 9)  # fmt: skip
    known, actions, *_ = _read("Bob calls [$3]", True)  # Bob's whole stack of $3: all-in
    assert actions[-1] == Action(Street.PREFLOP, "Bob", ActionKind.CALL, 300, None, True, None, 9)
    known, actions, *_ = _read("Ann posts big blind [50 $]", True)  # $50 of Ann's $500
    assert actions[-1] == Action(Street.PREFLOP, "Ann", ActionKind.POST, 5000, None, False,
                                 PostKind.BIG_BLIND, 9)  # fmt: skip
    known, _, collects, *_ = _read("Ann collected [ 15 552,50 $ ]", True)
    assert collects == [Collect("Ann", 1_555_250, 0, 0, 9)]
    got = _read("Seat 5: Cid ( 9 899 $ )", True, acted=False)
    assert got[4][-1] == Seat(5, "Cid", 989_900, line=9)
    got = _read("Ann B shows [ Th, 8d, 9c, Tc ]", True)
    assert got[3] == [Show("Ann B", ("Th", "8d", "9c", "Tc"), line=9)]
    got = _read("Ann folds", True, acted=False)  # before the deal, no chips in: passed over
    assert got[1] == [] and got[6] == {"Ann"}
    got = _read("** Dealing flop ** [ 7c, Ah, 2c ]", True)
    assert got[10] == ["7c", "Ah", "2c"] and got[13] is Street.FLOP


def _records(monkeypatch: pytest.MonkeyPatch, reader: object, paths: list[Path]) -> list[object]:
    monkeypatch.setattr(r, "QUICK", reader)  # the switch read_hand reads for each hand
    return [(x.hand, x.problems, x.skipped) for p in paths for x in parse_path(p)]


def test_every_hand_reads_alike_with_and_without_the_plain_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    paths = [FIX] + [SHARED / c / "888poker" for c in ("corpus2",) if (SHARED / c).is_dir()]
    paths += [p for p in (SHARED / "corpus" / "PacificPoker",) if p.is_dir()]
    with_quick = _records(monkeypatch, quick.read_line, paths)
    assert len(with_quick) > 20
    assert with_quick == _records(monkeypatch, None, paths)


def test_doctests() -> None:
    import doctest

    assert doctest.testmod(quick).failed == 0
    assert doctest.testmod(_digits).failed == 0


@pytest.mark.parametrize("text", ["Ann folds", "Ann B folds", "Ann", "Ann B", "AnnB folds", "Anne folds",
                                  "Ann: hi", "Ann B: hi", " folds", "", "Bob", "Bo b", "Cy: x folds",
                                  "Cy: xy", "Cy folds"])  # fmt: skip
@pytest.mark.parametrize("after", [" ", " :"])
def test_a_seated_name_is_the_hand_s_name(text: str, after: str) -> None:
    h = r._Hand("f.txt", 1)
    for seat, name in enumerate(("Ann", "Ann B", "Bob", "Cy: x", "Cy", ""), 1):
        h.seat(seat, name, 100, seat)
    assert _digits.name_in(h.by_initial, text, after) == h.name(text, after)
