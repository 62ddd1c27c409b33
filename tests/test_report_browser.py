"""The HTML report and a hand's replay page in a real browser (headless Chromium).

Each page is loaded from a file with two small probes added around it: one, first in
the page, records every script error; the other, after the page's own script, works
the page as a user would (sorts a table by a click on its header, opens a finding's
replay by its link, ticks the toggle of the hidden findings) and writes what it saw
into an attribute that Chromium's ``--dump-dom`` prints. The test then asserts no
script error, the charts drawn, the sorting, the replay shown, and that the page fits a
1,400-pixel-wide window.

Chromium comes from the system packages (Debian: ``apt-get install chromium``; ``.ci/run``
installs it); without it these tests skip with that reason.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import hhtools
from hhtools.reports.output import write_page
from hhtools.reports.report import ReportFilter, build_report
from hhtools.store.importer import import_paths

CHROMIUM = next((p for p in (shutil.which(n) for n in ("chromium", "chromium-browser",
                                                       "google-chrome")) if p), None)  # fmt: skip
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium on this machine (Debian package 'chromium')"
)

FIX = Path(__file__).parent / "fixtures" / "pokerstars"
FILES = ["home_game_club.txt", "zoom_eur_no_limit.txt", "tournament_knockout_antes.txt",
         "hilo_two_timestamps_quartered.txt"]  # fmt: skip
WIDTH = 1400

ERRORS = ("<script>window.__errors=[];window.addEventListener('error',function(e){"
          "window.__errors.push(String(e.message||e));});</script>")  # fmt: skip

PROBE = """<script>
window.addEventListener('load', function () { setTimeout(function () {
  var out = {errors: window.__errors, plots: document.querySelectorAll('.js-plotly-plot').length,
             width: document.documentElement.scrollWidth};
  var table = document.getElementById('results');
  if (table) {
    var heads = Array.prototype.map.call(table.tHead.rows[0].cells, function (c) {
      return c.textContent; });
    var i = heads.indexOf('net won');
    table.tHead.rows[0].cells[i].click();
    out.ascending = Array.prototype.map.call(table.tBodies[0].rows, function (r) {
      return parseFloat(r.cells[i].getAttribute('data-v')); });
    table.tHead.rows[0].cells[i].click();
    out.descending = Array.prototype.map.call(table.tBodies[0].rows, function (r) {
      return parseFloat(r.cells[i].getAttribute('data-v')); });
  }
  var hidden = document.querySelector('tr.hidden-kind');
  if (hidden) {
    out.hiddenBefore = getComputedStyle(hidden).display;
    var box = document.getElementById('show-hidden');
    box.click();
    out.hiddenAfter = getComputedStyle(hidden).display;
  }
  var link = document.querySelector('#findings-table a[href^="#hand-"]');
  if (link) {
    out.link = link.getAttribute('href');
    var section = document.getElementById(out.link.slice(1));
    out.replayBefore = getComputedStyle(section.parentNode).display;
    link.click();
    out.replayAfter = getComputedStyle(section.parentNode).display;
  }
  document.body.setAttribute('data-probe', JSON.stringify(out));
}, 300); });
</script>"""


def run_page(page: Path, tmp_path: Path, probe: str = PROBE) -> dict:
    """Load ``page`` in headless Chromium with the probes (``probe``: the script that
    writes what it saw into ``body[data-probe]``); what the probe saw."""
    text = page.read_text(encoding="utf-8")
    probed = tmp_path / f"probed-{page.name}"
    text = text.replace("<head>", "<head>" + ERRORS, 1)
    text = text.replace("</body>", probe + "</body>", 1)
    probed.write_text(text, encoding="utf-8")
    assert CHROMIUM is not None
    proc = subprocess.run(  # noqa: PLW1510 - the probe, not the exit code, tells
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={tmp_path / 'chromium-profile'}", f"--window-size={WIDTH},900",
         "--virtual-time-budget=10000", "--dump-dom", probed.as_uri()],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    found = re.search(r'data-probe="([^"]*)"', proc.stdout)
    assert found, f"the probe did not run: {proc.stderr[-2000:]}"
    return json.loads(html.unescape(found.group(1)))


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("browser") / "b.duckdb"
    summary = import_paths([FIX / f for f in FILES], path, workers=1)
    assert summary.problems == 0
    return path


def test_report_page_in_chromium(db_path: Path, tmp_path: Path) -> None:
    with hhtools.connect(db_path) as db:
        report = build_report(db, ReportFilter())
    page = tmp_path / "report.html"
    write_page(report, page)  # and report_files/ beside it, plotly.js in it
    seen = run_page(page, tmp_path)
    assert seen["errors"] == []
    # USD, EUR and tournament chips: a chart each, drawn by plotly
    assert seen["plots"] == 3
    assert seen["width"] <= WIDTH  # nothing runs off the right edge
    assert seen["ascending"] == sorted(seen["ascending"])
    assert seen["descending"] == sorted(seen["descending"], reverse=True)
    assert seen["ascending"] != seen["descending"]  # players with other results
    assert (seen["hiddenBefore"], seen["hiddenAfter"]) == ("none", "table-row")
    # the first finding listed is the award mismatch of hand 220000000004
    assert seen["link"] == "#hand-pokerstars-220000000004"
    assert (seen["replayBefore"], seen["replayAfter"]) == ("none", "block")


def test_replay_page_in_chromium(db_path: Path, tmp_path: Path) -> None:
    from hhtools.reports.replay_html import replay_page

    with hhtools.connect(db_path) as db:
        data = db.hand("200000000001")
    page = tmp_path / "hand.html"
    page.write_text(replay_page(data), encoding="utf-8")
    seen = run_page(page, tmp_path)
    assert seen["errors"] == []
    assert seen["width"] <= WIDTH
