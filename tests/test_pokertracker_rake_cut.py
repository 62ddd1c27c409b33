"""PokerTracker's Microgaming export ends each cash hand with its "Rake: €0.19" line
(without it the hand is cut short). A file cut inside that amount ("Rake: €0.1",
"Rake: €0") read as a smaller rake: the pot's chips no longer added up (a false
``chip_imbalance`` and ``award_mismatch``). A cash hand's rake is written in two decimals;
one that is not is the line cut: unread, and the hand, without its rake, cut short.

The fixture ``microgaming_raised_to_adds_chips_win_holds_uncalled_bet.txt``, first
hand (lines 1-21): Sigge folds to Runa's flop bet, "Runa wins €7.61 from the main pot"
(line 19), then a blank line and "Rake: €0.19" (line 21), its last.
"""

from __future__ import annotations

import io
from pathlib import Path

from hhtools.audit import audit_hand
from hhtools.grammars import pokertracker
from hhtools.model.records import HandText
from hhtools.model.vocab import ProblemCode

FIX = (Path(__file__).parent / "fixtures" / "pokertracker"
       / "microgaming_raised_to_adds_chips_win_holds_uncalled_bet.txt")  # fmt: skip


def _first() -> str:
    return next(iter(pokertracker.FORMAT.split(io.BytesIO(FIX.read_bytes()), "p.txt"))).text


def test_whole_rake() -> None:
    r = pokertracker.FORMAT.parse(HandText(_first(), "p.txt", 1, 0))
    assert r.hand is not None and r.problems == () and r.hand.rake == 19
    assert audit_hand(r.hand).findings == ()


def test_rake_cut_inside_its_amount_is_a_hand_cut_short() -> None:
    text = _first()
    assert text.endswith("Rake: €0.19")
    for cut in ("Rake: €0.1", "Rake: €0.", "Rake: €0"):
        r = pokertracker.FORMAT.parse(HandText(text[: text.rindex("Rake: ")] + cut, "p.txt", 1, 0))
        # before: read whole, rake $0.10 or nothing: chip_imbalance and award_mismatch
        assert r.hand is None, cut
        assert [(p.line, p.code) for p in r.problems] == [
            (21, ProblemCode.UNRECOGNISED_LINE), (21, ProblemCode.TRUNCATED_HAND)], cut
