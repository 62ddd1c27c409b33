"""Microgaming XML: hand-written fixtures (tests/fixtures/microgaming/) and the corpus.

Expected money is worked out by hand in the comments (minor units: cents).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import duckdb
import pytest
from hhtools.grammars import microgaming, recognise
from hhtools.grammars._text import decode_head

from hhtools.audit import audit_hand
from hhtools.model.money import Unit, parse_money
from hhtools.model.records import ActionKind, BettingStructure, PostKind, Street
from hhtools.model.vocab import FindingKind, ProblemCode
from hhtools.store.importer import import_paths
from tests.award_probe import awards
from tests.conftest import need_corpus

FIX = Path(__file__).parent / "fixtures" / "microgaming"
_BAD = {FindingKind.AWARD_MISMATCH, FindingKind.CHIP_IMBALANCE}


def _parse(name: str):
    path = FIX / name
    with path.open("rb") as fh:
        assert recognise(decode_head(fh.read(4096))) is microgaming.FORMAT
        fh.seek(0)
        return [microgaming.FORMAT.parse(ht) for ht in microgaming.FORMAT.split(fh, str(path))]


def _kinds(hand) -> set[FindingKind]:
    return {f.kind for f in audit_hand(hand).findings}


def test_v5_second_small_blind_and_uncalled_win() -> None:
    (ph,) = _parse("v5_second_small_blind_uncalled.xml")
    h = ph.hand
    assert ph.problems == ()
    # the base64 UTF-16 table name, not the "?" of the plain attribute
    assert h.table == "Birch Lane - €100 Max" and h.game.currency == "EUR"
    assert (h.game.small_blind, h.game.big_blind) == (50, 100)
    assert h.button == 1 and h.hero == "Una" and h.hole_cards["Una"] == ("Kh", "Kc", "7s", "6s")
    assert [s.player for s in h.seats if s.sitting_out] == ["Xia"]
    yan = [a for a in h.actions if a.player == "Yan"]
    # PostedToPlay 0.50 is live: Yan's "Raise 3.00" adds 3.00 to it, to 3.50 (250 over 100)
    assert (yan[0].kind, yan[0].post, yan[0].amount) == (ActionKind.POST, PostKind.SMALL_BLIND, 50)
    assert (yan[1].kind, yan[1].amount, yan[1].to_amount) == (ActionKind.RAISE, 250, 350)
    # 4 x 3.50 + 2 x 9 = 32.00; Wes's turn bet of 20 is uncalled and inside his 51.55
    assert [(r.player, r.amount, r.inferred) for r in h.returned] == [("Wes", 2000, True)]
    assert (h.total_pot, h.rake) == (3200, 45)  # rake="45": cents, written by the site
    assert [(c.player, c.amount) for c in h.collects] == [("Wes", 3155)]
    assert h.inferred == ("returned",)
    assert not _kinds(h) & _BAD


def test_v2_hilo_side_pot() -> None:
    (ph,) = _parse("v2_hilo_side_pot.xml")
    h = ph.hand
    assert ph.problems == ()
    assert h.game.hi_lo and h.game.structure is BettingStructure.POT_LIMIT
    dot = next(a for a in h.actions if a.player == "Dot" and a.kind is ActionKind.RAISE)
    # the big blind's preflop "Bet 6.00" is a raise adding 6 to the 2: to 8
    assert (dot.street, dot.amount, dot.to_amount) == (Street.PREFLOP, 600, 800)
    abe = next(a for a in h.actions if a.player == "Abe" and a.all_in)
    assert (abe.kind, abe.to_amount) == (ActionKind.RAISE, 2500)  # 2 + 23
    # main 4 x 25 = 100, side 2 x 30 = 60; rake 1.60 (1.00 main, 0.60 side)
    assert (h.total_pot, h.rake, h.returned) == (16000, 160, ())
    # Abe's wheel scoops the main pot (high straight, low 5-4-3-2-A); Bea's kings and
    # 8-7-5-3-2 scoop the side pot from Dot (no low)
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [("Abe", 9900, 0), ("Bea", 5940, 1)]
    assert [s.player for s in h.shows] == ["Dot", "Bea", "Abe"]
    assert not _kinds(h) & _BAD


def test_v2_hilo_side_pot_raked_from_the_main_pot_only() -> None:
    """PL hi/lo 1/2: Ann (dealer) raises 6, Bea and Cy call; on the flop Bea bets 10,
    Cy calls, Ann is all in for her last 4. Main pot 3 x 10 = 30, side pot 2 x 6 = 12
    (Bea, Cy). Board 2c 5d 9h Ks 7c: high Bea's trip kings in both pots, low Ann's
    7-5-3-2-A in the main pot (Cy's 7-6-5-4-2 is worse) and Cy's in the side pot.
    rake="200" came from the main pot: 14 + 14, then 6 + 6. The audit spread it by
    the pots' sizes (main 28.57, side 11.43) and found four false mismatches on a
    hand paid right; each pot's wins are its size after rake now."""
    name = "v2_hilo_side_pot_rake_from_main_pot.xml"
    (ph,) = _parse(name)
    h = ph.hand
    assert ph.problems == () and h.unread_lines == ()
    assert (h.total_pot, h.rake, h.pot_parts) == (4200, 200, (2800, 1200))
    assert not _kinds(h) & _BAD
    text = (FIX / name).read_text("utf-8")
    # the main pot's low paid to Cy (seat 3), whose low is worse
    wrong = text.replace('<Seat num="1" amount="14.00" pot="0"', '<Seat num="3" amount="14.00" pot="0"')
    (ht,) = list(microgaming.FORMAT.split(io.BytesIO(wrong.encode()), "probe.xml"))
    assert awards(microgaming.FORMAT, ht.text) == {("Ann", 0, 1400), ("Cy", 1400, 0)}


def test_v1_call_and_raise_are_totals() -> None:
    (ph,) = _parse("v1_call_raise_to.xml")
    h = ph.hand
    assert ph.problems == ()
    assert h.game.structure is BettingStructure.NO_LIMIT and h.table == "Maple 7"
    acts = [(a.player, a.kind, a.amount, a.to_amount) for a in h.actions]
    # version 1: "Call 0.75" by the 0.10 small blind adds 0.65; "Raise 2.50" is to 2.50
    assert acts[3] == ("Flo", ActionKind.CALL, 65, None)
    assert acts[4] == ("Gil", ActionKind.RAISE, 175, 250)
    assert acts[5] == ("Eve", ActionKind.CALL, 175, None)
    # flop: bet 4, raise to 12, all-in adds 11.90 (to 15.90), "Call 15.90" adds 3.90
    flop = [(a.player, a.kind, a.amount, a.to_amount, a.all_in)
            for a in h.actions if a.street is Street.FLOP]  # fmt: skip
    assert flop[2] == ("Gil", ActionKind.RAISE, 390, 1590, True)
    assert flop[3] == ("Eve", ActionKind.CALL, 390, None, False)
    # 2.50 x 2 + 0.75 + 15.90 x 2 = 37.55; no rake attribute: 37.55 - 35.80 inferred
    assert (h.total_pot, h.rake, h.inferred) == (3755, 175, ("rake",))
    assert not _kinds(h) & _BAD


def test_holdem_damaged_cut() -> None:
    holdem, bad, cut = _parse("holdem_damaged_cut.xml")
    assert holdem.hand is None and holdem.skipped == "Hold'em"
    assert [p.code for p in holdem.problems] == [ProblemCode.SKIPPED_GAME]
    assert bad.hand is None and bad.problems[0].code is ProblemCode.BAD_HEADER
    assert cut.hand is None and cut.problems[0].code is ProblemCode.TRUNCATED_HAND


def test_bad_values_never_raise() -> None:
    text = (FIX / "v5_second_small_blind_uncalled.xml").read_bytes()
    big = text.replace(b'balance="80.00"', b'balance="99999999999999999"')
    (ph,) = [microgaming.FORMAT.parse(t) for t in microgaming.FORMAT.split(io.BytesIO(big), "b")]
    assert ph.hand is None and ph.problems[0].code is ProblemCode.OUT_OF_RANGE
    odd = text.replace(b'<Card value="9" suit="d" id="34" />', b'<Card value="Z" suit="q" />')
    (ph,) = [microgaming.FORMAT.parse(t) for t in microgaming.FORMAT.split(io.BytesIO(odd), "o")]
    assert ProblemCode.BAD_CARDS in {p.code for p in ph.problems}
    dup = text.replace(b'value="9" suit="d" id="34"', b'value="K" suit="h" id="51"')
    (ph,) = [microgaming.FORMAT.parse(t) for t in microgaming.FORMAT.split(io.BytesIO(dup), "d")]
    assert ph.hand is None and ph.problems[-1].code is ProblemCode.IMPOSSIBLE_CARDS


def test_cancelled_no_win() -> None:
    """A game with no Win (one seated player dealt cards who folds, no blinds) was
    cancelled: a hand_cancelled problem and no record; the game after it reads."""
    cancelled, played = _parse("cancelled_no_win.xml")
    assert cancelled.hand is None and cancelled.hand_id == "6109990001"
    assert [(p.code, p.line) for p in cancelled.problems] == [(ProblemCode.HAND_CANCELLED, 1)]
    h = played.hand
    assert played.problems == () and h.hand_id == "6109990002"
    # SB 1.00 folds to the BB 2.00: Jan's Win 3.00 holds his own 1.00 over the call-less
    # small blind, returned: 2.00 in the pot, 2.00 paid, no rake
    assert [(r.player, r.amount) for r in h.returned] == [("Jan", 100)]
    assert (h.total_pot, h.rake) == (200, 0)
    assert [(c.player, c.amount) for c in h.collects] == [("Jan", 200)]


def test_waiting_seat_zero_balance() -> None:
    """Seats the game shows nothing of are not dealt in: Ben (balance 0.00) and Dan
    (between the small and big blinds, waiting for the big blind) sit out."""
    (ph,) = _parse("waiting_seat_zero_balance.xml")
    h = ph.hand
    assert ph.problems == ()
    assert [(s.player, s.sitting_out) for s in h.seats] == [
        ("Ava", False), ("Ben", True), ("Cat", False), ("Dan", True), ("Eli", False)]  # fmt: skip
    # Cat 0.25 + Ava 1.50 + Eli 1.50 = 3.25; Ava's 2.00 flop bet is uncalled; Win 5.10 =
    # 3.25 + 2.00 - rake 0.15: paid 3.10 after the 2.00 returned
    assert [(r.player, r.amount) for r in h.returned] == [("Ava", 200)]
    assert (h.total_pot, h.rake) == (325, 15)
    assert [(c.player, c.amount) for c in h.collects] == [("Ava", 310)]
    assert not _kinds(h) & _BAD


def test_unknown_gameplay_element_read_in_part() -> None:
    """An element of a Gameplay that is no Action (here a <Jackpot> after the Win) and
    an action type not known are problems on their lines: the hand is read in part."""
    raw = (FIX / "waiting_seat_zero_balance.xml").read_bytes()
    old = b"   </Gameplay>"
    new = (b'      <Jackpot seat="1" amount="0.05"/>\n'
           b'      <Action seq="11" type="BadBeatContribution" seat="1" value="0.05"/>\n' + old)
    assert raw.count(old) == 1
    (ph,) = [microgaming.FORMAT.parse(t)
             for t in microgaming.FORMAT.split(io.BytesIO(raw.replace(old, new)), "x")]  # fmt: skip
    # the two lines go where </Gameplay> was (line 32 of the fixture): lines 32 and 33
    assert [(p.code, p.line) for p in ph.problems] == [
        (ProblemCode.UNRECOGNISED_LINE, 32), (ProblemCode.UNRECOGNISED_LINE, 33)]  # fmt: skip
    assert ph.hand is not None and ph.hand.unread_lines == (32, 33)


def test_damaged_tag_after_text_reported_on_its_lines() -> None:
    """A Game whose opening tag is damaged right after the "ExtendedTableName: ..." line
    the client writes after each game is a problem on its own first line."""
    first = (FIX / "v5_second_small_blind_uncalled.xml").read_bytes()
    second = (FIX / "waiting_seat_zero_balance.xml").read_bytes().replace(b"<Game", b"xGame", 1)
    assert first.endswith(b"ExtendedTableName: Birch Lane - \xe2\x82\xac100 Max\n")
    start = first.count(b"\n") + 1  # the damaged game's first line
    texts = list(microgaming.FORMAT.split(io.BytesIO(first + second), "x"))
    ph = microgaming.FORMAT.parse(texts[-1])
    assert texts[-1].line == start
    assert ph.hand is None and [(p.code, p.line) for p in ph.problems] == [
        (ProblemCode.BAD_HEADER, start)]  # fmt: skip


def test_recognise_is_specific() -> None:
    assert microgaming.FORMAT.recognise('----PRIMA.DAT----\n\n<Game hhversion="5" id="1" date="x"')
    assert microgaming.FORMAT.recognise('<Game id="1" date="2011-01-01 00:00:00" unicodetablename')
    assert not microgaming.FORMAT.recognise('<description type="Omaha" stakes="Pot Limit"/>')
    assert not microgaming.FORMAT.recognise('<session sessioncode="1">\n <general>')
    assert not microgaming.FORMAT.recognise('<HISTORY ID="1" SESSION="s.xml" GAME="GAME_OMA">')


@pytest.mark.corpus
def test_corpus(tmp_path: Path) -> None:
    site = need_corpus() / "Microgaming"
    db = tmp_path / "mg.duckdb"
    s = import_paths([site], db, workers=1)
    # MANIFEST: 6 files of one Omaha-family hand each
    assert s.hands == 6 and s.failed == 0 and s.problems == 0
    con = duckdb.connect(str(db), read_only=True)
    assert con.sql("select count(*) from import_errors").fetchall() == [(0,)]
    kinds = dict(con.sql("select kind, count(*) from findings group by kind").fetchall())
    assert "award_mismatch" not in kinds and "chip_imbalance" not in kinds
    # the site's own oracle: endbalance - balance is each seat's net, to the cent
    got = {(p, h): net for p, h, net in
           con.sql("select player, hand_id, net from seats").fetchall()}  # fmt: skip
    seat = re.compile(r'<Seat num="\d+" alias="([^"]+)"[^>]* balance="([\d.]+)" endbalance="([\d.]+)"')
    checked = 0
    for path in site.rglob("*.txt"):
        text = path.read_text(encoding="utf-8")
        hand = re.search(r'<Game[^>]* id="(\d+)"', text).group(1)
        for name, start, end in seat.findall(text):
            want = parse_money(end, Unit.CENTS) - parse_money(start, Unit.CENTS)
            assert got[(name, hand)] == want, (path.name, name)
            checked += 1
    assert checked == 33


def test_quiet_action_with_an_amount_is_unread() -> None:
    """Disconnect, Reconnect, Chat, TimeOut... move no chips: one holding a value
    (<Action type="TimeOut" seat="2" value="0.25"/>) is not what it seems, a problem on
    its line, and the hand is read in part; a plain Disconnect is still read."""
    text = (FIX / "v1_call_raise_to.xml").read_text()
    text = text.replace('id="3100000003"', 'id="3100002791"')
    text = text.replace('      <Action seq="7" type="Fold" seat="2"/>\n',
                        '      <Action seq="7" type="Fold" seat="2"/>\n'
                        '      <Action type="Disconnect" seat="2"/>\n'
                        '      <Action type="TimeOut" seat="2" value="0.25"/>\n')  # fmt: skip
    (ht,) = microgaming.FORMAT.split(io.BytesIO(text.encode()), "mg_oddity.xml")
    ph = microgaming.FORMAT.parse(ht)
    # line 15 is the plain Disconnect, line 16 the TimeOut with a value
    assert [(p.code, p.line) for p in ph.problems] == [(ProblemCode.UNRECOGNISED_LINE, 16)]
    assert ph.hand is not None and ph.hand.unread_lines == (16,)
    # the pot reads as before: Flo 0.75 + Gil 18.40 (all in) + Eve 18.40 = 37.55;
    # Gil wins 35.80 (1.75 rake)
    assert ph.hand.total_pot == 3755
    assert [(c.player, c.amount) for c in ph.hand.collects] == [("Gil", 3580)]
