"""An import into a store with no seats works its sessions out from the counted seats it
kept aside as it appended them (hhtools.store.sessions_spill), not from a read of the
store: the same sessions, summaries and session statistics, also where a session spans
two files (two tables played at once), and whichever way the files are imported.

The fixtures: Ivy is the button of four hands at two tables (ET, May: UTC-4), each
raising to $3 and taking the blinds ($2.50, no rake, $2 returned: +150 cents; the small
blind -50, the big blind -100): file a (table 'Ara I', with Jon and Lou) at 10:00 and
10:50, file b (table 'Ara II', with Kai and Mo) at 10:25 and 11:30. The gap is 30
minutes: Ivy's first three hands are one session (25 minutes apart each: 14:00 UTC to
14:50, 3 hands, +450), the fourth a session of its own (40 minutes after the third:
15:30, +150); Jon and Lou (50 minutes apart) and Kai and Mo (65) have two sessions of one
hand each.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest

from hhtools.store import db as store
from hhtools.store import importer as importer_module
from hhtools.store import sessions as sessions_module
from hhtools.store import sessions_spill
from hhtools.store.importer import import_paths
from tests.conftest import SAMPLES

FIXTURES = Path(__file__).parent / "fixtures"
A = FIXTURES / "pokerstars" / "session_spans_two_files_a.txt"
B = FIXTURES / "pokerstars" / "session_spans_two_files_b.txt"


def _at(hour: int, minute: int) -> datetime:
    return datetime(2024, 5, 1, hour, minute)


#: (player, hand id) -> (session start, net): worked out by hand (module docstring)
SEATS = {
    ("Ivy", "240000000001"): (_at(14, 0), 150), ("Ivy", "240000000002"): (_at(14, 0), 150),
    ("Ivy", "240000000003"): (_at(14, 0), 150), ("Ivy", "240000000004"): (_at(15, 30), 150),
    ("Jon", "240000000001"): (_at(14, 0), -50), ("Jon", "240000000003"): (_at(14, 50), -50),
    ("Lou", "240000000001"): (_at(14, 0), -100), ("Lou", "240000000003"): (_at(14, 50), -100),
    ("Kai", "240000000002"): (_at(14, 25), -50), ("Kai", "240000000004"): (_at(15, 30), -50),
    ("Mo", "240000000002"): (_at(14, 25), -100), ("Mo", "240000000004"): (_at(15, 30), -100),
}  # fmt: skip
#: Ivy's sessions: (start, end, hands, net)
IVY = [(_at(14, 0), _at(14, 50), 3, 450), (_at(15, 30), _at(15, 30), 1, 150)]


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Each time an import's players' sessions are worked out: whether from kept seats."""
    used: list[bool] = []
    real = sessions_module._work_out

    def work_out(con: Any, players: Any, kept: Any = None) -> int:
        if players.num_rows:
            used.append(kept is not None)
        return real(con, players, kept)

    monkeypatch.setattr(sessions_module, "_work_out", work_out)
    return used


def _read(db: Path) -> dict[str, list[tuple[Any, ...]]]:
    con = store.connect(db, read_only=True)
    try:
        return {
            "seats": con.sql("SELECT player, hand_id, session_start, net FROM seat_sessions "
                             "ORDER BY ALL").fetchall(),
            "summary": con.sql("SELECT player, start, session_end, hands, net_won "
                               "FROM session_summary ORDER BY ALL").fetchall(),
            "cube": con.sql("SELECT player, session_start, hands, net_won, round(net_bb, 6) "
                            "FROM session_cube ORDER BY ALL").fetchall(),
        }  # fmt: skip
    finally:
        con.close()


def _expected_seats() -> list[tuple[Any, ...]]:
    return sorted((p, h, start, net) for (p, h), (start, net) in SEATS.items())


def test_sessions_spanning_two_files_from_the_kept_seats(tmp_path: Path, spy: list[bool]) -> None:
    import_paths([A, B], tmp_path / "s.duckdb", workers=1)
    assert spy == [True]  # worked out from the seats kept as they were appended
    got = _read(tmp_path / "s.duckdb")
    assert got["seats"] == _expected_seats()
    assert [r[1:] for r in got["summary"] if r[0] == "Ivy"] == IVY
    ivy_cube = [r[1:] for r in got["cube"] if r[0] == "Ivy"]
    assert ivy_cube == [(_at(14, 0), 3, 450, 4.5), (_at(15, 30), 1, 150, 1.5)]
    assert len(got["summary"]) == len(got["cube"]) == 2 + 4 * 2


def test_the_store_read_and_two_runs_give_the_same(tmp_path: Path, spy: list[bool],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    import_paths([A, B], tmp_path / "kept.duckdb", workers=1)
    # the second file's import reads the store (it has seats): Ivy's session spans both
    import_paths([B], tmp_path / "two.duckdb", workers=1)
    import_paths([A], tmp_path / "two.duckdb", workers=1)
    assert spy == [True, True, False]
    monkeypatch.setattr(importer_module, "SeatSpill", lambda: None)
    import_paths([A, B], tmp_path / "read.duckdb", workers=1)
    assert spy[-1] is False
    kept = _read(tmp_path / "kept.duckdb")
    assert kept["seats"] == _expected_seats()
    assert _read(tmp_path / "two.duckdb") == kept == _read(tmp_path / "read.duckdb")


def test_kept_seats_that_do_not_tally_with_the_store_are_not_used(
        tmp_path: Path, spy: list[bool], monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    real = sessions_spill.SeatSpill.add

    def add_one_less(self: Any, hands: Any, seats: Any) -> None:
        real(self, hands, seats)
        self.rows -= 1  # as if a seat had gone in that is not kept

    monkeypatch.setattr(sessions_spill.SeatSpill, "add", add_one_less)
    import_paths([A, B], tmp_path / "s.duckdb", workers=1)
    assert spy == [False]
    assert _read(tmp_path / "s.duckdb")["seats"] == _expected_seats()


def test_kept_seats_written_to_files_give_the_rows_held(tmp_path: Path, spy: list[bool],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """Many players, their seats written to the spill's files and read back in parts of a
    few files: the rows of one part held in memory, and of the store read."""
    paths = sorted((SAMPLES / "generated").glob("*.txt"))
    import_paths(paths, tmp_path / "held.duckdb", workers=1)
    monkeypatch.setattr(sessions_spill, "HELD_ROWS", 100)
    monkeypatch.setattr(sessions_spill, "SPILL_BUCKETS", 8)
    monkeypatch.setattr("hhtools.store.session_rows.ROWS_AT_ONCE", 300)
    import_paths(paths, tmp_path / "files.duckdb", workers=1)
    monkeypatch.setattr(importer_module, "SeatSpill", lambda: None)
    import_paths(paths, tmp_path / "read.duckdb", workers=1)
    assert spy == [True, True, False]
    held = _read(tmp_path / "held.duckdb")
    assert held["seats"]
    assert held == _read(tmp_path / "files.duckdb") == _read(tmp_path / "read.duckdb")


def _batch(db: Path) -> tuple[pa.Table, pa.Table]:
    """The store's hands and seats as an import appends them (each with ``_n``, its
    hand's running number)."""
    con = store.connect(db, read_only=True)
    try:
        numbered = ("(SELECT site, hand_id, row_number() OVER (ORDER BY site, hand_id) AS _n "
                    "FROM hands)")  # fmt: skip
        hands = con.sql(f"SELECT h.*, n._n FROM hands h JOIN {numbered} n "
                        "USING (site, hand_id) ORDER BY n._n").to_arrow_table()  # fmt: skip
        seats = con.sql(f"SELECT s.*, n._n FROM seats s JOIN {numbered} n "
                        "USING (site, hand_id) ORDER BY n._n, s.seat").to_arrow_table()  # fmt: skip
    finally:
        con.close()
    return hands, seats


def test_the_rows_kept_are_those_read_from_the_store(tmp_path: Path) -> None:
    import pyarrow.compute as pc

    from hhtools.store.session_rows import session_parts
    from hhtools.store.sessions import PLAYER_SCHEMA

    db = tmp_path / "s.duckdb"
    import_paths([A, B], db, workers=1)
    hands, seats = _batch(db)
    spills = [sessions_spill.SeatSpill(), sessions_spill.SeatSpill()]
    for spill in spills:  # in two batches, as two appends
        spill.add(hands.slice(0, 2), seats.filter(pc.less_equal(seats.column("_n"), 2)))
        spill.add(hands.slice(2), seats.filter(pc.greater(seats.column("_n"), 2)))
        assert not spill.broken and spill.rows == 12
    (kept,) = list(spills[0].parts(1000))
    ivy = kept.filter(pc.equal(kept.column("player"), "Ivy"))
    # by hand: the four starts in UTC, +150 each, a big blind of 100 cents
    assert ivy.column("moment").to_pylist() == [_at(14, 0), _at(14, 25), _at(14, 50),
                                                _at(15, 30)]  # fmt: skip
    assert ivy.column("net").to_pylist() == [150] * 4
    assert ivy.column("_cube_net_bb").to_pylist() == [1.5] * 4
    assert ivy.column("_cube_stat").to_pylist() == [True] * 4
    players = pa.table({"site": ["pokerstars"] * 5,
                        "player": ["Ivy", "Jon", "Kai", "Lou", "Mo"]}).cast(PLAYER_SCHEMA)
    con = store.connect(db, read_only=True)
    try:
        (read,) = list(session_parts(con, players, cube=True))
        (mine,) = list(session_parts(con, players, cube=True, kept=spills[1]))
    finally:
        con.close()
        for spill in spills:
            spill.close()
    # the same rows, session statistics and hands' columns as read from the store
    for got, want in ((mine.rows, read.rows), (mine.cube, read.cube),
                      (mine.with_hands, read.with_hands)):  # fmt: skip
        assert got is not None and want is not None and got.num_rows == want.num_rows
        assert sorted(map(repr, got.to_pylist())) == sorted(map(repr, want.to_pylist()))
    assert sorted(mine.players.to_pylist(), key=repr) == sorted(players.to_pylist(), key=repr)


def test_a_batch_without_a_column_read_leaves_it_to_the_store(tmp_path: Path) -> None:
    db = tmp_path / "s.duckdb"
    import_paths([A], db, workers=1)
    hands, seats = _batch(db)
    spill = sessions_spill.SeatSpill()
    spill.add(hands, seats.drop_columns(["vpip_opportunity"]))
    assert spill.broken and spill.rows == 0
    spill.close()


def test_a_boolean_column_read_from_its_bits() -> None:
    """NULL counts as false, chunks sliced at any bit (a batch's columns are such)."""
    col = pa.chunked_array([pa.array([True, None, False, True, True, None, True, False,
                                      True, True]).slice(1),  # bits past a byte
                            pa.array([None, True]), pa.array([], pa.bool_()),
                            pa.array([False, True])])  # fmt: skip
    got = sessions_spill._true(col)
    assert got.tolist() == [False, False, True, True, False, True, False, True, True,
                            False, True, False, True]  # fmt: skip
