"""Commands that only read the store load neither pyarrow nor numpy (with them, about
0.1 CPU s more of every ``hhtools stats``, ``sql`` and ``report``), and the frames they
read come through the Arrow C stream equal to DuckDB's own ``.pl()``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import duckdb
import polars as pl
import pytest

from hhtools.store.importer import import_paths
from hhtools.store.sharing import polars_frame

FIXTURES = Path(__file__).parent / "fixtures" / "pokerstars"
FILES = ["stats_walk.txt", "stats_three_bet_fold.txt", "stats_cbet_fold.txt",
         "stats_showdown_opponent_mucks.txt", "stats_heads_up.txt",
         "stats_hilo_cbet_raise_quartered.txt"]  # fmt: skip


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("light") / "six.duckdb"
    assert import_paths([FIXTURES / n for n in FILES], path, workers=1).hands == 6
    return path


@pytest.mark.parametrize("args", [
    ["stats", "--by", "player"], ["stats", "--by", "table", "--format", "csv"],
    ["sql", "select count(*) from player_results"], ["report", "--format", "table"],
])  # fmt: skip
def test_reading_commands_load_no_pyarrow(store: Path, args: list[str]) -> None:
    code = (
        "import sys\n"
        "from hhtools.cli.main import main\n"
        f"sys.argv = ['hhtools', {args[0]!r}, '--db', {str(store)!r}, *{args[1:]!r}]\n"
        "try:\n    main()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n"
        "print(sorted(m for m in ('pyarrow', 'numpy') if m in sys.modules))\n"
    )
    env = {**os.environ, "COLUMNS": "200"}
    got = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         check=True)  # fmt: skip
    assert got.stdout.strip().splitlines()[-1] == "[]"


def test_frames_equal_duckdbs_own(store: Path) -> None:
    con = duckdb.connect(str(store), read_only=True)
    try:
        tables = [r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()]
        queries = [f"SELECT * FROM {t}" for t in tables] + [
            "SELECT 1 AS x WHERE false",
            "SELECT 1::HUGEINT AS h, 1.5::DECIMAL(18, 4) AS d, [1, 2] AS l, {'a': 1} AS s, "
            "'x'::ENUM('x', 'y') AS e, TIMESTAMP '2024-03-01 18:30' AS t, DATE '2024-03-01' AS dd, "
            "NULL AS n, [1.5]::DOUBLE[] AS dl",
        ]  # fmt: skip
        for q in queries:
            ours, theirs = polars_frame(con.sql(q)), con.sql(q).pl()
            assert ours.schema == theirs.schema, q
            assert ours.equals(theirs), q
            assert isinstance(ours, pl.DataFrame)
    finally:
        con.close()
