"""What a KingsClub hand leaves implicit: the board of a "wins" line (not written).

Plain arithmetic over the amounts written (minor units); no poker rules.
"""

from __future__ import annotations

from dataclasses import replace

from hhtools.grammars import _kit as k

__all__ = ["on_boards"]


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
    return [replace(c, board=None) for c in collects]
