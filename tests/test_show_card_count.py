"""A show of more hole cards than the game deals is a reading problem, not a silence.

The game line says how many hole cards each player is dealt (four in Omaha). A line
showing five contradicts it: a damaged line or a misread game line, so what the player
holds is not known (judge only what was read: shared/DESIGN.md). It was left silent:
the pot "cards unknown", nothing told the user why. Now each such line is a
``bad_cards`` problem naming file:line and why, the hand is stored read in part there,
and no money or award finding stands on it. Fewer cards shown is no contradiction (a
player may show part of his hand and is then not considered: seed 002). Worked on two
formats' hands, paid right and paid wrong.
"""

from __future__ import annotations

from pathlib import Path

from hhtools.audit import audit_hand
from hhtools.grammars import pokerstars, winamax
from hhtools.model.records import HandText
from hhtools.model.vocab import ProblemCode

FIX = Path(__file__).parent / "fixtures"


def _parse(fmt, text: str):  # type: ignore[no-untyped-def]
    return fmt.FORMAT.parse(HandText(text, "probe.txt", 1, 0))


def _stars_410002() -> str:
    name = "pokerstars/rules_and_pots_probes_paid_right_and_wrong.txt"
    text = (FIX / name).read_text("utf-8").split("\n\n\n")[1]
    assert text.startswith("PokerStars Hand #410002:")
    return text


def test_pokerstars_five_cards_shown_in_omaha_is_a_problem_on_each_line() -> None:
    """410002 (paid wrong: Carol's $0.18 chopped with Bob) with Bob's [2c 2d 3h 4h]
    written [2c 2d 3h 4h 9s] on his show line (23) and his summary line (31)."""
    text = _stars_410002().replace("[2c 2d 3h 4h]", "[2c 2d 3h 4h 9s]")
    ph = _parse(pokerstars, text)
    assert ph.hand is not None
    assert [(p.line, p.code, p.message) for p in ph.problems] == [
        (23, ProblemCode.BAD_CARDS, "Bob shows 5 hole cards 2c 2d 3h 4h 9s: the game line "
                                    "deals 4 (omaha)"),
        (31, ProblemCode.BAD_CARDS, "Bob shows 5 hole cards 2c 2d 3h 4h 9s: the game line "
                                    "deals 4 (omaha)"),
    ]  # fmt: skip
    assert ph.problems[0].excerpt == "Bob: shows [2c 2d 3h 4h 9s] (a straight, Ten to Ace)"
    assert ph.hand.unread_lines == (23, 31)
    result = audit_hand(ph.hand)
    assert [p.award for p in result.settlement.pots] == [None]
    assert result.findings == ()  # the paid-wrong chop is not judged on unknown cards


def test_pokerstars_four_cards_shown_in_five_card_omaha_is_no_problem() -> None:
    """The same hand dealt as five-card Omaha, four cards shown by each: part of a
    hand is shown, no contradiction; nobody showed all five, so the pot is not judged
    (seed 002), and no line is a problem."""
    ph = _parse(pokerstars, _stars_410002().replace("Omaha Pot Limit", "5 Card Omaha Pot Limit"))
    assert ph.hand is not None and ph.problems == () and ph.hand.unread_lines == ()


def test_winamax_five_cards_shown_in_omaha_is_a_problem() -> None:
    """Winamax 1700410015 (probes/short_all_in_blind_tied_main_pot_three_way_low.txt):
    Carol's [Ac Ad 5h 6h] shown as [Ac Ad 5h 6h 7c] (line 24). Paid right before, the
    main pot 0.03€ hers; paid wrong (Bob 0.09€ of both pots) it said Carol was due
    0.03€. With five cards shown: one bad_cards problem on line 24, the hand read in
    part there, no pot of Carol's judged and no finding either way."""
    name = "winamax/probes/short_all_in_blind_tied_main_pot_three_way_low.txt"
    text = (FIX / name).read_text("utf-8").split("\n\n\n")[0]
    five = text.replace("[Ac Ad 5h 6h]", "[Ac Ad 5h 6h 7c]")
    assert five != text
    paid = "Carol collected 0.03€ from main pot\nBob collected 0.06€ from side pot 1"
    wrong = five.replace(paid, "Bob collected 0.09€ from main pot")
    assert wrong != five
    right = _parse(winamax, text)
    assert right.problems == () and audit_hand(right.hand).findings == ()
    for version in (five, wrong):
        ph = _parse(winamax, version)
        assert ph.hand is not None
        assert [(p.line, p.code, p.message) for p in ph.problems] == [
            (24, ProblemCode.BAD_CARDS, "Carol shows 5 hole cards Ac Ad 5h 6h 7c: the game line "
                                        "deals 4 (omaha)"),
        ]  # fmt: skip
        assert ph.hand.unread_lines == (24,)
        result = audit_hand(ph.hand)
        assert result.settlement.pots[0].award is None  # the main pot: Carol's cards unknown
        assert result.findings == ()
