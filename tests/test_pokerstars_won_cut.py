"""PokerStars format: a summary's "won ($4.02)" cut inside its amount ("won ($4", a file
cut at its end) is not a win of $4. Converted histories pay only in the summary, so such
a cut was read as the whole hand paying $4.00 of $4.02 due: a false chip imbalance and
award mismatch. The ")" of a "won (" amount is required; "won €0.65" (Run It Once,
no parentheses) is read as before."""

from __future__ import annotations

from pathlib import Path

from hhtools.audit import audit_hand
from hhtools.ingest.read import parse_file
from hhtools.model.vocab import FindingKind, ProblemCode

FIX = Path(__file__).parent / "fixtures" / "pokerstars"
MONEY = {FindingKind.AWARD_MISMATCH, FindingKind.CHIP_IMBALANCE}


def _first(path: Path):
    return next(iter(parse_file(path)))


def test_won_amount_cut_inside_is_unread(tmp_path: Path) -> None:
    lines = (FIX / "converted_unpadded_time_wins_in_summary_only.txt").read_text().splitlines()
    # whole: 4 x 0.50 + 2 x 1.12 = $4.24, rake $0.22, $4.02 to Dan's eights
    whole = _first(FIX / "converted_unpadded_time_wins_in_summary_only.txt")
    assert whole.problems == ()
    assert [(c.player, c.amount) for c in whole.hand.collects] == [("Dan", 402)]
    assert (whole.hand.total_pot, whole.hand.rake) == (424, 22)
    seat4 = lines[38]
    assert seat4.endswith("and won ($4.02) with a pair of Eights")
    for cut in ("won ($4", "won ($4.0", "won ($4.02"):
        path = tmp_path / "cut.txt"
        path.write_text("\n".join(lines[:38] + [seat4[: seat4.index(cut) + len(cut)]]) + "\n")
        ph = _first(path)
        assert [(p.line, p.code) for p in ph.problems] == [(39, ProblemCode.UNRECOGNISED_LINE)]
        assert ph.hand is None or not ph.hand.collects
        if ph.hand is not None:
            assert not {f.kind for f in audit_hand(ph.hand).findings} & MONEY
