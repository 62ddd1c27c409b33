"""The kernel's table of lines that carry no chips (``grammars/_quiet.py``) and how
``read_body`` tries it: only on a line the site's rules did not read, never on a line
that could move chips or change who plays."""

from __future__ import annotations

import doctest

import pytest

from hhtools.grammars import _quiet
from hhtools.grammars._betting import read_body
from hhtools.grammars._hand import Hand
from hhtools.grammars._quiet import NO_CHIPS, SAID, NoChips
from hhtools.model.vocab import ProblemCode


@pytest.mark.parametrize(
    ("line", "player"),
    [
        ("Bo Li has joined the table.", "Bo Li"),
        ("Bo joins the table at seat #4", "Bo"),
        ("Bo has left the table.", "Bo"),
        ("Bo leaves the table", "Bo"),
        ("Bo is disconnected", "Bo"),
        ("Bo has been reconnected.", "Bo"),
        ("Bo has returned", "Bo"),
        ("Bo has timed out while being disconnected", "Bo"),
        ("Bo will be using his time bank for this hand.", "Bo"),
        ("Bo has 15 seconds left to act", "Bo"),
    ],
)
def test_common_wordings(line: str, player: str) -> None:
    m = NO_CHIPS.match(line)
    assert m is not None and m["player"] == player


@pytest.mark.parametrize(
    "line",
    [
        "Bo calls 5",
        "Bo has joined the table and bets 5",  # anchored at the end: no catch-all
        "Bo sits out",  # changes who plays: the grammar applies it
        "Bo is sitting out",
        "Bo waits for big blind",
        'Bo said, "hi"',  # chat only where the site adds its wording
    ],
)
def test_not_noise(line: str) -> None:
    assert NO_CHIPS.match(line) is None


def test_site_adds_its_own() -> None:
    table = NO_CHIPS.plus(tails=(SAID, r"is feeling \w+"), lines=(r"Table closed",))
    assert table.match('Bo said, "gl"')["player"] == "Bo"
    assert table.match("Bo is feeling lucky")["player"] == "Bo"
    m = table.match("Table closed")
    assert m is not None and m["player"] is None
    assert NO_CHIPS.match("Table closed") is None  # the kernel's table unchanged
    assert NoChips(tails=()).match("Bo has returned") is None


def test_read_body_tries_it_last() -> None:
    """Three lines: the site reads "Bo: folds"; the table reads the join; the third is
    neither and is the hand's one ``unrecognised_line`` (file line 10 + index 2)."""
    h = Hand("f.txt", 10)
    seen: list[str] = []

    def read(text: str, lno: int) -> bool:
        seen.append(text)
        return text == "Bo: folds"

    lines = ["Bo: folds", "Cy has joined the table.", "Cy has joined the table twice"]
    assert read_body(h, enumerate(lines), 10, read, quiet=NO_CHIPS)
    assert seen == lines  # the site's rules see every line first
    assert [(p.line, p.code) for p in h.problems] == [(12, ProblemCode.UNRECOGNISED_LINE)]
    h2 = Hand("f.txt", 10)
    read_body(h2, enumerate(lines), 10, read)  # no table: both unread
    assert [p.line for p in h2.problems] == [11, 12]


def test_doctests() -> None:
    assert doctest.testmod(_quiet).failed == 0
