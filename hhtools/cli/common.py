"""What every command shares: the database option, one way to fail, one way to print rows.

Commands report bad input as one plain line on stderr (``error: ...``) and exit with
:data:`EXIT_BAD_INPUT`; a valid question with nothing to answer exits with
:data:`EXIT_NO_DATA`. Data is printed as text, never read as rich markup (player
names and paths may hold brackets).
"""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    import duckdb

    from hhtools.store.api import HandStore

DEFAULT_DB = "hhtools.duckdb"
EXIT_BAD_INPUT = 2  #: a usage error, an unknown game or card, a missing path
EXIT_NO_DATA = 1  #: nothing matched (no hands for the filters, no such hand)
LISTING_FORMATS = ("table", "csv", "json")

DbOption = Annotated[
    Path, typer.Option("--db", help="DuckDB database file.", envvar="HHTOOLS_DB")
]
FormatOption = Annotated[str, typer.Option("--format", "-f", help="table, csv or json.")]


def console() -> Console:
    """A stdout console for data: no emoji codes, no highlighting; wide when piped."""
    out = Console(emoji=False, highlight=False)
    if not out.is_terminal:
        out = Console(emoji=False, highlight=False, width=200)
    return out


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


def open_store(db: Path) -> HandStore:
    """The store for reading (the Python API's :class:`HandStore`); exit 2 when it cannot open."""
    from hhtools.store.api import connect

    try:
        return connect(db)
    except FileNotFoundError as exc:
        fail(str(exc))
    except Exception as exc:
        fail(f"cannot open {db}: {str(exc).splitlines()[0]}")


def open_read_only(db: Path, external_access: bool = True) -> duckdb.DuckDBPyConnection:
    """A read-only connection (``external_access=False``: SQL cannot touch other files)."""
    from hhtools.store import db as store

    try:
        return store.connect(db, read_only=True, external_access=external_access)
    except FileNotFoundError as exc:
        fail(str(exc))
    except Exception as exc:
        fail(f"cannot open {db}: {exc}")


def render(columns: list[str], rows: list[tuple[Any, ...]], fmt: str, title: str = "") -> None:
    """Print query results as a rich table, CSV or JSON (one array of objects)."""
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf)
        w.writerow(columns)
        w.writerows(rows)
        sys.stdout.write(buf.getvalue())
    elif fmt == "json":
        sys.stdout.write(
            json.dumps([dict(zip(columns, r, strict=True)) for r in rows], default=str) + "\n"
        )
    else:
        table = Table(title=Text(title) if title else None)
        for c in columns:
            table.add_column(Text(c), overflow="fold")
        for r in rows:  # data is text, never markup
            table.add_row(*(Text("" if v is None else str(v)) for v in r))
        console().print(table)
