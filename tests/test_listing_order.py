"""Lists come in one order from run to run: rows whose sort keys tie are ordered by the
rest of their columns (bugs found at a million hands: the report's findings and the
hands replayed after them, and the sessions of a player at two tables of one game and
stakes but two betting structures, came in DuckDB's order of the moment)."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

import hhtools
from hhtools.reports.report import ReportFilter, build_report
from hhtools.store.importer import import_paths

FIX = Path(__file__).parent / "fixtures" / "pokerstars"
TWO_TABLES = FIX / "sessions_two_structures_at_one_moment.txt"


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("order") / "o.duckdb"
    summary = import_paths([TWO_TABLES], path, workers=1)
    assert (summary.hands, summary.problems, len(summary.findings)) == (2, 0, 0)
    return path


def test_sessions_of_one_moment_come_by_structure(db_path: Path) -> None:
    """Ann plays hand 151 (pot limit, won $0.10 net: her $0.30 raise, $0.20 of it
    returned, collects $0.20 for her $0.10) and hand 152 (no limit, won $0.05: Cat's
    small blind) at 19:00 UTC both: one session, a row for each structure, no_limit
    before pot_limit."""
    with hhtools.connect(db_path) as db:
        rows = db.sessions(player="Ann").select("session", "structure", "hands", "net_won").rows()
    assert rows == [(1, "no_limit", 1, 5), (1, "pot_limit", 1, 10)]


def test_findings_of_one_hand_player_and_pot_come_by_line(db_path: Path, tmp_path: Path) -> None:
    """Three findings of one kind, hand, player, board, pot and half, stored lines 30,
    10 and 20 in that order: the report lists them by line, every time."""
    path = tmp_path / "f.duckdb"
    path.write_bytes(db_path.read_bytes())
    con = duckdb.connect(str(path))
    try:
        for line, text in ((30, "third"), (10, "first"), (20, "second")):
            con.execute("INSERT INTO findings (site, hand_id, board, player, kind, pot, half, "
                        "paid, due, explanation, file, line) VALUES ('pokerstars', "
                        "'300000000151', 0, 'Ann', 'procedure_order', NULL, NULL, NULL, NULL, "
                        "?, NULL, ?)", [text, line])  # fmt: skip
    finally:
        con.close()
    for _ in range(2):
        with hhtools.connect(path) as db:
            report = build_report(db, ReportFilter(), chart_players=8, page=True)
        listed = report.finding_rows.select("line", "explanation").rows()
        assert listed == [(10, "first"), (20, "second"), (30, "third")]
