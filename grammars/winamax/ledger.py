"""The money of a Winamax hand that its lines leave implicit: the uncalled bet inside a
collect line, and the pots a collect line covers.

Plain arithmetic over the amounts written (minor units); no poker rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from hhtools.grammars import _kit as k

__all__ = ["by_pot", "uncalled"]


def uncalled(
    put: Mapping[str, int], actions: Iterable[k.Action], collects: list[k.Collect],
    dead: Mapping[str, int] | None = None,
) -> tuple[list[k.Collect], tuple[k.Returned, ...], dict[str, int]]:
    """Winamax writes no return line: the uncalled excess of the player who put in most
    (what they put in over the next player's total:
    :func:`~hhtools.grammars._inferred.excess_returned`) is in the total pot and in their
    collect line (their last one: "from pot", or the "side pot" of one player it made).
    The record returns it (``Returned``, ``inferred``, on that collect's line) and takes
    it out of that collect and of the total, so the pots are the ones the players
    contested.

    Args:
        put: what each player put in over the hand (minor units).
        actions: the hand's posts and actions.
        collects: its collect lines, in order.
        dead: player -> the dead small blind among what they put in (posted out of
            position with the big blind): no bet anybody could call, so never part of
            the top player's excess.

    Returns:
        ``(collects, returned, put)``: the collects less the excess, the return (or
        none), and what each player put in, the excess taken off.
    """
    put = dict(put)
    back = k.excess_returned(put, (), actions) if len(put) > 1 else None
    if back is not None and dead and dead.get(back.player):
        over = back.amount - dead[back.player]  # the dead chips are in the pot, not over
        back = k.Returned(back.player, over, back.line, inferred=True) if over > 0 else None
    mine = [i for i, c in enumerate(collects) if back is not None and c.player == back.player]
    if back is None or not mine:
        return collects, (), put
    top, excess = back.player, back.amount
    i = max(mine, key=lambda ix: (collects[ix].pot, ix))
    c = collects[i]
    if c.amount < excess:
        return collects, (), put
    kept = list(collects)
    if c.amount == excess:
        del kept[i]
    else:
        kept[i] = k.Collect(c.player, c.amount - excess, c.pot, c.board, c.line, c.half)
    put[top] -= excess
    return kept, (k.Returned(top, excess, c.line, inferred=True),), put


def by_pot(
    actions: list[k.Action], collects: list[k.Collect], put: dict[str, int], room_added: int = 0,
    dead: dict[str, int] | None = None,
) -> tuple[list[k.Collect], tuple[int, ...], bool]:
    """The collects per pot, the pots' net amounts as the collects state them, and
    whether the lines' pots are their pots.

    Winamax names the pot of a collect line ("main pot", "side pot 1"), but a player
    who wins the main pot and a side pot gets one line, "from main pot", for both. The
    pots are the levels the all-in players' totals make (the kernel's
    :func:`~hhtools.grammars._pots.pots_of`). When the lines name every pot, their sums
    per pot are the pots' net amounts (``pot_parts``, after rake). When one player
    collects everything, their line is spread over the pots in proportion to the pots'
    sizes (largest remainder); those shares are the parts, when the player could win
    every pot (a short all-in paid everything "from main pot" was paid the main pot
    too much, not paid the side pots: spread, the finding named a side pot the player
    was never in). Otherwise the lines are
    kept as written, their pots not theirs (``False``: the audit gives each player's
    lines to the pots the player could win, ``HandHistory.pots_named``): a "main
    pot" line that covers a side pot too (a short all-in's main pot high half, the
    low halves of both pots to one player: the main pot "paid" more than it held)
    or a pot no line names.

    Args:
        actions: the hand's posts and actions (folds tell who is in).
        collects: the collect lines, the uncalled excess already taken out.
        put: what each player put in (minor units), without the uncalled excess.
        room_added: money the room put in the pot ("Hold-up to Pot"): the main pot's.
        dead: player -> dead chips among ``put``: at no level, in the main pot.

    Returns:
        ``(collects, parts, named)``: ``parts`` is empty when the lines are kept as
        written; ``named`` is ``False`` when their pots are not theirs.
    """
    folded = {a.player for a in actions if a.kind is k.ActionKind.FOLD}
    pots = k.pots_of(put, {p for p in put if p not in folded}, list(put), dead or None)
    gross = [g for g, _ in pots]
    if gross:
        gross[0] += room_added
    if len(gross) < 2 or not collects:
        return collects, (), True
    net_total = sum(c.amount for c in collects)
    per_pot = [sum(c.amount for c in collects if c.pot == ix) for ix in range(len(gross))]
    fits = all(paid <= size for paid, size in zip(per_pot, gross, strict=True))
    if all(per_pot) and sum(per_pot) == net_total and fits:
        return collects, tuple(per_pot), True
    players = {c.player for c in collects}
    if len(players) != 1 or any(c.half is not None for c in collects):
        return collects, (), False
    if any(not players <= set(eligible) for _, eligible in pots):
        return collects, (), False  # paid a pot the player was not in: not spread there
    shares = _in_proportion(net_total, gross)
    c0 = collects[0]
    spread = [k.Collect(c0.player, a, ix, 0, c0.line) for ix, a in enumerate(shares) if a]
    return spread, tuple(shares), True


def _in_proportion(amount: int, sizes: list[int]) -> list[int]:
    """``amount`` shared in proportion to ``sizes``, the units left over to the largest
    remainders (the first on a tie).

    >>> _in_proportion(10, [1, 2])
    [3, 7]
    """
    total = sum(sizes)
    shares = [amount * g // total for g in sizes]
    order = sorted(range(len(sizes)), key=lambda ix: (-(amount * sizes[ix] % total), ix))
    for ix in order[: amount - sum(shares)]:
        shares[ix] += 1
    return shares
