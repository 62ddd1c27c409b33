"""The report's replays read several hands at once (hhtools.reports.report.hands_data): each
hand's rows equal what HandStore.hand reads of it alone, and a hand number another
site also uses brings only its own site's rows."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from hhtools.reports.report import hands_data
from hhtools.store.api import connect
from hhtools.store.importer import import_paths

FIXTURES = Path(__file__).parent / "fixtures" / "pokerstars"
FILES = ["stats_walk.txt", "stats_three_bet_fold.txt", "stats_cbet_fold.txt",
         "stats_showdown_opponent_mucks.txt", "stats_heads_up.txt",
         "stats_hilo_cbet_raise_quartered.txt"]  # fmt: skip


def _same(a: pl.DataFrame, b: pl.DataFrame) -> bool:
    return a.schema == b.schema and a.sort(pl.all()).equals(b.sort(pl.all()))


def test_several_hands_read_as_each_alone(tmp_path: Path) -> None:
    path = tmp_path / "six.duckdb"
    assert import_paths([FIXTURES / n for n in FILES], path, workers=1).hands == 6
    keys = [("pokerstars", "300000000005"), ("pokerstars", "300000000002"),
            ("othersite", "300000000001")]  # fmt: skip
    with connect(path) as db:
        got = hands_data(db, keys)
        assert list(got) == keys[:2]  # no hand 300000000001 on another site
        for site, hand_id in keys[:2]:
            alone = db.hand(hand_id, site)
            for table, rows in alone.items():
                assert _same(got[(site, hand_id)][table], rows), table
        # H5 (tests/test_ev_pending.py): heads-up, two seats; actions in their order
        assert got[keys[0]]["seats"].height == 2
        seq = got[keys[0]]["actions"]["seq"].to_list()
        assert seq == sorted(seq)


def test_each_hands_rows_come_in_the_order_stored(tmp_path: Path) -> None:
    """A hand's rows of every table in the order HandStore.hand reads them (as stored):
    H6's awards (Dave's high, then the low Dave and Frank split) came in DuckDB's order
    of the moment, so two reports of one store showed a replay's awards in two orders."""
    path = tmp_path / "six.duckdb"
    assert import_paths([FIXTURES / n for n in FILES], path, workers=1).hands == 6
    keys = [("pokerstars", f"30000000000{n}") for n in range(1, 7)]
    with connect(path) as db:
        got = hands_data(db, keys)
        for site, hand_id in keys:
            for table, rows in db.hand(hand_id, site).items():
                assert got[(site, hand_id)][table].equals(rows), (hand_id, table)
        assert got[keys[5]]["awards"].height >= 2


def test_tables_that_are_views_are_read_too(tmp_path: Path) -> None:
    """A Parquet dataset's tables are views, without a row id: the hands' rows are read
    all the same (in the order of the table's own columns)."""
    import duckdb

    from hhtools.reports.report import HAND_TABLES

    path = tmp_path / "six.duckdb"
    assert import_paths([FIXTURES / n for n in FILES], path, workers=1).hands == 6
    con = duckdb.connect()
    con.execute(f"ATTACH '{path}' AS src (READ_ONLY)")
    for table in HAND_TABLES:
        con.execute(f"CREATE VIEW {table} AS SELECT * FROM src.{table}")

    class Views:
        def sql(self, query: str, params: list[object]) -> pl.DataFrame:
            from hhtools.store.sharing import polars_frame

            return polars_frame(con.sql(query, params=params))  # type: ignore[no-any-return]

    keys = [("pokerstars", "300000000006"), ("pokerstars", "300000000002")]
    got = hands_data(Views(), keys)  # type: ignore[arg-type]
    with connect(path) as db:
        for site, hand_id in keys:
            for table, rows in db.hand(hand_id, site).items():
                assert _same(got[(site, hand_id)][table], rows), (hand_id, table)
    con.close()
