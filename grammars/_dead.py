"""A dead blind posted with the same player's big blind, as one post of both.

A player coming back to a table posts a missed (dead) small blind and a live big blind
on two lines (GGPoker "posts missed blind $2" / "posts big blind $5", Full Tilt "posts
a dead small blind of $0.50" / "posts the big blind of $1"). Dead chips go to the main
pot and count to no player's level (:func:`hhtools.rules.pots.dead_money`); typed as
an ante, they counted toward the poster's level, and the pots had a "side pot" of them
for the poster alone: a poster who lost was "due" his dead chips back, and the winner
"paid" them over his due (two false findings on a hand paid right). The two lines are
one ``dead_small_and_big`` post, as PokerStars writes them ("posts small & big
blinds"): the big blind live, the rest dead. Amounts are minor units.
"""

from __future__ import annotations

from hhtools.grammars._hand import Hand
from hhtools.grammars._inferred import excess_returned, live_put
from hhtools.model.records import PostKind, Returned

__all__ = ["join_dead", "live_returns", "post_both_blinds"]


def join_dead(h: Hand, player: str, kind: PostKind, amount: int, line: int,
              dead: bool = False) -> bool:  # fmt: skip
    """Post ``player``'s big blind after their dead blind, or their dead blind after
    their big blind, as one post of both, when the hand's last action is the other half.

    Args:
        h: the hand being read (its dead blinds' lines are kept on it).
        player: who posts.
        kind: the post's kind as typed (``BIG_BLIND``; ``ANTE`` for a dead blind).
        amount: the post's amount.
        line: its line.
        dead: the post is a dead (missed) blind, typed ``ANTE``.

    Returns:
        ``True`` when the two were joined (the post is made), ``False`` when the caller
        should post as typed.
    """
    if dead:  # the set made only for a hand that has a dead blind
        vars(h).setdefault("_dead_lines", set()).add(line)
    last = h.actions[-1] if h.actions else None
    if last is None or last.player != player or last.post is None:
        return False
    if (kind is PostKind.BIG_BLIND and last.post is PostKind.ANTE
            and last.line in vars(h).get("_dead_lines", ())):  # fmt: skip
        held = last.amount
    elif dead and last.post is PostKind.BIG_BLIND:
        held = amount
    else:
        return False
    h.actions.pop()
    h.put[player] -= last.amount
    if last.post is PostKind.BIG_BLIND:
        h.bets[player] -= last.amount
    h.post(player, PostKind.DEAD_SMALL_AND_BIG, last.amount + amount, line)
    h.bets[player] -= held
    h.highest = max(h.bets.values())
    return True


def post_both_blinds(h: Hand, player: str, amount: int, big_blind: int, line: int) -> None:
    """Post "posts small & big blinds ($0.75)" (``amount`` both, minor units): what it
    holds over ``big_blind`` is dead (counts toward no call), the rest the live big
    blind, as :func:`hhtools.rules.pots.dead_money` reads the post."""
    h.dead_small = max(amount - big_blind, 0)
    h.post_both(player, amount, line)


def live_returns(h: Hand, big_blind: int) -> tuple[Returned, ...]:
    """The hand's returns, as :func:`hhtools.grammars._hand.returns` gives them, but the
    uncalled excess worked out on the live chips (:func:`~._inferred.live_put`): a dead
    small blind posted with the big is never returned (a poster whose $1 flop bet was not
    called had $1.25 'returned', the dead $0.25 with it, and the audit found the pot
    short of it). Adds "returned" to ``h.inferred`` when it infers one. Minor units."""
    back = excess_returned(live_put(h.put, h.actions, big_blind), h.returned, h.actions)
    if back is None:
        return tuple(h.returned)
    h.inferred.append("returned")
    return (*h.returned, back)

