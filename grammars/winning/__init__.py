"""Winning Poker Network (WPN: America's Cardroom, Ya Poker...) hand histories, Omaha family.

WPN has written two formats; a file holds one of them.

The older ("Game started at"), often UTF-16 with a BOM (the reader decodes it)::

    Game started at: 2016/10/2 21:0:42
    Game ID: 741631166 40/80 (PRR) Xana (Omaha HiLow)
    Seat 4 is the button
    Seat 1: Xjty (2872.50).
    Player Clexwg1 has small blind (20)
    Player Xjty received card: [2d]          (the hero's cards, one a line)
    Player Mrzqnh8 raises (80)               (the street total)
    Player Nxeekm3 allin (402.40)            (the chips added)
    Player Ydmgju1 is disconnected and ALL IN.
    *** FLOP ***: [6d 7h 3h]
    Uncalled bet (393.40) returned to Nxeekm3
    ------ Summary ------
    Pot: 477. Rake 2.76. JP fee 0.24       (the pot after rake and jackpot fee)
    Board: [6d 7h 3h 2c 2h]
    *Player Mrzqnh8 shows: Two pairs. 7s and 2s [Ac 8c Kh 7s] Low hand (A A 2 3 6 7 ).Bets: 120. Collects: 238.50. Wins: 118.50.
    Game ended at: 2016/10/2 21:4:9

The newer, written like PokerStars (:mod:`grammars.winning.new`)::

    Hand #78708209 - Omaha H/L(Fixed Limit) - $20.00/$40.00 - 2019/07/18 15:13:01 UTC

Quirks of the older format read here:

* The header names no betting structure. When the stakes are twice the blinds
  posted ("40/80" with blinds 20/40) they name a fixed-limit game's bets; otherwise
  they are the blinds of a pot-limit game (the client's Omaha games; "(No Limit)",
  "(Pot Limit)" or "(Fixed Limit)" written after the game are read when present).
* "(PRR)" and a table type ("(Short)") may stand between the stakes and the table name.
* Amounts have no currency sign: cash hands are read as USD cents.
* A player "is disconnected and ALL IN." and then "allin" with no amount: all-in
  for what they already put in.
* The collects are only in the summary, one total per player ("Collects: 238.50"),
  with no pot named. A hand with one pot (or where every winner could only win the
  main pot) is typed as written. With side pots, each winner's total is shared out
  over the pots by the hands the site itself declared in the summary (category and
  named ranks, the declared low): the pots are rebuilt from the bets, each pot's
  winners by the site's claims get their share, and a player's total is divided
  over their pots in those proportions (the audit then checks the pots by the rules).
* Summary "Pot:" is after rake and jackpot fee; the total pot recorded is
  ``Pot + Rake + JP fee``, and the JP fee is ``jackpot``.
* Descriptions: "Two pairs. Qs and 3s", "Flush, 7 high", "High card, A"... with the
  shown hole cards in brackets; "Low hand (A A 2 3 6 7 )" lists the low's ranks (the
  client repeats the ace); a claimed low is read when it names five distinct ranks.
* Times have no zone; WPN's clock is not printed, so ``time_zone`` and
  ``started_at_utc`` are ``None``. The newer format prints "UTC" and is read as such.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import partial
from typing import BinaryIO

from hhtools.grammars._betting import _State, read_body, unfinished
from hhtools.grammars._lines import _cards
from hhtools.grammars._text import iter_hands
from hhtools.grammars.base import ParsedHand, SiteFormat, internal_error
from hhtools.grammars.winning.new import _date, parse_new
from hhtools.grammars.winning.words import read_claim, read_old_low, share_out

from hhtools.model.records import (
    BettingStructure,
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
from hhtools.model.vocab import CollectOrder, ProblemCode

__all__ = ["FORMAT", "HAND_START", "parse_hand"]

SITE = "winning"
HAND_START = re.compile(r"(?:Game started at: \d|Hand #\d+ - )")
_RECOGNISE = re.compile(
    r"^\s*(?:Game started at: \d{4}/\d\d?/\d\d? \d\d?:\d\d?:\d\d?\s*Game ID: \d+ "
    r"|Hand #\d+ - [^\n]*(?:Omaha|Hold'em|Holdem)[^\n]* - \d{4}/\d\d/\d\d \d\d:\d\d:\d\d)",
    re.MULTILINE,
)
STARTED = re.compile(r"Game started at: (?P<date>\d{4}/\d\d?/\d\d? \d\d?:\d\d?:\d\d?)\s*$")
GAME_ID = re.compile(
    r"Game ID: (?P<id>\d+) (?P<sb>[\d.,]+)/(?P<bb>[\d.,]+) (?:\(PRR\) )?(?P<table>.+?)"
    r"(?: \((?P<type>Short|Deep|Fast|Zoom|Turbo)\))? \((?P<game>[^()]+)\)"
    r"(?: \((?P<limit>No Limit|Pot Limit|Fixed Limit)\))?\s*$"
)
BUTTON = re.compile(r"Seat (?P<seat>\d+) is the button\s*$")
SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[\d.,]+)\)\.\s*$")
STREET = re.compile(r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\*:? (?P<cards>.*)$")
RETURNED = re.compile(r"Uncalled bet \((?P<a>[\d.,]+)\) returned to (?P<name>.+?)\s*$")
_N = r"\d[\d,]*(?:\.\d+)?"
POT = re.compile(rf"Pot: (?P<pot>{_N})\.? Rake (?P<rake>{_N})\.?(?: JP fee (?P<jp>{_N})\.?)?\s*$")
BOARD = re.compile(r"Board: \[(?P<cards>[^\]]*)\]\s*$")
S_PLAYER = re.compile(
    r"\*?Player (?P<name>.+?) (?:(?P<show>shows: (?P<desc>.*?) \[(?P<cards>[^\]]*)\]"
    r"(?: Low hand \((?P<low>[^)]*)\))?)|(?P<muck>mucks) \(does not show cards\)"
    rf"|does not show cards)\.\s*Bets: (?P<bets>{_N})\. Collects: (?P<coll>{_N})\."
    rf" (?:Wins|Loses): {_N}\.\s*$"
)
ENDED = re.compile(r"Game ended at: .*$")
_ACT = (
    r"(?P<act>folds|checks|calls|bets|raises|allin|has small blind"
    r"|has big blind|has dead blind|posts ante|received card:|received a card\.|mucks cards"
    r"|is disconnected and ALL IN\.|is timed out\.|sitting out|wait BB|is sitting in|straddle)"
    r"(?: \(?(?P<a>[\d.,]+)\)?| \[(?P<card>[^\]]*)\])?\s*$"
)
PLAYER = re.compile(r"Player (?P<name>.+?) " + _ACT)
#: what follows "Player <seated name> "
ACT = re.compile(_ACT)
_GAMES = {
    "omaha": (Variant.OMAHA, False), "omaha hilow": (Variant.OMAHA, True),
    "omaha hilo": (Variant.OMAHA, True), "omaha hi/lo": (Variant.OMAHA, True),
}  # fmt: skip
_STRUCTURES = {"no limit": BettingStructure.NO_LIMIT, "pot limit": BettingStructure.POT_LIMIT,
               "fixed limit": BettingStructure.LIMIT}  # fmt: skip
_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}


def recognise(head: str) -> bool:
    """``True`` for a file whose first lines are a WPN hand ("Game started at" then
    "Game ID", or "Hand #N - <game> - <stakes> - <date>").

    >>> recognise("Game started at: 2016/8/2 11:24:23\\r\\n\\r\\nGame ID: 693980441 0.01/0.02 (PRR) Bannik (Omaha)")
    True
    >>> recognise("Hand #78708209 - Omaha H/L(Fixed Limit) - $20.00/$40.00 - 2019/07/18 15:13:01 UTC")
    True
    >>> recognise("PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD)")
    False
    """
    return _RECOGNISE.search(head) is not None


def split(fh: BinaryIO, file: str) -> Iterator[HandText]:
    """The hands of a file, one per "Game started at" or "Hand #" line."""
    return iter_hands(fh, file, HAND_START)


class _Hand(_State):
    def __init__(self, file: str, line: int) -> None:
        super().__init__(file, line)
        self.seats: list[Seat] = []
        self.hero: str | None = None
        self.button: int | None = None
        self.hole: dict[str, list[str]] = {}
        self.shows: list[Show] = []
        self.totals: list[tuple[str, int, int]] = []  # (player, collected, line)
        self.returned: list[Returned] = []
        self.street_board: list[str] = []
        self.board: tuple[str, ...] | None = None
        self.pot: int | None = None
        self.rake = 0
        self.jackpot = 0
        self.pot_line = 0
        self.summary = False
        self.ended = False
        self.names: list[str] = []  # seated names, longest first


def parse_hand(text: str, file: str = "", line: int = 1, offset: int = 0) -> ParsedHand:
    """Read one hand's text (either format) into a record and problems; never raises."""
    if text.startswith("Hand #"):
        return parse_new(text, file, line, offset)
    h = _Hand(file, line)
    try:
        return _parse(h, text, line, offset)
    except Exception as exc:
        return internal_error(file, line, h.hand_id, exc, h.problems)


def _parse(h: _Hand, text: str, line: int, offset: int) -> ParsedHand:
    lines = [ln.rstrip("\r") for ln in text.split("\n")]
    started = STARTED.match(lines[0])
    body = [(i, ln) for i, ln in enumerate(lines) if ln.strip()]
    gid = GAME_ID.match(body[1][1]) if started and len(body) > 1 else None
    if started is None or gid is None:
        h.problem(line, ProblemCode.BAD_HEADER, f"not a hand header: {lines[0][:80]}", lines[0])
        return ParsedHand(None, tuple(h.problems))
    h.hand_id = gid["id"]
    game = _GAMES.get(" ".join(gid["game"].lower().split()))
    if game is None:
        name = gid["game"]
        if "omaha" in name.lower():
            h.problem(line, ProblemCode.UNKNOWN_GAME, f"unknown game: {name}", lines[0])
            return ParsedHand(None, tuple(h.problems), None, h.hand_id)
        note = f"not an Omaha game: {name}"
        h.problem(line, ProblemCode.SKIPPED_GAME, note, lines[0])
        return ParsedHand(None, tuple(h.problems), note, h.hand_id)
    numbered = ((i, ln.strip()) for i, ln in body[2:])
    if not read_body(h, numbered, line, partial(_line, h)):
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    board = h.board if h.board is not None else tuple(h.street_board)
    hole = {p: tuple(c) for p, c in h.hole.items()}
    done = unfinished(h, lines, line, h.pot, "'Pot:'", h.pot_line, hole)
    if done is not None:
        return done
    stake_sb, stake_bb = h.money(gid["sb"]), h.money(gid["bb"])
    bb = h.bb if h.bb is not None else stake_sb
    sb = h.sb if h.sb is not None else bb // 2
    structure = _STRUCTURES.get(gid["limit"] or "")
    if structure is None:
        limit = (
            h.bb is not None and stake_sb == h.bb and stake_bb == 2 * h.bb and stake_sb != stake_bb
        )
        structure = BettingStructure.LIMIT if limit else BettingStructure.POT_LIMIT
    if h.bb is None:
        sb, bb = stake_sb, stake_bb
    is_limit = structure is BettingStructure.LIMIT
    g = Game(
        variant=game[0], hi_lo=game[1], structure=structure, small_blind=sb, big_blind=bb,
        currency="USD", small_bet=stake_sb if is_limit else None,
        big_bet=stake_bb if is_limit else None,
    )  # fmt: skip
    returned: dict[str, int] = {}
    for r in h.returned:
        returned[r.player] = returned.get(r.player, 0) + r.amount
    collects, parts, basis = share_out(
        h.totals, h.put, returned, h.folded, h.shows, game[1], h.rake + h.jackpot
    )
    record = HandHistory(
        site=SITE,
        hand_id=h.hand_id,
        table=gid["table"],
        started_at=_date(started["date"]),
        time_zone=None,
        started_at_utc=None,
        game=g,
        button=h.button,
        max_seats=6 if gid["type"] == "Short" else None,
        seats=tuple(h.seats),
        actions=tuple(h.actions),
        boards=(board,) if board else (),
        hero=h.hero,
        hole_cards=hole,
        shows=tuple(h.shows),
        collects=tuple(collects),
        returned=tuple(h.returned),
        total_pot=h.pot + h.rake + h.jackpot,
        rake=h.rake,
        jackpot=h.jackpot,
        file=h.file,
        line=line,
        offset=offset,
        text=text,
        pot_parts=parts,
        pot_parts_basis=basis,
        site_format=SITE,
        collect_order=CollectOrder.UNORDERED,
        total_pot_line=h.pot_line,
    )
    return ParsedHand(record, tuple(h.problems), None, h.hand_id)


def _line(h: _Hand, ln: str, lno: int) -> bool:
    """Read one line of the older format; ``False`` when no rule reads it."""
    if h.summary:
        return _summary_line(h, ln, lno)
    if ln.startswith("Player "):
        for name in h.names:  # a seated name first (longest first): one short match
            if ln.startswith(name, 7) and ln[7 + len(name) : 8 + len(name)] == " ":
                m = ACT.match(ln, 8 + len(name))
                if m is not None:
                    _player(h, name, m, lno)
                    return True
        m = PLAYER.match(ln)
        if m is None:
            return False
        _player(h, m["name"], m, lno)
        return True
    if ln.startswith("Seat "):
        m = SEAT.match(ln)
        if m is not None:
            name = m["name"]
            seat = Seat(h.seat_number(m["seat"]), name, h.money(m["stack"]), line=lno)
            h.seats.append(seat)
            h.stacks[name] = seat.stack
            h.names = sorted(h.stacks, key=len, reverse=True)
            return True
        m = BUTTON.match(ln)
        if m is not None:
            h.button = h.seat_number(m["seat"])
            return True
        return False
    if ln.startswith("***"):
        m = STREET.match(ln)
        if m is None:
            return False
        h.new_street(_STREETS[m["street"]])
        h.street_board = list(_cards(m["cards"].replace("[", " ").replace("]", " ")))
        return True
    if ln.startswith("------ Summary"):
        h.summary = True
        return True
    m = RETURNED.match(ln)
    if m is not None:
        name = m["name"]
        if name not in h.stacks:
            h.problem(lno, ProblemCode.UNKNOWN_PLAYER, f"not seated: {name[:40]}", ln)
            return True
        h.returned.append(Returned(name, h.money(m["a"]), lno))
        return True
    return False


def _player(h: _Hand, p: str, m: re.Match[str], lno: int) -> None:
    act = m["act"]
    if p not in h.stacks:
        h.problem(lno, ProblemCode.UNKNOWN_PLAYER, f"not seated: {p[:40]}", m.string)
        return
    a = h.money(m["a"]) if m["a"] else None
    if act == "folds":
        h.fold(p, lno)
    elif act == "checks":
        h.check(p, lno)
    elif act == "calls":
        h.call(p, a or 0, lno)
    elif act == "bets":
        h.bet(p, a or 0, lno)
    elif act == "raises":
        h.raise_to(p, a or 0, lno)
    elif act == "allin":
        h.all_in(p, a or 0, lno)
    elif act == "has small blind":
        h.post(p, PostKind.SMALL_BLIND, a or 0, lno, stated=a is not None)
    elif act == "has big blind":
        h.post(p, PostKind.BIG_BLIND, a or 0, lno, stated=a is not None)
    elif act == "straddle":
        h.post(p, PostKind.STRADDLE, a or 0, lno)
    elif act in ("has dead blind", "posts ante"):
        h.post(p, PostKind.ANTE, a or 0, lno)
    elif act == "received card:":
        h.hero = p
        h.hole.setdefault(p, []).extend(_cards(m["card"] or ""))
        h.in_hand.add(p)
    elif act == "received a card.":
        h.in_hand.add(p)
    # "mucks cards", "is disconnected and ALL IN.", "is timed out.", "sitting out"...:
    # the record needs nothing from them (the all-in follows on its own line).


def _summary_line(h: _Hand, ln: str, lno: int) -> bool:
    m = S_PLAYER.match(ln)
    if m is not None:
        p = m["name"]
        if p not in h.stacks:
            h.problem(lno, ProblemCode.UNKNOWN_PLAYER, f"not seated: {p[:40]}", ln)
            return True
        coll = h.money(m["coll"])
        if coll:
            h.totals.append((p, coll, lno))
        if m["show"]:
            cards = _cards(m["cards"])
            if p in h.hole and tuple(h.hole[p]) != cards and h.hole[p]:
                h.problem(lno, ProblemCode.BAD_CARDS, f"{p} shows cards other than those dealt", ln)
            h.hole[p] = list(cards)
            desc = m["desc"].strip().rstrip(".")
            low = read_old_low(m["low"])
            h.shows.append(
                Show(p, cards, desc, low_description=m["low"].strip() if m["low"] else None,
                     line=lno, claimed_high=read_claim(desc), claimed_low=low)
            )  # fmt: skip
        return True
    m = POT.match(ln)
    if m is not None:
        h.pot = h.money(m["pot"])
        h.rake = h.money(m["rake"])
        h.jackpot = h.money(m["jp"]) if m["jp"] else 0
        h.pot_line = lno
        return True
    m = BOARD.match(ln)
    if m is not None:
        h.board = _cards(m["cards"])
        return True
    if ENDED.match(ln):
        h.ended = True
        return True
    return ln.strip("\ufffd \t") == ""  # the client's stray character after a hand


def _parse_text(ht: HandText) -> ParsedHand:
    """:data:`FORMAT`'s parse."""
    return parse_hand(ht.text, ht.file, ht.line, ht.offset)


#: The Winning Poker Network site format (both of its text formats).
FORMAT = SiteFormat(
    key="winning",
    name="Winning Poker Network",
    games="Omaha and Omaha hi/lo 8 or better; pot limit, no limit and fixed limit; cash",
    recognise=recognise,
    split=split,
    parse=_parse_text,
    rooms=(SITE,),
)
