"""What the site modules of the text formats share beyond the line kernel.

A site module declares what is its own (sqlglot's dialects: a dialect is its
differences); what every one of them would otherwise write again is here:

- :func:`bad_header`: the end of a hand whose first line is no header the format reads
  (one ``bad_header`` problem on that line, quoting it, and no record);
- :func:`header_game`: a header that names the hand and its game (groups ``id`` and
  ``game``): the hand's id taken, the game looked up in the format's table of game
  names, a game not there not read (an unknown Omaha game, or a skipped one);
- :data:`STREETS`: the streets a street line names, as sites write them ("FLOP",
  "Flop", "flop");
- :func:`category_names`: the high hand categories by name as a site writes them
  (joined and cased its way, with its own other names);
- :data:`STRUCTURE_WORDS`, :data:`STRUCTURE_CODES` and :func:`structure_names`: the
  betting structures by the words and abbreviations sites write (joined and cased
  their way);
- :func:`typed_game`: the game a site's own reader typed from a header's words, or
  the end of a hand whose game is skipped (``skipped_game``, with the reader's reason)
  or unknown (``unknown_game``);
- :func:`blinds_and_bets`: the blinds and bets of a header's two stakes (the bets in
  fixed limit, the blinds then the ones posted);
- :func:`read_lines`: the kernel's body loop over a hand's lines from an index on,
  each read by the site's line reader;
- :func:`player_line`: a line that starts with a seated player's name, read by the
  site's rules and applied by its handler;
- :func:`read_high_once`: the kernel's reader of the English words for a shown high
  hand (:func:`~hhtools.grammars._english.read_high`), each distinct text read once
  per process (a table's descriptions repeat: "a pair of Kings" in hand after hand);
- :func:`site_format`: the :class:`~hhtools.grammars.base.SiteFormat` of a format that
  recognises and splits its files its own way, its parse run under the kernel's guard
  (:func:`~hhtools.grammars._hand.reader`), the room its key unless it names others.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from functools import lru_cache, partial
from types import MappingProxyType
from typing import Any, BinaryIO, TypeVar

from hhtools.grammars._betting import read_body
from hhtools.grammars._english import read_high
from hhtools.grammars._hand import (
    STREET_WORDS, Hand, limit_blinds, match_player, no_record, not_read, reader,
)  # fmt: skip
from hhtools.grammars._lines import LineTable
from hhtools.grammars._quiet import NO_CHIPS, NoChips
from hhtools.grammars.base import Habits, ParsedHand, SiteFormat
from hhtools.model.records import BettingStructure, ClaimedHigh, HandText, Street
from hhtools.model.vocab import HandCategory, ProblemCode

__all__ = ["STREETS", "STRUCTURE_CODES", "STRUCTURE_WORDS", "bad_header", "blinds_and_bets",
           "category_names", "header_game", "player_line", "read_high_once", "read_lines",
           "seat_lines_cut", "site_format", "structure_names", "typed_game"]  # fmt: skip

G = TypeVar("G")
T = TypeVar("T")
H = TypeVar("H", bound=Hand)

#: the betting round a street line names, by the name as sites write it: capitals
#: ("*** FLOP ***"), a capital first ("** Dealing Flop **") or lower case ("--- Dealing
#: flop"); the kernel's :data:`~hhtools.grammars._hand.STREET_WORDS` in each case
STREETS: dict[str, Street] = {
    written: street
    for word, street in STREET_WORDS.items()
    for written in (word, word.capitalize(), word.lower())
}


def bad_header(h: Hand, lines: list[str], line: int) -> ParsedHand:
    """The :class:`ParsedHand` of a hand whose first line is no header the format reads.

    Args:
        h: the hand being read (its problems so far; its id, ``None`` until a header
            is read).
        lines: the hand's lines, normalised; the first is the one not read.
        line: the file line of the first.

    Returns:
        No record, the problems with one ``bad_header`` on ``line`` added (its message
        quotes the line's first 80 characters, its excerpt the whole line).
    """
    h.problem(line, ProblemCode.BAD_HEADER, f"not a hand header: {lines[0][:80]}", lines[0])
    return no_record(h)


def _says_omaha(game: str) -> bool:
    return "omaha" in game.lower()


def header_game(
    h: Hand, header: re.Match[str] | None, games: Mapping[str, G], lines: list[str], line: int,
    *, omaha: Callable[[str], bool] = _says_omaha,
) -> tuple[re.Match[str], G] | ParsedHand:  # fmt: skip
    """The header of a hand and the game it names, or the hand's end when either is
    not read.

    Args:
        h: the hand being read; its ``hand_id`` is set from the header's ``id`` group.
        header: the match of the format's header pattern on the hand's first line
            (``None``: no header, :func:`bad_header`).
        games: the format's game names, lowercase, each with what the site module
            makes of it (a ``(variant, hi_lo)`` pair, say).
        lines, line: the hand's lines (normalised) and the file line of the first.
        omaha: whether a game name not in ``games`` is an Omaha game (default: it
            says "omaha", in any case).

    Returns:
        ``(header, game)``: the header and ``games``' value for its ``game`` group
        (spaces folded, lowercased); or the :class:`ParsedHand` of a hand not read,
        its problem on ``line``: ``bad_header`` (no header), ``unknown_game`` (an Omaha
        game not in ``games``), or ``skipped_game`` (another game).
    """
    if header is None:
        return bad_header(h, lines, line)
    h.hand_id = header["id"]
    name = " ".join(header["game"].split())
    game = games.get(name.lower())
    if game is None:
        return not_read(h, line, name, lines[0], omaha=omaha(name))
    return header, game


#: the betting structures by the words sites write for them (lower case, with spaces),
#: the longer before the shorter that ends it ("fixed limit", then "limit")
STRUCTURE_WORDS: MappingProxyType[str, BettingStructure] = MappingProxyType({
    "pot limit": BettingStructure.POT_LIMIT, "no limit": BettingStructure.NO_LIMIT,
    "fixed limit": BettingStructure.LIMIT, "limit": BettingStructure.LIMIT,
})  # fmt: skip
#: the betting structures by their usual abbreviations
STRUCTURE_CODES: MappingProxyType[str, BettingStructure] = MappingProxyType({
    "NL": BettingStructure.NO_LIMIT, "PL": BettingStructure.POT_LIMIT,
    "FL": BettingStructure.LIMIT,
})  # fmt: skip


def structure_names(joiner: str, case: Callable[[str], str]) -> dict[str, BettingStructure]:
    """The betting structures by name as a site writes them: each of
    :data:`STRUCTURE_WORDS` joined by ``joiner`` in ``case``, in that order.

    >>> list(structure_names("_", str.upper))
    ['POT_LIMIT', 'NO_LIMIT', 'FIXED_LIMIT', 'LIMIT']
    >>> structure_names(" ", str.title)["Fixed Limit"]
    <BettingStructure.LIMIT: 'limit'>
    """
    return _written(STRUCTURE_WORDS, joiner, case)


def _written(named: Mapping[str, T], joiner: str, case: Callable[[str], str]) -> dict[str, T]:
    """``named`` (keyed by lower-case words with spaces) keyed as a site writes them."""
    return {case(joiner.join(words.split())): value for words, value in named.items()}


def category_names(
    joiner: str, case: Callable[[str], str], also: Mapping[str, HandCategory] | None = None
) -> dict[str, HandCategory]:
    """A site's names of the high hand categories: each category's words (its
    :class:`~hhtools.model.vocab.HandCategory` value, "three of a kind") joined by
    ``joiner`` in ``case``, and the site's other names (``also``, in words) written so.

    Args:
        joiner: what the site writes between words (``" "``, ``"_"``, ``""``).
        case: the site's case (``str.upper``, ``str.lower``).
        also: the site's names for a category that are not its words ("two pairs",
            "royal flush"), in lower case with spaces.

    Returns:
        The category by name as the site writes it.

    >>> names = category_names("_", str.upper, {"royal flush": HandCategory.STRAIGHT_FLUSH})
    >>> names["THREE_OF_A_KIND"]
    <HandCategory.THREE_OF_A_KIND: 'three of a kind'>
    >>> names["ROYAL_FLUSH"]
    <HandCategory.STRAIGHT_FLUSH: 'straight flush'>
    >>> category_names("", str.upper)["FULLHOUSE"]
    <HandCategory.FULL_HOUSE: 'full house'>
    """
    return _written({c.value: c for c in HandCategory} | dict(also or {}), joiner, case)


def typed_game(
    h: Hand, game: G | str | None, words: str, line: int, excerpt: str
) -> G | ParsedHand:
    """The game a site's reader typed from the header's game words, or the end of a hand
    whose game it does not read.

    Args:
        h: the hand being read.
        game: what the site's reader made of the words: the game (any value but a
            ``str``), a ``str`` (why a game outside the Omaha family is skipped) or
            ``None`` (an Omaha game the reader does not know).
        words: the game words as the header writes them.
        line, excerpt: the header's file line and its text.

    Returns:
        ``game`` when it is read; else the :class:`ParsedHand` of a hand not read, its
        problem on ``line``: ``skipped_game`` (the reason its message and the hand's
        note) or ``unknown_game`` (quoting ``words``).
    """
    if isinstance(game, str):
        h.problem(line, ProblemCode.SKIPPED_GAME, game, excerpt)
        return no_record(h, game)
    if game is None:
        h.problem(line, ProblemCode.UNKNOWN_GAME, f"unknown Omaha game {words!r}", excerpt)
        return no_record(h)
    return game


def blinds_and_bets(
    h: Hand, structure: BettingStructure, sb: int, bb: int
) -> tuple[int, int, int | None, int | None]:
    """The blinds and bets of a hand whose header writes two stakes: the blinds, or in
    a fixed-limit game the small and the big bet, the blinds then the ones posted
    (:func:`~hhtools.grammars._hand.limit_blinds`: else the small bet and half of it).

    Args:
        h: the hand read (its first posted blinds, ``h.sb`` and ``h.bb``).
        structure: the hand's betting structure.
        sb, bb: the header's two stakes (minor units).

    Returns:
        ``(small blind, big blind, small bet, big bet)`` in minor units; the bets are
        ``None`` outside fixed limit.
    """
    if structure is BettingStructure.LIMIT:
        small, big = limit_blinds(h, sb)
        return small, big, sb, bb
    return sb, bb, None, None


def read_lines(
    h: H, lines: list[str], first: int, line: int, read: Callable[[H, str, int], bool],
    *, quiet: NoChips | None = NO_CHIPS, quick: Callable[[H, str, int], bool] | None = None,
) -> bool:  # fmt: skip
    """The kernel's body loop (:func:`~hhtools.grammars._betting.read_body`) over a
    hand's lines from index ``first`` on, each read by the site's ``read(h, text, line
    number)``.

    Args:
        h: the hand being read.
        lines: the hand's lines as the kernel's reader gives them, normalised
            (:func:`~hhtools.grammars._hand.reader`: none is normalised again);
            ``line`` the file line of the first.
        first: the index of the first body line (after the header lines).
        read: the site's reader of one line; ``False`` when it does not know the line.
        quiet: the format's lines that carry no chips, tried on a line ``read`` does
            not know (default: the kernel's :data:`~hhtools.grammars._quiet.NO_CHIPS`;
            ``None``: none).
        quick: the format's compiled reader of its common lines, tried first on each
            (``read_body``'s ``quick``); ``None``: every line to ``read``.

    Returns:
        ``False`` when an amount out of range ends the hand, else ``True`` (as
        ``read_body``).
    """
    return read_body(h, enumerate(lines[first:], first), line, partial(read, h), quiet=quiet,
                     normalised=True, quick=quick)


def player_line(
    h: H, ln: str, lno: int, apply: Callable[[H, str, str, Any, int], None],
    table: LineTable, colon: LineTable | None = None,
) -> bool:  # fmt: skip
    """Read a line that starts with a seated player's name
    (:func:`~hhtools.grammars._hand.match_player`, the longest name) and apply it.

    Args:
        h: the hand being read.
        ln, lno: the line (normalised) and its file line.
        apply: ``apply(h, player, kind, results, lno)``, the site's handler of what a
            player did (the rule's kind and its results by name).
        table: the site's rules for "<player> <what>".
        colon: the rules for "<player>: <what>", when the site writes some lines so.

    Returns:
        Whether a rule read the line (then ``apply`` ran), ``False`` when no seated
        name starts it or no rule fits the rest.
    """
    played = match_player(h, ln, table, colon)
    if played is None:
        return False
    apply(h, *played, lno)
    return True


@lru_cache(maxsize=4096)
def read_high_once(text: str | None) -> ClaimedHigh | None:
    """The claim :func:`~hhtools.grammars._english.read_high` types ``text`` into, read
    once per distinct text (claims are frozen, so one is shared by every show with
    those words; the cache holds the last 4,096 texts).

    Args:
        text: the site's English words for a high hand ("two pairs, queens and nines",
            "Full of 9 and Tens", "Fives Full over Nines"), or ``None``.

    Returns:
        The claim (category and the ranks the words name), or ``None`` for no text or
        words the kernel's reader does not know.

    >>> read_high_once("two pairs, queens and nines").ranks
    (12, 9)
    >>> read_high_once("Full House, Aces over 3s").ranks
    (14, 3)
    >>> read_high_once(None) is None
    True
    """
    return read_high(text)


def site_format(
    key: str, name: str, games: str,
    recognise: Callable[[str], bool], split: Callable[[BinaryIO, str], Iterator[HandText]],
    parse: Callable[[Any, list[str], int, str, int], ParsedHand],
    *, hand: Callable[[str, int], Hand] = Hand, rooms: tuple[str, ...] | None = None,
    habits: Habits = Habits(),
) -> SiteFormat:  # fmt: skip
    """The site format of a text format that recognises and splits its files itself.

    Args:
        key, name, games: the format's key (the room too, unless ``rooms`` is given),
            its name and the games it reads, as ``hhtools formats`` lists them.
        recognise: ``recognise(head)``: whether a file's first 4 KiB are this format's.
        split: ``split(fh, file)``: the file's hand texts.
        parse: ``parse(hand, lines, line, text, offset)`` run on a new
            ``hand(file, line)`` with the hand's normalised lines
            (:func:`~hhtools.grammars._hand.reader`: whatever it raises becomes an
            ``internal_error`` problem).
        hand: the hand state, :class:`~hhtools.grammars._hand.Hand` or a site's
            subclass.
        rooms: the rooms the format's hands are from (default: ``(key,)``).
        habits: what the format writes its own way that the audit reads.

    Returns:
        The :class:`~hhtools.grammars.base.SiteFormat` the registry lists.
    """
    return SiteFormat(key=key, name=name, games=games, recognise=recognise, split=split,
                      parse=reader(parse, hand), rooms=rooms or (key,), habits=habits)  # fmt: skip


def seat_lines_cut(h: Hand, lines: list[str], line: int) -> ParsedHand | None:
    """The :class:`ParsedHand` of a hand whose summary, which writes one seat line a
    player (folded or not), stops before the seat line of a player who put chips in: a
    ``truncated_hand`` problem on its last line and no record (a file cut in the
    summary, or inside its total's own line: "Total pot $3" of "$3.25 | Rake $0.15",
    "Rake $0" of "$0.80", reads amounts that are none); ``None`` when every such
    player has his line.

    Args:
        h: the hand read; its summary's seat lines add their players to ``h._summed``.
        lines: the hand's text's lines, the first on file line ``line``.
    """
    summed = vars(h).get("_summed", set())
    if not any(v and p not in summed for p, v in h.put.items()):
        return None
    h.problem(line + len(lines) - 1, ProblemCode.TRUNCATED_HAND,
              "the summary stops before every player's seat line (cut short?)",
              lines[-1])  # fmt: skip
    return no_record(h)
