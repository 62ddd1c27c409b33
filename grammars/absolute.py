"""Absolute Poker / Ultimate Bet (Cereus network) text hand histories of the Omaha family.

The format, as the site writes it::

    Stage #1828549717: Omaha Hi/Lo (1 on 1)  Normal $30/$60 - 2009-12-31 18:23:36.005 (ET) [ ... ]
    Table: Linden Ct (Real Money) Seat #6 is the dealer
    Seat 6 - Ydmgju1 ($1,195.50 in chips)
    Ydmgju1 - Posts small blind $15
    *** POCKET CARDS ***
    Dealt to Xjty [9h Qc 2d 3h]
    Ydmgju1 - Raises $45 to $60          (chips added, then the street total)
    *** FLOP *** [Jc 5h 2c]
    Ydmgju1 - returned ($30) : not called
    *** SHOW DOWN ***
    Ydmgju1 - Shows [As 2d 7h Kc] (...)
    Ydmgju1 Collects $119.25 from main pot
    *** SUMMARY ***
    Total Pot($120) | Rake ($0.75)
    Board [Jc 5h 2c]
    Seat 6: Ydmgju1 (dealer) (small blind) collected Total ($119.25) HI:($119.25)  [Does not show]

Quirks read here:

* The header's word for the betting is "Normal" for fixed limit (fpdb's Absolute
  reader types "Normal" as fixed limit too), "Pot Limit" and "No Limit" otherwise.
  A fixed-limit header names the small and big bet ("Normal $30/$60": bets $30 and
  $60); the blinds are the posts ($15/$30, half the bets). The corpus hand is typed
  fixed limit for that reason although its MANIFEST row says PL: its raise to $60
  over the $30 big blind and its $30 flop bet are the small bet, and a pot-limit
  "$30/$60" would have blinds of $30/$60, not the $15/$30 posted. A pot- or no-limit
  header names the blinds ("No Limit $0.02" with one amount: the big blind).
* "(1 on 1)" is a heads-up table (``max_seats`` 2); otherwise no table size is printed.
* Players' lines are "Name - Verb ..."; "Raises $45 to $60" and "All-In(Raise) $x to $y"
  give the chips added and the street total; "All-In $x" the chips added (a bet, a call
  or a raise, the betting decides). "Posts $x" is a post to come in (a live big
  blind); "Posts dead $x $y" a big blind and a dead small blind. A blind a player
  cannot cover is written "All-In $x" before "*** POCKET CARDS ***": typed as that
  blind (the big one once a small blind is posted), all-in.
* Shown hands are described in the site's words ("Straight, five to nine", "One pair,
  sevens"), typed by :func:`hhtools.grammars._english.read_high`; the summary repeats
  them with the five cards.
* A player who mucked at the showdown has a summary line "Seat 3: X HI: [Mucked]
  [Kd 6c]" (a real 2010 file): read, the cards not (the body said it mucked).
* Each pot is paid on a "Collects $x from main pot" line; the summary repeats the
  amounts per player with their halves ("HI:($x) LO:($y)"): those halves are what the
  site says it paid each player for each half, read into the collects when a player
  collected from one pot only (``Collect.half``; hi/lo games only).
* Times are US Eastern ("(ET)"), with milliseconds (dropped).
* Holdem, stud and HORSE hands are skipped (``skipped_game``).
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from typing import Any

from hhtools.grammars import _kit as k

__all__ = ["FORMAT", "HAND_START"]

SITE = "absolute"
HAND_START = re.compile(r"\ufeff?Stage #C?\d+")

HEADER = re.compile(
    r"\ufeff?Stage #C?(?P<id>\d+):?\s+(?:Tourney ID (?P<tid>\d+)\s+)?"
    r"(?P<game>.+?)\s+(?P<kind>\(1 on 1\)|Single Tournament|Multi Normal Tournament|)\s*"
    r"(?P<limit>No Limit|Pot Limit|Normal|Limit|)\s*(?P<cur>\$| ?€|)(?P<a>[\d.,]+)"
    r"(?:/(?:\$| ?€|)(?P<b>[\d.,]+))?(?:, (?:\$| ?€|)(?P<ante>[\d.,]+) ante)?\s+"
    r"(?:Turbo\s+)?-\s+(?P<date>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)(?:\.\d+)?"
    r"(?:\s+\((?P<tz>[A-Z]+)\))?.*$",
    re.IGNORECASE,
)
#: the table's lines (the table and button, seats, streets, the hero's cards), by kind
_TABLE = k.rule_table(
    ("table", r"Table: (?P<table>.*?)(?: \(Real Money\))?\s+Seat #(?P<button>\d+) is the "
              r"(?:dead )?dealer$"),
    ("seat", r"Seat (?P<seat>\d+) - (?P<name>.+) \((?:\$| ?€)?(?P<stack>[\d.,]+) in chips\)"
             r"(?P<out> - sitting out)?$"),
    ("summary", r"\*\*\* SUMMARY \*\*\*.*$"),
    ("dealing", r"\*\*\* POCKET CARDS \*\*\*.*$"),
    ("showdown", r"\*\*\* SHOW DOWN \*\*\*.*$"),
    ("street", r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\*.*\[(?P<cards>[^\]]*)\]$"),
    ("dealt", r"Dealt to (?P<rest>.+)$"),
)  # fmt: skip
TOTAL = re.compile(r"Total Pot\((?P<total>[^)]*)\)(?: \| Rake \((?P<rake>[^)]*)\))?\s*$")
BOARD = re.compile(r"Board \[(?P<cards>[^\]]*)\]\s*$")
SUMMARY_SEAT = re.compile(
    r"Seat \d+: (?P<rest>.*?) (?:collected|won) Total \((?P<total>[^)]*)\)(?: All-In)?"
    r"(?: HI:\((?P<hi>[^)]*)\))?(?: LO:\((?P<lo>[^)]*)\))?.*$"
)
#: what follows a summary seat's player: the seat's marks, then how the hand ended for
#: the player (another wording is not understood: it could pay the player)
SEAT_END = re.compile(
    r"(?: \((?:dealer|small blind|big blind)\))* (?:Folded on the (?:POCKET CARDS|FLOP|TURN|RIVER)"
    r"|(?:collected|won) Total \([^)]*\)(?: All-In)?(?: HI:\([^)]*\))?(?: LO:\([^)]*\))?"
    r"(?: with [^\[]*)?\s*(?:\[[^\]]*\])?|(?:(?:HI|LO):lost ?)+(?:with [^\[]*)?\s*(?:\[[^\]]*\])?"
    r"|Mucked(?: \[[^\]]*\])?|(?:(?:HI|LO): \[Mucked\] ?)+(?:\[[^\]]*\])?)\s*"
)
_A = r"(?:\$| ?€)?(?P<a>[\d.,]+)"
_B = r"(?:\$| ?€)?(?P<b>[\d.,]+)"
#: what follows "Name - ", by kind ("Raises $a to $b": the chips added, then the total)
_PLAYER = k.rule_table(
    ("sb", r"Posts small blind " + _A + "$"),
    ("bb", r"Posts big blind " + _A + "$"),
    ("both", r"Posts (?:dead )?" + _A + r" (?:dead )?" + _B + "$"),
    ("post", r"Posts " + _A + "$"),
    ("ante", r"Ante " + _A + "$"),
    ("fold", r"Folds$"),
    ("check", r"Checks$"),
    ("call", r"Calls " + _A + "$"),
    ("bet", r"Bets " + _A + "$"),
    ("raise", r"Raises " + _A + r"(?: to " + _B + ")?$"),
    ("allin_raise", r"All-In\(Raise\) " + _A + r"(?: to " + _B + ")?$"),
    ("allin", r"All-In " + _A + "$"),
    ("return", r"returned \(" + _A + r"\) : not called$"),
    ("show", r"Shows \[(?P<cards>[^\]]*)\](?: \((?P<desc>[^)]*)\))?$"),
    ("muck", r"Mucks(?: \[(?P<cards>[^\]]*)\])?$"),
    ("event", r"Does not show$"),
    ("sitout", r"Sit out$"),
    ("sitout", r"Sits out$"),
    ("sitout", r"Sitting out$"),
    ("event", r"Return$"),
    ("event", r"Returns$"),
    ("event", r"Is back$"),
    ("event", r"Has (?:left|joined)(?: the table)?(?: at seat #?\d+)?\.?$"),
    ("event", r"Timed out(?: while disconnected)?\.?$"),
    ("event", r"(?:Disconnected|Reconnected)\.?$"),
)  # fmt: skip
COLLECT = re.compile(
    r" Collects " + _A + r" from (?P<pot>main pot|pot|side pot(?: ?#?-?(?P<n>\d+))?)\s*$"
)
_LIMITS = {"no limit": k.BettingStructure.NO_LIMIT, "pot limit": k.BettingStructure.POT_LIMIT,
           "normal": k.BettingStructure.LIMIT, "limit": k.BettingStructure.LIMIT}  # fmt: skip
_GAMES = {"omaha": (k.Variant.OMAHA, False), "omaha hi/lo": (k.Variant.OMAHA, True)}
#: the posts by kind; the others ("bb", and "post": a blind posted unnamed) are big blinds
_POSTS = {"sb": k.PostKind.SMALL_BLIND, "ante": k.PostKind.ANTE}


def _parse(h: k.Hand, lines: list[str], line: int, text: str, offset: int) -> k.ParsedHand:
    got = k.header_game(h, HEADER.match(lines[0]), _GAMES, lines, line)
    if isinstance(got, k.ParsedHand):
        return got
    hd, game = got
    kind = hd["kind"].lower()
    tourney = "tournament" in kind or not hd["cur"].strip()
    h.unit = k.Unit.CHIPS if tourney else k.Unit.CENTS
    structure = _LIMITS.get(hd["limit"].lower(), k.BettingStructure.LIMIT)
    if not k.read_lines(h, lines, 1, line, _line):
        return k.no_record(h)
    if game[1]:
        for name, (hi, lo) in h.halves.items():
            _halves(h, name, hi, lo)
    if not h.summary:
        last = line + len(lines) - 1
        h.problem(last, k.ProblemCode.TRUNCATED_HAND, "hand has no summary (cut short?)", lines[-1])
        return k.no_record(h)
    a = h.money(hd["a"])
    b = h.money(hd["b"]) if hd["b"] else None
    small_bet = big_bet = None
    if structure is k.BettingStructure.LIMIT:
        small_bet, big_bet = (a, b) if b is not None else (a // 2, a)
        bb = h.bb if h.bb is not None else small_bet
        if h.bb is None:
            h.inferred.append("blinds")
    else:
        bb = b if b is not None else a
    sb = h.sb if h.sb is not None else (a if b is not None and small_bet is None else bb // 2)
    g = k.Game(
        variant=game[0], hi_lo=game[1], structure=structure, small_blind=sb, big_blind=bb,
        currency="CHIPS" if tourney else ("EUR" if "€" in hd["cur"] else "USD"),
        ante=h.money(hd["ante"]) if hd["ante"] else 0,
        tournament_id=(hd["tid"] or "") if tourney else None,
        small_bet=small_bet, big_bet=big_bet,
    )  # fmt: skip
    return k.finish(
        h, lines, line, site=SITE, game=g, started_at=_date(hd["date"]), time_zone=hd["tz"],
        max_seats=2 if kind == "(1 on 1)" else None, collect_order=k.CollectOrder.UNORDERED,
        text=text, offset=offset,
    )  # fmt: skip


def _date(text: str) -> datetime:
    """ "2009-12-31 18:23:36" -> a naive datetime (the site's clock)."""
    return datetime.strptime(text, "%Y-%m-%d %H:%M:%S")


def _line(h: k.Hand, ln: str, lno: int) -> bool:
    """Read one body line into the hand; ``False`` when no rule reads it."""
    if h.summary:
        return _summary(h, ln, lno)
    found = _TABLE.match(ln)  # a line a table rule reads whole is the table's
    if found is not None:
        return _table_line(h, found[0], found[1], lno)
    name = h.name(ln)
    if name is None:
        return False
    rest = ln[len(name) :]
    if rest.startswith(" - "):
        found = _PLAYER.match(rest[3:])
        if found is None:
            return False
        _player(h, name, found[0], found[1], lno)
        return True
    m = COLLECT.fullmatch(rest)
    if m is None:
        return False
    pot = 0 if m["pot"] in ("main pot", "pot") else int(m["n"] or 1)
    h.collects.append(k.Collect(name, h.money(m["a"]), pot, 0, lno))
    return True


def _table_line(h: k.Hand, kind: str, m: Any, lno: int) -> bool:
    """A line of the table's; ``False`` for a seat line once the betting has started, or
    a "Dealt to" line that names no seated player."""
    if kind == "seat":
        if h.actions:
            return False
        h.seat(h.seat_number(m["seat"]), m["name"], h.money(m["stack"]), lno, bool(m["out"]))
    elif kind == "table":
        h.table, h.button = m["table"], h.seat_number(m["button"])
    elif kind == "summary":
        h.summary = True
    elif kind == "dealing":
        h.dealt = True
    elif kind == "street":
        h.deal(k.STREETS[m["street"]], k.cards(m["cards"]))
    elif kind == "dealt":
        name = h.name(m["rest"])
        if name is None:
            return False
        h.hero = name
        h.hole[name] = k.cards(m["rest"][len(name) :].strip(" []"))
    return True  # "showdown": nothing the record needs


def _player(h: k.Hand, p: str, kind: str, m: Any, lno: int) -> None:
    """What a seated player did: a post, a betting action, a show or a muck."""
    if kind == "sitout":  # not dealt in, unless the player plays (Hand.final_seats)
        h.sit_out(p)
        return
    if kind in ("sb", "bb", "post", "ante"):
        post = _POSTS.get(kind, k.PostKind.BIG_BLIND)
        h.post(p, post, h.money(m["a"]), lno, stated=kind != "post")
    elif kind == "both":
        big, small = h.money(m["a"]), h.money(m["b"])
        h.dead_small = min(big, small)
        h.post_both(p, big + small, lno)
    elif kind in ("raise", "allin_raise"):
        added = h.money(m["a"])
        to = h.money(m["b"]) if m["b"] else h.bets.get(p, 0) + added
        h.raise_to(p, to, lno, kind == "allin_raise")
    elif kind == "allin" and not h.dealt:  # an all-in blind, written before the deal
        blind = k.PostKind.BIG_BLIND if h.sb is not None else k.PostKind.SMALL_BLIND
        h.post(p, blind, h.money(m["a"]), lno, stated=False)  # short: not the stake
        h.actions[-1] = replace(h.actions[-1], all_in=True)
    elif h.betting(kind, p, h.money(m["a"]) if "a" in m.groupdict() else 0, lno):
        pass
    elif kind == "show":
        cards = k.cards(m["cards"])
        h.show(p, k.Show(p, cards, m["desc"], line=lno, claimed_high=k.read_high(m["desc"])))
    elif kind == "muck" and m["cards"]:
        h.show(p, k.Show(p, k.cards(m["cards"]), mucked=True, line=lno))


def _summary(h: k.Hand, ln: str, lno: int) -> bool:
    m = TOTAL.match(ln)
    if m is not None:
        h.total, h.total_line = h.money(m["total"]), lno
        if m["rake"]:
            h.rake = h.money(m["rake"])
        return True
    m = BOARD.match(ln)
    if m is not None:
        h.board = list(k.cards(m["cards"]))
        return True
    if not ln.startswith("Seat "):
        return False
    rest = ln.partition(": ")[2]
    name = h.name(rest)
    if name is None or SEAT_END.fullmatch(rest, len(name)) is None:
        return False
    m = SUMMARY_SEAT.match(ln)
    if m is not None and (m["hi"] or m["lo"]) and h.name(m["rest"]) == name:
        h.halves[name] = (m["hi"], m["lo"])
    return True


def _halves(h: k.Hand, p: str, hi: str | None, lo: str | None) -> None:
    """Type the half of a player's one collect line from the summary's "HI:($x) LO:($y)"
    (a player who collected once, for exactly one half); else leave it unsaid."""
    mine = [i for i, c in enumerate(h.collects) if c.player == p]
    amounts = {k.Half.HIGH: h.money(hi) if hi else 0, k.Half.LOW: h.money(lo) if lo else 0}
    if len(mine) != 1 or (amounts[k.Half.HIGH] and amounts[k.Half.LOW]):
        return
    (i,) = mine
    c = h.collects[i]
    half = k.Half.HIGH if amounts[k.Half.HIGH] else k.Half.LOW
    if amounts[half] == c.amount:
        h.collects[i] = k.Collect(c.player, c.amount, c.pot, c.board, c.line, half)


#: The table line ("Table: ELM ST (Real Money) Seat #1 is the dealer") is only ever a
#: header's second line: the line before one that is no text's second line (a header
#: with a damaged byte, "St>ge #2000000101: ...", written straight after the hand
#: before) starts a hand text, reported where it stands, never read into that hand
#: (whose pots, board and awards were the next one's). The split finds no header after
#: other text on a line (``finds_glued=False``).
_END = k.HandEnd("", None, second=("Table: ",), finds_glued=False)

#: The Absolute Poker / Ultimate Bet site format.
FORMAT = k.text_format(
    SITE, "Absolute Poker / Ultimate Bet",
    "Omaha and Omaha hi/lo 8 or better; fixed limit (\"Normal\"), pot limit and no limit; "
    "cash and tournaments",
    HAND_START, _parse, end=_END,
)  # fmt: skip
