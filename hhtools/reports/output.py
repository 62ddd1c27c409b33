"""Output files: the report in a format, and writing any output file safely.

:func:`write` is what ``hhtools report --format F [--out FILE]`` calls; the data comes
from :func:`hhtools.reports.report.build_report`, the page from
:mod:`hhtools.reports.report_html`.

Every file a command writes (a report, a replay page, an export) is written through
:func:`replacing` or :func:`replacing_path`: to a new file in the same folder, then
renamed onto the name. A link already at that name is replaced by the file, never
followed: its target is not touched. A write that fails leaves the old file whole.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from hhtools.reports.report import Report

__all__ = ["FORMATS", "files_folder", "replacing", "replacing_path", "write", "write_page"]


@contextlib.contextmanager
def replacing_path(path: Path) -> Iterator[Path]:
    """A new, empty file in ``path``'s folder for a writer that takes a path (DuckDB's
    ``COPY``, Polars); renamed onto ``path`` when the block ends without an error.

    The file is created exclusively (``O_CREAT | O_EXCL``: never through a link) and
    renamed with :func:`os.replace`, which replaces a link at ``path`` itself, not the
    file it points to. Its mode is what a new file gets (0666 less the umask).

    Args:
        path: the output file.

    Yields:
        The temporary file's path (``.<name>.<random>.tmp`` beside ``path``).

    Raises:
        OSError: the folder cannot be written, or ``path`` is a folder. On any error
            the temporary file is removed and ``path`` is left as it was.
    """
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(fd)
    try:
        yield Path(tmp)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


@contextlib.contextmanager
def replacing(path: Path, newline: str | None = None) -> Iterator[IO[str]]:
    """A UTF-8 text file to write ``path`` through, as :func:`replacing_path` does.

    Args:
        path: the output file.
        newline: as for :func:`open` (``"\\n"``: no line-end translation).

    Yields:
        The open file; ``path`` is replaced by it when the block ends without an error.

    Raises:
        OSError: as :func:`replacing_path`.
    """
    with replacing_path(path) as tmp, tmp.open("w", encoding="utf-8", newline=newline) as fh:
        yield fh

#: The formats :func:`write` knows.
FORMATS = ("table", "csv", "json", "parquet", "html")


def write(report: Report, fmt: str, out: Path | None) -> str | None:
    """Write the report in a machine or page format.

    Args:
        report: from :func:`build_report`.
        fmt: ``table`` (every row as plain text: the terminal shows the first rows),
            ``csv``, ``json``, ``parquet`` or ``html`` (the page and the folder beside
            it: :func:`write_page`). csv, json and parquet round the big-blind
            columns to :data:`~hhtools.reports.cells.BB_DECIMALS` places.
        out: file to write; ``None`` returns the text instead (not for parquet; the
            page alone for html).

    Returns:
        The text when ``out`` is ``None``, else ``None``.

    Raises:
        ValueError: unknown format, or parquet without ``out``.
        OSError: ``out`` cannot be written (:func:`replacing`: a link at ``out`` is
            replaced, never written through).
    """
    from hhtools.reports.cells import display_columns, round_big_blinds, text_table
    from hhtools.reports.report_html import to_html

    if fmt == "html" and out is not None:
        write_page(report, out)
        return None
    if fmt == "html":
        text = to_html(report)
    elif fmt == "table":
        columns, cells = display_columns(report.results)
        first_number = columns.index("hands") if "hands" in columns else len(columns)
        totals = ", ".join(f"{k}: {v:,}" for k, v in report.totals.items())
        kinds = ", ".join(f"{k}: {n:,}" for k, n in report.findings.iter_rows())
        text = (f"Results: {report.filter.describe()} ({report.hands:,} hands)\n"
                + text_table(columns, cells, first_number)
                + f"{totals}\nfindings: {kinds or 'none'}\n{report.judged_line()}\n")  # fmt: skip
    elif fmt == "csv":
        text = round_big_blinds(report.results).write_csv()
    elif fmt == "json":
        text = round_big_blinds(report.results).write_json()
    elif fmt == "parquet":
        if out is None:
            raise ValueError("--format parquet needs --out FILE")
        with replacing_path(out) as tmp:
            round_big_blinds(report.results).write_parquet(tmp)
        return None
    else:
        raise ValueError(f"unknown format {fmt!r}: use table, csv, json, parquet or html")
    if out is None:
        return text
    with replacing(out) as fh:
        fh.write(text)
    return None


def files_folder(page: Path) -> Path:
    """The folder beside a page that holds the files it reads: ``report_files`` for
    ``report.html`` (as browsers save a page)."""
    from hhtools.reports.report_html import FILES_SUFFIX

    return page.with_name(page.stem + FILES_SUFFIX)


def write_page(report: Report, out: Path, page_rows: int | None = None) -> Path:
    """Write the report's HTML page and the folder of files it reads beside it.

    The folder is written whole under a new name first, then put in place of the old
    one (a link at its name is replaced, never followed; an old folder is removed),
    then the page through :func:`replacing`.

    Args:
        report: from :func:`build_report` with ``page=True``.
        out: the page's file (``report.html``: the folder is ``report_files``).
        page_rows: rows of a table shown at once (default: the page's own).

    Returns:
        The folder written.

    Raises:
        OSError: the page's folder cannot be written; the old page and folder are
            left as they were when the new folder could not be written.
    """
    from hhtools.reports.report_html import page_files

    folder = files_folder(out)
    page, files = page_files(report, folder.name, page_rows)
    tmp = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{folder.name}.", suffix=".tmp"))
    try:
        for name, content in files.items():
            if isinstance(content, Path):
                shutil.copyfile(content, tmp / name)
            else:
                (tmp / name).write_bytes(content)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o777 & ~mask)
        for f in tmp.iterdir():
            os.chmod(f, 0o666 & ~mask)
        if folder.is_symlink() or folder.is_file():
            folder.unlink()
        elif folder.is_dir():
            old = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{folder.name}.", suffix=".old"))
            os.replace(folder, old / folder.name)
            shutil.rmtree(old, ignore_errors=True)
        os.replace(tmp, folder)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    with replacing(out) as fh:
        fh.write(page)
    return folder
