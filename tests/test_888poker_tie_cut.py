"""888poker tournament: a high-only tie cut after its first winner's "collected" line.

888 writes nothing after its last "collected" line (grammars/poker888/ending.py), and a
tournament pot paid short on all its lines is the site's (a real 2013 hand), so a tie
cut after its first share (a file cut at its end) read as a pot paid half: a false
chip_imbalance and award_mismatch. A pot paid by one line that is an equal share of it,
with as many hands shown, is a tie cut short.

Fixture ``888poker/tournament_high_only_tie_split_two_ways.txt``, by hand: Kai (small
blind) and Ivy (big blind) put in 100 before the flop, Jay calls 100 then folds to Ivy's
flop bet of 300, which Kai calls: 3 x 100 + 2 x 300 = 900, no rake. Kai's Jd Tc and
Ivy's Js Th each make J-T-9-8-7 with 9c 8d 7h: a tie, 450 each.
"""

from __future__ import annotations

from pathlib import Path

from hhtools.audit import audit_hand
from hhtools.grammars.poker888.ending import wins_cut
from hhtools.grammars import _kit as k
from hhtools.ingest.read import parse_file
from hhtools.model.vocab import ProblemCode

FIXTURE = Path(__file__).parent / "fixtures" / "888poker" / "tournament_high_only_tie_split_two_ways.txt"


def test_whole_tie_reads_whole() -> None:
    (whole,) = parse_file(FIXTURE)
    assert whole.problems == ()
    assert whole.hand.total_pot == 900
    assert [(c.player, c.amount) for c in whole.hand.collects] == [("Kai", 450), ("Ivy", 450)]
    assert audit_hand(whole.hand).findings == ()


def test_tie_cut_after_its_first_winner_is_cut_short(tmp_path: Path) -> None:
    lines = FIXTURE.read_text().splitlines()
    assert lines[-2:] == ["Kai collected [ $450 ]", "Ivy collected [ $450 ]"]
    path = tmp_path / "cut.txt"
    path.write_text("\n".join(lines[:-1]) + "\n")
    (cut,) = parse_file(path)
    assert cut.hand is None  # before: chip_imbalance + award_mismatch (Ivy 0 of 450)
    assert [(p.line, p.code) for p in cut.problems] == [(30, ProblemCode.TRUNCATED_HAND)]


def test_only_an_equal_share_with_as_many_shown_is_a_cut() -> None:
    kai, ivy = k.Show("Kai", ("Jd", "Tc", "4h", "4s")), k.Show("Ivy", ("Js", "Th", "5d", "5c"))
    half = [k.Collect("Kai", 450, 0)]
    assert wins_cut([kai, ivy], half, [900], 900, True) is not None
    assert wins_cut([kai, ivy], [k.Collect("Kai", 450, 0)], [901], 901, True) is not None  # odd chip
    assert wins_cut([kai], half, [900], 900, True) is None  # one hand shown: no tie
    # a share of none: 76 of a 576 side pot on two lines (the real 2013 hand's kind)
    two = [k.Collect("Kai", 900, 0), k.Collect("Kai", 38, 1), k.Collect("Ivy", 38, 1)]
    assert wins_cut([kai, ivy], two, [900, 576], 1476, True) is None
    assert wins_cut([kai, ivy], [k.Collect("Kai", 400, 0)], [900], 900, True) is None  # 2.25 x
