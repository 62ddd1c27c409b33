"""The games by their CLI names (``omaha``, ``omaha5-hilo``...): how each is shown down."""

from __future__ import annotations

from typing import Final

from hhtools.model.frozen import record

__all__ = ["GAMES", "GameRule", "UnknownGameError", "get_game"]


class UnknownGameError(ValueError):
    """A game name that is not a key of :data:`GAMES`."""


@record
class GameRule:
    """How a game is shown down.

    Attributes:
        name: the CLI name (``"omaha6-hilo"``).
        hole_cards: hole cards per player (4, 5 or 6).
        hi_lo: the pot is split high/low (with a qualifier) rather than high only.
    """

    name: str
    hole_cards: int
    hi_lo: bool


GAMES: Final[dict[str, GameRule]] = {
    name: GameRule(name, n, hi_lo)
    for base, n in (("omaha", 4), ("omaha5", 5), ("omaha6", 6), ("courchevel", 5))
    for name, hi_lo in ((base, False), (base + "-hilo", True))
}
"""The eight games by CLI name. Courchevel plays like 5-card Omaha at showdown."""


def get_game(name: str) -> GameRule:
    """Look a game up by its CLI name.

    Raises:
        UnknownGameError: not one of :data:`GAMES`.

    >>> get_game("courchevel-hilo")
    GameRule(name='courchevel-hilo', hole_cards=5, hi_lo=True)
    """
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise UnknownGameError(
            f"unknown game {name!r} (expected one of: {', '.join(GAMES)})"
        ) from None
