"""The plain lines of Winamax, GGPoker and KingsClub read from their text
(grammars/_plain.py and each site's plain.py) read as the sites' line rules read them:
amounts worked out by hand, each line against the rules on a hand read without the
quick path, and every fixture of the three read both ways."""

from __future__ import annotations

import doctest
from pathlib import Path
from typing import Any

import pytest

from hhtools.grammars import _plain, ggpoker, kingsclub, winamax
from hhtools.grammars.ggpoker import hand as gg_hand
from hhtools.grammars.ggpoker import plain as gg_plain
from hhtools.grammars.kingsclub import plain as kc_plain
from hhtools.grammars.winamax import plain as wx_plain
from hhtools.ingest.read import parse_path
from hhtools.model.money import Unit
from hhtools.model.records import Action, ActionKind, Collect, Half, PostKind, Show, Street

FIX = Path(__file__).parent / "fixtures"


def _listed(text: str) -> list[str]:
    """The lines of ``text`` one a line, each without its indent; blank lines and
    comments ("# ...") left out."""
    return [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("#")]
BEFORE, AROUND, NONE = _plain.SIGN_BEFORE, _plain.SIGN_AROUND, _plain.NO_SIGN


@pytest.mark.parametrize(("text", "cents", "signs", "want"), [
    ("$0.05", True, BEFORE, 5), ("$2", True, BEFORE, 200), ("$0.5", True, BEFORE, 50),
    ("5€", True, AROUND, 500), ("€12.34£", True, AROUND, 1234), ("1500", False, NONE, 1500),
    ("10,000", False, NONE, 10_000), ("3,037.50", True, NONE, 303_750),
    ("$1,234,567.89", True, BEFORE, 123_456_789), ("007", False, NONE, 7),
    ("99999999999", False, NONE, 99_999_999_999),  # 10**11 - 1: the largest in range
    ("100000000000", False, NONE, -1),  # 10**11: out of range, the rules report it
    ("$1000000000", True, BEFORE, -1),  # 10**9 dollars are 10**11 cents
    ("1234567890123", False, NONE, -1),  # 13 digits: left to the rules
    ("5€", True, BEFORE, -1), ("$5", True, NONE, -1), ("$$5", True, BEFORE, -1),
    ("1,25", True, NONE, -1), ("1234,567", False, NONE, -1), (",250", False, NONE, -1),
    ("1,,250", False, NONE, -1), ("1,250,", False, NONE, -1), ("1.50", False, NONE, -1),
    ("0.505", True, NONE, -1), ("$.50", True, BEFORE, -1), ("1.", True, NONE, -1),
    ("", True, BEFORE, -1), ("$", True, BEFORE, -1), ("\u0665", False, NONE, -1),
])  # fmt: skip
def test_amounts_worked_out_by_hand(text: str, cents: bool, signs: int, want: int) -> None:
    line = f"x {text} y"
    assert _plain.amount_at(line, 2, 2 + len(text), cents, signs) == want


def _state(h: Any) -> tuple[object, ...]:
    """What a line can change on a hand of the three formats."""
    return (h.actions, h.collects, h.folded, h.problems, h.board, h.hole, h.hero, h.seats,
            h.total, h.rake, h.total_line, h.summary, h.street, h.sightings,
            getattr(h, "ante", None), getattr(h, "blinds", None), getattr(h, "boards", None),
            getattr(h, "summary_folds", None), getattr(h, "nets", None),
            getattr(h, "net_lines", None), getattr(h, "showdown_run", None), h.shows,
            getattr(h, "first_win", None))  # fmt: skip


def _both(make: Any, quick: Any, fallback: Any, line: str) -> None:
    """``line`` read on a new hand by the quick reader and by the rules alone: the same
    answer (or the same error) and the same hand after it."""
    results = []
    for read in (lambda h: quick(fallback, h, line, 9), lambda h: fallback(h, line, 9)):
        h = make()
        try:
            known: object = read(h)
        except ValueError as exc:  # an amount or a card the rules refuse: the same both ways
            known = (type(exc).__name__, str(exc))
        results.append((known, _state(h)))
    assert results[0] == results[1]


def _seated(make: Any, unit: Unit, names: tuple[str, ...] = ("Ann", "Ann B", "Bob", "Seat"),
            ) -> Any:  # fmt: skip
    """A new hand ``make("f.txt", 1)`` counted in ``unit``, ``names`` seated in seats 1 on
    with 500.00 each (lines 2 on)."""
    h = make("f.txt", 1)
    h.unit = unit
    for seat, name in enumerate(names, 1):
        h.seat(seat, name, 50_000, seat + 1)
    return h


def _winamax(summary: bool = False, unit: Unit = Unit.CENTS, blinds: bool = False) -> Any:
    h = _seated(winamax._Hand, unit)
    h.blinds = blinds
    if summary:
        h.summary = True
        h.board = ["9s", "Ts", "Kc"]
    return h


WINAMAX_BODY = _listed("""
    Ann folds
    Ann B folds
    Ann checks
    Bob calls 10€
    Bob bets 0.50€
    Bob calls 1,250.50€ and is all-in
    Ann raises 20€ to 30€
    Ann B raises 3 to 5€
    Bob posts small blind 5€
    Bob posts big blind 10€ and is all-in
    Ann posts ante 1€
    Ann posts straddle 20€
    Bob collected 498€ from pot
    Bob collected 4.96€ from pot(HI)
    Ann collected 1€ from main pot (LO)
    Ann collected 2€ from side pot 2
    Seat 5: Cy (1000€)
    Seat 5: Cy (x) (1,000.50€)
    Seat 12: Dee (5€)
    Dealt to Ann [Jh 9h 7s 9d 8c]
    Dealt to Ann B [x] [Ah Kd]
    *** ANTE/BLINDS ***
    *** PRE-FLOP ***
    *** FLOP *** [9s Ts Kc]
    *** FLOP ***: [9s Ts Kc]
    *** TURN *** [9s Ts Kc][3h]
    *** RIVER *** [9s Ts Kc 3h] [Td]
    *** SHOW DOWN ***
    *** SUMMARY ***
    *** FLOP *** []
    # not plain: left to the rules (the same reading, or the same refusal)
    Bob posts big blind 0€ out of position
    Ann folds now
    Bob calls 10€!
    Bob calls 1.505€
    Bob calls 1,25€
    Ann raises 20€ 30€
    Ann collected 1€ from side pot
    Ann collected 1€ from the pot
    Ann collected 1€ from pot  (HI)
    Ann shows [Ah Kd]
    Bob calls 10000000000€
    Cy folds
    Seat 1000: Eve (5€)
    Seat 6: Fay (5€, 2€ bounty)
    Seat 7: Gus (5€) out of hand
    *** FLOP ***:
    *** FLOP *** [9s [Ts Kc]
    *** FLOP *** [9s Xx Kc]
    *** FLOP *** [9s Ts]  [Kc]
    Dealt to Ann [Jh 9h] x
    Dealt to Ann [Jh Zz]
    Seat deny BB
    Ann
""")

WINAMAX_SUMMARY = _listed("""
    Seat 1: Ann folded
    Seat 2: Ann B (button) folded on the pre-flop
    Seat 3: Bob (small blind) (big blind) folded on the river
    Seat 1: Ann won 498€
    Seat 1: Ann (big blind) won 1,000.50€
    Total pot 9.91€ | Rake 0.69€
    Board: [9s Ts Kc 3h Td]
    *** SUMMARY ***
    # left to the rules
    Seat 1: Ann folded on the flop!
    Seat 1: Ann won 498€ with Trips
    Seat 9: Zed folded
    Seat 1: Bob folded
    Seat 1: Ann (dealer) folded
    Seat 3: Bob showed [Ah Kd] and lost with x
    Total pot 9.91€ | No rake
    Total pot 9.91€ | Rake 0.69€ | Jackpot 1€
    Total pot 9.91€
    Board: [9s Td Kc 3h Td]
    Board: [9s Ts Kc] x
    Seat 1: Ann mucked
""")


@pytest.mark.parametrize("line", WINAMAX_BODY)
def test_a_winamax_line_reads_as_the_rules_read_it(line: str) -> None:
    _both(_winamax, wx_plain.read_line, winamax._line, line)
    _both(lambda: _winamax(unit=Unit.CHIPS), wx_plain.read_line, winamax._line, line)
    _both(lambda: _winamax(blinds=True), wx_plain.read_line, winamax._line, line)


@pytest.mark.parametrize("line", WINAMAX_SUMMARY)
def test_a_winamax_summary_line_reads_as_the_rules_read_it(line: str) -> None:
    _both(lambda: _winamax(True), wx_plain.read_line, winamax._line, line)


def test_winamax_plain_lines_by_hand() -> None:
    h = _winamax()
    assert wx_plain.read_line(winamax._line, h, "Ann raises 20€ to 30€", 9)
    assert h.actions == [Action(Street.PREFLOP, "Ann", ActionKind.RAISE, 2000, 3000, line=9)]
    assert wx_plain.read_line(winamax._line, h, "Ann B collected 4.96€ from pot (LO)", 10)
    assert h.collects == [Collect("Ann B", 496, 0, 0, 10, Half.LOW)]
    h = _winamax(blinds=True)
    assert wx_plain.read_line(winamax._line, h, "Bob raises 1€ to 3€", 9)  # both blinds
    assert h.actions[0].post is PostKind.DEAD_SMALL_AND_BIG and h.actions[0].amount == 300
    h = _winamax(True)
    assert wx_plain.read_line(winamax._line, h, "Total pot 9.91€ | Rake 0.69€", 30)
    assert (h.total, h.rake, h.total_line) == (1060, 69, 30)


def _gg(summary: bool = False, unit: Unit = Unit.CENTS) -> Any:
    h = _seated(gg_hand.GGHand, unit, ("Ann", "Ann B", "Bob", "Cy"))
    h.name_set = {s.player for s in h.seats}
    h.by_seat = {s.seat: s.player for s in h.seats}
    if summary:
        h.summary = True
    return h


GG_BODY = _listed("""
    Ann: folds
    Ann B: checks
    Bob: calls $0.25
    Bob: bets $1,250.5 and is all-in
    Ann: raises $4 to $6
    Ann: posts small blind $0.1
    Bob: posts big blind $0.25
    Cy: posts the ante $0.05
    Cy: posts ante $0.05
    Bob collected $1.37 from pot
    Ann B collected $2 from pot
    Dealt to Bob
    Dealt to Ann B
    *** HOLE CARDS ***
    *** SHOWDOWN ***
    *** FLOP *** [Qh Td Ts]
    *** FLOP *** []
    # left to the rules
    Dealt to Zed
    Dealt to Ann [Ah Kd 5c 3s]
    Ann: folds x
    Bob: calls $1,25
    Bob: calls 5€
    Bob: posts missed blind $0.25
    Bob: straddle $0.5
    Bob: posts straddle $0.5
    Zed collected $1 from pot
    Bob collected $1 from the pot
    Bob: shows [Ah Kd 5c 3s] (a pair)
    Ann: raises $4
    Ann: Chooses to EV Cashout
    *** SECOND FLOP *** [Qh Td Ts]
    *** FLOP *** [Qh Td Ts] [9c] [8c]
    *** FLOP *** [Qh Xx Ts]
    *** TURN *** [Qh Td Ts] [9c]
    Cash Drop to Pot : total $0.2
    Zed: folds
""")

GG_SUMMARY = _listed("""
    Seat 1: Ann folded before Flop
    Seat 2: Ann B (button) folded before Flop (didn't bet)
    Seat 3: Bob (small blind) folded on the River
    Seat 4: Cy (dealer) collected ($1.37)
    Seat 4: Cy (big blind) won ($1,000.5)
    # left to the rules
    Seat 1: Ann folded on the Flop, and x
    Seat 9: Zed folded before Flop
    Seat 1: Bob folded
    Seat 1: Ann (nobody) folded before Flop
    Seat 3: Bob showed [Ah Kd 5c 3s] and lost
    Seat 4: Cy collected ($1.37), EV Cashout ($1)
    Seat 4: Cy collected $1.37
    Seat 1: Ann folded before Flop (didn't bet) x
    Seat 1: Ann sitting out
    Total pot $5 | Rake $1
""")


@pytest.mark.parametrize("line", GG_BODY)
def test_a_ggpoker_line_reads_as_the_rules_read_it(line: str) -> None:
    def make_flop() -> Any:
        h = _gg()
        h.boards = [["Qh", "Td", "Ts"]]
        return h

    _both(_gg, gg_plain.read_body, gg_hand._read, line)
    _both(lambda: _gg(unit=Unit.CHIPS), gg_plain.read_body, gg_hand._read, line)
    _both(make_flop, gg_plain.read_body, gg_hand._read, line)


@pytest.mark.parametrize("line", GG_SUMMARY)
def test_a_ggpoker_summary_line_reads_as_the_rules_read_it(line: str) -> None:
    _both(lambda: _gg(True), gg_plain.read_summary, gg_hand._summary_line, line)


@pytest.mark.parametrize("line", _listed("""
    Seat 1: Ann ($80.61 in chips)
    Seat 2: Bo B ($1,250 in chips)
    Seat 3: Cy (1500 in chips)
    Seat 1000: Ann ($5 in chips)
    Seat 1: Ann (x) ($5 in chips)
    Seat 1: Ann ($5 in chips, $1)
    Seat x: Ann ($5 in chips)
    Seat 1: ($5 in chips)
    Seat 1: Ann (5€ in chips)
"""))
def test_a_ggpoker_seat_line_reads_as_the_plain_seat_reader(line: str) -> None:
    quick, rules = gg_hand.GGHand("f.txt", 1), gg_hand.GGHand("f.txt", 1)
    known = _plain.read_seat(quick, line, 3, " in chips)", BEFORE, True)
    plain = gg_hand._plain_seat(line)
    if known:  # read here only what the plain seat reader reads, and the same seat
        assert plain is not None
        rules.seat(rules.seat_number(plain[0]), plain[1], rules.money(plain[2]), 3)
        assert quick.seats == rules.seats and quick.stacks == rules.stacks
    else:
        assert not quick.seats
    assert known == (line in ("Seat 1: Ann ($80.61 in chips)", "Seat 2: Bo B ($1,250 in chips)",
                              "Seat 3: Cy (1500 in chips)"))  # fmt: skip


def _kingsclub(summary: bool = False, unit: Unit = Unit.CENTS) -> Any:
    h = _seated(kingsclub._Hand, unit)
    h.bets = {"Bob": 2000}
    h.highest = 4000
    h.summary = summary
    return h


KINGSCLUB_LINES = _listed("""
    Ann folds
    Ann B checks
    Bob bets 56.43
    Bob calls 40
    Bob calls 4,875
    Ann raises to 1,375
    Ann raises to 40, and is all in
    Bob calls 60 and is all in
    Ann: posts the small blind 5
    Ann B: posts big blind 10
    Bob: posts ante 2
    Bob: posts the dead blind 15
    Seat 5: Cy (2,994)
    Seat 6: Dee (x) (3,037.50)
    *** HOLE CARDS ***
    *** SHOW DOWN ***
    *** SUMMARY ***
    *** FLOP *** [2h 5s Qd]
    *** TURN *** [2h 5s Qd] [8c]
    Dealt to Ann: [X X X X]
    Dealt to Ann B: [X X X X X]
    Ann shows [Ah Kd 5c 3s]
    Ann B shows [Ah Kd]
    Bob shows []
    Ann shows [Ah Xx]
    # left to the rules
    Ann shows [Ah] [Kd]
    Ann shows [Ah Kd] now
    Ann shows Ah Kd
    Bob wins (5) from pot
    *** FLOP *** [2h - Qd]
    *** BOARD 2 - FLOP *** [2h 5s Qd]
    *** FLOP *** [2h 5s Xx]
    *** FLOP *** [2h][5s]
    *** HOLE CARDS *** [X]
    Dealt to Ann: [Ah Kd 5c 3s]
    Dealt to Ann: [X  X]
    Dealt to Ann: []
    Dealt to : [X X]
    Bob calls 10
    Ann raises to 30
    Ann: folds
    Ann folds x
    Bob bets $5
    Bob calls 1,25
    Ann raises 40
    Bob: posts the straddle
    Cy folds
    Seat 1000: Eve (5)
    Seat 7: Fay (5) +1
    Dealt to Ann: [X X X X]
    Ann shows [Ah Kd]
    Ann wins pot (85.50)
""")

KINGSCLUB_SUMMARY = _listed("""
    Seat 2: Ann (3,037.50) +43.50
    Seat 3: Bob (5) -1,250
    Seat 1: Ann B (32,500)
    Seat 4: Who (x) (5) 7
    Seat 5: Zed (5) +0.5
    # left to the rules
    Seat 2: Ann (3,037.50) +
    Seat 2: Ann (3,037.50)+1
    Seat 2: (5) +1
    Seat 2: Ann (x)
    Seat 2: Ann (5) ++1
    Rake 4.50
    Rake 1,250
    Ann wins pot (85.50)
    Ann wins (85.50) from pot
    Ann B wins (3,037.50) from main pot
    Bob wins (5) from side pot
    Bob wins (5) from side pot 2
    Bob wins (5) from side pot 0
    # left to the rules
    Rake 4,50
    Rake $4.50
    Rake
    Ann wins side pot 2 (5)
    Ann wins (5) from side pot 1000
    Ann wins (5) from side pot x
    Ann wins (5) from pot x
    Ann wins (5,5) from pot
    Ann wins (5)
    Ann wins pot (5) x
    Ann shows [Ah Kd]
    Cy wins (5) from pot
""")


@pytest.mark.parametrize("line", KINGSCLUB_LINES)
def test_a_kingsclub_line_reads_as_the_rules_read_it(line: str) -> None:
    _both(_kingsclub, kc_plain.read_line, kingsclub._line, line)
    _both(lambda: _kingsclub(unit=Unit.CHIPS), kc_plain.read_line, kingsclub._line, line)


@pytest.mark.parametrize("line", KINGSCLUB_SUMMARY)
def test_a_kingsclub_summary_line_reads_as_the_rules_read_it(line: str) -> None:
    _both(lambda: _kingsclub(True), kc_plain.read_line, kingsclub._line, line)


def test_kingsclub_plain_lines_by_hand() -> None:
    h = _kingsclub()
    assert kc_plain.read_line(kingsclub._line, h, "Bob calls 1,040", 9)  # had 20.00 in
    assert h.actions == [Action(Street.PREFLOP, "Bob", ActionKind.CALL, 102_000, None, True,
                                line=9)]  # 1,020.00 more: over his 500.00, all-in
    h = _kingsclub(True)
    assert kc_plain.read_line(kingsclub._line, h, "Seat 3: Bob (5) -1,250", 30)
    assert h.nets == {"Bob": -125_000} and h.net_lines == {"Bob": 30}
    assert kc_plain.read_line(kingsclub._line, h, "Rake 4.50", 31) and h.rake == 450
    assert kc_plain.read_line(kingsclub._line, h, "Bob wins (1,250) from side pot 2", 32)
    assert kc_plain.read_line(kingsclub._line, h, "Ann wins pot (85.50)", 33)
    assert h.collects == [Collect("Bob", 125_000, 2, 0, 32), Collect("Ann", 8_550, 0, 0, 33)]
    assert h.first_win == 32  # the first "wins" line: the total's line
    h = _kingsclub()
    assert kc_plain.read_line(kingsclub._line, h, "Ann shows [Ah Kd 5c 3s]", 12)
    assert h.shows == [Show("Ann", ("Ah", "Kd", "5c", "3s"), line=12)]
    assert h.hole["Ann"] == ("Ah", "Kd", "5c", "3s")
    assert h.sightings == [(12, "Ann", ("Ah", "Kd", "5c", "3s"))]


def _records(monkeypatch: pytest.MonkeyPatch, quick: bool) -> list[object]:
    monkeypatch.setattr(_plain, "QUICK", quick)  # the switch each parse reads
    return [(r.hand, r.problems, r.skipped)
            for site in ("winamax", "ggpoker", "kingsclub") for r in parse_path(FIX / site)]


def test_every_fixture_reads_alike_with_and_without_the_plain_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with_quick = _records(monkeypatch, True)
    assert len(with_quick) > 40
    assert with_quick == _records(monkeypatch, False)


@pytest.mark.parametrize("module", [_plain, wx_plain, gg_plain, kc_plain, ggpoker])
def test_doctests(module: object) -> None:
    assert doctest.testmod(module).failed == 0  # type: ignore[arg-type]
