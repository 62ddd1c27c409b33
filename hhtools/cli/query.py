"""``hhtools sql``, ``audit``, ``problems``, ``schema`` and ``formats``: the store and the reader, listed."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from hhtools.cli.common import (
    DEFAULT_DB,
    DatasetOption,
    DbOption,
    FormatOption,
    WideOption,
    check_format,
    console,
    fail,
    line_width,
    open_read_only,
    open_store,
    plural,
    render,
    wrap_line,
)
from hhtools.model.vocab import NOTE_CODES, FindingKind, ProblemCode

if TYPE_CHECKING:
    from hhtools.store.api import HandStore


def sql_cmd(
    query: Annotated[str, typer.Argument(help="A SELECT (or any read-only) statement.")],
    db: DbOption = Path(DEFAULT_DB),
    fmt: FormatOption = "table",
    wide: WideOption = False,
    dataset: DatasetOption = None,
) -> None:
    """Run a read-only SQL query on the store (no writes, no files read or written).

    The table keeps the leftmost columns that fit (--wide: all); no rows print
    ``No rows.`` Several statements (``select 1; select 2``) print one table each,
    titled by its statement; csv and json take one statement (one result).
    """
    check_format(fmt)
    if not query.strip():
        fail("empty query: give a SELECT statement")
    con = open_read_only(db, external_access=False, dataset=dataset, sql=query)
    results = []
    try:
        statements = con.extract_statements(query)
        if len(statements) > 1 and fmt != "table":
            fail(f"{len(statements)} statements: --format {fmt} writes one result; run them "
                 "one at a time (the table format shows each)")
        for statement in statements:
            cur = con.execute(statement)
            columns = [d[0] for d in cur.description] if cur.description else []
            results.append((statement.query.strip(), columns, cur.fetchall() if columns else []))
    except typer.Exit:
        raise
    except Exception as exc:
        fail(_sql_error(str(exc)))
    finally:
        con.close()
    if not results:
        fail("empty query: give a SELECT statement")
    for n, (text, columns, rows) in enumerate(results):
        if len(results) > 1:  # each result under its statement, as written
            gap = "\n" if n else ""
            sys.stdout.write(f"{gap}{n + 1}. {' '.join(text.split())}\n")
            sys.stdout.flush()
        render(columns, rows, fmt, wide=wide)


def _sql_error(message: str) -> str:
    """DuckDB's error as one line, with the read-only refusals said plainly."""
    first = message.strip().splitlines()[0] if message.strip() else "query failed"
    refusals = ("read-only", "enable_external_access", "external access", "disabled by configuration")
    if any(r in first for r in refusals):
        return f"hhtools sql only reads the store (no writes, no files): {first}"
    return first


def _closing_count(out: Console, shown: int, counts: list[tuple[str, int]], noun: str,
                   nouns: str) -> None:  # fmt: skip
    """``3 of 315 findings (kind: n, ...)`` under a listing: how many were shown."""
    total = sum(n for _, n in counts)
    head = plural(total, noun, nouns)
    if total > shown:
        head = f"{shown:,} of {head}"
    out.print(Text(f"\n{head} (" + ", ".join(f"{k}: {n:,}" for k, n in counts) + ")"))


def _print_line(out: Console, text: str, keep: str, width: int | None,
                styles: tuple[tuple[str, int, int], ...] = ()) -> None:  # fmt: skip
    """One listing line, cut at spaces to ``width`` (later lines indented; ``keep``, the
    ``file:line:`` prefix, never cut); ``styles`` (style, start, end) apply where the
    first line still holds that text."""
    for n, line in enumerate(wrap_line(text, width, keep)):
        shown = Text(line)
        for style, start, end in styles if n == 0 else ():
            if line[:end] == text[:end]:
                shown.stylize(style, start, end)
        out.print(shown, soft_wrap=True)


def audit_cmd(
    db: DbOption = Path(DEFAULT_DB),
    kind: Annotated[
        str | None, typer.Option("--kind", help="Only this kind, e.g. award_mismatch.")
    ] = None,
    fmt: FormatOption = "table",
    limit: Annotated[int, typer.Option("--limit", help="Show at most this many.")] = 200,
    wide: Annotated[
        bool, typer.Option("--wide", help="One line each, however long (by default a "
                           "terminal's lines are cut at 100 columns; piped, one line each).")
    ] = False,
    dataset: DatasetOption = None,
) -> None:
    """List the audit's findings, one readable line each, then how many hands were
    judged in full (a hand read in part is judged only where its unread lines cannot
    matter).

    In a terminal the lines are cut to fit (--wide: not); piped, one line each.
    """
    from hhtools.reports.report import judged_line

    check_format(fmt)
    if kind is not None and kind not in tuple(FindingKind):
        fail(f"unknown kind {kind!r}: use one of {', '.join(tuple(FindingKind))}")
    if dataset:
        db = Path(dataset)  # named in messages
    with open_store(db, dataset) as store:
        columns, rows, counts = store.listing(
            "findings", "kind", kind,
            "hand_id, kind, player, pot, half, paid, due, explanation, file, line",
            # every column that tells two findings of one line apart: the same order
            # from the embedded store and from a dataset (a hand's declared_misread and
            # holdem_misread_prone of one player and line came either way round)
            "file, line, hand_id, kind, player, pot, half, paid, due", limit,
        )  # fmt: skip
        judged = judged_line(*store.judged())
    if fmt != "table":
        render(columns, rows, fmt)
        return
    out = console(wide)
    if not rows:
        if kind:
            out.print(Text(f"No findings of kind {kind} in {db}."))
        else:
            out.print(Text(f"No findings in {db}: every audited pot was paid by the rules."))
        out.print(Text(judged))
        return
    width = line_width(wide)
    for hand_id, k, player, _pot, _half, _paid, _due, explanation, file, line in rows:
        where = f"{file}:{line}:"
        head = f"{where} [hand {hand_id}] "
        text = f"{head}{k}{f' {player}' if player else ''}: {explanation}"
        _print_line(out, text, where, width,
                    (("bold", 0, len(where)), ("magenta", len(head), len(head) + len(k))))
    _closing_count(out, len(rows), counts, "finding", "findings")
    out.print(Text(judged))


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
    wide: Annotated[
        bool, typer.Option("--wide", help="One line each, however long (by default a "
                           "terminal's lines are cut at 100 columns; piped, one line each).")
    ] = False,
    dataset: DatasetOption = None,
) -> None:
    """List what imports could not read, as file:line: [hand N] message.

    In a terminal the lines are cut to fit (--wide: not); piped, one line each. A
    --code no version of hhtools writes, and none in the store, exits with 2.
    """
    check_format(fmt)
    if dataset:
        db = Path(dataset)  # named in messages
    with open_store(db, dataset) as store:
        is_note = _is_note(store)
        columns, rows, counts = store.listing(
            "import_errors", "code", code,
            f"file, line, hand_id, code, message, excerpt, {is_note} AS is_note",
            "import_id, file, line, hand_id, code, message", limit,
            None if notes else f"NOT {is_note}",
        )  # fmt: skip
        hidden = 0 if notes else _count_notes(store, is_note, code)
    if code is not None and not rows and not hidden and code not in tuple(ProblemCode):
        # a typo would read as a clean store; a code an older version stored still lists
        fail(f"unknown code {code!r}: use one of {', '.join(tuple(ProblemCode))}")
    if fmt != "table":
        if not notes:  # every row is a problem: the column says nothing
            columns, rows = columns[:-1], [r[:-1] for r in rows]
        render(columns, rows, fmt)
        return
    out = console(wide)
    more = f"({plural(hidden, 'note')} left out: hhtools problems --notes)" if hidden else ""
    if not rows:
        what = "problems or notes" if notes else "problems"
        if code:
            out.print(Text(f"No {what} of code {code} in {db}. {more}".strip()))
        else:
            out.print(Text(f"No {what}: every file and hand was read. {more}".strip()))
        return
    width = line_width(wide)
    for file, line, hand_id, c, message, _, note in rows:
        hand = f" [hand {hand_id}]" if hand_id else ""
        mark = "note: " if note else ""
        where = f"{file}:{line}:" if line else f"{file}:"  # line 0: the whole file (an archive)
        _print_line(out, f"{where}{hand} {mark}{message} ({c})", where, width)
    if notes:
        _closing_count(out, len(rows), counts, "problem or note", "problems and notes")
    else:
        _closing_count(out, len(rows), counts, "problem", "problems")
    if more:
        out.print(Text(more))


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
    if names:
        out.print(Text(f"Recognised but not read yet (reported by name on import): {names}"))
