"""Pot rebuild: contributions per street, uncalled bets, main and side pots.

Every expected amount below is worked out by hand from the actions written in the test.
"""

from __future__ import annotations

from hhtools.rules.pots import Pot, build_pots, contributions, contributions_by_action, rebuild
from hhtools.model.records import (
    Action,
    ActionKind,
    BettingStructure,
    Game,
    HandHistory,
    PostKind,
    Returned,
    Seat,
    Street,
    Variant,
)

K = ActionKind
P = PostKind
S = Street


def hand(seats: list[tuple[int, str]], button: int, actions: list[Action],
         returned: tuple[Returned, ...] = ()) -> HandHistory:
    return HandHistory(
        site="pokerstars", hand_id="1", table="t", started_at=None, time_zone=None,
        started_at_utc=None,
        game=Game(Variant.OMAHA, False, BettingStructure.POT_LIMIT, 5, 10, "USD"),
        button=button, max_seats=6, seats=tuple(Seat(n, p, 1000) for n, p in seats),
        actions=tuple(actions), boards=(), hero=None, returned=returned,
    )  # fmt: skip


def test_raise_adds_to_total_less_what_was_in() -> None:
    # SB 5, BB 10; SB raises to 30 (adds 25), BB re-raises to 90 (adds 80), SB calls 60.
    acts = (
        Action(S.PREFLOP, "a", K.POST, 5, post=P.SMALL_BLIND),
        Action(S.PREFLOP, "b", K.POST, 10, post=P.BIG_BLIND),
        Action(S.PREFLOP, "a", K.RAISE, 20, to_amount=30),
        Action(S.PREFLOP, "b", K.RAISE, 60, to_amount=90),
        Action(S.PREFLOP, "a", K.CALL, 60),
    )
    assert contributions_by_action(acts, 10) == [5, 10, 25, 80, 60]
    assert contributions(acts, 10) == {"a": 90, "b": 90}


def test_ante_and_dead_small_blind_do_not_count_toward_the_bet() -> None:
    # a antes 2 and posts small & big (15: 10 live, 5 dead); b raises to 40, a raises
    # to 120: a's street bet was 10 live, so the raise adds 110.
    acts = (
        Action(S.PREFLOP, "a", K.POST, 2, post=P.ANTE),
        Action(S.PREFLOP, "a", K.POST, 15, post=P.DEAD_SMALL_AND_BIG),
        Action(S.PREFLOP, "b", K.RAISE, 30, to_amount=40),
        Action(S.PREFLOP, "a", K.RAISE, 80, to_amount=120),
    )
    assert contributions_by_action(acts, 10) == [2, 15, 40, 110]


def test_street_bets_reset_each_street() -> None:
    acts = (
        Action(S.FLOP, "a", K.BET, 10),
        Action(S.FLOP, "b", K.RAISE, 20, to_amount=30),
        Action(S.FLOP, "a", K.CALL, 20),
        Action(S.TURN, "a", K.BET, 50),
        Action(S.TURN, "b", K.RAISE, 100, to_amount=150),
    )
    # On the turn b had nothing in yet: the raise to 150 adds 150.
    assert contributions_by_action(acts, 10) == [10, 30, 20, 50, 150]


def test_side_pots_at_each_all_in_level() -> None:
    # d folded after putting in 30; a all-in for 50; b and c in for 100 each.
    pots = build_pots({"a": 50, "b": 100, "c": 100, "d": 30}, ("a", "b", "c"), ("a", "b", "c", "d"))
    assert pots == (
        Pot(0, 50 * 3 + 30, ("a", "b", "c")),
        Pot(1, 50 * 2, ("b", "c")),
    )


def test_two_all_ins_make_two_side_pots() -> None:
    pots = build_pots({"a": 20, "b": 60, "c": 100, "d": 100}, ("a", "b", "c", "d"), ("c", "d", "a", "b"))
    # main 20*4 = 80 (all); side 1: 40*3 = 120 (b, c, d); side 2: 40*2 = 80 (c, d).
    # Eligible players come in the given clockwise order.
    assert pots == (
        Pot(0, 80, ("c", "d", "a", "b")),
        Pot(1, 120, ("c", "d", "b")),
        Pot(2, 80, ("c", "d")),
    )


def test_rebuild_returns_uncalled_bet_and_orders_from_left_of_button() -> None:
    # Seats 1 (button) a, 3 b, 5 c. b posts 5, c posts 10, a raises to 30, b folds,
    # c calls 20; flop c bets 40, a folds; 40 returned to c.
    h = hand(
        [(1, "a"), (3, "b"), (5, "c")],
        1,
        [
            Action(S.PREFLOP, "b", K.POST, 5, post=P.SMALL_BLIND),
            Action(S.PREFLOP, "c", K.POST, 10, post=P.BIG_BLIND),
            Action(S.PREFLOP, "a", K.RAISE, 20, to_amount=30),
            Action(S.PREFLOP, "b", K.FOLD),
            Action(S.PREFLOP, "c", K.CALL, 20),
            Action(S.FLOP, "c", K.BET, 40),
            Action(S.FLOP, "a", K.FOLD),
        ],
        (Returned("c", 40),),
    )
    rb = rebuild(h)
    assert rb.order == ("b", "c", "a")
    assert rb.put_in == {"b": 5, "c": 70, "a": 30}
    assert rb.returned == {"c": 40}
    assert rb.total == 65
    assert rb.folded == frozenset({"a", "b"})
    assert rb.pots == (Pot(0, 65, ("c",)),)


def test_dead_small_blind_goes_to_the_main_pot_not_a_side_pot() -> None:
    # Seats 1 a, 2 b, 3 c (button). a posts the 5 small blind, b the 10 big blind, c
    # comes back and posts small & big 15 (10 live, 5 dead). a folds; b raises to 100
    # all-in; c calls 90 (10 live already in), all-in too. Live chips: b 100, c 100;
    # c's dead 5 and a's folded 5 go to the main pot: one pot 5 + 100 + 100 + 5 = 210
    # that b and c both contest (clockwise from the button: b, c). Counting c's 105 as
    # one level would make a 5-chip "side pot" for c alone.
    h = hand(
        [(1, "a"), (2, "b"), (3, "c")],
        3,
        [
            Action(S.PREFLOP, "a", K.POST, 5, post=P.SMALL_BLIND),
            Action(S.PREFLOP, "b", K.POST, 10, post=P.BIG_BLIND),
            Action(S.PREFLOP, "c", K.POST, 15, post=P.DEAD_SMALL_AND_BIG),
            Action(S.PREFLOP, "a", K.FOLD),
            Action(S.PREFLOP, "b", K.RAISE, 90, to_amount=100, all_in=True),
            Action(S.PREFLOP, "c", K.CALL, 90, all_in=True),
        ],
    )
    rb = rebuild(h)
    assert rb.put_in == {"a": 5, "b": 100, "c": 105}
    assert rb.returned == {}
    assert rb.pots == (Pot(0, 210, ("b", "c")),)


def test_one_player_left_takes_every_chip_in_one_pot() -> None:
    # a raised to 30 and everyone else folded after putting chips in: b 100 (a call of
    # an earlier bet, then a fold), c 20. Folded chips stay in the pot a reached, and
    # above a's level they are nobody else's: all 150 is one pot, a's alone.
    assert build_pots({"a": 30, "b": 100, "c": 20}, ("a",), ("c", "a", "b")) == (
        Pot(0, 150, ("a",)),
    )


def test_one_player_left_with_nothing_in_still_takes_the_pot() -> None:
    # a walk: the big blind d put nothing more in (his blind returned), the others'
    # 10 + 10 were folded to him: one pot of 20, d's.
    assert build_pots({"a": 10, "b": 10, "d": 0}, ("d",), ("a", "b", "d")) == (
        Pot(0, 20, ("d",)),
    )
    assert build_pots({"a": 0}, ("a",), ("a",)) == ()
