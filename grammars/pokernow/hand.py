"""Reading one hand of a PokerNow log (:mod:`hhtools.grammars.pokernow`): its rows put
back in time order, the header, the betting, the boards of one or two runs, shows and
collects, the record, and the log's own amounts checked against the reading.
"""

from __future__ import annotations

import csv
import re
from dataclasses import replace
from datetime import datetime
from typing import Any, NamedTuple

from hhtools.grammars._betting import claimed_from_five, read_body, seen_twice
from hhtools.grammars._hand import Hand, no_record, not_read, rule_table
from hhtools.grammars._record import build_record
from hhtools.grammars._inferred import collected, in_pot
from hhtools.grammars._lines import _cards
from hhtools.grammars._meaning import Meanings
from hhtools.grammars._site import category_names
from hhtools.grammars.base import ParsedHand
from hhtools.grammars.pokernow.split import END, HEADER_ROW, NEXT, SESSION, STACKS, START
from hhtools.model.money import Unit, format_money
from hhtools.model.records import (
    BettingStructure,
    ClaimedHigh,
    Collect,
    Game,
    PostKind,
    Returned,
    Show,
    Street,
    Variant,
)
from hhtools.model.vocab import CollectOrder, HandCategory, ProblemCode

__all__ = ["SITE", "PokerNowHand", "parse"]

SITE = "pokernow"

_HEAD = re.compile(
    r"-- starting hand #(?P<no>\d+)(?: \(id: (?P<id>[^)\s]+)\))? +\(?(?P<game>[^()]+?)\)? "
    r'\((?:dealer: "(?P<dealer>.*)"|dead button)\) --$'
)
_GAME = re.compile(
    r"(?P<limit>pot limit|no limit) omaha(?: (?P<n>[4-7]) card)? "
    r"(?:(?P<lo>hi/lo(?: (?P<q>[7-9]) or better)?)|hi)$",
    re.IGNORECASE,
)
_VARIANTS = {None: Variant.OMAHA, "4": Variant.OMAHA, "5": Variant.OMAHA5,
             "6": Variant.OMAHA6, "7": Variant.OMAHA7}  # fmt: skip
_SEAT = re.compile(r'#(?P<seat>\d+) "(?P<name>.+?)" \((?P<stack>[^()]*)\)(?: \| |$)')
_TABLE_NAME = re.compile(r"poker_now_log_(?P<game>[A-Za-z0-9_-]{1,40})\.csv$", re.IGNORECASE)
_STREET = re.compile(
    r"(?P<street>Flop|Turn|River)(?P<second> \(second run\))?: +(?P<before>[^\[]*?) ?"
    r"\[(?P<new>[^\]]*)\]$",
    re.IGNORECASE,
)
_RETURN = re.compile(r'Uncalled bet of (?P<a>[\d,]+(?:\.\d+)?) returned to "(?P<p>.+)"$')
_QUOTED = re.compile(r'"(.+?)"')
_SUITS = str.maketrans({"♠": "s", "♥": "h", "♦": "d", "♣": "c", ",": " "})

_A = r"(?P<a>[\d,]+(?:\.\d+)?)"
_ALLIN = r"(?P<allin> and go all in| and is all in)?$"
#: the posts by kind, as "posts <words> of <amount>" names them ("dead_sb": a dead
#: small blind, see :func:`_play`)
_POST_WORDS = {"sb": "a small blind", "bb": "a big blind", "straddle": "a straddle",
               "missed_bb": "a missed big blind", "dead_sb": "a missing small blind",
               "ante": "an ante"}  # fmt: skip
_POSTS = {"sb": PostKind.SMALL_BLIND, "bb": PostKind.BIG_BLIND, "missed_bb": PostKind.BIG_BLIND,
          "straddle": PostKind.STRADDLE, "ante": PostKind.ANTE}  # fmt: skip
#: what follows '"<player>" ', by kind (amounts are the player's street total)
_PLAYER = rule_table(
    *((kind, f"posts {words} of {_A}{_ALLIN}") for kind, words in _POST_WORDS.items()),
    *((kind, f"{verb} {_A}{_ALLIN}") for kind, verb in
      (("call", "calls"), ("bet", "bets"), ("raise", "raises to"))),
    ("bomb", rf"posts a bet of {_A} \(bomb pot bet\)$"),
    ("fold", r"folds$"), ("check", r"checks$"),
    ("show", r"shows a (?P<cards>[^.]+)\.?$"),
    ("win", r"collected " + _A + r" from pot(?: with (?P<desc>.+?))?$"),
    *(("choice", rf"{verb} (?:to|not to) +run it twice\.?$") for verb in ("chooses", "choose")),
)  # fmt: skip
#: the high hand categories as a collect row's words begin ("Three of a Kind, K's"),
#: lower case
_CATEGORIES = category_names(" ", str.lower, {"pair": HandCategory.ONE_PAIR,
                                              "royal flush": HandCategory.STRAIGHT_FLUSH})
_COMBINATION = " (combination: "
#: of the table's rows, those that may change a player's stack before the next hand
_RESTACK = ("The player ", "The admin ", "The host ")


class _Row(NamedTuple):
    """One row of a hand text: its file line, entry, time and order."""

    line: int
    entry: str
    at: str
    order: int


class PokerNowHand(Hand):
    """A PokerNow hand being read: the kernel's hand, the second run's board, the
    dead small blinds waiting for their player's big blind, the downloader's cards and
    the players whose stack a row may have changed, and whether the file writes the
    hand's rows newest first."""

    yours: tuple[str, ...] = ()
    yours_line = 0
    backwards = False

    def __init__(self, file: str, line: int) -> None:
        super().__init__(file, line)
        self.second: list[str] = []
        self.dead: dict[str, int] = {}
        self.restacked: set[str] = set()
        self.claims: dict[str, tuple[str, ClaimedHigh]] = {}  # a collect's words, typed
        self.big_blinds: list[int] = []  # every big blind posted (a missed one too), live


def _row(text: str, lno: int) -> _Row | None:
    """One line read as a row of the log (``entry,at,order``), else ``None``."""
    try:
        fields = next(csv.reader((text,)))
    except (csv.Error, StopIteration):
        return None
    order = fields[2].strip() if len(fields) == 3 else ""
    if not order.isdigit() or len(order) > 24:
        return None
    return _Row(lno, fields[0], fields[1], int(order))


def _rows(h: PokerNowHand, lines: list[str], line: int) -> tuple[list[_Row], _Row | None]:
    """The hand text's rows, read as CSV, in the order of their ``order`` (ties: the
    file's direction), and the next hand's stacks row the splitter added after them
    (:data:`~.split.NEXT`; ``None`` when none, or unreadable); a line that is no row is
    an ``unrecognised_line`` problem. ``h.backwards``: the file writes the newest row
    first (the record's ``newest_first``)."""
    rows: list[_Row] = []
    after = None
    for i, text in enumerate(lines):
        if not text or text == HEADER_ROW:
            continue
        if text.startswith(NEXT):
            after = _row(text[len(NEXT) :], 0)
            continue
        row = _row(text, line + i)
        if row is None:
            h.problem(line + i, ProblemCode.UNRECOGNISED_LINE,
                      f"not a row of a PokerNow log: {text[:80]}", text)  # fmt: skip
            continue
        rows.append(row)
    backwards = h.backwards = len(rows) > 1 and rows[0].order > rows[-1].order
    rows.sort(key=lambda r: (r.order, -r.line if backwards else r.line))
    if after is not None and not after.entry.startswith(STACKS):
        after = None
    return rows, after


def _table(file: str) -> str:
    """The game id in a log's file name (``poker_now_log_<id>.csv``), else ``""``."""
    m = _TABLE_NAME.search(file.replace("\\", "/").rsplit("/", 1)[-1].rsplit("!", 1)[-1])
    return m["game"] if m else ""


def _cards_of(text: str) -> tuple[str, ...]:
    """PokerNow's cards ("A♠, 10♥") as the record writes them ("As", "Th");
    raises ``_BadCards``."""
    return _cards(text.translate(_SUITS))


def parse(h: PokerNowHand, lines: list[str], line: int, text: str, offset: int) -> ParsedHand:
    """Read one hand text of a PokerNow log (see :mod:`hhtools.grammars.pokernow`).

    Args:
        h: a new hand state.
        lines: the hand text's lines (normalised), in the file's order; the last may be
            the next hand's stacks row the splitter added (:data:`~.split.NEXT`).
        line: the file line of the first; ``text``, ``offset``: the text and its
            byte offset.

    Returns:
        The record and its problems (amounts in whole chips, or hundredths when the
        log writes two decimals); no record for a hold'em hand (skipped), a hand cut
        short (no end row: ``truncated_hand``), rows whose start row is missing, a
        start row not read (``bad_header``), an unknown Omaha game, a card seen twice.
    """
    rows, stacks = _rows(h, lines, line)
    start = next((i for i, r in enumerate(rows) if r.entry.startswith(START)), None)
    if start is None:
        at = rows[-1] if rows else None
        if at is not None and not h.problems:
            h.problem(at.line, ProblemCode.TRUNCATED_HAND,
                      "rows of a hand whose start row is not in the log (cut before it?)",
                      at.entry)  # fmt: skip
        return no_record(h)
    head_row = rows[start]
    head = _HEAD.match(head_row.entry)
    if head is None:
        h.problem(head_row.line, ProblemCode.BAD_HEADER,
                  f"not a hand's start row: {head_row.entry[:80]}", head_row.entry)  # fmt: skip
        return no_record(h)
    h.table = _table(h.file)
    h.hand_id = head["id"] or (f"{h.table}#{head['no']}" if h.table else head["no"])
    game_name = " ".join(head["game"].split())
    g = _GAME.match(game_name)
    if g is None:
        return not_read(h, head_row.line, game_name, head_row.entry,
                        omaha="omaha" in game_name.lower())  # fmt: skip
    for r in rows[:start]:  # rows before the start: none in a log the splitter cut
        if not r.entry.startswith(SESSION):
            h.problem(r.line, ProblemCode.UNRECOGNISED_LINE,
                      f"a row before the hand's start: {r.entry[:80]}", r.entry)  # fmt: skip
    end = next((i for i in range(start + 1, len(rows)) if rows[i].entry.startswith(END)), None)
    nxt = next((i for i in range(start + 1, len(rows)) if rows[i].entry.startswith(START)), None)
    if end is not None and nxt is not None and nxt < end:
        end = None  # the end row read is the next hand's
    if end is None:
        last = rows[(nxt if nxt is not None else len(rows)) - 1]
        h.problem(last.line, ProblemCode.TRUNCATED_HAND,
                  "the hand has no end row (the log cut while it was played?)",
                  last.entry)  # fmt: skip
        return no_record(h)
    h.unit = Unit.CENTS if _decimal_stacks(rows[start:end]) else Unit.CHIPS
    h.meanings = Meanings(raise_read="to", call_read="total", call_alt=("added",))
    body = [(r.line, r.entry) for r in rows[start + 1 : end]]
    if not read_body(h, body, 0, lambda ln, lno: _line(h, ln, lno)):
        return no_record(h)
    _flush_dead(h, rows[end].line)
    tail = rows[end + 1 : nxt] if nxt is not None else rows[end + 1 :]
    read_body(h, [(r.line, r.entry) for r in tail], 0, lambda ln, lno: _after(h, ln, lno))
    if head["dealer"] is not None:
        h.button = h.seat_of(head["dealer"])
    return _finish(h, g, head_row, rows[end], stacks, line, text, offset)


def _decimal_stacks(rows: list[_Row]) -> bool:
    """Whether the hand's stacks row writes amounts with decimals."""
    stacks = next((r.entry for r in rows if r.entry.startswith(STACKS)), "")
    return any("." in m["stack"] for m in _SEAT.finditer(stacks))


def _line(h: PokerNowHand, ln: str, lno: int) -> bool:
    """Read one row of the hand (between its start and end rows); ``False`` when no
    rule reads it."""
    if ln.startswith('"'):
        return _player_row(h, ln, lno)
    if ln.startswith(STACKS):
        if h.seats:
            return False
        for seat in _SEAT.finditer(ln, len(STACKS)):
            h.seat(h.seat_number(seat["seat"]), seat["name"], h.money(seat["stack"]), lno)
        return bool(h.seats)
    if ln.startswith("Your hand is "):
        h.yours, h.yours_line = _cards_of(ln[len("Your hand is ") :]), lno
        return True
    m = _STREET.match(ln)
    if m is not None:
        _flush_dead(h, lno)
        return _street(h, m, lno)
    m = _RETURN.match(ln)
    if m is not None:
        if h.seat_of(m["p"]) is None:
            return False
        h.returned.append(Returned(m["p"], h.money(m["a"]), lno))
        return True
    return _session(h, ln)


def _session(h: PokerNowHand, ln: str) -> bool:
    """A row of the table's that carries no chips; the players a row that may change
    stacks names are not checked against the next hand's stacks."""
    if not ln.startswith(SESSION):
        return False
    if ln.startswith(_RESTACK):
        h.restacked.update(_QUOTED.findall(ln))
    return True


def _player_row(h: PokerNowHand, ln: str, lno: int) -> bool:
    """A row starting with a seated player's quoted name."""
    name = h.name(ln[1:], '"')
    if name is None or not ln.startswith('" ', len(name) + 1):
        return False
    found = _PLAYER.match(ln[len(name) + 3 :])
    if found is None:
        return False
    kind, m = found
    _play(h, name, kind, m, lno)
    return True


def _play(h: PokerNowHand, p: str, kind: str, m: Any, lno: int) -> None:
    """What a seated player did: a post, a betting action, a show, a collect."""
    if kind == "choice":
        return
    if kind == "show":
        cards = _cards_of(m["cards"])
        h.show(p, Show(p, cards, line=lno))
        h.saw(lno, p, cards)
        return
    if kind == "win":  # one collect a player: the rows name no pot (one a pot won)
        amount = h.money(m["a"])
        if m["desc"] is not None and p not in h.claims:
            _claim(h, p, m["desc"])
        had = next((i for i, c in enumerate(h.collects) if c.player == p), None)
        if had is None:
            h.collects.append(Collect(p, amount, 0, 0, lno))
        else:
            c = h.collects[had]
            h.collects[had] = Collect(p, c.amount + amount, 0, 0, c.line)
        return
    if kind in ("fold", "check"):
        _flush_dead(h, lno)
        h.betting(kind, p, 0, lno)
        return
    if kind == "bomb":  # a bomb pot: every player's bet before the deal, no betting
        h.post(p, PostKind.ANTE, h.money(m["a"]), lno)  # before the flop: an ante's kind
        return
    all_in = m["allin"] is not None
    amount = h.money(m["a"])
    if kind == "dead_sb":
        if any(a.player == p and a.post is PostKind.BIG_BLIND for a in h.actions):
            h.post(p, PostKind.ANTE, amount, lno)  # the big blind posted first: dead money
        else:
            h.dead[p] = h.dead.get(p, 0) + amount
        return
    post = _POSTS.get(kind)
    if post is PostKind.BIG_BLIND:
        h.big_blinds.append(amount)
    if post is PostKind.BIG_BLIND and p in h.dead:
        h.dead_small = h.dead.pop(p)
        h.post_both(p, h.dead_small + amount, lno)
        return
    if post is not None:
        h.post(p, post, amount, lno)
        return
    _flush_dead(h, lno)
    before = h.bets.get(p, 0)
    if kind == "call":
        if amount < before:
            raise ValueError(f"a call to {m['a']} below the player's bet")
        h.call(p, amount - before, lno, all_in)
    elif kind == "bet":
        h.bet(p, max(amount - before, 0), lno, all_in)
    else:
        h.raise_to(p, amount, lno, all_in)


def _claim(h: PokerNowHand, p: str, desc: str) -> None:
    """A collect's words ("Three of a Kind, K's (combination: K♦, K♣, K♠, 8♦, 5♣)"): a
    high hand's category and the five cards, typed into a claim (the ranks the
    category names, from the five); words of no category (a low: "7 High") make none.
    Raises ``_BadCards`` on a combination's card that is none."""
    words, _, combination = desc.partition(_COMBINATION)
    category = _CATEGORIES.get(words.split(",", 1)[0].strip().lower())
    if category is None or not combination.endswith(")"):
        return
    claim = claimed_from_five(category, _cards_of(combination[:-1]))
    if claim is not None:
        h.claims[p] = (words, claim)


def _flush_dead(h: PokerNowHand, line: int) -> None:
    """Dead small blinds whose player posted no big blind: dead money (an ante's kind),
    posted once the posts are over."""
    for p, amount in h.dead.items():
        h.post(p, PostKind.ANTE, amount, line)
    h.dead.clear()


def _street(h: PokerNowHand, m: re.Match[str], lno: int) -> bool:
    """A board row: the first run's street (its betting round starts) or the second
    run's; the cards written before the brackets must be the board so far (else
    ``board_mismatch``)."""
    before = _cards_of(m["before"]) if m["before"].strip() else ()
    new = _cards_of(m["new"])
    street = {"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}[m["street"].lower()]
    if m["second"]:
        if h.second and tuple(h.second) != before[: len(h.second)]:
            h.problem(lno, ProblemCode.BOARD_MISMATCH,
                      "the second run's board differs from the one written before",
                      m[0])  # fmt: skip
        h.second = [*before, *new]
        h.saw(lno, "*board1", tuple(h.second))
        return True
    if before != tuple(h.board):
        h.problem(lno, ProblemCode.BOARD_MISMATCH,
                  "the board written before the new cards differs from the board dealt", m[0])
    h.deal(street, new)
    h.saw(lno, "*board0", tuple(h.board))
    return True


def _after(h: PokerNowHand, ln: str, lno: int) -> bool:
    """A row after the hand's end row (before the next start): a show, or a row of
    the table's."""
    if ln.startswith('"'):
        name = h.name(ln[1:], '"')
        found = None if name is None else _PLAYER.match(ln[len(name) + 3 :])
        if found is not None and found[0] in ("show", "choice"):
            _play(h, name or "", found[0], found[1], lno)
            return True
        return False
    return _session(h, ln)


def _finish(
    h: PokerNowHand, g: re.Match[str], head: _Row, end: _Row, stacks: _Row | None, line: int,
    text: str,
    offset: int,
) -> ParsedHand:  # fmt: skip
    """The end checks and the record (see the module docstring)."""
    if not h.seats:
        h.problem(head.line, ProblemCode.NO_SEATS, "the hand has no 'Player stacks' row",
                  head.entry)  # fmt: skip
        return no_record(h)
    if not h.collects:
        h.problem(head.line, ProblemCode.TRUNCATED_HAND, "the hand pays nobody", head.entry)
        return no_record(h)
    if h.yours:
        mine = next((s.player for s in h.shows if set(s.cards) == set(h.yours)), None)
        if mine is not None:
            h.hero = mine
            h.hole[mine] = h.yours
        h.saw(h.yours_line, mine or "*yours", h.yours)
    h.sightings.sort()
    twice = seen_twice(h.sightings)
    if twice is not None:
        h.problem(twice[0], ProblemCode.IMPOSSIBLE_CARDS, twice[1])
        return no_record(h)
    inferred: list[str] = []
    returned = list(h.returned)
    back = h.uncalled()
    if back is not None and not returned:
        returned.append(back)
        inferred.append("returned")
    # the game's big blind is the largest posted: a short one all in ("posts a big blind
    # of 15 and go all in" at 10/20) is not the stake, and the dead part of a returning
    # player's missing small blind and missed big blind (30) is what it holds over it
    sb, bb = h.sb, max(h.big_blinds, default=None)
    if bb is None:
        inferred.append("blinds")
        bb = (sb or 0) * 2
    if sb is None:
        sb = bb // 2
    game = Game(
        variant=_VARIANTS[g["n"]], hi_lo=g["lo"] is not None,
        structure=BettingStructure.POT_LIMIT if g["limit"].lower() == "pot limit"
        else BettingStructure.NO_LIMIT, small_blind=sb, big_blind=bb,
        currency="XXX" if h.unit is Unit.CENTS else "PLAY", qualifier=int(g["q"] or 8),
    )  # fmt: skip
    try:
        started: datetime | None = datetime.strptime(head.at[:19], "%Y-%m-%dT%H:%M:%S")
    except ValueError:  # a time that is none: the hand is read, its time unknown
        started = None
    boards = tuple(b for b in (tuple(h.board), tuple(h.second)) if b)
    if h.second:  # a run twice: the rows name no run (a player's collects are one)
        h.collects = [Collect(c.player, c.amount, 0, None, c.line) for c in h.collects]
    else:  # the words of a player's first collect are what the log says he shows
        h.shows = [replace(s, description=h.claims[s.player][0],
                           claimed_high=h.claims[s.player][1]) if s.player in h.claims
                   else s for s in h.shows]  # fmt: skip
    record = build_record(
        h, site=SITE, game=game, line=line, text=text, offset=offset, started_at=started,
        time_zone="UTC" if started else None, boards=boards, returned=tuple(returned),
        rake=0, inferred=tuple(inferred), collect_order=CollectOrder.UNORDERED,
        pots_named=False, newest_first=h.backwards,
    )  # fmt: skip
    _check_amounts(h, record.returned, end, stacks)
    return ParsedHand(record, tuple(h.problems), None, h.hand_id)


def _check_amounts(
    h: PokerNowHand, returned: tuple[Returned, ...], end: _Row, stacks: _Row | None
) -> None:
    """The log's own amounts against the reading: the collects against the chips put in
    less the returns (no rake), and the next hand's stacks against what this hand left
    each player no row between may have restacked. Collects that contradict the rows
    are an ``amount_meaning`` problem on the first collect (unless the kernel's meaning
    check named the lines): read in part. A stack that contradicts is a
    ``stack_mismatch`` problem on the end row: the hand's rows agree with themselves,
    so it is judged as read."""
    currency = "XXX" if h.unit is Unit.CENTS else "PLAY"
    put_in, paid = in_pot(h.put, returned), collected(h.collects)
    if paid != put_in and not any(p.code is ProblemCode.AMOUNT_MEANING for p in h.problems):
        h.problem(h.collects[0].line, ProblemCode.AMOUNT_MEANING,
                  f"the log's collects pay {format_money(paid, currency)} where the rows "
                  f"read put in {format_money(put_in, currency)} (less what went back): "
                  f"a row is not read as the log meant it")  # fmt: skip
    if stacks is None:
        return
    back: dict[str, int] = {}
    for r in returned:
        back[r.player] = back.get(r.player, 0) + r.amount
    for c in h.collects:
        back[c.player] = back.get(c.player, 0) + c.amount
    for m in _SEAT.finditer(stacks.entry, len(STACKS)):
        p = m["name"]
        if p in h.restacked or p not in h.stacks:
            continue
        try:
            then = h.money(m["stack"])
        except ValueError:
            continue
        left = h.stacks[p] - h.put.get(p, 0) + back.get(p, 0)
        if then != left:
            h.problem(end.line, ProblemCode.STACK_MISMATCH,
                      f"the next hand's stacks give {p} {format_money(then, currency)}; this "
                      f"hand as read leaves {format_money(left, currency)}",
                      stacks.entry)  # fmt: skip

