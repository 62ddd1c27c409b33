"""The tables of what the record says was played: ``actions`` (every post and action),
``boards`` and ``tournament_results``; their columns and the rows of one hand."""

from __future__ import annotations

from itertools import count
from typing import TYPE_CHECKING, Any

from hhtools.store.action_columns import COMPILED, action_columns
from hhtools.store.tables._base import KEY as _KEY
from hhtools.store.tables._base import Column, ColumnBatch, HandMoney, Later
from hhtools.store.tables._base import column as _c
from hhtools.store.tables._base import row_names as _row_names

if TYPE_CHECKING:
    from hhtools.model.records import HandHistory

__all__ = ["TABLES", "action_rows", "board_rows", "tournament_rows"]

TABLES: dict[str, tuple[str, tuple[Column, ...]]] = {
    "actions": (
        "Every post and action in order.",
        _KEY
        + (
            _c("seq", "INTEGER", "order within the hand, from 0"),
            _c("street", "VARCHAR", "preflop, flop, turn, river"),
            _c("player", "VARCHAR", "screen name"),
            _c("kind", "VARCHAR", "post, fold, check, call, bet, raise"),
            _c("post", "VARCHAR", "small_blind, big_blind, ante, dead_small_and_big, straddle"),
            _c("amount", "BIGINT", "as printed: call increment, bet, post, raise increment"),
            _c("to_amount", "BIGINT", "a raise's total on the street"),
            _c("added", "BIGINT", "chips this action moved into the pot"),
            _c("all_in", "BOOLEAN", "the action put the player all-in"),
            _c("line", "INTEGER", "source line"),
        ),
    ),
    "boards": (
        "The board(s): two rows when the hand was run twice.",
        _KEY
        + (
            _c("board", "INTEGER", "0, or 1 for the second run"),
            _c("cards", "VARCHAR", "board cards, space separated"),
            _c("flop", "VARCHAR", "first three cards"),
            _c("turn", "VARCHAR", "fourth card"),
            _c("river", "VARCHAR", "fifth card"),
        ),
    ),
    "tournament_results": (
        "Tournament results a hand reports: finishing places, prizes, bounties won.",
        _KEY
        + (
            _c("player", "VARCHAR", "screen name"),
            _c("place", "INTEGER", "finishing place (1 = the winner); NULL for a bounty line"),
            _c("prize", "BIGINT", "prize money, minor units of currency"),
            _c("bounty", "BIGINT", "bounty money won, minor units of currency"),
            _c("eliminated", "VARCHAR", "the players eliminated, as the site names them"),
            _c("currency", "VARCHAR", "ISO code of prize and bounty"),
            _c("line", "INTEGER", "source line"),
        ),
    ),
}

#: the names of each table's row values (:func:`~hhtools.store.tables._base.row_names`)
_ACTIONS = _row_names(TABLES["actions"][1])
_BOARDS = _row_names(TABLES["boards"][1])
_RESULTS = _row_names(TABLES["tournament_results"][1])


#: keep a hand's actions for :func:`~hhtools.store.action_columns.action_columns` (by
#: default when it runs compiled; the tests keep them with it run as Python too), rather
#: than write their rows
DEFER: bool = COMPILED


def action_rows(batch: ColumnBatch, hand: HandHistory, money: HandMoney) -> None:
    """Add the ``actions`` rows of ``hand`` to ``batch``, one per action in order (or,
    when :data:`DEFER`, its actions kept for the batch's columns to be made from them,
    :class:`~hhtools.store.tables._base.Later`: the same rows).

    Args:
        batch: the batch being filled (its current hand is ``hand``).
        hand: the parsed hand.
        money: its money; ``money.added`` holds the chips each action moved into the
            pot (minor units), one per action.

    The street, kind and post go to the batch as the record's members: a ``StrEnum``
    is its text, which is what the store holds.
    """
    entry = (batch.n, hand.site, hand.hand_id, hand.actions, money.added)
    if DEFER:
        batch.defer("actions", _ACTIONS, entry, _LATER)
    else:
        _write_actions(batch.table("actions", _ACTIONS), entry)


def _write_actions(values: list[Any], entry: tuple[Any, ...]) -> None:
    """The rows of one hand's actions, ``entry`` = (running number, site, hand id,
    actions, chips each moved: one each, :meth:`HandMoney.of`), added to ``values``."""
    n, site, hid, actions, added = entry
    extend = values.extend
    for seq, a, put in zip(count(), actions, added):
        extend((n, site, hid, seq, a.street, a.player, a.kind, a.post, a.amount, a.to_amount,
                put, a.all_in, a.line))  # fmt: skip


_LATER = Later(_write_actions, action_columns)


def board_rows(batch: ColumnBatch, hand: HandHistory) -> None:
    """Add the ``boards`` rows of ``hand`` to ``batch``: one per board (two when the
    hand was run twice), its cards and its flop, turn and river (``None`` when not
    dealt)."""
    if not hand.boards:
        return
    values = batch.table("boards", _BOARDS)
    n, site, hid = batch.n, hand.site, hand.hand_id
    for b, cards in enumerate(hand.boards):
        k = len(cards)
        values.extend((
            n, site, hid, b, " ".join(cards),
            " ".join(cards[:3]) if k >= 3 else None,
            cards[3] if k >= 4 else None,
            cards[4] if k >= 5 else None,
        ))  # fmt: skip


def tournament_rows(batch: ColumnBatch, hand: HandHistory) -> None:
    """Add the ``tournament_results`` rows of ``hand`` to ``batch``: one per result the
    hand reports (places, prizes, bounties in minor units of their currency)."""
    if not hand.tournament_results:
        return
    values = batch.table("tournament_results", _RESULTS)
    n, site, hid = batch.n, hand.site, hand.hand_id
    for r in hand.tournament_results:
        values.extend((n, site, hid, r.player, r.place, r.prize, r.bounty, r.eliminated,
                       r.currency, r.line))  # fmt: skip
