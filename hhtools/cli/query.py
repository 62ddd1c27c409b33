"""``hhtools sql``, ``audit``, ``problems``, ``schema`` and ``formats``: the store and the reader, listed."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from hhtools.cli.common import (
    DEFAULT_DB,
    DbOption,
    FormatOption,
    check_format,
    console,
    fail,
    open_read_only,
    open_store,
    render,
)
from hhtools.model.vocab import FindingKind


def sql_cmd(
    query: Annotated[str, typer.Argument(help="A SELECT (or any read-only) statement.")],
    db: DbOption = Path(DEFAULT_DB),
    fmt: FormatOption = "table",
) -> None:
    """Run a read-only SQL query on the store (no writes, no files read or written)."""
    check_format(fmt)
    if not query.strip():
        fail("empty query: give a SELECT statement")
    con = open_read_only(db, external_access=False)
    try:
        cur = con.execute(query)
        columns = [d[0] for d in cur.description] if cur.description else []
        rows = cur.fetchall() if columns else []
    except Exception as exc:
        fail(_sql_error(str(exc)))
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

    check_format(fmt)
    if kind is not None and kind not in tuple(FindingKind):
        fail(f"unknown kind {kind!r}: use one of {', '.join(tuple(FindingKind))}")
    with open_store(db) as store:
        columns, rows, counts = store.listing(
            "findings", "kind", kind,
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
    check_format(fmt)
    with open_store(db) as store:
        columns, rows, counts = store.listing(
            "import_errors", "code", code, "file, line, hand_id, code, message, excerpt",
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


def formats_cmd() -> None:
    """List the site formats hhtools reads, with the games each covers."""
    import hhtools.grammars as grammars

    table = Table(title=Text("Site formats hhtools reads"))
    table.add_column("key")
    table.add_column("site format", overflow="fold")
    table.add_column("games", overflow="fold")
    for f in grammars.FORMATS:
        table.add_row(Text(f.key), Text(f.name), Text(f.games))
    out = console()
    out.print(table)
    names = ", ".join(name for name, _ in grammars.NOT_YET)
    out.print(Text(f"Recognised but not read yet (reported by name on import): {names}"))
