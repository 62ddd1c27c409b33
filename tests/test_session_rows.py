"""The sessions of an import by one sort (hhtools.store.session_rows): the rows the SQL
reference (player_views.session_select) gives, worked out here by hand first."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pyarrow as pa
import pytest

from hhtools.store import db as store
from hhtools.store.importer import import_paths
from hhtools.store.player_views import session_select
from hhtools.store.session_rows import SESSION_SCHEMA, session_rows
from tests.conftest import SAMPLES
from tests.storerows import P, S, add_hand

_PLAYERS = "CREATE OR REPLACE TEMP TABLE wanted AS SELECT DISTINCT site, player FROM seats"


def _at(hour: int, minute: int) -> datetime:
    return datetime(2024, 1, 1, hour, minute)


def _store() -> object:
    """Pia's hands: a0 10:00 (+20), a1 10:30 (-10), a2 11:01 (+5), a3 11:01 (-5), a4
    with no start (+7), a5 11:20 (+1); Quo folds in a0 and a2 (-10 each); Rex sits out
    of a1 with nothing put in (not counted)."""
    con = store.connect(":memory:")
    hands = [("a0", _at(10, 0), 20), ("a1", _at(10, 30), -10), ("a2", _at(11, 1), 5),
             ("a3", _at(11, 1), -5), ("a4", _at(11, 5), 7), ("a5", _at(11, 20), 1)]  # fmt: skip
    for hand_id, when, net in hands:
        seats = [S(1, "Pia", 10, 10 + net)]
        if hand_id in ("a0", "a2"):
            seats.append(S(2, "Quo", 10, 0, folded="preflop"))
        add_hand(con, hand_id, seats, [P(0, 10, ["Pia"], ["Pia"], [])], game="omaha",
                 started_at=when)  # fmt: skip
    con.execute("INSERT INTO seats (site, hand_id, seat, player, sitting_out, put_in, collected, "
                "net) VALUES ('pokerstars', 'a1', 3, 'Rex', true, 0, 0, 0)")  # fmt: skip
    con.execute("UPDATE hands SET started_at = NULL WHERE hand_id = 'a4'")
    # a UTC start comes before the site's clock: a5 is 11:20 UTC whatever its own clock says
    con.execute("UPDATE hands SET started_at = TIMESTAMP '2024-01-01 03:20', "
                "started_at_utc = TIMESTAMP '2024-01-01 11:20' WHERE hand_id = 'a5'")  # fmt: skip
    con.execute(_PLAYERS)
    return con


def test_sessions_worked_out_by_hand() -> None:
    con = _store()
    got = session_rows(con, "wanted")  # type: ignore[arg-type]
    assert got.schema == SESSION_SCHEMA
    rows = [(r["player"], r["hand_id"], r["session_start"], r["net"]) for r in got.to_pylist()]
    # 10:00 -> 10:30 is 30 minutes, not more: one session; 10:30 -> 11:01 is 31: a new one;
    # a3 at the same minute as a2 stays in it, and a5 (11:20 UTC, 19 minutes on); a4 has
    # no start: sorted last, a session alone, starting at NULL.
    assert rows == [
        ("Pia", "a0", _at(10, 0), 20), ("Pia", "a1", _at(10, 0), -10),
        ("Pia", "a2", _at(11, 1), 5), ("Pia", "a3", _at(11, 1), -5),
        ("Pia", "a5", _at(11, 1), 1), ("Pia", "a4", None, 7),
        ("Quo", "a0", _at(10, 0), -10), ("Quo", "a2", _at(11, 1), -10),
    ]  # fmt: skip


def test_a_wider_gap_joins_sessions() -> None:
    con = _store()
    got = session_rows(con, "wanted", gap_minutes=31)  # type: ignore[arg-type]
    pia = [(r["hand_id"], r["session_start"]) for r in got.to_pylist() if r["player"] == "Pia"]
    assert pia[:4] == [(h, _at(10, 0)) for h in ("a0", "a1", "a2", "a3")]
    with pytest.raises(ValueError, match="1 minute or more"):
        session_rows(con, "wanted", gap_minutes=0)  # type: ignore[arg-type]


def test_no_players_no_rows() -> None:
    con = _store()
    con.execute("CREATE TEMP TABLE nobody AS SELECT * FROM wanted LIMIT 0")  # type: ignore[attr-defined]
    assert session_rows(con, "nobody").num_rows == 0  # type: ignore[arg-type]


def _same(con: object, select: str, gap: int) -> None:
    got = session_rows(con, "wanted", gap_minutes=gap)  # type: ignore[arg-type]
    con.register("_got", got)  # type: ignore[attr-defined]
    ref = f"SELECT site, hand_id, player, session_start, net FROM ({select})"
    for a, b in ((ref, "SELECT * FROM _got"), ("SELECT * FROM _got", ref)):
        assert con.execute(f"SELECT count(*) FROM ({a} EXCEPT ALL {b})").fetchall() == [(0,)]  # type: ignore[attr-defined]
    assert got.num_rows == con.execute(f"SELECT count(*) FROM ({ref})").fetchall()[0][0]  # type: ignore[attr-defined]


def test_the_sql_reference_gives_the_same_rows() -> None:
    con = _store()
    for gap in (30, 31, 60):
        _same(con, session_select(gap), gap)


def test_the_same_rows_as_the_sql_on_the_samples(tmp_path: Path) -> None:
    db = tmp_path / "s.duckdb"
    import_paths([SAMPLES], db, workers=1)
    con = store.connect(db)
    try:
        con.execute(_PLAYERS)
        assert con.execute("SELECT count(*) FROM wanted").fetchall()[0][0] > 100
        for gap in (5, 30, 240):
            _same(con, session_select(gap), gap)
        # what the import stored is those rows
        stored = "SELECT site, hand_id, player, session_start, net FROM seat_sessions"
        _same(con, stored, 30)
        # in three parts of the players, the same rows: each part a player's every seat
        parts = [session_rows(con, "wanted", parts=3, part=i) for i in range(3)]
        assert all(p.num_rows for p in parts)
        whole = pa.concat_tables(parts)
        con.register("_parts", whole)
        for a, b in ((stored, "SELECT * FROM _parts"), ("SELECT * FROM _parts", stored)):
            assert con.execute(f"SELECT count(*) FROM ({a} EXCEPT ALL {b})").fetchall() == [(0,)]
        assert whole.num_rows == con.execute("SELECT count(*) FROM seat_sessions").fetchall()[0][0]
        names = [set(zip(p.column("site").to_pylist(), p.column("player").to_pylist()))
                 for p in parts]  # fmt: skip
        assert not (names[0] & names[1] or names[0] & names[2] or names[1] & names[2])
    finally:
        con.close()


def test_seats_with_no_start_are_sessions_alone() -> None:
    con = _store()
    con.execute("UPDATE hands SET started_at = NULL, started_at_utc = NULL "  # type: ignore[attr-defined]
                "WHERE hand_id IN ('a0', 'a5')")  # fmt: skip
    got = session_rows(con, "wanted")  # type: ignore[arg-type]
    pia = [(r["hand_id"], r["session_start"]) for r in got.to_pylist() if r["player"] == "Pia"]
    # a1 10:30 alone (a2 31 minutes on), a2 and a3 at 11:01; then a0, a4, a5 with no
    # start, each alone, in hand order
    assert pia == [("a1", _at(10, 30)), ("a2", _at(11, 1)), ("a3", _at(11, 1)),
                   ("a0", None), ("a4", None), ("a5", None)]  # fmt: skip
    _same(con, session_select(), 30)


def test_an_import_works_its_sessions_out_in_parts(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # at most 1,000 seats at once: the samples' sessions in several parts, the same rows
    import hhtools.store.session_rows as rows_module

    monkeypatch.setattr(rows_module, "ROWS_AT_ONCE", 1000)
    db = tmp_path / "p.duckdb"
    import_paths([SAMPLES], db, workers=1)
    con = store.connect(db)
    try:
        everyone = con.sql("SELECT DISTINCT site, player FROM seats").to_arrow_table()
        parts = list(rows_module.session_parts(con, everyone, cube=True))
        assert len(parts) >= 2  # of whole players, about 1,000 seats each
        got = pa.concat_tables([p.rows for p in parts])
        (stored,) = con.execute("SELECT count(*) FROM seat_sessions").fetchall()[0]
        assert got.num_rows == stored and max(p.rows.num_rows for p in parts) < stored
        names = [tuple(p.players.to_pylist()) for p in parts]
        assert sum(map(len, names)) == len({n for ns in names for n in map(repr, ns)})
        con.execute(_PLAYERS)
        _same(con, "SELECT site, hand_id, player, session_start, net FROM seat_sessions", 30)
    finally:
        con.close()
