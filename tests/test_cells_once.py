"""Each distinct value of a report column is made text once (hhtools.reports.cells.each_text),
and reads as it did when every cell was made alone."""

from __future__ import annotations

import math

import polars as pl

from hhtools.reports.cells import column_text, each_text
from hhtools.reports.report_tables import stats_columns


def test_each_text_reads_every_value_as_alone() -> None:
    values = [0.5, -0.0, 0.5, 0.0, None, math.nan, 0.0, -0.0, 1e-9, -1e-9, 12.345]
    pattern = "{:,.2f}".format
    got = each_text(lambda v: "" if v is None else pattern(v), values)
    assert got == ["0.50", "-0.00", "0.50", "0.00", "", "nan", "0.00", "-0.00", "0.00",
                   "-0.00", "12.35"]  # fmt: skip


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
    assert cols["vpip"].texts == ["25.0", "25.0", ""]
    assert cols["vpip"].tips == ["1 of 4", "2 of 8", None]
    assert cols["af"].texts == ["1.50", "1.50", ""]
    assert cols["afq"].texts == ["60.0", "60.0", ""]
