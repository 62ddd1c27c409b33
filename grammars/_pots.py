"""Pots for grammars whose sites print who won what but not from which pot.

Some formats pay a player one total (iPoker's ``win``, Boss's ``RESULT WIN``) however many
pots the hand had. These helpers build the pots as the rules do from what each player put
in (:func:`pots_of`), take the hand's rake from them (:func:`split_rake`) and split each
player's total win over the pots they could win (:func:`split_win`), so that a grammar
can write one collect per pot. Used by :mod:`hhtools.grammars.ipoker.read` and
:mod:`hhtools.grammars.boss`; 888poker's collect lines, which name no pot but come main
pot first, are given to the pots by :func:`in_pot_order`. Amounts are integer minor units.
"""

from __future__ import annotations

from hhtools.model.frozen import maker
from hhtools.model.records import Collect, Seat

__all__ = ["clockwise", "in_pot_order", "paid_parts", "pot_unpaid", "pots_of", "split_rake",
           "split_win"]

#: a :class:`Collect` built from its six fields by position (:func:`~hhtools.model.frozen.maker`)
_collect = maker(Collect)


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
    net_in: dict[str, int],
    live: set[str],
    order: list[str],
    dead: dict[str, int] | None = None,
) -> list[tuple[int, tuple[str, ...]]]:
    """Main pot and side pots (gross amount, eligible players clockwise), as the rules
    build them from what each player put in.

    Args:
        net_in: player -> chips in the middle (put in less returned).
        live: players who did not fold.
        order: players clockwise from the first seat left of the button.
        dead: player -> dead chips among ``net_in`` (a dead small blind posted with the
            big blind): they belong to no contribution level and go to the main pot, as
            :func:`hhtools.rules.pots.rebuild` puts them. ``None``: no dead chips.

    >>> pots_of({"a": 50, "b": 100, "c": 100}, {"a", "b", "c"}, ["a", "b", "c"])
    [(150, ('a', 'b', 'c')), (100, ('b', 'c'))]
    >>> pots_of({"a": 60, "b": 100, "c": 100}, {"a", "b", "c"}, ["a", "b", "c"], {"a": 10})
    [(160, ('a', 'b', 'c')), (100, ('b', 'c'))]
    """
    if dead:
        live_in = {p: max(0, v - dead.get(p, 0)) for p, v in net_in.items()}
        live_pots = pots_of(live_in, live, order)
        if live_pots:
            extra = sum(min(dead.get(p, 0), v) for p, v in net_in.items())
            return [(live_pots[0][0] + extra, live_pots[0][1]), *live_pots[1:]]
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


def pot_unpaid(collects: list[Collect], net_in: dict[str, int], live: set[str]) -> int:
    """The chips of the pots no collect names (``Collect.pot``: 0 the main pot, ``n``
    the ``n``-th side pot) among those the rules build from what each player put in
    (:func:`pots_of`: the main pot, then one above each live all-in player's chips),
    gross. In a format whose wins lines name their pots and end the hand (Everleaf's
    "wins $ 0.50 USD from side pot #1"), a text cut before a small side pot's line
    leaves these chips unpaid, too few for the nine-tenths check
    (:func:`~._inferred.short_paid`) to see.

    Args:
        collects: the hand's collects, their pots named.
        net_in: player -> live chips in the middle (put in less returned, no dead blind).
        live: players who did not fold.

    >>> c = [Collect("b", 1070, 0)]
    >>> pot_unpaid(c, {"a": 375, "b": 400, "c": 400}, {"a", "b"})
    50
    >>> pot_unpaid([*c, Collect("b", 50, 1)], {"a": 375, "b": 400, "c": 400}, {"a", "b"})
    0
    >>> pot_unpaid(c, {"a": 400, "b": 400, "c": 100}, {"a", "b"})
    0
    """
    paid = {c.pot for c in collects}
    pots = pots_of(net_in, live, sorted(live))
    return sum(amount for i, (amount, _) in enumerate(pots) if i not in paid)


def in_pot_order(
    collects: list[Collect], gross: list[int], rake: int = 0,
    eligible: list[tuple[str, ...]] | None = None,
) -> tuple[list[Collect], list[int]]:  # fmt: skip
    """Collect lines that name no pot but come main pot first, then each side pot
    (888poker's "collected [ .. ]"), given to the pots in that order: each pot takes
    lines while their sum still fits in its size less the rake (taken from the main
    pot first), the last pot takes the rest. A line that does not fit moves on only
    to a later pot its player could win (``eligible``): a short all-in paid the main
    pot and the side pot on one line was paid too much from the main pot, not paid
    from a side pot the player was never in.

    Args:
        collects: the hand's collect lines in order (minor units; their ``pot`` unread).
        gross: the pots' gross sizes, main pot first (:func:`pots_of`).
        rake: the hand's rake, minor units, taken from the main pot first (888poker):
            a small side pot's line must not fit in the room the rake left in the
            main pot (main $4.95 raked $0.25: $4.70 to one player, then a side pot's
            $0.20 is the side pot's, not the main pot's).
        eligible: the players who could win each pot of ``gross``
            (:func:`pots_of`); ``None``: anyone could win any pot.

    Returns:
        The collects with their pot, and what the lines paid from each pot (one part
        per pot of ``gross``); no parts (``[]``) when the lines paid a pot more than
        it held: they are then no pot's size after rake.

    >>> got, parts = in_pot_order([Collect("a", 147, 0), Collect("b", 40, 0)], [150, 40])
    >>> [c.pot for c in got], parts
    ([0, 1], [147, 40])
    >>> in_pot_order([Collect("a", 470, 0), Collect("b", 20, 0)], [495, 20], 25)[1]
    [470, 20]

    A short all-in ("a", in the main pot of 3 only) paid both pots on one line:

    >>> got, parts = in_pot_order([Collect("a", 5, 0)], [3, 2], 0, [("a", "b"), ("b",)])
    >>> [c.pot for c in got], parts
    ([0], [])
    """
    room = list(gross)
    for i, amount in enumerate(room):
        take = min(amount, max(rake, 0))
        room[i], rake = amount - take, rake - take
    out: list[Collect] = []
    parts = [0] * len(gross)
    k, running = 0, 0
    for c in collects:
        while k < len(room) - 1 and running + c.amount > room[k]:
            later = next((j for j in range(k + 1, len(room))
                          if eligible is None or c.player in eligible[j]), None)  # fmt: skip
            if later is None:
                break  # no later pot this player could win: this one was overpaid
            k, running = later, 0
        running += c.amount
        if gross:
            parts[k] += c.amount
        # ``replace(c, pot=k)``, built by position (dataclasses.replace cost some 5 us)
        out.append(c if c.pot == k else _collect(c.player, c.amount, k, c.board, c.line, c.half))
    if any(part > size for part, size in zip(parts, gross)):
        parts = []
    return out, parts


def paid_parts(collects: list[Collect], net: int, *, one_pot: bool = False) -> tuple[int, ...]:
    """What each pot paid, main pot first, when the lines name their pots: each pot's
    size after rake (the site prints no pot parts, but pays each pot on its own lines,
    and the rake comes out of the pots as the site chose, not always in proportion).

    Args:
        collects: the hand's collect lines.
        net: what stayed in the middle less the rake, minor units.
        one_pot: give the part of a hand that paid one pot too.

    Returns:
        The parts when more than one pot was paid (or ``one_pot``), every pot from
        the main one up was, and they add up to ``net``; else ``()`` (the audit then
        takes the rake out of the pots in proportion).

    >>> paid_parts([Collect("a", 444, 0), Collect("a", 626, 1)], 1070)
    (444, 626)
    >>> paid_parts([Collect("a", 444, 0)], 444)
    ()
    """
    by_pot: dict[int, int] = {}
    for c in collects:
        by_pot[c.pot] = by_pot.get(c.pot, 0) + c.amount
    parts = tuple(by_pot.get(i, -1) for i in range(len(by_pot)))
    if len(parts) < (1 if one_pot else 2) or -1 in parts or sum(parts) != net:
        return ()
    return parts
