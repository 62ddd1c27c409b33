"""Big-blind columns in csv, json and parquet exports are rounded to a fixed precision
(README: 4 decimal places), not printed with their float noise.

Pia wins 1 cent, then 2 cents, at a 10-cent big blind: 0.1 + 0.2 big blinds, which
doubles add up to 0.30000000000000004; the exports say 0.3 (and 15 bb/100 over 2 hands).
Money stays exact: +3 cents.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from hhtools.cli.main import app
from hhtools.reports.cells import BB_DECIMALS, big_blind_columns, round_big_blinds
from hhtools.store import db as store
from tests.storerows import P, S, add_hand


@pytest.fixture()
def db(tmp_path: Path) -> Path:
    path = tmp_path / "bb.duckdb"
    con = store.connect(path)
    add_hand(con, "1", [S(1, "Pia", 10, 11), S(2, "Quin", 1, 0)],
             [P(0, 11, ["Pia", "Quin"], ["Pia"])], game="omaha", bb=10)  # fmt: skip
    add_hand(con, "2", [S(1, "Pia", 10, 12), S(2, "Quin", 2, 0)],
             [P(0, 12, ["Pia", "Quin"], ["Pia"])], game="omaha", bb=10)  # fmt: skip
    con.close()
    return path


def run(*args: str) -> str:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def test_report_exports_say_three_tenths_of_a_big_blind(db: Path, tmp_path: Path) -> None:
    args = ("report", "--db", str(db), "--player", "Pia")
    (row,) = csv.DictReader(io.StringIO(run(*args, "--format", "csv")))
    assert (row["net_won"], row["net_bb"], row["bb_per_100"]) == ("3", "0.3", "15.0")
    (got,) = json.loads(run(*args, "--format", "json"))
    assert (got["net_won"], got["net_bb"], got["bb_per_100"]) == (3, 0.3, 15.0)
    out = tmp_path / "r.parquet"
    run(*args, "--format", "parquet", "--out", str(out))
    assert pl.read_parquet(out).select("net_bb", "bb_per_100").row(0) == (0.3, 15.0)


def test_stats_exports_round_alike(db: Path) -> None:
    args = ("stats", "--db", str(db), "--player", "Pia")
    (row,) = csv.DictReader(io.StringIO(run(*args, "--format", "csv")))
    assert row["bb_per_100_USD_pot_limit"] == "15.0"
    (got,) = json.loads(run(*args, "--format", "json"))
    assert got["bb_per_100_USD_pot_limit"] == 15.0


def test_round_big_blinds_names_and_places() -> None:
    assert BB_DECIMALS == 4
    assert big_blind_columns(["net_won", "net_bb", "ev_bb", "allin_adj_bb_per_100_USD_limit",
                              "vpip", "bb_per_100x"]) == [
        "net_bb", "ev_bb", "allin_adj_bb_per_100_USD_limit"]  # fmt: skip
    frame = pl.DataFrame({"net_bb": [0.1 + 0.2, -2.0599999999999943, None], "vpip": [1 / 3] * 3})
    got = round_big_blinds(frame)
    assert got["net_bb"].to_list() == [0.3, -2.06, None]
    assert got["vpip"].to_list() == [1 / 3] * 3  # not a big-blind column: as it was
