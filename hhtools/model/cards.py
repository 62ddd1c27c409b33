"""Playing cards as small integers.

A card is an ``int`` code from 0 to 51::

    code = rank * 4 + suit

with ``rank`` 0..12 for ``2 3 4 5 6 7 8 9 T J Q K A`` and ``suit`` 0..3 for
``c d h s``. So ``"2c"`` is 0, ``"2d"`` is 1, ``"As"`` is 51. ``code >> 2`` is the
rank, ``code & 3`` the suit. Text is rank then suit (``"As"``, ``"Td"``); parsing
also takes ``"10d"``, lower or upper case, and the suit symbols ``♣ ♦ ♥ ♠``.
:func:`card_str` always writes the canonical two-character form (``"Td"``), which
is the form used in records.

Errors are :class:`InvalidCardError` (a :class:`ValueError`) and its subclass
:class:`DuplicateCardError`; both name the offending card in the message and in
their ``card`` attribute.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

__all__ = [
    "RANKS",
    "SUITS",
    "DuplicateCardError",
    "InvalidCardError",
    "card_str",
    "cards_str",
    "check_distinct",
    "dealt_twice",
    "parse_card",
    "parse_cards",
    "rank_of",
    "suit_of",
    "to_code",
    "to_codes",
]

RANKS = "23456789TJQKA"
"""Rank characters in code order (rank index 0 is the deuce, 12 the ace)."""
SUITS = "cdhs"
"""Suit characters in code order (suit index 0 is clubs, 3 spades)."""

_RANK_INDEX = {ch: i for i, ch in enumerate(RANKS)} | {
    ch.lower(): i for i, ch in enumerate(RANKS)
}
_RANK_INDEX["10"] = _RANK_INDEX["T"]
_SUIT_INDEX = {ch: i for i, ch in enumerate(SUITS)} | {ch.upper(): i for i, ch in enumerate(SUITS)}
_SUIT_INDEX |= {"♣": 0, "♦": 1, "♥": 2, "♠": 3, "♧": 0, "♢": 1, "♡": 2, "♤": 3}

# Every accepted spelling of every card, built once: parsing is one dict lookup.
_CARD_CODES: dict[str, int] = {
    r + s: ri * 4 + si for r, ri in _RANK_INDEX.items() for s, si in _SUIT_INDEX.items()
}
_CARD_TEXT: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)

# One card inside a run of cards written without spaces ("AsKd", "10d9c").
_TOKEN = re.compile(r"(10|[2-9tjqka])([cdhs♣♦♥♠♧♢♡♤])", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,]+")


class InvalidCardError(ValueError):
    """A card that cannot be read, such as ``"1s"`` or ``"Ax"``.

    Attributes:
        card: the offending text (or code) as given.
    """

    def __init__(self, card: object, message: str | None = None) -> None:
        self.card = card
        super().__init__(message or f"invalid card {card!r}")


class DuplicateCardError(InvalidCardError):
    """The same card appears twice where every card must be distinct.

    Attributes:
        card: the repeated card, in canonical text (``"As"``).
    """

    def __init__(self, card: str, message: str | None = None) -> None:
        super().__init__(card, message or f"duplicate card {card!r}")


def parse_card(text: str) -> int:
    """Parse one card into its code.

    Args:
        text: rank then suit, e.g. ``"As"``, ``"td"``, ``"10d"``, ``"Q♠"``;
            surrounding whitespace is ignored.

    Returns:
        The code ``rank * 4 + suit`` (0..51).

    Raises:
        InvalidCardError: the text is not a card.

    >>> parse_card("2c"), parse_card("As"), parse_card("10d"), parse_card("td")
    (0, 51, 33, 33)
    >>> parse_card("1s")
    Traceback (most recent call last):
    ...
    hhtools.model.cards.InvalidCardError: invalid card '1s'
    """
    try:
        return _CARD_CODES[text.strip()]
    except (KeyError, AttributeError):
        raise InvalidCardError(text) from None


def card_str(code: int) -> str:
    """The canonical text of a card code.

    Args:
        code: a card code 0..51.

    Returns:
        Two characters, rank then suit (``"Td"``).

    Raises:
        InvalidCardError: ``code`` is not a card code.

    >>> card_str(51), card_str(0), card_str(parse_card("10h"))
    ('As', '2c', 'Th')
    """
    if type(code) is not int or not 0 <= code < 52:  # bool is not a card either
        raise InvalidCardError(code)
    return _CARD_TEXT[code]


def cards_str(codes: Iterable[int]) -> str:
    """Codes as space-separated canonical text.

    >>> cards_str(parse_cards("As 10d"))
    'As Td'
    """
    return " ".join(card_str(c) for c in codes)


def rank_of(code: int) -> int:
    """Rank index of a code (0 for a deuce .. 12 for an ace).

    >>> rank_of(parse_card("As")), RANKS[rank_of(parse_card("Td"))]
    (12, 'T')
    """
    return code >> 2


def suit_of(code: int) -> int:
    """Suit index of a code (0 clubs, 1 diamonds, 2 hearts, 3 spades).

    >>> SUITS[suit_of(parse_card("Kh"))]
    'h'
    """
    return code & 3


def _split(text: str) -> list[str]:
    tokens: list[str] = []
    for chunk in _SEPARATORS.split(text.strip()):
        if not chunk:
            continue
        if chunk in _CARD_CODES:
            tokens.append(chunk)
            continue
        # Cards written together ("AsKd"): the chunk must be a run of cards, nothing else.
        pos = 0
        for match in _TOKEN.finditer(chunk):
            if match.start() != pos:
                break
            tokens.append(match.group(0))
            pos = match.end()
        if pos != len(chunk):
            raise InvalidCardError(chunk[pos:] or chunk)
    return tokens


def parse_cards(cards: str | Iterable[str | int], *, distinct: bool = True) -> tuple[int, ...]:
    """Parse several cards.

    Args:
        cards: text such as ``"As Kd"``, ``"As,Kd"`` or ``"AsKd"``, or a sequence of
            card texts and/or codes (``["As", "Kd"]``, ``[51, 46]``).
        distinct: when true (the default) a repeated card is an error.

    Returns:
        The codes, in the order given.

    Raises:
        InvalidCardError: a card cannot be read (named in the message).
        DuplicateCardError: ``distinct`` and a card appears twice (named).

    >>> parse_cards("As Kd"), parse_cards("AsKd"), parse_cards(["as", "10c"])
    ((51, 45), (51, 45), (51, 32))
    >>> parse_cards("As Kd as")
    Traceback (most recent call last):
    ...
    hhtools.model.cards.DuplicateCardError: duplicate card 'As'
    """
    items: Sequence[str | int]
    if isinstance(cards, str):
        items = _split(cards)
    else:
        items = cards if isinstance(cards, (tuple, list)) else tuple(cards)
    try:  # the usual case: card texts as a record holds them ("As")
        codes = tuple([_CARD_CODES[item] for item in items])  # type: ignore[index]
    except (KeyError, TypeError):  # codes, spaces, "10d"... or not a card: the careful way
        codes = tuple(to_code(item) for item in items)
    if distinct and len(set(codes)) != len(codes):
        check_distinct(codes)
    return codes


def to_code(card: str | int) -> int:
    """One card given as text or code, as a code (validated).

    >>> to_code("Ah"), to_code(50)
    (50, 50)
    """
    if type(card) is int:
        if 0 <= card < 52:
            return card
        raise InvalidCardError(card)
    if isinstance(card, str):
        return parse_card(card)
    raise InvalidCardError(card)


def to_codes(cards: str | Iterable[str | int]) -> tuple[int, ...]:
    """Like :func:`parse_cards` but repeated cards are allowed (checked elsewhere)."""
    return parse_cards(cards, distinct=False)


def check_distinct(codes: Sequence[int]) -> None:
    """Raise :class:`DuplicateCardError` naming the first repeated card, if any.

    >>> check_distinct((0, 1, 2))
    >>> check_distinct((0, 1, 0))
    Traceback (most recent call last):
    ...
    hhtools.model.cards.DuplicateCardError: duplicate card '2c'
    """
    seen: set[int] = set()
    for code in codes:
        if code in seen:
            raise DuplicateCardError(card_str(code))
        seen.add(code)


def dealt_twice(places: Iterable[tuple[str, Sequence[int]]]) -> str | None:
    """Which card is named twice across the places cards were given, and where, else ``None``.

    A deck holds each card once; the message names the card and both places, so a user
    sees which one to fix.

    Args:
        places: ``(where, codes)`` in the order given, ``where`` worded to follow "is":
            ``("in Alan's hand", (51, 50, ...))``, ``("on the board", ...)``,
            ``("among the dead cards", ...)``.

    Returns:
        ``"card As is both in Alan's hand and on the board"`` (``"card Kh is twice in
        Alan's hand"`` within one place), or ``None`` when every card is distinct.

    >>> dealt_twice([("in hand 1", (51, 50)), ("on the board", (0, 51))])
    'card As is both in hand 1 and on the board'
    >>> dealt_twice([("in hand 1", (46, 46))])
    'card Kh is twice in hand 1'
    >>> dealt_twice([("in hand 1", (46, 45))]) is None
    True
    """
    seen: dict[int, str] = {}
    for where, codes in places:
        mine: set[int] = set()
        for code in codes:
            if code in mine:
                return f"card {card_str(code)} is twice {where}"
            if code in seen:
                return f"card {card_str(code)} is both {seen[code]} and {where}"
            mine.add(code)
            seen[code] = where
    return None
