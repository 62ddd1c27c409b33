"""The procedure checks' encoding of a hand (the ring as places and bits, each step's
players out as bits, the walk of a betting round), on hand-written PokerStars hands:
every value worked out by hand from the hand's text and seed 002's order of play.

Runs on the path the process loads (compiled or, with ``HHTOOLS_PURE=1``, Python):
both must give these values.
"""

from __future__ import annotations

from pathlib import Path

from hhtools.audit.checks.procedure._table import Places, places, replay, table
from hhtools.audit.checks.procedure.order import _round_ends_in_place, _street_order
from hhtools.audit.context import AuditContext
from hhtools.audit.settle import settle
from hhtools.ingest.read import parse_file
from hhtools.model.records import PostKind

FIX = Path(__file__).parent / "fixtures" / "pokerstars" / "procedure_out_of_turn.txt"


def _ctx(hand_id: str) -> AuditContext:
    """A fresh context (facts not worked out) of one hand of the fixture, settled."""
    (hand,) = [r.hand for r in parse_file(FIX) if r.hand is not None and r.hand.hand_id == hand_id]
    return AuditContext(hand, settle(hand))


def test_places_of_a_player_seated_twice() -> None:
    p = Places(["Ann", "Bob", "Ann", "Cy"])
    assert p.first == [0, 1, 0, 3]  # Ann's second place is read as her first
    assert p.seat == {"Ann": 0, "Bob": 1, "Cy": 3}
    plain = Places(["Ann", "Bob", "Cy"])
    assert (plain.first, plain.seat) == ([0, 1, 2], {"Ann": 0, "Bob": 1, "Cy": 2})


def test_the_ring_and_the_players_out_before_each_step() -> None:
    # button Bob (seat 2): clockwise from his left Carol (3), Dave (4), Alice (1), Bob
    ctx = _ctx("310000000024")
    at = places(ctx)
    assert at.ring == ["Carol", "Dave", "Alice", "Bob"]
    assert at.seat == {"Carol": 0, "Dave": 1, "Alice": 2, "Bob": 3}  # bits 1, 2, 4, 8
    steps = replay(ctx)
    # Carol sb $0.05, Dave bb $0.10, Alice to $0.35, Bob folds, Carol calls, Dave all-in
    # to $1.40, Alice and Carol call; flop checked; turn Carol bets $1, Alice folds
    assert [s.act.player for s in steps] == [
        "Carol", "Dave", "Alice", "Bob", "Carol", "Dave", "Alice", "Carol",
        "Carol", "Alice", "Carol", "Alice",
    ]  # fmt: skip
    # out: Bob (8) from his fold on; Dave (2) all-in from his raise on
    assert [s.out for s in steps] == [0, 0, 0, 0, 8, 8, 10, 10, 10, 10, 10, 10]
    # the amount to call before each step: the street's highest total less the player's
    assert [s.current - s.mine for s in steps] == [0, 5, 10, 35, 30, 25, 105, 105, 0, 0, 0, 100]
    assert [s.ends_all_in for s in steps].index(True) == 5
    # the hand's table, worked out once: every action in text order, every street the
    # board reached has its actions, the big blind in position is Dave (next after the
    # small blind, Carol)
    t = table(ctx)
    assert t.steps is steps and t.places is at and t.ring == at.ring
    assert (t.order, t.whole, t.big_blind) == (frozenset(range(12)), True, "Dave")
    assert [a.player for a in t.posts[PostKind.BIG_BLIND]] == ["Dave"]


def test_who_was_to_act() -> None:
    # button Dave (seat 4): places Alice 0, Bob 1, Carol 2, Dave 3; blinds Alice, Bob
    ctx = _ctx("310000000021")
    at = places(ctx)
    assert at.ring == ["Alice", "Bob", "Carol", "Dave"]
    steps = replay(ctx)
    pre = [s for s in steps if s.act.street.value == "preflop" and s.act.kind.value != "post"]
    flop = [s for s in steps if s.act.street.value == "flop"]
    assert _round_ends_in_place(pre, at.first, at.seat)
    # preflop begins after the big blind (Bob, 1): Carol (2) was to act when Dave called;
    # then Carol (passed over) folds, Alice folds in turn (Dave had his turn early), Bob
    # checks in turn
    out = _street_order(pre, at.first, at.seat, 1)
    assert [(k, s.act.player, prev, due) for k, s, prev, due in out] == [(0, "Dave", 1, 2)]
    # the flop begins after the dealer (Dave, 3): Alice folded, so Bob (1) was to act
    out = _street_order(flop, at.first, at.seat, 3)
    assert [(k, s.act.player, prev, due) for k, s, prev, due in out] == [(0, "Dave", 3, 1)]


def test_a_round_acted_on_after_it_was_over() -> None:
    # the flop of 310000000024: Carol and Alice check (Bob folded, Dave all-in), so the
    # round is over; a third check by Carol after it means a street line was lost
    ctx = _ctx("310000000024")
    at = places(ctx)
    flop = [s for s in replay(ctx) if s.act.street.value == "flop"]
    assert [s.act.player for s in flop] == ["Carol", "Alice"]
    assert _round_ends_in_place(flop, at.first, at.seat)
    assert not _round_ends_in_place(flop + flop[:1], at.first, at.seat)
