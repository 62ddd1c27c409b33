"""``hhtools stats`` by position read from the kept ``stat_cube``
(hhtools.store.stat_cube_read), on the six hand-written PokerStars hands of
tests/test_stats.py (its docstring tells each hand).

Positions, counted by hand from that docstring (counted seats only; Gina sits out of
H2 and puts nothing in):

* BTN: Alice H1, Bob H2, Carol H3, Carol H4, Bob H5, Dave H6: 6 hands;
* SB: Bob H1, Carol H2, Dave H3, Frank H4, Alice H6: 5 hands (H5 is heads-up: the
  button posts the small blind and is named BTN);
* BB: Carol H1, Dave H2, Erin H3, Alice H4, Erin H5, Frank H6: 6 hands;
* nets at BTN: Alice 0 (H1, folds), Bob +50 (H2), Carol 0 (H3, H4, folds), Bob +950
  (H5), Dave +269 (H6): +1269 cents.
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
from polars.testing import assert_frame_equal

import hhtools
import hhtools.store.api as api_module
from hhtools.store.hand_summary import refresh_summary
from hhtools.store.importer import import_paths
from hhtools.store.stat_cube_read import position_select, stat_cube_current
from hhtools.store.stats import StatsFilter

FIXTURES = Path(__file__).parent / "fixtures" / "pokerstars"
FILES = ["stats_walk.txt", "stats_three_bet_fold.txt", "stats_cbet_fold.txt",
         "stats_showdown_opponent_mucks.txt", "stats_heads_up.txt",
         "stats_hilo_cbet_raise_quartered.txt"]  # fmt: skip
H1 = "300000000001"


@pytest.fixture()
def six(tmp_path: Path) -> Path:
    path = tmp_path / "six.duckdb"
    summary = import_paths([FIXTURES / n for n in FILES], path, workers=1)
    assert summary.hands == 6
    return path


def _by_seats(path: Path, monkeypatch: pytest.MonkeyPatch, by: tuple[str, ...],
              **filters: object):  # type: ignore[no-untyped-def]  # fmt: skip
    """The statistics read from the seats (neither cube)."""
    with monkeypatch.context() as m:
        m.setattr(api_module, "stats_select", lambda *a: None)
        m.setattr(api_module, "position_select", lambda *a: None)
        with hhtools.connect(path) as db:
            return db.stats(by, **filters)


def test_positions_read_from_the_cube(six: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    con = duckdb.connect(str(six), read_only=True)
    try:
        assert stat_cube_current(con)
        assert position_select(con, ["position"], StatsFilter(), False) is not None
        # the cube has no day: a time needs the hands
        assert position_select(con, ["position"], StatsFilter(since="2024-01-01"), False) is None
        # no position asked: report_cube's or the seats' business
        assert position_select(con, ["player"], StatsFilter(), False) is None
    finally:
        con.close()
    with hhtools.connect(six) as db:
        rows = {r["position"]: r for r in db.stats(("position",)).iter_rows(named=True)}
        btn = db.stats(("player",), position="btn")
    assert {p: rows[p]["hands"] for p in ("BTN", "SB", "BB")} == {"BTN": 6, "SB": 5, "BB": 6}
    assert sum(btn["hands"]) == 6
    nets = {r["player"]: r["net_won_USD_pot_limit"] for r in btn.iter_rows(named=True)}
    assert nets == {"Alice": 0, "Bob": 1000, "Carol": 0, "Dave": 269}
    for by, filters in ((("position",), {}), (("player", "position"), {}),
                        (("game", "position"), {}), (("player",), {"position": "BTN"}),
                        (("position",), {"player": "bob"}), (("site",), {"position": "BB"})):
        with hhtools.connect(six) as db:
            kept = db.stats(by, **filters)
        assert_frame_equal(kept, _by_seats(six, monkeypatch, by, **filters), check_exact=False)


def test_seats_without_a_position_count_their_hand_once(six: Path) -> None:
    # H1's blinds stripped of their positions (as a hand of more than ten dealt in
    # would be): Bob and Carol both 'unknown' in one hand
    con = duckdb.connect(str(six))
    try:
        con.execute("UPDATE seats SET position_name = NULL WHERE hand_id = ? "
                    "AND player IN ('Bob', 'Carol')", [H1])  # fmt: skip
        refresh_summary(con, whole=True)
    finally:
        con.close()
    with hhtools.connect(six) as db:
        rows = {r["position"]: r for r in db.stats(("position",)).iter_rows(named=True)}
    # unknown: 2 seats of 1 hand; SB and BB lose H1: 4 and 5 hands
    assert (rows["unknown"]["hands"], rows["unknown"]["seats"]) == (1, 2)
    assert (rows["SB"]["hands"], rows["BB"]["hands"]) == (4, 5)
    # Bob -5, Carol +5 in H1
    assert rows["unknown"]["net_won_USD_pot_limit"] == 0


def test_a_cube_behind_the_hands_is_not_read(six: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    con = duckdb.connect(str(six))
    try:  # a summary row lost (as if written by a version that did not keep them)
        con.execute("DELETE FROM hand_summary WHERE hand_id = ?", [H1])
        assert not stat_cube_current(con)
        assert position_select(con, ["position"], StatsFilter(), False) is None
    finally:
        con.close()
    with hhtools.connect(six) as db:
        assert sum(db.stats(("position",), position="BTN")["hands"]) == 6
