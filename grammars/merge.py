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
  the winners were paid (cash); tournaments take none.
* ``potnumber`` numbers the pots from 1 (main pot); ``pottype`` "h"/"l" is read as the
  high or low half, "n" as the whole pot. The winner's ``hand`` ("Full House - Eights
  over Threes", "Two Pair Eights and Threes", "Pair of Nines", "Ten High") is the
  site's description of that player's high hand.
* ``starttime`` is Eastern time (the events' millisecond timestamps are UTC and agree).
* CHAT, SHOW, MUCK, PLAYER_OUT, LEAVE, (DIS/RE)CONNECTED events move no chips;
  SIT_OUT during the betting is a fold; GAME_CANCELLED cancels the hand.

Files are split by :func:`hhtools.grammars._xml.split_elements` (streamed line by line,
the ``<description>`` carried to each game) and each game is read with lxml.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from lxml import etree

from hhtools.grammars._betting import _State
from hhtools.grammars._xml import MARK, context_attrs, open_hand, read_guarded, split_elements
from hhtools.grammars.base import ParsedHand, SiteFormat
from hhtools.model.money import Unit
from hhtools.model.records import (
    BettingStructure,
    ClaimedHigh,
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
from hhtools.model.vocab import CollectOrder, Half, HandCategory, ProblemCode

__all__ = ["FORMAT", "read_claim"]

_RECOGNISE = re.compile(r"<description\s+type=\"[^\"]*\"\s+stakes=|<game\s+id=\"\d+-\d+\"\s+starttime=")
_ID = re.compile(r"<game\s+id=\"([^\"]*)\"")
_STAKES = re.compile(r"\$?([\d.,]+)\s*/\s*\$?([\d.,]+)")
_ET = ZoneInfo("America/New_York")
_RAISE_TO_FROM = datetime(2010, 9, 8)
_STREET_OF = {"BLINDS": Street.PREFLOP, "PREFLOP": Street.PREFLOP, "POSTFLOP": Street.FLOP,
              "POSTTURN": Street.TURN, "POSTRIVER": Street.RIVER}  # fmt: skip
_MIXES = frozenset({"HA", "HO", "RASH", "HORSE", "SHOE", "HOSE", "HAR"})
_MULTI = {"4": False, "34": True, "35": True, "37": True}
_QUIET = frozenset({"CHAT", "SHOW", "MUCK", "PLAYER_OUT", "LEAVE", "DISCONNECTED",
                    "RECONNECTED", "TIMEOUT", "SIT_IN"})  # fmt: skip
_RANK = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
         "nine": 9, "ten": 10, "jack": 11, "queen": 12, "king": 13, "ace": 14}  # fmt: skip
_CLAIMS = (
    (HandCategory.FOUR_OF_A_KIND, re.compile(r"^four of a kind (\w+?)e?s$")),
    (HandCategory.FULL_HOUSE, re.compile(r"^full house - (\w+?)e?s over (\w+?)e?s$")),
    (HandCategory.THREE_OF_A_KIND, re.compile(r"^three of a kind (\w+?)e?s$")),
    (HandCategory.TWO_PAIR, re.compile(r"^two pair (\w+?)e?s and (\w+?)e?s$")),
    (HandCategory.ONE_PAIR, re.compile(r"^pair of (\w+?)e?s$")),
    (HandCategory.HIGH_CARD, re.compile(r"^(\w+) high$")),
)


def read_claim(text: str | None) -> ClaimedHigh | None:
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
        return ClaimedHigh(category, tuple(ranks))
    return None


def _recognise(head: str) -> bool:
    """A Merge XML file: ``<description type=".." stakes=..`` or ``<game id="N-N" starttime=``."""
    return ("<description" in head or "<game" in head) and _RECOGNISE.search(head) is not None


def _split(fh, file: str):  # type: ignore[no-untyped-def]
    """One hand text per ``<game>`` element, each with the latest ``<description>``
    (see :func:`hhtools.grammars._xml.split_elements`)."""
    return split_elements(fh, file, "game", ("description",))


def _parse(ht: HandText) -> ParsedHand:
    """Read one ``<game>`` into a record (never raises for bad input).

    Returns:
        The record and the problems met; a game outside the Omaha family is a
        ``skipped_game`` note; a game cut short, cancelled or not well-formed is a
        problem without a record.
    """
    m = _ID.search(ht.text, 0, 400)
    hand_id = m.group(1) if m else None
    return read_guarded(ht, hand_id, _read)


def _read(ht: HandText, hand_id: str | None) -> ParsedHand:
    h = _State(ht.file, ht.line)
    h.hand_id = hand_id
    game, stop, failed = open_hand(ht, h, "game", 'a Merge <game id="..."> element', "game")
    if game is None:
        return failed  # type: ignore[return-value]
    desc = context_attrs(ht.text, "description")
    kind = desc.get("type", "").strip()
    tourney = kind.endswith(" Tournament")
    name = kind.removesuffix(" Tournament").strip()
    if name in _MIXES:
        multi = game.get("multigametype", "")
        if multi not in _MULTI:
            return stop(ProblemCode.SKIPPED_GAME,
                        f"not an Omaha game: {kind} (game {multi or '?'})",
                        skipped=kind or "mixed")  # fmt: skip
        hi_lo = _MULTI[multi]
    elif name in ("Omaha", "Omaha H/L8"):
        hi_lo = name == "Omaha H/L8"
    elif not desc:
        return stop(ProblemCode.BAD_HEADER, "no <description> of the game before this <game>")
    elif "omaha" in name.lower():
        return stop(ProblemCode.UNKNOWN_GAME, f"unknown Omaha game: {kind!r}")
    else:
        return stop(ProblemCode.SKIPPED_GAME, f"not an Omaha game: {kind}", skipped=name)
    holes = game.get("numholecards", "4")
    variant = {"4": Variant.OMAHA, "5": Variant.OMAHA5, "6": Variant.OMAHA6}.get(holes)
    if variant is None:
        return stop(ProblemCode.UNKNOWN_GAME, f"Omaha with {holes!r} hole cards")
    stakes = desc.get("stakes", "")
    words = stakes.split("(")[0].split("$")[0].split(" Level")[0].strip()
    structure = {"No Limit": BettingStructure.NO_LIMIT, "Pot Limit": BettingStructure.POT_LIMIT,
                 "Limit": BettingStructure.LIMIT}.get(words)  # fmt: skip
    if structure is None:
        return stop(ProblemCode.UNKNOWN_GAME, f"betting structure not read: {stakes!r}")
    real = game.get("realmoney", "true") == "true"
    h.unit = Unit.CENTS if real and not tourney else Unit.CHIPS
    currency = "CHIPS" if tourney else ("USD" if real else "PLAY")
    sm = _STAKES.search(stakes)
    stake = (h.money(sm.group(1)), h.money(sm.group(2))) if sm else None
    started = _start(game.get("starttime", ""))
    data = re.split(r"[|:]", game.get("data", ""))
    table = data[1].strip() if len(data) > 1 else ""
    tid = data[2].split("-")[0] if tourney and len(data) > 2 else None

    # seats (tournament balances are after the posts: add them back)
    players = game.find("players")
    if players is None or not len(players):
        return stop(ProblemCode.NO_SEATS, "no <player> in this game")
    posted: dict[str, int] = {}
    blinds = game.find("round[@id='BLINDS']")
    if tourney and blinds is not None:
        for ev in blinds.iter("event"):
            if ev.get("amount") and ev.get("type") in ("SMALL_BLIND", "BIG_BLIND", "INITIAL_BLIND",
                                                       "RETURN_BLIND", "ANTE", "ALL_IN"):  # fmt: skip
                p = ev.get("player", "")
                posted[p] = posted.get(p, 0) + h.money(ev.get("amount", "0"))
    by_index: dict[str, str] = {}
    seats: list[Seat] = []
    for el in players.iter("player"):
        line = ht.line + el.sourceline - 1
        idx = el.get("seat", "")
        seat = h.seat_number(idx) + 1
        nick = el.get("nickname", "")
        stack = h.money(el.get("balance", "0")) + posted.get(idx, 0)
        by_index[idx] = nick
        h.stacks[nick] = stack
        seats.append(Seat(seat, nick, stack, el.get("dealtin", "true") == "false", line=line))
    button = None
    if players.get("dealer", "").isdigit():
        button = h.seat_number(players.get("dealer", "")) + 1

    raise_adds = started is not None and started < _RAISE_TO_FROM
    board: tuple[str, ...] = ()
    hero = None
    hole: dict[str, tuple[str, ...]] = {}
    shows: list[Show] = []
    winners: list[tuple[etree._Element, int]] = []
    ended = False
    cancelled = False
    for rnd in game.iter("round"):
        rid = rnd.get("id", "")
        street = _STREET_OF.get(rid)
        if street is not None and street is not h.street:
            h.new_street(street)
        if rid.startswith("END_OF"):
            ended = True
        for el in rnd:
            if not isinstance(el.tag, str):
                continue
            line = ht.line + el.sourceline - 1
            if el.tag == "winner":
                winners.append((el, line))
                continue
            if el.tag == "cards":
                cards = _cards(el.get("cards", ""))
                if cards is None:
                    h.problem(line, ProblemCode.BAD_CARDS, f"not cards: {el.get('cards')!r}")
                    continue
                ctype = el.get("type", "")
                if ctype == "COMMUNITY":
                    board = cards if len(cards) > len(board) else board
                    continue
                who = by_index.get(el.get("player", ""))
                if who is None:
                    h.problem(line, ProblemCode.UNKNOWN_PLAYER,
                              f"cards of seat {el.get('player')!r}: no one sits there")  # fmt: skip
                    continue
                if ctype == "HOLE":
                    hero = who
                    hole[who] = cards
                elif ctype in ("SHOWN", "MUCKED") and cards:
                    hole[who] = cards
                    shows.append(Show(who, cards, mucked=ctype == "MUCKED", line=line))
                continue
            if el.tag != "event":
                continue
            etype = el.get("type", "")
            if etype == "GAME_CANCELLED":
                cancelled = True
                continue
            if etype in _QUIET:
                continue
            who = by_index.get(el.get("player", ""))
            if who is None:
                h.problem(line, ProblemCode.UNKNOWN_PLAYER,
                          f"{etype} by seat {el.get('player')!r}: no one sits there")  # fmt: skip
                continue
            try:
                amount = h.money(el.get("amount") or "0")
            except ValueError:
                h.problem(line, ProblemCode.BAD_AMOUNT, f"not an amount: {el.get('amount')!r}")
                continue
            if not _event(h, etype, who, amount, line, rid == "BLINDS", raise_adds, stake):
                h.problem(line, ProblemCode.UNRECOGNISED_LINE, f"event type {etype!r} not known")
    if cancelled:
        return stop(ProblemCode.HAND_CANCELLED, "the site cancelled this game (GAME_CANCELLED)")
    if not ended:
        return stop(ProblemCode.TRUNCATED_HAND, "this game has no END_OF_GAME round (cut short?)")
    return _finish(ht, h, game, _values(
        tourney=tourney, hi_lo=hi_lo, variant=variant, structure=structure, stake=stake,
        currency=currency, started=started, table=table, tid=tid, seats=seats, button=button,
        board=board, hero=hero, hole=hole, shows=shows, winners=winners, by_index=by_index,
        bb=h.bb if h.bb is not None else (stake[1] if stake else None)))  # fmt: skip


def _values(**kw: object) -> dict[str, object]:
    """The values :func:`_finish` needs, by name."""
    return kw


def _event(
    h: _State, etype: str, who: str, amount: int, line: int, blinds: bool, raise_adds: bool,
    stake: tuple[int, int] | None,
) -> bool:
    """Apply one betting event to ``h``; ``False`` when the type is not known."""
    if etype == "SMALL_BLIND":
        h.post(who, PostKind.SMALL_BLIND, amount, line)
    elif etype in ("BIG_BLIND", "INITIAL_BLIND"):
        h.post(who, PostKind.BIG_BLIND, amount, line)
    elif etype == "ANTE":
        h.post(who, PostKind.ANTE, amount, line)
    elif etype == "RETURN_BLIND":
        bb = h.bb or (stake[1] if stake else amount)
        if amount > bb:
            h.post(who, PostKind.DEAD_SMALL_AND_BIG, amount, line)
            h.bets[who] -= amount - bb  # the small blind part is dead
            h.highest = max(h.bets.values())
        else:
            h.post(who, PostKind.BIG_BLIND if amount == bb else PostKind.SMALL_BLIND, amount, line,
                   stated=False)  # fmt: skip
    elif etype == "ALL_IN" and blinds:
        kind = PostKind.SMALL_BLIND if h.sb is None else PostKind.BIG_BLIND
        h.post(who, kind, amount, line, stated=False)
    elif etype in ("FOLD", "SIT_OUT"):
        if who in h.in_hand or etype == "FOLD":
            h.fold(who, line)
    elif etype == "CHECK":
        h.check(who, line)
    elif etype == "CALL":
        h.call(who, amount, line)
    elif etype == "BET":
        h.bet(who, amount, line)
    elif etype in ("RAISE", "COMPLETE"):
        to = h.bets.get(who, 0) + amount if raise_adds else amount
        h.raise_to(who, to, line)
    elif etype == "ALL_IN":
        h.all_in(who, amount, line)
    else:
        return False
    return True


def _finish(ht: HandText, h: _State, game: etree._Element, v: dict) -> ParsedHand:  # type: ignore[type-arg]
    hand_id = h.hand_id or ""
    by_index: dict[str, str] = v["by_index"]
    tourney: bool = v["tourney"]
    # the uncalled excess: written as an uncalled="true" winner, else inferred
    # dead chips (antes, a dead small blind) are never returned: compare the live ones
    dead: dict[str, int] = {}
    for a in h.actions:
        if a.post is PostKind.ANTE:
            dead[a.player] = dead.get(a.player, 0) + a.amount
        elif a.post is PostKind.DEAD_SMALL_AND_BIG and v["bb"]:
            dead[a.player] = dead.get(a.player, 0) + max(a.amount - v["bb"], 0)
    live = {p: put - dead.get(p, 0) for p, put in h.put.items()}
    ranked = sorted(live.items(), key=lambda kv: -kv[1])
    returned: list[Returned] = []
    inferred: list[str] = []
    paid: list[tuple[str, int, int, Half | None, int, str | None]] = []
    for el, line in v["winners"]:
        who = by_index.get(el.get("player", ""))
        if who is None:
            h.problem(line, ProblemCode.UNKNOWN_PLAYER,
                      f"winner seat {el.get('player')!r}: no one sits there")  # fmt: skip
            continue
        amount = h.money(el.get("amount") or "0")
        if el.get("uncalled") == "true":
            returned.append(Returned(who, amount, line))
            continue
        pot = int(el.get("potnumber", "1")) - 1 if el.get("potnumber", "1").isdigit() else 0
        half = {"h": Half.HIGH, "l": Half.LOW}.get(el.get("pottype", ""))
        paid.append((who, amount, max(pot, 0), half, line, el.get("hand")))
    last = h.actions[-1].line if h.actions else ht.line
    if not returned and ranked and ranked[0][1] > (ranked[1][1] if len(ranked) > 1 else 0):
        top, most = ranked[0]
        excess = most - (ranked[1][1] if len(ranked) > 1 else 0)
        returned.append(Returned(top, excess, last, inferred=True))
        inferred.append("returned")
        # the winner's amount includes the return: take it off their last pots
        left = excess
        for i in range(len(paid) - 1, -1, -1):
            who, amount, pot, half, line, words = paid[i]
            if who == top and left > 0:
                take = min(left, amount)
                paid[i] = (who, amount - take, pot, half, line, words)
                left -= take
    total = sum(h.put.values()) - sum(r.amount for r in returned)
    collected = sum(a for _, a, _, _, _, _ in paid)
    rake = 0
    if not tourney:
        rake = total - collected
        inferred.append("rake")
        if rake < 0:
            h.problem(ht.line, ProblemCode.BAD_AMOUNT, "the winners were paid more than the pot")
            rake = 0
    collects = [Collect(who, amount, pot=pot, line=line, half=half)
                for who, amount, pot, half, line, _ in paid if amount > 0]  # fmt: skip

    # shows: the winner's words describe their high hand
    words_of = {who: w for who, _, _, half, _, w in paid if w and half is not Half.LOW}
    shows = [
        Show(s.player, s.cards, words_of.get(s.player), mucked=s.mucked, line=s.line,
             claimed_high=read_claim(words_of.get(s.player)))
        for s in v["shows"]
    ]  # fmt: skip
    hole: dict[str, tuple[str, ...]] = v["hole"]
    seen: set[str] = set(v["board"])
    if len(seen) != len(v["board"]):
        h.problem(ht.line, ProblemCode.IMPOSSIBLE_CARDS, "a board card is dealt twice")
        return ParsedHand(None, tuple(h.problems), None, hand_id)
    for who, cards in hole.items():
        if seen & set(cards) or len(set(cards)) != len(cards):
            h.problem(ht.line, ProblemCode.IMPOSSIBLE_CARDS,
                      f"{who}'s cards repeat a card already dealt")  # fmt: skip
            return ParsedHand(None, tuple(h.problems), None, hand_id)
        seen.update(cards)

    structure = v["structure"]
    stake = v["stake"]
    small_bet = big_bet = None
    sb, bb = h.sb, h.bb
    if structure is BettingStructure.LIMIT and stake:
        small_bet, big_bet = stake
        sb = sb if sb is not None else small_bet // 2
        bb = bb if bb is not None else small_bet
    elif stake:
        sb = sb if sb is not None else stake[0]
        bb = bb if bb is not None else stake[1]
    if sb is None or bb is None:
        inferred.append("blinds")
        bb = bb if bb is not None else (2 * sb if sb else 0)
        sb = sb if sb is not None else bb // 2
    started: datetime | None = v["started"]
    utc = started.replace(tzinfo=_ET).astimezone(UTC) if started else None
    record = HandHistory(
        site="merge",
        hand_id=hand_id,
        table=v["table"],
        started_at=started,
        time_zone="ET" if started else None,
        started_at_utc=utc,
        game=Game(v["variant"], v["hi_lo"], structure, sb, bb, v["currency"],
                  tournament_id=v["tid"], small_bet=small_bet, big_bet=big_bet),  # fmt: skip
        button=v["button"],
        max_seats=int(game.get("seats")) if (game.get("seats") or "").isdigit() else None,
        seats=tuple(v["seats"]),
        actions=tuple(h.actions),
        boards=(v["board"],) if v["board"] else (),
        hero=v["hero"],
        hole_cards=hole,
        shows=tuple(shows),
        collects=tuple(collects),
        returned=tuple(returned),
        total_pot=total,
        total_pot_line=ht.line,
        rake=rake,
        file=ht.file,
        line=ht.line,
        offset=ht.offset,
        text=ht.text.partition(MARK)[0],
        site_format="merge",
        collect_order=CollectOrder.UNORDERED,
        inferred=tuple(sorted(set(inferred))),
    )
    return ParsedHand(record, tuple(h.problems), hand_id=hand_id)


def _start(text: str) -> datetime | None:
    try:
        return datetime.strptime(text[:14], "%Y%m%d%H%M%S")
    except ValueError:
        return None


_RANKS = frozenset("23456789TJQKA")
_SUITS = frozenset("cdhs")


def _cards(text: str) -> tuple[str, ...] | None:
    """"2s,8h,3c,2h" as record cards; ``None`` when one is not a card ("10s" is read)."""
    out = []
    for c in text.replace(" ", "").split(","):
        if not c:
            continue
        c = "T" + c[2:] if c.startswith("10") else c
        if len(c) != 2 or c[0].upper() not in _RANKS or c[1].lower() not in _SUITS:
            return None
        out.append(c[0].upper() + c[1].lower())
    return tuple(out)


FORMAT = SiteFormat(
    key="merge",
    name="Merge Gaming (Carbon Poker)",
    games="Omaha, Omaha Hi-Lo (pot limit, no limit, limit), cash and tournaments; XML",
    recognise=_recognise,
    split=_split,
    parse=_parse,
    rooms=("merge",),
)
