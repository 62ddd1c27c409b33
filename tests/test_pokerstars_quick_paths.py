"""The PokerStars grammar's quick paths read a line as its named rule reads it: a seat
line cut at its last " (", a flop, turn or river line read without the street rule's
pattern, a header's time read by ``fromisoformat``, a table line read once per text, a
header read once per text but for its hand number and time stamps, and with its table
line once per pair of texts, "Dealt to" and "Uncalled bet" lines cut without their
patterns.
Each is checked against the rule itself (the grammar's specification) on lines that
try its edges, and on values worked out by hand."""

from __future__ import annotations

from datetime import datetime

import pytest

from hhtools.grammars.pokerstars import clock, header
from hhtools.grammars.pokerstars.actions import _Body, _street
from hhtools.grammars.pokerstars.line_rules import STREET_LINE
from hhtools.grammars.pokerstars.plain import DEALT, UNCALLED, _bracketed, _dealt, _uncalled
from hhtools.grammars.pokerstars.seats import SEAT, _seat_parts
from hhtools.model.records import Street

SEAT_LINES = [
    "Seat 1: Ann ($2 in chips)",
    "Seat 10: Bob B. ($1,234.56 in chips)",
    "Seat 3: Cy (the) (cat) (€0.05 in chips)",  # " (" in the name: the last one cuts
    "Seat 4: Dee: x ($5 in chips)",  # ": " in the name
    "Seat 5:  lead ($5 in chips)",  # a name that starts with a space
    "Seat 6: Eve (1500 in chips)",
    "Seat 7: Fay ($5 in chips, $1 bounty)",  # a bounty: the pattern reads it
    "Seat 8: Gus ($5 in chips) is sitting out",
    "Seat 9: Hal ($5 in chips) out of hand (moved from another table into small blind)",
    "Seat 2: Ivy ($5 in chips, $1 bounty) in chips)",  # no seat line
    "Seat 2: ($5 in chips)",  # no name
    "Seat 2:  ($5 in chips)",  # a name of one space
    "Seat x: Jo ($5 in chips)",  # no seat number
    "Seat : Jo ($5 in chips)",
    "Seat 2 Jo ($5 in chips)",
    "Seat 2: Jo ($5 in chips",
    "Seat 2: Jo (5 x in chips)",  # not an amount
    "Seat 2: Jo ($ in chips)",
    "Seat 2: Jo (5. in chips)",
    "Seat 2: Jo (¥25 in chips)",
    "Seat 2: Jo (\u0665 in chips)",  # an Arabic-Indic digit: \\d reads it, so does the cut
    "Seat \u0662: Jo ($5 in chips)",
    "Seat \u00b2: Jo ($5 in chips)",  # a superscript two: a digit, not a decimal
    "Seat 2: Jo ( in chips) ($5 in chips)",
    "Seat 2: Jo ($5 in chips) ($6 in chips)",
]


@pytest.mark.parametrize("text", SEAT_LINES)
def test_seat_parts_read_as_the_seat_rule(text: str) -> None:
    m = SEAT.re.match(text)
    want = None if m is None else (m["seat"], m["player"], m["stack"], m["bounty"], m["out"])
    assert _seat_parts(text) == want


def test_seat_parts_by_hand() -> None:
    assert _seat_parts("Seat 3: Cy (the) (cat) (€0.05 in chips)") == (
        "3", "Cy (the) (cat)", "€0.05", None, None)
    assert _seat_parts("Seat 7: Fay ($5 in chips, $1 bounty)") == ("7", "Fay", "$5", "$1", None)
    assert _seat_parts("Seat 2: Jo ($5 in chips) ($6 in chips)") == (
        "2", "Jo ($5 in chips)", "$6", None, None)
    assert _seat_parts("Seat 2: ($5 in chips)") is None


@pytest.mark.parametrize(
    "text",
    ["", " [Qh Td Ts]", " [Qh Td Ts] [9c]", " [Qh]]", "[Qh]", " [Qh] ", " [Q[h]", " []",
     " [Qh] x [9c]", "  [Qh]"],
)  # fmt: skip
def test_bracketed_is_the_street_rule_s_card_lists(text: str) -> None:
    assert _bracketed(text) is (STREET_LINE.re.match("*** FLOP ***" + text) is not None)


def _read_street(ln: str) -> tuple[bool, Street, tuple[tuple[str, ...], ...], list[object]]:
    h = _Body("f", 1)
    known = _street(h, ln, 7)
    return known, h.street, tuple(h.street_boards), h.sightings


def test_street_lines_by_hand() -> None:
    flop = ("Qh", "Td", "Ts")
    assert _read_street("*** FLOP *** [Qh Td Ts]") == (
        True, Street.FLOP, (flop, ()), [(7, "\x00*", flop)])
    turn = ("Qh", "Td", "Ts", "9c")
    assert _read_street("*** TURN *** [Qh Td Ts] [9c]") == (
        True, Street.TURN, (turn, ()), [(7, "\x00*", turn)])
    assert _read_street("*** RIVER *** [Qh Td Ts 10c] [Kc]")[2][0] == (*flop, "Tc", "Kc")
    # a Courchevel hand's first board card, read as the rule reads it (PRE-FLOP: the
    # board's first card, of the one board)
    assert _read_street("*** PRE-FLOP *** [9c]") == (
        True, Street.PREFLOP, (("9c",), ()), [(7, "\x00*", ("9c",))])
    assert _read_street("*** PRE-FLOP ***") == (True, Street.PREFLOP, ((), ()), [(7, "\x00*", ())])
    # a board of its own on the second run, read by the rule as before
    assert _read_street("*** SECOND FLOP *** [2c 3c 4c]") == (
        True, Street.FLOP, ((), ("2c", "3c", "4c")), [(7, "\x001", ("2c", "3c", "4c"))])
    # not street lines: the rule reads none of them
    for ln in ("*** FLOP *** [Qh]]", "*** FLOP ***[Qh]", "*** FLOPS *** [Qh]", "*** FLOP ** [Qh]"):
        assert _read_street(ln)[0] is False and STREET_LINE.re.match(ln) is None


@pytest.mark.parametrize(
    "text, want",
    [("2024/01/02 21:39:52", datetime(2024, 1, 2, 21, 39, 52)),
     ("2015/8/16 1:30", datetime(2015, 8, 16, 1, 30)),
     ("2015/08/16 01:30", datetime(2015, 8, 16, 1, 30)),
     ("2020/02/29 23:59:59", datetime(2020, 2, 29, 23, 59, 59))],
)  # fmt: skip
def test_header_times(text: str, want: datetime) -> None:
    assert clock._when(text) == want
    assert clock._instant(text, None) == (want, None)


@pytest.mark.parametrize("text", ["2015/05/34 10:00:00", "2019/02/29 10:00:00",
                                  "2024/01/02 24:00:00", "2024/01/02 10:60:00"])
def test_a_time_that_does_not_exist_is_a_value_error(text: str) -> None:
    with pytest.raises(ValueError):
        clock._when(text)
    with pytest.raises(ValueError):
        clock._instant(text, "ET")


def test_table_lines_read_once_per_text() -> None:
    line = "Table 'Iris III' 6-max Seat #1 is the button"
    first = header._table_line(line)
    assert (first["table"], first["max"], first["button"]) == ("Iris III", "6", "1")
    assert header._table_line(line) is first
    assert header._table_line("Table 'Iris III' Seat #x is the button") is None


#: every group of the header rule: a header's parts must give each one as the rule does
_HEADER_GROUPS = ("site", "home", "zoom", "club0", "tzoom", "tid", "buyin", "club", "game",
                  "level", "level_sb", "level_bb")  # fmt: skip
HEADER_LINES = [
    "PokerStars Hand #230000007202:  5 Card Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD)"
    " - 2024/01/02 21:39:52 CET [2024/01/02 15:39:52 ET]",
    "PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD) - 2020/01/01 1:00:00 ET",
    "\ufeffPokerStars Zoom Hand #7: Omaha Pot Limit ($1/$2) - 2020/01/01 1:00",
    "PokerStars Home Game Hand #1: {Club - 2020/01/01 1:00} Omaha Pot Limit (1/2)"
    " - 2020/01/01 1:00:00",  # a stamp inside a club's name: the last " - " cuts
    "PokerStars Hand #1: Tournament #5, $1+$0.10 USD Omaha Pot Limit - Level I (10/20)"
    " - 2020/01/01 1:00:00 ET",
    "PokerStars Hand #1: {Club} Tournament #5, Freeroll Omaha Pot Limit - Match Round I,"
    " Level II - 2020/01/01 1:00:00 ET [2020/01/01 7:00:00 CET]",
    "PokerStars Hand #1: Omaha - Pot Limit ($1/$2) - 2020/01/01 1:00:00 ET",  # " - " in the game
    "PokerStars Hand #1: Omaha Pot Limit - - 2020/01/01 1:00:00 ET",  # two " - " sharing a space
    "Run It Once Poker Game #12: Omaha Pot Limit (€1/€2) - 2020/01/01 1:00:00",
    "PokerStars Hand #\u0661\u0662: Omaha Pot Limit ($1/$2) - 2020/01/01 1:00:00",  # \\d digits
    "PokerStars Hand #\u00b2: Omaha Pot Limit ($1/$2) - 2020/01/01 1:00:00",  # not a decimal
    "PokerStars Hand #1a: Omaha Pot Limit ($1/$2) - 2020/01/01 1:00:00",
    "PokerStars Hand #: Omaha Pot Limit ($1/$2) - 2020/01/01 1:00:00",
    "PokerStars Hand #1:  - 2020/01/01 1:00:00 ET",  # the game one space
    "PokerStars Hand #1: - 2020/01/01 1:00:00 ET",  # no game
    "PokerStars Hand #1: Omaha Pot Limit ($1/$2) - 2020/01/01 1:00:00 ETXXXX",  # no zone
    "PokerStars Hand #1: Omaha Pot Limit ($1/$2) - 2020/01/01 1:00:00 [x]",
    "PokerStars Hand #1: Omaha Pot Limit ($1/$2) - 2020/01/01 1:00:00 ET  ",  # spaces after
    "PokerStars Hand #1: Omaha # Pot: Limit ($1/$2) - 2020/1/1 1:00",
    "PokerStars Hand #1 Omaha Pot Limit ($1/$2) - 2020/01/01 1:00:00",  # no colon
    "Full Tilt Poker Game #1: Omaha Pot Limit ($1/$2) - 2020/01/01 1:00:00",
]


@pytest.mark.parametrize("text", HEADER_LINES)
def test_header_parts_read_as_the_header_rule(text: str) -> None:
    m = header.HEADER.re.match(text)
    parts = header._header_parts(text)
    if m is None:
        assert parts is None
        return
    assert parts is not None
    head, number, stamps = parts
    assert number == m["hand_id"]
    assert [head[g] for g in _HEADER_GROUPS] == [m[g] for g in _HEADER_GROUPS]
    assert stamps == tuple(m[g] for g in ("t1", "tz1", "t2", "tz2"))


def test_header_parts_by_hand() -> None:
    head, number, stamps = header._header_parts(HEADER_LINES[0])
    assert (head["site"], number, head["game"]) == (
        "PokerStars", "230000007202", "5 Card Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD)")
    assert stamps == ("2024/01/02 21:39:52", "CET", "2024/01/02 15:39:52", "ET")
    head, number, _ = header._header_parts(HEADER_LINES[4])
    assert (number, head["tid"], head["buyin"], head["game"], head["level"], head["level_sb"]) == (
        "1", "5", "$1+$0.10 USD", "Omaha Pot Limit", "I", "10")
    head, _, _ = header._header_parts(HEADER_LINES[3])
    assert (head["club"], head["game"]) == ("Club - 2020/01/01 1:00", "Omaha Pot Limit (1/2)")
    assert header._header_parts(HEADER_LINES[-1]) is None
    # the rest of a line is read once: the next hand of the table shares its reading
    again = HEADER_LINES[0].replace("#230000007202", "#230000007203").replace(":52", ":59")
    assert header._header_parts(again)[0] is header._header_parts(HEADER_LINES[0])[0]


DEALT_LINES = [
    "Dealt to Ann [Ah Kd 5c 3s]",
    "Dealt to Ann [x] [Ah Kd 5c 3s]",  # " [" in the name: the last one cuts
    "Dealt to Ann [Ah Kd] x]",  # a "]" after the last " [": the pattern reads it
    "Dealt to Ann [Ah]]",
    "Dealt to Ann []",  # no cards: the pattern reads it
    "Dealt to  [Ah Kd]",  # a name of one space
    "Dealt to [Ah Kd]",  # no name
    "Dealt to Ann Ah Kd]",
    "Dealt to Ann [Ah Kd",
    "Dealt to Ann [Ah Kd] ",
]


@pytest.mark.parametrize("text", DEALT_LINES)
def test_dealt_lines_read_as_the_dealt_rule(text: str) -> None:
    m = DEALT.re.match(text)
    assert _dealt(text) == (None if m is None else (m["player"], m["cards"]))


UNCALLED_LINES = [
    "Uncalled bet ($0.50) returned to Ann",
    "Uncalled bet (1,500) returned to Bob B. (x) returned to y",  # the first cut is the amount's
    "Uncalled bet (€2.25) returned to  ",
    "Uncalled bet ($0.50) returned to ",  # no name
    "Uncalled bet ($0.5x) returned to Ann",  # not an amount
    "Uncalled bet (x) returned to Ann) returned to Bob",
    "Uncalled bet () returned to Ann",
    "Uncalled bet ($\u0665) returned to Ann",  # an Arabic-Indic digit: \\d reads it
    "Uncalled bet $0.50 returned to Ann",
    "Uncalled bet ($0.50 returned to Ann",
]


@pytest.mark.parametrize("text", UNCALLED_LINES)
def test_uncalled_lines_read_as_the_uncalled_rule(text: str) -> None:
    m = UNCALLED.re.match(text)
    assert _uncalled(text) == (None if m is None else (m["amount"], m["player"]))


def test_dealt_and_uncalled_by_hand() -> None:
    assert _dealt("Dealt to Ann [x] [Ah Kd 5c 3s]") == ("Ann [x]", "Ah Kd 5c 3s")
    assert _uncalled("Uncalled bet (1,500) returned to Bob B. (x) returned to y") == (
        "1,500", "Bob B. (x) returned to y")


def _header_of(first: str, table: str) -> tuple[object, _Body]:
    h = _Body("f.txt", 1)
    return header._read_header(h, [first, table, "Seat 1: Ann ($2 in chips)"], 1), h


def test_a_table_s_header_read_again_reads_its_own_number_and_time() -> None:
    table = "Table 'Iris III' 6-max Seat #4 is the button"
    head = "PokerStars Hand #{}: Omaha Pot Limit ($0.05/$0.10 USD) - {} ET"
    header._READ_HEADS.clear()
    first, h1 = _header_of(head.format(11, "2024/03/10 01:59:59"), table)
    assert len(header._READ_HEADS) == 1
    # the same table an hour later, past the switch to summer time (UTC-5 -> UTC-4)
    again, h2 = _header_of(head.format(12, "2024/03/10 03:00:01"), table)
    assert len(header._READ_HEADS) == 1
    for hd, h, number, local, utc in (
        (first, h1, "11", datetime(2024, 3, 10, 1, 59, 59), datetime(2024, 3, 10, 6, 59, 59)),
        (again, h2, "12", datetime(2024, 3, 10, 3, 0, 1), datetime(2024, 3, 10, 7, 0, 1)),
    ):
        assert (hd.hand_id, h.hand_id, hd.started_at, hd.time_zone) == (number, number, local, "ET")
        assert hd.started_at_utc.replace(tzinfo=None) == utc
        assert (hd.small_blind, hd.big_blind, hd.currency, hd.variant, hd.limit, hd.body) == (
            5, 10, "USD", "Omaha", "Pot Limit", 2)
        assert (h.table, h.button, h.max_seats, h.units.name, h.problems) == (
            "Iris III", 4, 6, "CENTS", [])
    # a date that does not exist, at a table read before: the problem, no header
    bad, h3 = _header_of(head.format(13, "2024/02/30 10:00:00"), table)
    assert bad is None and [p.code.value for p in h3.problems] == ["bad_header"]


def test_a_header_read_with_a_problem_is_read_again() -> None:
    header._READ_HEADS.clear()
    first = "PokerStars Hand #1: Omaha Pot Limit ($0.5x/$1 USD) - 2020/01/01 1:00:00 ET"
    for _ in range(2):  # the stakes' problem is each hand's
        hd, h = _header_of(first, "Table 'T' Seat #1 is the button")
        assert (hd.small_blind, hd.big_blind) == (0, 0)
        assert [p.code.value for p in h.problems] == ["bad_header"]
    assert header._READ_HEADS == {}


def test_a_table_s_hands_with_another_button_read_their_own_button() -> None:
    """A table's header is kept whoever has the button (the table line read once, its
    " Seat #N" read per hand): each hand gets its own button, the table's name and size."""
    head = "PokerStars Hand #{}: Omaha Pot Limit ($0.05/$0.10 USD) - 2024/03/10 01:00:0{} ET"
    header._READ_HEADS.clear()
    got = []
    for k, button in enumerate(("4", "5", "1", "10", "0012", "4")):
        table = f"Table 'Iris III' 6-max Seat #{button} is the button"
        _, h = _header_of(head.format(k, k), table)
        got.append((h.table, h.button, h.max_seats, h.problems))
    assert got == [("Iris III", b, 6, []) for b in (4, 5, 1, 10, 12, 4)]
    # kept: one reading of the table for the 1- to 3-digit buttons, one for "0012"
    assert len(header._READ_HEADS) == 2


def test_player_prefix_the_longest_seated_name_then_colon_or_space() -> None:
    from hhtools.model.records import Seat

    h = _Body("f", 1)
    for n, name in enumerate(["Ann", "Ann B", "Bo", "Ann B:c"], 1):
        h.add_seat(Seat(n, name, 100, line=n))
    assert h.by_first == {"A": ["Ann B:c", "Ann B", "Ann"], "B": ["Bo"]}
    assert h.lone == {"Ann B:c", "Bo"}
    assert [h.player_prefix(ln) for ln in (
        "Ann B: folds", "Ann: folds", "Ann Bx: folds", "Ann B:c: checks", "Annie: folds",
        "Ann", "Bo collected $1 from pot", "Bob: folds", "", "Ann B:cx")] == [
        "Ann B", "Ann", "Ann", "Ann B:c", None, None, "Bo", None, None, "Ann B"]  # fmt: skip


@pytest.mark.parametrize(("text", "want"), [
    ("Ah Kd 5c 3s", ("Ah", "Kd", "5c", "3s")), ("9c", ("9c",)), ("", ()),
    ("10h 9s", ("Th", "9s")), ("Ah  Kd", ("Ah", "Kd")), (" Ah Kd ", ("Ah", "Kd")),
    ("Ah Kx", None), ("Ah Kd5c", None), ("Ahh", None), ("1h", None),
])  # fmt: skip
def test_cards_read_from_their_characters(text: str, want: tuple[str, ...] | None) -> None:
    from hhtools.grammars._lines import _BadCards
    from hhtools.grammars.pokerstars import plain

    for quick in (True, False):  # read from the characters, or by the kernel's _cards
        plain.QUICK = quick
        try:
            if want is None:
                with pytest.raises(_BadCards):
                    plain.read_cards(text)
            else:
                assert plain.read_cards(text) == want
        finally:
            plain.QUICK = plain._compiled()


def test_street_card_lists_read_from_their_characters() -> None:
    from hhtools.grammars.pokerstars.plain import board_lists

    ln = "*** TURN *** [Qh Td Ts] [9c]"
    assert board_lists(ln, 12) == ("Qh", "Td", "Ts", "9c")
    assert board_lists("*** FLOP *** [Qh 10d Ts]", 12) is None  # "10d": _cards reads it
    for other in ("*** FLOP ***", "*** FLOP *** [Qh]]", "*** FLOP *** [Qh] ", "*** FLOP *** []",
                  "*** FLOP *** [Qh", "*** FLOP ***  [Qh]", "*** FLOP *** [Qh][9c]"):
        assert board_lists(other, 12) is None, other
