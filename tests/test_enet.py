"""Enet grammar: hand-written fixtures (tests/fixtures/enet/) and the real corpus.

Every expected amount below is worked out by hand from the fixture text (in cents) in
the comments; none is copied from the code's output.
"""

from __future__ import annotations

import io
from datetime import datetime
from pathlib import Path

import duckdb
import pytest
from hhtools.grammars import enet, recognise

from hhtools.audit import audit_hand
from hhtools.model.records import ActionKind, BettingStructure, ClaimedHigh, HandText, Street
from hhtools.model.vocab import FindingKind, HandCategory, ProblemCode
from hhtools.store.importer import import_paths
from tests.award_probe import awards
from tests.conftest import manifest_hands, need_corpus
from tests.small_sites import with_lines

FIXTURES = Path(__file__).parent / "fixtures" / "enet"
BAD = {FindingKind.AWARD_MISMATCH, FindingKind.CHIP_IMBALANCE, FindingKind.DECLARED_MISREAD,
       FindingKind.CONTRADICTED_LINE}  # fmt: skip


def _parse(name: str) -> list:
    with (FIXTURES / name).open("rb") as fh:
        return [enet.FORMAT.parse(ht) for ht in enet.FORMAT.split(fh, name)]


def _findings(hand) -> list:
    result = audit_hand(hand)
    return list(result if isinstance(result, (list, tuple)) else result.findings)


def _kinds(hand) -> set:
    return {f.kind for f in _findings(hand)}


def test_recognise_is_specific() -> None:
    head = (FIXTURES / "pl_side_pot_two_winners_raises_add_chips.txt").read_text("utf-8")
    assert enet.FORMAT.recognise(head)
    assert recognise(head) is enet.FORMAT
    assert not enet.FORMAT.recognise("PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD)")
    assert not enet.FORMAT.recognise("Game # 1 - 5-Card Omaha High Pot Limit EUR 0.10/0.20")
    assert not enet.FORMAT.recognise("Hand #5297786-137 - 2013-04-11 02:08:55")
    assert not enet.FORMAT.recognise("MERGE_GAME #4927169400080: Omaha PL Tournament")


def test_side_pot_two_winners_raises_are_chips_added() -> None:
    (ph,) = _parse("pl_side_pot_two_winners_raises_add_chips.txt")
    h = ph.hand
    assert h is not None and ph.problems == ()
    g = h.game
    assert (g.structure, g.hi_lo, g.small_blind, g.big_blind, g.currency) == (
        BettingStructure.POT_LIMIT, False, 10, 25, "EUR")  # fmt: skip
    # "Seat #2 is the button" counts from 0: seat 3, which the summary marks (dealer).
    assert (h.hand_id, h.table, h.button, h.max_seats) == ("900001", "Lisbon 2", 3, 6)
    assert h.started_at == datetime(2012, 8, 14, 21, 5, 9) and h.time_zone is None
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [
        (1, "Amara", 1000), (3, "Brisk", 420), (4, "Caddo", 1550), (5, "Dunmore", 875)]  # fmt: skip
    acts = [(a.street, a.player, a.kind, a.amount, a.to_amount, a.all_in) for a in h.actions]
    assert acts == [
        (Street.PREFLOP, "Caddo", ActionKind.POST, 10, None, False),
        (Street.PREFLOP, "Dunmore", ActionKind.POST, 25, None, False),
        (Street.PREFLOP, "Amara", ActionKind.RAISE, 60, 85, False),  # adds 0,85: to 0,85
        (Street.PREFLOP, "Brisk", ActionKind.CALL, 85, None, False),
        (Street.PREFLOP, "Caddo", ActionKind.FOLD, 0, None, False),
        (Street.PREFLOP, "Dunmore", ActionKind.RAISE, 220, 305, False),  # 0,25 + 2,80
        (Street.PREFLOP, "Amara", ActionKind.CALL, 220, None, False),
        (Street.PREFLOP, "Brisk", ActionKind.RAISE, 115, 420, True),  # 0,85 + 3,35 = 4,20
        (Street.PREFLOP, "Dunmore", ActionKind.CALL, 115, None, False),
        (Street.PREFLOP, "Amara", ActionKind.CALL, 115, None, False),
        (Street.FLOP, "Dunmore", ActionKind.BET, 455, None, True),
        (Street.FLOP, "Amara", ActionKind.CALL, 455, None, False),
    ]
    assert h.boards == (("9c", "6d", "2h", "Ks", "4c"),)
    # Main pot 3 x 4,20 + 0,10 = 12,70 (Brisk's nines), side pot 2 x 4,55 = 9,10
    # (Dunmore's two pair beats Amara's aces); rake 0,63 + 0,45 = 1,08.
    assert (h.total_pot, h.rake, h.inferred) == (None, 108, ())  # "Total pot" not kept
    # the summary's amounts name no pot: with side pots the audit gives them to the pots
    assert [(c.player, c.amount) for c in h.collects] == [("Brisk", 1207), ("Dunmore", 865)]
    assert h.pots_named is False
    shows = {s.player: s.claimed_high for s in h.shows}
    assert shows == {
        "Dunmore": ClaimedHigh(HandCategory.TWO_PAIR, (13, 6)),
        "Amara": ClaimedHigh(HandCategory.ONE_PAIR, (14,)),
        "Brisk": ClaimedHigh(HandCategory.THREE_OF_A_KIND, (9,)),
    }
    assert not _kinds(h) & BAD
    assert not {k for k in _kinds(h) if k.value.startswith("procedure")}


def test_uncalled_bet_collect_line_repeats_the_return() -> None:
    name = "uncalled_collect_repeats_return_holdem_skipped_cut_hand.txt"
    walk_in, holdem, cut, walk = _parse(name)
    h = walk_in.hand
    assert h is not None and walk_in.problems == ()
    # Gunnvor "posts big blind" with no amount (returning): the stakes' 0,10.
    posts = [(a.player, a.amount) for a in h.actions if a.kind is ActionKind.POST]
    assert posts == [("Elspeth", 5), ("Farrow", 10), ("Gunnvor", 10)] and h.inferred == ("blinds",)
    raise_ = next(a for a in h.actions if a.kind is ActionKind.RAISE)
    assert (raise_.player, raise_.amount, raise_.to_amount) == ("Hollis", 35, 45)
    # In: 0,05 + 3 x 0,45 = 1,40 (Gunnvor's 1,40 bet goes back); the body's
    # "collected (€1,40)" repeats the return, the summary's 1,33 + rake 0,07 is the pot.
    assert [(r.player, r.amount, r.inferred) for r in h.returned] == [("Gunnvor", 140, False)]
    assert [(c.player, c.amount) for c in h.collects] == [("Gunnvor", 133)]
    assert (h.total_pot, h.rake, h.button) == (None, 7, 6)
    assert not _kinds(h) & BAD
    assert holdem.hand is None and holdem.skipped and holdem.hand_id == "900003"
    assert [p.code for p in holdem.problems] == [ProblemCode.SKIPPED_GAME]
    assert cut.hand is None and [p.code for p in cut.problems] == [ProblemCode.TRUNCATED_HAND]
    # A walk: 0,05 back to the big blind, the 0,10 left is the pot, no rake.
    w = walk.hand
    assert w is not None and walk.problems == ()
    assert [(r.player, r.amount) for r in w.returned] == [("Gunnvor", 5)]
    assert [(c.player, c.amount) for c in w.collects] == [("Gunnvor", 10)]
    assert (w.total_pot, w.rake, w.button) == (None, 0, 1)
    assert not _kinds(w) & BAD


def test_same_winner_two_pots_side_pot_unpaid_is_found() -> None:
    """The corpus's irregularity, planted: Ingrid wins both pots, the text pays the main
    pot only (less its "Rake: €0,91" line) and the total pot is not the pot."""
    (ph,) = _parse("same_winner_two_pots_side_pot_unpaid.txt")
    h = ph.hand
    assert h is not None and ph.problems == ()
    acts = [(a.player, a.kind, a.amount, a.to_amount, a.all_in) for a in h.actions
            if a.street is Street.PREFLOP and a.kind is not ActionKind.FOLD]  # fmt: skip
    assert acts == [
        ("Liesl", ActionKind.POST, 25, None, False),
        ("Ingrid", ActionKind.POST, 50, None, False),
        ("Jarek", ActionKind.RAISE, 125, 175, False),
        ("Kalle", ActionKind.CALL, 175, None, False),
        ("Ingrid", ActionKind.RAISE, 450, 625, False),  # 0,50 + 5,75
        ("Jarek", ActionKind.CALL, 425, None, True),  # 1,75 + 4,25 = 6, short of 6,25
        ("Kalle", ActionKind.CALL, 450, None, False),
    ]
    # Main pot 3 x 6 + 0,25 = 18,25; side pot 2 x (0,25 + 10) = 20,50; total 38,75.
    assert (h.total_pot, h.rake) == (None, 51)  # the site's rake: 0,91 - 0,40
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [("Ingrid", 1734, 0)]
    found = _findings(h)
    imbalance = sorted((f.paid, f.due) for f in found if f.kind is FindingKind.CHIP_IMBALANCE)
    assert imbalance == [(1734 + 51, 3875)]
    side = [f for f in found if f.kind is FindingKind.AWARD_MISMATCH and f.pot == 1]
    assert [(f.player, f.paid) for f in side] == [("Ingrid", 0)] and side[0].due > 2000


def test_bad_input_never_raises() -> None:
    text = (FIXTURES / "pl_side_pot_two_winners_raises_add_chips.txt").read_text("utf-8")
    huge = text.replace("(€10 in chips)", "(€40000000000000000 in chips)")
    ph = enet.FORMAT.parse(HandText(huge, "x", 1, 0))
    assert ph.hand is None and ProblemCode.OUT_OF_RANGE in {p.code for p in ph.problems}
    twice = text.replace("[AcAdJhTs] (A Pair", "[AcKsJhTs] (A Pair")
    ph = enet.FORMAT.parse(HandText(twice, "x", 1, 0))
    assert ph.hand is None and ProblemCode.IMPOSSIBLE_CARDS in {p.code for p in ph.problems}
    odd = text.replace("Omaha (", "Omaha Crazy (")
    ph = enet.FORMAT.parse(HandText(odd, "x", 1, 0))
    assert [p.code for p in ph.problems] == [ProblemCode.UNKNOWN_GAME]
    junk = text.replace("Caddo: folds", "Caddo: dances")
    ph = enet.FORMAT.parse(HandText(junk, "x", 1, 0))
    assert ph.hand is not None and [p.code for p in ph.problems] == [ProblemCode.UNRECOGNISED_LINE]
    for cut in range(0, len(text), 61):
        enet.FORMAT.parse(HandText(text[:cut], "x", 1, 0))  # never raises


def test_real_enet_hands(tmp_path: Path) -> None:
    """The three corpus hands are fpdb's broken Enet cases; each one's text is wrong
    and the audit says so (worked out by reading each hand):

    * 7732419 ("side pot failure"): Nxeekm3's kings win the main pot (3 x 18 + 6,25 dead
      = 60,25) and the side pot (2 x 40,14 = 80,28); the text pays 56,64 (the main pot
      less its "Rake: €3,61" line) and nothing for the side pot, and prints "Rake:
      €-2,22": chip_imbalance, award_mismatch on both pots.
    * 6404139 ("bad collected"): three pots, 8,40 and 9,15 to Ydmgju1's trip twos, 4,66
      to Dcjsyb7's kings up; the text pays 7,88 (8,40 - 0,52) and 4,39 (4,66 - 0,27) and
      nothing for side pot 1 (9,15, again the second pot of the same winner):
      chip_imbalance, award_mismatch on the three pots.
    * 12036770 ("accounting issue"): Gaassb0 "checks" facing the 0,25 big blind with no
      post line; 0,75 went in as written, but the summary pays 1,04 + rake 0,06 = 1,10:
      the text lacks a returning player's 0,35 (0,25 live + 0,10 dead) post, which also
      makes Ydmgju1's 0,82 river bet look over the pot (0,75): chip_imbalance,
      award_mismatch, procedure_bet_size. The body's "collected (€0,82)" repeats the
      uncalled bet.

    The summary's "Total pot" (€2,75, €0, €0 here, and €0 in hands that balance) is not
    the pot and is not kept, so no finding rests on it.
    """
    corpus = need_corpus() / "Enet"
    if not corpus.is_dir():
        pytest.skip("no Enet folder in the corpus")
    db = tmp_path / "enet.duckdb"
    summary = import_paths([corpus], db, workers=1)
    assert (summary.hands, summary.failed, summary.skipped) == (manifest_hands("Enet"), 0, 0)
    with duckdb.connect(str(db), read_only=True) as con:
        errors = con.execute(
            "SELECT count(*) FROM import_errors WHERE NOT coalesce(is_note, false)"
        ).fetchone()
        rows = con.execute(
            "SELECT hand_id, kind, player, pot, paid, due FROM findings WHERE kind IN "
            "('award_mismatch', 'chip_imbalance', 'declared_misread', 'contradicted_line')"
            " OR kind LIKE 'procedure%' ORDER BY ALL"
        ).fetchall()
        formats = con.execute("SELECT DISTINCT site_format FROM hands").fetchall()
    assert errors == (0,) and formats == [("enet",)]
    by_hand: dict[str, list] = {}
    for hand_id, kind, player, pot, paid, due in rows:
        by_hand.setdefault(hand_id, []).append((kind, player, pot, paid, due))
    side_failure = by_hand.pop("7732419")
    assert ("chip_imbalance", "", 0, 5664 + 139, 14053) in side_failure
    assert [r[:4] for r in side_failure if r[0] == "award_mismatch" and r[2] == 1] == [
        ("award_mismatch", "Nxeekm3", 1, 0)]  # fmt: skip
    bad_collected = by_hand.pop("6404139")
    assert ("chip_imbalance", "", 0, 788 + 439 + 27, 2221) in bad_collected
    assert [r[:4] for r in bad_collected if r[0] == "award_mismatch" and r[2] == 1] == [
        ("award_mismatch", "Ydmgju1", 1, 0)]  # fmt: skip
    accounting = by_hand.pop("12036770")
    assert ("chip_imbalance", "", 0, 110, 75) in accounting
    assert {r[0] for r in accounting} == {"chip_imbalance", "award_mismatch", "procedure_bet_size"}
    assert by_hand == {}


def test_summary_total_pot_zero_is_not_the_pot() -> None:
    # Real Enet hands that balance print "Total pot €0" (fpdb's Enet samples 7732310:
    # €10,57 paid + €0,67 rake; 12056513: 2 x €12,74 + €1,62): the line is not kept, so
    # a balanced hand written that way gives no chip_imbalance.
    text = (FIXTURES / "pl_side_pot_two_winners_raises_add_chips.txt").read_text("utf-8")
    zero = text.replace("Total pot €21,80 | Rake €1,08", "Total pot €0 | Rake €1,08")
    ph = enet.FORMAT.parse(HandText(zero, "x", 1, 0))
    assert ph.hand is not None and ph.problems == () and ph.hand.total_pot is None
    assert not {f.kind for f in _findings(ph.hand)} & BAD


def test_mucks_hand_line_is_read() -> None:
    # fpdb's Enet sample 7732310 writes "Player2: mucks hand" at showdown (as well as
    # "mucked" on the river): a muck with no cards, not an unrecognised line.
    text = (FIXTURES / "pl_side_pot_two_winners_raises_add_chips.txt").read_text("utf-8")
    mucks = text.replace("Caddo: folds\n", "Caddo: folds\nCaddo: mucks hand\n", 1)
    ph = enet.FORMAT.parse(HandText(mucks, "x", 1, 0))
    assert ph.hand is not None and ph.problems == ()


def test_damaged_header_glued_to_the_hand_before_starts_a_hand_of_its_own() -> None:
    """A hand whose header lost a byte ("Game #9?0006") written straight after the last
    line of the hand before (no blank line): it is a bad_header hand of its own, and the
    hand before keeps its own board and is read whole (it took the next hand's board
    and six of its lines as unrecognised ones)."""
    good = (FIXTURES / "pl_side_pot_two_winners_raises_add_chips.txt").read_text("utf-8")
    good = good.strip("\n").split("\n\n")[0]
    damaged = good.replace("Game #", "Game #9?", 1)
    (clean,) = enet.FORMAT.split(io.BytesIO(good.encode()), "x")
    whole = enet.FORMAT.parse(clean).hand
    assert whole is not None
    text = good + "\n" + damaged + "\n"
    texts = list(enet.FORMAT.split(io.BytesIO(text.encode()), "glued.txt"))
    assert [t.line for t in texts] == [1, good.count("\n") + 2]
    first, second = (enet.FORMAT.parse(t) for t in texts)
    assert first.problems == () and first.hand is not None
    assert first.hand.boards == whole.boards and first.hand.collects == whole.collects
    assert second.hand is None
    assert [p.code for p in second.problems] == [ProblemCode.BAD_HEADER]


def test_summary_seat_with_other_words_is_unread_not_swallowed() -> None:
    # A summary seat line is read when it ends the player's hand in the site's words
    # ("folded", "showed [...] and won (...)", "collected (...) from pot"); any other
    # words could pay the player (the old rule read every such line as nothing but its
    # "won (...)"): not understood, the hand read in part on that line alone.
    odd = "Seat 4: Caddo (small blind) received (€0,05) from the jackpot"
    ph, lines = with_lines(enet.FORMAT, "pl_side_pot_two_winners_raises_add_chips.txt",
                           "Seat 4: Caddo (small blind) folded", [odd])
    assert ph.hand is not None
    assert ph.hand.unread_lines == (lines.index(odd) + 1,)  # file lines count from 1


def test_tied_main_pot_and_a_side_pot_won_alone() -> None:
    """The side-pot hand of ``pl_side_pot_two_winners_raises_add_chips.txt`` on a board
    7c 8d 2h Ks 4c: Brisk (5h 6h) and Dunmore (5d 6c) both make the eight-high straight
    and tie the main pot, 12,70 less its rake 0,63 = 12,07: Dunmore, first left of the
    button (seat 3) among them, 6,04 (the odd cent), Brisk 6,03; Amara's aces lose the
    side pot, 9,10 - 0,45 = 8,65, to Dunmore. The summary pays Dunmore one total,
    14,69, which was put in the smallest pot that could hold it, none: so the main
    pot's, "paid 14,69, due 6,04" and the side pot "paid 0, due 8,65" on a hand paid
    right. Paid wrong (a euro of Dunmore's to Brisk, more than the rake), the audit
    says so: by the rake's lines' total taken by size (main 0,63, side 0,45) Brisk is
    paid 7,03 of his 6,03 and Dunmore 7,65 of the side pot's 8,65 (his main pot share
    first). The odd cent alone moved is not found: the rake's split over the pots is
    not known to the cent (0,62 from the main pot makes 12,08, two halves of 6,04)."""
    name = "pl_tied_main_pot_side_pot_won_alone.txt"
    (ph,) = _parse(name)
    h = ph.hand
    assert h is not None and ph.problems == () and h.pots_named is False
    assert [(c.player, c.amount) for c in h.collects] == [("Brisk", 603), ("Dunmore", 1469)]
    assert not _kinds(h) & BAD
    text = (FIXTURES / name).read_text("utf-8")
    wrong = text.replace("won (€6,03)", "won (€7,03)").replace("won (€14,69)", "won (€13,69)")
    assert awards(enet.FORMAT, wrong) == {("Brisk", 703, 603), ("Dunmore", 765, 865)}
    odd = text.replace("won (€6,03)", "won (€6,04)").replace("won (€14,69)", "won (€14,68)")
    assert awards(enet.FORMAT, odd) == set()


def test_a_summary_cut_before_every_seat_line_is_a_hand_cut_short() -> None:
    # The wins are read from the summary's seat lines, one a player: a file cut after
    # the total (line 32), the board (33) or some seat lines (34 to 36: Dunmore's win
    # on line 37 missing) was read whole, and the audit found a chip imbalance
    # ('collected €0.00 plus rake €1.08 ... €21.80 went in the pot') on a hand that
    # was only cut. It is a hand cut short, no record, the problem on its last line.
    text = (FIXTURES / "pl_side_pot_two_winners_raises_add_chips.txt").read_text("utf-8")
    lines = text.split("\n")
    for end in range(32, 37):
        r = enet.FORMAT.parse(HandText("\n".join(lines[:end]), "m.txt", 1, 0))
        assert r.hand is None
        assert [(p.line, p.code) for p in r.problems] == [(end, ProblemCode.TRUNCATED_HAND)]
    r = enet.FORMAT.parse(HandText("\n".join(lines[:37]), "m.txt", 1, 0))
    assert r.problems == () and r.hand is not None
    # Brisk's €12,07 and Dunmore's €8,65: €21,80 less €1,08 rake
    paid = sorted((c.player, c.amount) for c in r.hand.collects)
    assert paid == [("Brisk", 1207), ("Dunmore", 865)]
