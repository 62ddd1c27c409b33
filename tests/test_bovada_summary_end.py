"""A Bovada hand whose header line is lost, its seat lines written straight after the
summary of the hand before (a file cut and joined without a blank line; fuzz seed 9 of
``tests/fuzz_kit``), was read into that intact hand: its seats, cards and money became
the hand before's, which was lost (board_mismatch, impossible_cards). Bovada's hands
start at a header and after a blank line only; now, after "*** SUMMARY ***", a line
that is none of the summary's own ("Total Pot", "Board [", "Seat+N:" / "Seat N:" with
no "in chips") starts a hand text of its own (``grammars._text.HandEnd.summary``).

``tests/fixtures/bovada/damaged/seat_lines_of_a_headerless_hand_after_the_summary.txt``,
worked by hand:

* hand 3300000101, lines 1-35: blinds $0.02 / $0.05, Dealer calls $0.05, Small Blind
  completes $0.03 ($0.15); on the flop Dealer bets $0.10, Small Blind folds, Big Blind
  calls ($0.35). Board Ks 8d 4c 2h 7s: Big Blind's 6d 5d make 8-7-6-5-4, Dealer's Kd Kh
  three kings; Big Blind is paid $0.33, rake $0.02 (printed).
* lines 36-54: a hand with no header ("Seat 1: Big Blind ($4.85 in chips)" first):
  ``bad_header`` on line 36, nothing stored.
* hand 3300000103, line 57: Small Blind folds to the big blind, who gets $0.03 back and
  is paid $0.04.
"""

from __future__ import annotations

import io
from pathlib import Path

from hhtools.grammars import _text
from hhtools.grammars.bovada import HAND_END, HAND_START

NAME = "seat_lines_of_a_headerless_hand_after_the_summary.txt"
FIXTURE = Path(__file__).parent / "fixtures" / "bovada" / "damaged" / NAME


# what each hand reads: tests/test_damaged_header_glued.py (CASES)


def test_both_readers_cut_after_the_summary_alike() -> None:
    # the block reader (UTF-8) and the line reader (any encoding) give the same texts
    data = FIXTURE.read_bytes()
    fast = list(_text._iter_hands_by_block(io.BytesIO(data), NAME, HAND_START, HAND_END))
    slow = list(_text._iter_hands_by_line(io.BytesIO(data), NAME, HAND_START, HAND_END))
    assert [(h.line, h.offset) for h in fast] == [(1, 0), (36, data.index(b"Seat 1: Big Blind (")),
                                                  (57, data.index(b"Bovada Hand #3300000103"))]
    assert fast == slow
    utf16 = b"\xff\xfe" + data.decode("utf-8").encode("utf-16-le")
    wide = list(_text.iter_hands(io.BytesIO(utf16), NAME, HAND_START, HAND_END))
    assert [(h.line, h.text) for h in wide] == [(h.line, h.text) for h in fast]


def test_summary_lines_stay_in_the_hand() -> None:
    # the summary's own lines, old "Seat N:" ones too, and blank-free text: one hand
    text = (
        "Bovada Hand #1 TBL#2 OMAHA Pot Limit - 2012-05-01 10:00:00\n"
        "Seat 1: UTG ($5 in chips)\n*** SUMMARY ***\nTotal Pot($0.04)\nBoard [Ks 8d 4c]\n"
        "Seat 1: UTG+2 Folded on the POCKET CARDS\nSeat+2: Dealer $376.78  with Flush [Js Ad]\n"
    )
    hands = list(_text.iter_hands(io.BytesIO(text.encode()), "f", HAND_START, HAND_END))
    assert len(hands) == 1 and hands[0].text == text.rstrip("\n")
    cut = text + "Dealer : Set dealer/Bring in spot [1]\n"
    hands = list(_text.iter_hands(io.BytesIO(cut.encode()), "f", HAND_START, HAND_END))
    assert [h.line for h in hands] == [1, 8]
