"""Benchmark: ``hhtools import`` with the audit over generated PokerStars hands.

Generates N hands with ../shared/tools/gen_pokerstars.py (cached under --work), then
runs ``hhtools import`` in a child process into a fresh database, sampling the
resident memory of the whole process tree (main process + workers) from /proc.

    python benchmarks/bench_import.py --hands 200000 [--files 8] [--workers 2]

Prints hands/s, wall time, peak RSS of the tree and of the largest single process.
Not a test: numbers go in the closing notes, not in assertions.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GEN = ROOT.parent / "shared" / "tools" / "gen_pokerstars.py"


def _tree(pid: int) -> list[int]:
    out = [pid]
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return out
    for c in children:
        out += _tree(int(c))
    return out


def _rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def generate(hands: int, files: int, seed: int, work: Path) -> Path:
    """Generate (once) ``hands`` hands in ``files`` files under ``work``; return the folder."""
    out = work / f"gen-{hands}-{files}-{seed}"
    if not (out / ".done").exists():
        out.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [sys.executable, str(GEN), "--hands", str(hands), "--seed", str(seed),
             "--files", str(files), "--out", str(out)],
            check=True,
        )  # fmt: skip
        (out / ".done").write_text("ok")
    return out


def main() -> None:
    """Run the benchmark and print its numbers."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=200_000)
    ap.add_argument("--files", type=int, default=8)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--no-audit", action="store_true")
    ap.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "hhtools-bench")
    args = ap.parse_args()

    data = generate(args.hands, args.files, args.seed, args.work)
    db = args.work / "bench.duckdb"
    for suffix in ("", ".wal"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    cmd = [sys.executable, "-m", "hhtools", "import", str(data), "--db", str(db), "-q",
           "--workers", str(args.workers)]  # fmt: skip
    if args.no_audit:
        cmd.append("--no-audit")
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    peak_tree = peak_one = 0
    while proc.poll() is None:
        rss = [_rss_kib(p) for p in _tree(proc.pid)]
        peak_tree = max(peak_tree, sum(rss))
        peak_one = max(peak_one, max(rss, default=0))
        time.sleep(0.2)
    wall = time.perf_counter() - start
    output = proc.stdout.read() if proc.stdout else ""
    if proc.returncode != 0:
        print(output)
        raise SystemExit(f"import failed with exit code {proc.returncode}")
    print(output)
    print(f"hands: {args.hands:,}  workers: {args.workers}  audit: {not args.no_audit}")
    print(f"wall: {wall:.1f} s  ->  {args.hands / wall:,.0f} hands/s")
    print(f"peak RSS: process tree {peak_tree / 1024:,.0f} MiB, largest process "
          f"{peak_one / 1024:,.0f} MiB")  # fmt: skip


if __name__ == "__main__":
    main()
