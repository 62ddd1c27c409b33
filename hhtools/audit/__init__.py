"""The audit: settle a hand by the rules, then run every check in the registry.

:func:`audit_hand` is the audit of one hand; :mod:`hhtools.audit.settle` does the
rules' part and :mod:`hhtools.audit.checks` lists the checks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hhtools.audit.checks import CHECKS
from hhtools.audit.context import AuditContext
from hhtools.audit.findings import Finding
from hhtools.audit.rake_fit import refit
from hhtools.audit.settle import HandSettlement, settle
from hhtools.model.frozen import maker, record
from hhtools.model.records import HandHistory
from hhtools.model.vocab import FindingGroup

__all__ = ["AuditContext", "AuditResult", "Finding", "audit_hand", "audit_hands", "judged"]


@record
class AuditResult:
    """One hand's settlement by the rules and the findings of every check, in order.

    Attributes:
        settlement: the rules' reading of what was read.
        findings: the findings reported.
        silenced: the findings the checks made that the hand's unread lines could
            have caused (:func:`judged`), in order; never stored, kept so that a
            measure or a test can count them. Empty for a hand read in full.
    """

    settlement: HandSettlement
    findings: tuple[Finding, ...]
    silenced: tuple[Finding, ...] = ()


#: :class:`AuditResult`'s builder (by position: written in C when compiled, no Python __new__)
_audited = maker(AuditResult)

#: The groups of findings any unread line silences: money paid or counted, hands named,
#: what the table did, warnings. A line not understood could be a collect, a return, a
#: show, a board card, a seat or a post: any of these findings could come from it.
_WHOLE_HAND = frozenset({FindingGroup.PAID, FindingGroup.NAMED, FindingGroup.PLAYED,
                         FindingGroup.WARNING})  # fmt: skip


def judged(
    finding: Finding, hand: HandHistory, when: Callable[[int], int] | None = None
) -> bool:
    """Whether a finding stands on what was read of a hand read in part (judge only
    what was read: shared/DESIGN.md; docs/architecture.md, "Hands read in part").

    * A money, award, misread, played or warning finding (groups ``paid``, ``named``,
      ``played``, ``warning``) never stands on a hand read in part: the unread line
      could be a collect, a return, a show, a board card, a seat or a post it depends on.
    * A procedure finding on line ``L`` stands when the hand's first unread line comes
      after ``L`` and after the first action the text writes after ``L`` (``L`` itself
      when none follows), "first" and "after" in time (``when``). The procedure up to
      ``L`` was read in full, and so was the step that shows how the betting went on
      past ``L``: a check may read it (the big blind's option is missed only if the
      next street opens without his action), and an unread line before it could be
      that very action. A line after both cannot change who was to post, act, bet how
      much or show first at ``L``. A procedure finding on no line (0) is about the
      whole hand, and does not stand.

    Args:
        finding: a finding of a check on ``hand``.
        hand: a hand with ``unread_lines`` (ascending file lines).
        when: a file line's place in time, growing with time
            (:meth:`AuditContext.when`); ``None``: the line itself (lines written
            oldest first).

    Returns:
        ``True`` when the finding is reported, ``False`` when it is silenced.
    """
    if finding.kind.group in _WHOLE_HAND or finding.line <= 0:
        return False
    if when is None:
        at = finding.line
        step = min((a.line for a in hand.actions if a.line > at), default=at)
        return hand.unread_lines[0] > step
    at = step = when(finding.line)
    for a in hand.actions:  # the first action after the finding's line, in time
        t = when(a.line) if a.line > 0 else at
        if t > at and (step == at or t < step):
            step = t
    return min(when(x) for x in hand.unread_lines) > step


def audit_hand(hand: HandHistory) -> AuditResult:
    """Audit one hand: settle it by the rules, then run :data:`~hhtools.audit.checks.CHECKS`
    on one :class:`~hhtools.audit.context.AuditContext` of the hand (built here, once).

    Args:
        hand: a parsed hand (any Omaha-family game, any number of boards).

    Returns:
        The :class:`AuditResult`. A hand whose showdown cannot be evaluated (cards
        unknown, board incomplete) gets its chip balance checked but no award findings.
        A hand read in part (``hand.unread_lines``) is settled all the same, and its
        findings are those :func:`judged` keeps, the others ``silenced``.

    Raises:
        hhtools.model.cards.InvalidCardError: the hand's cards are impossible (a card
            shown twice or also on the board).
    """
    ctx = _context(hand)
    return _result(ctx, tuple(f for check in CHECKS for f in check(ctx)))


def audit_hands(hands: Sequence[HandHistory]) -> list[AuditResult | Exception]:
    """Audit many hands: for each, what :func:`audit_hand` gives, or the exception it
    raises, in the hands' order; worked out stage by stage (every hand settled, then
    each check of :data:`~hhtools.audit.checks.CHECKS` over every hand), not hand by
    hand, so that each stage's code and tables stay in the processor's caches (the
    import's workers audit a chunk of hands so: benchmarks/bench_audit_batch.py).

    Each hand has its own :class:`~hhtools.audit.context.AuditContext`, so no hand's
    audit reads another's; a hand whose settlement or a check raises gets that
    exception in its place and no more checks, as :func:`audit_hand` would have
    raised it, and the other hands go on.

    Args:
        hands: parsed hands (any Omaha-family game, any number of boards).

    Returns:
        One item per hand, in order: its :class:`AuditResult` (the same findings, in
        the same order, as :func:`audit_hand`'s) or the :class:`Exception` raised.
    """
    out: list[AuditResult | Exception | None] = [None] * len(hands)
    live: list[tuple[int, AuditContext, list[Finding]]] = []
    for k, hand in enumerate(hands):
        try:
            live.append((k, _context(hand), []))
        except Exception as exc:  # noqa: BLE001 - returned in the hand's place
            out[k] = exc
    for check in CHECKS:
        going = []
        for item in live:
            try:
                item[2].extend(check(item[1]))
            except Exception as exc:  # noqa: BLE001 - returned in the hand's place
                out[item[0]] = exc
                continue
            going.append(item)
        live = going
    for k, ctx, findings in live:
        out[k] = _result(ctx, tuple(findings))
    return out  # type: ignore[return-value]  # every place filled above


def _context(hand: HandHistory) -> AuditContext:
    """The hand settled by the rules (the rake placed where its winnings name no pot:
    :func:`hhtools.audit.rake_fit.refit`) in a fresh context for the checks."""
    return AuditContext(hand, refit(hand, settle(hand), settle))


def _result(ctx: AuditContext, findings: tuple[Finding, ...]) -> AuditResult:
    """The hand's :class:`AuditResult`: its findings, those a hand read in part cannot
    stand on (:func:`judged`) moved to ``silenced``."""
    hand = ctx.hand
    if hand.unread_lines and findings:
        when = ctx.when if ctx.newest_first else None
        kept = tuple(judged(f, hand, when) for f in findings)
        return _audited(ctx.settlement, tuple(f for f, k in zip(findings, kept) if k),
                        tuple(f for f, k in zip(findings, kept) if not k))  # fmt: skip
    return _audited(ctx.settlement, findings)
