"""How much a player may bet or raise: the three betting structures as amounts.

Rules (shared/seeds 002, "The Deal and Betting" and "Omaha High-Low 8 or Better";
seed 003, "Sequence of game play" 8): the big blind is the minimum bet; in fixed
limit the bets and raises are of one size, the small bet before the turn and the
big bet (double) from the turn on; in pot limit a bet or raise may be as large as the
pot, the call included; in no limit a raise is at least the last bet or raise. All
amounts are integer minor units, and "to" amounts are a player's total on the street.
"""

from __future__ import annotations

__all__ = ["limit_raise_to_allowed", "no_limit_min_raise_to", "pot_limit_max_to"]


def pot_limit_max_to(pot: int, current: int, already: int) -> int:
    """The most a player may make his street total in pot limit.

    The player first calls (``current - already``), then raises by at most the pot as
    it stands after the call: everything in the middle (every street, every post, the
    bets of this street) plus the call. A bet (``current == 0``) is at most the pot.

    Args:
        pot: chips in the middle before the action, minor units (this street's bets
            included, uncalled bets of earlier streets already returned).
        current: the highest total any player has on this street (0 before a bet).
        already: what this player has in on this street.

    Returns:
        The largest allowed street total after the bet or raise.

    >>> pot_limit_max_to(150, 0, 0)  # a bet into 1.50: at most 1.50
    150
    >>> pot_limit_max_to(3, 2, 1)  # the small blind (1) raises over the big blind (2)
    6
    >>> pot_limit_max_to(250, 100, 0)  # 1.00 bet into 1.50: call 1.00, raise 3.50
    450
    """
    call = max(current - already, 0)
    return current + pot + call


def no_limit_min_raise_to(current: int, last_full: int, big_blind: int) -> int:
    """The least street total a no-limit raise (or bet) may reach unless it is all-in.

    A bet is at least the big blind; a raise adds at least the last full bet or raise
    of the street (the big blind before any).

    >>> no_limit_min_raise_to(0, 0, 10)
    10
    >>> no_limit_min_raise_to(30, 20, 10)  # bet 10, raise to 30: the next is to 50
    50
    """
    return current + max(last_full, big_blind)


def limit_raise_to_allowed(current: int, unit: int) -> tuple[int, ...]:
    """The street totals a fixed-limit bet or raise may reach (all-in excepted).

    One unit over the current bet. When the current bet is not a whole number of
    units (a short all-in raised it, or a blind was short), completing it to the
    next whole number of units, or raising one unit over that, is allowed too: rooms
    differ there, so both are accepted.

    >>> limit_raise_to_allowed(10, 10)
    (20,)
    >>> limit_raise_to_allowed(14, 10)  # after a short all-in to 14
    (20, 24, 30)
    """
    if unit <= 0:
        return ()
    if current % unit == 0:
        return (current + unit,)
    base = (current // unit + 1) * unit
    return tuple(sorted({base, current + unit, base + unit}))
