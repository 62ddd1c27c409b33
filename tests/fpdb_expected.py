"""A reader for fpdb's expected-results files, the peer oracle beside some corpus histories.

fpdb's regression tests keep, beside a hand history ``X.txt``, what fpdb's importer
stores for it. The files are Python ``repr`` text (Python 2: ``u'...'`` strings,
``datetime.datetime(..., tzinfo=pytz.utc)`` for times), read here without ``eval``:
only literals, ``True``/``False``/``None`` and those ``datetime`` calls are accepted.

``X.txt.hp`` (hands-players): a dict ``{player name: {field: value}}``, one entry per
player fpdb kept in the hand. The fields compared by hhtools' tests, as understood
from the files and fpdb's importer:

* ``seatNo``: the seat number.
* ``startCash``: the stack at the start of the hand, in cents (real money) or chips.
* ``winnings``: what the player collected from the pot(s), in cents, after rake.
* ``totalProfit``: ``winnings`` less what the player put in (uncalled bets returned
  are not counted as put in), in cents.
* ``rake``: the rake fpdb charges the player. fpdb charges the whole rake to the
  winners, in proportion to what they won (a player who won nothing has 0).
* ``sawShowdown`` / ``showed``: the player reached the showdown / showed cards.
* ``position``: ``'S'`` small blind, ``'B'`` big blind, ``0`` the button, then 1, 2...
  counting to the right of the button.
* ``card1`` ... ``card20``: known hole cards as fpdb card numbers (0 = unknown):
  ``1 + rank + 13 * suit`` with ranks ``2..A`` as ``0..12`` and suits ``h d c s`` as
  ``0..3`` (:func:`card_code`).
* ``street0VPI``, ``street0Raises``...: per-street stats (not compared).

fpdb leaves out a player the summary lists as "is sitting out" in a cash game (the
start-of-hand seat list is not trusted for them), so such seats have no entry.

``X.txt.hands``: one dict for the hand: ``siteHandNo``, ``tableName``, ``startTime``
(UTC), ``boardcard1..5`` (fpdb card numbers of the first board), ``playersAtShowdown``,
``street1Pot``...``street4Pot`` (the pot, in cents, at the start of the flop/turn/river
as fpdb counts it), ``runItTwice``.

``X.txt.gt`` (game type): a tuple ``(siteId, currency, type, base, category,
limitType, hiLo, mix, sb, bb, smallBet, bigBet, maxSeats, ante, ...)``: ``type``
``'ring'`` or ``'tour'``; ``category`` e.g. ``'omahahilo'``; ``limitType`` ``'fl'``,
``'pl'``, ``'nl'``; ``hiLo`` ``'s'`` for a split-pot game, ``'h'`` high only; the blinds
and (limit games) the small and big bet in cents; the last two booleans are flags this
reader does not interpret.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

__all__ = ["GameType", "card_code", "read_gt", "read_hands", "read_hp", "read_repr"]

_RANKS = "23456789TJQKA"
_SUITS = "hdcs"


def card_code(card: str) -> int:
    """fpdb's number for a card ("3d" -> 15, "Kd" -> 25).

    >>> card_code("3d"), card_code("Jh"), card_code("4s"), card_code("Kd")
    (15, 10, 42, 25)
    """
    return 1 + _RANKS.index(card[0]) + 13 * _SUITS.index(card[1])


def _value(node: ast.AST) -> Any:
    if isinstance(node, ast.Call):
        name = ast.unparse(node.func)
        if name not in ("datetime.datetime", "datetime"):
            raise ValueError(f"unexpected call in fpdb file: {name}")
        args = [_value(a) for a in node.args]
        kw = {k.arg: k for k in node.keywords}
        tz = kw.get("tzinfo")
        if tz is not None and ast.unparse(tz.value) not in ("pytz.utc", "pytz.UTC", "UTC"):
            raise ValueError("unexpected time zone in fpdb file")
        return datetime(*args, tzinfo=UTC if tz is not None else None)
    if isinstance(node, ast.Dict):
        return {_value(k): _value(v) for k, v in zip(node.keys, node.values, strict=True)}
    if isinstance(node, ast.Tuple):
        return tuple(_value(e) for e in node.elts)
    if isinstance(node, ast.List):
        return [_value(e) for e in node.elts]
    return ast.literal_eval(node)


def read_repr(path: Path) -> Any:
    """The value an fpdb expected-results file holds (dicts, tuples, literals, UTC times).

    Raises:
        ValueError, SyntaxError: the file holds something else.
    """
    tree = ast.parse(path.read_text(encoding="utf-8").strip(), mode="eval")
    return _value(tree.body)


def read_hp(path: Path) -> dict[str, dict[str, Any]]:
    """``X.txt.hp``: ``{player: {field: value}}`` (see the module docstring)."""
    value = read_repr(path)
    if not isinstance(value, dict):
        raise ValueError(f"{path}: not a dict of players")
    return value


def read_hands(path: Path) -> dict[str, Any]:
    """``X.txt.hands``: the hand's fields (see the module docstring)."""
    value = read_repr(path)
    if not isinstance(value, dict):
        raise ValueError(f"{path}: not a dict")
    return value


@dataclass(frozen=True)
class GameType:
    """The fields of a ``.gt`` tuple this reader names (amounts in cents)."""

    currency: str
    type: str
    category: str
    limit_type: str
    hi_lo: str
    small_blind: int
    big_blind: int
    small_bet: int
    big_bet: int
    max_seats: int
    ante: int


def read_gt(path: Path) -> GameType:
    """``X.txt.gt``: the game type tuple, its known fields named."""
    t = read_repr(path)
    return GameType(t[1], t[2], t[4], t[5], t[6], t[8], t[9], t[10], t[11], t[12], t[13])
