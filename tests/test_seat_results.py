"""Per-seat results worked out at import (hhtools/store/seat_results.py), checked by
hand on real hands and against the SQL that computes them from pots and showdowns."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from hhtools.store import db as store
from hhtools.store.importer import import_paths
from hhtools.store.seat_results import rake_shares
from hhtools.store.views import _PLAYER_RESULTS_COMPUTED, SEAT_RESULTS_COMPUTED
from tests.conftest import HARD_CASES, SAMPLES

FIXTURES = Path(__file__).parent / "fixtures"
COLS = "rake_paid, due_at_showdown, pots_won_high, pots_won_low, scooped, quartered"


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("seat") / "s.duckdb"
    paths = [SAMPLES] + [p for p in FIXTURES.iterdir() if p.is_dir() and p.name != "generated"]
    import_paths(paths, db, workers=1)
    return db


def test_quartered_low_hand_990000000001(imported: Path) -> None:
    # Three put in 60 each (30 preflop, 30 on the flop), rake 9: 9 * 60 / 180 = 3 each.
    # Alice wins the high (86) and half the tied low (43): 129 at showdown; Bob 42.
    # The low half is shared: Alice and Bob each quarter it; nobody scoops.
    with duckdb.connect(str(imported), read_only=True) as con:
        got = con.execute(
            f"SELECT player, {COLS} FROM seats WHERE hand_id = '990000000001' ORDER BY seat"
        ).fetchall()
    assert got == [
        ("Alice", 3, 129, 1, 1, 0, 1),
        ("Bob", 3, 42, 0, 1, 0, 1),
        ("Carol", 3, 0, 0, 0, 0, 0),
    ]


def test_rake_odd_units_by_largest_remainder_then_seat() -> None:
    # 10 over 30/30/30: 3.33 each, the unit left to the lowest seat of equal remainders.
    assert rake_shares(10, [(5, 30), (2, 30), (3, 30)]) == [3, 4, 3]
    # 2 over 1/1/1 (3 in): remainders 2, 2, 2: seats 1 and 2 pay 1.
    assert rake_shares(2, [(1, 1), (2, 1), (3, 1)]) == [1, 1, 0]
    assert rake_shares(0, [(1, 5)]) == [0] and rake_shares(5, [(1, 0), (2, -3)]) == [0, 0]


def test_import_agrees_with_the_sql_over_every_seat(imported: Path) -> None:
    # Every site's fixtures and the bundled samples: what the import stored equals what
    # the SQL works out from the stored pots and showdowns, seat by seat.
    with duckdb.connect(str(imported), read_only=True) as con:
        n = con.execute("SELECT count(*) FROM seats WHERE NOT coalesce(sitting_out, false)").fetchall()
        diff = con.execute(
            f"""SELECT s.site, s.hand_id, s.player, s.rake_paid, x.rake_paid,
                       s.due_at_showdown, x.sd_won, s.pots_won_high, x.won_high,
                       s.pots_won_low, x.won_low, s.scooped, x.scooped, s.quartered, x.quartered
                FROM seats s JOIN ({SEAT_RESULTS_COMPUTED}) x
                  ON x.site = s.site AND x.hand_id = s.hand_id AND x.seat = s.seat
                 AND x.player = s.player
                WHERE (s.rake_paid, s.due_at_showdown, s.pots_won_high, s.pots_won_low,
                       s.scooped, s.quartered)
                  IS DISTINCT FROM (x.rake_paid, x.sd_won, x.won_high, x.won_low, x.scooped,
                       x.quartered)"""
        ).fetchall()
        assert n[0][0] > 2000
        assert diff == []
        new = con.execute("SELECT * FROM player_results ORDER BY ALL").fetchall()
        old = con.execute(f"SELECT * FROM ({_PLAYER_RESULTS_COMPUTED}) ORDER BY ALL").fetchall()
    assert len(new) == len(old)
    # vpip, pfr (10, 11) and went/won at showdown (12, 13) were redefined by the player
    # statistics (PT4: walks out of the opportunities; at showdown when mucking too);
    # every other column agrees with the SQL of schema 4
    redefined = {10, 11, 12, 13}
    for a, b in zip(new, old, strict=True):
        assert [v for i, v in enumerate(a) if i not in redefined] == pytest.approx(
            [v for i, v in enumerate(b) if i not in redefined])
        # fewer opportunities than hands: the ratio can only grow; no win without a showdown
        assert a[10] is None or a[10] >= b[10] - 1e-9
        assert a[13] <= a[12]


def test_upgraded_store_gets_the_columns(tmp_path: Path) -> None:
    # A store of schema 4 has no such columns: opening it for an import adds them and
    # works them out from its pots and showdowns.
    db = tmp_path / "v4.duckdb"
    import_paths([HARD_CASES], db, workers=1)
    with duckdb.connect(str(db)) as con:
        con.execute("DROP VIEW player_results")
        for c in COLS.split(", "):
            con.execute(f"ALTER TABLE seats DROP COLUMN {c}")
    ro = store.connect(db, read_only=True)  # read-only: today's view, computed
    before = ro.execute("SELECT * FROM player_results ORDER BY ALL").fetchall()
    ro.close()
    con = store.connect(db)
    got = con.execute(f"SELECT {COLS} FROM seats WHERE hand_id = '990000000001' ORDER BY seat").fetchall()
    after = con.execute("SELECT * FROM player_results ORDER BY ALL").fetchall()
    con.close()
    assert got == [(3, 129, 1, 1, 0, 1), (3, 42, 0, 1, 0, 1), (3, 0, 0, 0, 0, 0)]
    assert len(before) == len(after)
    # read-only, a store of schema 4 answers with that schema's definitions of vpip, pfr
    # and went/won at showdown (its seats hold no statistics facts); the rest agrees
    redefined = {10, 11, 12, 13}
    for a, b in zip(before, after, strict=True):
        assert [v for i, v in enumerate(a) if i not in redefined] == pytest.approx(
            [v for i, v in enumerate(b) if i not in redefined])
