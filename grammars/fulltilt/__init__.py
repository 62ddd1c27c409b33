"""Full Tilt Poker text hand histories of the Omaha family.

The format, as the site wrote it (2006 to 2013)::

    Full Tilt Poker Game #31319837969: Table Rymer (6 max, shallow) - $2/$4 - Pot Limit Omaha Hi - 18:33:09 CET - 2012/11/06 [12:33:09 ET - 2012/11/06]
    Full Tilt Poker Game #32635413160: Table Play Chip 2409 (6 max) - PL Courchevel Hi - 25/50 - 14:04:16 ET - 2013/05/11
    Seat 5: Dcjsyb7 (52,149), is sitting out
    *** FLOPET *** [9h]                           (Courchevel: the first board card)
    Ydmgju1 raises to $22.50                      (the street total; "calls": chips added)
    Ydmgju1 bets $295, and is capped
    *** TURN 1 *** [6c Qh 3c] [3d]                (run-it-twice streets, then "... 2 ***")
    cowocw shows [3c 9h As Qs] (a flush, Ace high)
     (8,7,4,3,A)                                  (the low of the hand shown above)
    Xjty ties for pot 1 ($62.10) with two pair, Aces and Sevens
    cowocw wins the high pot ($2,048.50) with a flush, Ace high
    Total pot $234.55 Main pot $158.20. Side pot $76.35. | Rake $3
    Seat 5: Ydmgju1 (big blind) mucked [6c Js Ac Qc Ts 5d] - a flush, Ace high

Quirks read here:

* Two header spellings ("Full Tilt Poker Game #", older "FullTiltPoker Game #"); the
  stakes stand before or after the game; a CAP game names its cap before the
  structure ("$400 Pot Limit Omaha Hi"); play money has no currency sign (chips,
  currency ``PLAY``); tournaments name "<buy-in> (<number>), Table N" (chips).
* The header's time is ET; a newer header prints the player's local time first and the
  ET time in brackets: the ET time is the record's (``time_zone`` "ET").
* Games: "Omaha", "Omaha Hi", "Omaha H/L", "Omaha Hi/Lo", "5 Card Omaha", "6 Card Omaha
  Hi", "Courchevel Hi", "Courchevel H/L". Hold'em, stud, razz, draw and Irish hands are
  skipped (``skipped_game``).
* Courchevel: "*** FLOPET *** [9h]" deals the first board card before the preflop
  betting, and the flop line then prints only the two new cards; the record's board
  holds the FLOPET card first (:attr:`HandHistory.boards`).
* CAP games cap what each player may put in the hand; "and is capped" ends a player's
  betting like an all-in: the action is typed ``all_in`` (no more chips can go in).
* Run it twice: "*** FLOP 1 ***"... "*** RIVER 2 ***" give two boards (a run that starts
  after the flop repeats the shared cards). "wins pot 1" / "ties for pot 2" pay the
  main pot on run 1 / 2; a pot won uncontested before the runs ("wins the side pot")
  names no run (``Collect.board`` ``None``). Descriptions under "*** SHOW DOWN 1 ***"
  are for board 1, with the cards the player showed before the runs.
* Collect lines are the body's "wins"/"ties for" lines (the pot, the side pot number,
  the run, the high or low half when named); when a hand has none, the summary's
  "collected ($x)" and "showed [..] and won ($x)" lines are read instead.
* Summary pot parts ("Main pot $x. Side pot $y.") are before rake (gross) when they add
  up to the total pot, after it (net) when they add up to the total less the rake.
* Uncalled bets are returned on their own line; when a hand has none and the total pot
  shows the top bet's excess was not in the pot, the return is inferred
  (``Returned.inferred``, ``inferred`` names "returned"). A missing rake is the total
  less what was collected (``inferred`` "rake").
* Lines that carry nothing the record needs: chat ("name: ..." and "name (Observer):
  ..."), "has 15 seconds left to act", "has requested TIME", "adds $x" (chips for the
  next hand), "sits down", "is sitting out", "Players agree to Run It Twice", "Duration".
* Shown-hand words are PokerStars-like ("two pair, Aces and Sevens") except straights:
  "a straight, Ace high", "a straight flush, Jack high" (read here).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from functools import partial
from typing import BinaryIO

from hhtools.grammars._betting import _State, read_body, unfinished
from hhtools.grammars._english import RANK_WORDS, read_high, read_low
from hhtools.grammars._lines import _cards
from hhtools.grammars._text import HandEnd, iter_hands
from hhtools.grammars.base import ParsedHand, SiteFormat, internal_error
from hhtools.grammars.fulltilt.lines import (
    BOARD, CANCELLED, HEADER, LOW_LINE, RETURNED, SEAT, STREET, TOTAL, _BY_WORD, _CUR,
    _CURRENCIES, _EVENT, _FTP_HIGH, _GAMES, _HILO_WORDS, _OTHER, _PART, _POSITIONS,
    _STAMP, _STREETS, _STRUCTURES, _SUMMARY_COLLECT, _SUMMARY_SEAT, _SUMMARY_SHOW,
    _ZONES,
)
from hhtools.model.money import Unit
from hhtools.model.records import (BettingStructure, ClaimedHigh, Collect, Game, HandHistory,
                                   HandText, PostKind, Returned, Seat, Show)
from hhtools.model.vocab import CollectOrder, Half, HandCategory, PotPartsBasis, ProblemCode

__all__ = ["FORMAT", "HAND_START", "parse_hand"]

SITE = "fulltilt"
HAND_START = re.compile(r"\ufeff?(?:Full Tilt Poker|FullTiltPoker) Game #")
_ANY_START = re.compile(r"^\s*\ufeff?(?:Full Tilt Poker|FullTiltPoker) Game #\d+", re.MULTILINE)
HAND_END = HandEnd(
    "*** SUMMARY ***",
    re.compile(r"Seat \d+: |Total pot |Board: \[|\*\*\* SUMMARY|Pot \d+ |Duration "),
    re.compile(r"Seat \d+: (?![^\n]*(?:collected|won|wins|ties for) )[^\n]* "
               r"\([$€£]?\d[\d,.]*\)(?:, is sitting out)?\r?$", re.MULTILINE),  # fmt: skip
    "(",
)

def recognise(head: str) -> bool:
    """``True`` for a file whose first lines hold a Full Tilt Poker hand header.

    >>> recognise("Full Tilt Poker Game #33286946295: Table Gaul (6 max) - $5/$10 - Pot Limit Omaha Hi - 1:00:00 ET - 2013/01/01")
    True
    >>> recognise("\\ufeffFullTiltPoker Game #26063988000: Table Teddy - $25/$50 - Pot Limit Omaha Hi")
    True
    >>> recognise("PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD)")
    False
    """
    return _ANY_START.search(head) is not None


def split(fh: BinaryIO, file: str) -> Iterator[HandText]:
    """The hands of a file: one per header line, and after a summary a new text at the
    first line no summary holds (:data:`HAND_END`), so a damaged header is reported."""
    return iter_hands(fh, file, HAND_START, HAND_END)


class _Hand(_State):
    def __init__(self, file: str, line: int) -> None:
        super().__init__(file, line)
        self.seats: list[Seat] = []
        self.names: list[str] = []  # longest first, to find who a line is about
        self.by_first: dict[str, list[str]] = {}  # the names by their first word
        self.hero: str | None = None
        self.button: int | None = None
        self.hole: dict[str, tuple[str, ...]] = {}
        self.shows: list[Show] = []
        self.collects: list[Collect] = []
        self.returned: list[Returned] = []
        self.shared: list[str] = []  # the board before the runs
        self.runs: dict[int, list[str]] = {}  # run index -> its board
        self.street_board: list[str] = []  # what unfinished() checks: the first board
        self.board: tuple[str, ...] | None = None
        self.summary_boards: dict[int, tuple[str, ...]] = {}
        self.total: int | None = None
        self.total_line = 0
        self.rake: int | None = None
        self.parts: tuple[int, ...] = ()
        self.summary = False
        self.summary_run = 0
        self.show_board = 0  # board the showdown's descriptions are for
        self.summary_collects: list[Collect] = []
        self.summary_shows: list[Show] = []


def parse_hand(text: str, file: str = "", line: int = 1, offset: int = 0) -> ParsedHand:
    """Read one hand's text (header first, ``\\n`` line ends) into a record and problems.

    Args:
        text: the hand's lines. file, line, offset: where it starts in its file.

    Returns:
        A :class:`ParsedHand`; amounts in cents (real money) or chips (play money and
        tournaments). Never raises: an unexpected error becomes ``internal_error``.
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
    raw_game = " ".join(hd["game"].split())
    game = _GAMES.get(raw_game.lower())
    if game is None:
        if re.search(r"omaha|courchevel", raw_game, re.IGNORECASE):
            h.problem(line, ProblemCode.UNKNOWN_GAME, f"unknown game: {raw_game}", lines[0])
            return ParsedHand(None, tuple(h.problems), None, h.hand_id)
        note = f"not an Omaha game: {raw_game}"
        h.problem(line, ProblemCode.SKIPPED_GAME, note, lines[0])
        return ParsedHand(None, tuple(h.problems), note, h.hand_id)
    if CANCELLED.search(text):
        h.problem(line, ProblemCode.HAND_CANCELLED, "the site cancelled the hand", lines[0])
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    n = "1" if hd["sb1"] is not None else "2"
    tourney = hd["tid"] is not None
    symbol = hd["cur" + n] or ""
    play = not tourney and not symbol
    h.unit = Unit.CHIPS if tourney or play else Unit.CENTS
    if not read_body(h, enumerate(lines[1:], 1), line, partial(_line, h)):
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    h.board = h.summary_boards.get(0)
    done = unfinished(h, lines, line, h.total, "'Total pot'", h.total_line, h.hole)
    if done is not None:
        return done
    boards = _boards(h)
    structure = _STRUCTURES[hd["limit"].lower()]
    stake_sb, stake_bb = h.money(hd["sb" + n]), h.money(hd["bb" + n])
    limit = structure is BettingStructure.LIMIT
    if limit:
        bb = h.bb if h.bb is not None else stake_sb
        sb = h.sb if h.sb is not None else bb // 2
    else:
        sb, bb = stake_sb, stake_bb
    ante = hd["ante" + n]
    g = Game(
        variant=game[0], hi_lo=game[1], structure=structure, small_blind=sb, big_blind=bb,
        currency="CHIPS" if tourney else ("PLAY" if play else _CURRENCIES[symbol]),
        ante=h.money(ante) if ante else 0, tournament_id=hd["tid"],
        buy_in=hd["tname"] if tourney else None,
        small_bet=stake_sb if limit else None, big_bet=stake_bb if limit else None,
    )  # fmt: skip
    collects = h.collects or h.summary_collects
    inferred = ["collects"] if not h.collects and h.summary_collects else []
    returned = list(h.returned)
    extra = _unreturned(h)
    if extra is not None:
        returned.append(extra)
        inferred.append("returned")
    collected = sum(c.amount for c in collects)
    rake = h.rake
    if rake is None:
        rake = max(h.total - collected, 0)
        inferred.append("rake")
    basis = None
    if h.parts and sum(h.parts) == h.total:
        basis = PotPartsBasis.GROSS
    elif h.parts and sum(h.parts) == h.total - rake:
        basis = PotPartsBasis.NET
    started, zone, utc = _when(hd["when"])
    attrs = hd["attrs"] or ""
    size = re.search(r"(\d+) max", attrs)
    record = HandHistory(
        site=SITE, hand_id=h.hand_id, table=hd["table"], started_at=started, time_zone=zone,
        started_at_utc=utc, game=g, button=h.button,
        max_seats=int(size.group(1)) if size else (2 if "heads up" in attrs.lower() else None),
        seats=tuple(h.seats), actions=tuple(h.actions), boards=boards, hero=h.hero,
        hole_cards=dict(h.hole), shows=(*h.shows, *_extra_shows(h)), collects=tuple(collects),
        returned=tuple(returned), total_pot=h.total, rake=rake, file=h.file, line=line,
        offset=offset, text=text, pot_parts=h.parts if basis else (), pot_parts_basis=basis,
        site_format=SITE, collect_order=CollectOrder.UNORDERED, total_pot_line=h.total_line,
        inferred=tuple(inferred),
    )  # fmt: skip
    return ParsedHand(record, tuple(h.problems), None, h.hand_id)


def _boards(h: _Hand) -> tuple[tuple[str, ...], ...]:
    """The board of each run: the streets' cards, else the summary's."""
    if h.runs:
        return tuple(tuple(h.runs.get(r) or h.summary_boards.get(r) or h.shared) for r in (0, 1))
    board = tuple(h.shared) or h.summary_boards.get(0, ())
    return (board,) if board else ()


def _unreturned(h: _Hand) -> Returned | None:
    """An uncalled excess the text returns on no line, when the total pot shows it was
    not in the pot (the top bet's excess over every other player's), else ``None``."""
    if h.returned or h.total is None or len(h.put) < 2:
        return None
    ranked = sorted(h.put.items(), key=lambda kv: -kv[1])
    excess = ranked[0][1] - ranked[1][1]
    if excess <= 0 or sum(h.put.values()) - excess != h.total:
        return None
    last = max((a.line for a in h.actions if a.player == ranked[0][0]), default=h.line)
    return Returned(ranked[0][0], excess, last, inferred=True)


def _extra_shows(h: _Hand) -> list[Show]:
    """Summary shows of hands the body did not show on that board (mucked ones, mostly)."""
    have = {(s.player, s.board) for s in h.shows}
    return [s for s in h.summary_shows if (s.player, s.board) not in have]


def _when(text: str) -> tuple[datetime | None, str | None, datetime | None]:
    """The header's ET time (the bracketed one when two are printed), its zone, and UTC."""
    stamps = list(_STAMP.finditer(text))
    if not stamps:
        return None, None, None
    m = next((s for s in stamps if s["tz"] == "ET"), stamps[-1])
    naive = datetime(int(m["y"]), int(m["mo"]), int(m["d"]), int(m["h"]), int(m["mi"]),
                     int(m["s"] or 0))  # fmt: skip
    zone = _ZONES.get(m["tz"])
    utc = naive.replace(tzinfo=zone).astimezone(UTC) if zone is not None else None
    return naive, m["tz"], utc


def _claim(desc: str | None) -> ClaimedHigh | None:
    """Full Tilt's words for a high hand as a claim ("a straight, Ace high" included)."""
    if not desc:
        return None
    claim = read_high(desc)
    if claim is not None:
        return claim
    m = _FTP_HIGH.fullmatch(desc.strip().lower())
    rank = RANK_WORDS.get(m["r"] or m["hc"] or "") if m is not None else None
    if m is None or rank is None:
        return None
    if m["sf"]:
        cat = HandCategory.STRAIGHT_FLUSH if m["sf"] == "straight flush" else HandCategory.STRAIGHT
        return ClaimedHigh(cat, (rank,))
    return ClaimedHigh(HandCategory.HIGH_CARD, (rank,))


def _show(h: _Hand, p: str, cards: tuple[str, ...] | None, desc: str | None, lno: int,
          *, mucked: bool = False, board: int | None = None, summary: bool = False) -> None:  # fmt: skip
    """Add a show of ``p``: ``cards`` known now or earlier, ``desc`` the site's words."""
    if cards:
        h.hole[p] = cards
    known = cards or h.hole.get(p)
    if not known:
        h.problem(lno, ProblemCode.BAD_CARDS, f"{p} shows but no cards of theirs are known")
        return
    high, low = desc, None
    if desc:
        m = _HILO_WORDS.match(desc)
        if m is not None:
            high, low = m["hi"], m["lo"]
    b = h.show_board if board is None else board
    show = Show(p, known, high or None, low, mucked, b, lno, None if mucked else _claim(high),
                None if mucked else read_low(low))  # fmt: skip
    (h.summary_shows if summary else h.shows).append(show)


def _line(h: _Hand, ln: str, lno: int) -> bool:
    """Read one body line into the hand; ``False`` when no rule reads it."""
    if h.summary:
        return _summary_line(h, ln, lno)
    if ln.startswith("***"):
        return _section(h, ln, lno)
    if ln.startswith("Seat ") and not h.actions and not h.hole:
        m = SEAT.match(ln)
        if m is None:
            return False
        name = m["name"].strip()
        seat = Seat(h.seat_number(m["seat"]), name, h.money(m["stack"]), bool(m["out"]), line=lno)
        h.seats.append(seat)
        h.stacks[name] = seat.stack
        h.names = sorted(h.stacks, key=len, reverse=True)
        h.by_first.setdefault(name.split(" ", 1)[0].rstrip(":"), []).append(name)
        h.by_first[name.split(" ", 1)[0].rstrip(":")].sort(key=len, reverse=True)
        return True
    sp = ln.find(" ")
    for name in h.by_first.get((ln[:sp] if sp > 0 else ln).rstrip(":"), ()):
        if ln.startswith(name) and ln[len(name) : len(name) + 1] in (" ", ":"):
            if ln[len(name)] == ":":  # chat
                return True
            return _player(h, name, ln[len(name) + 1 :].rstrip(), lno)
    if ln.startswith("Dealt to "):
        return _dealt(h, ln, lno)
    if ln.startswith("The button is in seat #"):
        h.button = h.seat_number(ln[23:].strip())
        return True
    m = RETURNED.match(ln)
    if m is not None:
        if m["name"] not in h.stacks:
            h.problem(lno, ProblemCode.UNKNOWN_PLAYER, f"not seated: {m['name'][:40]}", ln)
            return True
        h.returned.append(Returned(m["name"], h.money(m["a"]), lno))
        return True
    if ln.startswith("Players agree to Run It"):
        return True
    m = LOW_LINE.match(ln)
    if m is not None and h.shows:
        last = h.shows[-1]
        h.shows[-1] = Show(last.player, last.cards, last.description, m["low"], last.mucked,
                           last.board, last.line, last.claimed_high, read_low(m["low"]))  # fmt: skip
        return True
    return _OTHER.fullmatch(ln) is not None


def _dealt(h: _Hand, ln: str, lno: int) -> bool:
    for name in h.names:
        if ln.startswith(name, 9) and ln[9 + len(name) : 11 + len(name)] == " [":
            h.hero = name
            h.hole[name] = _cards(ln[11 + len(name) :].rstrip().rstrip("]"))
            h.in_hand.add(name)
            return True
    h.problem(lno, ProblemCode.UNKNOWN_PLAYER, f"not seated: {ln[9:49]}", ln)
    return True


def _section(h: _Hand, ln: str, lno: int) -> bool:
    """A "*** ... ***" line: hole cards, a street (of a run), the showdown, the summary."""
    if ln.startswith("*** HOLE CARDS ***"):
        return True
    if ln.startswith("*** SUMMARY ***"):
        h.summary = True
        return True
    m = re.match(r"\*\*\* SHOW ?DOWN(?: (?P<run>[12]))? \*\*\*\s*$", ln)
    if m is not None:
        h.show_board = int(m["run"]) - 1 if m["run"] else 0
        return True
    m = STREET.match(ln)
    if m is None:
        return False
    cards = _cards(m["cards"].replace("[", " ").replace("]", " "))
    if m["street"] == "FLOPET":
        h.shared = list(cards)
        h.street_board = list(h.shared)
        return True
    if m["run"] is None:
        h.shared = _extend(h.shared, cards)
        h.street_board = list(h.shared)
        h.new_street(_STREETS[m["street"]])
        return True
    run = int(m["run"]) - 1
    h.runs[run] = _extend(h.runs.get(run) or h.shared, cards)
    if run == 0:
        h.street_board = list(h.runs[0])
    return True


def _extend(board: list[str], cards: tuple[str, ...]) -> list[str]:
    """The board after a street line: its cards repeat the board so far, or add to it."""
    if board and list(cards[: len(board)]) == board:
        return list(cards)
    return [*board, *cards]


def _player(h: _Hand, p: str, rest: str, lno: int) -> bool:
    word = rest.split(" ", 1)[0]
    for kind, rule in _BY_WORD.get(word, ()):
        m = rule.fullmatch(rest)
        if m is not None:
            break
    else:
        return _EVENT.fullmatch(rest) is not None
    if kind in ("call", "bet", "raise", "sb", "bb", "dead", "both", "posts", "ante"):
        a = h.money(m["a"])
        flag = bool(m["allin"] or m["capped"])  # capped: no more chips can go in
        if kind == "call":
            h.call(p, a, lno, flag)
        elif kind == "bet":
            h.bet(p, a, lno, flag)
        elif kind == "raise":
            h.raise_to(p, a, lno, flag)
        elif kind in ("sb", "bb", "posts"):
            h.post(p, PostKind.SMALL_BLIND if kind == "sb" else PostKind.BIG_BLIND, a, lno)
        elif kind == "both":
            h.post(p, PostKind.DEAD_SMALL_AND_BIG, a, lno)
        else:  # a dead small blind or an ante: in the pot, not toward the bet to call
            h.post(p, PostKind.ANTE, a, lno)
    elif kind == "fold":
        h.fold(p, lno)
    elif kind == "check":
        h.check(p, lno)
    elif kind == "show":
        _show(h, p, _cards(m["cards"]), m["desc"], lno)
    elif kind == "show_words":
        _show(h, p, None, m["desc"], lno)
    elif kind == "muck":
        if m["cards"]:
            _show(h, p, _cards(m["cards"]), None, lno, mucked=True)
    elif kind == "collect":
        _collect(h, p, m, lno)
    return True


def _collect(h: _Hand, p: str, m: re.Match[str], lno: int) -> None:
    """A "wins"/"ties for" line: the pot (side pot number), the run, the half."""
    half_word = (m["h1"] or m["h2"] or "").strip()
    half = Half.HIGH if half_word == "high" else Half.LOW if half_word == "low" else None
    which = (m["which"] or "").strip()
    board: int | None = 0
    pot = 0
    if which == "side":
        pot = int(m["sn"]) if m["sn"] else 1
        board = None if h.runs else 0
    elif which == "main":
        board = None if h.runs else 0
    elif m["sn"] and h.runs:  # "pot 1", "pot 2": the main pot on run 1, 2
        board = int(m["sn"]) - 1
    elif h.runs:
        board = None
    h.collects.append(Collect(p, h.money(m["a"]), pot, board, lno, half))


def _summary_line(h: _Hand, ln: str, lno: int) -> bool:
    if ln.startswith("Seat "):
        return _summary_seat(h, ln, lno)
    m = TOTAL.match(ln)
    if m is not None:
        h.total = h.money(m["a"])
        h.total_line = lno
        h.rake = h.money(m["rake"]) if m["rake"] else None
        h.parts = tuple(h.money(a) for a in _PART.findall(m["parts"] or ""))
        return True
    m = BOARD.match(ln)
    if m is not None:
        h.summary_boards[h.summary_run] = _cards(m["cards"])
        return True
    m = re.match(r"\*\*\* SUMMARY (?P<run>[12]) \*\*\*\s*$", ln)
    if m is not None:
        h.summary_run = int(m["run"]) - 1
        return True
    if re.match(r"Pot [12] " + _CUR + r"\d[\d,.]*\s*$|Duration \d+s?\s*$", ln):
        return True
    return False


def _summary_seat(h: _Hand, ln: str, lno: int) -> bool:
    """A summary seat line: shown and mucked cards, and what the player collected."""
    m = _SUMMARY_SEAT.match(ln)
    if m is None:
        return False
    seat = int(m["seat"])
    p = next((s.player for s in h.seats if s.seat == seat), None)
    rest = m["rest"]
    if p is None or not rest.startswith(p):
        return True  # a seat the hand did not list: nothing to read
    rest = _POSITIONS.sub("", rest[len(p) :].strip() + " ").strip()
    s = _SUMMARY_SHOW.match(rest)
    run = h.summary_run if h.runs else 0
    if s is not None:
        mucked = s["how"] == "mucked"
        desc = s["wd"] or s["ld"] or s["md"]
        _show(h, p, _cards(s["cards"]), desc, lno, mucked=mucked, board=run, summary=True)
        if s["a"]:
            h.summary_collects.append(Collect(p, h.money(s["a"]), 0, run if h.runs else 0, lno))
        return True
    c = _SUMMARY_COLLECT.match(rest)
    if c is not None:
        h.summary_collects.append(Collect(p, h.money(c["a"]), 0, run if h.runs else 0, lno))
    return True


def _parse_text(ht: HandText) -> ParsedHand:
    """:data:`FORMAT`'s parse."""
    return parse_hand(ht.text, ht.file, ht.line, ht.offset)


#: The Full Tilt Poker site format.
FORMAT = SiteFormat(
    key="fulltilt",
    name="Full Tilt Poker",
    games="Omaha, Omaha hi/lo 8 or better, 5- and 6-card Omaha, Courchevel; pot limit, "
    "no limit, fixed limit and CAP; cash (real and play money) and tournaments; run it twice",
    recognise=recognise,
    split=split,
    parse=_parse_text,
    rooms=(SITE,),
)
