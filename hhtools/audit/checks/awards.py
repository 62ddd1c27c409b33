"""``award_mismatch``: the site paid a pot or a half differently from the rules."""

from __future__ import annotations

from collections.abc import Iterator

from hhtools.audit.context import AuditContext
from hhtools.audit.findings import Finding, hand_words, low_words, pot_label
from hhtools.audit.odd_fit import pot_agrees
from hhtools.audit.settle import PotSettlement, ShowdownHand
from hhtools.model.money import format_money
from hhtools.model.vocab import FindingKind, Half


def award_mismatch(ctx: AuditContext) -> Iterator[Finding]:
    """Every pot, half and player whose paid amount differs from the rules' due.

    Pots the rules cannot award (cards unknown) are not compared. A player who cashed
    out the hand is settled by the site outside the pot: the pots the rules give them
    are compared with what the site says it kept for them ("pot not awarded as player
    cashed out"), over the whole hand, and a difference names the cash-out. One finding
    per (pot, half, player), halves then players in order; ``paid`` and ``due`` in
    minor units; the line is the player's collect line (or the cash-out's).
    """
    hand, settlement = ctx.hand, ctx.settlement
    money = hand.game.currency
    cash_outs = {co.player: co for co in reversed(hand.cash_outs)}  # the first line of each
    for player, co in cash_outs.items():
        lines = [line for pot in settlement.pots for line in pot.lines if line.player == player]
        due = sum(line.due or 0 for line in lines)
        paid = sum(line.paid for line in lines)
        kept = sum(c.forfeited for c in hand.cash_outs if c.player == player)
        if paid + kept != due:
            yield Finding(
                FindingKind.AWARD_MISMATCH, player, 0, 0, Half.ALL, paid + kept, due,
                f"{player} cashed out the hand for {format_money(co.amount, money)}; the "
                f"rules give {player} {format_money(due, money)} of the pots, but the site "
                f"paid {format_money(paid, money)} and kept {format_money(kept, money)} for "
                f"the cash-out",
                co.line,
            )  # fmt: skip
    for pot in settlement.pots:
        if pot.award is None or pot_agrees(pot):
            continue  # (a line with no due is on a pot not awarded)
        readings = {sd.player: sd for sd in settlement.showdown if sd.board == pot.board}
        for line in sorted(pot.lines, key=lambda x: (x.half, x.player)):
            if line.due is None or line.paid == line.due or line.player in cash_outs:
                continue
            where = pot_label(pot.pot) + ("" if line.half == Half.ALL else f", {line.half} half")
            if pot.board or len(hand.boards) > 1:  # a run twice names its first board too
                where += f", board {pot.board + 1}"
            yield Finding(
                FindingKind.AWARD_MISMATCH, line.player, pot.board, pot.pot, line.half,
                line.paid, line.due,
                f"{where}: the site paid {line.player} {format_money(line.paid, money)}, "
                f"the rules give {format_money(line.due, money)}; "
                f"{_reason(pot, line.half, readings, hand.game.hi_lo)}",
                line.line or hand.total_pot_line,
            )  # fmt: skip


def _reason(pot: PotSettlement, half: Half, readings: dict[str, ShowdownHand], hi_lo: bool) -> str:
    award = pot.award
    assert award is not None
    if len(pot.eligible) == 1:
        # (the others folded, or are all in for less: "nobody else covered it" was
        # false of a player who covered it and folded)
        return f"{pot.eligible[0]} alone could win this pot (no other player still in covered it)"
    parts = []
    if half in (Half.HIGH, Half.ALL):
        names = " and ".join(hand_words(readings[p]) for p in award.high_winners if p in readings)
        if names:
            parts.append(f"high: {names}")
    if hi_lo and half in (Half.LOW, Half.ALL):
        if award.low_winners:
            parts.append("low: " + " and ".join(low_words(readings[p]) for p in award.low_winners))
        else:
            parts.append("no low qualifies, the high takes the whole pot")
    return "; ".join(parts) if parts else "by the rules"
