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
