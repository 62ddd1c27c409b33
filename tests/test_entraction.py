"""Entraction grammar: hand-written fixtures (tests/fixtures/entraction/) and the real corpus.

Every expected amount below is worked out by hand from the fixture text (the comments
show the sums); none is copied from the code's output.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from hhtools.grammars import entraction, recognise

from hhtools.model.records import ActionKind, HandText, PostKind, Variant
from hhtools.model.vocab import ProblemCode
from tests.small_sites import (
    BAD,
    FIXTURES,
    import_corpus,
    kinds,
    manifest_hands,
    parse_fixture,
    with_lines,
)

FMT = entraction.FORMAT
FIRST = "dead_small_blind_out_of_turn_payback_skipped_holdem_cut.txt"
FIVE = "five_card_short_allin_call_payback.txt"


def test_recognise_is_specific() -> None:
    head = (FIXTURES / "entraction" / FIRST).read_text("utf-8")
    assert FMT.recognise(head) and recognise(head) is FMT
    for other in ("PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD)",
                  "Stage #1828549717: Omaha Hi/Lo (1 on 1)  Normal $30/$60 - 2009-12-31",
                  "***** Betfair Poker Hand History for Game 1 *****",
                  "Hand#2999013495000096 - Odesa (6-Max) 13495 -- $0.04/$0.08 PL Omaha"):
        assert not FMT.recognise(other)


def test_dead_small_blind_blind_out_of_turn_payback() -> None:
    hand, holdem, cut = parse_fixture(FMT, FIRST)
    assert holdem.hand is None and holdem.skipped and holdem.hand_id == "5100000002"
    assert cut.hand is None and [p.code for p in cut.problems] == [ProblemCode.TRUNCATED_HAND]
    h = hand.hand
    assert h is not None and hand.problems == ()
    assert (h.table, h.max_seats, h.button, h.hero) == ("Vasa 6", 6, 1, "Tova")
    # The one time printed is the end: 21:40:13 CEST (UTC+2).
    assert h.started_at_utc == datetime(2011, 10, 2, 19, 40, 13, tzinfo=UTC)
    acts = [(a.player, a.kind, a.amount, a.to_amount, a.post) for a in h.actions]
    assert acts[:10] == [
        ("Petra", ActionKind.POST, 25, None, PostKind.SMALL_BLIND),
        ("Rune", ActionKind.POST, 50, None, PostKind.BIG_BLIND),
        ("Tova", ActionKind.POST, 75, None, PostKind.DEAD_SMALL_AND_BIG),
        ("Sigrid", ActionKind.POST, 50, None, PostKind.BIG_BLIND),  # out of turn: live
        ("Sigrid", ActionKind.CHECK, 0, None, None),
        ("Tova", ActionKind.RAISE, 150, 200, None),  # adds 1.50 to her live 0.50
        ("Oskar", ActionKind.FOLD, 0, None, None),
        ("Petra", ActionKind.FOLD, 0, None, None),
        ("Rune", ActionKind.CALL, 150, None, None),
        ("Sigrid", ActionKind.CALL, 150, None, None),
    ]
    assert [(r.player, r.amount, r.inferred) for r in h.returned] == [("Sigrid", 400, False)]
    # In: 0.25 + 2 + 2 + 2.25 = 6.50 = 6.20 paid + 0.30 rake (printed).
    assert ([(c.player, c.amount) for c in h.collects], h.rake, h.inferred) == (
        [("Sigrid", 620)], 30, ())  # fmt: skip
    assert h.shows == () and not kinds(h) & BAD


def test_five_card_omaha_short_all_in_call() -> None:
    (ph,) = parse_fixture(FMT, FIVE)
    h = ph.hand
    assert h is not None and ph.problems == ()
    assert (h.game.variant, h.game.small_blind, h.game.big_blind) == (Variant.OMAHA5, 10, 20)
    assert h.hole_cards["Ulrik"] == ("Ah", "Kh", "Qh", "3c", "3d")
    flop = [(a.player, a.kind, a.amount, a.to_amount, a.all_in) for a in h.actions][4:]
    assert flop == [
        ("Vilma", ActionKind.BET, 120, None, False),
        ("Ulrik", ActionKind.RAISE, 360, 480, False),
        ("Vilma", ActionKind.CALL, 130, None, True),  # her last 1.30: 2.50 of 4.80
    ]
    assert [(r.player, r.amount) for r in h.returned] == [("Ulrik", 230)]
    assert h.boards == (("Jh", "3s", "8c", "2d", "Kc"),)
    # 2 x (0.60 + 2.50) = 6.20: 5.90 to Vilma's jacks, 0.30 rake.
    assert ([(c.player, c.amount) for c in h.collects], h.rake) == ([("Vilma", 590)], 30)
    assert h.started_at_utc == datetime(2012, 8, 15, 21, 5, 30, tzinfo=UTC)  # BST is UTC+1
    assert not kinds(h) & BAD


def test_bad_input_never_raises() -> None:
    text = (FIXTURES / "entraction" / FIVE).read_text("utf-8")
    ph = FMT.parse(HandText(text.replace("EUR 20.00 in", "EUR 20000000000000000 in"), "x", 1, 0))
    assert ph.hand is None and ProblemCode.OUT_OF_RANGE in {p.code for p in ph.problems}
    ph = FMT.parse(HandText(text.replace("Jc - Js - 8d", "Jc - Js - 8c"), "x", 1, 0))
    assert ph.hand is None and ProblemCode.IMPOSSIBLE_CARDS in {p.code for p in ph.problems}
    ph = FMT.parse(HandText(text.replace("Vilma                       Call", "Vilma  Whistle"),
                            "x", 1, 0))  # fmt: skip
    assert ProblemCode.UNRECOGNISED_LINE in {p.code for p in ph.problems}
    ph = FMT.parse(HandText(text.replace("5-Card Omaha High", "5-Card Omaha Crazy"), "x", 1, 0))
    assert [p.code for p in ph.problems] == [ProblemCode.UNKNOWN_GAME]
    for cut in range(0, len(text), 59):
        FMT.parse(HandText(text[:cut], "x", 1, 0))  # never raises


def test_real_entraction_hands(tmp_path: Path) -> None:
    got = import_corpus("Entraction", tmp_path)
    assert (got.hands, got.failed) == (manifest_hands("Entraction"), 0) and got.hands == 3
    assert got.problems == [] and got.formats == [("entraction",)]
    # Only the training list of hold'em-style misreads; no money, no procedure finding
    # (the "Blind out of turn" and "Small + Big Blind" posts are read as posts to come in).
    assert {k for _, k in got.findings} <= {"holdem_misread_prone"}


def test_winnings_name_no_pot_the_audit_spreads_them() -> None:
    # Ada is all-in for 5.00 (0.70 + 4.30): main pot 3 x 5.00 = 15.00; Bert and Cleo put
    # in 5.00 more each on the turn: side pot 10.00. Rake 0.75, pro rata 0.45 + 0.30.
    # Ada's three kings take the main pot, 14.55; Bert's three nines beat Cleo's aces
    # for the side pot, 9.70. Entraction writes "wins: EUR x" with no pot: the record
    # says so, and the audit finds each amount in the pot the rules give it.
    from hhtools.audit.settle import settle

    (ph,) = parse_fixture(FMT, "side_pot_won_by_another_player.txt")
    h = ph.hand
    assert h is not None and ph.problems == () and h.pots_named is False
    assert [(c.player, c.amount) for c in h.collects] == [("Ada", 1455), ("Bert", 970)]
    assert h.rake == 75
    paid = {(p.pot, x.player): (x.paid, x.due) for p in settle(h).pots for x in p.lines
            if x.paid or x.due}  # fmt: skip
    assert paid == {(0, "Ada"): (1455, 1455), (1, "Bert"): (970, 970)}
    assert not kinds(h) & BAD


def test_game_ended_with_a_gmt_offset() -> None:
    """Older versions end a hand "Game ended ... GMT+01:00": the hand is complete."""
    (ph,) = parse_fixture(FMT, "game_ended_gmt_offset.txt")
    h = ph.hand
    assert h is not None and ph.problems == ()
    assert h.time_zone == "GMT+01:00"
    # 23:10:05 at GMT+01:00 is 22:10:05 UTC.
    assert h.started_at_utc == datetime(2012, 6, 2, 22, 10, 5, tzinfo=UTC)
    # In: Hedda 1.75 (+2.50 bet, paid back) + Ingvar 0.25 + Jorunn 1.75 = 3.75
    # = 3.60 won + 0.15 rake.
    assert [(r.player, r.amount) for r in h.returned] == [("Hedda", 250)]
    assert ([(c.player, c.amount) for c in h.collects], h.rake) == ([("Hedda", 360)], 15)
    assert not kinds(h) & BAD


def test_a_player_sitting_out_is_not_dealt_in() -> None:
    """"Karin   Sitting out" (the dealer's seat): she is not dealt in."""
    (ph,) = parse_fixture(FMT, "sitting_out_not_dealt_in.txt")
    h = ph.hand
    assert h is not None and ph.problems == ()
    assert [(s.player, s.sitting_out) for s in h.seats] == [
        ("Ingrid", False), ("Jonas", False), ("Karin", True)]  # fmt: skip
    # Ingrid 0.05 + 0.25 = 0.30, 0.20 paid back: 0.10 + 0.10 = 0.20 won, no rake.
    assert ([(c.player, c.amount) for c in h.collects], h.rake) == ([("Ingrid", 20)], 0)


def test_dealer_line_with_more_words_is_unread_not_swallowed() -> None:
    # "Dealer:   Ada" names the button alone; "Dealer:   Ada   Ante   (0.05)" has more
    # words after the name (the old rule read it as the button and nothing else): not
    # understood, the hand read in part on that line alone. "Ada   Timed out" (no chips)
    # stays read.
    odd = "Dealer:                     Ada         Ante        (0.05)"
    ph, lines = with_lines(entraction.FORMAT, "side_pot_won_by_another_player.txt",
                           "Dealer:                     Ada",
                           [odd, "Ada                         Timed out"])
    assert ph.hand is not None
    assert ph.hand.unread_lines == (lines.index(odd) + 1,)  # file lines count from 1


def test_tournament_chips_ante_column_lines() -> None:
    """An Entraction tournament (fpdb-3's real 2012 file) names no currency and an ante
    in its header ("200/400 and 20 ante"), none on its seats ("(6,003.00 in seat 1)")
    nor its wins ("wins:   1,160.00"), and writes each ante as a column line: the
    header was not read, every hand lost. PL Omaha 100/200, antes 10: Ana raises to 700,
    Ben is all in for his last 1,100 (1,200), Cid folds his 200, Ana calls 500: 30 +
    200 + 2 x 1,200 = 2,630 to Ana's aces."""
    (r,) = parse_fixture(entraction.FORMAT, "tournament_chips_ante_column_lines.txt")
    h = r.hand
    assert h is not None and r.problems == ()
    g = h.game
    assert (g.currency, g.ante, g.small_blind, g.big_blind, g.tournament_id) == (
        "CHIPS", 10, 100, 200, "")  # fmt: skip
    assert [(s.player, s.stack) for s in h.seats] == [("Ana", 3000), ("Ben", 1210), ("Cid", 4500)]
    assert [(c.player, c.amount) for c in h.collects] == [("Ana", 2630)]
    assert not kinds(h) & BAD
