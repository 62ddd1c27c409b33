"""An import's sessions are worked out in parts of the players, each part committed on
its own (hhtools.store.sessions._work_out): what an import stopped between two parts
leaves, and the next writable open mending it.

The reference is the store itself worked out without a stop: the generated samples'
first four files imported, then all seven (the same rows whatever the parts, see
test_session_rows). Stopped after its first part, the second import must leave each
player's session rows, session summaries and session statistics either all as after
the first import or all as after the second (a player's rows replaced whole or not at
all), never a mix, and say in ``meta`` that sessions are due; the next writable open
must then give the second import's rows for everyone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hhtools.store import db as store
from hhtools.store import sessions as sessions_module
from hhtools.store.importer import import_paths
from tests.conftest import SAMPLES

GENERATED = sorted((SAMPLES / "generated").glob("*.txt"))
FIRST, SECOND = GENERATED[:4], GENERATED[4:]

#: the tables a player's sessions fill, each read as rows per (site, player)
_READS = {
    "seat_sessions": "SELECT site, player, hand_id, session_start, net FROM seat_sessions",
    # bb_per_100 and net_bb, sums of doubles: their last bits follow the order of the sum
    "session_summary": "SELECT * REPLACE (round(bb_per_100, 6) AS bb_per_100) "
                       "FROM session_summary",
    "session_cube": "SELECT * REPLACE (round(net_bb, 6) AS net_bb) FROM session_cube",
}


def _rows(db: Path) -> dict[str, dict[tuple[str, str], list[tuple[Any, ...]]]]:
    """Each table's rows per (site, player), sorted."""
    con = store.connect(db, read_only=True)
    try:
        out: dict[str, dict[tuple[str, str], list[tuple[Any, ...]]]] = {}
        for table, sql in _READS.items():
            rel = con.sql(sql)
            site, player = rel.columns.index("site"), rel.columns.index("player")
            by: dict[tuple[str, str], list[tuple[Any, ...]]] = {}
            for row in rel.fetchall():
                by.setdefault((row[site], row[player]), []).append(row)
            out[table] = {k: sorted(v, key=repr) for k, v in by.items()}
        return out
    finally:
        con.close()


def _due(db: Path) -> bool:
    con = store.connect(db, read_only=True)
    try:
        return store.sessions_due(con)
    finally:
        con.close()


@pytest.fixture
def small_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    """At most 500 seats at once: the samples' players in several parts."""
    import hhtools.store.session_rows as rows_module

    monkeypatch.setattr(rows_module, "ROWS_AT_ONCE", 500)


def test_a_stop_between_parts_leaves_whole_players_and_the_next_open_mends_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, small_parts: None
) -> None:
    after_first, after_both, db = (tmp_path / n for n in ("a.duckdb", "ab.duckdb", "x.duckdb"))
    import_paths(FIRST, after_first, workers=1)
    import_paths(FIRST, db, workers=1)
    import_paths(GENERATED, after_both, workers=1)
    first, both = _rows(after_first), _rows(after_both)
    assert not _due(after_first) and not _due(after_both)  # a run that ends clears it

    real = sessions_module.summarise_sessions  # type: ignore[attr-defined]
    calls = []

    def stop_in_the_second_part(con: Any, players: str, *cube: Any) -> None:
        calls.append(players)
        if len(calls) == 2:  # inside the second part's transaction
            raise KeyboardInterrupt
        real(con, players, *cube)

    monkeypatch.setattr(sessions_module, "summarise_sessions", stop_in_the_second_part)
    with pytest.raises(KeyboardInterrupt):
        import_paths(SECOND, db, workers=1)
    monkeypatch.setattr(sessions_module, "summarise_sessions", real)

    assert _due(db)  # the hands are stored, their players' sessions not all worked out
    got = _rows(db)
    players = set(both["seat_sessions"])
    assert players >= set(first["seat_sessions"])
    done = stale = 0
    for key in players:
        mine = {t: got[t].get(key, []) for t in _READS}
        new = {t: both[t].get(key, []) for t in _READS}
        old = {t: first[t].get(key, []) for t in _READS}
        assert mine in (new, old), key  # whole: every table as after one of the imports
        if new != old:  # a player of the second import's hands
            done += mine == new
            stale += mine == old
    assert done and stale  # the first part stored, the next ones not

    store.connect(db).close()  # the next writable open works the rest out
    assert not _due(db)
    assert _rows(db) == both


def test_a_part_failing_ahead_on_its_thread_stops_like_a_stop_between_parts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, small_parts: None
) -> None:
    """Each part after the first is worked out on a thread while the one before is
    written: a failure there reaches the import once the part before is stored, and
    leaves what a stop between parts leaves (whole players, sessions due), no thread
    left running."""
    import threading

    import hhtools.store.session_cube as cube_module

    after_first, after_both, db = (tmp_path / n for n in ("a.duckdb", "ab.duckdb", "x.duckdb"))
    import_paths(FIRST, after_first, workers=1)
    import_paths(FIRST, db, workers=1)
    import_paths(GENERATED, after_both, workers=1)
    first, both = _rows(after_first), _rows(after_both)

    real = cube_module.cube_of_seats
    where: list[str] = []

    def fail_in_the_second_part(*args: Any) -> Any:
        where.append(threading.current_thread().name)
        if len(where) == 2:
            raise RuntimeError("the second part")
        return real(*args)

    monkeypatch.setattr(cube_module, "cube_of_seats", fail_in_the_second_part)
    with pytest.raises(RuntimeError, match="the second part"):
        import_paths(SECOND, db, workers=1)
    monkeypatch.setattr(cube_module, "cube_of_seats", real)
    assert where[0] == threading.current_thread().name  # the first part: here
    assert where[1].startswith("hhtools-sessions")  # the second: ahead, on the thread
    assert not [t for t in threading.enumerate()  # the step's own threads ended
                if t.name.startswith(("hhtools-sessions", "hhtools-spill"))]

    assert _due(db)
    got = _rows(db)
    done = stale = 0
    for key in set(both["seat_sessions"]):
        mine = {t: got[t].get(key, []) for t in _READS}
        new = {t: both[t].get(key, []) for t in _READS}
        old = {t: first[t].get(key, []) for t in _READS}
        assert mine in (new, old), key
        if new != old:
            done += mine == new
            stale += mine == old
    assert done and stale  # the first part stored, the second and after not

    store.connect(db).close()  # the next writable open works the rest out
    assert not _due(db)
    assert _rows(db) == both


def test_an_import_of_nothing_new_leaves_nothing_due(tmp_path: Path, small_parts: None) -> None:
    db = tmp_path / "n.duckdb"
    import_paths(FIRST, db, workers=1)
    before = _rows(db)
    summary = import_paths(FIRST, db, workers=1)  # the same files: nothing appended
    assert summary.hands == 0
    assert not _due(db)
    assert _rows(db) == before


def test_the_cube_summed_from_the_sorted_seats_is_the_sql_reference(
    tmp_path: Path, small_parts: None
) -> None:
    """session_cube as the import sums it (hhtools.store.session_cube.cube_of_seats, from
    the sessions' sorted seats) against session_cube.rows_select, the statistics' SQL
    grouped by session: the same rows, also with hands of no known start (each a session
    starting at NULL: one row per key for all of a player's) and stakes that change back
    and forth within a session (a key's seats apart in the sorted order: one row)."""
    from hhtools.store.session_cube import rows_select
    from hhtools.store.sessions import refresh_sessions

    db = tmp_path / "c.duckdb"
    import_paths([SAMPLES], db, workers=1)
    con = store.connect(db)
    try:
        _same_cube(con, rows_select)
        con.execute("UPDATE hands SET started_at = NULL, started_at_utc = NULL "
                    "WHERE hash(hand_id) % 7 = 0")  # fmt: skip
        con.execute("UPDATE hands SET stakes = stakes || ' again' WHERE hash(hand_id) % 3 = 0")
        con.execute("DELETE FROM seat_sessions")
        assert refresh_sessions(con) > 100  # every player again, in parts
        (nulls,) = con.execute("SELECT count(*) FROM session_cube "
                               "WHERE session_start IS NULL").fetchall()[0]  # fmt: skip
        assert nulls > 10
        _same_cube(con, rows_select)
    finally:
        con.close()


def _same_cube(con: Any, rows_select: Any) -> None:
    rounded = "SELECT * REPLACE (round(net_bb, 6) AS net_bb) FROM "
    got = con.sql(f"{rounded} session_cube").fetchall()
    want = con.sql(f"{rounded} ({rows_select()})").fetchall()
    assert len(got) == len(want) > 100
    assert sorted(got, key=repr) == sorted(want, key=repr)


def test_two_hand_keys_of_one_hash_leave_the_cube_to_the_sql(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sorted seats carry a hash of each hand's game, structure, stakes and currency;
    were two keys to share one, the cube is summed by the SQL reference instead."""
    import hhtools.store.session_cube as cube_module
    from hhtools.store.session_cube import rows_select

    monkeypatch.setattr(cube_module, "KEYS_SELECT", "SELECT 0::UBIGINT AS cube_key, game, "
                        "structure, stakes, currency FROM hands GROUP BY ALL")  # fmt: skip
    calls = []
    real = cube_module.cube_of_seats

    def counted(*args: Any) -> Any:
        calls.append(real(*args))
        return calls[-1]

    monkeypatch.setattr(cube_module, "cube_of_seats", counted)
    db = tmp_path / "k.duckdb"
    import_paths([SAMPLES], db, workers=1)
    assert calls and all(c is None for c in calls)  # every key "hash 0": no cube summed so
    con = store.connect(db)
    try:
        _same_cube(con, rows_select)
    finally:
        con.close()
