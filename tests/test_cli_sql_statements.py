"""``hhtools sql`` with several statements shows each result under its statement (it
showed only the last one, with no word about the others); csv and json, which write
one result, refuse several statements (exit 2, one line); an error in any statement
is that error, nothing printed before it.
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from hhtools.cli.main import app

ENV: dict[str, str | None] = {"COLUMNS": "100", "FORCE_COLOR": None, "TTY_COMPATIBLE": None}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A store with one table of three numbers (DuckDB file; sql opens it read-only)."""
    path = tmp_path / "s.duckdb"
    with duckdb.connect(str(path)) as con:
        con.execute("CREATE TABLE t AS SELECT * FROM (VALUES (1), (2), (3)) v(n)")
    return path


def sql(db: Path, *args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(app, ["sql", *args, "--db", str(db)], env=ENV)
    return res.exit_code, res.stdout, res.stderr


def test_each_statement_has_its_result(db: Path) -> None:
    code, out, _ = sql(db, "select count(*) as n from t; select max(n) as top from t where n < 3")
    assert code == 0
    lines = [x for x in out.splitlines() if x.strip()]
    assert lines[0] == "1. select count(*) as n from t;"
    assert "│ 3 │" in lines[1:6]  # three rows in t
    two = lines.index("2. select max(n) as top from t where n < 3")
    assert two > 1 and "│   2 │" in lines[two:]  # the largest below 3


def test_a_statement_without_rows_says_so_in_its_place(db: Path) -> None:
    code, out, _ = sql(db, "select n from t where n > 5; select 7 as seven")
    assert code == 0
    lines = [x for x in out.splitlines() if x.strip()]
    assert lines[:3] == ["1. select n from t where n > 5;", "No rows.", "2. select 7 as seven"]


def test_one_statement_prints_as_before(db: Path) -> None:
    code, out, _ = sql(db, "select sum(n) as total from t;", "--format", "csv")
    assert (code, out) == (0, "total\n6\n")


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_machine_formats_take_one_statement(db: Path, fmt: str) -> None:
    code, out, err = sql(db, "select 1; select 2", "--format", fmt)
    assert (code, out) == (2, "")
    assert err == (f"error: 2 statements: --format {fmt} writes one result; run them one at "
                   "a time (the table format shows each)\n")  # fmt: skip


def test_a_refused_statement_stops_all_of_them(db: Path) -> None:
    code, out, err = sql(db, "select 1; delete from t")
    assert (code, out) == (2, "")
    assert err.startswith("error: hhtools sql only reads the store (no writes, no files): ")
