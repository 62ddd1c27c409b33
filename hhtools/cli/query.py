"""``hhtools sql``, ``audit``, ``problems``, ``schema`` and ``formats``: the store and the reader, listed."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

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
from hhtools.model.vocab import NOTE_CODES, FindingKind

if TYPE_CHECKING:
    from hhtools.store.api import HandStore


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
    notes: Annotated[
        bool,
        typer.Option("--notes", help="List the notes too (hands skipped by design), marked."),
    ] = False,
) -> None:
    """List what imports could not read, as file:line: [hand N] message."""
    check_format(fmt)
    with open_store(db) as store:
        is_note = _is_note(store)
        columns, rows, counts = store.listing(
            "import_errors", "code", code,
            f"file, line, hand_id, code, message, excerpt, {is_note} AS is_note",
            "import_id, file, line", limit, None if notes else f"NOT {is_note}",
        )  # fmt: skip
        hidden = 0 if notes else _count_notes(store, is_note, code)
    if fmt != "table":
        if not notes:  # every row is a problem: the column says nothing
            columns, rows = columns[:-1], [r[:-1] for r in rows]
        render(columns, rows, fmt)
        return
    out = console()
    noun = "note" if hidden == 1 else "notes"
    more = f"({hidden:,} {noun} left out: hhtools problems --notes)" if hidden else ""
    if not rows:
        out.print(f"No problems: every file and hand was read. {more}".strip(), markup=False)
        return
    for file, line, hand_id, c, message, _, note in rows:
        hand = f" [hand {hand_id}]" if hand_id else ""
        mark = "note: " if note else ""
        out.print(f"{file}:{line}:{hand} {mark}{message} ({c})", markup=False, soft_wrap=True)
    _closing_count(out, len(rows), counts, "problems and notes" if notes else "problems")
    if more:
        out.print(more, markup=False)


def _is_note(store: HandStore) -> str:
    """SQL telling a note from a problem in ``import_errors``: its ``is_note``, else (a
    row or a store from before notes) its code."""
    by_code = "code IN (" + ", ".join(f"'{c}'" for c in sorted(NOTE_CODES)) + ")"
    has = store.sql(
        "SELECT count(*) AS n FROM information_schema.columns "
        "WHERE table_name = 'import_errors' AND column_name = 'is_note'"
    )["n"][0]
    return f"coalesce(is_note, {by_code})" if has else by_code


def _count_notes(store: HandStore, is_note: str, code: str | None) -> int:
    """Notes in ``import_errors`` (of ``code`` when given): what a listing left out."""
    where = is_note + (" AND code = ?" if code else "")
    frame = store.sql(f"SELECT count(*) AS n FROM import_errors WHERE {where}",
                      [code] if code else None)  # fmt: skip
    return int(frame["n"][0])


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
