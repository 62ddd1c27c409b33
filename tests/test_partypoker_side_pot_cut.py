"""Old PartyPoker format: it writes no summary and ends with its "wins" lines, each
naming its pot. A file cut before the last one read as a whole hand when what was cut
was less than a tenth of the pot (the nine-tenths check): a small side pot was lost
whole, its chips read as rake. Now a pot the players' chips make with no "wins" line,
its chips not paid on another's line, is a hand cut short (``truncated_hand``); so is
a last wins line cut inside ("wins $9.7": a whole amount ends with its unit; "wins $0.50
USD" after a line that named its pot).

The fixture ``old_small_side_pot_last_wins_line_a_cut_file_loses.txt``, worked by hand:
$25 PL Omaha, 29 lines. Fox raises to $0.85 (the pot), Golf calls from the small
blind, Hotel (big blind, $3.40) goes all in for $3.40 (the pot: $0.85 + $1.95 + $0.60),
Fox and Golf call: main pot 3 x $3.40 = $10.20. Flop: Golf bets $0.25, Fox calls: side
pot $0.50. Checked down (board 3h 7h Kd 8s Ts): Hotel's three kings win the main pot,
$9.70 after a $0.50 rake (line 28); Golf's three tens beat Fox's queens for the side
pot, $0.50 (line 29, the last). Cut before it, $9.70 of $10.70 was paid (0.91).
"""

from __future__ import annotations

from pathlib import Path

from hhtools.audit import audit_hand
from hhtools.grammars import partypoker
from hhtools.model.records import HandText
from hhtools.model.vocab import ProblemCode

FIX = (Path(__file__).parent / "fixtures" / "partypoker"
       / "old_small_side_pot_last_wins_line_a_cut_file_loses.txt")  # fmt: skip
LINES = FIX.read_text().splitlines()


def _read(lines: list[str]) -> partypoker.ParsedHand:
    return partypoker.FORMAT.parse(HandText("\n".join(lines), "p.txt", 1, 0))


def test_the_whole_hand() -> None:
    r = _read(LINES)
    assert r.hand is not None and r.problems == ()
    assert [(c.player, c.amount, c.pot) for c in r.hand.collects] == [
        ("Hotel", 970, 0), ("Golf", 50, 1)]  # fmt: skip
    assert (r.hand.rake, r.hand.returned) == (50, ())
    assert audit_hand(r.hand).findings == ()


def test_cut_before_the_small_side_pots_line() -> None:
    # before: read whole, the side pot's $0.50 read as rake ($1.00), Golf paid nothing
    r = _read(LINES[:28])
    assert r.hand is None
    assert [(p.line, p.code) for p in r.problems] == [(28, ProblemCode.TRUNCATED_HAND)]


def test_a_last_wins_line_cut_is_a_hand_cut_short() -> None:
    # "Hotel wins $9.7" (inside the amount), "Golf wins $0.50 USD" (its pot cut off
    # after a line that named one), "Hotel wins $9.70 USD" (the side pot's line gone)
    for lines in ([*LINES[:27], "Hotel wins $9.7"], [*LINES[:28], "Golf wins $0.50 USD"],
                  [*LINES[:27], "Hotel wins $9.70 USD"]):  # fmt: skip
        r = _read(lines)
        assert r.hand is None, lines[-1]
        assert [(p.line, p.code) for p in r.problems] == [
            (len(lines), ProblemCode.TRUNCATED_HAND)], lines[-1]  # fmt: skip


def test_a_wins_line_that_names_no_pot_and_pays_every_chip_is_read() -> None:
    # all $10.70 paid on one line naming no pot: nothing unpaid, read (the audit judges it)
    r = _read([*LINES[:27], "Hotel wins $10.70 USD"])
    assert r.hand is not None and r.problems == ()
    assert [(c.player, c.amount, c.pot) for c in r.hand.collects] == [("Hotel", 1070, 0)]
