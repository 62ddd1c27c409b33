"""A store written before sitting-out seats counted (schema 8 or before) gets its
sessions worked out again once, the first time this version opens it for writing
(issue 24 follow-up to item 3, commit 2304bf1).

The fixture (tests/fixtures/pokerstars/tournament_sitting_out_posts_blind_and_ante.txt,
worked out by hand in tests/test_money_totals.py): Ben sits out in both hands yet posts
antes and blinds; his nets are -20 (H1) and +30 (H2, a walk), +10 in all. An older
hhtools left his seats out of ``seat_sessions``, and they stayed out until an import
added a hand of his.
"""

from __future__ import annotations

from pathlib import Path

import duckdb

from hhtools.store import db as store
from hhtools.store.importer import import_paths

FIXTURE = (Path(__file__).parent / "fixtures" / "pokerstars"
           / "tournament_sitting_out_posts_blind_and_ante.txt")  # fmt: skip


def _old_store(tmp_path: Path, version: int) -> Path:
    """The fixture imported, then put back in the shape an older hhtools left: no
    session rows for the sitting-out seats, ``meta`` marked ``version``."""
    path = tmp_path / "h.duckdb"
    import_paths([FIXTURE], path, workers=0)
    con = duckdb.connect(str(path))
    try:
        con.execute("DELETE FROM seat_sessions WHERE player = 'Ben'")
        con.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", [str(version)])
    finally:
        con.close()
    return path


def _ben(path: Path) -> list[tuple[str, int]]:
    con = duckdb.connect(str(path), read_only=True)
    try:
        return con.execute("SELECT hand_id, net FROM seat_sessions WHERE player = 'Ben' "
                           "ORDER BY hand_id").fetchall()  # fmt: skip
    finally:
        con.close()


def test_an_older_store_gets_the_sitting_out_seats_in_its_sessions(tmp_path: Path) -> None:
    path = _old_store(tmp_path, version=8)
    assert _ben(path) == []
    store.connect(path).close()
    assert _ben(path) == [("230000007001", -20), ("230000007002", 30)]
    con = duckdb.connect(str(path), read_only=True)
    try:  # marked, so the next open does not work them out again
        assert con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchall() == [
            (str(store.SCHEMA_VERSION),)
        ]
        # every counted seat has its session row: 4 players x 2 hands
        assert con.execute("SELECT count(*) FROM seat_sessions").fetchall() == [(8,)]
    finally:
        con.close()


def test_the_upgrade_runs_once_not_at_every_open(tmp_path: Path) -> None:
    """A store already marked with this schema is not worked out again on open (the
    rows removed here by hand stay out until an import adds a hand of Ben's)."""
    path = _old_store(tmp_path, version=store.SCHEMA_VERSION)
    store.connect(path).close()
    assert _ben(path) == []


def test_stored_version(tmp_path: Path) -> None:
    con = duckdb.connect()
    try:
        assert store.stored_version(con) is None
        con.execute("CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR)")
        assert store.stored_version(con) is None
        con.execute("INSERT INTO meta VALUES ('schema_version', '7')")
        assert store.stored_version(con) == 7
    finally:
        con.close()
