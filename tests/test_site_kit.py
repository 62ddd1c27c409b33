"""The site modules' one namespace (``grammars/_kit.py``) and the kernel helpers that
replaced what sites wrote again (``_site.typed_game``, ``_hand.no_record``'s note)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

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
