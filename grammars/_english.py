"""Sites' English words for shown hands, typed into claims by meaning (shared by grammars).

PokerStars and the many formats written like it describe a shown hand as "a pair of
Sevens", "two pair, Aces and Fives", "a full house, Jacks full of Sevens", "a
straight, Nine to King", "a flush, Ace high", "high card Ace", "a Royal Flush", and a
low as "6,5,4,2,A". Other English wordings of the same hands are read the same way:
a straight named top card first ("a straight, Eight to Four", GGPoker's "Ace to Ten")
or by its top card ("a straight, Queen high", "Jacks-High Straight"); "Pair of
Kings", "One pair", "two pairs, Tens and Twos", "Pair of Aces and Pair of Jacks",
"three of a kind"/"trips"/"a set of"/"Three Treys", "Full House J's and A's", "Fives
Full over Nines", "a flush Ace high", "Flush A K 9 7 2", "Ace King high", a category
with its five cards ("Full House [As Ad Js Jh Jc]"), a category alone ("Two pair"),
"Royal Straight Flush". :func:`read_high` and :func:`read_low` turn those words into
the typed claims of :class:`~hhtools.model.records.Show`: the category and the ranks
the words name, in the order a hand is read, never the text itself; a site with
other words (French, Ongame's) brings its own reader beside its grammar. Kicker
suffixes ("- Ace+Queen kicker", "- lower kicker", "- lower cards") are dropped; kickers written as
ranks ("+KQT8", "Two Pairs T 5 and Q") are named ranks.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TypeVar

from hhtools.model.records import ClaimedHigh
from hhtools.model.vocab import HandCategory

__all__ = ["RANK_WORDS", "read_high", "read_high_words", "read_low", "read_template"]

RANK_WORDS: dict[str, int] = {
    "deuce": 2, "deuces": 2, "two": 2, "twos": 2,
    "three": 3, "threes": 3, "four": 4, "fours": 4, "five": 5, "fives": 5,
    "six": 6, "sixes": 6, "seven": 7, "sevens": 7, "eight": 8, "eights": 8,
    "nine": 9, "nines": 9, "ten": 10, "tens": 10, "jack": 11, "jacks": 11,
    "queen": 12, "queens": 12, "king": 13, "kings": 13, "ace": 14, "aces": 14,
}  # fmt: skip

_LOW_CHARS = {"A": 1, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13} | {
    str(n): n for n in range(2, 10)
}
#: a rank as one token: a word ("Kings", "trey"), a letter or digits ("K", "10"), with
#: a plural "s" or "'s" ("3s", "J's")
_RANK_TOKENS: dict[str, int] = (
    RANK_WORDS | {"trey": 3, "treys": 3}
    | {c.lower(): v for c, v in zip("23456789TJQKA", range(2, 15), strict=True)}
    | {"10": 10}
)  # fmt: skip
_KICKER = re.compile(r"\s+-\s+(?:[^-]*kicker|lower cards)\s*$", re.IGNORECASE)
_FIVE = re.compile(r"\[\s*((?:[2-9TJQKA][cdhs]\s*){5})\]\s*$", re.IGNORECASE)
_SPLIT = re.compile(r"[\s,:;/()\-]+")
#: category phrases, longest first, each with the category it names; a phrase's words
#: are not ranks ("two pair", "three of a kind")
_PHRASES: tuple[tuple[tuple[str, ...], HandCategory], ...] = (
    (("royal", "straight", "flush"), HandCategory.STRAIGHT_FLUSH),
    (("royal", "flush"), HandCategory.STRAIGHT_FLUSH),
    (("straight", "flush"), HandCategory.STRAIGHT_FLUSH),
    (("four", "of", "a", "kind"), HandCategory.FOUR_OF_A_KIND),
    (("three", "of", "a", "kind"), HandCategory.THREE_OF_A_KIND),
    (("three", "of", "kind"), HandCategory.THREE_OF_A_KIND),
    (("full", "house"), HandCategory.FULL_HOUSE),
    (("two", "pairs"), HandCategory.TWO_PAIR),
    (("two", "pair"), HandCategory.TWO_PAIR),
    (("one", "pair"), HandCategory.ONE_PAIR),
    (("high", "card"), HandCategory.HIGH_CARD),
    (("quads",), HandCategory.FOUR_OF_A_KIND),
    (("quad",), HandCategory.FOUR_OF_A_KIND),
    (("trips",), HandCategory.THREE_OF_A_KIND),
    (("set",), HandCategory.THREE_OF_A_KIND),
    (("full",), HandCategory.FULL_HOUSE),
    (("flush",), HandCategory.FLUSH),
    (("straight",), HandCategory.STRAIGHT),
    (("pair",), HandCategory.ONE_PAIR),
)
#: :data:`_PHRASES` by their first word, longest first: one dict lookup per token
#: instead of a walk over every phrase (the walk was 87 us of each shown hand)
_PHRASES_BY_FIRST: dict[str, tuple[tuple[tuple[str, ...], HandCategory], ...]] = {
    first: tuple(p for p in _PHRASES if p[0][0] == first) for first in {p[0][0] for p in _PHRASES}
}
#: words that join ranks and name nothing ("Nine to King", "Jacks full of Sevens")
_JOINERS = frozenset(("a", "an", "of", "and", "to", "over", "full", "high", "with", "the"))
_STRAIGHTS = (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH)


def _rank(token: str) -> int | None:
    """A rank token's value ("Kings", "K", "J's", "3s", "10"), else ``None``."""
    value = _RANK_TOKENS.get(token)
    if value is None and token.endswith("s"):
        value = _RANK_TOKENS.get(token[:-2] if token.endswith("'s") else token[:-1])
    return value


def _short(token: str | None) -> bool:
    """A rank written as a letter or digits ("k", "9", "10", "j's")."""
    return token is not None and len(token.removesuffix("'s")) <= 2 and _rank(token) is not None


def _words(tokens: list[str]) -> tuple[list[HandCategory], list[int], bool] | None:
    """The categories the phrases name, the ranks in order and whether "royal" was said;
    ``None`` for a word that is neither."""
    cats: list[HandCategory] = []
    ranks: list[int] = []
    royal = False
    i, n = 0, len(tokens)
    while i < n:
        for phrase, cat in _PHRASES_BY_FIRST.get(tokens[i], ()):
            if tuple(tokens[i : i + len(phrase)]) == phrase:
                cats.append(cat)
                royal = royal or phrase[0] == "royal"
                i += len(phrase)
                break
        else:
            t = tokens[i]
            i += 1
            if t == "a" and not (i >= n or _short(tokens[i]) or tokens[i] == "high"):
                continue  # an article ("with a pair"), not an ace
            if t.startswith("+") and all(c in _RANK_TOKENS for c in t[1:]):
                ranks.extend(_RANK_TOKENS[c] for c in t[1:])  # kickers "+KQT8"
                continue
            value = _rank(t)
            if value is not None:
                ranks.append(value)
            elif t not in _JOINERS:
                return None
    return cats, ranks, royal


def _straight(ranks: list[int]) -> tuple[int, ...] | None:
    """A straight's ranks as named: its top card (either end named, or all five); two
    ends no straight has are kept as named (they fit no hand)."""
    if len(ranks) <= 1:
        return tuple(ranks)
    distinct = set(ranks)
    if distinct == {14, 5} or (len(ranks) == 2 and abs(ranks[0] - ranks[1]) == 4):
        return (5,) if distinct == {14, 5} else (max(ranks),)
    if distinct == {14, 2, 3, 4, 5}:
        return (5,)
    if len(ranks) == 5 and len(distinct) == 5 and max(ranks) - min(ranks) == 4:
        return (max(ranks),)
    return tuple(ranks) if len(ranks) == 2 else None


def read_high(text: str | None) -> ClaimedHigh | None:
    """Type a site's English words for a high hand by their meaning.

    Args:
        text: e.g. "a full house, Jacks full of Sevens - lower kicker", "a straight,
            Eight to Four", "Pair of Kings and Pair of Tens", "Flush [Ah Kh 9h 7h 2h]".

    Returns:
        The claim: the category and the ranks the words name in the order a hand is
        read (a straight by its top card, whichever end is named first; a two pair's
        pairs high first); ``None`` for no text or words this reader does not know
        (the audit then makes no claim about it).

    >>> read_high("a full house, Jacks full of Sevens")
    ClaimedHigh(category=<HandCategory.FULL_HOUSE: 'full house'>, ranks=(11, 7))
    >>> read_high("a straight, Ace to Five").ranks, read_high("a straight, Eight to Four").ranks
    ((5,), (8,))
    >>> read_high("two pair, Aces and Fives - King kicker").ranks
    (14, 5)
    >>> read_high("a Royal Flush").ranks
    (14,)
    >>> read_high("Two pair")
    ClaimedHigh(category=<HandCategory.TWO_PAIR: 'two pair'>, ranks=())
    >>> read_high("Ace King high").ranks
    (14, 13)

    The same words read the same way every time: each text's claim is kept
    (:data:`_HIGHS`; a claim is immutable).
    """
    if not text:
        return None
    return _kept(_HIGHS, text, _read_high)


#: :func:`read_high` and :func:`read_low` of the texts met (descriptions repeat a lot)
_HIGHS: dict[str, ClaimedHigh | None] = {}
_LOWS: dict[str, tuple[int, ...] | None] = {}
_KEPT_MAX = 1 << 14
_T = TypeVar("_T")


def _kept(memo: dict[str, _T], text: str, work: Callable[[str], _T]) -> _T:
    """``work(text)``, kept in ``memo`` (at most :data:`_KEPT_MAX` texts) for next time."""
    try:
        return memo[text]
    except KeyError:
        pass
    value = work(text)
    if len(memo) >= _KEPT_MAX:
        memo.clear()
    memo[text] = value
    return value


def _read_high(text: str) -> ClaimedHigh | None:
    """:func:`read_high` of a non-empty text, worked out."""
    words = _KICKER.sub("", text.strip())
    five = _FIVE.search(words)
    if five is not None:
        words = words[: five.start()]
    tokens = [t for t in _SPLIT.split(words.lower()) if t]
    if len(tokens) > 1 and tokens[0] in ("a", "an") and not _short(tokens[1]):
        tokens = tokens[1:] if tokens[1] != "high" else tokens  # "A high" is an ace
    read = _words(tokens)
    if read is None:
        return None
    cats, ranks, royal = read
    kinds = set(cats)
    if not kinds and len(tokens) == 2 and tokens[0] in ("three", "four") and len(ranks) == 2:
        kinds, ranks = {HandCategory.THREE_OF_A_KIND if tokens[0] == "three"  # "Three Treys"
                        else HandCategory.FOUR_OF_A_KIND}, ranks[1:]  # fmt: skip
    if not kinds and "high" in tokens and ranks:
        kinds = {HandCategory.HIGH_CARD}  # "Ace King high", "Queen-High"
    if cats.count(HandCategory.ONE_PAIR) == 2 and kinds == {HandCategory.ONE_PAIR}:
        kinds = {HandCategory.TWO_PAIR}  # "Pair of Aces and Pair of Jacks"
    if len(kinds) != 1 or len(ranks) > 5:
        return None
    category = kinds.pop()
    if five is not None:
        return ClaimedHigh.of_cards(category, tuple(five[1].split())) if not ranks else None
    if category in _STRAIGHTS:
        named = (14,) if royal and not ranks else _straight(ranks)
        return None if named is None else ClaimedHigh(category, named)
    if category is HandCategory.TWO_PAIR and len(ranks) >= 2:
        ranks[:2] = sorted(ranks[:2], reverse=True)
    return ClaimedHigh(category, tuple(ranks))


_TEMPLATE_KEY = re.compile(r"\$\(STR_G_(\w+?)\)")
#: a template's category keys as words (the others are the word itself: "PAIR", "FLUSH")
_TEMPLATE_WORDS = {
    "ACEHIGHFLUSH": "ace high flush", "THREEOFAKIND": "three of a kind",
    "THREEOFKIND": "three of a kind", "FOUROFAKIND": "four of a kind",
    "FOUROFKIND": "four of a kind", "FULLHOUSE": "full house", "TWOPAIR": "two pair",
    "TWOPAIRS": "two pair", "STRAIGHTFLUSH": "straight flush", "ROYALFLUSH": "royal flush",
    "HIGHCARD": "high card",
}  # fmt: skip


def read_template(text: str | None) -> ClaimedHigh | None:
    """Type a hand named by a client's untranslated template keys (Boss Media's and its
    kin's "$(STR_G_WIN_TWOPAIR) $(STR_G_CARDS_KINGS) $(STR_G_ANDTEXT) $(STR_G_CARDS_FIVES)")
    by their meaning: each key read as its English words, then :func:`read_high`.

    Returns:
        The claim, or ``None`` for no text, text besides the keys, or keys not known.

    >>> read_template("$(STR_G_WIN_TWOPAIR) $(STR_G_CARDS_KINGS) $(STR_G_ANDTEXT) "
    ...               "$(STR_G_CARDS_FIVES)")
    ClaimedHigh(category=<HandCategory.TWO_PAIR: 'two pair'>, ranks=(13, 5))
    >>> read_template("$(STR_G_WIN_ACEHIGHFLUSH)").ranks
    (14,)
    >>> read_template("$(STR_G_WIN_FULLHOUSE)").ranks
    ()
    """
    if not text or _TEMPLATE_KEY.sub("", text).strip():
        return None
    words = []
    for key in _TEMPLATE_KEY.findall(text):
        kind, _, name = key.partition("_")
        if kind == "WIN":
            words.append(_TEMPLATE_WORDS.get(name, name.lower()))
        elif kind in ("CARD", "CARDS"):
            words.append(name.lower())
        elif key == "ANDTEXT":
            words.append("and")
        else:
            return None
    return read_high(" ".join(words))


def read_high_words(
    text: str | None,
    patterns: Sequence[tuple[HandCategory, re.Pattern[str]]],
    rank: Callable[[str], int] = RANK_WORDS.__getitem__,
) -> ClaimedHigh | None:
    """Type a site's words for a high hand by the site's table of patterns.

    Args:
        text: the words, e.g. Everleaf's "a full house, nines full of fives".
        patterns: ``(category, pattern)`` in the order tried; the first pattern that
            reads the whole of the lowered text names the category, its groups the
            ranks; a pattern with no group is a royal flush (ace high).
        rank: a rank word's value (``KeyError`` for a word it does not know).

    Returns:
        The claim, or ``None`` for no text, words no pattern reads, or a rank word
        ``rank`` does not know.

    >>> read_high_words("Two pair, kings and sixes", [(HandCategory.TWO_PAIR,
    ...     re.compile(r"two pair, (\\w+) and (\\w+)"))]).ranks
    (13, 6)
    """
    if not text:
        return None
    words = text.strip().lower()
    for category, pattern in patterns:
        m = pattern.fullmatch(words)
        if m is None:
            continue
        if not m.groups():
            return ClaimedHigh(category, (14,))
        try:
            return ClaimedHigh(category, tuple(rank(g) for g in m.groups()))
        except KeyError:
            return None
    return None


_LOW_WORDS = re.compile(r"^(?:lo(?:w)?\s*:?\s*)|(?:[\s-]*low)$", re.IGNORECASE)
_LOW_SPLIT = re.compile(r"[\s,\-]+")


def read_low(text: str | None) -> tuple[int, ...] | None:
    """Type a declared low into ranks high to low (ace = 1): its five cards ("6,5,4,2,A",
    "Lo: 8 5 4 3 2", "7-5-4-3-A", in any order), or its top card alone ("8-low",
    "8 low"), or two to four distinct ranks written with commas ("4,3,2,A"), which the
    audit compares with the low's first cards.

    >>> read_low("8,7,4,2,A")
    (8, 7, 4, 2, 1)
    >>> read_low("Lo: 2 3 4 5 8"), read_low("8-low")
    ((8, 5, 4, 3, 2), (8,))
    >>> read_low("nonsense") is None
    True
    >>> read_low("4,3,2,A")  # four ranks: the top cards named, which no low has
    (4, 3, 2, 1)
    """
    if not text:
        return None
    return _kept(_LOWS, text, _read_low)


def _read_low(text: str) -> tuple[int, ...] | None:
    """:func:`read_low` of a non-empty text, worked out."""
    body = text.strip()
    worded = _LOW_WORDS.search(body) is not None
    parts = [p.upper() for p in _LOW_SPLIT.split(_LOW_WORDS.sub("", body)) if p]
    if any(p not in _LOW_CHARS for p in parts):
        return None
    ranks = sorted((_LOW_CHARS[p] for p in parts), reverse=True)
    if len(parts) == 5 and len(set(ranks)) == 5:
        return tuple(ranks)
    if "," in body and 1 < len(parts) < 5 and len(set(ranks)) == len(parts):
        # fewer than five ranks ("LO: 4,3,2,A"): a low names five; read as its top cards
        # (compared on those, as "8-low" is), so that no claim goes unchecked: no low
        # starts 4,3,2,A, and the audit says the site's words are not the cards'
        return tuple(ranks)
    return (ranks[0],) if len(parts) == 1 and worded and body.lower().endswith("low") else None
