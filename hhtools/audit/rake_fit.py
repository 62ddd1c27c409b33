"""Where the rake came from, for a hand whose winnings name no pot.

The rules say how each pot is awarded, not how a site takes its rake (and fees and
jackpot money) from the pots. When the site prints what each pot paid, the audit
reads it (``HandHistory.pot_parts``); when its winnings lines name no pot at all
(``HandHistory.pots_named`` false: a contested side pot whose winnings lines say
only who won, or a site that writes each player's winnings once for all the pots),
the settlement takes the rake from the pots in proportion to their sizes, an
assumption the site need not share: some take less from a small side pot, some take
it all from the main pot. A hand paid right by the rules with the rake taken
another way was then a handful of award findings of a few units each.

:func:`refit` settles such a hand again with the rake taken from the pots some other
way, and keeps that settlement when, with it, every player was paid what the rules
give in every pot. A site that shifted money between two pots by no more than the
rake is not found this way: that is the rake's place, which no line says. Amounts
are integer minor units.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from hhtools.audit.odd_fit import agrees, other_rule
from hhtools.audit.settle import HandSettlement
from hhtools.model.records import HandHistory
from hhtools.model.vocab import PotPartsBasis

__all__ = ["MOST_TRIED", "rake_refit", "refit", "splits"]

#: at most this many ways of taking the rake are tried a hand (a hand with more rake
#: than this in minor units and two pots is tried nearest the proportional split first)
MOST_TRIED = 400


def splits(gross: list[int], taken: int, first: list[int]) -> Iterator[tuple[int, ...]]:
    """Pot sizes after ``taken`` is taken from the pots ``gross`` (main pot first),
    other than ``first`` (the proportional split): with two pots every split, nearest
    ``first`` first; with more, all of it from the main pot first, or from the last
    pot first.

    >>> list(splits([30, 12], 2, [29, 11]))
    [(28, 12), (30, 10)]
    >>> list(splits([30, 12, 4], 2, [29, 11, 4]))
    [(28, 12, 4), (30, 12, 2)]
    """
    if len(gross) == 2:
        low, high = max(gross[0] - taken, 0), gross[0]
        seen = 0
        for step in range(1, taken + 1):
            if seen >= MOST_TRIED:
                return
            for main in (first[0] - step, first[0] + step):
                side = gross[0] + gross[1] - taken - main
                if low <= main <= high and 0 <= side <= gross[1]:
                    seen += 1
                    yield main, side
        return
    for order in (range(len(gross)), range(len(gross) - 1, -1, -1)):
        left, out = taken, list(gross)
        for i in order:
            take = min(out[i], left)
            out[i], left = out[i] - take, left - take
        if out != first:
            yield tuple(out)


def refit(
    hand: HandHistory, settlement: HandSettlement,
    settle: Callable[[HandHistory], HandSettlement],
) -> HandSettlement:  # fmt: skip
    """The settlement of ``hand`` with its rake taken from the pots as the site's
    payments show, when they show it (:func:`rake_refit`), and then, a format whose
    room's odd-chip rule is not known, with a tied half's odd units placed by the other
    known rule when the payments show it (:func:`hhtools.audit.odd_fit.other_rule`).
    Same arguments and return as :func:`rake_refit`."""
    return other_rule(hand, rake_refit(hand, settlement, settle), settle)


def rake_refit(
    hand: HandHistory, settlement: HandSettlement,
    settle: Callable[[HandHistory], HandSettlement],
) -> HandSettlement:  # fmt: skip
    """The settlement of ``hand`` with its rake taken from the pots as the site's
    payments show, when they show it.

    Args:
        hand: the hand read.
        settlement: ``settle(hand)``, the rake taken in proportion to the pots.
        settle: the audit's settling function.

    Returns:
        ``settlement`` unless the hand's winnings name no pot, it has two or more pots
        and money taken from them (rake, fees, jackpot), and some player was not paid
        what the rules give; then the first settlement of another split of that money
        (:func:`splits`) with which every pot paid every player what the rules give
        (pot parts, net, as if the site had printed them), or ``settlement`` when none.
    """
    taken = hand.rake + hand.fees + hand.jackpot
    pots = settlement.rebuild.pots
    if hand.pots_named or taken <= 0 or len(pots) < 2 or hand.pot_parts or agrees(settlement):
        return settlement
    gross = [p.amount for p in pots]
    gross[0] += hand.room_added
    first = [0] * len(gross)
    for p in settlement.pots:
        first[p.pot] += p.net
    for parts in splits(gross, taken, first):
        again = settle(replace(hand, pot_parts=parts, pot_parts_basis=PotPartsBasis.NET))
        if agrees(again):
            return again
    return settlement
