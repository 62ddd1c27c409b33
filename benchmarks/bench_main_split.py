"""The import's main process alone, its CPU per hand split by part (issue "Speed", item 2;
not a timed test).

    .venv/bin/python benchmarks/bench_main_split.py DATA [--before TREE] [--rounds 2]
        [--cache DIR] [--pure] [--set MODULE.NAME=INT] [--before-set MODULE.NAME=INT]

The workers' results are worked out once per tree and cached (one file per tree's
folder and data under ``--cache``; remove it when the workers' output changes), so the main process is measured alone: each round runs, in a
child process per tree (``PYTHONPATH`` = the tree), an import of ``DATA`` into a fresh
database with one process, its worker tasks answered from the cache (each answer written
to a file and landed from it, as a worker's answer reaches the main process). The parts
are the CPU time of the whole process (``time.process_time``: DuckDB's threads too)
spent inside each wrapped function, less the wrapped functions it called (exclusive
time):

* ``receive``: landing the workers' answers (:func:`hhtools.store.transport.land`: the
  file a worker wrote mapped and its tables read in place; the cache's answers are
  written to such files first, as a worker ships them, which is not counted);
* ``append <table>``: :func:`hhtools.store.db.append_arrow` per table (the kept
  ``hand_summary`` and the cubes' sums included);
* ``append other``: the rest of ``Committer._append_hands`` (concatenating, the
  duplicates' filter, the players of the seats, counts);
* ``known``: the hashes of the run's hands (:class:`~hhtools.store.known.KnownHands`);
* ``cube sums``: summing the cubes' rows per key once per transaction;
* ``commit``, ``checkpoint``, ``begin``: those statements;
* ``sessions``, ``report_cube``, ``summary``: the run's end (kept tables' refresh);
* ``line_cuts``: the cuts (and digest) of files over ``RANGE_BYTES``;
* ``open``: the importer made (the store opened or created, its hands' hashes read);
  ``close``: the store closed (a checkpoint when anything is left to write);
* ``other``: the rest of the run (walking the paths, handing out tasks, counting).

Each tree's parts are printed in microseconds per hand, the best (least) of the rounds
per part and the total of the round with the least total; rounds interleave the trees.
Also the main process's resident memory: its peak, the most seen at a commit in each
quarter of the run's commits (after it), the most seen just before one, and after each of
the run's end steps (sessions, report cube, summary; with the peak so far). ``--pure`` sets ``HHTOOLS_PURE=1`` in the children;
``--set`` an integer constant of a module in the after tree's children (``--before-set``
the before tree's), to compare settings (the same tree may be given as both).
What the real import's main process adds: Python's start-up and the worker pool (about
1.6 CPU-s, ``bench_speed.py`` prints it), and the pool's small messages through its pipes.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import os
import pickle
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[1]


# --------------------------------------------------------------------------- the child


class Meter:
    """Exclusive CPU time (``time.process_time``) per label of the wrapped calls."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = {}
        self.calls: dict[str, int] = {}
        self._stack: list[list[float]] = []  # [start, children's time]

    def enter(self) -> None:
        self._stack.append([time.process_time(), 0.0])

    def leave(self, label: str) -> None:
        start, inner = self._stack.pop()
        took = time.process_time() - start
        self.spent[label] = self.spent.get(label, 0.0) + took - inner
        self.calls[label] = self.calls.get(label, 0) + 1
        if self._stack:
            self._stack[-1][1] += took

    def wrap(self, owner: Any, name: str, label: str | Callable[..., str]) -> None:
        """Wrap ``owner.name`` (a function or method) when it exists."""
        fn = getattr(owner, name, None)
        if fn is None:
            return
        meter = self

        def wrapped(*args: Any, **kwargs: Any) -> Any:
            meter.enter()
            try:
                return fn(*args, **kwargs)
            finally:
                meter.leave(label(*args, **kwargs) if callable(label) else label)

        setattr(owner, name, wrapped)

    def wrap_gen(self, owner: Any, name: str, label: str) -> None:
        """Wrap a generator function: the time of each step is the label's."""
        fn = getattr(owner, name, None)
        if fn is None:
            return
        meter = self

        def wrapped(*args: Any, **kwargs: Any) -> Iterator[Any]:
            meter.enter()
            gen = fn(*args, **kwargs)
            meter.leave(label)
            while True:
                meter.enter()
                try:
                    item = next(gen)
                except StopIteration:
                    return
                finally:
                    meter.leave(label)
                yield item

        setattr(owner, name, wrapped)


def _statement(_self: Any, sql: str) -> str:
    word = sql.split()[0].lower()
    return word if word in ("commit", "checkpoint", "begin") else "statement"


def _append_label(_con: Any, table: str, *_: Any, **__: Any) -> str:
    return f"append {table}"


def make_cache(data: str, cache: Path) -> None:
    """Work out every worker task of an import of ``data`` in this process and write
    the answers, in task order, to ``cache``: each as the bytes a worker sends (a
    pickle), itself pickled after the one before, so the measure reads one at a time."""
    from hhtools.store import importer as imp

    with tempfile.TemporaryDirectory() as tmp, open(cache, "wb") as out:
        im = imp.Importer(Path(tmp) / "cache.duckdb", workers=1)
        try:
            for task in im._tasks([data]):
                pickle.dump(pickle.dumps(imp.run_task(task), protocol=pickle.HIGHEST_PROTOCOL),
                            out, protocol=pickle.HIGHEST_PROTOCOL)  # fmt: skip
        finally:
            im.close()


def _answers(cache: Path) -> Iterator[bytes]:
    with open(cache, "rb") as src:
        while True:
            try:
                yield pickle.load(src)
            except EOFError:
                return


def _rss_mib() -> float:
    """This process's resident memory now, MiB."""
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def measure(data: str, cache: Path, db: Path) -> dict[str, Any]:
    """One import of ``data`` into ``db`` with the workers' answers from ``cache``."""
    import pyarrow as pa

    from hhtools.store import db as store
    from hhtools.store import import_commit, importer as imp, pipeline, transport
    from hhtools.store.known import KnownHands

    answers = _answers(cache)
    meter = Meter()
    rss: list[float] = []
    looks: list[tuple[float, ...]] = []  # RSS and Arrow's memory before and after a commit

    shipped = tempfile.mkdtemp(prefix="bench-main-split-")  # the answers' files, as a run's

    def cached(task: Any) -> Any:
        meter.enter()
        # read from the cache and written to a file as a worker ships it: not the main
        # process's work
        got = pickle.loads(next(answers))
        done = got[2]
        work = done.work if isinstance(done, pipeline.PieceResult) else done
        work = transport.ship(work, shipped) if isinstance(work, pipeline.WorkResult) else None
        meter.leave("cache")
        meter.enter()
        try:
            if work is not None:  # mapped and read in place, as the import lands an answer
                transport.land(work)
        finally:
            meter.leave("receive")
        assert got[:2] == task[:2], "the cache is of other tasks: remove it"
        return got

    imp.run_task = cached
    meter.wrap(store, "append_arrow", _append_label)
    committer = import_commit.Committer
    meter.wrap(committer, "_append_hands", "append other")
    meter.wrap(committer, "_append_kept", "append other")
    meter.wrap(committer, "_append_sums", "cube sums")
    meter.wrap(committer, "_execute", _statement)
    commit = committer._commit

    def commit_and_look(self: Any) -> None:
        before = (_rss_mib(), pa.total_allocated_bytes() / 2**20)
        commit(self)
        rss.append(_rss_mib())
        looks.append((*before, rss[-1], pa.total_allocated_bytes() / 2**20))

    committer._commit = commit_and_look
    for name in ("hash_of", "maybe_stored", "add", "stored_digests"):
        meter.wrap(KnownHands, name, "known")
    ends: list[tuple[str, float, float]] = []  # the run's end steps: (step, RSS after, peak so far)

    def looked(name: str) -> None:
        fn = getattr(imp, name)

        def wrapped(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            finally:
                ends.append((name, _rss_mib(),
                             resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024))

        setattr(imp, name, wrapped)

    for name in ("refresh_sessions", "refresh_report_cube", "refresh_summary"):
        looked(name)
    meter.wrap(imp, "refresh_sessions", "sessions")
    meter.wrap(imp, "refresh_report_cube", "report_cube")
    meter.wrap(imp, "refresh_summary", "summary")
    meter.wrap_gen(imp, "line_cuts", "line_cuts")
    for suffix in ("", ".wal"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    cpu0 = time.process_time()
    wall0 = time.perf_counter()
    meter.enter()
    im = imp.Importer(db, workers=1)
    meter.leave("open")
    meter.enter()
    try:
        summary = im.run([data])
    finally:
        meter.leave("other")
        meter.enter()
        im.close()
        meter.leave("close")
        transport.remove(shipped)
    total = time.process_time() - cpu0 - meter.spent.pop("cache", 0.0)
    peak_at_commits = max((b for b, *_ in looks), default=0.0)
    return {"hands": summary.hands, "total": total, "wall": time.perf_counter() - wall0,
            "parts": meter.spent, "calls": meter.calls, "rss_mib": rss, "looks": looks,
            "ends": ends, "before_commits_mib": peak_at_commits,
            "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}  # fmt: skip


# --------------------------------------------------------------------------- the parent


def _child(tree: str, args: list[str], pure: bool, sets: list[str] = ()) -> dict[str, Any]:
    args = [*args, *(f"--set={s}" for s in sets)]
    env = {**os.environ, "PYTHONPATH": tree}
    if pure:
        env["HHTOOLS_PURE"] = "1"
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), *args], env=env,
                         cwd=tempfile.gettempdir(), check=True, capture_output=True,
                         text=True).stdout  # fmt: skip
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    """Parse the arguments; run the children (or be one) and print the split."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("data", help="histories to import (a folder)")
    ap.add_argument("--before", default=None, help="an older copy of hhtools to run beside")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "hhtools-split")
    ap.add_argument("--pure", action="store_true", help="HHTOOLS_PURE=1 in the children")
    ap.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=INT",
                    help="set a module's integer constant in the children (to compare "
                         "settings, e.g. hhtools.store.import_commit.COMMIT_HANDS=100000; "
                         "with --before, in the after tree's only)")
    ap.add_argument("--before-set", action="append", default=[], metavar="MODULE.NAME=INT",
                    help="the same in the before tree's children")
    ap.add_argument("--child", choices=("cache", "measure"), help=argparse.SUPPRESS)
    ap.add_argument("--file", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child == "cache":
        make_cache(args.data, args.file)
        print(json.dumps({}))
        return
    for item in args.set:
        where, value = item.split("=")
        module, name = where.rsplit(".", 1)
        setattr(importlib.import_module(module), name, int(value))
    if args.child == "measure":
        with tempfile.TemporaryDirectory() as tmp:
            print(json.dumps(measure(args.data, args.file, Path(tmp) / "split.duckdb")))
        return
    trees = [("before", args.before), ("after", str(HERE))] if args.before else [("now", str(HERE))]
    args.cache.mkdir(parents=True, exist_ok=True)
    caches = {}
    for label, tree in trees:
        tag = hashlib.sha256(tree.encode()).hexdigest()[:8]
        key = f"{Path(args.data).name}-{tag}{'-pure' if args.pure else ''}.pickle"
        caches[label] = args.cache / key
        if not caches[label].exists():
            start = time.perf_counter()
            _child(tree, [args.data, "--child", "cache", "--file", str(caches[label])], args.pure)
            print(f"{label}: workers' answers cached in {time.perf_counter() - start:.0f} s "
                  f"-> {caches[label]}", flush=True)  # fmt: skip
    got: dict[str, list[dict[str, Any]]] = {label: [] for label, _ in trees}
    for r in range(args.rounds):
        for label, tree in trees:
            run = _child(tree, [args.data, "--child", "measure", "--file", str(caches[label])],
                         args.pure, args.before_set if label == "before" else args.set)
            got[label].append(run)
            print(f"round {r + 1} {label}: {run['hands']:,} hands, main CPU {run['total']:.2f} s "
                  f"({run['total'] / run['hands'] * 1e6:.1f} us/hand), wall {run['wall']:.2f} s, "
                  f"load {os.getloadavg()[0]:.1f}", flush=True)  # fmt: skip
    _print(got)


def _print(got: dict[str, list[dict[str, Any]]]) -> None:
    labels = list(got)
    print("\nmain-process resident memory, MiB: peak, and the most at a commit in each "
          "quarter of the run's commits")
    for label, runs in got.items():
        for run in runs:
            rss = run["rss_mib"]
            quarters = [max(rss[q * len(rss) // 4:(q + 1) * len(rss) // 4] or [0])
                        for q in range(4)]  # fmt: skip
            print(f"  {label:8} peak {run['peak_mib']:6.0f}; at commits "
                  + " / ".join(f"{q:.0f}" for q in quarters) + f" ({len(rss)} commits)"
                  + (f"; most just before a commit {run['before_commits_mib']:.0f}; after the "
                     "run's end steps " + ", ".join(f"{n.removeprefix('refresh_')} {r:.0f} "
                                                    f"(peak {p:.0f})" for n, r, p in run["ends"])
                     if "ends" in run else ""))  # fmt: skip
    parts = sorted({p for runs in got.values() for run in runs for p in run["parts"]},
                   key=lambda p: -max(run["parts"].get(p, 0) for runs in got.values()
                                      for run in runs))  # fmt: skip
    print("\nmain-process CPU, us per hand (least of the rounds per part; process_time, "
          "DuckDB's threads included)")
    print(f"{'part':24}" + "".join(f"{label:>12}" for label in labels))
    best = {label: min(runs, key=lambda r: r["total"]) for label, runs in got.items()}
    print(f"{'total':24}" + "".join(
        f"{best[l]['total'] / best[l]['hands'] * 1e6:12.1f}" for l in labels))  # fmt: skip
    for part in parts:
        cells = []
        for label in labels:
            runs = got[label]
            vals = [r["parts"].get(part) for r in runs]
            cells.append("-" if all(v is None for v in vals) else
                         f"{min(v or 0 for v in vals) / runs[0]['hands'] * 1e6:.1f}")  # fmt: skip
        print(f"{part:24}" + "".join(f"{c:>12}" for c in cells))


if __name__ == "__main__":
    main()
