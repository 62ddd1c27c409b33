"""``declared_misread``: the site's words for a shown hand differ from what its cards make."""

from __future__ import annotations

from collections.abc import Iterator

from hhtools.audit.context import AuditContext
from hhtools.audit.findings import Finding
from hhtools.model.vocab import FindingKind, Half
from hhtools.rules.reading import describe_high, high_key, low_key


def declared_misread(ctx: AuditContext) -> Iterator[Finding]:
    """Each shown hand whose claimed high or low (typed by the grammar) is not the
    rules' reading with exactly two hole cards and three board cards.

    A description the grammar could not type makes no claim and is not checked.
    The line is the show line that carried the description.
    """
    settlement = ctx.settlement
    for sd in settlement.showdown:
        show = sd.show
        if sd.high is None or show.mucked:
            continue
        if show.claimed_high is not None:
            real = high_key(sd.high.category, sd.high.cards)
            if show.claimed_high != real:
                yield Finding(
                    FindingKind.DECLARED_MISREAD, sd.player, sd.board, 0, Half.HIGH, 0, 0,
                    f"the site says {sd.player} has {show.description}, but with exactly two "
                    f"hole cards the cards make {describe_high(sd.high.category, sd.high.cards)} "
                    f"({' '.join(sd.high.cards)}, {sd.high.category})",
                    show.line,
                )  # fmt: skip
        if show.claimed_low is not None:
            real_low = low_key(sd.low.cards) if sd.low else None
            if show.claimed_low != real_low:
                best = " ".join(sd.low.cards) if sd.low else "no qualifying low"
                yield Finding(
                    FindingKind.DECLARED_MISREAD, sd.player, sd.board, 0, Half.LOW, 0, 0,
                    f"the site says {sd.player}'s low is {show.low_description}, but the "
                    f"rules give {best}",
                    show.line,
                )  # fmt: skip
