"""The tables of what the record says was played: ``actions`` (every post and action),
``boards`` and ``tournament_results``; their columns and the rows of one hand."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hhtools.model.records import ActionKind, PostKind, Street
from hhtools.store.tables._base import KEY as _KEY
from hhtools.store.tables._base import Column, ColumnBatch, HandMoney
from hhtools.store.tables._base import column as _c

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

#: the text of each enum member the rows hold (``member.value`` is a slow property)
_TEXT: dict[Any, str] = {m: m.value for e in (Street, ActionKind, PostKind) for m in e}


def action_rows(batch: ColumnBatch, hand: HandHistory, money: HandMoney) -> None:
    """Add the ``actions`` rows of ``hand`` to ``batch``, one per action in order.

    Args:
        batch: the batch being filled (its current hand is ``hand``).
        hand: the parsed hand.
        money: its money; ``money.added`` holds the chips each action moved into the
            pot (minor units), one per action.
    """
    actions = hand.actions
    acts = batch.extend_key("actions", hand.site, hand.hand_id, len(actions))
    acts["seq"].extend(range(len(actions)))
    acts["street"].extend([_TEXT[a.street] for a in actions])
    acts["player"].extend([a.player for a in actions])
    acts["kind"].extend([_TEXT[a.kind] for a in actions])
    acts["post"].extend([_TEXT[a.post] if a.post else None for a in actions])
    acts["amount"].extend([a.amount for a in actions])
    acts["to_amount"].extend([a.to_amount for a in actions])
    acts["added"].extend(money.added)
    acts["all_in"].extend([a.all_in for a in actions])
    acts["line"].extend([a.line for a in actions])


def board_rows(batch: ColumnBatch, hand: HandHistory) -> None:
    """Add the ``boards`` rows of ``hand`` to ``batch``: one per board (two when the
    hand was run twice), its cards and its flop, turn and river (``None`` when not
    dealt)."""
    site, hid = hand.site, hand.hand_id
    for b, cards in enumerate(hand.boards):
        batch.add(
            "boards",
            site=site,
            hand_id=hid,
            board=b,
            cards=" ".join(cards),
            flop=" ".join(cards[:3]) if len(cards) >= 3 else None,
            turn=cards[3] if len(cards) >= 4 else None,
            river=cards[4] if len(cards) >= 5 else None,
        )


def tournament_rows(batch: ColumnBatch, hand: HandHistory) -> None:
    """Add the ``tournament_results`` rows of ``hand`` to ``batch``: one per result the
    hand reports (places, prizes, bounties in minor units of their currency)."""
    site, hid = hand.site, hand.hand_id
    for r in hand.tournament_results:
        batch.add(
            "tournament_results",
            site=site,
            hand_id=hid,
            player=r.player,
            place=r.place,
            prize=r.prize,
            bounty=r.bounty,
            eliminated=r.eliminated,
            currency=r.currency,
            line=r.line,
        )
