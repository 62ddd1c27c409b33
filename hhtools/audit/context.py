"""One hand under audit: what every check reads (:class:`AuditContext`).

:func:`hhtools.audit.audit_hand` builds one context per hand and passes it to each
check of :data:`hhtools.audit.checks.CHECKS`. Besides the hand and its settlement it
keeps the facts several checks share (the betting replayed, the players dealt in around
the button, the posts by kind...), each worked out once, on first use, by the function
that defines it (:meth:`AuditContext.fact`): no state outlives the hand, and a check's
signature shows everything it reads.

Time: a check that asks whether one line came before another in the hand asks
:meth:`AuditContext.when`, never the line numbers themselves: most formats write a
hand oldest line first, but some write it newest first
(:attr:`~hhtools.model.records.HandHistory.newest_first`), and there a larger line is
an earlier event. The record's own lists (actions, shows, collects) are in time order
in both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from hhtools.audit.settle import HandSettlement
from hhtools.model.records import HandHistory

__all__ = ["AuditContext"]

T = TypeVar("T")
_UNSET: Any = object()  # a fact not worked out yet (None is a fact's value)


class AuditContext:
    """One hand, its settlement by the rules, and the facts the checks share.

    Attributes:
        hand: the hand as the site wrote it.
        settlement: what the rules made of it (:func:`hhtools.audit.settle.settle`).
        newest_first: the hand's lines run backwards in time
            (:attr:`~hhtools.model.records.HandHistory.newest_first`).
    """

    __slots__ = ("_facts", "hand", "newest_first", "settlement")

    def __init__(self, hand: HandHistory, settlement: HandSettlement) -> None:
        self.hand = hand
        self.settlement = settlement
        self.newest_first = hand.newest_first
        self._facts: dict[Callable[[AuditContext], Any], Any] = {}

    def when(self, line: int) -> int:
        """Where file line ``line`` of the hand comes in time: a number that grows
        with time, the line itself in a hand written oldest line first, its negative in
        one written newest first (the line and its place in time are each unique in a
        hand, so the order of lines in time is exact; 0, no line, stays 0: callers
        leave it out).

        Args:
            line: a file line of the hand (1-based).

        Returns:
            The line's place in time: of two lines, the one with the larger number
            here happened later.
        """
        return -line if self.newest_first else line

    def fact(self, make: Callable[[AuditContext], T]) -> T:
        """``make(self)``, worked out on the first call for this hand and kept.

        Args:
            make: a function of the context alone (a module-level function: it is the
                fact's key), e.g. the betting replayed action by action.

        Returns:
            What ``make`` returned for this hand (the same object on every call:
            callers must not change it).
        """
        value = self._facts.get(make, _UNSET)
        if value is _UNSET:
            value = self._facts[make] = make(self)
        return value  # type: ignore[no-any-return]
