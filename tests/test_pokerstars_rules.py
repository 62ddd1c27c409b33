"""The grammar's rules: each one named, and the fast path equal to ``parse_string``."""

from __future__ import annotations

from pathlib import Path

import pytest

from hhtools.grammars import _lines, pokerstars
from hhtools.ingest.read import parse_path

FIX = Path(__file__).parent / "fixtures" / "pokerstars"


def test_every_rule_is_a_named_regex() -> None:
    for name, rule in pokerstars.RULES.items():
        assert rule.customName == name
        assert rule.re.pattern.endswith("$"), name


def test_detect() -> None:
    assert pokerstars.detect("PokerStars Zoom Hand #1: Omaha Pot Limit ($1/$2) - 2020/01/01 1:00:00 ET")
    assert pokerstars.detect("\ufeffPokerStars Game #1: Tournament #2, ...")
    assert not pokerstars.detect("Winamax Poker - CashGame - HandId: #1")


def _records(monkeypatch: pytest.MonkeyPatch, fast: bool) -> list[object]:
    monkeypatch.setattr(_lines, "FAST", fast)  # the switch the line matcher reads
    return [(r.hand, r.problems, r.skipped) for r in parse_path(FIX)]


def test_fast_path_equals_parse_string(monkeypatch: pytest.MonkeyPatch) -> None:
    """``FAST`` reads lines with each Regex element's own pattern; ``parse_string``
    on the same elements must give the very same records and problems."""
    assert _records(monkeypatch, True) == _records(monkeypatch, False)


def test_doctests() -> None:
    import doctest

    from hhtools.grammars import _english, _text
    from hhtools.grammars.pokerstars import summary

    assert doctest.testmod(pokerstars).failed == 0
    assert doctest.testmod(summary).failed == 0
    assert doctest.testmod(_lines).failed == 0
    assert doctest.testmod(_text).failed == 0
    assert doctest.testmod(_english).failed == 0
