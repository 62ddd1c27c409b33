"""The sums kept at import for ``hhtools report`` and ``stats`` (hhtools.store.report_cube).

The six hand-written PokerStars hands of tests/test_stats.py (its docstring tells each
hand), imported in two runs: H1-H3 (import 1), then H4-H6 (import 2). Counted by hand
from that docstring:

* counted seats: H1 4, H2 6 (Gina sits out and puts nothing in: not counted), H3 5,
  H4 4, H5 2, H6 3: 24 seats in 6 hands;
* nets: Alice H3 -115, H4 +82, H6 -95 (0 in H1, H2); Bob H1 -5, H2 +50, H3 -35,
  H4 -80, H5 +950; Frank H2 -35, H4 -10, H6 -227;
* Alice scoops H4 (both halves), Dave and Frank are quartered in H6 (the low split);
* a low is possible on H4's board (Kc 7d 2c 3h Js: 7, 3, 2) and H6's (Ac 7d 8h Kd 2s),
  the two hi/lo hands; nobody's nut low is counterfeited.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import duckdb
import pytest
from polars.testing import assert_frame_equal

import hhtools
import hhtools.store.api as api_module
import hhtools.store.report_cube as cube_module
from hhtools.reports.report import build_report
from hhtools.store.importer import import_paths
from hhtools.store.report_cube import (
    CUBE,
    cube_conditions,
    cube_current,
    refresh_report_cube,
)
from hhtools.store.stats import StatsFilter
from hhtools.store.withdraw import withdraw_reading

FIXTURES = Path(__file__).parent / "fixtures" / "pokerstars"
FIRST = ["stats_walk.txt", "stats_three_bet_fold.txt", "stats_cbet_fold.txt"]
SECOND = ["stats_showdown_opponent_mucks.txt", "stats_heads_up.txt",
          "stats_hilo_cbet_raise_quartered.txt"]  # fmt: skip


def _store(path: Path, *runs: list[str]) -> Path:
    for names in runs:
        summary = import_paths([FIXTURES / n for n in names], path, workers=1)
        assert summary.hands == len(names)
    return path


@pytest.fixture()
def two_runs(tmp_path: Path) -> Path:
    return _store(tmp_path / "two.duckdb", FIRST, SECOND)


def _totals(con: duckdb.DuckDBPyConnection) -> tuple[int, ...]:
    row = con.execute(f"SELECT sum(hands), sum(first_seats), sum(scooped), sum(quartered), "
                      f"sum(low_possible), sum(counterfeited) FROM {CUBE}").fetchall()[0]  # fmt: skip
    return tuple(int(v) for v in row)


def _net(con: duckdb.DuckDBPyConnection, player: str) -> dict[tuple[int, str], int]:
    rows = con.execute(f"SELECT import_id, game, sum(net_won) FROM {CUBE} WHERE player = ? "
                       "GROUP BY ALL", [player]).fetchall()  # fmt: skip
    return {(i, g): int(n) for i, g, n in rows}


def test_cube_sums_by_import_player_and_game(two_runs: Path) -> None:
    con = duckdb.connect(str(two_runs), read_only=True)
    try:
        # 24 counted seats in 6 hands; 1 scoop, 2 quartered seats, 2 boards with a low
        assert _totals(con) == (24, 6, 1, 2, 2, 0)
        assert _net(con, "Alice") == {(1, "omaha"): -115, (2, "omaha-hilo"): 82 - 95}
        assert _net(con, "Bob") == {(1, "omaha"): -5 + 50 - 35, (2, "omaha-hilo"): -80,
                                    (2, "omaha"): 950}  # fmt: skip
        assert con.execute("SELECT import_id, hands FROM report_cube_imports ORDER BY 1"
                           ).fetchall() == [(1, 3), (2, 3)]  # fmt: skip
        assert cube_current(con)
    finally:
        con.close()


def test_one_run_and_two_runs_keep_the_same_sums(two_runs: Path, tmp_path: Path) -> None:
    one = _store(tmp_path / "one.duckdb", FIRST + SECOND)
    summed = (f"SELECT site, player, game, structure, stakes, currency, day, "
              f"sum(COLUMNS(* EXCLUDE (import_id, site, player, game, structure, stakes, "
              f"currency, day))) FROM {CUBE} GROUP BY ALL ORDER BY ALL")  # fmt: skip
    rows = []
    for path in (one, two_runs):
        con = duckdb.connect(str(path), read_only=True)
        rows.append(con.execute(summed).fetchall())
        con.close()
    assert rows[0] == rows[1]
    # all six played PLO (H1-H3, H5); all but Erin sat at hi/lo too (H4, H6)
    assert len(rows[0]) == 6 + 5


def test_an_import_summed_in_parts_keeps_the_same_sums(two_runs: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # an import is summed in parts of PART_HANDS hands (a million-hand import in one
    # statement ran out of DuckDB's memory cap): with parts of 2 hands, the six hands
    # in one import make 3 parts, and the sums are those worked out by hand above
    monkeypatch.setattr(cube_module, "PART_HANDS", 2)
    parted = _store(tmp_path / "parted.duckdb", FIRST + SECOND)
    con = duckdb.connect(str(parted), read_only=True)
    try:
        assert _totals(con) == (24, 6, 1, 2, 2, 0)
        assert _net(con, "Bob") == {(1, "omaha"): -5 + 50 - 35 + 950, (1, "omaha-hilo"): -80}
        assert cube_current(con)
    finally:
        con.close()


def test_a_withdrawn_hand_leaves_the_sums(two_runs: Path) -> None:
    con = duckdb.connect(str(two_runs))
    try:
        (file,) = con.execute("SELECT file FROM hands WHERE hand_id = '300000000006'"
                              ).fetchall()[0]  # fmt: skip
        con.execute("BEGIN TRANSACTION")
        assert withdraw_reading(con, 2, file, 1).hands == 1
        con.execute("COMMIT")
        assert not cube_current(con)  # import 2 lost a hand: its sums are stale
        assert refresh_report_cube(con) == 1  # ... and only its sums are worked out again
        assert cube_current(con)
        # H6 gone: Alice, Dave and Frank lose a seat each; its quarters and low go too
        assert _totals(con) == (21, 5, 1, 0, 1, 0)
        assert _net(con, "Frank") == {(1, "omaha"): -35, (2, "omaha-hilo"): -10}
        assert _net(con, "Dave") == {(1, "omaha"): -10 - 5}  # H2's big blind, H3's small
        assert refresh_report_cube(con) == 0
    finally:
        con.close()


def _raw(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the readers read every seat, as without the cube."""
    monkeypatch.setattr(api_module, "stats_select", lambda *a: None)
    monkeypatch.setattr(cube_module, "results_select", lambda *a: None)
    monkeypatch.setattr(cube_module, "totals_select", lambda *a: None)


FILTERS: list[dict[str, Any]] = [
    {}, {"player": "bob"}, {"game": "PLO8"}, {"since": "2024-05-10", "until": "2024-05-10"},
    {"since": "2024-05-11"}, {"limit": "PL", "currency": "USD", "min_hands": 3},
    {"stakes": "0.05/0.10"},
]  # fmt: skip
GROUPINGS = [("player",), ("site",), ("game",), ("limit",), ("stakes",), ("month",),
             ("game", "limit"), ("player", "month")]  # fmt: skip


def _frames(path: Path) -> Iterator[tuple[str, Any]]:
    with hhtools.connect(path) as db:
        for flt in FILTERS:
            for by in GROUPINGS:
                ratios, money = db.stats_frames(by, **flt)
                yield f"{by} {flt} ratios", ratios
                yield f"{by} {flt} money", money
            report = build_report(db, StatsFilter(**flt))
            keys = ["site", "player", "game", "structure", "stakes", "currency"]
            yield f"{flt} results", report.results.sort(keys) if report.hands else None
            yield f"{flt} totals", report.totals


def test_the_cube_gives_what_the_seats_give(two_runs: Path, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:  # fmt: skip
    kept = list(_frames(two_runs))
    _raw(monkeypatch)
    read = list(_frames(two_runs))
    assert [n for n, _ in kept] == [n for n, _ in read]
    for (name, a), (_, b) in zip(kept, read, strict=True):
        if hasattr(a, "columns"):
            assert_frame_equal(a, b, check_exact=False, rel_tol=1e-12), name
        else:
            assert a == b, name
    # and the numbers by hand: Bob's 5 hands, 880 cents; the 1 scoop and 2 quarters
    with hhtools.connect(two_runs) as db:
        bob = db.stats(("player",), player="Bob")
        report = build_report(db, StatsFilter())
    assert (bob["hands"].item(), bob["net_won_USD_pot_limit"].item()) == (5, 880)
    assert report.totals == {"scoops": 1, "quarters": 2, "counterfeited lows": 0,
                             "boards with a low possible": 2}  # fmt: skip


def test_what_the_cube_cannot_answer() -> None:
    # a day's start is a day of the cube; a moment within a day is not
    assert cube_conditions(StatsFilter(since="2024-05-10")) == (["h.day >= ?"], [date(2024, 5, 10)])
    assert cube_conditions(StatsFilter(since="2024-05-10 14:10")) is None
    # positions and hole-card classes live on the seats
    assert cube_conditions(StatsFilter(position="BTN")) is None
    assert cube_conditions(StatsFilter(hand_class=("double_suited",))) is None
    # a player's seats are their hands; a count of a view's rows by hand is not
    assert cube_conditions(StatsFilter(player="Bob")) == (["lower(h.player) = lower(?)"], ["Bob"])
    assert cube_conditions(StatsFilter(player="Bob"), seats=False) is None


def test_a_stale_cube_is_not_read(two_runs: Path) -> None:
    con = duckdb.connect(str(two_runs))
    # a hand deleted behind the importer's back (no refresh): the cube still counts it
    con.execute("DELETE FROM seats WHERE hand_id = '300000000005'")
    con.execute("DELETE FROM hands WHERE hand_id = '300000000005'")
    assert not cube_current(con)
    con.close()
    with hhtools.connect(two_runs) as db:
        bob = db.stats(("player",), player="Bob")
    # H5 (Bob +950) is gone: 4 hands, -70 cents, read from the seats
    assert (bob["hands"].item(), bob["net_won_USD_pot_limit"].item()) == (4, -70)


def test_big_blinds_won_summed_whatever_the_order(two_runs: Path) -> None:
    # Bob's PLO rows of the cube hold 0 big blinds, and four rows of no hand beside them
    # 1e16, 1, 1 and -1e16 big blinds: 2 in all. A plain sum of doubles taking them in
    # that order loses each 1 against 1e16 (its unit in the last place is 2) and says 0;
    # the report's results must say 2, so 2 * 100 / 4 hands = 50 bb per 100 (a bb/100 on
    # a .xx5 boundary read apart in two runs over one store, as threads met the rows)
    con = duckdb.connect(str(two_runs))
    try:
        where = "player = 'Bob' AND game = 'omaha'"
        con.execute(f"UPDATE {CUBE} SET net_bb = 0 WHERE {where}")
        for big_blinds in (1e16, 1.0, 1.0, -1e16):
            con.execute(f"INSERT INTO {CUBE} SELECT * REPLACE (0 AS hands, ? AS net_bb) "
                        f"FROM {CUBE} WHERE {where} LIMIT 1", [big_blinds])  # fmt: skip
        assert cube_current(con)
        picked = cube_module.results_select(con, StatsFilter(player="Bob"))
        assert picked is not None
        sql, params = picked
        rows = con.execute(f"SELECT hands, net_bb, bb_per_100 FROM ({sql}) WHERE game = 'omaha'",
                           params).fetchall()  # fmt: skip
    finally:
        con.close()
    assert rows == [(4, 2.0, 50.0)]


def test_statistics_big_blinds_summed_whatever_the_order(two_runs: Path) -> None:
    # as above, through hhtools stats by game read from the cube: PLO's rows 0 big
    # blinds, and rows of no hand holding 1e16, 1, 1 and -1e16: PLO's seats won 2 big
    # blinds in all (bb per 100 times the seats counted, over 100; a plain sum says 0)
    con = duckdb.connect(str(two_runs))
    try:
        con.execute(f"UPDATE {CUBE} SET net_bb = 0 WHERE game = 'omaha'")
        for big_blinds in (1e16, 1.0, 1.0, -1e16):
            con.execute(f"INSERT INTO {CUBE} SELECT * REPLACE (0 AS hands, ? AS net_bb) "
                        f"FROM {CUBE} WHERE game = 'omaha' LIMIT 1", [big_blinds])  # fmt: skip
    finally:
        con.close()
    with hhtools.connect(two_runs) as db:
        _, money = db.stats_frames(("game",))
    plo = money.filter(money["game"] == "omaha")
    assert plo["bb_per_100"].item() * plo["hands"].item() / 100 == 2.0
