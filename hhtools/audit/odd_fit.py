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
settlement when, with it, every player was paid what the rules give in every pot. When
no known rule fits, a pot paid whole in which each tied player got the equal share
rounded down or up, to the unit, was paid by some placement of the odd units: rooms
place them their own way (real hands of two rooms, 2010 and 2012, give a tie's odd
chips last clockwise first: a 260 three-way tie paid 86 / 87 / 87 from the first tied
player left of the button, where the rules' clockwise order pays 87 / 87 / 86), so such
a pot is settled as the room paid it (:func:`odd_units_placed`). A hand paid wrong in any other way keeps
its findings. Amounts are integer minor units.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from math import ceil, floor

from hhtools.audit.settle import HandSettlement, PotSettlement
from hhtools.model import habits
from hhtools.model.records import HandHistory
from hhtools.model.vocab import Half, OddChips

__all__ = ["agrees", "odd_units_placed", "other_rule", "pot_agrees"]


def agrees(settlement: HandSettlement) -> bool:
    """Every pot the rules could award paid every player what they give."""
    for pot in settlement.pots:
        if pot.award is not None and not pot_agrees(pot):
            return False
    return True


def pot_agrees(pot: PotSettlement) -> bool:
    """Every line of ``pot`` paid what the rules give (a line with no due, on a pot
    the rules could not award, never agrees).

    >>> from hhtools.audit.settle import AwardLine
    >>> line = AwardLine("a", Half.ALL, 10, 10, None, None, None)
    >>> pot_agrees(PotSettlement(0, 0, 10, 10, ("a",), None, (line,)))
    True
    """
    for line in pot.lines:  # (a loop: a generator costs more than most pots' lines)
        if line.paid != line.due:
            return False
    return True


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
        ``settlement`` when its format's rule is known
        (:meth:`~hhtools.model.habits.Habits.odd_rule_known`) or every player was paid
        what the rules give; else, for a hi/lo hand, the settlement by the first other
        known rule with which every pot paid every player what the rules give; else
        the settlement with the odd units placed as the room placed them
        (:func:`odd_units_placed`) when that is all that differs; else ``settlement``.
    """
    if habits.of(hand.site_format).odd_rule_known(hand.site) or agrees(settlement):
        return settlement
    if hand.game.hi_lo:
        for rule in OddChips:
            if rule is not hand.odd_chips:
                again = settle(replace(hand, odd_chips=rule))
                if agrees(again):
                    return again
    placed = odd_units_placed(settlement)
    return settlement if placed is None else placed


def odd_units_placed(settlement: HandSettlement) -> HandSettlement | None:
    """``settlement`` with each pot's odd units where the room paid them, when that is
    the only way the payments differ from what the rules give.

    A pot fits when only players of a tied half (two or more winners of it) were paid
    otherwise than the rules give, the site paid each half whole (the paid of its lines
    in one half add up to their due: the halving's odd unit stays with the high half)
    and each line's paid is its exact share of the pot (``share`` x ``net``) rounded down
    or up: a line whose share is a whole number of units must be paid it exactly, so
    only the players of a tied split can differ, by less than one unit each.

    Args:
        settlement: a hand's settlement by the rules' odd-chip rule.

    Returns:
        The settlement with ``due`` set to ``paid`` on the lines of the pots that
        differ (and the award's shares moved with them), or ``None`` when some pot that differs does not fit (or could not be
        awarded); amounts in minor units.

    >>> from fractions import Fraction as F
    >>> from hhtools.audit.settle import AwardLine as L
    >>> from hhtools.rules.settlement import PotAward
    >>> def pot(*lines):
    ...     award = PotAward(amount=260, high_winners=("a", "b", "c"), low_winners=())
    ...     return PotSettlement(board=0, pot=0, gross=260, net=260, eligible=(),
    ...                          award=award, lines=lines)
    >>> tie = pot(L("a", "all", 86, 87, F(1, 3), False, False),
    ...           L("b", "all", 87, 87, F(1, 3), False, False),
    ...           L("c", "all", 87, 86, F(1, 3), False, False))
    >>> [(x.player, x.due) for x in _placed(tie).lines]
    [('a', 86), ('b', 87), ('c', 87)]
    >>> _placed(pot(L("a", "all", 85, 87, F(1, 3), False, False),
    ...             L("b", "all", 88, 87, F(1, 3), False, False),
    ...             L("c", "all", 87, 86, F(1, 3), False, False))) is None
    True
    """
    pots = []
    for pot in settlement.pots:
        if pot.award is None or all(line.paid == line.due for line in pot.lines):
            pots.append(pot)
            continue
        fitted = _placed(pot)
        if fitted is None:
            return None
        pots.append(fitted)
    return replace(settlement, pots=tuple(pots))


def _placed(pot: PotSettlement) -> PotSettlement | None:
    """``pot`` with due set to paid when only its odd units differ (see
    :func:`odd_units_placed`), else ``None``."""
    if pot.award is None or any(line.due is None or line.share is None for line in pot.lines):
        return None
    tied = {p for group in (pot.award.high_winners, pot.award.low_winners) if len(group) > 1
            for p in group}  # fmt: skip
    if any(line.paid != line.due and line.player not in tied for line in pot.lines):
        return None  # only a tied half's players share its odd units
    halves: dict[str, int] = {}
    for line in pot.lines:
        halves[line.half] = halves.get(line.half, 0) + line.paid - (line.due or 0)
    if any(halves.values()):
        return None  # a half paid short or over: not the odd units of a tie
    for line in pot.lines:
        exact = line.share * pot.net if line.share is not None else None
        if exact is None or not floor(exact) <= line.paid <= ceil(exact):
            return None
    shares = dict(pot.award.shares) if pot.award is not None else {}
    for line in pot.lines:
        moved = line.paid - (line.due or 0)
        got = shares.get(line.player)
        if moved and got is not None:
            low = line.half == Half.LOW
            high_units, low_units = got.high + (0 if low else moved), got.low + (moved if low else 0)
            shares[line.player] = replace(got, high=high_units, low=low_units,
                                          total=high_units + low_units)  # fmt: skip
    award = replace(pot.award, shares=shares) if pot.award is not None else None
    lines = tuple(replace(line, due=line.paid) for line in pot.lines)
    return replace(pot, award=award, lines=lines)
