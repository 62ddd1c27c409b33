"""iPoker XML sessions: hand-written fixtures (tests/fixtures/ipoker/) and the corpus.

Expected money is worked out by hand in the comments (minor units: cents).
"""

from __future__ import annotations

import io
from pathlib import Path

import duckdb
import pytest
from hhtools.grammars import ipoker, recognise
from hhtools.grammars._text import decode_head

from hhtools.audit import audit_hand
from hhtools.model.records import ActionKind, BettingStructure, PostKind, Street, Variant
from hhtools.model.vocab import FindingKind, ProblemCode
from hhtools.store.importer import import_paths
from tests.award_probe import awards
from tests.conftest import need_corpus

FIX = Path(__file__).parent / "fixtures" / "ipoker"


def _parse(name: str):
    path = FIX / name
    with path.open("rb") as fh:
        assert recognise(decode_head(fh.read(4096))) is ipoker.FORMAT
        fh.seek(0)
        return [ipoker.FORMAT.parse(ht) for ht in ipoker.FORMAT.split(fh, str(path))]


def _findings(hand):
    return [f.kind for f in audit_hand(hand).findings]


def test_side_pot_old_win_includes_return() -> None:
    (ph,) = _parse("side_pot_old_win_includes_return.xml")
    h = ph.hand
    assert ph.problems == ()
    assert h.hand_id == "5000001" and h.game.variant is Variant.OMAHA and not h.game.hi_lo
    assert (h.game.small_blind, h.game.big_blind, h.game.currency) == (5, 10, "USD")
    assert h.button == 1 and h.hero == "Hero" and h.time_zone is None
    # Ann 30 + 170 = 200 (all-in), Bob 30 + 170 + 100 + 200 = 500, Hero 30 + 170 + 100 = 300
    # Bob's river bet of 200 is uncalled: 500 - 300 = 200 back; pot = 1000 - 200 = 800.
    assert [(r.player, r.amount) for r in h.returned] == [("Bob", 200)]
    assert h.total_pot == 800
    # wins 577 + 393 = 970 > 800: this (old) session counts the return in Bob's win,
    # so Bob was paid 393 - 200 = 193 from the pots and the rake is 800 - 770 = 30.
    assert h.rake == 30
    # main pot 3 x 200 = 600 (Ann, Bob), side pot 100 + 100 = 200 (Bob alone); the
    # wins name no pot: one collect each, the audit gives them to the pots (rake 30
    # pro rata: 600*30/800 = 22.5, 200*30/800 = 7.5 -> 23 and 7, the tie to main)
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [("Ann", 577, 0), ("Bob", 193, 0)]
    assert h.pots_named is False
    # actions in the site's numbering: Hero's check (no 7) before Ann's all-in (no 8)
    flop = [(a.player, a.kind, a.amount, a.all_in) for a in h.actions if a.street is Street.FLOP]
    assert flop[:2] == [("Bob", ActionKind.CHECK, 0, False), ("Hero", ActionKind.CHECK, 0, False)]
    assert flop[2] == ("Ann", ActionKind.BET, 170, True)
    pre = [a for a in h.actions if a.kind is ActionKind.RAISE]
    assert [(a.player, a.amount, a.to_amount) for a in pre] == [("Ann", 30, 30)]
    assert h.boards == (("Ks", "7h", "2c", "Ts", "3d"),)
    assert [s.player for s in h.shows] == ["Ann", "Bob"]
    assert h.hole_cards["Hero"] == ("6c", "6d", "5h", "4s")
    # Ann's aces beat Bob's kings for the main pot; Bob alone covers the side pot.
    kinds = _findings(h)
    assert FindingKind.AWARD_MISMATCH not in kinds and FindingKind.CHIP_IMBALANCE not in kinds


def test_empty_seat_not_dealt_sits_out() -> None:
    """A <player> with no name is an empty seat; a player with no Pocket (Hero, type 8
    in the blinds) was not dealt in; a type 9 of a player dealt in (Dee, who called) is
    the fold of a player sitting out of the hand."""
    (ph,) = _parse("empty_seat_not_dealt_sits_out.xml")
    h = ph.hand
    assert ph.problems == ()
    assert [(s.seat, s.player, s.sitting_out) for s in h.seats] == [
        (2, "Ann", False), (3, "Bob", False), (4, "Cal", False), (5, "Hero", True),
        (6, "Dee", False)]  # fmt: skip
    assert [(a.player, a.kind, a.line) for a in h.actions if a.player in ("Dee", "Hero")] == [
        ("Dee", ActionKind.CALL, 30), ("Dee", ActionKind.FOLD, 37)]  # fmt: skip
    # Bob 0.05 + Cal 0.10 + Dee 0.10 + Ann 0.30, Ann's 0.20 over Dee's call comes back:
    # pot 0.35; Ann's win 0.33 (no more than the pot: the return is not in it): rake 0.02
    assert (h.total_pot, h.rake) == (35, 2)
    assert [(r.player, r.amount) for r in h.returned] == [("Ann", 20)]
    assert [(c.player, c.amount) for c in h.collects] == [("Ann", 33)]
    kinds = _findings(h)
    assert FindingKind.AWARD_MISMATCH not in kinds and FindingKind.CHIP_IMBALANCE not in kinds


def test_html_entity_player_name() -> None:
    """Names and amounts written with HTML named references (&ouml;, &Eacute;, &euro;:
    not XML's own) are read as the characters they name, the hero's too."""
    (ph,) = _parse("html_entity_player_name.xml")
    h = ph.hand
    assert ph.problems == ()
    assert [s.player for s in h.seats] == ["G\u00f6del&Co", "\u00c9mile"]
    assert h.hero == "G\u00f6del&Co" and h.table == "Z\u00fcrich, 1003002"
    assert (h.game.currency, h.game.small_blind, h.game.big_blind) == ("EUR", 10, 20)
    # 0.60 raised over the 0.20 big blind, folded to: 0.40 back, the pot 0.40 won, no rake
    assert (h.total_pot, h.rake) == (40, 0)
    assert [(c.player, c.amount) for c in h.collects] == [("G\u00f6del&Co", 40)]


def test_second_big_blind_posts_both() -> None:
    """A second type 2 larger than the first big blind (Hero's 0.15 over Cal's 0.10) is
    a returning player's small and big blinds: 0.10 live (Hero checks, owing nothing),
    0.05 dead, never returned."""
    (ph,) = _parse("second_big_blind_posts_both.xml")
    h = ph.hand
    assert ph.problems == ()
    hero = [(a.kind, a.post, a.amount) for a in h.actions if a.player == "Hero"]
    assert hero[:2] == [(ActionKind.POST, PostKind.DEAD_SMALL_AND_BIG, 15),
                        (ActionKind.CHECK, None, 0)]  # fmt: skip
    assert (h.game.small_blind, h.game.big_blind) == (5, 10)
    # Bob 0.05 + Cal 0.10 + Hero 0.15 + Ann 0.10 = 0.40; Cal's 0.20 flop bet comes back
    # whole (Hero's dead 0.05 is no live bet); Cal's win 0.38: rake 0.02
    assert [(r.player, r.amount) for r in h.returned] == [("Cal", 20)]
    assert (h.total_pot, h.rake) == (40, 2)
    assert [(c.player, c.amount) for c in h.collects] == [("Cal", 38)]
    kinds = _findings(h)
    assert FindingKind.AWARD_MISMATCH not in kinds and FindingKind.CHIP_IMBALANCE not in kinds


def test_short_all_in_big_blind_then_returning_big_blind() -> None:
    """A big blind all in short (Cal's whole $0.07) is no stake: the returning
    player's type 2 of $0.10 after it (Hero, under the gun) is his big blind, live,
    not both blinds (0.07 live and 0.03 dead) as a second type 2 over the first
    was read. Bob 0.10 + Cal 0.07 + Hero 0.10 = 0.27: main pot 3 x 0.07 = 0.21 to
    Cal's aces, side pot 2 x 0.03 = 0.06 to Bob's kings over Hero's queens, as the
    site paid (before: award mismatches on Bob and Hero)."""
    (ph,) = _parse("short_all_in_big_blind_then_returning_big_blind.xml")
    h = ph.hand
    assert ph.problems == ()
    posts = [(a.player, a.post, a.amount, a.all_in) for a in h.actions if a.kind is ActionKind.POST]
    assert posts == [("Bob", PostKind.SMALL_BLIND, 5, False), ("Cal", PostKind.BIG_BLIND, 7, True),
                     ("Hero", PostKind.BIG_BLIND, 10, False)]  # fmt: skip
    assert h.game.big_blind == 10
    assert sorted((c.player, c.amount) for c in h.collects) == [("Bob", 6), ("Cal", 21)]
    assert _findings(h) == [FindingKind.HOLDEM_MISREAD_PRONE]  # Bob's Kh Ks 6c 6d only


def test_tournament_session_counts_chips() -> None:
    import io

    text = (FIX / "side_pot_old_win_includes_return.xml").read_bytes()
    # the same hand as a tournament, in chips (every cent amount written as that many
    # chips, so $2 is 200 chips); a tournament takes no rake, so the wins are the pots
    for a, b in ((b"$0.05", b"5"), (b"$0.10", b"10"), (b"$0.30", b"30"), (b"$0.25", b"25"),
                 (b"$0.20", b"20"), (b"$1.70", b"170"), (b'"$2"', b'"200"'), (b'"$5"', b'"500"'),
                 (b'"$10"', b'"1000"'), (b'"$1"', b'"100"'), (b'"$3"', b'"300"'),
                 (b"$5.77", b"600"), (b"$3.93", b"400")):  # fmt: skip
        text = text.replace(a, b)
    text = text.replace(b"<mode>real</mode>", b"<mode>real</mode><tournamentcode>777</tournamentcode>"
                        b"<totalbuyin>$1.80+$0.20</totalbuyin>")  # fmt: skip
    (ht,) = ipoker.FORMAT.split(io.BytesIO(text), "t.xml")
    h = ipoker.FORMAT.parse(ht).hand
    assert h.game.is_tournament and h.game.tournament_id == "777"
    assert h.game.currency == "CHIPS" and h.game.buy_in == "$1.80+$0.20"
    # chips: the 800 in the pots are paid in full, Ann 600, Bob 400 - 200 returned = 200
    assert (h.total_pot, h.rake) == (800, 0)
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [("Ann", 600, 0), ("Bob", 200, 0)]
    assert not {f.kind for f in audit_hand(h).findings} & {
        FindingKind.AWARD_MISMATCH,
        FindingKind.CHIP_IMBALANCE,
    }


def test_cp1252_euro_comma_5card_raise_to() -> None:
    (ph,) = _parse("cp1252_euro_comma_5card_raise_to.xml")
    h = ph.hand
    assert ph.problems == ()
    # "PL €0,50/€1" with no game name: five hole cards dealt -> 5-card Omaha
    assert h.game.variant is Variant.OMAHA5 and h.game.currency == "EUR"
    assert (h.game.small_blind, h.game.big_blind) == (50, 100)
    assert [s.stack for s in h.seats] == [10000, 5525]
    # Xa raises to €3 (sum is the street total): 300 - 50 = 250 more
    (r,) = [a for a in h.actions if a.kind is ActionKind.RAISE]
    assert (r.amount, r.to_amount) == (250, 300)
    # uncalled 300 - 100 = 200 back; pot 200; win €1,90 excludes the return
    # (uncalled_bet_enabled) -> rake 10
    assert [(x.player, x.amount) for x in h.returned] == [("Xa", 200)]
    assert (h.total_pot, h.rake) == (200, 10)
    assert [(c.player, c.amount, c.pot) for c in h.collects] == [("Xa", 190, 0)]
    assert h.hole_cards == {"Yb": ("Ts", "Jd", "Qh", "Kc", "2d")} and h.shows == ()
    assert h.started_at is not None and h.started_at.day == 21
    kinds = _findings(h)
    assert FindingKind.AWARD_MISMATCH not in kinds and FindingKind.CHIP_IMBALANCE not in kinds


def test_partial_blinds_only_and_holdem() -> None:
    partial, holdem = _parse("partial_blinds_only_and_holdem.xml")
    assert partial.hand is None and partial.hand_id == "5000003"
    assert [p.code for p in partial.problems] == [ProblemCode.TRUNCATED_HAND]
    assert holdem.hand is None and holdem.skipped
    assert [p.code for p in holdem.problems] == [ProblemCode.SKIPPED_GAME]


def test_truncated_file_and_bad_xml_never_raise() -> None:
    text = (FIX / "side_pot_old_win_includes_return.xml").read_bytes()
    cut = text[: text.index(b"</game>")]
    import io

    (ph,) = [ipoker.FORMAT.parse(h) for h in ipoker.FORMAT.split(io.BytesIO(cut), "cut.xml")]
    # cut after the river: read as written, with the truncation reported
    assert ph.hand is not None and ph.problems[0].code is ProblemCode.TRUNCATED_HAND
    bad = text.replace(b'<action no="13"', b'<action no="13" <')
    (ph,) = [ipoker.FORMAT.parse(h) for h in ipoker.FORMAT.split(io.BytesIO(bad), "bad.xml")]
    assert ph.hand is None and ph.problems[0].code is ProblemCode.BAD_HEADER
    dup = text.replace(b"CK HQ S5 D4", b"HA HQ S5 D4")
    (ph,) = [ipoker.FORMAT.parse(h) for h in ipoker.FORMAT.split(io.BytesIO(dup), "dup.xml")]
    assert ph.hand is None and ph.problems[0].code is ProblemCode.IMPOSSIBLE_CARDS
    big = text.replace(b'chips="$10"', b'chips="$99999999999999999"')
    (ph,) = [ipoker.FORMAT.parse(h) for h in ipoker.FORMAT.split(io.BytesIO(big), "big.xml")]
    assert ph.hand is None and ph.problems[0].code is ProblemCode.OUT_OF_RANGE


def test_recognise_is_specific() -> None:
    assert not ipoker.FORMAT.recognise("PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD)")
    assert not ipoker.FORMAT.recognise('<SESSION id="1">')
    assert ipoker.FORMAT.recognise('<?xml version="1.0"?>\n<session sessioncode="1">\n <general>')


@pytest.mark.corpus
def test_corpus(tmp_path: Path) -> None:
    site = need_corpus() / "iPoker"
    db = tmp_path / "ip.duckdb"
    s = import_paths([site], db, workers=1)
    # MANIFEST: 66 hands in 8 files. 31 of them (PLO-USD-5-10-201631.partial.format.xml)
    # hold only the blinds (no cards, actions or wins): truncated_hand, no record.
    assert s.files == 8
    assert s.hands == 35 and s.failed == 31
    con = duckdb.connect(str(db), read_only=True)
    codes = con.sql("select code, count(*) from import_errors group by code").fetchall()
    # + the CNY file ends inside its last game (after the river): read, and reported
    assert dict(codes) == {"truncated_hand": 32}
    kinds = dict(con.sql("select kind, count(*) from findings group by kind").fetchall())
    assert "award_mismatch" not in kinds and "chip_imbalance" not in kinds


def test_element_not_known_in_a_game_is_unread() -> None:
    """An element of a game this reader does not know (<jackpot player="Cal"
    sum="$0.02"/>: it could hold chips) is an unrecognised line and the game is read in
    part, never read as if it were not there; the holders (<general>, <players>) and
    the known elements are read as before."""
    text = (FIX / "second_big_blind_posts_both.xml").read_text()
    text = text.replace('gamecode="5003003"', 'gamecode="5002791"')
    text = text.replace('   <action no="10" player="Ann" type="0" sum="$0" cards=""/>\n',
                        '   <action no="10" player="Ann" type="0" sum="$0" cards=""/>\n'
                        '   <jackpot player="Cal" sum="$0.02"/>\n')  # fmt: skip
    (ht,) = ipoker.FORMAT.split(io.BytesIO(text.encode()), "ipoker_oddity.xml")
    ph = ipoker.FORMAT.parse(ht)
    # the <jackpot> is line 41 of the file
    assert [(p.code, p.line) for p in ph.problems] == [(ProblemCode.UNRECOGNISED_LINE, 41)]
    h = ph.hand
    assert h is not None and h.unread_lines == (41,)
    # the rest as before: Cal's 0.20 flop bet comes back; 0.40 in, 0.02 rake, 0.38 to Cal
    assert (h.total_pot, h.rake) == (40, 2)
    assert [(c.player, c.amount) for c in h.collects] == [("Cal", 38)]


def _wins(text: str) -> set[tuple[str, int, int]]:
    """The award findings ``(player, paid, due)`` of the one game of session ``text``."""
    (ph,) = [ipoker.FORMAT.parse(ht)
             for ht in ipoker.FORMAT.split(io.BytesIO(text.encode()), "probe.xml")]  # fmt: skip
    assert ph.hand is not None and ph.problems == (), [str(p) for p in ph.problems]
    return {(f.player, f.paid, f.due) for f in audit_hand(ph.hand).findings
            if f.kind is FindingKind.AWARD_MISMATCH}  # fmt: skip


def test_hilo_side_pot_wins_are_given_to_the_pots_by_the_audit() -> None:
    """Ann all-in for $1.75: main pot 3 x $1.75 = $5.25, side pot 2 x $2 = $4 (Bea, Cy),
    no rake. High: Ann's sevens full the main pot's $2.63 (odd cent high), Bea's trip
    kings the side pot's $2; low: Cy's 7-5-3-2-A both low halves, $2.62 + $2 = $4.62.
    iPoker gives each player's total only: split over the pots in proportion to what
    each is owed, the side pot went $1.21 to Bea and $2.79 to Cy, four false findings
    on a hand paid right. Paid wrong (Bea's $2 to Ann): Ann and Bea, no one else."""
    text = (FIX / "hilo_side_pot_wins_hold_halves_of_two_pots.xml").read_text()
    assert _wins(text) == set()
    (ph,) = _parse("hilo_side_pot_wins_hold_halves_of_two_pots.xml")
    assert ph.hand.pots_named is False
    assert sorted((c.player, c.amount) for c in ph.hand.collects) == [
        ("Ann", 263), ("Bea", 200), ("Cy", 462)]  # fmt: skip
    wrong = text.replace('win="$2.63"', 'win="$4.63"').replace('win="$2"', 'win="$0"')
    assert _wins(wrong) == {("Ann", 463, 263), ("Bea", 0, 200)}


def test_side_pot_raked_from_the_main_pot_only() -> None:
    """The hand of ``side_pot_old_win_includes_return.xml`` with its rake, 30, all from
    the main pot: Ann's aces win the main pot 600 - 30 = 570, Bob the side pot 200
    whole (his win 400 with the 200 returned). The wins were split over pots raked by
    size (main 577, side 193): Bob's 200 overflowed the side pot and 7 of it was put in
    the main pot, two false findings (Ann 570 of 577, Bob 7 of 0) on a hand paid right.
    The wins are the audit's to give to the pots now. Paid wrong (Ann 550, Bob 220),
    no place of the 30 makes it right: by size, Ann 550 of 577, Bob 220 of 193."""
    text = (FIX / "side_pot_old_win_includes_return.xml").read_text("utf-8")
    right = text.replace('win="$5.77"', 'win="$5.70"').replace('win="$3.93"', 'win="$4"')
    (ht,) = ipoker.FORMAT.split(io.BytesIO(right.encode()), "probe.xml")
    assert awards(ipoker.FORMAT, ht.text) == set()
    wrong = text.replace('win="$5.77"', 'win="$5.50"').replace('win="$3.93"', 'win="$4.20"')
    (ht,) = ipoker.FORMAT.split(io.BytesIO(wrong.encode()), "probe.xml")
    assert awards(ipoker.FORMAT, ht.text) == {("Ann", 550, 577), ("Bob", 220, 193)}


_PROBES = "probes/short_all_in_blind_and_tied_main_pot_side_pot.xml"


def _game_findings(text: str, game: str, reps: list[tuple[str, str]]) -> set[tuple[str, int, int, int]]:
    """The award findings ``(player, pot, paid, due)`` of game ``game`` of ``text``,
    its ``win`` attributes replaced as ``reps`` says (inside that game only)."""
    i = text.index(f'gamecode="{game}"')
    j = text.index("</game>", i)
    part = text[i:j]
    for a, b in reps:
        assert a in part, a
        part = part.replace(a, b)
    hands = [ipoker.FORMAT.parse(ht) for ht in
             ipoker.FORMAT.split(io.BytesIO((text[:i] + part + text[j:]).encode()), "p.xml")]
    (ph,) = [ph for ph in hands if ph.hand is not None and ph.hand.hand_id == game]
    assert ph.problems == ()
    return {(f.player, f.pot, f.paid, f.due) for f in audit_hand(ph.hand).findings
            if f.kind is FindingKind.AWARD_MISMATCH}  # fmt: skip


def test_probes_short_all_in_blind_tied_main_pot_rake_from_main_pot() -> None:
    """Worked by hand; iPoker writes each player's total win, no pot, no rake line.

    9410001: Cy posts his last $0.06 as the big blind, Ann raises to $0.30, Bob calls:
    main pot 3 x $0.06 = $0.18 to Cy's aces, side pot 2 x $0.24 = $0.48 to Bob's kings.
    9410003: Ann all in for $0.35: main pot $1.05 tied by Ann and Bob (king-high
    straights): Bob, first left of the button (Ann, seat 1), $0.53, Ann $0.52; side pot
    2 x $0.50 = $1 Bob's. 9410005: Ann and Bob all in for $3 each, Cy and Dee call:
    main pot $12, side pot 2 x $5 = $10 (Cy's $10 turn bet uncalled: his win $20 holds
    it), wins $5.70 + $5.70 + $10: the $0.60 rake all from the main pot, tied $5.70
    each. Paid right: no finding, every element read.

    Paid wrong: Cy both pots ($0.66): $0.66 of the $0.18 main pot, Bob due the $0.48
    side pot. The main pot's odd cent to Ann: a cent each in the main pot. The main
    pot to Cy ($31.40 with the return): Ann and Bob due theirs; the rake's place is
    then not known (the wins fit no place of it), so by size, $0.33 of the main pot's
    $12: $5.83 and $5.84 (the odd cent to Bob, first left of the button)."""
    hands = _parse(_PROBES)
    assert [ph.hand.hand_id for ph in hands] == ["9410001", "9410003", "9410005"]
    for ph in hands:
        assert ph.problems == () and ph.hand.unread_lines == ()
        assert audit_hand(ph.hand).findings == ()
    sizes = [[(p.gross, p.net) for p in audit_hand(ph.hand).settlement.pots] for ph in hands]
    assert sizes == [[(18, 18), (48, 48)], [(105, 105), (100, 100)], [(1200, 1140), (1000, 1000)]]
    text = (FIX / _PROBES).read_text("utf-8")
    assert _game_findings(text, "9410001", [
        ('name="Bob" chips="$10" dealer="0" win="$0.48"', 'name="Bob" chips="$10" dealer="0" win="$0"'),
        ('name="Cy" chips="$0.06" dealer="0" win="$0.18"',
         'name="Cy" chips="$0.06" dealer="0" win="$0.66"'),
    ]) == {("Cy", 0, 66, 18), ("Bob", 1, 0, 48)}  # fmt: skip
    assert _game_findings(text, "9410003", [
        ('win="$0.52" bet="$0.35"', 'win="$0.53" bet="$0.35"'),
        ('win="$1.53" bet="$0.85"', 'win="$1.52" bet="$0.85"'),
    ]) == set()  # fmt: skip  # a tie's odd unit placed otherwise: the room's rule is not known (hhtools.audit.odd_fit)
    found = _game_findings(text, "9410005", [
        ('name="Ann" chips="$3" dealer="1" win="$5.70"', 'name="Ann" chips="$3" dealer="1" win="$0"'),
        ('name="Bob" chips="$3" dealer="0" win="$5.70"', 'name="Bob" chips="$3" dealer="0" win="$0"'),
        ('win="$20" bet="$18"', 'win="$31.40" bet="$18"'),
    ])  # fmt: skip
    assert {("Ann", 0, 0, 583), ("Bob", 0, 0, 584)} <= found


def test_words_structure_ante_servername_lowercase_x() -> None:
    """2011-2013 exports (fpdb-3's real file PLO-USD-100.00-200.00-201307.archive): the game
    type names the structure in words with an ante ("Omaha Pot limit $100.00/$200.00 Ante
    $0.00": 'game not read', every game of the file lost), a game names its server
    ("<servername>": an element not known) and hidden cards are "x x x x" ('not cards').
    Worked by hand: Kestrel raises to $7, Nadir calls from the small blind, Orrin's $2 big
    blind folded: $16; Nadir's $10 flop bet comes back; $25.40 won of $26 = $16 less $0.60
    rake and the $10 back. Lumen, at $0 and dealt nothing, sits out."""
    (ph,) = _parse("words_structure_ante_servername_lowercase_x.xml")
    h = ph.hand
    assert ph.problems == ()
    g = h.game
    assert (g.variant, g.structure, g.small_blind, g.big_blind, g.ante) == (
        Variant.OMAHA, BettingStructure.POT_LIMIT, 100, 200, 0)
    assert (h.total_pot, h.rake) == (1600, 60)
    assert [(c.player, c.amount) for c in h.collects] == [("Nadir", 1540)]
    assert h.hole_cards == {"Kestrel": ("As", "Kh", "9d", "8c")}
    assert [s.player for s in h.seats if s.sitting_out] == ["Lumen"]
    assert _findings(h) == []
