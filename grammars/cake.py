"""Cake Poker network text hand histories of the Omaha family.

The format, as the site writes it::

    Hand#2999013495000096 - Odesa (6-Max) 13495 -- €0,04/€0,08 PL Omaha -- 2012-06-21 - 05:30:58
    Hand#3389E587C7000012 - $5 Heads-up PL Omaha Hi-Lo Turbo T15042503 -- CASH -- $5 + $0.25
        -- 2 Max -- Table 1 -- 0/10/20 PL OmahaHiLo -- 2013/07/16 - 10:38:40   (one line)
    Dealer: Seat 3
    Seat 1: Ydmgju1 ($21,89 in chips)  (EUR €17,29)
    Nxeekm3: posts small blind $0,05 (EUR €0,04)
    Dealt to Xjty [3c,5d,Ks,6h]
    Mrzqnh8: raises to $0,30 (EUR €0,24)         (the street total)
    Nxeekm3: calls $0,25 (EUR €0,20)             (the chips added)
    *** FLOP *** [3d,Qs,8d]
    ***SHOW DOWN***
    Mrzqnh8: shows [7s 9d Tc 7c] (Pair of Sevens  )
    Clexwg1 wins $3,55 with Two Pairs Aces and Queens   (EUR €2,80)
    Ydmgju1 wins high pot 327 with Pair of Aces
    Xjty wins low pot 327 with
    There is no low hand

Quirks read here:

* Currency: the client may show amounts in another currency than the table's, each
  followed by the table-currency amount in brackets ("$0,05 (EUR €0,04)" at a €0,04/€0,08
  table). The record keeps the TABLE's currency (the header's, here EUR): the bracketed
  amounts, which are what was bet and paid; the displayed dollars are a conversion rounded
  line by line and do not add up (the bracketed ones do). In such a hand a money line
  without its bracket is a ``bad_amount``. Amounts use a decimal comma ("€0,04") and
  group thousands with a comma in chips ("1,640"); cp1252 files write € as byte 0x80.
* No total pot, no rake: the rake is what stayed in the middle less what was paid
  (``inferred``); tournament hands pay the whole pot.
* Winnings name no pot (the record says so: ``pots_named`` false, and the audit spreads
  each player's amount over the pots they could win); hi/lo winnings name their half
  ("wins high pot", "wins low pot").
* The tournament header's stakes are "ante/small blind/big blind" ("0/10/20"; an ante
  of "-1", as in "-1/50/100", is none: such hands post no ante); a
  tournament id ("T15042503") makes the hand a tournament (chips) even beside the
  header's word "CASH".
* Dates are written with "-", "/" or "." ("2012.02.05 - 21:01:45"). The 2011 files
  write no "Dealer: Seat N" line but mark the button's seat line "... (540 in chips)
  DEALER", and a muck after the showdown "X: mucks [4s,3h] (Pair) ."; a bounty
  tournament's "Tournament: X wins 1 bounty. (1)" moves no chip of the pot (fpdb-3's
  real 2011 and 2012 tournament files). A 2012 tournament groups thousands of chips
  with a space ("(1 500 in chips)", "wins 1 836") and ends its file, past a blank line,
  "X finished 1 out of 10 players." (dropped: no hand).
* Times have no zone (fpdb takes them for US Eastern; none is printed, so none is
  guessed: ``time_zone`` and ``started_at_utc`` are ``None``).
* Hold'em hands are skipped (``skipped_game``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime
from typing import Any, BinaryIO

from hhtools.grammars import _kit as k

__all__ = ["FORMAT", "HAND_START"]

SITE = "cake"
HAND_START = re.compile(r"\ufeff?Hand#\w+ - ")

FIRST = re.compile(r"\ufeff?Hand#(?P<id>\w+) - (?P<name>.*)$")
GAME = re.compile(r"(?P<stakes>\S+) (?P<limit>NL|PL|FL) (?P<game>.+)")
#: the stakes: "$0,10/$0,20", "€1/€2", a tournament's "-1/50/100" (an ante first)
STAKES = re.compile(r"(?:-?[$€£]?[\d.,]+/){1,2}[$€£]?[\d.,]+")
#: "2012-06-21 - 05:30:58", "2013/07/16 - 10:38:40", "2012.02.05 - 21:01:45" (a real 2012
#: cash file); the network's later files also separate the time by "-" or "/"
DATE = re.compile(r"(\d{4})([-/.])(\d\d)\2(\d\d)[ -]+(\d\d?)([:/-])(\d\d)\6(\d\d)")
TOURNEY = re.compile(r"\bT(?P<tid>\d+)\b")
CASH_TABLE = re.compile(r"(?P<table>.+?)(?: \((?:Turbo )?(?P<max>\d+)-Max\))?(?: \d+)?$", re.I)
#: the table-currency amount a line ends with when the client shows another currency
CONVERTED = re.compile(r"\s+\((?P<iso>[A-Z]{3}) [$€£]?(?P<a>[\d.,]+)\)\s*$")
SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+?) \([$€£]?(?P<stack>\d[\d.,]*(?: \d{3})*)"
                  r" in chips\)"
                  r"(?P<dealer> DEALER)?(?P<out>\W*(?:is )?sitting out\W*)?\s*$")  # fmt: skip
#: a tournament's bounty line ("Tournament: Ann wins 1 bounty. (1)"): no chips of the pot
BOUNTY = re.compile(r"Tournament: .+ wins \d+ bount(?:y|ies)\. \(\d+\)\s*$")
STREET = re.compile(r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* \[(?P<cards>[^\]]*)\]\s*$")
#: an amount; a tournament's chips may group thousands with a space ("1 836")
_A = r"[$€£]?(?P<a>\d[\d.,]*(?: \d{3})*)"
#: what follows "Name:" (a space, then the words; "posts dead blind" may have none)
_PLAYER = k.rule_table(
    ("sb", r"posts small blind " + _A + "$"),
    ("bb", r"posts big blind " + _A + "$"),
    ("ante", r"posts ante of " + _A + "$"),
    ("both", r"posts dead blind [$€£]?(?P<d>[\d.,]+) and big blind " + _A + "$"),
    ("fold", r"folds$"),
    ("check", r"checks$"),
    ("call", r"calls " + _A + "$"),
    ("bet", r"bets " + _A + "$"),
    ("raise_to", r"raises (?:[$€£]?[\d.,]+ )?to " + _A + "$"),
    ("allin", r"is all in " + _A + "$"),
    ("return", r"returns uncalled bet " + _A + "$"),
    ("show", r"shows \[(?P<cards>[^\]]*)\](?: \((?P<desc>[^)]*)\))?$"),
    ("muck", r"mucks(?: \[(?P<cards>[^\]]*)\])?(?: \([^)]*\))?(?: \.)?$"),
    ("sitout", r"sits out$"),
    ("sitout", r"is sitting out$"),
    ("event", r"is (?:back|disconnected|connected)$"),
    ("event", r"has (?:joined|left) the table$"),
    ("event", r"timed out$"),
)  # fmt: skip
#: a second small blind is dead money (an ante); the first is the small blind
_POSTS = {"sb": k.PostKind.SMALL_BLIND, "bb": k.PostKind.BIG_BLIND, "ante": k.PostKind.ANTE}
WINS = re.compile(r" wins (?:(?P<half>high|low) pot )?" + _A + r"(?: with.*)?$")
_LIMITS = k.STRUCTURE_CODES
_GAMES = {"omaha": (k.Variant.OMAHA, False), "omahahilo": (k.Variant.OMAHA, True),
          "omahahi": (k.Variant.OMAHA, False)}  # fmt: skip
_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}


def _parse(h: k.Hand, lines: list[str], line: int, text: str, offset: int) -> k.ParsedHand:
    first = FIRST.match(lines[0])
    parts = first["name"].split(" -- ") if first else []
    gm = GAME.fullmatch(parts[-2].strip()) if len(parts) >= 3 else None
    when = DATE.search(parts[-1]) if parts else None
    if gm is not None and STAKES.fullmatch(gm["stakes"]) is None:
        gm = None  # stakes no amount ("\ufffd0,10/\ufffd0,20": a sign lost in re-encoding)
    if first is None or gm is None or when is None:
        h.problem(line, k.ProblemCode.BAD_HEADER, f"not a hand header: {lines[0][:80]}", lines[0])
        return k.ParsedHand(None, tuple(h.problems), None, first["id"] if first else None)
    h.hand_id = first["id"]
    raw = gm["game"].strip()
    game = _GAMES.get(re.sub(r"[\s/-]", "", raw.lower()))
    if game is None:
        return k.not_read(h, line, raw, lines[0], omaha="omaha" in raw.lower())
    tid = TOURNEY.search(parts[0])
    stakes = gm["stakes"].split("/")
    currency = "CHIPS" if tid else _CURRENCIES.get(stakes[-1][:1], "")
    h.unit = k.Unit.CHIPS if tid or not currency else k.Unit.CENTS
    structure = _LIMITS[gm["limit"]]
    # a tournament's "-1/50/100": ante -1, no ante (its hands post none)
    amounts = [0 if a.startswith("-") and i == 0 < len(stakes) - 2 else h.money(a)
               for i, a in enumerate(stakes)]  # fmt: skip
    sb, bb = amounts[-2], amounts[-1]
    h.dead_small = sb
    _table(h, parts, tid)
    if not k.read_lines(h, lines, 1, line, _line):
        return k.no_record(h)
    cut = _paid_short(h, lines[-1], tid is not None)
    if cut is not None:
        h.problem(line + len(lines) - 1, k.ProblemCode.TRUNCATED_HAND, cut, lines[-1])
        return k.no_record(h)
    sb, bb, small_bet, big_bet = k.blinds_and_bets(h, structure, sb, bb)
    g = k.Game(
        variant=game[0], hi_lo=game[1], structure=structure, small_blind=sb, big_blind=bb,
        currency=currency or "PLAY", ante=amounts[0] if len(amounts) == 3 else 0,
        tournament_id=tid["tid"] if tid else None, small_bet=small_bet, big_bet=big_bet,
    )  # fmt: skip
    y, mo, d, hh, mi, ss = (int(when[i]) for i in (1, 3, 4, 5, 7, 8))
    return k.finish(
        h, lines, line, site=SITE, game=g, started_at=datetime(y, mo, d, hh, mi, ss),
        time_zone=None, max_seats=h.max_seats, collect_order=k.CollectOrder.UNORDERED,
        text=text, offset=offset, pots_named=False,
    )  # fmt: skip


#: a cash amount cut inside its cents ("$1,7", "$1," of "$1,72"): Cake writes a cash
#: amount whole ("$5") or with two decimals ("$4,20"), never one
_CUT_CENTS = re.compile(r".*[.,]\d?")


def _paid_short(h: k.Hand, last: str, tournament: bool) -> str | None:
    """Why the hand's wins lines were cut short, or ``None``: Cake prints no pot and no
    rake and ends a hand with its wins lines, so a file cut at its end read whole had
    the lost chips read as rake. Its last line a cash win cut inside its cents
    (:data:`_CUT_CENTS`); a tournament pot not paid whole (a tournament takes no rake:
    "Rex wins 2" of "Rex wins 2 036", or a hi/lo hand's low half's line lost); a cash
    pot paid under nine tenths (:func:`~._inferred.short_paid`: "wins $1" of "$1,72",
    Cake's rake about 5%). A hand with no wins line is :func:`~._hand.finish`'s to tell.
    Amounts are minor units."""
    if not h.collects:
        return None
    m = WINS.search(last) if h.unit is k.Unit.CENTS and not h.converted else None
    if m is not None and _CUT_CENTS.fullmatch(m["a"]) is not None:
        return f"the last 'wins' line's amount is cut inside its cents: {m['a']!r}"
    returned = list(h.returned)
    back = h.uncalled()
    if back is not None and not returned:
        returned.append(back)
    in_middle, paid = k.in_pot(h.put, returned), k.collected(h.collects)
    if (in_middle > paid) if tournament else k.short_paid(in_middle, paid):
        return "the 'wins' lines pay out less than the pot (cut short?)"
    return None


def _table(h: k.Hand, parts: list[str], tid: re.Match[str] | None) -> None:
    """The table's name and size from the header's parts."""
    for part in parts[1:-2]:
        part = part.strip()
        if part.startswith("Table "):
            h.table = part[6:]
        elif part.endswith(" Max") and part[:-4].isdigit():
            h.max_seats = int(part[:-4])
    if tid is None:
        m = CASH_TABLE.match(parts[0].strip())
        if m is not None:
            h.table = m["table"]
            h.max_seats = int(m["max"]) if m["max"] else None
    elif h.table:
        h.table = f"T{tid['tid']} {h.table}"


def _amount(h: k.Hand, m: re.Match[str], conv: str | None, name: str = "a") -> int:
    """A line's amount in the table's currency: the bracketed one when the client shows
    another currency; ``ValueError`` when such a hand's line lacks it."""
    if conv is not None:
        return h.money(conv)
    if h.converted:
        raise ValueError("amount shown only in the client's currency (no table amount)")
    return h.money(m[name])


def _line(h: k.Hand, ln: str, lno: int) -> bool:
    """Read one body line into the hand; ``False`` when no rule reads it."""
    conv = None
    if ln.endswith(")"):
        c = CONVERTED.search(ln)
        if c is not None:
            conv, ln = c["a"], ln[: c.start()]
    if ln.startswith("***"):
        if ln.replace(" ", "") == "***SHOWDOWN***":
            return True
        m = STREET.match(ln)
        if m is None:
            return False
        h.deal(k.STREETS[m["street"]], k.cards(m["cards"].replace(",", " ")))
        return True
    if ln.startswith("Seat ") and not h.actions:
        m = SEAT.match(ln)
        if m is None:
            return False
        h.converted = h.converted or conv is not None
        stack = _amount(h, m, conv, "stack")
        h.seat(h.seat_number(m["seat"]), m["name"], stack, lno, bool(m["out"]))
        if m["dealer"]:  # the 2011 files mark the button on its seat line
            h.button = h.seat_number(m["seat"])
        return True
    if ln.startswith("Dealer: Seat "):
        h.button = h.seat_number(ln[13:].strip())
        return True
    if ln.startswith("Dealt to "):
        name = h.name(ln[9:])
        if name is None:
            return False
        h.hero = name
        h.hole[name] = k.cards(ln[9 + len(name) :].strip(" []").replace(",", " "))
        return True
    if ln.startswith("There is no low hand"):
        return ln.rstrip(". ") == "There is no low hand"
    if ln.startswith("Tournament: "):
        return BOUNTY.match(ln) is not None
    name = h.name(ln, ": ")
    if name is None:
        return False
    rest = ln[len(name) :]
    if rest.startswith(":"):
        rest = rest[1:].lstrip(" ")
        found = _PLAYER.match(rest)
        if found is None:
            return False
        _player(h, name, found[0], found[1], conv, lno)
        return True
    m = WINS.match(rest)
    if m is None:
        return False
    half = {"high": k.Half.HIGH, "low": k.Half.LOW}.get(m["half"] or "")
    h.collects.append(k.Collect(name, _amount(h, m, conv), 0, 0, lno, half))
    return True


def _player(h: k.Hand, p: str, kind: str, m: Any, conv: str | None, lno: int) -> None:
    """What a seated player did: a post, a betting action, a show or a muck."""
    if kind == "sitout":  # not dealt in, unless the player plays (Hand.final_seats)
        h.sit_out(p)
        return
    post = _POSTS.get(kind)
    if post is not None:
        if post is k.PostKind.SMALL_BLIND and h.sb is not None:  # a second one: dead money
            post = k.PostKind.ANTE
        h.post(p, post, _amount(h, m, conv), lno)
    elif kind == "both":
        if conv is not None:  # one bracket for two amounts: the sum is not told apart
            raise ValueError("dead and big blind with one table-currency amount")
        h.dead_small = h.money(m["d"])
        h.post_both(p, h.dead_small + h.money(m["a"]), lno)
    elif h.betting(kind, p, _amount(h, m, conv) if "a" in m.groupdict() else 0, lno):
        pass
    elif kind == "show":
        h.show(p, k.Show(p, k.cards(m["cards"].replace(",", " ")),
                         (m["desc"] or "").strip() or None,
                         line=lno, claimed_high=k.read_high(m["desc"])))  # fmt: skip
    elif kind == "muck" and m["cards"]:
        h.show(p, k.Show(p, k.cards(m["cards"].replace(",", " ")), mucked=True, line=lno))


#: The Cake Poker network site format.
#: Cake writes no blank line inside a hand: text after one is a hand of its own (a
#: damaged header after the blank lines is reported, never read into the hand before).
#: Nor does a hand hold, after its header, a line with two " -- " (the header's parts):
#: such a line (a header with a damaged byte, "Hxnd#2964A95039000901 - $2 PLO ... --
#: CASH -- ...", written straight after the hand before) starts a hand text too
_END = k.HandEnd("", None, re.compile(r".* -- .* -- "), blank=True)
#: what a tournament writes after its last hand, past a blank line ("Hero finished 1 out
#: of 10 players.", "Player left the table": fpdb-3's real 2012 file): no hand
_FINISH = re.compile(r"\ufeff?(?:.+ finished \d+ out of \d+ players\.|.+ left the table)"
                     r"(?:\s+(?:.+ finished \d+ out of \d+ players\.|.+ left the table))*\s*")


def _split(fh: BinaryIO, file: str) -> Iterator[k.HandText]:
    """A file's hand texts (a new one at each header and after a blank line), less a
    tournament's closing lines (:data:`_FINISH`): each was a text of its own reported
    as a bad header."""
    for ht in k.iter_hands(fh, file, HAND_START, _END):
        if ht.text.startswith("Hand#") or _FINISH.fullmatch(ht.text) is None:
            yield ht


FORMAT = replace(k.text_format(
    SITE, "Cake Poker network",
    "Omaha and Omaha hi/lo 8 or better; pot limit, no limit and fixed limit; cash and "
    "tournaments",
    HAND_START, _parse, end=_END,
), split=_split)  # fmt: skip
