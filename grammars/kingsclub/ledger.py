"""What a KingsClub hand leaves implicit: the board of a "wins" line (not written), and
the last side pot nobody contested (no "wins" line: the summary's result pays it).

Plain arithmetic over the amounts written (minor units); no poker rules.
"""

from __future__ import annotations

from typing import Any

from hhtools.grammars import _kit as k
from hhtools.grammars._pots import pots_of

__all__ = ["on_boards", "unwritten_side_pot"]


def on_boards(collects: list[k.Collect], n_boards: int) -> list[k.Collect]:
    """With several boards, the "wins" lines say no board: their board is ``None``.

    Args:
        collects: the hand's collects, in line order.
        n_boards: how many boards the hand has.

    Returns:
        The collects unchanged with one board or none; with several, each with board
        ``None`` (the audit then compares a player's amount over the boards).
    """
    if n_boards < 2:
        return collects
    return [k.Collect(c.player, c.amount, c.pot, None, c.line, c.half) for c in collects]


def unwritten_side_pot(h: Any, back: k.Returned | None) -> k.Collect | None:
    """The last side pot when nobody contested it and no "wins" line pays it.

    KingsClub writes a "wins" line for each pot a showdown or a fold decided, but none
    for a last side pot whose other players had folded (a real file, 2021: big blind 500,
    the 250 small blind folded after a 125 all-in call; "Player0 wins pot (375)" and the
    big blind's summary line "Seat 1: Hero (32,500)" with no result: he came out even,
    so the 250 over the main pot went back to him). What the player's summary result
    says he got back (result + put in - returned), less his "wins" lines, is that pot
    when it is exactly the size of the last pot built from what each put in (the
    uncalled excess returned first), and he is its only player who did not fold.

    Args:
        h: the hand read (the kernel's ``Hand`` with ``nets``, the summary results by
            player, and ``net_lines``, their lines).
        back: the uncalled excess returned that no line wrote (what
            :func:`~hhtools.grammars._inferred.excess_returned` gives), or ``None``.

    Returns:
        A collect of that pot (its index among the pots, on the player's summary line),
        or ``None`` when the hand has no such pot or the amounts do not agree exactly
        (then the hand is judged as written, or found cut short).
    """
    if len(h.put) < 2:
        return None
    returned: dict[str, int] = {}
    for r in (*h.returned, back) if back else h.returned:
        returned[r.player] = returned.get(r.player, 0) + r.amount
    if not any(p in h.nets and p not in h.folded and h.nets[p] + v - returned.get(p, 0)
               > sum(c.amount for c in h.collects if c.player == p) for p, v in h.put.items()):
        return None  # no live player got back more than his "wins" lines: no such pot
    net_in = {p: v - returned.get(p, 0) for p, v in h.put.items()}
    live = {p for p in net_in if p not in h.folded}
    pots = pots_of(net_in, live, sorted(net_in))
    if len(pots) < 2 or len(pots[-1][1]) != 1:
        return None
    amount, (player,) = pots[-1]
    if player not in h.nets or any(c.player == player and c.pot == len(pots) - 1
                                   for c in h.collects):  # fmt: skip
        return None
    got = h.nets[player] + h.put[player] - returned.get(player, 0)
    if got - sum(c.amount for c in h.collects if c.player == player) != amount:
        return None
    return k.Collect(player, amount, len(pots) - 1, 0, h.net_lines[player])
