"""A table written to a file or a pipe without rich's per-cell rendering
(hhtools.cli.plain_table) is the very text rich writes, on random tables: wide
characters, emoji, brackets, spaces at either end, empty cells, titles wider than the
table (wrapped by rich, the table drawn plain), tables wider than the console (left to
rich)."""

from __future__ import annotations

import io
import random

from rich.console import Console
from rich.table import Table
from rich.text import Text

from hhtools.cli.plain_table import plain_table

ALPHABET = ["a", "B", "1", "$", "-", ".", ",", " ", "€", "漢", "é", "[b]", "x y", "😀", "ﾃ", "%"]


def _rich(width: int, title: str, headers: list[str], rows: list[list[str]],
          right: list[bool]) -> tuple[str, Console]:  # fmt: skip
    """What hhtools.cli.common.render printed with rich alone."""
    buf = io.StringIO()
    console = Console(file=buf, emoji=False, highlight=False, width=width)
    table = Table(title=Text(title) if title else None)
    for header, to_right in zip(headers, right, strict=True):
        table.add_column(Text(header), overflow="fold", justify="right" if to_right else "left")
    for row in rows:
        table.add_row(*(Text(cell) for cell in row))
    console.print(table)
    return buf.getvalue(), console


def test_random_tables_read_as_rich_writes_them() -> None:
    rnd = random.Random(33)
    written = 0
    for _ in range(1500):
        n = rnd.randint(1, 7)
        headers = ["".join(rnd.choice(ALPHABET) for _ in range(rnd.randint(1, 6)))
                   for _ in range(n)]  # fmt: skip
        rows = [["".join(rnd.choice(ALPHABET) for _ in range(rnd.randint(0, 9)))
                 for _ in range(n)] for _ in range(rnd.randint(1, 6))]  # fmt: skip
        right = [rnd.random() < 0.5 for _ in range(n)]
        title = rnd.choice(["", "Statistics (percent): all hands", "x", "  t  ", "漢字", "a" * 80,
                            "Sessions (times UTC where the site's zone is known; length from "
                            "the first hand's start to the last's)", "漢字 " * 30])
        want, console = _rich(rnd.choice([40, 60, 100, 100_000]), title, headers, rows, right)
        got = plain_table(console, title, headers, rows, right)
        if got is not None:
            written += 1
            assert got == want, (title, headers, rows, right)
    assert written > 700  # most tables fit


def test_what_only_rich_can_draw_is_left_to_it() -> None:
    _, console = _rich(100, "", ["a"], [["b"]], [False])
    assert plain_table(console, "", ["a"], [["tab\there"]], [False]) is None
    assert plain_table(console, "", ["a"], [["two\nlines"]], [False]) is None
    assert plain_table(console, "", ["a"], [["x" * 120]], [False]) is None  # wider than 100
    colour = Console(file=io.StringIO(), force_terminal=True, color_system="standard", width=100)
    assert plain_table(colour, "", ["a"], [["b"]], [False]) is None  # styles: rich
    # by hand: columns 1 + 2 and 2 + 2 wide, three borders: 10; the title 4 + 1 + 5
    assert plain_table(console, "t", ["h", "n"], [["x", "12"]], [False, True]) == (
        "    t     \n"
        "┏━━━┳━━━━┓\n"
        "┃ h ┃  n ┃\n"
        "┡━━━╇━━━━┩\n"
        "│ x │ 12 │\n"
        "└───┴────┘\n"
    )


def test_a_title_wider_than_the_table_wraps_centred_over_it() -> None:
    # hhtools sessions' title is wider than its table: rich drew the whole table (22 s
    # for the 20,818 sessions of 100,000 hands, 2 s as CSV); the title's words wrap in
    # the table's 10 columns, each line centred (the odd space on the right): "a title"
    # (7) gets 1 space left and 2 right, "wider than" (10) none, "the" (3) 3 and 4
    _, console = _rich(100, "", ["a"], [["b"]], [False])
    assert plain_table(console, "a title wider than the", ["h", "n"], [["x", "12"]],
                       [False, True]) == (  # fmt: skip
        " a title  \n"
        "wider than\n"
        "   the    \n"
        "┏━━━┳━━━━┓\n"
        "┃ h ┃  n ┃\n"
        "┡━━━╇━━━━┩\n"
        "│ x │ 12 │\n"
        "└───┴────┘\n"
    )
