"""The import's speed against its floor, in one run (issue "Speed"; not a timed test).

    .venv/bin/python benchmarks/bench_speed.py [--hands 100000] [--files 10] [--seed 11]
        [--workers 2] [--runs import,j1,no-audit] [--stage-hands 5000] [--before DIR]
        [--keep-db PATH] [--no-paths] [--no-ev] [--no-report] [--rounds 1] [--pause 5]

Generates the hands once with ../shared/tools/gen_pokerstars.py (cached under
``--work``), then prints, all measured in this run on this machine:

* **floor**: read, split and regex-match every line of the same files in one process
  (no records, no audit, no database): the least any importer of these files does
  (:func:`floor`); wall and CPU seconds.
* **import**: ``hhtools import`` in a child process into a fresh database (``import``:
  the workers given, audit on; ``j1``: one process; ``no-audit``): wall time, hands/s,
  the ratio to the floor, the peak resident memory of the whole process tree (main
  process and workers, sampled from /proc every 0.1 s; also the peak of each quarter
  of the run's time, so memory that grows with the hands shows), split by process kind
  (the main process, with its anonymous part, and the workers: together and the most
  one held; each kind's peak per quarter), the same tree's peak proportional set size
  (PSS, ``/proc/PID/smaps_rollup``: a page shared by n processes counts 1/n in each, so
  the forked workers' copy-on-write pages and the libraries count once where RSS summed
  counts them in every process; sampled every 0.5 s; per kind, and the tree's per
  quarter), and the CPU seconds of the main process and of the workers (the work
  split). ``--before DIR`` runs each import a second time, interleaved, with an older
  copy of hhtools on ``PYTHONPATH`` (a ``git archive`` of the commit compared against).
  ``--rounds N`` runs each import N times, before and after in turn and the order
  reversed each round (before, after, after, before, ...: :func:`run_order`), then
  prints each tree's median: at a million hands the second import of a pair ran 4-16 %
  slower whichever tree it was, so one pair in one order measures the order. Before
  each import the file system is synced (the last run's database written back) and the
  run pauses ``--pause`` seconds.
* **stages**: microseconds of CPU per hand of each stage on the first
  ``--stage-hands`` hands: read and split, grammar, audit (hands with a showdown and
  without apart), rows, pickling a chunk's result; on each path (pure Python and the
  compiled core, ``benchmarks/bench_paths.py``) when that file is there, else in
  this process ("compiled core: not built").
* **ev**: ``hhtools ev`` over the all-in hands of the store the import made
  (``benchmarks/bench_ev_speed.py``), unless ``--no-ev``.
* **report**: ``hhtools report`` (HTML seconds, page size), ``report --format table``,
  ``stats --by`` and a count of each view over that store
  (``benchmarks/bench_report_speed.py``), unless ``--no-report``.

``--files 1`` makes one big file (memory must not follow the input).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import pickle
import re
import subprocess
import sys
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench_import import _rss_kib, _tree, generate  # this folder's shared helpers
from _trees import ensure_tree  # each tree runs its own grammars
from hhtools.grammars import pokerstars

from hhtools.audit import audit_hand

from hhtools.ingest.read import read_sources
from hhtools.model.records import HandText, Problem
from hhtools.store.flatten import ColumnBatch, flatten_hand
from hhtools.store.pipeline import CHUNK_HANDS, process_chunk

try:
    from hhtools.audit import audit_hands
except ImportError:  # a tree older than the chunked audit (--before): hand by hand

    def audit_hands(hands: list[Any]) -> list[Any]:  # type: ignore[misc]
        return [audit_hand(h) for h in hands]

_AMT = r"[$\u20ac\u00a3]?[\d.,]+"
#: The floor's one anchored pattern per kind of PokerStars line, chosen by the line's
#: first four characters; each captures every field of its line to the line's end.
FLOOR_BY_START: dict[str, re.Pattern[str]] = {
    "Poke": re.compile(r"PokerStars (?:Hand|Game) #(\d+):\s+(.+?) \(([^)]*)\) - (.+)"),
    "Tabl": re.compile(r"Table '([^']*)' (\d+)-max( \([^)]*\))? Seat #(\d+) is the button"),
    "Seat": re.compile(rf"Seat (\d+): (.+?) (?:\(({_AMT}) in chips\)(.*)"
                       r"|((?:\((?:button|small blind|big blind)\) )*)"
                       r"(showed|mucked|folded|collected|won|lost)(?: \[([^\]]+)\])?(.*))"),
    "*** ": re.compile(r"\*\*\* ([A-Z -]+) \*\*\*(.*)"),
    "Deal": re.compile(r"Dealt to (.+?) \[([^\]]+)\]"),
    "Unca": re.compile(r"Uncalled bet \(([^)]+)\) returned to (.+)"),
    "Tota": re.compile(r"Total pot (\S+)(?: \| Rake (\S+))?(.*)"),
    "Boar": re.compile(r"Board \[([^\]]+)\]"),
    "No l": re.compile(r"No low hand qualified"),
}
#: a player's line (any other start): an act after "NAME: ", else "NAME collected ..."
FLOOR_ACT = re.compile(
    r"(.+?): (posts small blind|posts big blind|posts small & big blinds|posts the ante|folds"
    r"|checks|calls|bets|raises|shows|mucks hand|doesn't show hand)"
    rf"(?: ({_AMT}))?(?: to ({_AMT}))?(?: \[([^\]]+)\])?(.*)"
)
FLOOR_OTHER = re.compile(
    rf"(.+?) (?:collected ({_AMT}) from (.+)|(finished the tournament|wins the tournament"
    r"|re-buys|said,)(.*))"
)


def floor(folder: Path) -> tuple[int, float]:
    """(hands, seconds) to read and split the files and match every line, one process.

    The least any importer of these files does: the files read and split into hands
    by the import's own reader (:func:`hhtools.ingest.read.read_sources`), then each
    line of each hand matched once, in one pass, by one anchored pattern that captures
    all its fields: the one its first four characters choose (:data:`FLOOR_BY_START`),
    else (and when that one fails: a player named "Total: pot") a player's act
    (:data:`FLOOR_ACT`) or another player line (:data:`FLOOR_OTHER`). No records, no
    audit, no database; wall seconds.
    """
    t0 = time.perf_counter()
    hands = 0
    by_start = FLOOR_BY_START.get
    act, other = FLOOR_ACT.match, FLOOR_OTHER.match
    for read in read_sources([folder]):
        if isinstance(read, Problem):
            continue
        for ht in read.hands():
            hands += 1
            for line in ht.text.split("\n"):
                pattern = by_start(line[:4])
                if pattern is None or pattern.match(line) is None:
                    act(line) or other(line)
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


def run_import(folder: Path, db: Path, workers: int, audit: bool,
               pythonpath: str | None = None) -> dict[str, Any]:  # fmt: skip
    """Run ``hhtools import`` in a child; wall, peak tree RSS, CPU of main and workers
    (``pythonpath``: import an older copy of hhtools)."""
    for suffix in ("", ".wal"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    cmd = [sys.executable, "-m", "hhtools", "import", str(folder), "--db", str(db), "-q",
           "--workers", str(workers)]  # fmt: skip
    if not audit:
        cmd.append("--no-audit")
    start = time.perf_counter()
    # the tree imported: ``pythonpath``, else this one; run from the database's folder,
    # not from a checkout (``-m`` puts the working folder first on the path, so run from
    # this checkout every run would import this tree, whatever ``PYTHONPATH`` says)
    env = {**os.environ, "PYTHONPATH": pythonpath or str(Path(__file__).resolve().parents[1])}
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=env, cwd=str(Path(db).resolve().parent))  # fmt: skip
    peak = 0
    cpu: dict[int, float] = {}
    # (seconds since start, tree RSS, main's RSS, main's anonymous RSS, workers' RSS,
    # tree PSS, main's PSS, workers' PSS) KiB
    samples: list[tuple[float, int, int, int, int, int, int, int]] = []
    one_worker = 0  # the most any one of the other processes held
    main_pss = others_pss = 0
    while proc.poll() is None:
        pids = _tree(proc.pid)
        main_rss, main_anon = _rss_split(proc.pid)
        others = [_rss_kib(p) for p in pids if p != proc.pid]
        rss = main_rss + sum(others)
        peak = max(peak, rss)
        one_worker = max([one_worker, *others])
        if len(samples) % 5 == 0:  # every 0.5 s: the kernel walks each page table for it
            main_pss = _pss_kib(proc.pid)
            others_pss = sum(_pss_kib(p) for p in pids if p != proc.pid)
        samples.append((time.perf_counter() - start, rss, main_rss, main_anon, sum(others),
                        main_pss + others_pss, main_pss, others_pss))  # fmt: skip
        for p in pids:
            cpu[p] = max(cpu.get(p, 0.0), _cpu_seconds(p))
        time.sleep(0.1)
    wall = time.perf_counter() - start
    out = proc.stdout.read() if proc.stdout else ""
    if proc.returncode != 0:
        raise SystemExit(f"import failed ({proc.returncode}):\n{out}")
    main_cpu = cpu.pop(proc.pid, 0.0)

    def quarters(col: int) -> list[float]:
        return [max((s[col] for s in samples if q * wall / 4 <= s[0] < (q + 1) * wall / 4),
                    default=0) / 1024 for q in range(4)]  # fmt: skip

    def top(col: int) -> float:
        return max((s[col] for s in samples), default=0) / 1024

    return {"wall": wall, "peak_mib": peak / 1024, "main_cpu": main_cpu,
            "worker_cpu": sum(cpu.values()), "quarters_mib": quarters(1),
            "main_mib": top(2), "main_anon_mib": top(3), "workers_mib": top(4),
            "one_worker_mib": one_worker / 1024, "main_quarters_mib": quarters(2),
            "workers_quarters_mib": quarters(4), "pss_mib": top(5),
            "pss_quarters_mib": quarters(5), "main_pss_mib": top(6),
            "workers_pss_mib": top(7)}  # fmt: skip


def _rss_split(pid: int) -> tuple[int, int]:
    """(resident, anonymous resident) KiB of one process (0, 0 when it is gone): the
    anonymous part is its heaps (Python's, DuckDB's buffers, Arrow's), the rest the
    files it maps (libraries, and pages shared with the process it was forked from)."""
    rss, anon = _proc_kib(pid, "status", ("VmRSS:", "RssAnon:"))
    return rss, anon


def _pss_kib(pid: int) -> int:
    """Proportional set size of one process, KiB (0 when it is gone or the kernel has no
    ``smaps_rollup``): its resident pages, each shared page divided among the processes
    sharing it, so summed over the tree it counts the forked workers' copy-on-write
    pages and the libraries once, where RSS summed counts them in each process."""
    return _proc_kib(pid, "smaps_rollup", ("Pss:",))[0]


def _proc_kib(pid: int, name: str, keys: tuple[str, ...]) -> list[int]:
    """The KiB of each of ``keys`` in ``/proc/PID/name`` (0 for one not found)."""
    got = dict.fromkeys(keys, 0)
    try:
        text = Path(f"/proc/{pid}/{name}").read_text()
    except OSError:
        return list(got.values())
    for line in text.splitlines():
        key = line.split(maxsplit=1)[0] if line else ""
        if key in got:
            got[key] = int(line.split()[1])
    return list(got.values())


# --------------------------------------------------------------------------- stages


def stages(folder: Path, limit: int) -> dict[str, float]:
    """Microseconds of CPU per hand of each stage over the first ``limit`` hands.

    Timed as an import's worker runs them: the cyclic garbage collector off
    (:func:`hhtools.store.pipeline.start_worker`; with it on, a full collection over
    every hand kept here lands in whichever stage it falls in, 140-155 ms each) and the
    audit a chunk of :data:`~hhtools.store.pipeline.CHUNK_HANDS` hands at a time
    (:func:`hhtools.audit.audit_hands`)."""
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        return _stages(folder, limit)
    finally:
        gc.unfreeze()
        gc.enable()


def _audit_chunks(hands: list[Any]) -> list[Any]:
    """The audits of ``hands``, a chunk of the import's size at a time."""
    out: list[Any] = []
    for i in range(0, len(hands), CHUNK_HANDS):
        out.extend(audit_hands(hands[i : i + CHUNK_HANDS]))
    return out


def _stages(folder: Path, limit: int) -> dict[str, float]:
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
    results_sd = _audit_chunks(showdown)
    audit_sd = clock() - t0
    t0 = clock()
    results_q = _audit_chunks(quiet)
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


def _optional(name: str) -> Any:
    """A benchmark module of this folder, or ``None`` when it is not there."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _sec(seconds: float | None) -> str:
    """Seconds as printed; a command stopped at its time limit has none."""
    return "stopped (time limit)" if seconds is None else f"{seconds:.1f} s"


def _print_stages(title: str, got: dict[str, Any]) -> None:
    print(title)
    for name, value in got.items():
        if name == "showdown share":
            print(f"    {name:28} {value:8.2f}")
        elif isinstance(value, (int, float)):
            rate = f"{1e6 / value:10,.0f} hands/s" if value and name != "hands" else ""
            print(f"    {name:28} {value:8,.0f}  {rate}")
        else:
            print(f"    {name:28} {value}")


def _print_import(label: str, got: dict[str, Any], hands: int, floor_s: float,
                  start_cpu: float | None = None) -> None:  # fmt: skip
    wall = got["wall"]
    busy = (got["main_cpu"] + got["worker_cpu"]) / wall
    print(f"import {label:16}: {wall:6.1f} s  {hands / wall:8,.0f} hands/s"
          f"  {wall / floor_s:4.1f}x the floor  peak tree RSS {got['peak_mib']:,.0f} MiB")
    print(f"    CPU: main process {got['main_cpu']:6.1f} s "
          f"({got['main_cpu'] / hands * 1e6:4.0f} us/hand), workers {got['worker_cpu']:6.1f} s "
          f"({got['worker_cpu'] / hands * 1e6:4.0f} us/hand); cores busy {busy:.2f}")  # fmt: skip
    quarters = got.get("quarters_mib")
    if quarters:
        print("    peak tree RSS in each quarter of the run: "
              + " / ".join(f"{q:,.0f}" for q in quarters) + " MiB")  # fmt: skip
    if "main_mib" in got:
        print(f"    peak RSS by process: main {got['main_mib']:,.0f} MiB (anonymous "
              f"{got['main_anon_mib']:,.0f}), workers together {got['workers_mib']:,.0f}, "
              f"one worker at most {got['one_worker_mib']:,.0f}")  # fmt: skip
        for kind in ("main", "workers"):
            print(f"    peak {kind} RSS in each quarter: "
                  + " / ".join(f"{q:,.0f}" for q in got[f"{kind}_quarters_mib"]) + " MiB")
    if got.get("pss_mib"):
        print(f"    peak tree PSS (shared pages counted once) {got['pss_mib']:,.0f} MiB: "
              f"main {got['main_pss_mib']:,.0f}, workers together "
              f"{got['workers_pss_mib']:,.0f}; in each quarter of the run: "
              + " / ".join(f"{q:,.0f}" for q in got["pss_quarters_mib"]) + " MiB")  # fmt: skip
    if start_cpu is not None:
        beyond = got["main_cpu"] - start_cpu
        print(f"    main process beyond its start-up ({start_cpu:.1f} s, an import of one "
              f"hand): {beyond:6.1f} s ({beyond / hands * 1e6:4.0f} us/hand)")  # fmt: skip


#: one PokerStars hand: what :func:`start_up` imports
ONE_HAND = Path(__file__).resolve().parent.parent / "tests/fixtures/pokerstars/uncalled_excess_no_return_line.txt"


def start_up(db: Path, workers: int, audit: bool, pythonpath: str | None = None) -> float:
    """CPU seconds of the main process of an import of one hand: its start-up (Python,
    hhtools and its libraries imported, workers forked, the store created, closed), the
    part of the main process that does not grow with the hands."""
    with tempfile.TemporaryDirectory() as one:
        shutil.copy(ONE_HAND, one)
        got = run_import(Path(one), db, workers, audit, pythonpath=pythonpath)
    for suffix in ("", ".wal"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    return got["main_cpu"]


def run_order(codes: list[str], rounds: int) -> list[str]:
    """The order of ``rounds`` rounds of imports of ``codes`` (each tree once a round):
    the order reversed every other round, so that over two rounds each tree runs first
    and last once (``["b", "a"], 2`` -> ``["b", "a", "a", "b"]``)."""
    out: list[str] = []
    for r in range(rounds):
        out += codes if r % 2 == 0 else codes[::-1]
    return out


def _print_medians(label: str, runs: list[dict[str, Any]], hands: int, floor_s: float) -> None:
    """One tree's median over its runs: wall, hands/s, the floor's ratio, CPU a hand."""
    wall = statistics.median(g["wall"] for g in runs)
    main_us = statistics.median(g["main_cpu"] for g in runs) / hands * 1e6
    work_us = statistics.median(g["worker_cpu"] for g in runs) / hands * 1e6
    print(f"median of {len(runs)} {label:13}: {wall:6.1f} s  {hands / wall:8,.0f} hands/s  "
          f"{wall / floor_s:4.1f}x the floor; CPU main {main_us:4.0f} us/hand, workers "
          f"{work_us:4.0f}; walls " + " / ".join(f"{g['wall']:.1f}" for g in runs))  # fmt: skip


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
    ap.add_argument("--before", default=None, help="an older copy of hhtools to run beside")
    ap.add_argument("--no-paths", action="store_true", help="stages in this process only")
    ap.add_argument("--no-stages", action="store_true", help="no stages at all")
    ap.add_argument("--no-ev", action="store_true", help="skip hhtools ev")
    ap.add_argument("--no-report", action="store_true", help="skip report, stats and views")
    ap.add_argument("--rounds", type=int, default=1,
                    help="imports of each tree, the order reversed each round")
    ap.add_argument("--pause", type=float, default=5.0,
                    help="seconds to rest after syncing, before each import")
    args = ap.parse_args()

    folder = generate(args.hands, args.files, args.seed, args.work)
    size = sum(p.stat().st_size for p in folder.rglob("*.txt"))
    print(f"{args.hands:,} generated hands in {args.files} file(s), {size / 2**20:,.0f} MiB: "
          f"{folder}")  # fmt: skip
    cpu0 = time.process_time()
    hands, floor_s = floor(folder)
    floor_cpu = time.process_time() - cpu0
    print(f"floor (read, split, match every line; 1 process): {floor_s:6.1f} s  "
          f"{hands / floor_s:8,.0f} hands/s (CPU {floor_cpu / hands * 1e6:,.0f} us/hand, "
          f"{hands / floor_cpu:,.0f} hands/s of CPU)")  # fmt: skip
    db = args.keep_db or args.work / "speed.duckdb"
    # each tree's child runs its own hhtools and grammars (an editable venv maps
    # hhtools.grammars to its own checkout whatever PYTHONPATH says: _trees)
    if args.before:
        print(f"before: {args.before}: {ensure_tree(Path(args.before), link=True)}")
    here = Path(__file__).resolve().parents[1]
    print(f"{'after' if args.before else 'this tree'}: {here}: {ensure_tree(here)}")
    for run in [r.strip() for r in args.runs.split(",") if r.strip()]:
        workers = 1 if run == "j1" else args.workers
        trees: dict[str, str | None] = {"": None}
        if args.before:
            trees = {"before": args.before, "after": None}
        got_by: dict[str, list[dict[str, Any]]] = {code: [] for code in trees}
        for n, code in enumerate(run_order(list(trees), args.rounds)):
            path = trees[code]
            target = db if path is None else db.with_name(db.stem + "-before.duckdb")
            audit = run != "no-audit"
            os.sync()  # the last import's database written back before this one starts
            time.sleep(args.pause)
            start = start_up(target.with_name(target.stem + "-empty.duckdb"), workers, audit,
                             pythonpath=path)  # fmt: skip
            got = run_import(folder, target, workers, audit=audit, pythonpath=path)
            got_by[code].append(got)
            label = f"{run} {code} j{workers}".strip()
            _print_import(label if args.rounds == 1 else f"{label} #{n + 1}", got, hands,
                          floor_s, start)  # fmt: skip
        if args.rounds > 1:
            for code, runs in got_by.items():
                _print_medians(f"{run} {code}".strip(), runs, hands, floor_s)
    if not args.no_stages:
        paths = None if args.no_paths else _optional("bench_paths")
        if paths is None:
            if not args.no_paths:
                print("\ncompiled core: not built (no benchmarks/bench_paths.py)")
            _print_stages(f"\nstages, us of CPU per hand and hands/s of one core "
                          f"(first {args.stage_hands:,} hands):", stages(folder, args.stage_hands))
        else:
            for name, got in paths.stages_both(folder, args.stage_hands).items():
                _print_stages(f"\nstages on the {name} path, us of CPU per hand "
                              f"(first {args.stage_hands:,} hands):", got)
    ev = None if args.no_ev else _optional("bench_ev_speed")
    if ev is not None:
        got = ev.measure(db, workers=args.workers)
        print(f"\nev: {got.get('all_in_hands', 0):,.0f} all-in hands in "
              f"{got.get('seconds', 0):.1f} s, {got.get('hands_per_s', 0):,.0f} hands/s")
    elif not args.no_ev:
        print("\nev: no benchmarks/bench_ev_speed.py")
    report = None if args.no_report else _optional("bench_report_speed")
    if report is not None:
        got = report.measure(db)
        print(f"\nreport: HTML {_sec(got.get('html_seconds'))}, page "
              f"{got.get('page_bytes', 0):,} bytes (+{got.get('files_bytes', 0):,} beside it); "
              f"table {_sec(got.get('table_seconds'))}")  # fmt: skip
        for by, sec in (got.get("stats_seconds") or {}).items():
            print(f"    stats --by {by:12} {_sec(sec)}")
        for view, sec in (got.get("view_seconds") or {}).items():
            print(f"    view {view:18} {_sec(sec)}")
    elif not args.no_report:
        print("\nreport: no benchmarks/bench_report_speed.py")


if __name__ == "__main__":
    main()
