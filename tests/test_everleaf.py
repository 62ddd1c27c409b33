"""Everleaf grammar: hand-written fixtures (tests/fixtures/everleaf/) and the real corpus.

Every expected amount below is worked out by hand from the fixture text in the
comments; none is copied from the code's output.
"""

from __future__ import annotations

from functools import partial
from datetime import datetime
from pathlib import Path

import duckdb
import pytest
from hhtools.grammars import everleaf, recognise

from hhtools.model.records import (
    ActionKind,
    BettingStructure,
    ClaimedHigh,
    HandText,
    PostKind,
    Street,
    Variant,
)
from hhtools.model.vocab import CollectOrder, HandCategory, ProblemCode
from hhtools.store.importer import import_paths
from tests.award_probe import awards
from tests.conftest import manifest_hands, need_corpus
from tests.small_sites import BAD, kinds, parse_fixture, with_lines

FIXTURES = Path(__file__).parent / "fixtures" / "everleaf"


_parse = partial(parse_fixture, everleaf.FORMAT)
_findings = kinds


def test_recognise_is_specific() -> None:
    head = (FIXTURES / "fl_hilo_quartered_low_three_way.txt").read_text("utf-8")
    assert everleaf.FORMAT.recognise(head)
    assert recognise(head) is everleaf.FORMAT
    assert not everleaf.FORMAT.recognise("PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD)")
    assert not everleaf.FORMAT.recognise("***** History for hand R5-75443872-57 *****")
    assert not everleaf.FORMAT.recognise("Table #26 - Tiberius\nStarting Hand #1234")


def test_fixed_limit_hilo_quartered_low() -> None:
    (ph,) = _parse("fl_hilo_quartered_low_three_way.txt")
    h = ph.hand
    assert h is not None and ph.problems == ()
    g = h.game
    # "$1/$2 Omaha Hi/Lo": fixed limit, bets $1/$2; blinds are the posts $0.50/$1.
    assert (g.variant, g.hi_lo, g.structure) == (Variant.OMAHA, True, BettingStructure.LIMIT)
    assert (g.small_bet, g.big_bet, g.small_blind, g.big_blind, g.currency) == (
        100, 200, 50, 100, "USD")  # fmt: skip
    assert (h.hand_id, h.table, h.button, h.hero) == ("500000001", "Maplewood", 2, "Annika")
    assert h.started_at == datetime(2011, 5, 4, 20, 15, 7)
    assert (h.time_zone, h.started_at_utc, h.total_pot) == (None, None, None)
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [
        (2, "Annika", 4000), (5, "Borje", 3550), (7, "Cyrus", 2000)]  # fmt: skip
    pre = [(a.player, a.kind, a.amount, a.to_amount) for a in h.actions
           if a.street is Street.PREFLOP]  # fmt: skip
    # "Annika raises [$ 2 USD]" adds $2 over the $1 big blind: a raise of $1 to $2.
    assert pre == [
        ("Borje", ActionKind.POST, 50, None),
        ("Cyrus", ActionKind.POST, 100, None),
        ("Annika", ActionKind.RAISE, 100, 200),
        ("Borje", ActionKind.CALL, 150, None),
        ("Cyrus", ActionKind.CALL, 100, None),
    ]
    assert h.boards == (("3s", "7d", "Kc", "9h", "4c"),)
    # Each put in 2 + 1 + 2 = $5: $15 went in; $7.13 + $3.56 + $3.56 = $14.25 paid, rake 75.
    assert h.rake == 75 and h.returned == () and h.inferred == ("rake",)
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [
        ("Annika", 713, 0), ("Annika", 356, 0), ("Borje", 356, 0)]  # fmt: skip
    assert h.collect_order is CollectOrder.HIGH_THEN_LOW
    shows = {s.player: s for s in h.shows}
    assert shows["Annika"].claimed_high == ClaimedHigh(HandCategory.THREE_OF_A_KIND, (13,))
    assert shows["Annika"].claimed_low == (7, 4, 3, 2, 1)
    assert shows["Cyrus"].claimed_high == ClaimedHigh(HandCategory.ONE_PAIR, (12,))
    assert h.hole_cards["Borje"] == ("As", "2d", "8h", "8c")
    # $14.25 net: high 7.13 to Annika's kings, low 7.12 quartered 3.56/3.56 (A-2 each).
    assert not _findings(h) & BAD


def test_side_pot_all_in_and_uncalled_bet_without_line() -> None:
    (ph,) = _parse("pl_side_pot_all_in_uncalled_no_return_line.txt")
    h = ph.hand
    assert h is not None and ph.problems == ()
    assert (h.game.structure, h.game.hi_lo) == (BettingStructure.POT_LIMIT, False)
    assert (h.game.small_blind, h.game.big_blind, h.game.small_bet) == (25, 50, None)
    acts = [(a.street, a.player, a.kind, a.amount, a.to_amount, a.all_in) for a in h.actions]
    assert acts == [
        (Street.PREFLOP, "Emeric", ActionKind.POST, 25, None, False),
        (Street.PREFLOP, "Filipa", ActionKind.POST, 50, None, False),
        (Street.PREFLOP, "Dagny", ActionKind.RAISE, 100, 150, False),  # adds 1.50: to 1.50
        (Street.PREFLOP, "Emeric", ActionKind.CALL, 125, None, False),
        (Street.PREFLOP, "Filipa", ActionKind.RAISE, 300, 450, False),  # adds 4: to 4.50
        (Street.PREFLOP, "Dagny", ActionKind.CALL, 150, None, True),  # her last $1.50 of $3
        (Street.PREFLOP, "Emeric", ActionKind.CALL, 300, None, False),
        (Street.FLOP, "Emeric", ActionKind.CHECK, 0, None, False),
        (Street.FLOP, "Filipa", ActionKind.BET, 600, None, False),
        (Street.FLOP, "Emeric", ActionKind.CALL, 600, None, False),
        (Street.TURN, "Emeric", ActionKind.CHECK, 0, None, False),
        (Street.TURN, "Filipa", ActionKind.BET, 1190, None, True),  # 22.40 - 4.50 - 6
        (Street.TURN, "Emeric", ActionKind.FOLD, 0, None, False),
    ]
    # Nobody called Filipa's $11.90: no line returns it, the record does (inferred).
    (ret,) = h.returned
    assert (ret.player, ret.amount, ret.inferred, ret.line) == ("Filipa", 1190, True, 25)
    # In: Dagny 3 + Emeric 10.50 + Filipa 10.50 = $24; paid 8.55 + 14.25 = $22.80.
    assert h.rake == 120 and h.inferred == ("returned", "rake")
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [
        ("Filipa", 855, 0), ("Filipa", 1425, 1)]  # fmt: skip
    # Main pot 3 x $3 = $9, side pot 2 x 1.50 + 2 x 6 = $15; rake 45/75 in proportion.
    assert not _findings(h) & BAD


def test_cut_between_its_wins_lines_is_a_hand_cut_short() -> None:
    # No pot, no rake, no summary: the hand ends with its wins lines. In $24: cut after
    # "Filipa wins $ 8.55 USD from main pot" (line 30), $15.45 unpaid (over a tenth):
    # read whole, the audit found the side pot unpaid (award mismatches) on a hand that
    # was only cut. A hand cut short, no record; whole ($22.80 paid, $1.20 rake): read.
    name = "pl_side_pot_all_in_uncalled_no_return_line.txt"
    lines = (FIXTURES / name).read_text("utf-8").split("\n")
    r = everleaf.FORMAT.parse(HandText("\n".join(lines[:30]), "e.txt", 1, 0))
    assert r.hand is None and [(p.line, p.code) for p in r.problems] == [
        (30, ProblemCode.TRUNCATED_HAND)]  # fmt: skip
    r = everleaf.FORMAT.parse(HandText("\n".join(lines[:31]), "e.txt", 1, 0))
    assert r.hand is not None and r.problems == () and r.hand.rake == 120
    # hi/lo: $15 in; Annika's high $7.13 (line 35), then her $3.56 of the low (36):
    # $7.87 and $4.31 unpaid; with Borje's $3.56 (37): 14.25 paid, $0.75 rake
    lines = (FIXTURES / "fl_hilo_quartered_low_three_way.txt").read_text("utf-8").split("\n")
    for end in (35, 36):
        r = everleaf.FORMAT.parse(HandText("\n".join(lines[:end]), "e.txt", 1, 0))
        assert r.hand is None and [p.code for p in r.problems] == [ProblemCode.TRUNCATED_HAND]
    r = everleaf.FORMAT.parse(HandText("\n".join(lines[:37]), "e.txt", 1, 0))
    assert r.hand is not None and r.problems == () and r.hand.rake == 75


def test_other_games_skipped_cut_hand_reported_good_hands_read() -> None:
    holdem, walk, cut, halves = _parse("holdem_skipped_cut_hand_among_good.txt")
    assert holdem.hand is None and holdem.skipped and holdem.hand_id == "500000003"
    assert [p.code for p in holdem.problems] == [ProblemCode.SKIPPED_GAME]
    assert cut.hand is None and cut.hand_id == "500000005"
    assert [p.code for p in cut.problems] == [ProblemCode.TRUNCATED_HAND]
    assert cut.problems[0].line == 52  # "Gunnar checks" (the hand starts on 39), its last line
    # Gunnar raised to 0.30 preflop and Hedda folded her 0.10 big blind: 0.20 back,
    # the 0.20 left is the pot he won; no flop, no rake. The disconnection line is news.
    w = walk.hand
    assert w is not None and walk.problems == ()
    assert [(r.player, r.amount) for r in w.returned] == [("Gunnar", 20)]
    assert (w.rake, w.collects[0].amount) == (0, 20)
    # A pot won by a fold on the river, paid "high" 0.29 and "low" 0.28: 0.60 went in
    # (0.30 returned), 0.57 paid, rake 0.03; no finding for the halves of a won pot.
    hh = halves.hand
    assert hh is not None and halves.problems == ()
    assert [r.amount for r in hh.returned] == [30] and hh.rake == 3
    assert [c.amount for c in hh.collects] == [29, 28]
    for ph in (walk, halves):
        assert not _findings(ph.hand) & BAD


def test_bad_input_never_raises() -> None:
    text = (FIXTURES / "fl_hilo_quartered_low_three_way.txt").read_text("utf-8")
    huge = text.replace("(  $ 40 USD )", "(  $ 40000000000000000 USD )")
    ph = everleaf.FORMAT.parse(HandText(huge, "x", 1, 0))
    assert ph.hand is None and ProblemCode.OUT_OF_RANGE in {p.code for p in ph.problems}
    twice = text.replace("[ As, 2d, 8h, 8c ] a pair", "[ Ah, 2d, 8h, 8c ] a pair")
    ph = everleaf.FORMAT.parse(HandText(twice, "x", 1, 0))
    assert ph.hand is None and ProblemCode.IMPOSSIBLE_CARDS in {p.code for p in ph.problems}
    odd = text.replace("Omaha Hi/Lo", "Omaha Hi/Lo Crazy")
    ph = everleaf.FORMAT.parse(HandText(odd, "x", 1, 0))
    assert [p.code for p in ph.problems] == [ProblemCode.UNKNOWN_GAME]
    junk = text.replace("Borje checks\nCyrus: bets", "Borje dances\nCyrus: bets")
    ph = everleaf.FORMAT.parse(HandText(junk, "x", 1, 0))
    assert ph.hand is not None and [p.code for p in ph.problems] == [ProblemCode.UNRECOGNISED_LINE]
    for cut in range(0, len(text), 97):
        everleaf.FORMAT.parse(HandText(text[:cut], "x", 1, 0))  # never raises


def test_posts_kinds() -> None:
    text = (FIXTURES / "fl_hilo_quartered_low_three_way.txt").read_text("utf-8")
    posts = [a for a in everleaf.FORMAT.parse(HandText(text, "x", 1, 0)).hand.actions
             if a.kind is ActionKind.POST]  # fmt: skip
    assert [(a.player, a.post) for a in posts] == [
        ("Borje", PostKind.SMALL_BLIND), ("Cyrus", PostKind.BIG_BLIND)]  # fmt: skip


def test_real_everleaf_hands(tmp_path: Path) -> None:
    corpus = need_corpus() / "Everleaf"
    if not corpus.is_dir():
        pytest.skip("no Everleaf folder in the corpus")
    db = tmp_path / "everleaf.duckdb"
    summary = import_paths([corpus], db, workers=1)
    assert (summary.hands, summary.failed, summary.skipped) == (manifest_hands("Everleaf"), 0, 0)
    assert summary.hands == 74
    with duckdb.connect(str(db), read_only=True) as con:
        errors = con.execute(
            "SELECT count(*) FROM import_errors WHERE NOT coalesce(is_note, false)"
        ).fetchone()
        bad = con.execute(
            "SELECT DISTINCT hand_id, kind FROM findings WHERE kind IN "
            "('award_mismatch', 'chip_imbalance', 'declared_misread', 'contradicted_line')"
        ).fetchall()
        games = con.execute("SELECT DISTINCT site_format FROM hands").fetchall()
    assert errors == (0,)
    assert bad == []
    assert games == [("everleaf",)]


def test_network_skins_are_read() -> None:
    # The network's skins write their name before the game number ("Everleaf Gaming -
    # Concord Gaming - Game #N", "- - Grand Poker - Game #N"); the rest is Everleaf's.
    import io

    from hhtools.grammars import everleaf as fmt

    text = (FIXTURES / "fl_hilo_quartered_low_three_way.txt").read_text("utf-8")
    skin = text.replace("Everleaf Gaming Game #", "Everleaf Gaming - Concord Gaming - Game #")
    assert fmt.FORMAT.recognise(skin[:4096])
    plain = [fmt.FORMAT.parse(t) for t in fmt.FORMAT.split(io.BytesIO(text.encode()), "a")]
    skins = [fmt.FORMAT.parse(t) for t in fmt.FORMAT.split(io.BytesIO(skin.encode()), "b")]
    assert [p.hand_id for p in skins] == [p.hand_id for p in plain]
    assert [p.problems for p in skins] == [p.problems for p in plain]


def test_damaged_header_after_blank_lines_is_a_hand_of_its_own() -> None:
    """A header with a damaged byte ("Everleaf Gaming G me #...") after the blank lines
    that end a skipped hold'em hand: not lines of that hand (a skipped hand reports no
    line, so the damaged hand was silent), but a hand text of its own, reported."""
    import io

    text = (FIXTURES / "holdem_skipped_cut_hand_among_good.txt").read_text("utf-8")
    hands = [h.strip("\n") for h in text.strip("\n").split("\n\n\n")]
    damaged = hands[1].replace("Everleaf Gaming Game #", "Everleaf Gaming G me #", 1)
    glued = hands[0] + "\n\n\n" + damaged + "\n"
    texts = list(everleaf.FORMAT.split(io.BytesIO(glued.encode()), "x"))
    assert [t.line for t in texts] == [1, hands[0].count("\n") + 4]
    first, second = (everleaf.FORMAT.parse(t) for t in texts)
    assert first.skipped and first.hand_id == "500000003"
    assert second.hand is None and second.problems
    assert second.problems[0].line == texts[1].line


def test_event_and_section_lines_with_more_words_are_unread_not_swallowed() -> None:
    # "Dagny has disconnected" and "** Dealing down cards **" are read; with more words
    # after them (the old "disconnected.*" and "**.*" tails read them as nothing) they
    # could carry chips: not understood, the hand read in part on those lines.
    odd = ["Dagny has disconnected and posts [$ 0.50 USD]", "** Dealing down cards ** [$ 0.50 USD]"]
    ph, lines = with_lines(everleaf.FORMAT, "pl_side_pot_all_in_uncalled_no_return_line.txt",
                           "Dagny raises [$ 1.50 USD]", ["Dagny has disconnected", odd[0],
                                                         "Dagny is back", odd[1]])
    assert ph.hand is not None
    assert ph.hand.unread_lines == tuple(lines.index(x) + 1 for x in odd)  # lines from 1


def test_side_pot_raked_from_the_main_pot_only() -> None:
    """The side-pot hand of ``pl_side_pot_all_in_uncalled_no_return_line.txt`` with its
    rake, $1.20, all from the main pot: main 3 x $3 = $9 less $1.20 = $7.80, side
    2 x $7.50 = $15 whole, both to Filipa's jacks. The audit spread the rake by size
    (main $8.55, side $14.25): two false findings on a hand paid right; each pot's
    line is its size after rake now. The main pot paid to Dagny instead: found."""
    text = (FIXTURES / "pl_side_pot_all_in_uncalled_no_return_line.txt").read_text("utf-8")
    right = text.replace("wins $ 8.55 USD from main pot", "wins $ 7.80 USD from main pot").replace(
        "wins $ 14.25 USD from side pot #1", "wins $ 15 USD from side pot #1")
    assert awards(everleaf.FORMAT, right) == set()
    wrong = right.replace("Filipa wins $ 7.80 USD from main pot", "Dagny wins $ 7.80 USD from main pot")
    assert awards(everleaf.FORMAT, wrong) == {("Dagny", 780, 0), ("Filipa", 0, 780)}


def test_dead_small_blind_posted_with_the_big_is_never_returned() -> None:
    # "Dee: posts both blinds [$ 0.75 USD]" at $0.25/$0.50: $0.50 live, $0.25 dead.
    bet, called = _parse("both_blinds_poster_bets_uncalled_and_calls.txt")
    b = bet.hand
    assert b is not None and bet.problems == ()
    # Dee's $1 flop bet is not called: $1 back (was $1.25, the dead $0.25 in it, and the
    # audit found 'collected $1.43 ... $1.00 went in the pot'); pot 0.25 + 0.50 + 0.25 +
    # 0.50 = $1.50, $1.43 paid, $0.07 rake
    assert [(x.player, x.amount) for x in b.returned] == [("Dee", 100)] and b.rake == 7
    c = called.hand
    assert c is not None and called.problems == ()
    # Dee calls Ann's $2 and $3: both $5 live, Dee's $0.25 dead more: nothing back (was
    # $0.25); pot $11, $10.45 paid, $0.55 rake
    assert c.returned == () and c.rake == 55
    for ph in (bet, called):
        assert not _findings(ph.hand) & BAD



def test_partouche_skin_french_header_read() -> None:
    """The Partouche skin heads a hand "Partouche Poker Gibraltar" and "*** Historique
    des Mains pour la partie N ***", writes "Blinds  €0.01/ €0.02" and a disconnection
    in French (a real 2009 file): the file was 'not a supported site', every hand lost.
    PL Omaha €0.05/€0.10: Marc raises to €0.35, Odile's small blind folds, Lise calls
    €0.25; flop €0.50 each; Lise's €1 river bet comes back: 0.05 + 0.35 x 2 + 0.50 x 2
    = €1.75, €1.67 to Lise, rake 8 cents. Noel, a "new player", is not dealt in."""
    assert recognise(
        (FIXTURES / "partouche_french_header_disconnect_eur.txt").read_text("utf-8")
    ).key == "everleaf"
    (r,) = parse_fixture(everleaf.FORMAT, "partouche_french_header_disconnect_eur.txt")
    h = r.hand
    assert h is not None and r.problems == () and h.hand_id == "25400001"
    assert (h.game.currency, h.game.small_blind, h.game.big_blind) == ("EUR", 5, 10)
    assert [(s.player, s.sitting_out) for s in h.seats if s.sitting_out] == [("Noel", True)]
    assert [(x.player, x.amount, x.inferred) for x in h.returned] == [("Lise", 100, True)]
    assert [(c.player, c.amount) for c in h.collects] == [("Lise", 167)]
    assert h.rake == 8 and not kinds(h) & BAD


def test_tournament_chips_wins_lowercase() -> None:
    """An Everleaf tournament (fpdb-3's real 2009 file) writes its stacks in chips
    ("Seat 1: Ann ( 2353 )"), its posts with a dollar sign ("[$ 75]") and its wins
    "wins 4410 chips from main pot": the wins were unread, so the hand had none and was
    lost as cut short. PL Omaha 50/100: Abe raises to 350, Bix to his last 800, Cal and
    Abe call; Cal bets 400 and his last 800, Abe calls: main pot 3 x 800 = 2,400, side
    pot 2 x 1,200 = 2,400, both to Cal's trip kings (Kc Ks with Kh)."""
    (r,) = parse_fixture(everleaf.FORMAT, "tournament_chips_wins_lowercase_side_pot.txt")
    h = r.hand
    assert h is not None and r.problems == ()
    assert (h.game.currency, h.game.small_blind, h.game.big_blind) == ("CHIPS", 50, 100)
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [
        ("Cal", 2400, 0), ("Cal", 2400, 1)]  # fmt: skip
    assert h.rake == 0 and not kinds(h) & BAD


@pytest.mark.parametrize(("fixture", "first", "damaged"), [
    ("partouche_french_header_disconnect_eur.txt", "Partouche Poker Gibraltar",
     "Partouche Poker Gibralt<r"),
    ("pl_side_pot_all_in_uncalled_no_return_line.txt", "Everleaf Gaming Game #",
     "Everleaf Gaming G\u00e0me #"),
])  # fmt: skip
@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])  # read by blocks; line by line
def test_damaged_first_line_glued_to_a_good_hand_costs_it_nothing(
    fixture: str, first: str, damaged: str, encoding: str
) -> None:
    """Two files joined with no blank line between them, the second's first header line
    damaged (the fuzz run's seed 7 found it: a good hand then took in the whole damaged
    hand, read its posts into its pot and was lost as 'cut short'): the damaged hand's
    second header line ("***** Hand history for game #N *****", "*** Historique des
    Mains pour la partie N ***") never sits inside a hand, so the line before it starts
    a hand of its own. The good hand reads as it reads alone; the damaged one is a
    bad_header on its first line. Both of the splitter's readers cut it so."""
    import io

    good = (FIXTURES / "holdem_skipped_cut_hand_among_good.txt").read_text("utf-8")
    good = good.strip("\n").split("\n\n\n")[-1].strip("\n")  # a whole Omaha hand
    other = (FIXTURES / fixture).read_text("utf-8").lstrip("\ufeff").strip("\n")
    assert other.startswith(first)
    glued = good + "\n" + damaged + other[len(first):] + "\n"
    alone = [everleaf.FORMAT.parse(t) for t in everleaf.FORMAT.split(io.BytesIO(
        (good + "\n").encode(encoding)), "x")]  # fmt: skip
    texts = list(everleaf.FORMAT.split(io.BytesIO(glued.encode(encoding)), "x"))
    good_lines = good.count("\n") + 1
    assert texts[1].line == good_lines + 1  # the damaged line starts the second text
    parsed = [everleaf.FORMAT.parse(t) for t in texts]
    assert parsed[0].hand is not None and parsed[0].hand == alone[0].hand
    assert parsed[0].problems == alone[0].problems == ()
    assert parsed[1].hand is None
    assert [p.code for p in parsed[1].problems] == [ProblemCode.BAD_HEADER]
    assert parsed[1].problems[0].line == good_lines + 1


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])  # read by blocks; line by line
@pytest.mark.parametrize("before", ["good", "damaged"])
def test_partouche_header_glued_after_a_hand_is_a_hand_of_its_own(
    encoding: str, before: str
) -> None:
    """A Partouche hand written straight after another hand, no blank line between them
    (two files joined; the fuzz run's seed 7 found it after new fixtures moved its
    draws): its first line "Partouche Poker Gibraltar" was a start only as the last line
    of a block ('$' with no MULTILINE), so the splitter reading by blocks kept the whole
    Partouche hand inside the hand before (read in part, 'cut short'): a good hand lost.
    Both hands now read as they read alone; a damaged first header line before it stays
    one bad_header."""
    import io

    good = (FIXTURES / "holdem_skipped_cut_hand_among_good.txt").read_text("utf-8")
    good = good.strip("\n").split("\n\n\n")[-1].strip("\n")
    if before == "damaged":
        good = good.replace("Everleaf Gaming Game #", "Everleaf Gaming Game 0", 1)
    other = (FIXTURES / "partouche_french_header_disconnect_eur.txt").read_text("utf-8")
    other = other.lstrip("\ufeff").strip("\n") + "\n"
    alone = [everleaf.FORMAT.parse(t) for t in everleaf.FORMAT.split(io.BytesIO(
        other.encode(encoding)), "x")]  # fmt: skip
    texts = list(everleaf.FORMAT.split(io.BytesIO((good + "\n" + other).encode(encoding)), "x"))
    assert [t.text.split("\n")[0] for t in texts][-1] == "Partouche Poker Gibraltar"
    last = everleaf.FORMAT.parse(texts[-1])
    assert last.hand is not None and last.problems == () and alone[0].hand is not None
    assert [(c.player, c.amount) for c in last.hand.collects] == [
        (c.player, c.amount) for c in alone[0].hand.collects]  # fmt: skip
    first = everleaf.FORMAT.parse(texts[0])
    assert (first.hand is None) == (before == "damaged")
