"""PokerTracker's converted text: hands other rooms wrote, exported by PokerTracker.

PokerTracker exports a room's hands in a text of its own, one style per source room
(fpdb reads them as one format: "** Hand # " for Microgaming, "MERGE_GAME #" for the
Merge Gaming Network, "GAME #" for iPoker; its "EverestPoker Game #" style is not read
here), "** Game ID " a later Microgaming style and "Merge Game #" a later Merge one. The
styles read::

    ** Hand # 5029053937 starting - 2013-09-07 02:30:38            (Microgaming)
    ** Position PLO HU 47 - €50 Max [Omaha] (0.25|0.50 PL - Cash Game) Real Money
    Ann sitting in seat 1 with €49.50[Dealer]
    Ann posted the small blind - €0.25
    ** Dealing cards to Ann: Qh, 9c, 2h, Ah
    Ann raised to €1.25                  (the chips ADDED: from 0.25 to 1.50)
    Bob called - €1.00
    ** Dealing the flop: As, Ad, 8c
    Bob went all-in - €21.26             (the chips added)
    Ann shows: Ah, 3c, As, Kd
    Ann wins €4.35 from the main pot
    Rake: €0.15                          (every hand's last line: without it, cut short)

    ** Game ID 4908778359 Version:3 starting - 2013-05-28 16:44:14  (Microgaming, 2013)
    ** Anonymous (Heads Up) - €5K Max [Hold'em] (25|50 NL - € Cash Game seats:2 badbeat )
       Real Money                        (one line)
    - Ann sitting in seat 1 with €14785.00 at end €14585.00 [Dealer]
    ** Dealing card to Ann: A of c, 6 of d
    Ann raised - €75.00                  (the chips added, as "raised to")
    End of game 4908778359               (the last line; no rake line: the rake is what
                                          went in less what was paid, and the stacks "at
                                          end" prove a "wins" that holds the return)

    MERGE_GAME #4927169400080: Omaha PL Tournament 02/16/2012 04:27:31   (Merge)
    Table Hero Arena , 49271005 (Tournament: Hero Arena , 49271005 Buy-In: $5+$0.50)
    Seat 4: Ann ($23,120.00 in chips) DEALER
    Ann: Post SB $100.00
    *** HOLE CARDS ***
    Dealt to Ann [Kh 5s 4d 3c]
    Bob: Call $100.00
    *** FLOP *** [6c 3h 4s]              (later streets: the new card)
    *** SUMMARY ***
    Ann: Shows [Kh 5s 4d 3c]
    Ann: wins $270.00

    Merge Game #80256693-236 | Holdem NL ($0.02/$0.04) | 12/05/2014 17:08:49 EST | Version:2
    Table Tropicana - Fast V (80256693), Seats 6     (Merge, 2014: the lines above, a zone,
    Hero: wins $0.04 (uncalled)                       the return written; "Post DB $0.02"
                                                      is not read: its meaning not proved)

    GAME #4402349920 Version:18.9.3.4 Uncalled:Y Omaha PL €0.05/€0.10 2019-01-03 11:56:34/GMT
    Table Boggstown                      (iPoker; the older header:
    Seat 1: Ann (€10.00 in chips) DEALER  "GAME #N: Omaha PL $0.50/$1 2011/01/23 20:02:35")
    Bob: Post SB €0.05
    Cid: Post BB €0.10                   ("Post BB €0.15": a dead small blind and the big one;
    *** HOLE CARDS ***                    "Post BB Allin €0.10": the big blind all in)
    Dealt to Cid [HA CA D10 S2]          (suit first, "10" for the ten; older: "hA c10")
    Ann: Raise (NF) €0.25                (raise TO 0.25)
    Cid: Raise €0.90                     (the chips ADDED: to 1.00 from the 0.10 blind)
    Ann: Allin €0.75                     (the chips added)
    *** FLOP *** [DJ SQ C8]
    *** SUMMARY ***
    Total pot €7.52 Rake €0.53           (the pot less the rake)
    Ann: Shows [DQ D10 H2 H3] Two Pair, Queens and Tens
    Cid: Mucks [HA CA D10 S2] One Pair, Aces
    Ann: wins €7.52

    GAME #4999408769: Omaha 50/100 - 2013-08-01 22:16:18     (a 2013 iPoker archive: no
    Table Kazuno (No DP Heads Up)          structure word, read pot limit as the other
    Server poker2.ipoker.com               iPoker headers without one; the server's line,
    Player0: SB $50.00                     the posts "SB"/"BB", blank lines; each street
    *** TURN *** [D3 SK C3 DQ]             prints the whole board)

Quirks read here (worked out from the corpus hands' arithmetic):

* Microgaming "raised to €X" is the chips the raiser adds, not the street total: from
  the €0.25 small blind "raised to €1.25" is a raise to €1.50, and the big blind
  "called - €1.00"; "raised to €16.75" from €1.75 is called for €12.50 from €6.
* No uncalled-bet line: the excess of the top bet goes back (``inferred``
  "returned"). Two habits of the export about it, both proved by the amounts: a "wins"
  line equal to that excess is its return (Merge: "wins $65.00" after "wins $270.00");
  and a "wins" amount that with the rake adds up to every chip put in, the unreturned
  bet included, holds the return (Microgaming, won uncontested: €4.35 = pot €3.00 -
  rake €0.15 + the €1.50 bet nobody called; the "Game ID" style: with the rake its
  stacks "at end" give): the collect is typed without it.
* A second "Post SB" (Merge) is the big blind posted short all-in: typed as the big
  blind, and the hand's big blind is then twice the small one ("blinds" inferred);
  the Merge export's "DEALER" mark is kept as the button.
* Merge tournament chips print as dollars ("$23,120.00 in chips"): chips, and the
  balances are after the blinds ("$0.00 in chips" for a blind all-in): the starting
  stack is the balance plus the player's posts, as in Merge's own XML. No rake line
  in Merge hands: cash rake is what went in less what was paid ("rake" inferred).
* iPoker: "Uncalled:Y" in the header (newer versions) says an uncalled bet is left out
  of the total pot and the wins (the kernel returns the excess, ``inferred``); with it,
  "Total pot" plus the rake is the hand's pot. Older versions count the uncalled bet in
  the total and in its owner's "wins" (taken out as above, when the amounts prove it):
  their total is not kept. The words after a show ("Two Pair, Queens and Tens") are
  the exporter's, not the room's: kept as the description, not typed as a claim.
* Times: Microgaming and Merge print no zone (``time_zone`` and ``started_at_utc``
  ``None``); iPoker's newer header names one ("/GMT").
* Hold'em hands are skipped (``skipped_game``).
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from functools import partial
from typing import Any, NamedTuple

from hhtools.grammars import _kit as k
from hhtools.grammars._clock import local_time

__all__ = ["FORMAT", "HAND_START", "parse"]

SITE = "pokertracker"
#: a hand starts at its header even when its number is damaged ("MERGE_GAME #51000x01:"),
#: so that the header is that hand's problem, not lines the hand before could not read
HAND_START = re.compile(
    r"\ufeff?(?:\*\* (?:Hand # |Game ID )\S+(?: Version:\d+)? starting|MERGE_GAME #[^\s:]+:"
    r"|Merge Game #\S+ \||GAME #[^\s:]+[: ])"
)
_ANY_START = re.compile(
    r"^\s*\ufeff?(?:\*\* (?:Hand # \d+|Game ID \d+ Version:\d+) starting|MERGE_GAME #\d+:"
    r"|Merge Game #\d+-\d+ \||GAME #\d+(?::| Version:))",
    re.MULTILINE,
)
MG_HEADER = re.compile(
    r"\ufeff?\*\* (?:Hand # (?P<id>\d+)|Game ID (?P<gid>\d+) Version:\d+) starting"
    r" - (?P<date>\d{4}-\d\d-\d\d \d\d?:\d\d:\d\d)\s*$"
)
MG_TABLE = re.compile(
    r"\*\* (?P<table>.+?) - (?P<cur>[$€£]?)[\d.,]+K? (?:Max|Min) \[(?P<game>[^\]]+)\] "
    r"\((?P<sb>[\d.,]+)\|(?P<bb>[\d.,]+) (?P<limit>NL|PL|FL) - (?P<kind>[^)]*)\)"
    r" (?P<money>Real|Play) Money\s*$"
)
MERGE_HEADER = re.compile(
    r"\ufeff?MERGE_GAME #(?P<id>[\d-]+):\s+(?P<game>.+?)\s+"
    r"(?:(?P<limit>PL|NL|FL|Pot Limit|No Limit|Limit)\s+)?(?P<tour>Tournament\s+)?"
    r"(?:\(?(?P<cur>[$€£]?)(?P<sb>[\d.,]+)/[$€£]?(?P<bb>[\d.,]+)\)?\s+)?"
    r"(?P<date>\d\d/\d\d/\d{4} \d\d?:\d\d:\d\d)\s*$"
)
#: the Merge style's "Version:2" (2014): "Merge Game #80256693-236 | Holdem NL ($0.02/$0.04)
#: | 12/05/2014 17:08:49 EST | Version:2"
MERGE2_HEADER = re.compile(
    r"\ufeff?Merge Game #(?P<id>\d+-\d+) \| (?P<game>.+?) (?P<limit>PL|NL|FL) "
    r"\((?P<cur>[$€£]?)(?P<sb>[\d.,]+)/[$€£]?(?P<bb>[\d.,]+)\) \| "
    r"(?P<date>\d\d/\d\d/\d{4} \d\d?:\d\d:\d\d) (?P<tz>[A-Z]{2,5}) \| Version:2\s*$"
)
IPOKER_HEADER = re.compile(
    r"\ufeff?GAME #(?P<id>\d+)(?: Version:[\d.]+(?P<uncalled> Uncalled:Y)?)?:?\s+(?P<game>.+?)\s+"
    r"(?:(?P<limit>PL|NL|FL|Pot Limit|No Limit|Limit)\s+)?(?P<tour>Tournament\s+)?"
    r"(?:\(?(?P<cur>[$€£]?)(?P<sb>[\d.,]+)/[$€£]?(?P<bb>[\d.,]+)(?: [A-Z]{3})?\)?\s+)?(?:- )?"
    r"(?P<date>\d{4}[-/]\d\d[-/]\d\d \d\d?:\d\d:\d\d)(?:/(?P<tz>[A-Z]{2,5}))?\s*$"
)
_IPOKER_TOTAL = re.compile(
    r"Total pot (?P<t>[$€£]?[\d.,]+)(?: Rake (?P<r>[$€£]?[\d.,]+))?\s*$"
)
MERGE_TABLE = re.compile(
    r"Table (?P<table>.+?)(?: , (?P<tid>\d+))?(?: \(Tournament: .*? Buy-In: (?P<buyin>[^)]*)\))?"
    r"(?:, Seats (?P<max>\d+))?\s*$"
)
MG_SEAT = re.compile(
    r"(?:- )?(?P<name>.+?) sitting in seat (?P<seat>\d+) with (?P<stack>[$€£]?[\d.,]+)"
    r"(?: at end (?P<end>[$€£]?[\d.,]+))?(?P<dealer> ?\[Dealer\])?\s*$"
)
MERGE_SEAT = re.compile(
    r"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[$€£]?[\d.,]+)(?: in chips)?\)"
    r"(?P<dealer> DEALER)?\s*$"
)
_A = r"(?P<a>[$€£]?[\d.,]+)"
#: a "wins" amount: money always in cents ("$55.00", every such line of the corpora and
#: fixtures); "wins $5" or "$55.0" is the line cut inside its amount (a file cut at its end)
_WON = r"(?P<a>[$€£][\d,]*\d\.\d\d|[\d,]*\d(?:\.\d\d)?)"
_E = "$"
#: what follows "<player> " or "<player>: ", by kind: the words of either style
_PLAYER = k.rule_table(
    ("sb", r"posted the small blind - " + _A + _E),
    ("sb", r"Post SB " + _A + _E),
    ("sb", r"SB " + _A + _E),  # a 2013 iPoker archive's "Player0: SB $50.00"
    ("bb", r"posted the big blind - " + _A + _E),
    ("bb", r"posted to play - " + _A + _E),
    ("post_bb", r"Post BB (?:Allin )?" + _A + _E),
    ("bb", r"BB " + _A + _E),  # a 2013 iPoker archive's "Hero: BB $100.00"
    ("raise_to", r"Raise \(NF\) " + _A + _E),
    ("ante", r"posted the ante - " + _A + _E),
    ("ante", r"Post Ante " + _A + _E),
    ("fold", r"folded$"),
    ("fold", r"Fold$"),
    ("check", r"checked$"),
    ("check", r"Check$"),
    ("call", r"called - " + _A + _E),
    ("call", r"Call " + _A + _E),
    ("bet", r"bet - " + _A + _E),
    ("bet", r"Bet " + _A + _E),
    ("raise", r"raised to " + _A + _E),
    ("raise", r"raised - " + _A + _E),  # the "Game ID" style's
    ("raise", r"Raise(?: to)? " + _A + _E),
    ("allin", r"went all-in - " + _A + _E),
    ("allin", r"Allin " + _A + _E),
    ("show", r"(?P<how>shows:|Shows:|mucks:|Mucks:|shows|Shows|mucks|Mucks) ?"
             r"\[?(?P<cards>[^\]]*)\]?$"),
    ("show", r"(?P<how>Shows|Mucks) \[(?P<cards>[^\]]*)\] (?P<desc>.+)$"),
    ("win", r"wins " + _WON
            + r"(?: from (?:the )?(?P<pot>main pot|side pot(?: ?#?(?P<n>\d+))?))?$"),
    ("back", r"wins " + _A + r" \(uncalled\)$"),  # Merge "Version:2": the uncalled bet's return
    ("sitout", r"sits out$"),
    ("sitout", r"is sitting out$"),
    ("event", r"is (?:disconnected|connected)$"),
    ("event", r"has (?:joined|left) the table$"),
)  # fmt: skip
_SERVER = re.compile(r"Server [\w.-]+\s*")
_MG_STREET = re.compile(r"\*\* Dealing the (?P<street>flop|turn|river): (?P<cards>.+?)\s*$")
_MERGE_STREET = re.compile(r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* \[(?P<cards>[^\]]*)\]\s*$")
_STRUCTURES = {"PL": k.BettingStructure.POT_LIMIT, "Pot Limit": k.BettingStructure.POT_LIMIT,
               "NL": k.BettingStructure.NO_LIMIT, "No Limit": k.BettingStructure.NO_LIMIT,
               "FL": k.BettingStructure.LIMIT, "Limit": k.BettingStructure.LIMIT}  # fmt: skip
_GAMES = {"omaha": (k.Variant.OMAHA, False), "omaha hi": (k.Variant.OMAHA, False),
          "omaha hi/lo": (k.Variant.OMAHA, True)}  # fmt: skip
#: the posts by kind (the other: an ante)
_POSTS = {"sb": k.PostKind.SMALL_BLIND, "bb": k.PostKind.BIG_BLIND}


#: a cash hand's "Rake:" amount as the Microgaming export writes it, in two decimals
#: ("€0.15", "€0.00"): one cut inside ("€0.1", "€0") read as a smaller rake was a false
#: chip imbalance (the line is then unread and the hand, without its rake, cut short)
_CENTS = re.compile(r"\d\.\d\d$")


def _money(h: k.Hand, text: str) -> int:
    return h.money(text.replace("$", "").replace("€", "").replace("£", ""))


class _PTHand(k.Hand):
    """A PokerTracker hand being read: the kernel's hand, whether its cards are written
    suit first (the iPoker style: "HA", "c10"), and of the Microgaming "Game ID" style
    each seat's stack "at end" (minor units) and whether its "End of game N" was read."""

    def __init__(self, file: str, line: int) -> None:
        super().__init__(file, line)
        self.suit_first = False
        self.ends: dict[str, int] = {}
        self.game_ended = False


def _suit_first(text: str) -> tuple[str, ...]:
    """Cards written suit first, either case, "10" for the ten (iPoker's export), as the
    record writes them; raises ``_BadCards``.

    >>> _suit_first("HA c10 D7 sQ")
    ('Ah', 'Tc', '7d', 'Qs')
    """
    out = []
    for c in text.split():
        suit, rank = c[:1].lower(), c[1:].upper()
        out.append(("T" if rank == "10" else rank) + suit)
    try:
        return k.cards(" ".join(out))
    except k.BadCards:
        raise k.BadCards(f"not a card: {text!r}") from None


_RANK_OF_SUIT = re.compile(r"\b(10|[2-9TJQKA]) of ([cdhs])\b")


def _read_cards(h: _PTHand, text: str) -> tuple[str, ...]:
    """The cards of a line in the hand's style ("Qh, 9c", "[HA CA]" suit first, or the
    "Game ID" style's "A of c, 10 of h")."""
    text = _RANK_OF_SUIT.sub(lambda m: ("T" if m[1] == "10" else m[1]) + m[2], text)
    text = text.replace(",", " ")
    return _suit_first(text) if h.suit_first else k.cards(text)


class _Head(NamedTuple):
    """What a hand's first two lines say, in any style (the stakes as written)."""

    room: str  # the room that dealt the hand: "microgaming", "merge" or "ipoker"
    game: str
    limit: str
    tourney: bool
    cur: str
    table: str
    date: str
    date_format: str
    sb: str | None
    bb: str | None
    tid: str | None = None
    buyin: str | None = None
    zone: str | None = None
    uncalled: bool = False  # iPoker's "Uncalled:Y": uncalled bets are not in the totals
    game_id: bool = False  # Microgaming's "** Game ID N Version:3": "End of game N", no rake


def _header(h: k.Hand, lines: list[str], line: int) -> tuple[_Head, int] | k.ParsedHand:
    """The header (the first line and the table line) and the table line's index, or
    the hand without a record when either cannot be read (``bad_header``, ``bad_table``)."""
    mg = MG_HEADER.match(lines[0])
    mh = MERGE_HEADER.match(lines[0]) if mg is None else None
    ip = IPOKER_HEADER.match(lines[0]) if mg is None and mh is None else None
    m2 = MERGE2_HEADER.match(lines[0]) if mg is None and mh is None and ip is None else None
    if ip is not None or m2 is not None:
        mh = ip or m2
    if mg is None and mh is None:
        return k.bad_header(h, lines, line)
    h.hand_id = (mg or mh)["id"] or mg["gid"]  # type: ignore[index]
    at = next((i for i, ln in enumerate(lines[1:4], 1) if ln.strip()), 1)
    tm = (MG_TABLE if mg else MERGE_TABLE).match(lines[at]) if len(lines) > at else None
    if tm is None:
        h.problem(line + at, k.ProblemCode.BAD_TABLE,
                  "no table line", lines[at] if len(lines) > at else "")  # fmt: skip
        return k.no_record(h)
    if mg is not None:
        return _Head("microgaming", tm["game"].strip(), tm["limit"], "Cash Game" not in tm["kind"],
                     tm["cur"], tm["table"], mg["date"], "%Y-%m-%d %H:%M:%S",
                     tm["sb"], tm["bb"], game_id=mg["gid"] is not None), at  # fmt: skip
    assert mh is not None
    if ip is not None:
        return _Head("ipoker", ip["game"].strip(), ip["limit"] or "PL", ip["tour"] is not None,
                     ip["cur"] or "", tm["table"].strip(), ip["date"], "",
                     ip["sb"], ip["bb"], tm["tid"], tm["buyin"], ip["tz"],
                     ip["uncalled"] is not None), at  # fmt: skip
    if m2 is not None:  # cash only seen: its tournaments' form is not known
        return _Head("merge", m2["game"], m2["limit"], False, m2["cur"], tm["table"].strip(),
                     m2["date"], "%m/%d/%Y %H:%M:%S", m2["sb"], m2["bb"], zone=m2["tz"]), at
    return _Head("merge", mh["game"].strip(), mh["limit"] or "PL", mh["tour"] is not None,
                 mh["cur"] or "", tm["table"].strip(), mh["date"], "%m/%d/%Y %H:%M:%S",
                 mh["sb"], mh["bb"], tm["tid"], tm["buyin"]), at  # fmt: skip


def _parse(h: _PTHand, lines: list[str], line: int, text: str, offset: int) -> k.ParsedHand:
    read = _header(h, lines, line)
    if isinstance(read, k.ParsedHand):
        return read
    head, at = read
    game = _GAMES.get(head.game.lower())
    structure = _STRUCTURES.get(head.limit)
    if game is None or structure is None:
        return k.not_read(h, line, head.game, lines[0], omaha="omaha" in head.game.lower())
    h.table = head.table
    h.suit_first = head.room == "ipoker"
    if head.date_format:
        started = datetime.strptime(head.date, head.date_format)
    else:
        started = local_time(head.date)
    h.unit = k.Unit.CHIPS if head.tourney else k.Unit.CENTS
    numbered = [(i, ln) for i, ln in enumerate(lines) if i not in (0, at)]
    if not k.read_body(h, numbered, line, partial(_line, h), quiet=k.NO_CHIPS,
                       normalised=True):
        return k.no_record(h)
    g = _game(h, head, game, structure)
    if head.game_id and not h.game_ended:
        # the "Game ID" style ends each hand with "End of game N" (and writes no rake)
        h.problem(line + len(lines) - 1, k.ProblemCode.TRUNCATED_HAND,
                  "hand has no 'End of game' line (cut short?)", lines[-1])  # fmt: skip
        return k.no_record(h)
    if head.room == "microgaming" and not head.game_id and h.rake is None and any(h.put.values()):
        # the export ends each Microgaming hand with its "Rake: €0.15" line, after the
        # "wins" lines: a hand without it was cut inside or before them (no rake known)
        h.problem(line + len(lines) - 1, k.ProblemCode.TRUNCATED_HAND,
                  "hand has no 'Rake:' line (cut short?)", lines[-1])  # fmt: skip
        return k.no_record(h)
    if head.room == "merge":
        if head.tourney:
            _stacks_before_blinds(h)
        else:
            h.rake = None  # Merge prints no rake: worked out by finish()
    _returns_in_wins(h, h.rake if h.rake is not None else _rake_of_ends(h))
    if h.total is not None and not head.uncalled:
        h.total = None  # an older iPoker total holds the uncalled bet: not the pot
    return k.finish(  # the record's site is the room that dealt the hand, its format this one
        h, lines, line, site=head.room, game=g, started_at=started, time_zone=head.zone,
        max_seats=None, collect_order=k.CollectOrder.UNORDERED, text=text, offset=offset,
        site_format=SITE,
    )  # fmt: skip


def _game(
    h: k.Hand, head: _Head, game: tuple[k.Variant, bool], structure: k.BettingStructure
) -> k.Game:
    """The game: the header's stakes, else the blinds posted (a short big blind: twice the
    small one, ``inferred`` "blinds"); a limit game's bets are the big blind and twice it."""
    sb = _money(h, head.sb) if head.sb else (h.sb or 0)
    bb = _money(h, head.bb) if head.bb else (h.bb or 2 * sb)
    short = h.sb is not None and (h.bb is None or h.bb < 2 * sb)
    if not head.bb and short:
        bb = 2 * sb
        h.inferred.append("blinds")
    limit = structure is k.BettingStructure.LIMIT
    return k.Game(
        variant=game[0], hi_lo=game[1], structure=structure, small_blind=sb, big_blind=bb,
        currency="CHIPS" if head.tourney else k.CURRENCY_SYMBOLS.get(head.cur, "USD"),
        qualifier=8, tournament_id=head.tid or ("" if head.tourney else None),
        buy_in=head.buyin, small_bet=bb if limit else None, big_bet=2 * bb if limit else None,
    )  # fmt: skip


def _stacks_before_blinds(h: k.Hand) -> None:
    """Merge's tournament balances are written after the blinds ("$0.00 in chips" for a
    player whose blind put him all-in, as in Merge's own XML): each seat's stack at the
    start of the hand is the balance plus what the player posted."""
    posted: dict[str, int] = {}
    for a in h.actions:
        if a.kind is k.ActionKind.POST:
            posted[a.player] = posted.get(a.player, 0) + a.amount
    h.seats = [replace(s, stack=s.stack + posted.get(s.player, 0)) for s in h.seats]
    for s in h.seats:
        h.stacks[s.player] = s.stack


def _rake_of_ends(h: _PTHand) -> int | None:
    """The rake the "Game ID" style's stacks "at end" give (what every seat had less what
    they have at the end, minor units), or ``None`` when a seat writes no end."""
    if not h.seats or any(s.player not in h.ends for s in h.seats):
        return None
    return sum(s.stack for s in h.seats) - sum(h.ends.values())


def _returns_in_wins(h: k.Hand, rake: int | None) -> None:
    """Take the uncalled bet's return out of the "wins" lines that hold it (module
    docstring): only when the amounts prove it (``rake``: the hand's, when known)."""
    back = k.excess_returned(h.put, h.returned, h.actions)
    if back is None:
        return
    mine = [i for i, c in enumerate(h.collects) if c.player == back.player]
    same = [i for i in mine if h.collects[i].amount == back.amount]
    if same and len(h.collects) > 1:
        c = h.collects.pop(same[-1])
        h.returned.append(k.Returned(c.player, c.amount, c.line))
    elif mine and rake is not None:
        paid = sum(c.amount for c in h.collects) + rake
        last = h.collects[mine[-1]]
        if paid == sum(h.put.values()) and last.amount > back.amount:
            h.collects[mine[-1]] = k.Collect(last.player, last.amount - back.amount, last.pot,
                                           last.board, last.line)  # fmt: skip
            h.returned.append(back)
            h.inferred.append("returned")


def _line(h: _PTHand, ln: str, lno: int) -> bool:
    """Read one body line into the hand; ``False`` when no rule reads it."""
    m = MG_SEAT.match(ln) if " sitting in seat " in ln else None
    if m is None and ln.startswith("Seat ") and not h.actions:
        m = MERGE_SEAT.match(ln)
    if m is not None:
        seat = h.seat_number(m["seat"])
        h.seat(seat, m["name"].strip(), _money(h, m["stack"]), lno)
        if m.groupdict().get("end"):
            h.ends[m["name"].strip()] = _money(h, m["end"])
        if m["dealer"]:
            h.button = seat
        return True
    if ln.startswith("*"):
        if ln.startswith(("** Dealing cards to ", "** Dealing card to ")):
            at = ln.index(" to ") + 4  # "card to": the "Game ID" style's
            name = h.name(ln[at:], ":")
            if name is None:
                return False
            h.hero = name
            h.hole[name] = _read_cards(h, ln[at + len(name) + 1 :])
            return True
        if ln in ("*** HOLE CARDS ***", "*** SUMMARY ***"):
            return True
        s = _MG_STREET.match(ln) or _MERGE_STREET.match(ln)
        if s is None:
            return False
        cards = _read_cards(h, s["cards"])
        if h.board and len(cards) > len(h.board) and list(cards[: len(h.board)]) == h.board:
            cards = cards[len(h.board) :]  # a 2013 iPoker archive prints the whole board
        h.deal(k.STREETS[s["street"].lower()], cards)
        return True
    if _SERVER.fullmatch(ln):  # a 2013 iPoker archive's "Server poker2.ipoker.com"
        return True
    if ln == f"End of game {h.hand_id}":  # the "Game ID" style's last line
        h.game_ended = True
        return True
    if ln.startswith("Rake: "):
        amount = ln[6:].strip()
        if h.unit is k.Unit.CENTS and _CENTS.search(amount) is None:
            return False  # "Rake: €0.1", "Rake: €0": the last line cut inside its amount
        h.rake = (h.rake or 0) + _money(h, amount)
        return True
    if ln.startswith("Total pot "):
        t = _IPOKER_TOTAL.match(ln)
        if t is None:
            return False
        h.rake = _money(h, t["r"]) if t["r"] else 0
        h.total, h.total_line = _money(h, t["t"]) + h.rake, lno
        return True
    if ln.startswith("Dealt to "):
        name = h.name(ln[9:], " ")
        if name is None:
            return False
        h.hero = name
        h.hole[name] = _read_cards(h, ln[9 + len(name) :].strip(" []"))
        return True
    return k.player_line(h, ln, lno, _player, _PLAYER, _PLAYER)


def _player(h: _PTHand, p: str, kind: str, m: Any, lno: int) -> None:
    """What a seated player did: a post, a betting action, a show or a win."""
    if kind == "sitout":  # not dealt in, unless the player plays (Hand.final_seats)
        h.sit_out(p)
    elif kind == "fold":
        h.fold(p, lno)
    elif kind == "check":
        h.check(p, lno)
    elif kind == "show":
        cards = m["cards"].replace(",", " ").strip()
        if cards:
            desc = m.groupdict().get("desc")
            h.show(p, k.Show(p, _read_cards(h, cards), desc,
                           mucked=m["how"].lower().startswith("mucks"), line=lno))  # fmt: skip
    elif kind != "event":
        a = _money(h, m["a"])
        if kind == "sb" and h.sb is not None:  # a second small blind: the big one, short
            h.post(p, k.PostKind.BIG_BLIND, a, lno)
        elif kind == "post_bb" and h.bb is not None and h.sb is not None and a == h.bb + h.sb:
            h.dead_small = h.sb  # "Post BB $1.50" at $0.50/$1: a dead small blind and the big
            h.post_both(p, a, lno)
        elif kind == "post_bb":
            h.post(p, k.PostKind.BIG_BLIND, a, lno)
        elif kind in ("sb", "bb", "ante"):
            post = _POSTS.get(kind, k.PostKind.ANTE)
            h.post(p, post, a, lno)
        elif kind == "call":
            h.call(p, a, lno)
        elif kind == "bet":
            h.bet(p, a, lno)
        elif kind == "raise":  # the chips added (Microgaming's "raised to", iPoker's "Raise")
            h.raise_to(p, h.bets.get(p, 0) + a, lno)
        elif kind == "raise_to":  # iPoker's "Raise (NF) $X": to a street total of X
            h.raise_to(p, a, lno)
        elif kind == "allin":
            h.all_in(p, a, lno)
        elif kind == "back":
            h.returned.append(k.Returned(p, a, lno))
        elif kind == "win":
            pot = 0 if not m["pot"] or m["pot"] == "main pot" else int(m["n"] or 1)
            h.collects.append(k.Collect(p, a, pot, 0, lno))


#: The "Game ID" style's hand ends at its "End of game N" line: a line after it (blank
#: lines aside) starts a hand text of its own, so a hand whose header is damaged ("** Game
#: ID N Version:3 sta*ting": no start) is that text's problem, not lost inside the hand
#: before (which then read its lines as its own, or ended at its own damaged header).
#: The Merge and iPoker styles' second line, "Table Tropicana - Fast IX (80300001), Seats
#: 6", "Table Steyr", is on no other line of a hand: the line before one that is not a
#: hand text's second line (a damaged header: "Merge Gxme #80300001-18 | ...") starts a
#: hand text, where it and its hand went into the hand before (no "End of game" there).
#: Nor does a hand hold, after its header, a line with a date and time: such a line (a
#: header of any style with a damaged byte, "** Game ID 4908800001 Version:3 sta<ting -
#: 2013-05-28 17:02:10", written straight after a Merge hand's last line) starts one too
_END = k.HandEnd(
    "End of game ", re.compile("(?!)"), re.compile(r".*\d[/-]\d\d?[/-]\d+ \d\d?:\d\d:\d\d"),
    second=("Table ",), header_breaks=True,
)

#: PokerTracker's converted text (Microgaming, Merge and iPoker exports): a file is its
#: when a line of its head starts with one of its headers ("** Hand # 5029053937
#: starting - ...", "MERGE_GAME #4927169400080: ...", "GAME #2607739781: ..."); hands
#: are split at each "** Hand # N starting", "MERGE_GAME #N:" or "GAME #N" line.
FORMAT = replace(
    k.text_format(
        SITE, "PokerTracker export (Microgaming, Merge, iPoker)",
        "Omaha and Omaha hi/lo; pot limit, no limit and fixed limit; cash and tournaments",
        HAND_START, _parse, header=_ANY_START, hand=_PTHand, end=_END,
    ),
    rooms=("microgaming", "merge", "ipoker"),
)  # fmt: skip
parse = FORMAT.parse
