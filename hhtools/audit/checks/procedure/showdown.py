"""``procedure_showdown_order``: the wrong player showing first."""

from __future__ import annotations

from collections.abc import Iterator

from hhtools.audit.checks.procedure._table import (
    Step,
    finding,
    table,
)
from hhtools.audit.context import AuditContext
from hhtools.audit.findings import Finding
from hhtools.model import habits
from hhtools.model.records import ActionKind, HandHistory, Street
from hhtools.model.vocab import FindingKind
from hhtools.rules.pots import clockwise_order

_RIVER = Street.RIVER  # (a class attribute lookup costs several times a global)


def procedure_showdown_order(ctx: AuditContext) -> Iterator[Finding]:
    """The wrong player showing first.

    Seed 002, "The Showdown": "Active players show all four of their cards in
    clockwise order, beginning with the who was the last to bet or raise in the final
    betting round. If everyone checked in the final betting round, the first active
    player to the left of the dealer seat is the first to show"; seed 003, 11. Read
    only where the site format writes the shows in the order they happened (its
    :class:`~hhtools.model.habits.Habits`, for the hand's room), on one board, when
    nobody was all-in (all-in hands are turned up together) and the river was bet or
    checked by the players who show. A player who mucked without showing tells
    nothing: then no finding. A hand with fewer than two hands shown has no order of
    shows to judge (nothing is replayed for it: three hands in four at a cash table).
    """
    shown = 0
    for x in ctx.hand.shows:
        if not x.mucked:
            shown += 1
    if shown < 2:
        return
    steps = _readable(ctx)
    if steps is None:
        return
    hand = ctx.hand
    active = _active(hand, steps)
    river = [s for s in steps if s.act.street is _RIVER]
    if len(active) < 2 or not river:
        return
    aggr = [s for s in river if s.act.kind in (ActionKind.BET, ActionKind.RAISE)]
    first = aggr[-1].act.player if aggr else active[0]
    shows = sorted(
        (x for x in hand.shows if not x.mucked and x.player in active),
        key=lambda x: ctx.when(x.line),
    )
    mine = [x for x in shows if x.player == first]
    if not shows or not mine or shows[0].player == first:
        return
    x = shows[0]
    why = (
        f"{first} made the last bet or raise on the river"
        if aggr
        else f"the river was checked through and {first} is the first active player "
        "left of the dealer"
    )
    yield finding(
        FindingKind.PROCEDURE_SHOWDOWN_ORDER,
        x.player,
        x.line,
        f"{x.player} showed first; {why}, so {first} shows first (line {mine[0].line})",
    )


def _readable(ctx: AuditContext) -> list[Step] | None:
    """The hand's betting replayed when its showdown order can be read, else ``None``:
    the format writes its shows in order (for this room), the room wrote the text, a
    button, one whole board, no cash-out, nobody all-in."""
    hand = ctx.hand
    if not habits.of(hand.site_format).shows_ordered(hand.site) or hand.button is None:
        return None  # shows in an order of the site's own, or another room writing it
    t = table(ctx)  # (worked out once per hand: the blinds check has asked for it)
    if not t.wrote:
        return None  # a converter's text (site_wrote_it)
    if len(hand.boards) != 1 or len(hand.boards[0]) != 5 or hand.cash_outs:
        return None
    steps = t.steps
    if not steps or any(s.ends_all_in or s.act.all_in for s in steps):
        return None
    return steps


def _active(hand: HandHistory, steps: list[Step]) -> list[str]:
    """The players still in at the end, clockwise from the button's left (a player
    the text writes no action for is left out)."""
    final = steps[-1]
    folded = final.folded | ({final.act.player} if final.act.kind is ActionKind.FOLD else set())
    acted = {a.player for a in hand.actions}
    return [p for p in clockwise_order(hand) if p not in folded and p in acted]
