"""PokerNow game logs: hand-written fixtures (tests/fixtures/pokernow/), read as files of
many hands, their rows put back in time order.

Every expected amount is worked out by hand from the fixture rows (the comments show
the sums); a line number is the row's own line in the file (:func:`row_line` finds the
row by its text), never copied from the code's output.
"""

from __future__ import annotations

import io
from datetime import UTC, datetime
from pathlib import Path

from typer.testing import CliRunner

from hhtools import grammars
from hhtools.audit import audit_hand
from hhtools.cli.main import app
from hhtools.grammars import pokernow, recognise
from hhtools.grammars.base import ParsedHand
from hhtools.model.records import (
    ActionKind,
    BettingStructure,
    ClaimedHigh,
    PostKind,
    Street,
    Variant,
)
from hhtools.model.vocab import FindingKind, HandCategory, ProblemCode
from tests.conftest import need_corpus
from tests.small_sites import BAD, FIXTURES, kinds

FMT = pokernow.FORMAT
MIXED = "mixed_session_newest_first_holdem_skipped_restack.csv"
ALICE, BOB, CARL = "Alice @ a1B2c3D4", "Bob @ x9Y8z7W6", "Carl @ q1W2e3R4"


def read(name: str, data: bytes | None = None, file: str | None = None) -> list[ParsedHand]:
    """Every hand text of fixture ``name`` (or of ``data``), split and parsed."""
    raw = (FIXTURES / "pokernow" / name).read_bytes() if data is None else data
    return [FMT.parse(ht) for ht in FMT.split(io.BytesIO(raw), file or name)]


def row_line(name: str, text: str) -> int:
    """The file line of the one row of fixture ``name`` that holds ``text``."""
    lines = (FIXTURES / "pokernow" / name).read_text("utf-8").splitlines()
    found = [i for i, ln in enumerate(lines, 1) if text in ln]
    assert len(found) == 1, (text, found)
    return found[0]


def acts(ph: ParsedHand) -> list[tuple[str, ActionKind, int, int | None]]:
    assert ph.hand is not None
    return [(a.player.split(" @ ")[0], a.kind, a.amount, a.to_amount) for a in ph.hand.actions]


def test_recognise_is_specific() -> None:
    head = (FIXTURES / "pokernow" / MIXED).read_text("utf-8")[:4096]
    assert FMT.recognise(head) and recognise(head) is FMT
    assert recognise("\ufeff" + head) is FMT  # a BOM before the header row
    # a download that begins inside a long hand: no start or end row in its first bytes
    assert FMT.recognise('entry,at,order\n"""A @ b"" calls 20",2024-03-01T19:00:00.000Z,1')
    for other in ("entry,at,order\nhello,2024-03-01T19:00:00.000Z,1",  # no hand's row
                  '"-- starting hand #1 (id: a)  Pot Limit Omaha Hi (dealer: ""A @ b"") --"',
                  "PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD)"):
        assert not FMT.recognise(other)


def test_no_file_of_the_corpora_is_read_as_a_pokernow_log() -> None:
    corpus = need_corpus()
    heads = [p.read_bytes()[:4096].decode("utf-8", "replace")
             for root in (corpus, corpus.parent / "corpus2") if root.is_dir()
             for p in sorted(root.rglob("*")) if p.is_file()]  # fmt: skip
    assert len(heads) > 100
    assert [h[:60] for h in heads if FMT.recognise(h)] == []


def test_mixed_session_newest_first() -> None:
    # The download writes the newest row first: hand #3 comes first in the file, then
    # #2, then the hold'em hand #1, skipped as another game.
    big_o, plo, holdem = read(MIXED)
    assert holdem.hand is None and holdem.hand_id == "hold1aa"
    assert holdem.skipped == "not an Omaha game: No Limit Texas Hold'em"
    assert [p.code for p in holdem.problems] == [ProblemCode.SKIPPED_GAME]

    h = plo.hand
    assert h is not None and plo.problems == ()
    g = h.game
    assert (g.variant, g.hi_lo, g.structure, g.small_blind, g.big_blind, g.currency) == (
        Variant.OMAHA, False, BettingStructure.POT_LIMIT, 5, 10, "PLAY")  # fmt: skip
    assert (h.hand_id, h.site, h.button) == ("plo2bb", "pokernow", 3)  # Bob deals, seat 3
    assert h.started_at_utc == datetime(2024, 3, 1, 19, 0, 30, tzinfo=UTC)
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [
        (1, ALICE, 1000), (3, BOB, 990), (5, CARL, 1010)]  # fmt: skip
    # "calls 35" is the street total: Alice's big blind 10 in, she adds 25
    assert acts(plo) == [
        ("Carl", ActionKind.POST, 5, None), ("Alice", ActionKind.POST, 10, None),
        ("Bob", ActionKind.RAISE, 25, 35), ("Carl", ActionKind.FOLD, 0, None),
        ("Alice", ActionKind.CALL, 25, None),
        ("Alice", ActionKind.CHECK, 0, None), ("Bob", ActionKind.BET, 40, None),
        ("Alice", ActionKind.CALL, 40, None),
        ("Alice", ActionKind.CHECK, 0, None), ("Bob", ActionKind.CHECK, 0, None),
        ("Alice", ActionKind.CHECK, 0, None), ("Bob", ActionKind.CHECK, 0, None)]  # fmt: skip
    assert [a.street for a in h.actions][5:] == [Street.FLOP] * 3 + [Street.TURN] * 2 + [
        Street.RIVER] * 2  # fmt: skip
    assert h.boards == (("8d", "5c", "2h", "Ks", "3d"),)
    # "Your hand is" names nobody: Alice shows the same four cards, so she is the hero
    assert h.hero == ALICE and h.hole_cards == {
        ALICE: ("As", "Kh", "Qd", "Jc"), BOB: ("Kd", "Kc", "8c", "7c")}  # fmt: skip
    # 5 + 35 + 35 + 40 + 40 = 155, no rake
    assert [(c.player, c.amount) for c in h.collects] == [(BOB, 155)]
    assert (h.rake, h.returned, h.inferred) == (0, (), ())
    # lines are the file's rows, so they run backwards in time in a download
    assert h.collects[0].line == row_line(MIXED, "collected 155")
    assert h.actions[0].line == row_line(MIXED, 'Carl @ q1W2e3R4"" posts a small')
    assert not kinds(h) & BAD

    b = big_o.hand
    assert b is not None and big_o.problems == ()
    assert (b.hand_id, b.game.variant, b.button) == ("big3cc", Variant.OMAHA5, 1)
    # heads-up, the dealer posts the small blind; "calls 10" adds 5; "raises to 80" is
    # 60 over Bob's 20; 60 back: 10 + 10 + 20 + 20 = 60 in the pot
    assert acts(big_o)[2:] == [
        ("Alice", ActionKind.CALL, 5, None), ("Bob", ActionKind.CHECK, 0, None),
        ("Bob", ActionKind.BET, 20, None), ("Alice", ActionKind.RAISE, 60, 80),
        ("Bob", ActionKind.FOLD, 0, None)]  # fmt: skip
    assert [(r.player, r.amount, r.inferred) for r in b.returned] == [(ALICE, 60, False)]
    assert [(c.player, c.amount) for c in b.collects] == [(ALICE, 60)]
    # her own cards, but she never shows them: nobody to give them to
    assert (b.hero, b.hole_cards) == (None, {})


def test_collect_words_are_the_shown_hands_claim() -> None:
    # Bob's collect says "Three of a Kind, K's": K♦ K♣ with K♠ 8♦ 5♣, as the rules read it
    (_, plo, _) = read(MIXED)
    assert plo.hand is not None
    bob = next(s for s in plo.hand.shows if s.player == BOB)
    assert (bob.description, bob.claimed_high) == (
        "Three of a Kind, K's", ClaimedHigh(HandCategory.THREE_OF_A_KIND, (13,)))  # fmt: skip
    # the hold'em reading (K♠ 8♦ on the board with K♦ K♣ 8♣: a full house) is a misread:
    # with exactly two hole cards Bob has three kings
    data = (FIXTURES / "pokernow" / MIXED).read_bytes().replace(
        "Three of a Kind, K's (combination: K♦, K♣, K♠, 8♦, 5♣)".encode(),
        "Full House, K's over 8's (combination: K♦, K♣, K♠, 8♦, 8♣)".encode())  # fmt: skip
    (_, plo, _) = read(MIXED, data)
    assert plo.hand is not None and plo.problems == ()
    assert FindingKind.DECLARED_MISREAD in kinds(plo.hand)


def test_next_hand_stacks_check_the_reading() -> None:
    # Hand #2 leaves Alice 1000 - 35 - 40 = 925 and Bob 990 - 75 + 155 = 1070; hand #3
    # starts Bob with 1070 and Alice with 1925, after the admin's row that restacks her.
    data = (FIXTURES / "pokernow" / MIXED).read_bytes()
    restack = b'The admin updated the player ""Alice @ a1B2c3D4"" stack from 925 to 1925.'
    (_, plo, _) = read(MIXED, data.replace(restack, b"The game was paused."))
    assert plo.hand is not None
    (p,) = plo.problems
    end = row_line(MIXED, "-- ending hand #2")
    assert (p.code, p.line) == (ProblemCode.STACK_MISMATCH, end)
    assert p.message == f"the next hand's stacks give {ALICE} 1,925; this hand as read leaves 925"
    # the hand's own rows agree with themselves: it is judged as read
    assert plo.hand.unread_lines == ()
    # a collect the rows do not add up to: the reading is contradicted, read in part
    (_, plo, _) = read(MIXED, data.replace(b"collected 155", b"collected 150"))
    # (and Bob's 990 - 75 + 150 = 1065 is not the 1070 the next hand gives him)
    assert plo.hand is not None and [p.code for p in plo.problems] == [
        ProblemCode.AMOUNT_MEANING, ProblemCode.STACK_MISMATCH]  # fmt: skip
    assert plo.hand.unread_lines == (row_line(MIXED, "collected 155"),)
    assert not kinds(plo.hand) & BAD  # judged only on what was read: no money finding


def test_plo8_quartered_pot() -> None:
    (ph,) = read("plo8_quartered_pot.csv")
    h = ph.hand
    assert h is not None and ph.problems == ()
    assert (h.game.hi_lo, h.game.qualifier, h.game.name) == (True, 8, "omaha-hilo")
    # 20 x 3 preflop + 60 x 3 on the flop = 240: Ann's trip kings take the high 120,
    # Bea and Cy tie for the low (A-3 with 2-5-7 each: 7-5-3-2-A) and take 60 each
    assert [(c.player.split(" @ ")[0], c.amount) for c in h.collects] == [
        ("Ann", 120), ("Bea", 60), ("Cy", 60)]  # fmt: skip
    assert h.hole_cards["Ann @ an1"] == ("Kd", "Qc", "Jh", "Th")  # "10♥" is Th
    result = audit_hand(h)
    due = {ln.player.split(" @ ")[0]: ln.due for pot in result.settlement.pots
           for ln in pot.lines}  # fmt: skip
    assert due == {"Ann": 120, "Bea": 60, "Cy": 60}
    assert not {f.kind for f in result.findings} & BAD


def test_run_it_twice_oldest_first() -> None:
    name = "run_it_twice_oldest_first.csv"
    (ph,) = read(name)
    h = ph.hand
    assert h is not None and ph.problems == ()
    assert h.line == row_line(name, "-- starting hand #31")  # the joins before it: no hand
    assert h.boards == (("Qs", "7h", "2d", "5c", "9s"), ("Qs", "7h", "2d", "Qd", "Ad"))
    # pot limit: 60 preflop; Eli bets 120, Dana raises to 480 (120 + 360), Eli all in
    # for 540, Dana calls 60 more: 2 x 600 = 1,200, 600 a run
    assert acts(ph)[2:] == [
        ("Dana", ActionKind.RAISE, 40, 60), ("Eli", ActionKind.CALL, 40, None),
        ("Eli", ActionKind.BET, 120, None), ("Dana", ActionKind.RAISE, 360, 480),
        ("Eli", ActionKind.RAISE, 60, 540), ("Dana", ActionKind.CALL, 60, None)]  # fmt: skip
    assert [a.all_in for a in h.actions][6] is True
    # the log names no run: Eli's 9-high straight wins the first, Dana's aces full the second
    assert [(c.player, c.amount, c.board) for c in h.collects] == [
        ("Eli @ e5", 600, None), ("Dana @ d4", 600, None)]  # fmt: skip
    lines = [a.line for a in h.actions]
    assert lines == sorted(lines)  # a file written oldest first: lines run with time
    result = audit_hand(h)
    assert [(p.board, p.net) for p in result.settlement.pots] == [(0, 600), (1, 600)]
    assert not {f.kind for f in result.findings} & BAD


def test_run_it_twice_collect_written_between_the_runs() -> None:
    # Eli's collect written right after the first run's river (before the second run's
    # turn): still a collect for no run, so the audit spreads it over the runs
    name = "run_it_twice_oldest_first.csv"
    lines = (FIXTURES / "pokernow" / name).read_text("utf-8").split("\n")
    won = next(ln for ln in lines if 'Eli @ e5"" collected 600' in ln)
    river = next(i for i, ln in enumerate(lines) if ln.startswith('"River: Q'))
    entry, at, order = lines[river].rsplit(",", 2)
    lines.remove(won)
    lines.insert(river + 1, won.rsplit(",", 2)[0] + f",{at},{int(order) + 1}")
    (ph,) = read(name, "\n".join(lines).encode())
    assert ph.hand is not None and ph.problems == ()
    assert [(c.player, c.amount, c.board) for c in ph.hand.collects] == [
        ("Eli @ e5", 600, None), ("Dana @ d4", 600, None)]  # fmt: skip
    assert not kinds(ph.hand) & BAD


def test_straddle_missed_blinds_uncalled_bet() -> None:
    name = "straddle_missed_blinds_uncalled_bet.csv"
    later, first = read(name)  # newest first
    h = first.hand
    assert h is not None and first.problems == ()
    posts = [(a.player.split(" @ ")[0], a.post, a.amount) for a in h.actions if a.post]
    # Eve's missing small blind (dead) and missed big blind (live): one post of 30
    assert posts == [("Ben", PostKind.SMALL_BLIND, 10), ("Cat", PostKind.BIG_BLIND, 20),
                     ("Dov", PostKind.STRADDLE, 40), ("Eve", PostKind.DEAD_SMALL_AND_BIG, 30)]
    # Eve "calls 40": her live 20 in, she adds 20; Ben raises to 150, 110 over 40
    assert acts(first)[4:7] == [
        ("Eve", ActionKind.CALL, 20, None), ("Ann", ActionKind.FOLD, 0, None),
        ("Ben", ActionKind.RAISE, 110, 150)]  # fmt: skip
    assert [(r.player, r.amount) for r in h.returned] == [("Ben @ bb2", 110)]
    # in: Ben 40 (150 - 110) + Cat 20 + Dov 40 + Eve 50 = 150
    assert [(c.player, c.amount) for c in h.collects] == [("Ben @ bb2", 150)]
    assert not kinds(h) & BAD
    # the next hand starts Ben with 500 - 150 + 110 + 150 = 610, Eve with 450: as read
    assert later.hand is not None and later.problems == ()
    assert [s.stack for s in later.hand.seats] == [500, 610, 480, 460, 450]


def test_allin_side_pot() -> None:
    (ph,) = read("allin_side_pot.csv")
    h = ph.hand
    assert h is not None and ph.problems == ()
    fay = [(a.kind, a.amount, a.all_in) for a in h.actions if a.player == "Fay @ ff1"]
    assert fay == [(ActionKind.RAISE, 50, False), (ActionKind.CALL, 130, True)]
    # Gus's two collects (the side pot, then the main) are one: 160 + 600 = 760
    assert [(c.player, c.amount) for c in h.collects] == [("Gus @ gg2", 760)]
    result = audit_hand(h)
    # main pot 3 x 200 = 600 (Fay all in for 70 + 130), side pot 2 x 80 = 160
    assert [(p.pot, p.gross) for p in result.settlement.pots] == [(0, 600), (1, 160)]
    assert not {f.kind for f in result.findings} & BAD


def test_short_all_in_big_blind_is_not_the_stake() -> None:
    # 10/20: Bob "posts a big blind of 15 and go all in"; Cy comes back with "a missing
    # small blind of 10" and "a missed big blind of 20" (one post of 30, 10 dead). The
    # stake was read from the first big blind (15), so Cy's post held 15 dead: the pots
    # were 60 and 80, and the audit found a chip imbalance and three award mismatches.
    (ph,) = read("short_all_in_big_blind_and_returning_dead_small.csv")
    h = ph.hand
    assert h is not None and ph.problems == ()
    assert (h.game.small_blind, h.game.big_blind) == (10, 20)  # the largest big blind
    # in: Ann 10 + 10 + 40, Bob 15, Cy 30 + 40 = 145; live levels Bob 15, Ann and Cy 60:
    # main pot 3 x 15 + Cy's dead 10 = 55 to Bob's trip kings, side pot 2 x 45 = 90 to
    # Cy's aces over Ann's queens
    result = audit_hand(h)
    assert [(p.pot, p.gross) for p in result.settlement.pots] == [(0, 55), (1, 90)]
    assert not {f.kind for f in result.findings} & BAD


def test_cents_and_a_hand_cut_at_the_end_of_the_log() -> None:
    name = "cents_cut_last_hand.csv"
    cut, whole = read(name)
    assert cut.hand is None and cut.hand_id == "cents21"
    (p,) = cut.problems
    # the newest row of the cut hand is the file's first row after the header
    assert (p.code, p.line) == (ProblemCode.TRUNCATED_HAND, 2)
    h = whole.hand
    assert h is not None and whole.problems == ()
    # amounts with two decimals: hundredths, currency XXX (no currency)
    assert (h.game.small_blind, h.game.big_blind, h.game.currency) == (50, 100, "XXX")
    assert [s.stack for s in h.seats] == [30000, 30000]
    assert [(c.player, c.amount) for c in h.collects] == [("Ida @ i9", 600)]  # 2 x 3.00
    # the next hand's stacks: Ida 300.00 - 7.50 + 4.50 + 6.00 = 303.00, Jon 297.00


def test_table_from_file_name_and_old_headers() -> None:
    data = (FIXTURES / "pokernow" / "plo8_quartered_pot.csv").read_bytes().replace(
        b"#7 (id: hilo7q)  Pot Limit Omaha Hi/Lo 8 or Better",
        b"#7  (Pot Limit Omaha Hi/Lo 8 or Better)",
    ).replace(b'(dealer: ""Ann @ an1"")', b"(dead button)")  # fmt: skip
    (ph,) = read("", data, "logs/poker_now_log_pgl_R4hi-883.csv")
    h = ph.hand
    assert h is not None and ph.problems == ()
    assert (h.hand_id, h.table, h.button) == ("pgl_R4hi-883#7", "pgl_R4hi-883", None)


def test_bad_input_never_raises() -> None:
    name = "straddle_missed_blinds_uncalled_bet.csv"
    data = (FIXTURES / "pokernow" / name).read_bytes()
    text = data.decode()
    (ph,) = read(name, data.replace(b"collected 150", b"collected 150000000000000"))[1:]
    assert ph.hand is None and ProblemCode.OUT_OF_RANGE in {p.code for p in ph.problems}
    (ph,) = read(name, data.replace(b'Dov @ dd4"" folds', b'Dov @ dd4"" juggles'))[1:]
    assert ph.hand is not None and [p.code for p in ph.problems] == [ProblemCode.UNRECOGNISED_LINE]
    assert ph.problems[0].line == row_line(name, 'Dov @ dd4"" folds')
    (ph,) = read(name, data.replace(b"#4 (id: strad4)  Pot Limit Omaha Hi",
                                    b"#4 (id: strad4)  Pot Limit Omaha Crazy Hi"))[1:]  # fmt: skip
    assert [p.code for p in ph.problems] == [ProblemCode.UNKNOWN_GAME]
    shows = (FIXTURES / "pokernow" / "allin_side_pot.csv").read_bytes()
    (ph,) = read("", shows.replace("A♣, K♣, Q♥".encode(), "A♣, K♥, Q♥".encode()))
    assert ph.hand is None and [p.code for p in ph.problems] == [ProblemCode.IMPOSSIBLE_CARDS]
    for cut in range(0, len(text), 37):  # never raises, every hand a record or a problem
        for ph in read("", text[:cut].encode()):
            assert ph.hand is not None or ph.problems


def test_formats_lists_pokernow() -> None:
    assert FMT in grammars.FORMATS and grammars.get("pokernow") is FMT
    res = CliRunner().invoke(app, ["formats"])
    assert res.exit_code == 0 and "pokernow" in res.stdout and "PokerNow" in res.stdout


def test_a_file_of_fixtures_is_imported(tmp_path: Path) -> None:
    from hhtools.store.importer import import_paths

    summary = import_paths([FIXTURES / "pokernow"], tmp_path / "pn.duckdb", workers=1)
    # 2 + 1 + 1 + 2 + 1 + 1 = 8 hands stored, the 2 of tests/test_audit_time_order.py and
    # the contested side pot's, the 4 of probes/ (tests/test_pot_probes_formats.py), the
    # bomb pot's, the short all-in big blind's; the hold'em hand skipped, #21 cut
    assert (summary.hands, summary.skipped, summary.failed, summary.read_in_part) == (17, 1, 1, 0)


def test_plo8_contested_side_pot_halves_apart() -> None:
    """PL hi/lo 10/20: Ann (dealer, 100) raises to 60, Bea and Cy call; on the flop Bea
    bets 100, Cy calls, Ann calls all in for 40. Main pot 3 x 100 = 300, side pot 2 x
    60 = 120. Board 2c 5d 9h Ks 7c: high Bea's trip kings in both pots (150 + 60), low
    Ann's 7-5-3-2-A in the main pot (150; Cy's 7-6-5-4-2 is worse), Cy's in the side
    pot (60). The "collected ... from pot" lines name no pot: the audit gives them to
    the pots; paid right. The main pot's low paid to Cy: Ann 0 of 150, and Cy 150 of
    the main pot (nothing of it is his; it said 210 of the side pot, whose 120 had paid
    Bea's 60 and Cy's 60 as due: a pot past what went in, settle._unpotted)."""
    (ph,) = read("plo8_contested_side_pot_halves_apart.csv")
    h = ph.hand
    assert h is not None and ph.problems == () and h.pots_named is False
    assert not kinds(h) & BAD
    data = (FIXTURES / "pokernow" / "plo8_contested_side_pot_halves_apart.csv").read_bytes()
    wrong = data.replace(b'"""Ann @ an1"" collected 150', b'"""Cy @ cy3"" collected 150')
    assert findings_of(wrong) == {("Ann", 0, 150), ("Cy", 150, 0)}


def findings_of(data: bytes, kind: FindingKind = FindingKind.AWARD_MISMATCH) -> set:
    """The ``kind`` findings ``(player's name, paid, due)`` of the one hand of ``data``
    (a log's bytes), which must be read whole."""
    (ph,) = read("", data, "changed.csv")
    assert ph.hand is not None and ph.problems == ()
    return {(f.player.split(" @ ")[0], f.paid, f.due) for f in audit_hand(ph.hand).findings
            if f.kind is kind}  # fmt: skip


def test_bomb_pot_bets_are_posts_before_the_flop() -> None:
    """A bomb pot: each player "posts a bet of 20 (bomb pot bet)", no blinds, no betting
    before the flop (the row was an unrecognised line: the hand read in part, not
    judged). Read as antes. Pot 3 x 20 = 60; on the flop Hal bets 60 (the pot: the
    bomb pot bets are in it), Fay folds, Gus calls: 60 + 2 x 60 = 180 to Gus's
    jack-high straight (10-9 with J-8-7) over Hal's kings. Paid right: no finding.
    Paid to Hal: found. Hal's flop bet of 90 is over the 60 pot: found."""
    name = "bomb_pot_bets_no_blinds.csv"
    (ph,) = read(name)
    h = ph.hand
    assert h is not None and ph.problems == ()
    posts = [(a.player.split(" @ ")[0], a.street, a.post, a.amount) for a in h.actions if a.post]
    assert posts == [(p, Street.PREFLOP, PostKind.ANTE, 20) for p in ("Fay", "Gus", "Hal")]
    assert [(c.player, c.amount) for c in h.collects] == [("Gus @ gg2", 180)]
    assert kinds(h) == set()
    data = (FIXTURES / "pokernow" / name).read_bytes()
    wrong = data.replace(b'"""Gus @ gg2"" collected', b'"""Hal @ hh3"" collected')
    assert findings_of(wrong) == {("Hal", 180, 0), ("Gus", 0, 180)}
    over = data.replace(b"bets 60", b"bets 90").replace(b"calls 60", b"calls 90").replace(
        b"collected 180", b"collected 240")  # fmt: skip
    assert findings_of(over) == set()
    assert findings_of(over, FindingKind.PROCEDURE_BET_SIZE) == {("Hal", 90, 60)}
