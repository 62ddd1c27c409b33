"""Money helpers of the iPoker reader (:mod:`hhtools.grammars.ipoker.read`): the pots
as the rules build them, the rake taken from them, and a player's total win split over
the pots. Amounts are integer minor units.
"""

from __future__ import annotations

from hhtools.model.records import Seat

__all__ = ["clockwise", "pots_of", "split_rake", "split_win"]


def split_rake(gross: list[int], rake: int) -> list[int]:
    """Pots after rake, the rake taken in proportion to pot size, largest remainder
    first (the audit nets pots the same way when a site names no pot parts).

    >>> split_rake([300, 100], 10)
    [292, 98]
    """
    if len(gross) == 1:
        return [gross[0] - min(max(rake, 0), gross[0])] if gross[0] > 0 else list(gross)
    total = sum(gross)
    if rake <= 0 or total <= 0:
        return list(gross)
    rake = min(rake, total)
    shares = [rake * g // total for g in gross]
    rest = rake - sum(shares)
    order = sorted(range(len(gross)), key=lambda i: (-(rake * gross[i] % total), i))
    for i in order[:rest]:
        shares[i] += 1
    return [g - s for g, s in zip(gross, shares, strict=True)]


def split_win(
    wins: dict[str, int], pots: list[tuple[int, tuple[str, ...]]]
) -> list[dict[str, int]]:
    """Split each player's total win over the pots (net of rake) they could win.

    Args:
        wins: player -> what the site paid them, minor units.
        pots: (net amount, eligible players in clockwise order from the button's
            left) per pot, main pot first.

    Returns:
        Per pot, player -> amount. Pots are filled from the last side pot down; a pot
        goes to its eligible players who are still owed something, in proportion to
        what they are owed (largest remainder, then seat order, for odd chips).

    >>> split_win({"a": 60, "b": 40}, [(60, ("a", "b", "c")), (40, ("b", "c"))])
    [{'a': 60}, {'b': 40}]
    """
    if (
        len(pots) == 1
        and wins
        and sum(wins.values()) <= pots[0][0]
        and set(wins) <= set(pots[0][1])
    ):
        return [dict(wins)]
    owed = dict(wins)
    out: list[dict[str, int]] = [{} for _ in pots]
    for i in range(len(pots) - 1, -1, -1):
        amount, eligible = pots[i]
        takers = [p for p in eligible if owed.get(p, 0) > 0]
        if not takers or amount <= 0:
            continue
        total = sum(owed[p] for p in takers)
        if total <= amount:
            for p in takers:
                out[i][p] = owed[p]
                owed[p] = 0
            continue
        shares = {p: amount * owed[p] // total for p in takers}
        rest = amount - sum(shares.values())
        for p in sorted(takers, key=lambda p: (-(amount * owed[p] % total), takers.index(p)))[
            :rest
        ]:
            shares[p] += 1
        for p, s in shares.items():
            if s:
                out[i][p] = s
                owed[p] -= s
    return out


def clockwise(seats: list[Seat], button: int | None) -> list[str]:
    """Players in clockwise order from the first seat left of the button."""
    ordered = sorted(seats, key=lambda s: s.seat)
    if button is None:
        return [s.player for s in ordered]
    after = [s for s in ordered if s.seat > button] + [s for s in ordered if s.seat <= button]
    return [s.player for s in after]


def pots_of(
    net_in: dict[str, int], live: set[str], order: list[str]
) -> list[tuple[int, tuple[str, ...]]]:
    """Main pot and side pots (gross amount, eligible players clockwise), as the rules
    build them from what each player put in."""
    levels = sorted({net_in.get(p, 0) for p in live if net_in.get(p, 0) > 0})
    pots: list[tuple[int, tuple[str, ...]]] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in net_in.values() if c > previous)
        eligible = tuple(p for p in order if p in live and net_in.get(p, 0) >= level)
        if amount > 0:
            pots.append((amount, eligible))
        previous = level
    leftover = sum(c - previous for c in net_in.values() if c > previous)
    if leftover > 0:
        if pots:
            pots[-1] = (pots[-1][0] + leftover, pots[-1][1])
        else:
            pots.append((leftover, tuple(p for p in order if p in live)))
    return pots
