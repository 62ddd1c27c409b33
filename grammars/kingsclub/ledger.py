"""What a KingsClub hand leaves implicit: the uncalled bet (no line returns it), the
board of a "wins" line (not written), and cards seen twice.

Plain arithmetic over the amounts written (minor units); no poker rules.
"""

from __future__ import annotations

from dataclasses import replace

from hhtools.model.records import Action, ActionKind, Collect, PostKind, Returned, Street

__all__ = ["on_boards", "twice", "uncalled"]


def uncalled(actions: list[Action]) -> tuple[Returned, ...]:
    """The excess of the player who put in most over the next one: never called, and not
    in the amounts won, so returned (KingsClub writes no line for it).

    Args:
        actions: the hand's posts and actions (minor units; raises with their totals).

    Returns:
        The return, ``inferred`` (the line is the player's last action), or none.
    """
    put: dict[str, int] = {}
    on_street: dict[tuple[Street, str], int] = {}
    for a in actions:
        key = (a.street, a.player)
        add = a.amount
        if a.kind is ActionKind.RAISE and a.to_amount is not None:
            add = a.to_amount - on_street.get(key, 0)
        if a.post is not PostKind.ANTE:
            on_street[key] = on_street.get(key, 0) + add
        put[a.player] = put.get(a.player, 0) + add
    if len(put) < 2:
        return ()
    ranked = sorted(put.items(), key=lambda kv: kv[1], reverse=True)
    excess = ranked[0][1] - ranked[1][1]
    if excess <= 0:
        return ()
    last = max(a.line for a in actions if a.player == ranked[0][0])
    return (Returned(ranked[0][0], excess, last, inferred=True),)


def on_boards(collects: list[Collect], n_boards: int) -> list[Collect]:
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
    return [replace(c, board=None) for c in collects]

def twice(sightings: list[tuple[int, str, tuple[str, ...]]]) -> tuple[int, str] | None:
    """The first card seen in two places (two players, or a player and a board). The
    boards of a run twice share their first cards: the boards are one owner.

    Args:
        sightings: ``(line, owner, cards)`` in line order; board owners start "*board".

    Returns:
        ``(line, message)`` for the line of the second sighting, or ``None``.

    >>> twice([(1, "A", ("Ah", "Kd")), (2, "*board1", ("Kd", "2c", "3c"))])
    (2, 'card Kd appears twice')
    """
    seen: dict[str, str] = {}
    for lno, owner, cards in sightings:
        own = "*board" if owner.startswith("*board") else owner
        if len(set(cards)) < len(cards):
            return lno, "a card appears twice on this line"
        for c in cards:
            if seen.setdefault(c, own) != own:
                return lno, f"card {c} appears twice"
    return None
