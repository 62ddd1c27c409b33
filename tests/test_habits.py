"""A site format's habits are data on its format; the audit reads them by the hand's
format key (hhtools.model.habits) and names no site (issue 26, item 2)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

import hhtools.grammars as grammars
from hhtools.audit import audit_hand
from hhtools.ingest.read import parse_file
from hhtools.model import habits
from hhtools.model.habits import Habits
from hhtools.model.records import HandHistory
from hhtools.model.vocab import FindingKind

ROOT = Path(__file__).parent.parent
SHOWS = FindingKind.PROCEDURE_SHOWDOWN_ORDER
KEY = "habits-test"  # a format key no grammar uses


def _hand() -> HandHistory:
    # Bob bets the river and Carol calls, yet Carol shows first (line 23): a showdown
    # out of order by seed 002, "The Showdown"
    for r in parse_file(ROOT / "tests/fixtures/pokerstars/procedure_showdown_order.txt"):
        if r.hand is not None and r.hand.hand_id == "310000000051":
            return r.hand
    raise AssertionError("fixture hand 310000000051 missing")


def _shows(hand: HandHistory) -> list[tuple[str, int]]:
    return [(f.player, f.line) for f in audit_hand(hand).findings if f.kind is SHOWS]


def test_every_formats_habits_reach_the_audit() -> None:
    for fmt in grammars.FORMATS:
        assert habits.of(fmt.key) is fmt.habits, fmt.key


def test_show_order_is_read_where_the_format_says_it_keeps_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hand = replace(_hand(), site_format=KEY, site="some room")
    monkeypatch.setitem(habits._HABITS, KEY, Habits(shows_in_order=True))
    assert _shows(hand) == [("Carol", 23)]
    monkeypatch.setitem(habits._HABITS, KEY, Habits())  # shows in an order of its own
    assert _shows(hand) == []


def test_a_format_never_registered_assumes_nothing() -> None:
    assert _shows(replace(_hand(), site_format="never-registered")) == []


def test_show_order_only_for_the_rooms_the_habit_names(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(habits._HABITS, KEY, Habits(shows_in_order=True, show_order_rooms=("a",)))
    assert _shows(replace(_hand(), site_format=KEY, site="a")) == [("Carol", 23)]
    assert _shows(replace(_hand(), site_format=KEY, site="b")) == []


def test_no_time_zone_is_a_converted_hand_only_where_the_habit_says(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hand = replace(_hand(), site_format=KEY, time_zone=None)
    monkeypatch.setitem(habits._HABITS, KEY, Habits(shows_in_order=True))
    assert _shows(hand) == [("Carol", 23)]
    monkeypatch.setitem(
        habits._HABITS, KEY, Habits(shows_in_order=True, no_time_zone_converted=True)
    )
    assert _shows(hand) == []
    assert _shows(replace(hand, time_zone="ET")) == [("Carol", 23)]


def _names() -> re.Pattern[str]:
    words = {f.key for f in grammars.FORMATS} | {r for f in grammars.FORMATS for r in f.rooms}
    return re.compile(r"\b(" + "|".join(map(re.escape, sorted(words))) + r")\b", re.I)


def test_the_audit_names_no_site() -> None:
    # every site habit the audit needs comes from the hand's format (the other layers
    # name sites in docstrings only: examples of a key, a citation of a rule text)
    names = _names()
    found = [
        f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
        for p in sorted((ROOT / "hhtools" / "audit").rglob("*.py"))
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if names.search(line)
    ]
    assert found == []
