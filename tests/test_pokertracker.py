"""PokerTracker's converted text: hand-written fixtures (tests/fixtures/pokertracker/)
and the real corpus (Microgaming and Merge exports).

Every expected amount is worked out by hand from the fixture text in the comments
(cents for cash, chips for tournaments).
"""

from __future__ import annotations

from functools import partial
from datetime import datetime
from pathlib import Path

import duckdb
import pytest
from hhtools.grammars import pokertracker, recognise

from hhtools.model.records import ActionKind, HandText, PostKind, Street
from hhtools.model.vocab import ProblemCode
from hhtools.store.importer import import_paths
from tests.conftest import manifest_hands, need_corpus
from tests.small_sites import BAD, kinds, parse_fixture, with_lines

FIXTURES = Path(__file__).parent / "fixtures" / "pokertracker"
MG = "microgaming_raised_to_adds_chips_win_holds_uncalled_bet.txt"
MERGE = "merge_short_all_in_blind_return_written_as_win_cut_hand.txt"


_parse = partial(parse_fixture, pokertracker.FORMAT)
_kinds = kinds


def test_recognise_both_styles() -> None:
    for name in (MG, MERGE):
        head = (FIXTURES / name).read_text("utf-8")
        assert pokertracker.FORMAT.recognise(head) and recognise(head) is pokertracker.FORMAT
    assert not pokertracker.FORMAT.recognise("Hand #5297786-137 - 2013-04-11 02:08:55")
    assert not pokertracker.FORMAT.recognise('<Game hhversion="5" id="1">')


def test_microgaming_raised_to_is_chips_added_win_holds_uncalled_bet() -> None:
    won, showdown, holdem = _parse(MG)
    h = won.hand
    assert h is not None and won.problems == ()
    assert (h.site, h.site_format, h.hand_id, h.table, h.button) == (
        "microgaming", "pokertracker", "6100000001", "Oakvale", 2)  # fmt: skip
    assert (h.game.small_blind, h.game.big_blind, h.game.currency) == (10, 20, "EUR")
    assert h.started_at == datetime(2014, 3, 10, 20, 15) and h.hero == "Runa"
    assert h.hole_cards["Runa"] == ("Kd", "Kc", "9s", "Th")
    acts = [(a.street, a.player, a.kind, a.amount, a.to_amount) for a in h.actions]
    assert acts == [
        (Street.PREFLOP, "Tove", ActionKind.POST, 10, None),
        (Street.PREFLOP, "Runa", ActionKind.POST, 20, None),
        (Street.PREFLOP, "Sigge", ActionKind.RAISE, 50, 70),  # "raised to €0.70" from 0
        (Street.PREFLOP, "Tove", ActionKind.FOLD, 0, None),
        (Street.PREFLOP, "Runa", ActionKind.RAISE, 120, 190),  # 0.20 + "raised to €1.70"
        (Street.PREFLOP, "Sigge", ActionKind.CALL, 120, None),
        (Street.FLOP, "Runa", ActionKind.BET, 390, None),
        (Street.FLOP, "Sigge", ActionKind.FOLD, 0, None),
    ]
    # Pot 0.10 + 2 x 1.90 = 3.90, rake 0.19: 3.71 won; "wins €7.61" also holds the
    # 3.90 bet nobody called (7.61 + 0.19 = 7.80, every chip put in).
    assert [(c.player, c.amount) for c in h.collects] == [("Runa", 371)]
    assert [(r.player, r.amount, r.inferred) for r in h.returned] == [("Runa", 390, True)]
    assert (h.rake, h.total_pot, h.inferred) == (19, None, ("returned",))
    assert not _kinds(h) & BAD
    s = showdown.hand
    assert s is not None and showdown.problems == ()
    # Runa bets 2.10, Tove calls all-in for 1.50: Runa's 0.60 goes back silently; pot
    # 3 x 0.70 + 2 x 1.50 = 5.10, rake 0.25, Tove's trip nines win 4.85.
    assert [(r.player, r.amount) for r in s.returned] == [("Runa", 60)]
    assert [(c.player, c.amount) for c in s.collects] == [("Tove", 485)] and s.rake == 25
    allin = [a for a in s.actions if a.player == "Tove" and a.all_in]
    assert [(a.kind, a.amount) for a in allin] == [(ActionKind.CALL, 150)]
    assert s.boards == (("9c", "5h", "2d", "Kh", "3s"),) and not _kinds(s) & BAD
    assert holdem.hand is None and [p.code for p in holdem.problems] == [ProblemCode.SKIPPED_GAME]


def test_microgaming_export_cut_before_its_rake_line_is_cut_short() -> None:
    # The export ends a Microgaming hand with "Rake: €0.19" after its wins line: cut
    # after "Runa wins €7.61 from the main pot" (line 19) or the blank line after it,
    # the hand was read whole with no rake, and the audit found the €7.61 (the pot and
    # Runa's uncalled €3.90) a chip imbalance on a hand that was only cut.
    lines = (FIXTURES / MG).read_text("utf-8").split("\n")
    for end in (18, 19, 20):
        r = pokertracker.FORMAT.parse(HandText("\n".join(lines[:end]), "m.txt", 1, 0))
        assert r.hand is None
        assert [(p.line, p.code) for p in r.problems] == [(end, ProblemCode.TRUNCATED_HAND)]
    r = pokertracker.FORMAT.parse(HandText("\n".join(lines[:21]), "m.txt", 1, 0))
    assert r.hand is not None and r.problems == ()  # to the rake line: read, 3.71 won
    assert [(c.player, c.amount) for c in r.hand.collects] == [("Runa", 371)]


def test_merge_short_all_in_blind_and_return_written_as_win() -> None:
    ph, cut = _parse(MERGE)
    h = ph.hand
    assert h is not None and ph.problems == ()
    g = h.game
    assert (h.site, g.currency, g.tournament_id, g.buy_in) == (
        "merge", "CHIPS", "51000001", "$2+$0.20")  # fmt: skip
    # The second "Post SB" (80, all-in) is the big blind posted short; the big blind
    # is twice the 50 small blind.
    posts = [(a.player, a.post, a.amount) for a in h.actions if a.kind is ActionKind.POST]
    assert posts == [("Ulrike", PostKind.SMALL_BLIND, 50), ("Vidar", PostKind.BIG_BLIND, 80)]
    assert (g.small_blind, g.big_blind) == (50, 100) and "blinds" in h.inferred
    # Merge writes tournament balances after the blinds: Vidar's "$0.00" is the 80 he
    # posted all-in, Ulrike's 4,500 is 4,550 less her 50 small blind.
    assert [(s.player, s.stack) for s in h.seats] == [
        ("Ulrike", 4550), ("Vidar", 80), ("Wenzel", 2210)]  # fmt: skip
    # Ulrike 100, Vidar 80: the pot is 160 (Vidar's straight); "Ulrike: wins $20.00"
    # is her uncalled 20 coming back.
    assert [(c.player, c.amount) for c in h.collects] == [("Vidar", 160)]
    assert [(r.player, r.amount, r.inferred) for r in h.returned] == [("Ulrike", 20, False)]
    assert h.rake == 0 and not _kinds(h) & BAD
    assert cut.hand is None and [p.code for p in cut.problems] == [ProblemCode.TRUNCATED_HAND]


def test_bad_input_never_raises() -> None:
    text = (FIXTURES / MG).read_text("utf-8").split("\n\n\n\n")[0]
    twice = text.replace("Kd, Kc, 9s, 10h", "Kd, Kd, 9s, 10h")
    ph = pokertracker.FORMAT.parse(HandText(twice, "x", 1, 0))
    assert ph.hand is None and ProblemCode.IMPOSSIBLE_CARDS in {p.code for p in ph.problems}
    junk = text.replace("Tove folded", "Tove dances")
    ph = pokertracker.FORMAT.parse(HandText(junk, "x", 1, 0))
    assert ph.hand is not None and [p.code for p in ph.problems] == [ProblemCode.UNRECOGNISED_LINE]
    for cut in range(0, len(text), 41):
        pokertracker.FORMAT.parse(HandText(text[:cut], "x", 1, 0))  # never raises


def test_real_pokertracker_hands(tmp_path: Path) -> None:
    corpus = need_corpus() / "PokerTracker"
    if not corpus.is_dir():
        pytest.skip("no PokerTracker folder in the corpus")
    db = tmp_path / "pt.duckdb"
    summary = import_paths([corpus], db, workers=1)
    assert (summary.hands, summary.failed, summary.skipped) == (
        manifest_hands("PokerTracker"), 0, 0)  # fmt: skip
    with duckdb.connect(str(db), read_only=True) as con:
        errors = con.execute(
            "SELECT count(*) FROM import_errors WHERE NOT coalesce(is_note, false)"
        ).fetchone()
        bad = con.execute(
            "SELECT hand_id, kind FROM findings WHERE kind IN ('award_mismatch', "
            "'chip_imbalance', 'declared_misread', 'contradicted_line') OR kind LIKE 'procedure%'"
        ).fetchall()
        rooms = con.execute("SELECT DISTINCT site FROM hands ORDER BY 1").fetchall()
        # Merge hand 4927169400080: Wbuoogoqfx's "$0.00 in chips" after his all-in 135
        # blind; the dealer's 23,120 after his 100 small blind.
        stacks = con.execute(
            "SELECT player, stack FROM seats WHERE hand_id = '4927169400080' ORDER BY seat"
        ).fetchall()
    assert stacks == [("UoswVwx0Yqsif", 23220), ("Wbuoogoqfx", 135), ("OcrsrwdlJybppSrjw", 6295)]
    assert errors == (0,) and bad == []
    assert rooms == [("merge",), ("microgaming",)]


IPOKER = "ipoker_style_suit_first_cards_raise_to_and_by.txt"


def test_ipoker_style_newer_version() -> None:
    """PokerTracker's iPoker export ("GAME #N Version:.. Uncalled:Y"): cards suit first,
    "Raise (NF)" a raise to, plain "Raise" the chips added, "Post BB" of a small and a
    big blind a dead small blind with the big one, the uncalled bet left out."""
    head = (FIXTURES / IPOKER).read_text("utf-8")
    assert pokertracker.FORMAT.recognise(head) and recognise(head) is pokertracker.FORMAT
    new, old = _parse(IPOKER)
    h = new.hand
    assert h is not None and new.problems == ()
    assert (h.site, h.hand_id, h.table, h.button) == ("ipoker", "8800000771", "Steyr", 1)
    assert (h.game.small_blind, h.game.big_blind, h.game.currency) == (25, 50, "EUR")
    assert h.time_zone == "GMT" and h.started_at == datetime(2019, 2, 11, 21, 14, 5)
    assert h.hole_cards["Clara"] == ("Ah", "Ac", "Td", "2s")
    assert h.boards == (("Jd", "Qs", "8c", "3h"),)
    acts = [(a.player, a.kind, a.amount, a.to_amount, a.post) for a in h.actions]
    assert acts[2] == ("Dirk", ActionKind.POST, 75, None, PostKind.DEAD_SMALL_AND_BIG)
    assert acts[3:8] == [
        ("Dirk", ActionKind.RAISE, 125, 175, None),  # to 1.75 over his live 0.50
        ("Anke", ActionKind.CALL, 175, None, None),
        ("Bruno", ActionKind.FOLD, 0, None, None),
        ("Clara", ActionKind.RAISE, 375, 550, None),  # adds 5.00 to her 0.50 blind
        ("Dirk", ActionKind.CALL, 375, None, None),  # 1.75 + 3.75 = 5.50
    ]
    # Clara's turn bet of 20 is uncalled and left out of the totals ("Uncalled:Y").
    # Pot: Bruno 0.25 + Clara 13.50 + Dirk 13.75 (0.25 dead) + Anke 1.75 = 29.25
    # = total 28.00 + rake 1.25; Clara wins 28.00.
    assert [(r.player, r.amount) for r in h.returned] == [("Clara", 2000)]
    assert (h.total_pot, h.rake) == (2925, 125)
    assert [(c.player, c.amount) for c in h.collects] == [("Clara", 2800)]
    assert not _kinds(h) & BAD


def test_ipoker_style_older_version() -> None:
    """The older header ("GAME #N: ..."), lower-case suits first, a short all-in written
    "Raise $31.00" (the chips added: a call), and the uncalled bet inside the total and
    the winner's "wins"."""
    _, old = _parse(IPOKER)
    h = old.hand
    assert h is not None and old.problems == ()
    assert (h.hand_id, h.time_zone, h.game.currency) == ("2600000772", None, "USD")
    assert h.boards == (("Th", "9s", "2d", "Kc", "3h"),)
    assert h.hole_cards["Edda"] == ("Ts", "Td", "4c", "5c")
    flop = [(a.player, a.kind, a.amount, a.to_amount, a.all_in)
            for a in h.actions if a.street is Street.FLOP]  # fmt: skip
    assert flop == [
        ("Frode", ActionKind.CHECK, 0, None, False),
        ("Gisela", ActionKind.BET, 1050, None, False),
        ("Edda", ActionKind.RAISE, 3150, 4200, False),
        ("Frode", ActionKind.FOLD, 0, None, False),
        ("Gisela", ActionKind.CALL, 3100, None, True),  # 10.50 + 31 = 41.50, all she had
    ]
    # In: Frode 3.50 + Gisela 45.00 + Edda 45.50 = 94.00 = "wins" 91.00 + rake 3.00:
    # Edda's uncalled 0.50 (42.00 - 41.50) is in her 91.00; she wins 90.50 of the
    # 93.50 pot with three tens (Ts Td + Th) over three nines.
    assert [(r.player, r.amount) for r in h.returned] == [("Edda", 50)]
    assert ([(c.player, c.amount) for c in h.collects], h.rake) == ([("Edda", 9050)], 300)
    (gisela,) = [s for s in h.shows if s.player == "Gisela"]
    assert gisela.description == "Three of a Kind, Nines" and gisela.claimed_high is None
    assert not _kinds(h) & BAD


def test_section_line_with_more_words_is_unread_not_swallowed() -> None:
    # "*** HOLE CARDS ***" and "*** SUMMARY ***" carry nothing; with more words after
    # them (the old prefix test read them as nothing) they could carry chips: not
    # understood, the hand read in part on that line alone.
    odd = "*** HOLE CARDS *** Dirk: Post BB €0.50"
    ph, lines = with_lines(pokertracker.FORMAT, "ipoker_style_suit_first_cards_raise_to_and_by.txt",
                           "Dealt to Clara [HA CA D10 S2]", [odd])
    assert ph.hand is not None
    assert ph.hand.unread_lines == (lines.index(odd) + 1,)  # file lines count from 1


def test_ipoker_archive_2013_server_line_sb_bb_whole_board() -> None:
    """A 2013 iPoker archive (fpdb-3's real file PLO-2max-USD-50.00-100.00-201308.iPoker
    .archive, Omaha): the header "GAME #N: Omaha 50/100 - <date>" (the " - " before the
    date: 'unknown game', every hand lost), a "Server poker2.ipoker.com" line, the posts
    "SB $50.00" / "BB $100.00", and each street printing the whole board ("*** TURN ***
    [D3 SK C3 DQ]": the flop's cards were dealt twice). Worked by hand: Asta raises,
    adding $7 (Raise is the chips added), Brage calls $6 from the small blind, Cato's $2
    folded: $16; $10 each on the flop; Asta's $20 turn bet comes back: $36, $1 rake,
    $35 won ("wins $55.00" holds the $20 returned)."""
    (ph,) = _parse("ipoker_archive_2013_server_line_sb_bb_whole_board.txt")
    h = ph.hand
    assert h is not None and ph.problems == ()
    assert (h.game.small_blind, h.game.big_blind, h.table) == (100, 200, "Halden (No DP)")
    assert h.boards == (("2h", "7d", "9s", "Kc"),)
    posts = [(a.player, a.post, a.amount) for a in h.actions if a.kind is ActionKind.POST]
    assert posts == [("Brage", PostKind.SMALL_BLIND, 100), ("Cato", PostKind.BIG_BLIND, 200)]
    assert [(c.player, c.amount) for c in h.collects] == [("Asta", 3500)]
    assert [(r.player, r.amount) for r in h.returned] == [("Asta", 2000)]
    assert h.rake == 100 and not _kinds(h) & BAD


GAME_ID = "microgaming_game_id_style_end_of_game_at_end_stacks.txt"


def test_microgaming_game_id_style_end_of_game_at_end_stacks() -> None:
    """The export's other Microgaming style (fpdb-3's real 2013 file NLHE-2max-EUR-25.00-
    50.00-201305.new.format, a hold'em hand, tried as Omaha): "** Game ID N Version:3
    starting", "€5K Max", "- X sitting in seat 1 with €x at end €y [Dealer]", "** Dealing
    card to Hero: A of c, 6 of d", "raised - €75.00" (the chips added: 25 + 75 = the 50
    called to 100), no rake line and "End of game N" last; such a file was not a
    supported site, every hand lost. Worked by hand: hand 1, Ana adds 1.25 to 1.50, Hero
    calls 1.00: 3.00; Ana bets 2, Hero raises to 6, Ana folds: 4 back to Hero, pot 7.00;
    "wins €10.95" holds the 4 (the ends: 100.00 - 46.50 - 53.45 = 0.05 rake), 6.95 won.
    Hand 2: Hero adds 1.25 to 1.50, Ana folds: 1 back, 1.00 won, no rake."""
    one, two = _parse(GAME_ID)
    h = one.hand
    assert h is not None and one.problems == ()
    assert (h.site, h.hand_id, h.table, h.button, h.hero) == (
        "microgaming", "4908800001", "Anonymous (Heads Up)", 1, "Hero")  # fmt: skip
    assert (h.game.small_blind, h.game.big_blind, h.game.currency) == (25, 50, "EUR")
    assert h.hole_cards["Hero"] == ("Ac", "Kd", "Th", "Js")
    assert h.boards == (("6s", "Tc", "6c"),)
    raises = [(a.player, a.amount, a.to_amount) for a in h.actions if a.kind is ActionKind.RAISE]
    assert raises == [("Ana", 100, 150), ("Hero", 400, 600)]
    assert [(c.player, c.amount) for c in h.collects] == [("Hero", 695)]
    assert [(r.player, r.amount) for r in h.returned] == [("Hero", 400)]
    assert h.rake == 5 and not _kinds(h) & BAD
    h2 = two.hand
    assert h2 is not None and two.problems == () and h2.button == 2
    assert [(c.player, c.amount) for c in h2.collects] == [("Hero", 100)]
    assert [(r.player, r.amount) for r in h2.returned] == [("Hero", 100)]
    assert h2.rake == 0 and not _kinds(h2) & BAD
    # cut before "End of game N" (its last line), the hand is cut short, not read
    lines = (FIXTURES / GAME_ID).read_text("utf-8").split("\n")
    for end in (18, 19):
        r = pokertracker.FORMAT.parse(HandText("\n".join(lines[:end]), "g.txt", 1, 0))
        assert r.hand is None
        assert [(p.line, p.code) for p in r.problems] == [(end, ProblemCode.TRUNCATED_HAND)]
    head = (FIXTURES / GAME_ID).read_text("utf-8")
    assert recognise(head) is pokertracker.FORMAT


def test_merge_version2_pipes_header_wins_uncalled_line() -> None:
    """The export's Merge style of 2014 (fpdb-3's real files NLHE-6max-USD-0.02-0.04-
    201412.Merge.v2.post.sb and ...weird.allin.sb.corrupted, hold'em, tried as Omaha):
    "Merge Game #80256693-236 | Holdem NL ($0.02/$0.04) | 12/05/2014 17:08:49 EST |
    Version:2" and "wins $0.04 (uncalled)", the return of the bet nobody called; such a
    file was not a supported site, every hand lost. Worked by hand: hand 1, three
    limp to 0.30; Cy bets 0.20, Ada raises to 0.60, both fold: 0.40 back to Ada, pot
    0.70, 0.67 won, rake 0.03 (no rake line: worked out). Hand 2: "Ada: Post DB $0.05",
    then "Call $0.05" to the 0.10 big blind: its meaning is not proved (the real hand
    only says the 0.02 counted toward the call), so the line is left unread: the hand is
    read in part, that line named."""
    one, two = _parse("merge_version2_pipes_header_wins_uncalled_line.txt")
    h = one.hand
    assert h is not None and one.problems == ()
    assert (h.site, h.hand_id, h.table, h.button, h.time_zone) == (
        "merge", "80300001-17", "Tropicana - Fast IX (80300001)", 1, "EST")  # fmt: skip
    assert (h.game.small_blind, h.game.big_blind, h.game.currency) == (5, 10, "USD")
    assert h.started_at == datetime(2014, 12, 5, 18, 0, 0)
    assert [(c.player, c.amount) for c in h.collects] == [("Ada", 67)]
    assert [(r.player, r.amount, r.inferred) for r in h.returned] == [("Ada", 40, False)]
    assert h.rake == 3 and not _kinds(h) & BAD
    assert [(p.line, p.code) for p in two.problems] == [(32, ProblemCode.UNRECOGNISED_LINE)]
    head = (FIXTURES / "merge_version2_pipes_header_wins_uncalled_line.txt").read_text("utf-8")
    assert recognise(head) is pokertracker.FORMAT
