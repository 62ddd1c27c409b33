"""Omaha with two and with seven hole cards (seeds 000 and 001), worked out by hand.

Seed 000: "In the original Omaha poker game, players were only dealt two hole cards
and had to use both to make a hand combined with community cards." Seed 001: Omaha
"may also be played with more than four hole cards per player, sometimes with as many
as six or seven". The rule of every variant is the same: exactly two hole cards and
exactly three board cards.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from hhtools.cli.main import app
from hhtools.model.records import Variant
from hhtools.model.vocab import HandCategory
from hhtools.rules.equity import hand_odds
from hhtools.rules.evaluator import best_high, best_low
from hhtools.rules.games import GAMES, get_game
from hhtools.rules.ranges import parse_hand

runner = CliRunner()


def test_the_games_and_their_hole_cards() -> None:
    assert get_game("omaha2").hole_cards == 2 and not get_game("omaha2").hi_lo
    assert get_game("omaha2-hilo").hi_lo
    assert get_game("omaha7").hole_cards == 7 and get_game("omaha7-hilo").hi_lo
    assert len(GAMES) == 12
    assert (Variant.OMAHA2.hole_cards, Variant.OMAHA7.hole_cards) == (2, 7)


def test_two_hole_cards_both_play() -> None:
    # a royal flush on the board, and 2c 3d must both play: A K Q of the board and the
    # 3 and 2 make ace high, not a straight flush
    hand = best_high("2c 3d", "As Ks Qs Js Ts")
    assert hand.category is HandCategory.HIGH_CARD
    assert sorted(hand.cards) == sorted(["As", "Ks", "Qs", "3d", "2c"])
    # 9s 6s with T 8 7 of the board: a straight; Ah Kh with T 8 7: ace high
    assert best_high("9s 6s", "2s 5c Th 7d 8c").category is HandCategory.STRAIGHT
    assert best_high("Ah Kh", "2s 5c Th 7d 8c").category is HandCategory.HIGH_CARD


def test_seven_hole_cards_best_two() -> None:
    hole = "Ah Kh Qh Jh Th 2c 3c"
    board = "9h 8h 2d 3d 4s"
    # Only two hearts on the board: no flush. No straight: J-T with 9-8 needs a 7 or
    # a Q-J with 9-8-... needs T and 7 from the board. 3c 2c with 3d 2d: two pair, the
    # board's best third card the kicker: the 9h.
    high = best_high(hole, board)
    assert high.category is HandCategory.TWO_PAIR
    assert sorted(high.cards) == sorted(["3c", "3d", "2c", "2d", "9h"])
    # The low: two of A, 2, 3 from the hand and three of 2, 3, 4, 8 from the board,
    # five different ranks: 2-3-4 of the board pair the hand's 2 or 3, so the 8 plays:
    # 8-4-3-2-A.
    low = best_low(hole, board, 8)
    assert low is not None
    assert sorted(c[0] for c in low.cards) == sorted("843 2A".replace(" ", ""))


def test_seed_000_worst_hand_never_makes_a_low() -> None:
    # "the worst possible hand in the game is 2s 2c 2h 2d. Since the only possible
    # combination of two cards from this hand is 2-2, it is impossible to make low."
    assert best_low("2s 2c 2h 2d", "3c 4d 5h 6s 7c", 8) is None
    odds = hand_odds([parse_hand("2s 2c 2h 2d", 4), parse_hand("Ks Kd Qh Jc", 4)],
                     "3c 4d 5h", hi_lo=True)  # fmt: skip
    assert odds.exact and odds.low[0] == 0.0


def test_showdown_and_equity_commands_take_the_new_games() -> None:
    r = runner.invoke(app, ["showdown", "--game", "omaha2", "--board", "2s 5c Th 7d 8c",
                            "--hand", "A=Ah Kh", "--hand", "B=9s 6s", "--json"])  # fmt: skip
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["high_winners"] == ["B"]
    r = runner.invoke(app, ["showdown", "--game", "omaha7", "--board", "2s 5c Th 7d 8c",
                            "--hand", "A=Ah Kh 3c 4c Qd Qs", "--hand", "B=9s 6s 2d 3d 4h Kc Ks"])  # fmt: skip
    assert r.exit_code == 2  # six cards in a seven-card game
    r = runner.invoke(app, ["equity", "--game", "omaha2", "--board", "2s 5c Th 7d",
                            "--hand", "A=Ah Kh", "--hand", "B=9s 6s", "--json"])  # fmt: skip
    got = json.loads(r.output)
    # 52 - 4 hole - 4 board = 44 rivers. A (Ah Kh) leads with ace-king high and any
    # pair of the board keeps A's kickers ahead; B (9s 6s) wins only by pairing a hole
    # card (three 9s, three 6s left) or by the straight T-9-8-7-6 (four 8s): 10 rivers.
    # A heart river gives no flush (A holds two hearts; the board would hold two).
    assert (got["exact"], got["boards"]) == (True, 44)
    assert [p["equity"] for p in got["players"]] == pytest.approx([34 / 44, 10 / 44])
    assert [p["tie"] for p in got["players"]] == [0.0, 0.0]
