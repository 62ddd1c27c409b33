"""PKR text hand histories of the Omaha family.

The format, as the site writes it::

    Table #45061966 - Tournament #25865515 Table #21      (cash: "Table #44913344 - Eumelus")
    Starting Hand #2087124046
    Start time of hand: 20 May 2012 11:09:29
    Game Type: OMAHA HI/LO
    Limit Type: POT LIMIT
    Table Type: TOURNAMENT
    Money Type: TOURNAMENT CHIPS                          (cash: REAL MONEY, "$" amounts)
    Blinds are now 10 / 20
    Button is at seat 8
    Seat 1: Qudtep3 - 1,110
    Moving Button to seat 9                               (the button of this hand)
    Bwerpk3 posts small blind (10)
    Dealing [9 c][Q d][6 s][5 h] to Xjty
    Nxeekm3 raises to 40                                  (street total)
    Xjty calls 40                                         (street total, not the chips added)
    Qudtep3 raises to 1,070 (all-in)
    Returning 710 to Xjty uncalled                        (only when a call was short)
    Pot sizes: 4,450                                      (main pot, then each side pot)
    Qudtep3 shows [2 s][J h][T h][3 c]
    Taking Rake of $0.02 from pot 1
    Xjty has Straight, 8 high
    Qudtep3 has low hand: A2347
    Xjty wins 135 from side pot #1 with high hand: Straight, 8 high
    Qudtep3 wins 2,225 with low hand: A2347
    Seat 1: Qudtep3 - 2,225                               (stacks after the hand)
    End of Hand #2087124046

Quirks read here:

* Calls and raises are street totals ("Clexwg1 calls $0.08" from the $0.02 small blind
  puts in $0.06 more).
* A bet nobody called is returned silently (no line) when everyone folded; a bet
  called short by an all-in is returned on a "Returning ... uncalled" line. The
  record returns the silent one (``Returned`` with ``inferred``).
* "Pot sizes" lines give every pot (main first) after each street; the last group
  is the pots before rake. Rake is "Taking Rake of $x from pot N" (none in
  tournaments): each pot less its rake is the record's ``pot_parts`` (net); the total
  pot is their sum before rake.
* A hi/lo pot is paid on a "with high hand" line, then a "with low hand" line, even
  to one player; collects are typed without a half and the format declares
  ``HIGH_THEN_LOW`` (the audit splits each pot's lines at the high half).
* Shown cards ("[A d][8 s]") carry no words; the site's reading follows on "has"
  lines ("Two Pairs: Aces, 8s", "Full House, Aces over 3s", "low hand: A2346"),
  typed here (:func:`read_high`).
* Chat and table news lines ("Gaassb0 yawns.", "X: wake up", "X says thank you.",
  "Y brings 1,020 to table ...", "has requested more time") carry nothing the record
  needs. End-of-hand "Seat" lines (stacks after) are not read.
* Times have no zone: ``time_zone`` and ``started_at_utc`` are ``None``.
* Tournament hands are in chips; hold'em and other games are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from typing import BinaryIO

from hhtools.grammars._betting import _State, impossible, read_body, second_line
from hhtools.grammars._english import RANK_WORDS
from hhtools.grammars._inferred import excess_returned
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
from hhtools.model.vocab import CollectOrder, HandCategory, OddChips, PotPartsBasis, ProblemCode

__all__ = ["FORMAT", "HAND_START", "parse_hand", "read_high"]

SITE = "pkr"
HAND_START = re.compile(r"\ufeff?Table #\d+ - ")
_ANY_START = re.compile(r"^\s*\ufeff?Table #\d+ - .+\s+Starting Hand #\d+", re.MULTILINE)

FIRST = re.compile(
    r"\ufeff?Table #(?P<tid>\d+) - (?:Tournament #(?P<tour>\d+) )?(?P<table>.*?)\s*$"
)
_N = r"[$€£]?[\d,.]+"
HEAD = {
    "hand": re.compile(r"Starting Hand #(?P<v>\d+)\s*$"),
    "time": re.compile(r"Start time of hand: (?P<v>\d\d? \w{3} \d{4} \d\d?:\d\d:\d\d)\s*$"),
    "game": re.compile(r"Game Type: (?P<v>.+?)\s*$"),
    "limit": re.compile(r"Limit Type: (?P<v>.+?)\s*$"),
    "money": re.compile(r"Money Type: (?P<v>.+?)\s*$"),
    "blinds": re.compile(r"Blinds are now (?P<sb>" + _N + r") / (?P<bb>" + _N + r")\s*$"),
}
SEAT = re.compile(
    r"Seat (?P<seat>\d+): (?P<name>.+?) - (?P<stack>" + _N + r")(?P<away> \(.*\))?\s*$"
)
CARDS = re.compile(r"\[(?P<r>10|[2-9TJQKA]) ?(?P<s>[cdhs])\]")
STREET = re.compile(r"Dealing (?P<street>Flop|Turn|River) (?P<cards>(?:\[[^\]]*\])+)\s*$")
POTS = re.compile(r"Pot sizes: (?P<a>" + _N + r")\s*$")
RAKE = re.compile(r"Taking Rake of (?P<a>" + _N + r") from pot (?P<n>\d+)\s*$")
RETURN = re.compile(r"Returning (?P<a>" + _N + r") to (?P<name>.+) uncalled\s*$")
_ALLIN = r"(?P<allin> \(all-in\))?"
RULES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern))
    for kind, pattern in (
        ("sb", r" posts small blind \((?P<a>" + _N + r")\)" + _ALLIN),
        ("bb", r" posts big blind \((?P<a>" + _N + r")\)" + _ALLIN),
        ("ante", r" posts ante \((?P<a>" + _N + r")\)" + _ALLIN),
        ("call", r" calls (?P<a>" + _N + r")" + _ALLIN),
        ("bet", r" bets (?P<a>" + _N + r")" + _ALLIN),
        ("raise", r" raises to (?P<a>" + _N + r")" + _ALLIN),
        ("check", r" checks"),
        ("fold", r" folds"),
        ("muck", r" mucks"),
        ("show", r" shows (?P<cards>(?:\[[^\]]*\])+)"),
        ("low", r" has low hand: (?P<low>[A2-8]{5})"),
        ("nolow", r" has no qualifying low hand"),
        ("event", r"(?: did not respond in time and is folded| has requested more time"
                  r"| has timed out| is sitting out| sits out| has returned"
                  r"| says .*| [a-z]+s\.|: .*)"),
        ("has", r" has (?P<desc>.+)"),
        ("win", r"(?: wins| ties, and wins| ties) (?P<a>" + _N + r")(?: from side pot #(?P<n>\d+))?"
                r"(?: with(?: (?P<half>high|low) hand)?: (?P<desc>.*))?"),
    )
)
_OTHERS = re.compile(
    r"(?:Shuffling Deck|Dealing Cards|Last Hand .*|Table Type: .*|There is no qualifying low hand"
    r"|.+ brings " + _N + r" to table \d+|.+ has joined from .*|.+ has left the table"
    r"|.+ (?:has )?joined the table)\s*$"
)
_STRUCTURES = {"POT LIMIT": BettingStructure.POT_LIMIT, "NO LIMIT": BettingStructure.NO_LIMIT,
               "FIXED LIMIT": BettingStructure.LIMIT, "LIMIT": BettingStructure.LIMIT}  # fmt: skip
_GAMES = {"OMAHA": (Variant.OMAHA, False), "OMAHA HI": (Variant.OMAHA, False),
          "OMAHA HI/LO": (Variant.OMAHA, True), "OMAHA HILO": (Variant.OMAHA, True)}  # fmt: skip
_STREETS = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
_MONTHS = {m: i for i, m in enumerate(
    ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1
)}  # fmt: skip
_RANK = {str(n): n for n in range(2, 10)} | {"T": 10, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
_HIGH: tuple[tuple[HandCategory, re.Pattern[str]], ...] = (
    (HandCategory.STRAIGHT_FLUSH, re.compile(r"royal flush.*")),
    (HandCategory.STRAIGHT_FLUSH, re.compile(r"straight flush, (\w+) high")),
    (HandCategory.FOUR_OF_A_KIND, re.compile(r"four of a kind: (\w+)")),
    (HandCategory.FULL_HOUSE, re.compile(r"full house, (\w+) over (\w+)")),
    (HandCategory.FLUSH, re.compile(r"flush, (\w+) high")),
    (HandCategory.STRAIGHT, re.compile(r"straight, (\w+) high")),
    (HandCategory.THREE_OF_A_KIND, re.compile(r"three of a kind: (\w+)")),
    (HandCategory.TWO_PAIR, re.compile(r"two pairs?: (\w+), (\w+)")),
    (HandCategory.ONE_PAIR, re.compile(r"one pair: (\w+)")),
    (HandCategory.HIGH_CARD, re.compile(r"high card:? (\w+)")),
)


def _rank(word: str) -> int:
    """ "Aces", "8s", "King", "7" -> 14, 8, 13, 7; KeyError for other words."""
    w = word.lower()
    if w in RANK_WORDS:
        return RANK_WORDS[w]
    w = w[:-1] if w.endswith("s") and w[:-1].upper() in _RANK else w
    return _RANK[w.upper()]


def read_high(text: str | None) -> ClaimedHigh | None:
    """Type PKR's words for a high hand; ``None`` for words it does not know.

    >>> read_high("Two Pairs: Aces, 8s")
    ClaimedHigh(category=<HandCategory.TWO_PAIR: 'two pair'>, ranks=(14, 8))
    >>> read_high("Full House, Aces over 3s").ranks
    (14, 3)
    >>> read_high("Straight, 7 high").ranks
    (7,)
    """
    if not text:
        return None
    words = text.strip().lower()
    for category, pattern in _HIGH:
        m = pattern.fullmatch(words)
        if m is None:
            continue
        if not m.groups():
            return ClaimedHigh(category, (14,))
        try:
            return ClaimedHigh(category, tuple(_rank(g) for g in m.groups()))
        except KeyError:
            return None
    return None


def read_low(text: str) -> tuple[int, ...] | None:
    """ "A2346" -> (6, 4, 3, 2, 1); ``None`` unless five distinct ranks."""
    ranks = sorted({1 if c == "A" else int(c) for c in text}, reverse=True)
    return tuple(ranks) if len(ranks) == 5 else None


def recognise(head: str) -> bool:
    """``True`` for a file whose first lines hold a PKR hand header.

    >>> recognise("Table #44913344 - Eumelus\\nStarting Hand #2080628024")
    True
    >>> recognise("Table '1' 9-max Seat #1 is the button")
    False
    """
    return _ANY_START.search(head) is not None


def split(fh: BinaryIO, file: str) -> Iterator[HandText]:
    """The hands of a file, one per "Table #N - " line (text before the first is its own)."""
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
        self.returned: list[Returned] = []
        self.board: list[str] = []
        self.pots: list[int] = []  # the last "Pot sizes" group
        self.group_open = False
        self.rake: dict[int, int] = {}
        self.total_line = 0
        self.ended = False
        self.dealt = False
        self.head: dict[str, re.Match[str]] = {}


def parse_hand(text: str, file: str = "", line: int = 1, offset: int = 0) -> ParsedHand:
    """Read one hand's text (``\\n`` line ends) into a record and problems.

    Amounts are minor units (cents; chips in tournaments). Never raises: an
    unexpected error becomes an ``internal_error`` problem.
    """
    h = _Hand(file, line)
    try:
        return _parse(h, text, line, offset)
    except Exception as exc:
        return internal_error(file, line, h.hand_id, exc, h.problems)


def _parse(h: _Hand, text: str, line: int, offset: int) -> ParsedHand:
    lines = text.split("\n")
    first = FIRST.match(lines[0])
    body = 1
    while body < len(lines) and body < 12:
        for key, rule in HEAD.items():
            m = rule.match(lines[body])
            if m is not None:
                h.head[key] = m
                break
        else:
            if not lines[body].startswith(("Last Hand", "Table Type")):
                break
        body += 1
    if first is None or "hand" not in h.head:
        h.problem(line, ProblemCode.BAD_HEADER, f"not a hand header: {lines[0][:80]}", lines[0])
        return ParsedHand(None, tuple(h.problems))
    h.hand_id = h.head["hand"]["v"]
    if not all(k in h.head for k in ("time", "game", "limit", "money", "blinds")):
        h.problem(line, ProblemCode.BAD_HEADER,
                  "header lines missing (game, limit, money, blinds)", lines[0])  # fmt: skip
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    raw = h.head["game"]["v"].upper()
    game = _GAMES.get(raw)
    structure = _STRUCTURES.get(h.head["limit"]["v"].upper())
    if game is None or structure is None:
        if "OMAHA" in raw:
            h.problem(line, ProblemCode.UNKNOWN_GAME, f"unknown game: {raw[:40]}", lines[0])
            return ParsedHand(None, tuple(h.problems), None, h.hand_id)
        note = f"not an Omaha game: {raw[:40]}"
        h.problem(line, ProblemCode.SKIPPED_GAME, note, lines[0])
        return ParsedHand(None, tuple(h.problems), note, h.hand_id)
    money = h.head["money"]["v"].upper()
    tourney = first["tour"] is not None or "TOURNAMENT" in money
    h.unit = Unit.CHIPS if tourney or "PLAY" in money else Unit.CENTS
    numbered = [(i, ln) for i, ln in enumerate(lines) if i >= body]
    if not read_body(h, numbered, line, lambda ln, lno: _line(h, ln, lno)):
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    last = line + len(lines) - 1
    if not h.ended or not h.collects:
        h.problem(last, ProblemCode.TRUNCATED_HAND,
                  "hand has no 'End of Hand' (cut short?)", lines[-1])  # fmt: skip
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    if not h.seats:
        h.problem(line, ProblemCode.NO_SEATS, "hand has no seat lines", lines[0])
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    twice = impossible(h.hole, [tuple(h.board)])
    if twice is not None:
        where = second_line(lines, twice, line)
        h.problem(where, ProblemCode.IMPOSSIBLE_CARDS,
                  f"card {twice} seen twice", lines[where - line])  # fmt: skip
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    record = _record(h, first, game, structure, tourney, money, text, line, offset)
    return ParsedHand(record, tuple(h.problems), None, h.hand_id)


def _record(
    h: _Hand, first: re.Match[str], game: tuple[Variant, bool], structure: BettingStructure,
    tourney: bool, money: str, text: str, line: int, offset: int,
) -> HandHistory:  # fmt: skip
    inferred: list[str] = []
    bl = h.head["blinds"]
    stake_sb, stake_bb = h.money(bl["sb"]), h.money(bl["bb"])
    limit = structure is BettingStructure.LIMIT
    sb = h.sb if h.sb is not None else stake_sb
    bb = h.bb if h.bb is not None else stake_bb
    currency = "CHIPS" if tourney else ("PLAY" if "PLAY" in money else "USD")
    if not tourney and "€" in bl["bb"]:
        currency = "EUR"
    g = Game(
        variant=game[0], hi_lo=game[1], structure=structure, small_blind=sb, big_blind=bb,
        currency=currency, qualifier=8, tournament_id=first["tour"] if tourney else None,
        small_bet=bb if limit else None, big_bet=2 * bb if limit else None,
    )  # fmt: skip
    returned = list(h.returned)
    back = excess_returned(h.put, returned, h.actions)
    if back is not None:
        returned.append(back)
        inferred.append("returned")
    total = sum(h.pots) if h.pots else None
    rake = sum(h.rake.values())
    parts: tuple[int, ...] = ()
    basis = None
    if h.pots and all(0 <= i < len(h.pots) for i in h.rake):
        parts = tuple(p - h.rake.get(i, 0) for i, p in enumerate(h.pots))
        basis = PotPartsBasis.NET
    day, mon, year, clock = h.head["time"]["v"].split(" ")
    hh, mi, ss = clock.split(":")
    started = datetime(int(year), _MONTHS[mon], int(day), int(hh), int(mi), int(ss))
    return HandHistory(
        site=SITE,
        hand_id=h.hand_id or "",
        table=first["table"] or first["tid"],
        started_at=started,
        time_zone=None,
        started_at_utc=None,
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
        returned=tuple(returned),
        total_pot=total,
        rake=rake,
        file=h.file,
        line=line,
        offset=offset,
        text=text,
        pot_parts=parts,
        pot_parts_basis=basis,
        site_format=SITE,
        collect_order=CollectOrder.HIGH_THEN_LOW,
        odd_chips=OddChips.CLOCKWISE,
        total_pot_line=h.total_line,
        inferred=tuple(inferred),
    )


def _cards(text: str) -> tuple[str, ...]:
    """ "[A d][8 s]" -> ("Ad", "8s")."""
    out = tuple(("T" if m["r"] == "10" else m["r"]) + m["s"] for m in CARDS.finditer(text))
    if len(out) != text.count("["):
        raise ValueError(f"not cards: {text[:40]!r}")
    return out


def _line(h: _Hand, ln: str, lno: int) -> bool:
    """Read one body line into the hand; ``False`` when no rule reads it."""
    ln = ln.rstrip()
    if not ln.startswith("Pot sizes: "):
        h.group_open = False
    for name in h.by_length:  # the common line: "<player> <what they did>"
        if ln.startswith(name) and ln[len(name) : len(name) + 1] in (" ", ":"):
            rest = ln[len(name) :]
            for kind, rule in RULES:
                m = rule.fullmatch(rest)
                if m is not None:
                    _player(h, name, kind, m, lno)
                    return True
            break
    if ln.startswith("Seat "):
        if h.dealt:  # the stacks after the hand
            return SEAT.match(ln) is not None
        m = SEAT.match(ln)
        if m is None:
            return False
        name = m["name"]
        seat = Seat(h.seat_number(m["seat"]), name, h.money(m["stack"]),
                    sitting_out=bool(m["away"]), line=lno)  # fmt: skip
        h.seats.append(seat)
        h.stacks[name] = seat.stack
        h.by_length = sorted((s.player for s in h.seats), key=len, reverse=True)
        return True
    if ln.startswith("Pot sizes: "):
        m = POTS.match(ln)
        if m is None:
            return False
        if not h.group_open:
            h.pots = []
            h.total_line = lno
        h.group_open = True
        h.pots.append(h.money(m["a"]))
        return True
    if ln.startswith("Dealing "):
        m = STREET.match(ln)
        if m is not None:
            h.new_street(_STREETS[m["street"]])
            h.board.extend(_cards(m["cards"]))
            return True
        name, sep, cards = ln[8:].rpartition(" to ")
        if sep and cards in h.stacks:
            h.hero = cards
            h.hole[cards] = _cards(name)
            h.dealt = True
            return True
        if ln == "Dealing Cards":
            h.dealt = True
            return True
        return False
    if ln.startswith(("Button is at seat ", "Moving Button to seat ")):
        h.button = h.seat_number(ln.rsplit(" ", 1)[1])
        return True
    m = RAKE.match(ln)
    if m is not None:
        n = int(m["n"]) - 1
        h.rake[n] = h.rake.get(n, 0) + h.money(m["a"])
        return True
    m = RETURN.match(ln)
    if m is not None:
        if m["name"] not in h.stacks:
            h.problem(lno, ProblemCode.UNKNOWN_PLAYER, f"not seated: {m['name'][:40]}", ln)
            return True
        h.returned.append(Returned(m["name"], h.money(m["a"]), lno))
        return True
    if ln.startswith("End of Hand #"):
        h.ended = True
        return True
    return _OTHERS.fullmatch(ln) is not None


def _player(h: _Hand, p: str, kind: str, m: re.Match[str], lno: int) -> None:
    allin = bool(m.groupdict().get("allin"))
    if kind == "sb":
        h.post(p, PostKind.SMALL_BLIND, h.money(m["a"]), lno)
    elif kind == "bb":
        h.post(p, PostKind.BIG_BLIND, h.money(m["a"]), lno)
    elif kind == "ante":
        h.post(p, PostKind.ANTE, h.money(m["a"]), lno)
    elif kind == "call":  # the street total
        h.call(p, max(h.money(m["a"]) - h.bets.get(p, 0), 0), lno, allin)
    elif kind == "bet":
        h.bet(p, h.money(m["a"]), lno, allin)
    elif kind == "raise":
        h.raise_to(p, h.money(m["a"]), lno, allin)
    elif kind == "check":
        h.check(p, lno)
    elif kind == "fold":
        h.fold(p, lno)
    elif kind == "show":
        cards = _cards(m["cards"])
        h.hole[p] = cards
        h.shows.append(Show(p, cards, line=lno))
    elif kind in ("has", "low"):
        _claim(h, p, m, kind)
    elif kind == "win":
        pot = int(m["n"]) if m["n"] else 0
        h.collects.append(Collect(p, h.money(m["a"]), pot, 0, lno))


def _claim(h: _Hand, p: str, m: re.Match[str], kind: str) -> None:
    """The site's reading of a shown hand ("has ..."), onto the player's show."""
    for i in range(len(h.shows) - 1, -1, -1):
        s = h.shows[i]
        if s.player != p:
            continue
        if kind == "low":
            h.shows[i] = Show(s.player, s.cards, s.description, m["low"], s.mucked, s.board,
                              s.line, s.claimed_high, read_low(m["low"]))  # fmt: skip
        else:
            h.shows[i] = Show(s.player, s.cards, m["desc"], s.low_description, s.mucked,
                              s.board, s.line, read_high(m["desc"]), s.claimed_low)  # fmt: skip
        return


def _parse_text(ht: HandText) -> ParsedHand:
    """:data:`FORMAT`'s parse."""
    return parse_hand(ht.text, ht.file, ht.line, ht.offset)


#: The PKR site format.
FORMAT = SiteFormat(
    key=SITE,
    name="PKR",
    games="Omaha and Omaha hi/lo 8 or better; pot limit, no limit and fixed limit; "
    "cash and tournaments",
    recognise=recognise,
    split=split,
    parse=_parse_text,
    rooms=(SITE,),
)
