"""The report written in a format: a plain-text table, CSV, JSON, Parquet or the HTML page.

:func:`write` is what ``hhtools report --format F [--out FILE]`` calls; the data comes
from :func:`hhtools.reports.report.build_report`, the page from
:mod:`hhtools.reports.report_html`.
"""

from __future__ import annotations

from pathlib import Path

from hhtools.reports.cells import display_columns, text_table
from hhtools.reports.report import Report
from hhtools.reports.report_html import to_html

__all__ = ["FORMATS", "write"]

#: The formats :func:`write` knows.
FORMATS = ("table", "csv", "json", "parquet", "html")


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
