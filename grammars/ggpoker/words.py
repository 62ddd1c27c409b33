"""GGPoker's words, typed: game names of its headers and descriptions of shown hands.

Private helper of :mod:`hhtools.grammars.ggpoker` (kept apart so that module stays
short). GGPoker names its Omaha games "PLO", "PLO-5", "PLO-6", "Omaha Pot Limit",
"Omaha (NL postflop)" (pot limit before the flop, no limit after it), and hi/lo games
with "Hi/Lo" or "H/L" ("PLO Hi/Lo", "Omaha Hi/Lo Pot Limit"). Its Omaha tables describe
a shown hand in their own words: "Pair of Aces", "Pair of Kings and Pair of Tens",
"Three Treys", "Aces-High Straight", "Ace High Flush", "Fives Full over Nines",
"Queen-High"; its hold'em tables (and some newer clients) write PokerStars-like English
("a pair of Aces", "two pair, Aces and Fives"): the kernel's English reader
(:mod:`hhtools.grammars._english`) reads both.
"""

from __future__ import annotations

import re

from hhtools.grammars import _kit as k

__all__ = ["GAME_AT_END", "game_of", "read_gg_high", "read_gg_low"]

#: GGPoker's words for a high hand, its Omaha wording ("Fives Full over Nines", "Pair
#: of Kings and Pair of Tens", "Aces-High Straight", "Three Treys", "Queen-High") and
#: PokerStars English alike, are the English the kernel reads
#: (:func:`~hhtools.grammars._english.read_high`), each distinct text read once
read_gg_high = k.read_high_once


_LOW_WORDS = re.compile(r"^(?:a |low:?\s*)", re.IGNORECASE)


def read_gg_low(text: str | None) -> tuple[int, ...] | None:
    """Type a low description ("8,6,4,2,A", "Low: 7-5-4-3-A"), or ``None``.

    >>> read_gg_low("Low: 7-5-4-3-A")
    (7, 5, 4, 3, 1)
    """
    if not text:
        return None
    body = _LOW_WORDS.sub("", text.strip())
    return k.read_low(body.replace("-", ",").replace(" ", ""))


_PLO = re.compile(
    r"^(?:PLO|Pot Limit Omaha|Omaha)(?:[- ]?(?P<n>[456]))?"
    r"(?P<hl>\s*(?:Hi/Lo|H/L|Hi-Lo|8|Hi/Lo 8 or Better))?"
    r"(?:\s+(?P<s>Pot Limit|No Limit|Fixed Limit|Limit|\(NL postflop\)))?$",
    re.IGNORECASE,
)
_CARD_OMAHA = re.compile(
    r"^(?P<n>[456])[- ]Card (?:PLO|Omaha)(?P<hl>\s*(?:Hi/Lo|H/L))?"
    r"(?:\s+(?P<s>Pot Limit|No Limit|Fixed Limit|Limit|\(NL postflop\)))?$",
    re.IGNORECASE,
)
_STRUCTURES = k.STRUCTURE_WORDS | {"(nl postflop)": k.BettingStructure.NO_LIMIT}
_VARIANTS = {
    None: k.Variant.OMAHA, "4": k.Variant.OMAHA, "5": k.Variant.OMAHA5, "6": k.Variant.OMAHA6
}
_OTHER_GAME = re.compile(
    r"Hold'?em|NLH|Short ?Deck|6\+|Stud|Razz|Draw|Badugi|Triple", re.IGNORECASE
)
_OMAHA_WORD = re.compile(r"\b(?:Omaha|PLO|Big O|Courchevel)", re.IGNORECASE)

#: A game name at the end of a tournament's text ("..., High Rollers PLO Main Event
#: $1K Omaha Pot Limit"): the leftmost place from which a game name runs to the end.
GAME_AT_END = re.compile(
    r"(?:^|\s)(?P<game>(?:[456][- ]Card )?(?:Omaha|PLO(?:-?[456])?|Hold'?em|ShortDeck|"
    r"Short Deck|6\+ Hold'?em)(?: (?:Hi/Lo|H/L|Pot Limit|No Limit|Fixed Limit|Limit|"
    r"\(NL postflop\)))*)\s*$",
    re.IGNORECASE,
)


def game_of(name: str) -> tuple[k.Variant, bool, k.BettingStructure] | str | None:
    """Read a header's game name.

    Args:
        name: "PLO-5", "Omaha Pot Limit", "Omaha (NL postflop)", "Hold'em No Limit"...

    Returns:
        ``(variant, hi_lo, structure)`` for an Omaha game GGPoker names this way; a
        string (the reason to skip) for a game outside the Omaha family; ``None`` for
        an Omaha-like name, or any name it does not know as another game (an
        ``unknown_game`` problem).

    >>> game_of("PLO-5")[0].value
    'omaha5'
    >>> game_of("Omaha (NL postflop)")[2].value
    'no_limit'
    >>> game_of("Hold'em No Limit")
    "not an Omaha-family game: Hold'em No Limit"
    >>> game_of("Omaha Spread Limit") is None
    True
    """
    if name in _GAMES:
        return _GAMES[name]
    if len(_GAMES) > 1024:
        _GAMES.clear()
    got = _GAMES[name] = _game_of(name)
    return got


#: game names already read
_GAMES: dict[str, tuple[k.Variant, bool, k.BettingStructure] | str | None] = {}


def _game_of(name: str) -> tuple[k.Variant, bool, k.BettingStructure] | str | None:
    text = " ".join(name.split())
    m = _PLO.match(text) or _CARD_OMAHA.match(text)
    if m is not None:
        s = m.group("s")
        structure = _STRUCTURES[s.lower()] if s else k.BettingStructure.POT_LIMIT
        return (
            _VARIANTS[m.group("n") if m.group("n") != "4" else None],
            bool(m.group("hl")),
            structure,
        )
    if _OMAHA_WORD.search(text) or not _OTHER_GAME.search(text):
        return None  # a damaged or new Omaha name is a problem, not a skipped hand
    return f"not an Omaha-family game: {text}"
