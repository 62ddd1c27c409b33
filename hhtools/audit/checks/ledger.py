"""``chip_imbalance``: what was paid out differs from what was put in."""

from __future__ import annotations

from collections.abc import Iterator

from hhtools.audit.context import AuditContext
from hhtools.audit.findings import Finding
from hhtools.model.money import format_money
from hhtools.model.vocab import FindingKind, Half


def chip_balance(ctx: AuditContext) -> Iterator[Finding]:
    """The site's total pot, and what it paid out, against what went in.

    What the players put in (less uncalled bets returned, inferred ones included) must
    equal the site's total pot (with or without the money the room added), and the
    ledger must balance (DESIGN.md, "Findings"; "The store"): put in + room added =
    collected + rake + fees + jackpot + pots forfeited by cashed-out winners. A
    cash-out itself is paid by the site, outside the pot. ``paid`` is the site's
    amount, ``due`` what went in (minor units); the line is the total pot's. One
    finding per fact: a total pot that is exactly what the site paid out and took
    (a format that writes its pot after rake, its total then worked out from the
    payouts) is said once, by the payouts' finding, which names its parts.
    """
    hand, settlement = ctx.hand, ctx.settlement
    in_pot = settlement.rebuild.total
    currency = hand.game.currency
    collected = 0
    for c in hand.collects:  # (a loop: a generator costs more than most hands' lines)
        collected += c.amount
    forfeited = sum(c.forfeited for c in hand.cash_outs) if hand.cash_outs else 0
    taken = hand.rake + hand.fees + hand.jackpot
    paid_out = collected + taken + forfeited
    went_in = in_pot + hand.room_added
    same_fact = hand.total_pot == paid_out != went_in
    if (hand.total_pot is not None and not same_fact
            and hand.total_pot not in (in_pot, in_pot + hand.room_added)):  # fmt: skip
        yield Finding(
            FindingKind.CHIP_IMBALANCE, "", 0, 0, Half.ALL, hand.total_pot, in_pot,
            f"the site's total pot is {format_money(hand.total_pot, currency)} but the "
            f"actions put {format_money(in_pot, currency)} in the middle (after uncalled "
            f"bets returned)",
            hand.total_pot_line,
        )  # fmt: skip
    if paid_out != went_in:

        def m(v: int) -> str:
            return format_money(v, currency)

        parts = [f"collected {m(collected)}", f"rake {m(hand.rake)}"]
        parts += [f"{w} {m(v)}" for w, v in (("fees", hand.fees), ("jackpot", hand.jackpot),
                  ("pots kept for cashed-out players", forfeited)) if v]  # fmt: skip
        added = f" (with {m(hand.room_added)} added by the room)" if hand.room_added else ""
        yield Finding(
            FindingKind.CHIP_IMBALANCE, "", 0, 0, Half.ALL, paid_out, went_in,
            f"{' plus '.join(parts)} is {m(paid_out)}, but {m(went_in)} went in the "
            f"pot{added}",
            hand.total_pot_line,
        )  # fmt: skip
