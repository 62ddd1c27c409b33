"""The first two lines of a PokerStars hand: the header (site, hand number, game,
stakes, tournament and level, date and time zone) and the table line (name, size,
button), read into a :class:`_Header`; and the stakes of a limit hand, which need the
hand's posts (:func:`_limit_stakes`).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any, NamedTuple

from hhtools.grammars import _lines
from hhtools.grammars._lines import _m, _rule
from hhtools.grammars.pokerstars.clock import _STAMPS, _ZONES, _instant, _Stamps, _stamps
from hhtools.grammars.pokerstars.state import _AMT, _Hand, _OutOfRange

from hhtools.model.money import CURRENCY_SYMBOLS, Unit
from hhtools.model.records import Action, ActionKind, BettingStructure, Game, PostKind, Variant
from hhtools.model.vocab import ProblemCode

HEADER = _rule(
    "header",
    r"\ufeff?(?P<site>PokerStars|PokerMaster|Run It Once Poker|PokerBros)"
    r"(?P<home> Home Game)?(?P<zoom> Zoom)?"
    r" (?:Hand|Game) #(?P<hand_id>\d+): +"
    r"(?:\{(?P<club0>[^}]*)\} (?=Tournament ))?"
    r"(?:(?P<tzoom>Zoom )?Tournament #(?P<tid>\d+), (?P<buyin>Freeroll|\S+(?: [A-Z]{3}| SC)?) +(?:- )?)?"
    r"(?:\{(?P<club>[^}]*)\} )?"
    r"(?P<game>.+?)"
    r"(?: - (?:Match Round \w+, )?Level (?P<level>\w+)(?: \((?P<level_sb>[\d,]+)/(?P<level_bb>[\d,]+)\))?)?"
    r" - " + _STAMPS,
)
GAME_NAME = _rule(
    "game_name",
    r"(?P<variant>[24567] Card Omaha|Omaha|Courchevel)"
    r"(?P<hilo> Hi/Lo| H/L)?(?(hilo)(?: (?P<qualifier>[789]) or [Bb]etter)?)"
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

_VARIANTS = {
    "Omaha": Variant.OMAHA,
    "2 Card Omaha": Variant.OMAHA2,
    "4 Card Omaha": Variant.OMAHA,
    "5 Card Omaha": Variant.OMAHA5,
    "7 Card Omaha": Variant.OMAHA7,
    "6 Card Omaha": Variant.OMAHA6,
    "Courchevel": Variant.COURCHEVEL,
}
_STRUCTURES = {
    "Pot Limit": BettingStructure.POT_LIMIT,
    "No Limit": BettingStructure.NO_LIMIT,
    "Limit": BettingStructure.LIMIT,
    "Fixed Limit": BettingStructure.LIMIT,
}
#: A game name of the Omaha family, even one the grammar cannot type ("Omaha Hi/Lo
#: Spread Limit"): such a hand is an ``unknown_game`` problem, not a skipped hand.
_OMAHA_WORDS = re.compile(r"\b(?:Omaha|Courchevel|Big O|PLO\d?|Binglao)\b", re.IGNORECASE)
_ISO_AT_END = re.compile(r" ([A-Z]{3})$")


def _buy_in_currency(buy_in: str | None) -> str:
    """The ISO code of a tournament's buy-in ("" when it names none).

    >>> _buy_in_currency("$4.40+$5+$0.60 USD"), _buy_in_currency("€10+€1"), _buy_in_currency("Freeroll")
    ('USD', 'EUR', '')
    """
    if not buy_in:
        return ""
    m = _ISO_AT_END.search(buy_in)
    if m is not None:
        return m.group(1)
    return CURRENCY_SYMBOLS.get(buy_in[:1], "")


class _Header(NamedTuple):
    """What the header and the table line say (the grammar's own, read once per hand: a
    named tuple, quicker to make than a record).

    Attributes:
        site: the room as the header names it ("PokerStars", "Run It Once Poker"...).
        hand_id: the hand number.
        tournament_id, buy_in, level: the tournament's, else ``None``.
        level_blinds: a tournament header that gives the level's amounts.
        variant, hilo, limit: the game name's parts (``limit`` as written).
        small_blind, big_blind: the header's two amounts, in minor units of
            ``currency`` (cents, or chips); for a limit game the two bets.
        currency: ISO code, ``"CHIPS"`` (tournaments) or ``"PLAY"`` (play money).
        started_at: local start time as written; ``time_zone`` its abbreviation or
            ``None``; ``started_at_utc`` the same instant in UTC when the zone is known.
        body: index in the hand's lines of the first line after the table line.
        qualifier: the low qualifier the game name states ("Omaha Hi/Lo 9 or Better"),
            8 when it states none.
        mix: the mixed or dealer's-choice game around the hand's game (:func:`_mix`).
    """

    site: str
    hand_id: str
    tournament_id: str | None
    buy_in: str | None
    level: str | None
    level_blinds: bool
    variant: str
    hilo: bool
    limit: str
    small_blind: int
    big_blind: int
    currency: str
    started_at: datetime
    time_zone: str | None
    started_at_utc: datetime | None
    body: int
    qualifier: int = 8
    mix: str | None = None


#: a :class:`_Header` of its fields' values in order (its class call without Python's)
_new_header = tuple.__new__


def _game_and_stakes(game_text: str) -> tuple[str, str | None, Any]:
    """Split a header's game text into the game name, the stakes text, and the game
    name read by :data:`GAME_NAME` (``None`` when it is not one the grammar types).

    "Omaha Pot Limit ($1/$2 USD)" is a game and its stakes; a mixed game names its
    current game inside the brackets ("8-Game (Omaha Hi/Lo Limit, $1/$2)"), and so does
    a dealer's-choice game whose game changes every hand ("Binglao (6 Card Omaha Hi/Lo
    Pot Limit, $0.05/$0.10)": :func:`_mix` gives its name); a name the grammar does not
    know stays the name when the brackets hold stakes ("Omaha Hi/Lo Spread Limit ($1/$2
    USD)"), so it is never mistaken for its stakes.

    >>> _game_and_stakes("Omaha Pot Limit ($1/$2 USD)")[:2]
    ('Omaha Pot Limit', '$1/$2 USD')
    >>> _game_and_stakes("8-Game (Omaha Hi/Lo Limit, $1/$2)")[:2]
    ('Omaha Hi/Lo Limit', '$1/$2')
    >>> _game_and_stakes("Omaha Hi/Lo Spread Limit ($1/$2 USD)")
    ('Omaha Hi/Lo Spread Limit', '$1/$2 USD', None)
    >>> _game_and_stakes("Omaha Hi/Lo No Limit")[:2]
    ('Omaha Hi/Lo No Limit', None)
    """
    if not (game_text.endswith(")") and " (" in game_text):
        return game_text, None, _m(GAME_NAME, game_text)
    name, _, inner = game_text[:-1].partition(" (")
    g = _m(GAME_NAME, name)
    if g is not None or _m(STAKES, inner) is not None:
        return name, inner, g
    game, _, stakes = inner.partition(", ")  # a mixed game
    return game, stakes or None, _m(GAME_NAME, game)


def _mix(game_text: str) -> str | None:
    """The mixed or dealer's-choice game a header names around the hand's own game,
    else ``None``.

    >>> _mix("Binglao (5 Card Omaha Hi/Lo Pot Limit, 10/20)")
    'Binglao'
    >>> _mix("8-Game (Omaha Hi/Lo Limit, $1/$2)")
    '8-Game'
    >>> _mix("Omaha Pot Limit ($1/$2 USD)") is None
    True
    """
    if not (game_text.endswith(")") and " (" in game_text):
        return None
    name, _, inner = game_text[:-1].partition(" (")
    if _m(GAME_NAME, name) is not None or _m(STAKES, inner) is not None:
        return None
    return name


#: :func:`_game_text` by the header's game text (and the line matcher's ``FAST``):
#: the hands of a file name a few games, each read once.
_GAMES: dict[tuple[str, bool], tuple[str, str | None, Any, str | None, Any]] = {}
_GAMES_MAX = 4096


def _game_text(game_text: str) -> tuple[str, str | None, Any, str | None, Any]:
    """:func:`_game_and_stakes` and :func:`_mix` of a header's game text, and its stakes
    read by :data:`STAKES` (``None`` when it names none, or they are not read),
    remembered."""
    key = (game_text, _lines.FAST)
    known = _GAMES.get(key)
    if known is None:
        if len(_GAMES) >= _GAMES_MAX:
            _GAMES.clear()
        name, stakes, g = _game_and_stakes(game_text)
        st = _m(STAKES, stakes) if stakes else None
        known = _GAMES[key] = (name, stakes, g, _mix(game_text), st)
    return known


#: table lines read before, by their text and the line matcher's ``FAST``: a table's
#: hands share one ("Table 'Iris III' 6-max Seat #1 is the button"), read once
_TABLES: dict[tuple[str, bool], Any] = {}


def _table_line(text: str) -> Any:
    """``text`` read by :data:`TABLE` (``None``: not a table line), remembered."""
    key = (text, _lines.FAST)
    got = _TABLES.get(key, _UNREAD)
    if got is _UNREAD:
        if len(_TABLES) >= _GAMES_MAX:
            _TABLES.clear()
        got = _TABLES[key] = _m(TABLE, text)
    return got


_UNREAD = object()


def _read_header(h: _Hand, lines: list[str], line: int) -> _Header | str | None:
    """Read a hand's header and table line.

    Sets ``h.hand_id``, ``h.unit`` (cents, or chips in tournaments and play money),
    ``h.currency`` (a tournament buy-in's) and the table's name, button and size on
    ``h``, and adds the problems met (``bad_header``, ``unknown_game``, ``bad_table``,
    ``out_of_range``). The table line is the first line after the header that is not
    blank.

    Args:
        h: the hand being read.
        lines: the hand's lines, header first.
        line: 1-based line number of the header in the file.

    Returns:
        The header; or a string, why a hand of a game outside the Omaha family is
        skipped (the caller adds the ``skipped_game`` note); or ``None`` when the
        header could not be read (the problems say why).
    """
    first = lines[0]
    cut = _header_cut(first) if _lines.FAST else None
    key = None
    if cut is not None and len(lines) > 1:  # a table's hands: read as its first was
        key, button = _table_key(cut, lines[1])
        known = _READ_HEADS.get(key)
        if known is not None:
            return _known_header(h, known, cut[2], cut[3], first, line, button)
    count = len(h.problems)
    hd = _read_header_anew(h, lines, line, cut)
    if key is not None and isinstance(hd, _Header) and hd.body == 2 and len(h.problems) == count:
        if len(_READ_HEADS) >= _GAMES_MAX:
            _READ_HEADS.clear()
        _READ_HEADS[key] = (tuple(hd), h.units, h.currency, h.table, h.button, h.max_seats)
    return hd


#: headers read with no problem, their table line the next line, by ``(text up to the
#: number's "#", text from the ":" after it up to the stamps' " - ", the table line)``,
#: or with the table line up to its " Seat #N is the button" and ``True`` (the button
#: read apart: :func:`_table_key`) (the line matcher's ``FAST`` only): ``(the header
#: read, as a plain tuple of its fields, the hand's unit, currency, table, button, table
#: size)``; a table's hands differ only by number, stamps and button
_READ_HEADS: dict[tuple[str, str, str], tuple[tuple[Any, ...], Any, str, str | None,
                                              int | None, int | None]] = {}  # fmt: skip


def _table_key(cut: tuple[str, str, str, Any], table_line: str) -> tuple[Any, int | None]:
    """The key of :data:`_READ_HEADS` for a header cut so (:func:`_header_cut`) and its
    table line, and the button that line names when the key leaves it out: a line that
    ends " Seat #N is the button" (N 1 to 3 ASCII digits, as :data:`TABLE` reads it and
    :meth:`~.state._Hand.number` takes it: ``int``) is keyed by what comes before, the
    table's hands keyed alike whoever has the button; any other line by itself (``None``).

    >>> _table_key(("a", "b", "1", None), "Table 'T' 6-max Seat #12 is the button")
    (('a', 'b', "Table 'T' 6-max", True), 12)
    >>> _table_key(("a", "b", "1", None), "Table 'T' 6-max Seat #1234 is the button")[1] is None
    True
    """
    at = table_line.rfind(" Seat #")
    if at > 0 and table_line.endswith(" is the button"):
        digits = table_line[at + 7 : len(table_line) - 14]
        if 0 < len(digits) < 4 and digits.isascii() and digits.isdigit():
            return (cut[0], cut[1], table_line[:at], True), int(digits)
    return (cut[0], cut[1], table_line), None


def _known_header(
    h: _Hand, known: tuple[Any, ...], number: str, stamps: _Stamps, first: str, line: int,
    button: int | None = None,
) -> _Header | None:
    """A header whose text but for its number and stamps, and whose table line (but for
    its ``button`` when given), were read before with no problem (``known``,
    :data:`_READ_HEADS`): the same values set on ``h`` in the same order as
    :func:`_read_header_anew` sets them, the number and stamps read anew (``None``: a
    date that does not exist, a ``bad_header`` problem)."""
    hd, units, currency, table, read_button, max_seats = known
    if button is None:
        button = read_button
    h.hand_id = number
    h.unit = units
    h.currency = currency
    started = _started(h, stamps, first, line)
    if started is None:
        return None
    h.table, h.button, h.max_seats = table, button, max_seats
    # by position, in the fields' order (:class:`_Header`; the known header's fields as a
    # plain tuple, read by index: no attribute looked up): the known header's but this
    # hand's number (1), stamps (12 to 14) and body (15)
    return _new_header(_Header, (
        hd[0], number, hd[2], hd[3], hd[4], hd[5], hd[6], hd[7], hd[8], hd[9], hd[10], hd[11],
        started[0], started[1], started[2], 2, hd[16], hd[17],
    ))  # fmt: skip


def _read_header_anew(
    h: _Hand, lines: list[str], line: int, cut: tuple[str, str, str, Any] | None
) -> _Header | str | None:
    """:func:`_read_header` of a header not met before (``cut``: its
    :func:`_header_cut`, ``None`` when not cut)."""
    parts = _header_parts(lines[0], cut)
    if parts is None:
        h.problem(line, ProblemCode.BAD_HEADER, "not a PokerStars hand header", lines[0])
        for k, extra in enumerate(lines[1:], 1):
            if extra.strip():
                h.problem(line + k, ProblemCode.UNRECOGNISED_LINE, "line outside any hand", extra)
        return None
    head, h.hand_id, stamps = parts
    game_text: str = head["game"]
    name, stakes_text, g, mix, st = _game_text(game_text)
    if g is None:
        if _OMAHA_WORDS.search(name) is not None:
            h.problem(line, ProblemCode.UNKNOWN_GAME, f"unknown Omaha game {game_text!r}", lines[0])
            return None
        return f"not an Omaha-family game: {name}"
    t = 1  # the table line: the first line after the header that is not blank
    while t < len(lines) - 1 and not lines[t].strip():
        t += 1
    table_m = _table_line(lines[t]) if t < len(lines) else None
    stakes = _stakes(h, head, stakes_text, st, bool(table_m is not None and table_m["play"]),
                     lines[0], line)  # fmt: skip
    if stakes is None:
        return None
    started = _started(h, stamps, lines[0], line)
    if started is None or not _table(h, table_m, lines, line, t):
        return None
    tid = head["tid"]
    return _Header(  # by position, in the fields' order
        head["site"], h.hand_id, tid, head["buyin"], head["level"],
        bool(tid is not None and head["level_sb"]), g["variant"], g["hilo"] is not None,
        g["limit"], stakes[0], stakes[1], stakes[2], started[0], started[1], started[2],
        t + 1, int(g["qualifier"]) if g["qualifier"] else 8, mix,
    )  # fmt: skip


#: header lines by what they hold but their hand number and time stamps, and the line
#: matcher's ``FAST``: ``(text up to the number's "#", text from the ":" after it up to
#: the stamps' " - ")`` -> :data:`HEADER`'s reading of that line with the number 0 and
#: a plain stamp (``None``: not a header): a table's hands share one, read once
_HEADS: dict[tuple[str, str, bool], Any] = {}


def _header_cut(first: str) -> tuple[str, str, str, _Stamps] | None:
    """A header line cut around its hand number and stamps: ``(text up to the number's
    "#", text from the ":" after it up to the stamps' " - ", the number, the stamps'
    texts (:func:`_stamps`))``; ``None`` when it does not cut so (see
    :func:`_header_parts`)."""
    at = first.find("#")
    colon = first.find(":", at)
    cut = first.rfind(" - ")
    if 0 < at < colon < cut:
        number = first[at + 1 : colon]
        if number.isdecimal():
            stamps = _stamps(first, cut + 3)
            if stamps is not None:
                return first[:at], first[colon:cut], number, stamps
    return None


def _header_parts(first: str, cut: Any = None) -> tuple[Any, str, _Stamps] | None:
    """A header line read as :data:`HEADER` reads it: ``(results, hand number, stamps)``,
    the stamps' texts (``t1``, ``tz1``, ``t2``, ``tz2``: ``_Stamps``) apart from the
    others (``site``, ``game``, ``tid``...: the ``hand_id`` and stamps in them are not this
    line's); ``None`` when it is not a header.

    The stamps come after the line's last " - " (they hold none, so a header's start
    at that " - " is the only one :data:`HEADER` can read), and the rest reads the same
    whatever the hand's number (digits) and stamps are: so the rest is read once per
    distinct text (:data:`_HEADS`), and a line this does not cut so is read by the
    pattern itself. ``cut``: the line's :func:`_header_cut` when the caller has it,
    ``False`` when it does not cut so (``None``: cut here, with the matcher's ``FAST``).
    """
    if cut is None and _lines.FAST:
        cut = _header_cut(first)
    if cut:
        start, rest, number, stamps = cut
        key = (start, rest, True)
        head = _HEADS.get(key, _UNREAD)
        if head is _UNREAD:
            if len(_HEADS) >= _GAMES_MAX:
                _HEADS.clear()
            head = _HEADS[key] = HEADER.re.match(f"{start}#0{rest} - 2000/01/01 00:00")
        if head is not None:
            return head, number, stamps
    head = _m(HEADER, first)
    if head is None:
        return None
    return head, head["hand_id"], (head["t1"], head["tz1"], head["t2"], head["tz2"])


def _stakes(
    h: _Hand, head: Any, stakes_text: str | None, st: Any, play: bool, excerpt: str, line: int
) -> tuple[int, int, str] | None:
    """The header's two amounts (minor units) and the hand's currency: ISO code,
    ``"CHIPS"`` (tournaments) or ``"PLAY"`` (play money: the table line says so, or the
    stakes have no currency symbol). Sets ``h.unit`` (chips in tournaments and play
    money) and a tournament's ``h.currency``. ``st``: ``stakes_text`` read by
    :data:`STAKES` (``None``: not read).

    Returns ``None`` (an ``out_of_range`` problem added) for an amount no hand holds;
    stakes that are not read are a ``bad_header`` problem and 0/0.
    """
    tournament = head["tid"] is not None
    h.unit = Unit.CHIPS if (tournament or play) else Unit.CENTS
    sb = bb = 0
    currency = "CHIPS" if tournament else "PLAY" if play else "USD"
    if stakes_text and st is None:
        h.problem(line, ProblemCode.BAD_HEADER, f"stakes not read: {stakes_text!r}", excerpt)
    if st is not None and not tournament:
        sym = st["sb"][0]
        if st["cur"]:
            currency = st["cur"]
        elif sym in CURRENCY_SYMBOLS:
            currency = CURRENCY_SYMBOLS[sym]
        else:
            currency = "PLAY"
            h.unit = Unit.CHIPS
    try:
        if st is not None:
            sb, bb = h.money(st["sb"]), h.money(st["bb"])
        if tournament and head["level_sb"]:
            sb, bb = h.money(head["level_sb"]), h.money(head["level_bb"])
    except _OutOfRange as exc:
        h.problem(line, ProblemCode.OUT_OF_RANGE, str(exc), excerpt)
        return None
    except ValueError as exc:  # "($0.5/$1)" in chips: not an amount of the hand's unit
        h.problem(line, ProblemCode.BAD_HEADER, f"stakes not read: {exc}", excerpt)
    if tournament:
        h.currency = _buy_in_currency(head["buyin"])
    return sb, bb, currency


def _started(
    h: _Hand, stamps: _Stamps, excerpt: str, line: int
) -> tuple[datetime, str | None, datetime | None] | None:
    """When the hand started, from its header's ``stamps`` (:func:`_stamps`): local
    time, its zone's abbreviation and the UTC time (``None`` for a zone not known). Of
    two stamps ("... 2020/01/01 12:00:00 CET [2020/01/01 6:00:00 ET]") the ET one, else
    the first with a known zone, else the first. ``None`` (a ``bad_header`` problem
    added) for a date that does not exist."""
    t1, tz1, t2, tz2 = stamps
    if t2 and tz1 != "ET" and (tz2 == "ET" or not (tz1 in _ZONES) and tz2 in _ZONES):
        t1, tz1 = t2, tz2  # the second stamp: ET, or the first with a known zone
    try:
        started_at, utc = _instant(t1, tz1)
    except ValueError:  # an impossible date ("2015/05/34"): the header is not read
        h.problem(line, ProblemCode.BAD_HEADER, f"bad date {t1!r}", excerpt)
        return None
    return started_at, tz1, utc


def _table(h: _Hand, table_m: Any, lines: list[str], line: int, t: int) -> bool:
    """The table line (``lines[t]``, read as ``table_m``) onto ``h``: name, button, size.
    Not read, or a number out of range: one problem on it and ``False``, no record (as in
    every format): ``truncated_hand`` if nothing follows it, ``bad_table``, ``out_of_range``."""
    if table_m is None:
        cut = not "".join(lines[t + 1 :]).strip()
        h.problem(line + t, ProblemCode.TRUNCATED_HAND if cut else ProblemCode.BAD_TABLE,
                  "hand cut short in its table line" if cut else "table line not read",
                  "".join(lines[t : t + 1]))  # fmt: skip
        return False
    h.table = table_m["table"]
    try:
        h.button = h.number(table_m["button"], "button")
        h.max_seats = h.number(table_m["max"], "table size") if table_m["max"] else None
    except _OutOfRange as exc:
        h.problem(line + t, ProblemCode.OUT_OF_RANGE, str(exc), lines[t])
        return False
    return True


def _game(hd: _Header, actions: list[Action], ante: int) -> Game:
    """The hand's game: the header's, with a limit hand's blinds and bets sorted out
    from its posts (:func:`_limit_stakes`); ``ante`` is the largest ante posted, in
    minor units."""
    # the header's fields by position (:class:`_Header`'s order: no attribute looked up)
    (_, _, tid, buy_in, level, level_blinds, variant, hilo, limit, sb, bb, currency,
     _, _, _, _, qualifier, mix) = hd  # fmt: skip
    structure = _STRUCTURES[limit]
    small_bet = big_bet = None
    if structure is _LIMIT:
        sb, bb, small_bet, big_bet = _limit_stakes(actions, sb, bb, level_blinds)
    key = (variant, hilo, structure, sb, bb, currency, qualifier, mix, ante, tid, buy_in,
           level, small_bet, big_bet)  # fmt: skip
    game = _GAMES_MET.get(key)
    if game is None:
        game = Game(_VARIANTS[variant], hilo, structure, sb, bb, currency, qualifier, ante,
                    tid, buy_in, level, small_bet, big_bet, mix)  # fmt: skip
        if len(_GAMES_MET) >= _GAMES_MAX:
            _GAMES_MET.clear()
        _GAMES_MET[key] = game
    return game


#: the games made, by all they hold: a table's hands share one (a record is immutable)
_GAMES_MET: dict[tuple[Any, ...], Game] = {}
_LIMIT = BettingStructure.LIMIT


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
