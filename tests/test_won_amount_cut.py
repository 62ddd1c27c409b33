"""A last "won"/"wins" line cut inside its amount (a file cut at its end) is not a win of
the cut amount. WPN's summary "did not show and won $0" (of "$0.05") and the PokerTracker
export's "Asta: wins $5" (of "$55.00") were read as wins of $0 and $5: false chip
imbalances and award mismatches on whole hands only cut. Both write money in cents
("$0.05", "$55.00": every such line of the corpora and fixtures), so a signed amount
without its two decimals is a line cut inside: unread, and the hand then pays nobody
(cut short). Values worked out by hand from the fixtures."""

from __future__ import annotations

from pathlib import Path

from hhtools.ingest.read import parse_file
from hhtools.model.vocab import ProblemCode

FIX = Path(__file__).parent / "fixtures"


def _last_line_as(tmp_path: Path, fixture: str, upto: int, last: str) -> list:
    lines = (FIX / fixture).read_text(encoding="utf-8").splitlines(keepends=True)
    path = tmp_path / "cut.txt"
    path.write_text("".join(lines[:upto]) + last + "\n", encoding="utf-8")
    return list(parse_file(path))


def test_wpn_summary_won_cut_inside_its_amount(tmp_path: Path) -> None:
    name, seat = "winning/new_folds_then_shows_sitting_out_seat.txt", "Seat 3: Cat (button)"
    # whole: Amy 0.01, Bob 0.02, Cat raises to 0.07 and both fold: 0.05 back to Cat,
    # the $0.05 pot (0.01 + 0.02 + 0.02, no rake) to Cat
    whole = _last_line_as(tmp_path, name, 20, f"{seat} did not show and won $0.05")[0]
    assert whole.problems == () and [(c.player, c.amount) for c in whole.hand.collects] == [
        ("Cat", 5)]  # fmt: skip
    for amount in ("$0", "$0.", "$0.0"):
        cut = _last_line_as(tmp_path, name, 20, f"{seat} did not show and won {amount}")[0]
        assert cut.hand is None
        assert [(p.line, p.code) for p in cut.problems] == [
            (21, ProblemCode.UNRECOGNISED_LINE), (21, ProblemCode.TRUNCATED_HAND)]  # fmt: skip


def test_export_wins_cut_inside_its_amount(tmp_path: Path) -> None:
    name = "pokertracker/ipoker_archive_2013_server_line_sb_bb_whole_board.txt"
    # whole: $55.00 pot, $1.00 rake; Asta's uncalled $20.00 back, $35.00 to Asta
    whole = _last_line_as(tmp_path, name, 25, "Asta: wins $55.00")[0]
    assert whole.problems == () and [(c.player, c.amount) for c in whole.hand.collects] == [
        ("Asta", 3500)]  # fmt: skip
    for amount in ("$5", "$55", "$55.", "$55.0"):
        cut = _last_line_as(tmp_path, name, 25, f"Asta: wins {amount}")[0]
        assert cut.hand is None
        assert [(p.line, p.code) for p in cut.problems] == [
            (26, ProblemCode.UNRECOGNISED_LINE), (26, ProblemCode.TRUNCATED_HAND)]  # fmt: skip
