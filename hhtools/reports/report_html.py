"""The report as an HTML page and a folder beside it (``hhtools report --format html``).

``report.html`` and ``report_files/`` open offline: the styles, a few lines of script
(sorting and paging the tables, showing the hidden findings) and the charts' points
are in the page; plotly.js and the rows of the tables longer than a page are files in
the folder, read by the page (``<script src>``, which works from ``file://``); nothing
is fetched from the network. The page's size does not grow with the hands or the
players: a table of 10,000 players shows its first page, the rest a click away.
What it holds, top to bottom:

* the totals (hands, scoops, quarters, counterfeited lows, findings);
* one chart of cumulative winnings per currency (US dollars, euros... each on its own
  axis; tournament chips and play money on charts of their own, never added to money),
  a solid line per player and, when ``hhtools ev`` has worked out all-in equities, a
  dashed line of the same colour with the all-in expectation in place of the result
  (the "all-in EV" line), colours from a 24-colour qualitative palette;
* the statistics per player (``hhtools stats``: VPIP, PFR, 3-bet ... as percentages,
  the counts behind each in the cell's tooltip) and the money per player, currency and
  betting structure; the same per game and betting structure;
* the results per player, game, structure, stakes and currency (``player_results``);
* the findings, the kinds that say the site paid or counted wrong first
  (award_mismatch, chip_imbalance, declared_misread), ``holdem_misread_prone`` behind a
  toggle; each hand number links to a replay of the hand on the same page
  (:func:`hhtools.reports.replay_html.replay_fragment`), shown over the page when its
  link is followed.

Every table sorts by a click on its header (numbers by value: each number cell
carries its raw value; a paged table sorts all its rows). The page fits a 1,400-pixel-wide window: wide tables scroll
inside their own box, never the page.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from hhtools.model.money import format_money
from hhtools.reports.replay_html import REPLAY_CSS, replay_fragment, replay_id
from hhtools.reports.report import FINDING_ORDER, FINDINGS_HIDDEN, FINDINGS_LISTED, Report
from hhtools.reports.report_tables import (
    PAGING_SCRIPT,
    RATIO_COLUMNS,
    Column,
    PagedTable,
    cell_html,
    first_number,
    frame_columns,
    stats_columns,
)

if TYPE_CHECKING:
    import polars as pl

__all__ = ["FILES_SUFFIX", "PLOTLY_JS", "RATIO_COLUMNS", "chart_html", "page_files", "palette",
           "replay_id", "to_html"]

#: Currencies that are not money: charted on their own, after the money.
NOT_MONEY = ("CHIPS", "PLAY")
#: The folder beside a page ``NAME.html`` that holds the files it reads: ``NAME_files``.
FILES_SUFFIX = "_files"
#: plotly.js's file name in that folder.
PLOTLY_JS = "plotly.min.js"


def palette() -> list[str]:
    """Line colours: the ten of D3's category10 (distinct on white, most of them told
    apart with the common colour-vision deficiencies), then Dark24's, none twice."""
    import plotly.colors

    colours = [c.upper() for c in plotly.colors.qualitative.D3]
    return colours + [c.upper() for c in plotly.colors.qualitative.Dark24 if c.upper() not in colours]


def _plotly_file() -> Path:
    """plotly.js as the plotly package ships it (minified)."""
    import plotly

    return Path(plotly.__file__).parent / "package_data" / PLOTLY_JS


def _template() -> Any:
    """plotly's ``plotly_white`` template as plotly writes it into a figure's layout."""
    path = Path(_plotly_file()).parent / "templates" / "plotly_white.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError:  # another packaging of plotly: ask plotly itself
        import plotly.io

        return plotly.io.templates["plotly_white"].to_plotly_json()


def _script_json(value: Any) -> str:
    """``value`` as JSON safe inside an inline ``<script>`` (no ``<``, ``>``, ``&``)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


# ----------------------------------------------------------------------------- charts
def chart_html(cumulative: pl.DataFrame, has_ev: bool = False, include_js: bool = True,
               folder: str = "report_files") -> str:  # fmt: skip
    """Cumulative winnings over hands, one plotly chart per currency, as HTML.

    The figures are written as plotly's JSON (``Plotly.newPlot(id, data, layout,
    config)``) without building them through plotly's Python objects, whose checks of
    every point cost seconds over a large store.

    Args:
        cumulative: rows of the report's cumulative query (``player``, ``currency``,
            ``n``, ``cumulative`` in minor units, ``ev_cumulative`` in minor units).
        has_ev: draw the all-in EV line (dashed, the player's colour) beside each line.
        include_js: load plotly.js once, before the first chart, from ``folder``
            (:data:`PLOTLY_JS`, which :func:`page_files` puts there: the page works
            offline).
        folder: the folder beside the page, relative to it.

    Returns:
        One ``<div class="chart">`` per currency (money first, then chips and play
        money); a sentence when there is nothing to draw.
    """
    if not cumulative.height:
        return '<p class="note">No hands to chart.</p>'
    colours = palette()
    players = sorted(set(cumulative["player"].to_list()))
    colour = {p: colours[i % len(colours)] for i, p in enumerate(players)}
    currencies = sorted(set(cumulative["currency"].to_list()),
                        key=lambda c: (c in NOT_MONEY, c))  # fmt: skip
    template = _template()
    config = {"responsive": True, "displaylogo": False}
    parts = []
    for k, currency in enumerate(currencies):
        scale = 1 if currency in NOT_MONEY else 100
        unit = html.escape({"CHIPS": "chips", "PLAY": "play money"}.get(currency, currency))
        traces: list[dict[str, Any]] = []
        part = cumulative.filter(cumulative["currency"] == currency)
        for (player,), line in part.group_by(["player"], maintain_order=True):
            xs = [0, *line["n"].to_list()]  # every line starts at (0, 0): before the first hand
            name = html.escape(str(player))
            traces.append({
                "hovertemplate": f"hand %{{x}}: %{{y:,.2f}} {unit}<extra>%{{fullData.name}}</extra>",
                "legendgroup": str(player), "line": {"color": colour[player], "width": 2},
                "mode": "lines" if line.height > 30 else "lines+markers", "name": name,
                "x": xs, "y": [0.0, *(v / scale for v in line["cumulative"].to_list())],
                "type": "scatter",
            })  # fmt: skip
            if has_ev:
                traces.append({
                    "hovertemplate": f"hand %{{x}}: %{{y:,.2f}} {unit} (all-in EV)"
                                     "<extra>%{fullData.name}</extra>",
                    "legendgroup": str(player),
                    "line": {"color": colour[player], "dash": "dash", "width": 1.5},
                    "mode": "lines", "name": f"{name} all-in EV",
                    "x": xs, "y": [0.0, *(v / scale for v in line["ev_cumulative"].to_list())],
                    "type": "scatter",
                })  # fmt: skip
        layout = {
            "template": template, "title": {"text": f"Cumulative winnings, {unit}"},
            "xaxis": {"title": {"text": "hands played"}},
            "yaxis": {"title": {"text": f"net won ({unit})"}},
            "height": 440, "autosize": True, "margin": {"l": 60, "r": 20, "t": 50, "b": 40},
            "legend": {"orientation": "h", "y": -0.2},
        }  # fmt: skip
        ident = f"chart-{k}"
        script = ""
        if include_js and k == 0:
            src = html.escape(f"{quote(folder)}/{PLOTLY_JS}")
            script = f'<script src="{src}"></script>'
        parts.append(
            f'<div class="chart">{script}<div style="height:440px; width:100%;"><div '
            f'id="{ident}" class="plotly-graph-div" style="height:100%; width:100%;"></div>'
            f'<script>if (window.Plotly) {{ Plotly.newPlot("{ident}", {_script_json(traces)}, '
            f"{_script_json(layout)}, {_script_json(config)}); }} else {{ document."
            f'getElementById("{ident}").textContent = "The chart needs {PLOTLY_JS} in the '
            'folder beside the page."; }</script></div></div>'
        )  # fmt: skip
    return "\n".join(parts)


# ----------------------------------------------------------------------------- findings
def findings_html(report: Report) -> tuple[str, str]:
    """The findings listed (each hand linked to its replay) and the replays.

    Returns:
        ``(list, replays)``: the findings' HTML (counts per kind, a toggle for the
        hidden kinds, a sortable table) and the replay sections of the linked hands.
    """
    counts = {str(k): int(n) for k, n in report.findings.iter_rows()}
    if not counts:
        return "<p>No findings: every audited pot was paid by the rules.</p>", ""
    hidden_total = sum(n for k, n in counts.items() if k in FINDINGS_HIDDEN)
    summary = ", ".join(f"{html.escape(k)}: {n:,}" for k, n in counts.items())
    toggle = ""
    if hidden_total:
        names = ", ".join(FINDINGS_HIDDEN)
        toggle = (f'<label class="toggle"><input type="checkbox" id="show-hidden"> show '
                  f"{hidden_total:,} {html.escape(names)} (a warning that the hand is easy "
                  "to misread as hold'em, not a wrong payout)</label>")  # fmt: skip
    rows = []
    replayed = report.hands_data
    frame = report.finding_rows
    for r in frame.iter_rows(named=True):
        key = (r["site"], r["hand_id"])
        anchor = replay_id(*key)
        hand = html.escape(str(r["hand_id"]))
        link = f'<a href="#{html.escape(anchor)}">{hand}</a>' if key in replayed else hand
        paid, due = (("" if v is None else format_money(v, r["currency"]))
                     for v in (r["paid"], r["due"]))  # fmt: skip
        where = f"{r['file']}:{r['line']}"
        hidden = r["kind"] in FINDINGS_HIDDEN
        cls = ' class="hidden-kind"' if hidden else ""
        rows.append(
            f"<tr{cls}>{cell_html(str(r['kind']))}<td>{link}</td>{cell_html(str(r['site']))}"
            f"{cell_html(str(r['player'] or ''))}{cell_html(_pot_text(r))}"
            f"{cell_html(paid, r['paid'], numeric=True)}"
            f"{cell_html(due, r['due'], numeric=True)}"
            f"{cell_html(str(r['explanation'] or ''))}{cell_html(where)}</tr>"
        )  # fmt: skip
    listed = frame.height
    total = sum(counts.values())
    more = ""
    if listed < total:
        more = (f'<p class="note">{listed:,} of {total:,} findings listed (at most '
                f"{FINDINGS_LISTED:,} shown and {FINDINGS_LISTED:,} hidden); "
                "<code>hhtools audit</code> lists them all.</p>")  # fmt: skip
    head = "".join(f'<th title="sort">{c}</th>' for c in (
        "kind", "hand", "site", "player", "pot", "paid", "due", "explanation", "source line"))
    table = (f'<div class="scroll"><table class="sortable" id="findings-table"><thead><tr>'
             f"{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>")  # fmt: skip
    if hidden_total == total:  # no row shown until the toggle: say so, not a bare header
        table = (f'<p class="none-shown">Findings shown: none (tick the box above for the '
                 f'{hidden_total:,} hidden).</p><div class="all-hidden">{table}</div>')  # fmt: skip
    body = f'<p>{summary}</p>{toggle}{table}{more}'
    return body, _replays(report)


def _pot_text(r: dict[str, Any]) -> str:
    if r.get("pot") is None:
        return ""
    pot = "main pot" if r["pot"] == 0 else f"side pot {r['pot']}"
    return f"{pot} {r['half']}" if r.get("half") else pot


def _replays(report: Report) -> str:
    if not report.hands_data:
        return ""
    parts = []
    for data in report.hands_data.values():
        parts.append('<div class="overlay"><p><a class="close" href="#findings">close the '
                     f"replay</a></p>{replay_fragment(data)}<p><a class=\"close\" "
                     'href="#findings">back to the findings</a></p></div>')
    return "\n".join(parts)


# ----------------------------------------------------------------------------- the page
_CSS = """
* { box-sizing: border-box; }
body { font-family: system-ui, -apple-system, Segoe UI, Roboto, sans-serif; margin: 0;
       color: #1d2330; background: #fff; }
main { max-width: 1380px; margin: 0 auto; padding: 16px 20px 40px; }
h1 { font-size: 1.6em; margin: 0.3em 0 0.2em; }
h2 { font-size: 1.2em; margin-top: 1.6em; border-bottom: 1px solid #dde; padding-bottom: 4px; }
h3 { font-size: 1.02em; margin: 1.2em 0 0.3em; }
.meta { color: #555; margin-bottom: 1em; }
.totals { display: flex; gap: 12px; flex-wrap: wrap; margin: 12px 0; }
.total { border: 1px solid #dde; border-radius: 6px; padding: 8px 14px; background: #f7f8fb; }
.total b { display: block; font-size: 1.3em; }
.chart { border: 1px solid #eef; border-radius: 6px; margin: 10px 0; max-width: 100%;
         overflow: hidden; }
table { border-collapse: collapse; font-size: 0.84em; margin: 6px 0; }
th, td { border: 1px solid #dde; padding: 3px 7px; }
th { background: #eef0f6; text-align: left; position: sticky; top: 0; cursor: pointer;
     user-select: none; white-space: nowrap; }
th[data-dir="asc"]::after { content: " \\25B2"; font-size: 0.8em; }
th[data-dir="desc"]::after { content: " \\25BC"; font-size: 0.8em; }
.scroll { overflow: auto; max-width: 100%; max-height: 640px; }
td { white-space: nowrap; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
tr:nth-child(even) td { background: #fafbfd; }
.note { color: #666; font-size: 0.85em; }
.toggle { display: block; margin: 6px 0; font-size: 0.9em; }
tr.hidden-kind { display: none; }
body.show-hidden tr.hidden-kind { display: table-row; }
.all-hidden { display: none; }
body.show-hidden .all-hidden { display: block; }
body.show-hidden .none-shown { display: none; }
.overlay { display: none; }
.overlay:has(> .replay:target) { display: block; position: fixed; inset: 24px; z-index: 10;
    overflow: auto; background: #fff; border: 1px solid #99a; border-radius: 8px;
    box-shadow: 0 8px 40px rgba(0,0,0,.35); padding: 12px 20px; }
.overlay .replay { display: block; }
a.close { font-weight: 600; }
.pager { margin: 4px 0 10px; font-size: 0.85em; color: #444; }
.pager button { font: inherit; padding: 1px 8px; margin: 0 4px; cursor: pointer; }
.pager button:disabled { cursor: default; }
"""

def to_html(report: Report, folder: str = "report_files") -> str:
    """The report's page (:func:`page_files`' page alone).

    Args:
        report: from :func:`hhtools.reports.report.build_report` (with ``page=True``
            for the statistics, the findings listed and their replays).
        folder: the folder beside the page that holds the files it reads.

    Returns:
        The page's text (UTF-8 when written).
    """
    return page_files(report, folder)[0]


def page_files(report: Report, folder: str = "report_files",
               page_rows: int | None = None) -> tuple[str, dict[str, bytes | Path]]:  # fmt: skip
    """The report as one HTML page and the files it reads from the folder beside it.

    The page holds the styles, the script, the totals, the charts' points, the first
    page of each table, the findings listed and their replays: its size does not grow
    with the hands or the players. Beside it, in ``folder``: plotly.js, and the rows
    of each table longer than a page, read by the page when asked for
    (:mod:`hhtools.reports.report_tables`). Nothing is fetched from the network.

    Args:
        report: from :func:`hhtools.reports.report.build_report` (with ``page=True``
            for the statistics, the findings listed and their replays).
        folder: the folder's name, relative to the page (``report_files`` beside
            ``report.html``: :data:`FILES_SUFFIX`).
        page_rows: rows of a table shown at once (default
            :data:`hhtools.reports.report_tables.PAGE_ROWS`).

    Returns:
        ``(page, files)``: the page's text (UTF-8 when written) and ``{file name in
        the folder: its UTF-8 bytes, or the path of a file to copy}``.
    """
    results = report.results
    n_findings = int(report.findings["findings"].sum()) if report.findings.height else 0
    totals = [("hands", report.hands), ("judged in full",
              report.hands - report.read_in_part - report.not_told),
              ("read in part", report.read_in_part), *report.totals.items(),
              ("findings", n_findings)]  # fmt: skip
    totals_html = "".join(
        f'<div class="total">{html.escape(k)}<b>{v:,}</b></div>' for k, v in totals
    )
    findings, replays = findings_html(report)
    ev_note = ("Dashed: the all-in EV line (each all-in's expectation in place of its "
               "result, from <code>hhtools ev</code>)." if report.has_ev else
               "Run <code>hhtools ev</code> to add the all-in EV line.")  # fmt: skip
    files: dict[str, bytes | Path] = {}
    if report.cumulative.height:
        files[PLOTLY_JS] = _plotly_file()
    extra = {} if page_rows is None else {"page_rows": page_rows}

    def table(table_id: str, make: Callable[[], list[Column]]) -> str:
        # made already in a thread of build_report (Report.prepared), else here
        got = report.prepared.get(table_id)
        ready = got.result() if got is not None else None
        paged = PagedTable(table_id, ready.columns if ready else make(), folder, **extra)
        if paged.paged:
            files[paged.file_name] = ready.script if ready else paged.script().encode("utf-8")
        return paged.html()

    sections = [
        f"<h2>Cumulative winnings</h2><p class=\"note\">{ev_note} Each currency on its own "
        "chart; tournament chips and play money apart from money.</p>"
        + chart_html(report.cumulative, report.has_ev, folder=folder),
    ]
    if report.player_stats.height:
        sections.append(
            "<h2>Players</h2><h3>Statistics (percent; hover a cell for its counts)</h3>"
            + table("player-stats", lambda: stats_columns(report.player_stats, ["player"]))
            + "<h3>Money per currency and betting structure</h3>"
            + table("player-money", lambda: frame_columns(report.player_money, 3))
        )
    if report.game_stats.height:
        sections.append(
            "<h2>Games and betting structures</h2>"
            + table("game-stats", lambda: stats_columns(report.game_stats, ["game", "limit"]))
            + table("game-money", lambda: frame_columns(report.game_money, 3))
        )
    sections.append(
        "<h2>Results per player, game, betting structure, stakes and currency</h2>"
        + table("results", lambda: frame_columns(results, first_number(results)))
    )
    first = ", ".join(FINDING_ORDER)
    sections.append(f'<h2 id="findings">Findings</h2><p class="note">{html.escape(first)} '
                    "first: the site paid, counted or named a hand other than the rules "
                    f"say. Click a hand number for its replay. "
                    f"{html.escape(report.judged_line())}: a hand read in part has lines "
                    "hhtools did not understand, and no finding is made on what they could "
                    f"change.</p>{findings}")  # fmt: skip
    title = "hhtools report"
    described = html.escape(report.filter.describe())
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}: {described}</title>
<style>{_CSS}{REPLAY_CSS}</style></head>
<body><main>
<h1>{title}</h1>
<div class="meta">{described} &middot; made {report.made_at:%Y-%m-%d %H:%M} UTC &middot;
money in the hand's currency (chips for tournaments and play money)</div>
<div class="totals">{totals_html}</div>
{"".join(sections)}
<p class="note">limit: the betting structure, FL (fixed limit), PL (pot limit) or NL (no
limit), never added together (column <code>structure</code> in CSV, JSON and Parquet);
net_won: collected less put in plus uncalled bets returned; vpip and pfr in percent of
hands; won_high / won_low: pots won (wholly or in part) against another player;
rake_paid: each hand's rake shared in proportion to what was put in; the statistics as
<code>hhtools schema</code> defines them.</p>
</main>
{replays}
<script>{PAGING_SCRIPT}</script>
</body></html>
"""
    return page, files


