"""The site modules' shared helpers (``grammars/_site.py``): a first line that is no
header, a header naming the hand and its game, the kernel's English hand words read
once per text, and a site format from a recogniser and a splitter of its own.

Every expected value is worked out from the input written beside it.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import BinaryIO

import pytest
from hhtools.grammars._hand import Hand
from hhtools.grammars._site import bad_header, header_game, read_high_once, site_format
from hhtools.grammars._text import iter_hands
from hhtools.grammars.base import Habits, ParsedHand

from hhtools.model.records import ClaimedHigh, HandText
from hhtools.model.vocab import HandCategory, ProblemCode

#: a toy header: "#<id> <game>"
HEADER = re.compile(r"#(?P<id>\d+) (?P<game>.+)$")
GAMES = {"omaha": "O", "omaha hi/lo": "O8"}


def test_bad_header_is_one_problem_on_the_first_line_and_no_record() -> None:
    h = Hand("f.txt", 40)
    got = bad_header(h, ["Garbled line", "Seat 1: Ann"], 40)
    assert got.hand is None and got.skipped is None and got.hand_id is None
    [p] = got.problems
    assert (p.file, p.line, p.hand_id, p.code) == ("f.txt", 40, None, ProblemCode.BAD_HEADER)
    assert p.message == "not a hand header: Garbled line"
    assert p.excerpt == "Garbled line"


def test_bad_header_quotes_80_characters_of_a_long_line() -> None:
    line = "x" * 100
    [p] = bad_header(Hand("f.txt", 1), [line], 1).problems
    assert p.message == "not a hand header: " + "x" * 80
    assert p.excerpt == line


def test_header_game_takes_the_id_and_looks_the_game_up_with_spaces_folded() -> None:
    h = Hand("f.txt", 3)
    lines = ["#77 Omaha   Hi/Lo"]
    got = header_game(h, HEADER.match(lines[0]), GAMES, lines, 3)
    assert not isinstance(got, ParsedHand)
    hd, game = got
    assert game == "O8"  # "Omaha   Hi/Lo" -> "omaha hi/lo"
    assert hd["id"] == "77" and h.hand_id == "77"
    assert h.problems == []


def test_header_game_no_header() -> None:
    h = Hand("f.txt", 3)
    got = header_game(h, HEADER.match("Hand 77"), GAMES, ["Hand 77"], 3)
    assert isinstance(got, ParsedHand) and got.hand is None
    assert [p.code for p in got.problems] == [ProblemCode.BAD_HEADER]


def test_header_game_an_omaha_game_not_known_is_a_problem() -> None:
    h = Hand("f.txt", 9)
    lines = ["#78 Omaha Double Board"]
    got = header_game(h, HEADER.match(lines[0]), GAMES, lines, 9)
    assert isinstance(got, ParsedHand) and got.hand is None and got.skipped is None
    [p] = got.problems
    assert (p.line, p.hand_id, p.code) == (9, "78", ProblemCode.UNKNOWN_GAME)
    assert p.message == "unknown game: Omaha Double Board"


def test_header_game_another_game_is_skipped() -> None:
    h = Hand("f.txt", 9)
    lines = ["#79 Hold'em No Limit"]
    got = header_game(h, HEADER.match(lines[0]), GAMES, lines, 9)
    assert isinstance(got, ParsedHand) and got.hand is None
    assert got.skipped == "not an Omaha game: Hold'em No Limit"
    assert [p.code for p in got.problems] == [ProblemCode.SKIPPED_GAME]


def test_header_game_a_site_says_which_names_are_omaha() -> None:
    h = Hand("f.txt", 9)
    lines = ["#80 Courchevel"]
    got = header_game(h, HEADER.match(lines[0]), GAMES, lines, 9,
                      omaha=lambda name: name.lower() in ("courchevel",))  # fmt: skip
    assert isinstance(got, ParsedHand)
    assert [p.code for p in got.problems] == [ProblemCode.UNKNOWN_GAME]


@pytest.mark.parametrize(
    ("words", "category", "ranks"),
    [
        ("two pairs, queens and nines", HandCategory.TWO_PAIR, (12, 9)),  # Everleaf
        ("Full House, Aces over 3s", HandCategory.FULL_HOUSE, (14, 3)),  # PKR
        ("Full of 9 and Tens", HandCategory.FULL_HOUSE, (9, 10)),  # Winamax
        ("Aces-High Straight", HandCategory.STRAIGHT, (14,)),  # GGPoker
        ("Three Treys", HandCategory.THREE_OF_A_KIND, (3,)),  # GGPoker
    ],
)
def test_read_high_once_types_the_sites_words(
    words: str, category: HandCategory, ranks: tuple[int, ...]
) -> None:
    assert read_high_once(words) == ClaimedHigh(category, ranks)


def test_read_high_once_reads_a_text_once() -> None:
    first = read_high_once("a pair of Sevens")
    assert first == ClaimedHigh(HandCategory.ONE_PAIR, (7,))
    assert read_high_once("a pair of Sevens") is first  # the same claim, not read again
    assert read_high_once(None) is None and read_high_once("") is None
    assert read_high_once("a lucky hand") is None


class _Counted(Hand):
    """A site's hand class: the format must build its hands with it."""


def _parse(h: Hand, lines: list[str], line: int, text: str, offset: int) -> ParsedHand:
    if lines[0].startswith("#boom"):
        raise ZeroDivisionError("a planted bug")
    h.hand_id = lines[0][1:]
    assert isinstance(h, _Counted)
    return ParsedHand(None, (), f"read {len(lines)} lines", h.hand_id)


def _split(fh: BinaryIO, file: str) -> Iterator[HandText]:
    return iter_hands(fh, file, re.compile(r"#"))


def test_site_format_wraps_the_parse_and_names_the_key_as_room(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fmt = site_format("toy", "Toy Poker", "Omaha", lambda head: head.startswith("#"), _split,
                      _parse, hand=_Counted, habits=Habits(shows_in_order=True))  # fmt: skip
    assert (fmt.key, fmt.name, fmt.games, fmt.rooms) == ("toy", "Toy Poker", "Omaha", ("toy",))
    assert fmt.habits == Habits(shows_in_order=True)
    assert fmt.recognise("#1\nx") and not fmt.recognise("Hand 1")
    hands = list(fmt.split(io.BytesIO(b"#1\nSeat 1\n#2\nSeat 2\nSeat 3\n"), "f.txt"))
    assert [(t.line, t.text.split()) for t in hands] == [
        (1, ["#1", "Seat", "1"]), (3, ["#2", "Seat", "2", "Seat", "3"])
    ]  # fmt: skip
    got = fmt.parse(hands[1])
    assert (got.hand_id, got.skipped) == ("2", "read 3 lines")
    # a bug in the parse is a problem for a user's import, never an exception
    monkeypatch.delenv("HHTOOLS_RAISE_BUGS", raising=False)
    bad = fmt.parse(HandText("#boom\nSeat 1", "f.txt", 5, 0))
    assert bad.hand is None
    assert [(p.code, p.line) for p in bad.problems] == [("internal_error", 5)]


def test_site_format_rooms_named() -> None:
    fmt = site_format("toy", "Toy", "Omaha", bool, _split, _parse, rooms=("a", "b"))
    assert fmt.rooms == ("a", "b")
