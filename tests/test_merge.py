"""Merge Gaming XML: hand-written fixtures (tests/fixtures/merge/) and the corpus.

Expected money is worked out by hand in the comments (minor units: cents for cash,
chips for tournaments).
"""

from __future__ import annotations

import io
from pathlib import Path

import duckdb
import pytest
from hhtools.grammars import merge, recognise
from hhtools.grammars._text import decode_head

from hhtools.audit import audit_hand
from hhtools.model.records import ActionKind, BettingStructure, PostKind, Street, Variant
from hhtools.model.vocab import FindingKind, HandCategory, ProblemCode
from hhtools.store.importer import import_paths
from tests.award_probe import awards
from tests.conftest import need_corpus
from tests.fpdb_expected import read_hp

FIX = Path(__file__).parent / "fixtures" / "merge"
_BAD = {FindingKind.AWARD_MISMATCH, FindingKind.CHIP_IMBALANCE}


def _parse(name: str):
    path = FIX / name
    with path.open("rb") as fh:
        assert recognise(decode_head(fh.read(4096))) is merge.FORMAT
        fh.seek(0)
        return [merge.FORMAT.parse(ht) for ht in merge.FORMAT.split(fh, str(path))]


def _kinds(hand) -> set[FindingKind]:
    return {f.kind for f in audit_hand(hand).findings}


def test_hilo_side_pot_split() -> None:
    (ph,) = _parse("hilo_side_pot_split.xml")
    h = ph.hand
    assert ph.problems == ()
    assert h.site == "merge" and h.hand_id == "70000001-12" and h.table == "Kestrel Bay (70000001)"
    assert h.game.variant is Variant.OMAHA and h.game.hi_lo
    assert h.game.structure is BettingStructure.POT_LIMIT
    assert (h.game.small_blind, h.game.big_blind, h.game.currency) == (25, 50, "USD")
    # seat indexes 0..2 are seats 1..3; dealer="0" is seat 1
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [(1, "Ana", 1000), (2, "Bo", 4000),
                                                             (3, "Cy", 300)]  # fmt: skip
    assert h.button == 1 and h.hero == "Ana" and h.max_seats == 6
    assert h.time_zone == "ET" and h.started_at_utc.hour == 17  # 12:00 EST = 17:00 UTC
    pre = [(a.player, a.kind, a.amount, a.to_amount, a.all_in)
           for a in h.actions if a.street is Street.PREFLOP]  # fmt: skip
    # Ana raises to 1.50 (100 over the 50 faced); Cy all-in adds 2.50: to 3.00, 150 more
    assert pre[2] == ("Ana", ActionKind.RAISE, 100, 150, False)
    assert pre[4] == ("Cy", ActionKind.RAISE, 150, 300, True)
    # 3 x 300 = 900 main pot, 2 x 400 = 800 side pot: 1700, nothing uncalled
    assert h.total_pot == 1700 and h.returned == ()
    # paid 428 + 427 + 760 = 1615: rake 85 (the site prints none: inferred)
    assert h.rake == 85 and h.inferred == ("rake",)
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [("Ana", 428, 0), ("Cy", 427, 0),
                                                                 ("Ana", 760, 1)]  # fmt: skip
    assert h.boards == (("2c", "7d", "Kh", "9s", "4h"),)
    ana = next(s for s in h.shows if s.player == "Ana")
    assert ana.claimed_high.category is HandCategory.THREE_OF_A_KIND and ana.claimed_high.ranks == (13,)
    # rake 85 pro rata: main 900*85/1700 = 45, side 40; main 855 halves 428 (odd chip
    # high) / 427: Ana's trip kings high, Cy's 7-4-3-2-A low; side 760 Ana scoops
    # (her 8-7-6-4-2 low, Bo has none)
    assert not _kinds(h) & _BAD


def test_hilo_side_pot_raked_from_the_main_pot_only() -> None:
    """PL hi/lo $1/$2: Ann (dealer) raises to $6, Bea and Cy call; on the flop Bea bets
    $10, Cy calls, Ann is all in for her last $4. Main pot 3 x $10 = $30, side pot
    2 x $6 = $12 (Bea, Cy). Board 2c 5d 9h Ks 7c: high Bea's trip kings in both pots,
    low Ann's 7-5-3-2-A in the main pot (Cy's 7-6-5-4-2 is worse) and Cy's in the
    side pot. Paid $14 + $14 and $6 + $6: the $2 the winners were not paid came from
    the main pot. The audit spread it by the pots' sizes (main $28.57, side $11.43)
    and found four false mismatches on a hand paid right; each pot's winners' sum is
    its size after rake now."""
    (ph,) = _parse("hilo_side_pot_rake_from_main_pot.xml")
    h = ph.hand
    assert ph.problems == () and h.unread_lines == ()
    assert (h.total_pot, h.rake, h.pot_parts) == (4200, 200, (2800, 1200))
    assert not _kinds(h) & _BAD
    text = (FIX / "hilo_side_pot_rake_from_main_pot.xml").read_text("utf-8")
    # the main pot's low half paid to Cy (seat index 2), whose low is worse
    wrong = text.replace('potnumber="1" player="0" pottype="l"', 'potnumber="1" player="2" pottype="l"')
    assert _awards(wrong) == {("Ann", 0, 1400), ("Cy", 1400, 0)}
    # the same with no halves named (pottype "n"): each player's amount from the pot
    assert _awards(wrong.replace('pottype="l"', 'pottype="n"').replace(
        'pottype="h"', 'pottype="n"')) == {("Ann", 0, 1400), ("Cy", 1400, 0)}


def _awards(text: str) -> set[tuple[str, int, int]]:
    """The award findings of a one-game Merge file's text (its description first)."""
    (ht,) = list(merge.FORMAT.split(io.BytesIO(text.encode()), "probe.xml"))
    return awards(merge.FORMAT, ht.text)


def test_old_raise_adds_chips_and_uncalled_in_winner() -> None:
    old, new = _parse("uncalled_and_old_raise.xml")
    assert old.problems == () and new.problems == ()
    h = old.hand  # 2010-09-07: a RAISE amount is the chips the raise adds
    raises = [(a.player, a.amount, a.to_amount) for a in h.actions if a.kind is ActionKind.RAISE]
    # Fay adds 3.50 (to 3.50, 250 over the 100 faced); Dee adds 10.00 to her 0.50: to 10.50
    assert raises == [("Fay", 250, 350), ("Dee", 700, 1050)]
    # pot 1050 x 2 + 100 = 2200; Dee's flop bet of 15 is uncalled, inside her 35.90
    assert [(r.player, r.amount, r.inferred) for r in h.returned] == [("Dee", 1500, True)]
    assert (h.total_pot, h.rake) == (2200, 110)  # 3590 - 1500 = 2090 paid
    assert [(c.player, c.amount) for c in h.collects] == [("Dee", 2090)]
    assert h.inferred == ("rake", "returned")
    assert h.table == "Otter Creek (26000002)"  # the colon-divided data attribute
    h = new.hand  # 2011: RAISE is the street total
    raises = [(a.player, a.amount, a.to_amount) for a in h.actions if a.kind is ActionKind.RAISE]
    assert raises == [("Dee", 200, 300), ("Fay", 600, 900)]
    # pot 900 + 900 + 300 + 1200 x 2 = 4500; turn bet 20 uncalled; 6275 - 2000 = 4275 paid
    assert (h.total_pot, h.rake, h.returned[0].amount) == (4500, 225, 2000)
    assert h.hole_cards == {"Fay": ("8h", "8c", "4d", "3s")} and h.shows == ()
    for ph in (old, new):
        assert not _kinds(ph.hand) & _BAD


def test_unknown_element_entity_name() -> None:
    """Nicknames with HTML named references (&eacute;, &oslash;) read as what they name;
    an element of a round Merge is not known to write (<bounty>) is a problem on its
    line and the hand is stored read in part, never read as if it were not there."""
    (ph,) = _parse("unknown_element_entity_name.xml")
    h = ph.hand
    assert [s.player for s in h.seats] == ["Ren\u00e9e", "S\u00f8ren", "Tom & Jerry"]
    assert [(p.code, p.line) for p in ph.problems] == [(ProblemCode.UNRECOGNISED_LINE, 21)]
    assert h.unread_lines == (21,)
    # 0.25 + 0.50 + 1.50; the 1.00 over the big blind comes back, inside the 2.25 winner
    # amount: 1.25 in the pot, 1.25 paid, no rake
    assert (h.total_pot, h.rake) == (125, 0)
    assert [(c.player, c.amount) for c in h.collects] == [("Ren\u00e9e", 125)]


def test_tournament_balance_after_blinds() -> None:
    (ph,) = _parse("tournament_balance_after_blinds.xml")
    h = ph.hand
    assert ph.problems == ()
    assert h.game.is_tournament and h.game.tournament_id == "48099000"
    assert h.game.currency == "CHIPS" and h.game.structure is BettingStructure.NO_LIMIT
    assert (h.game.small_blind, h.game.big_blind) == (25, 50)  # from the posts
    # balances are after the blinds: Hal 975 + 25, Ivy 2950 + 50
    assert [(s.player, s.stack) for s in h.seats] == [("Gus", 2000), ("Hal", 1000), ("Ivy", 3000)]
    hal = next(a for a in h.actions if a.player == "Hal" and a.kind is ActionKind.RAISE)
    assert (hal.amount, hal.to_amount, hal.all_in) == (850, 1000, True)  # 975 added to 25
    # 1000 + 1000 + 50 = 2050, no rake in a tournament, the chat moved nothing
    assert (h.total_pot, h.rake, h.returned) == (2050, 0, ())
    assert [(c.player, c.amount) for c in h.collects] == [("Hal", 2050)]
    hal_show = next(s for s in h.shows if s.player == "Hal")
    assert hal_show.claimed_high.ranks == (14, 8)
    assert not _kinds(h) & _BAD


def test_return_blind_dead_small_limit() -> None:
    (ph,) = _parse("return_blind_limit_hilo.xml")
    h = ph.hand
    assert ph.problems == ()
    assert h.game.structure is BettingStructure.LIMIT and h.game.hi_lo
    assert (h.game.small_bet, h.game.big_bet) == (200, 400)
    assert (h.game.small_blind, h.game.big_blind) == (100, 200)
    mo = [a for a in h.actions if a.player == "Mo"]
    # RETURN_BLIND 3.00 = 2.00 live + 1.00 dead; raise to 4.00 adds 2.00
    assert (mo[0].post, mo[0].amount) == (PostKind.DEAD_SMALL_AND_BIG, 300)
    assert (mo[1].kind, mo[1].amount, mo[1].to_amount) == (ActionKind.RAISE, 200, 400)
    # Mo 3 + 2 + 2 + 4 = 11, Lu 4 + 2 = 6, Kim 1: the turn bet of 4 comes back (the dead
    # dollar is never returned): pot 1400; 17.30 - 4 = 13.30 paid, rake 70
    assert [(r.player, r.amount) for r in h.returned] == [("Mo", 400)]
    assert (h.total_pot, h.rake) == (1400, 70)
    assert [(c.player, c.amount) for c in h.collects] == [("Mo", 1330)]
    assert not _kinds(h) & _BAD


def test_skipped_cancelled_damaged_and_cut() -> None:
    holdem, cancelled, bad, walk, cut = _parse("skipped_cancelled_damaged.xml")
    assert holdem.hand is None and holdem.skipped == "Holdem"
    assert [p.code for p in holdem.problems] == [ProblemCode.SKIPPED_GAME]
    assert cancelled.hand is None and cancelled.problems[0].code is ProblemCode.HAND_CANCELLED
    assert bad.hand is None and bad.problems[0].code is ProblemCode.BAD_HEADER
    assert bad.problems[0].line == 40  # the damaged event's line in the file
    # the second <description> (Omaha) applies to the games after it
    h = walk.hand
    assert walk.problems == () and h.hand_id == "47000007-3"
    # the small blind folds: 5 of the big blind's 10 come back; pot 10, paid 10
    assert (h.total_pot, h.rake, h.returned[0].amount) == (10, 0, 5)
    assert not _kinds(h) & _BAD
    assert cut.hand is None and cut.problems[0].code is ProblemCode.TRUNCATED_HAND


def test_bad_amounts_never_raise() -> None:
    text = (FIX / "hilo_side_pot_split.xml").read_bytes()
    big = text.replace(b'balance="$40.00"', b'balance="$99999999999999999"')
    (ph,) = [merge.FORMAT.parse(t) for t in merge.FORMAT.split(io.BytesIO(big), "big.xml")]
    assert ph.hand is None and ph.problems[0].code is ProblemCode.OUT_OF_RANGE
    odd = text.replace(b'amount="1.50"/>', b'amount="x.y"/>', 1)
    (ph,) = [merge.FORMAT.parse(t) for t in merge.FORMAT.split(io.BytesIO(odd), "odd.xml")]
    assert ProblemCode.BAD_AMOUNT in {p.code for p in ph.problems}
    dup = text.replace(b'cards="As,3d,Qc,Qs"', b'cards="Kd,3d,Qc,Qs"')
    (ph,) = [merge.FORMAT.parse(t) for t in merge.FORMAT.split(io.BytesIO(dup), "dup.xml")]
    assert ph.hand is None and ph.problems[-1].code is ProblemCode.IMPOSSIBLE_CARDS


def test_recognise_is_specific() -> None:
    assert merge.FORMAT.recognise('<description type="Omaha" stakes="Pot Limit ($0.25/$0.50)"/>')
    assert not merge.FORMAT.recognise("PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD)")
    assert not merge.FORMAT.recognise('<session sessioncode="1">\n <general>\n<game gamecode="2">')
    assert not merge.FORMAT.recognise('<Game hhversion="5" id="1">')
    assert not merge.FORMAT.recognise('<SESSION time="1" tableName="T"/>')
    assert merge.read_claim("Straight - Ten High") is None


@pytest.mark.corpus
def test_corpus(tmp_path: Path) -> None:
    site = need_corpus() / "Merge"
    db = tmp_path / "merge.duckdb"
    s = import_paths([site], db, workers=1)
    # MANIFEST: 6 files of one Omaha-family hand each (4 .txt and one .xml hold XML)
    assert s.hands == 6 and s.failed == 0 and s.problems == 0
    con = duckdb.connect(str(db), read_only=True)
    assert con.sql("select count(*) from import_errors").fetchall() == [(0,)]
    kinds = dict(con.sql("select kind, count(*) from findings group by kind").fetchall())
    assert "award_mismatch" not in kinds and "chip_imbalance" not in kinds


@pytest.mark.corpus
@pytest.mark.parametrize(
    ("path", "scale"),
    [("Merge/omaha_hi/NLO-USD-0.10-0.25-201001.Sample.txt", 1),
     ("Merge/omaha_hilo/PLO8-USD-SNG-2-2012.Sample.xml", 100)],
)  # fmt: skip
def test_fpdb_expected_totals(tmp_path: Path, path: str, scale: int) -> None:
    """Per player, what fpdb stored (.hp) against hhtools' seats rows.

    ``scale``: fpdb writes hundredths; hhtools cents for cash (1), whole chips for
    tournaments (x 100). The one difference, explained by reading the hand: in the
    sit-and-go fpdb's ``startCash`` is the balance the site wrote, *after* the blinds
    (Nxeekm3 1490 with the 10 small blind posted, Clexwg1 1480 with the 20 big blind);
    hhtools adds the posts back (1500 each: Nxeekm3 then puts in 10 + 100 + 306 + 1072
    + 12 = 1500, more than the 1490 fpdb starts him with). Winnings, net and rake agree.
    """
    src = need_corpus() / path
    expected = read_hp(Path(f"{src}.hp"))
    db = tmp_path / "fpdb.duckdb"
    import_paths([src], db, workers=1)
    con = duckdb.connect(str(db), read_only=True)
    rows = con.sql("select player, seat, stack, collected, net from seats").fetchall()
    rake = con.sql("select rake from hands").fetchall()[0][0]
    got = {p: (seat, stack * scale, won * scale, net * scale) for p, seat, stack, won, net in rows}
    posted = {"Nxeekm3": 1000, "Clexwg1": 2000} if scale == 100 else {}
    for player, e in expected.items():
        seat, stack, won, net = got[player]
        assert seat == e["seatNo"]
        assert stack == e["startCash"] + posted.get(player, 0)
        assert (won, net) == (e["winnings"], e["totalProfit"])
    assert rake * scale == sum(e["rake"] for e in expected.values())
    # the one seat fpdb leaves out: Dcjsyb7, dealtin="false" (sitting out), put in nothing
    assert set(got) - set(expected) <= {"Dcjsyb7"}


def test_quiet_event_with_an_amount_is_unread() -> None:
    """A SHOW, MUCK or CHAT event moves no chips (the cards shown come in <cards>): one
    that holds an amount (SHOW amount="100.00") is not what it seems, a problem on its
    line, and the hand is read in part; the plain SHOW and the CHAT of a railbird are
    still read."""
    text = (FIX / "tournament_balance_after_blinds.xml").read_text()
    text = text.replace("48100004-31", "48102791-31")
    text = text.replace('<event sequence="8" type="SHOW" timestamp="1328318111000" player="0"/>',
                        '<event sequence="8" type="SHOW" timestamp="1328318111000" player="0"'
                        ' amount="100.00"/>')  # fmt: skip
    (ht,) = merge.FORMAT.split(io.BytesIO(text.encode()), "merge_oddity.xml")
    ph = merge.FORMAT.parse(ht)
    assert [(p.code, p.line) for p in ph.problems] == [(ProblemCode.UNRECOGNISED_LINE, 31)]
    h = ph.hand
    assert h is not None and h.unread_lines == (31,)
    # the rest reads as before: 1000 + 1000 + 50 = 2050 to Hal
    assert (h.total_pot, h.rake) == (2050, 0)
    assert [(c.player, c.amount) for c in h.collects] == [("Hal", 2050)]


def test_cards_of_a_type_not_known_are_unread() -> None:
    """<cards> of a type Merge is not known to write (type="EXPOSED": they could be a
    show) are a problem on their line and the hand is read in part; the SHOWN cards
    are still Hal's and Gus's shows."""
    text = (FIX / "tournament_balance_after_blinds.xml").read_text()
    text = text.replace("48100004-31", "48102792-31")
    text = text.replace('<cards type="SHOWN" cards="Kh,Qd,Jc,Tc" player="0"/>\n',
                        '<cards type="SHOWN" cards="Kh,Qd,Jc,Tc" player="0"/>\n'
                        '<cards type="EXPOSED" cards="Js,9d,6h,5h" player="2"/>\n')  # fmt: skip
    (ht,) = merge.FORMAT.split(io.BytesIO(text.encode()), "merge_oddity2.xml")
    ph = merge.FORMAT.parse(ht)
    assert [(p.code, p.line) for p in ph.problems] == [(ProblemCode.UNRECOGNISED_LINE, 34)]
    assert ph.hand is not None and ph.hand.unread_lines == (34,)
    assert sorted(s.player for s in ph.hand.shows) == ["Gus", "Hal"]
