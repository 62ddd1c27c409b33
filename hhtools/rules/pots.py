"""Rebuild the pots of a hand from its actions.

Rules (shared/DESIGN.md "Pots"): each player's contribution is summed over the
streets; an uncalled bet is returned; side pots are formed at each all-in level of
the players still in the hand; folded players' chips stay in the pots they reached.

Two things the text may not say right, settled by the rules and the site's own total:

* An uncalled excess with no "returned" line (older formats print none): the chips a
  player put in beyond what any other player put in go back to that player (an
  inferred return).
* A line the rest of the hand contradicts: a raise's "to" amount that the next call
  exceeds (nobody calls more than the bet), or a returned amount that differs from the
  uncalled excess. When putting the amount the rest agrees on in its place makes the
  chips add up to the site's total pot (and the written amount does not), the hand is
  settled with it and the line is reported (:class:`Correction`).

All amounts are integer minor units (cents or chips).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field, replace
from operator import attrgetter

from hhtools.model.frozen import maker, record
from hhtools.model.records import Action, ActionKind, HandHistory, PostKind, Seat, Street


@record
class Pot:
    """One pot as the rules build it.

    Attributes:
        index: 0 for the main pot, k for side pot k.
        amount: gross amount in minor units, before rake.
        eligible: players who may win it (still in the hand and covered this level),
            in clockwise order from the first seat left of the button.
    """

    index: int
    amount: int
    eligible: tuple[str, ...]


@record
class Correction:
    """A line whose amount the rest of the hand contradicts.

    Attributes:
        line: the source line.
        player: whose amount it is.
        what: ``raise_to`` (a raise's "to" total on its street) or ``returned`` (an
            uncalled bet returned).
        stated: the amount the line says, minor units.
        agreed: the amount the rest of the hand agrees on (the next call, the
            uncalled excess, the site's total pot), minor units.
        evidence: what agrees on ``agreed``, in words.
    """

    line: int
    player: str
    what: str
    stated: int
    agreed: int
    evidence: str


@record
class PotRebuild:
    """What the actions say went into the middle.

    Attributes:
        put_in: per player, chips put in over the hand (posts, calls, bets, raises),
            before any uncalled bet is returned.
        returned: per player, uncalled bets the site returned.
        folded: players who folded.
        pots: the main pot then each side pot, gross (before rake).
        order: every seated player in clockwise order from the first seat left of
            the button (the order odd chips are handed out in).
        added: chips each action moved into the middle, one per action of the hand
            (after corrections).
        inferred_returns: per player, uncalled excess returned without a line saying
            so (included in ``returned``).
        corrections: lines the rest of the hand contradicts, settled as it agrees.
    """

    put_in: dict[str, int]
    returned: dict[str, int]
    folded: frozenset[str]
    pots: tuple[Pot, ...]
    order: tuple[str, ...]
    added: tuple[int, ...] = ()
    inferred_returns: dict[str, int] = field(default_factory=dict)
    corrections: tuple[Correction, ...] = ()

    @property
    def total(self) -> int:
        """Chips in the pots: everything put in less what was returned."""
        n = 0  # (loops: compiled, each dict read by PyDict_Next, no sum() call)
        for v in self.put_in.values():
            n += v
        for v in self.returned.values():
            n -= v
        return n


_SEAT = attrgetter("seat")
# a record's builder (hhtools.model.frozen.maker: by position, the compiled core writes
# its slots in C; calling the class runs its Python __new__)
_pot, _rebuilt = maker(Pot), maker(PotRebuild)


def clockwise_order(hand: HandHistory) -> tuple[str, ...]:
    """Seated players in clockwise order starting left of the button.

    Args:
        hand: the hand record (any object with ``button`` and ``seats``); seat numbers
            grow clockwise.

    Returns:
        Player names, first the player in the lowest seat above the button (wrapping
        to seat 1), last the button. With no button known, plain seat order.

    Raises:
        TypeError: compiled path only, a seat that is not a :class:`Seat` record (its
            fields are read in C: hhtools/model/slots.pxd); the pure path reads any
            object's ``seat`` and ``player``.

    >>> from hhtools.model.records import Seat
    >>> class H: seats = (Seat(1, "a", 0), Seat(3, "b", 0), Seat(5, "c", 0)); button = 3
    >>> clockwise_order(H())
    ('c', 'a', 'b')
    >>> class J: seats = (Seat(5, "c", 0), Seat(1, "a", 0), Seat(3, "b", 0)); button = 1
    >>> clockwise_order(J())  # seats written out of seat order
    ('b', 'c', 'a')
    """
    button = hand.button
    after: list[str] = []
    before: list[str] = []
    last = None
    for s in hand.seats:  # the seats as written are most often in seat order already
        n = s.seat
        if last is not None and n < last:
            return _clockwise(sorted(hand.seats, key=_SEAT), button)  # (stable)
        last = n
        if button is None or n > button:
            after.append(s.player)
        else:
            before.append(s.player)
    after += before
    return tuple(after)


def _clockwise(seats: Sequence[Seat], button: int | None) -> tuple[str, ...]:
    """:func:`clockwise_order` of seats in seat order."""
    if button is None:
        return tuple([s.player for s in seats])
    after = [s.player for s in seats if s.seat > button]
    after += [s.player for s in seats if s.seat <= button]
    return tuple(after)


def contributions_by_action(actions: tuple[Action, ...], big_blind: int) -> list[int]:
    """Chips each action moved into the middle, street by street.

    A call, a bet and a post add their printed amount; a raise adds its "to" total
    less what the player already had in on that street. Antes and the dead half of
    "small & big blinds" go in without counting toward the street's bet. Folds and
    checks add 0.

    Args:
        actions: the hand's actions in order.
        big_blind: the big blind in minor units (the live part of a dead-blind post).

    Returns:
        One amount per action, minor units.

    >>> from hhtools.model.records import Action as A, ActionKind as K, PostKind as P, Street as S
    >>> acts = (A(S.PREFLOP, "sb", K.POST, 1, post=P.SMALL_BLIND),
    ...         A(S.PREFLOP, "bb", K.POST, 2, post=P.BIG_BLIND),
    ...         A(S.PREFLOP, "sb", K.RAISE, 4, to_amount=6),
    ...         A(S.PREFLOP, "bb", K.CALL, 4),
    ...         A(S.FLOP, "bb", K.BET, 10), A(S.FLOP, "sb", K.RAISE, 20, to_amount=30),
    ...         A(S.FLOP, "bb", K.CALL, 20))
    >>> contributions_by_action(acts, 2)
    [1, 2, 5, 4, 10, 30, 20]
    """
    return _contributions(actions, big_blind)[0]


_FOLD, _CHECK, _RAISE, _POST = ActionKind.FOLD, ActionKind.CHECK, ActionKind.RAISE, ActionKind.POST
_ANTE, _DEAD = PostKind.ANTE, PostKind.DEAD_SMALL_AND_BIG


def _contributions(
    actions: tuple[Action, ...], big_blind: int
) -> tuple[list[int], dict[str, int], dict[str, int], list[str]]:
    """:func:`contributions_by_action`, what each player put in over the hand (in the
    order of each player's first chip in), :func:`dead_money` and the players of the
    folds (in the order of the folds), in one pass."""
    out: list[int] = []
    folds: list[str] = []
    put_in: dict[str, int] = {}
    dead: dict[str, int] = {}
    street_bet: dict[str, int] = {}
    street: Street | None = None
    for act in actions:
        if act.street is not street:
            street = act.street
            street_bet = {}
        kind = act.kind
        if kind is _FOLD or kind is _CHECK:
            out.append(0)
            if kind is _FOLD:
                folds.append(act.player)
            continue
        player = act.player
        already = street_bet.get(player, 0)
        if kind is _RAISE and act.to_amount is not None:
            added = act.to_amount - already
            street_bet[player] = act.to_amount
        elif kind is _POST:
            added = act.amount
            if act.post is _DEAD:
                live = min(added, big_blind)
                street_bet[player] = already + live
                if added > live:
                    dead[player] = dead.get(player, 0) + added - live
            elif act.post is not _ANTE:
                street_bet[player] = already + added
        else:
            added = act.amount
            street_bet[player] = already + added
        out.append(added)
        if added:
            put_in[player] = put_in.get(player, 0) + added
    return out, put_in, dead, folds


def contributions(actions: tuple[Action, ...], big_blind: int) -> dict[str, int]:
    """Chips each player put in over the hand (see :func:`contributions_by_action`).

    Returns:
        Player -> chips put in (minor units), before uncalled bets are returned.

    >>> from hhtools.model.records import Action as A, ActionKind as K, Street as S
    >>> contributions((A(S.PREFLOP, "a", K.BET, 3), A(S.FLOP, "a", K.CALL, 2)), 2)
    {'a': 5}
    """
    put: dict[str, int] = {}
    for act, added in zip(actions, contributions_by_action(actions, big_blind), strict=True):
        if added:
            put[act.player] = put.get(act.player, 0) + added
    return put


def build_pots(
    net_in: dict[str, int], live: tuple[str, ...], order: tuple[str, ...]
) -> tuple[Pot, ...]:
    """Split the chips into a main pot and side pots at each all-in level.

    Args:
        net_in: player -> chips in the middle (put in less returned), minor units.
        live: players who did not fold (any order).
        order: clockwise order from the first seat left of the button; players
            missing from it (not seated) go last in name order.

    Returns:
        Pots from the main pot up. Each level is a distinct contribution of a live
        player; a pot takes from every player up to that level. Chips of folded
        players above the top live level (which a site returns as uncalled) form a
        last pot contested by the live players who reached the top level.

    >>> build_pots({"a": 50, "b": 100, "c": 100, "d": 30}, ("a", "b", "c"), ("a", "b", "c", "d"))
    (Pot(index=0, amount=180, eligible=('a', 'b', 'c')), Pot(index=1, amount=100, eligible=('b', 'c')))
    """
    live_set = set(live)
    if len(live_set) == 1:  # one player left: every chip is one pot, his (as below)
        total = sum(c for c in net_in.values() if c > 0)
        return (_pot(0, total, tuple(live_set)),) if total > 0 else ()
    rank = {p: i for i, p in enumerate(order)}
    levels = sorted({net_in.get(p, 0) for p in live_set if net_in.get(p, 0) > 0})
    pots: list[Pot] = []
    previous = 0
    once = len(rank) == len(order)  # nobody seated twice: the order is each one's rank
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in net_in.values() if c > previous)
        if amount > 0:
            chosen = {p for p in live_set if net_in.get(p, 0) >= level}
            if once and rank.keys() >= chosen:
                eligible = tuple(p for p in order if p in chosen)
            else:
                eligible = tuple(sorted(chosen, key=lambda p: (rank.get(p, len(rank)), p)))
            pots.append(_pot(len(pots), amount, eligible))
        previous = level
    leftover = sum(c - previous for c in net_in.values() if c > previous)
    if leftover > 0:
        if pots:
            last = pots[-1]
            pots[-1] = _pot(last.index, last.amount + leftover, last.eligible)
        else:
            everyone = sorted(live_set, key=lambda p: (rank.get(p, len(rank)), p))
            pots.append(_pot(0, leftover, tuple(everyone)))
    return tuple(pots)


def dead_money(actions: tuple[Action, ...], big_blind: int) -> dict[str, int]:
    """The dead part of each player's blinds: the small blind of "posts small & big
    blinds" (what the post holds over the big blind), minor units.

    Dead chips go to the main pot and belong to no player's level: they count toward
    no call and make no side pot of their own (a player who posted a dead small blind
    and is all-in contests the main pot with them in it).

    >>> from hhtools.model.records import Action as A, ActionKind as K, PostKind as P, Street as S
    >>> dead_money((A(S.PREFLOP, "a", K.POST, 15, post=P.DEAD_SMALL_AND_BIG),), 10)
    {'a': 5}
    """
    return _contributions(actions, big_blind)[2]


def _with_dead(
    net_in: dict[str, int], dead: dict[str, int], live: tuple[str, ...], order: tuple[str, ...]
) -> tuple[Pot, ...]:
    """:func:`build_pots` over the live chips, with the dead chips added to the main pot."""
    if not dead:
        return build_pots(net_in, live, order)
    live_in = {p: max(0, v - dead.get(p, 0)) for p, v in net_in.items()}
    pots = build_pots(live_in, live, order)
    extra = sum(min(dead.get(p, 0), v) for p, v in net_in.items())
    if not pots:
        return build_pots(net_in, live, order)
    main = pots[0]
    return (_pot(main.index, main.amount + extra, main.eligible), *pots[1:])


def _uncalled(put_in: dict[str, int], returned: dict[str, int]) -> tuple[str, int] | None:
    """The player whose chips exceed every other player's, and by how much (after returns)."""
    net = sorted(((v - returned.get(p, 0), p) for p, v in put_in.items()), reverse=True)
    if not net or net[0][0] <= 0:
        return None
    second = net[1][0] if len(net) > 1 else 0
    return (net[0][1], net[0][0] - second) if net[0][0] > second else None


def _raise_candidates(actions: tuple[Action, ...], big_blind: int) -> list[tuple[int, int, str]]:
    """Raises whose "to" total the next call exceeds: (action index, agreed total, caller)."""
    out: list[tuple[int, int, str]] = []
    street: Street | None = None
    bets: dict[str, int] = {}
    last_raise: int | None = None
    top = 0
    for i, (act, added) in enumerate(zip(actions, contributions_by_action(actions, big_blind), strict=True)):
        if act.street is not street:
            street, bets, last_raise, top = act.street, {}, None, 0
        if act.kind is ActionKind.FOLD or act.kind is ActionKind.CHECK:
            continue
        total = bets.get(act.player, 0) + added
        if act.kind is ActionKind.POST and act.post is PostKind.ANTE:
            continue
        bets[act.player] = total
        if act.kind is ActionKind.CALL and total > top and last_raise is not None:
            out.append((last_raise, total, act.player))
        if act.kind is ActionKind.RAISE:
            last_raise = i
        if total > top:
            top = total
    return out


def _settle_chips(
    hand: HandHistory, actions: tuple[Action, ...], stated: dict[str, int], infer: bool = True
) -> tuple[dict[str, int], dict[str, int], dict[str, int], list[int]]:
    """put_in, returned (with the inferred when ``infer``), inferred returns, added per action."""
    added, put_in, _, _ = _contributions(actions, hand.game.big_blind)
    returned = dict(stated)
    inferred: dict[str, int] = {}
    excess = _uncalled(put_in, returned) if infer else None
    if excess is not None and excess[0] not in stated:
        inferred[excess[0]] = excess[1]
        returned[excess[0]] = returned.get(excess[0], 0) + excess[1]
    return put_in, returned, inferred, added


def rebuild(hand: HandHistory) -> PotRebuild:
    """Rebuild a hand's pots from its actions and uncalled bets.

    Args:
        hand: the parsed hand, a :class:`HandHistory`.

    Returns:
        The :class:`PotRebuild`; its pots are gross (before rake). Uncalled excess
        with no return line is returned (``inferred_returns``); a raise or a return
        line the rest of the hand contradicts is settled as the rest agrees when that
        makes the chips add up to the site's total pot (``corrections``).

    Raises:
        TypeError: compiled path only, ``hand`` not a :class:`HandHistory` (its fields
            are read in C: hhtools/model/slots.pxd).
    """
    actions = hand.actions
    stated: dict[str, int] = {}
    return_line: dict[str, int] = {}
    for ret in hand.returned:
        stated[ret.player] = stated.get(ret.player, 0) + ret.amount
        return_line.setdefault(ret.player, ret.line)
    corrections: list[Correction] = []
    total = hand.total_pot
    added, put_in, dead, folds = _contributions(actions, hand.game.big_blind)
    returned, inferred = dict(stated), {}  # _settle_chips(..., infer=False)
    if total is None or not _matches(put_in, returned, hand, total):
        # An excess the text does not return goes back, unless the written amounts
        # already make the site's total (a walk's big blind it kept in the pot). Dead
        # money is never an excess: it is in the pot, not a bet to be called.
        excess = _uncalled({p: v - dead.get(p, 0) for p, v in put_in.items()}, returned)
        if excess is not None and excess[0] not in stated:
            inferred = {excess[0]: excess[1]}
            returned = {**returned, excess[0]: returned.get(excess[0], 0) + excess[1]}
        if total is not None and not _matches(put_in, returned, hand, total):
            fixed = _correct(hand, actions, stated, return_line, total)
            if fixed is not None:
                actions, stated, correction = fixed
                put_in, returned, inferred, added = _settle_chips(hand, actions, stated)
                corrections.append(correction)
    folded = frozenset(folds)  # (a correction changes an amount, never a fold)
    order = clockwise_order(hand)
    net_in = dict(put_in)
    for p, v in returned.items():
        net_in[p] = net_in.get(p, 0) - v
    in_hand = tuple([p for p in net_in if p not in folded])
    pots = _with_dead(net_in, dead, in_hand, order)
    return _rebuilt(
        put_in, returned, folded, pots, order, tuple(added), inferred, tuple(corrections)
    )


def _adds_up(
    hand: HandHistory,
    actions: tuple[Action, ...],
    stated: dict[str, int],
    total: int,
    infer: bool = True,
) -> bool:
    """Do the chips put in, less those returned, make the site's total pot (with or
    without the money the room added)?"""
    put_in, returned, _, _ = _settle_chips(hand, actions, stated, infer)
    return _matches(put_in, returned, hand, total)


def _matches(put_in: dict[str, int], returned: dict[str, int], hand: HandHistory, total: int) -> bool:
    """Chips put in less returned make ``total`` (with or without the room's money)."""
    money = sum(put_in.values()) - sum(returned.values())
    return money in (total, total - hand.room_added)


def _correct(
    hand: HandHistory,
    actions: tuple[Action, ...],
    stated: dict[str, int],
    return_line: dict[str, int],
    total: int,
) -> tuple[tuple[Action, ...], dict[str, int], Correction] | None:
    """The one contradicted line whose agreed amount makes the chips add up to ``total``."""

    def adds_up(acts: tuple[Action, ...], rets: dict[str, int]) -> bool:
        return _adds_up(hand, acts, rets, total)

    for index, agreed, caller in _raise_candidates(actions, hand.game.big_blind):
        act = actions[index]
        if act.to_amount is None or act.to_amount == agreed:
            continue
        fixed = (*actions[:index], replace(act, to_amount=agreed), *actions[index + 1 :])
        if adds_up(fixed, stated):
            why = f"{caller}'s call and the total pot"
            return fixed, stated, Correction(act.line, act.player, "raise_to", act.to_amount, agreed, why)
    put_in, _, _, _ = _settle_chips(hand, actions, {})
    excess = _uncalled(put_in, {})
    for player, amount in stated.items():
        agreed = excess[1] if excess is not None and excess[0] == player else 0
        if agreed == amount:
            continue
        rets = {**stated, player: agreed}
        if adds_up(actions, rets):
            why = "the bets (the uncalled excess) and the total pot"
            return actions, rets, Correction(return_line[player], player, "returned", amount, agreed, why)
    return None
