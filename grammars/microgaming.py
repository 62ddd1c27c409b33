"""Microgaming (MPN) hand histories: XML, one ``<Game>`` element per hand.

The format (as the MPN client wrote it, 2012-2016)::

    ----PRIMA.DAT----                                   (text around the games: ignored)
    <Game hhversion="5" id="5959022064" date="2016-03-25 00:46:30"
          unicodetablename="SwBoAGEA..." tablename="Kharitina - €2K Max" stakes="10|20"
          betlimit="PL" tabletype="Cash Game" gametype="Omaha" realmoney="true"
          currencysymbol="rCA=" playerseat="3" istournament="0" tablesize="6" rake="300">
     <Seats><Seat num="1" alias="A" unicodealias="..." balance="1652.00" endbalance="1979.00"
                  dealer="true" sittingout="true"/></Seats>
     <Gameplay>
      <Action seq="1" type="SmallBlind" seat="5" value="10.00" />
      <Action seq="3" type="DealCards" seat="3"><Card value="10" suit="c" id="22"/>...</Action>
      <Action seq="10" type="DealFlop"><Card .../>x3</Action>   DealTurn, DealRiver
      <Action seq="15" type="ShowCards" seat="1"><Card .../>...</Action>
      <Action type="Win"><Seat num="1" amount="1257.00" pot="0" type="" lowhandwin="0"/></Action>
     </Gameplay>
    </Game>
    ExtendedTableName: Kharitina - €2K Max

Quirks read here:

* Base64 fields are UTF-16-LE text: ``unicodetablename`` (the table's name, read in
  preference to ``tablename``), ``currencysymbol`` ("rCA=" is "€"; empty in
  tournaments). ``alias`` names the players (``unicodealias`` is not used: the alias
  is the name the client shows and the one other tools key on).
* Amounts (``value``, ``balance``, ``amount``) are in units with cents; the game's
  ``rake`` attribute is the rake in cents ("300" is 3.00).
* Versions 2 and later (``hhversion``; none is version 1): ``Call`` and ``AllIn``
  values are the chips the action adds, ``Raise`` (and a preflop ``Bet``, which is a
  raise of the big blind) the chips the raise adds ("Raise 90" facing 20 with nothing
  in: to 90; "Raise 280" over a 20 call: to 300). Version 1 writes ``Call`` and
  ``Raise`` as street totals.
* ``PostedToPlay`` (the "second small blind"): a player joining posts to play. Of the
  small blind's size it is live (it counts toward the player's bet: in the corpus the
  poster raises 30 to a 35 that the others call); of the big blind's, a big blind.
* There is no uncalled-bet line: a ``Win`` amount includes the uncalled part of that
  player's bet (``endbalance`` - ``balance`` agrees). The return is inferred (the
  excess of the largest contribution over the next) and taken off the player's win;
  ``MoneyReturned``, when written, is the return itself.
* ``Win`` ``pot`` numbers the pot (0 main); ``lowhandwin="1"`` marks a win that holds
  the low (a scoop holds both: the half is not told, so collects carry none).
* ``date`` has no zone (the client's clock): ``time_zone`` is ``None``.
* Cards: ``value`` 2-10, J, Q, K, A and ``suit`` c/d/h/s (``id`` 0-51 when they are
  missing: spades, clubs, diamonds, hearts, each ace first).

Files are split by :func:`hhtools.grammars._xml.split_elements` (streamed line by line)
and each game is read with lxml.
"""

from __future__ import annotations

import base64
import binascii
import re
from datetime import datetime

from lxml import etree

from hhtools.grammars._betting import _State
from hhtools.grammars._xml import MARK, open_hand, read_guarded, split_elements
from hhtools.grammars.base import ParsedHand, SiteFormat
from hhtools.model.money import CURRENCY_SYMBOLS, Unit
from hhtools.model.records import (
    BettingStructure,
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
from hhtools.model.vocab import CollectOrder, ProblemCode

__all__ = ["FORMAT", "card", "unicode_text"]

_RECOGNISE = re.compile(r"<Game\s+(?:hhversion=\"\d+\"\s+)?id=\"\d+\"\s+date=")
_ID = re.compile(r"<Game\b[^>]*?\sid=\"([^\"]*)\"")
_LIMITS = {"NL": BettingStructure.NO_LIMIT, "PL": BettingStructure.POT_LIMIT,
           "FL": BettingStructure.LIMIT}  # fmt: skip
_GAMES = {"omaha": False, "omaha h/l": True, "omaha hi/lo": True, "omaha hi-lo": True}
_DEAL = {"DealFlop": Street.FLOP, "DealTurn": Street.TURN, "DealRiver": Street.RIVER}
_QUIET = frozenset({"MuckCards", "ShowCards", "DealCards", "Disconnect", "Reconnect",
                    "SitOut", "SitIn", "Chat", "TimeOut"})  # fmt: skip
_RANKS = {"10": "T", "T": "T", "J": "J", "Q": "Q", "K": "K", "A": "A"} | {
    str(n): str(n) for n in range(2, 10)
}
_ID_SUITS = "scdh"
_ID_RANKS = "A23456789TJQK"


def unicode_text(b64: str) -> str | None:
    """A base64 field of UTF-16-LE text, decoded; ``None`` when it is not one.

    >>> unicode_text("rCA="), unicode_text("VABhAGIAbABlAA==")
    ('€', 'Table')
    """
    try:
        return base64.b64decode(b64, validate=True).decode("utf-16-le")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None


def card(el: etree._Element) -> str | None:
    """A ``<Card value="10" suit="c" id="22"/>`` as "Tc"; ``None`` when unreadable.

    >>> card(etree.fromstring('<Card value="10" suit="c" id="22"/>'))
    'Tc'
    >>> card(etree.fromstring('<Card id="39"/>'))
    'Ah'
    """
    rank = _RANKS.get((el.get("value") or "").upper())
    suit = (el.get("suit") or "").lower()
    if rank and suit in ("c", "d", "h", "s"):
        return rank + suit
    cid = el.get("id") or ""
    if cid.isdigit() and int(cid) < 52:
        n = int(cid)
        return _ID_RANKS[n % 13] + _ID_SUITS[n // 13]
    return None


def _recognise(head: str) -> bool:
    """A Microgaming file: ``<Game [hhversion="N"] id="N" date=``."""
    return "<Game" in head and _RECOGNISE.search(head) is not None


def _split(fh, file: str):  # type: ignore[no-untyped-def]
    """One hand text per ``<Game>`` element (see :func:`hhtools.grammars._xml.split_elements`)."""
    return split_elements(fh, file, "Game")


def _parse(ht: HandText) -> ParsedHand:
    """Read one ``<Game>`` into a record (never raises for bad input).

    Returns:
        The record and the problems met; a game outside the Omaha family is a
        ``skipped_game`` note; a game cut short or not well-formed is a problem.
    """
    m = _ID.search(ht.text, 0, 600)
    hand_id = m.group(1) if m else None
    return read_guarded(ht, hand_id, _read)


def _read(ht: HandText, hand_id: str | None) -> ParsedHand:  # noqa: PLR0912, PLR0915
    h = _State(ht.file, ht.line)
    h.hand_id = hand_id
    game, stop, failed = open_hand(ht, h, "Game", 'a Microgaming <Game id="..."> element', "game")
    if game is None:
        return failed  # type: ignore[return-value]
    name = (game.get("gametype") or "").replace("&apos;", "'").strip()
    if name.lower() not in _GAMES:
        if "omaha" in name.lower():
            return stop(ProblemCode.UNKNOWN_GAME, f"unknown Omaha game: {name!r}")
        return stop(ProblemCode.SKIPPED_GAME,
                    f"not an Omaha game: {name}", skipped=name or "unknown")  # fmt: skip
    hi_lo = _GAMES[name.lower()]
    structure = _LIMITS.get(game.get("betlimit", ""))
    if structure is None:
        return stop(ProblemCode.UNKNOWN_GAME,
                    f"betting structure not read: {game.get('betlimit')!r}")  # fmt: skip
    version = int(game.get("hhversion") or "1") if (game.get("hhversion") or "1").isdigit() else 1
    tourney = game.get("istournament", "0") not in ("0", "") or game.get("tabletype") == "MTT"
    real = game.get("realmoney", "true") == "true"
    h.unit = Unit.CENTS if real and not tourney else Unit.CHIPS
    symbol = unicode_text(game.get("currencysymbol") or "") or ""
    currency = "CHIPS" if tourney else ("PLAY" if not real else
                                        CURRENCY_SYMBOLS.get(symbol.strip(), "EUR"))  # fmt: skip
    stakes = (game.get("stakes") or "").split("|")
    stake = (h.money(stakes[0]), h.money(stakes[1])) if len(stakes) == 2 else None
    try:
        started = datetime.strptime(game.get("date", ""), "%Y-%m-%d %H:%M:%S")
    except ValueError:
        started = None
    table = unicode_text(game.get("unicodetablename") or "") or game.get("tablename", "")

    by_num: dict[str, str] = {}
    seats: list[Seat] = []
    button = None
    for el in game.iterfind("Seats/Seat"):
        num = el.get("num", "")
        seat = h.seat_number(num)
        nick = el.get("alias", "")
        h.stacks[nick] = h.money(el.get("balance") or "0")
        by_num[num] = nick
        seats.append(Seat(seat, nick, h.stacks[nick], el.get("sittingout") == "true",
                          line=ht.line + el.sourceline - 1))  # fmt: skip
        if el.get("dealer") == "true":
            button = seat
    if not seats:
        return stop(ProblemCode.NO_SEATS, "no <Seat> in this game")
    hero = by_num.get(game.get("playerseat", ""))

    board: list[str] = []
    hole: dict[str, tuple[str, ...]] = {}
    shows: list[Show] = []
    wins: list[tuple[str, int, int, int]] = []  # player, amount, pot, line
    returned: list[Returned] = []
    for act in game.iterfind("Gameplay/Action"):
        line = ht.line + act.sourceline - 1
        kind = act.get("type", "")
        cards = [card(c) for c in act.iterfind("Card")]
        if None in cards:
            h.problem(line, ProblemCode.BAD_CARDS, f"a card of {kind} not read")
            continue
        if kind in _DEAL:
            if _DEAL[kind] is not h.street:
                h.new_street(_DEAL[kind])
            board.extend(c for c in cards if c)
            continue
        if kind == "Win":
            for w in act.iterfind("Seat"):
                who = by_num.get(w.get("num", ""))
                if who is None:
                    h.problem(line, ProblemCode.UNKNOWN_PLAYER,
                              f"win of seat {w.get('num')!r}: no one sits there")  # fmt: skip
                    continue
                pot = int(w.get("pot")) if (w.get("pot") or "").isdigit() else 0
                wins.append((who, h.money(w.get("amount") or "0"), pot,
                             ht.line + w.sourceline - 1))  # fmt: skip
            continue
        who = by_num.get(act.get("seat", ""))
        if who is None:
            h.problem(line, ProblemCode.UNKNOWN_PLAYER,
                      f"{kind} by seat {act.get('seat')!r}: no one sits there")  # fmt: skip
            continue
        if kind == "DealCards":
            hero = who
            hole[who] = tuple(c for c in cards if c)
            continue
        if kind in ("ShowCards", "MuckCards") and cards:
            hole[who] = tuple(c for c in cards if c)
            shows.append(Show(who, hole[who], mucked=kind == "MuckCards", line=line))
            continue
        if kind in _QUIET:
            continue
        amount = h.money(act.get("value") or "0")
        if kind == "MoneyReturned":
            returned.append(Returned(who, amount, line))
        elif not _action(h, kind, who, amount, line, version, stake):
            h.problem(line, ProblemCode.UNRECOGNISED_LINE, f"action type {kind!r} not known")
    return _finish(ht, h, game, dict(
        hi_lo=hi_lo, structure=structure, stake=stake, currency=currency, started=started,
        table=table, seats=seats, button=button, hero=hero, board=tuple(board), hole=hole,
        shows=shows, wins=wins, returned=returned, tourney=tourney))  # fmt: skip


def _action(
    h: _State, kind: str, who: str, amount: int, line: int, version: int,
    stake: tuple[int, int] | None,
) -> bool:
    """Apply one betting action to ``h``; ``False`` when the type is not known."""
    if kind == "SmallBlind":
        h.post(who, PostKind.SMALL_BLIND, amount, line)
    elif kind == "BigBlind":
        h.post(who, PostKind.BIG_BLIND, amount, line)
    elif kind == "Ante":
        h.post(who, PostKind.ANTE, amount, line)
    elif kind == "PostedToPlay":
        small = stake is not None and amount <= stake[0]
        h.post(who, PostKind.SMALL_BLIND if small else PostKind.BIG_BLIND, amount, line,
               stated=False)  # fmt: skip
    elif kind == "Fold":
        h.fold(who, line)
    elif kind == "Check":
        h.check(who, line)
    elif kind == "Call":
        h.call(who, amount - h.bets.get(who, 0) if version == 1 else amount, line)
    elif kind == "Bet" and h.highest == 0:
        h.bet(who, amount, line)
    elif kind in ("Raise", "Bet"):
        h.raise_to(who, amount if version == 1 else h.bets.get(who, 0) + amount, line)
    elif kind == "AllIn":
        h.all_in(who, amount, line)
    else:
        return False
    return True


def _finish(ht: HandText, h: _State, game: etree._Element, v: dict) -> ParsedHand:  # type: ignore[type-arg]
    hand_id = h.hand_id or ""
    inferred: list[str] = []
    returned: list[Returned] = list(v["returned"])
    wins = list(v["wins"])
    ranked = sorted(h.put.values(), reverse=True)
    if not returned and ranked and ranked[0] > (ranked[1] if len(ranked) > 1 else 0):
        top = next(p for p, x in h.put.items() if x == ranked[0])
        excess = ranked[0] - (ranked[1] if len(ranked) > 1 else 0)
        returned.append(Returned(top, excess, h.actions[-1].line if h.actions else ht.line,
                                 inferred=True))  # fmt: skip
        inferred.append("returned")
        left = excess  # the win includes the return: take it off the player's last pots
        for i in range(len(wins) - 1, -1, -1):
            who, amount, pot, line = wins[i]
            if who == top and left > 0:
                take = min(left, amount)
                wins[i] = (who, amount - take, pot, line)
                left -= take
    total = sum(h.put.values()) - sum(r.amount for r in returned)
    paid = sum(a for _, a, _, _ in wins)
    rake_attr = game.get("rake")
    if v["tourney"]:
        rake = 0
    elif rake_attr is not None and rake_attr.isdigit():
        rake = int(rake_attr) if h.unit is Unit.CENTS else 0
        if rake != total - paid:
            h.problem(ht.line, ProblemCode.BAD_AMOUNT,
                      f"the game's rake {rake} is not the pot less the wins ({total - paid})")  # fmt: skip
    else:
        rake = max(total - paid, 0)
        inferred.append("rake")
    collects = [Collect(who, amount, pot=pot, line=line)
                for who, amount, pot, line in wins if amount > 0]  # fmt: skip
    seen: set[str] = set(v["board"])
    if len(seen) != len(v["board"]):
        h.problem(ht.line, ProblemCode.IMPOSSIBLE_CARDS, "a board card is dealt twice")
        return ParsedHand(None, tuple(h.problems), None, hand_id)
    for who, cards in v["hole"].items():
        if seen & set(cards) or len(set(cards)) != len(cards):
            h.problem(ht.line, ProblemCode.IMPOSSIBLE_CARDS,
                      f"{who}'s cards repeat a card already dealt")  # fmt: skip
            return ParsedHand(None, tuple(h.problems), None, hand_id)
        seen.update(cards)
    holes = max((len(c) for c in v["hole"].values()), default=4)
    variant = {5: Variant.OMAHA5, 6: Variant.OMAHA6}.get(holes, Variant.OMAHA)
    stake = v["stake"]
    structure = v["structure"]
    small_bet = big_bet = None
    sb, bb = h.sb, h.bb
    if structure is BettingStructure.LIMIT and stake:
        small_bet, big_bet = stake
        sb = sb if sb is not None else small_bet // 2
        bb = bb if bb is not None else small_bet
    elif stake:
        sb = sb if sb is not None else stake[0]
        bb = bb if bb is not None else stake[1]
    sb, bb = sb or 0, bb or 0
    record = HandHistory(
        site="microgaming",
        hand_id=hand_id,
        table=v["table"],
        started_at=v["started"],
        time_zone=None,
        started_at_utc=None,
        game=Game(variant, v["hi_lo"], structure, sb, bb, v["currency"],
                  tournament_id=_tournament(game) if v["tourney"] else None,
                  small_bet=small_bet, big_bet=big_bet),  # fmt: skip
        button=v["button"],
        max_seats=int(game.get("tablesize")) if (game.get("tablesize") or "").isdigit() else None,
        seats=tuple(v["seats"]),
        actions=tuple(h.actions),
        boards=(v["board"],) if v["board"] else (),
        hero=v["hero"],
        hole_cards=v["hole"],
        shows=tuple(v["shows"]),
        collects=tuple(collects),
        returned=tuple(returned),
        total_pot=total,
        total_pot_line=ht.line,
        rake=rake,
        file=ht.file,
        line=ht.line,
        offset=ht.offset,
        text=ht.text.partition(MARK)[0],
        site_format="microgaming",
        collect_order=CollectOrder.UNORDERED,
        inferred=tuple(sorted(set(inferred))),
    )
    return ParsedHand(record, tuple(h.problems), hand_id=hand_id)


def _tournament(game: etree._Element) -> str:
    """A tournament's number: "[12345]:Table 2" in the table name, else "unknown"."""
    m = re.search(r"\[(\d+)\]", game.get("tablename", ""))
    return m.group(1) if m else "unknown"


FORMAT = SiteFormat(
    key="microgaming",
    name="Microgaming (MPN)",
    games="Omaha, Omaha Hi-Lo (pot limit, no limit, limit), cash; XML",
    recognise=_recognise,
    split=_split,
    parse=_parse,
    rooms=("microgaming",),
)
