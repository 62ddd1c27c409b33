"""Export hands to Open Hand History (OHH), the JSON hand format trackers exchange.

The OHH specification (https://hh-specs.handhistory.org, version 1.4.7) writes one
hand as ``{"ohh": {...}}``. :func:`export_ohh` writes every hand of every game, one
JSON object per line, in one ``<site>-<game>-<structure>.jsonl`` file per site and
game (``pokerstars-omaha-pot_limit.jsonl``), hands in start order.

The fields, as the specification names them:

* ``spec_version`` (:data:`SPEC_VERSION`), ``internal_version`` (hhtools's version),
  ``site_name`` (the store's ``site``), ``network_name`` (the site format that read
  the hand), ``game_number`` (the site's hand id), ``start_date_utc`` (ISO 8601,
  ``2024-03-01T19:00:00``; ``null`` when the history names no time zone: its clock
  is not passed off as UTC),
  ``table_name``, ``table_size``, ``dealer_seat``, ``currency`` (the ISO code; ``""``
  for tournament chips, ``PLAY`` for play money), ``small_blind_amount``,
  ``big_blind_amount``, ``ante_amount``, ``hero_player_id`` (when a player was dealt
  in as the hero), ``flags`` (``Run_It_Twice``; ``Observed`` when no hero).
* ``game_type``: ``Omaha`` or ``OmahaHiLo``, OHH's two Omaha values. OHH has no value
  for 5- or 6-card Omaha or Courchevel: they are written as ``Omaha`` (high only) or
  ``OmahaHiLo`` (hi/lo) too, and tell themselves by the cards: five or six hole cards
  in ``Dealt Cards`` and ``Shows Cards``, and for Courchevel the first flop card in
  the ``Preflop`` round's ``cards`` (it is dealt face up with the hole cards).
* ``bet_limit``: ``{"bet_type": "PL" | "NL" | "FL", "bet_cap": 0}``.
* ``tournament`` and, for a tournament hand, ``tournament_info``:
  ``tournament_number``, ``name`` (``""``: histories do not name it), ``currency``
  (the buy-in's), and the buy-in as the history prints it (:func:`buy_in_parts`):
  ``buyin_amount`` (to the prize pool), ``bounty_fee_amount`` (the knockout bounty)
  and ``fee_amount`` (the site's fee): ``$20.00+$2.00`` is 20 and a 2 fee,
  ``$4.40+$5+$0.60`` 4.40, a 5 bounty and a 0.60 fee; all three ``null`` when the
  history prints no buy-in amount (a ticket, a tournament name).
* ``players``: ``[{id, seat, name, display, starting_stack}]``, ids from 0 in seat
  order; ``player_bounty`` (a knockout tournament: the bounty on the player's head,
  in the buy-in's currency) and ``is_sitting_out`` (a seat sitting out) when so.
* ``rounds``: ``[{id, street, cards, actions}]``: ``Preflop``, ``Flop``, ``Turn``,
  ``River`` (``cards``: the cards that street dealt), then ``Showdown`` when two or
  more players were still in. A board run twice adds the second run's streets, with
  the cards that differ. Actions: ``[{action_number, player_id, action, amount,
  is_allin, cards}]``, numbered from 1 in each round; ``Post SB``, ``Post BB``,
  ``Post Ante``, ``Straddle``, ``Post Dead`` (the dead small blind of a small and big
  blind posted together, beside its ``Post BB``), ``Dealt Cards`` (the hero's
  cards), ``Fold``, ``Check``, ``Call``, ``Bet``, ``Raise``, ``Shows Cards``,
  ``Mucks Cards``. ``amount`` is what the action put in the pot (a raise: the chips
  it added, not the total it raised to).
* ``pots``: ``[{number, amount, rake, jackpot, player_wins: [{player_id, win_amount,
  contributed_rake}]}]``, main pot first, numbered on from the first board's pots
  to the second's. ``amount``: the pot before rake (money the room added counted in
  the main pot; a board run twice plays for its share of each pot); ``rake``: what the site took from it (rake and other fees), less
  its ``jackpot`` (the hand's jackpot money shared over the pots in proportion to
  what each gave up); ``win_amount``: what the site paid the player from the pot;
  ``contributed_rake``: the pot's rake shared over its winners in proportion to what
  they won (odd units to the first).

Amounts are JSON numbers written from the store's integer minor units, never through
a float: ``1.25`` for 125 cents, ``2.00`` for 200 cents, ``1500`` for 1,500 chips.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hhtools.model.money import CHIP_CURRENCIES, Unit, parse_money
from hhtools.reports.output import replacing

if TYPE_CHECKING:
    from hhtools.store.api import HandStore

#: The OHH specification version written.
SPEC_VERSION = "1.4.7"

_BET_TYPES = {"pot_limit": "PL", "no_limit": "NL", "limit": "FL"}
_ACTIONS = {"fold": "Fold", "check": "Check", "call": "Call", "bet": "Bet", "raise": "Raise"}
_POSTS = {"small_blind": "Post SB", "big_blind": "Post BB", "ante": "Post Ante",
          "straddle": "Straddle"}  # fmt: skip
_ISO_CODE = re.compile(r"\b[A-Z]{3}\b")
_STREETS = (("preflop", "Preflop"), ("flop", "Flop"), ("turn", "Turn"), ("river", "River"))


class Amount(str):
    """A JSON number's exact text (``"1.25"``), written without quotes by :func:`dumps`."""

    __slots__ = ()


def amount(minor: int | None, currency: str) -> Amount:
    """Minor units as an exact OHH amount: cents with two decimals, chips whole.

    >>> amount(125, "USD"), amount(200, "EUR"), amount(5, "USD"), amount(1500, "CHIPS")
    ('1.25', '2.00', '0.05', '1500')
    >>> amount(-5, "USD"), amount(None, "USD")
    ('-0.05', '0.00')
    """
    value = int(minor or 0)
    if currency in CHIP_CURRENCIES:
        return Amount(str(value))
    sign = "-" if value < 0 else ""
    whole, cents = divmod(abs(value), 100)
    return Amount(f"{sign}{whole}.{cents:02d}")


def buy_in_parts(text: str | None, currency: str | None) -> tuple[int, int, int] | None:
    """A tournament buy-in as printed, in its parts: prize pool, bounty and fee.

    The parts are the amounts between ``+`` signs: one is the prize pool alone, two
    are prize pool and fee, three prize pool, bounty and fee (more: the middle ones
    are the bounty).

    Args:
        text: the history's buy-in (``hands.buy_in``): ``"$4.40+$5+$0.60 USD"``.
        currency: its ISO code (``hands.buy_in_currency``): amounts in cents; ``None``
            or ``""``: whole units (play money, chips).

    Returns:
        ``(prize pool, bounty, fee)`` in minor units, or ``None`` when a part is no
        amount (``"Freeroll"``, ``"Ticket only"``, a tournament's name).

    >>> buy_in_parts("$20.00+$2.00 USD", "USD"), buy_in_parts("$4.40+$5+$0.60 USD", "USD")
    ((2000, 0, 200), (440, 500, 60))
    >>> buy_in_parts("€4.50 + €0.50", "EUR"), buy_in_parts("100+9", None)
    ((450, 0, 50), (100, 0, 9))
    >>> buy_in_parts("$1 USD", "USD"), buy_in_parts("Ticket only", None)
    ((100, 0, 0), None)
    """
    if not text:
        return None
    unit = Unit.CENTS if currency else Unit.CHIPS
    try:
        parts = [parse_money(_ISO_CODE.sub("", p).strip(), unit) for p in text.split("+")]
    except ValueError:
        return None
    if len(parts) == 1:
        return parts[0], 0, 0
    return parts[0], sum(parts[1:-1]), parts[-1]


def dumps(value: Any) -> str:
    """JSON text for dicts, lists, strings, booleans, ints, ``None`` and :class:`Amount`.

    Written by the json module's C encoder in one call, each amount marked as a string
    between NULs and the marks then taken off (a history's text holding a NUL is
    written value by value instead): value by value was 1.6 ms of a hand's 3.3 ms (the
    corpora's 2,759 hands).

    >>> dumps({"a": [Amount("1.50"), 2, True, None, "x\\"y"]})
    '{"a": [1.50, 2, true, null, "x\\\\"y"]}'
    >>> dumps({"a\\x00": [Amount("-2"), "\\x00-2\\x00"]})
    '{"a\\\\u0000": [-2, "\\\\u0000-2\\\\u0000"]}'
    """
    try:
        marked = _marked(value)
    except _HasNul:
        return _dumps_each(value)
    return _MARK.sub(r"\1", json.dumps(marked, ensure_ascii=False))


#: an amount as :func:`_marked` leaves it in the encoder's text
_MARK = re.compile(r'"\\u0000(-?[0-9]+(?:\.[0-9]+)?)\\u0000"')


class _HasNul(Exception):
    """A text of the value holds a NUL: it could read as an amount's mark."""


def _marked(value: Any) -> Any:
    """``value`` with each :class:`Amount` a string between NULs (:data:`_MARK`)."""
    if isinstance(value, Amount):
        return f"\0{value}\0"
    if isinstance(value, str):
        if "\0" in value:
            raise _HasNul
        return value
    if isinstance(value, dict):
        if any("\0" in k for k in value):
            raise _HasNul
        return {k: _marked(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_marked(v) for v in value]
    return value


def _dumps_each(value: Any) -> str:
    """:func:`dumps` value by value (any text)."""
    if isinstance(value, Amount):
        return str(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k, ensure_ascii=False)}: {_dumps_each(v)}"
                               for k, v in value.items()) + "}"  # fmt: skip
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_dumps_each(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


@dataclass
class OhhSummary:
    """What an export wrote.

    Attributes:
        hands: hands written (every hand of the store).
        games: hands written per ``game structure``.
        files: the files written.
    """

    hands: int = 0
    games: dict[str, int] = field(default_factory=dict)
    files: list[Path] = field(default_factory=list)


def _cards(text: str | None) -> list[str]:
    return (text or "").split()


def _pots(hand: dict[str, Any], pots: list[dict[str, Any]], awards: list[dict[str, Any]],
          ids: dict[str, int], cur: str) -> list[dict[str, Any]]:  # fmt: skip
    paid: dict[tuple[int, int], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for a in awards:
        if a["paid"]:
            paid[(a["board"], a["pot"])][a["player"]] += int(a["paid"])
    added = int(hand.get("room_added") or 0)
    runs = max((p["board"] for p in pots), default=0) + 1  # a board run twice: halves
    sizes = [int(p["gross"] or 0) // runs + (int(p["gross"] or 0) % runs if p["board"] == 0
             else 0) + (added if i == 0 else 0) for i, p in enumerate(pots)]  # fmt: skip
    taken = [size - int(p["net"] or 0) for size, p in zip(sizes, pots, strict=True)]
    jackpot, total = int(hand.get("jackpot") or 0), sum(t for t in taken if t > 0)
    jack = [jackpot * max(t, 0) // total if total else 0 for t in taken]
    if total and jackpot:
        first = next(i for i, t in enumerate(taken) if t > 0)
        jack[first] += jackpot - sum(jack)
    out = []
    for n, p in enumerate(pots):
        rake = max(taken[n] - jack[n], 0)
        won = paid[(p["board"], p["pot"])]
        wins, shares, whole = [], [], sum(won.values())
        for player, win in won.items():
            shares.append(rake * win // whole if whole else 0)
        if shares:
            shares[0] += rake - sum(shares)
        for (player, win), share in zip(won.items(), shares, strict=True):
            wins.append({"player_id": ids.get(player, -1), "win_amount": amount(win, cur),
                         "contributed_rake": amount(share, cur)})  # fmt: skip
        out.append({"number": n, "amount": amount(sizes[n], cur), "rake": amount(rake, cur),
                    "jackpot": amount(jack[n], cur), "player_wins": wins})  # fmt: skip
    return out


def _act(ids: dict[str, int], cur: str, player: str, action: str, minor: int | None = 0,
         all_in: bool = False, cards: list[str] | None = None) -> dict[str, Any]:  # fmt: skip
    """One OHH action of ``player`` (its id in ``ids``, -1 if none), ``minor`` units of
    ``cur``; ``cards`` when it deals or shows some."""
    row: dict[str, Any] = {"player_id": ids.get(player, -1), "action": action,
                           "amount": amount(minor, cur), "is_allin": bool(all_in)}  # fmt: skip
    if cards:
        row["cards"] = cards
    return row


def _street_actions(
    hand: dict[str, Any], actions: list[dict[str, Any]], act: Callable[..., dict[str, Any]]
) -> defaultdict[str, list[dict[str, Any]]]:
    """Street -> its OHH actions: posts (a dead small and big blind as the big blind
    and the dead rest), then every action with the chips it added."""
    by_street: defaultdict[str, list[dict[str, Any]]] = defaultdict(list)
    for a in actions:
        if a["kind"] != "post":
            by_street[a["street"]].append(act(a["player"], _ACTIONS.get(a["kind"], a["kind"]),
                                              int(a["added"] or 0), a["all_in"]))  # fmt: skip
            continue
        added = int(a["added"] or a["amount"] or 0)
        if a["post"] == "dead_small_and_big":
            big = min(added, int(hand["big_blind"] or 0))
            by_street[a["street"]].append(act(a["player"], "Post BB", big, a["all_in"]))
            if added > big:
                by_street[a["street"]].append(act(a["player"], "Post Dead", added - big))
        else:
            name = _POSTS.get(a["post"] or "", "Post Extra Blind")
            by_street[a["street"]].append(act(a["player"], name, added, a["all_in"]))
    return by_street


def _board_rounds(
    hand: dict[str, Any], boards: list[dict[str, Any]],
    by_street: defaultdict[str, list[dict[str, Any]]],
) -> list[dict[str, Any]]:  # fmt: skip
    """The rounds of each street dealt or bet on, with its cards (Courchevel's first
    flop card preflop), then the streets a second board dealt otherwise."""
    first = boards[0] if boards else {}
    street_cards = {"preflop": [], "flop": _cards(first.get("flop")),
                    "turn": _cards(first.get("turn")), "river": _cards(first.get("river"))}  # fmt: skip
    if hand.get("variant") == "courchevel":  # its first board card, flop dealt or not
        street_cards["preflop"] = _cards(first.get("cards"))[:1]
    rounds: list[dict[str, Any]] = []
    for key, name in _STREETS:
        if key != "preflop" and not street_cards[key] and not by_street[key]:
            continue
        rounds.append({"street": name, "cards": street_cards[key], "actions": by_street[key]})
    for second in boards[1:]:
        for key, name in _STREETS[1:]:
            cards = _cards(second.get(key))
            if cards and cards != street_cards[key]:
                rounds.append({"street": name, "cards": cards, "actions": []})
    return rounds


def _rounds(hand: dict[str, Any], seats: list[dict[str, Any]], actions: list[dict[str, Any]],
            boards: list[dict[str, Any]], ids: dict[str, int], cur: str) -> list[dict[str, Any]]:  # fmt: skip
    """OHH's ``rounds``: each street with its cards and actions (the hero's cards dealt
    after the posts), then the showdown when two or more stayed, numbered in order."""
    act = partial(_act, ids, cur)
    by_street = _street_actions(hand, actions, act)
    hero = next((s for s in seats if s["is_hero"] and s["hole_cards"]), None)
    if hero is not None:  # the hero's cards, after the posts and before the betting
        posts = sum(1 for r in by_street["preflop"] if r["action"].startswith(("Post", "Str")))
        by_street["preflop"].insert(posts, act(hero["player"], "Dealt Cards",
                                               cards=_cards(hero["hole_cards"])))  # fmt: skip
    rounds = _board_rounds(hand, boards, by_street)
    live = [s for s in seats if s["position"] is not None and not s["sitting_out"]
            and s["folded"] is None]  # fmt: skip
    if len(live) >= 2:
        shows = [act(s["player"], "Shows Cards", cards=_cards(s["hole_cards"])) if s["showed"]
                 else act(s["player"], "Mucks Cards") for s in live]  # fmt: skip
        rounds.append({"street": "Showdown", "cards": [], "actions": shows})
    for i, r in enumerate(rounds):
        r["id"] = i
        r["actions"] = [
            {k: a[k] for k in ("action_number", "player_id", "action", "amount", "is_allin",
                               "cards") if k in a} for a in _numbered(r["actions"])
        ]  # fmt: skip
    return [{k: r[k] for k in ("id", "street", "cards", "actions")} for r in rounds]


def _numbered(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``actions`` with their ``action_number`` set, from 1."""
    for n, a in enumerate(actions, 1):
        a["action_number"] = n
    return actions


def hand_to_ohh(
    hand: dict[str, Any], seats: list[dict[str, Any]], actions: list[dict[str, Any]],
    boards: list[dict[str, Any]], pots: list[dict[str, Any]], awards: list[dict[str, Any]],
    version: str = "",
) -> dict[str, Any]:  # fmt: skip
    """One stored hand as an OHH object (``{"ohh": {...}}``), ready for :func:`dumps`.

    Args:
        hand: the ``hands`` row.
        seats: its ``seats`` rows (seat order).
        actions: its ``actions`` rows in order.
        boards: its ``boards`` rows.
        pots: its ``pots`` rows, board then pot.
        awards: its ``awards`` rows (what the site paid per pot, half and player).
        version: ``internal_version`` (hhtools's version).

    Returns:
        The object; amounts are :class:`Amount` texts.
    """
    cur = hand["currency"] or ""
    ohh_cur = "" if cur in ("CHIPS", "") else cur
    ids = {s["player"]: i for i, s in enumerate(seats)}
    hero = next((ids[s["player"]] for s in seats if s["is_hero"]), None)
    started = hand["started_at_utc"]  # None when the history names no time zone
    flags = (["Run_It_Twice"] if (hand["board_count"] or 0) > 1 else []) + (
        [] if hero is not None else ["Observed"])
    body: dict[str, Any] = {
        "spec_version": SPEC_VERSION, "site_name": hand["site"],
        "network_name": hand["site_format"] or hand["site"], "internal_version": version,
        "tournament": bool(hand["is_tournament"]),
    }  # fmt: skip
    bcur = hand["buy_in_currency"] or ""
    if hand["is_tournament"]:
        parts = buy_in_parts(hand["buy_in"], bcur)
        prize, bounty, fee = (amount(v, bcur or "CHIPS") for v in parts) if parts else (
            None, None, None)  # fmt: skip
        body["tournament_info"] = {
            "tournament_number": str(hand["tournament_id"] or ""), "name": "",
            "currency": bcur, "buyin_amount": prize, "fee_amount": fee,
            "bounty_fee_amount": bounty,
        }  # fmt: skip
    body |= {
        "game_number": str(hand["hand_id"]),
        "start_date_utc": f"{started:%Y-%m-%dT%H:%M:%S}" if started else None,
        "table_name": hand["table_name"] or "",
        "table_size": int(hand["max_seats"] or hand["players"] or len(seats)),
        "game_type": "OmahaHiLo" if hand["hi_lo"] else "Omaha",
        "bet_limit": {"bet_type": _BET_TYPES.get(hand["structure"], "PL"),
                      "bet_cap": amount(0, cur)},
        "currency": ohh_cur,
        "dealer_seat": int(hand["button"] or 0),
        "small_blind_amount": amount(hand["small_blind"], cur),
        "big_blind_amount": amount(hand["big_blind"], cur),
        "ante_amount": amount(hand["ante"], cur),
    }  # fmt: skip
    if hero is not None:
        body["hero_player_id"] = hero
    body["flags"] = flags
    players = []
    for s in seats:
        p: dict[str, Any] = {"id": ids[s["player"]], "seat": int(s["seat"]), "name": s["player"],
                             "display": s["player"], "starting_stack": amount(s["stack"], cur)}  # fmt: skip
        head = buy_in_parts(s["bounty"], bcur) if hand["is_tournament"] else None
        if head is not None:  # "$5 bounty": the knockout bounty on this player
            p["player_bounty"] = amount(head[0], bcur or "CHIPS")
        if s["sitting_out"]:
            p["is_sitting_out"] = True
        players.append(p)
    body["players"] = players
    body["rounds"] = _rounds(hand, seats, actions, boards, ids, cur)
    body["pots"] = _pots(hand, pots, awards, ids, cur)
    return {"ohh": body}


def _rows(store: HandStore, query: str, params: list[Any] | None = None) -> list[dict[str, Any]]:
    cur = store.con.execute(query, params or [])
    names = [d[0] for d in cur.description]
    return [dict(zip(names, r, strict=True)) for r in cur.fetchall()]


_ORDER = {"seats": "seat", "actions": "seq", "boards": "board", "pots": "board, t.pot",
          "findings": "kind", "awards": "board, t.pot, t.half, t.player"}


def iter_hands(
    store: HandStore, where: str, params: list[Any], batch: int = 20000,
    extra: tuple[str, ...] = (),
) -> Any:  # fmt: skip
    """Stored hands with their rows, in start order, ``batch`` hands per query.

    Shared by the OHH and PHH exports.

    Args:
        store: an open store.
        where: a SQL condition on ``hands`` (``?`` placeholders).
        params: its parameters.
        batch: hands read per query.
        extra: more tables to read (``"awards"``).

    Yields:
        ``(hand, {"seats": [...], "actions": [...], "boards": [...], "pots": [...],
        "findings": [...], ...})``, rows as dicts, each table in its order (seat, seq,
        board, board and pot, kind; awards by board, pot, half, player).
    """
    offset = 0
    while True:
        sel = (f"SELECT * FROM hands WHERE {where} ORDER BY started_at, hand_id "
               f"LIMIT {int(batch)} OFFSET {int(offset)}")  # fmt: skip
        hands = _rows(store, sel, params)
        if not hands:
            return
        offset += batch
        keys = f"SELECT site, hand_id FROM ({sel})"
        grouped: dict[tuple[str, str], dict[str, list[dict[str, Any]]]] = defaultdict(
            lambda: defaultdict(list)
        )
        for table in ("seats", "actions", "boards", "pots", "findings", *extra):
            order = _ORDER[table]
            for r in _rows(store, f"SELECT t.* FROM {table} t JOIN ({keys}) k "
                                  f"USING (site, hand_id) ORDER BY t.hand_id, t.{order}",
                           params):  # fmt: skip
                grouped[(r["site"], r["hand_id"])][table].append(r)
        for h in hands:
            yield h, grouped[(h["site"], h["hand_id"])]


def export_ohh(store: HandStore, out_dir: Path, batch: int = 20000) -> OhhSummary:
    """Write every hand of every game to ``out_dir`` as OHH, one JSON object per line.

    Files are named ``<site>-<game>-<structure>.jsonl`` (UTF-8, ``\\n`` line ends).

    Args:
        store: an open store.
        out_dir: an existing folder.
        batch: hands read per query (memory follows the batch).

    Returns:
        An :class:`OhhSummary`.

    Raises:
        OSError: a file cannot be written. Each file is written under a new name and
            renamed: a link already named like it is replaced, never written through.
    """
    from importlib.metadata import PackageNotFoundError, version

    try:
        internal = version("hhtools")
    except PackageNotFoundError:
        internal = ""
    summary = OhhSummary()
    groups = store.con.execute(
        "SELECT site, game, structure FROM hands GROUP BY ALL ORDER BY ALL").fetchall()
    for site, game, structure in groups:
        path = out_dir / f"{site}-{game}-{structure}.jsonl"
        wrote = 0
        with replacing(path, newline="\n") as fh:  # a link named like it is replaced
            for h, g in iter_hands(store, "site = ? AND game = ? AND structure = ?",
                                   [site, game, structure], batch, extra=("awards",)):  # fmt: skip
                obj = hand_to_ohh(h, g["seats"], g["actions"], g["boards"], g["pots"],
                                  g["awards"], internal)  # fmt: skip
                fh.write(dumps(obj) + "\n")
                wrote += 1
        summary.files.append(path)
        summary.hands += wrote
        summary.games[f"{game} {structure}"] = summary.games.get(f"{game} {structure}", 0) + wrote
    return summary


__all__ = [
    "SPEC_VERSION", "Amount", "OhhSummary", "amount", "buy_in_parts", "dumps", "export_ohh",
    "hand_to_ohh", "iter_hands",
]  # fmt: skip
