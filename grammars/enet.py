"""Enet Poker text hand histories of the Omaha family (2012).

The format, as the site writes it::

    Game #7732419: Omaha (€0,25/€0,50) - 23:32:44 29.7.2012 - %6
    Table 'Romania 1 - Pot Limit' 9-max Seat #1 is the button     (0-based: seat 2)
    Seat 2: Alice (€58,14 in chips)
    Carol: posts small blind €0,25
    Dave: posts big blind €0,50
    *** HOLECARDS ***
    Erin: raises €2,75                 (the chips added, not the street total)
    Alice: goes all-in €45,89          (the chips added: a call, bet or raise)
    Rake: €3,61                        (one line per pot, signed: "€-2,22" occurs)
    *** FLOP *** [Td4h7d]              (cards run together; later streets repeat the board)
    *** SHOWDOWN ***
    Erin: shows [Kh3sThKs] (Three of a kind, Kings)
    Erin: collected (€56,64) from pot
    Uncalled bet (€0,82) returned to Bob
    Bob collected (€0,82) from pot     (after a return: repeats the returned amount)
    *** SUMMARY ***
    Total pot €2,75 | Rake €1,39
    Board [Td4h7d2dKc]
    Seat 5: Erin  showed [Kh3sThKs] and won (€56,64) with Three of a kind, Kings
    Seat 2: Bob (small blind) collected (€1,04) from pot

Quirks read here (worked out from the arithmetic of the corpus hands):

* Amounts use a decimal comma ("€58,14"; whole amounts "€18").
* "raises €X", "calls €X" and "goes all-in €X" are the chips the player adds: "raises
  €11,75" from a posted €0,50 big blind is the pot-sized raise to €12,25, and the
  player who faced it "calls €12,25".
* The header's button number is 0-based: "Seat #1 is the button" is seat 2, the seat
  the summary marks "(dealer)" (every corpus hand agrees; a "(dealer)" mark in the
  summary is the site's own word and wins). "Seat #0" with seat 1 empty is a dead
  button.
* The body's "collected" line after an uncalled bet repeats the returned amount
  (fpdb's "bad collected" case), so what each player won is read from the summary's
  "won (€X)" / "collected (€X)" lines only.
* Collect lines name no pot ("from pot"). With side pots, a collect is typed as the
  pot, among those the player could win, whose size (rebuilt from the chips put in)
  is the smallest one at least as large as the amount: an Enet pot is paid in one
  line per winner, net of its rake.
* "posts big blind" with no amount (a returning player) is a post of the stakes'
  blind ("blinds" in ``inferred``).
* Hands whose text is wrong are kept as written, and the audit reports them: in the
  corpus, a player who wins two pots is paid only the first (the side pot is missing,
  so collected + rake is far short of the pot), "Rake:" lines can be negative,
  and a hand lacks the post of a player who then checks facing the big blind (the
  site paid out €0,35 more than the text put in). See tests/test_enet.py.
* The summary's "Total pot" is not the pot in any real hand read: "€0" in hands that
  paid €10,57 + €0,67 rake and 2 x €12,74 + €1,62 as their actions add up, "€2,75"
  for €140,53. It ends the hand and is not kept (``total_pot`` ``None``): the audit
  balances what went in against what was paid and the summary's rake (the sum of the
  "Rake:" lines).
* Times have no zone (the header's trailing "%6" is an unfilled placeholder):
  ``time_zone`` and ``started_at_utc`` are ``None``. The currency is the sign printed.
* Hold'em hands are skipped (``skipped_game``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from typing import BinaryIO

from hhtools.grammars._betting import _State, read_body, unfinished
from hhtools.grammars._english import RANK_WORDS
from hhtools.grammars._inferred import excess_returned
from hhtools.grammars._lines import _cards
from hhtools.grammars._text import iter_hands
from hhtools.grammars.base import ParsedHand, SiteFormat, internal_error
from hhtools.model.money import CURRENCY_SYMBOLS
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
from hhtools.model.vocab import CollectOrder, HandCategory, ProblemCode

__all__ = ["FORMAT", "HAND_START", "parse_hand", "read_high"]

SITE = "enet"
HAND_START = re.compile(r"\ufeff?Game #\d+: .+ - \d\d?:\d\d:\d\d \d\d?\.\d\d?\.\d{4}")
_ANY_START = re.compile(
    r"^\s*\ufeff?Game #\d+: .+ - \d\d?:\d\d:\d\d \d\d?\.\d\d?\.\d{4}", re.MULTILINE
)
HEADER = re.compile(
    r"\ufeff?Game #(?P<id>\d+): (?P<game>.+?) \((?P<sb>[^/()]+)/(?P<bb>[^/()]+)\)"
    r" - (?P<time>\d\d?:\d\d:\d\d) (?P<date>\d\d?\.\d\d?\.\d{4})(?: - .*)?\s*$"
)
TABLE = re.compile(
    r"Table '(?P<table>.*?)(?: - (?P<limit>Pot Limit|No Limit|Fixed Limit|Limit))?'"
    r"(?: (?P<max>\d+)-max)?(?: Seat #(?P<button>\d+) is the button)?\s*$"
)
SEAT = re.compile(
    r"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^()]*) in chips\)(?P<out> is sitting out)?\s*$"
)
STREET = re.compile(r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* \[(?P<cards>[^\]]*)\]\s*$")
TOTAL = re.compile(r"Total pot (?P<total>\S+) \| Rake (?P<rake>\S+)\s*$")
BOARD = re.compile(r"Board \[(?P<cards>[^\]]*)\]\s*$")
RETURNED = re.compile(r"Uncalled bet \((?P<a>[^)]*)\) returned to (?P<name>.+?)\s*$")
RAKE_LINE = re.compile(r"Rake: (?P<a>\S+)\s*$")
SUMMARY_WIN = re.compile(r"(?:won|collected) \((?P<a>[^)]*)\)")
SUMMARY_SHOW = re.compile(r"showed \[(?P<cards>[^\]]*)\]")
_AMT = r" (?P<a>[^\s()]+)"
#: what follows "<player>" (with its colon when the site writes one), by kind
RULES: dict[str, tuple[tuple[str, re.Pattern[str]], ...]] = {}
for _kind, _word, _pattern in (
    ("sb", "posts", r": posts small blind(?:" + _AMT + ")?"),
    ("bb", "posts", r": posts big blind(?:" + _AMT + ")?"),
    ("fold", "folds", r": folds"),
    ("check", "checks", r": checks"),
    ("call", "calls", r": calls" + _AMT),
    ("bet", "bets", r": bets" + _AMT),
    ("raise", "raises", r": raises" + _AMT),
    ("allin", "goes", r": goes all-in" + _AMT),
    ("show", "shows", r": shows \[(?P<cards>[^\]]*)\](?: \((?P<desc>[^)]*)\))?"),
    ("muck", "mucked", r": mucked(?: \[(?P<cards>[^\]]*)\])?"),
    ("muck", "mucks", r": mucks hand(?: \[(?P<cards>[^\]]*)\])?"),
    ("collect", "collected", r":? collected \((?P<a>[^)]*)\) from pot"),
    ("event", "sits", r":? (?:sits out|is sitting out|has joined the table|has left the table"
                      r"|is disconnected|is connected|has timed out)"),
):
    RULES[_word] = (*RULES.get(_word, ()), (_kind, re.compile(_pattern + r"\s*")))
_WORD_AT = re.compile(r":? (\S+)")
_CARD = re.compile(r"(?:10|[2-9TJQKA])[cdhs]")
_STRUCTURES = {"Pot Limit": BettingStructure.POT_LIMIT, "No Limit": BettingStructure.NO_LIMIT,
               "Fixed Limit": BettingStructure.LIMIT, "Limit": BettingStructure.LIMIT}  # fmt: skip
_GAMES = {"omaha": (Variant.OMAHA, False), "omaha hi/lo": (Variant.OMAHA, True),
          "omaha hi-lo": (Variant.OMAHA, True)}  # fmt: skip
_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_HIGH_WORDS: tuple[tuple[HandCategory, re.Pattern[str]], ...] = (
    (HandCategory.THREE_OF_A_KIND, re.compile(r"three of a kind, (\w+)")),
    (HandCategory.TWO_PAIR, re.compile(r"two pairs?, (\w+) and (\w+)")),
    (HandCategory.ONE_PAIR, re.compile(r"a pair, (\w+)")),
)


def read_high(text: str | None) -> ClaimedHigh | None:
    """Type Enet's words for a high hand ("A Pair, Jacks", "Two Pairs, Aces and Twos",
    "Three of a kind, Kings"); ``None`` for wording not seen in Enet's hands.

    >>> read_high("Two Pairs, Aces and Twos")
    ClaimedHigh(category=<HandCategory.TWO_PAIR: 'two pair'>, ranks=(14, 2))
    >>> read_high("A Pair, Jacks").ranks
    (11,)
    >>> read_high("Royal thing") is None
    True
    """
    if not text:
        return None
    words = text.strip().lower()
    for category, pattern in _HIGH_WORDS:
        m = pattern.fullmatch(words)
        if m is not None:
            try:
                return ClaimedHigh(category, tuple(RANK_WORDS[g] for g in m.groups()))
            except KeyError:
                return None
    return None


def recognise(head: str) -> bool:
    """``True`` for a file whose first lines hold an Enet hand header.

    >>> recognise("Game #6404139: Omaha (€0,10/€0,25) - 16:40:41 23.7.2012 - %6")
    True
    >>> recognise("Game # 1 - 5-Card Omaha High Pot Limit EUR 0.10/0.20")
    False
    """
    return _ANY_START.search(head) is not None


def split(fh: BinaryIO, file: str) -> Iterator[HandText]:
    """The hands of a file, one per "Game #N: ..." header (text before the first is its own)."""
    return iter_hands(fh, file, HAND_START)


def _run_cards(text: str) -> tuple[str, ...]:
    """ "Td4h7d" (or "Td 4h 7d") -> ("Td", "4h", "7d"); bad text raises ``_BadCards``."""
    squeezed = text.replace(" ", "")
    found = _CARD.findall(squeezed)
    if "".join(found) != squeezed:
        return _cards(text if " " in text else squeezed)  # reports the bad card
    return _cards(" ".join(found))


class _Hand(_State):
    def __init__(self, file: str, line: int) -> None:
        super().__init__(file, line)
        self.seats: list[Seat] = []
        self.by_seat: dict[int, str] = {}
        self.by_length: list[str] = []
        self.hero: str | None = None
        self.dealer: int | None = None
        self.hole: dict[str, tuple[str, ...]] = {}
        self.shows: list[Show] = []
        self.collects: list[Collect] = []
        self.returned: list[Returned] = []
        self.street_board: list[str] = []
        self.board: tuple[str, ...] | None = None
        self.total: int | None = None
        self.total_line = 0
        self.rake = 0
        self.summary = False
        self.unstated_post = False
        self.stakes = (0, 0)


def parse_hand(text: str, file: str = "", line: int = 1, offset: int = 0) -> ParsedHand:
    """Read one hand's text (header first, ``\\n`` line ends) into a record and problems.

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
    hd = HEADER.match(lines[0])
    if hd is None:
        h.problem(line, ProblemCode.BAD_HEADER, f"not a hand header: {lines[0][:80]}", lines[0])
        return ParsedHand(None, tuple(h.problems))
    h.hand_id = hd["id"]
    raw = " ".join(hd["game"].split()).lower()
    game = _GAMES.get(raw)
    if game is None:
        if "omaha" in raw:
            h.problem(line, ProblemCode.UNKNOWN_GAME, f"unknown game: {hd['game'][:60]}", lines[0])
            return ParsedHand(None, tuple(h.problems), None, h.hand_id)
        note = f"not an Omaha game: {hd['game'][:60]}"
        h.problem(line, ProblemCode.SKIPPED_GAME, note, lines[0])
        return ParsedHand(None, tuple(h.problems), note, h.hand_id)
    tm = TABLE.match(lines[1]) if len(lines) > 1 else None
    structure = _STRUCTURES.get(tm["limit"]) if tm is not None and tm["limit"] else None
    if tm is None or structure is None:
        h.problem(line + 1, ProblemCode.BAD_TABLE, "no table line naming the betting structure",
                  lines[1] if len(lines) > 1 else lines[0])  # fmt: skip
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    h.stakes = (h.money(hd["sb"]), h.money(hd["bb"]))
    if not read_body(h, enumerate(lines[2:], 2), line, lambda ln, lno: _line(h, ln, lno)):
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    done = unfinished(h, lines, line, h.total, "'Total pot'", h.total_line, h.hole)
    if done is not None:
        return done
    return ParsedHand(_record(h, hd, tm, game, structure, text, line, offset),
                      tuple(h.problems), None, h.hand_id)  # fmt: skip


def _record(
    h: _Hand, hd: re.Match[str], tm: re.Match[str], game: tuple[Variant, bool],
    structure: BettingStructure, text: str, line: int, offset: int,
) -> HandHistory:  # fmt: skip
    inferred: list[str] = ["blinds"] if h.unstated_post else []
    limit = structure is BettingStructure.LIMIT
    sb, bb = h.stakes
    symbol = hd["sb"].strip()[:1]
    g = Game(
        variant=game[0], hi_lo=game[1], structure=structure, small_blind=sb, big_blind=bb,
        currency=CURRENCY_SYMBOLS.get(symbol, "EUR"), qualifier=8,
        small_bet=bb if limit else None, big_bet=2 * bb if limit else None,
    )  # fmt: skip
    returned = list(h.returned)
    back = excess_returned(h.put, returned, h.actions)
    if back is not None:
        returned.append(back)
        inferred.append("returned")
    button = h.dealer
    if button is None and tm["button"] is not None:
        button = h.seat_number(tm["button"]) + 1
    collects = _pot_of_collects(h, returned)
    day, month, year = hd["date"].split(".")
    hh, mi, ss = hd["time"].split(":")
    return HandHistory(
        site=SITE,
        hand_id=h.hand_id or "",
        table=tm["table"],
        started_at=datetime(int(year), int(month), int(day), int(hh), int(mi), int(ss)),
        time_zone=None,
        started_at_utc=None,
        game=g,
        button=button,
        max_seats=int(tm["max"]) if tm["max"] else None,
        seats=tuple(h.seats),
        actions=tuple(h.actions),
        boards=(h.board,) if h.board else (),
        hero=h.hero,
        hole_cards=dict(h.hole),
        shows=tuple(h.shows),
        collects=collects,
        returned=tuple(returned),
        total_pot=None,  # the summary's "Total pot" is not the pot (module docstring)
        rake=h.rake,
        file=h.file,
        line=line,
        offset=offset,
        text=text,
        site_format=SITE,
        collect_order=CollectOrder.UNORDERED,
        inferred=tuple(inferred),
    )


def _pot_of_collects(h: _Hand, returned: list[Returned]) -> tuple[Collect, ...]:
    """The summary's collects, each typed with the pot it pays (module docstring):
    pots rebuilt from the chips put in at each all-in level, less what went back."""
    put = dict(h.put)
    for r in returned:
        put[r.player] = put.get(r.player, 0) - r.amount
    live = [p for p in put if p not in h.folded]
    levels = sorted({put[p] for p in live if put[p] > 0})
    pots: list[tuple[int, frozenset[str]]] = []
    prev = 0
    for level in levels:
        size = sum(min(v, level) - min(v, prev) for v in put.values())
        pots.append((size, frozenset(p for p in live if put[p] >= level)))
        prev = level
    if len(pots) < 2:
        return tuple(h.collects)
    out = []
    for c in h.collects:
        fits = [(size, i) for i, (size, who) in enumerate(pots)
                if c.player in who and size >= c.amount]  # fmt: skip
        pot = min(fits)[1] if fits else 0
        out.append(Collect(c.player, c.amount, pot, 0, c.line))
    return tuple(out)


def _signed(h: _Hand, text: str) -> int:
    """A rake amount, which Enet may print negative ("€-2,22")."""
    body = text.replace("-", "", 1)
    return -h.money(body) if body != text else h.money(text)


def _line(h: _Hand, ln: str, lno: int) -> bool:
    """Read one body line into the hand; ``False`` when no rule reads it."""
    ln = ln.rstrip()
    if h.summary:
        return _summary_line(h, ln, lno)
    if ln.startswith("Seat ") and not h.actions:
        m = SEAT.match(ln)
        if m is None:
            return False
        name, seat = m["name"].strip(), h.seat_number(m["seat"])
        h.seats.append(Seat(seat, name, h.money(m["stack"]), bool(m["out"]), line=lno))
        h.stacks[name] = h.seats[-1].stack
        h.by_seat[seat] = name
        h.by_length = sorted(h.by_seat.values(), key=len, reverse=True)
        return True
    if ln.startswith("***"):
        if ln in ("*** HOLECARDS ***", "*** SHOWDOWN ***"):
            return True
        if ln == "*** SUMMARY ***":
            h.summary = True
            return True
        m = STREET.match(ln)
        if m is None:
            return False
        h.new_street(_STREETS[m["street"]])
        h.street_board = list(_run_cards(m["cards"]))  # the whole board so far
        return True
    if ln.startswith("Rake: "):
        m = RAKE_LINE.match(ln)
        if m is None:
            return False
        _signed(h, m["a"])  # read, not kept: the summary's rake is their sum
        return True
    if ln.startswith("Uncalled bet "):
        m = RETURNED.match(ln)
        if m is None or m["name"] not in h.by_seat.values():
            return False
        h.returned.append(Returned(m["name"], h.money(m["a"]), lno))
        return True
    if ln.startswith("Dealt to "):
        name = next((n for n in h.by_length if ln.startswith(n + " [", 9)), None)
        if name is None:
            return False
        h.hero = name
        h.hole[name] = _run_cards(ln[9 + len(name) + 2 :].rstrip("]"))
        return True
    name = next((n for n in h.by_length if ln.startswith(n) and ln[len(n) : len(n) + 1] in ": "),
                None)  # fmt: skip
    if name is None:
        return False
    rest = ln[len(name) :]
    w = _WORD_AT.match(rest)
    for kind, rule in RULES.get(w[1] if w else "", ()):
        m = rule.fullmatch(rest)
        if m is not None:
            _player(h, name, kind, m, lno)
            return True
    return False


def _player(h: _Hand, p: str, kind: str, m: re.Match[str], lno: int) -> None:
    if kind in ("sb", "bb"):
        post = PostKind.SMALL_BLIND if kind == "sb" else PostKind.BIG_BLIND
        if m["a"] is None:  # a returning player's post: the stakes' blind
            h.unstated_post = True
            h.post(p, post, h.stakes[0 if kind == "sb" else 1], lno, stated=False)
        else:
            h.post(p, post, h.money(m["a"]), lno)
    elif kind == "fold":
        h.fold(p, lno)
    elif kind == "check":
        h.check(p, lno)
    elif kind == "call":
        h.call(p, h.money(m["a"]), lno)
    elif kind == "bet":
        h.bet(p, h.money(m["a"]), lno)
    elif kind == "raise":  # the chips added
        h.raise_to(p, h.bets.get(p, 0) + h.money(m["a"]), lno)
    elif kind == "allin":
        h.all_in(p, h.money(m["a"]), lno)
    elif kind == "show":
        cards = _run_cards(m["cards"])
        h.hole[p] = cards
        h.shows.append(Show(p, cards, m["desc"], line=lno, claimed_high=read_high(m["desc"])))
    elif kind == "muck" and m["cards"]:
        cards = _run_cards(m["cards"])
        h.hole[p] = cards
        h.shows.append(Show(p, cards, None, mucked=True, line=lno))
    # "collected" in the body is not read: the summary's amounts are (module docstring)


def _summary_line(h: _Hand, ln: str, lno: int) -> bool:
    m = re.match(r"Seat (\d+): ", ln)
    if m is not None:
        p = h.by_seat.get(int(m[1]))
        if p is None or not ln.startswith(p, m.end()):
            return False
        rest = ln[m.end() + len(p) :]
        if rest.startswith(" (dealer)"):
            h.dealer = int(m[1])
        won = SUMMARY_WIN.search(rest)
        if won is not None:
            h.collects.append(Collect(p, h.money(won["a"]), 0, 0, lno))
        shown = SUMMARY_SHOW.search(rest)
        if shown is not None and shown["cards"] and p not in h.hole:
            h.hole[p] = _run_cards(shown["cards"])
            h.shows.append(Show(p, h.hole[p], None, line=lno))
        return True
    m = TOTAL.match(ln)
    if m is not None:
        h.total, h.rake, h.total_line = h.money(m["total"]), _signed(h, m["rake"]), lno
        return True
    m = BOARD.match(ln)
    if m is not None:
        h.board = _run_cards(m["cards"]) if m["cards"].strip() else None
        return True
    return False


def _parse_text(ht: HandText) -> ParsedHand:
    """:data:`FORMAT`'s parse."""
    return parse_hand(ht.text, ht.file, ht.line, ht.offset)


#: The Enet Poker site format.
FORMAT = SiteFormat(
    key=SITE,
    name="Enet Poker",
    games="Omaha; pot limit (no limit and limit tables read the same way); cash",
    recognise=recognise,
    split=split,
    parse=_parse_text,
    rooms=(SITE,),
)
