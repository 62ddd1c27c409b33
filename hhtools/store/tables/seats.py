"""The ``seats`` table: one row per seated player and hand, its columns and the rows of
one hand (money from :class:`~hhtools.store.tables._base.HandMoney`, results from
:mod:`hhtools.store.seat_results`, statistics facts from :mod:`hhtools.store.seat_stats`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hhtools.rules.holes import hole_classes
from hhtools.store.seat_results import seat_results
from hhtools.store.seat_stats import STAT_COLUMNS, seat_stats
from hhtools.store.tables._base import KEY as _KEY
from hhtools.store.tables._base import Column, ColumnBatch, Columns, HandMoney
from hhtools.store.tables._base import column as _c

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

#: seats columns of a :data:`~hhtools.store.seat_results.SeatResult`, by position
_SEAT_RESULT_INDEX = (("rake_paid", 0), ("due_at_showdown", 1), ("pots_won_high", 2),
                      ("pots_won_low", 3), ("scooped", 4), ("quartered", 5))


def _cashed(hand: HandHistory) -> dict[str, tuple[int, int, int]]:
    """Player -> (cashed out, cash-out fee, forfeited), summed over ``hand.cash_outs``."""
    cashed: dict[str, tuple[int, int, int]] = {}
    for co in hand.cash_outs:
        amount, fee, forfeited = cashed.get(co.player, (0, 0, 0))
        cashed[co.player] = (amount + co.amount, fee + co.fee, forfeited + co.forfeited)
    return cashed


def seat_rows(batch: ColumnBatch, hand: HandHistory, money: HandMoney) -> None:
    """Add the ``seats`` rows of ``hand`` to ``batch``, one per ``hand.seats``, in order.

    Args:
        batch: the batch being filled (its current hand is ``hand``).
        hand: the parsed hand.
        money: its money (put in, returned, clockwise order, the settlement if any).

    Money columns are minor units; ``net`` is collected + cashed out - put in +
    returned.
    """
    seats = batch.extend_key("seats", hand.site, hand.hand_id, len(hand.seats))
    players = [s.player for s in hand.seats]
    _place_columns(seats, hand, players, money.order)
    _money_columns(seats, hand, players, money)
    results = seat_results(hand, money.settlement, money.put_in, money.returned)
    for name, i in _SEAT_RESULT_INDEX:
        seats[name].extend([r[i] for r in results])
    # one column per fact (zip(*rows)); no seats, no rows
    facts = zip(*seat_stats(hand, money.order), strict=True)
    for name, values in zip(STAT_COLUMNS, facts):  # noqa: B905
        seats[name].extend(values)


def _place_columns(
    seats: Columns, hand: HandHistory, players: list[str], order: tuple[str, ...]
) -> None:
    """Who sits where and holds what: seat, player, stack... hole cards and classes."""
    hs = hand.seats
    position = {p: i + 1 for i, p in enumerate(order)}
    holes = [hand.hole_cards.get(p) for p in players]
    showed = {s.player for s in hand.shows if not s.mucked}
    seats["seat"].extend([s.seat for s in hs])
    seats["player"].extend(players)
    seats["stack"].extend([s.stack for s in hs])
    seats["sitting_out"].extend([s.sitting_out for s in hs])
    seats["bounty"].extend([s.bounty for s in hs])
    seats["position"].extend([position.get(p) for p in players])
    seats["is_button"].extend([s.seat == hand.button for s in hs])
    seats["is_hero"].extend([p == hand.hero for p in players])
    seats["hole_cards"].extend([" ".join(h) if h else None for h in holes])
    seats["showed"].extend([p in showed for p in players])
    seats["hole_classes"].extend([list(hole_classes(h)) if h else None for h in holes])


def _money_columns(seats: Columns, hand: HandHistory, players: list[str], money: HandMoney) -> None:
    """What each seat put in, got back, collected and cashed out, and its net (minor units)."""
    collected: dict[str, int] = {}
    for c in hand.collects:
        collected[c.player] = collected.get(c.player, 0) + c.amount
    cashed = _cashed(hand)
    pins = [money.put_in.get(p, 0) for p in players]
    rets = [money.returned.get(p, 0) for p in players]
    cols = [collected.get(p, 0) for p in players]
    cash = [cashed.get(p, (0, 0, 0)) for p in players]
    seats["put_in"].extend(pins)
    seats["returned"].extend(rets)
    seats["collected"].extend(cols)
    seats["net"].extend(
        [c + co[0] - pin + ret for c, co, pin, ret in zip(cols, cash, pins, rets, strict=True)]
    )
    seats["cashed_out"].extend([co[0] for co in cash])
    seats["cash_out_fee"].extend([co[1] for co in cash])
    seats["cash_out_forfeited"].extend([co[2] for co in cash])
