"""Each distinct value of a report column is made text once (hhtools.reports.cells.each_text),
and reads as it did when every cell was made alone."""

from __future__ import annotations

import json
import math

import polars as pl

from hhtools.reports.cells import _repeats, column_text, distinct_text, each_text
from hhtools.reports.report_tables import stats_columns


def test_each_text_reads_every_value_as_alone() -> None:
    values = [0.5, -0.0, 0.5, 0.0, None, math.nan, 0.0, -0.0, 1e-9, -1e-9, 12.345]
    pattern = "{:,.2f}".format
    got = each_text(lambda v: "" if v is None else pattern(v), values)
    assert got == ["0.50", "-0.00", "0.50", "0.00", "", "nan", "0.00", "-0.00", "0.00",
                   "-0.00", "12.35"]  # fmt: skip


def test_distinct_text_reads_every_row_as_alone() -> None:
    # a zero keeps its sign (polars counts 0.0 and -0.0 one value), NULL is a value, NaN
    # reads nan; rows of two columns made text as a pair, in the frame's order
    frame = pl.DataFrame({"v": [0.5, -0.0, 0.5, 0.0, None, math.nan, 0.0, -0.0, 12.345]})
    got = distinct_text(lambda v: "" if v is None else f"{v:,.2f}", frame)
    assert got.to_list() == ["0.50", "-0.00", "0.50", "0.00", "", "nan", "0.00", "-0.00",
                             "12.35"]  # fmt: skip
    pairs = pl.DataFrame({"n": [1, 2, 1, None, 1], "d": [4, 8, 4, 3, None]})
    tips = distinct_text(lambda n, d: None if n is None or d is None else f"{n:,} of {d:,}",
                         pairs)  # fmt: skip
    assert tips.to_list() == ["1 of 4", "2 of 8", "1 of 4", None, None]


def test_columns_read_as_before() -> None:
    # ROI as a percentage, minutes as hours:minutes, a float to two places
    assert column_text("roi", [8.2722, -1.0, 8.2722, None], ["USD"] * 4, True) == [
        "+827.2%", "-100.0%", "+827.2%", ""]  # fmt: skip
    assert column_text("minutes", [65.5, 0.0, 65.5], [""] * 3, True) == ["1:05", "0:00", "1:05"]
    assert column_text("bb_per_100", [-0.0, 0.0, 1234.5], [""] * 3, True) == [
        "-0.00", "0.00", "1,234.50"]  # fmt: skip


def test_stats_cells_and_tooltips() -> None:
    # three players: 1 of 4 = 25.0%, 2 of 8 = 25.0% (the same text, its own tooltip), none
    stats = pl.DataFrame({
        "player": ["a", "b", "c"], "hands": [4, 8, 1200],
        **{f"{n}{p}": v for n in ("vpip", "pfr", "three_bet", "fold_to_three_bet", "cbet",
                                  "fold_to_cbet", "wtsd", "wsd", "wwsf", "scoop", "quartered",
                                  "won_high", "won_low")
           for p, v in (("", [0.25, 0.25, None]), ("_count", [1, 2, None]),
                        ("_opportunities", [4, 8, None]))},
        "af": [1.5, 1.5, None], "afq": [0.6, 0.6, None],
    })  # fmt: skip
    cols = {c.header: c for c in stats_columns(stats, ["player"])}
    assert cols["hands"].texts == ["4", "8", "1,200"]
    assert list(cols["vpip"].texts) == ["25.0", "25.0", ""]
    tips = cols["vpip"].tips
    assert tips is not None and list(tips) == ["1 of 4", "2 of 8", None]
    assert cols["af"].texts == ["1.50", "1.50", ""]
    assert cols["afq"].texts == ["60.0", "60.0", ""]


def test_polars_made_cells_read_as_column_text() -> None:
    # whole numbers (negative, none, past a thousand: no separator, as str), text
    # (non-ASCII, quotes, empty, none) and limits: the very cells column_text makes
    from hhtools.reports.cells import column_text_series, display_columns
    from hhtools.reports.report_tables import _json, frame_columns

    frame = pl.DataFrame({
        "site": ["s"] * 5,
        "player": ["Дмитрий", 'a "b"', "", None, "x\\y"],
        "structure": ["pot_limit", "limit", "no_limit", None, "mixed"],
        "hands": [1234567, -5, 0, None, 7],
        "net_won": [125, -15557, 0, None, 3],
        "currency": ["USD", "EUR", "USD", "USD", "CHIPS"],
        "bb_per_100": [1234.5, -0.0, None, 0.125, 2.675],
    })  # fmt: skip
    for c in ("player", "structure", "hands"):
        made = column_text_series(c, frame[c])
        assert made is not None
        assert made.to_list() == column_text(c, frame[c].to_list(), frame["currency"].to_list(),
                                             False)  # fmt: skip
    assert column_text_series("net_won", frame["net_won"]) is None  # money: format_money
    assert column_text_series("bb_per_100", frame["bb_per_100"]) is None  # floats: Python
    headers, cells = display_columns(frame)
    cols = frame_columns(frame, 3)
    assert [c.header for c in cols] == headers
    assert [list(c.texts) for c in cols] == cells
    # the file's JSON of a Series of text reads back as the list
    assert [json.loads(_json(c.texts)) for c in cols] == cells


def test_money_that_repeats_made_once_per_amount_and_currency() -> None:
    """A money column whose amounts repeat (a rake column) is made text once per amount
    and currency: the same amount in two currencies reads in each one's own way, none
    reads as null, and every row has its text, worked out by hand."""
    values = [125, 125, -5, None, 125, 1250, 125, -5, 125, 125, 125, 125]
    currency = ["USD", "EUR", "EUR", "USD", "USD", "CHIPS", "CHIPS", "EUR", "USD", "USD", "USD",
                None]  # fmt: skip
    expected = ["$1.25", "€1.25", "-€0.05", "", "$1.25", "1,250", "125", "-€0.05", "$1.25",
                "$1.25", "$1.25", "125"]  # fmt: skip
    assert _repeats(values * 3) and not _repeats(values)  # 4 amounts: once each, or each row
    assert column_text("rake_paid", values * 3, currency * 3, False) == expected * 3
    assert column_text("rake_paid", values, currency, False) == expected
