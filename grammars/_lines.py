"""What every line-oriented text grammar needs: named line rules, matching, card text.

A grammar reads a hand one line at a time; every kind of line is one named pyparsing
``Regex`` element (:func:`_rule`), built once at module level, whose named groups are
its results names. :func:`_m` reads one line with one rule. :func:`_cards` reads the
usual card text ("Ts 9c 10d") and raises :class:`_BadCards` on anything else, so a
grammar can report a ``bad_cards`` problem for the line; :func:`localised_cards` reads
cards a client wrote with its language's rank letters (Swedish "Knh", Dutch "Vd").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import pyparsing as pp

__all__ = [
    "FAST", "RANKS_BY_LANGUAGE", "LineTable", "first_words", "insert_longest_first", "keep",
    "language_of", "localised_cards",
]  # fmt: skip


def _rule(name: str, pattern: str, flags: int = 0) -> pp.Regex:
    """One named line rule: a pyparsing Regex whose named groups are results names
    (``flags`` the :mod:`re` flags, ``re.IGNORECASE`` for a site that varies case)."""
    element = pp.Regex(pattern, flags)
    element.set_name(name)
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


_LEADING_GROUP = re.compile(r"\(\?(?::|P<\w+>)")


def first_words(pattern: str) -> tuple[str, ...]:
    """The first words a line rule's pattern reads: its literal text up to the first
    space, or each word of a leading group of words ("(?P<how>shows|mucks) ..."); a
    rule that reads a one-word line ("folds$") gives that word.

    >>> first_words(r"(?P<how>shows|mucks) \\[")
    ('shows', 'mucks')
    >>> first_words(r"folds$"), first_words(r"\\*\\* End")
    (('folds',), ('**',))
    """
    group = _LEADING_GROUP.match(pattern)
    body = pattern[group.end() :] if group else pattern
    head = body.partition(" ")[0].split("(?")[0]
    if head.endswith("$") and not head.endswith("\\$"):  # a one-word line: "folds$"
        head = head[:-1]
    head = head.replace("\\", "")
    head = head.rstrip(")") if group else head
    return tuple(head.split("|"))


Rule = tuple[str, Any]  # (kind, a named pyparsing Regex or a compiled re.Pattern)


#: the longest text :meth:`LineTable.match` keeps the reading of, and how many it keeps
_SHORT, _KEPT = 40, 4096


#: what :func:`keep` keeps and gives back, as it was given
_Found = TypeVar("_Found")


def keep(kept: dict[str, Any], text: str, found: _Found) -> _Found:
    """``found``, what a reading of ``text`` gave, kept in ``kept`` under the text when
    it is short (at most 40 characters; ``kept`` emptied first when it holds 4,096): a
    grammar's reading of what follows a player's name, found again by one lookup.

    >>> kept = {}; keep(kept, "folds", ("fold", None)), kept
    (('fold', None), {'folds': ('fold', None)})
    """
    if len(text) <= _SHORT:
        if len(kept) >= _KEPT:
            kept.clear()
        kept[text] = found
    return found


def _matcher(rule: Any) -> Callable[[str], Any]:
    """The one compiled call that reads a whole line with ``rule``: a pyparsing rule's
    own pattern (anchored at the end, :func:`_m`), or a plain pattern's ``fullmatch``."""
    return rule.re.match if isinstance(rule, pp.Regex) else rule.fullmatch


class LineTable(dict[str, tuple[Rule, ...]]):
    """Line rules keyed by the first word of the lines they read: a line is tried only
    against the rules of its first word, each by one compiled pattern.

    It is the mapping ``first word -> ((kind, rule), ...)`` (rules in the order
    given; a rule reading several first words is under each), and :meth:`match` reads
    a line with one dict lookup and the compiled pattern of each candidate, no object
    made per line but the word and the match. A short line read once is read again by
    one lookup of its whole text (what follows a player's name: "folds", "calls
    [$0.25]"): the kind and match found for it are kept (:func:`keep`), the same groups
    for the same text.

    >>> table = LineTable([("fold", _rule("fold", r"folds$")),
    ...                    ("call", _rule("call", r"calls (?P<amount>\\d+)$"))])
    >>> sorted(table)
    ['calls', 'folds']
    >>> kind, m = table.match("calls 25"); kind, m["amount"]
    ('call', '25')
    >>> table.match("calls 25 more") is None, table.match("raises 5") is None
    (True, True)
    """

    __slots__ = ("_compiled", "_kept")

    def __init__(self, rules: Iterable[Rule] = ()) -> None:
        super().__init__()
        compiled: dict[str, tuple[tuple[str, Callable[[str], Any]], ...]] = {}
        for kind, rule in rules:
            for word in first_words(rule.pattern):
                self[word] = (*self.get(word, ()), (kind, rule))
                compiled[word] = (*compiled.get(word, ()), (kind, _matcher(rule)))
        self._compiled = compiled
        self._kept: dict[str, tuple[str, Any]] = {}

    @classmethod
    def keyed(cls, entries: Iterable[tuple[str, str, Any]]) -> LineTable:
        """A table of rules keyed by the first words given with each, not read from its
        pattern (a pattern that starts with its alternatives in a group of its own):
        ``(first words, space-separated; kind; rule)`` entries, in order.

        >>> table = LineTable.keyed([("calls bets", "bet", _rule("bet", r"(?:calls|bets) 5$"))])
        >>> sorted(table), table.match("bets 5")[0]
        (['bets', 'calls'], 'bet')
        """
        table = cls()
        compiled = table._compiled
        for words, kind, rule in entries:
            for word in words.split():
                table[word] = (*table.get(word, ()), (kind, rule))
                compiled[word] = (*compiled.get(word, ()), (kind, _matcher(rule)))
        return table

    def match(self, text: str) -> tuple[str, Any] | None:
        """The kind and match of the first rule keyed by ``text``'s first word that
        reads the whole of ``text``, else ``None``.

        Args:
            text: one line (normalised: :func:`~hhtools.grammars._text.normalise`).

        Returns:
            ``(kind, match)``: the match's named groups are the rule's results
            (``m["amount"]``; a missing optional group reads ``None``).
        """
        if FAST:
            kept = self._kept
            found = kept.get(text)
            if found is not None:
                return found
            cut = text.find(" ")
            for kind, read in self._compiled.get(text if cut < 0 else text[:cut], ()):
                m = read(text)
                if m is not None:
                    return keep(kept, text, (kind, m))
            return None
        cut = text.find(" ")
        word = text if cut < 0 else text[:cut]
        for kind, rule in self.get(word, ()):
            m = _m(rule, text) if isinstance(rule, pp.Regex) else rule.fullmatch(text)
            if m is not None:
                return kind, m
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


#: the rank letters of the languages a client writes cards in, where they differ from
#: English's (2-9, T or 10, J, Q, K, A); suits stay English (c, d, h, s). Swedish:
#: knekt, dam, kung, ess; Dutch: boer, vrouw, heer, aas. No letter means two ranks
#: across these (K is a king in English and Swedish alike).
RANKS_BY_LANGUAGE: dict[str, dict[str, str]] = {
    "sv": {"Kn": "J", "D": "Q", "K": "K", "E": "A", "10": "T", "T": "T"},
    "nl": {"B": "J", "V": "Q", "H": "K", "A": "A", "10": "T", "T": "T"},
}  # fmt: skip


def localised_cards(text: str, language: str) -> tuple[str, ...]:
    """Cards written with a language's rank letters (:data:`RANKS_BY_LANGUAGE`) and
    English suits, as the record writes them; raises :class:`_BadCards` on a card that
    language does not write (an English "Q" in a Swedish hand, say).

    Args:
        text: the cards, space-separated ("Knh Dd 7c").
        language: a key of :data:`RANKS_BY_LANGUAGE`.

    >>> localised_cards("Knh Dd Ks Ec 10h 9s", "sv")
    ('Jh', 'Qd', 'Ks', 'Ac', 'Th', '9s')
    >>> localised_cards("Bh Vd Hs Ac", "nl")
    ('Jh', 'Qd', 'Ks', 'Ac')
    """
    ranks = RANKS_BY_LANGUAGE[language]
    out = []
    for c in text.split():
        rank, suit = c[:-1], c[-1:]
        r = rank if len(rank) == 1 and rank in "23456789" else ranks.get(rank)
        if r is None or suit not in ("c", "d", "h", "s"):
            raise _BadCards(f"not a card: {c!r}")
        out.append(r + suit)
    return tuple(out)


def language_of(text: str) -> str | None:
    """The first language of :data:`RANKS_BY_LANGUAGE` that writes every card of
    ``text``, else ``None``.

    >>> language_of("Knh 7d"), language_of("Bh 7d"), language_of("Bh Knd")
    ('sv', 'nl', None)
    """
    for language in RANKS_BY_LANGUAGE:
        try:
            localised_cards(text, language)
        except _BadCards:
            continue
        return language
    return None


_BRACKETS = re.compile(r"\[([^\]]*)\]")


def bracketed(text: str) -> str:
    """The text inside every "[..]" of ``text``, joined by spaces: the cards of a street
    line that writes the board so far and the new card apart.

    >>> bracketed("[9s Ts Kc][3h]")
    '9s Ts Kc 3h'
    """
    return " ".join(_BRACKETS.findall(text))


def insert_longest_first(names: list[str], name: str) -> None:
    """Insert ``name`` into ``names`` (longest first) after every name as long or longer:
    the order ``sorted(..., key=len, reverse=True)`` of the names in seat order gives.

    >>> names = ["Anna", "Bob"]
    >>> insert_longest_first(names, "Cid"); insert_longest_first(names, "Dora"); names
    ['Anna', 'Dora', 'Bob', 'Cid']
    """
    k = len(names)
    while k and len(names[k - 1]) < len(name):
        k -= 1
    names.insert(k, name)
