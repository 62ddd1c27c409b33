"""``procedure_order``: a player acting out of turn, or a big blind denied the option."""

from __future__ import annotations

from collections.abc import Iterator

from hhtools.audit.checks.procedure._table import (
    STREET_WORDS,
    Step,
    after,
    finding,
    in_text_order,
    is_post,
    positional_big_blind,
    posters,
    replay,
    ring_of,
    site_wrote_it,
    streets_whole,
)
from hhtools.audit.findings import Finding
from hhtools.audit.settle import HandSettlement
from hhtools.model.records import ActionKind, HandHistory, PostKind, Street
from hhtools.model.vocab import FindingKind


def _preflop_anchor(hand: HandHistory, ring: list[str]) -> str | None:
    """Whom preflop action starts after: the big blind, or the last straddle.

    Straddles are followed only when each sits left of the blind before it (seed 002
    names no straddle; any other straddle leaves the first actor unknown: ``None``).
    """
    bb = positional_big_blind(hand, ring)
    if bb is None:
        return None
    anchor = bb
    for a in posters(hand, PostKind.STRADDLE):
        if a.player not in ring or after(ring, anchor)[0] != a.player:
            return None
        anchor = a.player
    return anchor


def procedure_order(hand: HandHistory, settlement: HandSettlement) -> Iterator[Finding]:
    """Players acting out of turn, and a big blind denied the option.

    Seed 002, "The Deal and Betting": "The first betting round is begun by the player
    to the left of the big blind ... The big blind player acts last and is allowed to
    raise, even if the other active players have all called"; later rounds are
    "begun by the first active player to the left of the dealer seat". Seed 003, 4 and
    6: the action "continues clockwise". Between two actions of a street every player
    passed over must have folded or be all-in; preflop, the first actor is the first
    such player left of the big blind (or of the last straddle). Actions a grammar only
    inferred (a fold read from the summary) are not the text's order and are skipped,
    with their players.
    """
    order = in_text_order(hand)
    if hand.button is None or order is None or not site_wrote_it(hand):
        return
    ring = ring_of(hand, order)
    replayed = replay(hand, settlement)
    if len(ring) < 2 or not streets_whole(hand, replayed):
        return
    steps = [s for s in replayed if s.index in order]
    if not _rounds_end_in_place(steps, ring):
        return
    anchor = _preflop_anchor(hand, ring)
    for street in (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER):
        # a fold only takes a player out: sites write some folds early (a player
        # sitting out folded at the deal), so folds are not read for the turn order
        moves = [
            s
            for s in steps
            if s.act.street is street and s.act.kind not in (ActionKind.POST, ActionKind.FOLD)
        ]
        prev: str | None = anchor if street is Street.PREFLOP else ""
        for s in moves:
            q = s.act.player
            if q not in ring:
                break
            blocked = s.folded | s.all_in
            if prev is None:
                passed: list[str] = []
            elif prev == "":
                passed = ring[: ring.index(q)]
            elif prev == q:
                passed = [p for p in ring if p != q]
            elif prev in ring:
                behind = after(ring, prev)
                passed = behind[: behind.index(q)]
            else:
                passed = []
            waiting = [p for p in passed if p not in blocked]
            if waiting:
                yield _out_of_turn(s, street, prev, waiting[0], s is moves[0])
                break
            prev = q
    yield from _big_blind_option(hand, ring, steps)


def _rounds_end_in_place(steps: list[Step], ring: list[str]) -> bool:
    """No action comes after its round was complete (everyone able to act has acted
    since the last bet or raise); one that does means a street line was lost (a
    damaged board line) and the order of the actions cannot be read."""
    street: Street | None = None
    acted: set[str] = set()
    for s in steps:
        if s.act.kind is ActionKind.POST:
            continue
        if s.act.street is not street:
            street, acted = s.act.street, set()
        can = [p for p in ring if p not in s.folded and p not in s.all_in]
        if can and all(p in acted for p in can):
            return False
        if s.act.kind in (ActionKind.BET, ActionKind.RAISE):
            acted = {s.act.player}
        else:
            acted.add(s.act.player)
    return True


def _out_of_turn(s: Step, street: Street, prev: str | None, due: str, first: bool) -> Finding:
    q, where, did = s.act.player, STREET_WORDS[street], f"{s.act.kind.value}s"
    if prev == "":
        text = (
            f"{q} {did} first {where}; the first active player left of the dealer "
            f"({due}) begins the betting"
        )
    elif prev == q:
        text = f"{q} acted twice in a row ({did} {where}); {due} was next to act"
    elif first:
        text = (
            f"{q} {did} first {where}; the player left of {prev}, the last blind, "
            f"begins the betting: {due} was to act"
        )
    else:
        text = f"{q} acted out of turn ({did} {where}); {due} was next to act after {prev}"
    return finding(FindingKind.PROCEDURE_ORDER, q, s.act.line, text)


def _big_blind_option(hand: HandHistory, ring: list[str], steps: list[Step]) -> Iterator[Finding]:
    """The big blind was not given the option when the preflop action limped round."""
    if posters(hand, PostKind.STRADDLE) or posters(hand, PostKind.DEAD_SMALL_AND_BIG):
        return
    bb = positional_big_blind(hand, ring)
    pre = [s for s in steps if s.act.street is Street.PREFLOP and not is_post(s.act)]
    later = [s for s in steps if s.act.street is not Street.PREFLOP]
    if bb is None or not pre or not later:
        return
    if any(s.act.kind in (ActionKind.BET, ActionKind.RAISE) for s in pre):
        return
    if any(s.act.player == bb for s in pre) or not any(s.act.kind is ActionKind.CALL for s in pre):
        return
    end = later[0]
    if bb in end.folded or bb in end.all_in:
        return
    if not [p for p in ring if p != bb and p not in end.folded and p not in end.all_in]:
        return
    last = pre[-1]
    yield finding(
        FindingKind.PROCEDURE_ORDER,
        bb,
        last.act.line,
        f"the betting before the flop closed after {last.act.player}'s "
        f"{last.act.kind.value} without {bb}, the big blind, acting; the big "
        f"blind may check or raise when the others have called",
    )
