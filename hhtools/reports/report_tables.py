"""The report page's tables: sortable, and paged where they are long.

A table of the page (:mod:`hhtools.reports.report_html`) is built from its columns of
cells, each cell a text, the raw value it sorts by (numbers) and a tooltip. A table of
at most :data:`PAGE_ROWS` rows is written whole into the page. A longer one (the
statistics of 10,000 players) is written with its first page of rows only, and its
every row goes into a script file in the folder beside the page
(``report_files/<table id>.js``), which the page reads the first time the reader asks
for another page or sorts the table: the page's size does not grow with the players,
and nothing is fetched from the network (a ``<script src>`` of a file beside the page
works offline, from ``file://`` too, where ``fetch`` does not).

The cells are the same text in the page and in the file (both made here, once), so a
row reads the same whether the page or the file showed it.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from hhtools.reports.cells import (
    HEADERS,
    STRUCTURE_SHORT,
    column_text,
    column_text_series,
    distinct_text,
    each_text,
)

if TYPE_CHECKING:
    import polars as pl

__all__ = ["PAGE_ROWS", "PAGING_SCRIPT", "RATIO_COLUMNS", "Column", "PagedTable", "Prepared",
           "cell_html", "first_number", "frame_columns", "prepare_frame", "prepare_stats",
           "stats_columns"]  # fmt: skip

#: Rows of a table shown at once; a longer table is paged (the rest in a file beside it).
PAGE_ROWS = 100
#: The ratios of ``hhtools stats`` shown on the page, in this order.
RATIO_COLUMNS = ("vpip", "pfr", "three_bet", "fold_to_three_bet", "cbet", "fold_to_cbet",
                 "wtsd", "wsd", "wwsf", "scoop", "quartered", "won_high", "won_low")  # fmt: skip


@dataclass(frozen=True, slots=True)
class Column:
    """One column of a table, cells as they are shown.

    Attributes:
        header: the header's text (``_`` read as a space).
        texts: each row's cell text (a list, or a polars Series of text).
        values: each row's raw value, by which a number column sorts (``None``: the
            text; a ``None`` value sorts first), a list or a polars Series (written to
            the file of rows by polars, without a Python object per value); ``None``
            for a text column.
        tips: each row's tooltip (``None``: none), a list or a polars Series of text,
            or ``None`` for no tooltips.
    """

    header: str
    texts: Sequence[str] | pl.Series
    values: Sequence[Any] | pl.Series | None = None
    tips: Sequence[str | None] | pl.Series | None = None


def cell_html(text: str, value: Any = None, tip: str | None = None, numeric: bool = False) -> str:
    """One ``<td>``: the text escaped; a number right-aligned with its raw value in
    ``data-v`` (what sorting reads); the tooltip in ``title``.

    >>> cell_html("$1.25", 125, numeric=True)
    '<td class="num" data-v="125">$1.25</td>'
    >>> cell_html("<b>", tip="a & b")
    '<td title="a &amp; b">&lt;b&gt;</td>'
    """
    attrs = ""
    if numeric:
        attrs += ' class="num"'
        if value is not None:
            attrs += f' data-v="{value}"'
    if tip:
        attrs += f' title="{html.escape(tip)}"'
    return f"<td{attrs}>{html.escape(text)}</td>"


class PagedTable:
    """A sortable table of the page, paged when longer than ``page_rows``.

    Args:
        table_id: the table's ``id`` (also the name of its file of rows).
        columns: its columns, all of one length.
        folder: the folder beside the page that holds the files it reads (a name
            relative to the page).
        page_rows: rows shown at once.
    """

    def __init__(self, table_id: str, columns: Sequence[Column], folder: str,
                 page_rows: int = PAGE_ROWS) -> None:  # fmt: skip
        self.table_id = table_id
        self.columns = list(columns)
        self.folder = folder
        self.page_rows = max(1, page_rows)
        self.rows = len(self.columns[0].texts) if self.columns else 0

    @property
    def paged(self) -> bool:
        """More rows than one page: the page holds the first, a file all of them."""
        return self.rows > self.page_rows

    @property
    def file_name(self) -> str:
        """The name of the file of rows in the folder beside the page."""
        return f"{self.table_id}.js"

    def _cells(self, i: int) -> list[str]:
        return [cell_html(c.texts[i], None if c.values is None else c.values[i],
                          None if c.tips is None else c.tips[i], c.values is not None)
                for c in self.columns]  # fmt: skip

    def html(self) -> str:
        """The table in its scrolling box: every row, or the first page and a pager."""
        head = "".join(f'<th title="sort">{html.escape(c.header.replace("_", " "))}</th>'
                       for c in self.columns)  # fmt: skip
        shown = min(self.rows, self.page_rows)
        body = "".join(f"<tr>{''.join(self._cells(i))}</tr>" for i in range(shown))
        attrs = f' id="{html.escape(self.table_id)}"'
        pager = ""
        if self.paged:
            src = f"{quote(self.folder)}/{quote(self.file_name)}"
            attrs += (f' data-rows="{self.rows}" data-page="{self.page_rows}" '
                      f'data-src="{html.escape(src)}"')  # fmt: skip
            pager = (f'<div class="pager" data-for="{html.escape(self.table_id)}">'
                     '<button type="button" class="prev" disabled>&lsaquo; previous</button> '
                     f'<span class="where">rows 1&ndash;{shown:,} of {self.rows:,}</span> '
                     '<button type="button" class="next">next &rsaquo;</button></div>')
        return (f'<div class="scroll"><table class="sortable"{attrs}><thead><tr>{head}</tr>'
                f"</thead><tbody>{body}</tbody></table></div>{pager}")  # fmt: skip

    def script(self) -> str:
        """The file of every row: a script calling ``hhReportRows(id, columns)``, a
        column ``[texts, values, tooltips]`` (``values`` null for a text column,
        ``tooltips`` null when it has none), which the page turns into rows."""
        cols = ",".join(f"[{_json(c.texts)},{_json(c.values)},{_json(c.tips)}]"
                        for c in self.columns)  # fmt: skip
        return f"hhReportRows({json.dumps(self.table_id)},[{cols}]);\n"


def _json(values: Sequence[Any] | pl.Series | None) -> str:
    """A column's texts, values or tooltips as a JSON array (``null`` for none): a list
    by :func:`json.dumps`, a polars Series by polars (numbers as the shortest text that
    reads back as the same double: 0.3 of the 0.8 CPU s of the files of a million hands'
    report went to Python's ``repr`` of floats).

    >>> import polars as pl
    >>> _json(["a", None]), _json(pl.Series([1.5, None, 3])), _json(None)
    ('["a",null]', '[1.5,null,3.0]', 'null')
    """
    if values is None or isinstance(values, list | tuple):
        return json.dumps(values, ensure_ascii=False, separators=(",", ":"))
    import polars as pl

    line = pl.DataFrame({"v": values}).select(pl.col("v").implode()).write_ndjson()
    return line[len('{"v":'):].rstrip()[:-1]


@dataclass(frozen=True, slots=True)
class Prepared:
    """A table of the page made text ahead of the page (:attr:`Report.prepared`).

    Attributes:
        columns: its columns.
        script: its file of rows (:meth:`PagedTable.script`) as UTF-8 bytes, used when
            it is paged (encoded in the thread too: 0.13 CPU s of the million-hand
            report's files, no longer between the last table and the page's writing).
    """

    columns: list[Column]
    script: bytes


def prepare_frame(table_id: str, frame: pl.DataFrame, numeric_from: int | None = None
                  ) -> Prepared:  # fmt: skip
    """:func:`frame_columns` of a frame and its file of rows, made at once (in a thread of
    :func:`hhtools.reports.report.build_report` while the store answers the rest).

    Args:
        table_id: the table's id.
        frame: its rows.
        numeric_from: as :func:`frame_columns` (default: from ``hands``, the results').
    """
    if numeric_from is None:
        numeric_from = first_number(frame)
    columns = frame_columns(frame, numeric_from)
    return Prepared(columns, PagedTable(table_id, columns, "").script().encode("utf-8"))


def prepare_stats(table_id: str, stats: pl.DataFrame, dims: list[str]) -> Prepared:
    """:func:`stats_columns` and its file of rows, made at once (as :func:`prepare_frame`)."""
    columns = stats_columns(stats, dims)
    return Prepared(columns, PagedTable(table_id, columns, "").script().encode("utf-8"))


def first_number(results: pl.DataFrame) -> int:
    """The index of the results' first numeric column (``hands``), ``site`` left out."""
    columns = [c for c in results.columns if c != "site"]
    return columns.index("hands") if "hands" in columns else len(columns)


def frame_columns(frame: pl.DataFrame, numeric_from: int) -> list[Column]:
    """A frame's columns for reading: money in each row's currency, limits as FL/PL/NL
    (:func:`hhtools.reports.cells.column_text`), numbers sorted by value.

    Args:
        frame: rows to show (money columns in minor units beside ``currency``).
        numeric_from: index of the first numeric column (after ``site`` is left out).
    """
    raw = [c for c in frame.columns if c != "site"]
    currency = (frame["currency"].to_list() if "currency" in frame.columns
                else [""] * frame.height)  # fmt: skip
    out = []
    for j, c in enumerate(raw):
        name = HEADERS.get(c, c)
        # whole numbers and text made text by polars (the same cells, no Python str each)
        texts: Sequence[str] | pl.Series | None = column_text_series(c, frame[c])
        if texts is None:
            texts = column_text(c, frame[c].to_list(), currency, frame[c].dtype.is_float())
        values = None
        if j >= numeric_from:
            column = frame[raw[j]]
            values = (column if column.dtype.is_numeric()  # ints, floats, nulls
                      else [v if isinstance(v, int | float) else None
                            for v in column.to_list()])  # fmt: skip
        out.append(Column(name, texts, values))
    return out


def stats_columns(stats: pl.DataFrame, dims: list[str]) -> list[Column]:
    """The ratios of ``hhtools stats`` as percentages, their counts in the tooltip
    (``12 of 40``); ``af`` to two places, ``afq`` as a percentage.

    Args:
        stats: :meth:`HandStore.stats_frames`' first frame.
        dims: its group columns (``player``; ``game``, ``limit``).
    """
    out = []
    for d in dims:
        texts: Sequence[str] | pl.Series | None = column_text_series(d, stats[d])
        if texts is None:  # (text, or limits as FL/PL/NL, have their Series)
            values = stats[d].to_list()
            texts = ([STRUCTURE_SHORT.get(str(v), str(v)) for v in values] if d == "limit"
                     else [str(v) for v in values])  # fmt: skip
        out.append(Column(d, texts))
    hands = stats["hands"]
    out.append(Column("hands", each_text("{:,}".format, hands.to_list()), hands))
    import polars as pl

    # the sort keys: percent to three places (polars rounds them in one pass)
    keys = stats.select((pl.col(n) * 100).round(3) for n in RATIO_COLUMNS)
    for name in RATIO_COLUMNS:
        # each distinct ratio, and (count, opportunities) pair, made text once, put back
        # by polars (player statistics of a million hands: 0.6 -> 0.3 CPU s)
        out.append(Column(
            name,
            distinct_text(_percent, stats.select(name)),
            keys[name],
            distinct_text(_of, stats.select(f"{name}_count", f"{name}_opportunities")),
        ))  # fmt: skip
    af = stats["af"].to_list()
    out.append(Column("af", each_text(lambda v: "" if v is None else f"{v:.2f}", af),
                      [None if v is None else round(float(v), 4) for v in af]))  # fmt: skip
    afq = stats["afq"].to_list()
    out.append(Column("afq", each_text(_percent, afq),
                      [None if v is None else round(float(v), 4) for v in afq]))  # fmt: skip
    return out


def _percent(v: float | None) -> str:
    """A ratio as a percentage to one place (``""`` for none)."""
    return "" if v is None else f"{100 * v:.1f}"


def _of(n: int | None, d: int | None) -> str | None:
    """A ratio's tooltip: ``12 of 40`` (``None`` when either count is missing)."""
    return None if n is None or d is None else f"{n:,} of {d:,}"


#: Sorting every table by a click on its header (numbers by ``data-v``), paging the
#: long ones (the rows read from their file the first time another page or an order
#: is asked for), and the toggle of the hidden findings.
PAGING_SCRIPT = """
(function () {
  function key(row, i) {
    var c = row.cells[i];
    if (!c) return "";
    var v = c.getAttribute("data-v");
    if (c.classList.contains("num")) return v === null || v === "" ? -Infinity : parseFloat(v);
    return c.textContent.toLowerCase();
  }
  function rows(columns) {
    var out = [], n = columns.length ? columns[0][0].length : 0;
    for (var i = 0; i < n; i++) {
      var tr = document.createElement("tr");
      for (var j = 0; j < columns.length; j++) {
        var col = columns[j], td = document.createElement("td");
        td.textContent = col[0][i];
        if (col[1]) {
          td.className = "num";
          if (col[1][i] !== null) td.setAttribute("data-v", String(col[1][i]));
        }
        if (col[2] && col[2][i]) td.title = col[2][i];
        tr.appendChild(td);
      }
      out.push(tr);
    }
    return out;
  }
  var tables = {};
  function show(s) {
    var start = s.page * s.size, end = Math.min(start + s.size, s.rows.length);
    var frag = document.createDocumentFragment();
    for (var k = start; k < end; k++) frag.appendChild(s.rows[k]);
    s.body.textContent = "";
    s.body.appendChild(frag);
    if (!s.pager) return;
    s.where.textContent = "rows " + (start + 1).toLocaleString("en-US") + "\\u2013" +
      end.toLocaleString("en-US") + " of " + s.total.toLocaleString("en-US");
    s.prev.disabled = s.page === 0;
    s.next.disabled = end >= s.total;
  }
  function load(s, then) {
    if (s.loaded) { then(); return; }
    s.waiting.push(then);
    if (s.loading) return;
    s.loading = true;
    var el = document.createElement("script");
    el.src = s.src;
    el.onerror = function () {
      s.loading = false; s.waiting = [];
      if (s.where) s.where.textContent = "cannot read " + s.src +
        " (keep the folder beside the page)";
    };
    document.head.appendChild(el);
  }
  window.hhReportRows = function (id, data) {
    var s = tables[id];
    if (!s || s.loaded) return;
    s.rows = rows(data);
    s.loaded = true; s.loading = false;
    var waiting = s.waiting; s.waiting = [];
    waiting.forEach(function (f) { f(); });
  };
  function sortBy(s, i, asc) {
    s.rows.sort(function (a, b) {
      var x = key(a, i), y = key(b, i);
      var d = (typeof x === "number" && typeof y === "number") ? x - y
              : String(x).localeCompare(String(y));
      return asc ? d : -d;
    });
  }
  document.querySelectorAll("table.sortable").forEach(function (table) {
    var s = {body: table.tBodies[0], rows: Array.prototype.slice.call(table.tBodies[0].rows),
             src: table.getAttribute("data-src"), page: 0, waiting: []};
    s.loaded = !s.src;
    s.total = s.loaded ? s.rows.length : parseInt(table.getAttribute("data-rows"), 10);
    s.size = s.loaded ? Math.max(s.rows.length, 1) : parseInt(table.getAttribute("data-page"), 10);
    if (table.id) {
      tables[table.id] = s;
      s.pager = document.querySelector('.pager[data-for="' + table.id + '"]');
    }
    if (s.pager) {
      s.where = s.pager.querySelector(".where");
      s.prev = s.pager.querySelector(".prev");
      s.next = s.pager.querySelector(".next");
      s.prev.addEventListener("click", function () {
        load(s, function () { s.page = Math.max(0, s.page - 1); show(s); });
      });
      s.next.addEventListener("click", function () {
        load(s, function () {
          if ((s.page + 1) * s.size < s.rows.length) s.page += 1;
          show(s);
        });
      });
    }
    var heads = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(heads, function (th, i) {
      th.addEventListener("click", function () {
        var asc = th.getAttribute("data-dir") !== "asc";
        Array.prototype.forEach.call(heads, function (h) { h.removeAttribute("data-dir"); });
        th.setAttribute("data-dir", asc ? "asc" : "desc");
        load(s, function () { sortBy(s, i, asc); s.page = 0; show(s); });
      });
    });
  });
  var box = document.getElementById("show-hidden");
  if (box) box.addEventListener("change", function () {
    document.body.classList.toggle("show-hidden", box.checked);
  });
})();
"""
