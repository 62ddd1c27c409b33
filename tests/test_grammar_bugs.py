"""A grammar bug on one hand never stops a file: every site format's parse turns an
unexpected exception into an ``internal_error`` problem and no record; under the tests
(``HHTOOLS_RAISE_BUGS=1``, tests/conftest.py) it raises, so that no test passes over one."""

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
    "pokerstars": ("hhtools.grammars.pokerstars", "_parse"),
}


def _plant(key: str, monkeypatch: pytest.MonkeyPatch) -> HandText:
    """Plant a bug in the format's parse; the hand text that meets it."""
    module, name = INNER[key]

    def broken(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("a planted bug")

    monkeypatch.setattr(importlib.import_module(module), name, broken)
    text = '<game gamecode="7">' if key == "ipoker" else "Game started at: 2016/8/2 11:24:23"
    return HandText(text, "f.txt", 12, 0)


@pytest.mark.parametrize("key", sorted(INNER))
def test_a_bug_is_an_internal_error(key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HHTOOLS_RAISE_BUGS", raising=False)  # a user's import, not a test's
    got = grammars.get(key).parse(_plant(key, monkeypatch))
    assert got.hand is None
    assert [(p.code, p.file, p.line) for p in got.problems][-1] == ("internal_error", "f.txt", 12)
    assert got.problems[-1].message == "parser error: ZeroDivisionError: a planted bug"


@pytest.mark.parametrize("key", sorted(INNER))
def test_under_tests_a_bug_raises(key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HHTOOLS_RAISE_BUGS", "1")  # tests/conftest.py sets it for every test
    with pytest.raises(ZeroDivisionError, match="a planted bug"):
        grammars.get(key).parse(_plant(key, monkeypatch))
