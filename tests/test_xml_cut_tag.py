"""An XML file cut inside a hand's opening tag ("<HI" of "<HISTORY ID=..."), the next
file written after it: the cut text was dropped in silence when the next hand started
(fuzz seed 11 of ``tests/fuzz_kit``: a Boss hand cut to 3 bytes, no problem on its
line). Text between hands is dropped as wrapping (``</ROOT>``), or ends a hand whose
opening tag is damaged; now a text that is only the start of the hand's tag is a hand
text of its own (``grammars._xml_split._Cutter.cut_tag``), which the grammar reports
``bad_header`` on its line, whether the next hand, a blank line or the file's end
follows it.
"""

from __future__ import annotations

import io

import pytest

from hhtools.grammars import get
from hhtools.grammars._xml_split import split_elements
from hhtools.model.vocab import ProblemCode

HAND = '<HISTORY ID="{n}" GAME="GAME_OMA">\n<PLAYER NAME="A" SEAT="1"></PLAYER>\n</HISTORY>'


@pytest.mark.parametrize(("after", "line"), [
    ("\n" + HAND.format(n=2) + "\n</ROOT>\n", 6),  # the next hand straight after (line 6)
    ("\n\n" + HAND.format(n=2) + "\n", 6),  # a blank line, then the next hand
    ("\n", 6),  # the file's end
])  # fmt: skip
def test_a_hand_cut_inside_its_tag_is_a_text_of_its_own(after: str, line: int) -> None:
    text = "<ROOT>\n" + HAND.format(n=1) + "\n</ROOT>\n<HI" + after
    got = list(split_elements(io.BytesIO(text.encode()), "f", "HISTORY"))
    cut = [h for h in got if h.text.startswith("<HI\n")]
    assert [(h.line, h.offset) for h in cut] == [(line, text.index("<HI\n"))]
    assert len(got) == 2 + after.count("<HISTORY")
    parsed = get("boss").parse(cut[0])
    assert parsed.hand is None
    assert [(p.line, p.code) for p in parsed.problems] == [(line, ProblemCode.BAD_HEADER)]


def test_other_text_between_hands_still_starts_none() -> None:
    # wrapping markup, a lone "<X" that starts no hand tag, plain text: no hand text
    text = "<ROOT>\n" + HAND.format(n=1) + "\n</ROOT>\n<X\n\nPRIMA.DAT\n" + HAND.format(n=2)
    got = list(split_elements(io.BytesIO(text.encode()), "f", "HISTORY"))
    assert [h.line for h in got] == [2, 9]
