"""Per seat and hand, the results ``player_results`` sums, worked out once at import.

``player_results`` groups millions of seats. Computing a seat's share of the rake, its
showdown winnings and its scoops and quarters in SQL at query time takes windows over
every seat and joins of every pot (17 s over a million hands); here they are worked
out once per hand from the same values the ``seats``, ``pots`` and ``showdowns`` rows
hold, and stored as columns of ``seats``. Definitions (the view's documentation):

* which seats count: every seat dealt in, and every seat sitting out that still put
  chips in or took chips out (a tournament deals a player who sits out, posts their
  blinds and antes and folds for them; their big blind may even win a walk). Their
  money is theirs, so a table's nets add up to minus what the house took (rake, fees,
  jackpot) plus what it added: :func:`counted_seat` is that condition in SQL, for
  every view and statistic that sums seats.
* ``rake_paid``: the hand's rake shared among the seats in proportion to what each
  put in less returns (never below 0), sitting out or not; the units left over go one
  each by largest remainder, then lowest seat number. 0 when the rake is not positive.
* ``due_at_showdown``: what the rules give the player on every board (the ``won``
  column of ``showdowns``), minor units.
* ``pots_won_high`` / ``pots_won_low``: pots (each board apart) contested by at least
  two players of whose high (the whole pot) / low half the player is a winner.
* ``scooped``: hi/lo pots with two or more eligible the player alone won whole (both
  halves, or the high when no low qualified): the rows of the ``scoops`` view.
* ``quartered``: halves of split hi/lo pots the player shared with another winner:
  the rows of the ``quarters`` view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hhtools.audit.settle import HandSettlement
    from hhtools.model.records import HandHistory

__all__ = ["SeatResult", "counted_seat", "rake_shares", "seat_results"]

#: (rake_paid, due_at_showdown, pots_won_high, pots_won_low, scooped, quartered)
SeatResult = tuple[int, int, int, int, int, int]


def counted_seat(alias: str = "s") -> str:
    """SQL: the seat counts in a player's results (module docstring): dealt in, or
    sitting out yet with chips in or out of the pot.

    Args:
        alias: the alias of the ``seats`` table in the statement.

    Returns:
        A parenthesised SQL condition over ``seats`` columns of every schema
        (``sitting_out``, ``put_in``, ``collected``; a cash-out needs chips put in).

    >>> counted_seat("x")
    '(NOT coalesce(x.sitting_out, false) OR x.put_in > 0 OR x.collected > 0)'
    """
    return (f"(NOT coalesce({alias}.sitting_out, false) OR {alias}.put_in > 0 "
            f"OR {alias}.collected > 0)")  # fmt: skip


def rake_shares(rake: int, contributed: list[tuple[int, int]]) -> list[int]:
    """The rake shared in proportion to what each seat put in, largest remainder first.

    Args:
        rake: the hand's rake, minor units.
        contributed: ``(seat number, chips put in less returned)`` of each seat (a
            negative amount counts as 0).

    Returns:
        The rake paid by each seat of ``contributed``, in its order, minor units (all 0
        when ``rake <= 0`` or nobody put a chip in).

    >>> rake_shares(10, [(1, 30), (2, 30), (3, 30)])
    [4, 3, 3]
    >>> rake_shares(7, [(4, 50), (1, 25), (2, 25)])  # 3.5, 1.75, 1.75: the .75s get the 2 left
    [3, 2, 2]
    """
    amounts = [c if c > 0 else 0 for _, c in contributed]
    pot = sum(amounts)
    if rake <= 0 or pot <= 0:
        return [0] * len(amounts)
    out = []
    order = []  # the seats with a remainder: the units left (fewer than them) go to these
    for i, ((seat, _), c) in enumerate(zip(contributed, amounts, strict=True)):
        share, rem = divmod(rake * c, pot)
        out.append(share)
        if rem:
            order.append((-rem, seat, i))
    left = rake - sum(out)
    if left:
        order.sort()
        for _, _, i in order[:left]:
            out[i] += 1
    return out


def seat_results(hand: HandHistory, settlement: HandSettlement | None,
                 put_in: dict[str, int], returned: dict[str, int]) -> list[SeatResult]:  # fmt: skip
    """The :data:`SeatResult` of each seat of ``hand.seats``, in order (module docstring).

    Args:
        hand: the hand.
        settlement: its audit's settlement, or ``None`` (``--no-audit``: only the rake
            share is known; the showdown counts are 0).
        put_in, returned: chips each player put in and got back (minor units), as the
            ``seats`` rows hold them.
    """
    seats = hand.seats
    shares = (
        rake_shares(hand.rake, [(s.seat, put_in.get(s.player, 0) - returned.get(s.player, 0))
                                for s in seats])
        if hand.rake > 0
        else [0] * len(seats)  # what rake_shares gives for no rake, without the work
    )  # fmt: skip
    if settlement is None or not (settlement.showdown or settlement.pots):
        return [(share, 0, 0, 0, 0, 0) for share in shares]
    due: dict[str, int] = {}
    high: dict[str, int] = {}
    low: dict[str, int] = {}
    scooped: dict[str, int] = {}
    quartered: dict[str, int] = {}
    for sd in settlement.showdown:
        due[sd.player] = due.get(sd.player, 0) + (settlement.won(sd.player, sd.board) or 0)
    hi_lo = hand.game.hi_lo
    for pot in settlement.pots:
        award = pot.award
        if award is None or len(pot.eligible) < 2:
            continue
        highs, lows = award.high_winners, award.low_winners
        for p in highs:
            high[p] = high.get(p, 0) + 1
        for p in lows:
            low[p] = low.get(p, 0) + 1
        if not hi_lo:
            continue
        if len(highs) == 1 and (not lows or (len(lows) == 1 and lows[0] == highs[0])):
            scooped[highs[0]] = scooped.get(highs[0], 0) + 1
        if lows:  # a split pot: its tied halves are quartered
            for half in (highs, lows):
                if len(half) >= 2:
                    for p in half:
                        quartered[p] = quartered.get(p, 0) + 1
    if not (due or high or low):  # (a scoop or a quarter is a high or low won)
        return [(share, 0, 0, 0, 0, 0) for share in shares]
    return [
        (share, due.get(s.player, 0), high.get(s.player, 0),
         low.get(s.player, 0), scooped.get(s.player, 0), quartered.get(s.player, 0))
        for share, s in zip(shares, seats, strict=True)
    ]  # fmt: skip
