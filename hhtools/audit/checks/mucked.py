"""``mucked_winner``: a known hand mucked at showdown would have won a share of a pot.

A player whose hole cards are known (dealt to the hero, or listed as mucked in the
summary) reached the showdown without folding and did not show; read by the rules
against the hands shown, the hand wins part of a pot the player was eligible for.
"""

from __future__ import annotations

from collections.abc import Iterator

from hhtools.audit.context import AuditContext
from hhtools.audit.findings import Finding, pot_label
from hhtools.audit.settle import ShowdownHand
from hhtools.model.money import format_money
from hhtools.model.vocab import FindingKind, Half
from hhtools.rules.evaluator import InvalidHandError, best_high, best_low
from hhtools.rules.settlement import Contender, award_pot


def mucked_winner(ctx: AuditContext) -> Iterator[Finding]:
    """One finding per (player, board, pot) the mucked hand would have won a share of.

    ``due`` is what the rules would have given the player from that pot (minor units,
    the pot re-awarded with the mucked hand among the shown ones); ``paid`` is 0.
    """
    hand, settlement = ctx.hand, ctx.settlement
    if not settlement.showdown:
        return
    g = hand.game
    folded = settlement.rebuild.folded
    shown = {(sd.player, sd.board) for sd in settlement.showdown if not sd.show.mucked}
    readings: dict[int, dict[str, ShowdownHand]] = {}
    for sd in settlement.showdown:
        if not sd.show.mucked and sd.high is not None:
            readings.setdefault(sd.board, {})[sd.player] = sd
    muck_lines = {s.player: s.line for s in hand.shows if s.mucked}
    for b, board in enumerate(hand.boards):
        if len(board) != 5 or not readings.get(b):
            continue
        for player, hole in hand.hole_cards.items():
            if player in folded or (player, b) in shown or not 4 <= len(hole) <= 6:
                continue
            try:
                high = best_high(hole, board)
                low = best_low(hole, board, g.qualifier) if g.hi_lo else None
            except (ValueError, InvalidHandError):
                continue
            for pot in settlement.pots:
                if pot.board != b or player not in pot.eligible or pot.award is None:
                    continue
                rivals = [readings[b][p] for p in pot.eligible if p in readings[b]]
                if not rivals:
                    continue
                contenders = [
                    Contender(r.player, r.high.value, r.low.value if r.low else None)  # type: ignore[union-attr]
                    for r in rivals
                ]
                contenders.append(Contender(player, high.value, low.value if low else None))
                contenders.sort(key=lambda c: pot.eligible.index(c.player))
                award = award_pot(pot.net, contenders, g.hi_lo, hand.odd_chips)
                due = award.due(player, Half.ALL)
                if due <= 0:
                    continue
                what = f"{' '.join(high.cards)} ({high.category})"
                if low is not None and award.due(player, Half.LOW):
                    what += f", low {low.ranks}"
                yield Finding(
                    FindingKind.MUCKED_WINNER, player, b, pot.pot, Half.ALL, 0, due,
                    f"{player} mucked {' '.join(hole)} at showdown: {what} would have won "
                    f"{format_money(due, g.currency)} of the {pot_label(pot.pot)}",
                    muck_lines.get(player, 0),
                )  # fmt: skip
