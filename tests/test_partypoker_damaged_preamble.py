"""PartyPoker's old format: a hand's "Game #N starts." preamble with a damaged byte,
written straight after the hand before (no blank line between), was read into that hand
as an unread line: an intact hand stored read in part (``unrecognised_line``), its
problem blaming it for the next hand's damage. Now a one- or two-word line ending
"starts.", or any line starting "Game #", ends the hand before: the damaged preamble is
its own text (``bad_header`` on its line) and both hands read whole.

The fixture ``damaged/old_preamble_damaged_byte_glued_to_the_hand_before.txt``, worked
by hand: hand 8100000001 (lines 1-33), $0.10/$0.25 PL Omaha: Greta calls $0.25, Hugo
completes his small blind, Ines checks ($0.75); on the flop Greta bets $0.75, Hugo
folds, Ines calls ($2.25); Greta's three Queens beat Ines's Kings, "Greta wins $2.14"
(rake $0.11). Line 34 "Game #81x0000002 starts." (an "x" for a "0"). Hand 8100000002
from its "#Game No" line (36): Hugo calls $0.25, Ines folds her $0.10, Greta checks
($0.60); Hugo's two pair, Jacks and Eights, beat Greta's Eights: "Hugo wins $0.57"
(rake $0.03).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from hhtools.audit import audit_hand
from hhtools.grammars import partypoker
from hhtools.model.vocab import ProblemCode

FIX = (Path(__file__).parent / "fixtures" / "partypoker" / "damaged"
       / "old_preamble_damaged_byte_glued_to_the_hand_before.txt")  # fmt: skip
DAMAGED = b"Game #81x0000002 starts."


@pytest.mark.parametrize("preamble", [DAMAGED, b"Gxme #8100000002 starts.",
                                      b"Game #8100000002 start\xc3\xa9."])  # fmt: skip
def test_a_damaged_preamble_is_no_line_of_the_hand_before(preamble: bytes) -> None:
    data = FIX.read_bytes()
    assert data.count(DAMAGED) == 1
    data = data.replace(DAMAGED, preamble)
    rs = [partypoker.FORMAT.parse(ht) for ht in partypoker.FORMAT.split(io.BytesIO(data), "p.txt")]
    first, bad, second = rs
    assert first.hand is not None and first.problems == ()
    assert [(c.player, c.amount) for c in first.hand.collects] == [("Greta", 214)]
    assert first.hand.rake == 11  # $0.25 x 3 + $0.75 x 2 = $2.25 in, $2.14 paid
    assert first.hand.unread_lines == ()
    assert audit_hand(first.hand).findings == ()
    assert bad.hand is None
    assert [(p.line, p.code) for p in bad.problems] == [(34, ProblemCode.BAD_HEADER)]
    assert second.hand is not None and second.problems == ()
    assert (second.hand_id, second.hand.line) == ("8100000002", 36)
    assert [(c.player, c.amount) for c in second.hand.collects] == [("Hugo", 57)]
    assert second.hand.rake == 3  # $0.25 x 2 + $0.10 = $0.60 in, $0.57 paid


@pytest.mark.parametrize("damaged", [b"#Ga#e No : ", b"#Game No*: ", b"#Game No: ",
                                     b"?Game No : "])  # fmt: skip
def test_a_damaged_game_no_line_glued_to_the_hand_before(damaged: bytes) -> None:
    """The second hand written with no "Game #N starts." line and its "#Game No" line
    damaged ("#Ga#e No : 8100000002", line 34; "#Game No*: ", fuzz seed 14; a byte
    lost; "?Game No : ", its "#" damaged, as 888's in fuzz seed 36) straight after the
    first hand: it went into the first hand as an unread line.
    Now it ends the hand: its own text (a damaged header), the hand after it read whole
    from its header (line 35)."""
    data = FIX.read_bytes().replace(DAMAGED + b"\n\n#Game No : ", damaged)
    rs = [partypoker.FORMAT.parse(ht) for ht in partypoker.FORMAT.split(io.BytesIO(data), "p.txt")]
    first, bad, second = rs
    assert first.hand is not None and first.problems == ()
    assert first.hand.unread_lines == () and first.hand.rake == 11
    assert bad.hand is None and [p.line for p in bad.problems] == [34]
    assert second.hand is not None and second.problems == ()
    assert (second.hand_id, second.hand.line) == ("8100000002", 35)


def test_chat_like_a_preamble_or_a_header_end_stays_in_its_hand() -> None:
    """``probes/chat_lines_like_a_preamble_or_a_header_end.txt``: the chat fixture's
    tournament hand (``old_tourney_written_blinds_and_chat.txt``) with four more chat
    lines: "Cal: starts." (line 30), "Dov: Game #1 starts." (36), "Hal: it starts." (39)
    and "Ida: gl *****" (42). The first, third and fourth, a name and one or two words
    ending "starts." or a line ending "*****", each cut the hand in two: a hand "cut
    short" and three ``bad_header`` texts. Now one hand: blinds 20 / 40, four players in
    for 80 (320), Cal's 160 flop bet called (640), his 320 river bet called (1,280):
    Gus's flush takes the high half, 640, Cal's 6-5-3-2-A the low, 640; no rake."""
    fix = FIX.parent.parent / "probes" / "chat_lines_like_a_preamble_or_a_header_end.txt"
    data = fix.read_bytes()
    for said in (b"\nCal: starts.\n", b"\nDov: Game #1 starts.\n", b"\nHal: it starts.\n",
                 b"\nIda: gl *****\n"):  # fmt: skip
        assert said in data
    rs = [partypoker.FORMAT.parse(ht) for ht in partypoker.FORMAT.split(io.BytesIO(data), "p.txt")]
    assert [(r.hand_id, r.problems) for r in rs] == [("40000009901", ())]
    h = rs[0].hand
    assert h is not None
    assert [(c.player, c.amount) for c in h.collects] == [("Gus", 640), ("Cal", 640)]
    assert h.rake == 0
    assert audit_hand(h).findings == ()
