"""The splitter's first look for a header glued inside a line (split._may_be_glued).

It must never miss what the full search (split.GLUED) finds: a hand text whose own
header writes "Hand #" once, and a glued one writes it again; a text that does not
start with a header (a damaged one's rest) and holds a glued header writes it once.
"""

from __future__ import annotations

import importlib

split = importlib.import_module("hhtools.grammars.pokerstars.split")

HEADER = "PokerStars Hand #2: Omaha Pot Limit ($0.01/$0.02 USD) - 2020/01/01 12:00:00 ET\n"
PLAIN = HEADER + "Table 'T' 6-max Seat #1 is the button\nSeat 1: Ann ($2 in chips)\n"
GLUED_TEXT = PLAIN + "*** RIVER *** [4d Kh J" + HEADER


def test_a_plain_hand_is_not_searched() -> None:
    assert split._may_be_glued(PLAIN) is False
    assert split.GLUED.search(PLAIN) is None


def test_a_glued_header_is_searched_and_found() -> None:
    assert split._may_be_glued(GLUED_TEXT) is True
    assert split.GLUED.search(GLUED_TEXT) is not None


def test_a_text_not_starting_with_a_header_with_one_glued_inside_is_searched() -> None:
    rest = "Seat 1: Ann ($2 in chips)\n*** RIVER *** [4d Kh J" + HEADER
    assert split._may_be_glued(rest) is True
    assert split.GLUED.search(rest) is not None


def test_a_bom_header_counts_as_the_texts_own() -> None:
    assert split._may_be_glued("\ufeff" + PLAIN) is False


def test_game_headers_count_too() -> None:
    old = PLAIN.replace("Hand #2", "Game #2")
    assert split._may_be_glued(old) is False
    assert split._may_be_glued(old + "x" + old) is True
