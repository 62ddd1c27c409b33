"""Money as printed by poker sites, parsed into integer minor units, and back to text.

One function, :func:`parse_money`, owns every conversion from text to an ``int``;
:func:`format_money` (for a reader: "$1.25", "1,250") and :func:`amount_text` (a
plain number: "1.25", "1250") own every conversion back.
The caller says which unit the hand counts in (:class:`Unit`): real-money cash is
counted in cents, tournament and play-money chips in whole chips. Floats are never used.
"""

from __future__ import annotations

import re
from enum import StrEnum

__all__ = [
    "CHIP_CURRENCIES",
    "MAX_AMOUNT",
    "AmountOutOfRange",
    "CURRENCY_SYMBOLS",
    "SYMBOL_CLASS",
    "Unit",
    "amount_text",
    "buy_in_total",
    "format_money",
    "parse_money",
]

#: Currency symbols a site may print before an amount, with their ISO code. "¥" is the
#: yuan: the club apps' tables and PokerStars' CNY tables write "¥25/¥50 CNY".
CURRENCY_SYMBOLS: dict[str, str] = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR", "¥": "CNY"}

#: A regex character class of :data:`CURRENCY_SYMBOLS`, for a grammar's amount pattern
#: (``SYMBOL_CLASS + "?\\d[\\d,]*"``): one list of symbols for every format.
SYMBOL_CLASS = "[" + "".join(re.escape(sym) for sym in CURRENCY_SYMBOLS) + "]"

#: ``currency`` values of hands counted in whole chips (tournaments, play money).
CHIP_CURRENCIES: frozenset[str] = frozenset({"PLAY", "CHIPS", ""})

_SYMBOL_OF = {"USD": "$", "EUR": "€", "GBP": "£", "CAD": "C$", "INR": "₹", "CNY": "¥"}

_STRIP = "".join(CURRENCY_SYMBOLS) + " \u00a0\u202f"
_SEPARATORS = (",", ".", " ", "\u00a0", "\u202f", "'")


class Unit(StrEnum):
    """The minor unit a hand counts its money in."""

    CENTS = "cents"  #: real money: ``$1.25`` -> 125, ``$25`` -> 2500
    CHIPS = "chips"  #: tournament or play chips: ``1500`` -> 1500


#: The first amount, in minor units, that no hand history holds: 10**11 is a billion
#: dollars or euros in cents, or a hundred billion tournament or play-money chips, far
#: above any stack or pot a site has dealt, and far below what an ``int64``
#: (DuckDB ``BIGINT``) column holds even summed over a billion hands (9.2 * 10**18).
#: An amount read from a history at or above it (a damaged line: "collected
#: 4294967296€" is 429,496,729,600 cents) is :class:`AmountOutOfRange`. Every grammar
#: bounds its amounts by this one number.
MAX_AMOUNT = 10**11


class AmountOutOfRange(ValueError):
    """An amount at or above :data:`MAX_AMOUNT` minor units, or a seat number no table
    has: text no real hand history holds (reported as an ``out_of_range`` problem)."""


_CACHE: dict[tuple[str, Unit], int] = {}
_CACHE_MAX = 1 << 16


def parse_money(text: str, unit: Unit) -> int:
    """Parse one printed amount into integer minor units.

    A currency symbol in front is ignored (the hand's header says the currency).
    Thousands may be grouped with ``,`` ``.`` ``'`` or spaces; a separator followed by
    exactly one or two final digits is the decimal point (``368,55``), one followed
    by three digits groups thousands (``1,234``).

    Args:
        text: the amount as printed, e.g. ``"$1,234.56"``, ``"1 430"``, ``"368,55"``.
        unit: :attr:`Unit.CENTS` for real-money cash, :attr:`Unit.CHIPS` for
            tournament and play chips.

    Returns:
        The amount in cents (``Unit.CENTS``) or chips (``Unit.CHIPS``).

    Raises:
        AmountOutOfRange: the amount is :data:`MAX_AMOUNT` minor units or more (a
            damaged history: no real hand holds it).
        ValueError: the text is not an amount, or it has a fraction in chips or more
            than two decimals in cents.

    >>> parse_money("$1,234.56", Unit.CENTS)
    123456
    >>> parse_money("€0.10", Unit.CENTS)
    10
    >>> parse_money("$25", Unit.CENTS)
    2500
    >>> parse_money("368,55", Unit.CENTS)
    36855
    >>> parse_money("1 430", Unit.CHIPS)
    1430
    >>> parse_money("25", Unit.CHIPS)
    25
    >>> parse_money("$0.5", Unit.CENTS)
    50
    >>> parse_money("¥0.30", Unit.CENTS), parse_money("¥25", Unit.CENTS)
    (30, 2500)
    >>> parse_money("1,500", Unit.CHIPS)
    1500
    >>> parse_money("1.5", Unit.CHIPS)
    Traceback (most recent call last):
    ...
    ValueError: chip amount with a fraction: '1.5'
    >>> parse_money("4294967296€", Unit.CENTS)
    Traceback (most recent call last):
    ...
    hhtools.model.money.AmountOutOfRange: amount out of range: '4294967296€'
    """
    key = (text, unit)
    hit = _CACHE.get(key)
    if hit is not None:  # amounts repeat a lot: blinds, bets, stacks
        return hit
    value = _parse_money(text, unit)
    if value >= MAX_AMOUNT:
        raise AmountOutOfRange(f"amount out of range: {text[:40]!r}")
    if len(_CACHE) >= _CACHE_MAX:
        _CACHE.clear()
    _CACHE[key] = value
    return value


def _parse_money(text: str, unit: Unit) -> int:
    s = text.strip(_STRIP)
    if s.isdigit():  # the common case: "25", "1500"
        return int(s) * 100 if unit is Unit.CENTS else int(s)
    if not any(ch.isdigit() for ch in s):
        raise ValueError(f"not an amount: {text!r}")
    whole, frac = s, ""
    cut = max(s.rfind(sep) for sep in _SEPARATORS)
    if cut >= 0 and 1 <= len(s) - cut - 1 <= 2:
        whole, frac = s[:cut], s[cut + 1 :]
    for sep in _SEPARATORS:
        whole = whole.replace(sep, "")
    if not whole:
        whole = "0"
    if not (whole.isdigit() and (frac == "" or frac.isdigit())) or not whole.isascii():
        raise ValueError(f"not an amount: {text!r}")
    if unit is Unit.CHIPS:
        if frac.strip("0"):
            raise ValueError(f"chip amount with a fraction: {text!r}")
        return int(whole)
    return int(whole) * 100 + (int(frac.ljust(2, "0")) if frac else 0)


def format_money(amount: int | None, currency: str) -> str:
    """Minor units for a reader: cents as "$1.25", chips as "1,250"; ``None`` as "".

    Args:
        amount: minor units (cents for a real currency, chips otherwise), or
            ``None`` for an unknown amount (a NULL column).
        currency: ISO code, ``PLAY`` or ``CHIPS``; a currency without a symbol
            here is written as its code ("SEK 1.25").

    >>> format_money(125, "USD"), format_money(-5, "EUR"), format_money(1250, "CHIPS")
    ('$1.25', '-€0.05', '1,250')
    >>> format_money(123456, "SEK"), format_money(None, "USD"), format_money(2550, "CNY")
    ('SEK 1,234.56', '', '¥25.50')
    """
    if amount is None:
        return ""
    amount = int(amount)
    if currency in CHIP_CURRENCIES:
        return f"{amount:,}"
    sign = "-" if amount < 0 else ""
    whole, cents = divmod(abs(amount), 100)
    symbol = _SYMBOL_OF.get(currency, currency + " ")
    return f"{sign}{symbol}{whole:,}.{cents:02d}"


def amount_text(amount: int, currency: str) -> str:
    """Minor units as a plain number: cents as exact decimals, chips as integers.

    Whole amounts drop the decimals (stakes read "0.05/0.10" and "2/4").

    >>> amount_text(5, "USD"), amount_text(1250, "EUR"), amount_text(200, "USD")
    ('0.05', '12.50', '2')
    >>> amount_text(40, "CHIPS"), amount_text(-350, "USD")
    ('40', '-3.50')
    """
    if currency in CHIP_CURRENCIES:
        return str(amount)
    sign = "-" if amount < 0 else ""
    whole, cents = divmod(abs(amount), 100)
    return f"{sign}{whole}" if cents == 0 else f"{sign}{whole}.{cents:02d}"


_ISO = re.compile(r"\b(USD|EUR|GBP|CAD|INR|CNY)\b")


def buy_in_total(text: str | None) -> tuple[int, str | None] | None:
    """A tournament's buy-in as the site prints it, summed: prize pool, bounty and fee.

    Args:
        text: e.g. ``"$200+$50+$15 USD"``, ``"€4.50+€0.50"``, ``"100+9"``.

    Returns:
        ``(total in minor units, ISO currency)``: cents when a currency sign or code is
        printed, else whole units with currency ``None`` (play money, chips);
        ``None`` for no text, a freeroll, text that holds no amounts, or a total too
        large for the store (a damaged header).

    >>> buy_in_total("$12.30+$12.25+$2.45 USD")
    (2700, 'USD')
    >>> buy_in_total("100+9")
    (109, None)
    >>> buy_in_total("Freeroll") is None
    True
    """
    if not text:
        return None
    code = _ISO.search(text)
    currency = code.group(1) if code else next(
        (iso for sym, iso in CURRENCY_SYMBOLS.items() if sym in text), None)
    body = _ISO.sub("", text)
    parts = [p for p in body.split("+") if any(ch.isdigit() for ch in p)]
    if not parts:
        return None
    unit = Unit.CENTS if currency else Unit.CHIPS
    try:
        total = sum(parse_money(p.strip(), unit) for p in parts)
    except ValueError:
        return None
    return (total, currency) if total < 2**62 else None  # beyond any store column
