"""Merge Gaming Network (Carbon Poker and its skins) hand histories: XML, one ``<game>``
element per hand, after a ``<description>`` of the table's game.

The format (as the Merge client wrote it, 2010-2012; files end in .txt or .xml)::

    <description type="Omaha H/L8 Tournament" stakes="Pot Limit"/>   once per file
    <game id="31226377-1375" starttime="20110128163339" numholecards="4" gametype="9"
          seats="6" realmoney="true" data="20110128|Uluru (31226377)|31226377|31226377-1375|false">
     <players dealer="0">                               button: a seat index
      <player seat="0" nickname="A" balance="$196.18" dealtin="true" />
     <round id="BLINDS" sequence="1">
      <event sequence="1" type="SMALL_BLIND" timestamp="..." player="1" amount="0.10"/>
     <round id="PREFLOP"> ... <cards type="HOLE" cards="2s,8h,3c,2h" player="2" hand="..."/>
     <round id="POSTFLOP|POSTTURN|POSTRIVER"> ... <cards type="COMMUNITY" cards="3h,8s,Ad"/>
     <round id="SHOWDOWN"> <cards type="SHOWN" cards="Kh,2d,Ah,4d" player="0"/>
     <round id="END_OF_GAME|END_OF_FOLDED_GAME">
      <winner amount="4.04" uncalled="false" potnumber="1" player="2" hand="Full House - ..."/>

Quirks read here:

* Players are named by seat *index* (0-based) in events, cards and winners; seats are
  recorded 1-based (index + 1), the button likewise.
* ``description`` names the game ("Omaha", "Omaha H/L8", a mix such as "HA" whose
  Omaha hands say ``multigametype="4"``, or 34/35/37 for Omaha H/L8), " Tournament"
  for tournaments, and the stakes: "No Limit ($0.10/$0.25)", "Pot Limit ($0.50/$1)",
  "Limit $1/$2" (the bets: the blinds are then the posts), "Pot Limit" alone in
  tournaments (the blinds are the posts). Other games are skipped.
* Amounts: cash in dollars (``realmoney="false"`` is play money, in chips), tournaments
  in chips written with cents ("$1490.00").
* Tournament balances are written *after* the hand's blinds and antes were taken (the
  first hand of a 1500-chip sit-and-go lists its blinds at 1490 and 1480): the stack
  recorded is the balance plus the player's posts. Cash balances are before the posts.
* CALL, BET, ALL_IN amounts are the chips the action adds; RAISE is the street total
  ("raise to") from 2010-09-08 on, and the chips added before (the client changed then;
  the date is the hand's start, Eastern time). RETURN_BLIND is a player coming back
  who posts: more than the big blind is the big blind live plus a dead small blind.
* There is no rake line and no uncalled-bet line: a ``winner`` amount includes the
  uncalled part of that player's bet (an ``uncalled="true"`` winner, when written, is
  that return itself). The return is inferred (the excess of the largest contribution
  over the next), taken off that player's winnings, and the rake is the pot less what
  the winners were paid (cash); tournaments take none. Each pot's winners are paid
  after that pot's rake, whose split over the pots is not written: what each pot paid
  is the record's ``pot_parts`` (net), not the rake spread by the pots' sizes (a main
  pot raked $2 and an unraked side pot were four false findings of 28 and 29 cents).
* ``potnumber`` numbers the pots from 1 (main pot); ``pottype`` "h"/"l" is read as the
  high or low half, "n" as the whole pot. The winner's ``hand`` ("Full House - Eights
  over Threes", "Two Pair Eights and Threes", "Pair of Nines", "Ten High") is the
  site's description of that player's high hand.
* ``starttime`` is Eastern time (the events' millisecond timestamps are UTC and agree).
* CHAT, SHOW, MUCK, PLAYER_OUT, LEAVE, (DIS/RE)CONNECTED events move no chips;
  SIT_OUT during the betting is a fold; GAME_CANCELLED cancels the hand. An element of
  a round other than ``event``, ``cards`` and ``winner`` is not known: an
  ``unrecognised_line`` problem (the hand is read in part).
* Nicknames may hold HTML named references (``&eacute;``): read as what they name
  (:func:`hhtools.grammars._xml.xml_text`).

Files are split by :func:`hhtools.grammars._xml.split_elements` (streamed line by line,
the ``<description>`` carried to each game) and each game is read with lxml.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from lxml import etree

from hhtools.grammars import _kit as k

__all__ = ["FORMAT", "read_claim"]

_RECOGNISE = re.compile(r"<description\s+type=\"[^\"]*\"\s+stakes=|<game\s+id=\"\d+-\d+\"\s+starttime=")
_ID = re.compile(r"<game\s+id=\"([^\"]*)\"")
_STAKES = re.compile(r"\$?([\d.,]+)\s*/\s*\$?([\d.,]+)")
_ET = ZoneInfo("America/New_York")
_RAISE_TO_FROM = datetime(2010, 9, 8)
_STREET_OF = {"BLINDS": k.Street.PREFLOP, "PREFLOP": k.Street.PREFLOP, "POSTFLOP": k.Street.FLOP,
              "POSTTURN": k.Street.TURN, "POSTRIVER": k.Street.RIVER}  # fmt: skip
_MIXES = frozenset({"HA", "HO", "RASH", "HORSE", "SHOE", "HOSE", "HAR"})
_MULTI = {"4": False, "34": True, "35": True, "37": True}
_QUIET = frozenset({"CHAT", "SHOW", "MUCK", "PLAYER_OUT", "LEAVE", "DISCONNECTED",
                    "RECONNECTED", "TIMEOUT", "SIT_IN"})  # fmt: skip
_RANK = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
         "nine": 9, "ten": 10, "jack": 11, "queen": 12, "king": 13, "ace": 14}  # fmt: skip
_CLAIMS = (
    (k.HandCategory.FOUR_OF_A_KIND, re.compile(r"^four of a kind (\w+?)e?s$")),
    (k.HandCategory.FULL_HOUSE, re.compile(r"^full house - (\w+?)e?s over (\w+?)e?s$")),
    (k.HandCategory.THREE_OF_A_KIND, re.compile(r"^three of a kind (\w+?)e?s$")),
    (k.HandCategory.TWO_PAIR, re.compile(r"^two pair (\w+?)e?s and (\w+?)e?s$")),
    (k.HandCategory.ONE_PAIR, re.compile(r"^pair of (\w+?)e?s$")),
    (k.HandCategory.HIGH_CARD, re.compile(r"^(\w+) high$")),
)


def read_claim(text: str | None) -> k.ClaimedHigh | None:
    """Merge's words for a high hand, typed; ``None`` for wording not known here.

    >>> read_claim("Full House - Eights over Threes")
    ClaimedHigh(category=<HandCategory.FULL_HOUSE: 'full house'>, ranks=(8, 3))
    >>> read_claim("Two Pair Queens and Fours").ranks, read_claim("Pair of Sixes").ranks
    ((12, 4), (6,))
    >>> read_claim("Ten High").ranks, read_claim("Straight - Ten High") is None
    ((10,), True)
    """
    if not text:
        return None
    words = " ".join(text.split()).lower()
    for category, pattern in _CLAIMS:
        m = pattern.match(words)
        if m is None:
            continue
        ranks = []
        for g in m.groups():
            r = _RANK.get(g) or _RANK.get(g + "e")  # "thre(es)" -> three
            if r is None:
                return None
            ranks.append(r)
        return k.ClaimedHigh(category, tuple(ranks))
    return None


_VARIANTS = {"4": k.Variant.OMAHA, "5": k.Variant.OMAHA5, "6": k.Variant.OMAHA6}
_LIMITS = {"No Limit": k.BettingStructure.NO_LIMIT, "Pot Limit": k.BettingStructure.POT_LIMIT,
           "Limit": k.BettingStructure.LIMIT}  # fmt: skip
_POSTS = ("SMALL_BLIND", "BIG_BLIND", "INITIAL_BLIND", "RETURN_BLIND", "ANTE", "ALL_IN")


class _Game(k.XmlHand):
    """A Merge game being read: the kernel's hand and what ends it."""

    def start(self) -> None:
        self.winners: list[tuple[etree._Element, int]] = []
        self.over = False  # an END_OF_GAME (or END_OF_FOLDED_GAME) round was read
        self.cancelled = False  # a GAME_CANCELLED event was read
        self.blinds_round = False  # reading the BLINDS round


def _read(h: _Game, game: etree._Element, stop: k.Stop) -> k.ParsedHand:
    """One ``<game>``: its game (from the ``<description>``), the seats, the rounds,
    the record."""
    desc = k.context_attrs(h.ht.text, "description")
    kind = desc.get("type", "").strip()
    tourney = kind.endswith(" Tournament")
    hi_lo = _hi_lo(kind.removesuffix(" Tournament").strip(), game)
    if hi_lo is None:
        return _not_read(stop, kind, desc, game)
    variant = _VARIANTS.get(game.get("numholecards", "4"))
    if variant is None:
        return stop(k.ProblemCode.UNKNOWN_GAME,
                    f"Omaha with {game.get('numholecards', '4')!r} hole cards")  # fmt: skip
    stakes = desc.get("stakes", "")
    structure = _LIMITS.get(stakes.split("(")[0].split("$")[0].split(" Level")[0].strip())
    if structure is None:
        return stop(k.ProblemCode.UNKNOWN_GAME, f"betting structure not read: {stakes!r}")
    currency, tid = _header(h, game, stakes, tourney)
    started = _start(game.get("starttime", ""))
    players = game.find("players")
    if players is None or not len(players):
        return stop(k.ProblemCode.NO_SEATS, "no <player> in this game")
    _seats(h, game, players, tourney)
    h.totals = started is None or started >= _RAISE_TO_FROM
    _rounds(h, game)
    if h.cancelled:
        return stop(k.ProblemCode.HAND_CANCELLED, "the site cancelled this game (GAME_CANCELLED)")
    if not h.over:
        return stop(k.ProblemCode.TRUNCATED_HAND, "this game has no END_OF_GAME round (cut short?)")
    bb = h.bb if h.bb is not None else (h.stake[1] if h.stake else None)
    if not _finish(h, h.winners, tourney, bb):
        return k.no_record(h)
    sb, bb, small_bet, big_bet = h.blinds(structure, h.stake, guess=True)
    seats = game.get("seats") or ""
    h.max_seats = int(seats) if seats.isdigit() else None
    parts = k.paid_parts(h.collects, (h.total or 0) - (h.rake or 0))  # each pot after its rake
    return h.record(
        k.Game(variant, hi_lo, structure, sb, bb, currency, tournament_id=tid,
             small_bet=small_bet, big_bet=big_bet),
        started_at=started, time_zone="ET" if started else None, pot_parts=parts,
        pot_parts_basis=k.PotPartsBasis.NET if parts else None,
        started_at_utc=started.replace(tzinfo=_ET).astimezone(UTC) if started else None,
    )  # fmt: skip


def _header(
    h: k.XmlHand, game: etree._Element, stakes: str, tourney: bool
) -> tuple[str, str | None]:
    """The money (unit, stakes), the table; ``(currency, tournament id)``."""
    real = game.get("realmoney", "true") == "true"
    h.unit = k.Unit.CENTS if real and not tourney else k.Unit.CHIPS
    sm = _STAKES.search(stakes)
    h.stake = (h.money(sm.group(1)), h.money(sm.group(2))) if sm else None
    data = re.split(r"[|:]", game.get("data", ""))
    h.table = data[1].strip() if len(data) > 1 else ""
    tid = data[2].split("-")[0] if tourney and len(data) > 2 else None
    return "CHIPS" if tourney else ("USD" if real else "PLAY"), tid


def _hi_lo(name: str, game: etree._Element) -> bool | None:
    """Whether the game (the description's name, less " Tournament") is Omaha Hi/Lo;
    ``None`` when it is not an Omaha game read here."""
    if name in _MIXES:
        return _MULTI.get(game.get("multigametype", ""))
    if name in ("Omaha", "Omaha H/L8"):
        return name == "Omaha H/L8"
    return None


def _not_read(stop: k.Stop, kind: str, desc: dict[str, str], game: etree._Element) -> k.ParsedHand:
    """A game not read: a mix's other game, no description, another game."""
    name = kind.removesuffix(" Tournament").strip()
    if name in _MIXES:
        multi = game.get("multigametype", "")
        return stop(k.ProblemCode.SKIPPED_GAME, f"not an Omaha game: {kind} (game {multi or '?'})",
                    skipped=kind or "mixed")  # fmt: skip
    if not desc:
        return stop(k.ProblemCode.BAD_HEADER, "no <description> of the game before this <game>")
    return k.game_not_read(stop, kind, "omaha" in name.lower(), skipped=name)


def _seats(h: k.XmlHand, game: etree._Element, players: etree._Element, tourney: bool) -> None:
    """The ``<player>`` elements: players by seat index, the button; a tournament's
    balances are after the posts, which are added back."""
    posted: dict[str, int] = {}
    blinds = game.find("round[@id='BLINDS']") if tourney else None
    if blinds is not None:
        for ev in blinds.iter("event"):
            if ev.get("amount") and ev.get("type") in _POSTS:
                p = ev.get("player", "")
                posted[p] = posted.get(p, 0) + h.money(ev.get("amount", "0"))
    for el in players.iter("player"):
        idx = el.get("seat", "")
        seat = h.seat_number(idx) + 1
        nick = el.get("nickname", "")
        h.by_id[idx] = nick
        h.seat(seat, nick, h.money(el.get("balance", "0")) + posted.get(idx, 0), h.at(el),
               el.get("dealtin", "true") == "false")  # fmt: skip
    if players.get("dealer", "").isdigit():
        h.button = h.seat_number(players.get("dealer", "")) + 1


def _rounds(h: _Game, game: etree._Element) -> None:
    """Each ``<round>``: its street, then its events, cards and winners in order."""
    for rnd in game.iter("round"):
        rid = rnd.get("id", "")
        street = _STREET_OF.get(rid)
        if street is not None and street is not h.street:
            h.new_street(street)
        h.over = h.over or rid.startswith("END_OF")
        h.blinds_round = rid == "BLINDS"
        k.read_elements(h, rnd, None, _ELEMENTS, default=_other)


def _winner(h: _Game, el: etree._Element, line: int) -> None:
    """``<winner>``: read at the end, once the betting is known."""
    h.winners.append((el, line))



def _other(h: k.XmlHand, el: etree._Element, line: int) -> None:
    """Another element in a round: not known, so the hand is read in part (an
    ``unrecognised_line`` problem on its line: it could carry chips)."""
    h.problem(line, k.ProblemCode.UNRECOGNISED_LINE, f"element <{el.tag}> not known")


def _cards(h: k.XmlHand, el: etree._Element, line: int) -> None:
    """``<cards>``: the board (``COMMUNITY``, the whole board so far), a player's hole
    cards (``HOLE``: the hero's), cards shown or mucked face up."""
    try:
        cards = k.comma_cards(el.get("cards", "").replace(" ", ""))
    except ValueError:
        h.problem(line, k.ProblemCode.BAD_CARDS, f"not cards: {el.get('cards')!r}")
        return
    ctype = el.get("type", "")
    if ctype == "COMMUNITY":
        h.board = list(cards) if len(cards) > len(h.board) else h.board
        return
    who = h.who(el.get("player", ""), line, "cards of seat {!r}: no one sits there",
                el.get("player"))  # fmt: skip
    if who is None:
        return
    if ctype == "HOLE":
        h.hero = who
        h.hole[who] = cards
    elif ctype in ("SHOWN", "MUCKED"):
        if cards:
            h.show(who, k.Show(who, cards, mucked=ctype == "MUCKED", line=line))
    else:  # cards of a kind not known: they could be a show
        h.problem(line, k.ProblemCode.UNRECOGNISED_LINE, f"cards type {ctype!r} not known")


def _event(h: _Game, el: etree._Element, line: int) -> None:
    """``<event>``: a post, a bet, a fold; a cancelled game; events that move nothing."""
    etype = el.get("type", "")
    if etype == "GAME_CANCELLED":
        h.cancelled = True
        return
    if etype in _QUIET:  # no chips: the cards shown come in <cards>
        h.no_chips(el, ("amount",), line, f"event {etype}")
        return
    who = h.by_id.get(el.get("player", ""))
    if who is None:
        who = h.who(el.get("player", ""), line, "{} by seat {!r}: no one sits there", etype,
                    el.get("player"))  # fmt: skip
        if who is None:
            return
    try:
        amount = h.money(el.get("amount") or "0")
    except ValueError:
        h.problem(line, k.ProblemCode.BAD_AMOUNT, f"not an amount: {el.get('amount')!r}")
        return
    if etype == "ALL_IN" and h.blinds_round:
        kind = k.PostKind.SMALL_BLIND if h.sb is None else k.PostKind.BIG_BLIND
        h.post(who, kind, amount, line, stated=False)
        return
    h.act(_EVENTS, etype, who, amount, line, "event type")


def _return_blind(h: k.XmlHand, who: str, amount: int, line: int) -> None:
    """RETURN_BLIND: over the big blind, the big blind live and a dead small blind;
    else a blind of its size (its amount not the hand's blind)."""
    bb = h.bb or (h.stake[1] if h.stake else amount)
    if amount > bb:
        h.dead_small = amount - bb
        h.post_both(who, amount, line)
    else:
        h.post(who, k.PostKind.BIG_BLIND if amount == bb else k.PostKind.SMALL_BLIND, amount, line,
               stated=False)  # fmt: skip


def _sit_out(h: k.XmlHand, who: str, amount: int, line: int) -> None:
    """SIT_OUT during the betting: a fold of a player already in the hand."""
    if who in h.in_hand:
        h.fold(who, line)


_ELEMENTS = {"winner": _winner, "cards": _cards, "event": _event}
_EVENTS = k.verbs({
    "SMALL_BLIND": "small_blind", "BIG_BLIND": "big_blind", "INITIAL_BLIND": "big_blind",
    "ANTE": "ante", "RETURN_BLIND": _return_blind, "FOLD": "fold", "SIT_OUT": _sit_out,
    "CHECK": "check", "CALL": "call", "BET": "bet", "RAISE": "raise", "COMPLETE": "raise",
    "ALL_IN": "all_in",
})  # fmt: skip


def _finish(h: k.XmlHand, winners: list[tuple[etree._Element, int]], tourney: bool,
            bb: int | None) -> bool:  # fmt: skip
    """The winners (an ``uncalled`` one is a return), the return inferred and taken
    off its winner, the rake, the shows' words; ``False`` when a card is dealt twice."""
    paid: list[k.Collect] = []
    words: list[str | None] = []
    for el, line in winners:
        who = h.who(el.get("player", ""), line, "winner seat {!r}: no one sits there",
                    el.get("player"))  # fmt: skip
        if who is None:
            continue
        amount = h.money(el.get("amount") or "0")
        if el.get("uncalled") == "true":
            h.returned.append(k.Returned(who, amount, line))
            continue
        number = el.get("potnumber", "1")
        pot = int(number) - 1 if number.isdigit() else 0
        half = {"h": k.Half.HIGH, "l": k.Half.LOW}.get(el.get("pottype", ""))
        paid.append(k.Collect(who, amount, pot=max(pot, 0), line=line, half=half))
        words.append(el.get("hand"))
    h.take_back(paid, h.infer_return(h.dead_chips(bb)))
    h.total, h.total_line = h.in_pot(), h.ht.line
    h.rake = 0
    if not tourney:
        h.rake = h.total - sum(c.amount for c in paid)
        h.inferred.append("rake")
        if h.rake < 0:
            h.problem(
                h.ht.line, k.ProblemCode.BAD_AMOUNT, "the winners were paid more than the pot"
            )
            h.rake = 0
    h.collects = [c for c in paid if c.amount > 0]
    said = {c.player: w for c, w in zip(paid, words, strict=True) if w and c.half is not k.Half.LOW}
    h.shows = [k.Show(s.player, s.cards, said.get(s.player), mucked=s.mucked, line=s.line,
                    claimed_high=read_claim(said.get(s.player))) for s in h.shows]  # fmt: skip
    return not h.dealt_twice()


def _start(text: str) -> datetime | None:
    """``starttime`` ("20100908123456", Eastern time) as a naive datetime; ``None`` when
    it is not one. Fourteen ASCII digits are read by their places (what ``strptime``
    reads of them when each field is in range); anything else by ``strptime``."""
    head = text[:14]
    if len(head) == 14 and head.isascii() and head.isdigit():
        try:
            return datetime(int(head[:4]), int(head[4:6]), int(head[6:8]), int(head[8:10]),
                            int(head[10:12]), int(head[12:]))  # fmt: skip
        except ValueError:
            pass
    try:
        return datetime.strptime(head, "%Y%m%d%H%M%S")
    except ValueError:
        return None


FORMAT = k.xml_format(
    "merge", "Merge Gaming (Carbon Poker)",
    "Omaha, Omaha Hi-Lo (pot limit, no limit, limit), cash and tournaments; XML",
    _RECOGNISE, ("<description", "<game"), "game", ("description",),
    k.xml_reader("merge", "game", _ID, 'a Merge <game id="..."> element', "game", _read,
               hand=_Game),
)  # fmt: skip
