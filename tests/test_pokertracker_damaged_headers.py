"""PokerTracker exports: a damaged header read into the hand before. Only the "Game ID"
style ends a hand at a marker ("End of game N"); a Merge hand ends at the next header,
so a damaged one went into it with its hand's lines (the intact hand stored read in
part with the next hand's win: two collects; fuzz seed 5 of ``tests/fuzz_kit`` lost a
Merge hand so). Now the line before a "Table ..." line that is no hand text's second
line (the Merge and iPoker styles' second line) starts a hand text, and so does a line
with a date and time after a header (``HandEnd.header_breaks``): no body line holds one.

Fixtures (``tests/fixtures/pokertracker/damaged/``), worked by hand:

* ``merge_header_damaged_byte_after_blank_lines.txt``: hand 80400001-1 (lines 1-24):
  $0.30 before the flop, Gus bets $0.30 and Eva calls ($0.90), Eva's turn bet of $0.50
  is not called: "Eva: wins $0.86" (rake $0.04) and her $0.50 back. Line 27 "Merge Gxme
  #80400001-2 ...": ``bad_header``. Hand 80400001-3 (line 45): $0.30, Eva's flop bet
  goes back, she wins $0.29 (rake $0.01).
* ``game_id_header_damaged_glued_after_a_merge_hand.txt``: Merge hand 80400002-1 (lines
  1-16): $0.20, Hal's flop bet back, "Hal: wins $0.19" (rake $0.01). Line 17, straight
  after it: "** Game ID 4908900001 Version:3 sta<ting - ...": ``bad_header``. Hand
  4908900002 (line 40): $1.00 in (each blind $0.50), Hero's flop bet of EUR 1.00 not
  called; "Hero wins EUR 2.00" holds it: Hero is paid the pot, 100 cents.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from hhtools.grammars import _text
from hhtools.grammars.pokertracker import HAND_START
from hhtools.grammars.pokertracker import _END as END

DAMAGED = Path(__file__).parent / "fixtures" / "pokertracker" / "damaged"
NAMES = ("merge_header_damaged_byte_after_blank_lines.txt",
         "game_id_header_damaged_glued_after_a_merge_hand.txt")
# what each hand reads: tests/test_damaged_header_glued.py (CASES)


@pytest.mark.parametrize("name", NAMES)
def test_both_readers_cut_alike(name: str) -> None:
    data = (DAMAGED / name).read_bytes()
    fast = list(_text._iter_hands_by_block(io.BytesIO(data), name, HAND_START, END))
    slow = list(_text._iter_hands_by_line(io.BytesIO(data), name, HAND_START, END))
    assert fast == slow and len(fast) == 3
    wide = b"\xff\xfe" + data.decode("utf-8").encode("utf-16-le")
    got = list(_text.iter_hands(io.BytesIO(wide), name, HAND_START, END))
    assert [(h.line, h.text) for h in got] == [(h.line, h.text) for h in fast]
