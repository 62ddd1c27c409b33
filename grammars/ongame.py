"""OnGame network text hand histories of the Omaha family.

The format, as the site writes it::

    ***** History for hand R5-81867677-657 *****
    Start hand: Mon Sep 13 00:27:13 GMT+0100 2010
    Table: Tilburg [81867677] (LIMIT OMAHA_HI $0.05/$0.10, Real money)
    User: Xjty
    Button: seat 3
    Players in round: 3
    Seat 4: Xjty ($4.95)
    Xjty posts small blind ($0.02)
    ---
    Dealing pocket cards
    Dealing to Xjty: [Jd, Td, 8h, Tc]
    achegikk calls $0.05                       (the chips added)
    Clexwg1 raises $2.50 to $2.50              (chips added, then the street total)
    IYPF98DYCF calls $0.10 [all in]
    --- Dealing flop [4h, 7c, 2c]
    --- Dealing turn [Kc]                      (only the new card)
    ---
    Summary:
    Main pot: $0.55 won by achegikk ($0.27), IYPF98DYCF ($0.26)
    Rake taken: $0.02
    Seat 8: IYPF98DYCF ($1.75), net: +$0.01, [7h, Qs, 9c, Kd] (TWO_PAIR KING, SEVEN)
    ***** End of hand R5-81867677-657 *****

Quirks read here:

* No line returns an uncalled bet: "Main pot: $6" is the pot after the excess went
  back. The record returns it (``Returned`` with ``inferred``; ``inferred`` names
  "returned").
* Each pot line gives the pot before rake and what each winner got ("won by A ($a),
  B ($b)"); the winnings of a pot are its size after rake, so they are the record's
  ``pot_parts`` (net) when they add up to the pots less the rake; the total pot is
  the sum of the pots printed. Side pots are read as "Side pot N: $x won by ..." (the
  corpus has none; see the fixtures). The lines name no half of a hi/lo pot: the audit
  compares each player's amount from the pot.
* Shown cards are only in the summary's seat lines, with the site's category and
  ranks in capitals ("FULL_HOUSE JACK, FOUR", "STRAIGHT EIGHT", "PAIR ACE"): typed
  here (:func:`read_high`).
* Fixed-limit headers name the small and big bet ("LIMIT OMAHA_HI $0.05/$0.10", blinds
  $0.02/$0.05 posted); pot-limit headers name the blinds ("$0.25/$0.50"). When they
  are equal ("$0.50/$0.50") the small blind is written "posts big blind": the first
  post of the hand, of that amount, is typed as the small blind. Any later "posts big
  blind" is a big blind (a player coming in posts one).
* The start time carries its zone: "GMT+0100" (an offset) or an abbreviation ("EEST",
  "CET"); ``time_zone`` is the text and ``started_at_utc`` the moment in UTC (``None``
  for an abbreviation not known here).
* Hold'em and other games are skipped (``skipped_game``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from typing import BinaryIO

from hhtools.grammars._betting import _State, impossible, read_body, second_line
from hhtools.grammars._english import RANK_WORDS
from hhtools.grammars._inferred import excess_returned
from hhtools.grammars._lines import _cards
from hhtools.grammars._text import iter_hands
from hhtools.grammars.base import ParsedHand, SiteFormat, internal_error
from hhtools.model.money import Unit
from hhtools.model.records import (
    BettingStructure,
    ClaimedHigh,
    Collect,
    Game,
    HandHistory,
    HandText,
    PostKind,
    Returned,
    Seat,
    Show,
    Street,
    Variant,
)
from hhtools.model.vocab import (
    CollectOrder,
    Half,
    HandCategory,
    OddChips,
    PotPartsBasis,
    ProblemCode,
)

__all__ = ["FORMAT", "HAND_START", "parse_hand", "read_high"]

SITE = "ongame"
HAND_START = re.compile(r"\ufeff?\*{5} History for hand ")
_ANY_START = re.compile(r"^\s*\ufeff?\*{5} History for hand [RT]\d+-\d+-\d+", re.MULTILINE)

FIRST = re.compile(
    r"\ufeff?\*{5} History for hand (?P<id>[A-Z]\d*-[\d-]+)"
    r"(?: \(TOURNAMENT: (?:\"(?P<tname>[^\"]*)\", (?P<tid>[^,]+), buy-in: (?P<buyin>[^)]*))?\))?"
    r" \*{5}\s*$"
)
START = re.compile(
    r"Start hand: \w{3} (?P<mon>\w{3}) (?P<day>\d\d?) (?P<clock>\d\d?:\d\d:\d\d) "
    r"(?P<zone>\S+) (?P<year>\d{4})\s*$"
)
TABLE = re.compile(
    r"Table: (?P<table>.+?) \[(?P<tid>\d+)\] \((?P<limit>[A-Z_]+) (?P<game>[A-Z_0-9]+) "
    r"(?P<cur>[$€£]?)(?P<sb>[\d.,]+)/[$€£]?(?P<bb>[\d.,]+)"
    r"(?:, ante: (?P<ante>[$€£]?[\d.,]+))?, (?P<money>[A-Za-z ]+)\)\s*$"
)
SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[$€£]?[\d.,]+)\)\s*$")
END_SEAT = re.compile(
    r"Seat (?P<seat>\d+): (?P<name>.+?) \([$€£]?[\d.,]+\)(?:, net: [-+]?[$€£]?[\d.,]+)?"
    r"(?:, \[(?P<cards>[^\]]*)\](?: \((?P<desc>[^)]*)\))?)?\s*$"
)
STREET = re.compile(r"--- Dealing (?P<street>flop|turn|river) \[(?P<cards>[^\]]*)\]\s*$")
POT = re.compile(
    r"(?P<which>Main pot|Side pot(?: ?#?(?P<n>\d+))?): (?P<gross>[$€£]?[\d.,]+)"
    r" won by (?P<won>.+?)\s*$"
)
WINNER = re.compile(r"(?P<name>.+?) \((?P<a>[$€£]?[\d.,]+)(?: (?P<half>High|Low))?\)(?:, |$)")
RAKE = re.compile(r"Rake taken: (?P<a>[$€£]?[\d.,]+)\s*$")
_AMT = r"(?P<a>[$€£]?[\d.,]+)"
_ALLIN = r"(?P<allin> \[all in\])?"
RULES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern))
    for kind, pattern in (
        ("sb", r" posts small blind \(" + _AMT + r"\)" + _ALLIN),
        ("bb", r" posts big blind \(" + _AMT + r"\)" + _ALLIN),
        ("both", r" posts small (?:&|and) big blinds? \(" + _AMT + r"\)" + _ALLIN),
        ("ante", r" posts ante \(" + _AMT + r"\)" + _ALLIN),
        ("call", r" calls " + _AMT + _ALLIN),
        ("bet", r" bets " + _AMT + _ALLIN),
        ("raise", r" raises " + _AMT + r" to (?P<to>[$€£]?[\d.,]+)" + _ALLIN),
        ("check", r" checks"),
        ("fold", r" folds"),
        ("event", r" (?:sits out|is sitting out|has timed out|has left the table"
                  r"|has joined the table|is disconnected|has returned|sits in)"),
    )
)
_BY_WORD: dict[str, tuple[tuple[str, re.Pattern[str]], ...]] = {}
for _kind, _rule in RULES:
    _word = _rule.pattern[1:].split(" ")[0].split("\\")[0]
    _BY_WORD[_word] = (*_BY_WORD.get(_word, ()), (_kind, _rule))
_HALVES = {"High": Half.HIGH, "Low": Half.LOW}
_STRUCTURES = {"LIMIT": BettingStructure.LIMIT, "FIXED_LIMIT": BettingStructure.LIMIT,
               "POT_LIMIT": BettingStructure.POT_LIMIT,
               "NO_LIMIT": BettingStructure.NO_LIMIT}  # fmt: skip
_GAMES = {"OMAHA_HI": (Variant.OMAHA, False), "OMAHA": (Variant.OMAHA, False),
          "OMAHA_HI_LO": (Variant.OMAHA, True), "OMAHA_HILO": (Variant.OMAHA, True)}  # fmt: skip
_STREETS = {"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}
_MONTHS = {m: i for i, m in enumerate(
    ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1
)}  # fmt: skip
#: zone abbreviations the site prints, as hours east of UTC
_ZONES = {"GMT": 0, "UTC": 0, "WET": 0, "BST": 1, "WEST": 1, "CET": 1, "CEST": 2, "EET": 2,
          "EEST": 3, "MSK": 3, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "PST": -8,
          "PDT": -7}  # fmt: skip
_CATEGORIES = {
    "HIGH_CARD": HandCategory.HIGH_CARD, "PAIR": HandCategory.ONE_PAIR,
    "ONE_PAIR": HandCategory.ONE_PAIR, "TWO_PAIR": HandCategory.TWO_PAIR,
    "TWO_PAIRS": HandCategory.TWO_PAIR, "THREE_OF_A_KIND": HandCategory.THREE_OF_A_KIND,
    "STRAIGHT": HandCategory.STRAIGHT, "FLUSH": HandCategory.FLUSH,
    "FULL_HOUSE": HandCategory.FULL_HOUSE, "FOUR_OF_A_KIND": HandCategory.FOUR_OF_A_KIND,
    "STRAIGHT_FLUSH": HandCategory.STRAIGHT_FLUSH, "ROYAL_FLUSH": HandCategory.STRAIGHT_FLUSH,
}  # fmt: skip
_NAMED = {HandCategory.FULL_HOUSE: 2, HandCategory.TWO_PAIR: 2}


def read_high(text: str | None) -> ClaimedHigh | None:
    """Type OnGame's words for a high hand ("FULL_HOUSE JACK, FOUR"); ``None`` for
    words it does not know.

    >>> read_high("TWO_PAIR KING, SEVEN")
    ClaimedHigh(category=<HandCategory.TWO_PAIR: 'two pair'>, ranks=(13, 7))
    >>> read_high("STRAIGHT EIGHT").ranks
    (8,)
    >>> read_high("ROYAL_FLUSH").ranks
    (14,)
    """
    if not text:
        return None
    head, _, rest = text.strip().partition(" ")
    category = _CATEGORIES.get(head.upper())
    if category is None:
        return None
    if head.upper() == "ROYAL_FLUSH":
        return ClaimedHigh(category, (14,))
    words = [w.strip().lower() for w in rest.split(",") if w.strip()]
    try:
        ranks = tuple(RANK_WORDS[w.split()[0]] for w in words)
    except (KeyError, IndexError):
        return None
    need = _NAMED.get(category, 1)
    if len(ranks) < need:
        return None
    return ClaimedHigh(category, ranks[:need])


def recognise(head: str) -> bool:
    """``True`` for a file whose first lines hold an OnGame hand header.

    >>> recognise("***** History for hand R5-81867677-656 *****")
    True
    >>> recognise("***** Betfair Poker Hand History for Game 1 *****")
    False
    """
    return _ANY_START.search(head) is not None


def split(fh: BinaryIO, file: str) -> Iterator[HandText]:
    """The hands of a file, one per "***** History for hand" line (text before the
    first is its own)."""
    return iter_hands(fh, file, HAND_START)


class _Hand(_State):
    def __init__(self, file: str, line: int) -> None:
        super().__init__(file, line)
        self.seats: list[Seat] = []
        self.by_length: list[str] = []
        self.hero: str | None = None
        self.button: int | None = None
        self.hole: dict[str, tuple[str, ...]] = {}
        self.shows: list[Show] = []
        self.collects: list[Collect] = []
        self.board: list[str] = []
        self.pots: dict[int, int] = {}  # gross per pot
        self.total_line = 0
        self.rake: int | None = None
        self.tournament: tuple[str, str] | None = None  # (tournament id, buy-in text)
        self.summary = False
        self.ended = False
        self.stake_sb = self.stake_bb = 0  # the header's stakes


def parse_hand(text: str, file: str = "", line: int = 1, offset: int = 0) -> ParsedHand:
    """Read one hand's text (``\\n`` line ends) into a record and problems.

    Amounts are minor units (cents). Never raises: an unexpected error becomes an
    ``internal_error`` problem.
    """
    h = _Hand(file, line)
    try:
        return _parse(h, text, line, offset)
    except Exception as exc:
        return internal_error(file, line, h.hand_id, exc, h.problems)


def _parse(h: _Hand, text: str, line: int, offset: int) -> ParsedHand:
    lines = text.split("\n")
    first = FIRST.match(lines[0])
    if first is None:
        h.problem(line, ProblemCode.BAD_HEADER, f"not a hand header: {lines[0][:80]}", lines[0])
        return ParsedHand(None, tuple(h.problems))
    h.hand_id = first["id"]
    if first["tid"]:
        h.tournament = (first["tid"].strip(), first["buyin"].strip())
    elif "(TOURNAMENT:" in lines[0]:  # a tournament whose header names nothing
        h.tournament = ("", "")
    st = START.match(lines[1]) if len(lines) > 1 else None
    tb = TABLE.match(lines[2]) if len(lines) > 2 else None
    if st is None or tb is None:
        h.problem(line, ProblemCode.BAD_HEADER, "no 'Start hand' and 'Table' lines", lines[0])
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    game = _GAMES.get(tb["game"])
    structure = _STRUCTURES.get(tb["limit"])
    if game is None or structure is None:
        if "OMAHA" in tb["game"]:
            h.problem(line + 2, ProblemCode.UNKNOWN_GAME,
                      f"unknown game: {tb['limit']} {tb['game']}", lines[2])  # fmt: skip
            return ParsedHand(None, tuple(h.problems), None, h.hand_id)
        note = f"not an Omaha game: {tb['game']}"
        h.problem(line + 2, ProblemCode.SKIPPED_GAME, note, lines[2])
        return ParsedHand(None, tuple(h.problems), note, h.hand_id)
    h.unit = Unit.CHIPS if h.tournament is not None else Unit.CENTS
    h.stake_sb, h.stake_bb = h.money(tb["sb"]), h.money(tb["bb"])
    numbered = [(i, ln) for i, ln in enumerate(lines) if i > 2]
    if not read_body(h, numbered, line, lambda ln, lno: _line(h, ln, lno)):
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    last = line + len(lines) - 1
    if not h.summary or not h.pots:
        h.problem(last, ProblemCode.TRUNCATED_HAND, "hand has no summary (cut short?)", lines[-1])
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    if not h.seats:
        h.problem(line, ProblemCode.NO_SEATS, "hand has no seat lines", lines[0])
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    if h.rake is None:
        h.problem(last, ProblemCode.MISSING_TOTAL, "summary has no 'Rake taken' line", lines[-1])
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    twice = impossible(h.hole, [tuple(h.board)])
    if twice is not None:
        where = second_line(lines, twice, line)
        h.problem(where, ProblemCode.IMPOSSIBLE_CARDS,
                  f"card {twice} seen twice", lines[where - line])  # fmt: skip
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    record = _record(h, st, tb, game, structure, text, line, offset)
    return ParsedHand(record, tuple(h.problems), None, h.hand_id)


def _record(
    h: _Hand, st: re.Match[str], tb: re.Match[str], game: tuple[Variant, bool],
    structure: BettingStructure, text: str, line: int, offset: int,
) -> HandHistory:  # fmt: skip
    inferred: list[str] = []
    stake_sb, stake_bb = h.stake_sb, h.stake_bb
    limit = structure is BettingStructure.LIMIT
    if limit:
        small_bet, big_bet = stake_sb, stake_bb
        bb = h.bb if h.bb is not None else small_bet
        sb = h.sb if h.sb is not None else bb // 2
    else:
        small_bet = big_bet = None
        bb = h.bb if h.bb is not None else stake_bb
        sb = h.sb if h.sb is not None else stake_sb
    if h.bb is None:
        inferred.append("blinds")
    real = tb["money"].strip().lower().startswith("real")
    currency = {"€": "EUR", "£": "GBP"}.get(tb["cur"], "USD") if real else "PLAY"
    tid, buy_in = h.tournament or (None, None)
    g = Game(
        variant=game[0], hi_lo=game[1], structure=structure, small_blind=sb, big_blind=bb,
        currency="CHIPS" if tid is not None else currency, qualifier=8, small_bet=small_bet,
        big_bet=big_bet, tournament_id=tid, buy_in=buy_in or None,
        ante=h.money(tb["ante"]) if tb["ante"] else 0,
    )  # fmt: skip
    returned: tuple[Returned, ...] = ()
    back = excess_returned(h.put, (), h.actions)
    if back is not None:
        returned = (back,)
        inferred.append("returned")
    total = sum(h.pots.values())
    paid: dict[int, int] = {}
    for c in h.collects:
        paid[c.pot] = paid.get(c.pot, 0) + c.amount
    parts: tuple[int, ...] = ()
    basis = None
    if sorted(paid) == list(range(len(paid))) and sum(paid.values()) == total - h.rake:
        parts = tuple(paid[i] for i in range(len(paid)))
        basis = PotPartsBasis.NET
    started, zone, utc = _when(st)
    return HandHistory(
        site=SITE,
        hand_id=h.hand_id or "",
        table=tb["table"],
        started_at=started,
        time_zone=zone,
        started_at_utc=utc,
        game=g,
        button=h.button,
        max_seats=None,
        seats=tuple(h.seats),
        actions=tuple(h.actions),
        boards=(tuple(h.board),) if h.board else (),
        hero=h.hero,
        hole_cards=dict(h.hole),
        shows=tuple(h.shows),
        collects=tuple(h.collects),
        returned=returned,
        total_pot=total,
        rake=h.rake or 0,
        file=h.file,
        line=line,
        offset=offset,
        text=text,
        pot_parts=parts,
        pot_parts_basis=basis,
        site_format=SITE,
        collect_order=CollectOrder.UNORDERED,
        odd_chips=OddChips.CLOCKWISE,
        total_pot_line=h.total_line,
        inferred=tuple(inferred),
    )


def _when(st: re.Match[str]) -> tuple[datetime, str, datetime | None]:
    """The start time as printed, its zone text, and the moment in UTC (or ``None``)."""
    hh, mi, ss = st["clock"].split(":")
    local = datetime(int(st["year"]), _MONTHS[st["mon"]], int(st["day"]),
                     int(hh), int(mi), int(ss))  # fmt: skip
    zone = st["zone"]
    m = re.fullmatch(r"(?:GMT|UTC)(?P<sign>[-+])(?P<h>\d\d):?(?P<m>\d\d)", zone)
    if m is not None:
        east = timedelta(hours=int(m["h"]), minutes=int(m["m"]))
        if m["sign"] == "-":
            east = -east
    elif zone in _ZONES:
        east = timedelta(hours=_ZONES[zone])
    else:
        return local, zone, None
    return local, zone, (local - east).replace(tzinfo=timezone.utc)


def _line(h: _Hand, ln: str, lno: int) -> bool:
    """Read one body line into the hand; ``False`` when no rule reads it."""
    ln = ln.rstrip()
    if h.summary:
        return _summary(h, ln, lno)
    for name in h.by_length:  # the common line: "<player> <action word> ..."
        if ln.startswith(name) and ln[len(name) : len(name) + 1] == " ":
            rest = ln[len(name) :]
            for kind, rule in _BY_WORD.get(rest[1:].partition(" ")[0], ()):
                m = rule.fullmatch(rest)
                if m is not None:
                    _player(h, name, kind, m, lno)
                    return True
            break
    if ln.startswith("---"):
        if ln == "---":
            return True
        m = STREET.match(ln)
        if m is None:
            return False
        h.new_street(_STREETS[m["street"]])
        h.board.extend(_cards(m["cards"].replace(",", " ")))
        return True
    if ln.startswith("Seat ") and not h.actions:
        m = SEAT.match(ln)
        if m is None:
            return False
        name = m["name"]
        seat = Seat(h.seat_number(m["seat"]), name, h.money(m["stack"]), line=lno)
        h.seats.append(seat)
        h.stacks[name] = seat.stack
        h.by_length = sorted((s.player for s in h.seats), key=len, reverse=True)
        return True
    if ln.startswith("User: "):
        h.hero = ln[6:].strip()
        return True
    if ln.startswith("Button: seat "):
        h.button = h.seat_number(ln[13:].strip())
        return True
    if ln.startswith("Players in round") or ln == "Dealing pocket cards":
        return True
    if ln == "Summary:":
        h.summary = True
        return True
    if ln.startswith("Dealing to "):
        name, sep, cards = ln[11:].rpartition(": [")
        if not sep or name not in h.stacks:
            h.problem(lno, ProblemCode.UNKNOWN_PLAYER, f"not seated: {ln[11:51]}", ln)
            return True
        h.hero = name
        h.hole[name] = _cards(cards.rstrip("]").replace(",", " "))
        return True
    return False


def _player(h: _Hand, p: str, kind: str, m: re.Match[str], lno: int) -> None:
    allin = bool(m.groupdict().get("allin"))
    if kind == "sb":
        h.post(p, PostKind.SMALL_BLIND, h.money(m["a"]), lno)
    elif kind == "bb":
        a = h.money(m["a"])
        # Stakes "$0.50/$0.50": the small blind equals the big and is written "posts
        # big blind"; the first such post, before any other, is the small blind.
        small = not h.actions and h.stake_sb == h.stake_bb == a
        h.post(p, PostKind.SMALL_BLIND if small else PostKind.BIG_BLIND, a, lno)
    elif kind == "both":
        h.post(p, PostKind.DEAD_SMALL_AND_BIG, h.money(m["a"]), lno)
    elif kind == "ante":
        h.post(p, PostKind.ANTE, h.money(m["a"]), lno)
    elif kind == "call":
        h.call(p, h.money(m["a"]), lno, allin)
    elif kind == "bet":
        h.bet(p, h.money(m["a"]), lno, allin)
    elif kind == "raise":
        h.raise_to(p, h.money(m["to"]), lno, allin)
    elif kind == "check":
        h.check(p, lno)
    elif kind == "fold":
        h.fold(p, lno)


def _summary(h: _Hand, ln: str, lno: int) -> bool:
    if ln.startswith("Seat "):
        m = END_SEAT.match(ln)
        if m is None:
            return False
        if m["cards"]:
            name = m["name"]
            cards = _cards(m["cards"].replace(",", " "))
            h.hole[name] = cards
            h.shows.append(Show(name, cards, m["desc"], line=lno,
                                claimed_high=read_high(m["desc"])))  # fmt: skip
        return True
    m = POT.match(ln)
    if m is not None:
        pot = 0 if m["which"] == "Main pot" else int(m["n"] or 1)
        h.pots[pot] = h.money(m["gross"])
        h.total_line = h.total_line or lno
        for w in WINNER.finditer(m["won"]):
            half = _HALVES.get(w["half"]) if w["half"] else None
            h.collects.append(Collect(w["name"], h.money(w["a"]), pot, 0, lno, half))
        return True
    m = RAKE.match(ln)
    if m is not None:
        h.rake = h.money(m["a"])
        return True
    if ln.startswith("***** End of hand "):
        h.ended = True
        return True
    return False


def _parse_text(ht: HandText) -> ParsedHand:
    """:data:`FORMAT`'s parse."""
    return parse_hand(ht.text, ht.file, ht.line, ht.offset)


#: The OnGame network site format.
FORMAT = SiteFormat(
    key=SITE,
    name="OnGame",
    games="Omaha and Omaha hi/lo 8 or better; fixed limit, pot limit and no limit; cash",
    recognise=recognise,
    split=split,
    parse=_parse_text,
    rooms=(SITE,),
)
