"""Time every route of ``hhtools serve`` over a store: p50, p95 and max milliseconds and
the largest response, over requests with varied filters, pages and players.

    python benchmarks/bench_serve.py --db /tmp/big/store200k.duckdb
    python benchmarks/bench_serve.py --db FILE --url http://127.0.0.1:8765   # a running server
    python benchmarks/bench_serve.py --grow /tmp/big/store200k.duckdb --times 5 \\
        --out /tmp/serve_api/store1m.duckdb                                     # a bigger copy

In-process (FastAPI's TestClient), a fresh application per run: the lists' snapshot
(hhtools.serve.snapshot) is built first and its time printed; then the first request
of each distinct query string misses the server's kept answers (each route's requests are
distinct, so most are misses); ``--repeat`` asks every query a second time and reports
that pass too (what a page gets when it is reloaded or paged back). Wall time per
request, one request at a time.

``--watch PATH... --out COPY`` times what a page waits for new hands: the store is
copied to COPY, served in-process (snapshot and spans ready), then ``hhtools import
PATH...`` runs on the copy in a process of its own (as ``hhtools watch`` would write a
batch); printed: the import's wall time (with the importer's kept tables,
hhtools.store.hand_summary), and from its end until the server's lists give the new
version (the snapshot brought up to date, or built again by an older server).

``--grow SRC --times N --out DST`` copies the store SRC to DST and adds N - 1 copies of
every hand (hand ids suffixed, start times moved on by 32 days a copy, so that dates
spread), for a store N times as big with the same players.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def grow(src: Path, dst: Path, times: int) -> None:
    """Copy ``src`` to ``dst`` with ``times`` copies of every hand (see the docstring)."""
    import duckdb

    from hhtools.store.schema import HAND_TABLES

    shutil.copyfile(src, dst)
    con = duckdb.connect(str(dst))
    for k in range(1, times):
        for table in HAND_TABLES:
            cols = [r[0] for r in con.execute(f"DESCRIBE {table}").fetchall()]
            shifted = {"hand_id": f"hand_id || 'x{k}'",
                       "started_at": f"started_at + INTERVAL {32 * k} DAY",
                       "started_at_utc": f"started_at_utc + INTERVAL {32 * k} DAY",
                       "session_start": f"session_start + INTERVAL {32 * k} DAY"}  # fmt: skip
            exprs = [shifted.get(c, c) for c in cols]
            con.execute(f"INSERT INTO {table} SELECT {', '.join(exprs)} FROM {table} "
                        "WHERE hand_id NOT LIKE '%x_'")  # fmt: skip
        print(f"copy {k} of {times - 1} added", flush=True)
    con.execute("CHECKPOINT")
    con.close()


def watch_latency(db: Path, paths: list[Path], out: Path) -> None:
    """Time a batch of new hands reaching the server's lists (see the docstring)."""
    import subprocess

    from fastapi.testclient import TestClient

    from hhtools.serve.app import create_app

    shutil.copyfile(db, out)
    app = create_app(out)
    client = TestClient(app)
    served = app.state.served
    t = time.perf_counter()
    snap = served.snapshot()
    while not (getattr(snap, "spans", True) and getattr(snap, "days", True)) \
            and time.perf_counter() - t < 900:  # fmt: skip
        time.sleep(0.05)
    print(f"served: snapshot, spans and statistics by day {time.perf_counter() - t:.1f} s wall",
          flush=True)  # fmt: skip
    before = snap.version
    with served._lock:  # the request connection let go (an import does not ask, as watch does)
        if served._store is not None:
            served._store.close()
            served._store = None
    t = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "hhtools", "import", *map(str, paths), "--db",
                           str(out)], cwd=ROOT, capture_output=True, text=True)  # fmt: skip
    imported = time.perf_counter()
    if done.returncode != 0:
        print(done.stderr[-2000:])
        return
    version = before
    while version == before and time.perf_counter() - imported < 900:
        version = served.ready_version() or before
        time.sleep(0.05)
    ready = time.perf_counter()
    print(f"import of {len(paths)} path(s): {imported - t:.1f} s wall; the lists show "
          f"{version[0] - before[0]} new hands {ready - imported:.2f} s wall after it ended "
          f"(version {before} -> {version})", flush=True)  # fmt: skip
    snap = served.keeper.latest()
    while snap is not None and not (getattr(snap, "spans", True) and getattr(snap, "days", True)) \
            and time.perf_counter() - ready < 900:  # fmt: skip
        time.sleep(0.05)
    print(f"its row spans and statistics by day {time.perf_counter() - imported:.2f} s wall "
          "after the import ended", flush=True)  # fmt: skip
    r = client.get("/api/hands?per_page=1")
    print(f"/api/hands total now {r.json().get('total')}")
    served.close()


def queries(db: Path, n: int) -> dict[str, list[str]]:
    """``n`` distinct URLs per route, over players, hands and filters of the store."""
    import hhtools

    with hhtools.connect(db) as s:
        q = lambda sql: [r[0] for r in s.con.execute(sql).fetchall()]  # noqa: E731
        players = q("SELECT player FROM seats GROUP BY player ORDER BY count(*) DESC, player "
                    f"LIMIT {n}")  # fmt: skip
        hands = s.con.execute(f"SELECT site, hand_id FROM hands USING SAMPLE {n} ROWS "
                              "(reservoir, 7)").fetchall()  # fmt: skip
        stakes = q("SELECT stakes FROM hands GROUP BY 1 ORDER BY count(*) DESC LIMIT 3")
        sites = q("SELECT site FROM hands GROUP BY 1 ORDER BY count(*) DESC LIMIT 2")
        kinds = q("SELECT kind FROM findings GROUP BY 1 ORDER BY count(*) DESC") or [
            "award_mismatch"]
        first, last = s.con.execute("SELECT min(started_at)::DATE, max(started_at)::DATE "
                                    "FROM hands").fetchall()[0]  # fmt: skip
    mid = first + (last - first) / 2 if first and last else first
    p = lambda name: quote(name, safe="")  # noqa: E731
    filters = [
        "", "game=PLO", "game=PLO8", "limit=PL", "position=BTN", "position=SB",
        "currency=USD", f"stakes={p(stakes[0])}", "min_hands=20", "sort=vpip&desc=1",
        "sort=net_won_USD_pot_limit&desc=0", "page=3", f"site={sites[0]}",
        "game=PLO&position=CO", f"since={first}", f"until={last}", "hand_class=pair",
        "limit=PL&currency=USD&min_hands=5", "sort=pfr&page=2", "position=BB&game=PLO8",
        f"since={mid}", f"since={mid}&position=BTN", "hand_class=pair&position=CO",
        f"until={mid}&hand_class=aces&game=PLO8", f"since={mid}&hand_class=double_suited",
    ]  # fmt: skip
    hand_filters = [
        "", f"player={p(players[0])}", f"finding={kinds[0]}", "scoop=1", "quarter=1",
        "allin=1", "min_pot=10000", "max_pot=100", "sort=pot&desc=1", "page=1000",
        f"since={first}", f"player={p(players[1])}&allin=1", "game=PLO8", "sort=findings",
        f"player={p(players[2])}&scoop=1", "sort=players&desc=0", f"site={sites[0]}",
        "min_pot=500&max_pot=2000", f"stakes={p(stakes[1])}", "page=2&per_page=200",
    ]  # fmt: skip
    return {
        "/api/overview": ["/api/overview"] + [f"/api/overview?player={p(x)}" for x in players],
        "/api/players": [f"/api/players?{f}" for f in filters],
        "/api/players/{name}": [f"/api/players/{p(x)}" for x in players],
        "/api/hands": [f"/api/hands?{f}" for f in hand_filters],
        "/api/hands/{site}/{hand_id}": [
            f"/api/hands/{site}/{hid}?{hand_filters[i % len(hand_filters)]}"
            for i, (site, hid) in enumerate(hands)],
        "/api/findings": [f"/api/findings?page={i + 1}" + (f"&kind={kinds[i % len(kinds)]}"
                          if i % 2 else "") for i in range(n)],  # fmt: skip
        "/api/problems": [f"/api/problems?page={i + 1}&notes={i % 2}" for i in range(n)],
        "/api/imports": [f"/api/imports?page={i + 1}&per_page={10 + i}" for i in range(n)],
        "pages": ["/", "/players", "/hands", "/findings", "/problems", "/imports",
                  f"/players/{p(players[0])}", f"/hands/{hands[0][0]}/{hands[0][1]}"],
    }  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", type=Path)
    ap.add_argument("--url", help="time a running server at this address instead")
    ap.add_argument("--requests", type=int, default=20)
    ap.add_argument("--repeat", action="store_true", help="ask every query a second time")
    ap.add_argument("--grow", type=Path, help="make a bigger copy of this store (--out)")
    ap.add_argument("--times", type=int, default=5)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--watch", type=Path, nargs="+",
                    help="import these into a copy of --db (--out) while serving it")
    ap.add_argument("--routes", nargs="*", default=None,
                    help="time only these routes (as printed, e.g. /api/hands)")
    ap.add_argument("--slowest", type=int, default=0,
                    help="print the N slowest requests of each route with their URLs")
    args = ap.parse_args()
    if args.grow:
        if not args.out:
            ap.error("--grow needs --out")
        grow(args.grow, args.out, args.times)
        return
    if not args.db:
        ap.error("--db is required")
    if args.watch:
        if not args.out:
            ap.error("--watch needs --out")
        watch_latency(args.db, args.watch, args.out)
        return
    urls = queries(args.db, args.requests)
    if args.url:
        import httpx

        client: Any = httpx.Client(base_url=args.url, timeout=120)
    else:
        from fastapi.testclient import TestClient

        from hhtools.serve.app import create_app

        app = create_app(args.db)
        client = TestClient(app)
        t = time.perf_counter()
        app.state.served.snapshot()  # what `hhtools serve` starts reading at once
        print(f"the lists' snapshot: {time.perf_counter() - t:.1f} s wall", flush=True)
        snap = app.state.served.snapshot()
        while not getattr(snap, "spans", True) and time.perf_counter() - t < 600:  # the hands' row spans
            time.sleep(0.05)
        print(f"the hands' row spans: {time.perf_counter() - t:.1f} s wall since the start",
              flush=True)  # fmt: skip
        while not getattr(snap, "days", True) and time.perf_counter() - t < 900:  # by day
            time.sleep(0.05)
        print(f"the statistics by day: {time.perf_counter() - t:.1f} s wall since the start",
              flush=True)  # fmt: skip
    if args.routes is not None:
        urls = {r: u for r, u in urls.items() if r in args.routes}
    passes = ["first"] + (["again"] if args.repeat else [])
    print(f"{args.db}: {args.requests} requests a route, wall ms")
    print(f"{'route':32} {'pass':6} {'n':>3} {'p50':>7} {'p95':>7} {'max':>7} {'max KB':>8}")
    worst = 0.0
    for route, some in urls.items():
        for name in passes:
            took, sizes, each = [], [], []
            for url in some:
                t = time.perf_counter()
                r = client.get(url)
                took.append((time.perf_counter() - t) * 1000)
                each.append((took[-1], url))
                sizes.append(len(r.content))
                if r.status_code != 200:
                    print(f"  {url}: {r.status_code} {r.text[:200]}")
            took.sort()
            p95 = took[max(0, round(0.95 * len(took)) - 1)]
            worst = max(worst, p95)
            print(f"{route:32} {name:6} {len(took):3} {statistics.median(took):7.1f} "
                  f"{p95:7.1f} {took[-1]:7.1f} {max(sizes) / 1024:8.1f}", flush=True)  # fmt: skip
            for ms, url in sorted(each, reverse=True)[: args.slowest]:
                print(f"    {ms:8.1f}  {url}")
    print(f"worst p95: {worst:.1f} ms")


if __name__ == "__main__":
    main()
