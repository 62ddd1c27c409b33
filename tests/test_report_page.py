"""The HTML report's page: charts per currency with the all-in EV line, statistics,
sortable tables, findings in order and linked to their hands' replays.

The store holds four hand-written PokerStars hands, worked out by hand:

* 300000000101 (ev_turn_all_in_eight_outs.txt, USD): Ann all-in on the turn against
  Ben, 8 rivers of 40 for Ben; the river gives Ann the pot. Ann nets +$9.50 with an
  all-in expectation of +$5.60 (1950 x 0.8 - 1000 cents), Ben -$10.00 (EV -$6.10).
* 210000000003 (zoom_eur_no_limit.txt, EUR): Hanna (small blind) raises all-in to
  €25, Ivan (big blind) calls, Ivan's queens win: Hanna -€25.00, Ivan +€22.75
  (€47.75 collected less his €25). One hand each, both put money in voluntarily,
  Hanna raised preflop, Ivan did not.
* 220000000004 (home_game_club.txt, USD): the site paid Kate what the rules do not
  give her: an award_mismatch and chip_imbalance findings.
* 230000000005 (tournament_knockout_antes.txt, tournament chips): two
  holdem_misread_prone findings (Mia, Liam), which the page hides behind a toggle.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import hhtools
from hhtools.reports.report import ReportFilter, build_report
from hhtools.reports.report_html import FINDING_ORDER, chart_html, palette, to_html
from hhtools.store import db as store
from hhtools.store.ev import compute_allin_equity
from hhtools.store.importer import import_paths

FIX = Path(__file__).parent / "fixtures" / "pokerstars"
FILES = ["ev_turn_all_in_eight_outs.txt", "zoom_eur_no_limit.txt", "home_game_club.txt",
         "tournament_knockout_antes.txt"]  # fmt: skip


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("page") / "page.duckdb"
    summary = import_paths([FIX / f for f in FILES], path, workers=1)
    assert summary.problems == 0
    con = store.connect(path)
    try:
        compute_allin_equity(con, workers=1)
    finally:
        con.close()
    return path


class Page(HTMLParser):
    """The parts of the page the tests look at: elements by id and class, table rows,
    links, scripts' sources."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.classes: list[str] = []
        self.links: list[str] = []
        self.external: list[str] = []
        self.tables: dict[str, list[list[str]]] = {}
        self.row_classes: dict[str, list[str]] = {}
        self._table: str | None = None
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(str(a["id"]))
        if a.get("class"):
            self.classes.append(str(a["class"]))
        for key in ("href", "src"):
            v = a.get(key) or ""
            if v.startswith(("http://", "https://", "//")):
                self.external.append(v)
            if key == "href":
                self.links.append(v)
        if tag == "table":
            self._table = str(a.get("id") or "")
            self.tables[self._table] = []
            self.row_classes[self._table] = []
        elif tag == "tr" and self._table is not None:
            self._row = []
            self.row_classes[self._table].append(str(a.get("class") or ""))
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None and self._table is not None:
            self.tables[self._table].append(self._row)
            self._row = None
        elif tag == "table":
            self._table = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


@pytest.fixture(scope="module")
def page(db_path: Path) -> tuple[str, Page]:
    with hhtools.connect(db_path) as db:
        report = build_report(db, ReportFilter())
    text = to_html(report)
    return text, Page(text)


def rows_by(table: list[list[str]], column: str) -> dict[str, dict[str, str]]:
    head = table[0]
    return {r[head.index(column)]: dict(zip(head, r, strict=True)) for r in table[1:]}


def test_one_chart_per_currency_money_first_chips_apart(page: tuple[str, Page]) -> None:
    text, parsed = page
    assert parsed.classes.count("chart") == 3  # EUR, USD, then tournament chips
    titles = re.findall(r"Cumulative winnings, (EUR|USD|chips)", text)
    assert titles[:3] == ["EUR", "USD", "chips"]


def test_the_all_in_ev_line_is_the_expectation_worked_by_hand(db_path: Path) -> None:
    with hhtools.connect(db_path) as db:
        report = build_report(db, ReportFilter(player="Ann"))
    assert report.has_ev
    ann = report.cumulative.filter(report.cumulative["currency"] == "USD")
    assert ann["cumulative"].to_list()[-1] == 950  # +$9.50 won
    assert ann["ev_cumulative"].to_list()[-1] == pytest.approx(560)  # +$5.60 expected
    html = to_html(report)
    assert '"name":"Ann all-in EV"' in html.replace(": ", ":")
    assert '"dash":"dash"' in html.replace(": ", ":")


def test_no_ev_line_before_hhtools_ev(tmp_path: Path) -> None:
    path = tmp_path / "noev.duckdb"
    import_paths([FIX / "ev_turn_all_in_eight_outs.txt"], path, workers=1)
    with hhtools.connect(path) as db:
        report = build_report(db, ReportFilter())
    html = to_html(report)
    assert not report.has_ev
    assert "all-in EV" not in html.replace("add the all-in EV line", "")
    assert "Run <code>hhtools ev</code>" in html


def test_statistics_and_money_per_player(page: tuple[str, Page]) -> None:
    _, parsed = page
    stats = rows_by(parsed.tables["player-stats"], "player")
    assert (stats["Hanna"]["hands"], stats["Hanna"]["vpip"], stats["Hanna"]["pfr"]) == (
        "1", "100.0", "100.0")  # fmt: skip
    assert (stats["Ivan"]["vpip"], stats["Ivan"]["pfr"]) == ("100.0", "0.0")
    money = {(r[0], r[1]): r for r in parsed.tables["player-money"][1:]}
    assert money[("Hanna", "EUR")][4] == "-€25.00"
    assert money[("Ivan", "EUR")][4] == "€22.75"
    assert money[("Ann", "USD")][4] == "$9.50"
    assert money[("Ann", "USD")][6] == "$5.60"  # the all-in EV net
    games = parsed.tables["game-stats"]
    assert games[0][:2] == ["game", "limit"]
    assert {(r[0], r[1]) for r in games[1:]} >= {("omaha", "NL"), ("omaha", "PL")}


def test_findings_in_order_hidden_kind_behind_a_toggle_linked_to_replays(
    page: tuple[str, Page],
) -> None:
    _, parsed = page
    table = parsed.tables["findings-table"]
    kinds = [r[0] for r in table[1:]]
    # the kinds a player must see first, in FINDING_ORDER, the hidden kind last
    first = [k for k in kinds if k in FINDING_ORDER]
    assert kinds[: len(first)] == sorted(first, key=FINDING_ORDER.index)
    assert kinds[0] == "award_mismatch"
    assert kinds[-1] == "holdem_misread_prone"
    classes = parsed.row_classes["findings-table"][1:]
    hidden = [c for k, c in zip(kinds, classes, strict=True) if k == "holdem_misread_prone"]
    assert len(hidden) == 2 and all(c == "hidden-kind" for c in hidden)
    assert "show-hidden" in parsed.ids  # the toggle
    # the award mismatch's hand links to its replay, which is on the page
    assert "#hand-pokerstars-220000000004" in parsed.links
    assert "hand-pokerstars-220000000004" in parsed.ids


def test_self_contained_and_every_table_sortable(page: tuple[str, Page]) -> None:
    text, parsed = page
    assert parsed.external == []
    # every table of the report is sortable (the replays' tables are a hand's, in order)
    report_part = text.split('<div class="overlay">')[0]
    assert report_part.count('<table class="sortable"') == report_part.count("<table") == 6
    assert "<script" in text and "addEventListener" in text


def test_many_players_get_distinct_colours() -> None:
    import polars as pl

    players = [f"P{i:02d}" for i in range(16)]
    frame = pl.DataFrame({
        "player": players, "currency": ["USD"] * 16, "n": [1] * 16,
        "cumulative": list(range(16)), "ev_cumulative": [float(v) for v in range(16)],
    })  # fmt: skip
    html = chart_html(frame, has_ev=False, include_js=False)
    used = re.findall(r'"line":\s*\{"color":\s*"(#[0-9A-F]{6})"', html)
    assert len(used) == 16 and len(set(used)) == 16
    assert used == palette()[:16]


def test_tables_made_in_the_thread_are_those_made_for_the_page(db_path: Path) -> None:
    """The long tables build_report hands to its thread (Report.prepared) give the page
    and files the page makes itself without them, on every page size."""
    import dataclasses

    from hhtools.reports.report_html import page_files

    with hhtools.connect(db_path) as db:
        report = build_report(db, ReportFilter())
    assert set(report.prepared) == {"results", "player-stats", "player-money"}
    alone = dataclasses.replace(report, prepared={})
    for rows in (None, 1, 2):
        assert page_files(report, page_rows=rows) == page_files(alone, page_rows=rows)


def test_player_tables_go_to_the_thread_before_the_charts_seats(db_path: Path, monkeypatch,
                                                                tmp_path: Path) -> None:  # fmt: skip
    """The players' statistics are read, and handed to the page's thread, right after the
    results: their text is made while the chart's seats and the findings are read (they
    were read after them, the page's last wait). The files written are the bytes the
    thread made: each reads back as the table's own script."""
    from hhtools.reports import report as module
    from hhtools.reports.output import write_page
    from hhtools.reports.report_tables import PagedTable
    from hhtools.store.api import HandStore

    calls: list[str] = []
    stats_frames, cumulative = HandStore.stats_frames, module._cumulative

    def stats_spy(self, by=("player",), **kw):  # type: ignore[no-untyped-def]
        calls.append("stats " + ",".join(by))
        return stats_frames(self, by, **kw)

    def cumulative_spy(*args, **kw):  # type: ignore[no-untyped-def]
        calls.append("chart seats")
        return cumulative(*args, **kw)

    monkeypatch.setattr(HandStore, "stats_frames", stats_spy)
    monkeypatch.setattr(module, "_cumulative", cumulative_spy)
    with hhtools.connect(db_path) as db:
        report = build_report(db, ReportFilter())
    assert calls == ["stats player", "chart seats", "stats game,limit"]
    write_page(report, tmp_path / "r.html", page_rows=1)
    ready = report.prepared["player-stats"].result()
    written = (tmp_path / "r_files" / "player-stats.js").read_bytes()
    assert written == ready.script
    assert written.decode("utf-8") == PagedTable("player-stats", ready.columns, "").script()


def test_player_tables_made_while_the_results_are_still_made(db_path: Path, monkeypatch) -> None:
    """Two threads make the page's tables: the players' statistics are made text while
    the results' text is still being made (the results wait here until they are)."""
    import threading

    from hhtools.reports import report_tables

    done = threading.Event()
    frame, stats = report_tables.prepare_frame, report_tables.prepare_stats

    def results_wait(table_id, *args, **kw):  # type: ignore[no-untyped-def]
        if table_id == "results":
            assert done.wait(30), "the players' statistics waited for the results"
        return frame(table_id, *args, **kw)

    def stats_then_go(*args, **kw):  # type: ignore[no-untyped-def]
        try:
            return stats(*args, **kw)
        finally:
            done.set()

    monkeypatch.setattr(report_tables, "prepare_frame", results_wait)
    monkeypatch.setattr(report_tables, "prepare_stats", stats_then_go)
    with hhtools.connect(db_path) as db:
        report = build_report(db, ReportFilter())
    assert report.prepared["results"].result().columns[0].header == "player"
    assert done.is_set()
