"""PokerStars grammar on hand-written fixtures; every expected value worked out by hand.

Each fixture under tests/fixtures/pokerstars/ is named for the quirk it holds.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from hhtools.ingest.read import ParseResult, ParseStats, parse_file, parse_path
from hhtools.model.vocab import HandCategory, ProblemCode
from hhtools.model.records import (
    ClaimedHigh,
    Action,
    ActionKind,
    BettingStructure,
    CashOut,
    Collect,
    HandText,
    PostKind,
    Returned,
    Show,
    Street,
    Variant,
)

FIX = Path(__file__).parent / "fixtures" / "pokerstars"
A, P = ActionKind, Street


def results(name: str) -> list[ParseResult]:
    return list(parse_file(FIX / name))


def one(name: str) -> ParseResult:
    (r,) = results(name)
    assert r.problems == (), [str(p) for p in r.problems]
    assert r.hand is not None
    return r


def acts(r: ParseResult) -> list[tuple[str, str, str, int, int | None, bool]]:
    assert r.hand is not None
    return [
        (a.street.value, a.player, a.kind.value, a.amount, a.to_amount, a.all_in)
        for a in r.hand.actions
    ]


def test_hilo_two_timestamps_quartered() -> None:
    r = one("hilo_two_timestamps_quartered.txt")
    h = r.hand
    assert h is not None
    assert (h.site, h.hand_id, h.table, h.button, h.max_seats) == (
        "pokerstars", "200000000001", "Gaby II", 1, 6)  # fmt: skip
    g = h.game
    assert (g.variant, g.hi_lo, g.structure, g.small_blind, g.big_blind, g.currency) == (
        Variant.OMAHA, True, BettingStructure.POT_LIMIT, 1, 2, "USD")  # fmt: skip
    # the ET stamp (second, bracketed) is used; July is EDT = UTC-4
    assert h.started_at == datetime(2021, 7, 4, 14, 15) and h.time_zone == "ET"
    assert h.started_at_utc == datetime(2021, 7, 4, 18, 15, tzinfo=UTC)
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [
        (1, "Alice", 200), (2, "Bob", 150), (3, "Carol", 307)]  # fmt: skip
    assert h.actions[0] == Action(P.PREFLOP, "Bob", A.POST, 1, None, False, PostKind.SMALL_BLIND, 6)
    assert h.actions[1].post is PostKind.BIG_BLIND and h.actions[1].amount == 2
    assert acts(r)[2:5] == [
        ("preflop", "Alice", "raise", 4, 6, False),
        ("preflop", "Bob", "call", 5, None, False),
        ("preflop", "Carol", "call", 4, None, False),
    ]
    assert acts(r)[5:10] == [
        ("flop", "Bob", "check", 0, None, False),
        ("flop", "Carol", "check", 0, None, False),
        ("flop", "Alice", "bet", 7, None, False),
        ("flop", "Bob", "call", 7, None, False),
        ("flop", "Carol", "fold", 0, None, False),
    ]
    assert len(h.actions) == 14 and h.actions[-1].street is Street.RIVER
    assert h.boards == (("3c", "4d", "9s", "Ks", "7h"),)
    assert h.hero == "Alice"
    assert h.hole_cards == {"Alice": ("Ah", "2h", "Kd", "Qc"), "Bob": ("As", "2c", "5s", "6s")}
    # the site's words, typed: a pair of kings is (one pair, K = 13); the low ace = 1
    assert h.shows[0] == Show("Alice", ("Ah", "2h", "Kd", "Qc"), "a pair of Kings", "7,4,3,2,A",
                              line=26, claimed_high=ClaimedHigh(HandCategory.ONE_PAIR, (13,)),
                              claimed_low=(7, 4, 3, 2, 1))  # fmt: skip
    assert h.shows[1].description == "a straight, Three to Seven"
    assert len(h.shows) == 4  # two showdown lines + two summary lines, all kept
    assert h.shows[3] == Show("Bob", ("As", "2c", "5s", "6s"), "a straight, Three to Seven",
                              "7,4,3,2,A", line=34,
                              claimed_high=ClaimedHigh(HandCategory.STRAIGHT, (7,)),
                              claimed_low=(7, 4, 3, 2, 1))  # fmt: skip
    assert h.collects == (Collect("Bob", 24, 0, 0, 28), Collect("Alice", 8, 0, 0, 29))
    assert (h.total_pot, h.rake, h.fees, h.pot_parts) == (32, 0, 0, ())
    assert (h.file, h.line, h.offset) == (str(FIX / "hilo_two_timestamps_quartered.txt"), 1, 0)


def test_game_header_old_chat_sitting_out() -> None:
    h = one("game_header_old_chat_sitting_out.txt").hand
    assert h is not None
    assert h.hand_id == "27000000002" and h.max_seats == 9
    assert h.game.currency == "USD" and (h.game.small_blind, h.game.big_blind) == (5, 10)
    assert h.started_at_utc == datetime(2009, 6, 1, 7, 4, 5, tzinfo=UTC)  # EDT
    assert [(s.player, s.stack, s.sitting_out) for s in h.seats] == [
        ("Dave", 1000, False), ("Erin", 725, True), ("Frank", 1240, False), ("Gina", 400, False)]  # fmt: skip
    assert h.hero is None and h.hole_cards == {}
    assert h.returned == (Returned("Dave", 25, 15),)
    assert h.collects == (Collect("Dave", 25, line=16),)
    # Erin has no fold line, but the summary (line 21) says she "folded before Flop":
    # a fold is inferred at the end of preflop, on the summary line.
    assert [a.kind for a in h.actions] == [A.POST, A.POST, A.RAISE, A.FOLD, A.FOLD, A.FOLD]
    assert h.actions[-1] == Action(P.PREFLOP, "Erin", A.FOLD, line=21)
    assert h.boards == ()


def test_zoom_eur_no_limit_all_in() -> None:
    h = one("zoom_eur_no_limit.txt").hand
    assert h is not None
    assert h.game.structure is BettingStructure.NO_LIMIT and h.game.currency == "EUR"
    assert (h.game.small_blind, h.game.big_blind) == (10, 25)
    assert h.seats[1].stack == 3140
    assert h.actions[2] == Action(P.PREFLOP, "Hanna", A.RAISE, 2475, 2500, True, line=8)
    assert h.actions[3] == Action(P.PREFLOP, "Ivan", A.CALL, 2475, None, False, line=9)
    assert (h.total_pot, h.rake) == (5000, 225)
    assert h.collects == (Collect("Ivan", 4775, line=16),)
    assert h.started_at_utc == datetime(2020, 1, 15, 21, 10, 30, tzinfo=UTC)  # EST


def test_home_game_club() -> None:
    h = one("home_game_club.txt").hand
    assert h is not None
    assert h.table == "Friday's table" and h.game.currency == "USD"
    assert acts(one("home_game_club.txt"))[4:6] == [
        ("flop", "Jack", "bet", 4, None, False),
        ("flop", "Kate", "raise", 12, 16, False),
    ]
    assert h.returned == (Returned("Kate", 12, 14),) and h.total_pot == 8


def test_tournament_knockout_antes() -> None:
    h = one("tournament_knockout_antes.txt").hand
    assert h is not None
    g = h.game
    assert (g.variant, g.currency, g.tournament_id, g.buy_in, g.level) == (
        Variant.OMAHA5, "CHIPS", "3100000005", "$4.40+$5+$0.60 USD", "IV")  # fmt: skip
    assert (g.small_blind, g.big_blind, g.ante) == (50, 100, 10)
    assert g.is_tournament
    assert [(s.player, s.stack, s.bounty) for s in h.seats] == [
        ("Liam", 350, "$5"), ("Mia", 4100, "$7.50"), ("Noah", 2550, "$5")]  # fmt: skip
    posts = [(a.player, a.post, a.amount) for a in h.actions if a.kind is A.POST]
    assert posts == [
        ("Liam", PostKind.ANTE, 10), ("Mia", PostKind.ANTE, 10), ("Noah", PostKind.ANTE, 10),
        ("Noah", PostKind.SMALL_BLIND, 50), ("Liam", PostKind.BIG_BLIND, 100)]  # fmt: skip
    assert h.actions[-1] == Action(P.PREFLOP, "Liam", A.CALL, 140, None, True, line=15)
    assert h.returned == (Returned("Mia", 60, 16),)
    assert h.collects == (Collect("Mia", 560, line=23),)
    assert h.hole_cards["Liam"] == ("Ks", "Kd", "8c", "7c", "3h")
    assert h.total_pot == 560


def test_mixed_game_non_omaha_skipped_and_counted() -> None:
    stats = ParseStats()
    rs = list(parse_file(FIX / "mixed_holdem_skipped.txt", stats))
    assert [r.skipped is not None for r in rs] == [True, False]
    assert rs[0].skipped == "not an Omaha-family game: Hold'em No Limit"
    assert rs[0].problems == () and rs[0].hand is None
    h = rs[1].hand
    assert h is not None and rs[1].line == 19
    assert (h.game.variant, h.game.small_blind, h.game.big_blind) == (Variant.OMAHA, 10, 25)
    assert h.hole_cards == {"Pete": ("Th", "Kc", "9d", "8d")}
    assert (stats.hands, stats.records, stats.skipped, stats.problems) == (2, 1, 1, 0)


def test_courchevel_hilo_play_money_preflop_card() -> None:
    h = one("courchevel_hilo_play_money_preflop_card.txt").hand
    assert h is not None
    g = h.game
    assert (g.variant, g.hi_lo, g.currency, g.small_blind, g.big_blind) == (
        Variant.COURCHEVEL, True, "PLAY", 25, 50)  # fmt: skip
    assert h.seats[0].stack == 5000  # play chips, not cents
    assert h.boards == (("2s", "5h", "6c", "Jd", "Td"),)  # the PRE-FLOP card is card 1
    assert h.shows[0] == Show("Rosa", ("Ah", "3d", "8c", "Kc", "Qs"), "high card Ace",
                              "6,5,3,2,A", line=22,
                              claimed_high=ClaimedHigh(HandCategory.HIGH_CARD, (14,)),
                              claimed_low=(6, 5, 3, 2, 1))  # fmt: skip
    assert h.shows[1].low_description is None and h.shows[1].description == "a pair of Nines"
    assert h.collects == (Collect("Quinn", 150, line=24), Collect("Rosa", 150, line=25))


def test_omaha6_side_pots_cash_out() -> None:
    h = one("omaha6_side_pots_cash_out.txt").hand
    assert h is not None
    assert h.game.variant is Variant.OMAHA6
    assert h.started_at_utc == datetime(2021, 11, 23, 19, 30, 22, tzinfo=UTC)
    # "won ($20.22) ... (pot not awarded as player cashed out)": the site kept $20.22
    assert h.cash_outs == (CashOut("Sam", 440, 5, 23, forfeited=2022),)
    assert h.collects == ()
    assert (h.total_pot, h.pot_parts, h.rake, h.fees) == (2150, (423, 1599), 128, 0)
    assert [a.all_in for a in h.actions if a.player == "Tina"] == [False, True]
    assert h.actions[3] == Action(P.PREFLOP, "Tina", A.RAISE, 120, 150, True, line=11)
    assert len(h.hole_cards) == 3 and h.hole_cards["Sam"][0] == "6c"


def test_run_it_twice() -> None:
    h = one("run_it_twice.txt").hand
    assert h is not None
    assert h.boards == (("9c", "6d", "Td", "Kh", "6h"), ("2d", "6c", "7h", "Qh", "8d"))
    assert h.collects == (Collect("Walt", 9900, 0, 0, 24), Collect("Vera", 9900, 0, 1, 28))
    sd = [(s.player, s.board, s.description) for s in h.shows]
    assert sd == [
        ("Vera", 0, "two pair, Aces and Sixes"),
        ("Walt", 0, "a full house, Kings full of Sixes"),
        ("Vera", 1, "a pair of Aces"),
        ("Walt", 1, "a pair of Kings"),
        ("Vera", 0, "two pair, Aces and Sixes"),
        ("Vera", 1, "a pair of Aces"),
        ("Walt", 0, "a full house, Kings full of Sixes"),
        ("Walt", 1, "a pair of Kings"),
    ]
    assert h.returned == (Returned("Walt", 800, 13),)
    assert (h.total_pot, h.rake) == (20000, 200)


def test_limit_hilo_no_low_side_pot_n() -> None:
    h = one("limit_hilo_no_low_side_pot_n.txt").hand
    assert h is not None
    assert h.game.structure is BettingStructure.LIMIT and h.game.hi_lo
    # "Omaha Hi/Lo Limit ($2/$4 USD)" names the small and big bet, not the blinds:
    # this used to assert blinds (200, 400), but the hand posts $1/$2.
    g = h.game
    assert (g.small_bet, g.big_bet, g.small_blind, g.big_blind) == (200, 400, 100, 200)
    assert h.collects == (Collect("Zoe", 1000, 1, line=22), Collect("Zoe", 900, 0, line=23))
    assert (h.total_pot, h.pot_parts) == (1900, (900, 1000))
    assert h.shows[0].description == "a full house, Kings full of Nines"
    assert h.shows[0].low_description is None


def test_adversarial_names() -> None:
    r = one("adversarial_names.txt")
    h = r.hand
    assert h is not None
    names = [s.player for s in h.seats]
    assert names == ["mucks hand", "collected", "Uncalled bet", "x: y (z) [w]", "Seat 9: X", "a:b"]
    assert h.hero == "x: y (z) [w]"
    assert acts(r) == [
        ("preflop", "collected", "post", 25, None, False),
        ("preflop", "Uncalled bet", "post", 50, None, False),
        ("preflop", "x: y (z) [w]", "raise", 100, 150, False),
        ("preflop", "Seat 9: X", "fold", 0, None, False),
        ("preflop", "a:b", "call", 150, None, False),
        ("preflop", "mucks hand", "fold", 0, None, False),
        ("preflop", "collected", "fold", 0, None, False),
        ("preflop", "Uncalled bet", "call", 100, None, False),
        ("flop", "Uncalled bet", "check", 0, None, False),
        ("flop", "x: y (z) [w]", "bet", 475, None, False),
        ("flop", "a:b", "fold", 0, None, False),
        ("flop", "Uncalled bet", "fold", 0, None, False),
    ]
    assert h.returned == (Returned("x: y (z) [w]", 475, 24),)
    assert h.collects == (Collect("x: y (z) [w]", 450, line=25),)
    assert h.shows == (
        Show("x: y (z) [w]", ("Ah", "Kh", "Qh", "Jh"), "high card Ace", line=26,
             claimed_high=ClaimedHigh(HandCategory.HIGH_CARD, (14,))),
    )  # fmt: skip


def test_converted_no_time_zone() -> None:
    h = one("converted_no_time_zone.txt").hand
    assert h is not None
    assert h.started_at == datetime(2015, 8, 16, 11, 30, 49)
    assert h.time_zone is None and h.started_at_utc is None
    assert h.game.currency == "USD" and (h.game.small_blind, h.game.big_blind) == (500, 1000)
    assert h.seats[1].stack == 149266
    assert h.actions[2] == Action(P.PREFLOP, "BBB_1", A.RAISE, 3000, 3000, line=10)
    assert h.returned == (Returned("CCC_2", 120050, 17),)
    assert h.shows == (Show("DDD_3", ("Kh", "Jh", "5d", "7d"), mucked=True, line=24),)
    assert (h.total_pot, h.rake) == (7000, 200)


def test_table_events_are_named_rules() -> None:
    h = one("table_events.txt").hand
    assert h is not None
    assert h.game.variant is Variant.OMAHA5 and h.game.hi_lo
    assert h.actions[2] == Action(P.PREFLOP, "Eli", A.POST, 35, None, False,
                                  PostKind.DEAD_SMALL_AND_BIG, 9)  # fmt: skip
    assert [a.kind for a in h.actions[3:]] == [A.FOLD, A.FOLD, A.FOLD]
    assert h.collects == (Collect("Cal", 70, line=22),)


def test_truncated_hand_reported_and_next_hand_read() -> None:
    rs = results("truncated_then_complete.txt")
    assert rs[0].hand is None and rs[0].hand_id == "310000000015"
    assert [(p.code, p.line) for p in rs[0].problems] == [
        ("unrecognised_line", 10), ("truncated_hand", 10)]  # fmt: skip
    assert str(rs[0].problems[1]).endswith(
        "truncated_then_complete.txt:10: [hand 310000000015] hand has no summary (cut short?)")
    assert rs[1].hand is not None and rs[1].problems == () and rs[1].line == 12
    assert rs[1].hand.collects == (Collect("Joe", 400, line=21),)


def test_malformed_lines_reported_record_kept() -> None:
    (r,) = results("malformed_lines.txt")
    assert [(p.code, p.line, p.excerpt) for p in r.problems] == [
        ("unrecognised_line", 8, "Lou: dances on the table"),
        ("bad_cards", 11, "*** FLOP *** [Zz 3d 3c]"),
    ]
    assert r.hand is not None
    assert r.hand.boards == (("2s", "3d", "3c"),)  # the summary board
    # Kim has no fold line; the summary (line 17) says "folded on the Flop"
    assert [a.kind for a in r.hand.actions] == [
        A.POST, A.POST, A.CALL, A.CHECK, A.CHECK, A.CHECK, A.FOLD]  # fmt: skip
    assert r.hand.actions[-1] == Action(P.FLOP, "Kim", A.FOLD, line=17)


@pytest.mark.parametrize(
    "name", ["encoding_utf8_bom_crlf.txt", "encoding_utf16le_bom.txt", "encoding_cp1252.txt"]
)
def test_encodings_give_the_same_record(name: str) -> None:
    ref = one("zoom_eur_no_limit.txt").hand
    h = one(name).hand
    assert ref is not None and h is not None
    assert (h.actions, h.collects, h.seats, h.total_pot) == (
        ref.actions, ref.collects, ref.seats, ref.total_pot)  # fmt: skip


def test_unsupported_site_is_one_problem(tmp_path: Path) -> None:
    f = tmp_path / "other.txt"
    f.write_text("Example Room Game #1: Table X - $0.01/$0.02 - Pot Limit Omaha\nline\n")
    (r,) = list(parse_path(f))
    assert r.hand is None and [p.code for p in r.problems] == ["unsupported_site"]


def test_folder_and_stats() -> None:
    stats = ParseStats()
    rs = list(parse_path(FIX, stats))
    assert stats.files == len(list(FIX.glob("*.txt")))
    # 60 hands: 25 (20 + the five limit-stakes fixtures), 3 one-hand fixtures of the
    # contradicted-line checks, and 32 of the ledger fixtures: cash-outs 2 + 1, splash
    # 1, jackpot 2, folds 1, blank lines 1, cancelled 2, tournaments 3, out of range 6,
    # damaged headers 6, unknown games 3, impossible cards 3, run twice shared flop 1;
    # the six one-hand fixtures of the player statistics (stats_*.txt) and the four of
    # the all-in EV (ev_*.txt); 28 of the procedure checks (procedure_*.txt: pot-limit
    # overbet 2, heads-up blinds 2, out of turn 4, limit raise cap 2, straddle and dead
    # blind 3, showdown order 2, no-limit min raise 1, blinds on the wrong seat 2, out
    # of turn on each street 4, in Courchevel and heads-up 2, street lines damaged 2,
    # a big blind all-in on the ante 2);
    # Run It Once's check for an all-in player 1; the
    # one hand of ante_side_pot.txt (the PHH/OHH export's ante fixture); the three
    # Binglao hands and the one nine-or-better hand (tests/test_game_per_hand.py);
    # the totals' fixtures (a EUR session 2, a tournament seat sitting out 2,
    # tournaments in two currencies 4) and the two one-hand PHH fixtures (phh_*.txt);
    # the kernel's fast paths (tests/test_pokerstars_kernel.py): hours of daylight
    # saving time 4, the same words in cents and in chips 2; the sit-out lines and a
    # summary's bare "mucked" 1 (tests/test_pokerstars_lines.py); hands read in part
    # (tests/test_read_in_part.py): an unread river line 1, around procedure findings 3;
    # a CNY table's hand in yuan 1 (tests/test_pppoker.py); a limit hand's "Betting is
    # capped" 1 and a cap table's "has reached the $10 cap" 1, Run It Once's re-raises
    # 2 (tests/test_pokerstars_lines.py); a player's two tables of two structures at
    # one moment 2 (tests/test_listing_order.py); the audit's probes, each hand paid
    # right and wrong, 22, and collect lines written low half first 3
    # (tests/test_audit_probes.py); a freeroll's header 1 (tests/test_reader_variants.py);
    # rules and pots probed from bug reports, paid right and wrong, 27
    # (tests/test_rules_probes.py); a hand cut mid-line and the next one written on
    # that line 2, a StarsCoin tournament 1, a converted tournament hand 1
    # (tests/test_reader_variants.py); PokerMaster's five cards under an "Omaha" game
    # line 3 (tests/test_pokermaster_five_cards.py).
    # the fixed-limit cap lifted with one player all-in 2 (tests/test_procedure.py); a
    # converter's unpadded times and wins written in the summary alone 2
    # (tests/test_pokerstars_ledger.py); hands written by clients in other languages 6
    # (tests/test_pokerstars_languages.py: Spanish 4, German 1, Portuguese 3) and a
    # PokerBros hand 1 (the same file); the fixed-limit cap by the format's rule, a
    # tournament and a cash hand 2 (tests/test_procedure.py); a download's "Hand #N:"
    # line before each hand 2 (tests/test_reader_variants.py); a short all-in that does
    # not reopen the betting 8 (tests/test_procedure.py); a Portuguese play-money
    # tournament's buy-in with no currency 2 (tests/test_pokerstars_languages.py); a
    # hi/lo hand whose last summary line a cut file ends in 1
    # (tests/test_pokerstars_description_cut.py).
    assert stats.hands == len(rs) == 220
    # failed: truncated 2, cancelled 1, out of range 5, damaged 3, unknown game 2,
    # impossible cards 3, a Spanish header in a form not read 1, a German hand and a
    # Portuguese cash hand 2; skipped: the hold'em hand and the razz hand
    assert (stats.records, stats.skipped, stats.failed) == (199, 2, 19)
    assert stats.codes == {
        # malformed 1 + truncated 1 + seat 1001 hand 2 (Lea's post and collect) +
        # the damaged hands' lines (13 + 13 + 9) + the two damaged street lines + the
        # four of the hands read in part + a river line cut mid-way 1 + a Spanish hand's
        # all-in and its loser's summary line 2
        "unrecognised_line": 48,
        "bad_cards": 1,
        "truncated_hand": 2,
        "hand_cancelled": 1,
        "out_of_range": 7,  # 1 + 2 + 1 + 2 + 1 in the five hands
        "unknown_player": 1,  # the uncalled bet to Lea, who sits in no seat
        "bad_header": 6,  # 3 damaged + a Spanish, a German and a Portuguese cash hand
        "unknown_game": 2,
        "impossible_cards": 3,
    }


# ----------------------------------------------------------------------------- limit stakes
# A limit header names the small bet and the big bet; the blinds are the posts.


def test_limit_blinds_are_half_the_small_bet() -> None:
    # "($1/$2 USD)": bets $1 (preflop, flop) and $2 (turn, river); posts $0.50/$1.
    g = one("limit_blinds_are_half_the_small_bet.txt").hand.game
    assert (g.structure, g.hi_lo, g.currency) == (BettingStructure.LIMIT, True, "USD")
    assert (g.small_bet, g.big_bet, g.small_blind, g.big_blind) == (100, 200, 50, 100)


def test_limit_small_blind_rounded_down() -> None:
    # "($0.25/$0.50 USD)" posts $0.10/$0.25: the posted small blind (10), not 25 // 2.
    g = one("limit_small_blind_rounded_down.txt").hand.game
    assert (g.small_bet, g.big_bet, g.small_blind, g.big_blind) == (25, 50, 10, 25)


def test_limit_blind_posts_missing_derived() -> None:
    # No post lines: big blind = small bet = 5, small blind = 5 // 2 = 2.
    g = one("limit_blind_posts_missing_derived.txt").hand.game
    assert (g.small_bet, g.big_bet, g.small_blind, g.big_blind) == (5, 10, 2, 5)


def test_limit_tournament_level_names_the_bets() -> None:
    # PokerStars' own form: "Level II (30/60)" bets 30/60 and posts 15/30.
    g = one("limit_tournament_level_names_the_bets.txt").hand.game
    assert (g.currency, g.level) == ("CHIPS", "II")
    assert (g.small_bet, g.big_bet, g.small_blind, g.big_blind) == (30, 60, 15, 30)


def test_limit_tournament_level_names_the_blinds() -> None:
    # Generated form: "Level I (10/20)" posts 10/20 and bets 20 (preflop, flop) / 40.
    g = one("limit_tournament_level_names_the_blinds.txt").hand.game
    assert (g.small_bet, g.big_bet, g.small_blind, g.big_blind) == (20, 40, 10, 20)


def _game_without(name: str, *drop: str) -> tuple[int | None, int | None, int, int]:
    """The fixture's game with the lines containing each of ``drop`` removed."""
    from hhtools.grammars.pokerstars import parse_hand

    text = (FIX / name).read_text(encoding="utf-8").strip("\n")
    text = "\n".join(ln for ln in text.split("\n") if not any(d in ln for d in drop))
    hand, problems, _ = parse_hand(text)
    assert hand is not None, [str(p) for p in problems]
    g = hand.game
    return g.small_bet, g.big_bet, g.small_blind, g.big_blind


def test_limit_one_post_missing_or_all_in() -> None:
    half = "limit_blinds_are_half_the_small_bet.txt"
    # only the big blind posted: small blind derived as 100 // 2
    assert _game_without(half, "posts small blind") == (100, 200, 50, 100)
    # only the small blind posted: big blind derived as the small bet
    assert _game_without("limit_small_blind_rounded_down.txt", "posts big blind") == (
        25, 50, 10, 25)  # fmt: skip
    # an all-in post may be short: not taken as the blind
    text = (FIX / half).read_text(encoding="utf-8").strip("\n")
    text = text.replace("posts big blind $1", "posts big blind $0.40 and is all-in")
    from hhtools.grammars.pokerstars import parse_hand

    hand, _, _ = parse_hand(text)
    assert hand is not None
    assert (hand.game.small_blind, hand.game.big_blind) == (50, 100)


def test_limit_tournament_level_told_apart_by_posts() -> None:
    blinds = "limit_tournament_level_names_the_blinds.txt"
    bets = "limit_tournament_level_names_the_bets.txt"
    # big blind missing: the small blind (10 == the level's first number) decides
    assert _game_without(blinds, "posts big blind") == (20, 40, 10, 20)
    assert _game_without(bets, "posts big blind") == (30, 60, 15, 30)
    # no posts at all: PokerStars' own form (the level names the bets)
    assert _game_without(blinds, "posts ") == (10, 20, 5, 10)


def test_non_limit_games_have_no_bet_sizes() -> None:
    for name in ("zoom_eur_no_limit.txt", "run_it_twice.txt", "tournament_knockout_antes.txt"):
        for r in results(name):
            if r.hand is not None:
                assert (r.hand.game.small_bet, r.hand.game.big_bet) == (None, None)


def test_mixed_game_limit_stakes() -> None:
    from hhtools.grammars.pokerstars import parse_hand

    text = (FIX / "limit_blinds_are_half_the_small_bet.txt").read_text(encoding="utf-8")
    text = text.strip("\n").replace(
        "Omaha Hi/Lo Limit ($1/$2 USD)", "8-Game (Omaha Hi/Lo Limit, $1/$2 USD)"
    )
    hand, problems, _ = parse_hand(text)
    assert hand is not None and problems == []
    g = hand.game
    assert (g.structure, g.hi_lo) == (BettingStructure.LIMIT, True)
    assert (g.small_bet, g.big_bet, g.small_blind, g.big_blind) == (100, 200, 50, 100)


# ----------------------------------------------------------------------------- folds
# A fold worded differently is a fold; a fold only the summary names is inferred.


def test_folds_disconnect_and_timed_out() -> None:
    r = one("folds_disconnect_and_timed_out.txt")
    assert acts(r) == [
        ("preflop", "Bo", "post", 25, None, False),
        ("preflop", "Cat", "post", 50, None, False),
        ("preflop", "Di", "fold", 0, None, False),  # "Di: folds (disconnect)"
        ("preflop", "Al", "raise", 125, 175, False),
        ("preflop", "Bo", "call", 150, None, False),
        ("preflop", "Cat", "call", 125, None, False),
        ("flop", "Bo", "check", 0, None, False),
        ("flop", "Cat", "bet", 525, None, False),
        ("flop", "Al", "call", 525, None, False),
        # Bo timed out facing the bet: no fold line, the summary says "folded on the Flop"
        ("flop", "Bo", "fold", 0, None, False),
        ("turn", "Cat", "check", 0, None, False),
        ("turn", "Al", "bet", 1000, None, False),
        ("turn", "Cat", "fold", 0, None, False),
    ]
    h = r.hand
    assert h is not None
    assert h.actions[2].line == 11 and h.actions[9].line == 32  # the summary line
    # Di's and Cat's summary folds have their body fold: nothing added
    assert [a.line for a in h.actions if a.kind is A.FOLD] == [11, 32, 24]


def test_fold_wordings() -> None:
    from hhtools.grammars.pokerstars import parse_hand

    text = (FIX / "folds_disconnect_and_timed_out.txt").read_text(encoding="utf-8").strip("\n")
    for wording in ("Cat: folds (timeout)", "Cat folds", "Cat: folds [Kh Kc 4d 4s]",
                    "Cat: folds (disconnect) [Kh Kc 4d 4s]"):  # fmt: skip
        hand, problems, _ = parse_hand(text.replace("Cat: folds", wording))
        assert problems == [] and hand is not None, wording
        assert hand.actions[-1] == Action(P.TURN, "Cat", A.FOLD, line=24), wording


# ----------------------------------------------------------------------------- blank lines


def test_blank_lines_inside_a_hand() -> None:
    r = one("blank_lines_inside_hand.txt")
    h = r.hand
    assert h is not None
    assert (h.table, h.button) == ("Lyra II", 3)
    assert [(s.seat, s.player, s.stack, s.line) for s in h.seats] == [
        (1, "Fay", 1000, 4), (3, "Gus", 1250, 6), (5, "Hal", 800, 8)]  # fmt: skip
    assert acts(r) == [
        ("preflop", "Fay", "post", 5, None, False),
        ("preflop", "Hal", "post", 10, None, False),
        ("preflop", "Gus", "raise", 25, 35, False),
        ("preflop", "Fay", "fold", 0, None, False),
        ("preflop", "Hal", "call", 25, None, False),
        ("flop", "Hal", "check", 0, None, False),
        ("flop", "Gus", "bet", 50, None, False),
        ("flop", "Hal", "fold", 0, None, False),
    ]
    assert h.returned == (Returned("Gus", 50, 24),)
    assert h.collects == (Collect("Gus", 72, line=25),)
    assert (h.total_pot, h.rake, h.boards) == (75, 3, (("Qh", "8d", "3s"),))


# ----------------------------------------------------------------------------- cancelled


def test_hand_cancelled_is_a_problem_not_a_record() -> None:
    cancelled, after = results("hand_cancelled.txt")
    assert cancelled.hand is None and cancelled.hand_id == "25000000501"
    assert [(p.code, p.line, p.excerpt) for p in cancelled.problems] == [
        (ProblemCode.HAND_CANCELLED, 6, "Hand cancelled")]  # fmt: skip
    assert after.hand is not None and after.problems == ()
    assert after.hand.collects == (Collect("Jem", 10, line=21),)


# ----------------------------------------------------------------------------- damaged headers


def _blanked(text: str, first: int, last: int) -> str:
    """``text`` with lines ``first``..``last`` (1-based) turned to spaces: same lines,
    same byte offsets (ASCII), no hand."""
    lines = text.split("\n")
    for k in range(first - 1, last):
        lines[k] = " " * len(lines[k])
    return "\n".join(lines)


def test_damaged_headers_never_merge(tmp_path: Path) -> None:
    name = "damaged_headers_after_good_hands.txt"
    rs = results(name)
    assert [(r.line, r.hand is not None) for r in rs] == [
        (1, True), (25, False), (42, True), (56, False), (71, False), (84, True)]  # fmt: skip
    # each damaged hand is reported on its own lines: a bad header, then every line
    assert [(p.code, p.line) for p in rs[1].problems][:2] == [
        (ProblemCode.BAD_HEADER, 25), (ProblemCode.UNRECOGNISED_LINE, 26)]  # fmt: skip
    assert rs[1].problems[0].excerpt.startswith("PokerStrs Hand #270000000802:")
    assert [p.line for p in rs[1].problems] == list(range(25, 39))
    # "#27000000x804" right after the summary, no blank line between
    assert rs[3].problems[0].excerpt.startswith("PokerStars Hand #27000000x804:")
    assert [p.line for p in rs[3].problems] == list(range(56, 70))
    # "PokerStars Hand 270000000805" (no "#"): cut at its table line, the header with it
    assert rs[4].problems[0].excerpt == "PokerStars Hand 270000000805  Omaha Pot Lim"
    assert [p.line for p in rs[4].problems] == list(range(71, 81))
    # the good hands are stored exactly as if the damaged ones were absent
    text = (FIX / name).read_text(encoding="utf-8")
    clean = _blanked(_blanked(_blanked(text, 25, 38), 56, 69), 71, 80)
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    dirty = [r.hand for r in parse_file(f) if r.hand is not None]
    f.write_text(clean, encoding="utf-8")
    alone = [r for r in parse_file(f)]
    assert [r.problems for r in alone] == [(), (), ()]
    assert dirty == [r.hand for r in alone]
    # and the first one equals it parsed from a file that holds nothing else
    f.write_text(text.split("\n\n\n\n")[0] + "\n", encoding="utf-8")
    (only,) = list(parse_file(f))
    assert only.hand == dirty[0]


# ----------------------------------------------------------------------------- games


def test_unknown_omaha_games_and_skipped_notes() -> None:
    spread, razz, mixed = results("unknown_omaha_game_spread_limit.txt")
    assert spread.hand is None and spread.skipped is None
    assert [(p.code, p.line) for p in spread.problems] == [(ProblemCode.UNKNOWN_GAME, 1)]
    assert "Omaha Hi/Lo Spread Limit" in spread.problems[0].message
    assert mixed.hand is None and mixed.skipped is None
    assert [(p.code, p.line) for p in mixed.problems] == [(ProblemCode.UNKNOWN_GAME, 38)]
    assert "Courchevel Hi/Lo Spread Limit" in mixed.problems[0].message
    assert razz.hand is None and razz.skipped == "not an Omaha-family game: Razz Limit"


def test_skipped_game_gives_a_note() -> None:
    from hhtools.grammars.pokerstars import FORMAT

    text = (FIX / "mixed_holdem_skipped.txt").read_text(encoding="utf-8").split("\n\n\n")[0]
    parsed = FORMAT.parse(HandText(text.strip("\n"), "f.txt", 7, 100))
    assert parsed.hand is None
    assert parsed.skipped == "not an Omaha-family game: Hold'em No Limit"
    assert parsed.hand_id == "240000000006"
    (note,) = parsed.problems
    assert (note.code, note.file, note.line, note.hand_id, note.message) == (
        ProblemCode.SKIPPED_GAME, "f.txt", 7, "240000000006",
        "not an Omaha-family game: Hold'em No Limit")  # fmt: skip
    assert note.excerpt == text.split("\n")[0]


# ----------------------------------------------------------------------------- cards


def test_impossible_cards() -> None:
    rs = results("impossible_cards.txt")
    assert [r.hand for r in rs] == [None, None, None]
    found = [[(p.code, p.line, p.message) for p in r.problems] for r in rs]
    assert found == [
        # Rob shows the Ah dealt to Quin (line 8)
        [(ProblemCode.IMPOSSIBLE_CARDS, 21, ("card Ah appears twice: in Rob's hole cards on "
                                              "this line and in Quin's hole cards on line 8"))],
        # the flop holds the Kd dealt to Quin (line 39)
        [(ProblemCode.IMPOSSIBLE_CARDS, 42, ("card Kd appears twice: on the board on this "
                                              "line and in Quin's hole cards on line 39"))],
        # the turn repeats the flop's 6h
        [(ProblemCode.IMPOSSIBLE_CARDS, 68, "card 6h appears twice on this line (on the board)")],
    ]
    assert rs[0].problems[0].excerpt == "Rob: shows [Ah Td 9d 4s] (high card Queen)"


def test_run_twice_boards_checked_one_at_a_time() -> None:
    from hhtools.grammars.pokerstars import parse_hand

    h = one("run_it_twice_shared_flop.txt").hand
    assert h is not None
    # both boards start with the one flop; each is checked with the hole cards alone
    assert h.boards == (("2h", "7d", "Tc", "Kh", "3s"), ("2h", "7d", "Tc", "Qd", "6h"))
    assert h.collects == (Collect("Quin", 9900, line=21), Collect("Quin", 9900, 0, 1, 25))
    # a hole card on the second board only is still a card seen twice
    text = (FIX / "run_it_twice_shared_flop.txt").read_text(encoding="utf-8").strip("\n")
    hand, problems, _ = parse_hand(text.replace("[2h 7d Tc Qd] [6h]", "[2h 7d Tc Qd] [4c]"))
    assert hand is None
    assert [(p.code, p.line) for p in problems] == [(ProblemCode.IMPOSSIBLE_CARDS, 19)]



def test_separator_between_exported_hands_is_read() -> None:
    from hhtools.grammars.pokerstars import parse_hand

    text = (FIX / "zoom_eur_no_limit.txt").read_text(encoding="utf-8").strip("\n")
    ref, _, _ = parse_hand(text)
    hand, problems, _ = parse_hand(text + "\n\n*********** # 2 **************")
    assert problems == [] and hand is not None and ref is not None
    assert (hand.actions, hand.collects, hand.total_pot) == (
        ref.actions, ref.collects, ref.total_pot)  # fmt: skip
