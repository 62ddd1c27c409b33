"""The sessions of many players from one read of their seats (hhtools.store.session_rows.
session_parts): the seats spread over files and read back a part at a time give exactly
the rows, cube and summary rows of one part holding every seat, and the files are gone
afterwards; a player left with no counted seat loses his session rows."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pyarrow as pa
import pytest

from hhtools.store import db as store
from hhtools.store.importer import import_paths
from hhtools.store.session_rows import session_parts
from hhtools.store.sessions import refresh_sessions
from tests.conftest import SAMPLES


@pytest.fixture(scope="module")
def samples_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("spill") / "s.duckdb"
    import_paths([SAMPLES], db, workers=1)
    return db


def _cube_rows(parts: list) -> list:
    rows = pa.concat_tables([p.cube for p in parts]).to_pylist()
    for r in rows:
        r["net_bb"] = None if r["net_bb"] is None else round(r["net_bb"], 6)
    return sorted(rows, key=repr)


def test_parts_from_files_are_the_one_part_held(samples_db: Path, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    spill = tmp_path / "spill"
    spill.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spill))  # where the files go
    con = store.connect(samples_db)
    try:
        players = con.sql("SELECT DISTINCT site, player FROM seats").to_arrow_table()
        whole = list(session_parts(con, players, cube=True, rows_at_once=10**9))
        assert not any(spill.iterdir())  # held: no file written
        seen: list[int] = []

        def look() -> None:
            seen.append(sum(1 for d in spill.iterdir() for _ in d.iterdir()))

        parts = []
        for part in session_parts(con, players, cube=True, rows_at_once=300):
            look()
            parts.append(part)
        assert len(whole) == 1 and len(parts) > 3
        assert max(seen) > 1  # the seats were in files, read back a part at a time
        assert not any(spill.iterdir())  # and the folder is removed
        # the same rows in the same order: players in the order of site and player,
        # each player's seats by moment and hand id
        for name in ("players", "rows", "summary"):
            got = pa.concat_tables([getattr(p, name) for p in parts])
            assert got.equals(getattr(whole[0], name)), name
        assert _cube_rows(parts) == _cube_rows(whole)
        # most parts at most 300 seats (one file of a player with many seats holds more)
        assert sum(p.rows.num_rows <= 300 for p in parts) > len(parts) / 2
        # and the rows are those the store holds, worked out in its own parts
        (stored,) = con.execute("SELECT count(*) FROM seat_sessions").fetchall()[0]
        assert whole[0].rows.num_rows == stored
    finally:
        con.close()


def test_a_player_with_no_counted_seat_left_loses_his_sessions(samples_db: Path,
                                                               tmp_path: Path) -> None:
    db = tmp_path / "g.duckdb"
    db.write_bytes(samples_db.read_bytes())
    con = store.connect(db)
    try:
        (name,) = con.execute("SELECT player FROM seat_sessions GROUP BY player "
                              "ORDER BY count(*) DESC, player LIMIT 1").fetchall()[0]  # fmt: skip
        site = con.execute("SELECT site FROM seats WHERE player = ? LIMIT 1",
                           [name]).fetchall()[0][0]  # fmt: skip
        before = {t: con.execute(f"SELECT count(*) FROM {t}").fetchall()[0][0]
                  for t in ("seat_sessions", "session_summary", "session_cube")}  # fmt: skip
        mine = {t: con.execute(f"SELECT count(*) FROM {t} WHERE player = ?",
                               [name]).fetchall()[0][0] for t in before}  # fmt: skip
        assert all(mine.values())
        # every seat of his now sits out with nothing put in or won: none is counted
        con.execute("UPDATE seats SET sitting_out = true, put_in = 0, collected = 0 "
                    "WHERE player = ?", [name])  # fmt: skip
        him = pa.table({"site": [site], "player": [name]})
        assert refresh_sessions(con, him) == 1
        for table, count in before.items():
            assert con.execute(f"SELECT count(*) FROM {table} WHERE player = ?",
                               [name]).fetchall()[0][0] == 0, table  # fmt: skip
            assert con.execute(f"SELECT count(*) FROM {table}").fetchall()[0][0] == (
                count - mine[table]), table  # fmt: skip
    finally:
        con.close()
