"""Bovada / Ignition grammar: hand-written fixtures (tests/fixtures/bovada/) and the corpus.

Every expected amount below is worked out by hand from the fixture's lines, in cents
(cash) or chips (tournaments).
"""

from __future__ import annotations

import io
from datetime import datetime
from pathlib import Path

from hhtools.grammars import bovada

from hhtools.audit import audit_hand
from hhtools.model.records import ActionKind, PostKind, Street
from hhtools.model.vocab import FindingKind, HandCategory, PotPartsBasis, ProblemCode
from tests.award_probe import awards
from tests.conftest import need_corpus

FIX = Path(__file__).parent / "fixtures" / "bovada"


def _hands(name: str) -> list:
    with (FIX / name).open("rb") as fh:
        return [bovada.FORMAT.parse(ht) for ht in bovada.FORMAT.split(fh, name)]


def _findings(hand) -> list:
    res = audit_hand(hand)
    return list(getattr(res, "findings", res))


def _money_findings(hand) -> list:
    bad = {FindingKind.AWARD_MISMATCH, FindingKind.CHIP_IMBALANCE, FindingKind.DECLARED_MISREAD}
    return [f for f in _findings(hand) if f.kind in bad]


def test_recognise_is_specific() -> None:
    assert bovada.FORMAT.recognise("Bovada Hand #1 TBL#2 OMAHA Pot Limit - 2012-05-14 00:54:46")
    assert bovada.FORMAT.recognise(
        "\ufeffIgnition Hand #3 TBL#4 OMAHA HiLo Pot Limit - 2018-01-01 1:00:00"
    )
    assert not bovada.FORMAT.recognise(
        "PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD) - 2020/01/01"
    )
    assert not bovada.FORMAT.recognise(
        "Game started at: 2016/8/2 11:24:23\nGame ID: 1 0.01/0.02 T (Omaha)"
    )
    assert not bovada.FORMAT.recognise(
        "Hand #78708209 - Omaha H/L(Fixed Limit) - $20.00/$40.00 - 2019/07/18 15:13:01 UTC"
    )


def test_hilo_side_pot_rake_printed() -> None:
    (ph,) = _hands("hilo_side_pot_rake_printed.txt")
    h = ph.hand
    assert ph.problems == ()
    assert h.site == "bovada" and h.hand_id == "3000000001" and h.table == "9000001"
    assert h.game.hi_lo and h.game.variant.hole_cards == 4 and h.game.structure.value == "pot_limit"
    assert (h.game.small_blind, h.game.big_blind, h.game.currency) == (10, 25, "USD")
    assert h.started_at == datetime(2014, 8, 5, 1, 0, 0)
    assert h.time_zone is None and h.started_at_utc is None
    assert h.button == 1 and h.hero == "Big Blind"
    assert h.hole_cards["Small Blind"] == ("As", "2s", "Qd", "Jc")
    assert len(h.hole_cards) == 4  # every spot's cards are listed
    got = [(a.street, a.player, a.kind, a.amount, a.to_amount, a.all_in) for a in h.actions]
    assert got == [
        (Street.PREFLOP, "Small Blind", ActionKind.POST, 10, None, False),
        (Street.PREFLOP, "Big Blind", ActionKind.POST, 25, None, False),
        (Street.PREFLOP, "UTG", ActionKind.FOLD, 0, None, False),
        # "Raises $0.85 to $0.85": 0.60 over the big blind, to 0.85
        (Street.PREFLOP, "Dealer", ActionKind.RAISE, 60, 85, False),
        # "All-in $1.90": 0.10 posted + 1.90 = 2.00, a raise of 1.15 over 0.85
        (Street.PREFLOP, "Small Blind", ActionKind.RAISE, 115, 200, True),
        (Street.PREFLOP, "Big Blind", ActionKind.CALL, 175, None, False),
        (Street.PREFLOP, "Dealer", ActionKind.CALL, 115, None, False),
        (Street.FLOP, "Big Blind", ActionKind.BET, 300, None, False),
        (Street.FLOP, "Dealer", ActionKind.CALL, 300, None, False),
        (Street.TURN, "Big Blind", ActionKind.CHECK, 0, None, False),
        (Street.TURN, "Dealer", ActionKind.CHECK, 0, None, False),
        (Street.RIVER, "Big Blind", ActionKind.BET, 400, None, False),
        (Street.RIVER, "Dealer", ActionKind.FOLD, 0, None, False),
    ]
    assert h.actions[0].post is PostKind.SMALL_BLIND
    assert [(r.player, r.amount) for r in h.returned] == [("Big Blind", 400)]
    assert h.boards == (("2h", "5c", "8d", "Kh", "Qs"),)
    # put in: SB 2.00, BB 2.00 + 3 + 4 - 4 returned = 5.00, Dealer 2.00 + 3 = 5.00
    assert (h.total_pot, h.rake) == (1200, 60)
    # side pot (BB and Dealer, 3.00 each) 6.00 -> 5.70; main (3 x 2.00) 6.00 -> 5.70
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [
        ("Big Blind", 570, 1),
        ("Small Blind", 285, 0),
        ("Big Blind", 285, 0),
    ]
    assert h.pot_parts == (570, 570) and h.pot_parts_basis is PotPartsBasis.NET
    sb, bb = h.shows
    assert sb.cards == ("As", "2s", "Qd", "Jc") and sb.description == "Two pair"
    assert sb.claimed_high.category is HandCategory.TWO_PAIR and sb.claimed_high.ranks == (12, 2)
    assert bb.claimed_high.ranks == (10,) and bb.claimed_low == (8, 5, 3, 2, 1)
    # main pot: SB's Queens and Deuces take the high 2.85, BB's 8-5-3-2-A the low 2.85
    assert _money_findings(h) == []


def test_oldest_no_streets_raise_totals() -> None:
    (ph,) = _hands("oldest_no_streets_raise_totals.txt")
    h = ph.hand
    assert ph.problems == ()
    g = h.game
    assert (g.tournament_id, g.level, g.currency, g.small_blind, g.big_blind) == (
        "1000002",
        "2",
        "CHIPS",
        15,
        30,
    )
    assert not g.hi_lo
    got = [(a.street, a.player, a.kind, a.amount, a.to_amount, a.all_in) for a in h.actions]
    assert got == [
        (Street.PREFLOP, "Small Blind", ActionKind.POST, 15, None, False),
        (Street.PREFLOP, "Big Blind", ActionKind.POST, 30, None, False),
        (Street.PREFLOP, "Dealer", ActionKind.RAISE, 60, 90, False),  # "Raises 90": to 90
        (Street.PREFLOP, "Small Blind", ActionKind.CALL, 75, None, False),
        (Street.PREFLOP, "Big Blind", ActionKind.CALL, 60, None, False),
        # no street line: the preflop round was complete, so this is the flop
        (Street.FLOP, "Small Blind", ActionKind.CHECK, 0, None, False),
        (Street.FLOP, "Big Blind", ActionKind.BET, 270, None, False),
        (Street.FLOP, "Dealer", ActionKind.FOLD, 0, None, False),
        # "All-in(raise) 1,410": the 1,410 chips SB had left, to 1,410
        (Street.FLOP, "Small Blind", ActionKind.RAISE, 1140, 1410, True),
        # "All-in 240": BB's last 240 chips, a call for less
        (Street.FLOP, "Big Blind", ActionKind.CALL, 240, None, True),
    ]
    assert [(r.player, r.amount) for r in h.returned] == [("Small Blind", 900)]
    assert h.boards == (("8d", "3s", "2h", "Ks", "Tc"),)  # from the summary only
    # Dealer 90 + SB 600 + BB 600
    assert (h.total_pot, h.rake) == (1290, 0)
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [("Big Blind", 1290, 0)]
    assert h.shows[1].claimed_high.ranks == (11,)
    assert _money_findings(h) == []


def test_table_events_posts_chip_and_unprinted_rake() -> None:
    (ph,) = _hands("table_events_posts_chip_rake_unprinted.txt")
    h = ph.hand
    assert ph.problems == ()  # "Table enter user", "Seat stand"... are read, not problems
    assert h.hero == "UTG"
    post = h.actions[2]
    assert (post.player, post.kind, post.post, post.amount) == (
        "UTG",
        ActionKind.POST,
        PostKind.BIG_BLIND,
        5,
    )
    fold = [a for a in h.actions if a.player == "Big Blind" and a.kind is ActionKind.FOLD]
    assert fold  # "Folds (timeout)"
    # SB 0.02 + BB 0.05 + UTG 0.20 + Dealer 0.20 = 0.47; Dealer collected 0.45: 0.02 rake
    assert (h.total_pot, h.rake) == (47, 2)
    assert [(c.player, c.amount) for c in h.collects] == [("Dealer", 45)]
    assert h.shows == ()  # "Does not show": nothing shown
    assert h.boards == (("Ks", "8d", "4c"),)
    assert _money_findings(h) == []


def test_newer_wording_blinds_and_dealer() -> None:
    """Bovada's newer wording (2022 on) of the button and the blinds ("Set dealer [1]",
    "Small Blind $0.10", "Big blind $0.25") is read: they were unrecognised lines, so
    the hand lost its blinds and its total pot looked short by them."""
    (ph,) = _hands("newer_wording_blinds_and_dealer.txt")
    h = ph.hand
    assert ph.problems == ()
    assert h.button == 1 and h.hero == "Big Blind"
    assert (h.game.small_blind, h.game.big_blind) == (10, 25)
    got = [(a.street, a.player, a.kind, a.post, a.amount) for a in h.actions[:5]]
    assert got == [
        (Street.PREFLOP, "Small Blind", ActionKind.POST, PostKind.SMALL_BLIND, 10),
        (Street.PREFLOP, "Big Blind", ActionKind.POST, PostKind.BIG_BLIND, 25),
        (Street.PREFLOP, "Dealer", ActionKind.CALL, None, 25),
        (Street.PREFLOP, "Small Blind", ActionKind.CALL, None, 15),  # 0.10 posted
        (Street.PREFLOP, "Big Blind", ActionKind.CHECK, None, 0),
    ]
    # in the middle: 0.25 from each of three preflop, 0.50 from two on the flop
    assert (h.total_pot, h.rake) == (175, 5)
    assert [(c.player, c.amount) for c in h.collects] == [("Big Blind", 170)]
    assert _money_findings(h) == []


def test_holdem_is_a_skipped_note() -> None:
    (ph,) = _hands("holdem_skipped.txt")
    assert ph.hand is None and ph.skipped and ph.hand_id == "3000000004"
    assert [p.code.value for p in ph.problems] == ["skipped_game"]


def test_truncated_and_card_twice() -> None:
    cut, twice = _hands("truncated_and_card_twice.txt")
    assert cut.hand is None and [p.code.value for p in cut.problems] == ["truncated_hand"]
    assert twice.hand is None and [p.code.value for p in twice.problems] == ["impossible_cards"]
    assert twice.problems[0].line == 19  # Kd's second appearance


def test_bad_input_never_raises() -> None:
    text = (FIX / "hilo_side_pot_rake_printed.txt").read_text()
    for cut in range(0, len(text), 97):
        bovada.parse_hand(text[:cut] + "\x00garbage $1e99 [Zz]\n" + text[cut:], "x", 1)
    huge = text.replace("Bets $3", "Bets $99999999999999999")
    ph = bovada.parse_hand(huge, "x", 1)
    assert ph.hand is None and [p.code.value for p in ph.problems] == ["out_of_range"]


def test_corpus(tmp_path: Path) -> None:
    corpus = need_corpus() / "Bovada"
    import duckdb

    from hhtools.store.importer import import_paths

    db = tmp_path / "b.duckdb"
    import_paths([corpus], db, workers=1)
    con = duckdb.connect(str(db), read_only=True)
    assert (
        con.execute("select count(*) from hands where site_format = 'bovada'").fetchone()[0] == 54
    )
    problems = con.execute("select code, message from import_errors where not is_note").fetchall()
    assert problems == []
    rows = con.execute(
        "select hand_id, kind from findings "
        "where kind in ('award_mismatch', 'chip_imbalance') order by 1"
    ).fetchall()
    # Bovada splits a tied low half in equal whole cents and gives the leftover to the
    # high half (declared as the room's odd_chips rule): hand 2902256725's $9.62 pays
    # $4.82 high and $2.40 + $2.40 low, 2902266598's $0.95 pays $0.49 and $0.23 + $0.23.
    assert rows == []
    # The collect lines name no half, so each winner's total is compared. 2902256725: the
    # high winner also shares the low, 482 + 240 = 722. 2902266598: three winners, 49
    # high and 23 + 23 low to two others.
    paid = con.execute(
        "select hand_id, paid, due from awards where hand_id in "
        "('2902256725', '2902266598') and paid > 0 order by 1, 2 desc"
    ).fetchall()
    assert paid == [("2902256725", 722, 722), ("2902256725", 240, 240),
                    ("2902266598", 49, 49), ("2902266598", 23, 23),
                    ("2902266598", 23, 23)]  # fmt: skip


def test_sit_out_before_the_deal() -> None:
    """"UTG+1 : Seat sit out" before the deal, no card dealt to UTG+1: not dealt in.
    "Small Blind : Sit out" after the small blind posted and folded: still in the hand."""
    (ph,) = _hands("sit_out_before_the_deal.txt")
    h = ph.hand
    assert ph.problems == ()
    assert [(s.player, s.sitting_out) for s in h.seats] == [
        ("Dealer", False), ("Small Blind", False), ("Big Blind", False), ("UTG", False),
        ("UTG+1", True)]  # fmt: skip
    # SB 0.02 + BB 0.05 + 0.15 + Dealer 0.20 = 0.42; Dealer's 0.30 back; collects 0.40.
    assert (h.total_pot, h.rake) == (42, 2)
    assert [(c.player, c.amount) for c in h.collects] == [("Dealer", 40)]
    assert _money_findings(h) == []


def test_unknown_table_deposit_and_summary_seat_words_are_unread() -> None:
    """A "Table deposit" with more than its amount ("Table deposit $5 bonus $2": chips
    of a kind not known) and a summary seat line with words the site is not known to
    write there ("Seat+1: Dealer HI $0.45 Jackpot $0.10": money the collects do not say)
    are unrecognised lines: the hand is read in part, never read as if they were not
    there. "Table enter user", "Seat sit down", "Seat stand" and the plain "Table
    deposit $5" carry no chips of this hand and are still read."""
    from hhtools.model.records import HandText

    text = (FIX / "table_events_posts_chip_rake_unprinted.txt").read_text()
    text = text.replace("#3000000003", "#3000002791")
    text = text.replace("Seat stand\n", "Seat stand\nTable deposit $5 bonus $2\n")
    text = text.replace("Seat+1: Dealer HI $0.45 [Does not show]",
                        "Seat+1: Dealer HI $0.45 Jackpot $0.10 [Does not show]")  # fmt: skip
    ph = bovada.FORMAT.parse(HandText(text, "bovada_oddity.txt", 1, 0))
    lines = text.splitlines()
    odd = [lines.index("Table deposit $5 bonus $2") + 1,  # line 27
           lines.index("Seat+1: Dealer HI $0.45 Jackpot $0.10 [Does not show]") + 1]  # 35
    assert odd == [27, 35]
    assert [(p.code, p.line) for p in ph.problems] == [
        (ProblemCode.UNRECOGNISED_LINE, 27), (ProblemCode.UNRECOGNISED_LINE, 35)]  # fmt: skip
    assert ph.hand is not None and ph.hand.unread_lines == (27, 35)
    # the rest is read as before: 0.02 + 0.05 + 0.20 + 0.20 = 0.47, Dealer collects 0.45
    assert (ph.hand.total_pot, ph.hand.rake) == (47, 2)
    assert [(c.player, c.amount) for c in ph.hand.collects] == [("Dealer", 45)]


def test_dead_chip_with_the_posted_chip_is_dead_money() -> None:
    """UTG posts a chip ($0.05, live) and a dead chip ($0.02), calls the dealer's raise
    to $0.20 and his $0.30 flop bet, and loses at showdown to the dealer's trip kings:
    the pot is $0.02 + $0.05 + $0.02 dead + 2 x $0.50 = $1.09, all the dealer's. The dead
    chip was typed as an ante, which counts to a player's level: UTG's $0.52 against
    the dealer's $0.50 made a $0.02 "side pot" for UTG alone, two false findings
    (dealer paid $1.09 of $1.07, UTG due $0.02) on a hand paid right; the two posts are
    one now (the chip live, the dead chip dead)."""
    text = (FIX / "posts_dead_chip_with_posts_chip_loses.txt").read_text("utf-8")
    assert awards(bovada.FORMAT, text) == set()
    wrong = text.replace("Dealer : Hand result $1.09", "UTG  [ME] : Hand result $1.09")
    assert awards(bovada.FORMAT, wrong) == {("Dealer", 0, 109), ("UTG", 109, 0)}


def test_short_all_in_big_blind_is_not_the_stake() -> None:
    """At $0.02/$0.05 the Big Blind posts his last $0.03 and UTG comes in with a chip
    ($0.05, live) and a dead chip ($0.02): the stake was read from the first big blind
    ($0.03), so UTG's post of both held $0.04 dead by the rules (what it holds over the
    big blind), not $0.02, and the audit found three award mismatches on a hand paid
    right. The stake is the largest big blind posted. In: SB 0.02 + BB 0.03 + UTG 0.07
    + 0.15 + 0.30 + Dealer 0.20 + 0.30 = $1.07; main pot 3 x 0.03 + 0.02 + 0.02 dead =
    $0.13, side pot 2 x 0.47 = $0.94, both to the dealer's trip kings."""
    (ph,) = _hands("short_all_in_big_blind_posts_chip_and_dead_chip.txt")
    h = ph.hand
    assert h is not None and ph.problems == ()
    assert (h.game.small_blind, h.game.big_blind) == (2, 5)
    assert [(p.pot, p.gross) for p in audit_hand(h).settlement.pots] == [(0, 13), (1, 94)]
    assert _money_findings(h) == []


def test_zone_poker_leave_enter_auto() -> None:
    """Ignition's Zone Poker (fast-fold) writes 'UTG : Leave(Auto)' when a player leaves
    for the next table, and 'Enter(Auto)' (with or without a player) for the next
    hand's: each was an unrecognised line, so every Zone Poker hand was read in part.
    They carry no chips. Pot: 0.25 x 2 + 0.50 x 2 = $1.50, $0.07 rake, $1.43 to the big
    blind's trip aces (Ah Ac + Ad Tc 9s) over the small blind's trip tens."""
    (ph,) = _hands("zone_poker_leave_enter_auto.txt")
    h = ph.hand
    assert ph.problems == () and h.unread_lines == ()
    assert (h.table, h.hero, h.total_pot, h.rake) == ("1300", "Big Blind", 150, 7)
    assert [(c.player, c.amount) for c in h.collects] == [("Big Blind", 143)]
    assert _findings(h) == []
    text = (FIX / "zone_poker_leave_enter_auto.txt").read_text()
    wrong = text.replace("Big Blind  [ME] : Hand result $1.43", "Small Blind : Hand result $1.43")
    assert awards(bovada.FORMAT, wrong) == {("Small Blind", 143, 0), ("Big Blind", 0, 143)}


def test_zone_poker_walk_showdown_category_only() -> None:
    """A 2019 Zone Poker walk: the big blind, the last player in, writes 'Showdown(One
    pair)' (a category, no card), and the summary says 'Folded before the RIVER' of
    players who folded before the flop; both were unrecognised lines. The pot: 50 + 100
    = 150 cents to the big blind. Such a line while another player is still in is not
    read (the hand then read in part)."""
    (ph,) = _hands("zone_poker_walk_showdown_category_only.txt")
    h = ph.hand
    assert ph.problems == () and h.unread_lines == ()
    assert (h.total_pot, [(c.player, c.amount) for c in h.collects]) == (150, [("Big Blind", 150)])
    assert h.shows == () and _findings(h) == []
    text = (FIX / "zone_poker_walk_showdown_category_only.txt").read_text()
    called = text.replace("Small Blind : Folds\n", "Small Blind : Calls $0.50\n")
    (ht,) = bovada.FORMAT.split(io.BytesIO(called.encode()), "probe.txt")
    ph = bovada.FORMAT.parse(ht)
    assert [(p.line, p.code) for p in ph.problems][:1] == [(20, ProblemCode.UNRECOGNISED_LINE)]


def test_mvs_client_2021_header_utc_dead_button_and_info_lines() -> None:
    """The 2021 client's hands (fpdb-3's real file 'NLHE-USD - $0.25-$0.50 - 202103.MVS
    .version', tried as Omaha): the header ends "[MVS] - <date> UTC", a "Table Info:" and a
    "Player Info:" line, the button at an empty seat ("Dealer : Set dealer [6]", no one
    seated there), summary lines "lost with [..]" / "$219.21 with [..]" (no category).
    The header was not read: every such hand was lost (bad header). Worked by hand: UTG+1
    raises to $0.85, Big Blind calls; on the flop $6.10 each; the turn's $10 bet comes
    back: 0.10 + 2 x 0.85 + 2 x 6.10 = $14, $13.60 to UTG+1, rake $0.40 (not printed)."""
    name = "mvs_2021_utc_dead_button_player_info.txt"
    (ph,) = _hands(name)
    h = ph.hand
    assert ph.problems == ()
    assert (h.button, h.hero, h.time_zone) == (6, "UTG", "UTC")
    assert h.started_at_utc.isoformat() == "2021-04-02T19:05:11+00:00"
    assert (h.game.small_blind, h.game.big_blind) == (10, 25)
    assert (h.total_pot, h.rake) == (1400, 40)
    assert [(c.player, c.amount) for c in h.collects] == [("UTG+1", 1360)]
    assert _money_findings(h) == []
    text = (FIX / name).read_text()
    # paid to the Big Blind, who folded: the audit judges the hand (UTG+1 due $13.60)
    wrong = text.replace("UTG+1 : Hand result $13.60", "Big Blind : Hand result $13.60")
    assert awards(bovada.FORMAT, wrong) == {("Big Blind", 1360, 0), ("UTG+1", 0, 1360)}


def test_bodog_eu_room_header() -> None:
    """"Bodog.eu Hand #..." (fpdb-3's real 2018 file 'NLHE-6max-USD - $0.25-$0.50 -
    201804.bodog.eu', tried as Omaha) is the format's header: such a file was 'not a hand
    history of a supported site', every hand lost. Worked by hand: UTG raises to $1.75,
    Big Blind calls; the flop's $3.75 bet comes back: 0.25 + 2 x 1.75 = $3.75, $3.58 to
    UTG, rake $0.17 (not printed)."""
    (ph,) = _hands("bodog_eu_room_header.txt")
    h = ph.hand
    assert ph.problems == ()
    assert (h.site, h.hand_id, h.table) == ("bovada", "3600000123", "15070001")
    assert h.hero == "Big Blind"
    assert (h.total_pot, h.rake) == (375, 17)
    assert [(c.player, c.amount) for c in h.collects] == [("UTG", 358)]
    assert _money_findings(h) == []
    assert bovada.FORMAT.recognise("Bodog.eu Hand #3600000123 TBL#15070001 OMAHA Pot Limit")


def test_zone_poker_big_blind_all_in_posted() -> None:
    """A big blind posted with the player's last chips is written "Big Blind : All-in
    $0.05" before the deal (fpdb-3's real 2014 file 'NLHE-USD-ZONE - $0.02-$0.05 -
    201411.Allin.blind', tried as Omaha): it was read as an all-in bet, no big blind
    posted, and the game's big blind made twice the small ($0.04 of $0.02/$0.05). It is
    the big blind post (all in): the stake $0.10/$0.25 here. Worked by hand: 3 x $0.25,
    UTG's $0.50 flop bet comes back; $0.75 less $0.03 rake, $0.72 to UTG's trip queens."""
    (ph,) = _hands("zone_poker_big_blind_all_in_posted.txt")
    h = ph.hand
    assert ph.problems == ()
    assert (h.game.small_blind, h.game.big_blind) == (10, 25)
    bb = h.actions[1]
    assert (bb.player, bb.kind, bb.post, bb.amount, bb.all_in) == (
        "Big Blind", ActionKind.POST, PostKind.BIG_BLIND, 25, True)
    assert (h.total_pot, h.rake) == (75, 3)
    assert [(c.player, c.amount) for c in h.collects] == [("UTG", 72)]
    assert _money_findings(h) == []


def test_folds_and_shows() -> None:
    """ "Small Blind : Folds & shows [..]" (fpdb-3's real 2012 file 'NLHE-USD-0.10-0.25-
    201209.RING - $0.10-$0.25 - .post.both', tried as Omaha) is a fold (the cards are the
    deal's): it was an unread line, the fold missing and the hand read in part. Worked by
    hand: everyone folds to the big blind, $0.25 + $0.50 = $0.75 to the Big Blind."""
    (ph,) = _hands("folds_and_shows_small_blind.txt")
    h = ph.hand
    assert ph.problems == ()
    sb = [a for a in h.actions if a.player == "Small Blind"]
    assert [a.kind for a in sb] == [ActionKind.POST, ActionKind.FOLD]
    assert [(c.player, c.amount) for c in h.collects] == [("Big Blind", 75)]
    assert _money_findings(h) == []


def test_dead_chip_alone_is_both_blinds() -> None:
    """ "UTG : Posts dead chip $0.35" alone at $0.10/$0.25 (fpdb-3's real 2012 file
    'NLHE-USD-0.10-0.25-201209.RING - $0.10-$0.25 - .post.both', tried as Omaha; the
    poster then checks) is the small and big blind in one post, the big blind live. Typed
    dead, it counted to UTG's level (0.35 + 1.10 against the Big Blind's 1.35): a $0.10
    side pot of UTG alone, and two false findings on a hand paid right. Worked by hand:
    4 x $0.25 + $0.10 dead = $1.10; $1.10 each on the flop: $3.30, $0.15 rake, $3.15 to
    UTG's trip kings over the Big Blind's trip eights."""
    (ph,) = _hands("dead_chip_alone_both_blinds_then_checks.txt")
    h = ph.hand
    assert ph.problems == ()
    post = h.actions[2]
    assert (post.player, post.post, post.amount) == ("UTG", PostKind.DEAD_SMALL_AND_BIG, 35)
    assert (h.total_pot, h.rake) == (330, 15)
    assert [(c.player, c.amount) for c in h.collects] == [("UTG", 315)]
    assert _findings(h) == []


def test_sitout_wait_for_bb_not_dealt_in() -> None:
    """"UTG  [ME] : Sitout (wait for bb)" (fpdb-3's real 2012 file PLO-USD-5-10-201204.new
    .format: the player waiting for the big blind is dealt no card) is a sit-out: it was
    an unread line, the hand read in part. Worked by hand, no street lines: Dealer
    raises to $3, both blinds call: $9; Dealer bets $4.50, Big Blind calls: $18; the Big
    Blind's $5 river bet comes back; $18 less $0.50 rake, $17.50 to the Big Blind."""
    (ph,) = _hands("sitout_wait_for_bb_not_dealt_in.txt")
    h = ph.hand
    assert ph.problems == () and h is not None
    assert [(s.player, s.sitting_out) for s in h.seats] == [
        ("Small Blind", False), ("Big Blind", False), ("UTG", True), ("Dealer", False)]
    assert (h.total_pot, h.rake) == (1800, 50)
    assert [(c.player, c.amount) for c in h.collects] == [("Big Blind", 1750)]
    assert [(r.player, r.amount) for r in h.returned] == [("Big Blind", 500)]
    assert _money_findings(h) == []
