"""OnGame network text hand histories of the Omaha family.

The format, as the site writes it::

    ***** History for hand R5-81867677-657 *****
    Start hand: Mon Sep 13 00:27:13 GMT+0100 2010
    Table: Tilburg [81867677] (LIMIT OMAHA_HI $0.05/$0.10, Real money)
    User: Xjty
    Button: seat 3
    Players in round: 3
    Seat 4: Xjty ($4.95)
    Xjty posts small blind ($0.02)
    ---
    Dealing pocket cards
    Dealing to Xjty: [Jd, Td, 8h, Tc]
    achegikk calls $0.05                       (the chips added)
    Clexwg1 raises $2.50 to $2.50              (chips added, then the street total)
    IYPF98DYCF calls $0.10 [all in]
    --- Dealing flop [4h, 7c, 2c]
    --- Dealing turn [Kc]                      (only the new card)
    ---
    Summary:
    Main pot: $0.55 won by achegikk ($0.27), IYPF98DYCF ($0.26)
    Rake taken: $0.02
    Seat 8: IYPF98DYCF ($1.75), net: +$0.01, [7h, Qs, 9c, Kd] (TWO_PAIR KING, SEVEN)
    ***** End of hand R5-81867677-657 *****

Quirks read here:

* No line returns an uncalled bet: "Main pot: $6" is the pot after the excess went
  back. The record returns it (``Returned`` with ``inferred``; ``inferred`` names
  "returned").
* Each pot line gives the pot before rake and what each winner got ("won by A ($a),
  B ($b)"); the winnings of a pot are its size after rake, so they are the record's
  ``pot_parts`` (net) when they add up to the pots less the rake; the total pot is
  the sum of the pots printed. Side pots are read as "Side pot N: $x won by ..." (the
  corpus has none; see the fixtures). The lines name no half of a hi/lo pot: the audit
  compares each player's amount from the pot.
* Shown cards are only in the summary's seat lines, with the site's category and
  ranks in capitals ("FULL_HOUSE JACK, FOUR", "STRAIGHT EIGHT", "PAIR ACE"): typed
  here (:func:`read_high`). Every hand ends with "***** End of hand ... *****": one
  without it was cut short (its seat lines, and so its shown cards, may be missing).
* Fixed-limit headers name the small and big bet ("LIMIT OMAHA_HI $0.05/$0.10", blinds
  $0.02/$0.05 posted); pot-limit headers name the blinds ("$0.25/$0.50"). When they
  are equal ("$0.50/$0.50") the small blind is written "posts big blind": the first
  post of the hand, of that amount, is typed as the small blind. Any later "posts big
  blind" is a big blind (a player coming in posts one).
* The start time carries its zone: "GMT+0100" (an offset) or an abbreviation ("EEST",
  "CET"); ``time_zone`` is the text and ``started_at_utc`` the moment in UTC (``None``
  for an abbreviation not known here).
* Hold'em and other games are skipped (``skipped_game``).
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from typing import Any

from hhtools.grammars import _kit as k
from hhtools.grammars._dead import join_dead, live_returns, post_both_blinds

__all__ = ["FORMAT", "HAND_START", "read_high"]

SITE = "ongame"
HAND_START = re.compile(r"\ufeff?\*{5} History for hand ")
_ANY_START = re.compile(r"^\s*\ufeff?\*{5} History for hand [RT]\d+-\d+-\d+", re.MULTILINE)

FIRST = k.rule("first", r"\ufeff?\*{5} History for hand (?P<id>[A-Z]\d*-[\d-]+)"
              r"(?: \(TOURNAMENT: (?:\"(?P<tname>[^\"]*)\", (?P<tid>[^,]+), "
              r"buy-in: (?P<buyin>[^)]*))?\))? \*{5}\s*$")  # fmt: skip
START = k.rule("start", r"Start hand: \w{3} (?P<mon>\w{3}) (?P<day>\d\d?) "
              r"(?P<clock>\d\d?:\d\d:\d\d) (?P<zone>\S+) (?P<year>\d{4})\s*$")  # fmt: skip
TABLE = k.rule("table", r"Table: (?P<table>.+?) \[(?P<tid>\d+)\] \((?P<limit>[A-Z_]+) "
              r"(?P<game>[A-Z_0-9]+) (?P<cur>[$€£]?)(?P<sb>[\d.,]+)/[$€£]?(?P<bb>[\d.,]+)"
              r"(?:, ante: (?P<ante>[$€£]?[\d.,]+))?, (?P<money>[A-Za-z ]+)\)\s*$")  # fmt: skip
_AMT = r"(?P<a>[$€£]?[\d.,]+)"
_ALLIN = r"(?P<allin> \[all in\])?$"
#: what a player did: the line after "<player> ", by the rule's kind
RULES = tuple((kind, k.rule(kind, pattern)) for kind, pattern in (
    ("sb", r"posts small blind \(" + _AMT + r"\)" + _ALLIN),
    ("bb", r"posts big blind \(" + _AMT + r"\)" + _ALLIN),
    ("both", r"posts small (?:&|and) big blinds? \(" + _AMT + r"\)" + _ALLIN),
    ("ante", r"posts ante \(" + _AMT + r"\)" + _ALLIN),
    ("dead", r"posts dead blind \(" + _AMT + r"\)" + _ALLIN),
    ("call", r"calls " + _AMT + _ALLIN),
    ("bet", r"bets " + _AMT + _ALLIN),
    ("raise_to", r"raises " + _AMT + r" to (?P<to>[$€£]?[\d.,]+)" + _ALLIN),
    ("check", r"checks$"),
    ("fold", r"folds$"),
    ("sitout", r"sits out$"),
    ("sitout", r"is sitting out$"),
    ("event", r"sits in$"),
    ("event", r"is disconnected$"),
    ("event", r"has (?:timed out|left the table|joined the table|returned)$"),
))  # fmt: skip
_PLAYER = k.by_word(RULES)
#: the other lines before the summary, by the rule's kind
_BODY = k.rule_table(
    ("street", r"--- Dealing (?P<street>flop|turn|river) \[(?P<cards>[^\]]*)\]\s*$"),
    ("noise", r"---$"),
    ("seat", r"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[$€£]?[\d.,]+)\)\s*$"),
    ("hero", r"User: \s*(?P<name>.*?)$"),
    ("button", r"Button: seat \s*(?P<seat>.*?)$"),
    ("noise", r"Players in round: \d+(?: \(\d+\))?$"),
    ("noise", r"Dealing pocket cards$"),
    ("summary", r"Summary:$"),
    ("dealt", r"Dealing to (?P<name>.*): \[(?P<cards>.*)$"),
    ("dealt", r"Dealing to (?P<name>.*)$"),
)  # fmt: skip
#: the summary's lines, by the rule's kind
_SUMMARY = k.rule_table(
    ("seat", r"Seat (?P<seat>\d+): (?P<name>.+?) \([$€£]?[\d.,]+\)"
             r"(?:, net: [-+]?[$€£]?[\d.,]+)?"
             r"(?:, \[(?P<cards>[^\]]*)\](?: \((?P<desc>[^)]*)\))?)?\s*$"),
    ("pot", r"Main pot: (?P<gross>[$€£]?[\d.,]+) won by (?P<won>.+?)\s*$"),
    ("pot", r"Side pot(?: ?#?(?P<n>\d+))?: (?P<gross>[$€£]?[\d.,]+) won by (?P<won>.+?)\s*$"),
    ("rake", r"Rake taken: (?P<a>[$€£]?[\d.,]+)\s*$"),
    ("end", r"\*\*\*\*\* End of hand .*$"),
)  # fmt: skip
WINNER = re.compile(r"(?P<name>.+?) \((?P<a>[$€£]?[\d.,]+)(?: (?P<half>High|Low))?\)(?:, |$)")
_HALVES = {"High": k.Half.HIGH, "Low": k.Half.LOW}
_STRUCTURES = k.structure_names("_", str.upper)
_GAMES = {"OMAHA_HI": (k.Variant.OMAHA, False), "OMAHA": (k.Variant.OMAHA, False),
          "OMAHA_HI_LO": (k.Variant.OMAHA, True),
          "OMAHA_HILO": (k.Variant.OMAHA, True)}  # fmt: skip
_POSTS = {"sb": k.PostKind.SMALL_BLIND, "bb": k.PostKind.BIG_BLIND,
          "both": k.PostKind.DEAD_SMALL_AND_BIG, "ante": k.PostKind.ANTE,
          "dead": k.PostKind.ANTE}  # fmt: skip
_MONTHS = {m: i for i, m in enumerate(
    ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1
)}  # fmt: skip
#: zone abbreviations the site prints, as hours east of UTC
_ZONES = {"GMT": 0, "UTC": 0, "WET": 0, "BST": 1, "WEST": 1, "CET": 1, "CEST": 2, "EET": 2,
          "EEST": 3, "MSK": 3, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "PST": -8,
          "PDT": -7}  # fmt: skip
#: a hand's category by the site's name ("THREE_OF_A_KIND", "TWO_PAIRS")
_CATEGORIES = k.category_names("_", str.upper, {
    "pair": k.HandCategory.ONE_PAIR, "two pairs": k.HandCategory.TWO_PAIR,
    "royal flush": k.HandCategory.STRAIGHT_FLUSH,
})  # fmt: skip
_NAMED = {k.HandCategory.FULL_HOUSE: 2, k.HandCategory.TWO_PAIR: 2}


def read_high(text: str | None) -> k.ClaimedHigh | None:
    """Type OnGame's words for a high hand ("FULL_HOUSE JACK, FOUR"); ``None`` for
    words it does not know.

    >>> read_high("TWO_PAIR KING, SEVEN")
    ClaimedHigh(category=<HandCategory.TWO_PAIR: 'two pair'>, ranks=(13, 7))
    >>> read_high("STRAIGHT EIGHT").ranks
    (8,)
    >>> read_high("ROYAL_FLUSH").ranks
    (14,)
    """
    if not text:
        return None
    head, _, rest = text.strip().partition(" ")
    category = _CATEGORIES.get(head.upper())
    if category is None:
        return None
    if head.upper() == "ROYAL_FLUSH":
        return k.ClaimedHigh(category, (14,))
    words = [w.strip().lower() for w in rest.split(",") if w.strip()]
    try:
        ranks = tuple(k.RANK_WORDS[w.split()[0]] for w in words)
    except (KeyError, IndexError):
        return None
    need = _NAMED.get(category, 1)
    if len(ranks) < need:
        return None
    return k.ClaimedHigh(category, ranks[:need])


class _Hand(k.Hand):
    """A hand being read, with what OnGame prints of its own: the header's stakes and
    each pot's size before rake."""

    def __init__(self, file: str, line: int) -> None:
        super().__init__(file, line)
        self.pots: dict[int, int] = {}  # pot number (0 the main pot) -> size before rake
        self.stakes = (0, 0)  # the header's two amounts (blinds, or limit's bets)
        self.end_read = False  # its "***** End of hand" line read


def _parse(h: _Hand, lines: list[str], line: int, text: str, offset: int) -> k.ParsedHand:
    """Read one hand (``lines``, the first on file line ``line``) into a record."""
    head = _header(h, lines, line)
    if isinstance(head, k.ParsedHand):
        return head
    st, tb, game, tid = head
    if not k.read_lines(h, lines, 3, line, _line):
        return k.no_record(h)
    cut = None if h.summary and h.pots else "hand has no summary (cut short?)"
    if cut is None and not h.end_read:  # the seat lines (the only shown cards) may be missing
        cut = "hand has no 'End of hand' line (cut short?)"
    missing = "summary has no 'Rake taken' line" if h.rake is None else None
    if k.incomplete(h, lines, line, cut_short=cut, missing=missing, seats_first=False):
        return k.no_record(h)
    g = _game(h, tb, game, tid)
    returned = live_returns(h, g.big_blind)  # a dead small blind is never returned
    total = sum(h.pots.values())
    parts = _net_parts(h.collects, total - (h.rake or 0))
    started, zone, started_utc = _when(st)
    return k.ParsedHand(k.build_record(
        h, site=SITE, game=g, line=line, text=text, offset=offset, started_at=started,
        time_zone=zone, started_at_utc=started_utc, returned=returned, total_pot=total,
        pot_parts=parts, pot_parts_basis=k.PotPartsBasis.NET if parts else None,
        collect_order=k.CollectOrder.UNORDERED,
    ), tuple(h.problems), None, h.hand_id)  # fmt: skip


def _header(h: _Hand, lines: list[str], line: int) -> k.ParsedHand | tuple[Any, Any, Any, Any]:
    """The three header lines: the "Start hand" and "Table" lines' results, the game and
    the tournament (id, buy-in) or ``None``; a :class:`ParsedHand` for a hand not read."""
    first = k.rule_match(FIRST, lines[0])
    if first is None:
        return k.bad_header(h, lines, line)
    h.hand_id = first["id"]
    st = k.rule_match(START, lines[1]) if len(lines) > 1 else None
    tb = k.rule_match(TABLE, lines[2]) if len(lines) > 2 else None
    if st is None or tb is None:
        h.problem(line, k.ProblemCode.BAD_HEADER, "no 'Start hand' and 'Table' lines", lines[0])
        return k.no_record(h)
    game, structure = _GAMES.get(tb["game"]), _STRUCTURES.get(tb["limit"])
    if game is None or structure is None:
        omaha = "OMAHA" in tb["game"]
        named = f"{tb['limit']} {tb['game']}" if omaha else tb["game"]
        return k.not_read(h, line + 2, named, lines[2], omaha=omaha)
    tournament = None
    if first["tid"] is not None:
        tournament = (first["tid"].strip(), first["buyin"].strip())
    elif "(TOURNAMENT:" in lines[0]:  # a tournament whose header names nothing
        tournament = ("", "")
    h.unit = k.Unit.CHIPS if tournament else k.Unit.CENTS
    h.stakes = (h.money(tb["sb"]), h.money(tb["bb"]))
    h.table = tb["table"]
    return st, tb, (*game, structure), tournament


def _game(
    h: _Hand, tb: Any, game: tuple[k.Variant, bool, k.BettingStructure],
    tournament: tuple[str, str] | None,
) -> k.Game:  # fmt: skip
    """The game of the "Table:" line; fixed limit's stakes are the bets, the blinds the
    posts (``inferred`` "blinds" when no big blind was posted)."""
    variant, hi_lo, structure = game
    small_bet = big_bet = None
    if structure is k.BettingStructure.LIMIT:
        small_bet, big_bet = h.stakes
        sb, bb = k.limit_blinds(h, small_bet)
    else:
        sb = h.sb if h.sb is not None else h.stakes[0]
        bb = h.bb if h.bb is not None else h.stakes[1]
    if h.bb is None:
        h.inferred.append("blinds")
    real = tb["money"].strip().lower().startswith("real")
    currency = {"€": "EUR", "£": "GBP"}.get(tb["cur"], "USD") if real else "PLAY"
    tid, buy_in = tournament or (None, None)
    return k.Game(
        variant=variant, hi_lo=hi_lo, structure=structure, small_blind=sb, big_blind=bb,
        currency="CHIPS" if tid is not None else currency, qualifier=8, small_bet=small_bet,
        big_bet=big_bet, tournament_id=tid, buy_in=buy_in or None,
        ante=h.money(tb["ante"]) if tb["ante"] else 0,
    )  # fmt: skip


def _net_parts(collects: list[k.Collect], net: int) -> tuple[int, ...]:
    """What each pot paid, main pot first, when every pot from the main one up was paid
    and the payments add up to ``net`` (the pots less the rake), else ``()``."""
    paid: dict[int, int] = {}
    for c in collects:
        paid[c.pot] = paid.get(c.pot, 0) + c.amount
    if sorted(paid) != list(range(len(paid))) or sum(paid.values()) != net:
        return ()
    return tuple(paid[i] for i in range(len(paid)))


def _when(st: Any) -> tuple[datetime, str, datetime | None]:
    """The start time as printed, its zone text, and the moment in UTC (or ``None``)."""
    hh, mi, ss = st["clock"].split(":")
    local = datetime(int(st["year"]), _MONTHS[st["mon"]], int(st["day"]),
                     int(hh), int(mi), int(ss))  # fmt: skip
    zone = st["zone"]
    if zone not in _ZONES:  # an offset ("GMT+0100"), read by the kernel's clock
        return local, zone, k.utc(local, zone)
    return local, zone, (local - timedelta(hours=_ZONES[zone])).replace(tzinfo=timezone.utc)


def _line(h: _Hand, ln: str, lno: int) -> bool:
    """Read one body line into the hand; ``False`` when no rule reads it."""
    if h.summary:
        return _summary(h, ln, lno)
    found = k.match_player(h, ln, _PLAYER)
    if found is not None:
        _player(h, *found, lno)
        return True
    line_of = _BODY.match(ln)
    if line_of is None:
        return False
    kind, m = line_of
    if kind == "street":
        h.deal(k.STREETS[m["street"]], k.cards(m["cards"].replace(",", " ")))
    elif kind == "seat":
        if h.actions:
            return False
        h.seat(h.seat_number(m["seat"]), m["name"], h.money(m["stack"]), lno)
    elif kind == "hero":
        h.hero = m["name"]
    elif kind == "button":
        h.button = h.seat_number(m["seat"])
    elif kind == "summary":
        h.summary = True
    elif kind == "dealt":
        _dealt(h, m, ln, lno)
    return True


def _dealt(h: _Hand, m: Any, ln: str, lno: int) -> None:
    """ "Dealing to <hero>: [cards]": the hero and the hole cards."""
    name = m["name"]
    if m["cards"] is None or name not in h.stacks:
        h.problem(lno, k.ProblemCode.UNKNOWN_PLAYER, f"not seated: {ln[11:51]}", ln)
        return
    h.hero = name
    h.hole[name] = k.cards(m["cards"].rstrip("]").replace(",", " "))


def _player(h: _Hand, p: str, kind: str, m: Any, lno: int) -> None:
    """A line of what player ``p`` did; amounts are chips added, raises street totals."""
    if kind == "sitout":  # not dealt in, unless the player plays (Hand.final_seats)
        h.sit_out(p)
        return
    if kind in _POSTS:
        a = h.money(m["a"])
        # Stakes "$0.50/$0.50": the small blind equals the big and is written "posts
        # big blind"; the first such post, before any other, is the small blind.
        small = kind == "bb" and not h.actions and h.stakes[0] == h.stakes[1] == a
        if kind == "both":  # "posts small & big blinds ($0.75)": only the big blind is live
            post_both_blinds(h, p, a, h.bb if h.bb is not None else h.stakes[1], lno)
        elif kind in ("bb", "dead") and join_dead(h, p, _POSTS[kind], a, lno, kind == "dead"):
            pass  # "posts big blind ($0.10)", "posts dead blind ($0.05)": one post of both
        else:
            h.post(p, k.PostKind.SMALL_BLIND if small else _POSTS[kind], a, lno)
    elif kind == "raise_to":
        h.raise_to(p, h.money(m["to"]), lno, bool(m["allin"]))
    elif kind in ("call", "bet"):
        h.betting(kind, p, h.money(m["a"]), lno, bool(m["allin"]))
    elif kind != "event":
        h.betting(kind, p, 0, lno)


def _summary(h: _Hand, ln: str, lno: int) -> bool:
    """Read one summary line (pots, rake, the seats' shown cards)."""
    found = _SUMMARY.match(ln)
    if found is None:
        return False
    kind, m = found
    if kind == "seat" and m["cards"]:
        name, cards = m["name"], k.cards(m["cards"].replace(",", " "))
        h.show(name, k.Show(name, cards, m["desc"], line=lno, claimed_high=read_high(m["desc"])))
    elif kind == "pot":
        pot = 0 if ln.startswith("Main") else int(m["n"] or 1)
        h.pots[pot] = h.money(m["gross"])
        h.total_line = h.total_line or lno
        won = list(WINNER.finditer(m["won"]))
        if sum(len(w[0]) for w in won) != len(m["won"]):  # words between the winners
            return False
        for w in won:
            half = _HALVES.get(w["half"]) if w["half"] else None
            h.collects.append(k.Collect(w["name"], h.money(w["a"]), pot, 0, lno, half))
    elif kind == "rake":
        h.rake = h.money(m["a"])
    elif kind == "end":
        h.end_read = True
    return True


#: Nothing follows a hand's "***** End of hand ..." line but blank lines and the next
#: header: a line after it (a header with a damaged byte, "***** History for ha?d
#: R5-90000003-7 *****") starts a hand text of its own, reported, where it was read into
#: the hand before (and lost with it unread when that one was a Hold'em hand, skipped)
_END = k.HandEnd("***** End of hand", re.compile(r"(?!)"))

#: The OnGame network site format.
FORMAT = k.text_format(
    SITE, "OnGame",
    "Omaha and Omaha hi/lo 8 or better; fixed limit, pot limit and no limit; cash",
    HAND_START, _parse, header=_ANY_START, hand=_Hand, end=_END,
)  # fmt: skip
