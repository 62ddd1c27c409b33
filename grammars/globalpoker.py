"""Global Poker hand histories: the site's JSON, one object per hand.

The format (as the site's client fetches a hand, 2017-2018)::

    {"id": "de991355-a65b-...", "table": {"tableId": 795, "tableName": "Albuquerque", ...},
     "startTime": 1518629217433, "endTime": 1518629290182,
     "results": {"totalRake": 5.50,
       "results": {"3722": {"playerId": 3722, "netWin": 3826.50, "totalWin": 5559.00,
                            "rake": 1.72, "totalBet": 1732.50, ...}, ...},
       "transfers": [{"playerId": 3722, "pot": {"potId": 1, "type": "SIDE",
                      "potSize": 2106.50}, "amount": 2106.50, ...}, ...]},
     "events": [
       {"type": "PlayerAction", "action": "SMALL_BLIND", "amount": {"type": "BET",
        "amount": 10.00}, "playerId": 444848, "balanceAfterAction": 849.50, ...},
       {"type": "PlayerCardsDealt", "playerId": 444848, "cards": [{"id": 4, "suit": "CLUBS",
        "rank": "TEN"}, ...]},                                    (others: ids only)
       {"type": "PotUpdate", "pots": [...], "potTransitions": [{"playerId": 3722,
        "amount": 1462.5, "fromChipStackToPlayer": true}, ...]},  (a return)
       {"type": "PlayerBalances", ...}, {"type": "TableCardsDealt", "cards": [...]},
       {"type": "PlayerCardsExposed", ...}, {"type": "ShowDownSummary", ...},
       {"type": "PlayerBestHand", "playerHand": {"playerId": 3722, "handId": 0, ...},
        "handInfoCommon": {"handType": "FLUSH", "cardsUsedInHand": [...]}, ...}],
     "seats": [{"playerId": 459, "initialBalance": 7035.1, "seatId": 0, "name": "..."}],
     "settings": {"variant": "OMAHA", "currencyCode": "XSD", "betStrategyType": "POT_LIMIT",
                  "capacity": 6, "bigBlind": 20.0, "smallBlind": 10.0, "ante": 0.0, ...}}

Quirks read here:

* Amounts: ``CALL`` and ``BET`` the chips added, ``RAISE`` the street total;
  ``BIG_BLIND_PLUS_DEAD_SMALL_BLIND`` the big blind (live) and a dead small blind in one
  amount; ``DEAD_SMALL_BLIND`` alone is dead money (recorded as an ante's kind: the
  player then calls the whole big blind); ``ENTRY_BET`` a live big blind a new player posts; ``WAIT_FOR_BIG_BLIND``
  sits the player out of the hand; ``TIME_BANK`` and ``MUCK_CARDS`` carry no chips.
  Every ``balanceAfterAction`` and ``PlayerBalances`` checks the reading (a stack less
  the chips put in, plus returns, that is not it: a ``bad_amount`` problem there).
* ``PotUpdate`` ``potTransitions`` with ``fromChipStackToPlayer`` true give back an
  uncalled bet; its ``pots`` (sizes before rake) check the chips put in.
* ``results.transfers`` are the wins, each from a named pot (``potId`` 0 the main pot),
  after rake: the pots' parts after rake are what they paid. ``results.totalRake`` is
  the rake; each player's ``netWin`` (won less put in), ``totalWin`` and ``totalBet``
  check the reading: a player whose reading differs gets a ``bad_amount`` problem.
* ``currencyCode`` is written as the store keeps it: "XSD" is Global Poker's sweeps
  coins (its own code, in the ISO 4217 way of "X" codes for units of no country),
  counted in cents like the dollar they are redeemed at; gold coins likewise by code.
* No button is written: the seat before the small blind's ("button" inferred).
  ``seatId`` counts from 0 (seat 1 is ``seatId`` 0).
* Cards: ``rank`` TWO ... ACE and ``suit`` CLUBS, DIAMONDS, HEARTS, SPADES; a card
  with an ``id`` only is not shown. ``PlayerBestHand`` types what the site says a shown
  hand makes (``handType``, with its five ``cardsUsedInHand``).
* ``startTime`` is a Unix time in milliseconds (UTC). Hold'em hands are skipped.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from hhtools.grammars import _kit as k

__all__ = ["FORMAT", "card"]

SITE = "globalpoker"
#: the Omaha variants by name: hi/lo or not
_GAMES = {"OMAHA": False, "OMAHA_HI_LO": True, "OMAHA_HILO": True, "OMAHA_HI_LOW": True}
_LIMITS = k.structure_names("_", str.upper)
_RANKS = {w.upper(): "23456789TJQKA"[v - 2] for w, v in k.RANK_WORDS.items()}
_SUITS = {"CLUBS": "c", "DIAMONDS": "d", "HEARTS": "h", "SPADES": "s"}
_STREETS = (k.Street.FLOP, k.Street.TURN, k.Street.RIVER)
_VARIANTS = {5: k.Variant.OMAHA5, 6: k.Variant.OMAHA6}
#: the site's hand types: a category's words upper-cased and joined by "_" ("FLUSH",
#: "FULL_HOUSE", "THREE_OF_A_KIND"), and its own other names
_CATEGORIES = k.category_names("_", str.upper, {
    "pair": k.HandCategory.ONE_PAIR, "two pairs": k.HandCategory.TWO_PAIR,
    "royal flush": k.HandCategory.STRAIGHT_FLUSH,
})  # fmt: skip
#: the keys of each part this grammar reads (another key is a problem on that part)
_ACTION_KEYS = frozenset({"type", "time", "cards", "action", "amount", "timeout", "playerId",
                          "balanceAfterAction"})  # fmt: skip
_EVENT_KEYS = {
    "PlayerCardsDealt": frozenset({"type", "time", "playerId", "cards", "exposed"}),
    "PotUpdate": frozenset({"type", "time", "pots", "potTransitions"}),
    "PlayerBalances": frozenset({"type", "time", "playerBalances"}),
    "TableCardsDealt": frozenset({"type", "time", "cards", "stackId"}),
    "PlayerCardsExposed": frozenset({"type", "time", "playerId", "cards"}),
    "ShowDownSummary": frozenset({"type", "time"}),
    "PlayerBestHand": frozenset({"type", "time", "playerHand", "handInfoCommon",
                                 "bestHandCards"}),
}  # fmt: skip
_RESULT_KEYS = frozenset({"playerId", "netWin", "totalWin", "rake", "totalBet",
                          "transactionIds", "timeBank"})  # fmt: skip
#: the hand's own keys, its settings' and its seats' (another key is a problem)
_HAND_KEYS = frozenset({"id", "table", "startTime", "endTime", "results", "events", "seats",
                        "settings"})  # fmt: skip
_SETTINGS_KEYS = frozenset({"variant", "currencyCode", "betStrategyType", "capacity",
                            "bigBlind", "smallBlind", "ante", "broadcast", "winPercentage",
                            "rabbitHunting", "attributes"})  # fmt: skip
_SEAT_KEYS = frozenset({"playerId", "initialBalance", "seatId", "name"})
#: actions that carry no chips
_QUIET = frozenset({"TIME_BANK", "MUCK_CARDS", "SIT_IN", "SIT_OUT_NEXT_HAND", "TIMEOUT"})


def card(c: Any) -> str | None:
    """A Global Poker card (``{"id": 4, "suit": "CLUBS", "rank": "TEN"}``) as a record
    card; ``None`` for one not shown (an ``id`` only).

    Raises:
        ValueError: a rank or suit that is not one.

    >>> card({"id": 4, "suit": "CLUBS", "rank": "TEN"}), card({"id": 5})
    ('Tc', None)
    """
    if not isinstance(c, dict):
        raise ValueError("a card is not an object")
    if "rank" not in c and "suit" not in c:
        return None
    rank, suit = _RANKS.get(str(c.get("rank"))), _SUITS.get(str(c.get("suit")))
    if rank is None or suit is None:
        raise ValueError(f"not a card: {str(c)[:40]}")
    return rank + suit


def _cards(part: Any) -> tuple[str, ...]:
    if not isinstance(part, list):
        raise ValueError("cards are not a list")
    return tuple(x for x in map(card, part) if x is not None)


class _Hand(k.JsonHand):
    """A Global Poker hand being read: players by id, the live big blind."""

    def start(self) -> None:
        self.big = 0  # the table's big blind (minor units)
        self.dealt_in: set[str] = set()  # players dealt cards
        self.waiting: set[str] = set()  # players waiting for the big blind: not dealt in
        self.tables = 0  # TableCardsDealt events read

    def balance(self, who: str, text: Any, line: int) -> None:
        """Check a player's balance after an event against the reading."""
        if text is None:
            return
        after = self.money(str(text))
        back = sum(r.amount for r in self.returned if r.player == who)
        expected = self.stacks.get(who, 0) - self.put.get(who, 0) + back
        if after != expected:
            self.problem(line, k.ProblemCode.BAD_AMOUNT,
                         f"{who}'s balance here is {after}, the reading leaves {expected}")  # fmt: skip


def _read(h: _Hand, hand: dict[str, Any], stop: k.Stop) -> k.ParsedHand:
    """One hand object: the game, the seats, the events, the results, the record."""
    settings = hand.get("settings")
    if not isinstance(settings, dict):
        return stop(k.ProblemCode.BAD_HEADER, "this hand has no \"settings\" (its game)")
    variant = str(settings.get("variant") or "")
    if variant not in _GAMES:
        return k.game_not_read(stop, variant, "OMAHA" in variant.upper())
    structure = _LIMITS.get(str(settings.get("betStrategyType") or ""))
    if structure is None:
        return stop(k.ProblemCode.UNKNOWN_GAME,
                    f"betting structure not read: {settings.get('betStrategyType')!r}")  # fmt: skip
    currency = str(settings.get("currencyCode") or "")
    if not (len(currency) == 3 and currency.isalpha() and currency.isupper()):
        return stop(k.ProblemCode.BAD_HEADER, f"currency code not read: {currency[:20]!r}")
    h.unit = k.Unit.CENTS
    h.stake = (h.money(str(settings.get("smallBlind") or "0")),
               h.money(str(settings.get("bigBlind") or "0")))  # fmt: skip
    h.big = h.stake[1]
    _seats(h, hand)
    if not h.seats:
        return stop(k.ProblemCode.NO_SEATS, "no seat in this hand")
    for path, part, known in (((), hand, _HAND_KEYS), (("settings",), settings, _SETTINGS_KEYS)):
        extra = k.unknown_keys(part, known)
        if extra:
            h.problem(h.at(path), k.ProblemCode.UNRECOGNISED_LINE,
                      f"{'/'.join(path) or 'hand'} keys not known: {extra}")  # fmt: skip
    events = hand.get("events")
    results = hand.get("results")
    if not isinstance(events, list) or not isinstance(results, dict):
        return stop(k.ProblemCode.TRUNCATED_HAND, "this hand has no \"events\" or \"results\"")
    for i, ev in enumerate(events):
        line = h.at(("events", i))
        if isinstance(ev, dict):
            _event(h, ev, line)
        else:
            h.problem(line, k.ProblemCode.UNRECOGNISED_LINE, f"event {i} is not an object")
    if not _results(h, results):
        return k.no_record(h)
    h.seats = [replace(s, sitting_out=s.sitting_out or s.player not in h.dealt_in
                       or s.player in h.waiting) for s in h.seats]  # fmt: skip
    h.button_from_blinds()
    holes = max((len(c) for c in h.hole.values()), default=4)
    sb, bb, small_bet, big_bet = h.blinds(structure, h.stake, limit="blinds")
    stamp = str(hand.get("startTime") or "")
    when = datetime.fromtimestamp(int(stamp) / 1000, UTC) if stamp.isdigit() else None
    table = hand.get("table")
    h.table = str(table.get("tableName") or "") if isinstance(table, dict) else ""
    capacity = str(settings.get("capacity") or "")
    h.max_seats = int(capacity) if capacity.isdigit() and int(capacity) <= 1000 else None
    parts = k.paid_parts(h.collects, h.in_pot() - (h.rake or 0))
    return h.record(
        k.Game(_VARIANTS.get(holes, k.Variant.OMAHA), _GAMES[variant], structure, sb, bb, currency,
             ante=h.money(str(settings.get("ante") or "0")), small_bet=small_bet,
             big_bet=big_bet),
        started_at=when.replace(tzinfo=None) if when else None,
        time_zone="UTC" if when else None, started_at_utc=when,
        pot_parts=parts, pot_parts_basis=k.PotPartsBasis.NET if parts else None,
    )  # fmt: skip


def _seats(h: _Hand, hand: dict[str, Any]) -> None:
    """The ``seats`` list: players by id, seat numbers from 1, stacks."""
    seats = hand.get("seats")
    if not isinstance(seats, list):
        return
    for i, s in enumerate(seats):
        if not isinstance(s, dict):
            h.problem(h.at(("seats", i)), k.ProblemCode.UNRECOGNISED_LINE,
                      f"seat {i} is not an object")
            continue
        extra = k.unknown_keys(s, _SEAT_KEYS)
        if extra:
            h.problem(h.at(("seats", i)), k.ProblemCode.UNRECOGNISED_LINE,
                      f"seat keys not known: {extra}")
        name = str(s.get("name") or "")
        seat = h.seat_number(str(int(str(s.get("seatId") or "0")) + 1))
        h.by_id[str(s.get("playerId"))] = name
        h.seat(seat, name, h.money(str(s.get("initialBalance") or "0")), h.at(("seats", i)))


def _event(h: _Hand, ev: dict[str, Any], line: int) -> None:
    """One element of ``events``, by its ``type``."""
    kind = str(ev.get("type") or "")
    known = _ACTION_KEYS if kind == "PlayerAction" else _EVENT_KEYS.get(kind)
    if known is None:
        h.problem(line, k.ProblemCode.UNRECOGNISED_LINE, f"event type {kind!r} not known")
        return
    extra = k.unknown_keys(ev, known)
    if extra:
        h.problem(line, k.ProblemCode.UNRECOGNISED_LINE, f"{kind} keys not known: {extra}")
    if kind in ("ShowDownSummary",):
        return
    if kind == "TableCardsDealt":
        _table_cards(h, ev, line)
        return
    if kind == "PotUpdate":
        _pot_update(h, ev, line)
        return
    if kind == "PlayerBalances":
        for b in ev.get("playerBalances") or ():
            who = h.who(str(b.get("playerId")), line, "balance of {!r}: no such player",
                        b.get("playerId"))  # fmt: skip
            if who is not None:
                h.balance(who, b.get("balance"), line)
        return
    if kind == "PlayerBestHand":
        _best_hand(h, ev, line)
        return
    who = h.who(str(ev.get("playerId")), line, "{} of {!r}: no such player", kind,
                ev.get("playerId"))  # fmt: skip
    if who is None:
        return
    if kind == "PlayerCardsDealt":
        h.dealt_in.add(who)
        cards = _cards(ev.get("cards") or [])
        if cards:
            h.hero, h.hole[who] = who, cards
    elif kind == "PlayerCardsExposed":
        cards = _cards(ev.get("cards") or [])
        if cards:
            h.show(who, k.Show(who, cards, line=line))
    else:
        _action(h, who, ev, line)


def _action(h: _Hand, who: str, ev: dict[str, Any], line: int) -> None:
    """A ``PlayerAction``: a post, a bet, or an action that carries no chips."""
    action = str(ev.get("action") or "")
    amount = ev.get("amount")
    value = h.money(str(amount.get("amount") or "0")) if isinstance(amount, dict) else 0
    if action == "SMALL_BLIND":
        h.post(who, k.PostKind.SMALL_BLIND, value, line)
    elif action == "BIG_BLIND":
        h.post(who, k.PostKind.BIG_BLIND, value, line)
    elif action == "BIG_BLIND_PLUS_DEAD_SMALL_BLIND":
        h.dead_small = max(value - h.big, 0)
        h.post_both(who, value, line)
    elif action == "DEAD_SMALL_BLIND":  # dead: the player still calls the big blind
        h.post(who, k.PostKind.ANTE, value, line)
    elif action == "ENTRY_BET":
        h.post(who, k.PostKind.BIG_BLIND, value, line, stated=False)
    elif action == "ANTE":
        h.post(who, k.PostKind.ANTE, value, line)
    elif action == "STRADDLE":
        h.post(who, k.PostKind.STRADDLE, value, line)
    elif action == "WAIT_FOR_BIG_BLIND":
        h.waiting.add(who)
    elif action == "FOLD":
        h.fold(who, line)
    elif action == "CHECK":
        h.check(who, line)
    elif action == "CALL":
        h.call(who, value, line)
    elif action == "BET":
        h.bet(who, value, line)
    elif action == "RAISE":
        h.raise_to(who, value, line)
    elif action not in _QUIET:
        h.problem(line, k.ProblemCode.UNRECOGNISED_LINE, f"action {action!r} not known")
        return
    h.balance(who, ev.get("balanceAfterAction"), line)


def _table_cards(h: _Hand, ev: dict[str, Any], line: int) -> None:
    """``TableCardsDealt``: the next street's cards (a second run is not read)."""
    if str(ev.get("stackId") or "0") != "0" or h.tables >= len(_STREETS):
        h.problem(line, k.ProblemCode.UNRECOGNISED_LINE, "a second board (run twice) is not read")
        return
    h.new_street(_STREETS[h.tables])
    h.tables += 1
    h.board.extend(_cards(ev.get("cards") or []))


def _pot_update(h: _Hand, ev: dict[str, Any], line: int) -> None:
    """``PotUpdate``: uncalled bets given back; the pots' sizes checked."""
    for t in ev.get("potTransitions") or ():
        if isinstance(t, dict) and t.get("fromChipStackToPlayer") is True:
            who = h.who(str(t.get("playerId")), line, "return to {!r}: no such player",
                        t.get("playerId"))  # fmt: skip
            if who is not None:
                h.returned.append(k.Returned(who, h.money(str(t.get("amount") or "0")), line))
    pots = [p for p in ev.get("pots") or () if isinstance(p, dict)]
    size = sum(h.money(str(p.get("potSize") or "0")) for p in pots)
    if pots and size != h.in_pot():
        h.problem(line, k.ProblemCode.BAD_AMOUNT,
                  f"the site's pots ({size}) are not what was put in ({h.in_pot()})")


def _best_hand(h: _Hand, ev: dict[str, Any], line: int) -> None:
    """``PlayerBestHand``: what the site says a shown hand makes (its high)."""
    hand = ev.get("playerHand")
    info = ev.get("handInfoCommon")
    if not isinstance(hand, dict) or not isinstance(info, dict):
        return
    who = h.by_id.get(str(hand.get("playerId")))
    category = _CATEGORIES.get(str(info.get("handType") or ""))
    if who is None or str(hand.get("handId") or "0") != "0":
        return  # a low's best hand: the cards make it, the audit reads them
    five = _cards(info.get("cardsUsedInHand") or [])
    for i, show in enumerate(h.shows):
        if show.player == who:
            claim = k.claimed_from_five(category, five) if category is not None else None
            h.shows[i] = replace(show, description=str(info.get("handType")), claimed_high=claim)


def _results(h: _Hand, results: dict[str, Any]) -> bool:
    """``results``: the wins per pot, the rake, each player's totals checked;
    ``False`` when a card is dealt twice."""
    line = h.at(("results",))
    for i, t in enumerate(results.get("transfers") or ()):
        tline = h.at(("results", "transfers", i))
        if not isinstance(t, dict) or t.get("fromChipStackToPlayer") is True:
            continue
        who = h.who(str(t.get("playerId")), tline, "win of {!r}: no such player", t.get("playerId"))
        pot = t.get("pot")
        pid = str(pot.get("potId") or "0") if isinstance(pot, dict) else "0"
        if who is not None:
            h.collects.append(k.Collect(who, h.money(str(t.get("amount") or "0")),
                                      pot=int(pid) if pid.isdigit() else 0, line=tline))  # fmt: skip
    h.total, h.total_line = h.in_pot(), line
    h.rake = h.money(str(results.get("totalRake") or "0"))
    paid = sum(c.amount for c in h.collects)
    if paid + h.rake != h.total:
        h.problem(line, k.ProblemCode.BAD_AMOUNT,
                  f"the wins and rake ({paid} + {h.rake}) are not the pot put in ({h.total})")  # fmt: skip
    per = results.get("results")
    for pid, r in (per.items() if isinstance(per, dict) else ()):
        if isinstance(r, dict):
            _player_result(h, str(pid), r, h.at(("results", "results", pid)))
    return not h.dealt_twice()


def _player_result(h: _Hand, pid: str, r: dict[str, Any], line: int) -> None:
    """A player's ``netWin``, ``totalWin`` and ``totalBet`` against the reading."""
    extra = k.unknown_keys(r, _RESULT_KEYS)
    if extra:
        h.problem(line, k.ProblemCode.UNRECOGNISED_LINE, f"result keys not known: {extra}")
    who = h.who(pid, line, "result of {!r}: no such player", pid)
    if who is None:
        return
    won = sum(c.amount for c in h.collects if c.player == who)
    bet = h.put.get(who, 0) - sum(x.amount for x in h.returned if x.player == who)
    site = {key: _signed(h, r.get(key)) for key in ("netWin", "totalWin", "totalBet")}
    mine = {"netWin": won - bet, "totalWin": won, "totalBet": bet}
    wrong = [f"{key} {site[key]} (read: {mine[key]})" for key in site
             if site[key] is not None and site[key] != mine[key]]  # fmt: skip
    if wrong:
        h.problem(line, k.ProblemCode.BAD_AMOUNT, f"{who}'s results differ: {', '.join(wrong)}")


def _signed(h: _Hand, value: Any) -> int | None:
    """A signed amount ("-1220.00") in minor units, or ``None`` when absent."""
    if value is None:
        return None
    text = str(value).strip()
    return -h.money(text[1:]) if text.startswith("-") else h.money(text)


FORMAT = k.json_format(
    SITE, "Global Poker (JSON)", "Omaha (pot limit, no limit), cash; the site's JSON",
    lambda paths: ("table", "tableIntegrationId") in paths
    or (("startTime",) in paths and ("table", "tableName") in paths),
    None,
    k.json_reader(SITE, lambda hand: hand.get("id"), "hand", _read, _Hand),
    re.compile(r'\{\s*"id"\s*:\s*"[^"]*"\s*,\s*"table"'),
)  # fmt: skip
