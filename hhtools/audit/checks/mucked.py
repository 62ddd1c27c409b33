"""``mucked_winner``: a known hand mucked at showdown would have won a share of a pot.

A player whose hole cards are known (dealt to the hero, or listed as mucked in the
summary) reached the showdown without folding and did not show; read by the rules
against the hands shown, the hand wins part of a pot the player was eligible for.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from hhtools.audit.context import AuditContext
from hhtools.audit.findings import Finding, pot_label
from hhtools.audit.settle import PotSettlement, ShowdownHand
from hhtools.model.money import format_money
from hhtools.model.vocab import FindingKind, Half
from hhtools.model.cards import check_distinct, to_codes
from hhtools.rules.evaluator import InvalidHandError, best_high, best_low, high_value, low_value
from hhtools.rules.settlement import Contender, award_pot


def mucked_winner(ctx: AuditContext) -> Iterator[Finding]:
    """One finding per (player, board, pot) the mucked hand would have won a share of.

    ``due`` is what the rules would have given the player from that pot (minor units,
    the pot re-awarded with the mucked hand among the shown ones); ``paid`` is 0.
    """
    settlement = ctx.settlement
    if not settlement.showdown:
        return
    folded = settlement.rebuild.folded
    shown = {(sd.player, sd.board) for sd in settlement.showdown if not sd.show.mucked}
    if not _unshown(ctx.hand.hole_cards, folded, shown, len(ctx.hand.boards)):
        return  # every known hand folded or shown on each board (most showdowns)
    readings: dict[int, dict[str, ShowdownHand]] = {}
    for sd in settlement.showdown:
        if not sd.show.mucked and sd.high is not None:
            readings.setdefault(sd.board, {})[sd.player] = sd
    muck_lines = {s.player: s.line for s in ctx.hand.shows if s.mucked}
    for known in _mucked(ctx, readings, folded, shown):
        for pot in settlement.pots:
            if pot.board != known.board or known.player not in pot.eligible or pot.award is None:
                continue
            line = muck_lines.get(known.player, 0)
            found = _would_win(ctx, known, pot, readings[known.board], line)
            if found is not None:
                yield found


def _unshown(
    players: dict[str, tuple[str, ...]], folded: frozenset[str], shown: set[tuple[str, int]],
    boards: int,
) -> bool:  # fmt: skip
    """Whether a player of ``players`` did not fold and was not ``shown`` on one of the
    ``boards`` (the only hands :func:`_mucked` values)."""
    for p in players:  # (loops: generators cost more than the few players known)
        if p not in folded:
            for b in range(boards):
                if (p, b) not in shown:
                    return True
    return False


@dataclass(slots=True)
class _Known:
    """A hand known but not shown at showdown, valued on one board (its cards read
    only for a finding: most such hands win nothing)."""

    player: str
    board: int
    hole: tuple[str, ...]
    cards: tuple[str, ...]  # the board's
    high: int  # :func:`~hhtools.rules.evaluator.best_high`'s value
    low: int | None  # :func:`~hhtools.rules.evaluator.best_low`'s value, None: no low


def _mucked(
    ctx: AuditContext, readings: dict[int, dict[str, ShowdownHand]], folded: frozenset[str],
    shown: set[tuple[str, int]],
) -> Iterator[_Known]:  # fmt: skip
    """Each known hand not shown (``shown``: the (player, board) of each hand shown
    and not mucked) and not ``folded``, valued on each whole board that has shown
    hands (board by board, players in the record's order): the values
    :func:`~hhtools.rules.evaluator.best_high` and ``best_low`` give, skipping the
    hands they refuse (a card unread or dealt twice), without reading out the cards."""
    hand = ctx.hand
    g = hand.game
    for b, board in enumerate(hand.boards):
        if len(board) != 5 or not readings.get(b):
            continue
        for player, hole in hand.hole_cards.items():
            if player in folded or (player, b) in shown or not 4 <= len(hole) <= 6:
                continue
            try:
                h, c = to_codes(hole), to_codes(board)
                check_distinct(h + c)
                high = high_value(h, c)
                low = low_value(h, c, g.qualifier) if g.hi_lo else None
            except (ValueError, InvalidHandError):
                continue
            yield _Known(player, b, hole, board, high, low)


def _would_win(
    ctx: AuditContext, known: _Known, pot: PotSettlement, board: dict[str, ShowdownHand],
    line: int,
) -> Finding | None:  # fmt: skip
    """The finding about the muck's ``line`` when ``known`` would have won part of
    ``pot`` against the hands shown on its board, else ``None``."""
    hand, g, player = ctx.hand, ctx.hand.game, known.player
    rivals = [board[p] for p in pot.eligible if p in board]
    if not rivals:
        return None
    contenders = [
        Contender(r.player, r.high.value, r.low.value if r.low else None)  # type: ignore[union-attr]
        for r in rivals
    ]
    contenders.append(Contender(player, known.high, known.low))
    contenders.sort(key=lambda c: pot.eligible.index(c.player))
    award = award_pot(pot.net, contenders, g.hi_lo, hand.odd_chips)
    due = award.due(player, Half.ALL)
    if due <= 0:
        return None
    high = best_high(known.hole, known.cards)
    what = f"{' '.join(high.cards)} ({high.category})"
    if known.low is not None and award.due(player, Half.LOW):
        low = best_low(known.hole, known.cards, g.qualifier)  # the low valued above
        if low is not None:
            what += f", low {low.ranks}"
    return Finding(
        FindingKind.MUCKED_WINNER, player, known.board, pot.pot, Half.ALL, 0, due,
        f"{player} mucked {' '.join(known.hole)} at showdown: {what} would have won "
        f"{format_money(due, g.currency)} of the {pot_label(pot.pot)}",
        line,
    )  # fmt: skip
