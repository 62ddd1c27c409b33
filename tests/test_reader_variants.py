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
