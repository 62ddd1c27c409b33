"""Where a tied half's odd units went, for a format whose room's rule is not known.

The rules (shared/DESIGN.md) give the units left over when a tied half is split one
each to the tied players, first clockwise from the button; some rooms give a tied low
half's leftover to the high half instead (:class:`~hhtools.model.vocab.OddChips`). A
format whose room's rule was read from real hands declares it (``HandHistory.odd_chips``)
and says so (:attr:`hhtools.model.habits.Habits.odd_chips_known`): the audit awards by
it. For the other formats the room's rule is not known for certain, so a hand paid by
another known rule, to the unit, is paid right by that room's rule: accused, it was an
award finding of one unit on each side of a split the room may well make so.

:func:`other_rule` settles such a hand again by each other known rule and keeps that
settlement when, with it, every player was paid what the rules give in every pot. A
hand paid wrong in any other way keeps its findings. Amounts are integer minor units.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from hhtools.audit.settle import HandSettlement
from hhtools.model import habits
from hhtools.model.records import HandHistory
from hhtools.model.vocab import OddChips

__all__ = ["agrees", "other_rule"]


def agrees(settlement: HandSettlement) -> bool:
    """Every pot the rules could award paid every player what they give."""
    return all(
        line.paid == line.due
        for pot in settlement.pots
        if pot.award is not None
        for line in pot.lines
    )


def other_rule(
    hand: HandHistory, settlement: HandSettlement,
    settle: Callable[[HandHistory], HandSettlement],
) -> HandSettlement:  # fmt: skip
    """The settlement of ``hand`` by the odd-chip rule its payments show, when its
    format's room's rule is not known.

    Args:
        hand: the hand read.
        settlement: its settlement by ``hand.odd_chips`` (the rules' clockwise units
            unless the format declares its room's rule).
        settle: the audit's settling function.

    Returns:
        ``settlement`` when the hand is not hi/lo, its format's rule is known
        (:meth:`~hhtools.model.habits.Habits.odd_rule_known`) or every player was paid
        what the rules give; else the settlement by the first other known rule with
        which every pot paid every player what the rules give, or ``settlement`` when
        none does.
    """
    if not hand.game.hi_lo or habits.of(hand.site_format).odd_rule_known(hand.site):
        return settlement
    if agrees(settlement):
        return settlement
    for rule in OddChips:
        if rule is not hand.odd_chips:
            again = settle(replace(hand, odd_chips=rule))
            if agrees(again):
                return again
    return settlement
