"""``chip_imbalance``: what was paid out differs from what was put in."""

from __future__ import annotations

from collections.abc import Iterator

from hhtools.audit.findings import Finding
from hhtools.audit.settle import HandSettlement
from hhtools.model.money import format_money
from hhtools.model.records import HandHistory
from hhtools.model.vocab import FindingKind, Half


def chip_balance(hand: HandHistory, settlement: HandSettlement) -> Iterator[Finding]:
    """The site's total pot, and what it paid out, against what the actions put in.

    Put in (less uncalled bets returned) must equal the site's total pot, and the
    collected amounts plus the rake must equal it too (DESIGN.md, "Findings"). A hand
    with a cash-out is not held to the second: the site settled with that player.
    ``paid`` is the site's amount, ``due`` what the actions put in (minor units).
    """
    in_pot = settlement.rebuild.total
    currency = hand.game.currency
    if hand.total_pot is not None and hand.total_pot != in_pot:
        yield Finding(
            FindingKind.CHIP_IMBALANCE, "", 0, 0, Half.ALL, hand.total_pot, in_pot,
            f"the site's total pot is {format_money(hand.total_pot, currency)} but the "
            f"actions put {format_money(in_pot, currency)} in the middle (after uncalled "
            f"bets returned)",
            hand.total_pot_line,
        )  # fmt: skip
    collected = sum(c.amount for c in hand.collects)
    paid_out = collected + hand.rake
    if not settlement.cashed_out and paid_out != in_pot:
        yield Finding(
            FindingKind.CHIP_IMBALANCE, "", 0, 0, Half.ALL, paid_out, in_pot,
            f"collected {format_money(collected, currency)} plus rake "
            f"{format_money(hand.rake, currency)} is {format_money(paid_out, currency)}, "
            f"but {format_money(in_pot, currency)} was put in the pot",
            hand.total_pot_line,
        )  # fmt: skip
