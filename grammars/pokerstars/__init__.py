"""PokerStars text hand histories of the Omaha family (and files written in its format).

One hand's text in, one :class:`~hhtools.model.records.HandHistory` plus problems out.

How it reads a hand (see STYLE.md, "Speed with pyparsing"):

* Every kind of line is one named pyparsing ``Regex`` element, built once at module
  level, whose named groups are its results names. A hand is read one line at a time;
  each line is dispatched on a cheap prefix or keyword test to the one element for its
  kind and parsed with ``parse_string``. No combinators over the whole hand, no packrat.
* Screen names can hold anything (spaces, colons, brackets, "mucks hand", "Uncalled
  bet"...), so a line that starts with a player is never split on the first ``:`` or
  space: the player is the longest seated name the line starts with, and the player
  rules (``PLAYER_RULES``) read what follows the name. Summary seat lines take the
  name from the seat number. Only when no player rule reads a line are the fixed
  rules tried; a line that no rule reads is an ``unrecognised_line`` problem.
* Lines known to carry nothing the record needs (chat, sitting out, joins, timeouts,
  tournament placings, bounties...) each have their own named rule too: nothing is
  ignored in silence.

Also read, because they are written in this format: hands converted by other apps
("PokerStars Hand #3115869696: ... ($5/$10) - 2015/08/16 11:30:49" with no zone),
PokerMaster hands (site ``pokermaster``) and Run It Once Poker hands (site
``runitonce``, showdown lines "X shows [..] for Two Pairs [..]").

A record is returned when the header, the seats and the summary's total pot were read,
even if other lines were problems (they are listed beside it); a hand cut short (no
summary) returns ``None`` and a ``truncated_hand`` problem.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any, BinaryIO
from zoneinfo import ZoneInfo

import pyparsing as pp

from hhtools.grammars._english import read_high, read_low
from hhtools.grammars._text import iter_hands
from hhtools.grammars.base import ParsedHand, SiteFormat
from hhtools.model.money import CURRENCY_SYMBOLS, Unit, parse_money
from hhtools.model.records import (
    Action,
    ActionKind,
    BettingStructure,
    CashOut,
    Collect,
    Game,
    HandHistory,
    HandText,
    PostKind,
    Problem,
    Returned,
    Seat,
    Show,
    Street,
    Variant,
)
from hhtools.model.vocab import CollectOrder, PotPartsBasis

__all__ = [
    "HAND_START",
    "PLAYER_RULES",
    "RULES",
    "SITE",
    "detect",
    "hand_id_of",
    "parse_hand",
]

SITE = "pokerstars"

_SITE_KEYS = {"PokerStars": "pokerstars", "PokerMaster": "pokermaster", "Run It Once Poker": "runitonce"}

#: A hand starts at a line matching this (used by the reader to split files).
HAND_START = re.compile(
    r"\ufeff?(?:PokerStars|PokerMaster|Run It Once Poker)(?: Home Game| Zoom)* (?:Hand|Game) #\d+:"
)

# ----------------------------------------------------------------------------- elements
_AMT = r"[$€£]?\d[\d,]*(?:\.\d+)?"
_CARDS = r"[^\]]*"
_POS = r"(?P<pos>(?: \((?:button|small blind|big blind)\))*)"
_TIME = r"\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d\d(?::\d\d)?"


def _rule(name: str, pattern: str) -> pp.Regex:
    """One named line rule: a pyparsing Regex whose named groups are results names."""
    element = pp.Regex(pattern).set_name(name)
    element.leave_whitespace()
    return element


HEADER = _rule(
    "header",
    r"\ufeff?(?P<site>PokerStars|PokerMaster|Run It Once Poker)(?P<home> Home Game)?(?P<zoom> Zoom)?"
    r" (?:Hand|Game) #(?P<hand_id>\d+): +"
    r"(?:(?P<tzoom>Zoom )?Tournament #(?P<tid>\d+), (?P<buyin>Freeroll|\S+(?: [A-Z]{3})?) )?"
    r"(?:\{(?P<club>[^}]*)\} )?"
    r"(?P<game>.+?)"
    r"(?: - (?:Match Round \w+, )?Level (?P<level>\w+)(?: \((?P<level_sb>[\d,]+)/(?P<level_bb>[\d,]+)\))?)?"
    r" - (?P<t1>" + _TIME + r")(?: (?P<tz1>[A-Z]{1,5}))?"
    r"(?: \[(?P<t2>" + _TIME + r")(?: (?P<tz2>[A-Z]{1,5}))?\])? *$",
)
GAME_NAME = _rule(
    "game_name",
    r"(?P<variant>5 Card Omaha|6 Card Omaha|Omaha|Courchevel)(?P<hilo> Hi/Lo| H/L)?"
    r" (?P<limit>Pot Limit|No Limit|Fixed Limit|Limit)$",
)
STAKES = _rule(
    "stakes",
    r"(?P<sb>" + _AMT + r")/(?P<bb>" + _AMT + r")(?: (?P<cur>[A-Z]{3}))?$",
)
TABLE = _rule(
    "table",
    r"Table (?:ID )?'(?P<table>.*)'(?: (?P<max>\d+)-[Mm]ax)?(?P<play> \(Play Money\))?"
    r" Seat #(?P<button>\d+) is the button$",
)
SEAT = _rule(
    "seat",
    r"Seat (?P<seat>\d+): (?P<player>.+) \((?P<stack>" + _AMT + r") in chips"
    r"(?:, (?P<bounty>[^)]*?) bounty)?\)(?P<out> is sitting out| out of hand.*)?$",
)

# Player rules: they read what follows the player's name on the line.
FOLD = _rule("fold", r": folds(?: \[(?P<cards>" + _CARDS + r")\])?$")
CHECK = _rule("check", r": checks$")
CALL = _rule("call", r": calls (?P<amount>" + _AMT + r")(?P<allin> and is all-in)?$")
BET = _rule("bet", r": bets (?P<amount>" + _AMT + r")(?P<allin> and is all-in)?$")
RAISE = _rule(
    "raise",
    r": raises (?P<amount>" + _AMT + r") to (?P<to>" + _AMT + r")(?P<allin> and is all-in)?$",
)
POST = _rule(
    "post",
    r": posts (?P<kind>small & big blinds|small blind|big blind|the ante|ante|straddle)"
    r" (?P<amount>" + _AMT + r")(?P<allin> and is all-in)?$",
)
SHOW = _rule("show", r": shows \[(?P<cards>" + _CARDS + r")\](?: \((?P<desc>.*)\))?$")
MUCK = _rule("muck", r": mucks hand$")
NO_SHOW = _rule("no_show", r": doesn't show hand$")
SITS_OUT = _rule("sits_out", r": (?P<status>sits out|is sitting out|sitting out)$")
COLLECT = _rule(
    "collect",
    r" collected (?P<amount>" + _AMT + r") from "
    r"(?P<pot>pot|main pot|side pot(?:-(?P<side>\d+)| (?P<side_rio>\d+))?)$",
)
CASH_OUT = _rule(
    "cash_out",
    r" cashed out the hand for (?P<amount>" + _AMT + r")(?: \| Cash Out Fee (?P<fee>" + _AMT + r"))?$",
)
CHAT = _rule("chat", r' said, "(?P<text>.*)"$')
STATUS = _rule(
    "table_status",
    r" (?P<status>is sitting out|has timed out(?: while (?:being )?disconnected)?"
    r"|is disconnected|is connected|has returned|leaves the table|sits out|is back"
    r"|will be allowed to play after the button"
    r"|was removed from the table for failing to post)$",
)
JOINS = _rule("joins", r" joins the table at seat #(?P<seat>\d+)$")
FINISHED = _rule(
    "finished",
    r" finished the tournament(?: in (?P<place>\d+)(?:st|nd|rd|th) place)?"
    r"(?: and received (?P<prize>" + _AMT + r")(?: [A-Z]{3})?)?\.?$",
)
WINS_TOURNAMENT = _rule(
    "wins_tournament",
    r" wins the tournament(?: and receives (?P<prize>" + _AMT + r")(?: [A-Z]{3})?)?"
    r"(?: - congratulations!)?$",
)
BOUNTY = _rule(
    "bounty",
    r" wins (?:the )?(?P<amount>" + _AMT + r")(?: bounty)? for "
    r"(?:eliminating|splitting the elimination of) (?P<victims>.+?)"
    r"(?: and (?:their|his|her) own bounty increases by (?P<inc>" + _AMT + r") to (?P<new>"
    + _AMT
    + r"))?$",
)
REBUY = _rule(
    "rebuy",
    r" (?P<what>re-buys|takes the add-on) and receives (?P<chips>[\d,]+) chips"
    r"(?: for (?P<amount>" + _AMT + r"))?$",
)
RIO_SHOW = _rule("rio_show", r" shows \[(?P<cards>" + _CARDS + r")\](?: for (?P<desc>.+))?$")

# Fixed rules: lines that do not start with a seated player.
STREET_LINE = _rule(
    "street",
    r"\*\*\* (?P<name>HOLE CARDS|PRE-FLOP|(?:(?:FIRST|SECOND) )?(?:FLOP|TURN|RIVER|SHOW ?DOWN)"
    r"|SUMMARY) \*\*\*(?P<cards>(?: \[" + _CARDS + r"\])*)$",
)
DEALT = _rule("dealt", r"Dealt to (?P<player>.+) \[(?P<cards>" + _CARDS + r")\]$")
UNCALLED = _rule(
    "uncalled", r"Uncalled bet \((?P<amount>" + _AMT + r")\) returned to (?P<player>.+)$"
)
NO_LOW = _rule("no_low", r"No low hand qualified$")
RUN_TWICE = _rule("run_twice", r"Hand was run twice$")
HAND_CANCELLED = _rule("hand_cancelled", r"Hand cancelled$")
TOTAL = _rule(
    "total_pot",
    r"Total pot (?P<total>" + _AMT + r")"
    r"(?P<parts>(?: (?:Main pot|Side pot(?:-\d+)?) " + _AMT + r"\.)*)"
    r"(?P<extra>(?: \| [^|]+)*)$",
)
BOARD = _rule("board", r"(?:(?P<which>FIRST|SECOND) )?Board \[(?P<cards>" + _CARDS + r")\]$")
SUMMARY_SEAT = _rule("summary_seat", r"Seat (?P<seat>\d+): (?P<rest>.+)$")
CONVERTER_COMMENT = _rule("converter_comment", r"# .*$")
CONVERTER_LEAVE = _rule("converter_leave", r"Table leave user$")
OTHER_PLAYER_EVENT = _rule(
    "other_player_event",
    r"(?P<player>.+?) (?P<event>joins the table at seat #\d+|leaves the table|said, \".*\""
    r"|is sitting out|is disconnected|is connected|has returned|has timed out.*"
    r"|will be allowed to play after the button"
    r"|was removed from the table for failing to post)$",
)

# Summary seat rules: they read what follows "Seat N: <name>" and the position tags.
S_FOLDED = _rule(
    "summary_folded",
    r" folded (?:before (?:the )?Flop|on the (?P<street>Flop|Turn|River))(?P<nobet> \(didn't bet\))?$",
)
S_COLLECTED = _rule("summary_collected", r" collected \((?P<amount>" + _AMT + r")\)$")
S_SHOWED = _rule(
    "summary_showed",
    r" showed \[(?P<cards>" + _CARDS + r")\] and "
    r"(?:won \(?(?P<won>" + _AMT + r")\)?|lost)(?: with (?P<desc>.*?))?"
    r"(?:, and (?:won \(?(?P<won2>" + _AMT + r")\)?|lost)(?: with (?P<desc2>.*?))?)?"
    r"(?P<cashed> \(pot not awarded as player cashed out\)| \(cashed out\)\.?)?$",
)
S_MUCKED = _rule("summary_mucked", r" mucked \[(?P<cards>" + _CARDS + r")\](?: and lost)?$")
S_SITTING_OUT = _rule("summary_sitting_out", r" (?:is )?sitting out$")

#: Rules for what follows a seated player's name, keyed by (first char, keyword).
PLAYER_RULES: dict[tuple[str, str], pp.Regex] = {
    (":", "folds"): FOLD,
    (":", "checks"): CHECK,
    (":", "calls"): CALL,
    (":", "bets"): BET,
    (":", "raises"): RAISE,
    (":", "posts"): POST,
    (":", "shows"): SHOW,
    (":", "mucks"): MUCK,
    (":", "doesn't"): NO_SHOW,
    (":", "sits"): SITS_OUT,
    (":", "is"): SITS_OUT,
    (":", "sitting"): SITS_OUT,
    (" ", "collected"): COLLECT,
    (" ", "cashed"): CASH_OUT,
    (" ", "said,"): CHAT,
    (" ", "is"): STATUS,
    (" ", "has"): STATUS,
    (" ", "leaves"): STATUS,
    (" ", "sits"): STATUS,
    (" ", "will"): STATUS,
    (" ", "was"): STATUS,
    (" ", "joins"): JOINS,
    (" ", "finished"): FINISHED,
    (" ", "wins"): WINS_TOURNAMENT,
    (" ", "re-buys"): REBUY,
    (" ", "takes"): REBUY,
    (" ", "shows"): RIO_SHOW,
}
_SECOND_TRY = {WINS_TOURNAMENT: BOUNTY}

_SUMMARY_RULES = {
    "folded": S_FOLDED,
    "collected": S_COLLECTED,
    "showed": S_SHOWED,
    "mucked": S_MUCKED,
    "is": S_SITTING_OUT,
    "sitting": S_SITTING_OUT,
}

#: Every named rule of the grammar, by name.
RULES: dict[str, pp.Regex] = {
    str(e.customName): e
    for e in (
        HEADER, GAME_NAME, STAKES, TABLE, SEAT, FOLD, CHECK, CALL, BET, RAISE, POST, SHOW,
        MUCK, NO_SHOW, SITS_OUT, COLLECT, CASH_OUT, CHAT, STATUS, JOINS, FINISHED,
        WINS_TOURNAMENT, BOUNTY, REBUY, RIO_SHOW, STREET_LINE, DEALT, UNCALLED, NO_LOW,
        RUN_TWICE, HAND_CANCELLED, TOTAL, BOARD, SUMMARY_SEAT, CONVERTER_COMMENT,
        CONVERTER_LEAVE, OTHER_PLAYER_EVENT, S_FOLDED, S_COLLECTED, S_SHOWED, S_MUCKED,
        S_SITTING_OUT,
    )
}  # fmt: skip

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


# ----------------------------------------------------------------------------- helpers
_CARD_RE = re.compile(r"(?:[2-9TJQKA]|10)[cdhs]")
_VARIANTS = {
    "Omaha": Variant.OMAHA,
    "5 Card Omaha": Variant.OMAHA5,
    "6 Card Omaha": Variant.OMAHA6,
    "Courchevel": Variant.COURCHEVEL,
}
_STRUCTURES = {
    "Pot Limit": BettingStructure.POT_LIMIT,
    "No Limit": BettingStructure.NO_LIMIT,
    "Limit": BettingStructure.LIMIT,
    "Fixed Limit": BettingStructure.LIMIT,
}
_POSTS = {
    "small blind": PostKind.SMALL_BLIND,
    "big blind": PostKind.BIG_BLIND,
    "small & big blinds": PostKind.DEAD_SMALL_AND_BIG,
    "the ante": PostKind.ANTE,
    "ante": PostKind.ANTE,
    "straddle": PostKind.STRADDLE,
}
_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_ZONES = {
    "ET": "America/New_York",
    "EST": "America/New_York",
    "EDT": "America/New_York",
    "UTC": "UTC",
    "GMT": "UTC",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "EET": "Europe/Helsinki",
    "WET": "Europe/Lisbon",
    "MSK": "Europe/Moscow",
    "PT": "America/Los_Angeles",
    "MT": "America/Denver",
    "CT": "America/Chicago",
    "AT": "America/Halifax",
    "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
    "IST": "Asia/Kolkata",
    "JST": "Asia/Tokyo",
    "CCT": "Asia/Shanghai",
    "AET": "Australia/Sydney",
    "NZT": "Pacific/Auckland",
}
_ZONE_CACHE: dict[str, ZoneInfo] = {}
_POT_PART = re.compile(r"(?:Main pot|Side pot(?:-\d+)?) (" + _AMT + r")\.")
_POS_TAGS = (" (button)", " (small blind)", " (big blind)")
_OMAHA_WORDS = ("Omaha", "Courchevel")


class _BadCards(ValueError):
    pass


def _cards(text: str) -> tuple[str, ...]:
    """``"Ts 9c 10d"`` -> ``("Ts", "9c", "Td")``; raises :class:`_BadCards`."""
    out = []
    for c in text.split():
        if len(c) == 2 and c[0] in "23456789TJQKA" and c[1] in "cdhs":
            out.append(c)
        elif _CARD_RE.fullmatch(c):
            out.append("T" + c[2])
        else:
            raise _BadCards(f"not a card: {c!r}")
    return tuple(out)


def _zone(abbr: str) -> ZoneInfo | None:
    name = _ZONES.get(abbr)
    if name is None:
        return None
    z = _ZONE_CACHE.get(name)
    if z is None:
        z = _ZONE_CACHE[name] = ZoneInfo(name)
    return z


def _when(text: str) -> datetime:
    date, clock = text.split(" ")
    y, mo, d = date.split("/")
    parts = clock.split(":")
    sec = int(parts[2]) if len(parts) > 2 else 0
    return datetime(int(y), int(mo), int(d), int(parts[0]), int(parts[1]), sec)


def _split_desc(desc: str | None) -> tuple[str | None, str | None]:
    """``"HI: a pair; LO: 8,6,4,2,A"`` -> ``("a pair", "8,6,4,2,A")``."""
    if desc is None:
        return None, None
    if not desc.startswith(("HI:", "LO:")):
        return desc, None
    hi = lo = None
    for part in desc.split("; "):
        if part.startswith("HI: "):
            hi = part[4:]
        elif part.startswith("LO: "):
            lo = part[4:]
        elif hi is not None:
            hi += "; " + part
    return hi, lo


_HAND_ID = re.compile(r"[^#]*#(\d+):")


def hand_id_of(text: str) -> str | None:
    """The hand number of a hand's text, read cheaply from its header (or ``None``).

    >>> hand_id_of("PokerStars Hand #123:  Omaha ...")
    '123'
    """
    m = _HAND_ID.match(text)
    return m.group(1) if m else None


def detect(first_text: str) -> bool:
    """``True`` when a file whose text starts with ``first_text`` is in this format.

    >>> detect("PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD) - 2020/01/01 1:00:00 ET")
    True
    >>> detect("Full Tilt Poker Game #1: Table X - $0.01/$0.02 - Pot Limit Omaha")
    False
    """
    return HAND_START.match(first_text.lstrip(" \t\r\n")) is not None


# ----------------------------------------------------------------------------- the hand
class _Hand:
    """Mutable state while one hand is read; :meth:`record` freezes it."""

    __slots__ = (
        "actions", "boards", "cash_outs", "collects", "file", "first_line", "hand_id",
        "hero", "hole_cards", "names", "by_first", "pot_parts", "problems", "rake", "fees",
        "returned", "seats", "shows", "street", "show_board", "street_boards",
        "summary", "total_pot", "unit", "summary_boards", "total_line", "board_line",
        "ante",
    )  # fmt: skip

    def __init__(self, file: str, first_line: int) -> None:
        self.file = file
        self.first_line = first_line
        self.hand_id: str | None = None
        self.problems: list[Problem] = []
        self.seats: list[Seat] = []
        self.names: dict[int, str] = {}
        self.by_first: dict[str, list[str]] = {}
        self.actions: list[Action] = []
        self.shows: list[Show] = []
        self.collects: list[Collect] = []
        self.returned: list[Returned] = []
        self.cash_outs: list[CashOut] = []
        self.hole_cards: dict[str, tuple[str, ...]] = {}
        self.hero: str | None = None
        self.street = Street.PREFLOP
        self.show_board = 0
        self.street_boards: list[tuple[str, ...]] = [(), ()]
        self.summary_boards: list[tuple[str, ...] | None] = [None, None]
        self.summary = False
        self.total_pot: int | None = None
        self.rake = 0
        self.fees = 0
        self.pot_parts: list[int] = []
        self.unit = Unit.CENTS
        self.total_line = 0
        self.board_line = 0
        self.ante = 0

    def problem(self, line: int, code: str, message: str, excerpt: str = "") -> None:
        self.problems.append(
            Problem(self.file, line, self.hand_id, code, message, excerpt[:200])
        )

    def money(self, text: str) -> int:
        return parse_money(text, self.unit)

    def add_seat(self, seat: Seat) -> None:
        self.seats.append(seat)
        self.names[seat.seat] = seat.player
        if seat.player:
            lst = self.by_first.setdefault(seat.player[0], [])
            lst.append(seat.player)
            lst.sort(key=len, reverse=True)

    def player_prefix(self, line: str) -> str | None:
        """The longest seated name that ``line`` starts with, followed by ':' or ' '."""
        for name in self.by_first.get(line[:1], ()):
            if line.startswith(name) and line[len(name) : len(name) + 1] in (":", " "):
                return name
        return None

    def know_cards(self, player: str, cards: tuple[str, ...]) -> None:
        if len(cards) > len(self.hole_cards.get(player, ())):
            self.hole_cards[player] = cards


def parse_hand(
    text: str, file: str = "", line: int = 1, offset: int = 0
) -> tuple[HandHistory | None, list[Problem], str | None]:
    """Read one hand's text.

    Args:
        text: the hand's lines (``\\n`` line ends), header first.
        file: source path, for records and problems.
        line: 1-based line number of the header in the file.
        offset: byte offset of the header in the file.

    Returns:
        ``(record, problems, skipped)``: ``skipped`` is the reason a hand of a game
        outside the Omaha family was not read (then ``record`` is ``None`` and there
        are no problems); otherwise ``None``. ``record`` is ``None`` when the hand's
        essential parts (header, seats, summary total) could not be read.
    """
    h = _Hand(file, line)
    try:
        return _parse(h, text, line, offset)
    except Exception as exc:  # never let one hand stop a file
        h.problem(line, "internal_error", f"parser error: {type(exc).__name__}: {exc}")
        return None, h.problems, None


def _parse(
    h: _Hand, text: str, line: int, offset: int
) -> tuple[HandHistory | None, list[Problem], str | None]:
    lines = text.split("\n")
    head = _m(HEADER, lines[0])
    if head is None:
        h.problem(line, "bad_header", "not a PokerStars hand header", lines[0])
        for k, extra in enumerate(lines[1:], 1):
            if extra.strip():
                h.problem(line + k, "unrecognised_line", "line outside any hand", extra)
        return None, h.problems, None
    h.hand_id = head["hand_id"]
    is_tournament = head["tid"] is not None

    # --- the game
    game_text: str = head["game"]
    name, stakes_text = game_text, None
    if game_text.endswith(")") and " (" in game_text:
        name, _, inner = game_text[:-1].partition(" (")
        if _m(GAME_NAME, name) is None:  # a mixed game: "8-Game (Omaha Hi/Lo Limit, $1/$2)"
            name, _, stakes = inner.partition(", ")
            stakes_text = stakes or None
        else:
            stakes_text = inner
    g = _m(GAME_NAME, name)
    if g is None:
        if any(w in name for w in _OMAHA_WORDS):
            h.problem(line, "unknown_game", f"unknown Omaha game {name!r}", lines[0])
            return None, h.problems, None
        return None, [], f"not an Omaha-family game: {name}"
    table_m = _m(TABLE, lines[1]) if len(lines) > 1 else None
    play = bool(table_m is not None and table_m["play"])
    h.unit = Unit.CHIPS if (is_tournament or play) else Unit.CENTS
    sb = bb = 0
    currency = "CHIPS" if is_tournament else "PLAY" if play else "USD"
    st = _m(STAKES, stakes_text) if stakes_text else None
    if stakes_text and st is None:
        h.problem(line, "bad_header", f"stakes not read: {stakes_text!r}", lines[0])
    if st is not None:
        sym = st["sb"][0]
        if not is_tournament:
            if st["cur"]:
                currency = st["cur"]
            elif sym in CURRENCY_SYMBOLS:
                currency = CURRENCY_SYMBOLS[sym]
            else:
                currency = "PLAY"
                h.unit = Unit.CHIPS
        sb, bb = h.money(st["sb"]), h.money(st["bb"])
    if is_tournament and head["level_sb"]:
        sb = parse_money(head["level_sb"], Unit.CHIPS)
        bb = parse_money(head["level_bb"], Unit.CHIPS)
    hilo = g["hilo"] is not None

    # --- time
    started_at = started_utc = None
    tz: str | None = None
    stamps = [(head["t1"], head["tz1"]), (head["t2"], head["tz2"])]
    pick = next((s for s in stamps if s[1] == "ET"), None) or next(
        (s for s in stamps if s[0] and s[1] and s[1] in _ZONES), None
    )
    if pick is None:
        pick = stamps[0]
    try:
        started_at = _when(pick[0])
    except ValueError:  # an impossible date ("2015/05/34"): the header is not read
        h.problem(line, "bad_header", f"bad date {pick[0]!r}", lines[0])
        return None, h.problems, None
    tz = pick[1]
    zone = _zone(tz) if tz else None
    if zone is not None:
        started_utc = started_at.replace(tzinfo=zone).astimezone(UTC)

    # --- table and seats
    if table_m is None:
        h.problem(line + 1, "bad_table", "table line not read", lines[1] if len(lines) > 1 else "")
        table, button, max_seats = "", None, None
        i = 1
    else:
        table = table_m["table"]
        button = int(table_m["button"])
        max_seats = int(table_m["max"]) if table_m["max"] else None
        i = 2
    n = len(lines)
    while i < n and lines[i].startswith("Seat "):
        sm = _m(SEAT, lines[i])
        if sm is None:
            break
        try:
            stack = h.money(sm["stack"])
        except ValueError as exc:
            h.problem(line + i, "bad_amount", str(exc), lines[i])
            stack = 0
        out = sm["out"]
        h.add_seat(
            Seat(
                int(sm["seat"]), sm["player"], stack, bool(out and "sitting out" in out),
                sm["bounty"], line + i,
            )
        )  # fmt: skip
        i += 1
    if not h.seats:
        h.problem(line + i, "no_seats", "no seat lines", lines[i] if i < n else "")

    # --- the rest, one line at a time
    while i < n:
        ln = lines[i]
        lno = line + i
        i += 1
        if not ln.strip():
            continue
        try:
            if not _dispatch(h, ln, lno):
                h.problem(lno, "unrecognised_line", f"unrecognised line: {ln[:80]}", ln)
        except _BadCards as exc:
            h.problem(lno, "bad_cards", str(exc), ln)
        except ValueError as exc:
            h.problem(lno, "bad_amount", str(exc), ln)

    # --- essentials and cross-checks
    if not h.summary:
        h.problem(line + n - 1, "truncated_hand", "hand has no summary (cut short?)", lines[-1])
        return None, h.problems, None
    if h.total_pot is None:
        h.problem(line + n - 1, "missing_total", "summary has no 'Total pot' line", lines[-1])
        return None, h.problems, None
    if not h.seats:
        return None, h.problems, None
    boards: list[tuple[str, ...]] = []
    for k in (0, 1):
        sb_k = h.summary_boards[k]
        street_k = h.street_boards[k]
        if k == 1 and sb_k is None and not street_k:
            break
        if sb_k is not None:
            if street_k and street_k != sb_k:
                h.problem(
                    h.board_line, "board_mismatch",
                    f"summary board [{' '.join(sb_k)}] differs from the streets' "
                    f"[{' '.join(street_k)}]",
                )  # fmt: skip
            boards.append(sb_k)
        else:
            boards.append(street_k)
    if boards == [()]:
        boards = []

    structure = _STRUCTURES[g["limit"]]
    small_bet = big_bet = None
    if structure is BettingStructure.LIMIT:
        sb, bb, small_bet, big_bet = _limit_stakes(
            h.actions, sb, bb, bool(is_tournament and head["level_sb"])
        )
    game = Game(
        variant=_VARIANTS[g["variant"]],
        hi_lo=hilo,
        structure=structure,
        small_blind=sb,
        big_blind=bb,
        currency=currency,
        qualifier=8,
        ante=h.ante,
        tournament_id=head["tid"],
        buy_in=head["buyin"],
        level=head["level"],
        small_bet=small_bet,
        big_bet=big_bet,
    )
    record = HandHistory(
        site=_SITE_KEYS[head["site"]],
        hand_id=head["hand_id"],
        table=table,
        started_at=started_at,
        time_zone=tz,
        started_at_utc=started_utc,
        game=game,
        button=button,
        max_seats=max_seats,
        seats=tuple(h.seats),
        actions=tuple(h.actions),
        boards=tuple(boards),
        hero=h.hero,
        hole_cards=h.hole_cards,
        shows=tuple(h.shows),
        collects=tuple(h.collects),
        returned=tuple(h.returned),
        total_pot=h.total_pot,
        rake=h.rake,
        cash_outs=tuple(h.cash_outs),
        fees=h.fees,
        file=h.file,
        line=line,
        offset=offset,
        text=text,
        pot_parts=tuple(h.pot_parts),
        pot_parts_basis=_parts_basis(h.pot_parts, h.total_pot, h.rake),
        site_format=SITE,
        collect_order=CollectOrder.HIGH_THEN_LOW,
        total_pot_line=h.total_line,
    )
    return record, h.problems, None


def _parts_basis(parts: list[int], total: int, rake: int) -> PotPartsBasis | None:
    """Are the summary's pot parts after rake or before it? PokerStars writes them
    net of rake (they add up to the total less the rake); files converted by other
    apps write them gross (they add up to the total). ``None``: neither, or no parts.

    >>> _parts_basis([95, 40], 140, 5), _parts_basis([100, 40], 140, 5), _parts_basis([], 1, 0)
    (<PotPartsBasis.NET: 'net'>, <PotPartsBasis.GROSS: 'gross'>, None)
    """
    if not parts:
        return None
    if sum(parts) + rake == total:
        return PotPartsBasis.NET
    if sum(parts) == total:
        return PotPartsBasis.GROSS
    return None


def _limit_stakes(
    actions: list[Action], low: int, high: int, level: bool
) -> tuple[int, int, int | None, int | None]:
    """``(small_blind, big_blind, small_bet, big_bet)`` of a limit hand.

    A limit header's two amounts are the small bet and the big bet, not the blinds:
    "Omaha Hi/Lo Limit ($1/$2 USD)" bets $1/$2 and posts $0.50/$1. The blinds are
    read from the first "posts small blind" / "posts big blind" that is not all-in
    (an all-in post may be short); the site rounds some small blinds down
    ($0.25/$0.50 posts $0.10/$0.25), so they are not computed when posted. Without
    a post: big blind = small bet, small blind = small bet // 2.

    ``level`` is set when the amounts come from a tournament's "Level N (a/b)".
    PokerStars names the bets there too ("8-Game (Hold'em Limit) - Level XVIII
    (300/600)" posts 150/300), but some writers name the blinds ("Omaha Limit -
    Level I (10/20)" posting 10/20 and betting 20/40); when the posts match the
    level as blinds (big blind ``b``, or with no big blind small blind ``a``), the
    bets are ``b`` and ``2 * b``. ``low == high == 0`` (no amounts in the header)
    gives no bets and blinds from the posts only.
    """
    posted: dict[PostKind, int] = {}
    for act in actions:
        if (
            act.kind is ActionKind.POST
            and act.post in (PostKind.SMALL_BLIND, PostKind.BIG_BLIND)
            and not act.all_in
            and act.post not in posted
        ):
            posted[act.post] = act.amount
    p_sb, p_bb = posted.get(PostKind.SMALL_BLIND), posted.get(PostKind.BIG_BLIND)
    if not (low or high):
        return p_sb or 0, p_bb or 0, None, None
    small_bet, big_bet = low, high
    if level and (p_bb == high if p_bb is not None else p_sb == low):
        small_bet, big_bet = high, 2 * high
    big_blind = p_bb if p_bb is not None else small_bet
    small_blind = p_sb if p_sb is not None else small_bet // 2
    return small_blind, big_blind, small_bet, big_bet


# ----------------------------------------------------------------------------- dispatch
def _dispatch(h: _Hand, ln: str, lno: int) -> bool:
    """Read one line into ``h``; ``False`` when no rule reads it."""
    if ln.startswith("*** "):
        return _street(h, ln, lno)
    if h.summary:
        if ln.startswith("Seat "):
            return _summary_seat(h, ln, lno)
        if ln.startswith("Total pot "):
            return _total(h, ln, lno)
        if "Board [" in ln[:15]:
            r = _m(BOARD, ln)
            if r is not None:
                k = 1 if r["which"] == "SECOND" else 0
                h.summary_boards[k] = _cards(r["cards"])
                h.board_line = lno
                return True
    name = h.player_prefix(ln)
    if name is not None:
        rest = ln[len(name) :]
        sp = rest.find(" ", 2)
        key = rest[2:sp] if rest[0] == ":" else rest[1:sp]
        if sp < 0:
            key = rest[2:] if rest[0] == ":" else rest[1:]
        rule = PLAYER_RULES.get((rest[0], key))
        if rule is not None:
            r = _m(rule, rest)
            if r is None and rule in _SECOND_TRY:
                rule = _SECOND_TRY[rule]
                r = _m(rule, rest)
            if r is not None:
                _PLAYER_HANDLERS[rule](h, name, r, lno)
                return True
    return _fixed(h, ln, lno)


def _fixed(h: _Hand, ln: str, lno: int) -> bool:
    c = ln[:1]
    if c == "D" and ln.startswith("Dealt to "):
        r = _m(DEALT, ln)
        if r is not None:
            player = r["player"]
            cards = _cards(r["cards"])
            if player not in h.names.values():
                h.problem(lno, "unknown_player", f"'Dealt to' a player not seated: {player}", ln)
            h.hero = player
            h.know_cards(player, cards)
            return True
    elif c == "U" and ln.startswith("Uncalled bet "):
        r = _m(UNCALLED, ln)
        if r is not None:
            player = r["player"]
            if player not in h.names.values():
                h.problem(lno, "unknown_player", f"uncalled bet to a player not seated: {player}", ln)
            h.returned.append(Returned(player, h.money(r["amount"]), lno))
            return True
    elif c == "N" and _m(NO_LOW, ln) is not None:
        return True
    elif c == "H" and (_m(RUN_TWICE, ln) is not None or _m(HAND_CANCELLED, ln) is not None):
        return True
    elif c == "#" and _m(CONVERTER_COMMENT, ln) is not None:
        return True
    elif c == "T" and _m(CONVERTER_LEAVE, ln) is not None:
        return True
    # A player not seated in this hand (joined, left, chatting while waiting...).
    return _m(OTHER_PLAYER_EVENT, ln) is not None


def _street(h: _Hand, ln: str, lno: int) -> bool:
    r = _m(STREET_LINE, ln)
    if r is None:
        return False
    name: str = r["name"]
    cards_text: str = r["cards"]
    board: tuple[str, ...] = ()
    if cards_text:
        board = _cards(cards_text.replace("[", " ").replace("]", " "))
    if name == "HOLE CARDS":
        h.street = Street.PREFLOP
    elif name == "PRE-FLOP":
        h.street = Street.PREFLOP
        h.street_boards[0] = board
    elif name == "SUMMARY":
        h.summary = True
    elif "SHOW" in name:
        h.street = Street.SHOWDOWN
        h.show_board = 1 if name.startswith("SECOND") else 0
    else:
        which, _, street = name.rpartition(" ")
        h.street = _STREETS[street]
        if which == "SECOND":
            h.street_boards[1] = board
        else:
            h.street_boards[0] = board
    return True


def _total(h: _Hand, ln: str, lno: int) -> bool:
    r = _m(TOTAL, ln)
    if r is None:
        return False
    h.total_pot = h.money(r["total"])
    h.total_line = lno
    if r["parts"]:
        h.pot_parts.extend(h.money(a) for a in _POT_PART.findall(r["parts"]))
    for seg in r["extra"].split(" | ")[1:] if r["extra"] else ():
        label, _, amt = seg.strip().rpartition(" ")
        value = h.money(amt)
        if label == "Rake":
            h.rake = value
        elif label in ("Main pot", "Side pot") or label.startswith("Side pot"):
            h.pot_parts.append(value)
        else:
            h.fees += value
    return True


def _summary_seat(h: _Hand, ln: str, lno: int) -> bool:
    r = _m(SUMMARY_SEAT, ln)
    if r is None:
        return False
    seat = int(r["seat"])
    player = h.names.get(seat)
    rest: str = r["rest"]
    if player is None or not rest.startswith(player):
        h.problem(lno, "unknown_player", f"summary for seat {seat}, not seated as written", ln)
        return True
    rest = rest[len(player) :]
    moved = True
    while moved:
        moved = False
        for tag in _POS_TAGS:
            if rest.startswith(tag):
                rest = rest[len(tag) :]
                moved = True
    key = rest[1:].split(" ", 1)[0]
    rule = _SUMMARY_RULES.get(key)
    if rule is None:
        return False
    s = _m(rule, rest)
    if s is None:
        return False
    if rule is S_SHOWED:
        cards = _cards(s["cards"])
        h.know_cards(player, cards)
        hi, lo = _split_desc(s["desc"])
        h.shows.append(Show(player, cards, hi, lo, False, 0, lno, read_high(hi), read_low(lo)))
        if s["desc2"] is not None or s["won2"] is not None:
            hi2, lo2 = _split_desc(s["desc2"])
            h.shows.append(Show(player, cards, hi2, lo2, False, 1, lno, read_high(hi2), read_low(lo2)))
    elif rule is S_MUCKED:
        cards = _cards(s["cards"])
        h.know_cards(player, cards)
        h.shows.append(Show(player, cards, None, None, True, 0, lno))
    return True


# ----------------------------------------------------------------------------- player handlers
def _act(kind: ActionKind) -> Callable[[_Hand, str, Any, int], None]:
    def handler(h: _Hand, player: str, r: Any, lno: int) -> None:
        amount = h.money(r["amount"]) if kind is not ActionKind.CHECK else 0
        h.actions.append(
            Action(h.street, player, kind, amount, None, r["allin"] is not None, None, lno)
        )

    return handler


def _fold(h: _Hand, player: str, r: Any, lno: int) -> None:
    if r["cards"]:
        h.know_cards(player, _cards(r["cards"]))
    h.actions.append(Action(h.street, player, ActionKind.FOLD, 0, None, False, None, lno))


def _check(h: _Hand, player: str, r: Any, lno: int) -> None:
    h.actions.append(Action(h.street, player, ActionKind.CHECK, 0, None, False, None, lno))


def _raise(h: _Hand, player: str, r: Any, lno: int) -> None:
    h.actions.append(
        Action(
            h.street, player, ActionKind.RAISE, h.money(r["amount"]), h.money(r["to"]),
            r["allin"] is not None, None, lno,
        )
    )  # fmt: skip


def _post(h: _Hand, player: str, r: Any, lno: int) -> None:
    kind = _POSTS[r["kind"]]
    amount = h.money(r["amount"])
    if kind is PostKind.ANTE and amount > h.ante:
        h.ante = amount
    h.actions.append(
        Action(
            Street.PREFLOP, player, ActionKind.POST, amount, None, r["allin"] is not None,
            kind, lno,
        )
    )  # fmt: skip


def _show(h: _Hand, player: str, r: Any, lno: int) -> None:
    cards = _cards(r["cards"])
    h.know_cards(player, cards)
    hi, lo = _split_desc(r["desc"])
    h.shows.append(
        Show(player, cards, hi, lo, False, h.show_board, lno, read_high(hi), read_low(lo))
    )


def _collect(h: _Hand, player: str, r: Any, lno: int) -> None:
    pot_name: str = r["pot"]
    if pot_name in ("pot", "main pot"):
        pot = 0
    else:
        side = r["side"] or r["side_rio"]
        pot = int(side) if side else 1
    board = h.show_board if h.street is Street.SHOWDOWN else 0
    h.collects.append(Collect(player, h.money(r["amount"]), pot, board, lno))


def _cash_out(h: _Hand, player: str, r: Any, lno: int) -> None:
    fee = h.money(r["fee"]) if r["fee"] else 0
    h.cash_outs.append(CashOut(player, h.money(r["amount"]), fee, lno))


def _known(h: _Hand, player: str, r: Any, lno: int) -> None:
    """Lines the record does not need (chat, table status, placings, bounties)."""


_PLAYER_HANDLERS: dict[pp.Regex, Callable[[_Hand, str, Any, int], None]] = {
    FOLD: _fold,
    CHECK: _check,
    CALL: _act(ActionKind.CALL),
    BET: _act(ActionKind.BET),
    RAISE: _raise,
    POST: _post,
    SHOW: _show,
    RIO_SHOW: _show,
    COLLECT: _collect,
    CASH_OUT: _cash_out,
    MUCK: _known,
    NO_SHOW: _known,
    SITS_OUT: _known,
    CHAT: _known,
    STATUS: _known,
    JOINS: _known,
    FINISHED: _known,
    WINS_TOURNAMENT: _known,
    BOUNTY: _known,
    REBUY: _known,
}


def _parse_text(ht: HandText) -> ParsedHand:
    """:data:`FORMAT`'s parse: one hand text -> record, problems, why skipped, hand id."""
    hand, problems, skipped = parse_hand(ht.text, ht.file, ht.line, ht.offset)
    hand_id = hand.hand_id if hand is not None else next(
        (p.hand_id for p in problems if p.hand_id), None
    )
    if hand_id is None and skipped is not None:
        hand_id = hand_id_of(ht.text)
    return ParsedHand(hand, tuple(problems), skipped, hand_id)


def _split(fh: BinaryIO, file: str) -> Iterator[HandText]:
    """:data:`FORMAT`'s split: a new hand at each line matching :data:`HAND_START`."""
    return iter_hands(fh, file, HAND_START)


#: The PokerStars site format (and the rooms and converters that write it).
FORMAT = SiteFormat(
    key=SITE,
    name="PokerStars (also PokerMaster, Run It Once and converted files in its format)",
    games="Omaha with 4, 5 and 6 hole cards and Courchevel; high and hi/lo 8 or better; "
    "pot limit, no limit and fixed limit; cash, zoom, home games and tournaments",
    recognise=detect,
    split=_split,
    parse=_parse_text,
    rooms=tuple(_SITE_KEYS.values()),
)
