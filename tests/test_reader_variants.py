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
