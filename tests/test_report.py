"""``hhtools report`` and ``hhtools export --format parquet`` on the hand-written cases."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from hhtools.cli import _register, app
from tests.conftest import HARD_CASES
from tests.storerows import import_db


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return import_db([HARD_CASES], tmp_path_factory.mktemp("report") / "hard.duckdb")


def run(*args: str) -> str:
    _register()
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    return result.output


def test_csv_for_one_player(db_path: Path) -> None:
    out = run("report", "--db", str(db_path), "--player", "Jon", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    # Jon scoops 172 with no low; he put in 90: +82; rake 8 shared 4/4
    assert [(r["player"], r["hands"], r["net_won"], r["scooped"], r["rake_paid"])
            for r in rows] == [("Jon", "1", "82", "1", "4")]  # fmt: skip


def test_json_by_game_and_since(db_path: Path) -> None:
    out = run("report", "--db", str(db_path), "--game", "omaha-hilo", "--format", "json")
    got = {r["player"]: r["net_won"] for r in json.loads(out)}
    # hand 1: Alice +69, Bob 42 - 60 = -18, Carol -60; hand 4: Jon +82, Ivy -90
    assert got == {"Alice": 69, "Bob": -18, "Carol": -60, "Jon": 82, "Ivy": -90}
    out = run("report", "--db", str(db_path), "--since", "2030-01-01", "--format", "json")
    assert json.loads(out) == []


def test_parquet(db_path: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    run("report", "--db", str(db_path), "--format", "parquet", "--out", str(out))
    frame = pl.read_parquet(out)
    assert frame.height == 15  # 15 seated players, one game and stake each
    assert frame.filter(pl.col("player") == "Dan")["net_won"].to_list() == [370]


def test_table(db_path: Path) -> None:
    out = run("report", "--db", str(db_path))
    assert "scoops: 1, quarters: 2" in out
    assert "declared_misread: 1" in out


def test_html_self_contained(db_path: Path, tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    run("report", "--db", str(db_path), "--format", "html", "--out", str(out))
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    # plotly.js is inlined (several MB) and nothing is fetched from the network
    assert len(page) > 1_000_000
    assert not re.search(r"<script[^>]+src=", page)
    assert not re.search(r"<link[^>]+href=\"?https?:", page)
    assert "Plotly.newPlot" in page
    # the table formats money for reading: Dan +$3.70, Eve -$5.00
    assert "<td>Dan</td>" in page and "$3.70" in page and "-$5.00" in page
    assert "Alice (USD)" in page  # a chart line


def test_export_parquet_every_table_and_view(db_path: Path, tmp_path: Path) -> None:
    run("export", str(tmp_path), "--db", str(db_path), "--format", "parquet")
    names = sorted(p.stem for p in tmp_path.glob("*.parquet"))
    assert names == sorted([
        "hands", "seats", "actions", "boards", "pots", "awards", "showdowns", "findings",
        "import_errors", "imports", "player_results", "scoops", "quarters", "misreads",
        "low_possible", "counterfeited",
    ])  # fmt: skip
    assert pl.read_parquet(tmp_path / "quarters.parquet").sort("player")["amount"].to_list() == [
        43, 42]
    assert pl.read_parquet(tmp_path / "hands.parquet").height == 6
