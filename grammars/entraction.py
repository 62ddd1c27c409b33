"""Entraction text hand histories of the Omaha family (column layout).

The format, as the site writes it::

    Game # 2314086000 - Omaha High Pot Limit EUR 0.50/1 - Table "Eaton Max 100BB"

    Players(max 6):
    Xjty                        (EUR 417.43 in seat 1)

    Dealer:                     Clexwg1
    Small Blind:                Dcjsyb7     (0.50)
    Big Blind:                  Eerjoh3     (1.00)
    Small + Big Blind:          Nxeekm3     (1.50)
    Blind out of turn:          Dcjsyb7     (1.00)

    Xjty was dealt:             Ad - Td - 7s - 8h

    Xjty                        Raise       (5.00)      (the chips added)
    Nxeekm3                     Call        (4.00)
    Flop                        Kh - 8s - Ks
    Turn                        Kh - 8s - Ks - 2c       (the whole board)
    Xjty                        Payback     (7.50)      (an uncalled bet returned)
    Clexwg1 shows:              Tc - 7s - 2h - Js - 9d (three of a kind, Deuces)
    Nxeekm3 didn't show hand (Kh - 9h - As - 6s - Qh)
    Clexwg1 wins:               EUR 2.95 (with three of a kind, Deuces)
    Rake:                       EUR 0.15

    Game ended 2012-08-07 00:36:56 BST

Quirks read here:

* Names and what they did stand in columns padded with spaces; a hand holds blank
  lines (hands are split at their "Game # " line).
* Every amount of a betting line is the chips added: "Raise (2.50)" after a 1.00 blind
  makes 3.50 (the corpus hand's "Call (8.00)" to 11.50 settles it); "All-In (x)" adds
  x (a bet, a call or a raise, the betting decides).
* "Small + Big Blind" posts both blinds, the small one dead; "Blind out of turn" is a
  live big blind posted to come in.
* "didn't show hand (cards)" is a hand mucked at showdown whose cards the site shows
  (``Show.mucked``); without cards the hand is unknown.
* The only time printed is when the hand ended ("Game ended ... BST"; older versions
  write an offset: "Game ended ... GMT+01:00"): it is the record's ``started_at``, with
  its zone.
* No total pot line; the rake is printed ("Rake: EUR 0.15"). Winnings name no pot
  (``pots_named`` false: the audit spreads each amount over the pots the player could win).
* Tournaments (fpdb-3's real 2012 file): the header names no currency and may name an
  ante ("... No Limit 200/400 and 20 ante - Table ..."), the seats no currency
  ("(6,003.00 in seat 1)"), each ante is a column line ("Ann   Ante   (20.00)"), the wins
  no currency ("wins:   1,160.00"): chips; the tournament's number is not printed
  (``tournament_id`` "").
* Hold'em hands are skipped (``skipped_game``).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from hhtools.grammars import _kit as k

__all__ = ["FORMAT", "HAND_START"]

SITE = "entraction"
HAND_START = re.compile(r"\ufeff?Game # \d+ - ")

#: the header; a tournament's names no currency and may name an ante ("200/400 and 20
#: ante", fpdb-3's real 2012 tournament file)
HEADER = re.compile(
    r"\ufeff?Game # (?P<id>\d+) - (?P<game>.+?) (?P<limit>Pot Limit|No Limit|Fixed Limit|Limit)"
    r" (?:(?P<cur>[A-Z]{3}) )?(?P<sb>[\d.,]+)/(?P<bb>[\d.,]+)(?: and (?P<ante>[\d.,]+) ante)?"
    r" - Table \"(?P<table>.*)\"\s*$"
)
MAX = re.compile(r"Players\(max (?P<max>\d+)\):\s*$")
SEAT = re.compile(r"(?P<name>.+?)\s+\((?:[A-Z]{3} )?(?P<stack>[\d.,]+) in seat (?P<seat>\d+)\)\s*$")
POSTED = re.compile(r"(?P<label>Small Blind|Big Blind|Small \+ Big Blind|Blind out of turn"
                    r"|Ante):\s+(?P<name>.+?)\s+\((?P<a>[\d.,]+)\)\s*$")  # fmt: skip
STREET = re.compile(r"(?P<street>Flop|Turn|River)\s+(?P<cards>(?:\w\w(?: - )?)+)\s*$")
#: the end line: a zone abbreviation ("BST", "CEST") or, in older versions, an offset
#: after it ("GMT+01:00")
ENDED = re.compile(r"Game ended (?P<date>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)"
                   r"(?: (?P<tz>[A-Z]+(?:[-+]\d\d?(?::?\d\d)?)?))?\s*$")  # fmt: skip
RAKE = re.compile(r"Rake:\s+[A-Z]{3} (?P<a>[\d.,]+)\s*$")
_A = r" \s*\((?P<a>[\d.,]+)\)$"
#: what follows the name column, by kind (a raise is the chips added: "raise_by")
_PLAYER = k.rule_table(
    ("fold", r"Fold$"),
    ("check", r"Check$"),
    ("call", r"Call" + _A),
    ("bet", r"Bet" + _A),
    ("raise_by", r"Raise" + _A),
    ("allin", r"All-In" + _A),
    ("return", r"Payback" + _A),
    ("dealt", r"was dealt: \s*(?P<cards>.+)$"),
    ("show", r"shows: \s*(?P<cards>[^(]+?)(?: \((?P<desc>[^)]*)\))?$"),
    ("muck", r"didn't show hand(?: \((?P<cards>[^)]*)\))?$"),
    ("win", r"wins: \s*(?:[A-Z]{3} )?(?P<a>[\d.,]+)(?: \(with (?P<desc>[^)]*)\))?$"),
    ("ante", r"Ante" + _A),
    ("sitout", r"Sitting out$"),
    ("sitout", r"Sits out$"),
    ("event", r"Left the table$"),
    ("event", r"Joined the table$"),
    ("event", r"Timed out$"),
)  # fmt: skip
_POSTS = {"Small Blind": k.PostKind.SMALL_BLIND, "Big Blind": k.PostKind.BIG_BLIND,
          "Blind out of turn": k.PostKind.BIG_BLIND, "Ante": k.PostKind.ANTE}  # fmt: skip
_LIMITS = k.structure_names(" ", str.title)
_GAMES = {"omaha high": (k.Variant.OMAHA, False), "omaha": (k.Variant.OMAHA, False),
          "5-card omaha high": (k.Variant.OMAHA5, False), "5-card omaha": (k.Variant.OMAHA5, False),
          "omaha high/low": (k.Variant.OMAHA, True), "omaha hi/lo": (k.Variant.OMAHA, True),
          "5-card omaha high/low": (k.Variant.OMAHA5, True)}  # fmt: skip


def _split_cards(text: str) -> tuple[str, ...]:
    """ "Qs - 7d - 8c" -> ("Qs", "7d", "8c")."""
    return k.cards(text.replace(" - ", " "))


def _parse(h: k.Hand, lines: list[str], line: int, text: str, offset: int) -> k.ParsedHand:
    got = k.header_game(h, HEADER.match(lines[0]), _GAMES, lines, line)
    if isinstance(got, k.ParsedHand):
        return got
    hd, game = got
    tourney = not hd["cur"]  # a tournament's chips: no currency
    h.unit = k.Unit.CHIPS if tourney else k.Unit.CENTS
    h.table = hd["table"]
    structure = _LIMITS[hd["limit"]]
    sb, bb = h.money(hd["sb"]), h.money(hd["bb"])
    h.dead_small = sb
    if not k.read_lines(h, lines, 1, line, _line):
        return k.no_record(h)
    sb, bb, small_bet, big_bet = k.blinds_and_bets(h, structure, sb, bb)
    g = k.Game(
        variant=game[0], hi_lo=game[1], structure=structure, small_blind=sb, big_blind=bb,
        currency="CHIPS" if tourney else hd["cur"], small_bet=small_bet, big_bet=big_bet,
        ante=h.money(hd["ante"]) if hd["ante"] else 0, tournament_id="" if tourney else None,
    )  # fmt: skip
    end = h.ended
    if end is None:
        last = line + len(lines) - 1
        h.problem(last, k.ProblemCode.TRUNCATED_HAND,
                  "hand has no 'Game ended' line (cut short?)", lines[-1])  # fmt: skip
        return k.no_record(h)
    return k.finish(
        h, lines, line, site=SITE, game=g,
        started_at=datetime.strptime(end["date"], "%Y-%m-%d %H:%M:%S"), time_zone=end["tz"],
        max_seats=h.max_seats, collect_order=k.CollectOrder.UNORDERED, text=text, offset=offset,
        pots_named=False,
    )  # fmt: skip


def _line(h: k.Hand, ln: str, lno: int) -> bool:
    """Read one body line into the hand; ``False`` when no rule reads it."""
    head = ln[:6]
    if head.startswith(("Flop ", "Turn ", "River ")):
        m = STREET.match(ln)
        if m is not None:
            h.deal(k.STREETS[m["street"]], _split_cards(m["cards"]), whole=True)
            return True
    if not h.seats or (not h.actions and not h.dealt and SEAT.match(ln)):
        if ln.startswith("Players(max"):
            m = MAX.match(ln)
            h.max_seats = int(m["max"]) if m else None
            return m is not None
        m = SEAT.match(ln)
        if m is None:
            return False
        h.seat(h.seat_number(m["seat"]), m["name"], h.money(m["stack"]), lno)
        return True
    if head == "Dealer":  # "Dealer:   <name>", the name alone
        name = h.name(ln[7:].strip())
        h.button = h.seat_of(name) if name else None
        return name is not None and ln[7:].strip() == name
    if head == "Rake: ":
        m = RAKE.match(ln)
        h.rake = h.money(m["a"]) if m else None
        return m is not None
    if head == "Game e":
        h.ended = ENDED.match(ln)
        return h.ended is not None
    m = POSTED.match(ln)
    if m is not None:
        name = h.name(m["name"])
        if name is None:
            return False
        if m["label"] == "Small + Big Blind":
            h.post_both(name, h.money(m["a"]), lno)
        else:
            h.post(name, _POSTS[m["label"]], h.money(m["a"]), lno)
        return True
    name = h.name(ln)
    if name is None:
        return False
    rest = ln[len(name) :].lstrip()
    found = _PLAYER.match(rest)
    if found is None:
        return False
    _player(h, name, found[0], found[1], lno)
    return True


def _player(h: k.Hand, p: str, kind: str, m: Any, lno: int) -> None:
    """What a seated player did: a betting action, the hero's cards, a show or a win."""
    if kind == "sitout":  # not dealt in, unless the player plays (Hand.final_seats)
        h.sit_out(p)
        return
    a = m.groupdict().get("a")
    if h.betting(kind, p, h.money(a) if a else 0, lno):
        return
    if kind == "dealt":
        h.dealt = True
        h.hero = p
        h.hole[p] = _split_cards(m["cards"])
    elif kind == "show":
        h.show(p, k.Show(p, _split_cards(m["cards"]), m["desc"], line=lno,
                       claimed_high=k.read_high(m["desc"])))  # fmt: skip
    elif kind == "muck" and m["cards"]:
        h.show(p, k.Show(p, _split_cards(m["cards"]), mucked=True, line=lno))
    elif kind == "win":
        h.collects.append(k.Collect(p, h.money(m["a"]), 0, 0, lno))
    elif kind == "ante":  # "Ann     Ante     (20.00)", a tournament's
        h.post(p, k.PostKind.ANTE, h.money(m["a"]), lno)


#: The Entraction site format.
#: Nothing follows a hand's "Game ended ..." line but blank lines and the next header:
#: a line after it (a header with a damaged byte, "Game # 530000077< - Omaha High ...",
#: written after the hand) starts a hand text of its own, reported, where it and its
#: hand's lines were read into the hand before (stored read in part, its rake doubled)
_END = k.HandEnd("Game ended ", re.compile(r"(?!)"))

FORMAT = k.text_format(
    SITE, "Entraction",
    "Omaha and 5-card Omaha (and their hi/lo forms); pot limit, no limit and fixed limit; cash "
    "and tournaments",
    HAND_START, _parse, end=_END,
)  # fmt: skip
