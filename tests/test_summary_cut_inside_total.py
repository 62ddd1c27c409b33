"""A summary cut inside or right after its total line (a file cut at its end) is a hand
cut short, not a hand whose rake or pot is the cut amount: GGPoker writes a "Seat N:"
line for every seated player after its total (every hand of the corpora), Winamax the
board or a winner's seat line. Before, "Total pot $9.25 | Rake $0" (of "$0.25") and
"Total pot 13.40€ | Rake 0" (of "0.60€") were read as a rake of 0: false chip
imbalances and award mismatches. Values worked out by hand from the fixtures."""

from __future__ import annotations

from pathlib import Path

from hhtools.ingest.read import parse_file
from hhtools.model.vocab import ProblemCode

FIX = Path(__file__).parent / "fixtures"


def _cut(tmp_path: Path, lines: list[str], upto: int, tail: str = "") -> list:
    """The readings of the text's first ``upto`` lines, then ``tail`` as a line."""
    path = tmp_path / "cut.txt"
    path.write_text("".join(lines[:upto]) + (tail + "\n" if tail else ""), encoding="utf-8")
    return list(parse_file(path))


def _codes(ph) -> list[tuple[int, ProblemCode]]:
    return [(p.line, p.code) for p in ph.problems]


def test_ggpoker_summary_cut_in_or_after_its_total(tmp_path: Path) -> None:
    text = (FIX / "ggpoker" / "plo_hilo_contested_side_pot_rake_from_main_pot.txt").read_text()
    lines = text.splitlines(keepends=True)
    # whole: Ann 1.75 x 3 = 5.25 main pot, 2 x 2 = 4 side pot: $9.25, $0.25 rake from the
    # main pot; main $5: Ann's full house $2.50, Cy's 7-5-3-2-A $2.50; side $4: Bea's
    # trip kings $2, Cy's low $2
    whole = _cut(tmp_path, lines, 37)[0]
    assert whole.problems == ()
    assert (whole.hand.total_pot, whole.hand.rake) == (925, 25)
    assert sorted((c.player, c.amount) for c in whole.hand.collects) == [
        ("Ann", 250), ("Bea", 200), ("Cy", 200), ("Cy", 250)]  # fmt: skip
    for upto, tail, last in ((32, "Total pot $9.25 | Rake $0", 33), (33, "", 33),
                             (35, "", 35)):  # fmt: skip
        cut = _cut(tmp_path, lines, upto, tail)[0]
        assert cut.hand is None
        assert _codes(cut) == [(last, ProblemCode.TRUNCATED_HAND)]


def test_winamax_hand_ending_at_its_total_line(tmp_path: Path) -> None:
    text = (FIX / "winamax" / "hilo_halves_named_total_after_rake.txt").read_text()
    lines = text.splitlines(keepends=True)
    # whole: 3 + 4 each: 14€ in, 0.60€ rake, 6.70€ a half: Alice's trips high, Bob's 8 low
    whole = _cut(tmp_path, lines, 34)[0]
    assert whole.problems == ()
    assert (whole.hand.total_pot, whole.hand.rake) == (1400, 60)
    assert [(c.player, c.amount) for c in whole.hand.collects] == [("Alice", 670), ("Bob", 670)]
    for upto, tail in ((28, "Total pot 13.40€ | Rake 0"), (28, "Total pot 13.4"), (29, "")):
        cut = _cut(tmp_path, lines, upto, tail)[0]
        assert cut.hand is None
        assert _codes(cut) == [(29, ProblemCode.TRUNCATED_HAND)]
    # the board line written: the summary's seat lines repeat the body's wins
    after_board = _cut(tmp_path, lines, 30)[0]
    assert after_board.problems == () and after_board.hand.rake == 60
