"""The players list of ``hhtools serve`` under dates, position and hole-card classes
together, summed from the statistics by day held beside the snapshot
(hhtools.serve.day_cube), never asking the store.

On the six hand-written hands of ``tests/test_stats.py`` (all on 2024-05-10, between
14:00 and 14:25) the counts are worked out by hand from the fixtures' hole cards:

* known hole cards: H1 Alice Ah Kd 9c 4s (BTN); H2 Bob As Ad Jh Tc (BTN); H3 Alice
  Ac Kh Qs Jd (UTG); H4 Alice Ah 4s Kd Qh (BB) and Bob Tc Td 9s 8s (CO, mucked in the
  summary); H5 Bob As Ac 7h 6h (BTN) and Erin Kh Kc Qs Js (BB); H6 Dave Kh Ks 3c 4h
  (BTN) and Frank 3d 4d 9s Ts (BB);
* a pair: Bob H2, H4, H5; Erin H5; Dave H6. Single-suited (one suit twice): Alice H4,
  Bob H4 and H5, Erin H5, Dave H6.
* nets (tests/test_stats.py): Bob H2 +50, H5 +950; Dave H6 +269; Erin H5 -1000.

On ``sample_histories`` and the fixtures, the answers must be ``HandStore.stats``'s with
the same filters.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402

import hhtools  # noqa: E402
from hhtools.serve.app import create_app  # noqa: E402
from hhtools.serve.day_cube import days_answer  # noqa: E402
from hhtools.store.importer import import_paths  # noqa: E402
from hhtools.store.stats import StatsFilter  # noqa: E402
from tests.conftest import every_page, poll_until, same  # noqa: E402

ROOT = Path(__file__).parent.parent
STATS = ROOT / "tests" / "fixtures" / "pokerstars"


def _ready(app: Any) -> TestClient:
    """A client of ``app`` once its snapshot holds the statistics by day."""
    client = TestClient(app)
    served = app.state.served
    poll_until(lambda: served.snapshot().days, "the statistics by day", 120, 0.05)
    return client


def _from_days(app: Any) -> bool:
    """Whether the server's kept answers include one summed from the statistics by day."""
    return any(len(k) > 1 and k[1] == "days" for k in app.state.served._cache)  # noqa: SLF001


@pytest.fixture(scope="module")
def six(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("serve_days_six") / "six.duckdb"
    assert import_paths(sorted(STATS.glob("stats_*.txt")), path, workers=1).hands == 6
    return path


@pytest.fixture(scope="module")
def wide(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("serve_days_wide") / "wide.duckdb"
    import_paths([ROOT / "sample_histories", ROOT / "tests" / "fixtures"], path, workers=1)
    return path


def _hands(client: TestClient, query: str) -> dict[str, tuple[int, Any]]:
    body = client.get(f"/api/players?{query}&per_page=200").json()
    return {r["player"]: (r["hands"], r.get("net_won_USD_pot_limit")) for r in body["rows"]}


def test_dates_position_and_class_together_by_hand(six: Path) -> None:
    app = create_app(six)
    client = _ready(app)
    day = "since=2024-05-10&until=2024-05-10"
    # a pair: Bob H2, H4, H5 (+50 -80 +950); Erin H5 (-1000); Dave H6 (+269)
    assert _hands(client, f"hand_class=pair&{day}") == {
        "Bob": (3, 920), "Erin": (1, -1000), "Dave": (1, 269)}
    assert _from_days(app)
    # ... on the button: Bob H2 and H5, Dave H6
    assert _hands(client, f"hand_class=pair&position=BTN&{day}") == {
        "Bob": (2, 1000), "Dave": (1, 269)}
    # a pair and single-suited: Bob H4 and H5, Erin H5, Dave H6
    assert _hands(client, "hand_class=pair&hand_class=single_suited&since=2024-05-10") == {
        "Bob": (2, 870), "Erin": (1, -1000), "Dave": (1, 269)}
    # the button on that day, whatever the cards: H1 Alice, H2 Bob, H3 Carol, H4 Carol,
    # H5 Bob, H6 Dave (nets: Alice 0, Bob +50 +950, Carol 0 0, Dave +269)
    assert _hands(client, f"position=BTN&{day}") == {
        "Bob": (2, 1000), "Carol": (2, 0), "Alice": (1, 0), "Dave": (1, 269)}
    # a day without hands, before or after
    assert _hands(client, "since=2024-05-11&hand_class=pair") == {}
    assert _hands(client, "until=2024-05-09&position=BTN") == {}
    # a player's page: Bob's positions with a pair that day (H2 BTN, H4 CO, H5 BTN)
    bob = client.get(f"/api/players/Bob?hand_class=pair&{day}").json()
    assert {r["position"]: r["hands"] for r in bob["positions"]} == {"BTN": 2, "CO": 1}
    assert bob["stats"]["hands"] == 3


def test_dates_that_keep_every_hand_read_the_cube(six: Path) -> None:
    """Every hand is on 2024-05-10: dates from before it to that day keep them all, so the
    answer is the players list without dates (Bob H1..H5: 5 hands, net +880; Erin H2,
    H3, H5: 3 hands, -858), summed from the cube, not from the statistics by day."""
    app = create_app(six)
    client = _ready(app)
    got = _hands(client, "since=2024-05-01&until=2024-05-10")
    assert got["Bob"] == (5, 880) and got["Erin"] == (3, -858) and len(got) == 6
    assert not _from_days(app)
    assert _hands(client, "since=2024-05-10&until=2024-05-10&hand_class=pair")["Bob"] == (3, 920)
    assert _from_days(app)  # a class: the cube has none


def test_a_time_within_a_day_asks_the_store() -> None:
    assert days_answer(StatsFilter(since="2024-05-10 14:10")) is None
    assert days_answer(StatsFilter(since="2024-05-10", until="2024-05-10")) is not None


def test_a_moment_within_a_day_is_the_stores_answer(six: Path) -> None:
    client = _ready(create_app(six))
    # H4 (14:15) to H6 (14:25) on the button: Carol H4, Bob H5, Dave H6
    assert _hands(client, "since=2024-05-10 14:15&position=BTN") == {
        "Carol": (1, 0), "Bob": (1, 950), "Dave": (1, 269)}



@pytest.mark.parametrize("query, filters", [
    ("since=2015-01-01", {"since": "2015-01-01"}),
    ("until=2012-12-31&position=BTN", {"until": "2012-12-31", "position": "BTN"}),
    ("since=2010-01-01&until=2024-12-31&hand_class=pair&position=CO",
     {"since": "2010-01-01", "until": "2024-12-31", "hand_class": ("pair",), "position": "CO"}),
    ("hand_class=aces&game=PLO&min_hands=2", {"hand_class": ("aces",), "game": "PLO",
                                              "min_hands": 2}),
    ("hand_class=double_suited&hand_class=rundown&currency=USD",
     {"hand_class": ("double_suited", "rundown"), "currency": "USD"}),
    ("since=2009-06-01&stakes=0.05/0.10&site=pokerstars",
     {"since": "2009-06-01", "stakes": "0.05/0.10", "site": "pokerstars"}),
])  # fmt: skip
def test_the_same_numbers_as_stats(wide: Path, query: str, filters: dict[str, Any]) -> None:
    app = create_app(wide)
    client = _ready(app)
    with hhtools.connect(wide) as db:
        want = db.stats(("player",), **filters)
    got, body = every_page(client, f"/api/players?{query}")
    kept = {k[1] for k in app.state.served._cache if len(k) > 1}  # noqa: SLF001
    assert "stats" not in kept and kept & {"days", "cube"}  # the store was not asked
    assert want.height > 0 and body["total"] == want.height and body["columns"] == want.columns
    for mine, theirs in zip(got, want.iter_rows(named=True), strict=True):
        assert all(same(mine[c], theirs[c], 1e-9) for c in want.columns), theirs["player"]


def _equal(got: Any, want: Any) -> bool:
    """Two statistics tables with the same rows (by player) and numbers."""
    if got is None or got.columns != want.columns or got.height != want.height:
        return False
    pairs = zip(got.sort("player").iter_rows(named=True),
                want.sort("player").iter_rows(named=True), strict=True)  # fmt: skip
    return all(same(a[c], b[c], 1e-9) for a, b in pairs for c in want.columns)


def _version(db: Path) -> tuple[int, ...]:
    """The store's version as the server reads it (hands, last import, imports, problems)."""
    with hhtools.connect(db) as hs:
        row = hs.con.execute(
            "SELECT (SELECT count(*) FROM hands), (SELECT coalesce(max(import_id), 0) FROM "
            "hands), (SELECT count(*) FROM imports), (SELECT count(*) FROM import_errors)"
        ).fetchall()[0]
    return tuple(int(v) for v in row)


def test_a_new_import_grows_the_spans_and_the_days_in_place(tmp_path: Path) -> None:
    """H1-H3 served, then H4-H6 imported (later hands: nothing withdrawn, none among the
    old): the keeper's next snapshot shares the tables, adds the new hands' spans and
    statistics by day to them, and answers as a snapshot read whole; then H2 withdrawn:
    both are read again whole, with the same answers as the store."""
    from hhtools.serve.day_cube import days_stats
    from hhtools.serve.graphs import results_points
    from hhtools.serve.keeper import SnapshotKeeper
    from hhtools.serve.snapshot import build_snapshot, build_spans
    from hhtools.store import db as store_db
    from hhtools.store.withdraw import withdraw_reading

    order = ["stats_walk.txt", "stats_three_bet_fold.txt", "stats_cbet_fold.txt",
             "stats_showdown_opponent_mucks.txt", "stats_heads_up.txt",
             "stats_hilo_cbet_raise_quartered.txt"]  # H1..H6, in time order
    db = tmp_path / "grow.duckdb"
    import_paths([STATS / n for n in order[:3]], db, workers=1)
    keeper = SnapshotKeeper(lambda: hhtools.connect(db), lambda: _version(db))

    def settled(after: tuple[int, ...] | None) -> Any:
        keeper._checked = 0.0  # noqa: SLF001  (look at the store now)
        keeper.current(wait=after is None)
        snap = keeper.latest()
        if snap is None or snap.version == after or not (snap.spans and snap.days):
            return None
        return snap

    try:
        first = poll_until(lambda: settled(None), "the first snapshot", 120, 0.05)
        import_paths([STATS / n for n in order[3:]], db, workers=1)
        grown = poll_until(lambda: settled(first.version), "the grown snapshot", 120, 0.05)
        assert grown.mem is first.mem and grown.grown_from == first.version[1]
        assert grown.hid_ordered
        with hhtools.connect(db) as hs:
            whole = build_snapshot(hs, grown.version)
            build_spans(hs, whole)
            want = hs.stats(("player",), position="BTN", since="2024-05-10")
            pair = hs.stats(("player",), hand_class=("pair",))
            bob = hs.cumulative(["Bob"])
        try:
            spans = "SELECT * FROM spans ORDER BY site, hand_id"
            assert grown.rows(spans) == whole.rows(spans)
            assert grown.rows(spans)[1][-1][1] == "300000000006"
        finally:
            whole.close()
        flt = StatsFilter(position="BTN", since="2024-05-10")
        got = days_stats(grown.mem, grown.lock, flt, ("player",), grown.ev)
        assert _equal(got, want)
        got = days_stats(grown.mem, grown.lock, StatsFilter(hand_class=("pair",)),
                         ("player",), grown.ev)  # fmt: skip
        assert _equal(got, pair)
        # Bob's running net, in time order by hid: -5, +45, +10, -70, +880
        assert results_points(grown, "Bob", "USD")["points"] == [
            [n, c, c] for n, c in zip(bob["n"], bob["cumulative"], strict=True)]
        assert [p[1] for p in results_points(grown, "Bob", "USD")["points"]] == [
            -5, 45, 10, -70, 880]
        # H2 withdrawn: read again whole
        con = store_db.connect(db)
        try:
            ((import_id, file, line),) = con.execute(
                "SELECT import_id, file, line FROM hands WHERE hand_id = '300000000002'"
            ).fetchall()
            assert withdraw_reading(con, import_id, file, line).hands == 1
        finally:
            con.close()
        again = poll_until(lambda: settled(grown.version), "the snapshot after a withdrawal",
                           120, 0.05)  # fmt: skip
        assert again.grown_from is None
        with hhtools.connect(db) as hs:
            want = hs.stats(("player",), position="BTN", since="2024-05-10")
        got = days_stats(again.mem, again.lock, flt, ("player",), again.ev)
        assert _equal(got, want)
        _, spans = again.rows("SELECT hand_id FROM spans ORDER BY hand_id")
        assert [h for (h,) in spans] == [f"30000000000{n}" for n in (1, 3, 4, 5, 6)]
    finally:
        keeper.close()


def test_the_seats_held_in_numpy_by_hand(six: Path) -> None:
    """The table by seat held in NumPy (hhtools.serve.seat_rows): the lean layout, the
    seats without known hole cards held with no class list, and the hand-worked sums
    of the module's docstring summed from it (by player and by position)."""
    from hhtools.serve.day_cube import days_stats, seat_table
    from hhtools.serve.queries import ServedStore
    from hhtools.serve.seat_rows import SeatRows

    store = ServedStore(six)
    try:
        snap = store.snapshot()
        poll_until(lambda: snap.days, "the statistics by day", 120, 0.05)
        assert isinstance(snap.kept.get("seats_held"), SeatRows)  # the keeper holds it
        sr = seat_table(snap.mem, snap.lock, snap.ev)
        assert sr is not None
        assert (sr.pos.dtype, sr.ints.dtype, sr.net.dtype, sr.pid.dtype) == (
            np.int8, np.int16, np.int64, np.int32)
        # Carol's cards are never shown: all her rows have no class list
        carol = sr.lower["carol"]
        assert len(carol) == 1 and (sr.cls[sr.pid == carol[0]] == -1).all()
        assert (sr.pid[:-1] <= sr.pid[1:]).all()  # sorted by player
        day = {"since": "2024-05-10", "until": "2024-05-10"}

        def hands(flt: StatsFilter, by: tuple[str, ...] = ("player",)) -> dict[str, Any]:
            got = days_stats(snap.mem, snap.lock, replace(flt, **day), by, snap.ev, None, sr)
            return {r[by[0]]: (r["hands"], r.get("net_won_USD_pot_limit"))
                    for r in got.iter_rows(named=True)}  # fmt: skip

        assert hands(StatsFilter(hand_class=("pair",))) == {
            "Bob": (3, 920), "Erin": (1, -1000), "Dave": (1, 269)}
        assert hands(StatsFilter(hand_class=("pair",), position="btn")) == {
            "Bob": (2, 1000), "Dave": (1, 269)}
        assert hands(StatsFilter(position="BTN")) == {
            "Bob": (2, 1000), "Carol": (2, 0), "Alice": (1, 0), "Dave": (1, 269)}
        # Bob's positions with a pair: H2 BTN +50, H5 BTN +950, H4 CO -80
        assert hands(StatsFilter(player="bob", hand_class=("pair",)), ("position",)) == {
            "BTN": (2, 1000), "CO": (1, -80)}
        assert hands(StatsFilter(hand_class=("pair",), min_hands=2)) == {"Bob": (3, 920)}
        none = days_stats(snap.mem, snap.lock, StatsFilter(hand_class=("pair",), since="2024-05-11"),
                          ("player",), snap.ev, None, sr)  # fmt: skip
        assert none is not None and none.height == 0
    finally:
        store.close()


@pytest.mark.parametrize("filters, by", [
    ({"position": "BTN", "since": "2015-01-01"}, ("player",)),
    ({"hand_class": ("pair",)}, ("player",)),
    ({"hand_class": ("double_suited",), "until": "2016-01-01", "game": "PLO"}, ("player",)),
    ({"hand_class": ("aces",), "position": "BB", "min_hands": 2}, ("player",)),
    ({"player": "HERO", "since": "2010-01-01"}, ("position",)),
    ({"player": "hero", "hand_class": ("pair",), "currency": "USD"}, ("position",)),
])  # fmt: skip
def test_the_seats_in_numpy_are_hhtools_stats(wide_days: Any, filters: dict[str, Any],
                                              by: tuple[str, ...]) -> None:  # fmt: skip
    """The lists summed from the table by seat held in NumPy are ``HandStore.stats``'
    with the same filters, by player and by position (and so are DuckDB's sums of the
    same table, which answer when it is not held)."""
    from hhtools.serve.day_cube import days_stats, seat_table

    wide, snap = wide_days
    sr = seat_table(snap.mem, snap.lock, snap.ev)
    assert sr is not None
    flt = StatsFilter(**filters)
    with hhtools.connect(wide) as db:
        want = db.stats(by, **filters)
    assert want.height > 0
    for seats in (sr, None):
        mine = days_stats(snap.mem, snap.lock, flt, by, snap.ev, None, seats)
        assert mine is not None and mine.columns == want.columns, filters
        pairs = zip(mine.sort(by[0]).iter_rows(named=True),
                    want.sort(by[0]).iter_rows(named=True), strict=True)  # fmt: skip
        assert mine.height == want.height
        assert all(same(a[c], b[c], 1e-9) for a, b in pairs for c in want.columns), filters


@pytest.fixture(scope="module")
def wide_days(wide: Path) -> Any:
    """``(wide, snapshot)`` once its statistics by day are read."""
    from hhtools.serve.queries import ServedStore

    store = ServedStore(wide)
    snap = store.snapshot()
    poll_until(lambda: snap.days, "the statistics by day", 120, 0.05)
    yield wide, snap
    store.close()
