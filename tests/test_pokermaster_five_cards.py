"""PokerMaster's 5-card games under a game line that says "Omaha".

PokerMaster writes "Omaha Pot Limit" for its 5-card tables too (the table's name says
"5Cards"). The hole cards dealt say the game: a hand whose hero was dealt five cards,
with nobody's known cards more, is 5-card Omaha ("variant" inferred), and its showdown
is judged by the rule (exactly two of the five hole cards, exactly three of the board:
seed 003). Before, the five cards contradicted the game line's four, so each such hand
was a ``bad_cards`` problem and not judged.

Fixture ``pokermaster_five_cards_under_an_omaha_game_line.txt``, worked by hand: board
2h 5h 8h Kd 3c; Ann [Ah 4h Td Ts 7c] plays Ah 4h with 2h 5h 8h, a flush, ace high; Bob
[9c Qc 9h Jc Qs] has one heart only, so no flush: his best is a pair of queens (Qc Qs
with Kd 8h 5h). Pot $60, rake $3, $57 to Ann. Hand 1 pays Ann (right), hand 2 pays Bob
(wrong), hand 3 is a 4-card hand (dealt four) and stays Omaha.
"""

from __future__ import annotations

from pathlib import Path

from hhtools.audit import audit_hand
from hhtools.grammars import pokerstars
from hhtools.model.records import HandText, Variant
from hhtools.model.vocab import FindingKind, ProblemCode

FIX = Path(__file__).parent / "fixtures" / "pokerstars"
HANDS = (FIX / "pokermaster_five_cards_under_an_omaha_game_line.txt").read_text("utf-8")


def _hand(k: int, edit=lambda t: t):  # type: ignore[no-untyped-def]
    text = edit(HANDS.split("\n\n\n\n")[k].strip("\n") + "\n")
    return pokerstars.FORMAT.parse(HandText(text, "pm.txt", 1, 0))


def _money(result):  # type: ignore[no-untyped-def]
    return sorted((f.kind, f.player, f.paid, f.due) for f in result.findings
                  if f.kind is FindingKind.AWARD_MISMATCH)  # fmt: skip


def test_five_cards_dealt_under_omaha_is_five_card_omaha_paid_right() -> None:
    ph = _hand(0)
    assert ph.problems == () and ph.hand is not None
    assert ph.hand.game.variant is Variant.OMAHA5 and "variant" in ph.hand.inferred
    result = audit_hand(ph.hand)
    (pot,) = result.settlement.pots
    assert _money(result) == []
    assert pot.award is not None


def test_the_same_hand_paid_to_the_wrong_player_is_found() -> None:
    ph = _hand(1)
    assert ph.problems == () and ph.hand.game.variant is Variant.OMAHA5
    assert _money(audit_hand(ph.hand)) == [
        (FindingKind.AWARD_MISMATCH, "Ann", 0, 5700),
        (FindingKind.AWARD_MISMATCH, "Bob", 5700, 0),
    ]


def test_four_cards_dealt_stays_omaha() -> None:
    ph = _hand(2)
    assert ph.problems == () and ph.hand.game.variant is Variant.OMAHA
    assert "variant" not in ph.hand.inferred
    assert _money(audit_hand(ph.hand)) == []


def test_a_show_of_more_cards_than_the_hero_was_dealt_keeps_the_game_line() -> None:
    """Ann shown with six cards while the hero was dealt five: the cards do not agree,
    so the game line's four stand and each line over four is a problem."""
    ph = _hand(0, lambda t: t.replace("[Ah 4h Td Ts 7c]", "[Ah 4h Td Ts 7c 6d]"))
    assert ph.hand.game.variant is Variant.OMAHA and "variant" not in ph.hand.inferred
    assert {p.code for p in ph.problems} == {ProblemCode.BAD_CARDS}


def test_pokerstars_itself_is_not_read_so() -> None:
    """PokerStars names its 5-card games ("5 Card Omaha"): five cards under a plain
    "Omaha" line there is a contradiction, a problem on the line."""
    ph = _hand(0, lambda t: t.replace("PokerMaster Hand", "PokerStars Hand"))
    assert ph.hand.game.variant is Variant.OMAHA
    assert {p.code for p in ph.problems} == {ProblemCode.BAD_CARDS}
