"""A card dealt twice makes the hand a problem naming the card, in every format (issue 25,
item 5): one check in the registry (``grammars._valid.dealt_twice``), not one per grammar.

GGPoker and PartyPoker stored hole cards such as ``Qs Qc 6c Qs`` without a word; the
fixtures are hands written in each site's format, a damaged one first, then an intact
one that must still be stored.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from hhtools.grammars._valid import check_record, dealt_twice
from hhtools.grammars.base import ParsedHand
from hhtools.ingest.read import parse_path
from hhtools.model.records import BettingStructure, Game, HandHistory, HandText, Variant
from hhtools.model.vocab import ProblemCode

FIXTURES = Path(__file__).parent / "fixtures"
NAME = "hole_card_dealt_twice_then_intact_hand.txt"


def _read(site: str) -> list[tuple[str | None, bool, list[tuple[ProblemCode, int, str]]]]:
    return [(r.hand_id, r.hand is not None, [(p.code, p.line, p.message) for p in r.problems])
            for r in parse_path(FIXTURES / site / "damaged" / NAME)]  # fmt: skip


def test_ggpoker_hole_cards_with_a_card_twice() -> None:
    assert _read("ggpoker") == [
        # "Dealt to Hero [Qs Qc 6c Qs]" on line 10
        ("OM900101", False,
         [(ProblemCode.IMPOSSIBLE_CARDS, 10, "card Qs twice in Hero's hole cards Qs Qc 6c Qs")]),
        # As on the flop and in Ann's shown hand (GGPoker's own check, on her show line)
        ("OM900102", False, [(ProblemCode.IMPOSSIBLE_CARDS, 48, "card As seen twice")]),
        ("OM900103", True, []),
    ]  # fmt: skip


def test_partypoker_hole_cards_with_a_card_twice() -> None:
    assert _read("partypoker") == [
        # "Dealt to Lima [ Qs, Qc, 6c, Qs ]" on line 10
        ("1700000000101abcdefghij", False,
         [(ProblemCode.IMPOSSIBLE_CARDS, 10, "card Qs twice in Lima's hole cards Qs Qc 6c Qs")]),
        # Jh on the river and in Mike's summary cards (PartyPoker's own check)
        ("1700000000102klmnopqrst", False,
         [(ProblemCode.IMPOSSIBLE_CARDS, 43, "Jh is both board's and Mike's")]),
        ("1700000000103uvwxyzabcd", True, []),
    ]  # fmt: skip


def _hand(hole: dict[str, tuple[str, ...]], *boards: tuple[str, ...]) -> HandHistory:
    game = Game(Variant.OMAHA, False, BettingStructure.POT_LIMIT, 5, 10, "USD")
    text = "\n".join(f"Dealt to {p} [{' '.join(c)}]" for p, c in hole.items())
    return HandHistory("s", "1", "t", None, None, None, game, 1, 6, (), (), tuple(boards),
                       None, dict(hole), file="f.txt", line=20, text=text)  # fmt: skip


@pytest.mark.parametrize(
    ("hole", "boards", "want"),
    [
        # two players hold Kd: named on the second one's line
        ({"Ann": ("Kd", "2c", "3h", "4s"), "Bob": ("Kd", "9c", "9h", "8s")},
         [("As", "7d", "2d", "5c", "Jh")], ("Kd", "card Kd is both Ann's and Bob's", 21)),
        # a hole card on the board
        ({"Ann": ("Kd", "2c", "3h", "4s")}, [("As", "7d", "4s", "5c", "Jh")],
         ("4s", "card 4s is both Ann's and on the board", 20)),
        # run twice: the flop is shared, each run's turn and river are new cards
        ({"Ann": ("Kd", "2c", "3h", "4s")},
         [("As", "7d", "8d", "5c", "Jh"), ("As", "7d", "8d", "Qc", "Ks")], None),
        # the second run deals a card of the first run again
        ({"Ann": ("Kd", "2c", "3h", "4s")},
         [("As", "7d", "8d", "5c", "Jh"), ("As", "7d", "8d", "Jh", "Ks")],
         ("Jh", "card Jh is both on the board (run 1) and on the board (run 2)", 20)),
        # the second run deals a hole card
        ({"Ann": ("Kd", "2c", "3h", "4s")},
         [("As", "7d", "8d", "5c", "Jh"), ("As", "7d", "8d", "Qc", "3h")],
         ("3h", "card 3h is both Ann's and on the board (run 2)", 20)),
        # a board card twice on one board
        ({}, [("As", "7d", "As", "5c", "Jh")],
         ("As", "card As twice on the board", 20)),
    ],
)  # fmt: skip
def test_dealt_twice(
    hole: dict[str, tuple[str, ...]],
    boards: list[tuple[str, ...]],
    want: tuple[str, str, int] | None,
) -> None:
    assert dealt_twice(_hand(hole, *boards)) == want


def test_the_registry_check_drops_the_record() -> None:
    hand = _hand({"Ann": ("Kd", "2c", "3h", "4s"), "Bob": ("9c", "9h", "8s", "9c")})
    got = check_record(ParsedHand(hand, (), None, "1"), HandText(hand.text, "f.txt", 20, 0))
    assert got.hand is None and got.hand_id == "1"
    assert [(p.code, p.line, p.message, p.excerpt) for p in got.problems] == [
        (ProblemCode.IMPOSSIBLE_CARDS, 21, "card 9c twice in Bob's hole cards 9c 9h 8s 9c",
         "Dealt to Bob [9c 9h 8s 9c]")]  # fmt: skip
    assert check_record(ParsedHand(replace(hand, hole_cards={}), ()), HandText("", "f", 1, 0)).hand
