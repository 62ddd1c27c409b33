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
* Neither: the odd cent to Bob (Bob 4, Dan 3): found either way.
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
    assert awards(winamax.FORMAT, to_bob) == {("Bob", 4, 3), ("Dan", 3, 4)}


def test_a_known_rule_is_judged_by_that_rule_alone() -> None:
    text = _hand(FIX / "pokerstars" / "rules_and_pots_probes_paid_right_and_wrong.txt",
                 "PokerStars Hand #410011:", "PokerStars Hand #410012:")  # fmt: skip
    assert awards(pokerstars.FORMAT, text) == set()
    to_high = text.replace("Alice collected $0.10 from pot", "Alice collected $0.11 from pot")
    to_high = to_high.replace("Dan collected $0.04 from pot", "Dan collected $0.03 from pot")
    assert awards(pokerstars.FORMAT, to_high) == {("Alice", 11, 10), ("Dan", 3, 4)}
