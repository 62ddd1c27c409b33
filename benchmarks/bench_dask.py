"""The same hands imported both ways: embedded (DuckDB) and on Dask (a Parquet dataset).

    .venv/bin/python benchmarks/bench_dask.py [--hands 100000] [--files 20] [--seed 11]
        [--workers 2] [--runs embedded,dask] [--work /tmp/hhtools-bench]

Generates the hands once with ../shared/tools/gen_pokerstars.py (cached under
``--work``), then runs ``hhtools import`` in a child process for each engine
(``embedded``: ``--workers N`` into a fresh DuckDB file; ``dask``: ``--engine dask
--workers N`` into a fresh dataset, a local cluster of N worker processes started and
stopped by the import, so its start-up is counted) and prints: wall time, hands per
second, the peak resident memory of the main process and of each other process of the
tree (the Dask workers; sampled from /proc every 0.1 s), and the size on disk of the
store (DuckDB file, or the dataset's folder).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_import import _rss_kib, generate  # this folder's shared helpers

HHTOOLS = Path(sys.executable).with_name("hhtools")


def _size(path: Path) -> int:
    if path.is_file():
        wal = path.with_name(path.name + ".wal")
        return path.stat().st_size + (wal.stat().st_size if wal.exists() else 0)
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def _tree(pid: int) -> list[int]:
    """``pid`` and its descendants, whichever of their threads started them (Dask's
    nanny starts its worker from another thread than the main one)."""
    out = [pid]
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            children = (task / "children").read_text().split()
        except OSError:
            continue
        for c in children:
            out += _tree(int(c))
    return out


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()[:60]
    except OSError:
        return "?"


def run(cmd: list[str]) -> tuple[float, dict[int, int], dict[int, str]]:
    """Wall seconds, peak RSS (KiB) per process of the tree, and each one's command."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peaks: dict[int, int] = {}
    names: dict[int, str] = {}
    while proc.poll() is None:
        for pid in _tree(proc.pid):
            rss = _rss_kib(pid)
            if rss > peaks.get(pid, 0):
                peaks[pid] = rss
                names.setdefault(pid, _cmdline(pid))
        time.sleep(0.1)
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        err = proc.stderr.read().decode() if proc.stderr else ""
        sys.exit(f"{' '.join(cmd)} failed: {err[-2000:]}")
    return seconds, peaks, names


def main() -> None:
    """Run the benchmark and print its numbers."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=100_000)
    ap.add_argument("--files", type=int, default=20)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--runs", default="embedded,dask")
    ap.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "hhtools-bench")
    args = ap.parse_args()
    data = generate(args.hands, args.files, args.seed, args.work)
    size_in = sum(p.stat().st_size for p in data.iterdir() if p.is_file())
    print(f"{args.hands:,} hands in {args.files} files ({size_in / 2**20:,.0f} MB), "
          f"{args.workers} workers")  # fmt: skip
    for engine in args.runs.split(","):
        out = args.work / f"out-{engine}-{args.hands}"
        subprocess.run(["rm", "-rf", str(out), f"{out}.duckdb", f"{out}.duckdb.wal"], check=True)
        if engine == "embedded":
            store = Path(f"{out}.duckdb")
            cmd = [str(HHTOOLS), "import", str(data), "--db", str(store), "-q",
                   "--workers", str(args.workers)]  # fmt: skip
        else:
            store = out
            cmd = [str(HHTOOLS), "import", str(data), "--engine", "dask", "--dataset",
                   str(store), "-q", "--workers", str(args.workers)]  # fmt: skip
        seconds, peaks, names = run(cmd)
        main_pid = min(peaks)
        workers = sorted((k for pid, k in peaks.items() if pid != main_pid
                          and "multiprocessing.reso" not in names[pid]), reverse=True)  # fmt: skip
        print(f"{engine:>9}: {seconds:7.1f} s  {args.hands / seconds:7,.0f} hands/s  "
              f"main peak {peaks[main_pid] / 1024:5,.0f} MB  "
              f"worker peaks {', '.join(f'{k / 1024:,.0f}' for k in workers)} MB  "
              f"store {_size(store) / 2**20:,.1f} MB")  # fmt: skip


if __name__ == "__main__":
    main()
