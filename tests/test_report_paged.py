"""The report page's long tables are paged: the page holds the first rows, a file in
the folder beside it every row, and the numbers are those of ``hhtools stats`` and of
plain SQL over the store; in Chromium the pager and the sorting reach every row.

The store is 400 generated PokerStars hands (61 players), the page written with 20
rows a page, so the players' tables take four pages.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import hhtools
from hhtools.reports.output import write_page
from hhtools.reports.report import ReportFilter, build_report
from hhtools.store.importer import import_paths
from tests.test_report_browser import CHROMIUM, run_page

PAGE = 20


@pytest.fixture(scope="module")
def db_path(generated: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder, _ = generated(400, 5)
    path = tmp_path_factory.mktemp("paged") / "p.duckdb"
    summary = import_paths([folder], path, workers=1)
    assert summary.problems == 0
    return path


@pytest.fixture(scope="module")
def written(db_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    with hhtools.connect(db_path) as db:
        report = build_report(db, ReportFilter())
    page = tmp_path_factory.mktemp("paged-page") / "report.html"
    write_page(report, page, page_rows=PAGE)
    return page


def columns_of(script: Path) -> list[list[Any]]:
    """The columns a table's file holds (``hhReportRows(id, columns);``)."""
    text = script.read_text(encoding="utf-8")
    found = re.fullmatch(r'hhReportRows\("[^"]+",(.*)\);\n', text, re.DOTALL)
    assert found, text[:200]
    return json.loads(found.group(1))


def page_rows(page: str, table_id: str) -> list[list[str]]:
    """The body rows of a table as the page holds them, cells as text."""
    start = page.index(f'id="{table_id}"')
    body = page[page.index("<tbody>", start):page.index("</tbody>", start)]
    return [re.findall(r"<td[^>]*>([^<]*)</td>", row) for row in body.split("</tr>") if row]


def test_every_player_in_the_file_with_the_numbers_of_stats(db_path: Path, written: Path) -> None:
    folder = written.parent / "report_files"
    cols = columns_of(folder / "player-stats.js")
    names = cols[0][0]
    with hhtools.connect(db_path) as db:
        (players,) = db.con.execute("SELECT count(DISTINCT player) FROM seats").fetchall()[0]
        stats = {r["player"]: r for r in db.stats(("player",)).iter_rows(named=True)}
    assert len(names) == players == len(stats) == 61
    head = ["player", "hands", "vpip", "pfr"]
    for i, name in enumerate(names):
        row = stats[name]
        assert cols[1][0][i] == f"{row['hands']:,}"
        # vpip and pfr: the counts over the opportunities, in percent, one place
        for j, ratio in ((2, "vpip"), (3, "pfr")):
            n, d = row[f"{ratio}_count"], row[f"{ratio}_opportunities"]
            assert cols[j][0][i] == ("" if not d else f"{100 * n / d:.1f}"), (name, head[j])
            assert cols[j][2][i] == f"{n:,} of {d:,}"
    # most hands first, as stats orders them
    hands = cols[1][1]
    assert hands == sorted(hands, reverse=True)
    # the page holds the first page of them only, the same cells
    shown = page_rows(written.read_text(encoding="utf-8"), "player-stats")
    assert [r[0] for r in shown] == names[:PAGE]
    assert [r[2] for r in shown] == cols[2][0][:PAGE]


def test_money_and_results_files_add_up_to_the_seats(db_path: Path, written: Path) -> None:
    folder = written.parent / "report_files"
    money = columns_of(folder / "player-money.js")
    with hhtools.connect(db_path) as db:
        nets = dict(db.con.execute(
            "SELECT s.player, sum(s.net) FROM seats s WHERE NOT coalesce(s.sitting_out, false) "
            "OR s.put_in > 0 OR s.collected > 0 GROUP BY ALL").fetchall())  # fmt: skip
        (results,) = db.con.execute("SELECT count(*) FROM player_results").fetchall()[0]
    # columns: player, currency, limit, hands, net_won (raw value: minor units)...
    assert money[4][0][0].startswith(("$", "-$"))
    got: dict[str, int] = {}
    for player, net in zip(money[0][0], money[4][1], strict=True):
        got[player] = got.get(player, 0) + net
    assert got == nets
    rows = columns_of(folder / "results.js")
    assert len(rows[0][0]) == results > PAGE


def test_the_page_holds_a_page_of_each_long_table(written: Path) -> None:
    page = written.read_text(encoding="utf-8")
    for table in ("player-stats", "player-money", "results"):
        assert len(page_rows(page, table)) == PAGE
        assert f'data-src="report_files/{table}.js"' in page
    assert 'class="pager" data-for="player-stats"' in page
    assert "rows 1&ndash;20 of 61" in page
    # the games' tables are short: whole in the page, no file
    assert not (written.parent / "report_files" / "game-stats.js").exists()


PROBE = """<script>
window.addEventListener('load', function () { setTimeout(function () {
  var out = {errors: window.__errors, pages: [], labels: []};
  var table = document.getElementById('player-stats');
  var pager = document.querySelector('.pager[data-for="player-stats"]');
  var next = pager.querySelector('.next');
  function names() { return Array.prototype.map.call(table.tBodies[0].rows, function (r) {
    return r.cells[0].textContent; }); }
  function step(k) {
    out.pages.push(names());
    out.labels.push(pager.querySelector('.where').textContent);
    if (!next.disabled && k < 10) { next.click(); setTimeout(function () { step(k + 1); }, 200); }
    else { sort(); }
  }
  function sort() {
    table.tHead.rows[0].cells[0].click();  // by player, a to z, over every row
    setTimeout(function () {
      out.sorted = names();
      out.sortedLabel = pager.querySelector('.where').textContent;
      out.prevDisabled = pager.querySelector('.prev').disabled;
      document.body.setAttribute('data-probe', JSON.stringify(out));
    }, 200);
  }
  step(0);
}, 300); });
</script>"""


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine (Debian package "
                    "'chromium')")  # fmt: skip
def test_the_pager_and_sorting_reach_every_player_in_chromium(
    written: Path, tmp_path: Path
) -> None:
    every = columns_of(written.parent / "report_files" / "player-stats.js")[0][0]
    probed = written.parent / "probed.html"  # beside the page: report_files/ is found
    seen = run_page(written, probed.parent, PROBE)
    assert seen["errors"] == []
    # four pages of 20, 20, 20 and 1, together every player once, in the file's order
    assert [len(p) for p in seen["pages"]] == [20, 20, 20, 1]
    assert [n for p in seen["pages"] for n in p] == every
    assert seen["labels"] == ["rows 1\u201320 of 61", "rows 21\u201340 of 61",
                              "rows 41\u201360 of 61", "rows 61\u201361 of 61"]  # fmt: skip
    # sorting orders every row, not the page shown, and goes back to the first page
    assert seen["sorted"] == sorted(every, key=str.lower)[:PAGE]
    assert seen["sortedLabel"] == "rows 1\u201320 of 61"
    assert seen["prevDisabled"] is True
