"""A grammar bug on one hand never stops a file: every site format's parse turns an
unexpected exception into an ``internal_error`` problem and no record."""

from __future__ import annotations

import importlib

import hhtools.grammars as grammars
import pytest

from hhtools.model.records import HandText

#: site format key -> (module, the function the parse calls first under its guard)
INNER = {
    "ggpoker": ("hhtools.grammars.ggpoker", "_parse"),
    "winamax": ("hhtools.grammars.winamax", "_parse"),
    "ipoker": ("hhtools.grammars.ipoker", "_parse_checked"),
    "888poker": ("hhtools.grammars.poker888", "read_hand"),
    "partypoker": ("hhtools.grammars.partypoker", "_parse"),
    "bovada": ("hhtools.grammars.bovada", "_parse"),
    "winning": ("hhtools.grammars.winning", "_parse"),
    "kingsclub": ("hhtools.grammars.kingsclub", "_parse"),
}


@pytest.mark.parametrize("key", sorted(INNER))
def test_a_bug_is_an_internal_error(key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    module, name = INNER[key]

    def broken(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("a planted bug")

    monkeypatch.setattr(importlib.import_module(module), name, broken)
    text = '<game gamecode="7">' if key == "ipoker" else "Game started at: 2016/8/2 11:24:23"
    got = grammars.get(key).parse(HandText(text, "f.txt", 12, 0))
    assert got.hand is None
    assert [(p.code, p.file, p.line) for p in got.problems][-1] == ("internal_error", "f.txt", 12)
    assert got.problems[-1].message == "parser error: ZeroDivisionError: a planted bug"
