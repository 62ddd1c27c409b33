"""What older text formats leave out, worked out from the amounts they do write.

Everleaf, OnGame and PKR print no "uncalled bet returned" line (or not always), and
Everleaf prints neither a total pot nor a rake. The uncalled excess and the rake
follow from the chips each player put in and what the site paid: plain arithmetic
over minor units, no poker rules. A grammar lists what it took from here in
:attr:`hhtools.model.records.HandHistory.inferred`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from hhtools.model.records import Action, Collect, PostKind, Returned

__all__ = [
    "collected", "excess_returned", "hand_excess", "in_pot", "last_line", "live_put", "short_paid",
]


def excess_returned(
    put: Mapping[str, int], stated: Iterable[Returned], actions: Iterable[Action]
) -> Returned | None:
    """The uncalled excess of the player who put in most, when no line returns it.

    Nobody calls more than the most anyone else put in, so what the top player put
    in over the second is never called and goes back to them.

    Args:
        put: chips each player put in over the hand (minor units, antes included),
            before any return.
        stated: the returns the text wrote (when one names the top player, or any
            return line exists, nothing is inferred: the site wrote its returns).
        actions: the hand's actions, for the line of the top player's last one.

    Returns:
        ``Returned(..., inferred=True)`` on the top player's last action line, or
        ``None`` when there is no excess (or the text returned it).

    >>> excess_returned({"a": 300, "b": 100}, (), ()).amount
    200
    >>> excess_returned({"a": 100, "b": 100}, (), ()) is None
    True
    """
    if any(True for _ in stated) or len(put) < 1:
        return None
    ranked = sorted(put.items(), key=lambda kv: kv[1], reverse=True)
    second = ranked[1][1] if len(ranked) > 1 else 0
    top, most = ranked[0]
    if most <= second:
        return None
    return Returned(top, most - second, last_line(actions, top), inferred=True)


def live_put(put: Mapping[str, int], actions: Iterable[Action], big_blind: int) -> dict[str, int]:
    """What each player put in less the dead small blind of a post of both blinds (what
    a ``dead_small_and_big`` post holds over ``big_blind``, as
    :func:`hhtools.rules.pots.dead_money` counts it): dead chips stay in the main pot
    and are no part of an uncalled excess (:func:`excess_returned` of this). Minor units.

    >>> from hhtools.model.records import ActionKind as K, PostKind as P, Street as S
    >>> live_put({"a": 175, "b": 50}, [Action(S.PREFLOP, "a", K.POST, 75,
    ...          post=P.DEAD_SMALL_AND_BIG)], 50)
    {'a': 150, 'b': 50}
    """
    out = dict(put)
    for a in actions:
        if a.post is PostKind.DEAD_SMALL_AND_BIG and a.player in out:
            out[a.player] -= min(max(a.amount - big_blind, 0), out[a.player])
    return out


def hand_excess(put: Mapping[str, int], actions: Sequence[Action], line: int) -> Returned | None:
    """The uncalled excess of the player who put in most over the whole hand, on the
    hand's last action line (``line`` when it has none): how formats that write no
    return line and whose wins include no return are read (888poker; iPoker's
    ``read.py`` works the same out inline).

    Args:
        put: chips each player put in over the hand (minor units, antes included).
        actions: the hand's actions in order.
        line: the line to name when there is no action.

    >>> hand_excess({"a": 300, "b": 100}, [], 7)
    Returned(player='a', amount=200, line=7, inferred=True)
    """
    back = excess_returned(put, (), ())
    if back is None:
        return None
    return Returned(back.player, back.amount, actions[-1].line if actions else line, True)


def last_line(actions: Iterable[Action], player: str) -> int:
    """The line of ``player``'s last action (0 when none)."""
    return max((a.line for a in actions if a.player == player), default=0)


def in_pot(put: Mapping[str, int], returned: Iterable[Returned]) -> int:
    """Chips left in the middle: everything put in less what went back (minor units)."""
    return sum(put.values()) - sum(r.amount for r in returned)


def collected(collects: Iterable[Collect]) -> int:
    """What the site paid out, minor units."""
    return sum(c.amount for c in collects)


def short_paid(in_middle: int, paid: int) -> bool:
    """Whether the "wins" lines pay out less than nine tenths of what stayed in the
    middle (one minor unit of rounding spared), for formats that print no pot and no
    rake and end a hand with its "wins" lines (Everleaf, PartyPoker's old format; Cake
    and 888 cash tables): their rake is what was not paid, about 5% of a pot in the
    corpora and at most 7.3% (a Cake table's euros written as dollars: 22 of 302 cents
    kept); more unpaid is read as a text cut between its "wins" lines (a file cut at its
    end: the missing lines pay a pot, a half or a tied share of one; a tied share of a
    half is a sixth of the pot when three tie), not a site that kept the money. A small
    side pot's line alone missing is not seen here. Amounts are minor units.

    >>> short_paid(1500, 713), short_paid(1500, 1425), short_paid(10, 8)
    (True, False, False)
    """
    return in_middle - paid > in_middle // 10 + 1
