"""PokerStars text hand histories of the Omaha family (and files written in its format).

One hand's text in, one :class:`~hhtools.model.records.HandHistory` plus problems out.

How it reads a hand (see STYLE.md, "Speed with pyparsing"):

* It reads through the grammar kernel: the hand state is the kernel's
  :class:`~hhtools.grammars._hand.Hand` (``state._Hand`` adds what only this format
  holds), the body is read as :func:`~hhtools.grammars._betting.read_body` reads it
  (``actions.read_lines``: bad cards,
  bad amounts, numbers out of range and unknown lines become problems there), the
  record is made by :func:`~hhtools.grammars._record.build_record` and the parse is
  guarded by :func:`~hhtools.grammars._hand.reader`.
* Every kind of line is one named pyparsing ``Regex`` element, built once at module
  level, whose named groups are its results names. A hand is read one line at a time;
  each line is dispatched once, on its prefix ("*** ", "Seat ", "Total pot ") or on
  the word after the player's name, to the one element for its kind, read with the
  element's compiled pattern (``parse_string`` when ``FAST`` is unset). No
  combinators over the whole hand, no packrat.
* Screen names can hold anything (spaces, colons, brackets, "mucks hand", "Uncalled
  bet"...), so a line that starts with a player is never split on the first ``:`` or
  space: the player is the longest seated name the line starts with, and the player
  rules (``PLAYER_RULES``) read what follows the name, looked up by its first word
  (``actions.PlayerRules``; a text after a name is read once per process: ": folds"
  reads the same in every hand). Summary seat lines take the name from the seat
  number. Only when no player rule reads a line are the fixed rules tried; a line
  that no rule reads is an ``unrecognised_line`` problem.
* Lines known to carry nothing the record needs (chat, sitting out, joins, timeouts,
  rebuys...) each have their own named rule too: nothing is ignored in silence.

Also read, because they are written in this format: hands converted by other apps
("PokerStars Hand #3115869696: ... ($5/$10) - 2015/08/16 11:30:49" with no zone),
PokerMaster hands (site ``pokermaster``) and Run It Once Poker hands (site
``runitonce``, showdown lines "X shows [..] for Two Pairs [..]"; a re-raise's "to"
that leaves out the raiser's earlier bets of the street, read so where the hand's
totals say so: ``crosscheck._rio_raises``) and the PokerBros app's hands (site
``pokerbros``: "PokerBros Hand #1616183514566: ... ($0.5/$1 USD) - 2021/03/19 19:51:54
UTC", a loser's summary line "showed [..] and lost" with no description).

A record is returned when the header, the seats and the summary's total pot were read,
even if other lines were problems (they are listed beside it); a hand cut short (no
summary) returns ``None`` and a ``truncated_hand`` problem. No record either, and one
problem that says why, for a hand the site cancelled ("Hand cancelled":
``hand_cancelled``), an amount or a seat number no hand can hold (``out_of_range``) or
a card seen twice (``impossible_cards``). A hand of a game outside the Omaha family is
skipped with a ``skipped_game`` note.

The parts, by what they read (this module only puts them together: :func:`parse_hand`):

* ``split``: where a hand starts and ends in a file (a damaged header never merges);
* ``header``: the header and table lines (game, stakes, tournament, date and zone);
* ``seats``: the seat lines and the posts;
* ``actions``: the body, line by line (streets, player actions, shows, collects...);
* ``tourney``: tournament results (places, prizes, bounties);
* ``summary``: the total pot, rake and room money, the boards and the summary seat lines;
* ``crosscheck``: what the whole hand tells (folds only the summary names, cards twice);
* ``languages``: a hand its client wrote in another language, one table a language,
  made English lines for these rules (a line no table holds stays unread);
* ``state``: the per-hand state they all fill (``_Hand``, the kernel's ``Hand`` and
  this format's own).

The named-rule factory, the line matcher and its ``FAST`` switch, and card reading
are shared with other text grammars (:mod:`hhtools.grammars._lines`): set
``hhtools.grammars._lines.FAST`` to change how lines are read (the ``FAST`` here is
the value it had at import).
"""

from __future__ import annotations

import re


import pyparsing as pp
from hhtools.grammars import _lines
from hhtools.grammars._hand import reader
from hhtools.grammars._record import BUILT_FIELDS, record_of, record_values
from hhtools.grammars._lines import FAST
from hhtools.grammars.base import Habits, ParsedHand, SiteFormat
from hhtools.grammars.pokerstars.actions import FAST_RULES, SLOW_RULES, _Body, read_lines
from hhtools.grammars.pokerstars.line_rules import (
    BET,
    CALL,
    CASH_OUT,
    CHECK,
    COLLECT,
    CONVERTER_COMMENT,
    CONVERTER_LEAVE,
    FOLD,
    HAND_CANCELLED,
    HAND_SEPARATOR,
    MUCK,
    NO_LOW,
    NO_SHOW,
    PLAYER_RULES,
    QUIET,
    RAISE,
    REBUY,
    RIO_SHOW,
    ROOM_ADDED,
    RUN_TWICE,
    SHOW,
    SITS_OUT,
    STATUS,
    STREET_LINE,
)
from hhtools.grammars.pokerstars import languages, plain
from hhtools.grammars.pokerstars.plain import DEALT, UNCALLED
from hhtools.grammars.pokerstars.crosscheck import (
    _dealt_variant,
    _impossible_cards,
    description_cut,
    _infer_folds,
    _rio_raises,
    _summary_cut,
    _summary_wins,
)
from hhtools.grammars.pokerstars.header import (
    GAME_NAME,
    HEADER,
    STAKES,
    TABLE,
    _game,
    _Header,
    _read_header,
)
from hhtools.grammars.pokerstars.seats import POST, SEAT, _read_seats
from hhtools.grammars.pokerstars.split import HAND_START, split
from hhtools.grammars.pokerstars.state import _Hand
from hhtools.grammars.pokerstars.summary import (
    BOARD,
    S_COLLECTED,
    S_FOLDED,
    S_MUCKED,
    S_SHOWED,
    S_SITTING_OUT,
    SUMMARY_SEAT,
    TOTAL,
    _boards,
    _parts_basis,
)
from hhtools.grammars.pokerstars.tourney import (
    BOUNTY,
    FINISHED,
    SPLIT_BOUNTY,
    WINS_TOURNAMENT,
)

from hhtools.model.frozen import maker
from hhtools.model.quick import built
from hhtools.model.records import HandHistory, HandText, Problem
from hhtools.model.vocab import CollectOrder, ProblemCode

__all__ = [
    "FAST",
    "HAND_START",
    "PLAYER_RULES",
    "RULES",
    "SITE",
    "detect",
    "hand_id_of",
    "parse_hand",
]

SITE = "pokerstars"

#: a hand's :class:`ParsedHand`, built without the class call (:func:`maker`)
_parsed = maker(ParsedHand)

#: the places of the record's fields this format sets (:data:`BUILT_FIELDS`; the others
#: are :func:`record_values`'s, the hand state's)
(_STARTED_AT, _ZONE_AT, _UTC_AT, _BOARDS_AT, _RAKE_AT, _CASH_OUTS_AT, _FEES_AT, _ROOM_ADDED_AT,
 _RESULTS_AT, _PARTS_AT, _BASIS_AT, _FORMAT_AT, _ORDER_AT, _NAMED_AT) = (
    BUILT_FIELDS.index(name) for name in (
        "started_at", "time_zone", "started_at_utc", "boards", "rake", "cash_outs", "fees",
        "room_added", "tournament_results", "pot_parts", "pot_parts_basis", "site_format",
        "collect_order", "pots_named"))  # fmt: skip
_HIGH_THEN_LOW = CollectOrder.HIGH_THEN_LOW

_SITE_KEYS = {"PokerStars": "pokerstars", "PokerMaster": "pokermaster",
              "Run It Once Poker": "runitonce", "PokerBros": "pokerbros"}  # fmt: skip

#: Every named rule of the grammar, by name.
RULES: dict[str, pp.Regex] = {
    str(e.customName): e
    for e in (
        HEADER, GAME_NAME, STAKES, TABLE, SEAT, FOLD, CHECK, CALL, BET, RAISE, POST, SHOW,
        MUCK, NO_SHOW, SITS_OUT, COLLECT, CASH_OUT, STATUS, FINISHED,
        WINS_TOURNAMENT, BOUNTY, REBUY, RIO_SHOW, STREET_LINE, DEALT, UNCALLED, NO_LOW,
        RUN_TWICE, HAND_CANCELLED, TOTAL, BOARD, SUMMARY_SEAT, CONVERTER_COMMENT,
        CONVERTER_LEAVE, S_FOLDED, S_COLLECTED, S_SHOWED, S_MUCKED,
        S_SITTING_OUT, ROOM_ADDED, SPLIT_BOUNTY, HAND_SEPARATOR,
    )
}  # fmt: skip

_HAND_ID = re.compile(r"[^#]*#(\d+):")
#: How an English header starts (other hands may be in another language).
_ENGLISH = ("PokerStars ", "PokerMaster ", "Run It Once ", "PokerBros ")


def hand_id_of(text: str) -> str | None:
    """The hand number of a hand's text, read cheaply from its header (or ``None``).

    >>> hand_id_of("PokerStars Hand #123:  Omaha ...")
    '123'
    """
    m = _HAND_ID.match(text)
    return m.group(1) if m else languages.hand_id_of(text)


_ANY_START = re.compile(r"^(?:" + HAND_START.pattern + ")", re.MULTILINE)


def detect(first_text: str) -> bool:
    """``True`` when a file whose text starts with ``first_text`` is in this format:
    it starts with a hand header, or a line of it does (the first hand's header may
    be damaged; that hand is then reported, the file still read).

    >>> detect("PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD) - 2020/01/01 1:00:00 ET")
    True
    >>> detect("PokerStars Hand #1x: Omaha ...\\nTable 'T'\\n\\nPokerStars Hand #2: Omaha ...")
    True
    >>> detect("Full Tilt Poker Game #1: Table X - $0.01/$0.02 - Pot Limit Omaha")
    False
    """
    text = first_text.lstrip(" \t\r\n")
    return HAND_START.match(text) is not None or _ANY_START.search(text) is not None


def parse_hand(
    text: str, file: str = "", line: int = 1, offset: int = 0
) -> tuple[HandHistory | None, list[Problem], str | None]:
    """Read one hand's text (:data:`FORMAT`'s parse, without the registry's after-parse
    checks).

    Args:
        text: the hand's lines (``\\n`` line ends), header first.
        file: source path, for records and problems.
        line: 1-based line number of the header in the file.
        offset: byte offset of the header in the file.

    Returns:
        ``(record, problems, skipped)``: ``skipped`` is the reason a hand of a game
        outside the Omaha family was not read (then ``record`` is ``None`` and the
        problems are one ``skipped_game`` note on the header line); otherwise
        ``None``. ``record`` is ``None`` when the hand's essential parts (header,
        seats, summary total) could not be read, when the site cancelled the hand,
        or when it holds a number out of range or a card seen twice.
    """
    parsed = _read(HandText(text, file, line, offset))
    return parsed.hand, list(parsed.problems), parsed.skipped


def _parse(h: _Body, lines: list[str], line: int, text: str, offset: int) -> ParsedHand:
    """One hand's lines into its record (:func:`~hhtools.grammars._hand.reader` runs
    it on a new :class:`_Hand` and turns what it raises into ``internal_error``); a hand
    written in another language is read in English (:func:`.languages.translated`), its
    problems quoting its own lines (:func:`.languages.in_own_words`)."""
    if not lines[0].startswith(_ENGLISH):
        english = languages.translated(lines)
        if english is not None:
            parsed = _parse_english(h, english, line, text, offset)
            return languages.in_own_words(parsed, lines, english, line)
    return _parse_english(h, lines, line, text, offset)


def _parse_english(h: _Body, lines: list[str], line: int, text: str, offset: int) -> ParsedHand:
    """:func:`_parse` of a hand's lines in English."""
    count = len(h.problems)
    hd = _read_header(h, lines, line)
    if hd is None:
        if (unread := languages.unread(lines[0])) is not None:  # one problem, not one a line
            del h.problems[count:]
            h.hand_id = unread[0]
            h.problem(line, ProblemCode.BAD_HEADER, unread[1], lines[0])
        return _no_record(h)
    if not isinstance(hd, _Header):  # a game outside the Omaha family: a note, not a problem
        h.problem(line, ProblemCode.SKIPPED_GAME, hd, lines[0])
        return ParsedHand(None, tuple(h.problems), hd, h.hand_id)
    h.quick = _lines.FAST and plain.QUICK
    i = _read_seats(h, lines, line, hd.body)
    h.rules = FAST_RULES if _lines.FAST else SLOW_RULES
    h.seen, h.known = h.rules.seen[h.units], h.rules.lines[h.units]
    cut = description_cut(lines[-1])  # a last line cut in its description is not read
    if not read_lines(h, lines[:-1] if cut else lines, i, line):  # the body, as read_body
        h.fatal = True  # reads it with h.read_line
    if cut:  # as read_body reports a line no rule reads
        h.problem(line + len(lines) - 1, ProblemCode.UNRECOGNISED_LINE,
                  f"unrecognised line: {lines[-1][:80]}", lines[-1])  # fmt: skip
    if _unfinished(h, lines, line):
        return _no_record(h)
    _infer_folds(h)
    named = not _summary_wins(h, lines, line)  # a converter's wins in the summary alone
    if hd.site == "Run It Once Poker":
        _rio_raises(h)
    total, rake = h.total or 0, h.rake or 0  # read: the hand has its total (and a rake, 0 or more)
    game = _game(hd, h.actions, h.ante)
    if hd.site == "PokerMaster":
        game = _dealt_variant(h, game)
    # the record by position (:func:`record_values`: what the kernel's build_record holds)
    values = record_values(h, _SITE_KEYS[hd.site], game, line, text, offset)  # type: ignore[arg-type]
    values[_STARTED_AT], values[_ZONE_AT], values[_UTC_AT] = (
        hd.started_at, hd.time_zone, hd.started_at_utc)  # fmt: skip
    values[_BOARDS_AT], values[_RAKE_AT], values[_CASH_OUTS_AT] = (
        tuple(_boards(h)), rake, tuple(h.cash_outs))  # fmt: skip
    values[_FEES_AT] = h.fees
    values[_ROOM_ADDED_AT] = h.room_added if h.room_added is not None else h.room_added_body
    values[_RESULTS_AT], values[_PARTS_AT] = tuple(h.results), tuple(h.pot_parts)
    values[_BASIS_AT] = _parts_basis(h.pot_parts, total, rake)
    values[_FORMAT_AT], values[_ORDER_AT], values[_NAMED_AT] = SITE, _HIGH_THEN_LOW, named
    record = record_of(h, values)  # type: ignore[arg-type]
    parsed: ParsedHand = built(_parsed, (record, tuple(h.problems), None, h.hand_id))
    return parsed


def _no_record(h: _Hand) -> ParsedHand:
    return ParsedHand(None, tuple(h.problems), None, h.hand_id)


def _unfinished(h: _Hand, lines: list[str], line: int) -> bool:
    """The checks of a whole hand: ``True`` (the problem added) when it gives no record:
    cancelled by the site, a number out of range, cut short (no summary), no total pot,
    no seats, or a card seen twice."""
    last = line + len(lines) - 1
    if h.cancelled:
        h.problem(h.cancelled, ProblemCode.HAND_CANCELLED, "the site cancelled the hand",
                  lines[h.cancelled - line])  # fmt: skip
    elif h.fatal:  # out of range: the problem says where
        pass
    elif not h.summary:
        h.problem(last, ProblemCode.TRUNCATED_HAND, "hand has no summary (cut short?)", lines[-1])
    elif h.total is None:
        h.problem(last, ProblemCode.MISSING_TOTAL, "summary has no 'Total pot' line", lines[-1])
    elif _summary_cut(h, lines):
        h.problem(last, ProblemCode.TRUNCATED_HAND,
                  "the summary stops before every player's seat line (cut short?)", lines[-1])
    elif h.seats:
        return _impossible_cards(h, lines, line)
    return True


#: One hand text -> record and problems, never raising (:func:`reader`'s guard: an
#: unexpected error is an ``internal_error`` problem); ``_parse`` is looked up on each
#: call (a test plants a bug in it).
_read = reader(lambda h, lines, line, text, offset: _parse(h, lines, line, text, offset),
               _Body)  # type: ignore[arg-type]  # fmt: skip

#: The PokerStars site format (and the rooms and converters that write it).
FORMAT = SiteFormat(
    key=SITE,
    name="PokerStars (also PokerMaster, Run It Once, PokerBros and converted files in its format)",
    games="Omaha with 2, 4, 5, 6 and 7 hole cards and Courchevel; high and hi/lo (8 or "
    "better, or the 9 or 7 the header states); mixed and dealer's-choice games such as "
    "Binglao, each hand its own game; pot limit, no limit and fixed limit; cash, zoom, "
    "home games and tournaments",
    recognise=detect,
    split=split,
    parse=_read,
    rooms=tuple(_SITE_KEYS.values()),
    # shows in the order played (the corpus: out of seat order, the river's bettor first),
    # by PokerStars' own hands only; a header with no time zone is a converter's file;
    # the room's tournament rules: "In structured tournaments, a bet and three raises
    # are permitted" (its cash games' cap is not stated: not judged)
    habits=Habits(shows_in_order=True, show_order_rooms=(SITE,), no_time_zone_converted=True,
                  limit_bets_tournament=4,
                  # its corpus's tied low halves: one unit each, first clockwise from the
                  # button (shared/DESIGN.md's example), in PokerStars' own hands
                  odd_chips_known=True, odd_chips_rooms=(SITE,)),
    ranges=True,  # every hand stands alone: a big file is read in ranges at once
)
