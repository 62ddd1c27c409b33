"""Bovada / Ignition / Bodog text hand histories of the Omaha family.

The format, as the site writes it::

    Bovada Hand #2605762685 TBL#1218245 OMAHA Pot Limit - 2012-05-14 00:54:46
    Bovada Hand #2641146259: OMAHA HiLo Tournament #1235263 TBL#13, Fixed Limit- Level 6 (75/150) - 2012-07-10 23:17:04
    Seat 2: Dealer [ME] ($124 in chips)
    Dealer  [ME] : Set dealer/Bring in spot [2]
    Small Blind : Ante/Small Blind $2
    Big Blind : Big blind/Bring in $4
    *** HOLE CARDS ***
    UTG : Card dealt to a spot [3d Jc 3c 6c]
    Big Blind : Raises $22              (old: the street total)
    UTG+4 : Raises $0.10 to $0.10       (newer: chips added, then the street total)
    Dealer  [ME] : All-in(raise) $124   (old: the street total)
    UTG+1 : All-in $2.36                (chips added: a bet, a call or a raise)
    UTG+4 : Return uncalled portion of bet $1.80
    Dealer  [ME] : Showdown [Ad Jd Td 6d 5d] (Flush)
    Big Blind : Hand result-Side pot $550.22
    *** SUMMARY ***
    Total Pot($930) | Rake ($3)
    Board [Td 8h Qs 6d 5d]
    Seat+8: UTG+4 HI $1.71 [Does not show]

Quirks read here:

* Players are anonymous: the seat's position label ("UTG+2", "Big Blind") is the
  player's name for the hand; the hero's label carries "[ME]" (dropped from the name;
  the hero is that player). Every player's hole cards are listed ("Card dealt to a
  spot"), so ``hole_cards`` holds them all.
* Shown hands are the five cards the site read (ten in hi/lo: the high five, then the
  low five) and a category word ("(Two pair)"); the claim is typed from the category
  and those cards (:func:`grammars._betting.claimed_from_five`); the show's
  ``cards`` are the player's hole cards.
* The oldest hands (2012 tournaments) print no street lines: a street then ends when
  its betting round is complete, and the board comes from the summary.
* Side pots are written "Hand result-Side pot" without a number; the side pot lines
  are counted in order as side pot 1, 2... by the player set they pay (a player
  collecting a second time starts the next pot).
* Every pot is paid on its own "Hand result" lines, so what a pot paid is its size
  after rake: those sums are the record's ``pot_parts`` (net), given when every pot
  from the main one up was paid and they add up to the total pot less the rake. The
  audit then nets each pot as the site did (Bovada does not rake pots in proportion).
* "Posts chip $0.05" (a player posting to come in) is a live big blind; "Posts dead
  chip" is dead money (typed as an ante); "Ante chip" is a tournament ante.
* Split pots: Bovada splits a tied low half in equal whole cents and gives what is left
  to the high half ("HI $4.82 ... LO $2.40" and "LO $2.40" of a $9.62 pot with two low
  winners; the rules' clockwise odd cent would pay $4.81, $2.41 and $2.40). The record
  declares that house rule (``odd_chips`` LOW_LEFTOVER_TO_HIGH), so the audit awards by
  it. The collect lines name no half (``collect_order`` unordered).
* Summary lines start "Seat N:" or "Seat+N:"; they repeat the collects (HI/LO totals per
  player), so only the total pot, rake and board are read from them.
* Rake is printed only by some hands ("| Rake ($3)"); when it is not, the rake is the
  total pot less what was collected (the site takes it silently; the total pot itself
  is still checked against the betting by the audit).
* Lines the site writes about the table ("Table enter user", "Seat sit down", "Table
  deposit $5", "Ranking 39"...), with or without a player, carry nothing the record needs.
* Times have no zone. Public sources say Bovada's clock is US Eastern; it is not
  printed, so ``time_zone`` and ``started_at_utc`` are ``None`` (never guessed).
* Cash hands are in USD (cents); tournament hands in chips, the header's level naming
  the blinds.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from functools import partial
from typing import BinaryIO

from hhtools.grammars._betting import (
    _State,
    claimed_from_five,
    low_from_five,
    read_body,
    unfinished,
)
from hhtools.grammars._lines import _cards
from hhtools.grammars._text import HandEnd, iter_hands
from hhtools.grammars.base import ParsedHand, SiteFormat, internal_error

from hhtools.model.money import Unit
from hhtools.model.records import (
    BettingStructure,
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

__all__ = ["FORMAT", "HAND_START", "parse_hand"]

SITE = "bovada"
HAND_START = re.compile(r"\ufeff?(?:Bovada|Ignition|Bodog) Hand #")
#: Bovada writes no blank line inside a hand: text after one is a hand of its own (a
#: damaged header is reported, never read into the hand before)
HAND_END = HandEnd("", None, blank=True)
_ANY_START = re.compile(r"^\s*\ufeff?(?:Bovada|Ignition|Bodog) Hand #\d+", re.MULTILINE)

HEADER = re.compile(
    r"\ufeff?(?P<room>Bovada|Ignition|Bodog) Hand #(?P<id>\d+):?\s+"
    r"(?:(?P<tgame>.+?) Tournament #(?P<tid>\d+)\s+TBL#(?P<ttbl>\d+),?\s+(?P<tlimit>[A-Za-z ]+?)"
    r"\s*-\s*Level (?P<level>\d+) \((?P<sb>[\d,]+)/(?P<bb>[\d,]+)\)"
    r"|(?:TBL#(?P<tbl>\d+)|Zone Poker ID#(?P<zone>\S+))\s+(?P<game>.+?)\s+"
    r"(?P<limit>Pot Limit|No Limit|Fixed Limit|Limit))"
    r"\s+-\s+(?P<date>\d{4}-\d\d-\d\d \d\d?:\d\d:\d\d)\s*$"
)
SEAT = re.compile(
    r"Seat (?P<seat>\d+): (?P<name>.+?)(?P<me> +\[ME\])? \((?P<stack>[$\d,.]+) in chips\)"
)
STREET_LINE = re.compile(r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* (?P<cards>.*)$")
TOTAL = re.compile(r"Total Pot\((?P<total>[$\d,.]+)\)(?: \| Rake \((?P<rake>[$\d,.]+)\))?\s*$")
BOARD = re.compile(r"Board \[(?P<cards>[^\]]*)\]\s*$")
#: lines about the table, with no player or with one, that carry nothing the record needs
TABLE_EVENT = re.compile(
    r"(?:Table (?:enter|leave) user|Table deposit .*|Seat (?:sit down|sit out|stand|re-join)"
    r"|Set dealer/Bring in spot|Sit out|Re-join|Stand|Ranking \d+|Enter(?:s)? the table"
    r"|Leave(?:s)? the table|Chat.*)\s*$"
)
_AMT = r"(?P<a>\$?[\d,.]+)"
_TO = r"(?: to (?P<to>\$?[\d,.]+))?"
PLAYER_RULES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(pattern, re.IGNORECASE))
    for name, pattern in (
        ("dealer", r"Set dealer/Bring in spot \[(?P<seat>\d+)\]"),
        ("deal", r"Card dealt to a spot \[(?P<cards>[^\]]*)\]"),
        ("fold", r"Folds\s*(?:\([^)]*\))?"),
        ("check", r"Checks\s*(?:\([^)]*\))?"),
        ("call", r"Calls? " + _AMT),
        ("bet", r"Bets " + _AMT),
        ("raise", r"Raises " + _AMT + _TO),
        ("allin_raise", r"All-in\(raise\) " + _AMT + _TO),
        ("allin", r"All-in " + _AMT),
        ("sb", r"Ante/Small Blind " + _AMT),
        ("bb", r"Big blind/Bring in " + _AMT),
        ("posts", r"Posts chip " + _AMT),
        ("dead", r"Posts dead chip " + _AMT),
        ("ante", r"Ante chip " + _AMT),
        ("return", r"Return uncalled portion of bet " + _AMT),
        (
            "show",
            r"(?P<how>Showdown|Mucks|Does not show) \[(?P<cards>[^\]]*)\](?: \((?P<cat>[^)]*)\))?",
        ),
        ("collect", r"Hand result(?P<side>-Side pot)? " + _AMT),
    )
)

#: the player rules by the first word of the text they read (tried in order)
_BY_WORD: dict[str, tuple[tuple[str, re.Pattern[str]], ...]] = {}
for _kind, _rule in PLAYER_RULES:
    _words = {
        "dealer": ("set",), "deal": ("card",), "fold": ("folds",), "check": ("checks",),
        "call": ("calls", "call"), "bet": ("bets",), "raise": ("raises",),
        "allin_raise": ("all-in",), "allin": ("all-in",), "sb": ("ante/small",),
        "bb": ("big",), "posts": ("posts",), "dead": ("posts",), "ante": ("ante",),
        "return": ("return",), "show": ("showdown", "mucks", "does"), "collect": ("hand",),
    }[_kind]  # fmt: skip
    for _w in _words:
        _BY_WORD[_w] = (*_BY_WORD.get(_w, ()), (_kind, _rule))

_CATEGORIES = {
    "high card": HandCategory.HIGH_CARD, "one pair": HandCategory.ONE_PAIR,
    "two pair": HandCategory.TWO_PAIR, "three of a kind": HandCategory.THREE_OF_A_KIND,
    "straight": HandCategory.STRAIGHT, "flush": HandCategory.FLUSH,
    "full house": HandCategory.FULL_HOUSE, "four of a kind": HandCategory.FOUR_OF_A_KIND,
    "straight flush": HandCategory.STRAIGHT_FLUSH, "royal flush": HandCategory.STRAIGHT_FLUSH,
}  # fmt: skip
_STRUCTURES = {
    "pot limit": BettingStructure.POT_LIMIT, "no limit": BettingStructure.NO_LIMIT,
    "fixed limit": BettingStructure.LIMIT, "limit": BettingStructure.LIMIT,
}  # fmt: skip
_GAMES = {"OMAHA": (Variant.OMAHA, False), "OMAHA HILO": (Variant.OMAHA, True)}
_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}


def recognise(head: str) -> bool:
    """``True`` for a file whose first lines hold a Bovada/Ignition/Bodog hand header.

    >>> recognise("Bovada Hand #2605762685 TBL#1218245 OMAHA Pot Limit - 2012-05-14 00:54:46")
    True
    >>> recognise("PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD)")
    False
    """
    return _ANY_START.search(head) is not None


def split(fh: BinaryIO, file: str) -> Iterator[HandText]:
    """The hands of a file, one per header line and one after blank lines (text before
    the first header is its own)."""
    return iter_hands(fh, file, HAND_START, HAND_END)


class _Hand(_State):
    def __init__(self, file: str, line: int) -> None:
        super().__init__(file, line)
        self.seats: list[Seat] = []
        self.names: set[str] = set()
        self.explicit_streets = True  # the hand prints its street lines
        self.hero: str | None = None
        self.button: int | None = None
        self.hole: dict[str, tuple[str, ...]] = {}
        self.shows: list[Show] = []
        self.collects: list[Collect] = []
        self.returned: list[Returned] = []
        self.street_board: list[str] = []
        self.board: tuple[str, ...] | None = None
        self.total: int | None = None
        self.total_line = 0
        self.rake: int | None = None
        self.summary = False
        self.side_pot = 0
        self.side_paid: set[str] = set()


def parse_hand(text: str, file: str = "", line: int = 1, offset: int = 0) -> ParsedHand:
    """Read one hand's text (header first, ``\\n`` line ends) into a record and problems.

    Never raises: an unexpected error becomes an ``internal_error`` problem.
    """
    h = _Hand(file, line)
    try:
        return _parse(h, text, line, offset)
    except Exception as exc:
        return internal_error(file, line, h.hand_id, exc, h.problems)


def _parse(h: _Hand, text: str, line: int, offset: int) -> ParsedHand:
    lines = text.split("\n")
    hd = HEADER.match(lines[0])
    if hd is None:
        h.problem(line, ProblemCode.BAD_HEADER, f"not a hand header: {lines[0][:80]}", lines[0])
        return ParsedHand(None, tuple(h.problems))
    h.hand_id = hd["id"]
    tourney = hd["tid"] is not None
    raw_game = (
        (hd["tgame"] or hd["game"]).upper().replace("ZONE POKER", "").replace("ZONEPOKER", "")
    )
    raw_game = " ".join(raw_game.split())
    game = _GAMES.get(raw_game)
    structure = _STRUCTURES.get((hd["tlimit"] or hd["limit"] or "").lower())
    if game is None or structure is None:
        if "OMAHA" in raw_game or game is not None:
            h.problem(
                line,
                ProblemCode.UNKNOWN_GAME,
                f"unknown game: {raw_game} {hd['tlimit'] or hd['limit']}",
                lines[0],
            )
            return ParsedHand(None, tuple(h.problems), None, h.hand_id)
        note = f"not an Omaha game: {raw_game}"
        h.problem(line, ProblemCode.SKIPPED_GAME, note, lines[0])
        return ParsedHand(None, tuple(h.problems), note, h.hand_id)
    h.unit = Unit.CHIPS if tourney else Unit.CENTS
    h.explicit_streets = "\n*** FLOP ***" in text
    numbered = enumerate(lines[1:], 1)
    if not read_body(h, numbered, line, partial(_line, h)):
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    board = h.board if h.board is not None else tuple(h.street_board)
    done = unfinished(h, lines, line, h.total, "'Total Pot'", h.total_line, h.hole)
    if done is not None:
        return done
    if tourney:
        sb, bb = h.money(hd["sb"]), h.money(hd["bb"])
    else:
        bb = h.bb if h.bb is not None else (2 * h.sb if h.sb is not None else 0)
        sb = h.sb if h.sb is not None else bb // 2
    limit = structure is BettingStructure.LIMIT
    g = Game(
        variant=game[0], hi_lo=game[1], structure=structure, small_blind=sb, big_blind=bb,
        currency="CHIPS" if tourney else "USD", qualifier=8,
        tournament_id=hd["tid"], level=hd["level"],
        small_bet=bb if limit else None, big_bet=2 * bb if limit else None,
    )  # fmt: skip
    collected = sum(c.amount for c in h.collects)
    rake = h.rake if h.rake is not None else max(h.total - collected, 0)
    parts, basis = _pot_parts(h.collects, h.total, rake)
    record = HandHistory(
        site=SITE,
        hand_id=h.hand_id,
        table=hd["ttbl"] or hd["tbl"] or hd["zone"] or "",
        started_at=_date(hd["date"]),
        time_zone=None,
        started_at_utc=None,
        game=g,
        button=h.button,
        max_seats=None,
        seats=tuple(h.seats),
        actions=tuple(h.actions),
        boards=(board,) if board else (),
        hero=h.hero,
        hole_cards=dict(h.hole),
        shows=tuple(h.shows),
        collects=tuple(h.collects),
        returned=tuple(h.returned),
        total_pot=h.total,
        rake=rake,
        file=h.file,
        line=line,
        offset=offset,
        text=text,
        pot_parts=parts,
        pot_parts_basis=basis,
        site_format=SITE,
        collect_order=CollectOrder.UNORDERED,
        odd_chips=OddChips.LOW_LEFTOVER_TO_HIGH,
        total_pot_line=h.total_line,
    )
    return ParsedHand(record, tuple(h.problems), None, h.hand_id)


def _line(h: _Hand, ln: str, lno: int) -> bool:
    """Read one body line into the hand; ``False`` when no rule reads it."""
    if h.summary:
        return _summary_line(h, ln, lno)
    name, sep, rest = ln.partition(" : ")
    if sep:  # "<position>[ [ME]] : <what they did>"
        if name[-1:] in " ]":
            name = name.rstrip()
            if name.endswith("[ME]"):
                name = name[:-4].rstrip()
        if rest[-1:] == " ":
            rest = rest.rstrip()
        sp = rest.find(" ")
        word = (rest if sp < 0 else rest[:sp]).partition("(")[0].lower()
        for kind, rule in _BY_WORD.get(word, ()):
            m = rule.fullmatch(rest)
            if m is not None:
                break
        else:
            return TABLE_EVENT.fullmatch(rest) is not None
        if name not in h.names:
            h.problem(lno, ProblemCode.UNKNOWN_PLAYER, f"not seated: {name[:40]}", ln)
            return True
        _player(h, name, kind, m, lno, h.explicit_streets)
        return True
    if ln.startswith("Seat ") and not h.actions and not h.hole:
        m = SEAT.match(ln)
        if m is None:
            return TABLE_EVENT.match(ln) is not None
        name = m["name"].strip()
        seat = Seat(h.seat_number(m["seat"]), name, h.money(m["stack"]), line=lno)
        h.seats.append(seat)
        h.names.add(name)
        h.stacks[name] = seat.stack
        if m["me"]:
            h.hero = name
        return True
    if ln.startswith("***"):
        if ln.startswith("*** HOLE CARDS ***"):
            return True
        if ln.startswith("*** SUMMARY ***"):
            h.summary = True
            return True
        m = STREET_LINE.match(ln)
        if m is None:
            return False
        h.new_street(_STREETS[m["street"]])
        h.street_board = list(_cards(m["cards"].replace("[", " ").replace("]", " ")))
        return True
    return TABLE_EVENT.match(ln.strip()) is not None


_BETTING = frozenset({"fold", "check", "call", "bet", "raise", "allin_raise", "allin"})


def _player(h: _Hand, p: str, kind: str, m: re.Match[str], lno: int, explicit: bool) -> None:
    inferred = not explicit and kind in _BETTING and h.street is not Street.RIVER
    if inferred and h.acted and h.round_complete():  # no street lines: the round is over
        h.new_street(
            {Street.PREFLOP: Street.FLOP, Street.FLOP: Street.TURN}.get(h.street, Street.RIVER)
        )
    if kind == "dealer":
        h.button = h.seat_number(m["seat"])
    elif kind == "deal":
        cards = _cards(m["cards"])
        h.hole[p] = cards
        h.in_hand.add(p)
    elif kind == "fold":
        h.fold(p, lno)
    elif kind == "check":
        h.check(p, lno)
    elif kind == "call":
        h.call(p, h.money(m["a"]), lno)
    elif kind == "bet":
        h.bet(p, h.money(m["a"]), lno)
    elif kind == "raise":
        h.raise_to(p, h.money(m["to"] or m["a"]), lno)
    elif kind == "allin_raise":
        a = h.money(m["a"])
        if m["to"] is not None:
            h.raise_to(p, h.money(m["to"]), lno, True)
        elif a == h.left(p):  # the chips added (they are all the player had)
            h.all_in(p, a, lno)
        else:  # the oldest hands: the street total
            h.raise_to(p, a, lno, True)
    elif kind == "allin":
        h.all_in(p, h.money(m["a"]), lno)
    elif kind == "sb":
        h.post(p, PostKind.SMALL_BLIND, h.money(m["a"]), lno)
    elif kind == "bb":
        h.post(p, PostKind.BIG_BLIND, h.money(m["a"]), lno)
    elif kind == "posts":
        h.post(p, PostKind.BIG_BLIND, h.money(m["a"]), lno)
    elif kind in ("dead", "ante"):
        h.post(p, PostKind.ANTE, h.money(m["a"]), lno)
    elif kind == "return":
        h.returned.append(Returned(p, h.money(m["a"]), lno))
    elif kind == "show":
        _show(h, p, m, lno)
    elif kind == "collect":
        pot = 0
        if m["side"]:
            if h.side_pot == 0 or p in h.side_paid:
                h.side_pot += 1
                h.side_paid = set()
            h.side_paid.add(p)
            pot = h.side_pot
        h.collects.append(Collect(p, h.money(m["a"]), pot, 0, lno))


def _show(h: _Hand, p: str, m: re.Match[str], lno: int) -> None:
    how = m["how"].lower()
    if how == "does not show":  # won uncontested: the cards are known from the deal
        return
    shown = _cards(m["cards"])
    hole = h.hole.get(p)
    cat = _CATEGORIES.get((m["cat"] or "").strip().lower())
    if how == "mucks":
        cards = shown if len(shown) in (4, 5, 6) else (hole or ())
        h.shows.append(Show(p, cards, m["cat"], mucked=True, line=lno))
        return
    if hole is None:
        hole = shown if len(shown) in (4, 6) else ()
    if not hole:
        h.problem(lno, ProblemCode.BAD_CARDS, f"{p} shows but was dealt no known cards")
        return
    high = claimed_from_five(cat, shown[:5]) if cat is not None else None
    low = low_from_five(shown[5:10]) if len(shown) == 10 else None
    h.shows.append(
        Show(p, hole, m["cat"], low_description=" ".join(shown[5:10]) if low else None,
             line=lno, claimed_high=high, claimed_low=low)
    )  # fmt: skip


def _date(text: str) -> datetime:
    """ "2012-05-14 0:54:46" -> a naive datetime (the site's clock)."""
    day, clock = text.split(" ")
    y, mo, d = day.split("-")
    hh, mi, ss = clock.split(":")
    return datetime(int(y), int(mo), int(d), int(hh), int(mi), int(ss))


def _pot_parts(
    collects: list[Collect], total: int, rake: int
) -> tuple[tuple[int, ...], PotPartsBasis | None]:
    """Each pot's size after rake, from the result lines that pay it (main pot first).

    The site prints no pot parts, but it pays every pot on its own "Hand result" lines,
    so what each pot paid is its size after rake. Given only when every pot from the
    main one up was paid and the parts add up to the total pot less the rake.
    """
    paid: dict[int, int] = {}
    for c in collects:
        paid[c.pot] = paid.get(c.pot, 0) + c.amount
    if not paid or sorted(paid) != list(range(len(paid))):
        return (), None
    parts = tuple(paid[i] for i in range(len(paid)))
    if sum(parts) != total - rake:
        return (), None
    return parts, PotPartsBasis.NET


def _summary_line(h: _Hand, ln: str, lno: int) -> bool:
    if ln.startswith("Seat"):
        return re.match(r"Seat[ +]\d+: ", ln) is not None
    m = TOTAL.match(ln)
    if m is not None:
        h.total = h.money(m["total"])
        h.total_line = lno
        if m["rake"]:
            h.rake = h.money(m["rake"])
        return True
    m = BOARD.match(ln)
    if m is not None:
        h.board = _cards(m["cards"])
        return True
    return False


def _parse_text(ht: HandText) -> ParsedHand:
    """:data:`FORMAT`'s parse."""
    return parse_hand(ht.text, ht.file, ht.line, ht.offset)


#: The Bovada / Ignition / Bodog site format.
FORMAT = SiteFormat(
    key="bovada",
    name="Bovada / Ignition",
    games="Omaha and Omaha hi/lo 8 or better; pot limit, no limit and fixed limit; "
    "cash and tournaments",
    recognise=recognise,
    split=split,
    parse=_parse_text,
    rooms=(SITE,),
)
