"""One hand under audit: what every check reads (:class:`AuditContext`).

:func:`hhtools.audit.audit_hand` builds one context per hand and passes it to each
check of :data:`hhtools.audit.checks.CHECKS`. Besides the hand and its settlement it
keeps the facts several checks share (the betting replayed, the players dealt in around
the button, the posts by kind...), each worked out once, on first use, by the function
that defines it (:meth:`AuditContext.fact`): no state outlives the hand, and a check's
signature shows everything it reads.
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
    """

    __slots__ = ("_facts", "hand", "settlement")

    def __init__(self, hand: HandHistory, settlement: HandSettlement) -> None:
        self.hand = hand
        self.settlement = settlement
        self._facts: dict[Callable[[AuditContext], Any], Any] = {}

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
