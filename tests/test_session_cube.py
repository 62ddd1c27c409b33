"""``hhtools stats --by session`` read from the kept ``session_cube``
(hhtools.store.session_cube), on the six hand-written PokerStars hands of
tests/test_stats.py (its docstring tells each hand; tests/test_hand_summary.py's sums
them per player).

The six hands were dealt from 14:00 to 14:25 ET on 2024-05-10 (18:00 to 18:25 UTC),
five minutes apart: every player has one session, starting at their first hand. Bob
played H1 to H5 (his first at 18:00 UTC): 5 hands, net -5 + 50 - 35 - 80 + 950 = +880
cents, all pot limit in dollars; vpip 4 of 5 (all but H1), pfr 2 (H2, H5); of them the
Omaha hands H1, H2, H3, H5 (+960) and the hi/lo H4 (-80). Erin played H2, H3, H5 (first
at 18:05): 0 + 142 - 1000 = -858. Without H5 (withdrawn): Bob 4 hands, -70; Erin 2, +142.
"""

from __future__ import annotations

import shutil
from datetime import datetime
from pathlib import Path
from typing import Any

import duckdb
import pytest
from polars.testing import assert_frame_equal

import hhtools
import hhtools.store.api as api_module
from hhtools.store import session_cube
from hhtools.store import db as store_db
from hhtools.store.hand_summary import refresh_summary
from hhtools.store.importer import import_paths
from hhtools.store.session_cube import session_cube_current, session_stats_select
from hhtools.store.stats import StatsFilter
from hhtools.store.withdraw import withdraw_reading

FIXTURES = Path(__file__).parent / "fixtures" / "pokerstars"
FILES = sorted(FIXTURES.glob("stats_*.txt"))
H5 = "300000000005"


def _import(paths: list[Path], db: Path) -> Path:
    summary = import_paths(paths, db, workers=1)
    assert summary.failed == 0
    return db


@pytest.fixture()
def six(tmp_path: Path) -> Path:
    return _import(FILES, tmp_path / "six.duckdb")


def _by_seats(path: Path, monkeypatch: pytest.MonkeyPatch, by: tuple[str, ...],
              **filters: Any) -> Any:  # fmt: skip
    """The statistics read from the seats and their sessions (no cube)."""
    with monkeypatch.context() as m:
        m.setattr(api_module, "session_stats_select", lambda *a: None)
        with hhtools.connect(path) as db:
            return db.stats(by, **filters)


def _cube(path: Path) -> list[tuple[Any, ...]]:
    con = duckdb.connect(str(path), read_only=True)
    try:
        return con.execute("SELECT * EXCLUDE (net_bb), round(net_bb, 9) FROM session_cube "
                           "ORDER BY ALL").fetchall()  # fmt: skip
    finally:
        con.close()


def test_sessions_read_from_the_cube(six: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    con = duckdb.connect(str(six), read_only=True)
    try:
        assert session_cube_current(con)
        assert session_stats_select(con, ["player", "session"], StatsFilter(), False)
        # what the cube cannot answer: a time (a session may cross it), a position, the
        # hole-card classes, another gap, a grouping it has not, no session at all
        for dims, flt, gap in ((["player", "session"], StatsFilter(since="2024-05-10"), 30),
                               (["player", "session"], StatsFilter(position="BTN"), 30),
                               (["player", "session"], StatsFilter(hand_class=("wrap",)), 30),
                               (["player", "session"], StatsFilter(), 45),
                               (["player", "session", "month"], StatsFilter(), 30),
                               (["player"], StatsFilter(), 30)):  # fmt: skip
            assert session_stats_select(con, dims, flt, False, gap) is None
    finally:
        con.close()
    with hhtools.connect(six) as db:
        rows = {r["player"]: r for r in db.stats(("session",)).iter_rows(named=True)}
        games = db.stats(("session", "game"), player="bob")
    bob = rows["Bob"]
    assert bob["session"] == datetime(2024, 5, 10, 18, 0)
    assert (bob["hands"], bob["vpip_count"], bob["pfr_count"]) == (5, 4, 2)
    assert bob["net_won_USD_pot_limit"] == 880
    assert (rows["Erin"]["session"], rows["Erin"]["net_won_USD_pot_limit"]) == (
        datetime(2024, 5, 10, 18, 5), -858)
    assert sorted(games.select("game", "hands", "net_won_USD_pot_limit").rows()) == [
        ("omaha", 4, 960), ("omaha-hilo", 1, -80)]
    for by, filters in ((("session",), {}), (("session", "game"), {}),
                        (("session", "limit", "stakes"), {}), (("session",), {"player": "bob"}),
                        (("session", "site"), {"game": "PLO"}), (("session",), {"min_hands": 4}),
                        (("session",), {"currency": "USD", "stakes": "0.05/0.10"})):
        with hhtools.connect(six) as db:
            kept = db.stats(by, **filters)
        assert_frame_equal(kept, _by_seats(six, monkeypatch, by, **filters), check_exact=False)


@pytest.mark.parametrize("at_once", [0, 1_000_000])
def test_import_in_two_runs_keeps_what_one_run_keeps(tmp_path: Path, at_once: int,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # at_once 0: the players' rows by one statement over every seat, as an import of most
    # of a store's players works them out; else their seats copied first
    monkeypatch.setattr(session_cube, "SEATS_AT_ONCE", at_once)
    once = _import(FILES, tmp_path / "once.duckdb")
    twice = _import(FILES[:3], tmp_path / "twice.duckdb")
    _import(FILES[3:], twice)
    assert _cube(twice) == _cube(once)
    assert len(_cube(once)) == 11  # Erin in Omaha alone, five others in both games


def test_withdrawn_hand_leaves_the_cube(tmp_path: Path) -> None:
    five = _import([f for f in FILES if f.name != "stats_heads_up.txt"], tmp_path / "five.db")
    db = _import(FILES, tmp_path / "six.duckdb")
    con = store_db.connect(db)
    try:
        ((import_id, file, line),) = con.execute(
            "SELECT import_id, file, line FROM hands WHERE hand_id = ?", [H5]).fetchall()
        assert withdraw_reading(con, import_id, file, line).hands == 1
        assert refresh_summary(con) == (0, 1)
    finally:
        con.close()
    assert _cube(db) == _cube(five)
    with hhtools.connect(db) as hs:
        rows = {r["player"]: r for r in hs.stats(("session",)).iter_rows(named=True)}
    assert (rows["Bob"]["hands"], rows["Bob"]["net_won_USD_pot_limit"]) == (4, -70)
    assert (rows["Erin"]["hands"], rows["Erin"]["net_won_USD_pot_limit"]) == (2, 142)


def test_a_store_without_the_cube_reads_the_seats_and_gets_it_when_opened_writable(
        six: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    old = tmp_path / "old.duckdb"
    shutil.copyfile(six, old)
    con = duckdb.connect(str(old))
    con.execute("DROP TABLE session_cube")  # a store kept before the cube was
    con.close()
    with hhtools.connect(old) as db:  # read-only: the seats answer, with the same numbers
        assert not session_cube_current(db.con)
        assert_frame_equal(db.stats(("session",)), _by_seats(six, monkeypatch, ("session",)),
                           check_exact=False)  # fmt: skip
    store_db.connect(old).close()
    assert _cube(old) == _cube(six)


def test_a_cube_that_does_not_tally_is_not_read_and_is_mended(six: Path) -> None:
    con = duckdb.connect(str(six))
    try:  # Bob's rows lost (as if an older hhtools had worked his sessions out again)
        con.execute("DELETE FROM session_cube WHERE player = 'Bob'")
        assert not session_cube_current(con)
        assert session_stats_select(con, ["player", "session"], StatsFilter(), False) is None
    finally:
        con.close()
    with hhtools.connect(six) as db:
        assert db.stats(("session",), player="Bob")["hands"].to_list() == [5]
    store_db.connect(six).close()
    con = duckdb.connect(str(six), read_only=True)
    try:
        assert session_cube_current(con)
        assert con.execute("SELECT hands, net_won FROM session_cube WHERE player = 'Bob' "
                           "ORDER BY game").fetchall() == [(4, 960), (1, -80)]  # fmt: skip
    finally:
        con.close()


def test_the_all_in_expectation_is_added_to_the_cubes_sums(six: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """H5's all-in (Bob and Erin on the turn) worked out by ``hhtools ev``: the cube's
    rows plus the expectation less the net of those two seats (read through their
    sessions), as the seats give."""
    from hhtools.store.ev import compute_allin_equity

    con = store_db.connect(six)
    try:
        assert compute_allin_equity(con, workers=1)["computed"] == 1
    finally:
        con.close()
    for by in (("session",), ("session", "game")):
        with hhtools.connect(six) as db:
            kept = db.stats(by)
            assert session_stats_select(db.con, list(by if by[0] == "player" else ("player", *by)),
                                        StatsFilter(), True) is not None  # fmt: skip
        seats = _by_seats(six, monkeypatch, by)
        assert_frame_equal(kept, seats, check_exact=False)
        # Erin was drawing dead when the money went in (Bob's equity 1.0): the expectation
        # is the result, +880 and -858 over their sessions
        ev = {p: kept.filter(kept["player"] == p)["ev_net_USD_pot_limit"].sum()
              for p in ("Bob", "Erin")}  # fmt: skip
        assert ev == {"Bob": 880, "Erin": -858}
