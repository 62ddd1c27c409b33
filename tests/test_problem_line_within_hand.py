"""A problem names a line of its own hand text, never the line after it: a hand cut
after its header (a file's last hand, a file cut and joined) lacks its table line,
and "no table line" was put on the line index the table would have had, past the
text: a blank line, or the next hand's first line (fuzz seed 8 of ``tests/fuzz_kit``:
888poker; the same in seven formats, 548 cuts of the fixtures' hands at a line end).
Now a text format's reader puts such a problem on the text's last line
(``grammars._hand._within``).

``tests/fixtures/888poker/damaged/hand_cut_after_its_game_line.txt``, worked by hand:
hand 700000951 (lines 1-22) whole: Pia's flop bet of $0.50 goes back, she collects
$0.57 of the $0.60 pot. Hand 700000952 is cut after its game line (lines 25-27), the
next file's hand 700000953 written straight after it (line 28): ``bad_table`` on line
27, not 28. Hand 700000953: Rolf's $0.40 back, he collects $0.57 of $0.60.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from hhtools import grammars
from hhtools.grammars import get
from hhtools.grammars._text import decode_head
from hhtools.model.records import HandText
from hhtools.model.vocab import ProblemCode

FIX = Path(__file__).parent / "fixtures"
NAME = "hand_cut_after_its_game_line.txt"


def test_no_table_line_is_on_the_cut_hands_last_line() -> None:
    fmt = get("888poker")
    data = (FIX / "888poker" / "damaged" / NAME).read_bytes()
    rs = [(ht.line, fmt.parse(ht)) for ht in fmt.split(io.BytesIO(data), NAME)]
    assert [(line, r.hand_id) for line, r in rs] == [
        (1, "700000951"), (25, "700000952"), (28, "700000953")]  # fmt: skip
    (_, first), (_, cut), (_, last) = rs
    assert cut.hand is None
    assert [(p.line, p.code) for p in cut.problems] == [(27, ProblemCode.BAD_TABLE)]
    assert first.hand is not None and [(c.player, c.amount) for c in first.hand.collects] == [
        ("Pia", 57)]  # fmt: skip
    assert last.hand is not None and [(c.player, c.amount) for c in last.hand.collects] == [
        ("Rolf", 57)]  # fmt: skip


def _text_fixtures() -> list[Path]:
    return sorted(f for f in FIX.glob("*/*") if f.is_file() and f.suffix == ".txt")


@pytest.mark.parametrize("path", _text_fixtures(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_hand_cut_after_each_of_its_first_lines_names_its_own_lines(path: Path) -> None:
    data = path.read_bytes()
    fmt = grammars.recognise(decode_head(data[:4096]))
    if fmt is None:
        pytest.skip("no format reads it")
    for ht in fmt.split(io.BytesIO(data), path.name):
        if "<!--hhtools-context-->" in ht.text:
            continue  # an XML hand: cut at tags, not lines
        lines = ht.text.split("\n")
        for k in range(1, min(len(lines), 5)):
            cut = HandText("\n".join(lines[:k]), ht.file, ht.line, ht.offset, ht.encoding)
            for p in fmt.parse(cut).problems:
                assert p.line == 0 or ht.line <= p.line < ht.line + k, (k, p)
