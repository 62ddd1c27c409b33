"""WPN's newer text format (2019 on), written like PokerStars.

::

    Hand #78708209 - Omaha H/L(Fixed Limit) - $20.00/$40.00 - 2019/07/18 15:13:01 UTC
    St. Lucie 6-max Seat #1 is the button
    Seat 1: Xjty ($200.00)
    Xjty posts the small blind $10.00
    Dealt to Xjty [Kd 4c 9s 6s]
    Xjty raises $30.00 to $40.00
    *** FLOP *** [5d 4h As]
    Main pot $79.20 | Rake $0.80            (the running pot after rake: not needed)
    *** SHOW DOWN ***
    Ydmgju1 shows [Tc 4s 3h Qd] (HI - a straight, Five high [5d 4s 3h 2h As] | LO - [5,4,3,2,1])
    Ydmgju1 collected $199.00 from main pot
    *** SUMMARY ***
    Total pot $199.00 | Rake $0.96 | JP Fee $0.04
    Seat 2: Ydmgju1 did not show and won $9.00

Quirks: "Total pot" is after the rake and the jackpot fee (the total recorded adds them
back; "JP Fee" is ``jackpot``). A walk has no "collected" line: the summary's "won $x"
is the collect. The stakes of a fixed-limit game are its bets; the blinds are those
posted. The zone printed (UTC) is used.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from functools import partial

from hhtools.grammars._betting import _State, read_body, unfinished
from hhtools.grammars._lines import _cards
from hhtools.grammars.base import ParsedHand, internal_error
from hhtools.grammars.winning.words import read_claim, read_new_low

from hhtools.model.records import (
    BettingStructure,
    Collect,
    Game,
    HandHistory,
    PostKind,
    Returned,
    Seat,
    Show,
    Street,
    Variant,
)
from hhtools.model.vocab import CollectOrder, ProblemCode

__all__ = ["_date", "parse_new"]

SITE = "winning"
HEADER = re.compile(
    r"Hand #(?P<id>\d+) - (?P<game>[^(]+?)\s*\((?P<limit>Fixed Limit|No Limit|Pot Limit)\) - "
    r"(?P<cur>[$€£]?)(?P<sb>[\d.,]+)/[$€£]?(?P<bb>[\d.,]+) - "
    r"(?P<date>\d{4}/\d\d/\d\d \d\d:\d\d:\d\d)(?: (?P<tz>[A-Z]+))?\s*$"
)
TABLE = re.compile(r"(?P<table>.+?)(?: (?P<max>\d+)-max)? Seat #(?P<btn>\d+) is the button\s*$")
SEAT = re.compile(
    r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[$€£]?[\d.,]+)\)(?: is sitting out)?\s*$"
)
STREET = re.compile(r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* (?P<cards>.*)$")
TOTAL = re.compile(
    r"Total pot (?P<total>[$€£]?[\d.,]+)(?: \| Rake (?P<rake>[$€£]?[\d.,]+))?"
    r"(?: \| JP Fee (?P<jp>[$€£]?[\d.,]+))?\s*$"
)
BOARD = re.compile(r"Board \[(?P<cards>[^\]]*)\]\s*$")
DEALT = re.compile(r"Dealt to (?P<rest>.+) \[(?P<cards>[^\]]*)\]\s*$")
RETURNED = re.compile(r"Uncalled bet \((?P<a>[$€£]?[\d.,]+)\) returned to (?P<name>.+?)\s*$")
_A = r"(?P<a>[$€£]?[\d.,]+)"
RULES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (k, re.compile(p))
    for k, p in (
        ("fold", r"folds"),
        ("check", r"checks"),
        ("call", r"calls " + _A + r"(?P<allin> and is all-in)?"),
        ("bet", r"bets " + _A + r"(?P<allin> and is all-in)?"),
        ("raise", r"raises " + _A + r" to (?P<to>[$€£]?[\d.,]+)(?P<allin> and is all-in)?"),
        ("sb", r"posts the small blind " + _A),
        ("bb", r"posts the big blind " + _A),
        ("ante", r"posts (?:the )?ante " + _A),
        ("dead", r"posts dead blind " + _A),
        ("straddle", r"posts straddle " + _A),
        ("show", r"shows \[(?P<cards>[^\]]*)\](?: \((?P<desc>.*)\))?"),
        ("muck", r"mucks hand|does not show|mucks"),
        ("collect", r"collected " + _A + r" from (?:main pot|pot|side pot-?(?P<side>\d+))"),
        (
            "won",
            r"(?:\([^)]*\) )?(?:did not show and |showed \[[^\]]*\] and |mucked \[[^\]]*\] and )?won "
            + _A
            + r".*",
        ),
        ("seat_rest", r".*"),
    )
)
#: the player rules by the first word of the text they read
_BY_WORD: dict[str, tuple[tuple[str, re.Pattern[str]], ...]] = {}
for _kind, _rule in RULES[:-2]:
    for _w in {"fold": ("folds",), "check": ("checks",), "call": ("calls",), "bet": ("bets",),
               "raise": ("raises",), "show": ("shows",), "muck": ("mucks", "does"),
               "collect": ("collected",)}.get(_kind, ("posts",)):  # fmt: skip
        _BY_WORD[_w] = (*_BY_WORD.get(_w, ()), (_kind, _rule))

_GAMES = {"omaha": (Variant.OMAHA, False), "omaha h/l": (Variant.OMAHA, True),
          "omaha hi/lo": (Variant.OMAHA, True)}  # fmt: skip
_STRUCTURES = {"Fixed Limit": BettingStructure.LIMIT, "No Limit": BettingStructure.NO_LIMIT,
               "Pot Limit": BettingStructure.POT_LIMIT}  # fmt: skip
_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_CURRENCY = {"$": "USD", "€": "EUR", "£": "GBP", "": "USD"}


class _New(_State):
    def __init__(self, file: str, line: int) -> None:
        super().__init__(file, line)
        self.seats: list[Seat] = []
        self.names: list[str] = []
        self.by_first: dict[str, list[str]] = {}  # names by their first word, longest first
        self.hero: str | None = None
        self.hole: dict[str, tuple[str, ...]] = {}
        self.shows: list[Show] = []
        self.collects: list[Collect] = []
        self.won: list[Collect] = []
        self.returned: list[Returned] = []
        self.street_board: list[str] = []
        self.board: tuple[str, ...] | None = None
        self.total: int | None = None
        self.rake = 0
        self.jackpot = 0
        self.total_line = 0
        self.summary = False
        self.table: re.Match[str] | None = None


def parse_new(text: str, file: str = "", line: int = 1, offset: int = 0) -> ParsedHand:
    """Read one hand of WPN's newer format; never raises."""
    h = _New(file, line)
    try:
        return _parse(h, text, line, offset)
    except Exception as exc:
        return internal_error(file, line, h.hand_id, exc, h.problems)


def _parse(h: _New, text: str, line: int, offset: int) -> ParsedHand:
    lines = [ln.rstrip("\r") for ln in text.split("\n")]
    hd = HEADER.match(lines[0])
    if hd is None:
        h.problem(line, ProblemCode.BAD_HEADER, f"not a hand header: {lines[0][:80]}", lines[0])
        return ParsedHand(None, tuple(h.problems))
    h.hand_id = hd["id"]
    game = _GAMES.get(" ".join(hd["game"].lower().split()))
    if game is None:
        if "omaha" in hd["game"].lower():
            h.problem(line, ProblemCode.UNKNOWN_GAME, f"unknown game: {hd['game']}", lines[0])
            return ParsedHand(None, tuple(h.problems), None, h.hand_id)
        note = f"not an Omaha game: {hd['game']}"
        h.problem(line, ProblemCode.SKIPPED_GAME, note, lines[0])
        return ParsedHand(None, tuple(h.problems), note, h.hand_id)
    numbered = enumerate(lines[1:], 1)
    if not read_body(h, numbered, line, partial(_line, h)):
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    board = h.board if h.board is not None else tuple(h.street_board)
    done = unfinished(h, lines, line, h.total, "'Total pot'", h.total_line, h.hole)
    if done is not None:
        return done
    structure = _STRUCTURES[hd["limit"]]
    stake_sb, stake_bb = h.money(hd["sb"]), h.money(hd["bb"])
    limit = structure is BettingStructure.LIMIT
    if limit:
        bb = h.bb if h.bb is not None else stake_sb
        sb = h.sb if h.sb is not None else bb // 2
    else:
        sb = h.sb if h.sb is not None else stake_sb
        bb = h.bb if h.bb is not None else stake_bb
    g = Game(
        variant=game[0], hi_lo=game[1], structure=structure, small_blind=sb, big_blind=bb,
        currency=_CURRENCY.get(hd["cur"], "USD"), small_bet=stake_sb if limit else None,
        big_bet=stake_bb if limit else None,
    )  # fmt: skip
    started = _date(hd["date"])
    utc = hd["tz"] in ("UTC", "GMT")
    t = h.table
    record = HandHistory(
        site=SITE,
        hand_id=h.hand_id,
        table=t["table"] if t else "",
        started_at=started,
        time_zone=hd["tz"],
        started_at_utc=started.replace(tzinfo=UTC) if utc else None,
        game=g,
        button=h.seat_number(t["btn"]) if t else None,
        max_seats=h.seat_number(t["max"]) if t and t["max"] else None,
        seats=tuple(h.seats),
        actions=tuple(h.actions),
        boards=(board,) if board else (),
        hero=h.hero,
        hole_cards=dict(h.hole),
        shows=tuple(h.shows),
        collects=tuple(h.collects or h.won),
        returned=tuple(h.returned),
        total_pot=h.total + h.rake + h.jackpot,
        rake=h.rake,
        jackpot=h.jackpot,
        file=h.file,
        line=line,
        offset=offset,
        text=text,
        site_format=SITE,
        collect_order=CollectOrder.UNORDERED,
        total_pot_line=h.total_line,
    )
    return ParsedHand(record, tuple(h.problems), None, h.hand_id)


def _date(text: str) -> datetime:
    """ "2019/07/18 15:13:01" (or unpadded "2016/8/2 1:0:42") -> a naive datetime."""
    day, clock = text.split(" ")
    y, mo, d = day.split("/")
    hh, mi, ss = clock.split(":")
    return datetime(int(y), int(mo), int(d), int(hh), int(mi), int(ss))


def _line(h: _New, ln: str, lno: int) -> bool:
    if ln.startswith("***"):
        if ln.startswith(("*** HOLE CARDS", "*** SHOW DOWN")):
            return True
        if ln.startswith("*** SUMMARY"):
            h.summary = True
            return True
        m = STREET.match(ln)
        if m is None:
            return False
        h.new_street(_STREETS[m["street"]])
        h.street_board = list(_cards(m["cards"].replace("[", " ").replace("]", " ")))
        return True
    if h.summary:
        m = TOTAL.match(ln)
        if m is not None:
            h.total = h.money(m["total"])
            h.rake = h.money(m["rake"]) if m["rake"] else 0
            h.jackpot = h.money(m["jp"]) if m["jp"] else 0
            h.total_line = lno
            return True
        m = BOARD.match(ln)
        if m is not None:
            h.board = _cards(m["cards"])
            return True
    else:
        for p in h.by_first.get(ln[: ln.find(" ")], ()):  # longest name first
            if ln.startswith(p) and ln[len(p) : len(p) + 1] == " ":
                rest = ln[len(p) + 1 :].strip()
                for kind, rule in _BY_WORD.get(rest.split(" ", 1)[0], ()):
                    m = rule.fullmatch(rest)
                    if m is not None:
                        _player(h, p, kind, m, lno)
                        return True
                break
    if ln.startswith("Seat "):
        m = SEAT.match(ln)
        if m is not None and not h.summary:
            name = m["name"]
            seat = Seat(
                h.seat_number(m["seat"]),
                name,
                h.money(m["stack"]),
                "is sitting out" in ln,
                line=lno,
            )
            h.seats.append(seat)
            h.stacks[name] = seat.stack
            h.names = sorted(h.stacks, key=len, reverse=True)
            h.by_first = {}
            for n in h.names:
                h.by_first.setdefault(n.split(" ", 1)[0], []).append(n)
            return True
        if h.summary:
            return _summary_seat(h, ln, lno)
    if h.table is None and not h.seats:
        h.table = TABLE.match(ln)
        return h.table is not None
    if ln.startswith("Main pot "):
        return True  # the running pot after rake, street by street
    m = DEALT.match(ln)
    if m is not None and m["rest"] in h.stacks:
        h.hero = m["rest"]
        h.hole[h.hero] = _cards(m["cards"])
        return True
    m = RETURNED.match(ln)
    if m is not None and m["name"] in h.stacks:
        h.returned.append(Returned(m["name"], h.money(m["a"]), lno))
        return True
    return False


def _player(h: _New, p: str, kind: str, m: re.Match[str], lno: int) -> None:
    allin = "allin" in m.re.groupindex and m["allin"] is not None
    if kind == "fold":
        h.fold(p, lno)
    elif kind == "check":
        h.check(p, lno)
    elif kind == "call":
        h.call(p, h.money(m["a"]), lno, allin)
    elif kind == "bet":
        h.bet(p, h.money(m["a"]), lno, allin)
    elif kind == "raise":
        h.raise_to(p, h.money(m["to"]), lno, allin)
    elif kind == "sb":
        h.post(p, PostKind.SMALL_BLIND, h.money(m["a"]), lno)
    elif kind == "bb":
        h.post(p, PostKind.BIG_BLIND, h.money(m["a"]), lno)
    elif kind == "straddle":
        h.post(p, PostKind.STRADDLE, h.money(m["a"]), lno)
    elif kind in ("ante", "dead"):
        h.post(p, PostKind.ANTE, h.money(m["a"]), lno)
    elif kind == "show":
        cards = _cards(m["cards"])
        h.hole[p] = cards
        desc = m["desc"] or ""
        high_part, _, low_part = desc.partition(" | LO - ")
        high_words = re.sub(r"\s*\[[^\]]*\]\s*$", "", high_part.removeprefix("HI - ")).strip()
        low_text = low_part.strip().strip("[]") or None
        h.shows.append(
            Show(p, cards, high_words or None, low_description=low_text, line=lno,
                 claimed_high=read_claim(high_words), claimed_low=read_new_low(low_text))
        )  # fmt: skip
    elif kind == "collect":
        h.collects.append(Collect(p, h.money(m["a"]), int(m["side"] or 0), 0, lno))


def _summary_seat(h: _New, ln: str, lno: int) -> bool:
    m = re.match(r"Seat \d+: (?P<rest>.+)$", ln)
    if m is None:
        return False
    rest = m["rest"]
    p = next((n for n in h.names if rest.startswith(n + " ") or rest == n), None)
    if p is None:
        return False
    won = RULES[-2][1].fullmatch(rest[len(p) + 1 :].strip())
    if won is not None:
        h.won.append(Collect(p, h.money(won["a"]), 0, 0, lno))
    return True
