"""Cells for reading: the report's and the statistics' values as the text people read.

Shared by the terminal tables, the plain-text table of ``--format table --out`` and the
HTML page. Money stays integer minor units in the data; only here does it become text
(``$1.25``, ``€-0.50``, ``1,500`` chips) through :func:`hhtools.model.money.format_money`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from hhtools.model.money import format_money

if TYPE_CHECKING:
    import polars as pl

__all__ = ["BB_DECIMALS", "MONEY_COLUMNS", "PERCENT_COLUMNS", "STRUCTURE_SHORT",
           "big_blind_columns", "column_text", "round_big_blinds",
           "column_text_series", "display_columns", "display_rows", "distinct_text", "each_text",
           "text_table"]

_T = TypeVar("_T")

#: Columns holding money in minor units of the row's ``currency`` (results, sessions,
#: tournaments and their totals).
MONEY_COLUMNS = ("net_won", "rake_paid", "ev_net", "net_per_hour", "buy_in_amount", "prize",
                 "bounties", "buy_ins", "prizes", "net")  # fmt: skip
#: Decimal places of the big-blind columns (``net_bb``, ``ev_bb``, ``bb_per_100``,
#: ``allin_adj_bb_per_100`` and the ``bb_per_100_*`` columns of a pivot) in every machine
#: export (csv, json, parquet): 1/10,000 of a big blind. A big blind count is a ratio of
#: money (exact, minor units) and a blind, summed as doubles: unrounded it prints its
#: float noise (``-512.3999999999999`` for -2,562 at a 0.05 blind).
BB_DECIMALS = 4
_BB_NAMES = ("net_bb", "ev_bb", "bb_per_100", "allin_adj_bb_per_100")
#: Ratio columns (1.0 = 100%) shown as percentages, and how.
PERCENT_COLUMNS = {"roi": "{:+,.1f}%", "itm": "{:,.1f}%"}
#: The betting structure as players write it, for the tables people read (the machine
#: formats keep ``hands.structure``'s own words).
STRUCTURE_SHORT = {"limit": "FL", "pot_limit": "PL", "no_limit": "NL"}
#: Column headers of the tables people read that differ from the column names.
HEADERS = {"structure": "limit"}


def big_blind_columns(columns: Iterable[str]) -> list[str]:
    """The big-blind columns among ``columns``: :data:`BB_DECIMALS`' names, and those
    names with a suffix (``bb_per_100_USD_pot_limit``).

    >>> big_blind_columns(["net_won", "net_bb", "bb_per_100_USD_pot_limit", "vpip"])
    ['net_bb', 'bb_per_100_USD_pot_limit']
    """
    return [c for c in columns if any(c == n or c.startswith(n + "_") for n in _BB_NAMES)]


def round_big_blinds(frame: pl.DataFrame) -> pl.DataFrame:
    """``frame`` with its big-blind columns (:func:`big_blind_columns`, floats) rounded
    to :data:`BB_DECIMALS` places, the rest as it was: what csv, json and parquet exports
    write (a NULL stays NULL)."""
    import polars as pl

    cols = [c for c in big_blind_columns(frame.columns) if frame[c].dtype.is_float()]
    if not cols:
        return frame
    return frame.with_columns(pl.col(c).round(BB_DECIMALS) for c in cols)


def each_text(text: Callable[[Any], _T], values: Iterable[Any]) -> list[_T]:
    """``[text(v) for v in values]``, each distinct value made text once: a column of a
    hundred thousand rows holds a few thousand ratios (a report of a million hands
    formats about a million cells).

    ``0.0`` and ``-0.0`` are equal keys that read apart (``-0.0``), so a zero is looked up
    with its sign; ``None`` is passed to ``text`` like any value.

    >>> each_text("{:.1f}".format, [0.5, -0.0, 0.5, 0.0])
    ['0.5', '-0.0', '0.5', '0.0']
    """
    made: dict[Any, _T] = {}
    out = []
    for v in values:
        key = v if v else (v, repr(v))
        got = made.get(key)
        if got is None:
            got = made[key] = text(v)
        out.append(got)
    return out


def distinct_text(make: Callable[..., str | None], frame: pl.DataFrame) -> pl.Series:
    """``[make(*row) for row in frame.iter_rows()]`` as a String Series, each distinct row
    made text once: polars finds the distinct rows and puts each one's text back in its
    rows (a column of ratios over 84,366 players holds a few thousand: no Python loop
    over every row, as :func:`each_text` does).

    A float ``0.0`` and ``-0.0`` read apart (``-0.0``): polars counts them one value, so
    a zero's sign is a key of its own and ``make`` gets the zero with its sign. NULL is
    a value like any (``make`` gets ``None``).

    Args:
        make: the text of one row's values (in ``frame``'s column order), or ``None``.
        frame: the columns ``make`` reads.

    Returns:
        One text (or null) per row of ``frame``, in its order.

    >>> import polars as pl
    >>> distinct_text("{}/{}".format, pl.DataFrame({"a": [1, 1, None], "b": [0.5, 0.5, -0.0]})
    ...               ).to_list()
    ['1/0.5', '1/0.5', 'None/-0.0']
    """
    import polars as pl

    names = frame.columns
    floats = [c for c in names if frame[c].dtype.is_float()]
    signs = [f"\0sign{i}" for i in range(len(floats))]
    keyed = frame.with_columns((pl.col(c).eq(0) & (1.0 / pl.col(c) < 0)).fill_null(False).alias(z)
                               for c, z in zip(floats, signs, strict=True))  # fmt: skip
    distinct = keyed.unique(maintain_order=True)
    negative = [names.index(c) for c in floats]
    texts = []
    for row in distinct.iter_rows():
        values = list(row[: len(names)])
        for at, minus in zip(negative, row[len(names):], strict=True):
            if minus:
                values[at] = -0.0
        texts.append(make(*values))
    distinct = distinct.with_columns(pl.Series("\0text", texts, dtype=pl.String))
    joined = keyed.join(distinct, on=keyed.columns, how="left", nulls_equal=True,
                        maintain_order="left")  # fmt: skip
    return joined["\0text"]


def column_text(column: str, values: list[Any], currency: list[str], is_float: bool) -> list[str]:
    """One column's cells as text: money as $1.25, limits as FL/PL/NL, ratios rounded.

    Args:
        column: the column's name (it decides money, limits, percentages and lengths).
        values: the column's values (minor units for money, ratios for
            :data:`PERCENT_COLUMNS`, minutes for ``minutes``; ``None`` reads "").
        currency: the currency of each row (for money; ``None`` counts as chips).
        is_float: the column is a float (rounded to 2 places, ``vpip``/``pfr`` to 1).

    Returns:
        One string per value.

    >>> column_text("prize", [2304000, None], ["USD", "USD"], False)
    ['$23,040.00', '']
    >>> column_text("roi", [8.2722, -1.0], ["USD", "USD"], True)
    ['+827.2%', '-100.0%']
    >>> column_text("minutes", [65.5, 0.0], ["", ""], True)
    ['1:05', '0:00']
    """
    if column in MONEY_COLUMNS:
        if _repeats(values):  # each (amount, currency) made text once
            made: dict[tuple[Any, str], str] = {}
            out = []
            for v, cur in zip(values, currency, strict=True):
                got = made.get((v, cur))
                if got is None:
                    got = made[(v, cur)] = "" if v is None else format_money(v, cur or "")
                out.append(got)
            return out
        return ["" if v is None else format_money(v, cur or "")
                for v, cur in zip(values, currency, strict=True)]  # fmt: skip
    if column in PERCENT_COLUMNS:
        pattern = PERCENT_COLUMNS[column]
        return each_text(lambda v: "" if v is None else pattern.format(100 * v), values)
    if column == "minutes":  # a length as hours:minutes
        return each_text(lambda v: "" if v is None else "{}:{:02d}".format(*divmod(int(v), 60)),
                         values)  # fmt: skip
    if column in ("structure", "limit"):
        return ["" if v is None else STRUCTURE_SHORT.get(str(v), str(v)) for v in values]
    if is_float:
        pattern = "{:,.1f}" if column in ("vpip", "pfr") else "{:,.2f}"
        return each_text(lambda v: "" if v is None else pattern.format(v), values)
    return ["" if v is None else str(v) for v in values]


def _repeats(values: list[Any]) -> bool:
    """``True`` when the values repeat enough (fewer distinct than a quarter of them) for
    making each distinct one text once to pay: looking each one up costs about what
    making it text does (money of the results of a million hands: net won, 48,781
    amounts in 186,011 rows, 0.18 s either way; rake 0.15 -> 0.07 s).

    >>> _repeats([1, 1, 1, 1, 2] * 2), _repeats([1, 2, 3, 4])
    (True, False)
    """
    return len(set(values)) * 4 < len(values)


def column_text_series(column: str, values: pl.Series) -> pl.Series | None:
    """:func:`column_text`'s cells as a polars Series of text, made by polars, where they
    are the very same text: a column of whole numbers or of text read as it is (``str``
    of each value; ``""`` for none), or a betting structure as FL/PL/NL; ``None`` for
    any other column (money, ratios, lengths, floats, times: :func:`column_text`).

    >>> import polars as pl
    >>> column_text_series("hands", pl.Series([1234, None, -5])).to_list()
    ['1234', '', '-5']
    >>> column_text_series("structure", pl.Series(["pot_limit", "mixed", None])).to_list()
    ['PL', 'mixed', '']
    >>> column_text_series("net_won", pl.Series([125])) is None
    True
    """
    import polars as pl

    if column in MONEY_COLUMNS or column in PERCENT_COLUMNS or column == "minutes":
        return None
    dtype = values.dtype
    if column in ("structure", "limit"):
        if dtype != pl.String:
            return None
        values = values.replace(STRUCTURE_SHORT)
    elif not (dtype.is_integer() or dtype == pl.String):
        return None
    return values.cast(pl.String).fill_null("")


def display_rows(results: pl.DataFrame) -> tuple[list[str], list[list[str]]]:
    """Header and formatted cells of the results for reading (money as $1.25).

    Args:
        results: ``player_results`` rows.

    Returns:
        ``(columns, rows)`` of strings; ``site`` is left out; the betting structure
        is shown under ``limit`` as FL, PL or NL (fixed, pot, no limit).
    """
    columns, cells = display_columns(results)
    return columns, [list(r) for r in zip(*cells)]


def display_columns(
    results: pl.DataFrame, columns: Sequence[str] | None = None,
    headers: Mapping[str, str] | None = None,
) -> tuple[list[str], list[list[str]]]:  # fmt: skip
    """Like :func:`display_rows`, the cells a column at a time (one list per column).

    Args:
        results: any frame; money columns (:data:`MONEY_COLUMNS`) are read in the
            row's ``currency``.
        columns: the columns to show, in order (default: all but ``site``).
        headers: header of a column, where it differs from the name (default
            :data:`HEADERS`).
    """
    columns = list(columns) if columns is not None else [c for c in results.columns if c != "site"]
    currency = (results["currency"].to_list() if "currency" in results.columns
                else [""] * results.height)  # fmt: skip
    cells = [
        column_text(c, results[c].to_list(), currency, results[c].dtype.is_float())
        for c in columns
    ]
    names = HEADERS if headers is None else headers
    return [names.get(c, c) for c in columns], cells


def text_table(columns: list[str], cells: list[list[str]], numeric_from: int) -> str:
    """A plain-text table: columns padded to their widest cell, numbers to the right.

    Args:
        columns: header names.
        cells: the cells as text, one list per column (all the same length).
        numeric_from: index of the first right-aligned column.

    >>> print(text_table(["player", "hands"], [["Ann", "Bo"], ["12", "7"]], 1), end="")
    player  hands
    Ann        12
    Bo          7
    """
    import polars as pl

    frame = pl.DataFrame({f"c{i}": [name, *col] for i, (name, col) in
                          enumerate(zip(columns, cells, strict=True))})  # fmt: skip
    widths = frame.select(pl.all().str.len_chars().max()).row(0)
    padded = [
        (pl.col(f"c{i}").str.pad_start(w) if i >= numeric_from else pl.col(f"c{i}").str.pad_end(w))
        for i, w in enumerate(widths)
    ]  # fmt: skip
    lines = frame.select(pl.concat_str(padded, separator="  ").str.strip_chars_end())
    return "\n".join(lines.to_series().to_list()) + "\n"
