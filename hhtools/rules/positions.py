"""Named positions at the table, by the number of players dealt in.

Positions are named from the blinds and the button inward, as trackers name them
(PokerTracker 4, Hold'em Manager 3): the first player left of the button is the
small blind, the next the big blind, the button acts last after the flop, the seat
right of the button is the cutoff (CO), then the hijack (HJ), the lojack (LJ), the
middle position (MP), and the first to act preflop is under the gun (UTG), followed by
UTG+1 and UTG+2 at the fullest tables. Heads-up the button posts the small blind
(seed 002, "Blinds": heads-up the dealer posts the small blind), so the two seats are
BB (first left of the button) and BTN.
"""

from __future__ import annotations

from typing import Final

__all__ = ["POSITIONS", "position_names"]

#: every name, from the first to act preflop to the big blind (the display order)
POSITIONS: Final[tuple[str, ...]] = (
    "UTG", "UTG+1", "UTG+2", "MP", "LJ", "HJ", "CO", "BTN", "SB", "BB",
)  # fmt: skip

#: names of the seats between the big blind and the button (the button included), by
#: their number: the first is first to act preflop
_AFTER_BLINDS: Final[dict[int, tuple[str, ...]]] = {
    1: ("BTN",),
    2: ("CO", "BTN"),
    3: ("UTG", "CO", "BTN"),
    4: ("UTG", "HJ", "CO", "BTN"),
    5: ("UTG", "LJ", "HJ", "CO", "BTN"),
    6: ("UTG", "MP", "LJ", "HJ", "CO", "BTN"),
    7: ("UTG", "UTG+1", "MP", "LJ", "HJ", "CO", "BTN"),
    8: ("UTG", "UTG+1", "UTG+2", "MP", "LJ", "HJ", "CO", "BTN"),
}


def position_names(players: int) -> tuple[str, ...]:
    """The position of each player dealt in, clockwise from the first left of the button.

    Args:
        players: players dealt in (not sitting out), 0 to 10.

    Returns:
        One name per player, in clockwise order starting left of the button (the
        button last); ``()`` for 0 players, ``("BTN",)`` for one.

    Raises:
        ValueError: more than 10 players (no name is defined).

    >>> position_names(2)
    ('BB', 'BTN')
    >>> position_names(6)
    ('SB', 'BB', 'UTG', 'HJ', 'CO', 'BTN')
    >>> position_names(9)
    ('SB', 'BB', 'UTG', 'UTG+1', 'MP', 'LJ', 'HJ', 'CO', 'BTN')
    """
    if players <= 0:
        return ()
    if players == 1:
        return ("BTN",)
    if players == 2:
        return ("BB", "BTN")
    try:
        return ("SB", "BB", *_AFTER_BLINDS[players - 2])
    except KeyError:
        raise ValueError(f"no position names for {players} players (at most 10)") from None
