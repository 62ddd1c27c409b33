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
request and CPU time of the process (the server's threads and DuckDB's: the number
that holds on a loaded machine), one request at a time.

``--before TREE`` (a ``git archive`` copy of an older commit) serves the store from that
tree and from this checkout in two processes, and asks each URL of both in turns (which
goes first alternates), so that both meet the same load; each route's p50/p95 wall and
CPU printed per tree.

    python benchmarks/bench_serve.py --db /tmp/big/store1m.duckdb --before /tmp/serve/before

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
        "limit=PL", "currency=USD", f"until={mid}", "quarter=1&game=PLO8",
        f"player={p(players[3])}&since={mid}",
    ]  # fmt: skip
    return {
        "/api/overview": ["/api/overview"] + [f"/api/overview?player={p(x)}" for x in players],
        "/api/players": [f"/api/players?{f}" for f in filters],
        "/api/players/{name}": [f"/api/players/{p(x)}" for x in players] + [
            f"/api/players/{p(players[i])}?{f}" for i, f in enumerate((
                "hand_class=pair", f"since={mid}", f"since={mid}&position=BTN",
                f"until={mid}&hand_class=double_suited", "game=PLO&position=CO"))],
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


def _serve(db: Path) -> tuple[Any, Any]:
    """An application over ``db`` in-process, its snapshot, spans and statistics by day
    ready (their times printed to stderr); ``(client, app)``."""
    from fastapi.testclient import TestClient

    from hhtools.serve.app import create_app

    app = create_app(db)
    client = TestClient(app)
    t = time.perf_counter()
    app.state.served.snapshot()  # what `hhtools serve` starts reading at once
    told = [f"the lists' snapshot: {time.perf_counter() - t:.1f} s wall"]
    snap = app.state.served.snapshot()
    while not getattr(snap, "spans", True) and time.perf_counter() - t < 600:  # row spans
        time.sleep(0.05)
    told.append(f"the hands' row spans: {time.perf_counter() - t:.1f} s wall since the start")
    while not getattr(snap, "days", True) and time.perf_counter() - t < 900:  # by day
        time.sleep(0.05)
    told.append(f"the statistics by day: {time.perf_counter() - t:.1f} s wall since the start")
    print("; ".join(told), file=sys.stderr, flush=True)
    return client, app


def _ask(client: Any, url: str) -> dict[str, Any]:
    """One request: wall and CPU milliseconds (the whole process's CPU: the server's
    threads and DuckDB's), size, status."""
    c, t = time.process_time(), time.perf_counter()
    r = client.get(url)
    wall, cpu = (time.perf_counter() - t) * 1000, (time.process_time() - c) * 1000
    return {"wall": wall, "cpu": cpu, "size": len(r.content), "status": r.status_code,
            "text": r.text[:200] if r.status_code != 200 else ""}  # fmt: skip


def worker(db: Path) -> None:
    """``--worker``: serve ``db`` in-process and answer URLs read from stdin, one a line,
    with a JSON line each (:func:`_ask`); ``ready`` first."""
    import json

    client, _ = _serve(db)
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        print(json.dumps(_ask(client, line.strip())), flush=True)


class _Worker:
    """A ``--worker`` child over the tree ``tree`` (``None``: this checkout)."""

    def __init__(self, db: Path, tree: Path | None) -> None:
        import json
        import os
        import subprocess

        env = dict(os.environ)
        cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", "--db", str(db)]
        if tree is not None:
            cmd += ["--tree", str(tree)]
            env["PYTHONPATH"] = str(tree)
        self.json = json
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, env=env, cwd=str(db.parent))  # fmt: skip

    def wait_ready(self) -> None:
        line = self.proc.stdout.readline()  # type: ignore[union-attr]
        if not line:
            raise SystemExit("a worker ended before it was ready")

    def ask(self, url: str) -> dict[str, Any]:
        self.proc.stdin.write(url + "\n")  # type: ignore[union-attr]
        self.proc.stdin.flush()  # type: ignore[union-attr]
        line = self.proc.stdout.readline()  # type: ignore[union-attr]
        return self.json.loads(line)  # type: ignore[no-any-return]

    def memory(self) -> str:
        """The worker's resident memory now and at its peak (Linux: /proc)."""
        try:
            status = Path(f"/proc/{self.proc.pid}/status").read_text().splitlines()
        except OSError:
            return "memory unknown"
        got = {line.split(":")[0]: line.split()[1] for line in status
               if line.startswith(("VmRSS", "VmHWM"))}  # fmt: skip
        return (f"RSS {int(got.get('VmRSS', 0)) / 1024:.0f} MiB, "
                f"peak {int(got.get('VmHWM', 0)) / 1024:.0f} MiB")

    def close(self) -> None:
        self.proc.stdin.close()  # type: ignore[union-attr]
        self.proc.wait(120)


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, round(0.95 * len(ordered)) - 1)]


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
    ap.add_argument("--before", type=Path,
                    help="a tree of an older commit (git archive): serve --db from it and "
                         "from this checkout in two processes and ask each URL of both, "
                         "in turns (which goes first alternates)")  # fmt: skip
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.tree:  # a --worker of the --before tree: its hhtools, not this checkout's
        sys.path.insert(0, str(args.tree.resolve()))
    if args.grow:
        if not args.out:
            ap.error("--grow needs --out")
        grow(args.grow, args.out, args.times)
        return
    if not args.db:
        ap.error("--db is required")
    if args.worker:
        worker(args.db)
        return
    if args.watch:
        if not args.out:
            ap.error("--watch needs --out")
        watch_latency(args.db, args.watch, args.out)
        return
    urls = queries(args.db, args.requests)
    if args.routes is not None:
        urls = {r: u for r, u in urls.items() if r in args.routes}
    passes = ["first"] + (["again"] if args.repeat else [])
    if args.before:
        compare(args.db, args.before, urls, passes, args.slowest)
        return
    if args.url:
        import httpx

        client: Any = httpx.Client(base_url=args.url, timeout=120)
        ask = lambda u: _ask(client, u)  # noqa: E731  (CPU: this client's, not the server's)
    else:
        client, _ = _serve(args.db)
        ask = lambda u: _ask(client, u)  # noqa: E731
    print(f"{args.db}: {args.requests} requests a route, wall ms and CPU ms of the process")
    print(f"{'route':30} {'pass':6} {'n':>3} {'p50':>7} {'p95':>7} {'max':>7} "
          f"{'cpu p50':>8} {'cpu p95':>8} {'max KB':>8}")  # fmt: skip
    worst = 0.0
    for route, some in urls.items():
        for name in passes:
            got = [(u, ask(u)) for u in some]
            for u, r in got:
                if r["status"] != 200:
                    print(f"  {u}: {r['status']} {r['text']}")
            wall = [r["wall"] for _, r in got]
            cpu = [r["cpu"] for _, r in got]
            worst = max(worst, _p95(wall))
            print(f"{route:30} {name:6} {len(got):3} {statistics.median(wall):7.1f} "
                  f"{_p95(wall):7.1f} {max(wall):7.1f} {statistics.median(cpu):8.1f} "
                  f"{_p95(cpu):8.1f} {max(r['size'] for _, r in got) / 1024:8.1f}",
                  flush=True)  # fmt: skip
            for r, u in sorted(((r["cpu"], u) for u, r in got), reverse=True)[: args.slowest]:
                print(f"    cpu {r:8.1f}  {u}")
    print(f"worst p95: {worst:.1f} ms")


def compare(db: Path, before: Path, urls: dict[str, list[str]], passes: list[str],
            slowest: int) -> None:  # fmt: skip
    """Before (the tree ``before``) against after (this checkout), in two processes
    serving ``db``, every URL asked of both in turns; p50/p95 wall and CPU per route."""
    trees = {"before": _Worker(db, before), "after": _Worker(db, None)}
    try:
        for w in trees.values():  # both build at once (as the load they meet is the same)
            w.wait_ready()
        for k, w in trees.items():
            print(f"{k}: server process ready, {w.memory()}")
        print(f"{db}: before {before} / after {ROOT}; wall ms and CPU ms of each server process")
        print(f"{'route':30} {'pass':6} {'tree':6} {'n':>3} {'p50':>7} {'p95':>7} {'max':>7} "
              f"{'cpu p50':>8} {'cpu p95':>8} {'max KB':>8}")  # fmt: skip
        worst = dict.fromkeys(trees, 0.0)
        for route, some in urls.items():
            for name in passes:
                got: dict[str, list[tuple[str, dict[str, Any]]]] = {k: [] for k in trees}
                for i, u in enumerate(some):
                    order = list(trees) if i % 2 == 0 else list(trees)[::-1]
                    for k in order:
                        got[k].append((u, trees[k].ask(u)))
                for k, done in got.items():
                    wall = [r["wall"] for _, r in done]
                    cpu = [r["cpu"] for _, r in done]
                    worst[k] = max(worst[k], _p95(wall))
                    bad = sum(r["status"] != 200 for _, r in done)
                    print(f"{route:30} {name:6} {k:6} {len(done):3} "
                          f"{statistics.median(wall):7.1f} {_p95(wall):7.1f} {max(wall):7.1f} "
                          f"{statistics.median(cpu):8.1f} {_p95(cpu):8.1f} "
                          f"{max(r['size'] for _, r in done) / 1024:8.1f}"
                          + (f"  ({bad} not 200)" if bad else ""), flush=True)  # fmt: skip
                    for ms, u in sorted(((r["cpu"], u) for u, r in done), reverse=True)[:slowest]:
                        print(f"    cpu {ms:8.1f}  {u}")
        print("worst p95 wall: " + ", ".join(f"{k} {v:.1f} ms" for k, v in worst.items()))
        for k, w in trees.items():
            print(f"{k}: server process {w.memory()}")
    finally:
        for w in trees.values():
            w.close()


if __name__ == "__main__":
    main()
