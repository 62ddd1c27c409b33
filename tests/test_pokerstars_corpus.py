"""The real PokerStars-format corpus (../shared/corpus/Stars) and generated hands.

Real files are never copied into the repo; these tests read them in place and skip
when /work/shared (or CI's copy) is absent.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hhtools.ingest.read import ParseStats, parse_file, parse_path
from hhtools.model.records import Variant

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
CORPUS = SHARED / "corpus"
STARS = CORPUS / "Stars"
GEN = SHARED / "tools" / "gen_pokerstars.py"

needs_corpus = pytest.mark.skipif(
    not STARS.is_dir(), reason=f"real corpus not found at {STARS} (../shared absent)"
)
pytestmark = pytest.mark.corpus

#: Lines truly malformed in the source, each with the problem it must give.
KNOWN = {
    # The site wrote a garbled Courchevel pre-flop line and a flop with "2s3d".
    "courchevel_hi/PL-Courchevel-6max-USD-0.50-1.00-201604.weird.board.txt": [
        (9, "unrecognised_line"),
        (12, "bad_cards"),
    ],
    # The site wrote "*** TURN *** [3c Jd 6d] []": the turn card is missing from the
    # streets, the summary board has it (Jh).
    "omaha6_hi/6-Card-PLO-6max-USD-0.10-0.25-202208.empty.turncard.txt": [
        (34, "board_mismatch"),
    ],
    # Two hands cut short in the file (no summary): the cut line and the truncation.
    "omaha_hi/PLO-6max-USD-2.00-4.00-201403.2.partial.txt": [
        (19, "unrecognised_line"),
        (19, "truncated_hand"),
        (40, "unrecognised_line"),
        (40, "truncated_hand"),
    ],
}


@needs_corpus
def test_corpus_parses_with_only_known_problems() -> None:
    stats = ParseStats()
    found: dict[str, list[tuple[int, str]]] = {}
    for r in parse_path(STARS, stats):
        for p in r.problems:
            rel = Path(p.file).relative_to(STARS).as_posix()
            found.setdefault(rel, []).append((p.line, p.code))
    assert found == KNOWN
    assert stats.skipped == 1  # the Hold'em hand of the NLH/PLO mixed file
    assert stats.failed == 2  # the two truncated hands
    assert stats.records == stats.hands - 3
    assert stats.records >= 116


@needs_corpus
def test_corpus_known_hand() -> None:
    """PLO8 hand 35875034981: one player wins high, both tie for low (DESIGN.md)."""
    f = STARS / "omaha_hilo" / "PLO8-6max-USD-0.01-0.02-200911.txt"
    (r,) = [r for r in parse_file(f) if r.hand_id == "35875034981"]
    h = r.hand
    assert h is not None and h.total_pot is not None
    assert h.game.hi_lo and h.game.currency == "USD"
    assert sum(c.amount for c in h.collects) + h.rake == h.total_pot


@needs_corpus
def test_corpus_rio_and_pokermaster_sites() -> None:
    rio = STARS / "omaha_hi" / "PLO-6max-EUR-0.10-0.20-201904.RIO.Side.Pots.txt"
    (r,) = list(parse_file(rio))
    assert r.hand is not None and r.hand.site == "runitonce"
    assert r.hand.game.currency == "EUR" and r.hand.pot_parts == (6260, 2098)
    assert [(c.amount, c.pot) for c in r.hand.collects] == [(2098, 1), (6060, 0)]
    pm = STARS / "omaha_hi" / "5-Card-PLO-6max-USD-15-30-201905.PokerMaster.txt"
    (r,) = list(parse_file(pm))
    assert r.hand is not None and r.hand.site == "pokermaster"
    # its 5-Card PLO written "Omaha Pot Limit": the hero's five cards say the game
    assert r.problems == () and r.hand.game.variant is Variant.OMAHA5
    assert r.hand.inferred == ("variant",)


@needs_corpus
def test_corpus_cash_out_fee() -> None:
    f = STARS / "omaha6_hi" / "6-Card-PLO-6max-USD-0.05-0.10-202111.cash.out.txt"
    (r,) = list(parse_file(f))
    assert r.hand is not None
    assert [(c.player, c.amount, c.fee) for c in r.hand.cash_outs] == [("Ydmgju1", 663, 7)]
    assert r.hand.pot_parts == (555, 1968) and r.hand.rake == 112


@pytest.mark.skipif(not GEN.is_file(), reason=f"generator not found at {GEN}")
@pytest.mark.parametrize(("seed", "tamper"), [(7, "0"), (12345, "0.05")])
def test_generated_hands_all_games(tmp_path: Path, seed: int, tamper: str) -> None:
    subprocess.run(
        [sys.executable, str(GEN), "--hands", "3000", "--seed", str(seed), "--out",
         str(tmp_path), "--files", "2", "--workers", "1", "--tamper-rate", tamper],
        check=True, capture_output=True,
    )  # fmt: skip
    stats = ParseStats()
    variants = set()
    for r in parse_path(tmp_path, stats):
        assert r.problems == (), [str(p) for p in r.problems]
        assert r.hand is not None
        variants.add(r.hand.game.name)
    assert stats.records == stats.hands == 3000
    assert variants == {"omaha", "omaha-hilo", "omaha5", "omaha5-hilo", "courchevel",
                        "courchevel-hilo", "omaha6"}  # fmt: skip
