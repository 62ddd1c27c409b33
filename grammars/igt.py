"""IGT hand histories: JSON, the hands of a session in one ``"history"`` array.

IGT's poker client (the network that was Boss Media's) exports the same hand as
Boss's XML, in JSON (one line per file, a UTF-8 BOM first)::

    {"history": [{
      "player": [{"name": "A", "seat": "1", "state": "STATE_PLAYING", "dealer": "N",
                  "id": "2000:5678", "amount": "20.00", "bounty": "0.00"}, ...],
      "action": [
        {"kind": "HAND_SB", "type": "HAND_BLINDS", "player": "B", "value": "0.25",
         "bankRoll": "99.17", "date": "1488477392930"},
        {"type": "HAND_DEAL", "player": "A", "card": [{"link": "51"}, {"link": "b"}, ...]},
        {"type": "ACTION_RAISE", "player": "C", "value": "7.50", "bankRoll": "10.75"},
        {"type": "HAND_BOARD", "value": "BOARD_FLOP", "card": [...], "mainpot": "1.71",
         "rake": "0.04", "pot": "1.71"},
        {"type": "ACTION_ADJUSTEMENT", "player": "C", "value": "0.50", "bankRoll": "136.08"}],
      "showDown": {"name": "HAND_SHOWDOWN", "pot": "6.57", "mainpot": "6.57", "rake": "0.18",
        "result": [{"player": "C", "hand": "$(STR_G_WIN_STRAIGHT) $(STR_G_CARD_EIGHT)",
                    "winType": "WINTYPE_HILO", "card": [...], "winCard": [...],
                    "handExt": "8 7 5 4 2 ", "folded": false, "bankRoll": "59.22",
                    "win": "6.57"}, ...]},
      "handId": "54503445.hand.201", "table": "Ada73", "gameType": "OMAHAHILO",
      "gameKind": "GAMEKIND_CASH", "tableCurrency": "SEK", "limit": "Pot Limit",
      "stake": "0.25/0.5", "small": "0.25", "large": "0.50", "date": "1488477392404", ...}]}

Quirks read here:

* A seat named "UNKNOWN" in ``STATE_EMPTY`` is an empty seat, not a player; a state
  other than ``STATE_PLAYING`` (or a player dealt no cards) sits out.
* ``amount`` is the stack before the blinds; one export writes 0.00 for every seat.
  Then each stack is worked out from the player's first ``bankRoll`` (the stack after
  an action) and what the player had put in ("stacks" inferred). Every ``bankRoll``
  checks the reading: a stack less the chips put in (plus returns) that is not it is a
  ``bad_amount`` problem on that action, so the hand is judged only where it agrees.
* Amounts are street totals: ``ACTION_CALL``, ``ACTION_BET``, ``ACTION_RAISE`` and
  ``ACTION_ALLIN`` values are what the player has in on the street after the action
  (the bankRolls show it: "CALL 7.50" after a 0.25 small blind adds 7.25).
  ``ACTION_ADJUSTEMENT`` gives back the uncalled part of a bet: its value is the
  player's street total after it (a 2.50 raise adjusted to 0.50 returns 2.00).
* Blinds by ``kind``: HAND_SB, HAND_BB, HAND_DSB a dead small blind (with the same
  player's HAND_BB one "small & big blinds" post: the big blind live, the small dead);
  HAND_ANTE an ante.
* ``HAND_BOARD`` carries the whole board so far, and the pot after rake and the rake
  so far: both check the reading (``pot`` + ``rake`` is what was put in).
* ``showDown``: ``rake`` the hand's rake (absent: none), ``pot`` what was paid;
  each ``result``'s ``win`` is what that player was paid in all (no pot named: the
  audit gives it to the pots, :attr:`HandHistory.pots_named`), ``winType``
  ``WINTYPE_HI``/``WINTYPE_LO`` the half, ``WINTYPE_HILO`` both; ``card`` the cards
  shown; ``hand`` the site's words ("$(STR_G_WIN_TWOPAIR) $(STR_G_CARD_JACK)
  $(STR_G_ANDTEXT) $(STR_G_CARD_TEN)"), typed by category and the five ``winCard``
  cards; ``handExt`` the low ("8 4 3 2 A").
* Cards: ``link`` 0-51, rank ``n % 13`` from the deuce, suits clubs, diamonds, hearts,
  spades by thirteens ("51" the ace of spades); "b" a card not shown, "100" none.
* ``gameKind`` GAMEKIND_SITGO and GAMEKIND_TOURNAMENT (or ``tournamentTable`` true)
  are tournaments: chips, the tournament's number from ``tableTourneyId``.
* ``date`` is a Unix time in milliseconds (UTC); the button is ``dealer`` "Y".
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from hhtools.grammars import _kit as k

__all__ = ["FORMAT", "card"]

SITE = "igt"
_GAMES = {"OMAHA": False, "OMAHAHILO": True}
_LIMITS = {"Pot Limit": k.BettingStructure.POT_LIMIT, "No Limit": k.BettingStructure.NO_LIMIT,
           "Fixed Limit": k.BettingStructure.LIMIT}  # fmt: skip
_TOURNEY = frozenset({"GAMEKIND_SITGO", "GAMEKIND_TOURNAMENT", "GAMEKIND_MTT"})
_BOARD = {"BOARD_FLOP": k.Street.FLOP, "BOARD_TURN": k.Street.TURN, "BOARD_RIVER": k.Street.RIVER}
_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
_HALVES = {"WINTYPE_HI": k.Half.HIGH, "WINTYPE_LO": k.Half.LOW, "WINTYPE_HILO": None}
_VARIANTS = {5: k.Variant.OMAHA5, 6: k.Variant.OMAHA6}
#: a pot's key ("mainpot", "sidepot1"), never a fee's ("jackpot": not read, a problem)
_POT_PART = re.compile(r"(?!jackpot)[a-z]*pot_?\d*")
#: the site's words for a high hand's category ("$(STR_G_WIN_TWOPAIR)")
_CATEGORIES = k.category_names("", str.upper, {
    "pair": k.HandCategory.ONE_PAIR, "two pairs": k.HandCategory.TWO_PAIR,
    "trips": k.HandCategory.THREE_OF_A_KIND, "quads": k.HandCategory.FOUR_OF_A_KIND,
    "ace high flush": k.HandCategory.FLUSH, "royal flush": k.HandCategory.STRAIGHT_FLUSH,
})  # fmt: skip
#: the keys of each part of a hand this grammar reads (another key is a problem)
_PLAYER_KEYS = frozenset({"name", "seat", "state", "dealer", "id", "bounty", "amount"})
_ACTION_KEYS = frozenset({"kind", "date", "type", "player", "value", "bankRoll", "card",
                          "mainpot", "rake", "pot"})  # fmt: skip
_SHOWDOWN_KEYS = frozenset({"date", "name", "result", "mainpot", "pot", "rake"})
_RESULT_KEYS = frozenset({"player", "hand", "winCard", "winType", "date", "card", "folded",
                          "handExt", "bankRoll", "win"})  # fmt: skip
#: the hand's own keys: those read, the session's and table's names, and the hero's
#: totals ("bet", "pot", "win", "loss": what the actions and the showdown already say)
_HAND_KEYS = frozenset({
    "player", "action", "showDown", "id", "handId", "session", "table", "tableId", "game",
    "gameType", "gameKind", "tableCurrency", "limit", "date", "endTime", "tableTourneyId",
    "rakeId", "anonymous", "tournamentTable", "small", "large", "stake", "skipPreFlop",
    "bet", "pot", "win", "loss", "currentPlayerRegTicketId", "currentPLAYERRegTicketId",
    "tableRegTicketId",
})  # fmt: skip


def card(link: str) -> str | None:
    """An IGT ``link`` as a record card; ``None`` for a card not shown ("b", "100").

    Raises:
        ValueError: not a card number 0-51.

    >>> card("0"), card("12"), card("13"), card("35"), card("51"), card("b")
    ('2c', 'Ac', '2d', 'Jh', 'As', None)
    """
    if link in ("b", "100"):
        return None
    n = int(link)
    if not 0 <= n < 52:
        raise ValueError(f"card number out of range: {link[:10]}")
    return _RANKS[n % 13] + _SUITS[n // 13]


def _cards(part: Any) -> tuple[str, ...]:
    """The cards shown of a list of ``{"link": ...}``.

    Raises:
        ValueError: a card that is not one.
    """
    if not isinstance(part, list):
        raise ValueError("cards are not a list")
    return tuple(c for c in (card(str(x.get("link", "b"))) for x in part) if c is not None)


class _Hand(k.JsonHand):
    """An IGT hand being read: bankRolls checked, dead small blinds waiting."""

    def start(self) -> None:
        self.dead: dict[str, int] = {}  # dead small blinds waiting for the player's big blind
        self.inferred_stacks = False  # every seat wrote 0.00: stacks from the bankRolls
        self.known: set[str] = set()  # players whose stack is known
        self.deal_line = 0  # the line of the hero's cards
        self.taken_before: set[str] = set()  # blinds taken before the seat's amount

    def bank(self, who: str, text: Any, line: int, won: int = 0, blind: int = 0) -> None:
        """Check the player's ``bankRoll`` after an action (``text``; after a result,
        less what it ``won``) against the reading, or, stacks unknown, learn the stack
        from the first one. A player's first ``blind`` whose bankRoll shows no change
        was taken before the seat's amount was written: the stack is that amount plus
        the blind."""
        if text is None:
            return
        after = self.money(str(text)) - won
        back = sum(r.amount for r in self.returned if r.player == who)
        if who not in self.known:
            self.known.add(who)
            self.stacks[who] = after + self.put.get(who, 0) - back
            return
        expected = self.stacks.get(who, 0) - self.put.get(who, 0) + back
        if blind and after == expected + blind and self.put.get(who, 0) == blind:
            self.stacks[who] += blind  # the seat's amount was written after this blind
            self.taken_before.add(who)
            return
        if after != expected:
            self.problem(line, k.ProblemCode.BAD_AMOUNT,
                         f"{who}'s bankRoll after this action is {after}, the reading "
                         f"leaves {expected}")  # fmt: skip


def _read(h: _Hand, hand: dict[str, Any], stop: k.Stop) -> k.ParsedHand:
    """One hand object: the game, the seats, the actions, the showdown, the record."""
    game = str(hand.get("gameType") or "")
    if game not in _GAMES:
        return k.game_not_read(stop, game, "OMA" in game.upper())
    structure = _LIMITS.get(str(hand.get("limit") or ""))
    if structure is None:
        return stop(
            k.ProblemCode.UNKNOWN_GAME, f"betting structure not read: {hand.get('limit')!r}"
        )
    tourney = hand.get("gameKind") in _TOURNEY or hand.get("tournamentTable") is True
    h.unit = k.Unit.CHIPS if tourney else k.Unit.CENTS
    small, large = hand.get("small"), hand.get("large")
    if small is not None and large is not None:
        h.stake = (h.money(str(small)), h.money(str(large)))
    _seats(h, hand)
    if not h.seats:
        return stop(k.ProblemCode.NO_SEATS, "no player sits in this hand")
    extra = k.unknown_keys(hand, _HAND_KEYS)
    if extra:
        h.problem(
            h.at((extra[0],)), k.ProblemCode.UNRECOGNISED_LINE, f"hand keys not known: {extra}"
        )
    actions = hand.get("action")
    if not isinstance(actions, list):
        return stop(k.ProblemCode.TRUNCATED_HAND, "this hand has no \"action\" list")
    for i, act in enumerate(actions):
        if isinstance(act, dict):
            _action(h, act, h.at(("action", i)))
        else:
            h.problem(h.ht.line, k.ProblemCode.UNRECOGNISED_LINE, f"action {i} is not an object")
    _flush_dead(h, h.ht.line)
    sd = hand.get("showDown")
    if not isinstance(sd, dict) or not isinstance(sd.get("result"), list):
        return stop(k.ProblemCode.TRUNCATED_HAND, "this hand has no \"showDown\" (its result)")
    if not _showdown(h, sd, _GAMES[game]):
        return k.no_record(h)
    holes = max((len(c) for c in h.hole.values()), default=4)
    sb, bb, small_bet, big_bet = h.blinds(structure, h.stake, limit="blinds")
    stamp = str(hand.get("date") or "")
    when = datetime.fromtimestamp(int(stamp) / 1000, UTC) if stamp.isdigit() else None
    h.table = str(hand.get("table") or "")
    currency = "CHIPS" if tourney else str(hand.get("tableCurrency") or "")
    tid = str(hand.get("tableTourneyId") or "unknown") if tourney else None
    if h.inferred_stacks or h.taken_before:
        h.inferred.append("stacks")
        h.seats = [replace(s, stack=h.stacks.get(s.player, 0 if h.inferred_stacks else s.stack))
                   for s in h.seats]  # fmt: skip
    return h.record(
        k.Game(_VARIANTS.get(holes, k.Variant.OMAHA), _GAMES[game], structure, sb, bb, currency,
             tournament_id=tid, small_bet=small_bet, big_bet=big_bet),
        started_at=when.replace(tzinfo=None) if when else None,
        time_zone="UTC" if when else None, started_at_utc=when, pots_named=False,
    )  # fmt: skip


def _seats(h: _Hand, hand: dict[str, Any]) -> None:
    """The ``player`` list: empty seats left out, stacks, the button, sitting out."""
    players = hand.get("player")
    if not isinstance(players, list):
        return
    dealt = {str(a.get("player")) for a in hand.get("action") or ()
             if isinstance(a, dict) and a.get("type") == "HAND_DEAL"}  # fmt: skip
    seated = [(i, p) for i, p in enumerate(players)
              if isinstance(p, dict) and p.get("state") != "STATE_EMPTY"]  # fmt: skip
    h.inferred_stacks = bool(seated) and all(h.money(str(p.get("amount") or "0")) == 0
                                             for _, p in seated)  # fmt: skip
    for i, p in seated:
        line = h.at(("player", i))
        extra = k.unknown_keys(p, _PLAYER_KEYS)
        if extra:
            h.problem(line, k.ProblemCode.UNRECOGNISED_LINE, f"player keys not known: {extra}")
        name = str(p.get("name") or "")
        seat = h.seat_number(str(p.get("seat") or ""))
        out = p.get("state") != "STATE_PLAYING" or (bool(dealt) and name not in dealt)
        h.by_id[name] = name
        h.seat(seat, name, h.money(str(p.get("amount") or "0")), line, out)
        if h.inferred_stacks:
            del h.stacks[name]  # unknown until the player's first bankRoll
        else:
            h.known.add(name)
        if p.get("dealer") == "Y":
            h.button = seat


def _action(h: _Hand, act: dict[str, Any], line: int) -> None:
    """One element of ``action``: blinds, a deal, a board, a bet, an adjustment."""
    extra = [field for field in k.unknown_keys(act, _ACTION_KEYS) if not _pot_part(field)]
    if extra:
        h.problem(line, k.ProblemCode.UNRECOGNISED_LINE, f"action keys not known: {extra}")
    kind = str(act.get("type") or "")
    if kind == "HAND_BOARD":
        _board(h, act, line)
        return
    name = str(act.get("player") or "")
    who = h.who(name, line, "{} by {!r}: no such player", kind, name)
    if who is None:
        return
    if kind == "HAND_DEAL":
        cards = _cards(act.get("card") or [])
        if cards:
            h.hero, h.hole[who], h.deal_line = who, cards, line
        return
    value = h.money(str(act.get("value") or "0"))
    if kind == "HAND_BLINDS":
        _blinds(h, who, str(act.get("kind") or ""), value, line)
        h.bank(who, act.get("bankRoll"), line, blind=value)
        return
    elif kind == "ACTION_ADJUSTEMENT":
        back = h.bets.get(who, 0) - value
        if back > 0:
            h.returned.append(k.Returned(who, back, line))
            h.bets[who] = value
            h.highest = max(h.bets.values())
    elif kind in _BETS:
        _flush_dead(h, line)
        _BETS[kind](h, who, value, line)
    else:
        h.problem(line, k.ProblemCode.UNRECOGNISED_LINE, f"action type {kind!r} not known")
        return
    h.bank(who, act.get("bankRoll"), line)


def _call(h: _Hand, who: str, total: int, line: int) -> None:
    h.call(who, max(total - h.bets.get(who, 0), 0), line)


def _bet(h: _Hand, who: str, total: int, line: int) -> None:
    if h.highest == 0:
        h.bet(who, total - h.bets.get(who, 0), line)
    else:
        h.raise_to(who, total, line)


def _all_in(h: _Hand, who: str, total: int, line: int) -> None:
    h.all_in(who, total - h.bets.get(who, 0), line)


#: the betting actions: each value is the player's street total after it
_BETS = {
    "ACTION_FOLD": lambda h, who, v, line: h.fold(who, line),
    "ACTION_CHECK": lambda h, who, v, line: h.check(who, line),
    "ACTION_CALL": _call, "ACTION_BET": _bet,
    "ACTION_RAISE": lambda h, who, v, line: h.raise_to(who, v, line),
    "ACTION_ALLIN": _all_in,
}  # fmt: skip


def _blinds(h: _Hand, who: str, blind: str, value: int, line: int) -> None:
    """``HAND_BLINDS`` by ``kind``; a dead small blind waits for the player's big blind."""
    if blind == "HAND_DSB":
        h.dead[who] = h.dead.get(who, 0) + value
        h.put[who] = h.put.get(who, 0) + value  # for its bankRoll: taken back when posted
    elif blind == "HAND_SB":
        h.post(who, k.PostKind.SMALL_BLIND, value, line)
    elif blind == "HAND_BB" and who in h.dead:
        h.dead_small = h.dead.pop(who)
        h.put[who] -= h.dead_small
        h.post_both(who, h.dead_small + value, line)
    elif blind == "HAND_BB":
        h.post(who, k.PostKind.BIG_BLIND, value, line)
    elif blind == "HAND_ANTE":
        h.post(who, k.PostKind.ANTE, value, line)
    else:
        h.problem(line, k.ProblemCode.UNRECOGNISED_LINE, f"blind kind {blind!r} not known")


def _flush_dead(h: _Hand, line: int) -> None:
    """Dead small blinds with no big blind after them: dead money (posted as antes)."""
    for who, amount in h.dead.items():
        h.put[who] -= amount
        h.post(who, k.PostKind.ANTE, amount, line)
    h.dead.clear()


def _board(h: _Hand, act: dict[str, Any], line: int) -> None:
    """``HAND_BOARD``: a street, the board so far; its pot and rake check the reading."""
    _flush_dead(h, line)
    street = _BOARD.get(str(act.get("value") or ""))
    if street is None:
        h.problem(line, k.ProblemCode.UNRECOGNISED_LINE, f"board {act.get('value')!r} not known")
        return
    cards = _cards(act.get("card") or [])
    if street is not h.street:
        h.new_street(street)
    h.board = list(cards)
    _pot_check(h, act, line)


def _pot_part(key: str) -> bool:
    """A key naming one of the pots the site writes beside ``pot`` ("mainpot", and a
    side pot's: "sidepot1", "leftpot"...): read by :func:`_pot_check`."""
    return key != "pot" and _POT_PART.fullmatch(key.lower()) is not None


def _pot_check(h: _Hand, part: dict[str, Any], line: int) -> None:
    """The site's pot (after rake) and rake so far against the chips put in; the pots
    it names beside it (the main pot and any side pot) must add up to it."""
    if part.get("pot") is None:
        return
    pot, rake = h.money(str(part["pot"])), h.money(str(part.get("rake") or "0"))
    if pot + rake != h.in_pot():
        h.problem(line, k.ProblemCode.BAD_AMOUNT,
                  f"the site's pot and rake ({pot} + {rake}) are not what was put in "
                  f"({h.in_pot()})")  # fmt: skip
    parts = {
        field: h.money(str(v)) for field, v in part.items() if _pot_part(field) and v is not None
    }
    if parts and sum(parts.values()) != pot:
        h.problem(line, k.ProblemCode.BAD_AMOUNT,
                  f"the site's pots {parts} do not add up to its pot ({pot})")


def _showdown(h: _Hand, sd: dict[str, Any], hi_lo: bool) -> bool:
    """The results (shows, wins), the rake and the totals checked; ``False`` when a
    card is dealt twice."""
    line = h.at(("showDown",))
    extra = [field for field in k.unknown_keys(sd, _SHOWDOWN_KEYS) if not _pot_part(field)]
    if extra:
        h.problem(line, k.ProblemCode.UNRECOGNISED_LINE, f"showDown keys not known: {extra}")
    h.total, h.total_line = h.in_pot(), line
    h.rake = h.money(str(sd.get("rake") or "0"))
    _pot_check(h, sd, line)
    folded = h.folded_players()
    for i, res in enumerate(sd["result"]):
        if isinstance(res, dict):
            _result(h, res, h.at(("showDown", "result", i)), folded, hi_lo)
    paid = sum(c.amount for c in h.collects)
    if paid + h.rake != h.total:
        h.problem(line, k.ProblemCode.BAD_AMOUNT,
                  f"the wins and rake ({paid} + {h.rake}) are not the pot put in ({h.total})")  # fmt: skip
    _hero_repeats(h)
    if h.dealt_twice(board=False):
        return False
    h.button_from_blinds()
    return True


def _hero_repeats(h: _Hand) -> None:
    """The hero's dealt cards that repeat a card shown by another player or on the
    board cannot both be so: the dealt ones are not kept, with a ``bad_cards`` problem
    on their line (the hand is then judged only where they cannot matter)."""
    mine = h.hole.get(h.hero or "")
    if not mine:
        return
    others = set(h.board).union(*(set(c) for p, c in h.hole.items() if p != h.hero))
    twice = sorted(others & set(mine))
    if twice:
        del h.hole[h.hero]  # type: ignore[arg-type]
        h.problem(h.deal_line or h.ht.line, k.ProblemCode.BAD_CARDS,
                  f"{h.hero}'s dealt cards repeat {' '.join(twice)}, shown elsewhere")


def _result(h: _Hand, res: dict[str, Any], line: int, folded: set[str], hi_lo: bool) -> None:
    """One ``result``: the cards shown, the site's words, what the player won."""
    extra = k.unknown_keys(res, _RESULT_KEYS)
    if extra:
        h.problem(line, k.ProblemCode.UNRECOGNISED_LINE, f"result keys not known: {extra}")
    name = str(res.get("player") or "")
    who = h.who(name, line, "result of {!r}: no such player", name)
    if who is None:
        return
    cards = _cards(res.get("card") or [])
    words = str(res.get("hand") or "")
    if cards and who not in folded:
        h.hole[who] = cards
        five = _cards(res.get("winCard") or [])
        low_text = str(res.get("handExt") or "").strip() or None
        h.shows.append(k.Show(who, cards, words or None, low_text, line=line,
                            claimed_high=_claim(words, five),
                            claimed_low=_low(low_text) if hi_lo else None))  # fmt: skip
    won = h.money(str(res.get("win") or "0"))
    if won > 0:
        half = _HALVES.get(str(res.get("winType") or "")) if hi_lo else None
        h.collects.append(k.Collect(who, won, pot=0, line=line, half=half))
    h.bank(who, res.get("bankRoll"), line, won)


def _claim(words: str, five: tuple[str, ...]) -> k.ClaimedHigh | None:
    """The category the site's words name, with the ranks of its five cards
    (:func:`~hhtools.grammars._betting.claimed_from_five`); ``None`` when not known."""
    for token in words.split():
        if token.startswith("$(STR_G_WIN_") and token.endswith(")"):
            category = _CATEGORIES.get(token[len("$(STR_G_WIN_") : -1])
            if category is None:
                return None
            if category is k.HandCategory.FLUSH and "ACEHIGH" in token:
                return k.ClaimedHigh(category, (14,))
            return k.claimed_from_five(category, five)
    return None


def _low(text: str | None) -> tuple[int, ...] | None:
    """``handExt`` ("8 4 3 2 A") as a low, ranks high to low (ace 1)."""
    if not text:
        return None
    words = text.split()
    try:
        return k.low_from_five(tuple(("T" if w == "10" else w) + "s" for w in words))
    except KeyError:
        return None


FORMAT = k.json_format(
    SITE, "IGT (JSON)", "Omaha, Omaha Hi-Lo (pot limit, no limit, limit), cash and sit-and-go; JSON",
    lambda paths: ("history", "player") in paths or ("history", "action") in paths,
    "history",
    k.json_reader(SITE, lambda hand: hand.get("handId") or hand.get("id"), "hand", _read, _Hand),
    re.compile(r'\{\s*"player"\s*:\s*\[\s*(?:\{\s*"name"|$)'),
)  # fmt: skip
