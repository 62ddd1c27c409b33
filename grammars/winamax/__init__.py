"""Winamax text hand histories of the Omaha family.

What a Winamax hand looks like::

    Winamax Poker - CashGame - HandId: #9630554-604-1489827073 - Omaha5 pot limit (5€/10€) - 2017/03/18 08:51:13 UTC
    Table: 'Marbella' 6-max (real money) Seat #1 is the button
    Seat 1: WgHecwhyzmmw (1000€)
    *** ANTE/BLINDS ***
    WgHecwhyzmmw posts small blind 5€
    Dealt to vijmg_72 [Jh 9h 7s 9d 8c]
    *** PRE-FLOP ***
    WgHecwhyzmmw raises 20€ to 30€
    *** FLOP *** [9s Ts Kc]
    *** TURN *** [9s Ts Kc][3h]
    *** SHOW DOWN ***
    vijmg_72 shows [Jh 9h 7s 9d 8c] (Full of 9 and Tens)
    vijmg_72 collected 498€ from pot
    *** SUMMARY ***
    Total pot 498€ | Rake 2€
    Board: [9s Ts Kc 3h Td]
    Seat 3: vijmg_72 (big blind) showed [Jh 9h 7s 9d 8c] and won 498€ with Full of 9 and Tens

Quirks, and how they are read:

* The hand id is three numbers joined by ``-`` (table, hand, time); kept whole as text.
* Amounts carry the currency sign after the number ("207.96€"); play money has no
  sign and still has cents ("0.05"), so play money is counted in hundredths of a chip
  (``Unit.CENTS``, currency ``PLAY``); tournaments count whole chips (``CHIPS``).
* Names are followed by a space, not a colon ("X posts small blind 5€"): the player is
  the longest seated name the line starts with.
* The table line is written "Table: 'Name'" or (since about 2021) "Table 'Name'"; the
  flop line "*** FLOP *** [..]" or "*** FLOP ***: [..]".
* Times are printed in UTC ("... UTC"): ``time_zone`` is ``"UTC"``. A header without a
  zone keeps ``time_zone`` and ``started_at_utc`` ``None`` (no zone is assumed).
* "Total pot 9.91€ | Rake 0.69€": the total is after rake (what was collected); the
  record's ``total_pot`` is the pot before rake (10.60€), as every format's is.
* Uncalled bets are never returned by a line: the total pot includes them and the
  winner's "collected" line pays them back (a "side pot" of one player when others
  are all in). The record returns the excess (``Returned`` with ``inferred``: what the
  player who put in most put in over the next one) and takes it out of that player's
  last collect and of the total, so its pots are the contested ones.
* A player coming in out of position pays both blinds in one amount: "posts small blind
  3€ out of position" then "posts big blind 0€ out of position"; the pair is one
  ``dead_small_and_big`` post of 3€. Some old hands write such a post as "raises 1€ to
  3€" in the ANTE/BLINDS section; it is read the same way (a post of the "to" amount).
* Hi/lo collects say their half: "collected 4.96€ from pot(HI)", "from pot (LO)";
  ``Collect.half`` is set from them. Showdown lines name the high and the low apart:
  "(HI : Two pairs : 5 and 4)", "(LO : High card : 7)"; older hands leave out "HI :" /
  "LO :", the low then being the player's second show line.
* Hand words are Winamax's own ("One pair : 9", "Two pairs : Ace and Queen", "Trips of
  King", "Straight King high", "Flush Ace high", "Full of 9 and Tens", "Quads of Jack",
  "Straight flush Nine high"): :func:`read_high` types them. A low is named by its top
  card only ("High card : 7"), which is not a whole low: ``claimed_low`` stays ``None``
  and ``low_description`` keeps the words.
* Tournaments: "Winamax Poker - Tournament "Name" buyIn: 2€ + 0.25€ level: 4 - HandId:
  ..." with stakes "(ante/small/big)" or "(small/big)"; the tournament number is the one
  in the table name "Name(123456)#003".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import BinaryIO

from hhtools.grammars._lines import _BadCards, _cards, _m
from hhtools.grammars._text import iter_hands
from hhtools.grammars.base import ParsedHand, SiteFormat, internal_error
from hhtools.grammars.winamax.ledger import by_pot, twice, uncalled
from hhtools.grammars.winamax.lines import (
    _ANY_START,
    _END,
    _POSTS,
    _SIGNS,
    _START,
    _STREETS,
    BOARD,
    CALL,
    CHECK,
    COLLECT,
    DEALT,
    DENY,
    DENY_ANY,
    FOLD,
    HEADER,
    MUCK,
    POST,
    RAISE,
    S_SEAT,
    S_SHOWED,
    SEAT,
    SHOW,
    STREET,
    TABLE,
    TOTAL,
    game_of,
)
from hhtools.grammars.winamax.words import read_high

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
)
from hhtools.model.vocab import CollectOrder, Half, PotPartsBasis, ProblemCode

__all__ = ["FORMAT", "HEADER", "parse_hand", "read_high"]

SITE = "winamax"
MAX_SEAT = 1000

#: Amounts already read (in range), by unit and text: amounts repeat a lot.
_READ: dict[Unit, dict[str, int]] = {Unit.CENTS: {}, Unit.CHIPS: {}}


#: An amount or a seat number no real hand can hold (``out_of_range``): the one class
#: :func:`~hhtools.model.money.parse_money` raises from :data:`MAX_AMOUNT` up.
_OutOfRange = AmountOutOfRange


class _State:
    """What one hand being read has gathered so far."""

    __slots__ = ("actions", "blinds", "board", "collects", "file", "hand_id", "hero", "hole", "names",
                 "problems", "rake", "seats", "shows", "sightings", "street", "summary",
                 "total", "total_line", "unit")  # fmt: skip

    def __init__(self, file: str) -> None:
        self.file = file
        self.hand_id: str | None = None
        self.problems: list[Problem] = []
        self.seats: list[Seat] = []
        self.names: list[str] = []
        self.actions: list[Action] = []
        self.shows: dict[str, Show] = {}
        self.collects: list[Collect] = []
        self.board: tuple[str, ...] = ()
        self.hero: str | None = None
        self.hole: dict[str, tuple[str, ...]] = {}
        self.sightings: list[tuple[int, str, tuple[str, ...]]] = []
        self.street = Street.PREFLOP
        self.blinds = False
        self.summary = False
        self.total: int | None = None
        self.total_line = 0
        self.rake = 0
        self.unit = Unit.CENTS

    def problem(self, line: int, code: ProblemCode, message: str, excerpt: str = "") -> None:
        self.problems.append(Problem(self.file, line, self.hand_id, code, message, excerpt[:200]))

    def money(self, text: str) -> int:
        value = _READ[self.unit].get(text)
        if value is not None:
            return value
        value = parse_money(text.strip().rstrip("€$£").strip(), self.unit)
        if value >= MAX_AMOUNT:
            raise _OutOfRange(f"amount {text} is out of range")
        if len(_READ[self.unit]) < 1 << 16:
            _READ[self.unit][text] = value
        return value

    def player(self, line: str) -> tuple[str, str] | None:
        for name in self.names:  # longest first
            if line.startswith(name) and line[len(name) : len(name) + 1] == " ":
                return name, line[len(name) + 1 :]
        return None


def _recognise(head: str) -> bool:
    """A Winamax file: a line of its first bytes is a whole Winamax hand header (the
    first may be damaged, a later one in the head then says it).

    >>> _recognise("Winamax Poker - CashGame - HandId: #1-2-3 - Omaha pot limit (1€/2€) - 2016/11/11 14:28:18 UTC")
    True
    >>> _recognise("PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD)")
    False
    >>> _recognise("Winamax Poker - CashGame - HandId: #1-2-3 - Omaha5 pot limit")
    False
    """
    return _ANY_START.search(head.lstrip("\ufeff \t\r\n")) is not None


def _split(fh: BinaryIO, file: str) -> Iterator[HandText]:
    """A file's hand texts: one at each "Winamax Poker - " header (and after a summary, at
    the first line no summary holds)."""
    return iter_hands(fh, file, _START, _END)


def parse_hand(ht: HandText) -> ParsedHand:
    """Read one Winamax hand's text into a record and the problems met.

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


def _parse(st: _State, ht: HandText) -> ParsedHand:
    lines = ht.text.split("\n")
    first = ht.line
    hd = _m(HEADER, lines[0])
    if hd is None:
        st.problem(
            first, ProblemCode.BAD_HEADER, f"not a Winamax hand header: {lines[0][:80]}", lines[0]
        )
        return ParsedHand(None, tuple(st.problems))
    st.hand_id = hd["id"]
    game = game_of(hd["game"])
    if isinstance(game, str):
        st.problem(first, ProblemCode.SKIPPED_GAME, game, lines[0])
        return ParsedHand(None, tuple(st.problems), game, st.hand_id)
    if game is None:
        st.problem(first, ProblemCode.UNKNOWN_GAME, f"unknown Omaha game {hd['game']!r}", lines[0])
        return ParsedHand(None, tuple(st.problems), None, st.hand_id)
    variant, hi_lo, structure = game
    tourney = hd["tname"] is not None
    tb = _m(TABLE, lines[1]) if len(lines) > 1 else None
    if tb is None:
        st.problem(
            first + 1, ProblemCode.BAD_TABLE, "no table line", lines[1] if len(lines) > 1 else ""
        )
        return ParsedHand(None, tuple(st.problems), None, st.hand_id)
    stakes = hd["stakes"]
    currency = next((code for sign, code in _SIGNS.items() if sign in stakes), "")
    if tourney:
        st.unit, currency = Unit.CHIPS, "CHIPS"
    elif tb["money"] == "play":
        currency = "PLAY"
    elif not currency:
        currency = "EUR"
    try:
        blinds = [st.money(s) for s in stakes.split("/")]
        button = int(tb["button"]) if tb["button"] else None
        max_seats = int(tb["max"])
        if max_seats > MAX_SEAT or (button or 0) > MAX_SEAT:
            raise _OutOfRange("table size or button seat out of range")
    except _OutOfRange as exc:
        st.problem(first, ProblemCode.OUT_OF_RANGE, str(exc), lines[0])
        return ParsedHand(None, tuple(st.problems), None, st.hand_id)
    except ValueError as exc:
        st.problem(first, ProblemCode.BAD_HEADER, f"bad stakes: {exc}", lines[0])
        return ParsedHand(None, tuple(st.problems), None, st.hand_id)
    ante = blinds[0] if len(blinds) == 3 else 0
    blinds = blinds[-2:] if len(blinds) >= 2 else blinds * 2
    fatal = False
    for i in range(2, len(lines)):
        text = lines[i]
        lno = first + i
        if not text or text.isspace():
            continue
        try:
            if not _line(st, text, lno, tourney):
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
    if fatal:
        return ParsedHand(None, tuple(st.problems), None, st.hand_id)
    if not st.summary:
        st.problem(first + len(lines) - 1, ProblemCode.TRUNCATED_HAND,
                   "hand has no summary (cut short?)", lines[-1])  # fmt: skip
        return ParsedHand(None, tuple(st.problems), None, st.hand_id)
    if st.total is None:
        st.problem(first + len(lines) - 1, ProblemCode.MISSING_TOTAL,
                   "summary has no 'Total pot' line", lines[-1])  # fmt: skip
        return ParsedHand(None, tuple(st.problems), None, st.hand_id)
    if not st.seats:
        st.problem(first + 1, ProblemCode.NO_SEATS, "hand has no seat lines", lines[1])
        return ParsedHand(None, tuple(st.problems), None, st.hand_id)
    dup = twice(st.sightings)
    if dup is not None:
        st.problem(dup[0], ProblemCode.IMPOSSIBLE_CARDS, dup[1], lines[dup[0] - first])
        return ParsedHand(None, tuple(st.problems), None, st.hand_id)
    collects, returned, put = uncalled(st.actions, st.collects)
    collects, parts = by_pot(st.actions, collects, put)
    started, started_utc, zone = _when(hd["date"], hd["tz"])
    sb, bb = blinds[0], blinds[1]
    small_bet = big_bet = None
    if structure is BettingStructure.LIMIT:
        small_bet, big_bet = sb, bb
        posted = {
            a.post: a.amount for a in st.actions if a.kind is ActionKind.POST and not a.all_in
        }
        bb = posted.get(PostKind.BIG_BLIND, small_bet)
        sb = posted.get(PostKind.SMALL_BLIND, small_bet // 2)
    table = tb["table"]
    tid = None
    if tourney:
        tm = re.search(r"\((\d+)\)#\d+$", table)
        tid = tm.group(1) if tm else (hd["id"].split("-")[0])
    record = HandHistory(
        site=SITE, hand_id=hd["id"], table=table, started_at=started, time_zone=zone,
        started_at_utc=started_utc,
        game=Game(variant, hi_lo, structure, sb, bb, currency, 8, ante, tid,
                  hd["buyin"], hd["level"], small_bet, big_bet),
        button=button, max_seats=max_seats, seats=tuple(st.seats), actions=tuple(st.actions),
        boards=(st.board,) if st.board else (), hero=st.hero, hole_cards=st.hole,
        shows=tuple(st.shows.values()), collects=tuple(collects), returned=returned,
        total_pot=st.total - sum(r.amount for r in returned), rake=st.rake, file=ht.file, line=first, offset=ht.offset,
        text=ht.text, site_format=SITE, pot_parts=parts,
        pot_parts_basis=PotPartsBasis.NET if parts else None, collect_order=CollectOrder.UNORDERED,
        total_pot_line=st.total_line,
    )  # fmt: skip
    return ParsedHand(record, tuple(st.problems), None, st.hand_id)


def _when(date: str, tz: str | None) -> tuple[datetime | None, datetime | None, str | None]:
    try:
        day, clock = date.split(" ")
        y, mo, d = day.split("/")
        hh, mi, ss = clock.split(":")
        at = datetime(int(y), int(mo), int(d), int(hh), int(mi), int(ss))
    except ValueError:
        return None, None, None
    if tz and tz.upper() in ("UTC", "GMT"):
        return at, at.replace(tzinfo=UTC), tz.upper()
    return at, None, tz or None


def _line(st: _State, text: str, lno: int, tourney: bool) -> bool:
    """Read one body line into ``st``; ``False`` when no rule reads it."""
    if text.startswith("***"):
        m = _m(STREET, text)
        if m is None:
            return False
        name = m["street"]
        st.blinds = name == "ANTE/BLINDS"
        if name == "SUMMARY":
            st.summary = True
            st.street = Street.SHOWDOWN
        elif name == "ANTE/BLINDS":
            st.street = Street.PREFLOP
        else:
            st.street = _STREETS[name]
            if m["cards"]:
                cards = _cards(" ".join(re.findall(r"\[([^\]]*)\]", m["cards"])))
                st.board = cards
                st.sightings.append((lno, "*board", cards))
        return True
    if st.summary:
        return _summary_line(st, text, lno)
    if text.startswith("Seat ") and not st.actions and st.street is Street.PREFLOP:
        m = _m(SEAT, text)
        if m is None:
            return False
        seat = int(m["seat"])
        if seat > MAX_SEAT:
            raise _OutOfRange(f"seat {seat} is out of range")
        st.seats.append(
            Seat(seat, m["player"], st.money(m["stack"]), bool(m["out"]), m["bounty"], lno)
        )
        st.names = sorted({s.player for s in st.seats}, key=len, reverse=True)
        return True
    if text.startswith("Dealt to "):
        m = _m(DEALT, text)
        if m is None:
            return False
        cards = _cards(m["cards"])
        st.hero = m["rest"]
        st.hole[st.hero] = cards
        st.sightings.append((lno, st.hero, cards))
        return True
    pr = st.player(text)
    if pr is None:
        return " deny " in text and _m(DENY_ANY, text) is not None
    player, rest = pr
    street = st.street
    if rest.startswith("posts "):
        m = _m(POST, rest)
        if m is None:
            return False
        amount = st.money(m["amt"])
        kind = _POSTS[m["kind"]]
        if m["oop"] and kind is PostKind.BIG_BLIND and amount == 0:
            prev = next((i for i in range(len(st.actions) - 1, -1, -1)
                         if st.actions[i].player == player), None)  # fmt: skip
            if prev is not None and st.actions[prev].post is PostKind.SMALL_BLIND:
                a = st.actions[prev]
                st.actions[prev] = Action(a.street, player, ActionKind.POST, a.amount, None,
                                          a.all_in, PostKind.DEAD_SMALL_AND_BIG, a.line)  # fmt: skip
                return True
        st.actions.append(Action(Street.PREFLOP, player, ActionKind.POST, amount, None,
                                 bool(m["allin"]), kind, lno))  # fmt: skip
        return True
    if rest == "folds" or rest == "checks":
        kind = ActionKind.FOLD if rest == "folds" else ActionKind.CHECK
        st.actions.append(Action(street, player, kind, line=lno))
        return True
    if rest.startswith("folds"):
        if _m(FOLD, rest) is None:
            return False
        st.actions.append(Action(street, player, ActionKind.FOLD, line=lno))
        return True
    if rest.startswith("checks"):
        if _m(CHECK, rest) is None:
            return False
        st.actions.append(Action(street, player, ActionKind.CHECK, line=lno))
        return True
    if rest.startswith(("calls ", "bets ")):
        m = _m(CALL, rest)
        if m is None:
            return False
        kind = ActionKind.CALL if m["kind"] == "calls" else ActionKind.BET
        st.actions.append(
            Action(street, player, kind, st.money(m["amt"]), None, bool(m["allin"]), None, lno)
        )
        return True
    if rest.startswith("raises "):
        m = _m(RAISE, rest)
        if m is None:
            return False
        amount, to = st.money(m["amt"]), st.money(m["to"])
        if st.blinds:  # a "raise" in the ANTE/BLINDS section: a post of both blinds
            st.actions.append(Action(Street.PREFLOP, player, ActionKind.POST, to, None,
                                     bool(m["allin"]), PostKind.DEAD_SMALL_AND_BIG, lno))  # fmt: skip
            return True
        st.actions.append(
            Action(street, player, ActionKind.RAISE, amount, to, bool(m["allin"]), None, lno)
        )
        return True
    if rest.startswith("shows "):
        m = _m(SHOW, rest)
        if m is None:
            return False
        cards = _cards(m["cards"])
        _add_show(st, player, cards, m["desc"], lno)
        return True
    if rest.startswith("collected "):
        m = _m(COLLECT, rest)
        if m is None:
            return False
        pot = m["pot"]
        index = 0 if pot in ("pot", "main pot") else int(m["n"] or 1)
        half = {"HI": Half.HIGH, "LO": Half.LOW}.get(m["half"] or "")
        st.collects.append(Collect(player, st.money(m["amt"]), index, 0, lno, half))
        return True
    if rest.startswith("deny "):  # declines to post a blind: nothing goes in
        return _m(DENY, rest) is not None
    if rest.startswith(("mucks", "doesn't show")):
        m = _m(MUCK, rest)
        if m is None:
            return False
        if m["cards"]:
            cards = _cards(m["cards"])
            st.shows[player] = Show(player, cards, mucked=True, line=lno)
            st.hole[player] = cards
            st.sightings.append((lno, player, cards))
        return True
    return False


def _add_show(st: _State, player: str, cards: tuple[str, ...], desc: str | None, lno: int) -> None:
    """One show line: the first names the high, a "LO : " one (or a second) the low."""
    st.hole[player] = cards
    st.sightings.append((lno, player, cards))
    prior = st.shows.get(player)
    is_low = desc is not None and desc.startswith("LO : ")
    if prior is not None and not prior.mucked and (is_low or prior.description is not None):
        low = desc[5:] if is_low and desc else desc
        st.shows[player] = Show(player, prior.cards, prior.description, low, False, 0,
                                prior.line, prior.claimed_high, None)  # fmt: skip
        return
    if is_low:
        st.shows[player] = Show(player, cards, None, desc[5:] if desc else None, line=lno)
        return
    high = desc[5:] if desc and desc.startswith("HI : ") else desc
    st.shows[player] = Show(player, cards, high, None, False, 0, lno, read_high(high), None)


def _summary_line(st: _State, text: str, lno: int) -> bool:
    if text.startswith("Total pot "):
        m = _m(TOTAL, text)
        if m is None:
            return False
        st.rake = st.money(m["rake"]) if m["rake"] else 0
        st.total = st.money(m["total"]) + st.rake  # Winamax's total is after rake
        st.total_line = lno
        return True
    if text.startswith("Board: "):
        m = _m(BOARD, text)
        if m is None:
            return False
        cards = _cards(m["cards"])
        if st.board and cards[: len(st.board)] != st.board:
            st.problem(
                lno,
                ProblemCode.BOARD_MISMATCH,
                "the summary's board differs from the streets'",
                text,
            )
        st.board = cards
        st.sightings.append((lno, "*board", cards))
        return True
    if text.startswith("Seat "):
        m = _m(S_SEAT, text)
        if m is None:
            return False
        sm = S_SHOWED.search(text)
        if sm is not None:
            seat = int(m["seat"])
            player = next((s.player for s in st.seats if s.seat == seat), None)
            if player is None:
                st.problem(lno, ProblemCode.UNKNOWN_PLAYER, f"no player in seat {seat}", text)
                return True
            if player not in st.shows:
                _add_show(st, player, _cards(sm["cards"]), sm["desc"], lno)
        return True
    return False


FORMAT = SiteFormat(
    key=SITE,
    name="Winamax",
    games="Omaha with 4, 5 and 6 hole cards; high and hi/lo 8 or better; pot limit, no "
    "limit and limit; cash (real and play money) and tournaments",
    recognise=_recognise,
    split=_split,
    parse=parse_hand,
    rooms=(SITE,),
)
