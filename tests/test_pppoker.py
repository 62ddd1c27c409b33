"""PPPoker grammar (and SupremaPoker's hands, written the same way): hand-written
fixtures (tests/fixtures/pppoker/) and the real files of ../shared/corpus2/PPPoker.

Every expected amount below is worked out by hand from the fixture text (the comments
show the sums); none is copied from the code's output.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import duckdb
import pytest

from hhtools.audit import audit_hand
from hhtools.grammars import pppoker, recognise
from hhtools.model.money import Unit, format_money, parse_money
from hhtools.model.records import (
    ActionKind,
    BettingStructure,
    ClaimedHigh,
    HandText,
    PostKind,
    Variant,
)
from hhtools.model.vocab import FindingKind, HandCategory, ProblemCode
from hhtools.store.importer import import_paths
from tests.conftest import SHARED
from tests.small_sites import BAD, FIXTURES, kinds, parse_fixture

FMT = pppoker.FORMAT
CORPUS2 = SHARED / "corpus2"


def test_recognise_is_specific() -> None:
    head = (FIXTURES / "pppoker" / "five_card_shows_in_summary_only.txt").read_text()
    assert FMT.recognise(head) and recognise(head) is FMT
    suprema = "SupremaPoker Hand #2626880000777:  5 Card Omaha Pot Limit (¥0.30/¥0.60 CNY) - x"
    assert recognise(suprema) is FMT
    for other in ("PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD) - 2020/01/01 1:00:00 ET",
                  "Poker Hand #OM1410171: PLO-5 ($0.1/$0.25) - 2021/04/13 10:03:48",
                  "***** Betfair Poker Hand History for Game 100000000 *****"):
        assert not FMT.recognise(other)


def test_yuan_amounts_are_cny_fen() -> None:
    # "¥" is the yuan (CNY), counted in fen (1/100): ¥25 = 2500, ¥0.30 = 30
    assert parse_money("¥25", Unit.CENTS) == 2500 and parse_money("¥0.30", Unit.CENTS) == 30
    assert format_money(2995, "CNY") == "¥29.95"


def test_five_card_shows_in_summary_only() -> None:
    (ph,) = parse_fixture(FMT, "five_card_shows_in_summary_only.txt")
    h = ph.hand
    assert h is not None and ph.problems == () and h.unread_lines == ()
    g = h.game
    assert (g.variant, g.structure, g.hi_lo, g.small_blind, g.big_blind, g.currency) == (
        Variant.OMAHA5, BettingStructure.POT_LIMIT, False, 10, 20, "USD")  # fmt: skip
    assert (h.site, h.site_format, h.hand_id, h.button, h.max_seats) == (
        "pppoker", "pppoker", "771204400000101", 1, 6)  # fmt: skip
    assert h.table == "ClubId:424242,Table:PPP_77120440"
    # the header's clock is UTC ("... 04:15:30 UTC")
    assert h.started_at == datetime(2025, 3, 9, 4, 15, 30)
    assert h.started_at_utc == datetime(2025, 3, 9, 4, 15, 30, tzinfo=UTC)
    # put in: 5550202 0.10 + 0.50 + 1.00 + 2.00 = 3.60; 5550606 0.60 + 1.00 + 2.00 = 3.60;
    # 5550404 0.20: 7.40; rake 0.35; collected 7.40 - 0.35 = 7.05
    assert (h.total_pot, h.rake, [(c.player, c.amount) for c in h.collects]) == (
        740, 35, [("5550202", 705)])  # fmt: skip
    raise_ = next(a for a in h.actions if a.kind is ActionKind.RAISE)
    assert (raise_.player, raise_.amount, raise_.to_amount) == ("5550606", 40, 60)
    # the cards are shown in the summary only; "folded on the Flop" of the players who
    # folded before it changes none of their actions
    assert {s.player: s.cards for s in h.shows} == {
        "5550202": ("Tc", "Jh", "7s", "7d", "Ac"), "5550606": ("Kd", "Ks", "4h", "5c", "6d")}
    assert h.shows[0].claimed_high == ClaimedHigh(HandCategory.STRAIGHT, (10,))
    folds = {a.player: a.street.value for a in h.actions if a.kind is ActionKind.FOLD}
    assert folds == {"5550101": "preflop", "5550404": "preflop"}
    # 6-7-8-9-T (Tc 7s + 9c 8d 6c) beats three Kings (Kd Ks + Kh 9c 8d): paid as due
    assert kinds(h) & BAD == set()


def test_cny_ante_straddle() -> None:
    stars_like, suprema = parse_fixture(FMT, "cny_ante_straddle.txt")
    h = stars_like.hand
    assert h is not None and stars_like.problems == ()
    g = h.game
    # "(¥1/¥2 - Ante ¥0.50 CNY)": yuan in fen
    assert (g.variant, g.small_blind, g.big_blind, g.ante, g.currency) == (
        Variant.OMAHA, 100, 200, 50, "CNY")  # fmt: skip
    posts = [(a.player, a.post, a.amount) for a in h.actions if a.kind is ActionKind.POST]
    assert posts[:3] == [("8810004", PostKind.SMALL_BLIND, 100),
                         ("8810005", PostKind.BIG_BLIND, 200),
                         ("8810001", PostKind.STRADDLE, 400)]  # fmt: skip
    assert sum(a for _, k, a in posts if k is PostKind.ANTE) == 250  # 5 x 0.50
    # the straddle counts: 8810003 raises ¥8 over it to ¥12, 8810005 calls ¥10 more
    raise_ = next(a for a in h.actions if a.kind is ActionKind.RAISE)
    assert (raise_.amount, raise_.to_amount) == (800, 1200)
    assert (h.hero, h.hole_cards["8810003"]) == ("8810003", ("Ah", "Kh", "Qd", "Jc"))
    # in: antes 2.50 + SB 1 + BB 2 + 10 + straddle 4 + 12 + 20 - 20 returned = 31.50;
    # collected 31.50 - 1.55 rake = 29.95
    assert [(r.player, r.amount, r.inferred) for r in h.returned] == [("8810003", 2000, False)]
    assert (h.total_pot, h.rake, h.collects[0].amount) == (3150, 155, 2995)
    assert kinds(h) & BAD == set()
    # a SupremaPoker hand in the same file: its own room, 5-card Omaha in yuan
    s = suprema.hand
    assert s is not None and suprema.problems == ()
    assert (s.site, s.site_format, s.hand_id, s.game.variant, s.game.currency) == (
        "suprema", "pppoker", "2626880000777", Variant.OMAHA5, "CNY")  # fmt: skip
    # in: 0.30 + 0.60 + 1.80 - 1.20 returned = 1.50, no rake
    assert (s.total_pot, s.rake, s.collects[0].amount, s.boards) == (150, 0, 150, ())


def test_five_card_run_twice() -> None:
    (ph,) = parse_fixture(FMT, "five_card_run_twice.txt")
    h = ph.hand
    assert h is not None and ph.problems == ()
    assert h.boards == (("Ac", "5d", "2s", "Kh", "4c"), ("Th", "9s", "2d", "6c", "7d"))
    # in: 0.50 + 1.00 + 37.50 + 37.50 = 76.50; net 76.50 - 3.00 = 73.50, 36.75 a run
    assert (h.total_pot, h.rake) == (7650, 300)
    assert [(c.player, c.amount, c.board) for c in h.collects] == [
        ("9920001", 3675, 0), ("9920002", 3675, 1)]  # fmt: skip
    allin = [a for a in h.actions if a.all_in]
    assert [(a.player, a.kind, a.amount) for a in allin] == [("9920002", ActionKind.CALL, 2550)]
    # run 1: As Ad + Ac = three Aces beat Ace high; run 2: Js 8h + Th 9s 7d = a straight,
    # Seven to Jack, beats a pair of Aces: each run paid to its winner as due
    claims = {(s.player, s.board): s.claimed_high for s in h.shows if s.description}
    assert claims[("9920002", 1)] == ClaimedHigh(HandCategory.STRAIGHT, (11,))
    assert kinds(h) & BAD == set()


def test_sitting_out_chat_and_skipped_holdem() -> None:
    holdem, omaha = parse_fixture(FMT, "sitting_out_holdem_skipped.txt")
    assert holdem.hand is None and holdem.skipped == "not an Omaha game: Hold'em No Limit"
    assert [p.code for p in holdem.problems] == [ProblemCode.SKIPPED_GAME]
    h = omaha.hand
    # the join and the chat carry no chips: read, nothing unread
    assert h is not None and omaha.problems == () and h.unread_lines == ()
    # seat 3 "is sitting out" on its seat line; 7730001 "sits out" before a chip: not dealt
    out = {s.player for s in h.seats if s.sitting_out}
    assert out == {"7730001", "7730003"}
    assert all(a.player != "7730001" for a in h.actions)
    # in: 7730002 3 + 6.50 + 10 = 19.50, 7730004 the same, 7730005 1: 40; rake 2; 38 paid
    assert (h.total_pot, h.rake, h.collects[0].amount) == (4000, 200, 3800)
    # "mucks hand": 7730002's cards stay unknown; Qd Qc + Qs = three Queens as claimed
    assert {s.player for s in h.shows} == {"7730004"}
    assert kinds(h) & (BAD | {FindingKind.MUCKED_WINNER}) == set()


def test_six_card_allin_mucks_hand_side_pot() -> None:
    (ph,) = parse_fixture(FMT, "six_card_allin_mucks_hand_side_pot.txt")
    h = ph.hand
    assert h is not None and ph.problems == () and h.game.variant is Variant.OMAHA6
    # every player "mucks hand" and the summary shows all three hands: shown, not mucked
    # (the winners "muck" too and are paid)
    assert [(s.player, s.mucked) for s in h.shows] == [
        ("6640001", False), ("6640002", False), ("6640003", False)]  # fmt: skip
    # in: 6640001 2.30 + 2.70 = 5; 6640002 2.30 + 6.90 + 5 - 2.20 = 12; 6640003 2.30 +
    # 6.90 + 2.80 = 12: 29. Main pot 3 x 5 = 15, side pot 2 x 7 = 14; 5% rake each:
    # 0.75 and 0.70 (1.45). Four Sevens (7h 7d + 7c 7s Ah) take the main
    # 15 - 0.75 = 14.25; Kings full (Kh Kc + Kd 7c 7s) beat two pair for the side 13.30
    assert (h.total_pot, h.rake, h.pots_named) == (2900, 145, False)
    due = {(p.pot, line.player): line.due for p in audit_hand(h).settlement.pots
           for line in p.lines if line.due}  # fmt: skip
    assert due == {(0, "6640001"): 1425, (1, "6640003"): 1330}
    assert kinds(h) & (BAD | {FindingKind.MUCKED_WINNER}) == set()


def test_omaha_hilo_hi_lo_words_split_pot() -> None:
    (ph,) = parse_fixture(FMT, "omaha_hilo_hi_lo_words_split_pot.txt")
    h = ph.hand
    assert h is not None and ph.problems == () and h.game.hi_lo
    # "(HI: a pair of Kings; LO: 8,5,3,2,A)": each half's words typed
    low = next(s for s in h.shows if s.player == "3330003")
    assert (low.description, low.low_description) == ("a pair of Kings", "8,5,3,2,A")
    assert (low.claimed_high, low.claimed_low) == (
        ClaimedHigh(HandCategory.ONE_PAIR, (13,)), (8, 5, 3, 2, 1))  # fmt: skip
    # in: 0.60 + 1 + 2 twice = 7.20, + SB 0.10 = 7.30; net 7.30 - 0.35 = 6.95: the high
    # half 3.48 (the odd cent) to Kc + Kh Ks, the low 3.47 to Ac 3h + 2c 5d 8s
    assert (h.total_pot, h.rake) == (730, 35)
    assert [(c.player, c.amount) for c in h.collects] == [("3330001", 348), ("3330003", 347)]
    assert kinds(h) & BAD == set()


def test_tournament_level_chips() -> None:
    (ph,) = parse_fixture(FMT, "tournament_level_chips.txt")
    h = ph.hand
    assert h is not None and ph.problems == ()
    g = h.game
    # "Tournament #55512, $10+$1 USD 5 Card Omaha Pot Limit - Level 3 (50/100)": chips
    assert (g.tournament_id, g.buy_in, g.level, g.currency) == (
        "55512", "$10+$1 USD", "Level 3", "CHIPS")  # fmt: skip
    assert (g.variant, g.small_blind, g.big_blind, [s.stack for s in h.seats]) == (
        Variant.OMAHA5, 50, 100, [2950, 3000, 4100])  # fmt: skip
    # in: 300 + 300 + SB 50 = 650 (the 650 bet returned), no rake
    assert (h.total_pot, h.rake, h.collects[0].amount, h.returned[0].amount) == (650, 0, 650, 650)
    assert kinds(h) & BAD == set()


def test_bad_input_never_raises() -> None:
    text = (FIXTURES / "pppoker" / "five_card_shows_in_summary_only.txt").read_text()
    ph = FMT.parse(HandText(text.replace("($35.50 in", "($3550000000000.00 in"), "x", 1, 0))
    assert ph.hand is None and ProblemCode.OUT_OF_RANGE in {p.code for p in ph.problems}
    ph = FMT.parse(HandText(text.replace("[Kd Ks 4h 5c 6d]", "[Kd Ks 4h 5c 6c]"), "x", 1, 0))
    assert ph.hand is None and ProblemCode.IMPOSSIBLE_CARDS in {p.code for p in ph.problems}
    ph = FMT.parse(HandText(text.replace("5550101: folds", "5550101: juggles"), "x", 1, 0))
    assert ph.hand is not None and [p.code for p in ph.problems] == [ProblemCode.UNRECOGNISED_LINE]
    ph = FMT.parse(HandText(text.replace("Rake $0.35", "Rake $0.35 | Tip $0.05"), "x", 1, 0))
    assert ph.hand is not None and [p.code for p in ph.problems] == [ProblemCode.UNRECOGNISED_LINE]
    ph = FMT.parse(HandText(text.replace("5 Card Omaha", "5 Card Omaha Crazy"), "x", 1, 0))
    assert [p.code for p in ph.problems] == [ProblemCode.UNKNOWN_GAME]
    for cut in range(0, len(text), 53):
        FMT.parse(HandText(text[:cut], "x", 1, 0))  # never raises


def test_real_pppoker_hands(tmp_path: Path) -> None:
    folder = CORPUS2 / "PPPoker"
    if not folder.is_dir():
        pytest.skip(f"real hand histories not found at {folder} (../shared is only beside CI)")
    db = tmp_path / "pp.duckdb"
    summary = import_paths([folder], db, workers=1)
    assert (summary.hands, summary.failed) == (2, 0)
    with duckdb.connect(str(db), read_only=True) as con:
        problems = con.execute("SELECT code FROM import_errors").fetchall()
        rows = con.execute("SELECT hand_id, total_pot, rake FROM hands ORDER BY 1").fetchall()
        findings = con.execute(
            "SELECT hand_id, kind, paid, due FROM findings WHERE kind <> 'holdem_misread_prone'"
            " ORDER BY 1, 2").fetchall()  # fmt: skip
    assert problems == []
    # ShowdownHand: in 6.60 + 9 + 15.75 twice = 62.70, + SB 0.30 = 63.00; 57.90 + 5.10 = 63
    # UtcTimestampFormat: in 1.80 twice = 3.60
    assert rows == [("886664460000891", 360, 36), ("928119270000247", 6300, 510)]
    # UtcTimestampFormat pays 3.30 of a 3.60 pot but writes "Rake $0.36": 3.30 + 0.36 =
    # 3.66, 0.06 more than went in (true of the file); the rules give the winner 3.60 -
    # 0.36 = 3.24 net. ShowdownHand: Kh Jh + Ks Jc 6d (two pair) beats As Ah (one pair).
    assert findings == [("886664460000891", "award_mismatch", 330, 324),
                        ("886664460000891", "chip_imbalance", 366, 360)]  # fmt: skip


def test_pokerstars_cny_yuan_stakes() -> None:
    """PokerStars-format files of CNY tables ("(¥3/¥6 CNY)", amounts "¥40.20") read
    through the shared money symbols (:data:`hhtools.model.money.SYMBOL_CLASS`)."""
    from hhtools.grammars import pokerstars

    (ph,) = parse_fixture(pokerstars.FORMAT, "cny_yuan_stakes.txt")
    h = ph.hand
    assert h is not None and ph.problems == ()
    assert (h.game.small_blind, h.game.big_blind, h.game.currency) == (300, 600, "CNY")
    assert [s.stack for s in h.seats] == [165677, 213800, 464997]
    # in: 18 + 18 + BB 6 = 42 (the 42 bet returned); rake 1.80; 42 - 1.80 = 40.20
    assert (h.total_pot, h.rake, h.collects[0].amount, h.returned[0].amount) == (
        4200, 180, 4020, 4200)  # fmt: skip
    assert kinds(h) & BAD == set()


def test_a_summary_cut_before_every_seat_line_is_a_hand_cut_short() -> None:
    # six_card_allin_mucks_hand_side_pot.txt: 6640003 "mucks hand" in the body and shows
    # its cards on its summary seat line (line 33) only. Cut after line 32, the hand was
    # read whole with that hand unknown, and the audit gave the side pot to 6640002
    # ('the site paid 6640002 $0.00, the rules give $13.30') on a hand that was only cut.
    # A summary without the seat line of every player who put chips in is cut short.
    fix = FIXTURES / "pppoker" / "six_card_allin_mucks_hand_side_pot.txt"
    lines = fix.read_text("utf-8").split("\n")
    for end in (29, 30, 31, 32):
        r = pppoker.FORMAT.parse(HandText("\n".join(lines[:end]), "m.txt", 1, 0))
        assert r.hand is None
        assert [(p.line, p.code) for p in r.problems] == [(end, ProblemCode.TRUNCATED_HAND)]
    # every seat line there (line 33), no "Hand ended" line: read, 6640003's kings full
    r = pppoker.FORMAT.parse(HandText("\n".join(lines[:33]), "m.txt", 1, 0))
    assert r.problems == () and r.hand is not None
    paid = [(c.player, c.amount) for c in r.hand.collects]
    assert paid == [("6640001", 1425), ("6640003", 1330)]
