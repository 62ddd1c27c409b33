"""A tied low half's odd unit where the room's rule is not known (hhtools.audit.odd_fit).

The rules give the unit left over when a tied half is split to the tied player first
clockwise from the button; Bovada gives a tied low half's leftover to the high half
(read from its corpus, declared). A format whose room's rule was not read from real
hands is not accused of a split another known rule gives to the unit; one whose rule
is known (PokerStars' own hands) is. Amounts in cents, worked by hand.

The hand (Winamax's probe 1700410011 and PokerStars' 410011, the same deal): a $0.20
hi/lo pot, no rake, button seat 3; Alice's trip kings the high half 10; Dan (seat 4),
Bob (seat 2) and Carol (seat 3) tie 7-5-3-2-A for the low half 10.
* Clockwise (the rules): Dan, first left of the button, 4; Bob 3; Carol 3.
* Leftover to the high half: 3 each, the 1 left to Alice: Alice 11, Dan 3.
* Neither: the odd cent to Bob (Bob 4, Dan 3, Carol 3): each tied player still got
  the half's equal share, 3 1/3 cents, rounded down or up, and the half was paid whole;
  a room whose rule is not known may place its odd units so (Winamax's own three-way
  tie below does), so it is not accused there; PokerStars, whose rule is known, is.
* Paid wrong: Bob 5, Dan 2 (more than the share rounded up): found.

The high-only hand (:data:`THREE_WAY_TIE`, written in Winamax's format; kept here, not
among the fixtures, because PHH's replay pays a tie's odd chips by its own rule):
a 200-chip pot, no rake, button seat 1; Ann (seat 2), Ben (seat 3) and Cid (seat 4) tie
with one pair of queens, ace-king-ten. The rules' clockwise order: 67 Ann, 67 Ben, 66
Cid; the room paid 66 Ann, 67 Ben, 67 Cid, as a real Winamax tournament hand of 2012
paid its 260-chip three-way tie (86 to the first tied player left of the button, 87 to
the other two).
"""

from __future__ import annotations

from pathlib import Path

from hhtools.grammars import pokerstars, winamax
from tests.award_probe import awards

FIX = Path(__file__).parent / "fixtures"


def _hand(path: Path, start: str, end: str | None = None) -> str:
    text = path.read_text("utf-8")
    text = text[text.index(start) :]
    return text[: text.index(end)] if end else text


def test_a_rule_not_known_is_not_accused_of_another_known_rules_split() -> None:
    text = _hand(FIX / "winamax" / "probes" / "short_all_in_blind_tied_main_pot_three_way_low.txt",
                 "Winamax Poker - CashGame - HandId: #100-1-1700410011")  # fmt: skip
    assert awards(winamax.FORMAT, text) == set()  # clockwise
    to_high = text.replace("Alice collected 0.10€ from main pot (HI)",
                           "Alice collected 0.11€ from main pot (HI)").replace(
        "Dan collected 0.04€ from main pot (LO)", "Dan collected 0.03€ from main pot (LO)")
    assert awards(winamax.FORMAT, to_high) == set()  # before: Alice 11 of 10, Dan 3 of 4
    to_bob = text.replace("Dan collected 0.04€ from main pot (LO)",
                          "Dan collected 0.03€ from main pot (LO)").replace(
        "Bob collected 0.03€ from main pot (LO)", "Bob collected 0.04€ from main pot (LO)")
    assert awards(winamax.FORMAT, to_bob) == set()  # the room's own placement
    wrong = text.replace("Dan collected 0.04€ from main pot (LO)",
                         "Dan collected 0.02€ from main pot (LO)").replace(
        "Bob collected 0.03€ from main pot (LO)", "Bob collected 0.05€ from main pot (LO)")
    assert awards(winamax.FORMAT, wrong) == {("Bob", 5, 3), ("Dan", 2, 4)}


def test_a_high_tie_placed_otherwise_by_a_room_whose_rule_is_not_known() -> None:
    text = THREE_WAY_TIE
    assert awards(winamax.FORMAT, text) == set()  # before: Ann 66 of 67, Cid 67 of 66
    clockwise = text.replace("Cid collected 67", "Cid collected 66").replace(
        "Ann collected 66", "Ann collected 67")
    assert awards(winamax.FORMAT, clockwise) == set()
    short = text.replace("Cid collected 67", "Cid collected 65")  # 198 of 200 paid
    assert awards(winamax.FORMAT, short) == {("Cid", 65, 66), ("Ann", 66, 67)}
    over = text.replace("Cid collected 67", "Cid collected 68").replace(
        "Ann collected 66", "Ann collected 65")  # 68 is more than 66 2/3 rounded up
    assert awards(winamax.FORMAT, over) == {("Cid", 68, 66), ("Ann", 65, 67)}


def test_a_known_rule_is_judged_by_that_rule_alone() -> None:
    text = _hand(FIX / "pokerstars" / "rules_and_pots_probes_paid_right_and_wrong.txt",
                 "PokerStars Hand #410011:", "PokerStars Hand #410012:")  # fmt: skip
    assert awards(pokerstars.FORMAT, text) == set()
    to_high = text.replace("Alice collected $0.10 from pot", "Alice collected $0.11 from pot")
    to_high = to_high.replace("Dan collected $0.04 from pot", "Dan collected $0.03 from pot")
    assert awards(pokerstars.FORMAT, to_high) == {("Alice", 11, 10), ("Dan", 3, 4)}
    to_bob = text.replace("Dan collected $0.04 from pot", "Dan collected $0.03 from pot")
    to_bob = to_bob.replace("Bob collected $0.03 from pot", "Bob collected $0.04 from pot")
    assert awards(pokerstars.FORMAT, to_bob) == {("Bob", 4, 3), ("Dan", 3, 4)}


#: a Winamax tournament hand: a 200-chip three-way tie paid 66 / 67 / 67 from the first
#: tied player left of the button
THREE_WAY_TIE = """\
Winamax Poker - Tournament "Omaha Quitte" buyIn: 1€ + 0.10€ level: 1 - HandId: #777888-3-1650000000 - Omaha pot limit (10/20) - 2022/04/15 18:40:00 UTC
Table: 'Omaha Quitte(777888)#002' 6-max (real money) Seat #1 is the button
Seat 1: Eve (1500)
Seat 2: Ann (1500)
Seat 3: Ben (1500)
Seat 4: Cid (1500)
Seat 5: Dee (1500)
*** ANTE/BLINDS ***
Ann posts small blind 10
Ben posts big blind 20
Dealt to Eve [9c 9d 5h 5s]
*** PRE-FLOP ***
Cid calls 20
Dee calls 20
Eve folds
Ann calls 10
Ben checks
*** FLOP *** [Tc Td Qd]
Ann bets 40
Ben calls 40
Cid calls 40
Dee folds
*** TURN *** [Tc Td Qd][Qh]
Ann checks
Ben checks
Cid checks
*** RIVER *** [Tc Td Qd Qh][4c]
Ann checks
Ben checks
Cid checks
*** SHOW DOWN ***
Ann shows [Ah Kd 2c 3s] (One pair : Queens)
Ben shows [As Kh 6d 7s] (One pair : Queens)
Cid shows [Ad Ks 8c 2d] (One pair : Queens)
Cid collected 67 from pot
Ben collected 67 from pot
Ann collected 66 from pot
*** SUMMARY ***
Total pot 200 | No rake
Board: [Tc Td Qd Qh 4c]
Seat 1: Eve (button) folded on the pre-flop
Seat 2: Ann (small blind) showed [Ah Kd 2c 3s] and won 66 with One pair : Queens
Seat 3: Ben (big blind) showed [As Kh 6d 7s] and won 67 with One pair : Queens
Seat 4: Cid showed [Ad Ks 8c 2d] and won 67 with One pair : Queens
Seat 5: Dee folded on the pre-flop
"""
