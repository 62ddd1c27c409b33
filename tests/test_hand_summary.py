"""What the importer keeps for ``hhtools serve`` (``hand_summary``, ``stat_cube``:
:mod:`hhtools.store.hand_summary`), and the server's snapshot made from them.

The six hand-written PokerStars hands of ``tests/fixtures/pokerstars/stats_*.txt`` are
worked out by hand in ``tests/test_stats.py``'s docstring (H1..H6); the values below
come from that account:

* winners (who collected and won the most): H1 Carol (the walk), H2 Bob (his 3-bet),
  H3 Erin (her river bet), H4 Alice (both halves), H5 Bob (trip Aces), H6 Dave (the
  high and half the low);
* only H4 was scooped (Alice, both halves of a hi/lo pot); only H6 had a half shared
  (Dave and Frank split the low); only H5 had an all-in (Bob and Erin on the turn);
* seated: H1 Alice Bob Carol Dave; H2 those and Erin, Frank and Gina (sitting out, no
  chips in: in no statistic); H3 Alice Bob Carol Dave Erin; H4 Alice Bob Carol Frank;
  H5 Bob Erin; H6 Alice Dave Frank;
* nets (cents): Alice 0 - 0 - 115 + 82 - 95 = -128 over 5 hands; Bob -5 + 50 - 35
  - 80 + 950 = 880 over 5; Carol 5 - 5 + 0 + 0 = 0 over 4; Dave 0 - 10 - 5 + 269 =
  254 over 4; Erin 0 + 142 - 1000 = -858 over 3; Frank -35 - 10 - 227 = -272 over 3:
  together -124, the six hands' rake (0 + 0 + 13 + 8 + 50 + 53);
* Bob put money in voluntarily in H2 (3-bet), H3 (call), H4 (limp) and H5 (open), not
  in H1 (folded his small blind): vpip 4 of 5; he raised preflop in H2 and H5: pfr 2.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import duckdb
import pytest

import hhtools
from hhtools.store import db as store_db
from hhtools.store.hand_summary import CUBE_KEYS, TABLES, refresh_summary
from hhtools.store.importer import import_paths
from hhtools.store.withdraw import withdraw_reading

ROOT = Path(__file__).resolve().parents[1]
STATS = ROOT / "tests" / "fixtures" / "pokerstars"
FILES = sorted(STATS.glob("stats_*.txt"))
H = {n: f"30000000000{n}" for n in range(1, 7)}
_SUMMED = [c.name for c in TABLES["stat_cube"][1] if c.name not in CUBE_KEYS]


def _import(paths: list[Path], db: Path) -> Path:
    summary = import_paths(paths, db, workers=1)
    assert summary.failed == 0
    return db


@pytest.fixture(scope="module")
def six(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _import(FILES, tmp_path_factory.mktemp("summary_six") / "six.duckdb")


def _rows(db: Path, sql: str) -> list[tuple[Any, ...]]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def _tables(db: Path) -> tuple[list[tuple[Any, ...]], ...]:
    """The kept tables, sorted, their sums of DOUBLEs rounded (summed in another order)."""
    summary = _rows(db, "SELECT * FROM hand_summary ORDER BY site, hand_id")
    # a key may have several rows (one per batch of an import): readers sum them
    sums = ", ".join(f"sum({c})" for c in _SUMMED if c != "net_bb")
    cube = _rows(db, f"SELECT {', '.join(CUBE_KEYS)}, {sums}, round(sum(net_bb), 9) FROM stat_cube "
                     "GROUP BY ALL ORDER BY ALL")  # fmt: skip
    sessions = _rows(db, "SELECT * EXCLUDE (bb_per_100), round(bb_per_100, 9) FROM "
                         "session_summary ORDER BY ALL")  # fmt: skip
    return summary, cube, sessions


def test_summary_of_each_hand(six: Path) -> None:
    got = {r[0]: r[1:] for r in _rows(six, "SELECT hand_id, winner, scoop, quarter, allin, "
                                           "players FROM hand_summary")}  # fmt: skip
    assert got == {
        H[1]: ("Carol", False, False, False, ["Alice", "Bob", "Carol", "Dave"]),
        H[2]: ("Bob", False, False, False,
               ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Gina"]),
        H[3]: ("Erin", False, False, False, ["Alice", "Bob", "Carol", "Dave", "Erin"]),
        H[4]: ("Alice", True, False, False, ["Alice", "Bob", "Carol", "Frank"]),
        H[5]: ("Bob", False, False, True, ["Bob", "Erin"]),
        H[6]: ("Dave", False, True, False, ["Alice", "Dave", "Frank"]),
    }  # fmt: skip
    # the kinds are the hand's findings' kinds, sorted, each once
    kinds = dict(_rows(six, "SELECT hand_id, kinds FROM hand_summary"))
    found = dict(_rows(six, "SELECT hand_id, list(DISTINCT kind ORDER BY kind) FROM findings "
                            "GROUP BY 1"))  # fmt: skip
    assert kinds == {h: found.get(h, []) for h in H.values()}


def test_cube_sums_each_players_seats(six: Path) -> None:
    got = {p: (h, n) for p, h, n in _rows(six, "SELECT player, sum(hands), sum(net_won) "
                                              "FROM stat_cube GROUP BY 1")}  # fmt: skip
    assert got == {"Alice": (5, -128), "Bob": (5, 880), "Carol": (4, 0), "Dave": (4, 254),
                   "Erin": (3, -858), "Frank": (3, -272)}  # fmt: skip
    assert sum(n for _, n in got.values()) == -124  # minus the rake
    ((vpip, opp, pfr),) = _rows(six, "SELECT sum(vpip_count), sum(vpip_opportunities), "
                                     "sum(pfr_count) FROM stat_cube WHERE player = 'Bob'")  # fmt: skip
    assert (vpip, opp, pfr) == (4, 5, 2)
    # one row per key once the import is done
    (dupes,) = _rows(six, "SELECT count(*) FROM (SELECT 1 FROM stat_cube GROUP BY player, "
                          "site, game, structure, stakes, position, currency HAVING count(*) > 1)")
    assert dupes == (0,)


def test_kept_sessions_are_the_sessions_view(six: Path) -> None:
    """The six hands were played 14:00 to 14:25 on one site: one session per player;
    Bob's omaha hands H1 H2 H3 H5 net -5 + 50 - 35 + 950 = 960, his hi/lo hand H4 -80."""
    from hhtools.serve.graphs import player_sessions

    bob = _rows(six, "SELECT session, game, hands, net_won FROM session_summary "
                     "WHERE player = 'Bob' ORDER BY game")  # fmt: skip
    assert bob == [(1, "omaha", 4, 960), (1, "omaha-hilo", 1, -80)]
    with hhtools.connect(six) as hs:
        for name in ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Gina"):
            kept, worked = (player_sessions(hs, name, kept=k) for k in (True, False))
            assert kept.rows() == worked.rows() and kept.schema == worked.schema
            assert kept.height == hs.sessions(name).height == (0 if name == "Gina" else
                                                               kept["game"].n_unique())


def test_cube_gives_stats_numbers(six: Path) -> None:
    """The cube summed per player equals ``HandStore.stats`` (the server's players list)."""
    from hhtools.serve.snapshot import build_snapshot, players_from_cube
    from hhtools.store.stats import StatsFilter

    with hhtools.connect(six) as hs:
        want = hs.stats(("player",)).sort("player")
        snap = build_snapshot(hs, (0,))
    try:
        got = players_from_cube(snap.cube, StatsFilter()).sort("player")
    finally:
        snap.close()
    assert got.select("player", "hands", "vpip_count", "net_won_USD_pot_limit").rows() == \
        want.select("player", "hands", "vpip_count", "net_won_USD_pot_limit").rows()


def test_import_in_two_runs_keeps_what_one_run_keeps(tmp_path: Path) -> None:
    once = _import(FILES, tmp_path / "once.duckdb")
    twice = _import(FILES[:3], tmp_path / "twice.duckdb")
    _import(FILES[3:], twice)
    assert _tables(twice) == _tables(once)
    assert len(_tables(once)[0]) == 6


def test_withdrawn_hand_leaves_the_kept_tables(tmp_path: Path) -> None:
    """H5 (heads-up, Bob and Erin) withdrawn: the kept tables become those of the five
    other hands imported alone (Bob 4 hands, -70; Erin 2 hands, +142)."""
    five = [f for f in FILES if f.name != "stats_heads_up.txt"]
    alone = _import(five, tmp_path / "five.duckdb")
    db = _import(FILES, tmp_path / "six.duckdb")
    con = store_db.connect(db)
    try:
        ((import_id, file, line),) = con.execute(
            "SELECT import_id, file, line FROM hands WHERE hand_id = ?", [H[5]]).fetchall()
        assert withdraw_reading(con, import_id, file, line).hands == 1
        # the summary row outlives the hand until the refresh
        assert con.execute("SELECT count(*) FROM hand_summary").fetchall() == [(6,)]
        assert refresh_summary(con) == (0, 1)
    finally:
        con.close()
    assert _tables(db) == _tables(alone)
    bob, erin = (_rows(db, f"SELECT sum(hands), sum(net_won) FROM stat_cube WHERE player = '{p}'")
                 for p in ("Bob", "Erin"))  # fmt: skip
    assert (bob, erin) == ([(4, -70)], [(2, 142)])
    # Bob's omaha session without H5: -5 + 50 - 35
    assert _rows(db, "SELECT hands, net_won FROM session_summary WHERE player = 'Bob' AND "
                     "game = 'omaha'") == [(3, 10)]  # fmt: skip


def test_store_without_the_kept_tables_gets_them_when_opened_writable(six: Path, tmp_path: Path
                                                                       ) -> None:  # fmt: skip
    old = tmp_path / "old.duckdb"
    shutil.copyfile(six, old)
    con = duckdb.connect(str(old))
    con.execute("DROP TABLE session_summary")  # a store kept before the sessions were
    con.execute("DELETE FROM stat_cube WHERE player = 'Bob'")  # ... and so not trusted
    con.close()
    store_db.connect(old).close()
    assert _tables(old) == _tables(six)


def _snapshot_rows(snap: Any) -> tuple[Any, ...]:
    from hhtools.serve.snapshot import players_from_cube
    from hhtools.store.stats import StatsFilter

    # ``hid`` is a hand's number in the snapshot: kept by an update, counted afresh by a build
    _, hands = snap.rows("SELECT * EXCLUDE (import_id, hid) FROM hands ORDER BY ord")
    _, seats = snap.rows("SELECT * EXCLUDE (hid) FROM seats ORDER BY ALL")
    cube = players_from_cube(snap.cube, StatsFilter()).sort("player")
    return hands, seats, cube.select("player", "hands", "vpip_count", "net_won_USD_pot_limit",
                                     "bb_per_100_USD_pot_limit").rows()  # fmt: skip


def test_snapshot_of_an_old_store_read_only_works_the_tables_out(six: Path, tmp_path: Path
                                                                  ) -> None:  # fmt: skip
    """A store made before the kept tables, opened read-only: the server works out the
    same snapshot itself."""
    from hhtools.serve.snapshot import build_snapshot, kept_tables

    old = tmp_path / "old.duckdb"
    shutil.copyfile(six, old)
    con = duckdb.connect(str(old))
    con.execute("DROP TABLE hand_summary")
    con.execute("DROP TABLE stat_cube")
    con.close()
    with hhtools.connect(six) as hs:
        kept = build_snapshot(hs, (1,))
    with hhtools.connect(old) as hs:
        assert not kept_tables(hs)
        worked = build_snapshot(hs, (1,))
    try:
        assert _snapshot_rows(worked) == _snapshot_rows(kept)
        _, winners = worked.rows("SELECT winner FROM hands ORDER BY ord")
        assert [w for (w,) in winners] == ["Carol", "Bob", "Erin", "Alice", "Bob", "Dave"]
    finally:
        kept.close()
        worked.close()


def test_snapshot_takes_a_new_import_and_a_withdrawal_without_a_rebuild(tmp_path: Path) -> None:
    """A snapshot of H1-H3, then H4-H6 imported and H2 withdrawn (not yet refreshed:
    the server works its statistics out): the updated snapshot equals one built whole."""
    from hhtools.serve.snapshot import build_snapshot, update_snapshot

    db = _import(FILES[:3], tmp_path / "grow.duckdb")
    with hhtools.connect(db) as hs:
        snap = build_snapshot(hs, (3, 1))
    _import(FILES[3:], db)
    con = store_db.connect(db)
    try:
        ((import_id, file, line),) = con.execute(
            "SELECT import_id, file, line FROM hands WHERE hand_id = ?", [H[2]]).fetchall()
        assert withdraw_reading(con, import_id, file, line).hands == 1
    finally:
        con.close()
    with hhtools.connect(db) as hs:
        updated = update_snapshot(hs, snap, (5, 2))
        whole = build_snapshot(hs, (5, 2))
    try:
        assert updated is not None and updated.mem is snap.mem  # the same tables, changed
        assert _snapshot_rows(updated) == _snapshot_rows(whole)
        _, got = updated.rows("SELECT hand_id FROM hands ORDER BY ord")
        assert [h for (h,) in got] == [H[1], H[3], H[4], H[5], H[6]]
    finally:
        updated.close() if updated is not None else None
        whole.close()
