"""Betfair Poker text hand histories of the Omaha family.

The format, as the site writes it::

    ***** Betfair Poker Hand History for Game 100000000 *****
    PL $0.05/$0.10 Omaha - Sunday, October 18, 20:00:00 GMT 2009
    Table Death 1 6-max (Real Money)
    Seat 2 is the button
    Total number of active players : 6
    Seat 1: Xjty ( $1 )
    Nxeekm3 posts small blind [$0.05]
    ** Dealing down cards **
    Dealt to Xjty [ 7c, 6c, 5h, Jh ]
    Nxeekm3 raises to [$0.30]            (the street total)
    Dcjsyb7 calls [$0.20]                (the chips added)
    Xjty goes all-in                     (then the action that puts the chips in)
    Xjty raises to [$1]
    ** Dealing Flop ** [ 4d, 5d, 6d ]
    ** Showdown **
    Xjty shows [ 7c, 6c, 5h, Jh ] a straight, Seven to Three
    ** Hand Conclusion **
    Dcjsyb7 wins $6.26 from side pot #1 with a straight flush, Seven to Three
    ************  Game 100000000 ends  ************

Quirks read here:

* The header names the structure ("NL", "PL", nothing for fixed limit) and the blinds
  (fixed limit: the small and big bet, the blinds then being the posts).
* No total pot, no rake, no uncalled-bet line: the uncalled excess goes back silently
  and the rake is what stayed in the middle less what was paid (both ``inferred``).
  The "wins ... from main pot / side pot #N" lines pay each pot after rake (in the
  corpus the rake is all taken from the main pot): they are the record's net pot parts.
* "goes all-in" stands on its own line before the bet, call or raise that puts the
  chips in; that action is flagged all-in.
* A player joining posts "big blind" out of position: the first big blind posted is
  the stake, a later one a live post to come in.
* Straights are named top card first ("a straight, Seven to Three"); the other words
  are PokerStars' ("four of a kind, Fours"), typed by :func:`read_high`.
* Every hand ends "************  Game N ends  ************", after its wins lines: a
  hand without it was cut short (a file cut between its wins lines pays some pots).
* Times are GMT ("Sunday, October 18, 20:00:00 GMT 2009").
* Hold'em and stud hands are skipped (``skipped_game``).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from hhtools.grammars import _kit as k
from hhtools.grammars import _english

__all__ = ["FORMAT", "HAND_START", "read_high"]

SITE = "betfair"
HAND_START = re.compile(r"\ufeff?\*{5} Betfair Poker Hand History for Game ")

FIRST = re.compile(r"\ufeff?\*{5} Betfair Poker Hand History for Game (?P<id>\d+) \*{5}\s*$")
GAME_LINE = re.compile(
    r"(?P<limit>NL|PL|FL|) ?(?P<cur>[$€]?)(?P<sb>[\d.,]+)/[$€]?(?P<bb>[\d.,]+) (?P<game>.+?)"
    r" - (?P<date>\w+, \w+ \d+, \d\d:\d\d:\d\d) (?P<tz>[A-Z]+) (?P<year>\d{4})\s*$"
)
_A = r"\[[$€]?(?P<a>[\d.,]+)\]$"
#: the table's lines (seats, streets, the hero's cards...), by the rule's kind
_TABLE = k.rule_table(
    ("table", r"Table (?P<table>.+?)(?: (?P<max>\d+)-max)?(?: \((?:Real|Play) Money\))?$"),
    ("button", r"Seat (?P<seat>\d+) is the button$"),
    ("seat", r"Seat (?P<seat>\d+): (?P<name>.+?) \( [$€]?(?P<stack>[\d.,]+) \)"
             r"(?P<out>.*sitting out)?$"),
    ("players", r"Total number of active players ?: ?\d+$"),
    ("dealt", r"Dealt to (?P<rest>.+)$"),
    # a street first: the most frequent "**" line (rules of one first word are tried in turn)
    ("street", r"\*\* Dealing (?P<street>Flop|Turn|River) \*\* \[(?P<cards>[^\]]*)\]$"),
    ("dealing", r"\*\* Dealing down cards \*\*$"),
    ("section", r"\*\* (?:Showdown|Hand Conclusion) \*\*$"),
    ("end", r"\*" * 12 + r" .*ends  \*{12}$"),  # "************  Game 1 ends  ************"
)  # fmt: skip
#: lines the table's rules read (a player's name never starts them)
_TABLE_LINES = ("*", "Seat ", "Table ", "Total number of active players", "Dealt to ")
#: what follows "<player> ", by kind (the kernel's betting kinds: "raises to [$x]" is
#: the street total, "raises [$x]" the chips added)
_PLAYER = k.rule_table(
    ("sb", r"posts small blind " + _A),
    ("bb", r"posts big blind " + _A),
    ("both", r"posts small & big blinds " + _A),
    ("ante", r"posts ante " + _A),
    ("fold", r"folds$"),
    ("check", r"checks$"),
    ("call", r"calls " + _A),
    ("bet", r"bets " + _A),
    ("raise_to", r"raises to " + _A),
    ("raise_by", r"raises " + _A),
    ("goes_all_in", r"goes all-in$"),
    ("show", r"(?P<how>shows|mucks) \[(?P<cards>[^\]]*)\]\s*(?P<desc>.*)$"),
    ("win", r"wins [$€]?(?P<a>[\d.,]+)(?: from (?P<pot>main pot|side pot(?: #?(?P<n>\d+))?))?"
            r"(?: with .*)?$"),
    ("event", r"does not show(?: cards)?$"),
    ("sitout", r"sits out$"),
    ("sitout", r"is sitting out$"),
)  # fmt: skip
#: the posts by kind (a live big blind and a dead small one: "both", as one amount)
_POSTS = {"sb": k.PostKind.SMALL_BLIND, "bb": k.PostKind.BIG_BLIND, "ante": k.PostKind.ANTE}
#: the kinds that put chips in: the one after a "goes all-in" line is flagged all-in
_CHIPS_IN = frozenset(("call", "bet", "raise_by", "raise_to"))
#: the structure by the header's abbreviation ("": fixed limit)
_LIMITS = k.STRUCTURE_CODES | {"": k.BettingStructure.LIMIT}
_GAMES = {"omaha": (k.Variant.OMAHA, False), "omaha hi": (k.Variant.OMAHA, False),
          "omaha hi/lo": (k.Variant.OMAHA, True),
          "omaha hi-lo": (k.Variant.OMAHA, True)}  # fmt: skip
#: Betfair names straights top card first ("a straight, Seven to Three"): the kernel's
#: reader takes a straight named from either end
read_high = _english.read_high


def _parse(h: k.Hand, lines: list[str], line: int, text: str, offset: int) -> k.ParsedHand:
    first = FIRST.match(lines[0])
    if first is None:
        return k.bad_header(h, lines, line)
    h.hand_id = first["id"]
    gm = GAME_LINE.match(lines[1]) if len(lines) > 1 else None
    if gm is None:
        h.problem(line, k.ProblemCode.BAD_HEADER, "no game line (stakes, game, date)", lines[0])
        return k.no_record(h)
    raw = " ".join(gm["game"].split())
    game = _GAMES.get(raw.lower())
    if game is None:
        return k.not_read(h, line + 1, raw, lines[1], omaha="omaha" in raw.lower())
    tourney = not gm["cur"]
    h.unit = k.Unit.CHIPS if tourney else k.Unit.CENTS
    structure = _LIMITS[gm["limit"]]
    a, b = h.money(gm["sb"]), h.money(gm["bb"])
    h.dead_small = a // 2 if structure is k.BettingStructure.LIMIT else a
    if not k.read_lines(h, lines, 2, line, _line):
        return k.no_record(h)
    if not h.summary:  # no "Game N ends" line: cut, maybe between its wins lines
        h.problem(line + len(lines) - 1, k.ProblemCode.TRUNCATED_HAND,
                  "hand has no 'Game N ends' line (cut short?)", lines[-1])  # fmt: skip
        return k.no_record(h)
    sb, bb, small_bet, big_bet = k.blinds_and_bets(h, structure, a, b)
    if structure is k.BettingStructure.LIMIT and h.bb is None:
        h.inferred.append("blinds")
    g = k.Game(
        variant=game[0], hi_lo=game[1], structure=structure, small_blind=sb, big_blind=bb,
        currency="CHIPS" if tourney else ("EUR" if gm["cur"] == "€" else "USD"),
        tournament_id="" if tourney else None, small_bet=small_bet, big_bet=big_bet,
    )  # fmt: skip
    started = datetime.strptime(f"{gm['date']} {gm['year']}", "%A, %B %d, %H:%M:%S %Y")
    return k.finish(
        h, lines, line, site=SITE, game=g, started_at=started, time_zone=gm["tz"],
        max_seats=h.max_seats, collect_order=k.CollectOrder.UNORDERED, text=text, offset=offset,
    )  # fmt: skip


def _line(h: k.Hand, ln: str, lno: int) -> bool:
    """Read one body line into the hand; ``False`` when no rule reads it."""
    if ln.startswith(_TABLE_LINES):
        found = _TABLE.match(ln)
        return found is not None and _table_line(h, found[0], found[1], lno)
    return k.player_line(h, ln, lno, _player, _PLAYER)


def _table_line(h: k.Hand, kind: str, m: Any, lno: int) -> bool:
    """A line of the table's; ``False`` for a seat line once the betting has started or
    a table line once the seats are known (no rule then reads it)."""
    if kind in ("button", "seat") and h.actions or kind == "table" and h.seats:
        return False
    if kind == "button":
        h.button = h.seat_number(m["seat"])
    elif kind == "seat":
        h.seat(h.seat_number(m["seat"]), m["name"], h.money(m["stack"]), lno, bool(m["out"]))
    elif kind == "table":
        h.table, h.max_seats = m["table"], int(m["max"]) if m["max"] else None
    elif kind == "dealt":
        name = h.name(m["rest"])
        if name is None:
            return False
        h.hero = name
        h.hole[name] = k.cards(m["rest"][len(name) :].strip(" []").replace(",", " "))
    elif kind == "dealing":
        h.dealt = True
    elif kind == "street":
        h.deal(k.STREETS[m["street"]], k.cards(m["cards"].replace(",", " ")))
    elif kind == "end":
        h.summary = True
    return True  # "players", "section": nothing the record needs


def _player(h: k.Hand, p: str, kind: str, m: Any, lno: int) -> None:
    """What a seated player did: a post, a betting action, a show or a win."""
    if kind == "sitout":  # not dealt in, unless the player plays (Hand.final_seats)
        h.sit_out(p)
        return
    all_in = p in h.all_in_next and kind in _CHIPS_IN
    if all_in:
        h.all_in_next.discard(p)
    post = _POSTS.get(kind)
    if post is not None:
        h.post(p, post, h.money(m["a"]), lno)
    elif kind == "both":  # a live big blind and a dead small one, as one amount
        h.post_both(p, h.money(m["a"]), lno)
    elif kind == "goes_all_in":
        h.all_in_next.add(p)
    elif h.betting(kind, p, h.money(m["a"]) if "a" in m.groupdict() else 0, lno, all_in):
        pass
    elif kind == "show":
        cards = k.cards(m["cards"].replace(",", " "))
        desc = m["desc"] or None
        mucked = m["how"] == "mucks"
        h.show(p, k.Show(p, cards, desc, mucked=mucked, line=lno,
                       claimed_high=None if mucked else read_high(desc)))  # fmt: skip
    elif kind == "win":
        pot = 0 if m["pot"] in (None, "main pot") else int(m["n"] or 1)
        h.collects.append(k.Collect(p, h.money(m["a"]), pot, 0, lno))


#: The Betfair Poker site format.
FORMAT = k.text_format(
    SITE, "Betfair Poker", "Omaha (and Omaha hi/lo); pot limit, no limit and fixed limit; cash",
    HAND_START, _parse,
)  # fmt: skip
