"""``--out FILE`` without ``--format``: a name ending .csv, .json, .parquet (or, for
``report``, .html) writes that format. Before, ``hhtools report --out report.html``
wrote the terminal table's text into report.html, and ``stats --out s.parquet`` a text
file named .parquet. Any other name keeps the table's text; a --format other than
table (the default, which cannot be told from one given) wins.

The store is the bundled hard cases: 6 hands written by hand, 15 players (Alice, Bob,
Carol, Dan, Eve, Finn, Gus, Hal, Ivy, Jon, Kim, Lee, Moe, Nia, Oto),
all PokerStars.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from hhtools.cli.main import app
from tests.conftest import HARD_CASES
from tests.storerows import import_db

PLAYERS = sorted("Alice Bob Carol Dan Eve Finn Gus Hal Ivy Jon Kim Lee Moe Nia Oto".split())


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return import_db([HARD_CASES], tmp_path_factory.mktemp("out_suffix") / "hard.duckdb")


def run(db: Path, *args: str) -> None:
    res = CliRunner().invoke(app, [*args, "--db", str(db)])
    assert res.exit_code == 0, res.output


def test_report_out_html_writes_the_page(db: Path, tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    run(db, "report", "--out", str(page))
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert (tmp_path / "report_files").is_dir()


def test_stats_out_csv_json_parquet(db: Path, tmp_path: Path) -> None:
    run(db, "stats", "--out", str(tmp_path / "s.csv"))
    with (tmp_path / "s.csv").open(encoding="utf-8", newline="") as fh:
        assert sorted(r["player"] for r in csv.DictReader(fh)) == PLAYERS
    run(db, "stats", "--out", str(tmp_path / "s.JSON"))  # any case
    rows = json.loads((tmp_path / "s.JSON").read_text(encoding="utf-8"))
    assert sorted(r["player"] for r in rows) == PLAYERS
    run(db, "stats", "--out", str(tmp_path / "s.parquet"))
    assert sorted(pq.read_table(tmp_path / "s.parquet")["player"].to_pylist()) == PLAYERS


def test_sessions_out_parquet(db: Path, tmp_path: Path) -> None:
    run(db, "sessions", "--out", str(tmp_path / "s.parquet"))
    assert set(pq.read_table(tmp_path / "s.parquet")["player"].to_pylist()) == set(PLAYERS)


def test_other_names_keep_the_text_and_format_wins(db: Path, tmp_path: Path) -> None:
    run(db, "report", "--out", str(tmp_path / "r.txt"))
    assert (tmp_path / "r.txt").read_text(encoding="utf-8").startswith("Results: all hands")
    run(db, "report", "--format", "csv", "--out", str(tmp_path / "r.json"))
    assert (tmp_path / "r.json").read_text(encoding="utf-8").split(",")[0] == "site"
