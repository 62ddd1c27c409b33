"""888poker: a hand cut between its "collected" lines (a file cut at its end) is a hand
cut short, not a hand the site paid short: 888 writes nothing after its last
"collected" line, so the cut is seen from the lines themselves (one a pot, one a hi/lo
half, main pot first; a "(Hi: ..)"/"(Lo: ..)" claim under a winner's show; a rake of at
most 5%, none in tournaments). A tournament hand whose lines are all there but pay a
pot short is the site's error and stays a record for the audit."""

from __future__ import annotations

from pathlib import Path

from hhtools.audit import audit_hand
from hhtools.ingest.read import parse_file
from hhtools.model.vocab import FindingKind, ProblemCode

FIX = Path(__file__).parent / "fixtures" / "888poker"
NAME = "tournament_hilo_side_pot_and_cash_tie_cut_between_collected.txt"
MONEY = {FindingKind.AWARD_MISMATCH, FindingKind.CHIP_IMBALANCE}


def _read(tmp_path: Path, text: str) -> list:
    path = tmp_path / "cut.txt"
    path.write_text(text, encoding="utf-8")
    return list(parse_file(path))


def _cut_after(lines: list[str], last: str) -> str:
    """The text up to and with the line ``last`` (its first match)."""
    return "".join(lines[: lines.index(last) + 1])


def test_whole_hands_are_paid_by_the_rules() -> None:
    tour, tie = parse_file(FIX / NAME)
    assert tour.problems == () and tie.problems == ()
    # Ann all in 400, Bob and Cat 400 + 600: main pot 3 x 400 = 1200, side 2 x 600 =
    # 1200; board 2c 5d 7h 9s Kc: Bob's trip kings the high of both, Ann's 7-5-3-2-A the
    # low of the main pot, Cat's 7-6-5-4-2 the low of the side pot (Bob has no low)
    h = tour.hand
    assert (h.total_pot, h.rake) == (2400, 0)
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [
        ("Bob", 600, 0), ("Ann", 600, 0), ("Bob", 600, 1), ("Cat", 600, 1)]  # fmt: skip
    assert not {f.kind for f in audit_hand(h).findings} & MONEY
    # Dan 3 + 4, Eve 0.50 + 2.50 + 4, Fox 1: $15.00; both broadway: $14.30 after a
    # $0.70 rake, $7.15 each
    h = tie.hand
    assert (h.total_pot, h.rake) == (1500, 70)
    assert [(c.player, c.amount) for c in h.collects] == [("Eve", 715), ("Dan", 715)]
    assert not {f.kind for f in audit_hand(h).findings} & MONEY


def test_cut_between_collected_lines_is_cut_short(tmp_path: Path) -> None:
    text = (FIX / NAME).read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    tour = lines[: lines.index("\n")]
    # Ann's low line gone (her claim collects nothing), then the side pot's two lines
    # gone (unpaid 1200 >= its 1200), then Cat's low line gone (her claim)
    for last, line in (("Bob collected [ $600 ]\n", 32), ("Ann collected [ $600 ]\n", 33)):
        (cut,) = _read(tmp_path, _cut_after(tour, last))
        assert cut.hand is None
        assert [(p.line, p.code) for p in cut.problems] == [(line, ProblemCode.TRUNCATED_HAND)]
    (cut,) = _read(tmp_path, "".join(tour[:34]))
    assert cut.hand is None and [p.line for p in cut.problems] == [34]
    # the tie: Eve's $7.15 alone is less than nine tenths of $15 (a rake of $7.85)
    first, cut = _read(tmp_path, _cut_after(lines, "Eve collected [ $7.15 ]\n"))
    assert first.hand is not None and cut.hand is None
    assert [p.code for p in cut.problems] == [ProblemCode.TRUNCATED_HAND]


def test_tournament_pot_paid_short_on_all_its_lines_is_read(tmp_path: Path) -> None:
    text = (FIX / NAME).read_text(encoding="utf-8")
    tour = text.split("\n\n")[0] + "\n"
    short = tour.replace("Cat collected [ $600 ]", "Cat collected [ $100 ]")
    (ph,) = _read(tmp_path, short)
    # every pot and claim has its line: no cut; 2400 in, 1900 paid, no rake in a
    # tournament: the site kept 500 and paid Cat 100 of her 600 low half
    assert ph.problems == () and ph.hand is not None
    money = {(f.kind, f.player, f.pot, f.paid, f.due) for f in audit_hand(ph.hand).findings
             if f.kind in MONEY}  # fmt: skip
    assert (FindingKind.CHIP_IMBALANCE, "", 0, 1900, 2400) in money
    assert any(f[:4] == (FindingKind.AWARD_MISMATCH, "Cat", 1, 100) for f in money)
