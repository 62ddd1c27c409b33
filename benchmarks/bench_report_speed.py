"""Benchmark: ``hhtools report``, ``stats`` and the views over one store, as a user runs them.

Issue 28 item 4's targets over a million hands: the HTML report under 5 s with a page
under 5 MB (not growing with hands), ``--format table`` fast, ``hhtools stats`` (each
``--by``) and a count of each view (``hhtools sql "select count(*) from <view>"``)
under 2 s. Every number here is one command in a child process (what a user waits
for: start-up, queries, rendering, writing), wall seconds and the child's own CPU
seconds and peak memory (:func:`os.wait4`).

    python benchmarks/bench_report_speed.py --db /tmp/big/store200k.duckdb
    python benchmarks/bench_report_speed.py --db STORE --before /tmp/before_report --rounds 2

With ``--before DIR`` (a ``git archive`` copy of an older commit, with
``hhtools/grammars`` linked to its ``grammars``) each command runs with that copy on
``PYTHONPATH`` and with this checkout, interleaved, round after round; the table gives
the best of the rounds of each. Not a test: numbers go in the closing notes.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
#: ``hhtools stats --by`` values timed (every grouping ``hhtools stats`` knows)
BY = ("player", "site", "game", "limit", "stakes", "table", "position", "month", "session")
#: the views counted (every view of :data:`hhtools.store.views.VIEWS` of this version)
VIEWS = ("player_results", "scoops", "quarters", "misreads", "low_possible", "counterfeited",
         "sessions", "tournaments", "allin_ev", "wraps", "counterfeits")  # fmt: skip
#: a command still running after this many seconds is stopped and reported as such
TIMEOUT = 300.0


def run(args: list[str], pythonpath: str | None = None, timeout: float | None = None
        ) -> dict[str, Any]:  # fmt: skip
    """Run ``python -m hhtools ARGS`` in a child process, its output thrown away.

    Args:
        args: the command's arguments after ``hhtools``.
        pythonpath: a folder put first on the child's ``PYTHONPATH`` (an older copy).
        timeout: seconds before the child is stopped (default :data:`TIMEOUT`).

    Returns:
        ``{"seconds": wall, "cpu": user + system CPU seconds of the child, "rss_mib":
        its peak resident memory, "code": exit code}``; ``seconds`` is ``None`` when
        stopped at ``timeout``.
    """
    env = dict(os.environ)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    env.setdefault("COLUMNS", "200")
    start = time.perf_counter()
    # run from the copy's folder: ``-m`` puts the working folder first on sys.path
    proc = subprocess.Popen([sys.executable, "-m", "hhtools", *args], cwd=pythonpath or ROOT,
                            env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    deadline = start + (TIMEOUT if timeout is None else timeout)
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() > deadline:
            proc.kill()
            _, status, usage = os.wait4(proc.pid, 0)
            return {"seconds": None, "cpu": usage.ru_utime + usage.ru_stime,
                    "rss_mib": usage.ru_maxrss / 1024, "code": None}  # fmt: skip
        time.sleep(0.02)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return {"seconds": time.perf_counter() - start, "cpu": usage.ru_utime + usage.ru_stime,
            "rss_mib": usage.ru_maxrss / 1024, "code": proc.returncode}  # fmt: skip


def _bytes(path: Path) -> int:
    """Bytes of a file, or of every file under a folder (0 when absent)."""
    if path.is_file():
        return path.stat().st_size
    if path.is_dir():
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())
    return 0


def measure(db_path: str | Path, pythonpath: str | None = None, stats: bool = True,
            views: bool = True) -> dict[str, Any]:  # fmt: skip
    """Time the report, the statistics and the views over a store, each as a command.

    Args:
        db_path: an imported store (opened read-only by every command).
        pythonpath: run an older copy of hhtools (a folder put on ``PYTHONPATH``).
        stats: time ``hhtools stats --by`` each grouping of :data:`BY`.
        views: time a count of each view of :data:`VIEWS`.

    Returns:
        ``help_seconds``, ``help_cpu`` (``hhtools stats --help``: the command line's
        start-up), ``open_seconds``, ``open_cpu`` (``hhtools sql --db DB "select 1"``:
        start-up and opening the store); ``html_seconds``, ``html_cpu``, ``html_rss_mib`` (``hhtools report --format
        html --out``); ``page_bytes`` (the page itself) and ``files_bytes`` (the files
        beside it that the page loads, 0 for a single-file page); ``table_seconds``,
        ``table_cpu`` (``report --format table`` printed); ``stats_seconds`` and
        ``stats_cpu`` (``{by: seconds}``, ``hhtools stats --by BY`` printed as a table);
        ``view_seconds`` and ``view_cpu`` (``{view: seconds}``, ``hhtools sql "select
        count(*) from VIEW"``). A second is ``None`` for a command stopped at
        :data:`TIMEOUT`; a view the store lacks is left out.
    """
    db = str(db_path)
    out: dict[str, Any] = {}
    # start-up alone: the command line and its help, then the store opened for nothing
    for name, args in (("help", ["stats", "--help"]), ("open", ["sql", "--db", db, "select 1"])):
        got = run(args, pythonpath)
        out[f"{name}_seconds"], out[f"{name}_cpu"] = got["seconds"], got["cpu"]
    with tempfile.TemporaryDirectory(prefix="bench_report_") as tmp:
        page = Path(tmp) / "report.html"
        got = run(["report", "--db", db, "--format", "html", "--out", str(page)], pythonpath)
        out.update(html_seconds=got["seconds"], html_cpu=got["cpu"], html_rss_mib=got["rss_mib"],
                   page_bytes=_bytes(page), files_bytes=_bytes(Path(tmp) / "report_files"))
    got = run(["report", "--db", db, "--format", "table"], pythonpath)
    out.update(table_seconds=got["seconds"], table_cpu=got["cpu"])
    out["stats_seconds"], out["stats_cpu"] = {}, {}
    for by in BY if stats else ():
        got = run(["stats", "--db", db, "--by", by], pythonpath)
        out["stats_seconds"][by], out["stats_cpu"][by] = got["seconds"], got["cpu"]
    out["view_seconds"], out["view_cpu"] = {}, {}
    for view in VIEWS if views else ():
        got = run(["sql", "--db", db, f"select count(*) from {view}"], pythonpath)
        if got["code"] == 0 or got["seconds"] is None:
            out["view_seconds"][view], out["view_cpu"][view] = got["seconds"], got["cpu"]
    return out


def _rows(result: dict[str, Any]) -> dict[str, tuple[float | None, float | None]]:
    """``{measure: (seconds or bytes, cpu or None)}`` flattened for printing."""
    rows: dict[str, tuple[float | None, float | None]] = {
        "start-up: stats --help": (result["help_seconds"], result["help_cpu"]),
        "start-up: sql 'select 1'": (result["open_seconds"], result["open_cpu"]),
        "report --format html": (result["html_seconds"], result["html_cpu"]),
        "  peak memory (MiB)": (result["html_rss_mib"], None),
        "  page (MB)": (result["page_bytes"] / 1e6, None),
        "  files beside it (MB)": (result["files_bytes"] / 1e6, None),
        "report --format table": (result["table_seconds"], result["table_cpu"]),
    }
    for by, s in result["stats_seconds"].items():
        rows[f"stats --by {by}"] = (s, result["stats_cpu"][by])
    for view, s in result["view_seconds"].items():
        rows[f"sql count(*) {view}"] = (s, result["view_cpu"][view])
    return rows


def _best(results: list[dict[str, Any]]) -> dict[str, tuple[float | None, float | None]]:
    """Per measure, the least over the rounds (a stopped command counts as ``None``)."""
    best: dict[str, tuple[float | None, float | None]] = {}
    for result in results:
        for name, (v, cpu) in _rows(result).items():
            old = best.get(name)
            if old is None or (v is not None and (old[0] is None or v < old[0])):
                best[name] = (v, cpu)
    return best


def main() -> None:
    """Measure before (``--before``) and after in the same run, interleaved; print both."""
    global TIMEOUT
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", type=Path, required=True, help="an imported store")
    ap.add_argument("--before", help="a git-archive copy of the older code to compare with")
    ap.add_argument("--after", help="a git-archive copy of the newer code (default: this "
                    "checkout)")
    ap.add_argument("--timeout", type=float, default=TIMEOUT, help="seconds before a command "
                    "is stopped")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--no-stats", action="store_true", help="skip hhtools stats")
    ap.add_argument("--no-views", action="store_true", help="skip the view counts")
    args = ap.parse_args()
    TIMEOUT = args.timeout
    after = ("after", args.after)
    sides = [("before", args.before), after] if args.before else [after]
    results: dict[str, list[dict[str, Any]]] = {name: [] for name, _ in sides}
    load = [os.getloadavg()]  # beside the numbers: wall means little under load
    for r in range(args.rounds):
        for name, path in sides:
            print(f"round {r + 1}: {name}", file=sys.stderr, flush=True)
            results[name].append(measure(args.db, path, not args.no_stats, not args.no_views))
    best = {name: _best(rs) for name, rs in results.items()}
    names = list(best["after"])
    width = max(len(n) for n in names)

    def cell(v: float | None, cpu: float | None) -> str:
        if v is None:
            return f"{'>' + str(int(TIMEOUT)):>8} s" + " " * 11
        return f"{v:8.2f}" + (f"  (cpu {cpu:6.2f})" if cpu is not None else " " * 14)

    load.append(os.getloadavg())
    print(f"{args.db} (best of {args.rounds}; seconds wall, cpu of the command; load average "
          f"{load[0][0]:.2f} at the start, {load[1][0]:.2f} at the end)")
    print(" " * width + "  " + "  ".join(f"{n:>22}" for n, _ in sides))
    for n in names:
        print(f"{n:<{width}}  " + "  ".join(cell(*best[s].get(n, (None, None)))
                                            for s, _ in sides))  # fmt: skip


if __name__ == "__main__":
    main()
