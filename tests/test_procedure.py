"""The procedure checks (blinds, order of play, bet sizes, order of the shows) on
hand-written PokerStars fixtures, every finding worked out by hand from seeds 002/003.

Each fixture under tests/fixtures/pokerstars/procedure_*.txt is named for its quirk;
every hand of it is listed here with the exact findings (kind, player, line) the audit
must give, and the hands written correctly must give none, of any kind.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from hhtools.audit.checks import CHECKS
from hhtools.audit.checks.procedure import (
    procedure_bet_size,
    procedure_blinds,
    procedure_order,
    procedure_showdown_order,
)
from hhtools.audit.context import AuditContext
from hhtools.audit.settle import settle
from hhtools.ingest.read import parse_file
from hhtools.model import habits
from hhtools.model.records import HandHistory
from hhtools.model.vocab import FindingKind
from hhtools.rules.limits import limit_raise_to_allowed, no_limit_min_raise_to, pot_limit_max_to

FIX = Path(__file__).parent / "fixtures" / "pokerstars"
BLINDS, ORDER = FindingKind.PROCEDURE_BLINDS, FindingKind.PROCEDURE_ORDER
SIZE, SHOWS = FindingKind.PROCEDURE_BET_SIZE, FindingKind.PROCEDURE_SHOWDOWN_ORDER

# hand id -> the findings of every check of the audit, as (kind, player, line)
EXPECTED: dict[str, list[tuple[str, str, int]]] = {
    # $0.25/$0.50 PL. Preflop Alice raises to $1.75: pot $0.75, call $0.50, so at most
    # 0.50 + 0.75 + 0.50 = $1.75 (exactly the pot: fine). Flop pot 0.25 + 1.75 x 2 =
    # $3.75: Carol's $5 bet is over it; Alice's raise to $20 over the pot 3.75 + 5 =
    # $8.75 with the $5 call: at most 5 + 8.75 + 5 = $18.75.
    "310000000001": [(SIZE, "Carol", 13), (SIZE, "Alice", 14)],
    # every bet and raise within the pot (Alice's $13.50 flop bet is the pot exactly);
    # the river bettor (Alice) shows first
    "310000000002": [],
    # heads-up, Alice the dealer: Bob (non-dealer) posted the small blind
    "310000000011": [(BLINDS, "Bob", 5)],
    "310000000012": [],
    # Dave (button) calls first although Carol sits left of the big blind (Bob); on
    # the flop Dave bets first although Bob is the first active player left of him
    "310000000021": [(ORDER, "Dave", 10), (ORDER, "Dave", 15)],
    # Bob checks then bets on the turn: twice in a row, Carol was next
    "310000000022": [(ORDER, "Bob", 47)],
    # Alice and Bob limp, the flop comes without Carol (the big blind) acting: the line
    # is Bob's call that closed the round
    "310000000023": [(ORDER, "Carol", 71)],
    # Dave all-in preflop for the pot ($1.40 = 0.35 + 0.80 + 0.25) is passed over on
    # the flop and turn: no finding
    "310000000024": [],
    # $1/$2 limit cash, three players: Alice's raise to $5 is the fifth bet (the big
    # blind, $2, $3, $4), but PokerStars states no cap for its cash games (rooms differ:
    # a bet and three or four raises): not judged; Bob's $2 flop bet is not the $1
    # small bet
    "310000000031": [(SIZE, "Bob", 16)],
    # heads-up from the start: five bets preflop are allowed (no cap when two play)
    "310000000032": [],
    # a straddle, a dead small & big blind to come in, a player sitting out
    "310000000041": [],
    # the button on an empty seat (seat 2)
    "310000000042": [],
    # no small blind (dead); the big blind on the second player left of the button
    "310000000043": [],
    # Bob bet the river, Carol called, yet Carol showed first
    "310000000051": [(SHOWS, "Carol", 23)],
    # checked through: Bob (first left of the dealer, seat 1) shows first, not Carol
    "310000000052": [(SHOWS, "Carol", 59)],
    # $0.05/$0.10 NL: Alice raises by $0.20 to $0.30, Bob re-raises by only $0.10
    # (at least to $0.50); Carol's all-in for less is allowed; Bob's $0.05 flop bet is
    # under the big blind; Alice's raise to $0.15 adds the big blind: fine
    "310000000061": [(SIZE, "Bob", 10), (SIZE, "Bob", 15)],
    # button Alice (seat 1): Carol (seat 3) posts the small blind that is Bob's (seat 2)
    "310000000071": [(BLINDS, "Carol", 7)],
    # Bob's small blind is right, the big blind is Carol's but Dave posts it
    "310000000072": [(BLINDS, "Dave", 32)],
    # Omaha hi/lo, button Alice, blinds Bob and Carol: Alice (the button) folds first,
    # before Dave, the player left of the big blind; a fold out of turn is out of turn
    "310000000081": [(ORDER, "Alice", 10)],
    # button Bob: on the flop Dave bets before Carol, the first left of the dealer;
    # Carol then checks facing it and calls after the others fold (the round is not
    # over while Carol has not matched the bet, so nothing here is a lost street line)
    "310000000082": [(ORDER, "Dave", 47)],
    # button Carol: on the turn Alice folds before Dave, the first left of the dealer
    "310000000083": [(ORDER, "Alice", 90)],
    # button Dave: on the river Bob checks before Alice (the first left of the
    # dealer), then, after Alice, Dave bets before Carol: two players out of turn in
    # one round; Bob, who checked early, has had his turn when it comes round
    "310000000084": [(ORDER, "Bob", 135), (ORDER, "Dave", 137)],
    # Courchevel, button Fay, blinds Gus and Erin: Gus (small blind) folds before
    # Fay, the player left of the big blind (three play: the dealer acts first)
    "310000000091": [(ORDER, "Gus", 10)],
    # Courchevel hi/lo heads-up, Hank the dealer with the small blind: before the
    # flop the dealer acts first, yet Ivy (big blind) checks first; after the flop the
    # non-dealer acts first, yet Hank checks first
    "310000000092": [(ORDER, "Ivy", 37), (ORDER, "Hank", 40)],
    # Run It Once writes a check for a player already all-in on each street (Kurt on
    # the river): he cannot act, so his check is no turn and Lena's fold is in turn
    "35000000001": [],
    # tournament, button Cid, Dan posts the small blind; Ana, in the big blind's seat,
    # is all-in on her ante and posts none: the action still starts left of her seat,
    # with Ben, yet Cid folds first; the next hand has the same deal in turn
    "310000000111": [(ORDER, "Cid", 13)],
    "310000000112": [],
    # $2/$4 limit: Carol is all-in preflop, Alice and Bob put in five bets on the
    # flop; only two can still bet, the cap is lifted (rooms differ on whether an
    # all-in player counts: the audit does not accuse)
    "310000000121": [],
    # Dave all-in preflop, three still bet on the flop: Carol's raise to $10 is the
    # fifth bet ($2, $4, $6, $8), but a cash hand: the cap is not judged (see
    # test_limit_cap_is_the_formats)
    "310000000122": [],
    # a limit tournament (PokerStars' rules: a bet and three raises), three players:
    # Alice's raise to 50 is the fifth bet (the big blind 10, 20, 30, 40 capped it)
    "310000000131": [(SIZE, "Alice", 12)],
    # cash, six bets preflop (1, 2, 3, 4, 5, 6): no cap stated, nothing judged
    "310000000132": [],
    # Short all-ins (TDA rule 43, Robert's Rules 3.9: an all-in for less than a full
    # raise does not reopen the betting to a player who has already acted; several
    # adding up to a full raise do, in the TDA's count). $0.05/$0.10 NL, flop pot
    # $0.40: Bob bets $1, Carol all-in to $1.50 (a raise of $0.50, short of $1); Dave
    # had not acted: he may raise, by a full $1 at least, to $2.50 (he does)
    "319900000001": [],
    # Dave bets $1, Bob all-in to $1.50, Carol all-in to $2: 0.50 + 0.50 = $1, a full
    # raise over Dave's $1 between them, so Dave may raise again (to $3 = 2 + 1)
    "319900000002": [],
    # PL, flop pot $0.40: Bob bets $0.40, Carol all-in to $0.60; Dave's pot raise:
    # pot 0.40 + 0.40 + 0.60 = $1.40 with his $0.60 call, so to at most
    # 0.60 + 1.40 + 0.60 = $2.60, his raise exactly
    "319900000003": [],
    # PL: Erin, back from sitting out, posts a big blind out of position and checks
    # in her turn; flop pot 5 x $0.10 = $0.50, Bob bets $0.50, Erin raises to
    # 0.50 + (0.50 + 0.50) + 0.50 = $2, the pot
    "319900000004": [],
    # Carol's big blind all-in for $0.05: the preflop sizes are not judged
    "319900000005": [],
    # as 001 but Dave calls Carol's $1.50 and Bob, who bet $1, raises to $2.50; the
    # format declares no reopening rule (Habits.short_all_in_closes): not judged
    # (test_short_all_in_does_not_reopen judges it where the rule is known)
    "319900000006": [],
    # $0.10/$0.20 limit hi/lo: Bob bets $0.10, Carol all-in to $0.14, Dave calls, Bob
    # raises: likewise not judged here
    "319900000007": [],
    # the same with Carol all-in to $0.15, half a bet
    "319900000008": [],
}

#: the findings where the room keeps the betting closed after a short all-in
#: (Habits.short_all_in_closes; Robert's Rules of Poker, section 14, rule 3: "A player
#: who has already acted and is not facing a full-size wager may not subsequently
#: raise an all-in bet that is less than ... the full size of the last bet or raise";
#: "the half-the-size rule for reopening the betting is for limit poker only")
REOPEN_KNOWN = {
    **{h: [] for h in ("319900000001", "319900000002", "319900000003", "319900000004",
                       "319900000005")},  # fmt: skip
    # Bob bet $1 (line 196), Carol all-in to $1.50, Dave called: the bet rose $0.50
    # since Bob acted, short of the full $1: Bob may only call or fold (line 200)
    "319900000006": [(SIZE, "Bob", 200)],
    # limit: Bob bet $0.10 (line 233), Carol all-in to $0.14: a rise of $0.04, less
    # than half the $0.10 bet (no room reopens on that): Bob's raise (line 237)
    "319900000007": [(SIZE, "Bob", 237)],
    # a rise of $0.05, half a bet: rooms reopen on half (TDA) or on a full bet only;
    # not known which, Bob's raise to $0.25 is not accused
    "319900000008": [],
}

FILES = (
    "procedure_pot_limit_overbet.txt",
    "procedure_heads_up_blinds.txt",
    "procedure_out_of_turn.txt",
    "procedure_limit_raise_cap.txt",
    "procedure_straddle_and_dead_blind_ok.txt",
    "procedure_showdown_order.txt",
    "procedure_no_limit_min_raise.txt",
    "procedure_blinds_wrong_seat.txt",
    "procedure_out_of_turn_each_street_hilo.txt",
    "procedure_out_of_turn_courchevel_heads_up.txt",
    "runitonce_all_in_player_checks_each_street.txt",
    "procedure_big_blind_all_in_on_the_ante.txt",
    "procedure_limit_cap_one_all_in_two_betting.txt",
    "procedure_limit_cap_tournament_fifth_bet.txt",
    "procedure_short_all_in_does_not_reopen.txt",
)


def hands() -> dict[str, HandHistory]:
    out: dict[str, HandHistory] = {}
    for name in FILES:
        for r in parse_file(FIX / name):
            assert r.problems == (), [str(p) for p in r.problems]
            assert r.hand is not None
            out[r.hand.hand_id] = r.hand
    return out


def test_every_fixture_hand_is_listed() -> None:
    assert sorted(hands()) == sorted(EXPECTED)


@pytest.mark.parametrize("hand_id", sorted(EXPECTED))
def test_findings(hand_id: str) -> None:
    hand = hands()[hand_id]
    s = settle(hand)
    got = [(f.kind, f.player, f.line) for check in CHECKS for f in check(AuditContext(hand, s))]
    assert got == EXPECTED[hand_id]


def test_short_all_in_does_not_reopen(monkeypatch: pytest.MonkeyPatch) -> None:
    fmt = "pokerstars"
    known = dataclasses.replace(habits.of(fmt), short_all_in_closes=True)
    monkeypatch.setitem(habits._HABITS, fmt, known)
    got_all = hands()
    for hand_id, want in REOPEN_KNOWN.items():
        hand = got_all[hand_id]
        s = settle(hand)
        got = [(f.kind, f.player, f.line) for check in CHECKS for f in check(AuditContext(hand, s))]
        assert got == want, hand_id
    # the words: the rise since his action and the full raise it fell short of
    hand = got_all["319900000006"]
    (f,) = procedure_bet_size(AuditContext(hand, settle(hand)))
    assert (f.paid, f.due) == (50, 100)
    assert "after acting on line 196" in f.explanation
    assert "risen by $0.50 since, less than a full raise ($1.00)" in f.explanation


def test_words_a_player_can_read() -> None:
    h = hands()
    s = settle(h["310000000001"])
    over = list(procedure_bet_size(AuditContext(h["310000000001"], s)))
    assert over[1].explanation == (
        "line 14: Alice raised to $20.00 on the flop in a pot-limit hand; the pot "
        "($8.75 with the $5.00 call) allowed at most $18.75"
    )
    assert (over[1].paid, over[1].due) == (2000, 1875)
    (hu,) = procedure_blinds(AuditContext(h["310000000011"], settle(h["310000000011"])))
    assert "the dealer (Alice) posts the small blind" in hu.explanation
    order = list(procedure_order(AuditContext(h["310000000021"], settle(h["310000000021"]))))
    assert "Carol was to act" in order[0].explanation
    assert "first active player left of the dealer begins the betting: Bob was to act" in (
        order[1].explanation
    )
    (bb,) = procedure_order(AuditContext(h["310000000023"], settle(h["310000000023"])))
    assert "Carol, the big blind" in bb.explanation
    fold = h["310000000081"]
    (early,) = procedure_order(AuditContext(fold, settle(fold)))
    assert early.explanation == (
        "line 10: Alice folds first before the flop; the player left of the big blind "
        "(Carol) begins the betting: Dave was to act"
    )
    river = h["310000000084"]
    two = list(procedure_order(AuditContext(river, settle(river))))
    assert two[1].explanation == (
        "line 137: Dave acted out of turn (bets on the river) after Alice; Carol was to act"
    )
    heads_up = h["310000000092"]
    pre, flop = procedure_order(AuditContext(heads_up, settle(heads_up)))
    assert pre.explanation.endswith("begins the betting: Hank was to act")
    assert flop.explanation.endswith("begins the betting: Ivy was to act")
    (cap,) = procedure_bet_size(AuditContext(h["310000000131"], settle(h["310000000131"])))
    assert "a bet and 3 raises" in cap.explanation
    (small,) = procedure_bet_size(AuditContext(h["310000000031"], settle(h["310000000031"])))
    assert "small bet ($1.00)" in small.explanation
    (sd,) = procedure_showdown_order(AuditContext(h["310000000051"], settle(h["310000000051"])))
    assert "Bob made the last bet or raise on the river" in sd.explanation


def test_showdown_order_only_for_formats_that_keep_it() -> None:
    from dataclasses import replace

    hand = hands()["310000000051"]
    other = replace(hand, site_format="winamax")
    assert list(procedure_showdown_order(AuditContext(other, settle(other)))) == []


def test_limit_cap_is_the_formats() -> None:
    # the cap judged is the one the hand's format declares (Habits.limit_bets): a bet
    # and four raises on iPoker (a skin's help page), a bet and three raises on Bovada
    # (its limits page); PokerStars states one for tournaments only
    from dataclasses import replace

    from hhtools.model import habits

    assert habits.of("ipoker").limit_cap(False) == 5
    assert habits.of("bovada").limit_cap(False) == habits.of("bovada").limit_cap(True) == 4
    assert habits.of("pokerstars").limit_cap(False) == 0
    assert habits.of("pokerstars").limit_cap(True) == 4
    h = hands()

    def sizes(hand_id: str, site_format: str) -> list[tuple[str, int]]:
        hand = replace(h[hand_id], site_format=site_format)
        return [(f.player, f.line) for f in procedure_bet_size(AuditContext(hand, settle(hand)))]

    # six bets preflop (lines 47-51 after the big blind): the sixth (Bob, line 51) is
    # over a bet and four raises, the fifth (Alice, line 50) is not
    assert sizes("310000000132", "ipoker") == [("Bob", 51)]
    assert sizes("310000000132", "bovada") == [("Alice", 50), ("Bob", 51)]
    # Carol's fifth bet on the flop, Dave all-in, three still betting
    assert sizes("310000000122", "bovada") == [("Carol", 59)]
    assert sizes("310000000122", "ipoker") == []
    # a format declaring nothing judges no cap
    assert sizes("310000000132", "never-registered") == []


def test_inferred_fold_is_not_an_action_out_of_turn() -> None:
    # Erin sits out with no fold line; the grammar infers her fold from the summary
    # (a later line): the order of play says nothing about her
    (r,) = list(parse_file(FIX / "game_header_old_chat_sitting_out.txt"))
    assert r.hand is not None
    assert list(procedure_order(AuditContext(r.hand, settle(r.hand)))) == []


def test_a_street_line_not_read_is_not_judged() -> None:
    # a damaged flop line (the board is in the summary) and a damaged river line (no
    # board line): the next street's actions are read into the one before, where
    # they would look out of turn; the hand was read in part, so the order says nothing
    results = list(parse_file(FIX / "procedure_street_line_damaged_not_judged.txt"))
    assert [p.line for r in results for p in r.problems] == [12, 53]
    for r in results:
        assert r.hand is not None
        assert list(procedure_order(AuditContext(r.hand, settle(r.hand)))) == []


def test_limits() -> None:
    assert pot_limit_max_to(375, 0, 0) == 375
    assert pot_limit_max_to(875, 500, 0) == 1875
    assert no_limit_min_raise_to(30, 20, 10) == 50
    assert limit_raise_to_allowed(400, 100) == (500,)
    assert limit_raise_to_allowed(50, 100) == (100, 150, 200)
