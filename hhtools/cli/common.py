"""What every command shares: the database option, one way to fail, one way to print rows.

Commands report bad input as one plain line on stderr (``error: ...``) and exit with
:data:`EXIT_BAD_INPUT`; a valid question with nothing to answer exits with
:data:`EXIT_NO_DATA`. Data is printed as text, never read as rich markup (player
names and paths may hold brackets). Terminal output fits 100 columns (or a narrower
terminal) unless ``--wide``: :func:`render` leaves out the columns that do not fit
and says which; CSV, JSON and Parquet are never narrowed. Counts are printed with
:func:`plural` (``1 hand``, ``2 hands``).
"""

from __future__ import annotations

import csv
import io
import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from hhtools.cli.plain_table import plain_table

if TYPE_CHECKING:
    import duckdb

    from hhtools.store.api import HandStore

DEFAULT_DB = "hhtools.duckdb"
EXIT_BAD_INPUT = 2  #: a usage error, an unknown game or card, a missing path
EXIT_NO_DATA = 1  #: nothing matched (no hands for the filters, no such hand)
LISTING_FORMATS = ("table", "csv", "json")
NARROW = 100  #: columns of terminal output unless --wide (a narrower terminal: its width)
WIDE_WIDTH = 100_000  #: "no limit" for --wide: tables take their natural width
LEFT_OUT_NAMED = 10  #: columns a narrowed table names under it (then "and N more")

DbOption = Annotated[
    Path, typer.Option("--db", help="DuckDB database file.", envvar="HHTOOLS_DB")
]
FormatOption = Annotated[str, typer.Option("--format", "-f", help="table, csv or json.")]
DatasetOption = Annotated[
    str | None,
    typer.Option("--dataset", help="A Parquet dataset written by 'hhtools import --engine "
                 "dask' (a folder or URL), read in place of --db.", envvar="HHTOOLS_DATASET"),
]


def console(wide: bool = False) -> Console:
    """A stdout console for data: no emoji codes, no highlighting, :func:`output_width`
    columns (``wide``: as wide as the text, for ``--wide``)."""
    return Console(emoji=False, highlight=False, width=output_width(wide) or WIDE_WIDTH)


def output_width(wide: bool = False) -> int | None:
    """The columns terminal output may use: a terminal of width W gets min(W, 100),
    piped output 100, ``wide`` no limit (``None``)."""
    if wide:
        return None
    probe = Console()
    return min(probe.width, NARROW) if probe.is_terminal else NARROW


def line_width(wide: bool = False) -> int | None:
    """The width a listing's lines (``audit``, ``problems``) are cut at: the output
    width in a terminal; ``None`` (one line a record, for grep) when piped or ``wide``."""
    return None if wide or not Console().is_terminal else output_width()


def plural(n: int, word: str, words: str | None = None) -> str:
    """A count and its noun: ``1 hand``, ``2 hands``, ``2,106 hands``.

    Args:
        n: the count (printed with thousands separators).
        word: the noun for one.
        words: the noun for any other count (default ``word`` + ``s``).

    >>> plural(1, "match", "matches"), plural(0, "file"), plural(2106, "hand")
    ('1 match', '0 files', '2,106 hands')
    """
    return f"{n:,} {word if n == 1 else (words or word + 's')}"


def wrap_line(text: str, width: int | None, keep: str = "") -> list[str]:
    """One line of text cut at spaces to ``width`` columns, the lines after the first
    indented by four spaces; ``keep`` (a prefix, e.g. ``file:line:``) is never cut.
    ``width`` ``None`` (piped, or ``--wide``: see :func:`line_width`): the one line as
    it is."""
    import textwrap

    if width is None or len(text) <= width:
        return [text]
    glue = "\0"  # the spaces of ``keep`` hold while the rest is cut
    held = keep.replace(" ", glue) + text[len(keep):] if keep and text.startswith(keep) else text
    lines = textwrap.wrap(held, width, subsequent_indent="    ", break_long_words=False,
                          break_on_hyphens=False)  # fmt: skip
    return [line.replace(glue, " ") for line in lines] or [text]


WideOption = Annotated[
    bool,
    typer.Option("--wide", help="Every column at full width (by default the table fits "
                 "100 columns, or the terminal, leaving out the columns that do not fit)."),
]  # fmt: skip


def fail(message: str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    """Print ``error: message`` as one plain line on stderr and exit with ``code``.

    Whitespace is collapsed so the message stays on one line.

    Raises:
        typer.Exit: always, with ``code``.
    """
    sys.stderr.write(f"error: {' '.join(message.split())}\n")
    raise typer.Exit(code)


def os_reason(exc: OSError) -> str:
    """The reason of an OS error in words, e.g. ``No such file or directory``."""
    if isinstance(exc, FileExistsError):
        return "it exists and is not a folder"
    return exc.strerror or str(exc).split(" (os error")[0]


def check_format(fmt: str, allowed: tuple[str, ...] = LISTING_FORMATS) -> None:
    """Exit 2 unless ``fmt`` is one of ``allowed``."""
    if fmt not in allowed:
        fail(f"unknown format {fmt!r}: use {', '.join(allowed)}")


def format_for_out(fmt: str, out: Path | None, allowed: tuple[str, ...]) -> str:
    """The format to write: ``fmt``, or, when it is the default ``table`` and ``--out``
    names a file ending in another of ``allowed`` (``.csv``, ``.json``, ``.parquet``,
    ``.html``), that one, so ``--out report.html`` writes the page, not the table's text.

    >>> format_for_out("table", Path("r.HTML"), ("table", "csv", "html"))
    'html'
    >>> format_for_out("table", Path("r.txt"), ("table", "csv")), format_for_out("csv", None, ())
    ('table', 'csv')
    """
    if fmt != "table" or out is None:
        return fmt
    suffix = out.suffix.lower().lstrip(".")
    return suffix if suffix in allowed and suffix != "table" else fmt


def open_store(db: Path, dataset: str | None = None) -> HandStore:
    """The store for reading (the Python API's :class:`HandStore`): the database ``db``,
    or the Parquet dataset ``dataset`` when given; exit 2 when it cannot open."""
    from hhtools.store.api import connect

    try:
        return connect(dataset if dataset else db)
    except FileNotFoundError as exc:
        fail(str(exc))
    except Exception as exc:
        fail(f"cannot open {db}: {str(exc).splitlines()[0]}")


def open_read_only(
    db: Path, external_access: bool = True, dataset: str | None = None, sql: str | None = None
) -> duckdb.DuckDBPyConnection:
    """A read-only connection (``external_access=False``: SQL cannot touch other files)
    to the database ``db``, or to the Parquet dataset ``dataset`` when given; a
    database's ``player_results`` and ``sessions`` views read the sums kept at import
    when those cover every hand and the statement ``sql`` names them
    (:func:`hhtools.store.kept_views.use_kept_views`)."""
    from hhtools.store import db as store

    try:
        if dataset:
            from hhtools.store.dataset import connect_dataset

            return connect_dataset(dataset, external_access=external_access)
        con = store.connect(db, read_only=True, external_access=external_access)
    except FileNotFoundError as exc:
        fail(str(exc))
    except Exception as exc:
        fail(f"cannot open {db}: {exc}")
    from hhtools.store.kept_views import use_kept_views

    use_kept_views(con, sql)  # player_results and sessions from the kept sums, when current
    return con


def render(
    columns: list[str],
    rows: list[tuple[Any, ...]],
    fmt: str,
    title: str = "",
    *,
    wide: bool = False,
    priority: list[str] | None = None,
    keep: int = 1,
    empty: str = "No rows.",
) -> None:
    """Print query results as a rich table, CSV or JSON (one array of objects).

    CSV and JSON are never narrowed. A table fits :func:`output_width`: when every
    column at its natural width does not, columns are taken in ``priority`` order
    (column names; the rest after them, left to right; by default left to right)
    while they fit, shown in their own order, and a line under the table names the
    ones left out and says that ``--wide`` shows them. The first ``keep`` columns of
    that order are always shown (their cells wrap if need be). Columns whose cells
    are all numbers are right-aligned. No rows print ``empty`` instead of a table.
    """
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf)
        w.writerow(columns)
        w.writerows(rows)
        sys.stdout.write(buf.getvalue())
        return
    if fmt == "json":
        sys.stdout.write(
            json.dumps([dict(zip(columns, r, strict=True)) for r in rows], default=str) + "\n"
        )
        return
    out = console(wide)
    if not rows or not columns:
        out.print(Text(empty))
        return
    cells = [["" if v is None else str(v) for v in r] for r in rows]
    width = output_width(wide)
    shown = fit_columns(columns, cells, width, priority, keep)
    right = [all(_NUMBER.match(r[i]) for r in cells if r[i]) for i in shown]
    # written to a file or a pipe: the same text as rich's, without its cost per cell
    plain = plain_table(out, title, [columns[i] for i in shown],
                        [[r[i] for i in shown] for r in cells], right)  # fmt: skip
    if plain is not None:
        out.file.write(plain)
    else:
        table = Table(title=Text(title) if title else None)
        for i, to_right in zip(shown, right, strict=True):
            table.add_column(Text(columns[i]), overflow="fold",
                             justify="right" if to_right else "left")  # fmt: skip
        for r in cells:  # data is text, never markup
            table.add_row(*(Text(r[i]) for i in shown))
        out.print(table)
    left_out = [columns[i] for i in range(len(columns)) if i not in shown]
    if left_out:
        names = ", ".join(left_out[:LEFT_OUT_NAMED])
        if len(left_out) > LEFT_OUT_NAMED:
            names += f" and {len(left_out) - LEFT_OUT_NAMED:,} more"
        out.print(Text(f"left out to fit {width} columns: {names} (--wide shows every column)"))


#: a cell that is a number: 12, -3.5, 1,234, $1.25, -$155.57, 40%
_NUMBER = re.compile(r"^[-+]?[$€£]?[-+]?\d[\d,]*(\.\d+)?%?$")


def fit_columns(
    columns: list[str],
    cells: list[list[str]],
    width: int | None,
    priority: list[str] | None = None,
    keep: int = 1,
) -> list[int]:
    """The indexes, in table order, of the columns a rich table of ``width`` shows.

    A column takes its widest line (header or cell) plus three for its padding and
    border; the table one more. Columns are taken in ``priority`` order (names; the
    others after them, left to right), the first ``keep`` always, each of the rest
    when it still fits. ``width`` ``None``: all of them.
    """
    from rich.cells import cell_len

    if width is None:
        return list(range(len(columns)))
    need = [max([cell_len(line) for line in columns[i].splitlines() or [""]]
                + [cell_len(line) for r in cells for line in r[i].splitlines()]) + 3
            for i in range(len(columns))]  # fmt: skip
    if sum(need) + 1 <= width:
        return list(range(len(columns)))
    ranked = [columns.index(c) for c in (priority or []) if c in columns]
    ranked += [i for i in range(len(columns)) if i not in ranked]
    chosen = ranked[:keep]
    used = 1 + sum(need[i] for i in chosen)
    for i in ranked[keep:]:
        if used + need[i] <= width:
            chosen.append(i)
            used += need[i]
    return sorted(chosen)
