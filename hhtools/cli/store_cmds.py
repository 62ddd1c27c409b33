"""``hhtools import``, ``sql``, ``audit`` and ``schema``: the store's commands."""

from __future__ import annotations

import csv
import io
import json
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table
from rich.text import Text

from hhtools.model.vocab import FindingKind


DEFAULT_DB = "hhtools.duckdb"

DbOption = Annotated[
    Path, typer.Option("--db", help="DuckDB database file.", envvar="HHTOOLS_DB")
]



def console() -> Console:
    """A stdout console for data: no emoji codes, no highlighting; wide when piped."""
    out = Console(emoji=False, highlight=False)
    if not out.is_terminal:
        out = Console(emoji=False, highlight=False, width=200)
    return out


def _fail(message: str, code: int = 2) -> None:
    """One line on stderr (never wrapped, never markup), then exit with ``code``."""
    sys.stderr.write(f"error: {' '.join(message.split())}\n")
    raise typer.Exit(code)


def _count_files(paths: list[Path]) -> int:
    total = 0
    for p in paths:
        if p.is_dir():
            total += sum(1 for q in p.rglob("*") if q.is_file())
        elif p.is_file():
            total += 1
    return total


def import_cmd(
    paths: Annotated[list[Path], typer.Argument(help="Files, folders and .zip archives.")],
    db: DbOption = Path(DEFAULT_DB),
    audit: Annotated[bool, typer.Option("--audit/--no-audit", help="Audit every showdown.")] = True,
    workers: Annotated[
        int | None, typer.Option("--workers", "-j", help="Worker processes (default: CPUs).")
    ] = None,
    strict: Annotated[
        bool, typer.Option("--strict", help="Exit 1 when any problem was reported.")
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Import hand histories into DuckDB, auditing every showdown."""
    from hhtools.store.importer import ImportSummary, import_paths

    missing = [p for p in paths if not p.exists()]
    if missing:
        _fail(f"no such file or folder: {missing[0]}")
    console = Console(stderr=True, emoji=False, highlight=False)
    total_files = _count_files(paths)
    progress = Progress(
        SpinnerColumn(),
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("files · {task.fields[hands]:,} hands · {task.fields[rate]:,.0f} hands/s"),
        TimeElapsedColumn(),
        console=console,
        disable=quiet,
        transient=False,
    )
    task = progress.add_task("importing", total=total_files or None, hands=0, rate=0.0)
    done_files: set[str] = set()
    started = time.perf_counter()

    def on_progress(summary: ImportSummary, name: str) -> None:
        done_files.add(name)
        elapsed = time.perf_counter() - started
        seen = summary.hands + summary.duplicates + summary.skipped + summary.failed
        progress.update(
            task,
            completed=summary.files_unchanged + len(done_files),
            hands=seen,
            rate=seen / elapsed if elapsed else 0.0,
        )

    try:
        with progress:
            summary = import_paths(
                paths, db, audit=audit, workers=workers, on_progress=on_progress
            )
    except KeyboardInterrupt:
        sys.stderr.write(
            "interrupted: files finished before the stop are stored; "
            "run the same import again to pick up the rest.\n"
        )
        raise typer.Exit(130) from None
    except Exception as exc:  # database locked, not a database...
        _fail(f"cannot import into {db}: {str(exc).splitlines()[0]}")
        return
    _print_summary(summary, db)
    if strict and summary.problems:
        raise typer.Exit(1)


def _print_summary(summary: Any, db: Path) -> None:
    out = console()
    table = Table(title=f"Import into {db}", show_header=True)
    table.add_column("what")
    table.add_column("count", justify="right")
    rows = [
        ("files", summary.files),
        ("files unchanged since last import", summary.files_unchanged),
        ("hands imported", summary.hands),
        ("duplicates skipped", summary.duplicates),
        ("conflicting hands (same id, other text)", summary.conflicts),
        ("non-Omaha hands skipped", summary.skipped),
        ("hands that failed to parse", summary.failed),
        ("problems (see import_errors)", summary.problems),
    ]
    for what, n in rows:
        table.add_row(what, f"{n:,}")
    for kind in sorted(summary.findings):
        table.add_row(f"findings: {kind}", f"{summary.findings[kind]:,}")
    if not summary.findings:
        table.add_row("findings", "0")
    table.add_row("seconds", f"{summary.seconds:,.1f}")
    table.add_row("hands/s", f"{summary.hands_per_second:,.0f}")
    out.print(table)
    if summary.problems:
        out.print(f"{summary.problems:,} problems: see them with 'hhtools problems --db {db}'",
                  markup=False)


def _check_format(fmt: str) -> None:
    """Exit 2 unless ``fmt`` is one of the listing formats."""
    if fmt not in ("table", "csv", "json"):
        _fail(f"unknown format {fmt!r}: use table, csv or json")


def _open_read_only(db: Path, external_access: bool = True) -> Any:
    from hhtools.store import db as store

    try:
        return store.connect(db, read_only=True, external_access=external_access)
    except FileNotFoundError as exc:
        _fail(str(exc))
    except Exception as exc:
        _fail(f"cannot open {db}: {exc}")


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


FormatOption = Annotated[
    str, typer.Option("--format", "-f", help="table, csv or json.")
]


def sql_cmd(
    query: Annotated[str, typer.Argument(help="A SELECT (or any read-only) statement.")],
    db: DbOption = Path(DEFAULT_DB),
    fmt: FormatOption = "table",
) -> None:
    """Run a read-only SQL query on the store (no writes, no files read or written)."""
    _check_format(fmt)
    if not query.strip():
        _fail("empty query: give a SELECT statement")
    con = _open_read_only(db, external_access=False)
    try:
        cur = con.execute(query)
        columns = [d[0] for d in cur.description] if cur.description else []
        rows = cur.fetchall() if columns else []
    except Exception as exc:
        _fail(_sql_error(str(exc)))
        return
    finally:
        con.close()
    render(columns, rows, fmt)


def _sql_error(message: str) -> str:
    """DuckDB's error as one line, with the read-only refusals said plainly."""
    first = message.strip().splitlines()[0] if message.strip() else "query failed"
    refusals = ("read-only", "enable_external_access", "external access", "disabled by configuration")
    if any(r in first for r in refusals):
        return f"hhtools sql only reads the store (no writes, no files): {first}"
    return first


def _listing(
    db: Path, table: str, column: str, value: str | None, select: str, order: str, limit: int
) -> tuple[list[str], list[tuple[Any, ...]], list[tuple[str, int]]]:
    """Rows of ``table`` (only ``column = value`` when given), and counts by ``column``."""
    con = _open_read_only(db)
    try:
        where = f"WHERE {column} = ?" if value else ""
        params: list[Any] = [value] if value else []
        cur = con.execute(
            f"SELECT {select} FROM {table} {where} ORDER BY {order} LIMIT ?", [*params, limit]
        )
        columns = [d[0] for d in cur.description]
        rows = cur.fetchall()
        counts = con.execute(
            f"SELECT {column}, count(*) FROM {table} {where} GROUP BY ALL ORDER BY 1", params
        ).fetchall()
    finally:
        con.close()
    return columns, rows, counts


def _closing_count(out: Console, shown: int, counts: list[tuple[str, int]], noun: str) -> None:
    total = sum(n for _, n in counts)
    head = f"{shown} of {total}" if total > shown else f"{total}"
    out.print(f"\n{head} {noun} (" + ", ".join(f"{k}: {n}" for k, n in counts) + ")",
              markup=False)  # fmt: skip


def audit_cmd(
    db: DbOption = Path(DEFAULT_DB),
    kind: Annotated[
        str | None, typer.Option("--kind", help="Only this kind, e.g. award_mismatch.")
    ] = None,
    fmt: FormatOption = "table",
    limit: Annotated[int, typer.Option("--limit", help="Show at most this many.")] = 200,
) -> None:
    """List the audit's findings, one readable line each."""

    _check_format(fmt)
    if kind is not None and kind not in tuple(FindingKind):
        _fail(f"unknown kind {kind!r}: use one of {', '.join(tuple(FindingKind))}")
    columns, rows, counts = _listing(
        db, "findings", "kind", kind,
        "hand_id, kind, player, pot, half, paid, due, explanation, file, line",
        "file, line, hand_id", limit,
    )  # fmt: skip
    if fmt != "table":
        render(columns, rows, fmt)
        return
    out = console()
    if not rows:
        if kind:
            out.print(f"No {kind} findings.", markup=False)
        else:
            out.print("No findings: every audited pot was paid by the rules.", markup=False)
        return
    for hand_id, k, player, _pot, _half, _paid, _due, explanation, file, line in rows:
        who = f" {player}" if player else ""
        out.print(
            f"[bold]{escape(f'{file}:{line}:')}[/bold] {escape(f'[hand {hand_id}]')} "
            f"[magenta]{k}[/magenta]{escape(who)}: {escape(explanation)}",
            highlight=False,
            soft_wrap=True,
        )
    _closing_count(out, len(rows), counts, "findings")


def problems_cmd(
    db: DbOption = Path(DEFAULT_DB),
    code: Annotated[
        str | None, typer.Option("--code", help="Only this code, e.g. unsupported_site.")
    ] = None,
    fmt: FormatOption = "table",
    limit: Annotated[int, typer.Option("--limit", help="Show at most this many.")] = 200,
) -> None:
    """List what imports could not read, as file:line: [hand N] message."""
    _check_format(fmt)
    columns, rows, counts = _listing(
        db, "import_errors", "code", code, "file, line, hand_id, code, message, excerpt",
        "import_id, file, line", limit,
    )  # fmt: skip
    if fmt != "table":
        render(columns, rows, fmt)
        return
    out = console()
    if not rows:
        out.print("No problems: every file and hand was read.", markup=False)
        return
    for file, line, hand_id, c, message, _ in rows:
        hand = f" [hand {hand_id}]" if hand_id else ""
        out.print(f"{file}:{line}:{hand} {message} ({c})", markup=False, soft_wrap=True)
    _closing_count(out, len(rows), counts, "problems")


def schema_cmd() -> None:
    """Print the store's tables, columns and views (Markdown)."""
    from hhtools.store.db import schema_markdown

    sys.stdout.write(schema_markdown() + "\n")
