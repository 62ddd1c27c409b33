"""Seals With Clubs text hand histories of the Omaha family (a bitcoin room, 2013).

The format, as the site writes it::

    Hand #5297786-137 - 2013-04-11 02:08:55
    Game: PL Omaha (20 - 100) - Blinds 1/1          (buy-in range, then the blinds)
    Site: Seals With Clubs
    Table: PLO 9max 1/1 #1
    Seat 3: Bob (77) - sitting out
    Dan has the dealer button
    Eve posts small blind 0.50
    Ann posts small & big blind 1.50                (dead small + live big)
    ** Hole Cards **
    Dealt to Fay [4c 7d Qc Kd]
    Cal raises to 3                                 (the street total)
    Fay calls 2 (All-in)                            (the chips added)
    ** Flop ** [3d 4h 2d]
    ** Turn ** [Qd]                                 (the new card only)
    Fay refunded 6                                  (the uncalled bet returned)
    Fay wins Side Pot 1 (2)
    Rake (0)                                        (the rake of the pot just paid)
    ** Main Pot Show Down ** [5h 5d Kh 6s 8h]
    Cal shows [Td Tc] (Two Pair, Tens and Fives +K)
    Fay wins Main Pot (6) with Two Pair
    Rake (0)
    Fay adds 94 chips                               (a rebuy after the hand)

Quirks read here:

* Money is mBTC (thousandths of a bitcoin) printed with up to two decimals ("107.43",
  "0.50"): the minor unit is 0.01 mBTC (1,000 satoshi), so amounts are parsed as
  cents of an mBTC and the currency is ``"mBTC"`` ("Blinds 1/1" is 100/100).
* No summary: no total pot (``total_pot`` stays ``None``). Each pot is paid on its own
  "wins" line ("Pot", "Main Pot", "Side Pot N"), net of the "Rake (x)" line that
  follows it: the rake is their sum and each pot's paid amount is its net part
  (``pot_parts``, basis net). Side pots are paid before the main pot's showdown.
* "refunded" is the uncalled bet returned; a hand with no "wins" line, or whose last
  "wins" line has no "Rake (x)" line after it, is cut short.
* Shown hands read "Two Pair, Tens and Fives +K": the kicker after "+" is dropped and
  the words are read as PokerStars' (:func:`grammars._english.read_high`); other
  wordings make no claim.
* Times have no zone: ``time_zone`` and ``started_at_utc`` are ``None``.
* Hold'em hands are skipped (``skipped_game``).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from hhtools.grammars import _kit as k

__all__ = ["FORMAT", "HAND_START", "parse"]

SITE = "sealswithclubs"
HAND_START = re.compile(r"\ufeff?Hand #\d+-\d+ - \d{4}-\d\d-\d\d")
_ANY_START = re.compile(r"^\s*\ufeff?Hand #\d+-\d+ - \d{4}-\d\d-\d\d", re.MULTILINE)
HEADER = re.compile(
    r"\ufeff?Hand #(?P<id>\d+-\d+) - (?P<date>\d{4}-\d\d-\d\d \d\d?:\d\d:\d\d)\s*$"
)
GAME = re.compile(
    r"Game: (?:(?P<limit>PL|NL|FL|Limit) )?(?P<game>.+?)(?: \((?P<buyin>[^)]*)\))?"
    r" - Blinds (?P<sb>[\d.,]+)/(?P<bb>[\d.,]+)\s*$"
)
#: the table's lines (seats, streets, the rake, the hero's cards), by the rule's kind
_TABLE = k.rule_table(
    ("site", r"Site: .*$"),
    ("table", r"Table: (?P<table>.*)$"),
    ("seat", r"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[\d.,]+)\)(?P<out> - sitting out)?$"),
    # a street first: the most frequent "**" line (rules of one first word are tried in turn)
    ("street", r"\*\* (?P<street>Flop|Turn|River) \*\* \[(?P<cards>[^\]]*)\]$"),
    ("dealing", r"\*\* Hole Cards \*\*$"),
    ("showdown", r"\*\* (?:[\w ]*?)Show ?[Dd]own \*\*(?: \[(?P<cards>[^\]]*)\])?$"),
    ("rake", r"Rake \((?P<a>[\d.,]+)\)$"),
    ("dealt", r"Dealt to (?P<rest>.+)$"),
)  # fmt: skip
#: the posts by kind (a dead small and a live big blind: "both")
_POSTS = {"sb": k.PostKind.SMALL_BLIND, "bb": k.PostKind.BIG_BLIND, "ante": k.PostKind.ANTE}
_AMT = r" (?P<a>[\d.,]+)(?P<allin> \(All-in\))?$"
#: what follows "<player> ", by kind (a raise is to the street total)
_PLAYER = k.rule_table(
    ("sb", r"posts small blind" + _AMT),
    ("bb", r"posts big blind" + _AMT),
    ("both", r"posts small & big blinds?" + _AMT),
    ("ante", r"posts ante" + _AMT),
    ("fold", r"folds$"),
    ("check", r"checks$"),
    ("call", r"calls" + _AMT),
    ("bet", r"bets" + _AMT),
    ("raise_to", r"raises to" + _AMT),
    ("return", r"refunded" + _AMT),
    ("win", r"wins (?P<pot>Pot|Main Pot|Side Pot (?P<n>\d+)) \((?P<a>[\d.,]+)\)(?: with .*)?$"),
    ("show", r"shows \[(?P<cards>[^\]]*)\](?: \((?P<desc>.*)\))?$"),
    ("muck", r"mucks(?: \[(?P<cards>[^\]]*)\])?$"),
    ("button", r"has the dealer button$"),
    ("event", r"adds [\d.,]+ chips$"),
    ("sitout", r"sits out$"),
    ("sitout", r"is sitting out$"),
    ("event", r"sits in$"),
    ("event", r"is (?:disconnected|connected)$"),
    ("event", r"has (?:joined the table|left the table|timed out)$"),
)  # fmt: skip
_STRUCTURES = k.STRUCTURE_CODES | {"Limit": k.BettingStructure.LIMIT}
_GAMES = {"omaha": (k.Variant.OMAHA, False), "omaha hi/lo": (k.Variant.OMAHA, True),
          "omaha hi-lo": (k.Variant.OMAHA, True)}  # fmt: skip
_KICKER = re.compile(r"\s*\+\S*$")


def _parse(h: k.Hand, lines: list[str], line: int, text: str, offset: int) -> k.ParsedHand:
    hd = HEADER.match(lines[0])
    if hd is None:
        return k.bad_header(h, lines, line)
    h.hand_id = hd["id"]
    gm = GAME.match(lines[1]) if len(lines) > 1 else None
    if gm is None:
        h.problem(line, k.ProblemCode.BAD_HEADER, "no game line (game, blinds)", lines[0])
        return k.no_record(h)
    raw = " ".join(gm["game"].split()).lower()
    game = _GAMES.get(raw)
    structure = _STRUCTURES.get(gm["limit"] or "")
    if game is None or structure is None:
        return k.not_read(h, line + 1, f"{gm['limit'] or ''} {gm['game']}".strip(), lines[1],
                        omaha="omaha" in raw)  # fmt: skip
    h.sb, h.bb = h.money(gm["sb"]), h.money(gm["bb"])  # a dead small blind's big part
    if not k.read_lines(h, lines, 2, line, _line):
        return k.no_record(h)
    sb, bb = h.sb, h.bb
    limit = structure is k.BettingStructure.LIMIT
    g = k.Game(
        variant=game[0], hi_lo=game[1], structure=structure, small_blind=sb, big_blind=bb,
        currency="mBTC", qualifier=8,
        small_bet=bb if limit else None, big_bet=2 * bb if limit else None,
    )  # fmt: skip
    if h.collects and all(c.pot for c in h.collects):
        # side pots are paid first, the main pot last: a side pot won and no main pot is
        # a text that stops before the main pot's showdown (a file cut at its end)
        h.problem(line + len(lines) - 1, k.ProblemCode.TRUNCATED_HAND,
                  "a side pot is paid and the main pot is not (cut short?)", lines[-1])  # fmt: skip
        return k.no_record(h)
    if h.collects and _unraked(h, lines, line):
        # each pot's "wins" lines are followed by its "Rake (x)" line, even "Rake (0)": a
        # pot paid and no rake line after it is a text cut before it (no rake known)
        h.problem(line + len(lines) - 1, k.ProblemCode.TRUNCATED_HAND,
                  "the last pot paid has no rake line (cut short?)", lines[-1])  # fmt: skip
        return k.no_record(h)
    m = re.search(r"(\d+) ?max", h.table)
    return k.finish(
        h, lines, line, site=SITE, game=g,
        started_at=datetime.strptime(hd["date"], "%Y-%m-%d %H:%M:%S"), time_zone=None,
        max_seats=int(m[1]) if m else None, collect_order=k.CollectOrder.UNORDERED,
        text=text, offset=offset,
    )  # fmt: skip


def _unraked(h: k.Hand, lines: list[str], line: int) -> bool:
    """Whether the hand's last "wins" line (file line numbers, the first ``line``) has no
    "Rake (x)" line after it."""
    last_win = max(c.line for c in h.collects)
    return not any(ln.startswith("Rake (") for ln in lines[last_win - line + 1 :])


def _line(h: k.Hand, ln: str, lno: int) -> bool:
    """Read one body line into the hand; ``False`` when no rule reads it."""
    found = _TABLE.match(ln)  # a line a table rule reads whole is the table's
    if found is not None:
        return _table_line(h, found[0], found[1], lno)
    return k.player_line(h, ln, lno, _player, _PLAYER)


def _table_line(h: k.Hand, kind: str, m: Any, lno: int) -> bool:
    """A line of the table's; ``False`` for a seat line once the betting has started, or
    a "Dealt to" line that names no seated player before its cards."""
    if kind == "seat":
        if h.actions:
            return False
        h.seat(h.seat_number(m["seat"]), m["name"].strip(), h.money(m["stack"]), lno,
               bool(m["out"]))  # fmt: skip
    elif kind == "table":
        h.table = m["table"].strip()
    elif kind == "dealing":
        h.dealt = True
    elif kind == "street":
        h.deal(k.STREETS[m["street"]], k.cards(m["cards"]))
    elif kind == "showdown" and m["cards"]:
        board = k.cards(m["cards"])
        if len(board) > len(h.board):  # the whole board, also when streets were not dealt
            h.board = list(board)
    elif kind == "rake":
        h.rake = (h.rake or 0) + h.money(m["a"])
    elif kind == "dealt":
        rest = m["rest"]
        name = h.name(rest, " ")
        if name is None or not rest[len(name) :].startswith(" ["):
            return False
        h.hero = name
        h.hole[name] = k.cards(rest[len(name) + 2 :].rstrip("]"))
    return True  # "site": nothing the record needs


def _player(h: k.Hand, p: str, kind: str, m: Any, lno: int) -> None:
    """What a seated player did: a post, a betting action (the kernel's kinds: a raise is
    to the street total, a refund an uncalled bet returned), a show, a win or the button."""
    if kind == "sitout":  # not dealt in, unless the player plays (Hand.final_seats)
        h.sit_out(p)
        return
    if kind == "button":
        h.button = h.seat_of(p)
    elif kind in ("show", "muck"):
        if m["cards"]:
            desc = m["desc"] if kind == "show" else None
            claim = k.read_high(_KICKER.sub("", desc)) if desc else None
            h.show(p, k.Show(p, k.cards(m["cards"]), desc, mucked=kind == "muck", line=lno,
                           claimed_high=claim))  # fmt: skip
    elif kind in _POSTS:
        h.post(p, _POSTS[kind], h.money(m["a"]), lno)
    elif kind == "both":  # dead small blind + live big blind: only the big one is a bet
        a = h.money(m["a"])
        h.post(p, k.PostKind.DEAD_SMALL_AND_BIG, a, lno)
        live = min(a, h.bb or a)
        h.bets[p] = h.bets.get(p, 0) - a + live
        h.highest = max(h.bets.values())
    elif kind == "win":
        pot = 0 if m["n"] is None else int(m["n"])
        h.collects.append(k.Collect(p, h.money(m["a"]), pot, 0, lno))
    elif kind != "event":
        read = m.re.groupindex
        a = h.money(m["a"]) if "a" in read else 0
        h.betting(kind, p, a, lno, bool(m["allin"]) if "allin" in read else False)


#: The Seals With Clubs site format: a file is its when a line of its head starts with
#: a hand header ("Hand #5297786-137 - 2013-04-11 02:08:55"); hands are split there
#: (text before the first is its own).
FORMAT = k.text_format(
    SITE, "Seals With Clubs", "Omaha; pot limit, no limit and fixed limit; cash (mBTC)",
    HAND_START, _parse, header=_ANY_START,
)  # fmt: skip
parse = FORMAT.parse
