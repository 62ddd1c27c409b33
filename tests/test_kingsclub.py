"""KingsClub grammar: hand-written fixtures (tests/fixtures/kingsclub/) and the real corpus.

Every expected amount below is worked out by hand from the fixture text in the
comments; none is copied from the code's output.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import duckdb
from hhtools.grammars import kingsclub

from hhtools.audit import audit_hand
from hhtools.model.records import ActionKind, BettingStructure, HandText, PostKind, Variant
from hhtools.model.vocab import FindingKind, ProblemCode
from hhtools.store.importer import import_paths
from tests.award_probe import awards
from tests.conftest import need_corpus

FIXTURES = Path(__file__).parent / "fixtures" / "kingsclub"
BAD = {FindingKind.AWARD_MISMATCH, FindingKind.CHIP_IMBALANCE, FindingKind.DECLARED_MISREAD,
       FindingKind.CONTRADICTED_LINE}  # fmt: skip


def _parse(name: str) -> list:
    with (FIXTURES / name).open("rb") as fh:
        return [kingsclub.FORMAT.parse(ht) for ht in kingsclub.FORMAT.split(fh, name)]


def _findings(hand) -> set:
    result = audit_hand(hand)
    found = result if isinstance(result, (list, tuple)) else result.findings
    return {f.kind for f in found}


def test_recognise_is_specific() -> None:
    head = (FIXTURES / "big_o_hilo_split_thousands.txt").read_text("utf-8")
    assert kingsclub.FORMAT.recognise(head)
    assert not kingsclub.FORMAT.recognise("PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD)")
    assert not kingsclub.FORMAT.recognise(
        "Winamax Poker - CashGame - HandId: #1-2-3 - Omaha pot limit (1€/2€) - 2016/11/11 14:28:18 UTC"
    )


def test_calls_and_raises_are_street_totals() -> None:
    (ph,) = _parse("calls_raises_street_totals_uncalled_not_won.txt")
    h = ph.hand
    assert h is not None and ph.problems == ()
    assert (h.game.variant, h.game.hi_lo, h.game.structure) == (
        Variant.OMAHA,
        False,
        BettingStructure.POT_LIMIT,
    )
    assert (h.game.small_blind, h.game.big_blind, h.game.ante, h.game.currency) == (
        100,
        200,
        50,
        "USD",
    )
    # No zone is printed: the site's clock as written, no UTC.
    assert h.started_at == datetime(2021, 3, 4, 20, 15) and h.time_zone is None
    assert h.started_at_utc is None
    assert h.hero == "Bo" and h.hole_cards == {"Bo": ("Ah", "Kd", "Qs", "Jc")}
    moves = [
        (a.player, a.kind, a.amount, a.to_amount)
        for a in h.actions
        if a.kind is not ActionKind.POST
    ]
    assert moves == [
        ("Amy", ActionKind.RAISE, 500, 700),  # raises to 7 over the 2 big blind
        ("Bo", ActionKind.RAISE, 1700, 2400),  # to 24 over Amy's 7
        ("Cy", ActionKind.FOLD, 0, None),
        ("Amy", ActionKind.CALL, 1700, None),  # "calls 24": 24 - the 7 she had in
        ("Bo", ActionKind.BET, 3000, None),
        ("Amy", ActionKind.RAISE, 7000, 10000),
        ("Bo", ActionKind.FOLD, 0, None),
    ]
    # Amy's 100 on the flop against Bo's 30: 70 uncalled, not in her 106.50.
    assert [(r.player, r.amount, r.inferred) for r in h.returned] == [("Amy", 7000, True)]
    # Pot: antes 1.50 + Cy 2 + Bo 24 + 30 + Amy 24 + 30 = 111.50 = 106.50 won + 5 rake.
    assert (h.total_pot, h.rake) == (11150, 500)
    assert [(c.player, c.amount) for c in h.collects] == [("Amy", 10650)]
    assert not (_findings(h) & BAD)


def test_big_o_hilo_thousands() -> None:
    (ph,) = _parse("big_o_hilo_split_thousands.txt")
    h = ph.hand
    assert h is not None and ph.problems == ()
    assert (h.game.variant, h.game.hi_lo) == (Variant.OMAHA5, True)
    assert (h.game.small_blind, h.game.big_blind) == (50000, 100000)
    assert h.seats[0].stack == 4000000
    # 3,000 + 6,000 each = 18,000, less 100 rake: 8,950 each. High: Amy's 7c 6s with
    # 4d 5d 8c, a straight; low: Bo's Ah 2h with 4d 5d 8c, 8-5-4-2-A.
    assert (h.total_pot, h.rake, h.returned) == (1800000, 10000, ())
    assert [(c.player, c.amount) for c in h.collects] == [("Amy", 895000), ("Bo", 895000)]
    assert [(s.player, s.claimed_high) for s in h.shows] == [("Amy", None), ("Bo", None)]
    assert not (_findings(h) & BAD)


def test_run_twice_dashes_and_lines_in_board_order() -> None:
    (ph,) = _parse("run_twice_dashes_lines_in_board_order.txt")
    h = ph.hand
    assert h is not None and ph.problems == ()
    # "-" stands for the first board's card in that place.
    assert h.boards == (("2c", "3h", "Jd", "Kd", "4s"), ("2c", "3h", "Jd", "Ts", "7c"))
    # 200 in the pot, no rake, 100 a board: aces win board 1, Bo's 7-to-J straight board 2.
    # The "wins" lines say no board: board None, and the audit gives each player's 100
    # to the run the rules give it to.
    assert [(c.player, c.amount, c.board) for c in h.collects] == [
        ("Amy", 10000, None),
        ("Bo", 10000, None),
    ]
    amy_call = next(a for a in h.actions if a.player == "Amy" and a.kind is ActionKind.CALL)
    assert (amy_call.amount, amy_call.all_in) == (9400, True)  # calls 100 with 6 in
    assert not (_findings(h) & BAD)


def test_other_games_skipped_and_cut_hand_reported() -> None:
    skipped, cut = _parse("holdem_skipped_then_truncated.txt")
    assert skipped.hand is None and skipped.skipped and skipped.hand_id == "1004"
    assert [p.code for p in skipped.problems] == [ProblemCode.SKIPPED_GAME]
    assert cut.hand is None and [p.code for p in cut.problems] == [ProblemCode.TRUNCATED_HAND]
    assert cut.problems[0].line == 21  # "Bo calls 2": the hand starts on 14, 8th line


def test_bad_input_never_raises() -> None:
    text = (FIXTURES / "big_o_hilo_split_thousands.txt").read_text("utf-8")
    huge = text.replace("Seat 2: Bo (25,000)", "Seat 2: Bo (25,000,000,000,000,000)")
    ph = kingsclub.FORMAT.parse(HandText(huge, "x", 1, 0))
    assert ph.hand is None and ProblemCode.OUT_OF_RANGE in {p.code for p in ph.problems}
    twice = text.replace("[Ah 2h 3c Kd Ks]", "[Ah 2h 3c Kd Kc]")
    ph = kingsclub.FORMAT.parse(HandText(twice, "x", 1, 0))
    assert ph.hand is None and ProblemCode.IMPOSSIBLE_CARDS in {p.code for p in ph.problems}
    odd = text.replace("Pot Limit Big O", "Pot Limit Big O Spread")
    ph = kingsclub.FORMAT.parse(HandText(odd, "x", 1, 0))
    assert [p.code for p in ph.problems] == [ProblemCode.UNKNOWN_GAME]
    posts = [a for a in kingsclub.FORMAT.parse(HandText(text, "x", 1, 0)).hand.actions
             if a.kind is ActionKind.POST]  # fmt: skip
    assert [(a.player, a.post) for a in posts] == [
        ("Bo", PostKind.SMALL_BLIND),
        ("Amy", PostKind.BIG_BLIND),
    ]


#: The run-it-twice hands whose "wins" lines do not say their board (KingsClub writes
#: them in seat order): 37580598 (Big O: each player's line holds a quarter of each
#: board, 466.25 + 466.25) and 3583643 (Nxeekm3, seat 3, won board 1 and Mrzqnh8, seat
#: 2, board 2). Their collects have board None and the audit gives each player's amount
#: to the runs the rules give it on: no finding, and every award line agrees.
RIT_UNKNOWN_BOARD = {"37580598", "3583643"}


def test_real_kingsclub_hands(tmp_path: Path) -> None:
    corpus = need_corpus() / "KingsClub"
    db = tmp_path / "kingsclub.duckdb"
    summary = import_paths([corpus], db, workers=1)
    assert (summary.hands, summary.failed, summary.skipped) == (6, 0, 0)
    with duckdb.connect(str(db), read_only=True) as con:
        errors = con.execute(
            "SELECT count(*) FROM import_errors WHERE NOT coalesce(is_note, false)"
        ).fetchone()
        bad = {
            (h, k)
            for h, k in con.execute(
                "SELECT DISTINCT hand_id, kind FROM findings WHERE kind IN "
                "('award_mismatch', 'chip_imbalance', 'declared_misread', 'contradicted_line')"
            ).fetchall()
        }
        # Over both boards each player got what the rules give (per player and hand).
        per_player = con.execute(
            "SELECT hand_id, player, sum(paid), sum(due) FROM awards GROUP BY ALL"
        ).fetchall()
    assert errors == (0,)
    assert bad == set()
    assert all(paid == due for _, _, paid, due in per_player)
    assert RIT_UNKNOWN_BOARD <= {h for h, _, _, _ in per_player}


def test_uncalled_bet_line_side_pot_won_and_sits_out() -> None:
    """"Uncalled bet (50) returned to Cy" is the site's return (none inferred), "wins
    side pot 1 (76)" names its pot before the amount, "Dee sits out" is applied."""
    (ph,) = _parse("uncalled_bet_line_side_pot_won_sits_out.txt")
    h = ph.hand
    assert h is not None and ph.problems == ()
    assert [(s.player, s.sitting_out) for s in h.seats] == [
        ("Amy", False), ("Bo", False), ("Cy", False), ("Dee", True)]  # fmt: skip
    # In cents (cash, read as US dollars).
    assert [(r.player, r.amount, r.inferred) for r in h.returned] == [("Cy", 5000, False)]
    # Main pot 3 x 20 = 60: Bo's eights 57 (rake 3); side pot 2 x 40 = 80, Amy folded:
    # Cy 76 (rake 4); the rake 7 is the pots' 3 : 4. 57 + 76 + 7 = 140 = 60 + 80.
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [
        ("Bo", 5700, 0), ("Cy", 7600, 1)]  # fmt: skip
    assert (h.rake, h.total_pot) == (700, 14000)
    assert not {f.kind for f in audit_hand(h).findings} & {
        FindingKind.AWARD_MISMATCH, FindingKind.CHIP_IMBALANCE}


def test_hilo_side_pot_raked_from_the_main_pot_only() -> None:
    """PLO hi/lo 1/2: Ann (button) raises to 6, Bea and Cy call; on the flop Bea bets
    10, Cy calls, Ann calls all in for her last 4. Main pot 3 x 10 = 30, side pot
    2 x 6 = 12 (Bea, Cy). Board 2c 5d 9h Ks 7c: high Bea's trip kings (both pots),
    low Ann's 7-5-3-2-A in the main pot (Cy's 7-6-5-4-2 is worse), Cy's in the side
    pot. Rake 2, taken from the main pot: 28 -> 14 high, 14 low; side 12 -> 6 and 6.
    The audit spread the rake over the pots by size (main 28.57, side 11.43) and
    found four false mismatches (Ann 14 vs 14.28...) on a hand paid right; what each
    pot's lines paid is the pot's size after its rake now."""
    name = "hilo_side_pot_rake_from_main_pot.txt"
    ph, twice = _parse(name)
    h = ph.hand
    assert h is not None and ph.problems == ()
    assert (h.rake, h.total_pot, h.pot_parts) == (200, 4200, (2800, 1200))
    assert not _findings(h) & BAD
    text, text2 = (FIXTURES / name).read_text("utf-8").split("\n\n")
    # the main pot's low half paid to Cy, who holds the worse low
    wrong = text.replace("Ann wins pot (14)", "Cy wins pot (14)")
    assert awards(kingsclub.FORMAT, wrong) == {("Ann", 0, 1400), ("Cy", 1400, 0)}
    # a unit of the main pot's low half paid to its high winner
    wrong = text.replace("Bea wins pot (14)", "Bea wins pot (15)").replace(
        "Ann wins pot (14)", "Ann wins pot (13)")
    assert awards(kingsclub.FORMAT, wrong) == {("Ann", 1300, 1400), ("Bea", 1500, 1400)}
    # 900801, PLO 1/2 run twice: Ann all in for 20, Bea and Cy for 100: main 3 x 20 =
    # 60 less the rake 3 = 57, 28.50 a run; side 2 x 80 = 160, 80 a run. Board 1 (2c 3h
    # Jd Ac Kd): Ann's trip aces the main pot, Bea's trip kings the side pot (Cy's
    # queens); board 2 (2c 3h Jd Ts 4d): Cy's six-high straight both. With the rake by
    # size (main 59.18) four false findings (Bea "paid" 1.09 of the second run's side
    # pot); a dollar of Ann's run moved to Cy's is found.
    h = twice.hand
    assert twice.problems == () and len(h.boards) == 2 and h.pot_parts == (5700, 16000)
    assert not _findings(h) & BAD
    wrong = text2.replace("Ann wins (28.50)", "Ann wins (27.50)").replace(
        "Cy wins (28.50)", "Cy wins (29.50)")
    assert awards(kingsclub.FORMAT, wrong) == {("Ann", 2750, 2850), ("Cy", 2950, 2850)}


def test_each_player_word_keys_one_rule() -> None:
    """The line reader takes what follows a player's name as the one rule its first word
    keys (and then asks whether that kind is read there: before or in the summary); with
    two rules under one word it would have to try the second when the first's kind is not
    read there (kingsclub._line)."""
    assert all(len(rules) == 1 for rules in kingsclub._PLAYER.values())
    assert sorted(kingsclub._PLAYER) == [":", "bets", "calls", "checks", "folds", "mucks",
                                          "raises", "shows", "sits", "wins"]


def test_wins_lines_cut_short_of_the_summarys_results() -> None:
    """No total pot line: the wins lines say what was paid. A file cut after some of
    them (hilo_side_pot_rake_from_main_pot.txt: the summary's results Ann +4, Bea +4,
    Cy -10, rake 2, so 40 of the 42 put in paid out; wins on lines 35 to 38, 14 + 14 +
    6 + 6) was read whole, and the audit found a chip imbalance ('collected $28.00 plus
    rake $2.00 ... $42.00 went in the pot') on a hand that was only cut. It is a hand
    cut short, no record. Paid to another player instead (the totals agree) the hand is
    still read and judged (test_hilo_side_pot_raked_from_the_main_pot_only)."""
    text = (FIXTURES / "hilo_side_pot_rake_from_main_pot.txt").read_text("utf-8")
    lines = text.split("\n\n")[0].split("\n")
    for end in (35, 36, 37):
        r = kingsclub.FORMAT.parse(HandText("\n".join(lines[:end]), "m.txt", 1, 0))
        assert r.hand is None
        assert [(p.line, p.code) for p in r.problems] == [(end, ProblemCode.TRUNCATED_HAND)]
    r = kingsclub.FORMAT.parse(HandText("\n".join(lines[:38]), "m.txt", 1, 0))
    assert r.problems == () and r.hand is not None
    assert sum(c.amount for c in r.hand.collects) == 4000


def test_uncontested_side_pot_has_no_wins_line_and_even_result_no_number() -> None:
    """A real KingsClub file (2021) writes no result after a summary seat line when the
    player came out even ("Seat 1: Hero (32,500)"), and no "wins" line for a last side
    pot nobody contested: read in part before ('unrecognised line' on the seat line).
    PLO 50/100: Ann posts 50, Bea 100; Cy calls all in for 25; Dee and Ann fold.
    Bea's 100 over Ann's 50 is uncalled: 50 back. Main pot 3 x 25 = 75 (Bea, Cy), rake
    3, 72 to Cy's aces (Bea's kings); side pot 25 + 25 = 50, Bea alone (Ann folded):
    Bea put in 100, got 50 + 50 back: even, no number; Dee put in nothing: no number
    either. Cy 72 - 25 = +47, Ann -50."""
    (ph,) = _parse("uncontested_side_pot_no_wins_line_even_result.txt")
    h = ph.hand
    assert h is not None and ph.problems == ()
    assert [(r.player, r.amount, r.inferred) for r in h.returned] == [("Bea", 5000, True)]
    # in cents; the side pot on Bea's summary line (line 23)
    assert [(c.player, c.amount, c.pot, c.line) for c in h.collects] == [
        ("Cy", 7200, 0, 27), ("Bea", 5000, 1, 23)]  # fmt: skip
    assert (h.rake, h.total_pot) == (300, 12500)
    assert not _findings(h) & BAD
