"""The ``player_results`` and ``sessions`` views of a read-only connection read from the
sums kept at import (hhtools.store.kept_views), on the six hand-written PokerStars hands
of tests/test_stats.py (its docstring tells each hand; all six start between 20:00 and
20:25 on 2024-05-10, so each player has one session).

Alice, counted by hand from that docstring: H1 (BTN, folds: 0), H2 (CO, folds: 0), H3
(-115), all Omaha pot limit; H4 (+82) and H6 (-95), Omaha Hi/Lo pot limit. So
``player_results`` has her rows omaha 3 hands -115 and omaha-hilo 2 hands -13, and
``sessions`` the same two rows of one session from 20:00 (H1) to 20:25 (H6): 25
minutes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import duckdb
import pytest
from typer.testing import CliRunner

from hhtools.cli.main import app
from hhtools.store import db as store
from hhtools.store.importer import import_paths
from hhtools.store.kept_views import sessions_current, use_kept_views

FIXTURES = Path(__file__).parent / "fixtures" / "pokerstars"
FILES = ["stats_walk.txt", "stats_three_bet_fold.txt", "stats_cbet_fold.txt",
         "stats_showdown_opponent_mucks.txt", "stats_heads_up.txt",
         "stats_hilo_cbet_raise_quartered.txt"]  # fmt: skip


@pytest.fixture()
def six(tmp_path: Path) -> Path:
    path = tmp_path / "six.duckdb"
    assert import_paths([FIXTURES / n for n in FILES], path, workers=1).hands == 6
    return path


def _rows(con: duckdb.DuckDBPyConnection, view: str) -> list[tuple[Any, ...]]:
    """Every row of a view, sorted, doubles to 9 places (a sum's last bits)."""
    rows = con.execute(f"SELECT * FROM {view}").fetchall()
    return sorted(tuple(round(v, 9) if isinstance(v, float) else v for v in r) for r in rows)


def test_views_read_from_the_kept_sums(six: Path) -> None:
    con = store.connect(six, read_only=True)
    try:
        general = {v: _rows(con, v) for v in ("player_results", "sessions")}
        assert use_kept_views(con) == ["player_results", "sessions"]
        kept = {v: _rows(con, v) for v in ("player_results", "sessions")}
        alice = con.execute("SELECT game, hands, net_won FROM player_results "
                            "WHERE player = 'Alice' ORDER BY game").fetchall()  # fmt: skip
        sessions = con.execute("SELECT session, game, hands, net_won, minutes FROM sessions "
                               "WHERE player = 'Alice' ORDER BY game").fetchall()  # fmt: skip
    finally:
        con.close()
    assert kept == general
    assert alice == [("omaha", 3, -115), ("omaha-hilo", 2, -13)]
    assert sessions == [(1, "omaha", 3, -115, 25.0), (1, "omaha-hilo", 2, -13, 25.0)]


def test_kept_sums_behind_the_hands_are_not_read(six: Path) -> None:
    con = duckdb.connect(str(six))
    try:  # as an older hhtools that kept neither would leave them: one session row lost,
        # and the report cube covering one hand fewer than import 1 holds
        con.execute("DELETE FROM session_summary WHERE player = 'Alice' AND game = 'omaha'")
        con.execute("UPDATE report_cube_imports SET hands = hands - 1")
        assert not sessions_current(con)
    finally:
        con.close()
    con = store.connect(six, read_only=True)
    try:
        assert use_kept_views(con) == []
        alice = con.execute("SELECT game, hands, net_won FROM sessions "
                            "WHERE player = 'Alice' ORDER BY game").fetchall()  # fmt: skip
    finally:
        con.close()
    assert alice == [("omaha", 3, -115), ("omaha-hilo", 2, -13)]


def test_sql_command_reads_the_kept_views(six: Path) -> None:
    result = CliRunner().invoke(app, ["sql", "--db", str(six), "--format", "json",
                                      "SELECT player, sum(hands) AS hands, sum(net_won) AS net "
                                      "FROM player_results GROUP BY player ORDER BY player"])  # fmt: skip
    assert result.exit_code == 0
    rows = {r["player"]: (r["hands"], r["net"]) for r in json.loads(result.stdout)}
    # Bob: H1 -5, H2 +50, H3 -35, H4 -80, H5 +950 (test_stats.py's docstring)
    assert rows["Alice"] == (5, -128) and rows["Bob"] == (5, 880)


def test_only_the_views_a_statement_names_are_looked_at(six: Path) -> None:
    con = store.connect(six, read_only=True)
    try:
        assert use_kept_views(con, "SELECT 1") == []
        assert use_kept_views(con, "SELECT count(*) FROM Sessions") == ["sessions"]
        assert use_kept_views(con, "SELECT * FROM player_results") == ["player_results"]
    finally:
        con.close()
