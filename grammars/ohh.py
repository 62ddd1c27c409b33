"""Open Hand History (OHH): the JSON hand format trackers and converters exchange.

The OHH specification (https://hh-specs.handhistory.org, 1.4.x) writes one hand as one
object, ``{"ohh": {...}}``; a file holds one hand, several one after another (one per
line: JSON lines, what ``hhtools export --format ohh`` writes), or an array of them::

    {"ohh": {"spec_version": "1.4.7", "site_name": "pokerstars", "network_name": "pokerstars",
      "game_number": "35874998500", "start_date_utc": "2009-11-26T15:36:51",
      "table_name": "Gaby II", "table_size": 6, "game_type": "OmahaHiLo",
      "bet_limit": {"bet_type": "PL", "bet_cap": 0.00}, "currency": "USD", "dealer_seat": 3,
      "small_blind_amount": 0.01, "big_blind_amount": 0.02, "ante_amount": 0.00,
      "hero_player_id": 4, "flags": [], "tournament": false,
      "players": [{"id": 0, "seat": 1, "name": "Ann", "starting_stack": 11.27}, ...],
      "rounds": [{"id": 0, "street": "Preflop", "cards": [], "actions": [
          {"action_number": 1, "player_id": 3, "action": "Post SB", "amount": 0.01,
           "is_allin": false},
          {"action_number": 3, "player_id": 4, "action": "Dealt Cards", "amount": 0.00,
           "is_allin": false, "cards": ["2h", "2c", "3s", "9h"]},
          {"action_number": 6, "player_id": 1, "action": "Raise", "amount": 0.07, ...}]},
        {"id": 1, "street": "Flop", "cards": ["Jd", "5c", "Kc"], "actions": [...]},
        {"id": 4, "street": "Showdown", "cards": [], "actions": [
          {"player_id": 1, "action": "Shows Cards", "cards": ["Ah", "Kd", "2c", "3d"]}]}],
      "pots": [{"number": 0, "amount": 0.31, "rake": 0.01, "jackpot": 0.00,
                "player_wins": [{"player_id": 1, "win_amount": 0.30,
                                 "contributed_rake": 0.01}]}]}}

What is read, and how:

* The site is the hand's own ``site_name`` (``network_name`` when it names none, else
  ``ohh``); the format recorded (``site_format``) is ``ohh``.
* Games: ``game_type`` ``Omaha`` (high) and ``OmahaHiLo`` (hi/lo, eight or better).
  OHH names no 5- or 6-card Omaha nor Courchevel: the number of hole cards any player
  is dealt or shows tells them (2, 4, 5, 6 or 7), and a card on the ``Preflop``
  round's ``cards`` (dealt face up before the first betting round) makes a five-card
  hand Courchevel. A hand in which no hole card is known is four-card Omaha (or
  Courchevel by its preflop card): OHH cannot tell more. Every other game (Holdem,
  Stud, Draw...) is skipped as another game.
* ``bet_limit.bet_type``: ``PL``, ``NL``, ``FL``. OHH writes no limit's bets: a
  fixed-limit hand's small and big bets are the big blind and twice it ("blinds"
  inferred). ``tournament`` (with ``tournament_info``) makes the amounts chips; a
  ``currency`` of ``""`` is chips too.
* ``start_date_utc`` is the start in UTC (the record's clock is UTC).
* Actions, by ``player_id``: ``Post SB``, ``Post BB``, ``Post Ante``, ``Straddle``,
  ``Post Extra Blind`` (a live blind), ``Post Dead`` (the dead small blind of a
  player who also posts the big blind: one "small and big blinds" post; alone, dead
  money); ``Fold``, ``Check``, ``Call``, ``Bet``, ``Raise``: ``amount`` is the chips
  the action put in (a raise's chips added, not its total; the site's pots check it,
  :data:`MEANINGS`), ``is_allin`` as the file says; ``Dealt Cards`` (the hero's, or any player's the file knows),
  ``Shows Cards`` and ``Mucks Cards`` (with cards: shown face up as mucked);
  ``Sits Down`` and ``Stands Up`` move no chips.
* A round of a street that comes again after the river (or after a later street) is
  the second run of a board run twice (flag ``Run_It_Twice``): its cards replace the
  first board's from that street on.
* OHH writes no uncalled bet returned: the uncalled part of the last bet is worked
  out from the betting ("returned" inferred).
* ``pots``: main pot first (with a board run twice, the first board's pots, then the
  second's, as many); ``amount`` the pot before rake, ``rake`` and ``jackpot`` taken
  from it, ``player_wins`` what each player was paid from it (``win_amount``). The
  pots' amounts must add up to the chips put in (less the return): a file that says
  otherwise is a ``bad_amount`` problem on its ``pots`` (the hand is judged only where
  that cannot matter); a main pot above them holds money the room added.

Amounts are integer minor units: cents for a real currency, chips otherwise.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from hhtools.grammars._json import JsonHand, json_format, json_reader, unknown_keys
from hhtools.grammars._meaning import Meanings
from hhtools.grammars._xml import Stop, game_not_read
from hhtools.grammars.base import ParsedHand
from hhtools.model.habits import Habits
from hhtools.model.money import CHIP_CURRENCIES, Unit
from hhtools.model.records import BettingStructure, Collect, Game, PostKind, Returned, Show
from hhtools.model.records import Street, Variant
from hhtools.model.vocab import PotPartsBasis, ProblemCode

__all__ = ["FORMAT", "MEANINGS"]

SITE = "ohh"
_GAMES = {"Omaha": False, "OmahaHiLo": True}
_LIMITS = {"PL": BettingStructure.POT_LIMIT, "NL": BettingStructure.NO_LIMIT,
           "FL": BettingStructure.LIMIT}  # fmt: skip
_STREETS = {"Preflop": Street.PREFLOP, "Flop": Street.FLOP, "Turn": Street.TURN,
            "River": Street.RIVER}  # fmt: skip
_ORDER = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
#: where a street's cards start on the board (the flop's first card is the board's)
_AT = {Street.FLOP: 0, Street.TURN: 3, Street.RIVER: 4}
_VARIANTS = {2: Variant.OMAHA2, 4: Variant.OMAHA, 5: Variant.OMAHA5, 6: Variant.OMAHA6,
             7: Variant.OMAHA7}  # fmt: skip
_POSTS = {"Post SB": PostKind.SMALL_BLIND, "Post BB": PostKind.BIG_BLIND,
          "Post Ante": PostKind.ANTE, "Straddle": PostKind.STRADDLE,
          "Post Extra Blind": PostKind.BIG_BLIND}  # fmt: skip
#: actions that move no chips
_NO_CHIPS = frozenset({"Sits Down", "Stands Up"})
_CARD = re.compile(r"[2-9TJQKA][cdhs]")
#: the keys of the parts this grammar reads (another key of an action or a pot may
#: carry chips: a problem, never passed over)
_ACTION_KEYS = frozenset({"action_number", "player_id", "action", "amount", "is_allin", "cards"})
_POT_KEYS = frozenset({"number", "amount", "rake", "jackpot", "player_wins"})
_WIN_KEYS = frozenset({"player_id", "win_amount", "contributed_rake"})

#: What an OHH amount means as read, and what else a file may mean by it: the chips
#: an action put in; a raise's number may be its total on the street (the site's pots
#: tell, :mod:`hhtools.grammars._meaning`).
MEANINGS = Meanings(raise_read="added", raise_alt=("to",))


def _text(value: Any) -> str:
    """A JSON value read as text (numbers are kept as their text)."""
    return "" if value is None else str(value)


def _cards(part: Any) -> tuple[str, ...]:
    """A list of cards ("Ah", "Td"; "10d" read as "Td").

    Raises:
        ValueError: not a list of cards.
    """
    if not isinstance(part, list):
        raise ValueError("cards are not a list")
    out = []
    for c in part:
        c = str(c).strip()
        c = "T" + c[2:] if c.startswith("10") else c
        c = c[:1].upper() + c[1:].lower()
        if not _CARD.fullmatch(c):
            raise ValueError(f"not a card: {c[:10]!r}")
        out.append(c)
    return tuple(out)


def _site(body: dict[str, Any]) -> str:
    """The room: ``site_name``, else ``network_name``, else ``ohh``."""
    return _text(body.get("site_name")).strip() or _text(body.get("network_name")).strip() or SITE


def _hand_id(obj: Any) -> str | None:
    body = _body(obj)
    return None if body is None else _text(body.get("game_number")) or None


def _body(obj: Any) -> dict[str, Any] | None:
    """The hand's object: ``obj["ohh"]``, or ``obj`` itself when it is written bare."""
    if not isinstance(obj, dict):
        return None
    inner = obj.get("ohh", obj)
    return inner if isinstance(inner, dict) else None


class _Hand(JsonHand):
    """An OHH hand being read: players by id, the second run of a board."""

    meanings = MEANINGS

    def start(self) -> None:
        self.boards: list[list[str]] = []  # a board run twice: the second run's cards
        self.preflop_cards: tuple[str, ...] = ()  # Courchevel's first flop card
        self.base: tuple[str | int, ...] = ("ohh",)  # the path of the hand's object
        self.obj: dict[str, Any] = {}  # the hand's object
        self.parts: tuple[int, ...] = ()  # each pot after rake and jackpot (all boards)
        self.room_added = 0  # money the room added to the pot (the main pot's excess)


def _read(h: _Hand, obj: dict[str, Any], stop: Stop) -> ParsedHand:
    """One OHH hand: the game, the players, the rounds, the pots, the record."""
    body = _body(obj)
    if body is None:
        return stop(ProblemCode.BAD_HEADER, "not an OHH hand object")
    if body is obj:
        h.base = ()
    h.obj = body
    h.site = _site(body)
    game = _text(body.get("game_type"))
    if game not in _GAMES:
        return game_not_read(stop, game, "OMAHA" in game.upper())
    structure = _LIMITS.get(_text((body.get("bet_limit") or {}).get("bet_type")))
    if structure is None:
        return stop(ProblemCode.UNKNOWN_GAME,
                    f"betting structure not read: {body.get('bet_limit')!r}")  # fmt: skip
    tourney = body.get("tournament") is True
    currency = _text(body.get("currency")).strip()
    currency = "CHIPS" if tourney or currency in ("", "CHIPS") else currency
    h.unit = Unit.CHIPS if currency in CHIP_CURRENCIES else Unit.CENTS
    _players(h, body)
    if not h.seats:
        return stop(ProblemCode.NO_SEATS, "no player sits in this hand")
    rounds = body.get("rounds")
    if not isinstance(rounds, list):
        return stop(ProblemCode.TRUNCATED_HAND, 'this hand has no "rounds" list')
    hero = body.get("hero_player_id")
    h.hero = h.by_id.get(_text(hero)) if hero is not None else None
    _rounds(h, rounds)
    _pots(h, body.get("pots"), body.get("flags"))
    if h.dealt_twice():
        return ParsedHand(None, tuple(h.problems), None, h.hand_id)
    sb, bb = (h.money(_text(body.get(k) or "0")) for k in ("small_blind_amount", "big_blind_amount"))
    small_bet = big_bet = None
    if structure is BettingStructure.LIMIT:
        small_bet, big_bet = bb, 2 * bb
        h.inferred.append("blinds")
    h.table = _text(body.get("table_name"))
    size = body.get("table_size")
    h.max_seats = int(size) if isinstance(size, str) and size.isdigit() and int(size) > 0 else None
    dealer = _text(body.get("dealer_seat"))
    h.button = h.seat_number(dealer) if dealer.isdigit() and int(dealer) > 0 else None
    when = _start(h, body.get("start_date_utc"))
    info = body.get("tournament_info") if tourney else None
    info = info if isinstance(info, dict) else {}
    tid = (_text(info.get("tournament_number")) or "unknown") if tourney else None
    boards = (tuple(h.board), *(tuple(b) for b in h.boards)) if h.board else ()
    return h.record(
        Game(_variant(h), _GAMES[game], structure, sb, bb, currency,
             ante=h.money(_text(body.get("ante_amount") or "0")), tournament_id=tid,
             buy_in=_buy_in(info) if tourney else None, small_bet=small_bet, big_bet=big_bet),
        started_at=when.replace(tzinfo=None) if when else None,
        time_zone="UTC" if when else None, started_at_utc=when, boards=boards,
        site_format=SITE, pot_parts=h.parts, room_added=h.room_added,
        pot_parts_basis=PotPartsBasis.NET if h.parts else None,
    )  # fmt: skip


def _start(h: _Hand, value: Any) -> datetime | None:
    """``start_date_utc`` (ISO 8601) as an aware UTC time; ``None`` when absent or not
    a time (a problem then: the hand is stored without its time)."""
    if not value:
        return None
    try:
        when = datetime.fromisoformat(_text(value))
    except ValueError:
        h.problem(h.ht.line, ProblemCode.BAD_HEADER, f"start_date_utc not a time: {value!r:.40}")
        return None
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


def _buy_in(info: dict[str, Any]) -> str | None:
    """The buy-in as text ``prize[+bounty]+fee CUR`` from ``tournament_info``'s parts
    (``None`` when it writes no amount)."""
    prize = info.get("buyin_amount")
    if prize is None:
        return None
    bounty, fee = info.get("bounty_fee_amount"), info.get("fee_amount")
    parts = [_text(prize)] + ([_text(bounty)] if bounty not in (None, "0", "0.00") else [])
    parts += [_text(fee or "0")]
    cur = _text(info.get("currency")).strip()
    return "+".join(parts) + (f" {cur}" if cur else "")


def _players(h: _Hand, body: dict[str, Any]) -> None:
    """``players``: seat, name, starting stack, sitting out, a knockout bounty."""
    players = body.get("players")
    if not isinstance(players, list):
        return
    cur = _text((body.get("tournament_info") or {}).get("currency")).strip()
    for i, p in enumerate(players):
        if not isinstance(p, dict):
            continue
        line = h.at((*h.base, "players", i))
        name = _text(p.get("name")) or _text(p.get("display"))
        pid = _text(p.get("id"))
        if not name or not pid or name in h.stacks:
            h.problem(line, ProblemCode.UNKNOWN_PLAYER, f"player {i} has no id or name, or "
                      f"a name seated twice: {name[:40]!r}")  # fmt: skip
            continue
        bounty = p.get("player_bounty")
        h.by_id[pid] = name
        h.seat(h.seat_number(_text(p.get("seat"))), name,
               h.money(_text(p.get("starting_stack") or "0")), line,
               p.get("is_sitting_out") is True,
               f"{_text(bounty)} {cur}".strip() if bounty is not None else None)  # fmt: skip


def _rounds(h: _Hand, rounds: list[Any]) -> None:
    """Every round in order: its street's cards and actions; a street met again after
    a later one is a second run of the board."""
    run = 0
    last = -1
    dead = _dead_posts(rounds)
    for i, rnd in enumerate(rounds):
        path = (*h.base, "rounds", i)
        if not isinstance(rnd, dict):
            h.problem(h.at(path), ProblemCode.UNRECOGNISED_LINE, f"round {i} is not an object")
            continue
        name = _text(rnd.get("street"))
        line = h.at(path)
        if name == "Showdown":
            _actions(h, rnd.get("actions"), path, dead)
            continue
        street = _STREETS.get(name)
        if street is None:
            h.problem(line, ProblemCode.UNRECOGNISED_LINE, f"round street {name!r} not known")
            continue
        cards = _cards(rnd.get("cards") or [])
        n = _ORDER.index(street)
        if street is Street.PREFLOP and last >= 0:
            h.problem(line, ProblemCode.UNRECOGNISED_LINE, "a preflop round after another round")
            continue
        if n <= last:
            run += 1  # a street dealt again: the board's next run
            h.boards.append(list(h.boards[-1] if h.boards else h.board))
        last = n
        if run:
            board = h.boards[-1]
            del board[_AT[street]:]
            board.extend(cards)
            if rnd.get("actions"):
                h.problem(line, ProblemCode.UNRECOGNISED_LINE, "actions on a second run's street")
            continue
        if street is Street.PREFLOP:
            h.preflop_cards = cards
        else:
            h.new_street(street)
            del h.board[_AT[street]:]
            h.board.extend(cards)
        _actions(h, rnd.get("actions"), path, dead)
    if h.preflop_cards and not h.board:
        h.board = list(h.preflop_cards)  # Courchevel, no flop dealt: its first card
    elif h.preflop_cards and h.board[:1] != list(h.preflop_cards[:1]):
        h.problem(h.at((*h.base, "rounds", 0)), ProblemCode.BOARD_MISMATCH,
                  "the preflop card is not the flop's first")  # fmt: skip


def _dead_posts(rounds: list[Any]) -> dict[str, int]:
    """Per player id, the index of a ``Post Dead`` that goes with the same player's
    ``Post BB`` (one "small and big blinds" post), in the first round."""
    first = rounds[0] if rounds and isinstance(rounds[0], dict) else {}
    found = first.get("actions")
    acts: list[Any] = found if isinstance(found, list) else []
    big = {_text(a.get("player_id")) for a in acts
           if isinstance(a, dict) and a.get("action") == "Post BB"}  # fmt: skip
    return {_text(a.get("player_id")): j for j, a in enumerate(acts)
            if isinstance(a, dict) and a.get("action") == "Post Dead"
            and _text(a.get("player_id")) in big}  # fmt: skip


def _actions(h: _Hand, acts: Any, path: tuple[str | int, ...], dead: dict[str, int]) -> None:
    """A round's actions, in order."""
    if not isinstance(acts, list):
        return
    for j, a in enumerate(acts):
        line = h.at((*path, "actions", j))
        if _part(h, a, line, _ACTION_KEYS, "action"):
            _action(h, a, line, dead, j)


def _part(h: _Hand, part: Any, line: int, known: frozenset[str], what: str) -> bool:
    """Whether ``part`` (an action, a pot, a win) is an object to read; one that is not,
    or that holds a key not in ``known`` (it may carry chips), is an
    ``unrecognised_line`` problem on ``line``."""
    if not isinstance(part, dict):
        h.problem(line, ProblemCode.UNRECOGNISED_LINE, f"a {what} that is not an object")
        return False
    extra = unknown_keys(part, known)
    if extra:
        h.problem(line, ProblemCode.UNRECOGNISED_LINE, f"{what} keys not known: {extra}")
    return True


def _action(h: _Hand, a: dict[str, Any], line: int, dead: dict[str, int], j: int) -> None:
    """One action: a post, a bet, cards dealt, shown or mucked."""
    kind = _text(a.get("action"))
    pid = _text(a.get("player_id"))
    who = h.who(pid, line, "{} by player {!r}: no such player", kind, pid)
    if who is None:
        return
    amount = h.money(_text(a.get("amount") or "0"))
    all_in = a.get("is_allin") is True
    if kind in _POSTS:
        post = _POSTS[kind]
        if kind == "Post BB" and pid in dead:
            return  # posted with the dead small blind, below
        h.post(who, post, amount, line)
    elif kind == "Post Dead":
        _post_dead(h, who, pid, amount, line, dead, j)
    elif kind in _BETTING:
        _bet(h, kind, who, amount, line, all_in)
    elif kind == "Dealt Cards":
        cards = _cards(a.get("cards") or [])
        if cards:
            h.hole[who] = cards
    elif kind in ("Shows Cards", "Mucks Cards"):
        cards = _cards(a.get("cards") or [])
        if cards:
            h.show(who, Show(who, cards, mucked=kind == "Mucks Cards", line=line))
    elif kind in _NO_CHIPS or (kind == "Added Chips" and amount == 0):
        return
    else:
        h.problem(line, ProblemCode.UNRECOGNISED_LINE, f"action {kind!r} not known")


def _post_dead(h: _Hand, who: str, pid: str, amount: int, line: int,
               dead: dict[str, int], j: int) -> None:  # fmt: skip
    """``Post Dead``: with the player's ``Post BB``, one "small and big blinds" post of
    both (the big blind live, the rest dead); alone, dead money (an ante)."""
    if dead.get(pid) != j:
        h.post(who, PostKind.ANTE, amount, line)
        return
    big = next((x for x in _first_actions(h) if _text(x.get("player_id")) == pid
                and x.get("action") == "Post BB"), {})  # fmt: skip
    live = h.money(_text(big.get("amount") or "0"))
    h.dead_small = amount
    h.post_both(who, live + amount, line)


def _first_actions(h: _Hand) -> list[dict[str, Any]]:
    """The first round's actions (the posts)."""
    obj = h.obj
    rounds = obj.get("rounds") if isinstance(obj, dict) else None
    first = rounds[0] if isinstance(rounds, list) and rounds and isinstance(rounds[0], dict) else {}
    acts = first.get("actions")
    return [a for a in acts if isinstance(a, dict)] if isinstance(acts, list) else []


#: the betting actions: ``verb(hand, player, chips put in, line, all-in flag)``
_BETTING: dict[str, Callable[[_Hand, str, int, int, bool], None]] = {
    "Fold": lambda h, who, amount, line, all_in: h.fold(who, line),
    "Check": lambda h, who, amount, line, all_in: h.check(who, line),
    "Call": lambda h, who, amount, line, all_in: h.call(who, amount, line, all_in),
    "Bet": lambda h, who, amount, line, all_in: h.bet(who, amount, line, all_in),
    "Raise": lambda h, who, amount, line, all_in: h.raise_to(
        who, h.bets.get(who, 0) + amount, line, all_in, by=amount),
}


def _bet(h: _Hand, kind: str, who: str, amount: int, line: int, all_in: bool) -> None:
    """A fold, check, call, bet or raise (:data:`_BETTING`); ``amount`` the chips it put
    in; the action keeps the file's all-in flag."""
    _BETTING[kind](h, who, amount, line, all_in)
    if h.actions and h.actions[-1].all_in != all_in:  # the file's flag, as it says
        h.actions[-1] = replace(h.actions[-1], all_in=all_in)


def _pots(h: _Hand, pots: Any, flags: Any) -> None:
    """The pots: what each player was paid from each (per board when run twice), the
    rake and jackpot; their amounts checked against the chips put in."""
    if not isinstance(pots, list):
        pots = []
    runs = 1 + len(h.boards)
    per_board = len(pots) // runs if runs > 1 and len(pots) % runs == 0 else len(pots)
    line = h.at((*h.base, "pots"))
    gross = 0
    nets: dict[int, int] = {}  # pot number -> its amount after rake and jackpot, all boards
    for i, pot in enumerate(pots):
        if not _part(h, pot, h.at((*h.base, "pots", i)), _POT_KEYS, "pot"):
            continue
        board, number = divmod(i, per_board) if per_board else (0, i)
        amount = h.money(_text(pot.get("amount") or "0"))
        rake = h.money(_text(pot.get("rake") or "0"))
        jackpot = h.money(_text(pot.get("jackpot") or "0"))
        gross += amount
        h.rake = (h.rake or 0) + rake
        h.jackpot += jackpot
        nets[number] = nets.get(number, 0) + amount - rake - jackpot
        for k, win in enumerate(pot.get("player_wins") or ()):
            _win(h, win, h.at((*h.base, "pots", i, "player_wins", k)), number, board)
    if runs > 1 and "Run_It_Twice" not in (flags or ()):
        h.problem(line, ProblemCode.UNRECOGNISED_LINE, "a board dealt twice, not flagged Run_It_Twice")
    if pots:
        _pot_check(h, gross, line)
    else:  # no pots written: the uncalled part of the last bet went back
        back = h.uncalled()
        if back is not None:
            h.returned.append(back)
    h.rake = h.rake or 0
    h.parts = tuple(nets[n] for n in sorted(nets))


def _pot_check(h: _Hand, gross: int, line: int) -> None:
    """The pots' amounts (``gross``, minor units) against the chips put in. OHH writes
    no uncalled bet returned: what the pots hold less than the chips put in went back
    to the player whose last bet nobody called ("returned" inferred; a big blind
    nobody called may stay in the pot); more is money the room added (then no bet
    went back: the two cannot be told apart); less with no
    such player, or more than that player put in, is a ``bad_amount`` problem. The
    pots are the hand's total pot."""
    put = h.in_pot()
    h.total, h.total_line = gross, line
    if gross >= put:
        h.room_added = gross - put
        return
    back = h.uncalled()
    if back is None or put - gross > h.put.get(back.player, 0):
        h.problem(line, ProblemCode.BAD_AMOUNT, f"the pots ({gross}) are less than the chips "
                  f"put in ({put}) and no uncalled bet explains it")  # fmt: skip
        return
    h.returned.append(Returned(back.player, put - gross, back.line, inferred=True))


def _win(h: _Hand, win: Any, line: int, pot: int, board: int) -> None:
    """One of a pot's ``player_wins``: a collect of that pot (and board)."""
    if not _part(h, win, line, _WIN_KEYS, "win"):
        return
    pid = _text(win.get("player_id"))
    who = h.who(pid, line, "win of player {!r}: no such player", pid)
    amount = h.money(_text(win.get("win_amount") or "0"))
    if who is not None and amount > 0:
        h.collects.append(Collect(who, amount, pot=pot, board=board, line=line))


def _variant(h: _Hand) -> Variant:
    """The game by the hole cards known (the most any player holds), and Courchevel by
    its preflop card."""
    holes = max((len(c) for c in h.hole.values()), default=0)
    if h.preflop_cards and holes in (0, 5):
        return Variant.COURCHEVEL
    return _VARIANTS.get(holes, Variant.OMAHA)


def _recognise(paths: set[tuple[str, ...]]) -> bool:
    """An OHH file: ``{"ohh": {"spec_version": ...`` (or a bare hand object that
    starts with ``spec_version`` and names its site)."""
    return ("ohh", "spec_version") in paths or ("ohh", "game_number") in paths or (
        ("spec_version",) in paths and (("site_name",) in paths or ("game_number",) in paths))


#: other rooms' hands written again: one whose room and id are stored is no conflict
FORMAT = replace(json_format(
    SITE, "Open Hand History (OHH JSON)",
    "Omaha, Omaha Hi-Lo (4-, 5-, 6-card, Courchevel by the cards; pot limit, no limit, "
    "limit), cash and tournaments; OHH 1.4 JSON, one hand per line or object",
    _recognise, None, json_reader(SITE, _hand_id, "OHH hand", _read, _Hand),
    re.compile(r'\{\s*"ohh"\s*:'),
), habits=Habits(written_again=True))  # fmt: skip
