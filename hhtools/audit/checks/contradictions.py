"""``contradicted_line``: a line whose amount the rest of the hand contradicts."""

from __future__ import annotations

from collections.abc import Iterator

from hhtools.audit.context import AuditContext
from hhtools.audit.findings import Finding
from hhtools.model.money import format_money
from hhtools.model.vocab import FindingKind, Half

_WHAT = {"raise_to": "raise to", "returned": "uncalled bet returned"}


def contradicted_line(ctx: AuditContext) -> Iterator[Finding]:
    """One finding per line the rebuild had to settle as the rest of the hand agrees.

    A raise's "to" amount that the next call exceeds, or a returned amount that is not
    the uncalled excess, when the agreed amount makes the chips add up to the site's
    total pot (:func:`hhtools.rules.pots.rebuild`). The hand's pots, awards and chip
    balance use the agreed amount, so the line is reported once, here, and not as a
    chip imbalance and award mismatches. ``paid`` is the line's amount, ``due`` the
    agreed one (minor units).
    """
    hand, settlement = ctx.hand, ctx.settlement
    m = hand.game.currency
    for c in settlement.rebuild.corrections:
        yield Finding(
            FindingKind.CONTRADICTED_LINE, c.player, 0, 0, Half.ALL, c.stated, c.agreed,
            f"line {c.line}: the site wrote {c.player}'s {_WHAT.get(c.what, c.what)} as "
            f"{format_money(c.stated, m)}, but {c.evidence} agree on "
            f"{format_money(c.agreed, m)}; the hand is settled with {format_money(c.agreed, m)}",
            c.line,
        )  # fmt: skip
