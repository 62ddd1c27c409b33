"""The pages of ``hhtools serve`` in a real browser: headless Chromium from the system
packages, driven by Playwright for Python (its driver only: no browser is downloaded).

The real application (:func:`hhtools.serve.app.create_app`) runs under uvicorn in a
thread, on a free port, over a store imported from ``sample_histories`` and
``tests/fixtures`` plus one hand whose player and table are named with markup. The
tests click as a player would: filters, sorting by a header, paging, a player, a hand,
the replayer's steps, previous and next in the list, a finding's hand; the numbers
shown are checked against the store's own API (``HandStore.stats``, SQL) or against
facts worked out by hand from a fixture (the Bovada hi/lo hand of
tests/test_replay_html.py). A last test runs ``hhtools watch`` on another store and
waits for its new hands to appear on an open page without a reload.

Waits poll with generous deadlines; nothing asserts how fast. Without Chromium or
Playwright the tests skip with the reason.
"""

from __future__ import annotations

import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import poll_until

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="Playwright for Python is not installed (pip install "
    "'playwright>=1.40,<2'; no browser download: the system Chromium is used)")  # fmt: skip

import uvicorn  # noqa: E402

from hhtools.serve.app import create_app  # noqa: E402
from hhtools.store.api import connect  # noqa: E402
from hhtools.store.importer import import_paths  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium on this machine (Debian package 'chromium')"
)
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]  # fmt: skip

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
DEADLINE = 120.0  #: seconds a wait may take before the test fails (a loaded machine)
WAIT_MS = int(DEADLINE * 1000)

HOSTILE = "<script>alert(1)</script>"
HOSTILE_TABLE = "<img src=x onerror=alert(2)>"
HOSTILE_ID = "399999999006"


def wait_for(check: Callable[[], Any], what: str) -> Any:
    """Poll ``check`` until it gives something true (:func:`tests.conftest.poll_until`)."""
    return poll_until(check, what, DEADLINE, 0.25)


class Server:
    """The application under uvicorn in a thread, on a free port of 127.0.0.1."""

    def __init__(self, db: Path, poll: float = 0.3) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        config = uvicorn.Config(create_app(db, poll_seconds=poll), host="127.0.0.1",
                                port=self.port, log_level="warning", lifespan="off",
                                timeout_graceful_shutdown=1)  # fmt: skip
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        wait_for(lambda: self.server.started, "the server to start")
        self.url = f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=DEADLINE)


@pytest.fixture(scope="module")
def wide(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("serve_browser")
    text = (FIXTURES / "pokerstars" / "stats_hilo_cbet_raise_quartered.txt").read_text()
    hostile = folder / "hostile.txt"
    text = text.replace("Frank", HOSTILE).replace("300000000006", HOSTILE_ID)
    hostile.write_text(text.replace("'Statistica VI'", f"'{HOSTILE_TABLE}'"), encoding="utf-8")
    db = folder / "wide.duckdb"
    summary = import_paths([ROOT / "sample_histories", FIXTURES, hostile], db, workers=1)
    assert summary.hands > 1000
    return db


@pytest.fixture(scope="module")
def server(wide: Path) -> Iterator[Server]:
    s = Server(wide)
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


class Page:
    """A browser tab on the server, recording script errors and dialogs."""

    def __init__(self, browser: Any, base: str, width: int = 1400, height: int = 900) -> None:
        # under the pages' Content-Security-Policy (no eval: so the waits below wait for
        # selectors, not for expressions, which Playwright would evaluate as text)
        self.ctx = browser.new_context(viewport={"width": width, "height": height})
        self.page = self.ctx.new_page()
        self.page.set_default_timeout(WAIT_MS)
        self.base = base
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("dialog", self._dialog)

    def _dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def open(self, path: str) -> Any:
        self.page.goto(self.base + path)
        return self.ready()

    def ready(self) -> Any:
        """Wait for the page to be drawn (``body.ready``, set after every draw)."""
        self.page.wait_for_selector("body.ready main[data-ready]", state="attached")
        return self.page

    def redrawn(self, before: str) -> None:
        """Wait for a draw after the one numbered ``before``."""
        self.page.wait_for_selector(f"main[data-ready]:not([data-ready='{before}'])",
                                    state="attached")

    def mark(self) -> str:
        return str(self.page.evaluate("document.getElementById('main').dataset.ready"))

    def column(self, index: int) -> list[str]:
        return [str(t) for t in self.page.locator(
            f"main table.grid tbody tr td:nth-child({index})").all_inner_texts()]

    def headers(self) -> list[str]:
        return [t.strip(" \u25b2\u25bc") for t in
                self.page.locator("main table.grid thead th").all_inner_texts()]

    def close(self) -> None:
        assert not self.errors, self.errors
        assert not self.dialogs, self.dialogs
        self.ctx.close()


@pytest.fixture
def tab(browser: Any, server: Server) -> Iterator[Page]:
    t = Page(browser, server.url)
    yield t
    t.close()


def stats_rows(db: Path, **filters: Any) -> list[dict[str, Any]]:
    hs = connect(db)
    try:
        return list(hs.stats(by=("player",), **filters).iter_rows(named=True))
    finally:
        hs.close()


def sql(db: Path, query: str, params: list[Any] | None = None) -> list[tuple[Any, ...]]:
    hs = connect(db)
    try:
        return hs.con.execute(query, params or []).fetchall()
    finally:
        hs.close()


def listed(page: Any) -> int:
    """The rows a paged list says it holds ("1-50 of 2,378 · page 1 of 48")."""
    text = page.locator(".pager .pg-where").first.inner_text()
    found = re.search(r"of ([\d,]+)", text)
    assert found, text
    return int(found.group(1).replace(",", ""))


def pct(ratio: float | None) -> str:
    return "\u2013" if ratio is None else f"{100 * ratio:.1f}"


# -- overview ------------------------------------------------------------------------------


def test_overview_totals_and_results_chart(tab: Page, wide: Path) -> None:
    page = tab.open("/")
    ((hands,),) = sql(wide, "SELECT count(*) FROM hands")
    players = len(stats_rows(wide))  # the players list's rows
    tiles = dict(zip(page.locator(".tile-label").all_inner_texts(),
                     page.locator(".tile-value").all_inner_texts(), strict=True))  # fmt: skip
    assert tiles["Hands"] == f"{hands:,}" and tiles["Players"] == f"{players:,}"
    # the player with the most hands, one chart per currency they played in
    ((top, n_cur),) = sql(wide, "SELECT player, (SELECT count(DISTINCT currency) FROM seats s2 "
                                "JOIN hands USING (site, hand_id) WHERE s2.player = s.player) "
                                "FROM seats s GROUP BY player ORDER BY count(*) DESC, player "
                                "LIMIT 1")  # fmt: skip
    page.wait_for_selector(f".charts > figure:nth-child({n_cur}) .js-plotly-plot")
    assert page.locator(".js-plotly-plot").count() == n_cur
    assert page.locator("main section.card p.muted a").first.inner_text() == top
    # each chart has the net line and the all-in EV line
    names = page.evaluate("[...document.querySelectorAll('.js-plotly-plot')].map("
                          "d => d.data.map(t => t.name))")  # fmt: skip
    assert all(n == ["net won", "all-in EV"] for n in names)
    # findings by kind link to the findings of that kind
    link = page.locator("main a[href^='/findings?kind=']").first
    kind = link.get_attribute("href").split("=")[1]
    link.click()
    tab.ready()
    assert page.url.endswith(f"/findings?kind={kind}")


# -- players -------------------------------------------------------------------------------


def test_players_filters_sort_and_pages(tab: Page, wide: Path) -> None:
    page = tab.open("/players")
    expected = stats_rows(wide, game="omaha-hilo", min_hands=2)
    assert len(expected) > 5
    page.select_option("#f-game", "omaha-hilo")
    page.fill("#f-min_hands", "2")
    before = tab.mark()
    page.click("form.filters button[type=submit]")
    tab.redrawn(before)
    assert page.url.endswith("/players?game=omaha-hilo&min_hands=2")
    assert page.locator(".pager .pg-where").first.inner_text().startswith(
        f"1\u2013{min(50, len(expected))} of {len(expected)}")
    heads = tab.headers()
    # most hands first, as hhtools stats lists them
    hands = [int(x.replace(",", "")) for x in tab.column(heads.index("Hands") + 1)]
    assert hands == sorted(hands, reverse=True) and hands[0] == expected[0]["hands"]
    # VPIP as hhtools stats counts it, the counts in the cell's title
    by_name = {r["player"]: r for r in expected}
    first = tab.column(1)[0]
    vpip = heads.index("VPIP") + 1
    cell = page.locator(f"main table.grid tbody tr:first-child td:nth-child({vpip})")
    assert cell.inner_text() == pct(by_name[first]["vpip"])
    assert cell.get_attribute("title") == (f"{by_name[first]['vpip_count']:,} of "
                                           f"{by_name[first]['vpip_opportunities']:,}")
    # a click on VPIP sorts highest first, a second click lowest first (nulls last)
    for desc in ("1", "0"):
        before = tab.mark()
        page.click("main th a[data-sort=vpip]")
        tab.redrawn(before)
        assert f"sort=vpip&desc={desc}" in page.url
        values = [float(v) for v in tab.column(heads.index("VPIP") + 1) if v != "\u2013"]
        assert values == sorted(values, reverse=desc == "1")
        # the first row holds the highest (lowest) VPIP of every player, not of a page
        known = [r["vpip"] for r in expected if r["vpip"] is not None]
        assert values[0] == float(pct(max(known) if desc == "1" else min(known)))
    # the filter form still holds the filters; the next page keeps them
    assert page.input_value("#f-game") == "omaha-hilo"
    if len(expected) > 50:
        before = tab.mark()
        page.locator(".pager a[aria-label='next page']").first.click()
        tab.redrawn(before)
        assert "page=2" in page.url and "game=omaha-hilo" in page.url
        assert page.locator(".pager .pg-where").first.inner_text().startswith("51\u2013")


def test_a_bad_filter_says_why_beside_its_field(tab: Page) -> None:
    page = tab.open("/players?min_hands=lots")
    error = page.locator("main .error").inner_text()
    assert "min_hands" in error and "whole number" in error
    assert page.get_attribute("#f-min_hands", "aria-invalid") == "true"
    page = tab.open("/hands?finding=nonsense")
    assert "unknown finding kind 'nonsense'" in page.locator("main .error").inner_text()


def test_a_player_stats_positions_graph_and_hands(tab: Page, wide: Path) -> None:
    tab.open("/players?game=omaha-hilo")
    page = tab.page
    name = tab.column(1)[0]
    page.locator("main table.grid tbody tr:first-child td:first-child a").click()
    tab.ready()
    assert page.url.split("?")[1] == "game=omaha-hilo"  # the filters travel
    assert page.locator("main h1").inner_text() == name
    (row,) = stats_rows(wide, player=name, game="omaha-hilo")
    stats = dict(zip(page.locator("dl.statgrid dt").all_inner_texts(),
                     page.locator("dl.statgrid dd").all_inner_texts(), strict=True))  # fmt: skip
    assert stats["Hands"] == f"{row['hands']:,}"
    assert stats["VPIP"] == pct(row["vpip"]) + "%" and stats["PFR"] == pct(row["pfr"]) + "%"
    hs = connect(wide)
    try:
        positions = hs.stats(by=("position",), player=name, game="omaha-hilo")
    finally:
        hs.close()
    cards = page.locator("main section.card")
    by_pos = cards.filter(has=page.locator("h2", has_text="By position"))
    assert by_pos.locator("tbody tr").count() == positions.height
    page.wait_for_selector(".js-plotly-plot")
    ((dealt,),) = sql(wide, "SELECT count(*) FROM seats s JOIN hands h USING (site, hand_id) "
                            "WHERE s.player = ? AND h.game = 'omaha-hilo'", [name])  # fmt: skip
    hands = cards.filter(has=page.locator("h2", has_text="Hands ("))
    assert hands.locator("h2").inner_text() == f"Hands ({dealt:,})"


# -- hands and the replayer ----------------------------------------------------------------


def seat(page: Any, player: str) -> Any:
    return page.locator(f"#replay .rp-seat[data-player='{player}']")


def test_replayer_steps_through_the_bovada_hand(tab: Page) -> None:
    """Bovada 3000000001 (tests/fixtures/bovada/hilo_side_pot_rake_printed.txt): stacks
    $10, $2, $10, $10; preflop 0.10 + 0.25 + 0.85 + 2.00 all-in + 1.75 + 1.15 = $6.00;
    flop 2h 5c 8d, $3 bet and called; river $4 bet folded to and returned: $12 in all."""
    page = tab.open("/hands/bovada/3000000001")
    label, pot = page.locator(".sv-label"), page.locator("#replay .rp-total")
    assert label.inner_text() == "Result"  # opens on the result
    assert pot.inner_text() == "pot $12.00"
    assert page.locator("#replay .rp-center .rp-card").count() == 5
    # the winners, and the two hole cards each used highlighted in their seats
    assert "sv-winner" in (seat(page, "Small Blind").get_attribute("class") or "")
    used = seat(page, "Small Blind").locator(".rp-used")
    assert sorted(used.evaluate_all("l => l.map(c => c.dataset.card)")) == ["2s", "Qd"]
    page.click("#step-first")
    assert label.inner_text() == "Before the first action" and pot.inner_text() == "pot $0.00"
    assert page.locator("#replay .rp-center .rp-card").count() == 0
    for _ in range(7):  # the seven preflop actions
        page.click("#step-forward")
    assert label.inner_text() == "Preflop: Dealer calls $1.15"
    assert pot.inner_text() == "pot $6.00"
    assert seat(page, "Small Blind").locator(".rp-stack").inner_text() == "$0.00"  # all in
    assert seat(page, "Dealer").locator(".rp-stack").inner_text() == "$8.00"
    assert "rp-folded" in (seat(page, "UTG").get_attribute("class") or "")
    assert "rp-folded" not in (seat(page, "Dealer").get_attribute("class") or "")
    page.click("#step-forward")
    assert label.inner_text() == "Flop: 2h 5c 8d"
    cards = page.locator("#replay .rp-center .rp-card")
    assert cards.evaluate_all("l => l.map(c => c.dataset.card)") == ["2h", "5c", "8d"]
    page.keyboard.press("ArrowLeft")  # the keyboard steps too
    assert label.inner_text() == "Preflop: Dealer calls $1.15"
    page.click(".sv-streets button:has-text('River')")
    assert label.inner_text() == "River: Qs"
    assert page.locator("#replay .rp-center .rp-card").count() == 5
    # the action list marks the step: the river's first action is next
    page.click("#step-forward")
    now = page.locator("#replay li.sv-now").inner_text()
    assert now == "Big Blind bets $4.00"
    page.click("#step-last")
    assert pot.inner_text() == "pot $12.00"
    # after the hand: Big Blind $10.00 + $3.55, Small Blind $2.00 + $0.85, Dealer - $5.00
    stacks = {p: seat(page, p).locator(".rp-stack").inner_text()
              for p in ("Big Blind", "Small Blind", "Dealer", "UTG")}  # fmt: skip
    assert stacks == {"Big Blind": "$13.55", "Small Blind": "$2.85", "Dealer": "$5.00",
                      "UTG": "$10.00"}  # fmt: skip


def test_hands_list_filter_open_and_walk_prev_next(tab: Page, wide: Path) -> None:
    page = tab.open("/hands")
    page.fill("#f-site", "bovada")
    before = tab.mark()
    page.click("form.filters button[type=submit]")
    tab.redrawn(before)
    assert page.url.endswith("/hands?site=bovada")
    ids = [r[0] for r in sql(wide, "SELECT hand_id FROM hands WHERE site = 'bovada' ORDER BY "
                                   "started_at DESC, site DESC, hand_id DESC")]  # fmt: skip
    assert len(ids) >= 3
    heads = tab.headers()
    assert tab.column(heads.index("Hand") + 1) == ids[:50]
    page.locator("main table.grid tbody tr:first-child td a.mono").click()
    tab.ready()
    assert page.url.endswith(f"/hands/bovada/{ids[0]}?site=bovada")
    assert page.locator("#prev-hand").count() == 0  # the first of the list
    for k in (1, 2):
        page.click("#next-hand")
        tab.ready()
        assert page.url.endswith(f"/hands/bovada/{ids[k]}?site=bovada")
        assert page.locator("main h1").inner_text().startswith(f"Hand {ids[k]}")
    page.click("#prev-hand")
    tab.ready()
    assert page.url.endswith(f"/hands/bovada/{ids[1]}?site=bovada")
    page.click(".handnav a:has-text('list')")
    tab.ready()
    assert page.url.endswith("/hands?site=bovada")


def test_an_old_link_with_limit_shows_and_keeps_its_structure(tab: Page, wide: Path) -> None:
    # limit= is the old name of structure= (docs/serve.md): a link written before the
    # rename filters as it did, its form shows the filter, and the page's links and the
    # form's Apply carry it under the new name (not dropped, nor both names at once)
    ((fixed,),) = sql(wide, "SELECT count(*) FROM hands WHERE structure = 'limit'")
    assert fixed > 0
    page = tab.open("/hands?limit=limit")
    assert listed(page) == fixed
    assert page.input_value("#f-structure") == "limit"
    sort = page.locator("main a.sort[data-sort=pot]").get_attribute("href")
    assert "structure=limit" in sort and "&limit=" not in sort and "?limit=" not in sort
    before = tab.mark()
    page.click("form.filters button[type=submit]")
    tab.redrawn(before)
    assert page.url.endswith("/hands?structure=limit")
    assert listed(page) == fixed
    page = tab.open("/hands?limit=nonsense")  # its error marks the field it now fills
    assert page.get_attribute("#f-structure", "aria-invalid") == "true"


def test_sorting_hands_by_pot(tab: Page, wide: Path) -> None:
    page = tab.open("/hands?currency=USD")
    before = tab.mark()
    page.click("main th a[data-sort=pot]")
    tab.redrawn(before)
    assert "sort=pot&desc=1" in page.url
    ((top,),) = sql(wide, "SELECT max(total_pot) FROM hands WHERE currency = 'USD'")
    pots = tab.column(tab.headers().index("Pot") + 1)
    assert pots[0] == f"${top // 100:,}.{top % 100:02d}"


def test_a_finding_leads_to_its_hand(tab: Page, wide: Path) -> None:
    page = tab.open("/findings?kind=award_mismatch")
    ((n,),) = sql(wide, "SELECT count(*) FROM findings WHERE kind = 'award_mismatch'")
    assert listed(page) == n
    explanation = page.locator("main table.grid tbody tr:first-child .explain").inner_text()
    page.locator("main table.grid tbody tr:first-child a.mono").click()
    tab.ready()
    assert "finding=award_mismatch" in page.url
    assert explanation in page.locator("#replay .rp-findings").inner_text()
    assert page.locator("#replay tr.rp-diff").count() >= 1  # paid and due differ


def test_problems_show_file_line_and_reason(tab: Page, wide: Path) -> None:
    page = tab.open("/problems")
    rows = sql(wide, "SELECT file, line, message FROM import_errors WHERE NOT "
                     "coalesce(is_note, false) ORDER BY file, line, hand_id LIMIT 3")  # fmt: skip
    where = page.locator("main table.grid tbody td:first-child .where")
    assert where.evaluate_all("l => l.map(e => e.textContent)")[:3] == [
        f"{f}:{line}" for f, line, _ in rows]
    reasons = tab.column(4)[:3]
    assert all(r.startswith(m) for r, (_, _, m) in zip(reasons, rows, strict=True))
    page = tab.open("/imports")
    ((files,),) = sql(wide, "SELECT count(*) FROM imports")
    assert listed(page) == files


def test_hostile_names_stay_text(tab: Page) -> None:
    page = tab.open("/hands?player=" + HOSTILE.replace("<", "%3C").replace(">", "%3E"))
    heads = tab.headers()
    assert tab.column(heads.index("Table") + 1) == [HOSTILE_TABLE]
    page.locator("main table.grid tbody a.mono").click()
    tab.ready()
    name = page.locator(f"#replay .rp-seat .rp-name[title='{HOSTILE}']")
    assert name.inner_text() == HOSTILE
    assert HOSTILE_TABLE in page.locator(".rp-meta").first.inner_text()
    assert page.locator("img").count() == 0  # the table's <img> stayed text
    page.locator(f"#replay .rp-nets a:has-text('{HOSTILE}')").click()
    tab.ready()
    assert page.locator("main h1").inner_text() == HOSTILE
    assert page.title() == f"{HOSTILE} \u00b7 hhtools"
    # no script element but the shell's: the server's files and the forms' words
    assert page.evaluate("[...document.scripts].every(s => s.src ? new URL(s.src).pathname"
                         ".startsWith('/static/') : s.type === 'application/json')")
    # Page.close asserts that no dialog fired and no script error happened


@pytest.mark.parametrize("width", [1400, 390])
def test_pages_fit_the_window(browser: Any, server: Server, width: int) -> None:
    tab = Page(browser, server.url, width=width, height=900 if width > 1000 else 844)
    try:
        for path in ("/", "/players", "/players/Hero", "/hands", "/hands/bovada/3000000001",
                     "/findings", "/problems", "/imports"):
            page = tab.open(path)
            # wide tables scroll inside their own box, never the page
            scroll = page.evaluate("document.documentElement.scrollWidth")
            assert scroll <= width, (path, scroll)
    finally:
        tab.close()


# -- live ----------------------------------------------------------------------------------


def test_new_hands_appear_while_a_watch_writes(browser: Any, tmp_path: Path) -> None:
    folder, db = tmp_path / "hh", tmp_path / "live.duckdb"
    folder.mkdir()
    stats = FIXTURES / "pokerstars"
    (folder / "one.txt").write_bytes((stats / "stats_walk.txt").read_bytes())
    import_paths([folder], db, workers=1)
    server = Server(db, poll=0.3)
    proc = subprocess.Popen(
        [sys.executable, "-m", "hhtools", "watch", str(folder), "--db", str(db),
         "--settle", "0.2"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    tab = Page(browser, server.url)
    try:
        page = tab.open("/hands")
        assert page.locator(".pager .pg-where").first.inner_text().startswith("1\u20131 of 1")
        page.wait_for_selector("#live:has-text('live')")
        page.evaluate("window.__sameDocument = true")
        for name in ("stats_cbet_fold.txt", "stats_heads_up.txt"):
            (folder / name).write_bytes((stats / name).read_bytes())
        page.wait_for_selector("main table.grid tbody tr:nth-child(3) a.mono")
        ids = page.locator("main table.grid tbody a.mono").all_inner_texts()
        assert sorted(ids) == ["300000000001", "300000000003", "300000000005"]
        assert page.evaluate("window.__sameDocument") is True  # no reload
        assert re.match(r"2 new hands", page.locator("#live").inner_text())
    finally:
        tab.close()
        proc.send_signal(signal.SIGTERM)
        try:
            _, err = proc.communicate(timeout=DEADLINE)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
        server.stop()
    assert proc.returncode == 0, err
