"""A Cake hand whose currency sign was lost when its cp1252 file was re-saved as UTF-8
(the byte of "€" turned into U+FFFD, as an editor or a copy through the wrong encoding
does): its header's stakes "\ufffd0,10/\ufffd0,20" are no amounts. The header was read
and the amount raised: an ``internal_error`` (a parser crash) on every hand of the file.
Now the header is not read (``bad_header``), as any other header the grammar cannot
read. The hands are the fixture's (eur_table_usd_display_cp1252.txt, three hands)."""

from __future__ import annotations

import io
from pathlib import Path

from hhtools.grammars import cake
from hhtools.model.vocab import ProblemCode

FIX = Path(__file__).parent / "fixtures" / "cake" / "eur_table_usd_display_cp1252.txt"


def _read(text: str) -> list[cake.ParsedHand]:
    data = text.encode("utf-8")
    return [cake.FORMAT.parse(ht) for ht in cake.FORMAT.split(io.BytesIO(data), "c.txt")]


def test_stakes_whose_sign_was_lost_are_a_bad_header_not_a_crash() -> None:
    text = FIX.read_bytes().decode("cp1252")
    assert all(r.hand is not None for r in _read(text))  # as written: read
    lost = _read(text.replace("€", "\ufffd"))
    assert [[p.code for p in r.problems] for r in lost] == [[ProblemCode.BAD_HEADER]] * 3
    assert [(r.hand, r.hand_id) for r in lost] == [
        (None, "4100000001000001"), (None, "4100000001000002"), (None, "4100000001000003")]
