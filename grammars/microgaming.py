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
  the low (a scoop holds both: the half is not told, so collects carry none). Each
  pot's wins are its size after its own rake (the ``rake`` is the hand's, its split
  over the pots not written): they are the record's ``pot_parts`` (net), not the rake
  spread by the pots' sizes (a main pot raked 2.00 and an unraked side pot were four
  false findings of 0.28 and 0.29).
* ``date`` has no zone (the client's clock): ``time_zone`` is ``None``.
* A ``Gameplay`` holds ``Action`` elements: any other is an ``unrecognised_line``
  problem on its line (the hand is read in part), as is an action type not known.
* A game with no ``Win`` action was cancelled (one player seated is dealt cards and
  folds; no blinds): a ``hand_cancelled`` problem, no record.
* ``sittingout="true"`` sits a player out; so does showing nothing in the game (no
  post, action, cards or win: waiting for the big blind, or a ``balance`` of 0.00),
  since a player dealt in always acts unless the others all fold first.
* Cards: ``value`` 2-10, J, Q, K, A and ``suit`` c/d/h/s (``id`` 0-51 when they are
  missing: spades, clubs, diamonds, hearts, each ace first).

Files are split by :func:`hhtools.grammars._xml.split_elements` (streamed line by line)
and each game is read with lxml.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import replace
from datetime import datetime

from lxml import etree

from hhtools.grammars import _kit as k

__all__ = ["FORMAT", "card", "unicode_text"]

_RECOGNISE = re.compile(r"<Game\s+(?:hhversion=\"\d+\"\s+)?id=\"\d+\"\s+date=")
_ID = re.compile(r"<Game\b[^>]*?\sid=\"([^\"]*)\"")
_LIMITS = k.STRUCTURE_CODES
_GAMES = {"omaha": False, "omaha h/l": True, "omaha hi/lo": True, "omaha hi-lo": True}
_DEAL = {"DealFlop": k.Street.FLOP, "DealTurn": k.Street.TURN, "DealRiver": k.Street.RIVER}
_QUIET = frozenset({"Disconnect", "Reconnect", "SitOut", "SitIn", "Chat", "TimeOut"})
_RANKS = {"10": "T", "T": "T", "J": "J", "Q": "Q", "K": "K", "A": "A"} | {
    str(n): str(n) for n in range(2, 10)
}
_ID_SUITS = "scdh"
_ID_RANKS = "A23456789TJQK"
_VARIANTS = {5: k.Variant.OMAHA5, 6: k.Variant.OMAHA6}


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


def _read(h: k.XmlHand, game: etree._Element, stop: k.Stop) -> k.ParsedHand:
    """One ``<Game>``: the game, the seats, the actions, the record."""
    name = (game.get("gametype") or "").replace("&apos;", "'").strip()
    if name.lower() not in _GAMES:
        return k.game_not_read(stop, name, "omaha" in name.lower())
    structure = _LIMITS.get(game.get("betlimit", ""))
    if structure is None:
        return stop(k.ProblemCode.UNKNOWN_GAME,
                    f"betting structure not read: {game.get('betlimit')!r}")  # fmt: skip
    version = game.get("hhversion") or "1"
    h.totals = not version.isdigit() or int(version) == 1
    tourney = game.get("istournament", "0") not in ("0", "") or game.get("tabletype") == "MTT"
    real = game.get("realmoney", "true") == "true"
    h.unit = k.Unit.CENTS if real and not tourney else k.Unit.CHIPS
    stakes = (game.get("stakes") or "").split("|")
    h.stake = (h.money(stakes[0]), h.money(stakes[1])) if len(stakes) == 2 else None
    _seats(h, game)
    if not h.seats:
        return stop(k.ProblemCode.NO_SEATS, "no <Seat> in this game")
    h.hero = h.by_id.get(game.get("playerseat", ""))
    wins: list[k.Collect] = []
    actions = []
    won = False  # a Win action was written
    for play in game.iterchildren("Gameplay"):
        for el in play:
            tag = el.tag
            if tag == "Action":
                actions.append(el)
                won = won or el.get("type") == "Win"
            elif tag.__class__ is str:  # what else a Gameplay holds is not known
                h.problem(h.at(el), k.ProblemCode.UNRECOGNISED_LINE, f"element <{tag}> not known")
    if not won:
        return stop(k.ProblemCode.HAND_CANCELLED, "this game has no Win: it was cancelled, "
                    "not played to a result")  # fmt: skip
    k.read_elements(h, actions, "type", {
        "DealFlop": _deal, "DealTurn": _deal, "DealRiver": _deal,
        "Win": lambda h, act, line: _win(h, act, line, wins),
    }, default=_by_player)  # fmt: skip
    return _finish(h, game, structure, tourney, wins)



def _seats(h: k.XmlHand, game: etree._Element) -> None:
    """The ``<Seat>`` elements: players by seat number, the button."""
    for el in (s for seats in game.iterchildren("Seats") for s in seats.iterchildren("Seat")):
        num = el.get("num", "")
        seat = h.seat_number(num)
        nick = el.get("alias", "")
        h.by_id[num] = nick
        h.seat(seat, nick, h.money(el.get("balance") or "0"), h.at(el),
               el.get("sittingout") == "true")  # fmt: skip
        if el.get("dealer") == "true":
            h.button = seat


def _cards(h: k.XmlHand, act: etree._Element, line: int) -> tuple[str, ...] | None:
    """An action's cards; ``None`` (a ``bad_cards`` problem) when one is not read."""
    if not len(act):  # most actions hold no card
        return ()
    cards = [card(c) for c in act.iterchildren("Card")]
    if None in cards:
        h.problem(line, k.ProblemCode.BAD_CARDS, f"a card of {act.get('type', '')} not read")
        return None
    return tuple(filter(None, cards))


def _deal(h: k.XmlHand, act: etree._Element, line: int) -> None:
    """``DealFlop``, ``DealTurn``, ``DealRiver``: a street and its board cards."""
    cards = _cards(h, act, line)
    if cards is None:
        return
    street = _DEAL[act.get("type", "")]
    if street is not h.street:
        h.new_street(street)
    h.board.extend(cards)


def _win(h: k.XmlHand, act: etree._Element, line: int, wins: list[k.Collect]) -> None:
    """``Win``: each ``<Seat>`` is what a player won from pot ``pot`` (0 the main)."""
    if _cards(h, act, line) is None:
        return
    for w in act.iterchildren("Seat"):
        who = h.who(w.get("num", ""), line, "win of seat {!r}: no one sits there", w.get("num"))
        if who is not None:
            pot = int(w.get("pot")) if (w.get("pot") or "").isdigit() else 0
            wins.append(k.Collect(who, h.money(w.get("amount") or "0"), pot=pot, line=h.at(w)))


def _by_player(h: k.XmlHand, act: etree._Element, line: int) -> None:
    """An action of the player at ``seat``: cards dealt or shown, a post or a bet."""
    kind = act.get("type", "")
    cards = _cards(h, act, line)
    if cards is None:
        return
    who = h.by_id.get(act.get("seat", ""))
    if who is None:
        who = h.who(act.get("seat", ""), line, "{} by seat {!r}: no one sits there", kind,
                    act.get("seat"))  # fmt: skip
        if who is None:
            return
    verb = _ACTIONS.get(kind)
    if verb is not None:  # a post or a bet (most actions)
        verb(h, who, h.money(act.get("value") or "0"), line)
    elif kind == "DealCards":
        h.hero = who
        h.hole[who] = cards
    elif kind in ("ShowCards", "MuckCards"):
        if cards:
            h.show(who, k.Show(who, cards, mucked=kind == "MuckCards", line=line))
    elif kind in _QUIET:
        h.no_chips(act, ("value",), line, f"action {kind}")
    else:
        h.act(_ACTIONS, kind, who, h.money(act.get("value") or "0"), line, "action type")


def _posted(h: k.XmlHand, who: str, amount: int, line: int) -> None:
    """``PostedToPlay``: of the small blind's size a small blind, else a big one."""
    small = h.stake is not None and amount <= h.stake[0]
    post = k.PostKind.SMALL_BLIND if small else k.PostKind.BIG_BLIND
    h.post(who, post, amount, line, stated=False)


def _bet(h: k.XmlHand, who: str, amount: int, line: int) -> None:
    """``Bet``: a bet, or (facing one: a preflop bet) a raise."""
    if h.highest == 0:
        h.bet(who, amount, line)
    else:
        k.raise_by_habit(h, who, amount, line)


def _call(h: k.XmlHand, who: str, amount: int, line: int) -> None:
    """``Call``: the chips added (the street total in version 1)."""
    h.call(who, amount - h.bets.get(who, 0) if h.totals else amount, line)


_ACTIONS = k.verbs({
    "SmallBlind": "small_blind", "BigBlind": "big_blind", "Ante": "ante",
    "PostedToPlay": _posted, "Fold": "fold", "Check": "check", "Call": _call, "Bet": _bet,
    "Raise": "raise", "AllIn": "all_in", "MoneyReturned": "return",
})  # fmt: skip


def _finish(
    h: k.XmlHand, game: etree._Element, structure: k.BettingStructure, tourney: bool,
    wins: list[k.Collect],
) -> k.ParsedHand:  # fmt: skip
    """The return inferred and taken off the win, the rake, the record."""
    h.take_back(wins, h.infer_return())
    h.total, h.total_line = h.in_pot(), h.ht.line
    _rake(h, game.get("rake"), tourney, h.total - sum(w.amount for w in wins))
    h.collects = [w for w in wins if w.amount > 0]
    _not_dealt(h, wins)
    if h.dealt_twice():
        return k.no_record(h)
    holes = max((len(c) for c in h.hole.values()), default=4)
    sb, bb, small_bet, big_bet = h.blinds(structure, h.stake)
    h.table = unicode_text(game.get("unicodetablename") or "") or game.get("tablename", "")
    size = game.get("tablesize") or ""
    h.max_seats = int(size) if size.isdigit() else None
    game_of = k.Game(_VARIANTS.get(holes, k.Variant.OMAHA), _GAMES[_name(game)], structure, sb, bb,
                   _currency(game, tourney), tournament_id=_tournament(game) if tourney else None,
                   small_bet=small_bet, big_bet=big_bet)  # fmt: skip
    parts = k.paid_parts(h.collects, (h.total or 0) - (h.rake or 0))  # each pot after its rake
    return h.record(game_of, started_at=_date(game.get("date", "")), pot_parts=parts,
                    pot_parts_basis=k.PotPartsBasis.NET if parts else None)


def _not_dealt(h: k.XmlHand, wins: list[k.Collect]) -> None:
    """Seated players the game shows nothing of (no post, action, cards or win: a
    player waiting for the big blind, or with no chips) were not dealt in: sitting out.
    A player dealt in always acts, unless all the others fold first: then they win."""
    seen = {a.player for a in h.actions} | {w.player for w in wins} | set(h.hole)
    h.seats = [k.sitting_out(s) if s.player not in seen else s for s in h.seats]


def _rake(h: k.XmlHand, written: str | None, tourney: bool, left: int) -> None:
    """The rake: none in tournaments; the game's ``rake`` attribute (cents), checked
    against what the wins ``left`` in the pot; else what they left ("rake" inferred)."""
    if tourney:
        h.rake = 0
    elif written is not None and written.isdigit():
        h.rake = int(written) if h.unit is k.Unit.CENTS else 0
        if h.rake != left:
            h.problem(h.ht.line, k.ProblemCode.BAD_AMOUNT,
                      f"the game's rake {h.rake} is not the pot less the wins ({left})")  # fmt: skip
    else:
        h.rake = max(left, 0)
        h.inferred.append("rake")


def _currency(game: etree._Element, tourney: bool) -> str:
    """CHIPS in tournaments, PLAY for play money, else by ``currencysymbol`` (EUR)."""
    if tourney:
        return "CHIPS"
    if game.get("realmoney", "true") != "true":
        return "PLAY"
    symbol = unicode_text(game.get("currencysymbol") or "") or ""
    return k.CURRENCY_SYMBOLS.get(symbol.strip(), "EUR")


def _name(game: etree._Element) -> str:
    return (game.get("gametype") or "").replace("&apos;", "'").strip().lower()


def _date(text: str) -> datetime | None:
    """``date``, no zone: "2016-03-25 00:46:30". Written so (ASCII digits in their
    places), read by the places (what ``strptime`` reads of it when each field is in
    range); anything else by ``strptime``."""
    if (len(text) == 19 and text.isascii() and text[4] == text[7] == "-" and text[10] == " "
            and text[13] == text[16] == ":"):  # fmt: skip
        parts = text[:4], text[5:7], text[8:10], text[11:13], text[14:16], text[17:]
        if "".join(parts).isdigit():
            try:
                year, month, day, hour, minute, second = (int(part) for part in parts)
                return datetime(year, month, day, hour, minute, second)
            except ValueError:
                pass
    try:
        return datetime.strptime(text, "%Y-%m-%d %H:%M:%S")
    except ValueError:
        return None


def _tournament(game: etree._Element) -> str:
    """A tournament's number: "[12345]:Table 2" in the table name, else "unknown"."""
    m = re.search(r"\[(\d+)\]", game.get("tablename", ""))
    return m.group(1) if m else "unknown"


FORMAT = k.xml_format(
    "microgaming", "Microgaming (MPN)",
    "Omaha, Omaha Hi-Lo (pot limit, no limit, limit), cash; XML",
    _RECOGNISE, ("<Game",), "Game", (),
    k.xml_reader("microgaming", "Game", _ID, 'a Microgaming <Game id="..."> element', "game",
               _read, head=600),
)  # fmt: skip
