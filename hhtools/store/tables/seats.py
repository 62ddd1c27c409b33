"""The ``seats`` table: one row per seated player and hand, its columns and the rows of
one hand (money from :class:`~hhtools.store.tables._base.HandMoney`, results from
:mod:`hhtools.store.seat_results`, statistics facts from :mod:`hhtools.store.seat_stats`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hhtools.rules.holes import hole_classes
from hhtools.store.seat_results import seat_results
from hhtools.store.seat_stats import STAT_COLUMNS, seat_stats
from hhtools.store.tables._base import KEY as _KEY
from hhtools.store.tables._base import Column, ColumnBatch, HandMoney
from hhtools.store.tables._base import column as _c
from hhtools.store.tables._base import row_names as _row_names

if TYPE_CHECKING:
    from hhtools.model.records import HandHistory

__all__ = ["TABLES", "seat_rows"]

TABLES: dict[str, tuple[str, tuple[Column, ...]]] = {
    "seats": (
        "One row per seated player and hand, with the money they moved.",
        _KEY
        + (
            _c("seat", "INTEGER", "seat number"),
            _c("player", "VARCHAR", "screen name"),
            _c("stack", "BIGINT", "stack at the start of the hand, minor units"),
            _c("sitting_out", "BOOLEAN", "sitting out"),
            _c("bounty", "VARCHAR", "knockout bounty text"),
            _c("position", "INTEGER", "1 = first left of the button ... last = button"),
            _c("is_button", "BOOLEAN", "on the button"),
            _c("is_hero", "BOOLEAN", "the player dealt in"),
            _c("hole_cards", "VARCHAR", "known hole cards, space separated"),
            _c("put_in", "BIGINT", "chips put in (posts, calls, bets, raises), minor units"),
            _c("returned", "BIGINT", "uncalled bets returned, minor units"),
            _c("collected", "BIGINT", "what the site says the player collected, minor units"),
            _c("net", "BIGINT", "collected + cashed_out - put_in + returned, minor units"),
            _c("folded", "VARCHAR", "street the player folded on, NULL if never"),
            _c("voluntary", "BOOLEAN", "put money in voluntarily preflop (VPIP)"),
            _c("preflop_raise", "BOOLEAN", "raised preflop (PFR)"),
            _c("showed", "BOOLEAN", "showed cards at showdown"),
            _c("cashed_out", "BIGINT", "what the player received for cashing out the hand, "
               "minor units (0 if none)"),
            _c("cash_out_fee", "BIGINT", "the fee the site charged for that cash-out, minor units"),
            _c("cash_out_forfeited", "BIGINT", "pot winnings the site kept because the "
               "player had cashed out, minor units"),
            _c("rake_paid", "BIGINT", "the seat's share of the hand's rake, in proportion to "
               "what it put in less returns; odd units by largest remainder, then seat "
               "(0 for a seat sitting out), minor units"),
            _c("due_at_showdown", "BIGINT", "what the rules give the player at showdown, every "
               "board together (showdowns.won), minor units"),
            _c("pots_won_high", "INTEGER", "pots (each board apart) contested by two or more "
               "of which the player won the high (or the whole pot)"),
            _c("pots_won_low", "INTEGER", "pots contested by two or more of which the player "
               "won the low half"),
            _c("scooped", "INTEGER", "hi/lo pots the player alone won whole (rows of the "
               "scoops view)"),
            _c("quartered", "INTEGER", "halves of split hi/lo pots the player shared (rows of "
               "the quarters view)"),
            _c("hole_classes", "VARCHAR[]", "classes of the known hole cards: pair, aces, "
               "double_suited, single_suited, rainbow, rundown, a2 (hhtools.rules.holes)"),
            _c("position_name", "VARCHAR", "named position among the players dealt in: SB, "
               "BB, UTG, UTG+1, UTG+2, MP, LJ, HJ, CO, BTN (heads-up BB and BTN, the button "
               "posting the small blind); NULL sitting out"),
            _c("vpip_opportunity", "BOOLEAN", "dealt in, and not the big blind of a walk "
               "(everyone folded to the big blind): the hands VPIP and PFR count over"),
            _c("three_bet_opportunity", "BOOLEAN", "acted preflop facing exactly one raise "
               "(the open raise) by another player"),
            _c("three_bet", "BOOLEAN", "re-raised that open raise, at the first such action"),
            _c("fold_to_three_bet_opportunity", "BOOLEAN", "made the open raise and acted "
               "again preflop facing exactly two raises"),
            _c("fold_to_three_bet", "BOOLEAN", "folded to that 3-bet"),
            _c("cbet_opportunity", "BOOLEAN", "made the last preflop raise and acted on the "
               "flop with no bet before them"),
            _c("cbet", "BOOLEAN", "bet the flop at that chance (continuation bet)"),
            _c("fold_to_cbet_opportunity", "BOOLEAN", "acted on the flop facing the c-bet "
               "(the flop's first bet, by the preflop raiser) with no raise since"),
            _c("fold_to_cbet", "BOOLEAN", "folded to that c-bet"),
            _c("postflop_aggressive", "INTEGER", "bets and raises on the flop, turn and river"),
            _c("postflop_calls", "INTEGER", "calls on the flop, turn and river"),
            _c("postflop_folds", "INTEGER", "folds on the flop, turn and river"),
            _c("saw_flop", "BOOLEAN", "dealt in, did not fold preflop, and a flop was dealt"),
            _c("at_showdown", "BOOLEAN", "dealt in, did not fold, and another player dealt in "
               "did not fold either: at showdown even when every opponent mucked"),
        ),
    ),
}

#: the columns of a :data:`~hhtools.store.seat_results.SeatResult`, in its order
_RESULT_COLUMNS = ("rake_paid", "due_at_showdown", "pots_won_high", "pots_won_low",
                   "scooped", "quartered")  # fmt: skip
#: the names of a ``seats`` row's values, in the order :func:`seat_rows` writes them:
#: the declared columns, the seat's own first, then its results and its statistics
#: facts as the tuples they come in (the batch turns them into columns by name)
_ROW = ("_n", "site", "hand_id", "seat", "player", "stack", "sitting_out", "bounty",
        "position", "is_button", "is_hero", "hole_cards", "put_in", "returned",
        "collected", "net", "showed", "cashed_out", "cash_out_fee", "cash_out_forfeited",
        "hole_classes", *_RESULT_COLUMNS, *STAT_COLUMNS)  # fmt: skip
if sorted(_ROW) != sorted(_row_names(TABLES["seats"][1])):  # a column added to one only
    raise RuntimeError("seats: the row's names are not the declared columns")
#: the cash-out of a player who cashed nothing out: (amount, fee, forfeited)
_NO_CASH_OUT = (0, 0, 0)


def _cashed(hand: HandHistory) -> dict[str, tuple[int, int, int]]:
    """Player -> (cashed out, cash-out fee, forfeited), summed over ``hand.cash_outs``."""
    cashed: dict[str, tuple[int, int, int]] = {}
    for co in hand.cash_outs:
        amount, fee, forfeited = cashed.get(co.player, _NO_CASH_OUT)
        cashed[co.player] = (amount + co.amount, fee + co.fee, forfeited + co.forfeited)
    return cashed


def seat_rows(batch: ColumnBatch, hand: HandHistory, money: HandMoney) -> None:
    """Add the ``seats`` rows of ``hand`` to ``batch``, one per ``hand.seats``, in order.

    Args:
        batch: the batch being filled (its current hand is ``hand``).
        hand: the parsed hand.
        money: its money (put in, returned, clockwise order, the settlement if any).

    Money columns are minor units; ``net`` is collected + cashed out - put in +
    returned. The results columns are :func:`~hhtools.store.seat_results.seat_results`'
    (rake_paid ... quartered), the statistics facts
    :func:`~hhtools.store.seat_stats.seat_stats`' (:data:`STAT_COLUMNS`), each seat's
    tuples of them added to its row as they come.
    """
    values = batch.table("seats", _ROW)
    seats = hand.seats
    if not seats:
        return
    n, site, hid = batch.n, hand.site, hand.hand_id
    order = money.order
    put_in, returned = money.put_in, money.returned
    position = {p: i for i, p in enumerate(order, 1)}
    holes = hand.hole_cards
    button, hero = hand.button, hand.hero
    showed = {s.player for s in hand.shows if not s.mucked}
    collected: dict[str, int] = {}
    for c in hand.collects:
        collected[c.player] = collected.get(c.player, 0) + c.amount
    cashed = _cashed(hand) if hand.cash_outs else {}
    results = seat_results(hand, money.settlement, put_in, returned)
    stats = seat_stats(hand, order)
    for s, result, st in zip(seats, results, stats, strict=True):
        p = s.player
        hole = holes.get(p)
        pin = put_in.get(p, 0)
        ret = returned.get(p, 0)
        got = collected.get(p, 0)
        cash = cashed.get(p, _NO_CASH_OUT) if cashed else _NO_CASH_OUT
        values.extend((
            n, site, hid, s.seat, p, s.stack, s.sitting_out, s.bounty, position.get(p),
            s.seat == button, p == hero, " ".join(hole) if hole else None,
            pin, ret, got, got + cash[0] - pin + ret, p in showed, cash[0], cash[1], cash[2],
            list(hole_classes(hole)) if hole else None,
        ))  # fmt: skip
        values.extend(result)
        values.extend(st)
