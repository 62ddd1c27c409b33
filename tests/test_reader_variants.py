"""Real variants of each site's text that the visible corpora do not hold, read in full.

Each fixture is named for its quirk; every expected value is worked out by hand from
the fixture's text (and the rules), never copied from the reader's output.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from hhtools.ingest.read import ParseResult, parse_file
from hhtools.model.records import Collect, Returned, Variant

FIX = Path(__file__).parent / "fixtures"


def one(site: str, name: str) -> ParseResult:
    """The one hand of a fixture, read with no problem."""
    (r,) = list(parse_file(FIX / site / name))
    assert r.problems == (), [str(p) for p in r.problems]
    assert r.hand is not None
    return r


def test_pokerstars_freeroll_two_spaces_before_the_game() -> None:
    # "Tournament #..., Freeroll  Omaha Pot Limit": the buy-in word is followed by two
    # spaces; the game was read as " Omaha Pot Limit" (unknown game, the hand lost).
    h = one("pokerstars", "tournament_freeroll_two_spaces.txt").hand
    assert h is not None
    g = h.game
    assert (g.variant, g.hi_lo, g.currency, g.tournament_id, g.buy_in, g.level) == (
        Variant.OMAHA, False, "CHIPS", "3200000011", "Freeroll", "I")  # fmt: skip
    assert (g.small_blind, g.big_blind) == (10, 20)
    # 21:30 CET is 20:30 UTC; 16:30 ET on the day summer time began (EDT, UTC-4) too
    assert h.started_at_utc == datetime(2024, 3, 10, 20, 30, tzinfo=UTC)
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [
        (1, "Liam", 1500), (2, "Mia", 1500), (3, "Noah", 1500)]  # fmt: skip
    # Liam 70 + 150 bet, Noah 70, Mia 10: pot 150 after the 150 returned
    assert h.returned == (Returned("Liam", 150, 17),)
    assert h.collects == (Collect("Liam", 150, line=18),)
    assert h.total_pot == 150 and h.rake == 0


def test_888_ro_tournament_no_date_dot_thousands_table_unnamed() -> None:
    # 888.ro tournament hands: the game line ends "- ***" with no date, chips are
    # written "298.064 $" (a dot between thousands, the sign after), and a freeroll's
    # table line names no table ("Tournament #133191603 Free 10 Max (Real Money)").
    # Both hands were lost (unknown_game: "game line not read").
    rs = list(parse_file(FIX / "888poker" / "ro_tournament_no_date_dot_thousands_table_unnamed.txt"))
    assert [r.problems for r in rs] == [(), ()]
    first, second = (r.hand for r in rs)
    assert first is not None and second is not None
    g = first.game
    assert (first.hand_id, first.table, first.started_at, first.started_at_utc) == (
        "896313801", "#10 6 Max", None, None)  # fmt: skip
    assert (g.currency, g.tournament_id, g.buy_in, g.small_blind, g.big_blind) == (
        "CHIPS", "132736084", "40 $ + 4 $", 8000, 16000)  # fmt: skip
    assert [(s.player, s.stack) for s in first.seats] == [
        ("Amy", 298064), ("Bo", 617146), ("Cy", 854876)]  # fmt: skip
    # antes 3 x 2,000, Cy's small blind 8,000, Bo's raise of 54,000 called by Amy
    # (16,000 + 38,000): 6,000 + 8,000 + 2 x 54,000 = 122,000, all to Bo (kings and
    # queens beat kings and eights), no rake in a tournament
    assert first.returned == ()
    assert first.collects == (Collect("Bo", 122000, line=32),)
    assert (first.total_pot, first.rake) == (122000, 0)
    g = second.game
    assert (second.table, g.tournament_id, g.buy_in, g.small_blind, g.big_blind) == (
        "", "133191603", "Free", 3000, 6000)  # fmt: skip
    # Gus raises 21,000 into antes 2,250 and blinds 9,000; both fold: 15,000 over Fay's
    # big blind comes back (888 writes no line for it), and 17,250 is collected
    assert [(r.player, r.amount, r.inferred) for r in second.returned] == [("Gus", 15000, True)]
    assert second.collects == (Collect("Gus", 17250, line=55),)
    assert (second.total_pot, second.rake) == (17250, 0)


def test_pokertracker_damaged_header_number_starts_its_own_hand(tmp_path: Path) -> None:
    # An iPoker hand written straight before a Merge hand whose header number is
    # damaged ("MERGE_GAME #510000000x001:"): the damaged header was no hand start, so
    # its lines were read as the iPoker hand's own (17 unread lines, read in part).
    # Found by tests/test_fuzz_import.py when a new fixture moved its random damage.
    pt = FIX / "pokertracker"
    good = (pt / "ipoker_style_suit_first_cards_raise_to_and_by.txt").read_text("utf-8")
    merge = (pt / "merge_short_all_in_blind_return_written_as_win_cut_hand.txt").read_text("utf-8")
    ipoker = good[good.index("GAME #2600000772") :].rstrip("\n") + "\n"
    damaged = merge.replace("MERGE_GAME #5100000000001:", "MERGE_GAME #510000000x001:", 1)
    f = tmp_path / "glued.txt"
    f.write_text(ipoker + damaged, encoding="utf-8")
    rs = list(parse_file(f))
    first = rs[0]
    assert first.hand is not None and first.hand.hand_id == "2600000772"
    assert first.problems == () and first.hand.unread_lines == ()
    # the damaged hand starts at its own line (line 25: the iPoker hand has 24) and
    # is reported there, not swallowed
    assert rs[1].problems and rs[1].problems[0].line == 25


def test_888_euro_sign_after_the_big_blind_spanish_suits_reported() -> None:
    # A Cassava tournament in euros: "15 €/30 € Blinds" (the sign after the big blind,
    # a space before it) was 'game line not read' and the hand lost. Its client writes
    # Spanish suits ("7p": picas, "8t": treboles), which are no cards here: those lines
    # are unread (problems naming them), the hand stored in part, no check speaks.
    from hhtools.audit import audit_hand

    (r,) = list(parse_file(FIX / "888poker" / "euro_suffix_chips_spanish_suits_not_read.txt"))
    assert [(p.line, p.message) for p in r.problems] == [
        (13, "not a card: '7p'"), (17, "not a card: '2p' (board not read)")]  # fmt: skip
    h = r.hand
    assert h is not None and h.unread_lines == (13, 17)
    g = h.game
    assert (h.table, g.currency, g.tournament_id, g.buy_in, g.small_blind, g.big_blind) == (
        "#1", "CHIPS", "39132902", "0,09 € + 0,01 €", 15, 30)  # fmt: skip
    # Hero's small blind 15, Amy's big blind 30, Bo's call 30: 75; Bo's flop bet of 30
    # is not called and comes back (no line for it), Bo collects the 75
    assert [(x.player, x.amount) for x in h.returned] == [("Bo", 30)]
    assert h.collects == (Collect("Bo", 75, line=23),)
    assert h.total_pot == 75
    assert audit_hand(h).findings == ()


def test_enet_damaged_stakes_are_a_problem_not_an_error(tmp_path: Path) -> None:
    # A header whose euro sign was decoded from bytes not UTF-8 (a damaged byte on that
    # line) raised out of the grammar (an internal error: the hand lost with "parser
    # error"); now it is a bad_amount problem at the header, the next hand read. Found
    # by tests/test_fuzz_import.py. The sign encoded twice whole ("â‚¬0,10") is read
    # as the euro it was since f176c62; a part of it ("â‚0,10") or a replacement
    # character is no amount.
    text = (FIX / "enet" / "pl_tied_main_pot_side_pot_won_alone.txt").read_text("utf-8")
    for sign in ("\u00e2\u201a", "\ufffd"):
        f = tmp_path / "damaged.txt"
        damaged = text.replace("(€0,10/", "(" + sign + "0,10/", 1)
        f.write_text(damaged.rstrip("\n") + "\n\n\n" + text, encoding="utf-8")
        first, second = list(parse_file(f))
        assert first.hand is None
        assert [(p.line, p.code.value) for p in first.problems] == [(1, "bad_amount")]
        assert second.hand is not None and second.problems == ()
    f.write_text(text.replace("(€0,10/", "(\u00e2\u201a\u00ac0,10/", 1), encoding="utf-8")
    (twice,) = list(parse_file(f))
    (alone,) = list(parse_file(FIX / "enet" / "pl_tied_main_pot_side_pot_won_alone.txt"))
    assert twice.hand is not None and twice.problems == ()
    assert twice.hand.game == alone.hand.game and twice.hand.collects == alone.hand.collects


def test_pokerstars_hand_cut_mid_line_next_header_on_that_line() -> None:
    # A file written on after a hand was cut mid-line: "*** RIVER *** [4d Kh JPokerStars
    # Hand #86564270670: ...". The next hand was lost: its lines were read into the cut
    # hand (its seats unrecognised, its posts, bets and collect taken as the cut hand's).
    # Now the cut hand ends at the header and is reported on that line; the next hand
    # starts there, line 23 at that line's first byte, and is read in full.
    f = FIX / "pokerstars" / "cut_mid_line_next_header_on_that_line.txt"
    cut, whole = list(parse_file(f))
    assert cut.hand is None and cut.hand_id == "86564040647"
    assert {p.line for p in cut.problems} == {23}
    raw = f.read_bytes()
    assert (whole.line, whole.offset) == (23, raw.index(b"*** RIVER *** [4d Kh JPokerStars"))
    h = whole.hand
    assert h is not None and whole.problems == () and h.hand_id == "86564270670"
    # Player7's small blind 20, Player4's big blind 40 called by Player24: 100, all
    # to Player4 (kings and jacks), no rake in a tournament
    assert [(s.player, s.stack) for s in h.seats] == [
        ("Player4", 2520), ("Player8", 2440), ("Player24", 3510), ("Player7", 1560)]  # fmt: skip
    assert h.collects == (Collect("Player4", 100, line=49),)
    assert (h.total_pot, h.rake) == (100, 0)


def test_pokerstars_glued_header_offsets_in_every_line_end(tmp_path: Path) -> None:
    # the second hand's offset is its line's first byte with CRLF, a BOM, lone CRs and
    # a line not UTF-8 (read one line at a time)
    text = (FIX / "pokerstars" / "cut_mid_line_next_header_on_that_line.txt").read_bytes()
    for name, data in (
        ("crlf", text.replace(b"\n", b"\r\n")),
        ("bom", b"\xef\xbb\xbf" + text.replace(b"\n", b"\r\n")),
        ("cr", text.replace(b"\n", b"\r")),
        ("cp1252", text.replace(b"\n", b"\r\n").replace(b"Player7", b"Pl\xe9yer7")),
    ):
        f = tmp_path / f"{name}.txt"
        f.write_bytes(data)
        rs = list(parse_file(f))
        assert [r.line for r in rs] == [1, 23], name
        assert data[rs[1].offset :].startswith(b"*** RIVER *** [4d Kh JPokerStars"), name
        assert rs[1].hand is not None and rs[1].hand.hand_id == "86564270670", name


def test_pokerstars_starscoin_buy_in_and_rebuy_lines() -> None:
    # "Tournament #1407056458, 250 SC Omaha Pot Limit": a buy-in in StarsCoin; the game
    # was read as "SC Omaha Pot Limit" (unknown game, the hand lost). The re-buy and
    # add-on lines "... receives 3000 chips for 250 StarsCoin" were unrecognised.
    h = one("pokerstars", "tournament_starscoin_buy_in_and_rebuy.txt").hand
    assert h is not None
    g = h.game
    assert (g.variant, g.currency, g.tournament_id, g.buy_in, g.level) == (
        Variant.OMAHA, "CHIPS", "1407056458", "250 SC", "XI")  # fmt: skip
    assert (g.small_blind, g.big_blind, g.ante) == (600, 1200, 100)
    # antes 4 x 100, Ann all in for 2,900 called by Cat, Dan's big blind 1,200: 7,400
    # to Cat (a straight, Ten to Ace, beats Ann's kings and eights)
    assert h.collects == (Collect("Cat", 7400, line=25),)
    assert (h.total_pot, h.rake) == (7400, 0)


def test_pokerstars_converted_tournament_header_and_won_summary() -> None:
    # A converted tournament hand (fpdb's "old converted tourney"): "Tournament
    # #12305244, $125+$10 - Omaha Pot Limit (3000/6000) - 2015/06/14 21:06:43", a dash
    # after the buy-in, the blinds beside the game, no level and no zone; the game was
    # read as "- Omaha Pot Limit (3000/6000)" (unknown, the hand lost). Its summary
    # writes "Seat 6: HOOP (big blind) won (11400)" for a pot taken unshown.
    h = one("pokerstars", "converted_tournament_no_level_no_zone_won_summary.txt").hand
    assert h is not None
    g = h.game
    assert (g.currency, g.tournament_id, g.buy_in, g.level) == ("CHIPS", "12305244", "$125+$10", None)
    assert (g.small_blind, g.big_blind, g.ante) == (3000, 6000, 600)
    assert (h.started_at, h.time_zone) == (datetime(2015, 6, 14, 21, 6, 43), None)
    assert [(s.player, s.stack) for s in h.seats] == [
        ("UTGplus2", 165836), ("Dealer", 100431), ("Small Blind", 170703), ("HOOP", 226000)]  # fmt: skip
    # antes 4 x 600, blinds 3,000 and 6,000: 11,400, all to HOOP as the text says
    assert h.collects == (Collect("HOOP", 11400, line=19),)
    assert (h.total_pot, h.rake) == (11400, 0)
    assert h.hole_cards["Small Blind"] == ("4s", "2d", "Jd", "Jc")


def test_partypoker_old_tourney_chat_line_and_written_blinds() -> None:
    # An old-format tournament hand that writes its blinds ("Fox posts small blind
    # [20].") after "Blinds(20/40)", with a chat line "Gus: min raise again?? :)". The
    # chat line was unrecognised (the hand read in part), and behind it the blinds were
    # posted twice (silent posts on the "Blinds" line, then the written ones): 20 more
    # in, a chip imbalance and two false award mismatches once the hand is judged.
    from hhtools.audit import audit_hand

    (r,) = list(parse_file(FIX / "partypoker" / "old_tourney_written_blinds_and_chat.txt"))
    assert r.problems == ()
    h = r.hand
    assert h is not None and h.unread_lines == ()
    posts = [(a.player, a.amount) for a in h.actions if a.kind.value == "post"]
    assert posts == [("Fox", 20), ("Gus", 40)]
    # Cal raises to 80, called by Hal, Fox (20 + 60) and Gus (40 + 40): 320; Cal bets
    # 160 and 320 called by Gus: 1,280, 640 to Gus (high) and 640 to Cal (low)
    put = {p: sum(a.amount for a in h.actions if a.player == p) for p in ("Cal", "Gus", "Fox", "Hal")}
    assert put == {"Cal": 560, "Gus": 560, "Fox": 80, "Hal": 80}
    assert sorted((c.player, c.amount) for c in h.collects) == [("Cal", 640), ("Gus", 640)]
    assert audit_hand(h).findings == ()


def test_partypoker_tournament_game_line_without_trny_and_blinds() -> None:
    # PartyPoker's second tournament format (2016): "PL Omaha $1 USD Buy-in  - Sunday,
    # July 24, ..." names no tournament, level or blinds; the "Trny: N Level: 1" and
    # "Blinds(10/20)" lines come after the seats. It was 'unknown game', the hand lost.
    h = one("partypoker", "old_tourney_second_format_trny_line_after_seats.txt").hand
    assert h is not None
    g = h.game
    assert (g.currency, g.tournament_id, g.buy_in, g.level, g.small_blind, g.big_blind) == (
        "CHIPS", "40000091", "$1 USD", "1", 10, 20)  # fmt: skip
    assert h.started_at_utc == datetime(2016, 7, 24, 17, 32, tzinfo=UTC)  # 19:32 CEST
    # Hero's 10 and Cal's 20 posted, Bea raises by 60 and all fold: Bea's 40 over the big
    # blind comes back; "Bea wins 90 chips" is the 50 pot and that 40
    assert [(x.player, x.amount) for x in h.returned] == [("Bea", 40)]
    assert [(c.player, c.amount) for c in h.collects] == [("Bea", 50)]


def test_partypoker_tournament_no_zone_blinds_antes() -> None:
    # "PL Omaha $ 530 USD Buy-in Trny:40000092 Level:18  Blinds-Antes(1,250/2,500 -250)
    # - Sunday, July 28, 21:01:39  2013" (fpdb's "no tz" file): no zone (two spaces),
    # "$ 530", "Trny:N", "Level:N" and "Blinds-Antes(...)" with no space; it was an
    # unreadable game line, the hand lost. The blinds are posted silently (written: the
    # antes only), as in the other old tournaments.
    h = one("partypoker", "old_tourney_no_zone_blinds_antes_no_spaces.txt").hand
    assert h is not None
    g = h.game
    assert (g.currency, g.tournament_id, g.buy_in, g.level, g.small_blind, g.big_blind) == (
        "CHIPS", "40000092", "$ 530 USD", "18", 1250, 2500)  # fmt: skip
    assert (h.started_at, h.time_zone, h.started_at_utc) == (
        datetime(2013, 7, 28, 21, 1, 39), None, None)  # fmt: skip
    # antes 4 x 250, Bea's 1,250 and Hero's 2,500 blinds, Amy's raise of 5,000 not
    # called: 2,500 back to her; "Amy wins 9,750 chips" is the 7,250 pot and that 2,500
    assert [(x.player, x.amount) for x in h.returned] == [("Amy", 2500)]
    assert [(c.player, c.amount) for c in h.collects] == [("Amy", 7250)]


def test_pokerstars_download_hand_number_before_each_hand(tmp_path: Path) -> None:
    # A download writing "Hand #112181:" and a blank line before each hand (pokerkit
    # issue #38): each number line was a hand text of its own, one bad_header each;
    # it is the download's numbering, no hand: both hands read with no problem.
    from hhtools.audit import audit_hand

    fix = FIX / "pokerstars" / "download_hand_number_line_before_each_hand.txt"
    rs = list(parse_file(fix))
    assert [(r.hand and r.hand.hand_id, r.line, r.problems) for r in rs] == [
        ("310000000211", 3, ()), ("310000000212", 26, ())]  # fmt: skip
    first, second = (r.hand for r in rs)
    assert first is not None and second is not None
    # Ann raises to $0.15, $0.10 returned: 5 + 2 + 5 cents, no rake
    assert first.returned == (Returned("Ann", 10, 14),)
    assert [(c.player, c.amount) for c in first.collects] == [("Ann", 12)]
    # 5 (Dan) + 20 (Ann) + 20 (Eve) = 45 cents, 2 raked: 43 to Ann's trip kings
    assert ([(c.player, c.amount) for c in second.collects], second.rake) == ([("Ann", 43)], 2)
    assert audit_hand(first).findings == audit_hand(second).findings == ()
    # other text beside a number line is still reported, once, at its line
    text = fix.read_text(encoding="utf-8").replace("Hand #112182:", "Hand #112182: by X")
    (tmp_path / "noise.txt").write_text(text, encoding="utf-8")
    rs = list(parse_file(tmp_path / "noise.txt"))
    assert [(r.hand and r.hand.hand_id, [p.line for p in r.problems]) for r in rs] == [
        ("310000000211", []), (None, [24]), ("310000000212", [])]  # fmt: skip
