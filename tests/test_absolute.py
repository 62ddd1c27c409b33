"""Absolute Poker / Ultimate Bet grammar: hand-written fixtures (tests/fixtures/absolute/)
and the real corpus.

Every expected amount below is worked out by hand from the fixture text (the comments
show the sums); none is copied from the code's output.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from hhtools.grammars import absolute, recognise

from hhtools.model.records import (
    ActionKind,
    BettingStructure,
    ClaimedHigh,
    HandText,
    PostKind,
    Street,
)
from hhtools.model.vocab import FindingKind, Half, HandCategory, ProblemCode
from tests.small_sites import (
    BAD,
    FIXTURES,
    import_corpus,
    kinds,
    manifest_hands,
    parse_fixture,
    with_lines,
)

FMT = absolute.FORMAT


def test_recognise_is_specific() -> None:
    head = (FIXTURES / "absolute" / "pl_hilo_split_with_side_pot.txt").read_text("utf-8")
    assert FMT.recognise(head) and recognise(head) is FMT
    for other in ("PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD)",
                  "***** Betfair Poker Hand History for Game 1 *****",
                  "Hand#2999013495000096 - Odesa (6-Max) 13495 -- $0.04/$0.08 PL Omaha",
                  "Game # 2314086000 - Omaha High Pot Limit EUR 0.50/1 - Table \"Eaton\""):
        assert not FMT.recognise(other)


def test_pot_limit_hilo_split_with_side_pot() -> None:
    (ph,) = parse_fixture(FMT, "pl_hilo_split_with_side_pot.txt")
    h = ph.hand
    assert h is not None and ph.problems == ()
    g = h.game
    assert (g.hi_lo, g.structure, g.small_blind, g.big_blind, g.small_bet, g.currency) == (
        True, BettingStructure.POT_LIMIT, 50, 100, None, "USD")  # fmt: skip
    assert (h.hand_id, h.table, h.button, h.hero, h.max_seats) == (
        "2000000101", "Birch Lane", 2, "Ulla", None)  # fmt: skip
    # 21:05 ET on 14 March 2010 is already daylight time (EDT, UTC-4): 01:05 UTC next day.
    assert h.started_at == datetime(2010, 3, 14, 21, 5, 10) and h.time_zone == "ET"
    assert h.started_at_utc == datetime(2010, 3, 15, 1, 5, 10, tzinfo=UTC)
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [
        (1, "Quillon", 6000), (2, "Rosamund", 1250), (3, "Tobiah", 5525), (5, "Ulla", 3000)]
    flop = [(a.player, a.kind, a.amount, a.to_amount, a.all_in) for a in h.actions
            if a.street is Street.FLOP]  # fmt: skip
    # Quillon bets 6; Rosamund's last 9.50 (12.50 - 3) raises to 9.50, 3.50 over the bet.
    assert flop == [
        ("Tobiah", ActionKind.CHECK, 0, None, False),
        ("Quillon", ActionKind.BET, 600, None, False),
        ("Rosamund", ActionKind.RAISE, 350, 950, True),
        ("Tobiah", ActionKind.CALL, 950, None, False),
        ("Quillon", ActionKind.CALL, 350, None, False),
    ]
    # "Raises $3 to $3": the chips added, then the total; 2 over the big blind.
    pre = [(a.player, a.kind, a.amount, a.to_amount) for a in h.actions][2]
    assert pre == ("Quillon", ActionKind.RAISE, 200, 300)
    assert h.boards == (("7h", "4c", "Ks", "Jd", "2d"),)
    # main 4 x (12.50 or Ulla's 1) = 38.50 less 0.50 rake; side 2 x 30 = 60 less 0.50.
    assert (h.total_pot, h.rake, h.returned, h.inferred) == (9850, 100, (), ())
    assert [(c.player, c.amount, c.pot, c.half) for c in h.collects] == [
        ("Tobiah", 5950, 1, None), ("Tobiah", 1900, 0, None), ("Rosamund", 1900, 0, Half.LOW)]
    assert h.pot_parts == (3800, 5950)
    shows = {s.player: s.claimed_high for s in h.shows}
    assert shows["Tobiah"] == ClaimedHigh(HandCategory.THREE_OF_A_KIND, (13,))
    assert shows["Quillon"] == ClaimedHigh(HandCategory.ONE_PAIR, (12,))
    # Tobiah's kings win both highs; Rosamund's 7-4-3-2-A beats his 7-6-5-4-2 for the
    # main low; only he has a low in the side pot: the site paid it so.
    assert not kinds(h) & BAD


def test_limit_all_in_blind_returned_bet_skipped_holdem_cut_hand() -> None:
    holdem, omaha, cut = parse_fixture(FMT, "limit_allin_blind_skipped_holdem_cut_hand.txt")
    assert holdem.hand is None and holdem.skipped and holdem.hand_id == "2000000201"
    assert [p.code for p in holdem.problems] == [ProblemCode.SKIPPED_GAME]
    assert cut.hand is None and [p.code for p in cut.problems] == [ProblemCode.TRUNCATED_HAND]
    h = omaha.hand
    assert h is not None and omaha.problems == ()
    g = h.game
    # "Normal $2/$4": fixed limit, bets $2/$4; the small blind $1 is posted, the big one
    # only short (all-in $1.40), so it is the small bet, $2 ("blinds" inferred).
    assert (g.structure, g.small_bet, g.big_bet, g.small_blind, g.big_blind) == (
        BettingStructure.LIMIT, 200, 400, 100, 200)  # fmt: skip
    posts = [(a.player, a.post, a.amount, a.all_in) for a in h.actions if a.kind is ActionKind.POST]
    assert posts == [("Wendelin", PostKind.SMALL_BLIND, 100, False),
                     ("Xaver", PostKind.BIG_BLIND, 140, True)]  # fmt: skip
    # Vidar adds $4 to a $1.40 bet: a raise of 2.60 to 4.
    assert [(a.kind, a.amount, a.to_amount) for a in h.actions if a.player == "Vidar"][0] == (
        ActionKind.RAISE, 260, 400)  # fmt: skip
    assert [(r.player, r.amount, r.inferred) for r in h.returned] == [("Vidar", 200, False)]
    # main 3 x 1.40 = 4.20, side 2 x 2.60 = 5.20: the 0.20 rake came from the main pot.
    assert (h.total_pot, h.rake, h.pot_parts, h.inferred) == (940, 20, (400, 520), ("blinds",))
    assert not kinds(h) & BAD


def test_no_limit_all_in_raise_and_post_to_come_in() -> None:
    (ph,) = parse_fixture(FMT, "nl_allin_raise_post_to_come_in.txt")
    h = ph.hand
    assert h is not None and ph.problems == ()
    assert (h.game.structure, h.game.small_blind, h.game.big_blind) == (
        BettingStructure.NO_LIMIT, 25, 50)  # fmt: skip
    acts = [(a.player, a.kind, a.amount, a.to_amount, a.all_in, a.post) for a in h.actions]
    assert acts == [
        ("Beatrix", ActionKind.POST, 25, None, False, PostKind.SMALL_BLIND),
        ("Yannick", ActionKind.POST, 50, None, False, PostKind.BIG_BLIND),
        ("Zenobia", ActionKind.POST, 50, None, False, PostKind.BIG_BLIND),  # "Posts $0.50"
        ("Zenobia", ActionKind.RAISE, 150, 200, False, None),  # adds 1.50 to her 0.50
        ("Albin", ActionKind.CALL, 200, None, False, None),
        ("Beatrix", ActionKind.FOLD, 0, None, False, None),
        ("Yannick", ActionKind.RAISE, 1800, 2000, True, None),  # adds 19.50 to 0.50
        ("Zenobia", ActionKind.CALL, 1800, None, False, None),
        ("Albin", ActionKind.FOLD, 0, None, False, None),
    ]
    # 0.25 + 20 + 20 + 2 = 42.25 in; 40.25 paid, rake 2.
    assert (h.total_pot, h.rake, [(c.player, c.amount) for c in h.collects]) == (
        4225, 200, [("Yannick", 4025)])  # fmt: skip
    assert not kinds(h) & BAD


def test_bad_input_never_raises() -> None:
    text = (FIXTURES / "absolute" / "pl_hilo_split_with_side_pot.txt").read_text("utf-8")
    ph = FMT.parse(HandText(text.replace("($60 in chips)", "($60000000000000000 in chips)"),
                            "x", 1, 0))  # fmt: skip
    assert ph.hand is None and ProblemCode.OUT_OF_RANGE in {p.code for p in ph.problems}
    ph = FMT.parse(HandText(text.replace("[Ah 2c Qc Qh] (", "[As 2c Qc Qh] ("), "x", 1, 0))
    assert ph.hand is None and ProblemCode.IMPOSSIBLE_CARDS in {p.code for p in ph.problems}
    ph = FMT.parse(HandText(text.replace("Ulla - Folds", "Ulla - Dances"), "x", 1, 0))
    assert ph.hand is not None and [p.code for p in ph.problems] == [ProblemCode.UNRECOGNISED_LINE]
    ph = FMT.parse(HandText(text.replace("Omaha Hi/Lo", "Omaha Crazy"), "x", 1, 0))
    assert [p.code for p in ph.problems] == [ProblemCode.UNKNOWN_GAME]
    for cut in range(0, len(text), 61):
        FMT.parse(HandText(text[:cut], "x", 1, 0))  # never raises


def test_real_absolute_hands(tmp_path: Path) -> None:
    got = import_corpus("Absolute", tmp_path)
    assert (got.hands, got.failed) == (manifest_hands("Absolute"), 0) and got.hands == 1
    assert got.problems == [] and got.formats == [("absolute",)]
    # The one hand is won by a fold on the flop: nothing to report, procedure included.
    assert got.findings == []
    assert FindingKind.AWARD_MISMATCH not in {k for _, k in got.findings}


def test_event_with_more_words_is_unread_not_swallowed() -> None:
    # "Ulla - Timed out" and "Ulla - Has left the table" carry no chips and stay read;
    # "Ulla - Timed out and posts $1" may carry chips: not understood, so the hand is
    # read in part on that line alone (the old "Timed out.*" read it as nothing).
    odd = "Ulla - Timed out and posts $1"
    ph, lines = with_lines(absolute.FORMAT, "pl_hilo_split_with_side_pot.txt", "Ulla - Folds",
                           ["Ulla - Timed out", "Ulla - Disconnected", odd,
                            "Ulla - Has left the table"])
    assert ph.hand is not None
    assert ph.hand.unread_lines == (lines.index(odd) + 1,)  # file lines count from 1


def test_summary_seat_in_other_words_is_unread_not_swallowed() -> None:
    # A summary seat line is read when it ends the player's hand in the site's words
    # ("Folded on the POCKET CARDS", "won Total ($19) ...", "HI:lost with ..."); other
    # words could pay the player (the old rule read every "Seat " line of the summary):
    # not understood, the hand read in part on that line alone.
    odd = "Seat 5: Ulla (big blind) Refunded ($0.50)"
    ph, lines = with_lines(absolute.FORMAT, "pl_hilo_split_with_side_pot.txt",
                           "Seat 5: Ulla (big blind) Folded on the POCKET CARDS", [odd])
    assert ph.hand is not None
    assert ph.hand.unread_lines == (lines.index(odd) + 1,)  # file lines count from 1


def test_mucked_at_showdown_summary_line() -> None:
    """A player who mucked at the showdown has the summary line "Seat 3: X HI:
    [Mucked] [Kd 6c]" (fpdb-3's real 2010 file): it was unread, the hand read in part.
    PL Omaha $0.25/$0.50: Ada raises to $1.75, Ben folds, Cora calls; flop $3.75 each:
    0.25 + 1.75 x 2 + 3.75 x 2 = $11.25, rake $0.50, $10.75 to Ada's aces (Ah with Ad);
    Cora mucked."""
    (ph,) = parse_fixture(FMT, "pl_mucked_at_showdown_summary_hi_mucked.txt")
    h = ph.hand
    assert h is not None and ph.problems == ()
    assert (h.total_pot, h.rake) == (1125, 50)
    assert [(c.player, c.amount) for c in h.collects] == [("Ada", 1075)]
    assert not kinds(h) & BAD
