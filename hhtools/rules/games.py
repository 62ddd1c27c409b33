"""The games by their CLI names (``omaha``, ``omaha5-hilo``...): how each is shown down."""

from __future__ import annotations

import re
from typing import Final

from hhtools.model.frozen import record

__all__ = [
    "GAMES", "GAME_ALIASES", "GameRule", "UnknownGameError", "get_game", "implied_structure",
    "resolve_game", "resolve_structure",
]


class UnknownGameError(ValueError):
    """A game name that is not a key of :data:`GAMES`."""


@record
class GameRule:
    """How a game is shown down.

    Attributes:
        name: the CLI name (``"omaha6-hilo"``).
        hole_cards: hole cards per player (2 to 7).
        hi_lo: the pot is split high/low (with a qualifier) rather than high only.
    """

    name: str
    hole_cards: int
    hi_lo: bool


GAMES: Final[dict[str, GameRule]] = {
    name: GameRule(name, n, hi_lo)
    for base, n in (("omaha", 4), ("omaha5", 5), ("omaha6", 6), ("courchevel", 5),
                    ("omaha2", 2), ("omaha7", 7))
    for name, hi_lo in ((base, False), (base + "-hilo", True))
}
"""The twelve games by CLI name. Courchevel plays like 5-card Omaha at showdown; omaha2
(seed 000: the original game, both hole cards played) and omaha7 (seed 001: "as many as
six or seven") deal 2 and 7 hole cards."""


def get_game(name: str) -> GameRule:
    """Look a game up by its CLI name or a common abbreviation (:func:`resolve_game`).

    Raises:
        UnknownGameError: not one of :data:`GAMES`.

    >>> get_game("courchevel-hilo")
    GameRule(name='courchevel-hilo', hole_cards=5, hi_lo=True)
    """
    if name in GAMES:
        return GAMES[name]
    try:
        return GAMES[resolve_game(name)]
    except (UnknownGameError, AttributeError, TypeError):
        raise UnknownGameError(
            f"unknown game {name!r} (expected one of: {', '.join(GAMES)}, or an abbreviation "
            "such as PLO, PLO8, O8, PLO5, Big O)"
        ) from None


def _squash(name: str) -> str:
    """Lower case without spaces, dashes, underscores, slashes or dots."""
    return re.sub(r"[\s\-_/.]+", "", name.lower())


#: common names players and sites use -> the CLI name (keys squashed by :func:`_squash`)
GAME_ALIASES: Final[dict[str, str]] = {
    **{_squash(g): g for g in GAMES},
    **dict.fromkeys(("plo", "plo4", "omahahi", "omahahigh", "potlimitomaha", "o", "o4"),
                    "omaha"),
    **dict.fromkeys(("plo8", "o8", "omaha8", "omahahilo", "omahahighlow", "plohilo",
                     "plohl", "flo8", "nlo8", "plo4hilo", "omahahilo8", "omaha8orbetter",
                     "omahahiloeightorbetter", "eightorbetter", "potlimitomahahilo",
                     "fixedlimitomahahilo", "limitomahahilo"), "omaha-hilo"),
    **dict.fromkeys(("nlo", "flo", "nlo4", "nolimitomaha", "fixedlimitomaha"), "omaha"),
    **dict.fromkeys(("plo5", "o5", "5co", "5cardomaha", "fivecardomaha", "omaha5hi",
                     "5cardplo"), "omaha5"),
    **dict.fromkeys(("bigo", "plo58", "plo5hilo", "o58", "5cardomahahilo",
                     "fivecardomahahilo", "5cardplo8", "plo5hl"), "omaha5-hilo"),
    **dict.fromkeys(("plo6", "o6", "6co", "6cardomaha", "sixcardomaha", "6plusomaha"),
                    "omaha6"),
    **dict.fromkeys(("plo68", "plo6hilo", "o68", "6cardomahahilo", "sixcardomahahilo"),
                    "omaha6-hilo"),
    **dict.fromkeys(("courchevelhl", "courchevel8", "courchevelhighlow"), "courchevel-hilo"),
}  # fmt: skip


def resolve_game(name: str) -> str:
    """The store's game name (``hands.game``) for a name or a common abbreviation.

    Case, spaces, dashes and slashes do not matter: ``PLO``, ``plo4`` and ``Omaha Hi``
    are ``omaha``; ``PLO8``, ``O8`` and ``Omaha Hi/Lo`` are ``omaha-hilo``; ``PLO5``
    is ``omaha5``; ``Big O`` and ``PLO5-8`` are ``omaha5-hilo``; ``PLO6`` is
    ``omaha6``.

    Raises:
        UnknownGameError: a name that is none of these, with the names accepted.

    >>> resolve_game("PLO8"), resolve_game("Big O"), resolve_game("omaha5-hilo")
    ('omaha-hilo', 'omaha5-hilo', 'omaha5-hilo')
    """
    try:
        return GAME_ALIASES[_squash(name)]
    except KeyError:
        raise UnknownGameError(
            f"unknown game {name!r}: use one of {', '.join(GAMES)} or an abbreviation "
            "such as PLO, PLO5, PLO6, PLO8, O8, Big O"
        ) from None


#: the betting structure a game's abbreviation names (squashed prefix -> structure):
#: PLO is pot-limit Omaha, FLO8 fixed-limit Omaha hi/lo, NLO no-limit Omaha; Big O is
#: dealt pot limit
_STRUCTURE_PREFIXES: Final[tuple[tuple[str, str], ...]] = (
    ("potlimit", "pot_limit"), ("fixedlimit", "limit"), ("nolimit", "no_limit"),
    ("plo", "pot_limit"), ("flo", "limit"), ("nlo", "no_limit"), ("bigo", "pot_limit"),
    ("pl", "pot_limit"), ("fl", "limit"), ("nl", "no_limit"),
)  # fmt: skip


def implied_structure(name: str) -> str | None:
    """The betting structure a game name says (``PLO8``: pot_limit; ``FLO8``: limit),
    or ``None`` when it names none (``O8``, ``omaha-hilo``).

    >>> implied_structure("PLO8"), implied_structure("flo8"), implied_structure("O8")
    ('pot_limit', 'limit', None)
    """
    squashed = _squash(name)
    if squashed in GAMES or squashed in (_squash(g) for g in GAMES):
        return None
    for prefix, structure in _STRUCTURE_PREFIXES:
        if squashed.startswith(prefix):
            return structure
    return None


#: betting structures by the names players use (squashed)
STRUCTURE_ALIASES: Final[dict[str, str]] = {
    **dict.fromkeys(("pl", "potlimit", "pot"), "pot_limit"),
    **dict.fromkeys(("fl", "limit", "fixedlimit", "fixed"), "limit"),
    **dict.fromkeys(("nl", "nolimit"), "no_limit"),
}


def resolve_structure(name: str) -> str:
    """The store's betting structure (``hands.structure``) for ``PL``, ``pot-limit``,
    ``FL``, ``limit``, ``NL``, ``no limit``...

    Raises:
        ValueError: any other name, with the names accepted.

    >>> resolve_structure("PL"), resolve_structure("fixed-limit")
    ('pot_limit', 'limit')
    """
    try:
        return STRUCTURE_ALIASES[_squash(name)]
    except KeyError:
        raise ValueError(
            f"unknown betting structure {name!r}: use pot_limit (PL), limit (FL) or "
            "no_limit (NL)"
        ) from None
