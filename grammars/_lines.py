"""What every line-oriented text grammar needs: named line rules, matching, card text.

A grammar reads a hand one line at a time; every kind of line is one named pyparsing
``Regex`` element (:func:`_rule`), built once at module level, whose named groups are
its results names. :func:`_m` reads one line with one rule. :func:`_cards` reads the
usual card text ("Ts 9c 10d") and raises :class:`_BadCards` on anything else, so a
grammar can report a ``bad_cards`` problem for the line.
"""

from __future__ import annotations

import re
from typing import Any

import pyparsing as pp

__all__ = ["FAST"]


def _rule(name: str, pattern: str, flags: int = 0) -> pp.Regex:
    """One named line rule: a pyparsing Regex whose named groups are results names
    (``flags`` the :mod:`re` flags, ``re.IGNORECASE`` for a site that varies case)."""
    element = pp.Regex(pattern, flags).set_name(name)
    element.leave_whitespace()
    return element


#: ``True``: a line is read with the rule's own compiled pattern (``Regex.re``, what
#: ``Regex.parseImpl`` runs), giving the same groups as ``parse_string`` without
#: building a ``ParseResults`` per line (about 10x less overhead per line; the
#: tests check both paths agree on every fixture line). ``False``: ``parse_string``.
FAST = True

_ParseException = pp.ParseException


class _Results:
    """``ParseResults`` seen as a mapping whose missing names read ``None``."""

    __slots__ = ("_r",)

    def __init__(self, r: Any) -> None:
        self._r = r

    def __getitem__(self, key: str) -> Any:
        return self._r.get(key)


def _m(rule: pp.Regex, text: str) -> Any:
    """Parse ``text`` with one rule: its results by name, or ``None`` when it fails.

    Every rule's pattern is anchored at the end (``$``), so a match reads the whole
    line. Missing optional results read ``None``.
    """
    if FAST:
        return rule.re.match(text)
    try:
        return _Results(rule.parse_string(text))
    except _ParseException:
        return None


_CARD_RE = re.compile(r"(?:[2-9TJQKA]|10)[cdhs]")
_CARDS = frozenset(r + s for r in "23456789TJQKA" for s in "cdhs")


class _BadCards(ValueError):
    pass


def _cards(text: str) -> tuple[str, ...]:
    """``"Ts 9c 10d"`` -> ``("Ts", "9c", "Td")``; raises :class:`_BadCards`.

    >>> _cards("Ts 9c 10d")
    ('Ts', '9c', 'Td')
    """
    given = text.split()
    if _CARDS.issuperset(given):  # the common case: every card as the record writes it
        return tuple(given)
    out = []
    for c in given:
        if len(c) == 2 and c[0] in "23456789TJQKA" and c[1] in "cdhs":
            out.append(c)
        elif _CARD_RE.fullmatch(c):
            out.append("T" + c[2])
        else:
            raise _BadCards(f"not a card: {c!r}")
    return tuple(out)


_BRACKETS = re.compile(r"\[([^\]]*)\]")


def bracketed(text: str) -> str:
    """The text inside every "[..]" of ``text``, joined by spaces: the cards of a street
    line that writes the board so far and the new card apart.

    >>> bracketed("[9s Ts Kc][3h]")
    '9s Ts Kc 3h'
    """
    return " ".join(_BRACKETS.findall(text))
