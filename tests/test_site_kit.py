"""The site modules' one namespace (``grammars/_kit.py``) and the kernel helpers that
replace what sites wrote again (``_site``: ``typed_game``, ``player_line``,
``blinds_and_bets``, ``category_names``, the structure tables; ``_hand.no_record``'s
note). Values are worked out by hand from the rules each helper states."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import hhtools.grammars as registry
from hhtools.grammars import _kit as k
from hhtools.grammars import _lines
from hhtools.grammars._hand import Hand
from hhtools.grammars._site import typed_game
from hhtools.grammars.base import ParsedHand
from hhtools.model.records import HandText, Variant
from hhtools.model.vocab import ProblemCode

GRAMMARS = Path(registry.__file__).resolve().parent


def test_every_kit_name_is_the_object_of_the_module_it_comes_from() -> None:
    """The kit adds nothing: each name is the very object its module defines (or
    re-exports), read through the import statements of ``_kit.py`` itself."""
    tree = ast.parse((GRAMMARS / "_kit.py").read_text(encoding="utf-8"))
    seen = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module != "__future__":
            assert node.module is not None
            source = importlib.import_module(node.module)
            for alias in node.names:
                name = alias.asname or alias.name
                assert getattr(k, name) is getattr(source, alias.name), name
                seen.add(name)
    assert seen == set(k.__all__)


def test_the_line_kernel_helpers_lose_only_their_underscore() -> None:
    assert k.rule is _lines._rule
    assert k.rule_match is _lines._m
    assert k.cards is _lines._cards
    assert k.BadCards is _lines._BadCards
    assert k.cards("Ts 9c 10d") == ("Ts", "9c", "Td")


def test_no_kernel_module_imports_the_kit() -> None:
    """Only site modules import the kit: the kernel (``_*.py`` and ``base.py``) imports
    its own modules directly, so the kit closes no circle."""
    for path in [*GRAMMARS.glob("_*.py"), GRAMMARS / "base.py"]:
        if path.name == "_kit.py":
            continue
        assert "_kit" not in path.read_text(encoding="utf-8"), path.name


def test_typed_game_passes_a_read_game_through() -> None:
    h = Hand("f.txt", 10)
    game = (Variant.OMAHA5, True)
    assert typed_game(h, game, "5 Card Omaha Hi/Lo", 10, "header") is game
    assert h.problems == []


def test_typed_game_skips_another_game_with_the_readers_reason() -> None:
    h = Hand("f.txt", 10)
    h.hand_id = "7"
    got = typed_game(h, "not an Omaha-family game: Holdem", "Holdem", 10, "the header")
    assert isinstance(got, ParsedHand)
    assert got.hand is None and got.hand_id == "7"
    assert got.skipped == "not an Omaha-family game: Holdem"
    [p] = got.problems
    assert (p.line, p.code, p.message, p.excerpt) == (
        10, ProblemCode.SKIPPED_GAME, "not an Omaha-family game: Holdem", "the header"
    )


def test_typed_game_reports_an_unknown_omaha_game_quoting_its_words() -> None:
    h = Hand("f.txt", 3)
    got = typed_game(h, None, "Omaha Courchevel", 3, "the header")
    assert isinstance(got, ParsedHand)
    assert got.hand is None and got.skipped is None
    [p] = got.problems
    assert (p.line, p.code, p.message) == (
        3, ProblemCode.UNKNOWN_GAME, "unknown Omaha game 'Omaha Courchevel'"
    )


def test_a_winamax_holdem_hand_is_skipped_naming_its_game_words() -> None:
    """Through the format: a hold'em header is a ``skipped_game`` naming the game words,
    with no record (the Winamax reader's reason, worded by the site module)."""
    text = (
        "Winamax Poker - CashGame - HandId: #100-1-1 - Holdem no limit (1€/2€)"
        " - 2014/07/30 01:39:25 UTC\n"
        "Table: 'Lyon' 5-max (real money) Seat #1 is the button\n"
    )
    got = registry.get("winamax").parse(HandText(text, "w.txt", 1, 0))
    assert got.hand is None
    assert got.skipped == "not an Omaha-family game: Holdem no limit"
    assert [(p.code, p.line) for p in got.problems] == [(ProblemCode.SKIPPED_GAME, 1)]


def _seated(*names: str) -> Hand:
    h = Hand("f.txt", 1)
    for seat, name in enumerate(names, 1):
        h.seat(seat, name, 1000, seat + 1)
    return h


_SPACE = k.rule_table(("call", r"calls (?P<a>\d+)$"), ("fold", r"folds$"))
_COLON = k.rule_table(("bet", r"bets (?P<a>\d+)$"))


def test_player_line_applies_the_longest_seated_name_and_its_rule() -> None:
    """"Ann B calls 5" is Ann B's call (not Ann's "B calls 5"); "Ann: bets 3" is read by
    the colon table; the handler gets the player, the kind, the results and the line."""
    h = _seated("Ann", "Ann B")
    got: list[tuple[str, str, str | None, int]] = []

    def apply(hand: Hand, player: str, kind: str, m: object, lno: int) -> None:
        assert hand is h
        got.append((player, kind, m.groupdict().get("a"), lno))  # type: ignore[attr-defined]

    assert k.player_line(h, "Ann B calls 5", 7, apply, _SPACE, _COLON)
    assert k.player_line(h, "Ann folds", 8, apply, _SPACE, _COLON)
    assert k.player_line(h, "Ann: bets 3", 9, apply, _SPACE, _COLON)
    assert got == [("Ann B", "call", "5", 7), ("Ann", "fold", None, 8), ("Ann", "bet", "3", 9)]


def test_player_line_is_false_for_a_line_no_rule_or_seat_reads() -> None:
    h = _seated("Ann")
    calls: list[object] = []

    def apply(*args: object) -> None:
        calls.append(args)

    assert not k.player_line(h, "Bob calls 5", 3, apply, _SPACE, _COLON)  # not seated
    assert not k.player_line(h, "Ann sings", 4, apply, _SPACE, _COLON)  # no rule
    assert not k.player_line(h, "Ann: bets 3", 5, apply, _SPACE)  # no colon table given
    assert calls == []


def test_blinds_and_bets_of_a_fixed_limit_header_are_the_bets_and_the_posted_blinds() -> None:
    """$0.10/$0.20 fixed limit: the header's stakes are the bets; a posted 5c/10c are the
    blinds; none posted: the small bet (10) and half of it (5) are the big and small."""
    h = Hand("f.txt", 1)
    h.sb, h.bb = 5, 10
    assert k.blinds_and_bets(h, k.BettingStructure.LIMIT, 10, 20) == (5, 10, 10, 20)
    assert k.blinds_and_bets(Hand("f.txt", 1), k.BettingStructure.LIMIT, 10, 20) == (
        5, 10, 10, 20
    )
    bare = Hand("f.txt", 1)
    bare.bb = 8  # a short big blind posted, no small one: half the big blind posted
    assert k.blinds_and_bets(bare, k.BettingStructure.LIMIT, 10, 20) == (4, 8, 10, 20)


def test_blinds_and_bets_of_a_pot_limit_header_are_its_stakes() -> None:
    h = Hand("f.txt", 1)
    h.sb, h.bb = 1, 2  # posts do not change the header's blinds outside fixed limit
    assert k.blinds_and_bets(h, k.BettingStructure.POT_LIMIT, 5, 10) == (5, 10, None, None)


def test_category_names_join_and_case_each_categorys_words_the_sites_way() -> None:
    """Nine categories by their words, and the site's other names written the same way:
    "two pairs" joined by "_" upper-cased is "TWO_PAIRS"."""
    upper = k.category_names("_", str.upper, {"two pairs": k.HandCategory.TWO_PAIR})
    assert len(upper) == 10
    assert upper["HIGH_CARD"] is k.HandCategory.HIGH_CARD
    assert upper["FOUR_OF_A_KIND"] is k.HandCategory.FOUR_OF_A_KIND
    assert upper["TWO_PAIRS"] is upper["TWO_PAIR"] is k.HandCategory.TWO_PAIR
    lower = k.category_names(" ", str.lower)
    assert sorted(lower) == sorted(c.value for c in k.HandCategory)
    assert k.category_names("", str.upper)["STRAIGHTFLUSH"] is k.HandCategory.STRAIGHT_FLUSH


def test_structure_names_keep_the_longer_words_first() -> None:
    """"Fixed limit" comes before "limit", so a site that tries them in turn on the end of
    its game words ("omaha fixed limit") finds the longer first."""
    assert list(k.structure_names("-", str.lower)) == [
        "pot-limit", "no-limit", "fixed-limit", "limit"
    ]
    title = k.structure_names(" ", str.title)
    assert title["Pot Limit"] is k.BettingStructure.POT_LIMIT
    assert title["No Limit"] is k.BettingStructure.NO_LIMIT
    assert title["Fixed Limit"] is title["Limit"] is k.BettingStructure.LIMIT


def test_the_kernels_structure_tables_are_read_only_and_a_site_adds_its_own() -> None:
    with pytest.raises(TypeError):
        k.STRUCTURE_CODES["XL"] = k.BettingStructure.LIMIT  # type: ignore[index]
    betfair = k.STRUCTURE_CODES | {"": k.BettingStructure.LIMIT}
    assert betfair == {"NL": k.BettingStructure.NO_LIMIT, "PL": k.BettingStructure.POT_LIMIT,
                       "FL": k.BettingStructure.LIMIT, "": k.BettingStructure.LIMIT}
    assert "" not in k.STRUCTURE_CODES


def test_read_lines_reads_from_the_first_body_line_with_file_line_numbers() -> None:
    """Lines 0 and 1 are the header (not read); from index 2 each line goes to the site's
    reader with the hand; "Ann has left the table" carries no chips (the kernel's
    quiet lines, the default), "Ann hums" is unrecognised on file line 10 + 4."""
    lines = ["header", "table", "ok 1", "Ann has left the table", "Ann hums"]
    h = Hand("f.txt", 10)
    seen: list[tuple[str, int]] = []

    def read(hand: Hand, text: str, lno: int) -> bool:
        assert hand is h
        seen.append((text, lno))
        return text.startswith("ok")

    assert k.read_lines(h, lines, 2, 10, read)
    assert seen == [("ok 1", 12), ("Ann has left the table", 13), ("Ann hums", 14)]
    assert [(p.code, p.line) for p in h.problems] == [(ProblemCode.UNRECOGNISED_LINE, 14)]


def test_read_lines_with_no_quiet_lines_reports_every_line_the_site_does_not_read() -> None:
    h = Hand("f.txt", 1)
    assert k.read_lines(h, ["h", "Ann has left the table"], 1, 1, lambda *_: False, quiet=None)
    assert [(p.code, p.line) for p in h.problems] == [(ProblemCode.UNRECOGNISED_LINE, 2)]
