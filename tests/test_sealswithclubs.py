"""Seals With Clubs grammar: hand-written fixtures (tests/fixtures/sealswithclubs/) and
the real corpus.

Amounts are hundredths of an mBTC (the minor unit this grammar chose: the site prints
mBTC with up to two decimals); every expected value is worked out by hand from the
fixture text in the comments.
"""

from __future__ import annotations

from functools import partial
from datetime import datetime
from pathlib import Path

import duckdb
import pytest
from hhtools.grammars import recognise, sealswithclubs

from hhtools.model.records import ActionKind, BettingStructure, HandText, PostKind, Street
from hhtools.model.vocab import PotPartsBasis, ProblemCode
from hhtools.store.importer import import_paths
from tests.conftest import manifest_hands, need_corpus
from tests.small_sites import BAD, kinds, parse_fixture, with_lines

FIXTURES = Path(__file__).parent / "fixtures" / "sealswithclubs"


_parse = partial(parse_fixture, sealswithclubs.FORMAT)
_kinds = kinds


def test_recognise_is_specific() -> None:
    head = (FIXTURES / "side_pot_paid_first_rake_per_pot_all_in_call.txt").read_text("utf-8")
    assert sealswithclubs.FORMAT.recognise(head)
    assert recognise(head) is sealswithclubs.FORMAT
    assert not sealswithclubs.FORMAT.recognise(
        "Hand #78708209 - Omaha H/L(Fixed Limit) - $20.00/$40.00 - 2019/07/18 15:13:01 UTC")
    assert not sealswithclubs.FORMAT.recognise("Game #1: Omaha (€0,10/€0,25) - 1:00:00 2.7.2012")
    assert not sealswithclubs.FORMAT.recognise("PokerStars Hand #1: Omaha Pot Limit ($1/$2 USD)")


def test_side_pot_paid_first_rake_per_pot() -> None:
    (ph,) = _parse("side_pot_paid_first_rake_per_pot_all_in_call.txt")
    h = ph.hand
    assert h is not None and ph.problems == ()
    g = h.game
    # "Blinds 0.50/1" mBTC: 50 and 100 hundredths of an mBTC.
    assert (g.structure, g.small_blind, g.big_blind, g.currency) == (
        BettingStructure.POT_LIMIT, 50, 100, "mBTC")  # fmt: skip
    assert (h.hand_id, h.table, h.button, h.max_seats, h.hero) == (
        "7000001-12", "PLO 6max .5/1 #3", 4, 6, "Mirela")  # fmt: skip
    assert h.started_at == datetime(2013, 5, 2, 18, 44, 10) and h.time_zone is None
    assert [(s.seat, s.player, s.stack, s.sitting_out) for s in h.seats] == [
        (1, "Mirela", 5725, False), (2, "Nandor", 1240, False), (4, "Oksana", 8000, False),
        (5, "Piet", 3310, True), (6, "Quill", 4175, False)]  # fmt: skip
    acts = [(a.street, a.player, a.kind, a.amount, a.to_amount, a.all_in) for a in h.actions]
    assert acts == [
        (Street.PREFLOP, "Quill", ActionKind.POST, 50, None, False),
        (Street.PREFLOP, "Mirela", ActionKind.POST, 100, None, False),
        (Street.PREFLOP, "Nandor", ActionKind.RAISE, 250, 350, False),  # "raises to 3.50"
        (Street.PREFLOP, "Oksana", ActionKind.CALL, 350, None, False),
        (Street.PREFLOP, "Quill", ActionKind.FOLD, 0, None, False),
        (Street.PREFLOP, "Mirela", ActionKind.RAISE, 1100, 1450, False),
        (Street.PREFLOP, "Nandor", ActionKind.CALL, 890, None, True),  # 3.50 + 8.90 = 12.40
        (Street.PREFLOP, "Oksana", ActionKind.CALL, 1100, None, False),
        (Street.FLOP, "Mirela", ActionKind.BET, 2000, None, False),
        (Street.FLOP, "Oksana", ActionKind.FOLD, 0, None, False),
    ]
    assert h.boards == (("8s", "5c", "2d", "Tc", "3h"),)
    assert [(r.player, r.amount, r.inferred) for r in h.returned] == [("Mirela", 2000, False)]
    # Main pot 3 x 12.40 + 0.50 = 37.70, less 0.94 = 36.76 to Nandor's eights and fives;
    # side pot 2 x 2.10 = 4.20 (Oksana folded), less 0.10 = 4.10 to Mirela.
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [
        ("Mirela", 410, 1), ("Nandor", 3676, 0)]  # fmt: skip
    assert (h.rake, h.total_pot, h.inferred) == (104, None, ())
    assert (h.pot_parts, h.pot_parts_basis) == ((3676, 410), PotPartsBasis.NET)
    assert not _kinds(h) & BAD


def test_dead_small_and_big_rebuy_skipped_and_cut_hands() -> None:
    good, holdem, cut = _parse("dead_small_and_big_rebuy_holdem_skipped_cut_hand.txt")
    h = good.hand
    assert h is not None and good.problems == ()  # "Oksana adds 34.50 chips" is news
    posts = [(a.player, a.post, a.amount) for a in h.actions if a.kind is ActionKind.POST]
    assert posts == [("Mirela", PostKind.SMALL_BLIND, 50), ("Nandor", PostKind.BIG_BLIND, 100),
                     ("Piet", PostKind.DEAD_SMALL_AND_BIG, 150)]  # fmt: skip
    pre = [(a.player, a.kind, a.amount, a.to_amount) for a in h.actions
           if a.street is Street.PREFLOP and a.kind is not ActionKind.POST]  # fmt: skip
    # Piet's live 1 matches the big blind (he checks); facing 4.50 he adds 3.50.
    assert pre == [
        ("Oksana", ActionKind.FOLD, 0, None), ("Piet", ActionKind.CHECK, 0, None),
        ("Quill", ActionKind.RAISE, 350, 450), ("Mirela", ActionKind.FOLD, 0, None),
        ("Nandor", ActionKind.CALL, 350, None), ("Piet", ActionKind.CALL, 350, None)]  # fmt: skip
    # In: 0.50 + (4.50 + 7) + (1.50 + 3.50 + 7) + 4.50 = 28.50 = 27.79 won + 0.71 rake.
    assert [(c.player, c.amount) for c in h.collects] == [("Nandor", 2779)] and h.rake == 71
    assert [(r.player, r.amount) for r in h.returned] == [("Nandor", 1000)]
    assert h.button == 6 and not _kinds(h) & BAD
    assert holdem.hand is None and holdem.skipped and holdem.hand_id == "7000003-1"
    assert [p.code for p in holdem.problems] == [ProblemCode.SKIPPED_GAME]
    assert cut.hand is None and [p.code for p in cut.problems] == [ProblemCode.TRUNCATED_HAND]


def test_bad_input_never_raises() -> None:
    text = (FIXTURES / "side_pot_paid_first_rake_per_pot_all_in_call.txt").read_text("utf-8")
    huge = text.replace("Mirela (57.25)", "Mirela (40000000000000000)")
    ph = sealswithclubs.FORMAT.parse(HandText(huge, "x", 1, 0))
    assert ph.hand is None and ProblemCode.OUT_OF_RANGE in {p.code for p in ph.problems}
    twice = text.replace("[8h 5h 9c 7s]", "[8s 5h 9c 7s]")
    ph = sealswithclubs.FORMAT.parse(HandText(twice, "x", 1, 0))
    assert ph.hand is None and ProblemCode.IMPOSSIBLE_CARDS in {p.code for p in ph.problems}
    odd = text.replace("PL Omaha (", "PL Omaha Crazy (")
    ph = sealswithclubs.FORMAT.parse(HandText(odd, "x", 1, 0))
    assert [p.code for p in ph.problems] == [ProblemCode.UNKNOWN_GAME]
    junk = text.replace("Quill folds", "Quill dances")
    ph = sealswithclubs.FORMAT.parse(HandText(junk, "x", 1, 0))
    assert ph.hand is not None and [p.code for p in ph.problems] == [ProblemCode.UNRECOGNISED_LINE]
    for cut in range(0, len(text), 53):
        sealswithclubs.FORMAT.parse(HandText(text[:cut], "x", 1, 0))  # never raises


def test_real_sealswithclubs_hands(tmp_path: Path) -> None:
    corpus = need_corpus() / "SealsWithClubs"
    if not corpus.is_dir():
        pytest.skip("no SealsWithClubs folder in the corpus")
    db = tmp_path / "swc.duckdb"
    summary = import_paths([corpus], db, workers=1)
    assert (summary.hands, summary.failed, summary.skipped) == (
        manifest_hands("SealsWithClubs"), 0, 0)  # fmt: skip
    with duckdb.connect(str(db), read_only=True) as con:
        errors = con.execute(
            "SELECT count(*) FROM import_errors WHERE NOT coalesce(is_note, false)"
        ).fetchone()
        bad = con.execute(
            "SELECT hand_id, kind FROM findings WHERE kind IN ('award_mismatch', "
            "'chip_imbalance', 'declared_misread', 'contradicted_line') OR kind LIKE 'procedure%'"
        ).fetchall()
        # Xjty: 1 + 2 preflop, 6 on the turn refunded; won the 10 mBTC pot (1 + 3 x 3).
        won = con.execute("SELECT currency FROM hands").fetchall()
    assert errors == (0,) and bad == [] and won == [("mBTC",)]


def test_section_line_with_more_words_is_unread_not_swallowed() -> None:
    # "** Hole Cards **" starts the deal; with more words after it (the old "**.*" tail
    # read them as nothing) it could carry chips: not understood, read in part on that
    # line alone. "Oksana has left the table" (no chips) stays read.
    odd = "** Hole Cards ** Oksana posts 1"
    name = "dead_small_and_big_rebuy_holdem_skipped_cut_hand.txt"
    ph, lines = with_lines(sealswithclubs.FORMAT, name, "Dealt to Mirela [2c 3c 7h 7c]",
                           [odd, "Oksana has left the table"])
    assert ph.hand is not None
    assert ph.hand.unread_lines == (lines.index(odd) + 1,)  # file lines count from 1


def test_a_side_pot_paid_and_no_main_pot_is_a_hand_cut_short() -> None:
    # Side pots are paid first, the main pot after its showdown: a file cut after
    # "Mirela wins Side Pot 1 (4.10)" (line 27) or its rake line (28) was read whole,
    # and the audit found the main pot unpaid ('collected mBTC 4.10 ... mBTC 41.90
    # went in the pot') on a hand that was only cut. It is a hand cut short.
    text = (FIXTURES / "side_pot_paid_first_rake_per_pot_all_in_call.txt").read_text("utf-8")
    lines = text.split("\n")
    # Cut after Nandor's main pot win (line 32), before its "Rake (0.94)": the main pot's
    # rake is not known (the audit found 'collected mBTC 40.86 plus rake mBTC 0.10 ...
    # mBTC 41.90 went in the pot'): cut short too.
    for end in (27, 28, 29, 30, 31, 32):
        r = sealswithclubs.FORMAT.parse(HandText("\n".join(lines[:end]), "m.txt", 1, 0))
        assert r.hand is None
        assert [(p.line, p.code) for p in r.problems] == [(end, ProblemCode.TRUNCATED_HAND)]
    # to the main pot's rake line (33): read, 4.10 + 36.76 paid, 0.10 + 0.94 rake
    r = sealswithclubs.FORMAT.parse(HandText("\n".join(lines[:33]), "m.txt", 1, 0))
    assert r.hand is not None and r.problems == ()
    assert sorted((c.player, c.amount) for c in r.hand.collects) == [
        ("Mirela", 410), ("Nandor", 3676)]  # fmt: skip
    # main pot 3 x 12.40 + 0.50 = 37.70 = 36.76 + 0.94; side pot 2 x 2.10 = 4.20 = 4.10 + 0.10
    assert r.hand.rake == 104
