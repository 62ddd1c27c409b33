"""``procedure_order``: every action taken out of turn, and a big blind denied the option."""

from __future__ import annotations

from collections.abc import Iterator

from hhtools.audit.checks.procedure._table import (
    MOST_PLACES,
    STREET_WORDS,
    Step,
    Table,
    after,
    finding,
    table,
)
from hhtools.audit.context import AuditContext
from hhtools.audit.findings import Finding
from hhtools.model.records import Action, ActionKind, PostKind, Street
from hhtools.model.vocab import FindingKind

# enum members as module constants: a class attribute lookup costs several times a
# global in the loops below (each runs once per action)
_POST, _CHECK, _CALL = ActionKind.POST, ActionKind.CHECK, ActionKind.CALL
_BET, _RAISE = ActionKind.BET, ActionKind.RAISE
_PREFLOP = Street.PREFLOP
_SMALL, _BIG = PostKind.SMALL_BLIND, PostKind.BIG_BLIND
_STRADDLE, _DEAD = PostKind.STRADDLE, PostKind.DEAD_SMALL_AND_BIG
_NONE: tuple[Action, ...] = ()  # no post of a kind


def _preflop_anchor(t: Table, ring: list[str], short: set[str]) -> str | None:
    """Whom preflop action starts after: the big blind, or the last straddle.

    With no big blind posted because the player in its seat went all-in on the ante
    (``short``: all-in on a post), the action still starts left of that seat. Straddles
    are followed only when each sits left of the blind before it (seed 002 names no
    straddle; any other straddle leaves the first actor unknown: ``None``).
    """
    bb = t.big_blind
    if bb is None:
        bb = _short_big_blind(t, ring, short)
        if bb is None:
            return None
    anchor = bb
    for a in t.posts.get(_STRADDLE, _NONE):
        if a.player not in ring or after(ring, anchor)[0] != a.player:
            return None
        anchor = a.player
    return anchor


def _short_big_blind(t: Table, ring: list[str], short: set[str]) -> str | None:
    """The big blind's seat when nobody posted it: the player next after the small
    blind (heads-up, after the dealer; with no small blind either, the second left of
    the dealer), when he was all-in on the ante and so could not post it."""
    if t.posts.get(_BIG):
        return None
    sb = [a.player for a in t.posts.get(_SMALL, _NONE) if a.player in ring]
    if len(sb) > 1:
        return None
    if sb:
        seat = after(ring, sb[0])[0]
    else:
        seat = ring[0] if len(ring) == 2 else ring[1]
    return seat if seat in short else None


def procedure_order(ctx: AuditContext) -> Iterator[Finding]:
    """Every action taken out of turn, and a big blind denied the option.

    Seed 002, "The Deal and Betting": "The first betting round is begun by the player
    to the left of the big blind ... The big blind player acts last and is allowed to
    raise, even if the other active players have all called"; later rounds are
    "begun by the first active player to the left of the dealer seat". Seed 003, 4 and
    6: the action "continues clockwise". So the player due to act is the first one
    clockwise after the last to act (before the flop, after the big blind or the last
    straddle; after it, after the dealer) who has neither folded nor gone all-in; any
    other player acting (a fold included) acts out of turn. Actions a grammar only
    inferred (a fold read from the summary) are not the text's order and are left out,
    with their players.

    Args:
        ctx: the hand as the site wrote it, its settlement (the chips each action
            moved) and the facts the procedure checks share.

    Yields:
        One ``procedure_order`` finding per action out of turn, about its line, naming
        the player who acted and the one who was to act; one about the line that closed
        the betting before the flop without the big blind's option. Nothing for a hand
        whose order cannot be read (no button, no line numbers, a converted file).
    """
    hand, t = ctx.hand, table(ctx)
    order = t.order
    if hand.button is None or order is None or not t.wrote:
        return
    ring = t.ring
    replayed = t.steps
    if len(ring) < 2 or not t.whole:
        return
    steps = replayed if len(order) == len(replayed) else [s for s in replayed if s.index in order]
    short: set[str] = set()  # all-in on a post
    rounds = _rounds(steps, short)
    at = t.places
    if len(ring) > MOST_PLACES:
        return  # no table seats so many (the places are not encoded as bits)
    first = at.first
    for moves in rounds.values():
        if not _round_ends_in_place(moves, first, at.seat):
            return
    anchor = _preflop_anchor(t, ring, short)
    for street, moves in rounds.items():
        start = anchor if street is _PREFLOP else ring[-1]
        begin = -1 if start is None else at.seat[start]
        for k, s, prev, due in _street_order(moves, first, at.seat, begin):
            opening = _opening(t, street, start) if k == 0 else ""
            yield _out_of_turn(s, street, None if prev < 0 else ring[prev], ring[due], opening)
    yield from _big_blind_option(t, ring, steps)


def _rounds(steps: list[Step], short: set[str]) -> dict[Street, list[Step]]:
    """The turns of each betting round, in order, by street (in the order the streets
    come); the players all-in on a post (no turn) added to ``short``. A check written
    for a player already all-in, as some rooms write one for every player on each
    street, is no turn of his: he cannot act. (Each step's C fields when compiled:
    order.pxd.)"""
    rounds: dict[Street, list[Step]] = {}
    for s in steps:
        kind = s.kind
        if kind is _POST:
            if s.ends_all_in:
                short.add(s.player)
        elif not (kind is _CHECK and s.player in s.all_in):
            got = rounds.get(s.street)
            if got is None:
                rounds[s.street] = [s]
            else:
                got.append(s)
    return rounds


def _opening(t: Table, street: Street, start: str | None) -> str:
    """The rule for the first action of a betting round, in words (``start``: whom
    the round begins after)."""
    if street is not _PREFLOP:
        return "the first active player left of the dealer begins the betting"
    straddled = start in {a.player for a in t.posts.get(_STRADDLE, _NONE)}
    blind = "the last straddle" if straddled else "the big blind"
    return f"the player left of {blind} ({start}) begins the betting"


def _round_ends_in_place(moves: list[Step], first: list[int], seat: dict[str, int]) -> bool:
    """No action of a round comes after the round was over (everyone able to act has
    acted since the last bet or raise and put in as much as the highest total): one
    that does means a street line was not read, and the order of what follows cannot
    be known. A player who acted out of turn (a check facing a bet, a call before the
    bet) has not matched the bet, so the round goes on and his action is judged.

    The players are the ring's places (``first``: each place's player's first place,
    :class:`~._table.Places`; ``seat``: each player's first place), who acted since
    the last bet or raise a set of bits, their totals a list by place."""
    n = len(first)
    one = 1  # (a 64-bit integer when compiled: the shifts below stay in 64 bits)
    acted = 0  # bits of the players who acted since the last bet or raise
    totals = [0] * n  # each player's total on this street, at his first place
    for s in moves:
        out = s.out
        current = s.current
        for j in range(n):
            f = first[j]
            if (out >> f) & 1:
                continue
            if not (acted >> f) & 1 or totals[f] != current:
                break  # the player may still act: the round is not over
        else:
            return False
        q = seat.get(s.player, -1)
        kind = s.kind
        if kind is _BET or kind is _RAISE:
            acted = 0
        if q >= 0:
            acted |= one << q
            totals[q] = s.total
    return True


def _street_order(
    moves: list[Step], first: list[int], seat: dict[str, int], start: int
) -> list[tuple[int, Step, int, int]]:
    """The actions of one betting round out of turn, as ``(k, step, prev, due)``: the
    move's place in ``moves``, its step, the place of the last player to act before it
    in turn (-1: none) and the place of the player who was to act (``first``: each
    place's player's first place in the ring; ``seat``: each player's first place;
    ``start``: the place of whom the round begins after, -1 when that is unknown and
    the first action is taken as in turn).

    After an action out of turn the round goes on as the rules would have it: the
    player passed over may still act (late, with no second finding), and the one who
    acted early has had his turn when it comes, unless a bet or raise since then left
    him short of the highest total (he then has a turn to answer it).
    """
    out: list[tuple[int, Step, int, int]] = []
    one = 1  # (a 64-bit integer when compiled: the shifts below stay in 64 bits)
    pointer = start
    late = 0  # bits of those passed over by an action out of turn; they may act later
    early = 0  # bits of those who acted out of turn; their next turn is taken
    totals = [0] * len(first)  # each player's total on this street so far
    n = len(first)
    k = 0
    for s in moves:
        q = seat.get(s.player, -1)
        if q < 0:
            return out  # a player the text seats nowhere: the order cannot be read
        due = -1
        if pointer < 0 or (late >> q) & 1:
            pass
        elif early or late:
            due, early = _due(s, q, first, pointer, late, early, totals)
        else:  # nobody passed over nor early yet: _due is the next one still in
            o = s.out
            for j in range(pointer + 1, pointer + n + 1):
                f = first[j % n]
                if not (o >> f) & 1:
                    due = f
                    break
        totals[q] = s.total
        if due >= 0 and due != q:
            out.append((k, s, pointer, due))
            early |= one << q
            late |= one << due
        else:
            late &= ~(one << q)
            pointer = q
        k += 1
    return out


def _due(
    s: Step, q: int, first: list[int], at: int, late: int, early: int, totals: list[int]
) -> tuple[int, int]:
    """The place of the player due to act at ``s`` (``q``: the place of its player):
    the first clockwise after place ``at`` (the last to act; himself last) who has not
    folded, is not all-in and was not passed over (``late``: bits); an early player
    (``early``: bits) met on the way who has nothing to answer has had this turn
    (forgotten once ``s`` is in turn).

    Returns:
        The place (-1: nobody) and the early players' bits after ``s``.
    """
    one = 1  # (a 64-bit integer when compiled: the shifts below stay in 64 bits)
    skip = s.out | late
    passed = 0
    n = len(first)
    current = s.current
    for j in range(at + 1, at + n + 1):
        f = first[j % n]
        if (skip >> f) & 1:
            continue
        if (early >> f) & 1 and totals[f] >= current:
            passed |= one << f
            continue
        if f == q:
            early &= ~passed
        return f, early
    return -1, early


def _out_of_turn(s: Step, street: Street, prev: str | None, due: str, opening: str) -> Finding:
    """The finding for ``s`` acting while ``due`` was to act (``opening``: the rule for
    the round's first action when ``s`` is it, else "")."""
    q, where, did = s.act.player, STREET_WORDS[street], f"{s.act.kind.value}s"
    if opening:
        text = f"{q} {did} first {where}; {opening}: {due} was to act"
    elif prev == q:
        text = f"{q} acted twice in a row ({did} {where}); {due} was to act"
    else:
        text = f"{q} acted out of turn ({did} {where}) after {prev}; {due} was to act"
    return finding(FindingKind.PROCEDURE_ORDER, q, s.act.line, text)


def _big_blind_option(t: Table, ring: list[str], steps: list[Step]) -> Iterator[Finding]:
    """The big blind was not given the option when the preflop action limped round."""
    if t.posts.get(_STRADDLE) or t.posts.get(_DEAD):
        return
    bb = t.big_blind
    if bb is None:
        return
    limped = _limped(steps, bb)
    if limped is None:
        return
    last, end = limped
    if bb in end.folded or bb in end.all_in:
        return
    if not [p for p in ring if p != bb and p not in end.folded and p not in end.all_in]:
        return
    yield finding(
        FindingKind.PROCEDURE_ORDER,
        bb,
        last.act.line,
        f"the betting before the flop closed after {last.act.player}'s "
        f"{last.act.kind.value} without {bb}, the big blind, acting; the big "
        f"blind may check or raise when the others have called",
    )


def _limped(steps: list[Step], bb: str) -> tuple[Step, Step] | None:
    """The last action before the flop (no post) and the first after it, when the
    betting before the flop was called round (one call at least, no bet or raise) and
    reached the flop without the big blind ``bb`` acting; else ``None``. (Each step's
    C fields when compiled: order.pxd.)"""
    last = end = None
    called = False
    for s in steps:
        if s.street is not _PREFLOP:
            if end is None:
                end = s
            continue
        kind = s.kind
        if kind is _POST:
            continue
        if kind is _BET or kind is _RAISE or s.player == bb:
            return None  # the betting was opened, or the big blind acted
        called = called or kind is _CALL
        last = s
    if last is None or end is None or not called:
        return None
    return last, end
