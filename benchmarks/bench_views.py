"""Benchmark: every view, the statistics and ``hhtools report`` over an imported store.

Target: the views and the report answer over 200,000 generated hands in under 30 s.

    python benchmarks/bench_views.py --db /tmp/b200k.duckdb
    python benchmarks/bench_views.py --hands 200000 --work /tmp/bench_views   # generate + import

Each view is read whole (every column, every row, as Arrow), not just counted, so
DuckDB cannot skip work. The report is timed twice: in process (build + HTML) and
as the real command, ``hhtools report --format html``, in a child process.
Not a test: numbers go in the closing notes, not in assertions.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GENERATOR = ROOT.parent / "shared" / "tools" / "gen_pokerstars.py"


def prepare(hands: int, work: Path, seed: int) -> Path:
    """Generate ``hands`` hands and import them (both cached under ``work``)."""
    data = work / f"gen{hands}_{seed}"
    db = work / f"gen{hands}_{seed}.duckdb"
    if not data.is_dir():
        subprocess.run([sys.executable, str(GENERATOR), "--hands", str(hands), "--seed",
                        str(seed), "--out", str(data), "--files", "8"], check=True)  # fmt: skip
    if not db.exists():
        t = time.perf_counter()
        subprocess.run([str(Path(sys.executable).with_name("hhtools")), "import", str(data),
                        "--db", str(db), "-q"], check=True)  # fmt: skip
        print(f"import: {time.perf_counter() - t:.1f} s")
    return db


def main() -> None:
    """Time each view, then the report; print a table and the total."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", type=Path, help="an imported store (skips generation)")
    ap.add_argument("--hands", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "bench_views")
    args = ap.parse_args()
    if args.db is None:
        args.work.mkdir(parents=True, exist_ok=True)
        args.db = prepare(args.hands, args.work, args.seed)

    import hhtools
    from hhtools.reports.report import ReportFilter, build_report
    from hhtools.reports.report_html import to_html
    from hhtools.store.views import VIEWS

    timings: list[tuple[str, float, int]] = []
    with hhtools.connect(args.db) as db:
        n = db.con.execute("SELECT count(*) FROM hands").fetchall()[0][0]
        print(f"{args.db}: {n:,} hands")
        for name in VIEWS:
            t = time.perf_counter()
            rows = db.con.sql(f"SELECT * FROM {name}").to_arrow_table().num_rows
            timings.append((f"view {name}", time.perf_counter() - t, rows))
        for by in (("player",), ("player", "position"), ("game", "limit"), ("month",),
                   ("player", "session")):
            t = time.perf_counter()
            rows = sum(f.height for f in db.stats_frames(by))
            timings.append((f"stats --by {','.join(by)}", time.perf_counter() - t,
                            rows))  # fmt: skip
        t = time.perf_counter()
        rows = db.stats(("player",), game="PLO8", position="BTN", hand_class=("a2",)).height
        timings.append(("stats --game PLO8 --position BTN --hand-class a2",
                        time.perf_counter() - t, rows))  # fmt: skip
        t = time.perf_counter()
        report = build_report(db, ReportFilter())
        page = to_html(report)
        timings.append(("report build + html (in process)", time.perf_counter() - t,
                        report.results.height))  # fmt: skip
        t = time.perf_counter()
        hilo = build_report(db, ReportFilter(game="omaha-hilo", since="2000-01-01"))
        timings.append(("report --game omaha-hilo --since", time.perf_counter() - t,
                        hilo.results.height))  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.html"
        t = time.perf_counter()
        subprocess.run([str(Path(sys.executable).with_name("hhtools")), "report", "--db",
                        str(args.db), "--format", "html", "--out", str(out)], check=True,
                       capture_output=True)  # fmt: skip
        timings.append(("hhtools report --format html (command)", time.perf_counter() - t,
                        out.stat().st_size))  # fmt: skip
    width = max(len(name) for name, _, _ in timings)
    for name, seconds, rows in timings:
        print(f"{name:<{width}}  {seconds:7.2f} s  {rows:>10,}")
    views = sum(s for name, s, _ in timings if name.startswith("view "))
    print(f"{'all views':<{width}}  {views:7.2f} s")
    print(f"{'views + report command':<{width}}  {views + timings[-1][1]:7.2f} s  (page "
          f"{len(page) / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
