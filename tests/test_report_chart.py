"""The winnings chart's points (:func:`hhtools.reports.report.thin_series`): each line's
running net in hand order, every k-th hand kept plus the first and the last, the last
point the line's exact net; values worked out by hand."""

from __future__ import annotations

from datetime import datetime

import polars as pl

from hhtools.reports.report import thin_series


def _seats(rows: list[tuple]) -> pl.DataFrame:
    return pl.DataFrame(
        rows, orient="row",
        schema={"player": pl.String, "currency": pl.String, "started_at": pl.Datetime("us"),
                "site": pl.String, "hand_id": pl.String, "net": pl.Int64, "ev": pl.Float64},
    )  # fmt: skip


def _t(minute: int) -> datetime:
    return datetime(2026, 1, 1, 12, minute)


def test_seven_hands_thinned_to_three_points_keep_first_multiples_and_last() -> None:
    # Ann's seven hands given out of order; in time order their nets are
    # 100, -50, 30, -20, 10, 40, -5: running 100, 50, 80, 60, 70, 110, 105.
    nets = {1: 100, 2: -50, 3: 30, 4: -20, 5: 10, 6: 40, 7: -5}
    rows = [("Ann", "USD", _t(m), "ps", f"h{m}", nets[m], float(nets[m]) + 0.5)
            for m in (4, 1, 7, 2, 6, 3, 5)]  # fmt: skip
    got = thin_series(_seats(rows), points=3)
    # k = ceil(7 / 3) = 3: kept n = 1, 3, 6 and the last, 7
    assert got["n"].to_list() == [1, 3, 6, 7]
    assert got["hand_id"].to_list() == ["h1", "h3", "h6", "h7"]
    assert got["cumulative"].to_list() == [100, 80, 110, 105]
    # the EV column is each net plus 0.5: running sums 100.5, 81.5, 113, 108.5
    assert got["ev_cumulative"].to_list() == [100.5, 81.5, 113.0, 108.5]
    assert got.columns == ["player", "currency", "n", "hand_id", "started_at", "cumulative",
                           "ev_cumulative"]  # fmt: skip


def test_lines_per_player_and_currency_never_added_together() -> None:
    rows = [
        ("Bo", "USD", _t(1), "ps", "a1", 200, 200.0),
        ("Bo", "EUR", _t(2), "ps", "a2", -300, -300.0),
        ("Bo", "USD", _t(3), "ps", "a3", -25, -25.0),
        ("Al", "USD", _t(2), "ps", "a2", 300, 300.0),
    ]
    got = thin_series(_seats(rows), points=2000)
    # ordered by player, then currency, then n; every hand kept (k = 1)
    assert got.select("player", "currency", "n", "cumulative").rows() == [
        ("Al", "USD", 1, 300),
        ("Bo", "EUR", 1, -300),
        ("Bo", "USD", 1, 200),
        ("Bo", "USD", 2, 175),
    ]


def test_ties_of_time_go_by_site_then_hand_and_a_missing_time_comes_last() -> None:
    rows = [
        ("Cy", "USD", None, "ps", "z9", 7, 7.0),
        ("Cy", "USD", _t(5), "ps", "b2", 3, 3.0),
        ("Cy", "USD", _t(5), "gg", "c1", 1, 1.0),
        ("Cy", "USD", _t(5), "ps", "b1", 2, 2.0),
    ]
    got = thin_series(_seats(rows), points=10)
    assert got["hand_id"].to_list() == ["c1", "b1", "b2", "z9"]
    assert got["cumulative"].to_list() == [1, 3, 6, 13]


def test_a_missing_net_is_skipped_as_sql_sums_skip_it() -> None:
    rows = [
        ("Di", "USD", _t(1), "ps", "n1", None, None),
        ("Di", "USD", _t(2), "ps", "n2", 40, 40.0),
        ("Di", "USD", _t(3), "ps", "n3", None, None),
    ]
    got = thin_series(_seats(rows), points=10)
    # nothing summed yet at the first hand (null), then 40, still 40
    assert got["cumulative"].to_list() == [None, 40, 40]
    assert got["ev_cumulative"].to_list() == [None, 40.0, 40.0]


def test_a_player_seated_twice_in_one_hand_shows_the_hand_s_sum_on_both() -> None:
    rows = [
        ("Ed", "USD", _t(1), "ps", "d1", 10, 10.0),
        ("Ed", "USD", _t(2), "ps", "d2", 5, 5.0),
        ("Ed", "USD", _t(2), "ps", "d2", -8, -8.0),
        ("Ed", "USD", _t(3), "ps", "d3", 1, 1.0),
    ]
    got = thin_series(_seats(rows), points=10)
    # hand d2 is one moment: both its rows read 10 + 5 - 8 = 7
    assert got["n"].to_list() == [1, 2, 3, 4]
    assert got["cumulative"].to_list() == [10, 7, 7, 8]


def test_an_empty_store_gives_no_points() -> None:
    got = thin_series(_seats([]), points=10)
    assert got.height == 0
    assert got.schema["cumulative"] == pl.Int64
