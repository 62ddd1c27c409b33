"""``holdem_misread_prone``: read with any five cards, the hand is better than its Omaha reading.

The classic misreads (DESIGN.md, "Findings"): a board flush with one suited hole
card, board trips with no pair in hand, two pair on the board with one matching
card, a straight needing one hole card. Worth a look for training; not an error.
"""

from __future__ import annotations

from collections.abc import Iterator

from hhtools.audit.context import AuditContext
from hhtools.audit.findings import Finding
from hhtools.model.cards import to_codes
from hhtools.model.vocab import FindingKind, Half
from hhtools.rules.any_five import any_five_high, any_five_value

_HIGH, _MISREAD = Half.HIGH, FindingKind.HOLDEM_MISREAD_PRONE


def holdem_misread_prone(ctx: AuditContext) -> Iterator[Finding]:
    """Each shown hand whose hold'em category beats its 2+3 category; the line is the show's.

    Both readings are on one scale (:func:`hhtools.rules.evaluator.high_value`'s: its
    category in the bits from 20 up), so the categories are compared as numbers, and the
    hold'em reading's cards (:func:`hhtools.rules.reading.holdem_reading`'s) are read
    out only for a finding, from the value already worked out. The cards were read
    and found distinct when the 2+3 reading was made (``sd.high``).
    """
    hand, settlement = ctx.hand, ctx.settlement
    for sd in settlement.showdown:
        if sd.high is None or sd.show.mucked or sd.board >= len(hand.boards):
            continue
        codes = to_codes((*sd.hole, *hand.boards[sd.board]))
        value = any_five_value(codes)
        if value >> 20 <= sd.high.value >> 20:
            continue
        holdem = any_five_high(codes, value)
        yield Finding(
            _MISREAD, sd.player, sd.board, 0, _HIGH, 0, 0,
            f"{sd.player}'s {' '.join(sd.hole)} reads as {holdem.category} "
            f"({' '.join(holdem.cards)}) with any five cards, but with exactly two hole "
            f"cards the best is {sd.high.category} ({' '.join(sd.high.cards)})",
            sd.line,
        )  # fmt: skip
