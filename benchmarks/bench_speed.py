"""The import's speed against its floor, in one run (issue "Speed"; not a timed test).

    .venv/bin/python benchmarks/bench_speed.py [--hands 100000] [--files 10] [--seed 11]
        [--workers 2] [--runs import,j1,no-audit] [--stage-hands 5000]

Generates the hands once with ../shared/tools/gen_pokerstars.py (cached under
``--work``), then prints, all measured in this run on this machine:

* **floor**: read, split and regex-match every line of the same files in one process
  (no records, no audit, no database): the least any importer of these files does.
* **import**: ``hhtools import`` in a child process into a fresh database (``import``:
  the workers given, audit on; ``j1``: one process; ``no-audit``): wall time, hands/s,
  the ratio to the floor, the peak resident memory of the whole process tree (main
  process and workers, sampled from /proc every 0.1 s), and the CPU seconds of the
  main process and of the workers (the work split).
* **stages**: microseconds of CPU per hand of each stage, in this process, on the
  first ``--stage-hands`` hands: read and split, grammar, audit (hands with a
  showdown and without apart), rows, pickling a chunk's result.

``--files 1`` makes one big file (memory must not follow the input).
"""

from __future__ import annotations

import argparse
import os
import pickle
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_import import _rss_kib, _tree, generate  # this folder's shared helpers
from hhtools.grammars import pokerstars

from hhtools.audit import audit_hand
from hhtools.ingest.read import read_sources
from hhtools.model.records import HandText, Problem
from hhtools.store.flatten import ColumnBatch, flatten_hand
from hhtools.store.pipeline import process_chunk

#: every kind of line a PokerStars hand has, each field captured to the end of the line
#: (the floor's one match per line: what any parser of these files must at least do)
FLOOR_LINE = re.compile(
    r"(?:PokerStars (?:Hand|Game) #(?P<id>\d+):\s+(?P<game>.+?) \((?P<stakes>[^)]*)\) - (?P<date>.+)"
    r"|Table '(?P<table>[^']*)' (?P<max>\d+)-max(?P<tmode> \([^)]*\))? Seat #(?P<btn>\d+) is the button"
    r"|No low hand qualified"
    r"|Seat (?P<seat>\d+): (?P<sname>.+?) \((?P<stack>[$\u20ac\u00a3]?[\d.,]+) in chips\)(?P<srest>.*)"
    r"|\*\*\* (?P<street>[A-Z -]+) \*\*\*(?P<cards>.*)"
    r"|Dealt to (?P<hero>.+?) \[(?P<hole>[^\]]+)\]"
    r"|Uncalled bet \((?P<ret>[^)]+)\) returned to (?P<rname>.+)"
    r"|Total pot (?P<total>\S+)(?: \| Rake (?P<rake>\S+))?(?P<trest>.*)"
    r"|Board \[(?P<board>[^\]]+)\]"
    r"|Seat (?P<sumseat>\d+): (?P<sumname>.+?)(?: \((?:button|small blind|big blind)\))*"
    r" (?P<sumverb>showed|mucked|folded|collected|won|lost)(?: \[(?P<sumcards>[^\]]+)\])?"
    r"(?P<sumrest>.*)"
    r"|(?P<name>.+?): (?P<verb>posts small blind|posts big blind|posts small & big blinds|posts the ante|folds"
    r"|checks|calls|bets|raises|shows|mucks hand|doesn't show hand)"
    r"(?: (?P<amt>[$\u20ac\u00a3]?[\d.,]+))?(?: to (?P<to>[$\u20ac\u00a3]?[\d.,]+))?"
    r"(?: \[(?P<shown>[^\]]+)\])?(?P<rest>.*)"
    r"|(?P<cname>.+?) collected (?P<camt>[$\u20ac\u00a3]?[\d.,]+) from (?P<pot>.+)"
    r"|(?P<fname>.+?) (?:finished the tournament|wins the tournament|re-buys|said,)(?P<frest>.*))$"
)


def floor(folder: Path) -> tuple[int, float]:
    """(hands, seconds) to read, split and regex-match every line, one process."""
    t0 = time.perf_counter()
    hands = 0
    match = FLOOR_LINE.match
    for read in read_sources([folder]):
        if isinstance(read, Problem):
            continue
        for ht in read.hands():
            hands += 1
            for line in ht.text.split("\n"):
                match(line)
        read.close()
    return hands, time.perf_counter() - t0


# --------------------------------------------------------------------------- processes


_TICK = os.sysconf("SC_CLK_TCK")


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of one process so far (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / _TICK


def run_import(folder: Path, db: Path, workers: int, audit: bool) -> dict[str, float]:
    """Run ``hhtools import`` in a child; wall, peak tree RSS, CPU of main and workers."""
    for suffix in ("", ".wal"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    cmd = [sys.executable, "-m", "hhtools", "import", str(folder), "--db", str(db), "-q",
           "--workers", str(workers)]  # fmt: skip
    if not audit:
        cmd.append("--no-audit")
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    peak = 0
    cpu: dict[int, float] = {}
    while proc.poll() is None:
        pids = _tree(proc.pid)
        peak = max(peak, sum(_rss_kib(p) for p in pids))
        for p in pids:
            cpu[p] = max(cpu.get(p, 0.0), _cpu_seconds(p))
        time.sleep(0.1)
    wall = time.perf_counter() - start
    out = proc.stdout.read() if proc.stdout else ""
    if proc.returncode != 0:
        raise SystemExit(f"import failed ({proc.returncode}):\n{out}")
    main_cpu = cpu.pop(proc.pid, 0.0)
    return {"wall": wall, "peak_mib": peak / 1024, "main_cpu": main_cpu,
            "worker_cpu": sum(cpu.values())}  # fmt: skip


# --------------------------------------------------------------------------- stages


def stages(folder: Path, limit: int) -> dict[str, float]:
    """Microseconds of CPU per hand of each stage over the first ``limit`` hands."""
    clock = time.process_time
    texts: list[HandText] = []
    t0 = clock()
    for read in read_sources([folder]):
        if isinstance(read, Problem):
            continue
        for ht in read.hands():
            texts.append(ht)
            if len(texts) >= limit:
                break
        read.close()
        if len(texts) >= limit:
            break
    split = clock() - t0
    n = len(texts)
    t0 = clock()
    hands = [pokerstars.FORMAT.parse(ht).hand for ht in texts]
    grammar = clock() - t0
    hands = [h for h in hands if h is not None]
    showdown = [h for h in hands if len(h.shows) >= 2]
    quiet = [h for h in hands if len(h.shows) < 2]
    t0 = clock()
    results_sd = [audit_hand(h) for h in showdown]
    audit_sd = clock() - t0
    t0 = clock()
    results_q = [audit_hand(h) for h in quiet]
    audit_q = clock() - t0
    results = dict(zip(map(id, showdown), results_sd, strict=True))
    results.update(zip(map(id, quiet), results_q, strict=True))
    t0 = clock()
    batch = ColumnBatch()
    for i, h in enumerate(hands):
        flatten_hand(batch, h, results[id(h)], 1, i)
    rows = clock() - t0
    chunk = process_chunk("pokerstars", texts[:200], True, 1, 0)
    t0 = clock()
    for _ in range(20):
        pickle.loads(pickle.dumps(chunk, protocol=pickle.HIGHEST_PROTOCOL))
    pickling = (clock() - t0) / 20 / 200
    return {
        "hands": n,
        "read + split": split / n * 1e6,
        "grammar": grammar / n * 1e6,
        "audit, all hands": (audit_sd + audit_q) / n * 1e6,
        "audit, showdown": audit_sd / max(len(showdown), 1) * 1e6,
        "audit, no showdown": audit_q / max(len(quiet), 1) * 1e6,
        "showdown share": len(showdown) / max(len(hands), 1),
        "rows": rows / n * 1e6,
        "pickling (dumps + loads)": pickling * 1e6,
    }


def main() -> None:
    """Run the benchmark and print its numbers."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=100_000)
    ap.add_argument("--files", type=int, default=10)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--runs", default="import", help="comma list of import, j1, no-audit")
    ap.add_argument("--stage-hands", type=int, default=5000)
    ap.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "hhtools-bench")
    ap.add_argument("--keep-db", type=Path, default=None, help="leave the import's database here")
    args = ap.parse_args()

    folder = generate(args.hands, args.files, args.seed, args.work)
    size = sum(p.stat().st_size for p in folder.rglob("*.txt"))
    print(f"{args.hands:,} generated hands in {args.files} file(s), {size / 2**20:,.0f} MiB: "
          f"{folder}")  # fmt: skip
    hands, floor_s = floor(folder)
    print(f"floor (read, split, match every line; 1 process): {floor_s:6.1f} s  "
          f"{hands / floor_s:8,.0f} hands/s")  # fmt: skip
    db = args.keep_db or args.work / "speed.duckdb"
    for run in [r.strip() for r in args.runs.split(",") if r.strip()]:
        workers = 1 if run == "j1" else args.workers
        got = run_import(folder, db, workers, audit=run != "no-audit")
        wall = got["wall"]
        busy = (got["main_cpu"] + got["worker_cpu"]) / wall
        print(f"import {run:9} ({workers} worker(s)): {wall:6.1f} s  {hands / wall:8,.0f} hands/s"
              f"  {wall / floor_s:4.1f}x the floor  peak tree RSS {got['peak_mib']:,.0f} MiB")
        print(f"    CPU: main process {got['main_cpu']:6.1f} s "
              f"({got['main_cpu'] / hands * 1e6:4.0f} us/hand), workers {got['worker_cpu']:6.1f} s "
              f"({got['worker_cpu'] / hands * 1e6:4.0f} us/hand); cores busy {busy:.2f}")  # fmt: skip
    print(f"\nstages, us of CPU per hand and hands/s of one core (first {args.stage_hands:,} hands):")
    for name, value in stages(folder, args.stage_hands).items():
        if name == "showdown share":
            print(f"    {name:28} {value:8.2f}")
        else:
            rate = f"{1e6 / value:10,.0f} hands/s" if value and name != "hands" else ""
            print(f"    {name:28} {value:8,.0f}  {rate}")


if __name__ == "__main__":
    main()
