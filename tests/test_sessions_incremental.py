"""Sessions worked out for the players an import names (issue 28: no scan of every seat
per import), and a store whose sessions do not tally with its seats mended by the scan."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pyarrow as pa

from hhtools.store import db as store
from hhtools.store.importer import import_paths
from hhtools.store.player_views import session_select
from hhtools.store.sessions import PLAYER_SCHEMA, counted_players, refresh_sessions
from tests.conftest import SAMPLES
from tests.storerows import P, S, add_hand


def _players(*pairs: tuple[str, str]) -> pa.Table:
    return pa.Table.from_pylist([{"site": s, "player": p} for s, p in pairs], schema=PLAYER_SCHEMA)


def test_counted_players_follow_the_counted_seat_rule() -> None:
    # dealt in (sitting_out false or unknown), or sitting out with chips put in or
    # collected; a sitting-out seat with no amounts known is not counted (NULL, as in SQL)
    seats = pa.table({
        "site": ["s"] * 8,
        "player": ["Ann", "Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"],
        "sitting_out": [False, False, True, True, True, None, True, True],
        "put_in": [0, 20, 0, 5, 0, 0, None, None],
        "collected": [0, 0, 0, 0, 3, 0, None, 2],
    })  # fmt: skip
    got = counted_players(seats)
    assert got.schema == PLAYER_SCHEMA
    assert sorted(got.column("player").to_pylist()) == ["Ann", "Cy", "Dee", "Eve", "Gus"]
    assert counted_players(seats.slice(0, 0)).num_rows == 0


def _pia_and_quo(con: object) -> None:
    # Pia at 10:00 and 10:20 (one session), Quo beside her; Rex alone at 12:00
    for i, minute in enumerate((0, 20)):
        add_hand(con, f"h{i}", [S(1, "Pia", 10, 20), S(2, "Quo", 10, 0, folded="preflop")],
                 [P(0, 20, ["Pia"], ["Pia"], [])], game="omaha",
                 started_at=datetime(2024, 1, 1, 10, minute))  # fmt: skip
    add_hand(con, "h9", [S(1, "Rex", 10, 10)], [P(0, 10, ["Rex"], ["Rex"], [])], game="omaha",
             started_at=datetime(2024, 1, 1, 12, 0))  # fmt: skip


def test_only_the_players_named_are_worked_out_when_the_store_tallies() -> None:
    con = store.connect(":memory:")
    _pia_and_quo(con)
    assert refresh_sessions(con) == 3  # the scan: Pia, Quo, Rex
    # a new hand of Pia at 10:40 (20 minutes after 10:20): her session grows to 3 hands
    add_hand(con, "h2", [S(1, "Pia", 10, 0)], [P(0, 10, ["Pia"], ["Pia"], [])], game="omaha",
             started_at=datetime(2024, 1, 1, 10, 40))  # fmt: skip
    assert refresh_sessions(con, _players(("pokerstars", "Pia"), ("pokerstars", "Pia"))) == 1
    rows = con.execute("SELECT hand_id, session_start FROM seat_sessions WHERE player = 'Pia' "
                       "ORDER BY hand_id").fetchall()  # fmt: skip
    assert rows == [(h, datetime(2024, 1, 1, 10, 0)) for h in ("h0", "h1", "h2")]
    assert con.execute("SELECT count(*) FROM seat_sessions").fetchall() == [(6,)]
    con.close()


def test_a_store_that_does_not_tally_is_mended_by_the_scan() -> None:
    con = store.connect(":memory:")
    _pia_and_quo(con)
    refresh_sessions(con)
    # an import stopped between its commit and its sessions: Rex's row is missing
    con.execute("DELETE FROM seat_sessions WHERE player = 'Rex'")
    # named: Quo alone (1); then 5 counted seats against 4 session rows: the scan finds
    # Rex (1 more)
    assert refresh_sessions(con, _players(("pokerstars", "Quo"))) == 2
    assert con.execute("SELECT hand_id, session_start FROM seat_sessions WHERE player = 'Rex'"
                       ).fetchall() == [("h9", datetime(2024, 1, 1, 12, 0))]  # fmt: skip
    assert con.execute("SELECT count(*) FROM seat_sessions").fetchall() == [(5,)]
    con.close()


def test_sessions_of_an_import_in_two_runs_are_those_of_all_hands_at_once(tmp_path: Path) -> None:
    # the generated samples imported a few files at a time: each run works out only its
    # players, and the store ends with the sessions of every seat worked out at once
    files = sorted((SAMPLES / "generated").glob("*.txt"))
    db = tmp_path / "s.duckdb"
    first = import_paths(files[:3], db, workers=1)
    second = import_paths(files[3:], db, workers=1)
    assert first.hands + second.hands == 2100
    con = store.connect(db, read_only=True)
    try:
        whole = f"SELECT site, hand_id, player, session_start, net FROM ({session_select()})"
        stored = "SELECT site, hand_id, player, session_start, net FROM seat_sessions"
        assert con.execute(f"SELECT count(*) FROM ({stored} EXCEPT ALL {whole})").fetchall() == [(0,)]
        assert con.execute(f"SELECT count(*) FROM ({whole} EXCEPT ALL {stored})").fetchall() == [(0,)]
        (rows,) = con.execute("SELECT count(*) FROM seat_sessions").fetchall()[0]
        assert rows > 2100  # several seats a hand
    finally:
        con.close()
