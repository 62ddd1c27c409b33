"""KingsClub text hand histories of the Omaha family.

What a KingsClub hand looks like::

    #37660193: Pot Limit Omaha 5 Card - 5/10
    2020-10-28 22:29:45
    Table 'Denver 5C PLO' Seat 7 is the button
    Seat 2: Ydmgju1 (2,994)
    Ydmgju1: posts ante 2
    Ydmgju1: posts the small blind 5
    *** HOLE CARDS ***
    Dealt to Ydmgju1: [X X X X X]
    Dealt to Xjty: [3h 8h 5c 8s 6s]
    Ydmgju1 raises to 40
    Xjty calls 40
    *** FLOP *** [Kd 9s 4c]
    Ydmgju1 bets 56.43
    Xjty folds
    *** SUMMARY ***
    Seat 2: Ydmgju1 (3,037.50) +43.50
    Rake 4.50
    Ydmgju1 wins pot (85.50)

Quirks, and how they are read:

* The date is on its own line after the header (or at the end of the header line); it
  has no zone. KingsClub's clock zone is not printed and not documented, so
  ``time_zone`` and ``started_at_utc`` are ``None`` (no zone is assumed).
* No currency is printed: cash stakes are read as US dollars (the site plays in USD),
  counted in cents. Thousands are grouped with commas ("10,000").
* Game names: "Pot Limit Omaha", "Pot Limit Omaha 5 Card", "Pot Limit Big O" (five
  cards, hi/lo 8 or better), "Pot Limit Omaha Hi-Lo", "Limit Omaha", "Limit Omaha
  Hi-Lo". In limit games the stakes are the small and big bets; the blinds are the
  posts.
* Posts are written with a colon ("X: posts the small blind 5", "X: posts ante 2"),
  actions without ("X calls 40"). Calls and raises give the player's total on the
  street ("calls 4,875" after "raises to 1,375" puts in 3,500 more); the record holds
  the increment in ``amount`` and, for raises, the total in ``to_amount``.
* Every player's hole cards are listed, hidden ones as "[X X X X]": the hero is the
  player whose cards are shown.
* Shown hands have no description: no claims to type.
* Several boards: "*** BOARD 1 - FLOP *** [..]" / "*** BOARD 2 - RIVER *** [- - - 5d]
  [3h]", where "-" is the first board's card in that place.
* There is no total pot line and no uncalled-bet line. The winners' amounts exclude an
  uncalled bet: the record returns it (``Returned`` with ``inferred``: what the player
  who put in most put in over the next one), and the total pot is the amounts won plus
  the rake (``total_pot_line`` is the first "wins" line).
* "X wins (932.50) from pot" does not say which board it is for (KingsClub writes the
  lines in seat order, and a line may hold a player's shares of both boards): with two
  or more boards the collect's board is ``None`` ("not stated"), and the audit compares
  each player's amount from the pot over the boards.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from typing import BinaryIO

from hhtools.grammars._lines import _BadCards, _cards, _m, _rule
from hhtools.grammars._text import HandEnd, iter_hands
from hhtools.grammars.base import ParsedHand, SiteFormat, internal_error
from hhtools.grammars.kingsclub.ledger import on_boards, twice, uncalled

from hhtools.model.money import MAX_AMOUNT, AmountOutOfRange, Unit, parse_money
from hhtools.model.records import (
    Action,
    ActionKind,
    BettingStructure,
    Collect,
    Game,
    HandHistory,
    HandText,
    PostKind,
    Problem,
    Seat,
    Show,
    Street,
    Variant,
)
from hhtools.model.vocab import CollectOrder, ProblemCode

__all__ = ["FORMAT", "HEADER", "parse_hand"]

SITE = "kingsclub"
MAX_SEAT = 1000

_AMT = r"\d[\d,]*(?:\.\d+)?"
_DATE = r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"
_START = re.compile(r"\ufeff?#\d+: ")
_RECOGNISE = re.compile(
    r"^#\d+: [^\n]+ - [\d.,]+/[\d.,]+(?:[ \t]+"
    + _DATE
    + r")?[ \t]*\r?\n(?:"
    + _DATE
    + r"[ \t]*\r?\n)?Table '",
    re.MULTILINE,
)
_END = HandEnd(
    "*** SUMMARY ***",
    re.compile(r"Seat \d+: |Rake |.+ wins |\*\*\* SUMMARY \*\*\*"),
)

HEADER = _rule(
    "header",
    r"\ufeff?#(?P<id>\d+): (?P<game>.+?) - (?P<sb>" + _AMT + r")/(?P<bb>" + _AMT + r")"
    r"(?:\s+(?P<date>" + _DATE + r"))?\s*$",
)
DATE = _rule("date", r"(?P<date>" + _DATE + r")\s*$")
TABLE = _rule("table", r"Table '(?P<table>.*)' Seat (?P<button>\d+) is the button\s*$")
SEAT = _rule("seat", r"Seat (?P<seat>\d+): (?P<player>.+) \((?P<stack>" + _AMT + r")\)\s*$")
STREET = _rule(
    "street",
    r"\*\*\* (?:BOARD (?P<board>\d+) - )?(?P<street>HOLE CARDS|FLOP|TURN|RIVER|SHOW ?DOWN|SUMMARY)"
    r" \*\*\*(?P<cards>(?: \[[^\]]*\])*)\s*$",
)
DEALT = _rule("dealt", r"Dealt to (?P<player>.+): \[(?P<cards>[^\]]*)\]\s*$")
POST = _rule(
    "post",
    r": posts (?:the )?(?P<kind>small blind|big blind|ante|straddle|dead blind)"
    r" (?P<amt>" + _AMT + r")(?P<allin>,? and is all in)?\s*$",
)
FOLD = _rule("fold", r"folds\s*$")
CHECK = _rule("check", r"checks\s*$")
BET = _rule(
    "bet", r"(?P<kind>calls|bets|raises to) (?P<amt>" + _AMT + r")(?P<allin>,? and is all in)?\s*$"
)
SHOW = _rule("show", r"shows \[(?P<cards>[^\]]*)\]\s*$")
MUCK = _rule("muck", r"mucks(?: \[(?P<cards>[^\]]*)\])?\s*$")
WINS = _rule(
    "wins",
    r"wins (?:(?P<pot1>pot) \((?P<amt1>" + _AMT + r")\)|\((?P<amt2>" + _AMT + r")\) from "
    r"(?P<pot2>pot|main pot|side pot(?: (?P<n>\d+))?))\s*$",
)
RAKE = _rule("rake", r"Rake (?P<amt>" + _AMT + r")\s*$")
S_SEAT = _rule("summary_seat", r"Seat \d+: .+ \(" + _AMT + r"\) [+-]?" + _AMT + r"\s*$")

_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_POSTS = {"small blind": PostKind.SMALL_BLIND, "big blind": PostKind.BIG_BLIND,
          "ante": PostKind.ANTE, "straddle": PostKind.STRADDLE,
          "dead blind": PostKind.DEAD_SMALL_AND_BIG}  # fmt: skip
_STRUCTURES = (("pot limit ", BettingStructure.POT_LIMIT), ("no limit ", BettingStructure.NO_LIMIT),
               ("fixed limit ", BettingStructure.LIMIT), ("limit ", BettingStructure.LIMIT))  # fmt: skip
_GAMES: dict[str, tuple[Variant, bool]] = {
    "omaha": (Variant.OMAHA, False), "omaha hi": (Variant.OMAHA, False),
    "omaha hi-lo": (Variant.OMAHA, True), "omaha hi/lo": (Variant.OMAHA, True),
    "omaha 5 card": (Variant.OMAHA5, False), "5 card omaha": (Variant.OMAHA5, False),
    "omaha 5 card hi-lo": (Variant.OMAHA5, True), "big o": (Variant.OMAHA5, True),
    "omaha 6 card": (Variant.OMAHA6, False), "6 card omaha": (Variant.OMAHA6, False),
    "omaha 6 card hi-lo": (Variant.OMAHA6, True),
}  # fmt: skip


#: Amounts already read (in range), by their text: amounts repeat a lot.
_READ: dict[str, int] = {}


#: An amount or a seat number no real hand can hold (``out_of_range``): the one class
#: :func:`~hhtools.model.money.parse_money` raises from :data:`MAX_AMOUNT` up.
_OutOfRange = AmountOutOfRange


class _State:
    """What one hand being read has gathered so far."""

    __slots__ = ("actions", "boards", "collects", "file", "first_win", "hand_id", "hero",
                 "hole", "names", "problems", "rake", "seats", "shows", "sightings", "street",
                 "street_max", "street_total", "summary")  # fmt: skip

    def __init__(self, file: str) -> None:
        self.file = file
        self.hand_id: str | None = None
        self.problems: list[Problem] = []
        self.seats: list[Seat] = []
        self.names: list[str] = []
        self.actions: list[Action] = []
        self.shows: list[Show] = []
        self.collects: list[Collect] = []
        self.boards: list[list[str]] = []
        self.hero: str | None = None
        self.hole: dict[str, tuple[str, ...]] = {}
        self.sightings: list[tuple[int, str, tuple[str, ...]]] = []
        self.street = Street.PREFLOP
        self.street_total: dict[str, int] = {}
        self.street_max = 0
        self.summary = False
        self.rake = 0
        self.first_win = 0

    def problem(self, line: int, code: ProblemCode, message: str, excerpt: str = "") -> None:
        self.problems.append(Problem(self.file, line, self.hand_id, code, message, excerpt[:200]))

    def money(self, text: str) -> int:
        value = _READ.get(text)
        if value is not None:
            return value
        value = parse_money(text, Unit.CENTS)
        if value >= MAX_AMOUNT:
            raise _OutOfRange(f"amount {text} is out of range")
        if len(_READ) < 1 << 16:
            _READ[text] = value
        return value

    def player(self, line: str) -> tuple[str, str] | None:
        for name in self.names:  # longest first
            if line.startswith(name):
                rest = line[len(name) :]
                if rest.startswith(" "):
                    return name, rest[1:]
                if rest.startswith(": "):
                    return name, rest
        return None


def _recognise(head: str) -> bool:
    """A KingsClub file: a hand header, its date and its table line.

    >>> _recognise("#1: Pot Limit Big O - 11/22\\n2020-10-26 18:36:41\\nTable 'T' Seat 2 is the button")
    True
    >>> _recognise("PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD)")
    False
    """
    return _RECOGNISE.search(head.lstrip("\ufeff \t\r\n")) is not None


def _split(fh: BinaryIO, file: str) -> Iterator[HandText]:
    """A file's hand texts: one at each "#<number>: " header."""
    return iter_hands(fh, file, _START, _END)


def _game(text: str) -> tuple[Variant, bool, BettingStructure] | str | None:
    """Game words -> (variant, hi/lo, structure); a skip reason for other games; ``None``
    for an Omaha game this reader does not know."""
    low = text.lower().strip() + " "
    for prefix, structure in _STRUCTURES:
        if low.startswith(prefix):
            name = low[len(prefix) :].strip()
            break
    else:
        name, structure = low.strip(), None
    if "omaha" not in name and "big o" not in name:
        return f"not an Omaha-family game: {text}"
    vh = _GAMES.get(name)
    if vh is None or structure is None:
        return None
    return vh[0], vh[1], structure


def parse_hand(ht: HandText) -> ParsedHand:
    """Read one KingsClub hand's text into a record and the problems met.

    Args:
        ht: the hand's text, as :func:`_split` gave it.

    Returns:
        The :class:`ParsedHand`; never raises (an unexpected error is an
        ``internal_error`` problem).
    """
    st = _State(ht.file)
    try:
        return _parse(st, ht)
    except Exception as exc:  # noqa: BLE001  (never let one hand stop a file)
        return internal_error(ht.file, ht.line, st.hand_id, exc, st.problems)


def _fail(st: _State) -> ParsedHand:
    return ParsedHand(None, tuple(st.problems), None, st.hand_id)


def _parse(st: _State, ht: HandText) -> ParsedHand:
    lines = ht.text.split("\n")
    first = ht.line
    hd = _m(HEADER, lines[0])
    if hd is None:
        st.problem(
            first, ProblemCode.BAD_HEADER, f"not a KingsClub hand header: {lines[0][:80]}", lines[0]
        )
        return _fail(st)
    st.hand_id = hd["id"]
    game = _game(hd["game"])
    if isinstance(game, str):
        st.problem(first, ProblemCode.SKIPPED_GAME, game, lines[0])
        return ParsedHand(None, tuple(st.problems), game, st.hand_id)
    if game is None:
        st.problem(first, ProblemCode.UNKNOWN_GAME, f"unknown Omaha game {hd['game']!r}", lines[0])
        return _fail(st)
    variant, hi_lo, structure = game
    i = 1
    date = hd["date"]
    if date is None and len(lines) > 1 and (dm := _m(DATE, lines[1])) is not None:
        date, i = dm["date"], 2
    tb = _m(TABLE, lines[i]) if len(lines) > i else None
    if tb is None:
        st.problem(
            first + i, ProblemCode.BAD_TABLE, "no table line", lines[i] if len(lines) > i else ""
        )
        return _fail(st)
    try:
        sb, bb = st.money(hd["sb"]), st.money(hd["bb"])
        button = int(tb["button"])
        if button > MAX_SEAT:
            raise _OutOfRange(f"button seat {button} is out of range")
    except _OutOfRange as exc:
        st.problem(first, ProblemCode.OUT_OF_RANGE, str(exc), lines[0])
        return _fail(st)
    fatal = False
    for k in range(i + 1, len(lines)):
        text = lines[k]
        lno = first + k
        if not text or text.isspace():
            continue
        try:
            if not _line(st, text, lno):
                st.problem(
                    lno, ProblemCode.UNRECOGNISED_LINE, f"unrecognised line: {text[:80]}", text
                )
        except _BadCards as exc:
            st.problem(lno, ProblemCode.BAD_CARDS, str(exc), text)
        except _OutOfRange as exc:
            st.problem(lno, ProblemCode.OUT_OF_RANGE, str(exc), text)
            fatal = True
        except ValueError as exc:
            st.problem(lno, ProblemCode.BAD_AMOUNT, str(exc), text)
    last = first + len(lines) - 1
    if fatal:
        return _fail(st)
    if not st.summary:
        st.problem(last, ProblemCode.TRUNCATED_HAND, "hand has no summary (cut short?)", lines[-1])
        return _fail(st)
    if not st.collects:
        st.problem(last, ProblemCode.MISSING_TOTAL, "summary has no 'wins' line", lines[-1])
        return _fail(st)
    if not st.seats:
        st.problem(first + i + 1, ProblemCode.NO_SEATS, "hand has no seat lines", lines[-1])
        return _fail(st)
    dup = twice(st.sightings)
    if dup is not None:
        st.problem(dup[0], ProblemCode.IMPOSSIBLE_CARDS, dup[1], lines[dup[0] - first])
        return _fail(st)
    boards = tuple(tuple(b) for b in st.boards if b)
    small_bet = big_bet = None
    if structure is BettingStructure.LIMIT:
        small_bet, big_bet = sb, bb
        posted = {
            a.post: a.amount for a in st.actions if a.kind is ActionKind.POST and not a.all_in
        }
        bb = posted.get(PostKind.BIG_BLIND, small_bet)
        sb = posted.get(PostKind.SMALL_BLIND, small_bet // 2)
    ante = next((a.amount for a in st.actions if a.post is PostKind.ANTE), 0)
    try:
        started = (
            datetime(int(date[:4]), int(date[5:7]), int(date[8:10]), int(date[11:13]),
                     int(date[14:16]), int(date[17:19])) if date else None
        )  # fmt: skip
    except ValueError:
        started = None
    returned = uncalled(st.actions)
    collects = on_boards(st.collects, len(boards))
    record = HandHistory(
        site=SITE, hand_id=hd["id"], table=tb["table"], started_at=started, time_zone=None,
        started_at_utc=None,
        game=Game(variant, hi_lo, structure, sb, bb, "USD", 8, ante, None, None, None,
                  small_bet, big_bet),
        button=button, max_seats=None, seats=tuple(st.seats), actions=tuple(st.actions),
        boards=boards, hero=st.hero, hole_cards=st.hole, shows=tuple(st.shows),
        collects=tuple(collects), returned=returned,
        total_pot=sum(c.amount for c in collects) + st.rake, rake=st.rake, file=ht.file,
        line=first, offset=ht.offset, text=ht.text, site_format=SITE,
        collect_order=CollectOrder.UNORDERED, total_pot_line=st.first_win,
    )  # fmt: skip
    return ParsedHand(record, tuple(st.problems), None, st.hand_id)


def _board_cards(st: _State, board: int, text: str) -> tuple[str, ...]:
    """A street line's cards: "[2h 5s Qd 8c] [Th]"; "-" is the first board's card."""
    given = " ".join(re.findall(r"\[([^\]]*)\]", text)).split()
    base = st.boards[0] if st.boards else []
    cards = [base[j] if c == "-" and j < len(base) else c for j, c in enumerate(given)]
    return _cards(" ".join(cards))


def _line(st: _State, text: str, lno: int) -> bool:
    """Read one body line into ``st``; ``False`` when no rule reads it."""
    if text.startswith("***"):
        m = _m(STREET, text)
        if m is None:
            return False
        name = m["street"]
        if name == "SUMMARY":
            st.summary = True
            st.street = Street.SHOWDOWN
            return True
        if name in _STREETS:
            street = _STREETS[name]
            if street is not st.street:
                st.street, st.street_total, st.street_max = street, {}, 0
            b = int(m["board"]) - 1 if m["board"] else 0
            if b > 8:
                raise _OutOfRange(f"board {b + 1} is out of range")
            cards = _board_cards(st, b, m["cards"] or "")
            while len(st.boards) <= b:
                st.boards.append([])
            st.boards[b] = list(cards)
            st.sightings.append((lno, f"*board{b}", cards))
        return True
    if st.summary:
        if text.startswith("Seat "):
            return _m(S_SEAT, text) is not None
        if text.startswith("Rake "):
            m = _m(RAKE, text)
            if m is None:
                return False
            st.rake = st.money(m["amt"])
            return True
    elif text.startswith("Seat ") and not st.actions:
        m = _m(SEAT, text)
        if m is None:
            return False
        seat = int(m["seat"])
        if seat > MAX_SEAT:
            raise _OutOfRange(f"seat {seat} is out of range")
        st.seats.append(Seat(seat, m["player"], st.money(m["stack"]), line=lno))
        st.names = sorted({s.player for s in st.seats}, key=len, reverse=True)
        return True
    if text.startswith("Dealt to "):
        m = _m(DEALT, text)
        if m is None:
            return False
        if set(m["cards"].split()) <= {"X"}:
            return True
        cards = _cards(m["cards"])
        st.hero = m["player"]
        st.hole[st.hero] = cards
        st.sightings.append((lno, st.hero, cards))
        return True
    pr = st.player(text)
    if pr is None:
        return False
    player, rest = pr
    if rest.startswith(": posts"):
        m = _m(POST, rest)
        if m is None:
            return False
        amount = st.money(m["amt"])
        kind = _POSTS[m["kind"]]
        st.actions.append(Action(Street.PREFLOP, player, ActionKind.POST, amount, None,
                                 bool(m["allin"]), kind, lno))  # fmt: skip
        if kind is not PostKind.ANTE:
            total = st.street_total.get(player, 0) + amount
            st.street_total[player] = total
            st.street_max = max(st.street_max, total)
        return True
    if st.summary:
        if " wins " in text or rest.startswith("wins "):
            m = _m(WINS, rest)
            if m is None:
                return False
            pot = m["pot1"] or m["pot2"]
            index = 0 if pot in ("pot", "main pot") else int(m["n"] or 1)
            st.collects.append(Collect(player, st.money(m["amt1"] or m["amt2"]), index, 0, lno))
            st.first_win = st.first_win or lno
            return True
        return False
    if rest == "folds" or (rest.startswith("folds") and _m(FOLD, rest) is not None):
        st.actions.append(Action(st.street, player, ActionKind.FOLD, line=lno))
        return True
    if rest == "checks" or (rest.startswith("checks") and _m(CHECK, rest) is not None):
        st.actions.append(Action(st.street, player, ActionKind.CHECK, line=lno))
        return True
    m = _m(BET, rest)
    if m is not None:
        value = st.money(m["amt"])
        had = st.street_total.get(player, 0)
        allin = bool(m["allin"])
        if m["kind"] == "bets":
            act = Action(st.street, player, ActionKind.BET, value, None, allin, None, lno)
            total = had + value
        elif m["kind"] == "calls":  # the player's total on the street
            act = Action(st.street, player, ActionKind.CALL, value - had, None, allin, None, lno)
            total = value
        else:
            act = Action(st.street, player, ActionKind.RAISE, value - st.street_max, value, allin,
                         None, lno)  # fmt: skip
            total = value
        if act.amount < 0:
            raise ValueError(f"{player} is said to put in less than they had: {value}")
        st.actions.append(act)
        st.street_total[player] = total
        st.street_max = max(st.street_max, total)
        return True
    m = _m(SHOW, rest)
    if m is not None:
        cards = _cards(m["cards"])
        st.shows.append(Show(player, cards, line=lno))
        st.hole[player] = cards
        st.sightings.append((lno, player, cards))
        return True
    m = _m(MUCK, rest)
    if m is not None:
        if m["cards"]:
            cards = _cards(m["cards"])
            st.shows.append(Show(player, cards, mucked=True, line=lno))
            st.hole[player] = cards
            st.sightings.append((lno, player, cards))
        return True
    return False


FORMAT = SiteFormat(
    key=SITE,
    name="KingsClub",
    games="Omaha with 4, 5 and 6 hole cards, Big O; high and hi/lo 8 or better; pot limit, "
    "no limit and limit; cash; several boards",
    recognise=_recognise,
    split=_split,
    parse=parse_hand,
    rooms=(SITE,),
)
