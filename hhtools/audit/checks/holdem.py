"""``holdem_misread_prone``: read with any five cards, the hand is better than its Omaha reading.

The classic misreads (DESIGN.md, "Findings"): a board flush with one suited hole
card, board trips with no pair in hand, two pair on the board with one matching
card, a straight needing one hole card. Worth a look for training; not an error.
"""

from __future__ import annotations

from collections.abc import Iterator

from hhtools.audit.context import AuditContext
from hhtools.audit.findings import Finding
from hhtools.model.vocab import FindingKind, Half, HandCategory
from hhtools.rules.reading import holdem_category, holdem_reading

_ORDER = {c: i for i, c in enumerate(HandCategory)}


def holdem_misread_prone(ctx: AuditContext) -> Iterator[Finding]:
    """Each shown hand whose hold'em category beats its 2+3 category; the line is the show's."""
    hand, settlement = ctx.hand, ctx.settlement
    for sd in settlement.showdown:
        if sd.high is None or sd.show.mucked or sd.board >= len(hand.boards):
            continue
        board = hand.boards[sd.board]
        if _ORDER[holdem_category(sd.hole, board)] <= _ORDER[sd.high.category]:
            continue
        holdem = holdem_reading(sd.hole, board)
        yield Finding(
            FindingKind.HOLDEM_MISREAD_PRONE, sd.player, sd.board, 0, Half.HIGH, 0, 0,
            f"{sd.player}'s {' '.join(sd.hole)} reads as {holdem.category} "
            f"({' '.join(holdem.cards)}) with any five cards, but with exactly two hole "
            f"cards the best is {sd.high.category} ({' '.join(sd.high.cards)})",
            sd.line,
        )  # fmt: skip
