"""session_summary as the import sums it from the sessions' sorted seats
(hhtools.store.session_rows.summary_of_seats), not by the GROUP BY and windows of
hhtools.store.player_views.sessions_from (the reference, still used for hands withdrawn
and when two hand keys share a hash).

By hand: one player's seats in sorted order, sessions of 30 minutes' gap, two keys
(games) that change back within a session, a seat of no known big blind and two of no
known moment (each a session starting at NULL, which GROUP BY takes together: one row a
key, numbered after the others); then the reference on the samples, with hands of no
known start and stakes that change back and forth.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pytest

from hhtools.store import db as store
from hhtools.store import session_rows as rows_module
from hhtools.store.importer import import_paths
from hhtools.store.player_views import sessions_from
from hhtools.store.session_rows import SESSION_SCHEMA, seat_groups, summary_of_seats
from tests.conftest import SAMPLES

T0 = datetime(2026, 3, 1, 20, 0)
KEYS = pa.table({"cube_key": pa.array([11, 22], pa.uint64()),
                 "game": ["PLO", "PLO8"], "structure": ["PL", "PL"],
                 "stakes": ["0.5/1", "0.5/1"], "currency": ["USD", "USD"]})  # fmt: skip


def _by_hand() -> pa.Table:
    """The seats of players a and b, sorted by player and moment: a plays PLO, PLO8, PLO
    within 20 minutes (session 1), one hand two hours later with no big blind (session
    2), then two hands of no known start (PLO, PLO8); b one hand."""
    moments = [T0, T0 + timedelta(minutes=10), T0 + timedelta(minutes=20),
               T0 + timedelta(hours=2), None, None, T0]  # fmt: skip
    starts = [T0, T0, T0, T0 + timedelta(hours=2), None, None, T0]
    rows = pa.Table.from_arrays(
        [pa.array(["s"] * 7), pa.array([f"h{i}" for i in range(7)]),
         pa.array(["a"] * 6 + ["b"]), pa.array(starts, pa.timestamp("us")),
         pa.array([100, -50, 30, 5, 7, 8, -1], pa.int64())], schema=SESSION_SCHEMA)  # fmt: skip
    values = pa.table({"_cube_key": pa.array([11, 22, 11, 11, 11, 22, 22], pa.uint64()),
                       "_cube_net_bb": pa.array([1.0, -0.5, 0.5, None, 0.25, 0.5, -0.25])})
    new = np.array([True, False, False, True, True, True, True])
    same = np.array([True, True, True, True, True, False])
    start = rows.column("session_start").combine_chunks()
    groups = seat_groups(new, start, same, values.column("_cube_key").to_numpy())
    return summary_of_seats(rows, pa.array(moments, pa.timestamp("us")), values, groups,
                            start, KEYS)


def test_summary_of_seats_by_hand() -> None:
    got = _by_hand().to_pylist()
    end = T0 + timedelta(minutes=20)
    late = T0 + timedelta(hours=2)
    want = [
        # a, session 1: PLO seats h0 and h2 (100 + 30; 1.0 + 0.5 bb over 2 hands), PLO8 h1
        ("a", 1, T0, end, "PLO", 2, 130, 75.0), ("a", 1, T0, end, "PLO8", 1, -50, -50.0),
        # a, session 2: one hand, no big blind known
        ("a", 2, late, late, "PLO", 1, 5, None),
        # a, the seats of no known start: one session (3), one row a key, no end
        ("a", 3, None, None, "PLO", 1, 7, 25.0), ("a", 3, None, None, "PLO8", 1, 8, 50.0),
        ("b", 1, T0, T0, "PLO8", 1, -1, -25.0),
    ]
    assert [(r["player"], r["session"], r["start"], r["session_end"], r["game"], r["hands"],
             r["net_won"], r["bb_per_100"]) for r in got] == want  # fmt: skip
    assert {r["site"] for r in got} == {"s"} and {r["stakes"] for r in got} == {"0.5/1"}


def test_the_cube_of_the_same_groups_by_hand() -> None:
    """session_cube from the same groups, over the seats with statistics only: a group
    without one (a's PLO8 of session 1, a's PLO of no known start) has no row; bit 0 of
    ``_cube_bits`` is vpip's count, bit 1 its opportunity (and pfr's)."""
    from hhtools.store.session_cube import cube_of_seats

    moments = [T0, T0 + timedelta(minutes=10), T0 + timedelta(minutes=20),
               T0 + timedelta(hours=2), None, None, T0]  # fmt: skip
    starts = pa.array([T0, T0, T0, T0 + timedelta(hours=2), None, None, T0],
                      pa.timestamp("us"))  # fmt: skip
    rows = pa.Table.from_arrays(
        [pa.array(["s"] * 7), pa.array([f"h{i}" for i in range(7)]),
         pa.array(["a"] * 6 + ["b"]), starts,
         pa.array([100, -50, 30, 5, 7, 8, -1], pa.int64())], schema=SESSION_SCHEMA)  # fmt: skip
    values = pa.table({
        "_cube_stat": [True, False, True, True, False, True, True],
        "_cube_key": pa.array([11, 22, 11, 11, 11, 22, 22], pa.uint64()),
        "_cube_bits": pa.array([3, 3, 2, 0, 3, 3, 2], pa.int64()),
        "_cube_postflop_aggressive": pa.array([1, 5, None, 2, 1, None, 0], pa.int64()),
        "_cube_postflop_calls": pa.array([0] * 7, pa.int64()),
        "_cube_postflop_folds": pa.array([None] * 7, pa.int64()),
        "_cube_net_bb": pa.array([1.0, -0.5, 0.5, None, 0.25, 0.5, -0.25])})
    new = np.array([True, False, False, True, True, True, True])
    same = np.array([True, True, True, True, True, False])
    groups = seat_groups(new, starts, same, values.column("_cube_key").to_numpy())
    got = cube_of_seats(rows, values, groups, starts, KEYS)
    assert got is not None
    cols = ("player", "session_start", "game", "hands", "vpip_count", "vpip_opportunities",
            "pfr_opportunities", "postflop_aggressive", "postflop_calls", "postflop_folds",
            "net_won", "net_bb")  # fmt: skip
    assert [tuple(r[c] for c in cols) for r in got.to_pylist()] == [
        ("a", T0, "PLO", 2, 1, 2, 2, 1, 0, None, 130, 1.5),  # h0 and h2; h2's aggression unknown
        ("a", T0 + timedelta(hours=2), "PLO", 1, 0, 0, 0, 2, 0, None, 5, None),
        ("a", None, "PLO8", 1, 1, 1, 1, None, 0, None, 8, 0.5),
        ("b", T0, "PLO8", 1, 0, 1, 1, 0, 0, None, -1, -0.25),
    ]


def test_no_seats_no_summary() -> None:
    empty = SESSION_SCHEMA.empty_table()
    values = pa.table({"_cube_key": pa.array([], pa.uint64()),
                       "_cube_net_bb": pa.array([], pa.float64())})
    groups = seat_groups(np.ones(1, bool), pa.array([None], pa.timestamp("us")),
                         np.zeros(0, bool), np.zeros(1, np.uint64))  # any: no row reads them
    got = summary_of_seats(empty, pa.array([], pa.timestamp("us")), values, groups,
                           pa.array([], pa.timestamp("us")), KEYS)  # fmt: skip
    assert got.num_rows == 0 and got.schema == rows_module.SUMMARY_SCHEMA


def test_the_summary_summed_from_the_sorted_seats_is_the_sql_reference(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every stored session_summary row against sessions_from over the stored
    seat_sessions, after an import and again after the sessions are worked out anew in
    small parts with hands of no known start and stakes changing within sessions."""
    from hhtools.store.sessions import refresh_sessions

    calls: list[int] = []
    real = rows_module.summary_of_seats

    def counted(*args: Any) -> Any:
        calls.append(real(*args).num_rows)
        return real(*args)

    monkeypatch.setattr(rows_module, "summary_of_seats", counted)
    monkeypatch.setattr(rows_module, "ROWS_AT_ONCE", 400)
    db = tmp_path / "s.duckdb"
    import_paths([SAMPLES], db, workers=1)
    con = store.connect(db)
    try:
        _same_summary(con)
        con.execute("UPDATE hands SET started_at = NULL, started_at_utc = NULL "
                    "WHERE hash(hand_id) % 7 = 0")  # fmt: skip
        con.execute("UPDATE hands SET stakes = stakes || ' again' WHERE hash(hand_id) % 3 = 0")
        con.execute("DELETE FROM seat_sessions")
        calls.clear()
        assert refresh_sessions(con) > 100  # every player again, in parts
        assert len(calls) > 3 and sum(calls) > 100  # summed from the seats, part by part
        (nulls,) = con.execute("SELECT count(*) FROM session_summary "
                               "WHERE start IS NULL").fetchall()[0]  # fmt: skip
        assert nulls > 10
        _same_summary(con)
    finally:
        con.close()


def _same_summary(con: Any) -> None:
    cols = ("site, player, session, start, session_end, game, structure, stakes, currency, "
            "hands, net_won, round(bb_per_100, 9), minutes, net_per_hour")
    got = con.sql(f"SELECT {cols} FROM session_summary").fetchall()
    want = con.sql(f'SELECT {cols} FROM (SELECT * RENAME ("end" AS session_end) '
                   f"FROM ({sessions_from('seat_sessions')}))").fetchall()
    assert len(got) == len(want) > 100
    assert sorted(got, key=repr) == sorted(want, key=repr)
