"""A table of plain cells written the way rich writes it to a file or a pipe, without rich's
per-cell rendering (about 75 us a cell: 0.7 CPU s of ``hhtools stats --by player`` at a
million hands, for its two tables of 100 groups).

:func:`plain_table` gives the very text :class:`rich.table.Table` (heavy head box,
padding of one, the title centred over the table) prints on a console that writes no
styles (no colour system: output to a file or a pipe), or ``None`` where it cannot be
sure of that: a cell, header or title that is not printable on one line (tabs, line
breaks, control characters, separators other than the space), a table wider than the
console, a console that writes styles or only ASCII. A title wider than the table is
wrapped by rich itself (one text, not a cell each: ``hhtools sessions``' title is wider
than its table, and its 20,818 rows of 100,000 hands took 22 s through rich, 2 s as CSV).
:func:`hhtools.cli.common.render` then draws with rich as before. ``tests/test_plain_table.py``
compares the two on random tables.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

__all__ = ["plain_table"]


def plain_table(console: Console, title: str, headers: Sequence[str],
                rows: Sequence[Sequence[str]], right: Sequence[bool]) -> str | None:  # fmt: skip
    """The lines rich prints for a table of text cells on ``console``, or ``None`` when
    only rich can say (see the module).

    Args:
        console: where the table goes (its width, colour system and encoding decide).
        title: the title centred above the table ("" for none).
        headers: the column headers.
        rows: the cells, one sequence of ``len(headers)`` texts per row.
        right: per column, right-justified (else left).

    Returns:
        The table's lines, each ended by a newline, or ``None``.
    """
    if (console.color_system is not None or console.legacy_windows
            or console.options.ascii_only or not headers):  # fmt: skip
        return None
    texts = [*headers, title]
    for row in rows:
        texts.extend(row)
    if not all(t.isprintable() for t in texts):  # control codes, breaks, tabs, separators
        return None
    inner = [cell_len(h) for h in headers]
    for row in rows:
        for i, cell in enumerate(row):
            n = cell_len(cell)
            if n > inner[i]:
                inner[i] = n
    widths = [w + 2 for w in inner]  # a space of padding each side
    total = sum(widths) + len(widths) + 1  # and the borders
    if total > console.width:
        return None

    def line(cells: Sequence[str], bar: str) -> str:
        parts = []
        for cell, width, to_right in zip(cells, inner, right, strict=True):
            if to_right:
                cell = cell.rstrip(" ")
                parts.append(" " * (width - cell_len(cell)) + cell)
            else:
                parts.append(cell + " " * (width - cell_len(cell)))
        return bar + bar.join(f" {p} " for p in parts) + bar

    out = []
    if title and cell_len(title) > total:  # wrapped: as rich's table draws its title
        out.extend(_wrapped(console, title, total))
    elif title:
        shown = title.rstrip(" ")
        left = (total - cell_len(shown)) // 2
        out.append(" " * left + shown + " " * (total - left - cell_len(shown)))
    out.append("┏" + "┳".join("━" * w for w in widths) + "┓")
    out.append(line(headers, "┃"))
    out.append("┡" + "╇".join("━" * w for w in widths) + "┩")
    out.extend(line(row, "│") for row in rows)
    out.append("└" + "┴".join("─" * w for w in widths) + "┘")
    return "\n".join(out) + "\n"


def _wrapped(console: Console, title: str, width: int) -> list[str]:
    """The lines of ``title`` wrapped and centred in ``width`` columns by rich, as
    :class:`rich.table.Table` draws a title wider than the table."""
    options = console.options.update(width=width, justify="center", highlight=False,
                                     height=None)  # fmt: skip
    return ["".join(seg.text for seg in line)
            for line in console.render_lines(Text(title), options, pad=False)]  # fmt: skip
