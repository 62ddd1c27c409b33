"""The pots of a GGPoker hand, for its collect lines (private to
:mod:`hhtools.grammars.ggpoker`).

GGPoker's collect lines say "collected $x from pot" whatever the pot. With side pots
the grammar builds the pots from what each player put in (:func:`gg_pots`, with the
kernel's :func:`~hhtools.grammars._pots.pots_of`) and puts each collect line in a pot
(:func:`assign`). Money is integer minor units.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NamedTuple

from hhtools.grammars import _kit as k

__all__ = ["Record", "assign", "gg_pots", "with_ante"]


class Record(NamedTuple):
    """The whole-hand parts of a record: game, boards, collects, pot parts and basis,
    and whether the collects' pots are known (``False``: the audit gives each
    player's lines to the pots, :attr:`~hhtools.model.records.HandHistory.pots_named`)."""

    game: k.Game
    boards: tuple[tuple[str, ...], ...]
    collects: tuple[k.Collect, ...]
    pot_parts: tuple[int, ...]
    basis: k.PotPartsBasis | None
    pots_named: bool = True


def with_ante(game: k.Game, ante: int) -> k.Game:
    """``game`` with its ante set (minor units)."""
    if ante == game.ante:
        return game
    return k.Game(game.variant, game.hi_lo, game.structure, game.small_blind, game.big_blind,
                game.currency, game.qualifier, ante, game.tournament_id, game.buy_in,
                game.level, game.small_bet, game.big_bet)  # fmt: skip


def gg_pots(
    put: Mapping[str, int], returned: Iterable[k.Returned], folded: set[str], room_added: int,
    dead: Mapping[str, int] | None = None,
) -> list[tuple[int, tuple[str, ...]]]:
    """Gross pots ``(amount, eligible players)``, main pot first, as the rules build
    them (:func:`hhtools.grammars._pots.pots_of`: a level at each live player's total,
    chips of folded players above the top level in the last pot), from what each player
    put in less what went back; the room's money (a cash drop) in the main pot; a
    missed blind's ``dead`` chips (player -> minor units) in the main pot, at no level.

    >>> gg_pots({"a": 50, "b": 100, "c": 100}, [], set(), 0)
    [(150, ('a', 'b', 'c')), (100, ('b', 'c'))]
    """
    net = dict(put)
    for r in returned:
        net[r.player] = net.get(r.player, 0) - r.amount
    pots = k.pots_of(net, {p for p in net if p not in folded}, list(net), dict(dead or {}))
    if pots:
        pots[0] = (pots[0][0] + room_added, pots[0][1])
    return pots


def assign(
    game: k.Game,
    boards: tuple[tuple[str, ...], ...],
    pots: list[tuple[int, tuple[str, ...]]],
    collects: list[tuple[str, int, int, int]],
    runs: int,
) -> Record:
    """Put each collect line ``(player, amount, run, line)`` in a pot.

    A line of the only player who can win a side pot, for at least 90% and at most all
    of that pot, is that pot's (GGPoker pays such an uncontested pot whole in the first
    run; the line is shared between the runs as the audit shares a pot, the first run
    taking the odd unit). Any other line is the lowest pot its player can win. The pot
    parts are what each pot paid, after rake (``net``): GGPoker does not take its rake
    from the pots in proportion to their size, and it prints no pot parts. Lines that
    pay a pot more than it held are no parts (a short all-in paid an uncontested side
    pot on his line: the side pot's part was 0, the main pot's more than it held, and
    the audit judged the pots by those parts: nothing was found).

    A side pot two or more players could win (a short all-in's main pot and a side pot
    between the others) cannot be told from the main pot by the lines: then the lines
    keep no pot (``pots_named`` false, no pot parts) and the audit gives each player's
    lines to the pots the player could win (the lowest pot would have paid the main
    pot a contested side pot's winnings: the short all-in "due" both).
    """
    if any(len(eligible) > 1 for _, eligible in pots[1:]):
        out_all = [k.Collect(p, amount, 0, run, lno) for p, amount, run, lno in collects]
        return Record(game, boards, tuple(out_all), (), None, False)
    sole = {pot[1][0]: pot_ix for pot_ix, pot in enumerate(pots) if len(pot[1]) == 1 and pot_ix > 0}
    out: list[k.Collect] = []
    parts = [0] * max(len(pots), 1)
    for player, amount, run, lno in collects:
        pot_ix = sole.get(player)
        if pot_ix is not None and amount <= pots[pot_ix][0] and amount * 10 >= pots[pot_ix][0] * 9:
            sole.pop(player)
            parts[pot_ix] += amount
            for r in range(runs):
                share = amount - amount // runs * (runs - 1) if r == 0 else amount // runs
                out.append(k.Collect(player, share, pot_ix, r, lno))
            continue
        pot_ix = next((i for i, pot in enumerate(pots) if player in pot[1]), 0)
        parts[pot_ix] += amount
        out.append(k.Collect(player, amount, pot_ix, run, lno))
    if any(part > pot[0] for part, pot in zip(parts, pots)):
        # a pot paid more than it held (the short all-in paid a side pot too): the
        # lines are no pot's size after rake, and the pots keep their own sizes
        return Record(game, boards, tuple(out), (), None)
    return Record(game, boards, tuple(out), tuple(parts), k.PotPartsBasis.NET)
