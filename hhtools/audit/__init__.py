"""The audit: settle a hand by the rules, then run every check in the registry.

:func:`audit_hand` is the audit of one hand; :mod:`hhtools.audit.settle` does the
rules' part and :mod:`hhtools.audit.checks` lists the checks.
"""

from __future__ import annotations

from hhtools.audit.checks import CHECKS
from hhtools.audit.context import AuditContext
from hhtools.audit.findings import Finding
from hhtools.audit.settle import HandSettlement, settle
from hhtools.model.frozen import record
from hhtools.model.records import HandHistory

__all__ = ["AuditContext", "AuditResult", "Finding", "audit_hand"]


@record
class AuditResult:
    """One hand's settlement by the rules and the findings of every check, in order."""

    settlement: HandSettlement
    findings: tuple[Finding, ...]


def audit_hand(hand: HandHistory) -> AuditResult:
    """Audit one hand: settle it by the rules, then run :data:`~hhtools.audit.checks.CHECKS`
    on one :class:`~hhtools.audit.context.AuditContext` of the hand (built here, once).

    Args:
        hand: a parsed hand (any Omaha-family game, any number of boards).

    Returns:
        The :class:`AuditResult`. A hand whose showdown cannot be evaluated (cards
        unknown, board incomplete) gets its chip balance checked but no award findings.

    Raises:
        hhtools.model.cards.InvalidCardError: the hand's cards are impossible (a card
            shown twice or also on the board).
    """
    settlement = settle(hand)
    ctx = AuditContext(hand, settlement)
    findings = tuple(f for check in CHECKS for f in check(ctx))
    return AuditResult(settlement, findings)
