"""What a user reads in a report and a replay is finished (issue 24, item 8): a
high-only game leaves its scoop, quartered and won-low cells blank (never 0 or 0.0), a
findings table with no row shown says none, and a history that writes no total pot
(Enet) gets the pot the rules give, said to be worked out, never "total pot , rake"."""

from __future__ import annotations

import re
from pathlib import Path

import polars as pl
import pytest

import hhtools
from hhtools.reports.replay import replay_lines
from hhtools.reports.replay_html import replay_fragment
from hhtools.reports.report import FINDINGS_HIDDEN, ReportFilter, build_report
from hhtools.reports.report_html import RATIO_COLUMNS, findings_html, to_html
from hhtools.store.importer import import_paths

FIX = Path(__file__).parent / "fixtures"
HIGH_ONLY = FIX / "pokerstars" / "zoom_eur_no_limit.txt"  # Omaha NL: Ivan, Hanna
HILO = FIX / "pokerstars" / "hilo_two_timestamps_quartered.txt"  # Bob high + half low, Alice
ENET = FIX / "enet" / "uncalled_collect_repeats_return_holdem_skipped_cut_hand.txt"


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("finished") / "f.duckdb"
    summary = import_paths([HIGH_ONLY, HILO], path, workers=1)
    assert summary.problems == 0
    return path


def test_high_only_rows_leave_the_hilo_columns_blank(db_path: Path) -> None:
    with hhtools.connect(db_path) as db:
        report = build_report(db, ReportFilter(), chart_players=8)
    cols = ["won_high", "won_low", "scooped", "quartered"]
    rows = {r["player"]: [r[c] for c in cols] for r in report.results.iter_rows(named=True)}
    # the Omaha hi/lo hand: Bob wins the high ($0.16) and ties the low with Alice
    # ($0.08 each), so both are quartered and neither scoops
    assert rows["Bob"] == [1, 1, 0, 1] and rows["Alice"] == [0, 1, 0, 1]
    assert rows["Carol"] == [0, 0, 0, 0]  # a hi/lo game she folded: 0, not blank
    # the Omaha high-only hand: Ivan won it; there is no low half, quarter or scoop
    assert rows["Ivan"] == [1, None, None, None] and rows["Hanna"] == [0, None, None, None]
    games = {r["game"]: r for r in report.game_stats.iter_rows(named=True)}
    assert games["omaha"]["scoop"] is None and games["omaha"]["won_low_opportunities"] is None
    assert games["omaha-hilo"]["quartered"] == 1.0  # 2 of the 2 seats at showdown
    players = {r["player"]: r for r in report.player_stats.iter_rows(named=True)}
    assert players["Ivan"]["quartered"] is None and players["Bob"]["quartered"] == 1.0
    page = to_html(report)
    ivan = page[page.index("<td>Ivan</td>", page.index('id="player-stats"')):]
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", ivan[:ivan.index("</tr>")])
    shown = dict(zip(["player", "hands", *RATIO_COLUMNS], cells, strict=False))
    assert [shown[c] for c in ("won_high", "scoop", "quartered", "won_low")] == [
        "100.0", "", "", ""]  # fmt: skip


def test_report_csv_of_a_high_only_game_has_empty_cells(db_path: Path) -> None:
    from typer.testing import CliRunner

    from hhtools.cli.main import app

    res = CliRunner().invoke(app, ["report", "--db", str(db_path), "-f", "csv"])
    assert res.exit_code == 0, res.stderr
    lines = res.stdout.splitlines()
    head = lines[0].split(",")
    ivan = next(x.split(",") for x in lines if ",Ivan," in x)
    assert [ivan[head.index(c)] for c in ("won_high", "won_low", "scooped", "quartered")] == [
        "1", "", "", ""]  # fmt: skip


def test_findings_all_behind_the_toggle_say_none(db_path: Path) -> None:
    with hhtools.connect(db_path) as db:
        report = build_report(db, ReportFilter(), chart_players=8)
    hidden = pl.DataFrame({"kind": [FINDINGS_HIDDEN[0]], "findings": [1]})
    rows = report.finding_rows.head(0)
    report.findings, report.finding_rows = hidden, rows
    body, _ = findings_html(report)
    assert "Findings shown: none" in body and 'class="all-hidden"' in body
    report.findings = report.findings.head(0)
    body, _ = findings_html(report)
    assert "No findings" in body


def test_a_history_without_a_total_pot_says_the_pot_the_rules_give(tmp_path: Path) -> None:
    """Enet hand 900002: 0.05 + 3 x 0.45 preflop = €1.40; the flop bet of €1.40 is
    returned; rake €0.07 as the history writes it."""
    db = tmp_path / "e.duckdb"
    import_paths([ENET], db, workers=1)
    with hhtools.connect(db) as store:
        data = store.hand("900002")
    assert data["hands"]["total_pot"].to_list() == [None]
    text = "\n".join(replay_lines(data))
    assert "Total pot €1.40 (worked out: the history writes none), rake €0.07" in text
    page = replay_fragment(data)
    assert "total pot €1.40 (worked out: the history writes none), rake €0.07" in page
    assert "total pot ," not in page.lower() and "total pot ," not in text.lower()
