"""The report as one self-contained HTML page (``hhtools report --format html``).

One file that opens offline: the styles, a few lines of script (sorting the tables,
showing the hidden findings) and plotly.js are inlined; nothing is fetched. What it
holds, top to bottom:

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
carries its raw value). The page fits a 1,400-pixel-wide window: wide tables scroll
inside their own box, never the page.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from hhtools.model.money import format_money
from hhtools.reports.cells import STRUCTURE_SHORT, display_rows
from hhtools.reports.replay_html import REPLAY_CSS, replay_fragment, replay_id
from hhtools.reports.report import FINDING_ORDER, FINDINGS_HIDDEN, FINDINGS_LISTED, Report

if TYPE_CHECKING:
    import polars as pl

__all__ = ["chart_html", "palette", "replay_id", "to_html"]

#: At most this many result rows in the HTML table (all of them in CSV/JSON/Parquet).
HTML_ROWS = 300
#: At most this many rows in the statistics tables (most hands first).
STATS_ROWS = 300
#: The ratios of ``hhtools stats`` shown on the page, in this order.
RATIO_COLUMNS = ("vpip", "pfr", "three_bet", "fold_to_three_bet", "cbet", "fold_to_cbet",
                 "wtsd", "wsd", "wwsf", "scoop", "quartered", "won_high", "won_low")  # fmt: skip
#: Currencies that are not money: charted on their own, after the money.
NOT_MONEY = ("CHIPS", "PLAY")


def palette() -> list[str]:
    """Line colours: the ten of D3's category10 (distinct on white, most of them told
    apart with the common colour-vision deficiencies), then Dark24's, none twice."""
    import plotly.colors

    colours = [c.upper() for c in plotly.colors.qualitative.D3]
    return colours + [c.upper() for c in plotly.colors.qualitative.Dark24 if c.upper() not in colours]


# ----------------------------------------------------------------------------- tables
def _cell(text: str, value: Any = None, tip: str | None = None, numeric: bool = False) -> str:
    attrs = ""
    if numeric:
        attrs += ' class="num"'
        if value is not None:
            attrs += f' data-v="{value}"'
    if tip:
        attrs += f' title="{html.escape(tip)}"'
    return f"<td{attrs}>{html.escape(text)}</td>"


def _table(columns: list[str], rows: list[str], table_id: str = "") -> str:
    """A sortable table from header names and ready ``<tr>`` rows."""
    head = "".join(f'<th title="sort">{html.escape(c.replace("_", " "))}</th>' for c in columns)
    ident = f' id="{table_id}"' if table_id else ""
    return (f'<div class="scroll"><table class="sortable"{ident}><thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table></div>")  # fmt: skip


def frame_table(frame: pl.DataFrame, numeric_from: int, table_id: str = "") -> str:
    """A frame as a sortable HTML table: money formatted in each row's currency, limits
    as FL/PL/NL, numbers right-aligned and sorted by value.

    Args:
        frame: rows to show (money columns in minor units beside ``currency``).
        numeric_from: index of the first numeric column (after ``site`` is left out).
        table_id: the table's ``id`` attribute.

    Returns:
        The HTML of the table in its scrolling box.
    """
    columns, rows = display_rows(frame)
    raw = [c for c in frame.columns if c != "site"]
    values = [frame[c].to_list() for c in raw]
    out = []
    for i, row in enumerate(rows):
        cells = []
        for j, text in enumerate(row):
            numeric = j >= numeric_from
            v = values[j][i]
            cells.append(_cell(text, v if numeric and isinstance(v, int | float) else None,
                               numeric=numeric))  # fmt: skip
        out.append(f"<tr>{''.join(cells)}</tr>")
    return _table(columns, out, table_id)


def stats_table(stats: pl.DataFrame, dims: list[str], table_id: str) -> str:
    """The ratios of ``hhtools stats`` as percentages (tooltip: count / opportunities).

    Args:
        stats: :meth:`HandStore.stats_frames`' first frame.
        dims: its group columns (``player``; ``game``, ``limit``).
        table_id: the table's ``id``.
    """
    head = [*dims, "hands", *RATIO_COLUMNS, "af", "afq"]
    rows = []
    for r in stats.head(STATS_ROWS).iter_rows(named=True):
        cells = [_cell(STRUCTURE_SHORT.get(str(r[d]), str(r[d])) if d == "limit" else str(r[d]))
                 for d in dims]  # fmt: skip
        cells.append(_cell(f"{r['hands']:,}", r["hands"], numeric=True))
        for name in RATIO_COLUMNS:
            v, n, d = r[name], r[f"{name}_count"], r[f"{name}_opportunities"]
            text = "" if v is None else f"{100 * v:.1f}"
            tip = None if n is None or d is None else f"{n:,} of {d:,}"
            cells.append(_cell(text, None if v is None else round(100 * v, 3), tip,
                               numeric=True))  # fmt: skip
        for name in ("af", "afq"):
            v = r[name]
            text = "" if v is None else (f"{v:.2f}" if name == "af" else f"{100 * v:.1f}")
            cells.append(_cell(text, None if v is None else round(float(v), 4), numeric=True))
        rows.append(f"<tr>{''.join(cells)}</tr>")
    return _table(head, rows, table_id)


# ----------------------------------------------------------------------------- charts
def chart_html(cumulative: pl.DataFrame, has_ev: bool = False, include_js: bool = True) -> str:
    """Cumulative winnings over hands, one plotly chart per currency, as HTML.

    Args:
        cumulative: rows of the report's cumulative query (``player``, ``currency``,
            ``n``, ``cumulative`` in minor units, ``ev_cumulative`` in minor units).
        has_ev: draw the all-in EV line (dashed, the player's colour) beside each line.
        include_js: inline plotly.js once, in the first chart (the page then works
            offline).

    Returns:
        One ``<div class="chart">`` per currency (money first, then chips and play
        money); a sentence when there is nothing to draw.
    """
    import plotly.graph_objects as go

    if not cumulative.height:
        return '<p class="note">No hands to chart.</p>'
    colours = palette()
    players = sorted(set(cumulative["player"].to_list()))
    colour = {p: colours[i % len(colours)] for i, p in enumerate(players)}
    currencies = sorted(set(cumulative["currency"].to_list()),
                        key=lambda c: (c in NOT_MONEY, c))  # fmt: skip
    parts = []
    for k, currency in enumerate(currencies):
        scale = 1 if currency in NOT_MONEY else 100
        unit = {"CHIPS": "chips", "PLAY": "play money"}.get(currency, currency)
        fig = go.Figure()
        part = cumulative.filter(cumulative["currency"] == currency)
        for (player,), line in part.group_by(["player"], maintain_order=True):
            xs = [0, *line["n"].to_list()]
            fig.add_trace(go.Scatter(  # every line starts at (0, 0): before the first hand
                x=xs, y=[0.0, *(v / scale for v in line["cumulative"].to_list())],
                mode="lines" if line.height > 30 else "lines+markers",
                name=html.escape(str(player)), legendgroup=str(player),
                line={"color": colour[player], "width": 2},
                hovertemplate="hand %{x}: %{y:,.2f} " + html.escape(unit)
                + "<extra>%{fullData.name}</extra>",
            ))  # fmt: skip
            if has_ev:
                fig.add_trace(go.Scatter(
                    x=xs, y=[0.0, *(v / scale for v in line["ev_cumulative"].to_list())],
                    mode="lines", name=f"{html.escape(str(player))} all-in EV",
                    legendgroup=str(player),
                    line={"color": colour[player], "width": 1.5, "dash": "dash"},
                    hovertemplate="hand %{x}: %{y:,.2f} " + html.escape(unit)
                    + " (all-in EV)<extra>%{fullData.name}</extra>",
                ))  # fmt: skip
        fig.update_layout(
            title=f"Cumulative winnings, {html.escape(unit)}",
            xaxis_title="hands played", yaxis_title=f"net won ({html.escape(unit)})",
            template="plotly_white", height=440, autosize=True,
            margin={"l": 60, "r": 20, "t": 50, "b": 40},
            legend={"orientation": "h", "y": -0.2},
        )  # fmt: skip
        div = fig.to_html(full_html=False, include_plotlyjs=bool(include_js and k == 0),
                          config={"responsive": True, "displaylogo": False})  # fmt: skip
        parts.append(f'<div class="chart">{div}</div>')
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
            f"<tr{cls}>{_cell(str(r['kind']))}<td>{link}</td>{_cell(str(r['site']))}"
            f"{_cell(str(r['player'] or ''))}{_cell(_pot_text(r))}"
            f"{_cell(paid, r['paid'], numeric=True)}{_cell(due, r['due'], numeric=True)}"
            f"{_cell(str(r['explanation'] or ''))}{_cell(where)}</tr>"
        )  # fmt: skip
    listed = frame.height
    total = sum(counts.values())
    more = ""
    if listed < total:
        more = (f'<p class="note">{listed:,} of {total:,} findings listed (at most '
                f"{FINDINGS_LISTED:,} shown and {FINDINGS_LISTED:,} hidden); "
                "<code>hhtools audit</code> lists them all.</p>")  # fmt: skip
    table = _table(["kind", "hand", "site", "player", "pot", "paid", "due", "explanation",
                    "source line"], rows, "findings-table")  # fmt: skip
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
"""

_SCRIPT = """
(function () {
  function key(row, i) {
    var c = row.cells[i];
    if (!c) return "";
    var v = c.getAttribute("data-v");
    if (c.classList.contains("num")) return v === null || v === "" ? -Infinity : parseFloat(v);
    return c.textContent.toLowerCase();
  }
  document.querySelectorAll("table.sortable").forEach(function (table) {
    var heads = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(heads, function (th, i) {
      th.addEventListener("click", function () {
        var asc = th.getAttribute("data-dir") !== "asc";
        Array.prototype.forEach.call(heads, function (h) { h.removeAttribute("data-dir"); });
        th.setAttribute("data-dir", asc ? "asc" : "desc");
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = key(a, i), y = key(b, i);
          var d = (typeof x === "number" && typeof y === "number") ? x - y
                  : String(x).localeCompare(String(y));
          return asc ? d : -d;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
  });
  var box = document.getElementById("show-hidden");
  if (box) box.addEventListener("change", function () {
    document.body.classList.toggle("show-hidden", box.checked);
  });
})();
"""


def to_html(report: Report) -> str:
    """The report as one self-contained HTML page (styles, script and plotly.js inlined).

    Args:
        report: from :func:`hhtools.reports.report.build_report` (with ``page=True``
            for the statistics, the findings listed and their replays).

    Returns:
        The page's text (UTF-8 when written).
    """
    shown = report.results.head(HTML_ROWS)
    total = report.results.height
    columns = [c for c in shown.columns if c != "site"]
    first_number = columns.index("hands") if "hands" in columns else len(columns)
    more = (f'<p class="note">{shown.height:,} of {total:,} rows (most hands first); CSV, '
            "JSON and Parquet hold them all.</p>" if total > shown.height else "")  # fmt: skip
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
    sections = [
        f"<h2>Cumulative winnings</h2><p class=\"note\">{ev_note} Each currency on its own "
        "chart; tournament chips and play money apart from money.</p>"
        + chart_html(report.cumulative, report.has_ev),
    ]
    if report.player_stats.height:
        sections.append(
            "<h2>Players</h2><h3>Statistics (percent; hover a cell for its counts)</h3>"
            + stats_table(report.player_stats, ["player"], "player-stats")
            + "<h3>Money per currency and betting structure</h3>"
            + frame_table(report.player_money, 3, "player-money")
        )
    if report.game_stats.height:
        sections.append(
            "<h2>Games and betting structures</h2>"
            + stats_table(report.game_stats, ["game", "limit"], "game-stats")
            + frame_table(report.game_money, 3, "game-money")
        )
    sections.append(
        "<h2>Results per player, game, betting structure, stakes and currency</h2>"
        + frame_table(shown, first_number, "results") + more
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
    return f"""<!DOCTYPE html>
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
<script>{_SCRIPT}</script>
</body></html>
"""


