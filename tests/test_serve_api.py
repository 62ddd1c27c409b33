"""The JSON API of ``hhtools serve`` (hhtools.serve), through FastAPI's TestClient.

Two stores:

* ``six``: the six hand-written PokerStars hands of ``tests/fixtures/pokerstars/stats_*.txt``
  whose every number is worked out by hand in ``tests/test_stats.py``'s docstring
  (H1..H6, hand numbers 300000000001..6, started 14:00, 14:05 ... 14:25 on the site's
  clock; pots 10, 85, 270, 170, 2000, 1045 cents; rake 0, 0, 13, 8, 50, 53). The
  expectations below are taken from that account, not from the code's output.
* ``wide``: ``sample_histories`` and ``tests/fixtures`` imported whole: every site, many
  currencies and games, problems and findings. There the API must give the same
  numbers as ``HandStore.stats`` / ``sql``, which the test asks directly.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402

import hhtools  # noqa: E402
from hhtools.serve.app import create_app  # noqa: E402
from hhtools.serve.queries import ServedStore  # noqa: E402
from hhtools.serve.snapshot import hand_rows  # noqa: E402
from hhtools.store.importer import import_paths  # noqa: E402
from hhtools.store.stats import StatsFilter  # noqa: E402
from tests.conftest import every_page, same  # noqa: E402

ROOT = Path(__file__).parent.parent
STATS = ROOT / "tests" / "fixtures" / "pokerstars"

H = {n: f"30000000000{n}" for n in range(1, 7)}


@pytest.fixture(scope="module")
def six(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("serve_six") / "six.duckdb"
    summary = import_paths(sorted(STATS.glob("stats_*.txt")), path, workers=1)
    assert summary.hands == 6
    return path


@pytest.fixture(scope="module")
def client(six: Path) -> TestClient:
    return TestClient(create_app(six))


@pytest.fixture(scope="module")
def wide(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("serve_wide") / "wide.duckdb"
    summary = import_paths([ROOT / "sample_histories", ROOT / "tests" / "fixtures"], path, workers=1)
    assert summary.hands > 1000 and summary.problems > 0 and sum(summary.findings.values()) > 0
    return path


@pytest.fixture(scope="module")
def wclient(wide: Path) -> TestClient:
    return TestClient(create_app(wide))


def ids(body: dict[str, Any]) -> list[str]:
    return [r["hand_id"] for r in body["rows"]]


# -- hands --------------------------------------------------------------------------------


def test_hands_newest_first_with_pot_rake_and_winner(client: TestClient) -> None:
    body = client.get("/api/hands").json()
    assert body["total"] == 6 and body["page"] == 1 and body["per_page"] == 50
    assert ids(body) == [H[6], H[5], H[4], H[3], H[2], H[1]]  # 14:25 back to 14:00
    rows = {r["hand_id"]: r for r in body["rows"]}
    # H5: pot $20, rake $0.50, Bob's trip aces win; two players; USD
    assert (rows[H[5]]["pot"], rows[H[5]]["rake"], rows[H[5]]["winner"]) == (2000, 50, "Bob")
    assert (rows[H[5]]["players"], rows[H[5]]["currency"], rows[H[5]]["game"]) == (2, "USD", "omaha")
    assert rows[H[5]]["played_at"] == "2024-05-10T14:20:00"
    # H6: Dave wins the high and shares the low (+269), Frank only shares the low (-227)
    assert rows[H[6]]["winner"] == "Dave"
    # H1: the walk, Carol's; H3 Erin's river bet; H4 Alice's scoop; H2 Bob's 3-bet
    assert [rows[H[n]]["winner"] for n in (1, 2, 3, 4)] == ["Carol", "Bob", "Erin", "Alice"]
    assert rows[H[2]]["players"] == 7  # six dealt in and Gina sitting out


def test_hands_sorted_paged_and_filtered(client: TestClient) -> None:
    by_pot = client.get("/api/hands?sort=pot&desc=1").json()
    assert ids(by_pot) == [H[5], H[6], H[3], H[4], H[2], H[1]]  # 2000 1045 270 170 85 10
    rising = client.get("/api/hands?sort=pot&desc=0&per_page=2&page=2").json()
    assert (rising["total"], ids(rising)) == (6, [H[4], H[3]])  # 85 10 | 170 270 | ...
    get = lambda q: ids(client.get("/api/hands?sort=played_at&desc=0&" + q).json())  # noqa: E731
    assert get("player=erin") == [H[2], H[3], H[5]]  # any case
    assert get("game=PLO8") == [H[4], H[6]]
    assert get("game=O8&limit=PL") == [H[4], H[6]]
    assert get("min_pot=1000") == [H[5], H[6]]
    assert get("max_pot=100") == [H[1], H[2]]
    assert get("allin=1") == [H[5]]  # Bob and Erin all in on the turn
    assert get("quarter=1") == [H[6]]  # Dave and Frank share the low
    assert get("quarter=1&player=Alice") == []
    assert get("scoop=1&player=Alice") == [H[4]]  # both halves of H4
    assert get("since=2024-05-10 14:10&until=2024-05-10 14:20") == [H[3], H[4]]
    assert get("until=2024-05-10") == [H[n] for n in range(1, 7)]  # a day counts whole
    assert get("since=2024-05-11") == []


def test_a_hand_with_its_replay_and_neighbours_in_the_list(client: TestClient) -> None:
    body = client.get(f"/api/hands/pokerstars/{H[3]}?sort=pot&desc=1").json()
    assert body["hand"]["hand_id"] == H[3] and body["hand"]["total_pot"] == 270
    assert body["prev"] == {"site": "pokerstars", "hand_id": H[6]}  # 1045 before 270
    assert body["next"] == {"site": "pokerstars", "hand_id": H[4]}  # 170 after
    facts = body["replay"]["view"]
    assert [s["player"] for s in facts["seats"]] == ["Alice", "Bob", "Carol", "Dave", "Erin"]
    nets = {n["player"]: n["net"] for n in facts["nets"]}
    assert nets == {"Alice": -115, "Bob": -35, "Carol": 0, "Dave": -5, "Erin": 142}
    assert [s["street"] for s in facts["streets"]] == ["preflop", "flop", "turn", "river"]
    tables = body["replay"]["tables"]
    assert len(tables["seats"]) == 5 and tables["actions"][0]["seq"] is not None
    # ends of the default list (newest first): H6 has no previous, H1 no next
    first = client.get(f"/api/hands/pokerstars/{H[6]}").json()
    assert first["prev"] is None and first["next"]["hand_id"] == H[5]
    last = client.get(f"/api/hands/pokerstars/{H[1]}").json()
    assert last["prev"]["hand_id"] == H[2] and last["next"] is None
    # a list the hand is not in: no neighbours
    out = client.get(f"/api/hands/pokerstars/{H[1]}?game=PLO8").json()
    assert (out["prev"], out["next"]) == (None, None)


def test_hands_by_stakes_and_time_are_the_stores_in_its_order(wclient: TestClient,
                                                              wide: Path) -> None:
    """The hands list of a stakes filter (worked out on the distinct stakes) and the
    default order (the snapshot's ``ord``) give the hands and the order that SQL on the
    store gives with ``hhtools stats``' reading of stakes."""
    with hhtools.connect(wide) as db:
        common = db.sql("SELECT stakes FROM hands GROUP BY 1 ORDER BY count(*) DESC, 1 "
                        "LIMIT 3").rows()  # fmt: skip
        for (stakes,) in [*common, ("$0.25/$0.50",)]:
            parts, params = StatsFilter(stakes=stakes).hand_conditions()
            want = [r[0] for r in db.sql(
                f"SELECT h.hand_id FROM hands h WHERE {' AND '.join(parts)} ORDER BY "
                "coalesce(h.started_at, TIMESTAMP '0001-01-01') DESC, h.site DESC, "
                "h.hand_id DESC", params).rows()]  # fmt: skip
            body = wclient.get(f"/api/hands?stakes={quote(stakes, safe='')}&per_page=200").json()
            assert body["total"] == len(want) and ids(body) == want[:200], stakes
        every = [r[0] for r in db.sql(
            "SELECT hand_id FROM hands ORDER BY coalesce(started_at, TIMESTAMP '0001-01-01'), "
            "site, hand_id").rows()]  # fmt: skip
    got = []
    for page in range(1, 4):
        got += ids(wclient.get(f"/api/hands?desc=0&per_page=200&page={page}").json())
    assert got == every[:600]


@pytest.mark.parametrize("sort, column, lowest", [
    ("findings", "findings", "-1"), ("players", "players", "-1"), ("site", "site", "''"),
    ("hand_id", "hand_id", "''"), ("stakes", "big_blind", "-1"),
])  # fmt: skip
def test_ties_are_broken_by_site_and_hand_number_as_sql_orders_them(
        wclient: TestClient, wide: Path, sort: str, column: str, lowest: str) -> None:  # fmt: skip
    """The hands list sorted by a key with many ties (most hands have no finding; every
    site has many hands) is the store's ORDER BY key, site, hand number in the same
    direction (the snapshot breaks ties on one integer, ``sh``), and a hand's neighbours
    are the rows beside it in that list."""
    for desc, way in (("1", "DESC"), ("0", "ASC")):
        with hhtools.connect(wide) as db:
            want = db.sql(f"SELECT site, hand_id FROM hands ORDER BY coalesce({column}, "
                          f"{lowest}) {way}, site {way}, hand_id {way}").rows()  # fmt: skip
        got: list[tuple[str, str]] = []
        for page in (1, 2):
            body = wclient.get(f"/api/hands?sort={sort}&desc={desc}&per_page=200&page={page}")
            got += [(r["site"], r["hand_id"]) for r in body.json()["rows"]]
        assert got == [tuple(k) for k in want[:400]], (sort, desc)
        for i in (1, 150, 399):
            site, hand = want[i]
            there = wclient.get(f"/api/hands/{site}/{quote(hand, safe='')}?sort={sort}"
                                f"&desc={desc}").json()  # fmt: skip
            assert there["prev"] == {"site": want[i - 1][0], "hand_id": want[i - 1][1]}
            assert there["next"] == {"site": want[i + 1][0], "hand_id": want[i + 1][1]}


def test_a_hand_read_by_its_row_spans_is_the_stores_hand(wide: Path) -> None:
    """Hands of the wide store read through the snapshot's spans (rowid ranges per
    table) have the frames of ``HandStore.hand``, row for row: every site's first and
    last hand and every seventh hand between (each read costs 8 scans through
    ``HandStore.hand``; all 2,400 took minutes); a hand the snapshot does not know, and
    a store whose version moved on, are read by the scan."""
    store = ServedStore(wide)
    try:
        snap = store.snapshot()
        deadline = time.monotonic() + 120
        while not snap.spans and time.monotonic() < deadline:  # built after the lists
            time.sleep(0.05)
        assert snap.spans
        with store.use() as hs:
            keys = hs.sql("SELECT site, hand_id FROM hands ORDER BY site, hand_id").rows()
            assert len(keys) > 1000
            ends = {k for site in {k[0] for k in keys}
                    for k in (min(x for x in keys if x[0] == site),
                              max(x for x in keys if x[0] == site))}  # fmt: skip
            picked = sorted(ends | set(keys[::7]))
            assert len(picked) > 300
            for site, hand_id in picked:
                got, want = hand_rows(hs, snap, site, hand_id), hs.hand(hand_id, site)
                assert list(got) == list(want)
                for table, frame in want.items():
                    assert got[table].equals(frame), (site, hand_id, table)
            # a hand the store lacks: empty frames of every table, as the scan gives
            none = hand_rows(hs, snap, "pokerstars", "no-such-hand")
            assert all(f.is_empty() for f in none.values()) and "actions" in none
    finally:
        store.close()


# -- players ------------------------------------------------------------------------------


def test_players_hand_counted(client: TestClient) -> None:
    body = client.get("/api/players?per_page=200").json()
    rows = {r["player"]: r for r in body["rows"]}
    assert body["total"] == 6 and set(rows) == {"Alice", "Bob", "Carol", "Dave", "Erin", "Frank"}
    # Bob: H1..H5; nets -5 +50 -35 -80 +950
    assert rows["Bob"]["hands"] == 5 and rows["Bob"]["net_won_USD_pot_limit"] == 880
    # Erin: H2 (folds UTG, 0), H3 +142, H5 -1000
    assert rows["Erin"]["hands"] == 3 and rows["Erin"]["net_won_USD_pot_limit"] == -858
    # Gina only sat out in H2 without chips in: no row (as hhtools stats)
    sort = client.get("/api/players?sort=net_won_USD_pot_limit&desc=1").json()
    assert [r["player"] for r in sort["rows"]][:2] == ["Bob", "Dave"]  # +880, Dave -5-10+269
    low = client.get("/api/players?sort=net_won_USD_pot_limit&desc=0&per_page=1").json()
    assert [r["player"] for r in low["rows"]] == ["Erin"] and low["total"] == 6
    hilo = client.get("/api/players?game=O8").json()
    assert {r["player"]: r["hands"] for r in hilo["rows"]} == {
        "Alice": 2, "Frank": 2, "Bob": 1, "Carol": 1, "Dave": 1}  # H4: A B C F; H6: D A F
    assert client.get("/api/players?min_hands=5").json()["total"] == 2  # Alice, Bob


def test_a_player(client: TestClient) -> None:
    body = client.get("/api/players/bob").json()
    assert body["name"] == "Bob" and body["stats"]["hands"] == 5
    assert body["graph"]["currency"] == "USD" and body["graph"]["hands"] == 5
    # Bob's running net in time order: -5, +45, +10, -70, +880; no all-in equity stored
    assert body["graph"]["points"] == [[1, -5, -5], [2, 45, 45], [3, 10, 10], [4, -70, -70],
                                       [5, 880, 880]]  # fmt: skip
    positions = {r["position"]: r["hands"] for r in body["positions"]}
    assert positions == {"SB": 1, "BTN": 2, "CO": 2}  # H1 SB, H2 BTN, H3 CO, H4 CO, H5 BTN
    # one session (14:00 to 14:20), a row per game (same start: the store's order)
    assert [(r["game"], r["hands"]) for r in body["sessions"]] == [("omaha", 4), ("omaha-hilo", 1)]
    assert body["sessions_total"] == 2


def test_overview(client: TestClient) -> None:
    body = client.get("/api/overview").json()
    assert (body["hands"], body["players"], body["sites"]) == (6, 6, ["pokerstars"])
    assert body["currencies"] == [{"currency": "USD", "hands": 6, "pots": 3580, "rake": 124}]
    assert (body["first"], body["last"]) == ("2024-05-10T14:00:00", "2024-05-10T14:25:00")
    assert body["player"] == "Alice"  # 5 hands, as Bob; the first by name
    (usd,) = body["results"]
    # Alice: H1 0, H2 0, H3 -115, H4 +82, H6 -95
    assert usd["points"][-1] == [5, -128, -128]
    bob = client.get("/api/overview?player=BOB").json()
    assert bob["player"] == "Bob" and bob["results"][0]["points"][-1] == [5, 880, 880]
    assert (body["findings_by_kind"], body["problems"], body["imports"]) == ([], 0, 6)


# -- the same numbers as the store API --------------------------------------------------



@pytest.mark.parametrize("query, filters", [
    ("", {}),
    ("game=PLO8&min_hands=3", {"game": "PLO8", "min_hands": 3}),
    ("position=BTN&currency=EUR", {"position": "BTN", "currency": "EUR"}),
    ("site=pokerstars&since=2009-01-01&until=2024-12-31",
     {"site": "pokerstars", "since": "2009-01-01", "until": "2024-12-31"}),
    ("hand_class=pair&hand_class=rainbow", {"hand_class": ("pair", "rainbow")}),
    ("limit=FL&currency=USD", {"limit": "FL", "currency": "USD"}),
    ("stakes=$0.05/$0.10&site=pokerstars", {"stakes": "0.05/0.10", "site": "pokerstars"}),
    ("player=hero&game=PLO", {"player": "Hero", "game": "PLO"}),
])  # fmt: skip
def test_players_are_hhtools_stats(wclient: TestClient, wide: Path, query: str,
                                   filters: dict[str, Any]) -> None:  # fmt: skip
    with hhtools.connect(wide) as db:
        want = db.stats(("player",), **filters)
    got, body = every_page(wclient, f"/api/players?{query}")
    assert body["total"] == want.height and body["columns"] == want.columns
    for mine, theirs in zip(got, want.iter_rows(named=True), strict=True):
        assert all(same(mine[c], theirs[c]) for c in want.columns), (mine["player"], theirs["player"])


def test_lists_count_what_sql_counts(wclient: TestClient, wide: Path) -> None:
    with hhtools.connect(wide) as db:
        q = lambda s, p=None: db.sql(s, p).rows()  # noqa: E731
        ((hands,),) = q("SELECT count(*) FROM hands")
        kinds = q("SELECT kind, count(*) FROM findings GROUP BY 1 ORDER BY 2 DESC, 1")
        ((problems,),) = q("SELECT count(*) FROM import_errors WHERE NOT coalesce(is_note, false)")
        ((imports,),) = q("SELECT count(*) FROM imports")
        ((hilo,),) = q("SELECT count(*) FROM hands WHERE game = 'omaha-hilo'")
        ((mucked,),) = q("SELECT count(DISTINCT (site, hand_id)) FROM findings "
                         "WHERE kind = 'mucked_winner'")  # fmt: skip
        top = db.stats(("player",)).row(0, named=True)["player"]
        cum = db.cumulative([top])
    over = wclient.get("/api/overview").json()
    assert (over["hands"], over["problems"], over["imports"]) == (hands, problems, imports)
    assert [(k["kind"], k["count"]) for k in over["findings_by_kind"]] == kinds
    assert wclient.get("/api/hands?game=omaha-hilo&per_page=1").json()["total"] == hilo
    assert wclient.get("/api/hands?finding=mucked_winner&per_page=1").json()["total"] == mucked
    assert wclient.get("/api/problems").json()["total"] == problems
    assert wclient.get("/api/findings?per_page=1").json()["total"] == sum(n for _, n in kinds)
    # the top player's graph ends where HandStore.cumulative ends, in each currency
    graphs = {g["currency"]: g for g in wclient.get(f"/api/overview?player={top}").json()["results"]}
    for currency, part in cum.group_by("currency"):
        last = part.sort("n").row(-1, named=True)
        assert graphs[currency[0]]["points"][-1][:2] == [last["n"], last["cumulative"]]
        assert len(graphs[currency[0]]["points"]) <= 2002


# -- safety -------------------------------------------------------------------------------


@pytest.mark.parametrize("url, param", [
    ("/api/hands?page=0", "page"),
    ("/api/hands?page=two", "page"),
    ("/api/hands?per_page=100000", "per_page"),
    ("/api/hands?sort=started_at;DROP TABLE hands", "sort"),
    ("/api/hands?min_pot=-1", "min_pot"),
    ("/api/hands?scoop=maybe", "scoop"),
    ("/api/hands?finding=nonsense", "finding"),
    ("/api/hands?since=yesterday-ish", "since"),
    ("/api/players?game=chess", "game"),
    ("/api/players?position=DEALER", "position"),
    ("/api/players?hand_class=suited-aces", "hand_class"),
    ("/api/players?min_hands=x", "min_hands"),
    ("/api/players?sort=hands) --", "sort"),
    ("/api/findings?kind=x", "kind"),
    ("/api/problems?code=unsuported_site", "code"),
    ("/api/events?seconds=-3", "seconds"),
])  # fmt: skip
def test_bad_parameters_are_a_readable_400(client: TestClient, url: str, param: str) -> None:
    r = client.get(url)
    assert r.status_code == 400 and r.headers["content-type"] == "application/json"
    body = r.json()
    assert body["param"] == param and body["error"] and "Traceback" not in r.text


def test_a_known_problem_code_without_rows_is_an_empty_list(client: TestClient) -> None:
    r = client.get("/api/problems?code=archive_too_large")
    assert r.status_code == 200 and r.json()["total"] == 0 and r.json()["rows"] == []


def test_unknown_player_and_hand_are_404(client: TestClient) -> None:
    r = client.get("/api/players/Bobb")
    assert r.status_code == 404 and "Bob" in r.json()["error"]  # the closest name
    name = "<script>alert(1)</script>'; DROP TABLE seats; --"
    r = client.get("/api/players/" + name.replace("/", "%2F"))
    assert r.status_code == 404 and r.headers["content-type"] == "application/json"
    assert client.get("/api/hands?player=Nobody").status_code == 404
    assert client.get("/api/hands/pokerstars/999").status_code == 404
    assert client.get("/api/hands").json()["total"] == 6  # nothing dropped


def test_no_file_outside_the_store_and_static(client: TestClient) -> None:
    for url in ("/static/../../../../etc/passwd", "/static/%2e%2e/%2e%2e/pyproject.toml",
                "/static/..%2f..%2fapp.py"):  # fmt: skip
        r = client.get(url)
        assert r.status_code == 404 and "root:" not in r.text and "[project]" not in r.text


def test_a_missing_store_says_how_to_make_one(tmp_path: Path) -> None:
    c = TestClient(create_app(tmp_path / "none.duckdb"))
    r = c.get("/api/hands")
    assert r.status_code == 503
    assert r.json()["error"] == (f"no store at {tmp_path / 'none.duckdb'}: make one with hhtools "
                                 f"import FOLDER --db {tmp_path / 'none.duckdb'}")  # fmt: skip


def test_pages_stay_small(wclient: TestClient) -> None:
    for url in ("/api/players?per_page=200", "/api/hands?per_page=200", "/api/overview",
                "/api/findings?per_page=200", "/api/problems?per_page=200&notes=1"):  # fmt: skip
        r = wclient.get(url)
        assert r.status_code == 200 and len(r.content) < 2_000_000


def test_openapi_names_every_route(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for p in ("/api/overview", "/api/players", "/api/players/{name}", "/api/hands",
              "/api/hands/{site}/{hand_id}", "/api/findings", "/api/problems", "/api/imports",
              "/api/events"):  # fmt: skip
        assert "get" in paths[p]


def test_events_tell_the_hand_count(client: TestClient) -> None:
    with client.stream("GET", "/api/events?seconds=1") as r:
        text = "".join(r.iter_text())
    assert r.headers["content-type"].startswith("text/event-stream")
    assert 'event: hands\ndata: {"hands": 6, "last_import": ' in text


# -- the command ------------------------------------------------------------------------


def test_serve_without_a_store_says_how_to_make_one(tmp_path: Path) -> None:
    import subprocess
    import sys

    missing = tmp_path / "none.duckdb"
    got = subprocess.run([sys.executable, "-m", "hhtools", "serve", "--db", str(missing)],
                         capture_output=True, text=True, timeout=120, cwd=ROOT)  # fmt: skip
    assert got.returncode == 2 and "Traceback" not in got.stderr
    assert got.stderr.strip() == (f"error: no store at {missing}: make one with hhtools import "
                                  f"FOLDER --db {missing}")  # fmt: skip


def test_serve_listens_prints_its_address_and_stops_on_sigterm(six: Path) -> None:
    import signal
    import socket
    import subprocess
    import sys
    import time

    import httpx

    with socket.socket() as s:  # a free port
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "hhtools", "serve", "--db", str(six),
                             "--port", str(port)], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == (
            f"hhtools serve: {six} at http://127.0.0.1:{port}/ (Ctrl-C stops)")
        end, body = time.monotonic() + 90, None
        while body is None and time.monotonic() < end:
            try:
                body = httpx.get(f"http://127.0.0.1:{port}/api/hands?per_page=1").json()
            except httpx.HTTPError:
                time.sleep(0.2)
        assert body is not None and body["total"] == 6
    finally:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=90)
    assert proc.returncode == 0 and "Traceback" not in err


def test_kept_answers_are_bounded_by_bytes(six: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's kept answers hold at most CACHE_BYTES together (a players list of a
    million-hand store is some 60 MB): a text of 100 letters weighs 49 + 100 = 149
    bytes, so three of them (447) are over a bound of 400 and the oldest goes; asking
    it again works it out again."""
    from hhtools.serve import queries

    monkeypatch.setattr(queries, "CACHE_BYTES", 400)
    store = queries.ServedStore(six)
    worked: list[str] = []

    def text(letter: str) -> Any:
        def work(hs: Any) -> str:
            worked.append(letter)
            return letter * 100
        return work

    try:
        assert queries.weight("a" * 100) == 149
        for letter in "abc":
            assert store.cached((letter,), text(letter), version=(1,)) == letter * 100
        assert [k[1] for k in store._cache] == ["b", "c"]  # noqa: SLF001
        assert store._bytes == 298  # noqa: SLF001
        store.cached(("b",), text("b"), version=(1,))  # kept: not worked out again
        store.cached(("a",), text("a"), version=(1,))  # gone: worked out again
        assert worked == ["a", "b", "c", "a"]
        assert [k[1] for k in store._cache] == ["b", "a"]  # noqa: SLF001  (c was oldest)
        # one answer over the bound alone is still kept (the last one asked)
        store.cached(("big",), lambda hs: "x" * 1000, version=(1,))
        assert [k[1] for k in store._cache] == ["big"]  # noqa: SLF001
    finally:
        store.close()


def test_a_history_with_no_total_pot_line_lists_its_pot(tmp_path: Path) -> None:
    # Everleaf writes no total pot (hands.total_pot NULL): the list showed pot null, the
    # overview's pots left the hand out, min_pot never kept it. Worked from the text:
    # Dagny all in for $3, Emeric $0.25 + 1.25 + 3 + 6 = $10.50, Filipa $0.50 + 4 + 6 =
    # $10.50 (her river $11.90 uncalled, returned): $24.00 = the $22.80 won + $1.20 rake
    fixture = ROOT / "tests/fixtures/everleaf/pl_side_pot_all_in_uncalled_no_return_line.txt"
    db = tmp_path / "e.duckdb"
    assert import_paths([fixture], db, workers=1).hands == 1
    with hhtools.connect(db) as hs:
        assert hs.sql("SELECT total_pot, rake FROM hands").rows() == [(None, 120)]
    api = TestClient(create_app(db))
    (row,) = api.get("/api/hands").json()["rows"]
    assert (row["hand_id"], row["pot"], row["rake"]) == ("500000002", 2400, 120)
    assert ids(api.get("/api/hands?min_pot=2400").json()) == ["500000002"]
    assert ids(api.get("/api/hands?max_pot=2399").json()) == []
    assert api.get("/api/overview").json()["currencies"] == [
        {"currency": "USD", "hands": 1, "pots": 2400, "rake": 120}]
