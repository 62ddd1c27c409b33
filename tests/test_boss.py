"""Boss Media XML: hand-written fixtures (tests/fixtures/boss/) and the corpus.

Expected money is worked out by hand in the comments (minor units: cents).
"""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import duckdb
import pytest
from hhtools.grammars import boss, recognise
from hhtools.grammars._english import read_template
from hhtools.grammars._text import decode_head

from hhtools.audit import audit_hand
from hhtools.model.records import ActionKind, ClaimedHigh, PostKind, Street
from hhtools.model.vocab import FindingKind, Half, HandCategory, ProblemCode
from hhtools.store.importer import import_paths
from tests.award_probe import awards
from tests.conftest import need_corpus

FIX = Path(__file__).parent / "fixtures" / "boss"
_BAD = {FindingKind.AWARD_MISMATCH, FindingKind.CHIP_IMBALANCE}


def _parse(name: str):
    path = FIX / name
    with path.open("rb") as fh:
        assert recognise(decode_head(fh.read(4096))) is boss.FORMAT
        fh.seek(0)
        return [boss.FORMAT.parse(ht) for ht in boss.FORMAT.split(fh, str(path))]


def _kinds(hand) -> set[FindingKind]:
    return {f.kind for f in audit_hand(hand).findings}


def test_hilo_split_dead_small_allin() -> None:
    (ph,) = _parse("hilo_split_dead_small_allin.xml")
    h = ph.hand
    assert ph.problems == ()
    assert h.game.hi_lo and h.game.currency == "CAD" and (h.game.small_blind, h.game.big_blind) == (10, 20)
    assert h.button == 1 and h.hero == "Amy" and h.hole_cards["Amy"] == ("Kh", "Kd", "Jc", "9s")
    assert h.time_zone == "UTC" and h.started_at_utc.year == 2017
    pre = [(a.player, a.kind, a.post, a.amount, a.to_amount) for a in h.actions
           if a.street is Street.PREFLOP]  # fmt: skip
    # DSB 0.10 + BB 0.20: one post, the 0.10 dead; Dan raises to 0.60 (0.40 over his 0.20)
    assert pre[2] == ("Dan", ActionKind.POST, PostKind.DEAD_SMALL_AND_BIG, 30, None)
    assert pre[3] == ("Dan", ActionKind.RAISE, None, 40, 60)
    # "CALL 0.60" equals the bet: a total (adds 0.60); "0.50" and "0.40" are less: added
    assert [a[3] for a in pre[4:]] == [60, 50, 40]
    ben = next(a for a in h.actions if a.player == "Ben" and a.street is Street.FLOP)
    assert (ben.kind, ben.amount, ben.all_in) == (ActionKind.BET, 240, True)
    # 4 x 0.60 + 0.10 dead + 2 x 2.40 = 7.30; rake 0.35; 6.95: high 3.48 (odd cent), low 3.47
    assert (h.total_pot, h.rake, h.returned) == (730, 35, ())
    assert [(c.player, c.amount, c.half) for c in h.collects] == [("Amy", 348, Half.HIGH),
                                                                  ("Ben", 347, Half.LOW)]  # fmt: skip
    assert [s.player for s in h.shows] == ["Amy", "Ben"]
    assert not _kinds(h) & _BAD


def test_old_totals_no_dealer_skipped_cut() -> None:
    holdem, h_ph, cut = _parse("old_totals_no_dealer_skipped_cut.xml")
    assert holdem.hand is None and holdem.skipped == "GAME_THM"
    assert [p.code for p in holdem.problems] == [ProblemCode.SKIPPED_GAME]
    h = h_ph.hand
    assert h_ph.problems == ()
    # the empty-named seat 3 is no player; no DEALER: the seat before the small blind
    assert [s.player for s in h.seats] == ["Eli", "Fin", "Gus"]
    assert h.button == 2 and h.inferred == ("button", "returned")
    calls = [(a.player, a.amount) for a in h.actions if a.kind is ActionKind.CALL]
    assert calls == [("Fin", 150), ("Gus", 125)]  # "CALL 1.75" is the total: 1.50, 1.25 added
    # 3 x 1.75 = 5.25; Fin's flop bet of 3 comes back; WIN 5.00 + RAKE 0.25
    assert [(r.player, r.amount) for r in h.returned] == [("Fin", 300)]
    assert (h.total_pot, h.rake) == (525, 25)
    assert [(c.player, c.amount, c.half) for c in h.collects] == [("Fin", 500, None)]
    assert not _kinds(h) & _BAD
    assert cut.hand is None and cut.problems[0].code is ProblemCode.TRUNCATED_HAND


def test_bad_values_never_raise() -> None:
    text = (FIX / "hilo_split_dead_small_allin.xml").read_bytes()
    for old, new, code in ((b'LINK="47"', b'LINK="99"', ProblemCode.BAD_AMOUNT),
                           (b'AMOUNT="20.00"', b'AMOUNT="99999999999999999"', ProblemCode.OUT_OF_RANGE),
                           (b'<CARD LINK="47"></CARD></ACTION>', b'<CARD LINK="47"></ACTION>', ProblemCode.BAD_HEADER),
                           (b'LINK="47"', b'LINK="27"', ProblemCode.IMPOSSIBLE_CARDS)):  # fmt: skip
        (ph,) = [boss.FORMAT.parse(t) for t in boss.FORMAT.split(io.BytesIO(text.replace(old, new)), "x")]
        assert ph.hand is None and ph.problems[-1].code is code, (old, ph.problems)


def test_claims_and_recognise() -> None:
    assert boss.card("49") == "Js"
    # the template keys read by meaning: a King-high flush, an Ace-high one, a full house
    # whose ranks are not named, two pair Kings and Fives
    assert read_template("$(STR_G_WIN_FLUSH) $(STR_G_CARD_KING)").ranks == (13,)
    assert read_template("$(STR_G_WIN_ACEHIGHFLUSH)") == ClaimedHigh(HandCategory.FLUSH, (14,))
    assert read_template("$(STR_G_WIN_FULLHOUSE)") == ClaimedHigh(HandCategory.FULL_HOUSE, ())
    two = "$(STR_G_WIN_TWOPAIR) $(STR_G_CARDS_KINGS) $(STR_G_ANDTEXT) $(STR_G_CARDS_FIVES)"
    assert read_template(two) == ClaimedHigh(HandCategory.TWO_PAIR, (13, 5))
    assert read_template("$(STR_G_WIN_PAIR) $(STR_G_CARD_EIGHT) and more") is None
    assert boss.FORMAT.recognise('<ROOT>\n<HISTORY ID="1" SESSION="s.xml" GAME="GAME_OMA">')
    assert not boss.FORMAT.recognise('<Game hhversion="5" id="1" date="x">')
    assert not boss.FORMAT.recognise('<description type="Omaha" stakes="Pot Limit"/>')



def test_side_pots_wins_split() -> None:
    """Boss says what each player won, not from which pot: with side pots the wins stay
    one collect per RESULT (its half named in hi/lo), the record says their pots are
    not named, and the audit gives each player's wins to the pots the rules build."""
    high, hilo = _parse("side_pots_wins_split.xml")
    h = high.hand
    assert high.problems == ()
    bo = [(a.kind, a.amount, a.to_amount, a.all_in) for a in h.actions if a.player == "Bo"]
    assert bo[1] == (ActionKind.RAISE, 225, 400, True)  # ALLIN 4.00: to 4.00 over Ava's 1.75
    # main pot 3 x 4.00 = 12.00 (Ava, Bo, Cy); side pot Ava and Cy 2 x (6 + 10) = 32.00
    # rake 2.00 by size: 200 x 12/44 = 54.5, 200 x 32/44 = 145.5 -> 54 + 145, the odd cent
    # to the larger remainder (main: 2400 > 2000 of 4400): main 55, side 145
    # main 12.00 - 0.55 = 11.45 to Bo's eight-high straight; side 32.00 - 1.45 = 30.55 to
    # Cy's kings over Ava's eights: exactly the two RESULT WINs
    assert (h.total_pot, h.rake, h.returned) == (4400, 200, ())
    assert [(c.player, c.amount, c.pot, c.half) for c in h.collects] == [
        ("Bo", 1145, 0, None), ("Cy", 3055, 0, None)]  # fmt: skip
    assert h.pots_named is False and not _kinds(h) & _BAD
    # every win read as the main pot's (how boss.py read it once): the audit objects
    old = replace(h, pots_named=True)
    assert FindingKind.AWARD_MISMATCH in _kinds(old)

    h = hilo.hand
    assert hilo.problems == () and h.game.hi_lo
    # main 3 x 2.00 = 6.00 (Dee, Eve, Fay), side Eve and Fay 2 x 4.00 = 8.00; rake 0.60:
    # 60 x 6/14 = 25.7, 60 x 8/14 = 34.3 -> 25 + 34, odd cent to main (1000 > 400 of 1400)
    # main 6.00 - 0.26 = 5.74: halves 2.87 / 2.87; side 8.00 - 0.34 = 7.66: 3.83 / 3.83
    # Eve's set of kings takes both highs: WIN_HI 6.70 = 2.87 + 3.83; Dee's 7-5-3-2-A the
    # main low (WIN_LO 2.87); Fay's 7-5-4-2-A the side low (WIN_LO 3.83)
    assert (h.total_pot, h.rake) == (1400, 60)
    assert [(c.player, c.amount, c.pot, c.half) for c in h.collects] == [
        ("Eve", 670, 0, Half.HIGH), ("Dee", 287, 0, Half.LOW), ("Fay", 383, 0, Half.LOW)]  # fmt: skip
    assert h.pots_named is False and not _kinds(h) & _BAD



def test_side_pot_without_a_low_goes_high() -> None:
    """Fay shows Jc 9s 8d 8h instead (no low): the side pot has no low and goes wholly to
    Eve's high: Eve 10.53 = main high 2.87 + the whole side 7.66, one WIN_HI the audit
    gives to the pots; paid right."""
    raw = (FIX / "side_pots_wins_split.xml").read_bytes()
    for old, new in ((b'<CARD LINK="26"></CARD>\n<CARD LINK="16"></CARD>\n<CARD LINK="7"></CARD>',
                      b'<CARD LINK="23"></CARD>\n<CARD LINK="47"></CARD>\n<CARD LINK="7"></CARD>'),
                     (b'WIN="6.70"', b'WIN="10.53"'),
                     (b'PLAYER="Fay" WIN="3.83"', b'PLAYER="Fay" WIN="0.00"')):  # fmt: skip
        assert raw.count(old) == 1
        raw = raw.replace(old, new)
    _, ph = [boss.FORMAT.parse(t) for t in boss.FORMAT.split(io.BytesIO(raw), "x")]
    h = ph.hand
    assert ph.problems == () and h.hole_cards["Fay"] == ("Jc", "9s", "8d", "8h")
    assert [(c.player, c.amount, c.pot, c.half) for c in h.collects] == [
        ("Eve", 1053, 0, Half.HIGH), ("Dee", 287, 0, Half.LOW)]  # fmt: skip
    assert h.pots_named is False and not _kinds(h) & _BAD


def test_html_entity_names_unlisted_blind() -> None:
    """Names written with HTML named references (&pound;, &ouml;, &Eacute;: not XML's)
    are read as the characters they name; a blind posted under a name no PLAYER lists
    is an unknown_player problem on its lines and the hand is stored read in part."""
    whole, part = _parse("html_entity_names_unlisted_blind.xml")
    h = whole.hand
    assert whole.problems == () and h.unread_lines == ()
    assert [s.player for s in h.seats] == ["\u00a3ee & Co", "J\u00f6rg", "O'N\u00c9ill"]
    assert h.hero == "\u00a3ee & Co" and h.hole_cards[h.hero] == ("Ad", "Ac", "Kd", "Kc")
    # 3 x 0.30 = 0.90 in; the flop bet of 0.50 comes back; WIN 0.86 + RAKE 0.04 = 0.90
    assert (h.total_pot, h.rake) == (90, 4)
    assert [(r.player, r.amount) for r in h.returned] == [("\u00a3ee & Co", 50)]
    assert [(c.player, c.amount) for c in h.collects] == [("\u00a3ee & Co", 86)]
    assert not _kinds(h) & _BAD

    h = part.hand
    assert h is not None and h.hand_id == "2999000102"
    assert [s.player for s in h.seats] == ["\u00c5sa", "Bj\u00f8rn", "Cid"]
    # "\u00c5sa & co" posts, is dealt and folds under a name no PLAYER lists: each line a
    # problem; the 0.05 she posted is not read, so Cid's WIN 0.25 (0.05 + 0.10 + his
    # 0.10 called) exceeds the 0.20 read in (0.10 + 0.35 - 0.25 back): a bad_amount
    assert [(p.code, p.line) for p in part.problems] == [
        (ProblemCode.UNKNOWN_PLAYER, 42), (ProblemCode.UNKNOWN_PLAYER, 44),
        (ProblemCode.UNKNOWN_PLAYER, 60), (ProblemCode.BAD_AMOUNT, 38)]  # fmt: skip
    assert h.unread_lines == (38, 42, 44, 60)
    assert audit_hand(h).findings == ()


def test_empty_seat_both_blinds() -> None:
    """STATE_EMPTY seats ("UNKNOWN", 0.00) are empty seats, not players; a named player
    holding a STATE_RESERVED seat sits out; HAND_AB is both blinds posted at once: the
    big blind (0.50) live, the 0.25 over it dead."""
    (ph,) = _parse("empty_seat_both_blinds.xml")
    h = ph.hand
    assert ph.problems == ()
    assert [(s.seat, s.player, s.sitting_out) for s in h.seats] == [
        (2, "Dot", False), (3, "Eve", False), (5, "Fay", False), (6, "Gil", False),
        (7, "Res", True)]  # fmt: skip
    gil = [(a.kind, a.post, a.amount) for a in h.actions if a.player == "Gil"][:3]
    # 0.75 posted; facing the 0.50 big blind Gil checks; Dot's 1.50 costs him 1.00 more
    assert gil == [(ActionKind.POST, PostKind.DEAD_SMALL_AND_BIG, 75), (ActionKind.CHECK, None, 0),
                   (ActionKind.CALL, None, 100)]  # fmt: skip
    # Eve 0.25 + Fay 0.50 + Gil 0.75 + 1.00 + Dot 1.50 = 4.00; Dot's 4.00 bet comes back;
    # WIN 3.80 + RAKE 0.20 = 4.00
    assert (h.total_pot, h.rake) == (400, 20)
    assert [(r.player, r.amount) for r in h.returned] == [("Dot", 400)]
    assert [(c.player, c.amount) for c in h.collects] == [("Dot", 380)]
    assert not _kinds(h) & _BAD


def test_sitgo_hand_ante_chips() -> None:
    """GAMEKIND_SITGO is a tournament: chips (not the TABLECURRENCY's money), its number
    from the SESSION file's name; TYPE="HAND_ANTE" is an ante."""
    (ph,) = _parse("sitgo_hand_ante_chips.xml")
    h = ph.hand
    assert ph.problems == ()
    g = h.game
    assert (g.currency, g.tournament_id, g.small_blind, g.big_blind, g.ante) == (
        "CHIPS", "2999000301", 50, 100, 10)  # fmt: skip
    assert [s.stack for s in h.seats] == [1500, 1500, 1500]
    antes = [(a.player, a.amount) for a in h.actions if a.post is PostKind.ANTE]
    assert antes == [("Hal", 10), ("Ida", 10), ("Jo", 10)]
    # 3 x 10 antes + Ida's 50 + Hal 300 + Jo 300 = 680; Hal's 640 bet comes back; no rake
    assert (h.total_pot, h.rake) == (680, 0)
    assert [(c.player, c.amount) for c in h.collects] == [("Hal", 680)]
    assert not _kinds(h) & _BAD


def test_unknown_elements_read_in_part() -> None:
    """An element a HISTORY or its SHOWDOWN is not known to hold (<JACKPOT>, <BONUS>)
    is a problem on its line: the hand is stored read in part, never as if whole."""
    (ph,) = _parse("unknown_elements_read_in_part.xml")
    h = ph.hand
    assert [(p.code, p.line) for p in ph.problems] == [
        (ProblemCode.UNRECOGNISED_LINE, 17), (ProblemCode.UNRECOGNISED_LINE, 21)]  # fmt: skip
    assert h.unread_lines == (17, 21)
    # Kim's 0.10 small blind folds to Lou's 0.20: 0.10 back, the 0.20 left is Lou's WIN
    assert (h.total_pot, h.rake) == (20, 0)
    assert [(c.player, c.amount) for c in h.collects] == [("Lou", 20)]


def test_hilo_wintype_hilo_quartered() -> None:
    """WINTYPE_HILO is a win of both halves: Amy's 0.43 is the whole high half and her
    share of the tied low, told apart because she alone is on the high side."""
    (ph,) = _parse("hilo_wintype_hilo_quartered.xml")
    h = ph.hand
    assert ph.problems == ()
    # 0.10 + 0.10 preflop, 0.20 + 0.20 on the flop: 0.60; rake 0.02: 0.58, halves 0.29
    # each; Amy's kings and queens take the high 0.29; both make 8-4-3-2-A: the low 0.29
    # splits 0.15 / 0.14, the odd cent to Bob, first clockwise from Amy's button:
    # Amy 0.29 + 0.14 = 0.43 (her WIN), Bob 0.15
    assert (h.total_pot, h.rake) == (60, 2)
    assert [(c.player, c.amount, c.half) for c in h.collects] == [
        ("Amy", 29, Half.HIGH), ("Amy", 14, Half.LOW), ("Bob", 15, Half.LOW)]  # fmt: skip
    assert not _kinds(h) & _BAD


def test_damaged_tag_after_wrapper_reported_on_its_lines() -> None:
    """A HISTORY whose opening tag is damaged, after the </ROOT> and <ROOT> that wrap
    another file's hands, is a problem on its own first line, not on the wrapper's."""
    first = (FIX / "hilo_wintype_hilo_quartered.xml").read_bytes()  # 50 lines
    second = (FIX / "sitgo_hand_ante_chips.xml").read_bytes().replace(b"<HISTORY", b"<HIXTORY", 1)
    data = first + b"</ROOT>\n<ROOT>\n" + second  # lines 51, 52; the damaged hand from 53
    texts = list(boss.FORMAT.split(io.BytesIO(data), "x"))
    assert [t.line for t in texts] == [1, 53]
    ph = boss.FORMAT.parse(texts[1])
    assert ph.hand is None and [(p.code, p.line) for p in ph.problems] == [
        (ProblemCode.BAD_HEADER, 53)]  # fmt: skip


@pytest.mark.corpus
def test_corpus(tmp_path: Path) -> None:
    site = need_corpus() / "Boss"
    db = tmp_path / "boss.duckdb"
    s = import_paths([site], db, workers=1)
    # MANIFEST: 4 files of one Omaha-family hand each (USD, EUR, CAD; an empty-named
    # seat; a hand with two dead small blinds)
    assert s.hands == 4 and s.failed == 0 and s.problems == 0
    con = duckdb.connect(str(db), read_only=True)
    assert con.sql("select count(*) from import_errors").fetchall() == [(0,)]
    kinds = dict(con.sql("select kind, count(*) from findings group by kind").fetchall())
    assert "award_mismatch" not in kinds and "chip_imbalance" not in kinds
    cur = dict(con.sql("select hand_id, currency from hands").fetchall())
    assert sorted(cur.values()) == ["CAD", "EUR", "EUR", "USD"]


def test_board_card_twice_gives_no_record_and_the_next_hand_reads() -> None:
    # the first hand's flop deals card 32 (7h) twice: no record, one impossible_cards
    # problem on the hand's line (the checks after every parse); the next hand is whole: 50 + 50 cents in, 5 raked,
    # Ava (trip eights) paid 95
    first, second = _parse("board_card_twice_then_good_hand.xml")
    assert first.hand is None
    assert [(p.code, p.line, p.message) for p in first.problems] == [
        (ProblemCode.IMPOSSIBLE_CARDS, 2, "card 7h twice on the board")
    ]
    h = second.hand
    assert h is not None and h.hand_id == "310000102"
    assert h.boards == (("7h", "8d", "2c", "6d", "4s"),)
    assert (h.total_pot, h.rake) == (100, 5)
    assert [(c.player, c.amount) for c in h.collects] == [("Ava", 95)]


def test_hilo_side_pot_raked_from_the_main_pot_only() -> None:
    """PL hi/lo 1/2: Ann (dealer) raises to 6, Bea and Cy call; on the flop Bea bets
    10, Cy calls, Ann is all in for her last 4. Main pot 3 x 10 = 30, side pot 2 x 6 =
    12 (Bea, Cy). Board 2c 5d 9h Ks 7c: high Bea's trip kings in both pots, low Ann's
    7-5-3-2-A in the main pot (Cy's 7-6-5-4-2 is worse) and Cy's in the side pot.
    RAKE 2.00 taken from the main pot: 14 high, 14 low; side 6 and 6: WIN_HI Bea 20,
    WIN_LO Ann 14 and Cy 6. The wins were split over pots raked by size (main 29, side
    11): Cy's low did not fit the side pot's low half, the totals were split with no
    half, and Cy was "paid" 3.36 of the main pot: five false findings. Now the audit
    gives the wins to the pots and finds the rake's place from them (rake_fit)."""
    name = "hilo_side_pot_rake_from_main_pot.xml"
    (ph,) = _parse(name)
    h = ph.hand
    assert ph.problems == () and h.unread_lines == () and h.pots_named is False
    assert (h.total_pot, h.rake) == (4200, 200)
    assert not _kinds(h) & _BAD
    text = (FIX / name).read_text("utf-8")
    # the main pot's low paid to Cy: no place of the rake makes that right, so the rake
    # is taken by size: 200 x 30/42 = 142.9 and 200 x 12/42 = 57.1 -> 142 + 57, the odd
    # cent to the larger remainder (main): main 30 - 1.43 = 28.57, halves 14.29 high
    # (odd cent) and 14.28 low; side 12 - 0.57 = 11.43: 5.72 high, 5.71 low. Ann's low
    # 0 against 14.28; Cy's 20 goes to the side pot (nothing of the main pot is his)
    wrong = text.replace('PLAYER="Ann" WIN="14.00"', 'PLAYER="Ann" WIN="0.00"').replace(
        'PLAYER="Cy" WIN="6.00"', 'PLAYER="Cy" WIN="20.00"')
    found = {(p, paid, due) for p, paid, due in _awards(wrong)}
    assert ("Ann", 0, 1428) in found and ("Cy", 2000, 571) in found


def _awards(text: str) -> set[tuple[str, int, int]]:
    """The award findings of a one-hand Boss file's text."""
    (ht,) = list(boss.FORMAT.split(io.BytesIO(text.encode()), "probe.xml"))
    return awards(boss.FORMAT, ht.text)
