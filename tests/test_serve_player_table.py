"""The players list summed in NumPy (hhtools.serve.player_table): the table of
``HandStore.stats(by=("player",))`` with the same rows, columns and order.

Hand-worked rows (counts frame of :func:`hhtools.store.stats.stats_sql`'s columns):

* Ann: USD pot limit in two rows (3 hands, vpip 2 of 3, postflop 2 bets, 1 call,
  1 fold, net +150, 3.0 bb, EV 120.4 / 2.5 bb; and 1 hand, vpip 0 of 1, 1 call, net
  -50, -1.0 bb, EV -50 / -1.0 bb), EUR no limit one row (2 hands, vpip 1 of 2, net +30,
  0.5 bb, EV 30.5 / 0.5 bb);
* Bob: EUR no limit, 6 hands, no vpip chance, no postflop action, net -10, -0.2 bb,
  EV -9.5 / -0.2 bb;
* Cy: USD pot limit, 6 hands, vpip 1 of 4, 3 postflop calls, net +5, 0.1 bb, EV 5 /
  0.1 bb.

So every player has 6 hands (ties: by name, Ann, Bob, Cy); the money rows by hands are
Bob EUR (6), Cy USD (6), Ann USD (4), Ann EUR (2), so EUR no limit is named first.
Ann: vpip 3/6 = 0.5, af 2/2 = 1.0, afq 2/5 = 0.4; USD net 100, bb/100 100 x 2.0 / 4 =
50, EV round(70.4) = 70, adjusted 100 x 1.5 / 4 = 37.5; EUR net 30, bb/100 25, EV
round(30.5) = 30 (halves to even, as Polars rounds), adjusted 25. Bob: vpip, af, afq
null; EUR bb/100 100 x -0.2 / 6, EV round(-9.5) = -10. Cy: vpip 0.25, af 0/3 = 0, afq 0;
USD bb/100 100 x 0.1 / 6, EV 5.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

import polars as pl  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

import hhtools  # noqa: E402
from hhtools.serve.app import create_app  # noqa: E402
from hhtools.serve.day_cube import stats_of  # noqa: E402
from hhtools.serve.player_table import (  # noqa: E402
    PlayerCube,
    counts_of,
    player_table,
    players_from_cube,
)
from hhtools.serve.queries import ServedStore  # noqa: E402
from hhtools.store.importer import import_paths  # noqa: E402
from hhtools.store.stats import RATIOS, StatsFilter  # noqa: E402
from tests.conftest import every_page, poll_until, same  # noqa: E402

ROOT = Path(__file__).parent.parent


def _row(player: str, currency: str, structure: str, hands: int, vpip: tuple[int, int],
         post: tuple[int, int, int], net: int, net_bb: float, ev: float, ev_bb: float
         ) -> dict[str, Any]:  # fmt: skip
    row: dict[str, Any] = {"player": player, "currency": currency, "structure": structure,
                           "hands": hands, "seats": hands}  # fmt: skip
    for n in RATIOS:
        row[f"{n}_count"], row[f"{n}_opportunities"] = vpip if n == "vpip" else (0, 0)
    row.update(postflop_aggressive=post[0], postflop_calls=post[1], postflop_folds=post[2],
               net_won=net, net_bb=net_bb, ev_net=ev, ev_bb=ev_bb)
    return row


ROWS = pl.DataFrame([
    _row("Ann", "USD", "pot_limit", 3, (2, 3), (2, 1, 1), 150, 3.0, 120.4, 2.5),
    _row("Cy", "USD", "pot_limit", 6, (1, 4), (0, 3, 0), 5, 0.1, 5.0, 0.1),
    _row("Bob", "EUR", "no_limit", 6, (0, 0), (0, 0, 0), -10, -0.2, -9.5, -0.2),
    _row("Ann", "EUR", "no_limit", 2, (1, 2), (0, 0, 0), 30, 0.5, 30.5, 0.5),
    _row("Ann", "USD", "pot_limit", 1, (0, 1), (0, 1, 0), -50, -1.0, -50.0, -1.0),
])  # fmt: skip


def test_hand_worked_rows() -> None:
    held = counts_of(ROWS)
    assert held is not None
    got = player_table(held[0])
    assert got["player"].to_list() == ["Ann", "Bob", "Cy"]  # 6 hands each: by name
    money = [c for c in got.columns if c.startswith(("net_won_", "bb_per_100_", "ev_net_",
                                                      "allin_adj_"))]  # fmt: skip
    assert money == [f"{v}_{k}" for v in ("net_won", "bb_per_100", "ev_net", "allin_adj_bb_per_100")
                     for k in ("EUR_no_limit", "USD_pot_limit")]  # fmt: skip
    ann, bob, cy = got.iter_rows(named=True)
    assert (ann["hands"], ann["vpip"], ann["vpip_count"]) == (6, 0.5, 3)
    assert ann["vpip_opportunities"] == 6
    assert (ann["af"], ann["afq"]) == (1.0, 0.4)
    assert (ann["net_won_USD_pot_limit"], ann["bb_per_100_USD_pot_limit"]) == (100, 50.0)
    assert (ann["ev_net_USD_pot_limit"], ann["allin_adj_bb_per_100_USD_pot_limit"]) == (70, 37.5)
    assert (ann["net_won_EUR_no_limit"], ann["bb_per_100_EUR_no_limit"]) == (30, 25.0)
    assert (ann["ev_net_EUR_no_limit"], ann["allin_adj_bb_per_100_EUR_no_limit"]) == (30, 25.0)
    assert (bob["vpip"], bob["af"], bob["afq"]) == (None, None, None)
    assert bob["net_won_EUR_no_limit"] == -10 and bob["ev_net_EUR_no_limit"] == -10
    assert math.isclose(bob["bb_per_100_EUR_no_limit"], 100 * -0.2 / 6)
    assert bob["net_won_USD_pot_limit"] is None and bob["ev_net_USD_pot_limit"] is None
    assert (cy["vpip"], cy["af"], cy["afq"], cy["ev_net_USD_pot_limit"]) == (0.25, 0.0, 0.0, 5)
    assert math.isclose(cy["bb_per_100_USD_pot_limit"], 100 * 0.1 / 6)
    assert cy["net_won_EUR_no_limit"] is None
    # the Polars path gives the same table
    assert _equal(got, stats_of(ROWS, ("player",), None))


def test_hand_worked_rows_with_fewest_hands() -> None:
    held = counts_of(ROWS)
    assert held is not None
    assert _equal(player_table(held[0], 6), stats_of(ROWS, ("player",), 6))
    none = player_table(held[0], 7)  # nobody: the ratios' columns alone, as stats gives
    want = stats_of(ROWS, ("player",), 7)
    assert none.is_empty() and none.columns == want.columns
    assert "net_won_USD_pot_limit" not in none.columns
    empty = player_table(counts_of(ROWS.head(0))[0])  # type: ignore[index]
    assert empty.columns == stats_of(ROWS.head(0), ("player",), None).columns == ["player"]


def test_counts_held_narrow_and_the_net_apart() -> None:
    """The hand-worked rows held in 16 bits (the largest count is 6), ``net_won`` apart
    in 64 bits, sorted by player (Ann 0, Bob 1, Cy 2) and money key (EUR no limit 0,
    USD pot limit 1); a count of 40,000 needs 32 bits; summed per player and money key:
    Ann USD 3 + 1 = 4 hands, +150 - 50 = +100 net, in 64 bits."""
    import numpy as np

    held = counts_of(ROWS)
    assert held is not None
    c = held[0]
    assert (c.ints.dtype, c.net.dtype, c.pid.dtype) == (np.int16, np.int64, np.int32)
    assert "net_won" not in c.int_names
    assert list(zip(c.pid.tolist(), c.mk.tolist(), c.net.tolist(), strict=True)) == [
        (0, 0, 30), (0, 1, 150), (0, 1, -50), (1, 0, -10), (2, 1, 5)]
    g, starts = c.summed()
    hands = c.int_names.index("hands")
    assert starts.tolist() == [0, 1, 3, 4] and g.net.tolist() == [30, 100, -10, 5]
    assert g.ints[hands].tolist() == [2, 4, 6, 6] and g.ints.dtype == np.int64
    assert g.narrow().ints.dtype == np.int16
    big = counts_of(ROWS.with_columns(pl.when(pl.col("player") == "Cy").then(40_000)
                                      .otherwise(pl.col("hands")).alias("hands")))  # fmt: skip
    assert big is not None and big[0].ints.dtype == np.int32


def test_hands_with_no_big_blind_have_no_big_blinds_won() -> None:
    # an antes-only tournament hand has big blind 0: its net_bb is NULL, and so is the
    # player's bb/100 in hhtools stats (SQL's sum of NULLs); the server gave 0.0 (Polars
    # sums nulls to 0, NumPy held them as 0). Dee: CHIPS pot limit, one such hand, +20;
    # and USD pot limit, 2 hands, +30, 1.5 bb: bb/100 100 x 1.5 / 2 = 75
    rows = pl.DataFrame([
        _row("Dee", "CHIPS", "pot_limit", 1, (0, 1), (0, 0, 0), 20, 0.0, 20.0, 0.0),
        _row("Dee", "USD", "pot_limit", 2, (1, 2), (0, 0, 0), 30, 1.5, 30.0, 1.5),
    ])  # fmt: skip
    rows = rows.with_columns(pl.when(pl.col("currency") == "CHIPS").then(None)
                             .otherwise(pl.col(c)).alias(c) for c in ("net_bb", "ev_bb"))
    held = counts_of(rows)
    assert held is not None
    for got in (player_table(held[0]), stats_of(rows, ("player",), None)):
        (dee,) = got.iter_rows(named=True)
        assert (dee["net_won_CHIPS_pot_limit"], dee["ev_net_CHIPS_pot_limit"]) == (20, 20)
        assert dee["bb_per_100_CHIPS_pot_limit"] is None
        assert dee["allin_adj_bb_per_100_CHIPS_pot_limit"] is None
        assert dee["bb_per_100_USD_pot_limit"] == 75.0
        assert dee["allin_adj_bb_per_100_USD_pot_limit"] == 75.0
    # and a NULL beside a number of the same group counts as nothing, as SQL sums it
    two = pl.concat([rows, rows.filter(pl.col("currency") == "USD")
                     .with_columns(pl.lit("CHIPS").alias("currency"))])
    held = counts_of(two)
    assert held is not None
    for got in (player_table(held[0]), stats_of(two, ("player",), None)):
        assert got["bb_per_100_CHIPS_pot_limit"].to_list() == [100 * 1.5 / 3]


def test_a_null_key_is_left_to_polars() -> None:
    assert counts_of(ROWS.with_columns(pl.lit(None, dtype=pl.String).alias("structure"))) is None



def _equal(got: pl.DataFrame, want: pl.DataFrame) -> bool:
    if got.columns != want.columns or got.height != want.height:
        return False
    return all(same(a, b) for r, w in zip(got.iter_rows(), want.iter_rows(), strict=True)
               for a, b in zip(r, w, strict=True))  # fmt: skip


@pytest.fixture(scope="module")
def wide(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("serve_player_table") / "wide.duckdb"
    import_paths([ROOT / "sample_histories", ROOT / "tests" / "fixtures"], path, workers=1)
    return path


FILTERS = [
    {}, {"position": "BTN"}, {"game": "PLO8", "min_hands": 3}, {"currency": "EUR"},
    {"site": "pokerstars"}, {"limit": "FL", "currency": "USD"}, {"stakes": "0.05/0.10"},
    {"player": "hero"}, {"game": "PLO", "position": "CO"}, {"min_hands": 20},
    {"currency": "XXX"}, {"position": "UTG+1", "site": "pokerstars", "min_hands": 2},
]  # fmt: skip


def test_the_cube_in_numpy_is_hhtools_stats(wide: Path) -> None:
    store = ServedStore(wide)
    try:
        held = PlayerCube.of(store.snapshot().cube)
        assert held is not None
        with hhtools.connect(wide) as db:
            for filters in FILTERS:
                want = db.stats(("player",), **filters)
                got = players_from_cube(held, StatsFilter(**filters))
                assert want.height == got.height, filters
                if want.height:  # (no rows: stats gives its own empty frame)
                    assert _equal(got, want), filters
    finally:
        store.close()


def test_the_server_holds_the_cube_and_answers_as_stats(wide: Path) -> None:
    app = create_app(wide)
    client = TestClient(app)
    snap = app.state.served.snapshot()
    poll_until(lambda: "player_cube" in snap.kept, "the players' cube", 120, 0.05)
    with hhtools.connect(wide) as db:
        for query, filters in (("", {}), ("game=PLO8&position=BB", {"game": "PLO8",
                                                                      "position": "BB"})):
            rows, body = every_page(client, f"/api/players?{query}")
            want = db.stats(("player",), **filters)
            assert body["columns"] == want.columns and len(rows) == want.height
            for mine, theirs in zip(rows, want.iter_rows(named=True), strict=True):
                assert all(same(mine[c], theirs[c]) for c in want.columns)
    app.state.served.close()


def test_most_hands_and_a_players_rows(wide: Path) -> None:
    """The overview's count of players and its top player, and a player's own rows of
    the cube (any case), are the cube's."""
    store = ServedStore(wide)
    try:
        cube = store.snapshot().cube
        held = PlayerCube.of(cube)
        assert held is not None
        per = cube.group_by("player").agg(pl.col("hands").sum())
        top = per.sort(["hands", "player"], descending=[True, False]).row(0)[0]
        assert held.most_hands() == (per.height, top)
        rows = held.cube_rows(top.upper())
        assert list(rows) == sorted(rows)
        assert cube[rows]["player"].unique().to_list() == [top]
        assert len(rows) == cube.filter(pl.col("player") == top).height
        assert len(held.cube_rows("nobody at all")) == 0
    finally:
        store.close()


@pytest.mark.parametrize("filters", [
    {"since": "2015-01-01"}, {"until": "2012-12-31"}, {"since": "2009-06-01", "until": "2016-01-01",
                                                       "currency": "USD", "min_hands": 2},
    {"since": "2009-06-01", "stakes": "0.05/0.10", "site": "pokerstars"},
    {"since": "2010-01-01", "player": "HERO"}, {"since": "2030-01-01"},
])  # fmt: skip
def test_the_days_in_numpy_are_hhtools_stats(wide: Path, filters: dict[str, Any]) -> None:
    """The players list of dates alone from the statistics by day held in NumPy
    (day_cube.day_rows) is ``HandStore.stats``' with the same filters."""
    from hhtools.serve.day_cube import day_rows, days_answer, days_stats

    store = ServedStore(wide)
    try:
        snap = store.snapshot()
        poll_until(lambda: snap.days, "the statistics by day", 120, 0.05)
        held = day_rows(snap.mem, snap.lock, snap.ev)
        assert held is not None
        flt = StatsFilter(**filters)
        got = days_stats(snap.mem, snap.lock, flt, ("player",), snap.ev, held)
        assert got is not None and days_answer(flt)
        with hhtools.connect(wide) as db:
            want = db.stats(("player",), **filters)
        assert got.height == want.height, filters
        assert want.height or filters == {"since": "2030-01-01"}
        if want.height:
            assert _equal(got, want), filters
    finally:
        store.close()
