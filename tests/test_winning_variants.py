"""WPN (America's Cardroom) variants real files hold and the reader once lost:
hand-written fixtures in tests/fixtures/winning/, amounts worked out by hand, in cents."""

from __future__ import annotations

from pathlib import Path

from hhtools.grammars import winning

from hhtools.audit import audit_hand
from hhtools.model.records import Variant
from tests.award_probe import awards

FIX = Path(__file__).parent / "fixtures" / "winning"


def _hands(name: str) -> list:
    with (FIX / name).open("rb") as fh:
        return [winning.FORMAT.parse(ht) for ht in winning.FORMAT.split(fh, name)]


def test_new_5card_hilo_split() -> None:
    """'5Card Omaha H/L(Pot Limit)' is five-card Omaha hi/lo (it was an unknown game,
    the hand lost). Pot: 3 + 3 + 0.50 + 5 + 5 = $16.50, rake $0.80, $15.70 paid:
    Amy's trip jacks (Jh Js + Jc 9s 6d) the high half $7.85, Cat's 6-4-3-2-A (Ac 2c +
    3h 4d 6d) the low half $7.85 (Amy's best low 8-6-5-4-3)."""
    (ph,) = _hands("new_5card_hilo_split.txt")
    h = ph.hand
    assert ph.problems == ()
    assert h.game.variant is Variant.OMAHA5 and h.game.hi_lo
    assert (h.game.small_blind, h.game.big_blind) == (50, 100)
    assert len(h.hole_cards["Cat"]) == 5
    assert (h.total_pot, h.rake) == (1650, 80)
    assert sorted((c.player, c.amount) for c in h.collects) == [("Amy", 785), ("Cat", 785)]
    assert audit_hand(h).findings == ()
    text = (FIX / "new_5card_hilo_split.txt").read_text()
    wrong = text.replace("Amy collected $7.85", "Amy collected $15.70").replace(
        "Cat collected $7.85 from main pot\n", "")
    wrong = wrong.replace("won $7.85 with HI - three", "won $15.70 with HI - three").replace(
        "and won $7.85 with HI - high card", "and lost with HI - high card")
    # the whole pot to Amy: paid $15.70 of the pot, due $7.85; Cat due $7.85, paid none
    assert awards(winning.FORMAT, wrong) == {("Amy", 1570, 785), ("Cat", 0, 785)}
