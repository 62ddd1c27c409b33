"""Nothing a history holds runs in a page: player names, a table name and chat with
markup and script, a source file named with markup, and a hand id with markup and
``</script>`` (as a store written before ids were checked holds it: today such an id is
a ``bad_header`` problem, tests/test_hand_ids.py), in the HTML report and a replay page,
opened in headless Chromium (tests/test_report_browser.py): no payload runs, no element
gets an event handler, the texts read as written, and a finding's link still opens its
replay."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import hhtools
from hhtools.reports.replay_html import replay_page
from hhtools.reports.report import ReportFilter, build_report
from hhtools.reports.output import write_page
from hhtools.store import db as store
from hhtools.store.importer import import_paths
from hhtools.store.schema import TABLES
from tests.test_report_browser import CHROMIUM, run_page

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium on this machine (Debian package 'chromium')"
)

FIXTURE = Path(__file__).parent / "fixtures" / "fulltilt" / "markup_in_names_table_and_chat.txt"
#: the players of the fixture, seats 1 to 3, and its table
NAMES = ["<img src=x onerror=window.__pwned=1>", "</script><script>window.__pwned=2</script>",
         '"><svg onload=window.__pwned=3>']  # fmt: skip
TABLE = "<script>window.__pwned=4</script>"
HAND_ID = '7"><img src=x onerror=window.__pwned=7></script><script>window.__pwned=8</script>'
FILE_NAME = "<img src=x onerror=window.__pwned=9>.txt"

PROBE = """<script>
window.addEventListener('load', function () { setTimeout(function () {
  var out = {errors: window.__errors, pwned: window.__pwned === undefined ? null : window.__pwned,
             handlers: document.querySelectorAll('[onerror],[onload]').length,
             text: document.body.textContent};
  var link = document.querySelector('#findings-table a[href^="#hand-"]');
  if (link) {
    out.link = link.getAttribute('href');
    var section = document.getElementById(out.link.slice(1));
    out.replayBefore = section && getComputedStyle(section.parentNode).display;
    link.click();
    out.replayAfter = section && getComputedStyle(section.parentNode).display;
  }
  document.body.setAttribute('data-probe', JSON.stringify(out));
}, 300); });
</script>"""


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture imported from a file named with markup, its hand id then changed to
    one with markup in every table."""
    root = tmp_path_factory.mktemp("hostile")
    source = root / FILE_NAME
    shutil.copy(FIXTURE, source)
    path = root / "h.duckdb"
    summary = import_paths([source], path, workers=1)
    assert summary.hands == 1 and summary.problems == 0
    con = store.connect(path)
    try:
        for table, (_, columns) in TABLES.items():
            if any(c.name == "hand_id" for c in columns):
                con.execute(f"UPDATE {table} SET hand_id = ? WHERE hand_id = '40000000101'",
                            [HAND_ID])  # fmt: skip
    finally:
        con.close()
    return path


def _check(seen: dict) -> None:
    assert seen["errors"] == [] and seen["pwned"] is None and seen["handlers"] == 0
    for text in (*NAMES, TABLE, HAND_ID):
        assert text in seen["text"], text  # shown as written, not dropped
    assert FILE_NAME in seen["text"]


def test_the_report_runs_nothing_from_the_history(db_path: Path, tmp_path: Path) -> None:
    with hhtools.connect(db_path) as db:
        report = build_report(db, ReportFilter())
    # seat 2's aces beat seat 3's kings, whom the site paid: the finding links the replay
    assert "award_mismatch" in report.finding_rows["kind"].to_list()
    page = tmp_path / "report.html"
    write_page(report, page)
    seen = run_page(page, tmp_path, PROBE)
    _check(seen)
    assert (seen["replayBefore"], seen["replayAfter"]) == ("none", "block")


def test_the_replay_page_runs_nothing_from_the_history(db_path: Path, tmp_path: Path) -> None:
    with hhtools.connect(db_path) as db:
        data = db.hand(HAND_ID)
    page = tmp_path / "hand.html"
    page.write_text(replay_page(data), encoding="utf-8")
    _check(run_page(page, tmp_path, PROBE))


def test_the_probe_sees_a_payload_that_runs(tmp_path: Path) -> None:
    """The probe is not blind: the same payload written unescaped is caught."""
    page = tmp_path / "raw.html"
    page.write_text(f"<!DOCTYPE html><html><head></head><body><p>{NAMES[0]}</p></body></html>",
                    encoding="utf-8")  # fmt: skip
    seen = run_page(page, tmp_path, PROBE)
    assert seen["pwned"] == 1 and seen["handlers"] == 1
    assert json.dumps(seen)  # what the probe wrote is JSON
