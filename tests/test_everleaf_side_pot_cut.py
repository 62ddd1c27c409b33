"""Everleaf: its "wins" lines end the hand and name their pots, and it writes no summary.
A file cut before the last one read as a whole hand when what was cut was less than a
tenth of the pot (the nine-tenths check): a small side pot was lost whole, its chips
read as rake, and the winner's result short by it. Now a pot the players' chips make
(main, then one above each live all-in player's) with no "wins" line, its chips not
paid on another's line, is a hand cut short (``truncated_hand``, no record). (A side
pot's chips paid on the main pot's line, every chip paid, is read and judged:
tests/test_pot_probes_formats.py.)

The fixture ``small_side_pot_last_wins_line_a_cut_file_loses.txt``, worked by hand:
$0.25/$0.50 PL Omaha, 28 lines. Dagny (button, $3.75) raises to $1.50, Emeric calls from
the small blind, Filipa raises to $4 from the big, Dagny calls all in for $3.75, Emeric
calls to $4. Main pot 3 x $3.75 = $11.25, side pot 2 x $0.25 = $0.50 (Emeric's and
Filipa's). Filipa bets $6 on the flop, Emeric folds: the $6 goes back (no line). Filipa's
three jacks beat Dagny's aces: "wins $ 10.70 USD from main pot" (rake $0.55) on line 27
and "wins $ 0.50 USD from side pot #1" on line 28, the last.
"""

from __future__ import annotations

from pathlib import Path

from hhtools.audit import audit_hand
from hhtools.grammars import everleaf
from hhtools.model.records import HandText
from hhtools.model.vocab import ProblemCode

FIX = (Path(__file__).parent / "fixtures" / "everleaf"
       / "small_side_pot_last_wins_line_a_cut_file_loses.txt")  # fmt: skip
LINES = FIX.read_text().splitlines()


def _read(lines: list[str]) -> everleaf.ParsedHand:
    return everleaf.FORMAT.parse(HandText("\n".join(lines), "e.txt", 1, 0))


def test_the_whole_hand() -> None:
    r = _read(LINES)
    assert r.hand is not None and r.problems == ()
    assert [(c.player, c.amount, c.pot) for c in r.hand.collects] == [
        ("Filipa", 1070, 0), ("Filipa", 50, 1)]  # fmt: skip
    assert [(x.player, x.amount) for x in r.hand.returned] == [("Filipa", 600)]
    assert r.hand.rake == 55  # $11.75 in the pots, $11.20 paid
    assert r.hand.pot_parts == (1070, 50)
    assert audit_hand(r.hand).findings == ()


def test_cut_before_the_small_side_pots_line() -> None:
    # before: read whole, Filipa paid $10.70 of $11.20, rake $1.05, no finding
    r = _read(LINES[:27])
    assert r.hand is None
    assert [(p.line, p.code) for p in r.problems] == [(27, ProblemCode.TRUNCATED_HAND)]
