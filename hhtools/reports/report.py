"""``hhtools report``: results per player, findings, and a chart of winnings over hands.

The report is built from the views (:mod:`hhtools.store.views`) restricted to the hands that
match the filters, and rendered as a terminal table, CSV, JSON, Parquet, or one
self-contained HTML page (tables plus a plotly chart with plotly.js inlined, so the
page works offline).

Money stays integer minor units in every machine format (CSV, JSON, Parquet); only
the HTML page and the terminal table format it for reading. Every results table is
one row per player, game, betting structure (``structure``: limit, pot_limit,
no_limit), stakes and currency, so money and big blinds of a pot-limit and a
fixed-limit game at the same stakes are never added together.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hhtools.model.money import format_money
from hhtools.store.api import HandStore
from hhtools.store.stats import StatsFilter

if TYPE_CHECKING:
    import polars as pl

#: Players drawn on the chart when no ``--player`` is given: the most hands first.
CHART_PLAYERS = 8
#: At most this many points per line on the chart (every k-th hand, plus the last).
CHART_POINTS = 2000
#: At most this many result rows in the HTML table (all of them in CSV/JSON/Parquet).
HTML_ROWS = 300

_MONEY_COLUMNS = ("net_won", "rake_paid")
#: The betting structure as players write it, for the tables people read (the machine
#: formats keep ``hands.structure``'s own words).
STRUCTURE_SHORT = {"limit": "FL", "pot_limit": "PL", "no_limit": "NL"}
#: Column headers of the tables people read that differ from the column names.
_HEADERS = {"structure": "limit"}


#: What the report covers: the filters of ``hhtools stats`` (player, time, site, game,
#: limit, stakes, currency, position, hand classes, a least number of hands).
ReportFilter = StatsFilter


@dataclass(slots=True)
class Report:
    """The report's data, ready to render.

    Attributes:
        filter: what it covers.
        hands: number of hands covered.
        results: the ``player_results`` rows (money in minor units), one per site,
            player, game, structure, stakes and currency.
        findings: findings per kind (columns ``kind``, ``findings``).
        totals: scoops, quarters, counterfeited lows and boards with a low possible.
        cumulative: running net per charted player and currency (real money only
            when there is any; chips otherwise).
        made_at: when the report was made (UTC).
    """

    filter: ReportFilter
    hands: int
    results: pl.DataFrame
    findings: pl.DataFrame
    totals: dict[str, int]
    cumulative: pl.DataFrame
    made_at: datetime = field(default_factory=lambda: datetime.now(UTC))


def build_report(db: HandStore, flt: ReportFilter, chart_players: int = CHART_PLAYERS) -> Report:
    """Query everything the report shows.

    Args:
        db: an open store.
        flt: the filters.
        chart_players: how many players to chart when ``flt.player`` is not set (0: no
            chart, for the formats that have none).

    Returns:
        The :class:`Report`.
    """
    from hhtools.store.views import filtered_select

    hconds, hparams = flt.hand_conditions()
    sconds, sparams = flt.seat_conditions()
    where = " AND ".join(hconds) or None
    swhere = " AND ".join(sconds) or None
    if flt.player:
        db.check_player(flt.player)
    params = hparams + sparams
    hands_sql = "SELECT count(*) FROM main.hands h WHERE " + " AND ".join(
        [*hconds, *([f"EXISTS (SELECT 1 FROM main.seats s WHERE s.site = h.site AND "
                     f"s.hand_id = h.hand_id AND {swhere})"] if swhere else [])] or ["true"])
    n_hands = int(db.con.execute(hands_sql, params).fetchall()[0][0])

    least = f" WHERE hands >= {int(flt.min_hands)}" if flt.min_hands else ""
    results = db.sql(
        f"SELECT * FROM ({filtered_select('player_results', where, swhere, rows=None)}){least}",
        params)
    results = results.sort(["hands", "net_won", "player"], descending=[True, True, False])

    # the views over the filtered hands and seats, counted in one statement
    def count(view: str, rows: str = "player") -> str:
        return f"(SELECT count(*) FROM ({filtered_select(view, where, swhere, rows)}))"

    totals_row = db.con.execute(
        f"SELECT {count('scoops')}, {count('quarters')}, {count('counterfeited')}, "
        f"{count('low_possible', 'hand')}",
        params * 4,
    ).fetchall()[0]
    totals = dict(zip(("scoops", "quarters", "counterfeited lows", "boards with a low possible"),
                      (int(v) for v in totals_row or (0, 0, 0, 0)), strict=True))  # fmt: skip

    fsql = filtered_select("misreads", where, swhere, "player" if flt.player else "hand")
    findings = db.sql(
        f"SELECT kind, count(*) AS findings FROM ({fsql}) GROUP BY kind ORDER BY kind", params
    )

    if flt.player or not chart_players:
        charted = sorted(set(results["player"])) if flt.player and chart_players else []
    else:
        import polars as pl

        by_hands = results.group_by("player").agg(pl.col("hands").sum()).sort(
            ["hands", "player"], descending=[True, False]
        )
        charted = by_hands["player"].head(chart_players).to_list()
    cumulative = _cumulative(db, charted, where, swhere, params)
    return Report(flt, n_hands, results, findings, totals, cumulative)


def _cumulative(
    db: HandStore, players: list[str], where: str | None, swhere: str | None,
    params: list[Any],
) -> pl.DataFrame:
    """Running net per (player, currency) over the filtered hands, thinned for the chart."""
    if not players:  # no chart wanted (the table, CSV and JSON formats have none)
        import polars as pl

        return pl.DataFrame(schema={"player": pl.String, "currency": pl.String, "n": pl.Int64,
                                    "hand_id": pl.String, "started_at": pl.Datetime("us"),
                                    "cumulative": pl.Int64})  # fmt: skip
    cond = f" AND {where}" if where else ""
    scond = f" AND {swhere}" if swhere else ""
    frame = db.sql(
        "WITH hands AS (SELECT * FROM main.hands h WHERE true" + cond + "), "
        "seats AS (SELECT * FROM main.seats s WHERE true" + scond + "), "
        "series AS (SELECT s.player, h.currency, s.hand_id, h.started_at, "
        "row_number() OVER w AS n, count(*) OVER (PARTITION BY s.player, h.currency) AS total, "
        "sum(s.net) OVER w AS cumulative "
        "FROM seats s JOIN hands h ON h.site = s.site AND h.hand_id = s.hand_id "
        "WHERE list_contains(?, s.player) "
        "WINDOW w AS (PARTITION BY s.player, h.currency ORDER BY h.started_at, s.site, s.hand_id)) "
        "SELECT player, currency, n, hand_id, started_at, cumulative::BIGINT AS cumulative "
        "FROM series WHERE n % greatest(1, ceil(total / ?)::BIGINT) = 0 OR n = total OR n = 1 "
        "ORDER BY player, currency, n",
        params + [players, CHART_POINTS],
    )
    # chips (tournaments, play money) dwarf cents on one axis: chart real money alone
    # when there is any
    real = frame.filter(~frame["currency"].is_in(["PLAY", "CHIPS"]))
    return real if real.height else frame


# --------------------------------------------------------------------------------------
# rendering
# --------------------------------------------------------------------------------------



def _column_text(column: str, values: list[Any], currency: list[str], is_float: bool) -> list[str]:
    """One column's cells as text: money as $1.25, limits as FL/PL/NL, ratios rounded."""
    if column in _MONEY_COLUMNS:
        return ["" if v is None else format_money(v, cur)
                for v, cur in zip(values, currency, strict=True)]  # fmt: skip
    if column == "structure":
        return ["" if v is None else STRUCTURE_SHORT.get(str(v), str(v)) for v in values]
    if is_float:
        pattern = "{:,.1f}" if column in ("vpip", "pfr") else "{:,.2f}"
        return ["" if v is None else pattern.format(v) for v in values]
    return ["" if v is None else str(v) for v in values]


def display_rows(results: pl.DataFrame) -> tuple[list[str], list[list[str]]]:
    """Header and formatted cells of the results for reading (money as $1.25).

    Args:
        results: ``player_results`` rows.

    Returns:
        ``(columns, rows)`` of strings; ``site`` is left out; the betting structure
        is shown under ``limit`` as FL, PL or NL (fixed, pot, no limit).
    """
    columns, cells = display_columns(results)
    return columns, [list(r) for r in zip(*cells)]


def display_columns(results: pl.DataFrame) -> tuple[list[str], list[list[str]]]:
    """Like :func:`display_rows`, the cells a column at a time (one list per column)."""
    columns = [c for c in results.columns if c != "site"]
    currency = (results["currency"].to_list() if "currency" in results.columns
                else [""] * results.height)  # fmt: skip
    cells = [
        _column_text(c, results[c].to_list(), currency, results[c].dtype.is_float())
        for c in columns
    ]
    return [_HEADERS.get(c, c) for c in columns], cells


def chart_html(cumulative: pl.DataFrame, include_js: bool = True) -> str:
    """A plotly line chart of cumulative winnings over hands, as an HTML fragment.

    Args:
        cumulative: rows of :func:`_cumulative` (``player``, ``currency``, ``n``,
            ``cumulative`` in minor units).
        include_js: inline the whole plotly.js (the page then works offline).

    Returns:
        A ``<div>`` with its script; one line per player and currency, y in currency
        units (cents / 100) or chips.
    """
    import plotly.graph_objects as go

    fig = go.Figure()
    if cumulative.height:
        for (player, currency), part in cumulative.group_by(
            ["player", "currency"], maintain_order=True
        ):
            scale = 1 if currency in ("PLAY", "CHIPS") else 100
            fig.add_trace(
                go.Scatter(  # every line starts at (0, 0): before the first hand
                    x=[0, *part["n"].to_list()],
                    y=[0.0, *(v / scale for v in part["cumulative"].to_list())],
                    mode="lines" if part.height > 30 else "lines+markers",
                    name=f"{player} ({currency})",
                    hovertemplate="hand %{x}: %{y:,.2f} " + str(currency) + "<extra>%{fullData.name}</extra>",
                )
            )
    fig.update_layout(
        title="Cumulative winnings over hands",
        xaxis_title="hands played",
        yaxis_title="net won (currency units, or chips)",
        template="plotly_white",
        height=520,
        margin={"l": 60, "r": 20, "t": 60, "b": 50},
        legend={"orientation": "h", "y": -0.18},
    )
    return fig.to_html(full_html=False, include_plotlyjs=True if include_js else False)


def _table(columns: list[str], rows: list[list[str]], numeric_from: int = 0) -> str:
    head = "".join(f"<th>{html.escape(c.replace('_', ' '))}</th>" for c in columns)
    body = []
    for r in rows:
        cells = "".join(
            (f'<td class="num">{html.escape(v)}</td>' if i >= numeric_from
             else f"<td>{html.escape(v)}</td>")
            for i, v in enumerate(r)
        )
        body.append(f"<tr>{cells}</tr>")
    return (f'<div class="scroll"><table><thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(body)}</tbody></table></div>")  # fmt: skip


_CSS = """
body { font-family: system-ui, -apple-system, Segoe UI, Roboto, sans-serif; margin: 24px;
       color: #1d2330; background: #fff; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.2em; margin-top: 1.6em; border-bottom: 1px solid #dde; padding-bottom: 4px; }
.meta { color: #555; margin-bottom: 1em; }
.cards { display: flex; gap: 12px; flex-wrap: wrap; margin: 12px 0; }
.card { border: 1px solid #dde; border-radius: 6px; padding: 8px 14px; background: #f7f8fb; }
.card b { display: block; font-size: 1.3em; }
table { border-collapse: collapse; font-size: 0.86em; margin: 8px 0; }
th, td { border: 1px solid #dde; padding: 3px 8px; }
th { background: #eef0f6; text-align: left; position: sticky; top: 0; }
.scroll { overflow-x: auto; max-width: 100%; }
td { white-space: nowrap; }
th { max-width: 7em; vertical-align: bottom; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
tr:nth-child(even) td { background: #fafbfd; }
.note { color: #666; font-size: 0.85em; }
"""


def to_html(report: Report) -> str:
    """The report as one self-contained HTML page (styles and plotly.js inlined).

    Args:
        report: from :func:`build_report`.

    Returns:
        The page's text.
    """
    columns, shown = display_rows(report.results.head(HTML_ROWS))  # format what is shown
    total = report.results.height
    # player, game, structure, stakes, currency read as text; the counts from hands on
    first_number = columns.index("hands") if "hands" in columns else len(columns)
    more = (
        f'<p class="note">{len(shown):,} of {total:,} rows (most hands first); '
        "CSV, JSON and Parquet hold them all.</p>"
        if total > len(shown)
        else ""
    )
    cards = [("hands", report.hands)] + list(report.totals.items()) + [
        ("findings", int(report.findings["findings"].sum()) if report.findings.height else 0)
    ]
    cards_html = "".join(
        f'<div class="card">{html.escape(k)}<b>{v:,}</b></div>' for k, v in cards
    )
    findings_rows = [[str(k), f"{n:,}"] for k, n in report.findings.iter_rows()]
    findings_html = (
        _table(["kind", "findings"], findings_rows, numeric_from=1)
        if findings_rows
        else "<p>No findings: every audited pot was paid by the rules.</p>"
    )
    title = "hhtools report"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}: {html.escape(report.filter.describe())}</title>
<style>{_CSS}</style></head>
<body>
<h1>{title}</h1>
<div class="meta">{html.escape(report.filter.describe())} &middot; made
{report.made_at:%Y-%m-%d %H:%M} UTC &middot; money in the hand's currency
(chips for tournaments and play money)</div>
<div class="cards">{cards_html}</div>
<h2>Cumulative winnings</h2>
{chart_html(report.cumulative)}
<h2>Results per player, game, betting structure, stakes and currency</h2>
{_table(columns, shown, numeric_from=first_number)}
{more}
<h2>Findings</h2>
{findings_html}
<p class="note">limit: the betting structure, FL (fixed limit), PL (pot limit) or NL (no
limit), never added together (column <code>structure</code> in CSV, JSON and Parquet);
net_won: collected less put in plus uncalled bets returned; vpip and pfr in percent of
hands; won_high / won_low: pots won (wholly or in part) against another player;
rake_paid: each hand's rake shared in proportion to what was put in.</p>
</body></html>
"""


def text_table(columns: list[str], cells: list[list[str]], numeric_from: int) -> str:
    """A plain-text table: columns padded to their widest cell, numbers to the right.

    Args:
        columns: header names.
        cells: the cells as text, one list per column (all the same length).
        numeric_from: index of the first right-aligned column.

    >>> print(text_table(["player", "hands"], [["Ann", "Bo"], ["12", "7"]], 1), end="")
    player  hands
    Ann        12
    Bo          7
    """
    import polars as pl

    frame = pl.DataFrame({f"c{i}": [name, *col] for i, (name, col) in
                          enumerate(zip(columns, cells, strict=True))})  # fmt: skip
    widths = frame.select(pl.all().str.len_chars().max()).row(0)
    padded = [
        (pl.col(f"c{i}").str.pad_start(w) if i >= numeric_from else pl.col(f"c{i}").str.pad_end(w))
        for i, w in enumerate(widths)
    ]  # fmt: skip
    lines = frame.select(pl.concat_str(padded, separator="  ").str.strip_chars_end())
    return "\n".join(lines.to_series().to_list()) + "\n"


def write(report: Report, fmt: str, out: Path | None) -> str | None:
    """Write the report in a machine or page format.

    Args:
        report: from :func:`build_report`.
        fmt: ``table`` (every row as plain text: the terminal shows the first rows),
            ``csv``, ``json``, ``parquet`` or ``html``.
        out: file to write; ``None`` returns the text instead (not for parquet).

    Returns:
        The text when ``out`` is ``None``, else ``None``.

    Raises:
        ValueError: unknown format, or parquet without ``out``.
    """
    if fmt == "html":
        text = to_html(report)
    elif fmt == "table":
        columns, cells = display_columns(report.results)
        first_number = columns.index("hands") if "hands" in columns else len(columns)
        totals = ", ".join(f"{k}: {v:,}" for k, v in report.totals.items())
        kinds = ", ".join(f"{k}: {n:,}" for k, n in report.findings.iter_rows())
        text = (f"Results: {report.filter.describe()} ({report.hands:,} hands)\n"
                + text_table(columns, cells, first_number)
                + f"{totals}\nfindings: {kinds or 'none'}\n")  # fmt: skip
    elif fmt == "csv":
        text = report.results.write_csv()
    elif fmt == "json":
        text = report.results.write_json()
    elif fmt == "parquet":
        if out is None:
            raise ValueError("--format parquet needs --out FILE")
        report.results.write_parquet(out)
        return None
    else:
        raise ValueError(f"unknown format {fmt!r}: use table, csv, json, parquet or html")
    if out is None:
        return text
    out.write_text(text, encoding="utf-8")
    return None


__all__ = ["Report", "ReportFilter", "build_report", "chart_html", "text_table", "to_html",
           "write"]  # fmt: skip
