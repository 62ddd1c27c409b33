"""PartyPoker's plain body lines read from their text (grammars/partypoker/quick.py) read
as its line rules read them: each line against the rules on a hand read without the
quick path, values worked out by hand, and every fixture and corpus hand read both
ways."""

from __future__ import annotations

from pathlib import Path

import pytest

import hhtools.grammars.partypoker as party
from hhtools.grammars import _kit as k
from hhtools.grammars.partypoker import lines as L
from hhtools.grammars.partypoker import quick
from hhtools.grammars.partypoker.record import _Hand
from hhtools.ingest.read import parse_path
from hhtools.model.records import Action, ActionKind, PostKind, Seat, Street

FIX = Path(__file__).parent / "fixtures" / "partypoker"
SHARED = Path(__file__).resolve().parents[2] / "shared"


def test_the_fixed_prefixes_are_the_rules_prefixes() -> None:
    assert quick.FIXED_PREFIXES == set(L.FIXED_PREFIX)


def _hand(unit: k.Unit, acted: bool, blinds: bool) -> _Hand:
    h = _Hand("f.txt", 1)
    h.unit = unit
    for seat, name in enumerate(("Ann", "Ann B", "Bob", "Cy: x", "Seat"), 1):
        h.seat(seat, name, 50_000 if name != "Bob" else 300, seat + 1)
    if blinds:
        h.blinds = (10, 20, 3)
    if acted:
        h.post("Ann", k.PostKind.SMALL_BLIND, 25, 6)
        h.post("Ann B", k.PostKind.BIG_BLIND, 50, 7)
    return h


def _read(line: str, use_quick: bool, unit: k.Unit = k.Unit.CENTS, acted: bool = True,
          blinds: bool = False) -> tuple:  # fmt: skip
    h = _hand(unit, acted, blinds)
    known = use_quick and quick.read_line(h, line, 9)
    if not known:
        try:
            known = party._line(h, line, 9)
        except ValueError as exc:  # an amount the rules refuse: the same both ways
            known = type(exc).__name__
    return (known, h.actions, h.seats, h.folded, h.button, h.summary, h.max_seats, h.head,
            h.put, h.bets, h.highest, h.problems, h.collects, h.board, h.street, h.hero, h.hole,
            h.balanced, h.shows)  # fmt: skip


LINES = [
    "Ann folds", "Ann B folds", "Ann checks", "Bob calls (0.50)", "Bob calls [$2 USD]",
    "Bob calls [$ 3]", "Bob bets (1.80)", "Bob bets [$1,000 USD]", "Ann raises [$30 USD]",
    "Ann raises 2.40 to 2.65", "Ann B raises 1 to 5", "Ann raises 0.50 to 0.25",
    "Bob posts small blind (0.10)", "Bob posts big blind [$2 USD].", "Ann posts ante [5]",
    "Ann posts small blind [$0.50 EUR]", "Ann posts big blind [1,830 chips].",
    "Seat 6: Dee ($56.64)", "Seat 7: Eve ( $200 USD )", "Seat 8: Fay (1,500)",
    "Seat 9: Gus ( €20 EUR)", "Seat 3 is the button", "** Summary **",
    "Total number of players : 2/10", "** Dealing down cards **", "Seat folds",
    # not plain: left to the rules (the same reading, or the same refusal)
    "Ann posts big blind + dead [$0.35].", "Ann is all-In  [$5 USD]", "Ann is all-In.",
    "Ann calls [$2 USD", "Ann calls ($2 USD]", "Ann calls [€2]", "Ann calls [2.]",
    "Ann calls [$2 USD]x", "Ann raises (5)", "Ann raises 1 to", "Ann raises 1 to 2 3",
    "Ann raises x to 5", "Ann bets [100000000000 chips]", "Ann folds.", "Ann checks it",
    "Cy: x folds", "Cy: hello", "Ann: hello", "Dee folds", "Dee calls (1)", "Ann wins $5 USD",
    "Ann shows [ Kh, Kd, 2c, Ac ]a pair of Kings.", "Ann balance $4, didn't bet (folded)",
    "Seat 6: Dee ($56.64) is sitting out", "Seat 6: Dee (56,64 $)", "Seat 6: Dee  ($5)",
    "Seat 6: Dee ($5  USD)", "Seat 6: Dee (5USD)", "Seat 6: A (x) ($5)", "Seat 1000 is the button",
    "Total number of players : 2", "Total number of players : 2/x", " Ann folds",
    "Ann\x00 folds", "Ann", "Ann ", "Table Paris (Real Money)",
    "** Dealing Flop ** [ 2c, 3d, 4h ]", "** Dealing Turn ** [ 5s ]", "** Dealing River ** : [ Ah ]",
    "** Dealing Flop **[2c 3d 4h]", "** Dealing Flop ** [ 2c, 3d, 4x ]", "** Dealing Flop ** [ 2c ]]",
    "** Dealing Flop ** : [", "** Dealing Flop **  :[2c]", "** Dealing flop ** [ 2c ]",
    "Dealt to Ann [ 7d Ah 6s 2h ]", "Dealt to Ann B [  7d, Ah ]", "Dealt to Dee [ 7d ]",
    "Dealt to [ 7d ]", "Dealt to Ann [ 7d ] [ 8c ]", "Dealt to Ann [ 7x ]",
    "Ann balance $44.16, didn't bet (folded)", "Ann balance $4, lost $2.50 (folded)",
    "Ann balance $4, lost $2.50", "Ann balance 1,830, didn't bet", "Ann balance $4,, didn't bet",
    "Ann balance $44.16, bet $23.17, collected $41.47, net +$18.30",
    "Ann balance $44.16, bet $23.17, collected $41.47, net -$18.30",
    "Ann balance $4, bet $2, collected $1,, net +$1", "Ann balance $4, bet $2, collected $1, net",
    "Ann balance $44.16, lost $23.17[ 9c, 7h, 8h, 4d ] [ a straight, seven to jack -- Jc,Ts ]",
    "Ann balance $4, bet $2, collected $6, net +$4 [ 9c, 7h ] [ a pair ]",
    "Ann Cashed out balance $4, bet $2, collected $6, net +$4", "Ann balance $4, didn't bet x",
    "Ann balance $4, lost $2.50 (folded) ", "Ann balance x, didn't bet",
]  # fmt: skip


@pytest.mark.parametrize("line", LINES)
@pytest.mark.parametrize(("acted", "blinds"), [(True, False), (False, False), (False, True)])
def test_a_line_reads_as_the_rules_read_it(line: str, acted: bool, blinds: bool) -> None:
    assert _read(line, True, acted=acted, blinds=blinds) == _read(line, False, acted=acted,
                                                                  blinds=blinds)  # fmt: skip


@pytest.mark.parametrize("line", ["Bob calls [1,830]", "Ann raises 300 to 600", "Ann posts ante [25]",
                                  "Bob bets [1.5]", "Seat 6: Dee (1,500)", "Bob calls (2,5)"])  # fmt: skip
def test_a_line_in_chips_reads_as_the_rules_read_it(line: str) -> None:
    assert _read(line, True, k.Unit.CHIPS) == _read(line, False, k.Unit.CHIPS)


def test_plain_lines_by_hand() -> None:
    got = _read("Ann raises 2.40 to 2.65", True)
    # Ann had her small blind of 25 in: 240 more is a street total of 265, as written
    assert got[0] and got[1][-1] == Action(Street.PREFLOP, "Ann", ActionKind.RAISE, 240, 265,
                                           False, None, 9)  # fmt: skip
    got = _read("Ann B raises 1 to 5", True)  # 50 + 100 = 150 cents, not the $5 written
    assert got[1][-1].amount == 100 and got[1][-1].to_amount == 150
    got = _read("Bob posts big blind [$2 USD].", True)  # $2 of Bob's $3: not all-in
    assert got[1][-1] == Action(Street.PREFLOP, "Bob", ActionKind.POST, 200, None, False,
                                PostKind.BIG_BLIND, 9)  # fmt: skip
    got = _read("Bob posts big blind [$5 USD].", True)  # all of Bob's $3 and more: the
    assert got[1][-1].all_in is False  # site writes "is all-In" when it is
    got = _read("Seat 7: Eve ( $200 USD )", True, acted=False)
    assert got[2][-1] == Seat(7, "Eve", 20_000, line=9) and got[7].sym == "$"
    assert _read("Total number of players : 2/10", True)[6] == 10
    got = _read("Ann balance $44.16, bet $23.17, collected $41.47, net +$18.30", True)
    assert got[12] == [k.Collect("Ann", 4147, 0, 0, 9)] and got[17] == {"Ann"}
    got = _read("** Dealing River ** : [ Ah ]", True)
    assert got[13] == ["Ah"] and got[14] is Street.RIVER


def test_every_hand_reads_alike_with_and_without_the_plain_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    paths = [FIX] + [p for p in (SHARED / "corpus" / "PartyPoker", SHARED / "corpus2" / "PartyPoker")
                     if p.is_dir()]  # fmt: skip
    readings = []
    for reader in (quick.read_line, None):
        monkeypatch.setattr(party, "QUICK", reader)  # the switch _parse reads for each hand
        readings.append([(x.hand, x.problems, x.skipped) for p in paths for x in parse_path(p)])
    assert len(readings[0]) > 20
    assert readings[0] == readings[1]
