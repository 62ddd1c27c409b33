"""PokerTracker's "Game ID" style (Microgaming, 2013) ends each hand with "End of game
N". A hand whose first header line is damaged ("** Game ID N Version:3 sta*ting": no
hand start) was read as lines of the hand before; when that hand's own header was
damaged too, both were one bad_header on the first line, and the second hand was lost
with no problem inside its lines (the fuzz run, seed 7, found it once new fixtures moved
its draws). Now a line after "End of game N" starts a hand text of its own: the damaged
hand is its own ``bad_header`` on its own first line, the hand before reads as alone.

The fixture ``microgaming_game_id_style_end_of_game_at_end_stacks.txt``: two hands,
4908800001 on lines 1-20 and 4908800002 on lines 23-37.
"""

from __future__ import annotations

import io
from pathlib import Path

from hhtools.grammars import pokertracker
from hhtools.model.vocab import ProblemCode

FIX = (Path(__file__).parent / "fixtures" / "pokertracker"
       / "microgaming_game_id_style_end_of_game_at_end_stacks.txt")  # fmt: skip
TEXT = FIX.read_text("utf-8")
SECOND = "** Game ID 4908800002 Version:3 starting"


def _read(text: str) -> list[pokertracker.ParsedHand]:
    split = pokertracker.FORMAT.split(io.BytesIO(text.encode()), "p.txt")
    return [pokertracker.FORMAT.parse(ht) for ht in split]


def test_a_damaged_header_after_end_of_game_is_its_own_problem() -> None:
    whole = _read(TEXT)
    assert [r.hand.hand_id for r in whole if r.hand is not None] == ["4908800001", "4908800002"]
    damaged = TEXT.replace(SECOND, SECOND.replace("starting", "sta*ting"))
    got = _read(damaged)
    # before: one text (lines 1-37), the first hand read with the second's lines in it
    assert len(got) == 2
    assert got[0].hand == whole[0].hand and got[0].problems == ()
    assert got[1].hand is None
    assert [(p.line, p.code) for p in got[1].problems] == [(23, ProblemCode.BAD_HEADER)]
    # both headers damaged: each hand its own problem, on its own first line
    both = damaged.replace("** Game ID 4908800001", "** Game ID 490880X001")
    got = _read(both)
    assert [[(p.line, p.code) for p in r.problems] for r in got] == [
        [(1, ProblemCode.BAD_HEADER)], [(23, ProblemCode.BAD_HEADER)]]  # fmt: skip
